"""The board itself in the board picture: the placed tiles, the marks drawn over them
and the pieces (standard library only).

:func:`carcassonne_amazonas.render.svg.board_svg` lays the picture out and checks its
arguments; each function here draws one layer with the pen that layout gives: the
placed tiles (:func:`placed_tiles`), the open cells where a tile may go (R-G2, R-G6),
the highlighted feature and cells and the outline of the tile placed last
(:func:`marks`), and the meeples and camps (:func:`pieces`, R-T10).
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

from .._support.i18n import Texts, texts
from ..rules.board import Placement
from ..rules.players import PLAYER_COLOURS, colour
from ..rules.state import GameState, Phase
from ..tiles.geometry import Position, Side
from ..tiles.layout import Terrain
from ._svg_document import AMAZON, HIGHLIGHT, OPEN_CELL, Pen
from ._svg_tiles import piece_glyph, tile_group
from .anchors import piece_anchor, piece_scale
from .feature_geometry import FeatureGeometry
from .text import layout_title

__all__ = ["marks", "pieces", "placed_tiles"]

_EDGE_LINES: dict[Side, tuple[tuple[float, float], tuple[float, float]]] = {
    Side.NORTH: ((0.0, 0.0), (1.0, 0.0)), Side.EAST: ((1.0, 0.0), (1.0, 1.0)),
    Side.SOUTH: ((0.0, 1.0), (1.0, 1.0)), Side.WEST: ((0.0, 0.0), (0.0, 1.0))}
_INSET: dict[Side, tuple[float, float]] = {Side.NORTH: (0.0, 0.04), Side.EAST: (-0.04, 0.0),
                                           Side.SOUTH: (0.0, -0.04), Side.WEST: (0.04, 0.0)}


def marks(state: GameState, pen: Pen, open_cells: list[Position],
          feature: FeatureGeometry | None, marked: list[Position],
          last: Placement | None, lang: str | None = None) -> list[str]:
    """What is drawn over the tiles and under the pieces: the open cells, the highlighted
    feature and cells, and the outline of the tile placed last; titles in ``lang``."""
    out = []
    if open_cells:
        out.append(_open_marks(pen, open_cells, state.board.next_river_position))
    if feature is not None:
        out.append(_feature_marks(pen, feature, texts(lang)))
    if marked:
        out.append(_cell_marks(pen, marked))
    if last is not None:
        out.append(_last_move(pen, last, _last_placer(state), lang))
    return out


def _last_placer(state: GameState) -> int:
    """Who placed the last tile: the player to act while their turn is still going on,
    else the one before (turns pass clockwise, R-C8)."""
    if state.phase in (Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE, Phase.PLACE_PIECE):
        return state.current_player
    return (state.current_player - 1) % state.num_players


def placed_tiles(pen: Pen, placements: Iterable[Placement], lang: str | None = None) -> str:
    """The placed tiles (``g.tiles``), each titled with its index, name, cell and
    rotation in ``lang`` (``None``: English)."""
    return "\n".join(['<g class="tiles">',
                      *(_placed_tile(pen, index, placement, lang)
                        for index, placement in enumerate(placements)),
                      "</g>"])


def _placed_tile(pen: Pen, index: int, placement: Placement, lang: str | None) -> str:
    tile = placement.tile
    title = texts(lang).gettext("#{index} {tile} ({title}) at {position}, turned {degrees}°")\
        .format(index=index, tile=tile.name, title=layout_title(tile.layout, lang),
                position=placement.position, degrees=placement.rotation.degrees)
    at = pen.at(placement.position.x, placement.position.y)
    return tile_group(at, tile, placement.rotation, placement.position, title, lang=lang)


def _open_marks(pen: Pen, open_cells: list[Position], river: Position) -> str:
    out = ['<g class="open-cells">']
    for position in open_cells:
        is_river = position == river
        out.append(
            f'<rect class="open{" next-river" if is_river else ""}" data-x="{position.x}" '
            f'data-y="{position.y}" {pen.rect((position.x + 0.06, position.y + 0.06), 0.88, 0.88)}'
            f' fill="none" stroke="{AMAZON if is_river else OPEN_CELL}" '
            f'stroke-width="{pen.px(0.025)}" stroke-dasharray="{pen.px(0.08)} {pen.px(0.06)}"'
            f' rx="{pen.px(0.06)}"/>')
    out.append("</g>")
    return "\n".join(out)


def _cell_marks(pen: Pen, cells: list[Position]) -> str:
    out = ['<g class="highlights">']
    for cell in cells:
        out.append(f'<rect class="highlight" data-x="{cell.x}" data-y="{cell.y}" '
                   f'{pen.rect((cell.x + 0.04, cell.y + 0.04), 0.92, 0.92)} rx="{pen.px(0.05)}" '
                   f'fill="{HIGHLIGHT}" fill-opacity="0.35" stroke="{HIGHLIGHT}" '
                   f'stroke-width="{pen.px(0.04)}"/>')
    out.append("</g>")
    return "\n".join(out)


def _terrain_words(terrain: Terrain, t: Texts) -> str:
    """A feature's terrain in words, in the language of ``t`` (English: its label)."""
    words = {Terrain.TRIBUTARY: t.gettext("tributary"), Terrain.VILLAGE: t.gettext("village"),
             Terrain.JUNGLE: t.pgettext("terrain", "jungle"),
             Terrain.AMAZON: t.pgettext("terrain", "amazon")}
    return words.get(terrain, terrain.label)


def _feature_marks(pen: Pen, feature: FeatureGeometry, t: Texts) -> str:
    """The feature's cells lightened and outlined, its open edges in red."""
    inside = set(feature.cells)
    title = t.gettext("{terrain}: {tiles}, {edges}").format(
        terrain=_terrain_words(feature.terrain, t),
        tiles=t.count(len(feature.tiles), "{n} tile", "{n} tiles"),
        edges=t.count(len(feature.open_edges), "{n} open edge", "{n} open edges"))
    out = [f'<g class="feature-highlight" data-terrain="{feature.terrain.label}">',
           f"<title>{escape(title)}</title>"]
    for cell in feature.cells:
        out.append(f'<rect class="feature-cell" data-x="{cell.x}" data-y="{cell.y}" '
                   f'{pen.rect((cell.x, cell.y), 1, 1)} fill="#ffffff" fill-opacity="0.35"/>')
    outline = []
    for cell in feature.cells:
        for side in Side:
            if cell.neighbour(side) not in inside:
                (x0, y0), (x1, y1) = _EDGE_LINES[side]
                outline.append(f"M{pen.pt((cell.x + x0, cell.y + y0))} "
                               f"L{pen.pt((cell.x + x1, cell.y + y1))}")
    out.append(f'<path class="feature-outline" d="{" ".join(outline)}" fill="none" '
               f'stroke="#ffffff" stroke-width="{pen.px(0.06)}" stroke-linecap="round"/>')
    for cell, side in feature.open_edges:
        (x0, y0), (x1, y1) = _EDGE_LINES[side]
        dx, dy = _INSET[side]
        out.append(f'<line class="open-edge" data-x="{cell.x}" data-y="{cell.y}" '
                   f'data-side="{side.letter}" '
                   f'{pen.xy((cell.x + x0 + dx, cell.y + y0 + dy), ("x1", "y1"))} '
                   f'{pen.xy((cell.x + x1 + dx, cell.y + y1 + dy), ("x2", "y2"))} '
                   f'stroke="#d62728" stroke-width="{pen.px(0.07)}" stroke-linecap="round"/>')
    out.append("</g>")
    return "\n".join(out)


def _last_move(pen: Pen, placement: Placement, player: int, lang: str | None) -> str:
    cells = placement.cells
    x0, y0 = min(c.x for c in cells), min(c.y for c in cells)
    width = max(c.x for c in cells) - x0 + 1
    height = max(c.y for c in cells) - y0 + 1
    corner = (x0 + 0.035, y0 + 0.035)
    fill = PLAYER_COLOURS[player]
    title = texts(lang).gettext("the tile placed last, by {who}").format(
        who=colour(player, lang=lang))
    return (f'<g class="last-move" data-x="{placement.position.x}" '
            f'data-y="{placement.position.y}" data-player="{player}">'
            f"<title>{escape(title)}</title>"
            f'<rect {pen.rect(corner, width - 0.07, height - 0.07)} fill="none" '
            f'stroke="#ffffff" stroke-width="{pen.px(0.09)}"/>'
            f'<rect {pen.rect(corner, width - 0.07, height - 0.07)} fill="none" '
            f'stroke="{fill}" stroke-width="{pen.px(0.05)}"/></g>')


def pieces(state: GameState, pen: Pen, lang: str | None = None) -> str:
    """Every meeple and camp on the board (``g.pieces``), at its anchor and at the size
    :func:`~carcassonne_amazonas.render.anchors.piece_scale` gives, titled in ``lang``."""
    out = ['<g class="pieces">']
    for piece in state.pieces():
        at = piece_anchor(state, piece.position, piece.segment)
        where = (f' data-x="{piece.position.x}" data-y="{piece.position.y}" '
                 f'data-segment="{piece.segment}"')
        out.append(piece_glyph(pen, piece.player, piece.kind, at, extra=where,
                               scale=piece_scale(state, piece.position), lang=lang))
    out.append("</g>")
    return "\n".join(out)
