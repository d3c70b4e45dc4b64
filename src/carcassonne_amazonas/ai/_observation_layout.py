"""Where everything lies in an observation tensor: planes, window and vector fields.

The full and the compact observation (:mod:`~carcassonne_amazonas.ai.observation`)
share their board planes (:class:`BoardPlane`) and their vector fields; they differ
in the board *window*, the cells the planes cover:

- full: the window of :mod:`~carcassonne_amazonas.ai.encoding`, every cell a legal game
  can reach (90 rows × 132 columns for the reference set);
- compact: :data:`COMPACT_MARGIN` cells left, right and upstream of the start tile,
  down to the last row the river can reach (40 rows × 32 columns for the reference
  set), and one more vector field, ``outside``: how many tile cells lie outside it.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType

import attrs

from .._support.exact import check_exact
from .._support.reprs import repr_pretty
from ..rules.options import Rules
from ..rules.state import GameState, Phase
from ..tiles.layout import Layout
from ..tiles.tileset import TileSet
from .encoding import action_space

__all__ = [
    "COMPACT_MARGIN",
    "MAX_PLAYERS",
    "PHASES",
    "BoardPlane",
    "ObservationLayout",
    "check_observer",
    "double_indices",
    "layout_indices",
    "observation_layout",
    "observation_shape",
]

#: Player slots in an observation (the game's maximum, R-C1).
MAX_PLAYERS = 5
#: Cells the compact window reaches beyond the start tile to the west, east and north.
COMPACT_MARGIN = 15
#: The phases in the order of the ``phase`` field.
PHASES = tuple(Phase)


class BoardPlane:
    """Indices of the board planes (see :mod:`~carcassonne_amazonas.ai.observation`)."""

    OCCUPIED = 0
    EDGES = 1
    RIVER = 17
    BOATS = 18
    FRUIT = 19
    ANIMALS = 20
    MEEPLES = 21
    CAMPS = 26
    PIECE_SIDES = 31
    PIECE_TILE = 35
    OPEN = 36
    NEXT_RIVER = 37
    COUNT = 38


@attrs.frozen(slots=True, repr=False)
class ObservationLayout:
    """Where everything lies in an observation tensor for one tile set.

    ``planes``, ``height`` and ``width`` give the board block (``planes * height *
    width`` values first); ``fields`` maps each vector field to its ``(offset,
    length)`` in the whole tensor.  ``x_min`` and ``y_min`` are the board window's
    first column and row; ``compact`` tells which observation this is.
    """

    planes: int
    height: int
    width: int
    x_min: int
    y_min: int
    fields: dict[str, tuple[int, int]] = attrs.field(eq=False)
    size: int
    compact: bool = False

    def __repr__(self) -> str:
        kind = "compact, " if self.compact else ""
        return (f"<ObservationLayout: {kind}{self.size} values, {self.planes} planes of "
                f"{self.height} x {self.width} cells, {len(self.fields)} vector fields>")

    _repr_pretty_ = repr_pretty

    @property
    def board_size(self) -> int:
        """How many values the board block holds."""
        return self.planes * self.height * self.width

    @property
    def vector_size(self) -> int:
        """How many values follow the board block."""
        return self.size - self.board_size

    def contains(self, x: int, y: int) -> bool:
        """Whether cell ``(x, y)`` lies inside the board window."""
        return (self.x_min <= x < self.x_min + self.width
                and self.y_min <= y < self.y_min + self.height)

    def board_index(self, plane: int, x: int, y: int) -> int:
        """The index of ``plane`` at cell ``(x, y)``.  ``ValueError`` for a plane that is
        not one of the layout's or a cell outside the board window (which a compact
        window can leave: see :meth:`contains`), so that no two cells share an index."""
        if not 0 <= plane < self.planes:
            raise ValueError(f"plane must be from 0 to {self.planes - 1}, not {plane!r}")
        if not self.contains(x, y):
            raise ValueError(f"cell ({x}, {y}) lies outside the board window (columns "
                             f"{self.x_min} to {self.x_min + self.width - 1}, rows "
                             f"{self.y_min} to {self.y_min + self.height - 1})")
        return (plane * self.height + y - self.y_min) * self.width + x - self.x_min

    def field(self, name: str) -> slice:
        """The slice of a vector field, e.g. ``tensor[layout.field("scores")]``."""
        offset, length = self.fields[name]
        return slice(offset, offset + length)


def _fields(tileset: TileSet, compact: bool) -> tuple[tuple[str, int], ...]:
    layouts = len(tileset.layouts)
    fields = (("present", MAX_PLAYERS), ("scores", MAX_PLAYERS), ("boats", MAX_PLAYERS),
              ("meeples", MAX_PLAYERS), ("camps", MAX_PLAYERS), ("track_length", 1),
              ("current_player", MAX_PLAYERS), ("phase", len(PHASES)),
              ("hand_layout", layouts), ("hand_icons", 5), ("tiles_left", layouts),
              ("pile_size", 1), ("removed", 1), ("doubles_left", len(tileset.double_tiles)))
    return (*fields, ("outside", 1)) if compact else fields


@functools.lru_cache(maxsize=32)
def _layout_of(tileset: TileSet, compact: bool) -> ObservationLayout:
    space = action_space(Rules(tileset=tileset))
    if compact:
        start = tileset.start_tile.layout
        x_min, y_min = -COMPACT_MARGIN, -COMPACT_MARGIN
        width = start.width + 2 * COMPACT_MARGIN
        # Down to the last row the river can reach, as in the full window.
        height = space.y_min + space.height - y_min
    else:
        x_min, y_min, width, height = space.x_min, space.y_min, space.width, space.height
    offset = BoardPlane.COUNT * height * width
    fields: dict[str, tuple[int, int]] = {}
    for name, length in _fields(tileset, compact):
        fields[name] = (offset, length)
        offset += length
    return ObservationLayout(BoardPlane.COUNT, height, width, x_min, y_min, fields, offset,
                             compact)


def observation_layout(rules: Rules | None = None, compact: bool = False) -> ObservationLayout:
    """The layout of the full (or, with ``compact=True``, the compact) observation tensor
    for ``rules`` (default: the reference rules)."""
    check_exact(compact, bool, "compact")
    return _layout_of((rules or Rules()).tileset, compact)


def observation_shape(rules: Rules | None = None, compact: bool = False) -> tuple[int]:
    """``(size,)``: the length of every observation tensor for ``rules`` (full, or
    compact with ``compact=True``)."""
    return (observation_layout(rules, compact).size,)


@functools.lru_cache(maxsize=16)
def layout_indices(tileset: TileSet) -> Mapping[Layout, int]:
    """Each layout's index in the ``hand_layout`` and ``tiles_left`` fields (tile-set order)."""
    return MappingProxyType({layout: index for index, layout in enumerate(tileset.layouts)})


@functools.lru_cache(maxsize=16)
def double_indices(tileset: TileSet) -> Mapping[int, int]:
    """Each double tile's index (by tile id) in the ``doubles_left`` field."""
    return MappingProxyType({int(tile.id): index
                             for index, tile in enumerate(tileset.double_tiles)})


def check_observer(state: GameState, player: int) -> None:
    """Raise ``TypeError`` or ``ValueError`` unless ``player`` is a player of ``state``."""
    check_exact(state, GameState, "state")
    check_exact(player, int, "player")
    if not 0 <= player < state.num_players:
        raise ValueError(f"player {player} is not a player of this {state.num_players}-player "
                         "game")
