"""The parts of the board picture around the tiles: the boat track, the coordinates,
the legend and the score table (standard library only).

:func:`carcassonne_amazonas.render.svg.board_svg` lays them out; each function here
draws one part at a given place and says how much room it needs.  Text is only ever
a label: nothing a test or a page relies on depends on a font.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from .._support.i18n import Texts, texts
from ..rules.final_scoring import projected_scores
from ..rules.players import PLAYER_COLOURS, PieceKind, colour
from ..rules.state import GameState, Phase
from ._svg_document import AMAZON, HIGHLIGHT, INK, JUNGLE, OPEN_CELL, TRACK, Pen, number
from ._svg_tiles import ICON_STYLES, boat_glyph, icon_glyph, piece_glyph, tile_group

__all__ = [
    "BOAT_SPACING",
    "LegendItem",
    "coordinates",
    "legend",
    "legend_height",
    "legend_items",
    "phase_words",
    "score_table",
    "score_table_size",
    "text_width",
    "track",
    "track_width",
    "track_y",
]

#: Horizontal distance between boats sharing a river space, in cell units.
BOAT_SPACING = 0.3
#: Average width of a character of the sans-serif labels, in font sizes (generous, so
#: that the picture leaves room for the text in any common font).
_CHAR = 0.6


def text_width(text: str, font: float) -> float:
    """The room a label of ``font`` size needs (an estimate that errs on the wide side)."""
    return len(text) * font * _CHAR


# -- the boat track ------------------------------------------------------------------------


def track_y(state: GameState, space: int) -> float:
    """The board row (in cell units) level with a river space (R-T9): the start tile's
    spaces spread evenly along its rows, then one space per river cell."""
    start = state.board.placements[0]
    rows = start.tile.layout.height
    first = state.rules.tileset.start_side(state.num_players).river_spaces
    top = start.position.y
    if space <= first:
        return top + (space - 0.5) * rows / first
    return top + rows + (space - first) - 0.5


def track_width(state: GameState) -> float:
    """The width of the boat track in cell units: room for the space numbers and for
    every boat that shares a space with others."""
    most = max(state.boats.count(boat) for boat in state.boats)
    return 0.42 + BOAT_SPACING * most


def track(state: GameState, pen: Pen, x: float, lang: str | None = None) -> str:
    """The ``g.track``: the explored river spaces (R-T9) as a column whose left edge is
    at SVG ``x``, level with the river rows of the board drawn by ``pen``, with every
    boat on its space (``g.boat``, ``data-player``, ``data-space``); the titles in
    ``lang`` (``None``: English)."""
    t = texts(lang)
    title = t.gettext("boat track: {spaces} explored river spaces").format(
        spaces=t.number(state.track_length))
    size = pen.size
    width = track_width(state)
    top = pen.sy(track_y(state, 1)) - size * 0.2
    bottom = pen.sy(track_y(state, state.track_length)) + size * 0.2
    out = ['<g class="track">',
           f"<title>{escape(title)}</title>",
           f'<rect class="track-water" x="{number(x)}" y="{number(top)}" '
           f'width="{number(width * size)}" height="{number(bottom - top)}" '
           f'rx="{number(size * 0.1)}" fill="{TRACK}" stroke="{AMAZON}" '
           f'stroke-width="{number(size * 0.02)}"/>']
    for space in range(1, state.track_length + 1):
        y = pen.sy(track_y(state, space))
        out.append(f'<line x1="{number(x + size * 0.02)}" y1="{number(y)}" '
                   f'x2="{number(x + size * 0.1)}" y2="{number(y)}" stroke="{AMAZON}" '
                   f'stroke-width="{number(size * 0.015)}"/>')
        if space == 1 or space % 5 == 0 or space == state.track_length:
            out.append(f'<text class="space" data-space="{space}" x="{number(x + size * 0.12)}" '
                       f'y="{number(y + size * 0.05)}" font-size="{number(size * 0.15)}" '
                       f'font-family="sans-serif" fill="{AMAZON}">{space}</text>')
    on_space: dict[int, int] = {}
    boat_pen = Pen(0, 0, size)
    for player, boat in enumerate(state.boats):
        slot = on_space.get(boat, 0)
        on_space[boat] = slot + 1
        at = ((x + size * (0.42 + BOAT_SPACING * (slot + 0.5))) / size,
              (pen.sy(track_y(state, boat)) + size * 0.02) / size)
        out.append(boat_glyph(boat_pen, player, at, extra=f' data-space="{boat}"',
                              title=t.gettext("{colour} boat on river space {space}").format(
                                  colour=colour(player, lang=lang), space=boat)))
    out.append("</g>")
    return "\n".join(out)


# -- coordinates ---------------------------------------------------------------------------


def coordinates(pen: Pen, columns: range, rows: range, left: float, top: float) -> str:
    """The ``g.coordinates``: each drawn column's ``x`` above the board, centred on the
    column, its baseline just above SVG ``top``; each drawn row's ``y`` right-aligned
    at SVG ``left`` (``text.coordinate`` with ``data-x`` or ``data-y``; the numbers of
    the notation, ``t-1,5,90``)."""
    size = pen.size
    font = size * 0.2
    out = ['<g class="coordinates" font-family="sans-serif" fill="#5b5546">']
    for x in columns:
        out.append(f'<text class="coordinate" data-x="{x}" x="{number(pen.sx(x + 0.5))}" '
                   f'y="{number(top - size * 0.08)}" font-size="{number(font)}" '
                   f'text-anchor="middle">{x}</text>')
    for y in rows:
        out.append(f'<text class="coordinate" data-y="{y}" x="{number(left)}" '
                   f'y="{number(pen.sy(y + 0.5) + font * 0.35)}" font-size="{number(font)}" '
                   f'text-anchor="end">{y}</text>')
    out.append("</g>")
    return "\n".join(out)


# -- the legend ----------------------------------------------------------------------------

#: A legend entry: its kind (``icon-boat``, ``meeple``, ``open``, ...) and its label.
LegendItem = tuple[str, str]


def _item_width(item: LegendItem, size: float) -> float:
    return size * 0.42 + text_width(item[1], size * 0.2) + size * 0.25


def _rows(items: Sequence[LegendItem], size: float, width: float) -> list[list[LegendItem]]:
    rows: list[list[LegendItem]] = [[]]
    used = 0.0
    for item in items:
        room = _item_width(item, size)
        if rows[-1] and used + room > width:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += room
    return rows


def legend_height(items: Sequence[LegendItem], size: float, width: float) -> float:
    """The height of the legend of ``items`` laid out in rows at most ``width`` wide."""
    return len(_rows(items, size, width)) * size * 0.42 + size * 0.1


def _sample(pen: Pen, kind: str, at: tuple[float, float], lang: str | None) -> str:
    """The small picture of one legend entry, centred at ``at`` (cell units)."""
    x, y = at
    if kind.startswith("icon-"):
        icon = kind[5:]
        return icon_glyph(pen, icon, 1, at, css_class="legend-icon", lang=lang)
    if kind in ("meeple", "camp"):
        return piece_glyph(pen, None, PieceKind(kind), (x, y + 0.02), css_class="legend-piece",
                           lang=lang)
    if kind == "boat":
        return boat_glyph(pen, None, (x, y + 0.03), css_class="legend-boat", lang=lang)
    thin = f'stroke-width="{pen.px(0.025)}"'
    dashes = f'stroke-dasharray="{pen.px(0.05)} {pen.px(0.04)}"'
    styles = {
        "open": f'fill="none" stroke="{OPEN_CELL}" {thin} {dashes}',
        "next-river": f'fill="none" stroke="{AMAZON}" {thin} {dashes}',
        "last-move": f'fill="none" stroke="{INK}" stroke-width="{pen.px(0.045)}"',
        "highlight": f'fill="{HIGHLIGHT}" fill-opacity="0.45" stroke="{HIGHLIGHT}" {thin}',
        "feature": f'fill="{JUNGLE}" stroke="#ffffff" stroke-width="{pen.px(0.05)}"',
        "open-edge": f'fill="none" stroke="#d62728" stroke-width="{pen.px(0.05)}"',
    }
    if kind == "open-edge":
        return (f'<line x1="{number(pen.sx(x - 0.13))}" y1="{number(pen.sy(y))}" '
                f'x2="{number(pen.sx(x + 0.13))}" y2="{number(pen.sy(y))}" {styles[kind]}/>')
    return (f'<rect {pen.rect((x - 0.13, y - 0.13), 0.26, 0.26)} rx="{pen.px(0.03)}" '
            f'{styles[kind]}/>')


def legend(items: Sequence[LegendItem], size: float, left: float, top: float,
           width: float, lang: str | None = None) -> str:
    """The ``g.legend``: ``items`` in rows at most ``width`` wide from SVG ``(left, top)``,
    each a ``g.legend-item`` (``data-kind``) with its sample and label; the samples'
    titles in ``lang`` (``None``: English; the labels are the items', see
    :func:`legend_items`)."""
    out = ['<g class="legend" font-family="sans-serif">']
    font = size * 0.2
    pen = Pen(0, 0, size)
    for row_index, row in enumerate(_rows(items, size, width)):
        x = left
        y = top + size * (0.21 + 0.42 * row_index)
        for kind, label in row:
            out.append(f'<g class="legend-item" data-kind="{kind}">')
            out.append(_sample(pen, kind, ((x + size * 0.17) / size, y / size), lang))
            out.append(f'<text x="{number(x + size * 0.4)}" y="{number(y + font * 0.36)}" '
                       f'font-size="{number(font)}" fill="{INK}">{escape(label)}</text></g>')
            x += _item_width((kind, label), size)
    out.append("</g>")
    return "\n".join(out)


def _icon_names(t: Texts) -> dict[str, str]:
    """The legend's name of each kind of icon, in the language of ``t``."""
    return {"boat": t.pgettext("legend", "Boat"), "fruit": t.pgettext("legend", "Fruit"),
            "animal": t.pgettext("legend", "animal"), "caiman": t.pgettext("legend", "caiman"),
            "piranha": t.pgettext("legend", "piranha")}


def legend_items(*, icons: bool = True, open_cells: bool = False, last_move: bool = False,
                 highlight: bool = False, feature: bool = False,
                 lang: str | None = None) -> list[LegendItem]:
    """The legend entries of a picture: icons, pieces and boats, then the marks drawn;
    the labels in ``lang`` (``None``: English)."""
    t = texts(lang)
    items: list[LegendItem] = []
    if icons:
        names = _icon_names(t)
        for kind, style in ICON_STYLES.items():
            name = names.get(kind) or style[4].removesuffix(" icons").removesuffix("s")
            items.append((f"icon-{kind}", name))
    items += [("meeple", t.pgettext("piece", "meeple")), ("camp", t.pgettext("piece", "camp")),
              ("boat", t.gettext("boat"))]
    if open_cells:
        items += [("open", t.gettext("open cell")), ("next-river", t.gettext("next river tile"))]
    if last_move:
        items.append(("last-move", t.gettext("last tile placed")))
    if highlight:
        items.append(("highlight", t.gettext("highlighted cell")))
    if feature:
        items += [("feature", t.pgettext("legend", "feature")),
                  ("open-edge", t.gettext("open edge"))]
    return items


# -- the score table -----------------------------------------------------------------------

_COLUMNS = (("player", 9, "start"), ("score", 6, "end"), ("if end", 7, "end"),
            ("trib", 6, "end"), ("vill", 6, "end"), ("amaz", 6, "end"), ("camp", 6, "end"),
            ("river", 6, "end"), ("boat", 6, "end"), ("meeples", 9, "end"),
            ("camps", 7, "end"))

def _column_names(t: Texts) -> list[str]:
    """The score table's column headings (as :data:`_COLUMNS`), in the language of ``t``."""
    return [t.gettext("player"), t.gettext("score"), t.gettext("if end"),
            t.pgettext("score column", "trib"), t.pgettext("score column", "vill"),
            t.pgettext("score column", "amaz"), t.pgettext("score column", "camp"),
            t.pgettext("score column", "river"), t.gettext("boat"), t.gettext("meeples"),
            t.gettext("camps")]


def phase_words(phase: Phase, t: Texts) -> str:
    """A turn's phase in words (R-T1–R-T8, R-E1), in the language of ``t``: English is
    the phase's value (``place tile``)."""
    words = {Phase.PLACE_TILE: t.pgettext("phase", "place tile"),
             Phase.CHOOSE_DOUBLE: t.pgettext("phase", "choose double"),
             Phase.PLACE_DOUBLE: t.pgettext("phase", "place double"),
             Phase.PLACE_PIECE: t.pgettext("phase", "place piece"),
             Phase.DRAW_TILE: t.pgettext("phase", "draw tile"),
             Phase.GAME_OVER: t.pgettext("phase", "game over")}
    return words[phase]


def _heading(state: GameState, lang: str | None) -> str:
    t = texts(lang)
    if state.is_terminal:
        phase = phase_words(Phase.GAME_OVER, t)
    else:
        phase = t.gettext("{who} to play ({phase})").format(
            who=colour(state.current_player, lang=lang), phase=phase_words(state.phase, t))
    # Counted as the state's repr counts them: the start tile lies there from the setup.
    placed = t.count(max(len(state.board) - 1, 0), "{n} tile placed", "{n} tiles placed")
    return t.gettext("{placed}, {left} to draw, river {spaces} spaces; {phase}").format(
        placed=placed, left=t.number(state.tiles_left), spaces=t.number(state.track_length),
        phase=phase)


def score_table_size(state: GameState, font: float,
                     lang: str | None = None) -> tuple[float, float]:
    """The width and height of the score table at ``font`` size, its words in ``lang``."""
    columns = sum(width for _, width, _ in _COLUMNS) * font * _CHAR + font * 1.4
    width = max(columns, text_width(_heading(state, lang), font))
    return width, font * (1.6 * (state.num_players + 1) + 0.6)


def score_table(state: GameState, left: float, top: float, font: float,
                lang: str | None = None) -> str:
    """The ``g.scores`` table at SVG ``(left, top)``: a heading, then one
    ``g.score-row`` (``data-player``) per player with the score, the total if the game
    ended now (``text.projected``,
    :func:`~carcassonne_amazonas.rules.final_scoring.projected_scores`), the points by category,
    the boat and the pieces in supply; ``★`` marks the winners (R-E6).  The words in
    ``lang`` (``None``: English); the cells' classes are the English column names."""
    t = texts(lang)
    line = font * 1.6
    out = ['<g class="scores" font-family="sans-serif">',
           f'<text class="heading" x="{number(left)}" y="{number(top + font)}" '
           f'font-size="{number(font)}" font-weight="bold" fill="{INK}">'
           f"{escape(_heading(state, lang))}</text>"]
    table_left = left + font * 1.4
    y = top + font + line

    def cells(values: Sequence[str], y: float, extra: str = "") -> list[str]:
        row, x = [], table_left
        for (name, width, anchor), value in zip(_COLUMNS, values):
            at = x if anchor == "start" else x + (width - 1) * font * _CHAR
            css = name.replace(" ", "-")
            row.append(f'<text class="{css}" x="{number(at)}" y="{number(y)}" '
                       f'font-size="{number(font)}" text-anchor="{anchor}"{extra}>'
                       f"{escape(value)}</text>")
            x += width * font * _CHAR
        return row

    out.append('<g class="score-head" fill="#5b5546">')
    out.extend(cells(_column_names(t), y))
    out.append("</g>")
    winners = set(state.winners)
    projected = projected_scores(state)
    for player, info in enumerate(state.players):
        y += line
        b = info.breakdown
        name = colour(player, lang=lang) + (" ★" if player in winners else "")
        values = [name, str(info.score), str(projected[player].total), str(b.tributaries),
                  str(b.villages), str(b.amazon), str(b.camps), str(b.river), str(info.boat),
                  str(info.meeples_in_supply), str(info.camps_in_supply)]
        mark = ' font-weight="bold"' if player == state.current_player \
            and not state.is_terminal else ""
        out.append(f'<g class="score-row" data-player="{player}" fill="{INK}"{mark}>')
        out.append(f'<rect x="{number(left)}" y="{number(y - font * 0.85)}" '
                   f'width="{number(font * 0.95)}" height="{number(font * 0.95)}" '
                   f'fill="{PLAYER_COLOURS[player]}" stroke="{INK}" stroke-width="1"/>')
        out.extend(cells(values, y))
        out.append("</g>")
    out.append("</g>")
    return "\n".join(out)


# -- the tile in hand -----------------------------------------------------------------------


def hand(state: GameState, left: float, top: float, size: float,
         lang: str | None = None) -> str:
    """The ``g.hand``: the tile in hand (R-T2) as it is drawn, unturned, with its name and
    a heading above it, right of the board; the words in ``lang`` (``None``: English)."""
    t = texts(lang)
    tile = state.tile_in_hand
    if tile is None:
        raise ValueError("no tile in hand: a tile is to be drawn or none is to be placed")
    font = number(size * 0.2)
    rotation = tile.layout.rotations[0]
    height = max(c.dy for c in tile.layout.variant(rotation).cells) + 1
    who = colour(state.current_player, lang=lang)
    heading = t.gettext("in hand ({who})").format(who=who)
    return "\n".join([
        f'<g class="hand" data-tile={quoteattr(tile.name)} font-family="sans-serif" '
        f'fill="#3a3a32">',
        f'<text class="hand-heading" x="{number(left)}" y="{number(top - size * 0.08)}" '
        f'font-size="{font}">{escape(heading)}</text>',
        tile_group(Pen(left, top, size), tile, rotation, None,
                   t.gettext("{tile} in hand").format(tile=tile.name), css="hand-tile",
                   lang=lang),
        f'<text class="hand-name" x="{number(left)}" y="{number(top + (height + 0.3) * size)}" '
        f'font-size="{font}" font-weight="bold">{escape(tile.name)}</text>',
        "</g>"])
