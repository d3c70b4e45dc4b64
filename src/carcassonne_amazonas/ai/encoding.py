"""A stable integer for every action, for AI frameworks (OpenSpiel, PettingZoo).

For a given tile set the actions map one-to-one onto ``0 ..
num_distinct_actions(rules) - 1`` (:data:`NUM_DISTINCT_ACTIONS` for the
reference set), in blocks:

1. ``PlaceTile``: a cell of the *board window* times 4 rotations;
2. ``PlaceMeeple`` by segment index, then ``PlaceCamp`` by segment index
   (the position is always the tile just placed, so the state supplies it);
3. ``Pass``;
4. ``ChooseDouble`` by the double tile's rank among the set's double tiles;
5. ``DrawTile`` (chance outcomes) by the tile's rank among the land tiles.

The board window bounds every cell a legal game can reach.  With ``S``
standard tiles, a ``W``×``H`` start tile and ``R`` river rows (one per Amazon
tile, plus two per double tile that "!" tiles can bring in, at most the
smaller of the two counts), a standard tile is at most ``S`` cells from the
start tile along a chain of standard tiles, cannot lie downstream of the
river end, and river tiles stay in the river column, so every cell satisfies
``-S <= x <= W - 1 + S`` and ``-S <= y <= H - 1 + R``.  For the reference set
(S = 65, W = 2, H = 4, R = 15 + 2 × 3 = 21) that is 132 × 90 cells.  The bonus
river tiles (variant R-V3) keep the window (still 3 "!" tiles) and add 2 double
tiles to block 4: 47,623 actions instead of 47,621.
"""

from __future__ import annotations

import functools

import attrs

from .._support.exact import check_exact, check_optional
from .._support.reprs import repr_pretty
from ..errors import IllegalActionError
from ..rules.actions import (
    Action,
    ChooseDouble,
    DrawTile,
    Pass,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    check_action,
)
from ..rules.options import Rules
from ..rules.state import GameState
from ..tiles.geometry import Position, Rotation
from ..tiles.layout import TileKind
from ..tiles.reference import reference_tileset
from ..tiles.tileset import TileId, TileSet

__all__ = [
    "NUM_DISTINCT_ACTIONS",
    "ActionSpace",
    "action_space",
    "decode_action",
    "encode_action",
    "legal_action_mask",
    "num_distinct_actions",
]


@attrs.frozen(slots=True, repr=False)
class ActionSpace:
    """The integer layout of one tile set's actions (see the module docstring)."""

    x_min: int
    y_min: int
    width: int
    height: int
    max_segments: int
    double_ids: tuple[TileId, ...]
    land_ids: tuple[TileId, ...]

    @property
    def tile_actions(self) -> int:
        """Size of the PlaceTile block."""
        return self.width * self.height * 4

    @property
    def meeple_base(self) -> int:
        """First PlaceMeeple index."""
        return self.tile_actions

    @property
    def camp_base(self) -> int:
        """First PlaceCamp index."""
        return self.meeple_base + self.max_segments

    @property
    def pass_index(self) -> int:
        """The index of Pass."""
        return self.camp_base + self.max_segments

    @property
    def double_base(self) -> int:
        """First ChooseDouble index."""
        return self.pass_index + 1

    @property
    def draw_base(self) -> int:
        """First DrawTile index."""
        return self.double_base + len(self.double_ids)

    @property
    def size(self) -> int:
        """How many distinct actions there are."""
        return self.draw_base + len(self.land_ids)

    def __repr__(self) -> str:
        return (f"<ActionSpace: {self.size} actions, board window of {self.width} x "
                f"{self.height} cells from ({self.x_min},{self.y_min})>")

    _repr_pretty_ = repr_pretty

    def contains(self, position: Position) -> bool:
        """Whether a cell lies inside the board window."""
        return (self.x_min <= position.x < self.x_min + self.width
                and self.y_min <= position.y < self.y_min + self.height)


@functools.lru_cache(maxsize=16)
def _space_of(tileset: TileSet) -> ActionSpace:
    standard = len(tileset.of_kind(TileKind.STANDARD))
    amazon = tileset.of_kind(TileKind.AMAZON)
    doubles = tileset.double_tiles
    exclamations = sum(1 for t in amazon if t.layout.exclamation)
    river_rows = len(amazon) + 2 * min(exclamations, len(doubles))
    start = tileset.start_tile.layout
    x_min, y_min = -standard, -standard
    x_max = start.width - 1 + standard
    y_max = start.height - 1 + river_rows
    max_segments = max(len(t.layout.segments) for t in tileset.tiles
                       if t.kind is not TileKind.START)
    return ActionSpace(x_min, y_min, x_max - x_min + 1, y_max - y_min + 1, max_segments,
                       tuple(t.id for t in doubles), tuple(t.id for t in tileset.land_tiles))


def action_space(rules: Rules | None = None) -> ActionSpace:
    """The action layout for ``rules`` (default: the reference rules); ``TypeError``
    unless ``rules`` is exactly a :class:`~carcassonne_amazonas.rules.options.Rules` or None."""
    check_optional(rules, Rules, "rules")
    return _space_of((rules or Rules()).tileset)


def num_distinct_actions(rules: Rules | None = None) -> int:
    """How many integers the actions of ``rules`` use."""
    return action_space(rules).size


#: Distinct actions of the reference tile set.
NUM_DISTINCT_ACTIONS: int = _space_of(reference_tileset()).size


def encode_action(state: GameState, action: Action) -> int:
    """The integer of ``action`` in ``state``'s game.

    Raises ``TypeError`` for a non-action (types are exact, as in
    :func:`~carcassonne_amazonas.rules.actions.check_action`) and
    :class:`~carcassonne_amazonas.errors.IllegalActionError` for an action that no integer
    stands for in this state (a cell outside the board window, a piece not on the tile just
    placed, an unknown tile).
    """
    _check_state(state)
    check_action(action)
    space = _space_of(state.rules.tileset)
    if isinstance(action, PlaceTile):
        position = action.position
        if not space.contains(position):
            raise IllegalActionError(f"cell {position} lies outside the board window",
                                     rule="R-G2", code="outside-board-window")
        cell = (position.y - space.y_min) * space.width + (position.x - space.x_min)
        return cell * 4 + int(action.rotation)
    if isinstance(action, (PlaceMeeple, PlaceCamp)):
        if action.position != state.piece_position:
            raise IllegalActionError(f"{action} is not on the tile that may take a piece",
                                     rule="R-T5", code="not-the-placed-tile")
        if not 0 <= action.segment < space.max_segments:
            raise IllegalActionError(f"segment {action.segment} is out of range",
                                     rule="R-T5", code="no-such-segment")
        base = space.meeple_base if isinstance(action, PlaceMeeple) else space.camp_base
        return base + action.segment
    if isinstance(action, Pass):
        return space.pass_index
    if isinstance(action, ChooseDouble):
        if action.tile not in space.double_ids:
            raise IllegalActionError(f"tile {action.tile} is not a double tile",
                                     rule="R-C4", code="not-a-double-tile")
        return space.double_base + space.double_ids.index(action.tile)
    if isinstance(action, DrawTile):
        if action.tile not in space.land_ids:
            raise IllegalActionError(f"tile {action.tile} is not a land tile",
                                     rule="R-C3", code="not-a-land-tile")
        return space.draw_base + space.land_ids.index(action.tile)
    raise TypeError(f"expected an action, not {type(action).__name__}")  # pragma: no cover


def _check_state(state: object) -> None:
    if type(state) is not GameState:  # inline: the hot path
        check_exact(state, GameState, "state")


def decode_action(state: GameState, index: int) -> Action:
    """The action an integer stands for in ``state`` (inverse of :func:`encode_action`).

    Piece placements take their position from the state.  Raises
    :class:`~carcassonne_amazonas.errors.IllegalActionError` for an integer out of range (or a piece
    placement when no tile may take a piece), ``TypeError`` for a non-int.
    """
    _check_state(state)
    check_exact(index, int, "index", "an action index, an int")
    space = _space_of(state.rules.tileset)
    if not 0 <= index < space.size:
        raise IllegalActionError(f"action index {index} is out of range 0..{space.size - 1}",
                                 rule=None, code="index-out-of-range")
    if index < space.tile_actions:
        cell, rotation = divmod(index, 4)
        row, column = divmod(cell, space.width)
        return PlaceTile(Position(column + space.x_min, row + space.y_min), Rotation(rotation))
    if index < space.pass_index:
        position = state.piece_position
        if position is None:
            raise IllegalActionError(f"action index {index} places a piece, but no tile may "
                                     "take one now", rule="R-T5", code="no-piece-step")
        if index < space.camp_base:
            return PlaceMeeple(position, index - space.meeple_base)
        return PlaceCamp(position, index - space.camp_base)
    if index == space.pass_index:
        return Pass()
    if index < space.draw_base:
        return ChooseDouble(space.double_ids[index - space.double_base])
    return DrawTile(space.land_ids[index - space.draw_base])


def legal_action_mask(state: GameState) -> bytes:
    """One byte per distinct action: 1 where the action is legal in ``state``, else 0.

    (``numpy.frombuffer(mask, dtype=numpy.uint8)`` views it as an array.)
    """
    from ..rules.engine import legal_actions

    _check_state(state)
    space = _space_of(state.rules.tileset)
    mask = bytearray(space.size)
    for action in legal_actions(state):
        mask[encode_action(state, action)] = 1
    return bytes(mask)
