"""The board: placed tiles, the open cells and the river (R-G1–R-G6, R-T9).

:class:`Board` is immutable.  Placing a tile returns a new board that copies
only the small per-cell tables and shares everything else; the set of open
cells is kept incrementally, each with the *edge constraint* its placed
neighbours impose, so finding where a tile fits never scans the whole board.
A loader that replays a whole board grows one board in place instead
(:meth:`Board.growing`), so that its time grows with the board, not with its square.

Which rotations of a tile fit an open cell, what placing a tile writes and why a
placement is refused are worked out per layout in :mod:`~carcassonne_amazonas.rules._fits`
(its placement plans are shared with this module).
"""

from __future__ import annotations

from collections.abc import Iterator, KeysView, ValuesView

import attrs

from .._support.reprs import repr_pretty
from .._support.tables import OwnedDict
from .._support.wording import plural
from ..tiles.geometry import (
    KEY_DELTAS,
    KEY_STRIDE,
    Position,
    Rotation,
    Side,
    cell_key,
    in_range,
    position_of_key,
)
from ..tiles.layout import Terrain, TileKind, Variant, VariantCell
from ..tiles.tileset import Tile
from ._fits import _PLANS, PlacementProblem, _layout_plans, fit_table

__all__ = ["Board", "Contact", "Placement", "PlacementProblem"]

_HALF_STRIDE = KEY_STRIDE // 2


@attrs.frozen(slots=True)
class Placement:
    """A tile lying on the board: which copy, its anchor cell and its rotation.

    The anchor is the top-left cell of the tile's footprint (its upstream cell
    for double tiles).
    """

    tile: Tile
    position: Position
    rotation: Rotation

    @property
    def variant(self) -> Variant:
        """The tile's layout as turned on the board."""
        return self.tile.layout.variant(self.rotation)

    @property
    def cells(self) -> tuple[Position, ...]:
        """Every cell the tile covers."""
        return tuple(Position(self.position.x + c.dx, self.position.y + c.dy)
                     for c in self.variant.cells)

    _repr_pretty_ = repr_pretty


@attrs.frozen(slots=True, eq=False, repr=False)
class Board:
    """Immutable board.  Equal boards hold the same placements in the same order.

    ``river_column`` and ``river_end_row`` locate the Amazon (R-G1, R-G2):
    standard tiles may go in rows up to ``river_end_row``; the next river tile
    goes in ``(river_column, river_end_row + 1)``.
    """

    placements: tuple[Placement, ...]
    river_column: int
    river_end_row: int
    # cell key -> (placement index, the placed cell's edges and ports, the side pattern of
    # each of its sides, see _fits.side_pattern)
    _cells: dict[int, _Cell] = attrs.field(repr=False, alias="cells")
    # empty cell key next to a tile -> packed constraint of its neighbours' edges
    _open: dict[int, int] = attrs.field(repr=False, alias="open_cells")
    # where the last placed tile touches older ones (see contacts)
    _contacts: tuple[Contact, ...] = attrs.field(default=(), repr=False, alias="contacts")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and other.placements == self.placements

    def __hash__(self) -> int:
        return hash(self.placements)

    def __repr__(self) -> str:
        return (f"<Board: {plural(len(self.placements), 'tile')}, river column "
                f"{self.river_column}, river end row {self.river_end_row}>")

    _repr_pretty_ = repr_pretty

    @classmethod
    def empty(cls) -> Board:
        """A board without tiles, not even the start tile (nothing can be placed on it but
        the start tile, through :meth:`place`)."""
        return cls((), 0, 0, {}, {})

    @classmethod
    def with_start_tile(cls, start: Tile) -> Board:
        """The board at setup: the start tile with its top-left cell at (0, 0) (R-C5)."""
        board, _ = cls.empty().place(start, Rotation.R0, 0)
        mouth = next(c for c in board.placements[0].variant.cells if c.edges[Side.SOUTH] == 4)
        return cls(board.placements, mouth.dx, start.layout.height - 1, board._cells, board._open)

    @classmethod
    def growing(cls, start: Tile) -> Board:
        """The board at setup (R-C5), for a loader that replays a whole board (R-G2–R-G6):
        :meth:`place` updates its per-cell tables in place instead of copying them, so
        each placement costs time in proportion to the tile, not to the board.  The boards
        it returns share the tables, so only the last one is right; the caller checks each
        placement on it with :meth:`placement_problem` first, as the engine does, and
        :meth:`settled` gives the finished board as an ordinary one."""
        board = cls.with_start_tile(start)
        return cls(board.placements, board.river_column, board.river_end_row,
                   OwnedDict(board._cells), OwnedDict(board._open))

    def settled(self) -> Board:
        """This board with tables of its own, which later placements copy and the boards
        grown on after it leave as they are (the end of :meth:`growing`, R-G2–R-G6; an
        ordinary board comes back as it is)."""
        if type(self._cells) is dict:
            return self
        return Board(self.placements, self.river_column, self.river_end_row, dict(self._cells),
                     dict(self._open), self._contacts)

    # -- queries ---------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.placements)

    def __iter__(self) -> Iterator[Placement]:
        return iter(self.placements)

    def placement_at(self, position: Position) -> Placement | None:
        """The tile covering ``position``, or None."""
        if not in_range(position):
            return None
        entry = self._cells.get(cell_key(position.x, position.y))
        return None if entry is None else self.placements[entry[0]]

    def placement_index_at(self, position: Position) -> int | None:
        """The index in ``placements`` of the tile covering ``position``, or None."""
        if not in_range(position):
            return None
        entry = self._cells.get(cell_key(position.x, position.y))
        return None if entry is None else entry[0]

    def is_open(self, position: Position) -> bool:
        """True if ``position`` is empty and touches a placed tile along an edge."""
        return in_range(position) and cell_key(position.x, position.y) in self._open

    @property
    def open_positions(self) -> tuple[Position, ...]:
        """Every empty cell next to a tile, row by row (standard tiles may use those
        not downstream of the river end, R-G2)."""
        return tuple(position_of_key(k) for k in sorted(self._open))

    @property
    def next_river_position(self) -> Position:
        """Where the next Amazon tile goes: just downstream of the river end (R-G6)."""
        return Position(self.river_column, self.river_end_row + 1)

    @property
    def last_standard_key(self) -> int:
        """The largest cell key a standard tile may use (R-G2: standard tiles stop at the
        river end's row).  Cell keys sort row by row (see
        :func:`~carcassonne_amazonas.tiles.geometry.cell_key`), so a cell is in a row standard
        tiles may use exactly when its key is at most this: its row is at most
        ``river_end_row``, the form :meth:`allows` checks."""
        return self.river_end_row * KEY_STRIDE + _HALF_STRIDE - 1  # cell_key, inlined

    def allows(self, tile: Tile, position: Position, rotation: Rotation) -> bool:
        """Whether ``tile`` may be placed with its anchor on ``position`` (R-G2–R-G6)."""
        fits = fit_table(tile.layout)
        if fits.river:
            return position == self.next_river_position and rotation in tile.layout.rotations
        x, y = position.x, position.y
        if not fits.standard or not (-_HALF_STRIDE < x < _HALF_STRIDE
                                     and -_HALF_STRIDE < y < _HALF_STRIDE):  # in_range
            return False
        signature = self._open.get(y * KEY_STRIDE + x)
        # R-G2 in rows, as last_standard_key states it in keys: no property call here,
        # apply_action checks every placement through this method.
        return (signature is not None and y <= self.river_end_row
                and fits[signature] >> rotation & 1 == 1)

    def placement_problem(self, tile: Tile, position: Position,
                          rotation: Rotation) -> PlacementProblem | None:
        """Why ``tile`` may not be placed with its anchor on ``position`` turned by
        ``rotation`` (R-G2–R-G6), or None when it may (exactly when :meth:`allows`).

        The one wording of an illegal placement: the engine raises it as an
        :class:`~carcassonne_amazonas.errors.IllegalActionError`, the consistency check
        of a state reports it for a placement that could not have been made.
        """
        if self.allows(tile, position, rotation):
            return None
        kind, layout = tile.kind, tile.layout
        where = f"({position})"
        if rotation not in layout.rotations:
            allowed = ", ".join(f"{r.degrees}°" for r in layout.rotations)
            return PlacementProblem(f"{_KIND_NAMES[kind]} can only be turned {allowed}, not "
                                    f"{rotation.degrees}°", "R-G5", "rotation-not-allowed")
        if kind.is_river:
            return PlacementProblem(f"{tile.name} is {_KIND_NAMES[kind]}: it goes at "
                                    f"({self.next_river_position}), just downstream of the "
                                    f"river end, not at {where}", "R-G6",
                                    "river-tile-elsewhere")
        if self.placement_at(position) is not None:
            return PlacementProblem(f"cell {where} is already covered by a tile", "R-G2",
                                    "cell-occupied")
        if not self.is_open(position):
            return PlacementProblem(f"cell {where} touches no placed tile along an edge",
                                    "R-G2", "cell-not-adjacent")
        if cell_key(position.x, position.y) > self.last_standard_key:
            return PlacementProblem(f"cell {where} is downstream of the river end (row "
                                    f"{self.river_end_row}); only river tiles extend the rows "
                                    "there", "R-G2", "downstream-of-river-end")
        required = self.required_edges(position)
        shown = layout.variant(rotation).cells[0].edges
        for side in Side:
            if required[side] and required[side] != shown[side]:
                return PlacementProblem(
                    f"edge mismatch on the {side.name.lower()} side of {where}: {tile.name} "
                    f"turned {rotation.degrees}° shows {_EDGE_NAMES[shown[side]]} there, the "
                    f"neighbour shows {_EDGE_NAMES[required[side]]}", "R-G4", "edge-mismatch")
        # Edges that match have matching ports; only a tile of no placeable kind gets here.
        return PlacementProblem(f"{tile.name} does not fit at {where} turned "
                                f"{rotation.degrees}°", "R-G4", "edge-mismatch")

    def has_room_for(self, tile: Tile) -> bool:
        """Whether ``tile`` has any legal placement (R-G6, R-G7), stopping at the first found."""
        fits = fit_table(tile.layout)
        if fits.river:
            return True
        last_key = self.last_standard_key
        # A loop, not any(): no generator frame on the hot path.
        for key, signature in self._open.items():  # noqa: SIM110
            if key <= last_key and fits[signature]:
                return True
        return False

    def required_edges(self, position: Position) -> tuple[int, int, int, int]:
        """The edge each neighbour of ``position`` shows towards it, by side (0: none)."""
        key = cell_key(position.x, position.y)
        return tuple(self._edge_towards(key, side) for side in Side)  # type: ignore[return-value]

    # -- engine internals (used by the engine module) ---------------------------------------

    def cell_entry(self, key: int) -> tuple[int, VariantCell] | None:
        """Placement index and placed cell at a cell key, or None."""
        entry = self._cells.get(key)
        return None if entry is None else (entry[0], entry[1])

    def open_items(self) -> Iterator[tuple[int, int]]:
        """(cell key, constraint signature) of every open cell."""
        return iter(self._open.items())

    def open_cells(self) -> tuple[KeysView[int], ValuesView[int]]:
        """The keys of the open cells and their constraint signatures, in the same order."""
        return self._open.keys(), self._open.values()

    def contacts(self, index: int) -> tuple[Contact, ...]:
        """Where the ``index``-th placed tile touches other tiles (R-G4): for each side of
        its cells that faces another tile, cell by cell, side by side, ``(the side's
        pattern, the facing side's pattern, the other tile's placement index)`` (see
        :func:`~carcassonne_amazonas.rules._fits.side_pattern`).  Kept from :meth:`place` for
        the last tile placed."""
        if index == len(self.placements) - 1:
            return self._contacts
        placement = self.placements[index]
        anchor_key = cell_key(placement.position.x, placement.position.y)
        found = []
        plans = _PLANS.get(placement.tile.layout) or _layout_plans(placement.tile.layout)
        plan = plans[0][placement.rotation]
        assert plan is not None
        for offset, _, sides, _ in plan:
            key = anchor_key + offset
            for side, delta, _, pattern in sides:
                entry = self._cells.get(key + delta)
                if entry is not None and entry[0] != index:
                    found.append((pattern, entry[2][(side + 2) % 4], entry[0]))
        return tuple(found)

    def _edge_towards(self, key: int, side: Side) -> int:
        entry = self._cells.get(key + KEY_DELTAS[side])
        return 0 if entry is None else entry[1].edges[(side + 2) % 4]

    def place(self, tile: Tile, rotation: Rotation, anchor_key: int) -> tuple[Board, int]:
        """A new board with ``tile`` placed; returns it and the placement's index.

        The caller has checked legality; this only records the tile, updates
        the open cells and, for river tiles, moves the river end (R-G6).
        """
        layout = tile.layout
        plans = _PLANS.get(layout)
        if plans is None:
            plans = _layout_plans(layout)
        plan = plans[0][rotation]
        assert plan is not None, "the caller checks the rotation (R-G5)"
        index = len(self.placements)
        cells = self._cells.copy()
        open_cells = self._open.copy()
        for offset, vc, _, patterns in plan:
            key = anchor_key + offset
            cells[key] = (index, vc, patterns)
            open_cells.pop(key, None)
        # Each empty neighbour's constraint gains the edge the new cell shows it (R-G4); sides
        # inside the footprint face a cell of the tile itself.
        contacts = []
        for offset, _, sides, _ in plan:
            key = anchor_key + offset
            for side, delta, contribution, pattern in sides:
                neighbour = key + delta
                entry = cells.get(neighbour)
                if entry is None:
                    open_cells[neighbour] = open_cells.get(neighbour, 0) + contribution
                elif entry[0] != index:
                    contacts.append((pattern, entry[2][side ^ 2], entry[0]))
        anchor = position_of_key(anchor_key)
        river_end_row = self.river_end_row
        if plans[1]:  # a river tile moves the river end (R-G6)
            river_end_row = anchor.y + layout.height - 1
        return Board((*self.placements, Placement(tile, anchor, rotation)), self.river_column,
                     river_end_row, cells, open_cells, tuple(contacts)), index


_KIND_NAMES = {TileKind.STANDARD: "a standard tile", TileKind.AMAZON: "an Amazon tile",
               TileKind.DOUBLE: "a double tile", TileKind.START: "the start tile"}
_EDGE_NAMES = {0: "nothing", **{t.value: t.label for t in Terrain}}

#: (side pattern, facing side pattern, the other tile's placement index): see Board.contacts
Contact = tuple[int, int, int]
_Cell = tuple[int, VariantCell, tuple[int, ...]]
