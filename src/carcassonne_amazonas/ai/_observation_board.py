"""The board planes of an observation: tiles, icons, pieces and where tiles may go.

:func:`board_entries` appends the non-zero entries of the board block (the planes of
:class:`~carcassonne_amazonas.ai._observation_layout.BoardPlane`) for one observer to two
lists.  Cells outside the layout's window are left out and counted; the full window
holds every reachable cell, so only the compact one can leave cells out.
"""

from __future__ import annotations

from collections.abc import Callable

from ..rules.board import Placement
from ..rules.players import PieceKind
from ..rules.state import GameState
from ..tiles.geometry import KEY_STRIDE, PORTS_PER_SIDE, Rotation
from ..tiles.layout import Layout, TileKind
from ._observation_layout import BoardPlane, ObservationLayout

__all__ = ["SegmentCells", "board_entries", "segment_cells"]

_HALF_STRIDE = KEY_STRIDE // 2

# Per (layout, rotation, river column): for each footprint cell (dx, dy) the board
# planes set to 1 there (occupied, edges, river).
_CellPlan = tuple[int, int, tuple[int, ...]]
_CELL_PLANS: dict[tuple[Layout, Rotation, int], tuple[_CellPlan, ...]] = {}

#: ``(dx, dy, sides touched)`` of every cell of a tile that a segment touches.
SegmentCells = tuple[tuple[int, int, tuple[int, ...]], ...]
_SEGMENT_CELLS: dict[tuple[Layout, Rotation, int], SegmentCells] = {}


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


def segment_cells(layout: Layout, rotation: Rotation, segment: int) -> SegmentCells:
    """The cells of a tile (offsets from its anchor) that ``segment`` touches, with the
    sides it touches there, row by row."""
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


def board_entries(state: GameState, player: int, layout: ObservationLayout,
                  add_index: Callable[[int], None], add_value: Callable[[float], None]) -> int:
    """Append the non-zero board entries ``player`` sees (index, value) with
    ``add_index`` and ``add_value``; return how many tile cells lie outside the window."""
    outside = 0
    for placement in state.board.placements:
        outside += _tile_entries(state.board.river_column, placement, layout, add_index,
                                 add_value)
    _piece_entries(state, player, layout, add_index, add_value)
    _mark_entries(state, layout, add_index, add_value)
    return outside


def _tile_entries(river_column: int, placement: Placement, layout: ObservationLayout,
                  add_index: Callable[[int], None], add_value: Callable[[float], None]) -> int:
    """The planes of one placed tile: occupied, edges, river and icons; returns how many
    of its cells lie outside the window."""
    width, height = layout.width, layout.height
    plane_size = width * height
    tile = placement.tile
    tile_layout = tile.layout
    rotation = placement.rotation
    x0 = placement.position.x - layout.x_min
    y0 = placement.position.y - layout.y_min
    outside = 0
    for dx, dy, planes in _cell_plan(tile_layout, rotation, river_column):
        row, column = y0 + dy, x0 + dx
        if not (0 <= row < height and 0 <= column < width):
            outside += 1
            continue
        cell = row * width + column
        for plane in planes:
            add_index(plane * plane_size + cell)
            add_value(1.0)
    counts: dict[int, float] = {}  # board index -> icons (segments may share a cell)
    for segment, icons in enumerate(tile.icons):
        if not icons:
            continue
        dx, dy, _ = segment_cells(tile_layout, rotation, segment)[0]
        row, column = y0 + dy, x0 + dx
        if not (0 <= row < height and 0 <= column < width):
            continue
        cell = row * width + column
        for plane, count in ((BoardPlane.BOATS, icons.boats),
                             (BoardPlane.FRUIT, icons.fruit),
                             (BoardPlane.ANIMALS, icons.animals)):
            if count:
                index = plane * plane_size + cell
                counts[index] = counts.get(index, 0.0) + count
    for index, total in counts.items():
        add_index(index)
        add_value(total)
    return outside


def _piece_entries(state: GameState, player: int, layout: ObservationLayout,
                   add_index: Callable[[int], None], add_value: Callable[[float], None]) -> None:
    """The meeple and camp planes (relative to ``player``) and the sides each piece's
    segment touches."""
    width, height = layout.width, layout.height
    plane_size = width * height
    n = state.num_players
    for piece in state.pieces():
        holder = state.board.placement_at(piece.position)
        assert holder is not None
        base = BoardPlane.MEEPLES if piece.kind is PieceKind.MEEPLE else BoardPlane.CAMPS
        plane = base + (piece.player - player) % n
        x0 = piece.position.x - layout.x_min
        y0 = piece.position.y - layout.y_min
        for dx, dy, sides in segment_cells(holder.tile.layout, holder.rotation, piece.segment):
            row, column = y0 + dy, x0 + dx
            if not (0 <= row < height and 0 <= column < width):
                continue
            cell = row * width + column
            add_index(plane * plane_size + cell)
            add_value(1.0)
            for side in sides:
                add_index((BoardPlane.PIECE_SIDES + side) * plane_size + cell)
                add_value(1.0)


def _mark_entries(state: GameState, layout: ObservationLayout,
                  add_index: Callable[[int], None], add_value: Callable[[float], None]) -> None:
    """The tile that may take a piece, the open cells and the next river cell."""
    width, height = layout.width, layout.height
    plane_size = width * height
    x_min, y_min = layout.x_min, layout.y_min
    board = state.board
    if state.piece_placement >= 0:
        placement = board.placements[state.piece_placement]
        x0 = placement.position.x - x_min
        y0 = placement.position.y - y_min
        for vc in placement.variant.cells:
            row, column = y0 + vc.dy, x0 + vc.dx
            if 0 <= row < height and 0 <= column < width:
                add_index(BoardPlane.PIECE_TILE * plane_size + row * width + column)
                add_value(1.0)
    if state.is_terminal:
        return
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
