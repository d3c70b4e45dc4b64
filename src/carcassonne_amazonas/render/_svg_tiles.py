"""SVG pictures of single tiles, icons, pieces and boats (standard library only).

:func:`tile_svg` draws one tile copy in one rotation; the board picture
(:mod:`~carcassonne_amazonas.render.svg`) draws every placed tile with :func:`tile_group`
and the pieces with :func:`piece_glyph`.  The shapes come from
:mod:`~carcassonne_amazonas.render._tile_shapes`:

- jungle is the green background of every cell; villages are ochre shapes;
  tributaries blue lines ending at a grey rock or in the Amazon; the Amazon a wide
  blue band between sandy banks, rising at a source on the start tile;
- icons are labelled discs: ``B`` boat, ``F`` fruit, ``A`` animal, ``C`` caiman,
  ``P`` piranha, with their count when more than one (R-F7);
- meeples and camps (tents) are drawn in their player's colour
  (:data:`~carcassonne_amazonas.rules.players.PLAYER_COLOURS`), and so are boats.

Elements carry classes for styling and testing: ``g.tile`` (``data-tile``,
``data-layout``, ``data-rotation``, on a board also ``data-x``, ``data-y``),
``g.icon`` (``icon-boat`` ..., ``data-count``, ``data-segment``), ``g.piece``
(``meeple`` or ``camp``, ``data-player``), ``g.boat`` (``data-player``,
``data-space``) and ``g.segment-label`` (``data-segment``).
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from .._support.exact import check_exact
from .._support.i18n import texts
from ..rules.players import PLAYER_COLOURS, PieceKind, colour
from ..tiles.geometry import Position, Rotation
from ..tiles.layout import Terrain
from ..tiles.segment_names import segment_name
from ..tiles.tileset import Icons, Tile, TileSet, check_tile_and_rotation
from ._plane import PathCommand, Point
from ._segment_shapes import (
    AMAZON_REACH,
    AMAZON_WATER,
    ICON_RADIUS,
    ROCK_RADIUS,
    SOURCE_RADIUS,
    TRIBUTARY_HALF_WIDTH,
    village_bridges,
    village_path,
)
from ._segment_spots import exclamation_spot, piece_scale, segment_spots, tile_spots
from ._svg_document import (
    AMAZON,
    BANK,
    INK,
    JUNGLE,
    JUNGLE_EDGE,
    ROCK,
    TRIBUTARY,
    TRIBUTARY_EDGE,
    VILLAGE,
    VILLAGE_EDGE,
    Pen,
    SvgDocument,
    check_cell_size,
    number,
    svg_document,
)
from ._tile_shapes import TileShapes, tile_shapes

__all__ = [
    "BADGES",
    "ICON_STYLES",
    "badge_for",
    "boat_glyph",
    "icon_glyph",
    "icon_kinds",
    "piece_glyph",
    "tile_group",
    "tile_svg",
]

#: Icon kind -> (Icons field, letter, fill colour, text colour, plural name).
ICON_STYLES: dict[str, tuple[str, str, str, str, str]] = {
    "boat": ("boats", "B", "#f7ecd2", "#5a3510", "Boat icons"),
    "fruit": ("fruit", "F", "#f08a24", "#3b1d00", "Fruit icons"),
    "animal": ("animals", "A", "#e4c27a", "#3f2a07", "animals"),
    "caiman": ("caimans", "C", "#4b5d23", "#ffffff", "caimans"),
    "piranha": ("piranhas", "P", "#c0392b", "#ffffff", "piranhas"),
}

#: Icon kind -> its count in words (``1 Boat icon``, ``2 animals``): the messages of
#: :func:`~carcassonne_amazonas.render.text.icons_text`, in any language.
_ICON_COUNTS: dict[str, tuple[str, str]] = {
    "boat": ("{n} Boat icon", "{n} Boat icons"),
    "fruit": ("{n} Fruit icon", "{n} Fruit icons"),
    "animal": ("{n} animal", "{n} animals"),
    "caiman": ("{n} caiman", "{n} caimans"),
    "piranha": ("{n} piranha", "{n} piranhas"),
}

#: The size of a meeple or camp: half its height, in cell units.
PIECE_SIZE = 0.2
_FONT = "font-family=\"sans-serif\" font-weight=\"bold\""


def path_data(pen: Pen, commands: tuple[PathCommand, ...], close: bool = False) -> str:
    """SVG path data (``d``) of an outline."""
    parts = []
    for letter, control, end in commands:
        if letter == "Q":
            parts.append(f"Q{pen.pt(control)} {pen.pt(end)}")
        else:
            parts.append(f"{letter}{pen.pt(end)}")
    return " ".join(parts) + (" Z" if close else "")


def icon_kinds(icons: Icons) -> list[tuple[str, int]]:
    """The kinds of icon on a segment with their counts, in :data:`ICON_STYLES` order."""
    return [(kind, getattr(icons, style[0])) for kind, style in ICON_STYLES.items()
            if getattr(icons, style[0])]


#: Where an icon's count may stand (the text's start, its anchor, the middle of its
#: glyph), from the icon's centre, best first: top right, top left, bottom right,
#: bottom left.
BADGES: tuple[tuple[Point, str, Point], ...] = (
    ((0.1, -0.06), "start", (0.14, -0.11)), ((-0.1, -0.06), "end", (-0.14, -0.11)),
    ((0.1, 0.16), "start", (0.14, 0.11)), ((-0.1, 0.16), "end", (-0.14, 0.11)))


def badge_for(centre: Point, pieces: list[Point], scale: float) -> int:
    """Which of :data:`BADGES` an icon at ``centre`` shows its count at: the first that
    no piece standing at ``pieces`` (drawn at ``scale``) covers, or else the one
    farthest from them."""
    def room(badge: tuple[Point, str, Point]) -> float:
        middle = (centre[0] + badge[2][0], centre[1] + badge[2][1])
        return min((math.dist(middle, piece) for piece in pieces), default=math.inf)

    clear = 1.1 * PIECE_SIZE * scale + 0.06  # to a piece's corner, and half the count
    return next((k for k, badge in enumerate(BADGES) if room(badge) >= clear),
                max(range(len(BADGES)), key=lambda k: (room(BADGES[k]), -k)))


def icon_glyph(pen: Pen, kind: str, count: int, centre: Point, css_class: str = "icon",
               extra: str = "", badge: int = 0, lang: str | None = None) -> str:
    """One icon: a disc with its letter, and its count when more than one (R-F7), where
    ``badge`` says (one of :data:`BADGES`); its title in ``lang`` (``None``: English)."""
    _, letter, fill, ink, plural = ICON_STYLES[kind]
    text_y = (centre[0], centre[1] + 0.055)
    if kind in _ICON_COUNTS:
        title = texts(lang).count(count, *_ICON_COUNTS[kind])
    else:  # a kind added to ICON_STYLES without words of its own
        title = f"{count} {plural if count > 1 else plural.rstrip('s')}"
    parts = [f'<g class="{css_class} {css_class}-{kind}" data-count="{count}"{extra}>',
             f"<title>{escape(title)}</title>",
             f'<circle {pen.xy(centre, ("cx", "cy"))} r="{pen.px(ICON_RADIUS)}" fill="{fill}" '
             f'stroke="{INK}" stroke-width="{pen.px(0.014)}"/>',
             f'<text {pen.xy(text_y)} font-size="{pen.px(0.155)}" {_FONT} '
             f'text-anchor="middle" fill="{ink}">{letter}</text>']
    if count > 1:
        (dx, dy), anchor, _ = BADGES[badge]
        parts.append(f'<text {pen.xy((centre[0] + dx, centre[1] + dy))} '
                     f'font-size="{pen.px(0.15)}" {_FONT} text-anchor="{anchor}" fill="#111" '
                     f'stroke="#fff" stroke-width="{pen.px(0.03)}" paint-order="stroke">'
                     f"{count}</text>")
    parts.append("</g>")
    return "".join(parts)


def piece_title(player: int | None, kind: PieceKind, lang: str | None = None) -> str:
    """A piece in words, in ``lang`` (``None``: English): ``yellow meeple``, ``red
    camp``; ``meeple`` or ``camp`` for no player (a legend's)."""
    t = texts(lang)
    if player is None:
        return (t.pgettext("piece", "meeple") if kind is PieceKind.MEEPLE
                else t.pgettext("piece", "camp"))
    who = colour(player, lang=lang)
    if kind is PieceKind.MEEPLE:
        return t.gettext("{colour} meeple").format(colour=who)
    return t.gettext("{colour} camp").format(colour=who)


def boat_title(player: int | None, lang: str | None = None) -> str:
    """A boat in words, in ``lang`` (``None``: English): ``yellow boat``; ``boat`` for
    no player (a legend's)."""
    t = texts(lang)
    if player is None:
        return t.gettext("boat")
    return t.gettext("{colour} boat").format(colour=colour(player, lang=lang))


def piece_glyph(pen: Pen, player: int | None, kind: PieceKind, at: Point, extra: str = "",
                css_class: str = "piece", scale: float = 1.0, lang: str | None = None) -> str:
    """A meeple or a camp (a tent) of ``player`` (None: a grey one, for a legend)
    standing at ``at``, ``scale`` times full size (:data:`PIECE_SIZE`; smaller on a
    crowded tile, R-T5); its title in ``lang`` (:func:`piece_title`)."""
    fill = "#b9b9b9" if player is None else PLAYER_COLOURS[player]
    stroke = "#ffffff" if fill in ("black", "blue", "green", "red") else "#000000"
    who = "" if player is None else f' data-player="{player}"'
    name = kind.value
    size = PIECE_SIZE * scale

    def p(dx: float, dy: float) -> str:
        return pen.pt((at[0] + dx * size, at[1] + dy * size))

    if kind is PieceKind.MEEPLE:
        head = pen.xy((at[0], at[1] - 0.55 * size), ("cx", "cy"))
        body = (f"M{p(-0.75, 0.8)} L{p(-0.25, -0.05)} L{p(-0.8, -0.15)} L{p(-0.7, -0.45)} "
                f"L{p(0.7, -0.45)} L{p(0.8, -0.15)} L{p(0.25, -0.05)} L{p(0.75, 0.8)} "
                f"L{p(0.0, 0.45)} Z")
        shape = (f'<path d="{body}" fill="{fill}" stroke="{stroke}" '
                 f'stroke-width="{pen.px(0.025)}" stroke-linejoin="round"/>'
                 f'<circle {head} r="{pen.px(0.3 * size)}" '
                 f'fill="{fill}" stroke="{stroke}" stroke-width="{pen.px(0.025)}"/>')
    else:
        tent = f"M{p(-0.85, 0.65)} L{p(0.0, -0.8)} L{p(0.85, 0.65)} Z"
        door = f"M{p(0.0, -0.1)} L{p(-0.25, 0.65)} L{p(0.25, 0.65)} Z"
        shape = (f'<path d="{tent}" fill="{fill}" stroke="{stroke}" '
                 f'stroke-width="{pen.px(0.025)}" stroke-linejoin="round"/>'
                 f'<path d="{door}" fill="{stroke}" opacity="0.7"/>')
    kind_class = name if css_class == "piece" else f"{css_class}-{name}"
    return (f'<g class="{css_class} {kind_class}"{who}{extra}>'
            f"<title>{escape(piece_title(player, kind, lang))}</title>{shape}</g>")


def boat_glyph(pen: Pen, player: int | None, at: Point, *, size: float = 0.13,
               extra: str = "", css_class: str = "boat", title: str = "",
               lang: str | None = None) -> str:
    """A boat of ``player`` (None: a grey one, for a legend): a hull in their colour
    under a white sail; ``title`` describes it (by default :func:`boat_title` in
    ``lang``)."""
    fill = "#b9b9b9" if player is None else PLAYER_COLOURS[player]
    stroke = "#ffffff" if fill == "black" else "#000000"
    who = "" if player is None else f' data-player="{player}"'
    title = title or boat_title(player, lang)

    def p(dx: float, dy: float) -> str:
        return pen.pt((at[0] + dx * size, at[1] + dy * size))

    hull = f"M{p(-1, 0)} L{p(1, 0)} L{p(0.6, 0.6)} L{p(-0.6, 0.6)} Z"
    sail = f"M{p(0, -0.05)} L{p(0, -1.1)} L{p(0.7, -0.05)} Z"
    return (f'<g class="{css_class}"{who}{extra}>'
            f"<title>{escape(title)}</title>"
            f'<path d="{sail}" fill="#ffffff" stroke="#333" stroke-width="{pen.px(0.01)}"/>'
            f'<path d="{hull}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{pen.px(0.015)}"/></g>')


def _segment_labels(pen: Pen, shapes: TileShapes) -> list[str]:
    out = ['<g class="segment-labels">']
    for index in range(len(shapes.layout.segments)):
        x, y = segment_spots(shapes, index)[0]
        out.append(f'<g class="segment-label" data-segment="{index}">'
                   f"<title>segment {index}: "
                   f"{escape(segment_name(shapes.layout, shapes.rotation, index))}</title>"
                   f'<circle {pen.xy((x, y), ("cx", "cy"))} r="{pen.px(0.1)}" fill="#ffffff" '
                   f'fill-opacity="0.85" stroke="{INK}" stroke-width="{pen.px(0.015)}"/>'
                   f'<text {pen.xy((x, y + 0.05))} font-size="{pen.px(0.14)}" {_FONT} '
                   f'text-anchor="middle" fill="{INK}">{index}</text></g>')
    out.append("</g>")
    return out


def _icons(pen: Pen, tile: Tile, shapes: TileShapes, lang: str | None) -> list[str]:
    """The icons of every segment at their spots, each count where no piece covers it."""
    pieces = [piece for (piece, _), terrain in zip(tile_spots(shapes), shapes.terrains)
              if terrain is not Terrain.AMAZON]
    scale = piece_scale(shapes)
    out: list[str] = []
    for index, icons in enumerate(tile.icons):
        kinds = icon_kinds(icons)
        spots = segment_spots(shapes, index)[1]
        out.extend(icon_glyph(pen, kind, count, spot, extra=f' data-segment="{index}"',
                              badge=badge_for(spot, pieces, scale) if count > 1 else 0,
                              lang=lang)
                   for (kind, count), spot in zip(kinds, spots))
    return out


def tile_group(pen: Pen, tile: Tile, rotation: Rotation, position: Position | None,
               title: str, *, segment_labels: bool = False, css: str = "tile",
               lang: str | None = None) -> str:
    """A ``g.tile`` (or of class ``css``) drawing ``tile`` turned by ``rotation`` with its
    anchor cell's top-left corner at the pen's origin; ``position`` (on a board) adds
    ``data-x`` and ``data-y``; ``segment_labels`` writes each segment's index at its
    anchor; ``lang`` is the language of the icons' titles (``None``: English)."""
    shapes = tile_shapes(tile, rotation)
    attributes = (f'class="{css} tile-{tile.kind.value}" data-tile={quoteattr(tile.name)} '
                  f'data-layout={quoteattr(tile.layout.name)} '
                  f'data-rotation="{rotation.degrees}"')
    if position is not None:
        attributes += f' data-x="{position.x}" data-y="{position.y}"'
    out = [f"<g {attributes}>", f"<title>{escape(title)}</title>"]
    for cell in shapes.cells:
        out.append(f'<rect class="jungle" {pen.rect(cell, 1, 1)} fill="{JUNGLE}"/>')
    for index, cell in shapes.village_sides:
        d = path_data(pen, village_path(shapes, index, cell), True)
        out.append(f'<path class="village" data-segment="{index}" d="{d}" fill="{VILLAGE}" '
                   f'stroke="{VILLAGE_EDGE}" stroke-width="{pen.px(0.025)}" '
                   f'stroke-linejoin="round"/>')
    for index in shapes.of_terrain(Terrain.VILLAGE):
        for corner, opposite in village_bridges(shapes, index):
            out.append(f'<rect class="village" data-segment="{index}" '
                       f'{pen.rect(corner, opposite[0] - corner[0], opposite[1] - corner[1])} '
                       f'fill="{VILLAGE}"/>')
    rocks: list[Point] = []
    for index, tributary in shapes.tributaries.items():
        d = " ".join(path_data(pen, p) for p in tributary.paths)
        for css, paint, width in (("tributary-bank", TRIBUTARY_EDGE, TRIBUTARY_HALF_WIDTH),
                                   ("tributary", TRIBUTARY, TRIBUTARY_HALF_WIDTH * 2 / 3)):
            out.append(f'<path class="{css}" data-segment="{index}" d="{d}" fill="none" '
                       f'stroke="{paint}" stroke-width="{pen.px(2 * width)}" '
                       f'stroke-linecap="butt" stroke-linejoin="round"/>')
        if tributary.rock is not None and tributary.rock not in rocks:
            rocks.append(tributary.rock)
    for index, amazon in shapes.amazons.items():
        d = "M" + " L".join(pen.pt(p) for p in amazon.line)
        out.append(f'<path class="amazon-bank" d="{d}" fill="none" stroke="{BANK}" '
                   f'stroke-width="{pen.px(2 * AMAZON_REACH)}"/>')
        out.append(f'<path class="amazon" data-segment="{index}" d="{d}" fill="none" '
                   f'stroke="{AMAZON}" stroke-width="{pen.px(2 * AMAZON_WATER)}"/>')
        if amazon.source is not None:
            out.append(f'<circle class="source" {pen.xy(amazon.source, ("cx", "cy"))} '
                       f'r="{pen.px(SOURCE_RADIUS)}" fill="{AMAZON}" stroke="{BANK}" '
                       f'stroke-width="{pen.px(0.05)}"/>')
    for rock in rocks:
        out.append(f'<circle class="rock" {pen.xy(rock, ("cx", "cy"))} '
                   f'r="{pen.px(ROCK_RADIUS)}" fill="{ROCK}" stroke="#4a4a46" '
                   f'stroke-width="{pen.px(0.02)}"/>')
    out.extend(_icons(pen, tile, shapes, lang))
    out.append(f'<rect class="outline" {pen.rect((0, 0), shapes.width, shapes.height)} '
               f'fill="none" stroke="{JUNGLE_EDGE}" stroke-width="{pen.px(0.03)}"/>')
    mark = exclamation_spot(shapes)
    if mark is not None:
        out.append(f'<text class="exclamation" {pen.xy((mark[0], mark[1] + 0.1))} '
                   f'font-size="{pen.px(0.3)}" '
                   f'{_FONT} text-anchor="middle" fill="#ffdd33" stroke="#000" '
                   f'stroke-width="{pen.px(0.015)}">!</text>')
    if segment_labels:
        out.extend(_segment_labels(pen, shapes))
    out.append("</g>")
    return "\n".join(out)


def tile_svg(tile: Tile, rotation: Rotation = Rotation.R0, *, cell_size: float = 96,
             label: bool = True, segment_labels: bool = False) -> SvgDocument:
    """An SVG document of one tile copy turned clockwise by ``rotation``.

    ``rotation`` must be one the tile's kind allows (standard tiles any, Amazon and
    double tiles 0° and 180°, the start tile 0°; R-G5), else ``ValueError``.
    ``label`` adds the tile's name and rotation under it; ``segment_labels`` writes
    each segment's index (as in ``PlaceMeeple(position, segment)``, R-T5) at the
    point where its piece would stand.  ``cell_size`` is a finite positive number, as
    for :func:`~carcassonne_amazonas.render.svg.board_svg`.

    ``TypeError`` for a ``tile`` that is not a :class:`~carcassonne_amazonas.tiles.tileset.Tile`
    (a name: ``tileset.tile_named("A4.3")``) or a ``rotation`` that is not a
    :class:`~carcassonne_amazonas.tiles.geometry.Rotation` (degrees:
    ``Rotation.from_degrees(90)``).
    """
    check_tile_and_rotation(tile, rotation)
    cell_size = check_cell_size(cell_size)
    shapes = tile_shapes(tile, rotation)
    pad = cell_size * 0.1
    label_height = cell_size * 0.36 if label else 0.0
    width = shapes.width * cell_size + 2 * pad
    height = shapes.height * cell_size + 2 * pad + label_height
    name = f"{tile.name} {rotation.degrees}° – {tile.layout.title}"
    body = [tile_group(Pen(pad, pad, cell_size), tile, rotation, None, name,
                       segment_labels=segment_labels)]
    if label:
        font = max(cell_size * 0.12, 8.0)
        body.append(f'<text class="label" x="{number(width / 2)}" '
                    f'y="{number(height - pad - label_height * 0.25)}" font-size="{number(font)}" '
                    f'font-family="sans-serif" text-anchor="middle" fill="{INK}">'
                    f"{escape(tile.name)} · {rotation.degrees}°</text>")
    return svg_document(width, height, body, name)


def tileset_svg(tileset: TileSet, *, cell_size: float = 40, width: int = 16) -> SvgDocument:
    """An SVG sheet of a whole tile set: every design once (copies with the same layout
    and icons are interchangeable, R-F7), unturned, in the set's order, rows of at most
    ``width`` cells, each labelled with its first copy's name and ``×n`` for n copies.

    ``TypeError`` for a ``tileset`` that is not a
    :class:`~carcassonne_amazonas.tiles.tileset.TileSet`; ``cell_size`` as for
    :func:`tile_svg`.
    """
    check_exact(tileset, TileSet, "tileset")
    size = check_cell_size(cell_size)
    designs: dict[tuple[str, tuple[Icons, ...]], list[Tile]] = {}
    for tile in tileset.tiles:
        designs.setdefault(tile.design, []).append(tile)
    pad, label = size * 0.25, size * 0.4
    body: list[str] = []
    x = y = row_height = 0.0
    right = 0.0
    for copies in designs.values():
        tile = copies[0]
        shapes = tile_shapes(tile, tile.layout.rotations[0])
        if x and x + shapes.width * size > width * size:
            x, y, row_height = 0.0, y + row_height, 0.0
        at = (pad + x, pad + y)
        body.append(tile_group(Pen(*at, size), tile, tile.layout.rotations[0], None,
                               f"{tile.name} – {tile.layout.title}, {len(copies)} copies"))
        count = f" ×{len(copies)}" if len(copies) > 1 else ""
        body.append(f'<text class="label" x="{number(at[0])}" '
                    f'y="{number(at[1] + shapes.height * size + label * 0.7)}" '
                    f'font-size="{number(max(size * 0.2, 8.0))}" font-family="sans-serif" '
                    f'fill="{INK}">{escape(tile.name + count)}</text>')
        x += max(shapes.width, 1.5) * size + pad
        right = max(right, x)
        row_height = max(row_height, shapes.height * size + label + pad)
    title = f"{tileset.title}: {len(tileset.tiles)} tiles, {len(designs)} designs"
    return svg_document(right + pad, y + row_height + pad, body, title)
