"""What one player sees, as text: for people, logs and string-keyed search tables.

:func:`observation_string` lists the players, the phase, the tile in hand, the pile
by layout (never its order), the double tiles set aside, the pieces and the placed
tiles, then draws the board with 3 × 3 characters per cell.  States that differ only
in what is hidden give equal strings.
"""

from __future__ import annotations

from ..rules.state import PLAYER_COLOURS, GameState, PieceKind
from ..tiles.geometry import KEY_STRIDE, Rotation, Side
from ..tiles.tileset import Layout, Terrain, Tile, TileKind
from ._observation_board import segment_cells
from ._observation_layout import check_observer

__all__ = ["observation_string"]

_HALF_STRIDE = KEY_STRIDE // 2

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
        dx, dy, _ = segment_cells(holder.tile.layout, holder.rotation, piece.segment)[0]
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
    check_observer(state, player)
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
