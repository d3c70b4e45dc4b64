"""What one player can see, as a fixed-shape vector of floats and as text.

For learning agents (OpenSpiel, PettingZoo, your own code):
:func:`observation_tensor` encodes everything a player can see in a flat
``list[float]`` whose length depends only on the tile set (not on the number
of players, the phase or the moment of the game); :func:`observation_string`
says the same in human-readable text.  Neither reveals anything hidden: the
order of the pile is never read (only how many tiles of each layout are
left), so two states that differ only in the pile order give identical
observations.  Pure Python, no numpy: ``numpy.asarray(tensor, numpy.float32)``
or :func:`observation_sparse` (the non-zero entries) feed an array.

Shape
-----
``observation_shape(rules) == (size,)`` with ``size = P * H * W + V`` (see
:class:`ObservationLayout`, from :func:`observation_layout`): first the
*board*, ``P`` planes of ``H`` × ``W`` cells in row-major order (index
``(plane * H + row) * W + column``, so ``tensor[:P*H*W]`` reshapes to
``(P, H, W)``, channels first), then a *vector* of ``V`` values.  The cells are
the board window of :mod:`~carcassonne_amazonas.encoding` (every cell a legal
game can reach; ``row = y - y_min``, ``column = x - x_min``): 90 rows × 132
columns for the reference set, where ``P = 38``, ``V = 106`` and ``size =
451546``.

Players are *relative to the observer*: slot ``r`` is player ``(observer + r)
% num_players``, so the observer is always slot 0 and the next player to play
after them slot 1.  There are always :data:`MAX_PLAYERS` (5) slots; those
beyond the number of players stay 0.

Board planes (per cell; 0 where no tile lies unless said otherwise):

=====  ===========================================================================
0      occupied: a tile covers the cell
1-16   edge terrain one-hot, plane ``1 + 4 * side + terrain - 1`` for side N, E,
       S, W (0..3) and terrain jungle, tributary, village, Amazon (1..4): what the
       cell shows on that side (nothing on sides inside a big tile's footprint)
17     river: the Amazon flows through the cell (the start tile's river column,
       Amazon tiles, double tiles)
18     Boat icons on the cell (a count; a segment's icons lie on the first cell,
       row by row, that the segment touches)
19     Fruit icons (a count, as plane 18)
20     animals in the jungles (a count, as plane 18)
21-25  meeple of relative player ``r`` (plane ``21 + r``) on a segment touching the cell
26-30  camp of relative player ``r`` (plane ``26 + r``) on a segment touching the cell
31-34  the segment holding the cell's piece (meeple or camp) touches side N, E,
       S, W of the cell
35     the tile that may take a piece in the piece step (R-T5) covers the cell
36     open: an empty cell next to a tile where a standard tile may go (R-G2)
37     the cell where the next Amazon or double tile goes (R-G6)
=====  ===========================================================================

Vector (after the board; ``r`` runs over the 5 relative player slots):

==================  ====  =====================================================
field               size  value
==================  ====  =====================================================
``present``         5     1 if slot ``r`` is a player of this game
``scores``          5     score
``boats``           5     boat space (1 is the source, R-C9)
``meeples``         5     meeples in supply
``camps``           5     camps in supply
``track_length``    1     explored river spaces (R-T9)
``current_player``  5     one-hot slot of the player to act (at a chance node:
                          the player about to draw; all 0 once the game is over)
``phase``           6     one-hot :class:`~carcassonne_amazonas.state.Phase`, in
                          its order: place tile, choose double, place double,
                          place piece, draw tile, game over
``hand_layout``     L     one-hot layout of the tile in hand (tile-set order)
``hand_icons``      5     its icons: boats, fruit, animals, caimans, piranhas
                          (rotation-independent totals)
``tiles_left``      L     land tiles left to draw, by layout
``pile_size``       1     land tiles left to draw
``removed``         1     tiles removed from the game (R-G7)
``doubles_left``    D     1 for each double tile still set aside (by id order)
==================  ====  =====================================================

``L`` is the number of layouts of the tile set (29 for the reference set, the
start tile included so that indices follow the tile-set file) and ``D`` the
number of double tiles (4).  Counts are raw numbers (scale them as you like,
e.g. by :func:`observation_upper_bounds`); every value is finite, at least 0
and at most its bound there.
"""

from __future__ import annotations

import functools

import attrs

from .encoding import ActionSpace, action_space
from .geometry import KEY_STRIDE, PORTS_PER_SIDE, Rotation, Side
from .reprs import repr_pretty
from .state import PLAYER_COLOURS, GameState, Phase, PieceKind, PlayerState, Rules
from .tiles import Layout, Terrain, Tile, TileKind, TileSet

__all__ = [
    "MAX_PLAYERS",
    "BoardPlane",
    "ObservationLayout",
    "observation_layout",
    "observation_shape",
    "observation_sparse",
    "observation_string",
    "observation_tensor",
    "observation_upper_bounds",
]

#: Player slots in an observation (the game's maximum, R-C1).
MAX_PLAYERS = 5

_HALF_STRIDE = KEY_STRIDE // 2
_PHASES = tuple(Phase)


class BoardPlane:
    """Indices of the board planes (see the module docstring)."""

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
    """Where everything lies in :func:`observation_tensor` for one tile set.

    ``planes``, ``height`` and ``width`` give the board block (``planes *
    height * width`` values first); ``fields`` maps each vector field to its
    ``(offset, length)`` in the whole tensor.  ``x_min`` and ``y_min`` are the
    board window's first column and row.
    """

    planes: int
    height: int
    width: int
    x_min: int
    y_min: int
    fields: dict[str, tuple[int, int]] = attrs.field(eq=False)
    size: int

    def __repr__(self) -> str:
        return (f"<ObservationLayout: {self.size} values, {self.planes} planes of "
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

    def board_index(self, plane: int, x: int, y: int) -> int:
        """The index of ``plane`` at cell ``(x, y)`` (inside the board window)."""
        return (plane * self.height + y - self.y_min) * self.width + x - self.x_min

    def field(self, name: str) -> slice:
        """The slice of a vector field, e.g. ``tensor[layout.field("scores")]``."""
        offset, length = self.fields[name]
        return slice(offset, offset + length)


@attrs.frozen(slots=True, eq=False)
class _Geometry:
    layout: ObservationLayout
    space: ActionSpace
    layout_index: dict[Layout, int]
    double_index: dict[int, int]


@functools.lru_cache(maxsize=16)
def _geometry(tileset: TileSet) -> _Geometry:
    space = action_space(Rules(tileset=tileset))
    layouts = tileset.layouts
    doubles = tileset.double_tiles
    fields: dict[str, tuple[int, int]] = {}
    offset = BoardPlane.COUNT * space.height * space.width
    for name, length in (("present", MAX_PLAYERS), ("scores", MAX_PLAYERS),
                         ("boats", MAX_PLAYERS), ("meeples", MAX_PLAYERS),
                         ("camps", MAX_PLAYERS), ("track_length", 1),
                         ("current_player", MAX_PLAYERS), ("phase", len(_PHASES)),
                         ("hand_layout", len(layouts)), ("hand_icons", 5),
                         ("tiles_left", len(layouts)), ("pile_size", 1), ("removed", 1),
                         ("doubles_left", len(doubles))):
        fields[name] = (offset, length)
        offset += length
    layout = ObservationLayout(BoardPlane.COUNT, space.height, space.width, space.x_min,
                               space.y_min, fields, offset)
    return _Geometry(layout, space, {lay: i for i, lay in enumerate(layouts)},
                     {int(t.id): i for i, t in enumerate(doubles)})


def observation_layout(rules: Rules | None = None) -> ObservationLayout:
    """The layout of :func:`observation_tensor` for ``rules`` (default: the reference rules)."""
    return _geometry((rules or Rules()).tileset).layout


def observation_shape(rules: Rules | None = None) -> tuple[int]:
    """``(size,)``: the length of every :func:`observation_tensor` for ``rules``."""
    return (observation_layout(rules).size,)


def _max_score(tileset: TileSet) -> int:
    """A true upper bound on one player's final score with this tile set.

    A tributary or village scores at most 2 points per tile it covers and 1 per
    Fruit icon, once (R-T7, R-E2, R-E3), so every (tile, tributary or village segment)
    pair is worth at most 2; a jungle scores each animal once (R-E4); an Amazon
    scoring gives the leader at most caimans + piranhas of its tile (R-A2); the
    river gives at most the best mouth points (R-E5).
    """
    segments = sum(1 for tile in tileset.tiles for segment in tile.layout.segments
                   if segment.terrain in (Terrain.TRIBUTARY, Terrain.VILLAGE))
    icons = tileset.icon_totals
    mouth = max((max(side.mouth_points, default=0) for side in tileset.start_sides), default=0)
    return 2 * segments + icons.fruit + icons.animals + icons.caimans + icons.piranhas + mouth


def observation_upper_bounds(rules: Rules | None = None) -> list[float]:
    """An upper bound for every entry of :func:`observation_tensor` (every entry is
    at least 0): 1 for one-hot and 0/1 entries, true maxima for counts (a score
    bound from the tile set's points, the longest possible boat track, the
    copies of each layout, the supplies), e.g. for a gymnasium ``Box`` or to
    scale inputs."""
    tileset = (rules or Rules()).tileset
    geometry = _geometry(tileset)
    layout = geometry.layout
    plane_size = layout.height * layout.width
    icon_max = {name: max((getattr(t.total_icons, name) for t in tileset.tiles), default=0)
                for name in ("boats", "fruit", "animals", "caimans", "piranhas")}
    planes = [1.0] * BoardPlane.COUNT
    planes[BoardPlane.BOATS] = float(icon_max["boats"])
    planes[BoardPlane.FRUIT] = float(icon_max["fruit"])
    planes[BoardPlane.ANIMALS] = float(icon_max["animals"])
    bounds: list[float] = []
    for value in planes:
        bounds.extend([value] * plane_size)
    supply = PlayerState()
    track = max((side.river_spaces for side in tileset.start_sides), default=0) + sum(
        t.layout.river_spaces for t in tileset.tiles if t.kind.is_river)
    copies = [0] * len(tileset.layouts)
    for tile in tileset.land_tiles:
        copies[geometry.layout_index[tile.layout]] += 1
    per_field: dict[str, list[float]] = {
        "scores": [float(_max_score(tileset))] * MAX_PLAYERS,
        "boats": [float(track)] * MAX_PLAYERS,
        "meeples": [float(supply.meeples_in_supply)] * MAX_PLAYERS,
        "camps": [float(supply.camps_in_supply)] * MAX_PLAYERS,
        "track_length": [float(track)],
        "hand_icons": [float(icon_max[name]) for name in
                       ("boats", "fruit", "animals", "caimans", "piranhas")],
        "tiles_left": [float(c) for c in copies],
        "pile_size": [float(len(tileset.land_tiles))],
        "removed": [float(len(tileset.of_kind(TileKind.STANDARD)))],
    }
    for name, (_, length) in layout.fields.items():
        bounds.extend(per_field.get(name, [1.0] * length))
    assert len(bounds) == layout.size
    return bounds


# Per (layout, rotation): for each footprint cell (dx, dy) the board planes set to 1
# (occupied, edges, river) and the icon counts (boats, fruit, animals) per copy's icons.
_CellPlan = tuple[int, int, tuple[int, ...]]
_CELL_PLANS: dict[tuple[Layout, Rotation, int], tuple[_CellPlan, ...]] = {}
# Per (layout, rotation, segment): (dx, dy, sides touched) of every cell the segment touches.
_SegmentCells = tuple[tuple[int, int, tuple[int, ...]], ...]
_SEGMENT_CELLS: dict[tuple[Layout, Rotation, int], _SegmentCells] = {}


def _cell_plan(layout: Layout, rotation: Rotation, river_column: int) -> tuple[_CellPlan, ...]:
    key = (layout, rotation, river_column)
    plan = _CELL_PLANS.get(key)
    if plan is None:
        cells = []
        for cell in layout.variant(rotation).cells:
            planes = [BoardPlane.OCCUPIED]
            for side, terrain in enumerate(cell.edges):
                if terrain:
                    planes.append(BoardPlane.EDGES + 4 * side + terrain - 1)
            if layout.kind.is_river or (layout.kind is TileKind.START
                                        and cell.dx == river_column):
                planes.append(BoardPlane.RIVER)
            cells.append((cell.dx, cell.dy, tuple(planes)))
        plan = _CELL_PLANS[key] = tuple(cells)
    return plan


def _segment_cells(layout: Layout, rotation: Rotation, segment: int) -> _SegmentCells:
    key = (layout, rotation, segment)
    found = _SEGMENT_CELLS.get(key)
    if found is None:
        cells = []
        for cell in layout.variant(rotation).cells:
            sides = tuple(sorted({port // PORTS_PER_SIDE
                                  for port, owner in enumerate(cell.port_segments)
                                  if owner == segment}))
            if sides:
                cells.append((cell.dx, cell.dy, sides))
        found = _SEGMENT_CELLS[key] = tuple(cells)
    return found


def _check(state: GameState, player: int) -> None:
    if not isinstance(state, GameState):
        raise TypeError(f"expected a GameState, not {type(state).__name__}")
    if not isinstance(player, int) or isinstance(player, bool):
        raise TypeError(f"player must be an int, not {type(player).__name__}")
    if not 0 <= player < state.num_players:
        raise ValueError(f"player {player} is not a player of this {state.num_players}-player "
                         "game")


def observation_sparse(state: GameState, player: int) -> tuple[list[int], list[float]]:
    """The non-zero entries of :func:`observation_tensor`: indices and values.

    Useful to fill a preallocated array (``array[indices] = values``) without
    building the dense list.  An index may appear more than once only with the
    same value.
    """
    _check(state, player)
    geometry = _geometry(state.rules.tileset)
    layout = geometry.layout
    width, height = layout.width, layout.height
    plane_size = width * height
    x_min, y_min = layout.x_min, layout.y_min
    indices: list[int] = []
    values: list[float] = []
    add_index, add_value = indices.append, values.append
    n = state.num_players
    board = state.board
    river_column = board.river_column

    # -- tiles: occupied, edges, river, icons
    placements = board.placements
    for placement in placements:
        tile = placement.tile
        layout_ = tile.layout
        rotation = placement.rotation
        x0 = placement.position.x - x_min
        y0 = placement.position.y - y_min
        for dx, dy, planes in _cell_plan(layout_, rotation, river_column):
            cell = (y0 + dy) * width + x0 + dx
            for plane in planes:
                add_index(plane * plane_size + cell)
                add_value(1.0)
        counts: dict[int, float] = {}  # board index -> icons (segments may share a cell)
        for segment, icons in enumerate(tile.icons):
            if not icons:
                continue
            dx, dy, _ = _segment_cells(layout_, rotation, segment)[0]
            cell = (y0 + dy) * width + x0 + dx
            for plane, count in ((BoardPlane.BOATS, icons.boats),
                                 (BoardPlane.FRUIT, icons.fruit),
                                 (BoardPlane.ANIMALS, icons.animals)):
                if count:
                    index = plane * plane_size + cell
                    counts[index] = counts.get(index, 0.0) + count
        for index, total in counts.items():
            add_index(index)
            add_value(total)

    # -- pieces
    for piece in state.pieces():
        holder = board.placement_at(piece.position)
        assert holder is not None
        base = BoardPlane.MEEPLES if piece.kind is PieceKind.MEEPLE else BoardPlane.CAMPS
        plane = base + (piece.player - player) % n
        x0 = piece.position.x - x_min
        y0 = piece.position.y - y_min
        for dx, dy, sides in _segment_cells(holder.tile.layout, holder.rotation,
                                            piece.segment):
            cell = (y0 + dy) * width + x0 + dx
            add_index(plane * plane_size + cell)
            add_value(1.0)
            for side in sides:
                add_index((BoardPlane.PIECE_SIDES + side) * plane_size + cell)
                add_value(1.0)

    # -- the tile that may take a piece, open cells, the next river cell
    if state.piece_placement >= 0:
        placement = placements[state.piece_placement]
        x0 = placement.position.x - x_min
        y0 = placement.position.y - y_min
        for vc in placement.variant.cells:
            add_index(BoardPlane.PIECE_TILE * plane_size + (y0 + vc.dy) * width + x0 + vc.dx)
            add_value(1.0)
    if not state.is_terminal:
        last_row = board.river_end_row
        for key, _ in board.open_items():
            y = (key + _HALF_STRIDE) // KEY_STRIDE
            if y > last_row:
                continue
            x = key - y * KEY_STRIDE
            row, column = y - y_min, x - x_min
            if 0 <= row < height and 0 <= column < width:
                add_index(BoardPlane.OPEN * plane_size + row * width + column)
                add_value(1.0)
        nxt = board.next_river_position
        row, column = nxt.y - y_min, nxt.x - x_min
        if 0 <= row < height and 0 <= column < width:
            add_index(BoardPlane.NEXT_RIVER * plane_size + row * width + column)
            add_value(1.0)

    # -- the vector
    fields = layout.fields
    for name, attribute in (("scores", "score"), ("boats", "boat"),
                            ("meeples", "meeples_in_supply"), ("camps", "camps_in_supply")):
        offset = fields[name][0]
        for slot in range(n):
            value = getattr(state.players[(player + slot) % n], attribute)
            if value:
                add_index(offset + slot)
                add_value(float(value))
    offset = fields["present"][0]
    for slot in range(n):
        add_index(offset + slot)
        add_value(1.0)
    add_index(fields["track_length"][0])
    add_value(float(state.track_length))
    if not state.is_terminal:
        add_index(fields["current_player"][0] + (state.current_player - player) % n)
        add_value(1.0)
    add_index(fields["phase"][0] + _PHASES.index(state.phase))
    add_value(1.0)
    hand = state.tile_in_hand
    if hand is not None:
        add_index(fields["hand_layout"][0] + geometry.layout_index[hand.layout])
        add_value(1.0)
        icons = hand.total_icons
        offset = fields["hand_icons"][0]
        for index, count in enumerate((icons.boats, icons.fruit, icons.animals,
                                       icons.caimans, icons.piranhas)):
            if count:
                add_index(offset + index)
                add_value(float(count))
    left: dict[int, int] = {}
    for tile in state.pile.tiles:  # only counted: the order is never read
        index = geometry.layout_index[tile.layout]
        left[index] = left.get(index, 0) + 1
    offset = fields["tiles_left"][0]
    for index in sorted(left):
        add_index(offset + index)
        add_value(float(left[index]))
    if len(state.pile):
        add_index(fields["pile_size"][0])
        add_value(float(len(state.pile)))
    if state.removed:
        add_index(fields["removed"][0])
        add_value(float(len(state.removed)))
    offset = fields["doubles_left"][0]
    for tile in state.doubles_left:
        add_index(offset + geometry.double_index[int(tile.id)])
        add_value(1.0)
    return indices, values


def observation_tensor(state: GameState, player: int) -> list[float]:
    """What ``player`` sees in ``state``, as ``observation_shape(state.rules)[0]`` floats.

    The layout is documented in the module docstring and by
    :func:`observation_layout`.  Nothing hidden is encoded (never the pile order).
    """
    indices, values = observation_sparse(state, player)
    tensor = [0.0] * _geometry(state.rules.tileset).layout.size
    for index, value in zip(indices, values):
        tensor[index] = value
    return tensor


# ---------------------------------------------------------------------------- text

_EDGE_GLYPHS = {0: " ", Terrain.JUNGLE: ".", Terrain.TRIBUTARY: "t",
                Terrain.VILLAGE: "v", Terrain.AMAZON: "A"}
_INITIALS = tuple(colour[0].upper() if colour != "black" else "K" for colour in PLAYER_COLOURS)


_TILE_TEXTS: dict[Tile, str] = {}


def _tile_text(tile: Tile) -> str:
    """A tile as a player sees it: its layout and its icons (copies with equal designs
    are interchangeable, so the copy number is not shown)."""
    text = _TILE_TEXTS.get(tile)
    if text is None:
        icons = tile.total_icons
        parts = [f"{name} {count}" for name, count in (
            ("boat", icons.boats), ("fruit", icons.fruit), ("animal", icons.animals),
            ("caiman", icons.caimans), ("piranha", icons.piranhas)) if count]
        marker = "!" if tile.layout.exclamation else ""
        text = f"{tile.layout.name}{marker}" + (f" ({', '.join(parts)})" if parts else "")
        _TILE_TEXTS[tile] = text
    return text


# Per (layout, rotation, river column): (dx, dy, the cell's 3×3 glyphs) of each footprint cell.
_CELL_GLYPHS: dict[tuple[Layout, Rotation, int], tuple[tuple[int, int, tuple[str, ...]], ...]] = {}


def _cell_glyphs(layout: Layout, rotation: Rotation,
                 river_column: int) -> tuple[tuple[int, int, tuple[str, ...]], ...]:
    key = (layout, rotation, river_column)
    found = _CELL_GLYPHS.get(key)
    if found is None:
        cells = []
        for vc in layout.variant(rotation).cells:
            e = vc.edges
            river = layout.kind.is_river or (layout.kind is TileKind.START
                                             and vc.dx == river_column)
            cells.append((vc.dx, vc.dy, (
                " ", _EDGE_GLYPHS[e[Side.NORTH]], " ",
                _EDGE_GLYPHS[e[Side.WEST]], "~" if river else "#", _EDGE_GLYPHS[e[Side.EAST]],
                " ", _EDGE_GLYPHS[e[Side.SOUTH]], " ")))
        found = _CELL_GLYPHS[key] = tuple(cells)
    return found


_OPEN_GLYPHS = (" ", " ", " ", " ", "+", " ", " ", " ", " ")


def _board_text(state: GameState) -> list[str]:
    """The board as 3×3 characters per cell: edge terrains in the middle of each side
    (. jungle, t tributary, v village, A Amazon), in the centre ~ on river cells, #
    on others, * on the tile that may take a piece, or a piece (its owner's initial,
    Y R G B K: upper case a meeple, lower case a camp); + marks open cells."""
    board = state.board
    cells: dict[tuple[int, int], tuple[str, ...]] = {}
    river_column = board.river_column
    for index, placement in enumerate(board.placements):
        x0, y0 = placement.position.x, placement.position.y
        for dx, dy, glyphs in _cell_glyphs(placement.tile.layout, placement.rotation,
                                           river_column):
            if index == state.piece_placement:
                glyphs = (*glyphs[:4], "*", *glyphs[5:])
            cells[(x0 + dx, y0 + dy)] = glyphs
    for piece in state.pieces():
        holder = board.placement_at(piece.position)
        assert holder is not None
        initial = _INITIALS[piece.player]
        glyph = initial if piece.kind is PieceKind.MEEPLE else initial.lower()
        dx, dy, _ = _segment_cells(holder.tile.layout, holder.rotation, piece.segment)[0]
        where = (piece.position.x + dx, piece.position.y + dy)
        glyphs = cells[where]
        cells[where] = (*glyphs[:4], glyph, *glyphs[5:])
    if not state.is_terminal:
        last_row = board.river_end_row
        for key, _ in board.open_items():
            y = (key + _HALF_STRIDE) // KEY_STRIDE
            if y <= last_row:
                cells[(key - y * KEY_STRIDE, y)] = _OPEN_GLYPHS
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    lines = [f"board: columns {x0}..{x1}, rows {y0}..{y1}"]
    for y in range(y0, y1 + 1):
        row = [cells.get((x, y)) for x in range(x0, x1 + 1)]
        for third in range(0, 9, 3):
            lines.append("".join("   " if g is None else g[third] + g[third + 1] + g[third + 2]
                                 for g in row).rstrip())
    return lines


def observation_string(state: GameState, player: int) -> str:
    """What ``player`` sees in ``state``, as text for people (and for string-keyed
    search tables): players, phase, the tile in hand, the pile by layout (never its
    order), the pieces and the board.  Equal for states that differ only in what
    is hidden."""
    _check(state, player)
    n = state.num_players
    lines = [f"observer: player {player} ({PLAYER_COLOURS[player]})"]
    if state.is_terminal:
        winners = ", ".join(str(p) for p in state.winners)
        lines.append(f"phase: {state.phase.value}; winners: {winners}")
    else:
        lines.append(f"phase: {state.phase.value}; player to act: {state.current_player} "
                     f"({PLAYER_COLOURS[state.current_player]})")
    for p in range(n):
        info = state.players[p]
        lines.append(f"player {p} ({PLAYER_COLOURS[p]}): score {info.score}, boat {info.boat}"
                     f"/{state.track_length}, meeples {info.meeples_in_supply}, "
                     f"camps {info.camps_in_supply}")
    hand = state.tile_in_hand
    lines.append(f"in hand: {_tile_text(hand) if hand is not None else '-'}")
    left: dict[str, int] = {}
    for tile in sorted(state.pile.tiles, key=lambda t: t.id):  # counts only, never the order
        name = tile.layout.name
        left[name] = left.get(name, 0) + 1
    lines.append(f"pile: {len(state.pile)} left"
                 + (": " + " ".join(f"{name}x{count}" for name, count in left.items())
                    if left else ""))
    doubles = " ".join(_tile_text(t) for t in state.doubles_left) or "-"
    lines.append(f"doubles set aside: {doubles}")
    if state.removed:
        lines.append("removed: " + " ".join(_tile_text(t) for t in state.removed))
    pieces = sorted(state.pieces(), key=lambda p: (p.position.y, p.position.x, p.segment))
    if pieces:
        lines.append("pieces: " + " ".join(
            f"{piece.kind.value}:{piece.player}@{piece.position}/{piece.segment}"
            for piece in pieces))
    lines.append("tiles: " + " ".join(
        f"{_tile_text(p.tile)}@{p.position},{p.rotation.degrees}".replace(" ", "")
        for p in state.board.placements[1:]))
    lines.extend(_board_text(state))
    return "\n".join(lines)
