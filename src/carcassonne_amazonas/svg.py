"""SVG pictures of tiles and boards, drawn from the tile-set data (standard library only).

:func:`tile_svg` draws one tile copy in one rotation; :func:`board_svg` draws
a whole game position: every placed tile, the pieces, the open cells, the
boat track beside the river and a score table.  Both return the text of a
complete ``<svg>`` document (UTF-8, no XML declaration, so it can also be
inlined into HTML).

Nothing is drawn from artwork: the picture is derived from each segment's
ports (:class:`~carcassonne_amazonas.tiles.Segment` and the turned
:class:`~carcassonne_amazonas.tiles.VariantCell` tables), so custom tile sets
draw just as well:

- jungle is the green background of every cell;
- a tributary is a blue line from the middle of each edge it crosses to the
  cell's centre, ending at a grey rock when it has a single end (or flowing
  into the Amazon on river tiles);
- a village is an ochre shape covering the edges it lies on;
- the Amazon is a wide blue band between sandy banks, rising at a source on
  the start tile;
- icons are small labelled circles: ``B`` boat, ``F`` fruit, ``A`` animal,
  ``C`` caiman, ``P`` piranha, with their count when more than one;
- meeples and camps (tents) are drawn in their player's colour
  (:data:`~carcassonne_amazonas.state.PLAYER_COLOURS`), boats on a track of
  river spaces beside the board, aligned with the river rows they belong to.

The elements carry classes for styling and testing: ``g.tile`` (one per placed
tile, with ``data-tile``, ``data-x``, ``data-y``, ``data-rotation``),
``g.piece`` (``meeple`` or ``camp``, ``data-player``), ``g.boat``
(``data-player``, ``data-space``), ``g.icon`` (``icon-boat`` ...,
``data-count``), ``rect.open`` and ``g.track``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from .board import Placement
from .geometry import Position, Rotation, Side, port_index, port_side
from .state import PLAYER_COLOURS, GameState, PieceKind
from .tiles import Icons, Terrain, Tile

__all__ = ["ICON_STYLES", "board_svg", "tile_svg"]

Point = tuple[float, float]

SVG_NS = "http://www.w3.org/2000/svg"

JUNGLE = "#4e8a3e"
JUNGLE_EDGE = "#2f5d25"
VILLAGE = "#c9923f"
VILLAGE_EDGE = "#6e4718"
TRIBUTARY = "#5bb0e8"
TRIBUTARY_EDGE = "#1f5f8f"
AMAZON = "#2c6fb7"
BANK = "#d8c48c"
ROCK = "#9b9b96"
BACKGROUND = "#f3eedf"
TRACK = "#cfe3f3"

#: Icon kind -> (Icons field, letter, fill colour, text colour, plural name).
ICON_STYLES: dict[str, tuple[str, str, str, str, str]] = {
    "boat": ("boats", "B", "#f7ecd2", "#5a3510", "Boat icons"),
    "fruit": ("fruit", "F", "#f08a24", "#3b1d00", "Fruit icons"),
    "animal": ("animals", "A", "#e4c27a", "#3f2a07", "animals"),
    "caiman": ("caimans", "C", "#4b5d23", "#ffffff", "caimans"),
    "piranha": ("piranhas", "P", "#c0392b", "#ffffff", "piranhas"),
}

_OUTWARD: dict[Side, Point] = {Side.NORTH: (0.0, -1.0), Side.EAST: (1.0, 0.0),
                               Side.SOUTH: (0.0, 1.0), Side.WEST: (-1.0, 0.0)}
_CORNER: dict[Side, Point] = {Side.NORTH: (0.0, 0.0), Side.EAST: (1.0, 0.0),
                              Side.SOUTH: (1.0, 1.0), Side.WEST: (0.0, 1.0)}
_DELTA: dict[Side, tuple[int, int]] = {Side.NORTH: (0, -1), Side.EAST: (1, 0),
                                       Side.SOUTH: (0, 1), Side.WEST: (-1, 0)}
# Where a jungle's icons and camp may sit inside a cell.
_SPOTS: tuple[Point, ...] = ((0.2, 0.2), (0.5, 0.18), (0.8, 0.2), (0.18, 0.5), (0.82, 0.5),
                             (0.2, 0.8), (0.5, 0.82), (0.8, 0.8), (0.35, 0.35), (0.65, 0.35),
                             (0.35, 0.65), (0.65, 0.65))


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _port_point(port: int) -> Point:
    """Where a port lies on the unit cell (y grows downstream)."""
    t = (2 * port_index(port) - 1) / 6
    side = port_side(port)
    if side is Side.NORTH:
        return (t, 0.0)
    if side is Side.EAST:
        return (1.0, t)
    if side is Side.SOUTH:
        return (1.0 - t, 1.0)
    return (0.0, 1.0 - t)


def _mix(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class _Pen:
    """Turns tile units (one cell = 1) into pixels: ``origin + units * size``."""

    def __init__(self, x: float, y: float, size: float) -> None:
        self.x, self.y, self.size = x, y, size

    def pt(self, point: Point) -> str:
        return f"{_num(self.x + point[0] * self.size)},{_num(self.y + point[1] * self.size)}"

    def px(self, units: float) -> str:
        return _num(units * self.size)

    def xy(self, point: Point, names: tuple[str, str] = ("x", "y")) -> str:
        return (f'{names[0]}="{_num(self.x + point[0] * self.size)}" '
                f'{names[1]}="{_num(self.y + point[1] * self.size)}"')


class _TileShapes:
    """The geometry of one tile copy in one rotation, in tile units from its anchor."""

    def __init__(self, tile: Tile, rotation: Rotation) -> None:
        self.tile = tile
        self.rotation = rotation
        variant = tile.layout.variant(rotation)
        self.cells = [(c.dx, c.dy) for c in variant.cells]
        self.width = max(dx for dx, _ in self.cells) + 1
        self.height = max(dy for _, dy in self.cells) + 1
        segments = tile.layout.segments
        # segment index -> cell -> ports (turned) of that segment in that cell
        self.ports: list[dict[tuple[int, int], list[int]]] = [{} for _ in segments]
        for cell in variant.cells:
            for port, owner in enumerate(cell.port_segments):
                if owner >= 0:
                    self.ports[owner].setdefault((cell.dx, cell.dy), []).append(port)
        self.terrains = [s.terrain for s in segments]
        self.amazon = [i for i, t in enumerate(self.terrains) if t is Terrain.AMAZON]
        self.amazon_x: float | None = None
        for index in self.amazon:
            for dx, _ in self.ports[index]:
                self.amazon_x = dx + 0.5
        # (village segment, cell) -> the outer sides of the cell it lies on
        self.village_sides: dict[tuple[int, tuple[int, int]], set[Side]] = {}
        for index, terrain in enumerate(self.terrains):
            if terrain is Terrain.VILLAGE:
                for where, ports in self.ports[index].items():
                    self.village_sides[(index, where)] = {port_side(p) for p in ports}

    def point(self, cell: tuple[int, int], port: int) -> Point:
        x, y = _port_point(port)
        return (cell[0] + x, cell[1] + y)

    @staticmethod
    def centre(cell: tuple[int, int]) -> Point:
        return (cell[0] + 0.5, cell[1] + 0.5)

    def centre_in_village(self, cell: tuple[int, int]) -> bool:
        for (_, village_cell), sides in self.village_sides.items():
            if village_cell == cell and (len(sides) >= 3 or sides in (
                    {Side.NORTH, Side.SOUTH}, {Side.EAST, Side.WEST})):
                return True
        return False

    # -- villages ---------------------------------------------------------------------------

    def village_path(self, index: int, cell: tuple[int, int]) -> list[tuple[str, Point, Point]]:
        """Path commands (``M``/``L``/``Q``, control, end) of a village in one cell.

        The shape runs along the covered sides; each run of uncovered sides is
        one curve bulging towards them, so a single side is a cap, two
        adjacent sides a diagonal, two opposite sides a band.
        """
        covered = self.village_sides[(index, cell)]
        ox, oy = cell

        def at(point: Point) -> Point:
            return (ox + point[0], oy + point[1])

        sides = list(Side)
        if len(covered) == 4:
            corners = [at(_CORNER[s]) for s in sides]
            return [("M", corners[0], corners[0])] + [("L", c, c) for c in corners[1:]]
        first = next(s for s in sides if s in covered and Side((s - 1) % 4) not in covered)
        order = [Side((first + k) % 4) for k in range(4)]
        commands: list[tuple[str, Point, Point]] = [("M", at(_CORNER[first]),
                                                     at(_CORNER[first]))]
        k = 0
        while k < 4:
            side = order[k]
            if side in covered:
                end = at(_CORNER[Side((side + 1) % 4)])
                commands.append(("L", end, end))
                k += 1
                continue
            run = []
            while k < 4 and order[k] not in covered:
                run.append(order[k])
                k += 1
            vx = sum(_OUTWARD[s][0] for s in run)
            vy = sum(_OUTWARD[s][1] for s in run)
            control = at((0.5 + 0.05 * vx, 0.5 + 0.05 * vy))
            commands.append(("Q", control, at(_CORNER[Side((run[-1] + 1) % 4)])))
        return commands

    def village_bridges(self, index: int) -> list[tuple[Point, Point]]:
        """Rectangles (corner, corner) joining a village's parts in neighbouring cells of a
        multi-cell tile along the outer side they share."""
        bridges = []
        for (dx, dy), _ in self.ports[index].items():
            for side, (ndx, ndy) in ((Side.EAST, (1, 0)), (Side.SOUTH, (0, 1))):
                other = (dx + ndx, dy + ndy)
                if other not in self.ports[index]:
                    continue
                shared = self.village_sides[(index, (dx, dy))] & self.village_sides[(index, other)]
                for along in shared:
                    if along in (Side.NORTH, Side.SOUTH) and side is Side.EAST:
                        y0 = 0.0 if along is Side.NORTH else 0.72
                        bridges.append(((dx + 0.5, dy + y0), (dx + 1.5, dy + y0 + 0.28)))
                    elif along in (Side.EAST, Side.WEST) and side is Side.SOUTH:
                        x0 = 0.0 if along is Side.WEST else 0.72
                        bridges.append(((dx + x0, dy + 0.5), (dx + x0 + 0.28, dy + 1.5)))
        return bridges

    def village_spots(self, index: int, icons: int) -> tuple[Point, list[Point]]:
        cell = max(self.ports[index], key=lambda c: len(self.ports[index][c]))
        sides = sorted(self.village_sides[(index, cell)])
        mid = (sum(0.5 + 0.5 * _OUTWARD[s][0] for s in sides) / len(sides),
               sum(0.5 + 0.5 * _OUTWARD[s][1] for s in sides) / len(sides))
        if len(sides) == 1:
            out = _OUTWARD[sides[0]]
            along = (-out[1], out[0])
            middle = _mix(mid, (0.5, 0.5), 0.27)
            spots = [middle] + [(middle[0] + along[0] * 0.23 * k, middle[1] + along[1] * 0.23 * k)
                                for k in (-1, 2, -2)]
            piece = (middle[0] + along[0] * 0.25, middle[1] + along[1] * 0.25)
        else:
            piece = _mix(mid, (0.5, 0.5), 0.3) if len(sides) < 4 else (0.5, 0.5)
            spots = [(piece[0] + 0.22 * k, piece[1]) for k in (1, -1, 2, -2, 3)]
        return ((cell[0] + piece[0], cell[1] + piece[1]),
                [(cell[0] + x, cell[1] + y) for x, y in spots[:icons]])

    # -- tributaries ------------------------------------------------------------------------

    def tributary(self, index: int) -> tuple[list[list[tuple[str, Point, Point]]],
                                              Point | None, list[Point]]:
        """A tributary's path pieces (``M``/``L``/``Q`` commands), its rock if it ends at
        one, and a line along its visible part for its piece and icons."""
        cells = self.ports[index]
        if len(cells) == 1:
            cell, ports = next(iter(cells.items()))
            centre = self.centre(cell)
            points = [self.point(cell, p) for p in ports]
            if len(points) == 1:
                start = points[0]
                if self.amazon_x is not None:
                    line = [start, centre]
                    if abs(self.amazon_x - centre[0]) > 1e-9:
                        line.append((self.amazon_x, centre[1]))
                    return [_polyline(line)], None, _visible(line, self.amazon_x)
                end = _mix(start, centre, 0.55) if self.centre_in_village(cell) else centre
                return [_polyline([start, end])], end, [start, end]
            if len(points) == 2:
                curve = [_quad(points[0], centre, points[1], t / 8) for t in range(9)]
                return [[("M", points[0], points[0]), ("Q", centre, points[1])]], None, curve
            return [_polyline([p, centre]) for p in points], None, [points[0], centre]
        paths: list[list[tuple[str, Point, Point]]] = []
        for cell, ports in cells.items():
            paths.extend(_polyline([self.point(cell, p), self.centre(cell)]) for p in ports)
        paths.append(_polyline([self.centre(cell) for cell in cells]))
        first_cell, first_ports = next(iter(cells.items()))
        return paths, None, [self.point(first_cell, first_ports[0]), self.centre(first_cell)]

    def tributary_spots(self, index: int, icons: int) -> tuple[Point, list[Point]]:
        line = self.tributary(index)[2]
        length = _length(line)
        piece = _along(line, 0.5)
        if length >= 0.6:
            spots = [_along(line, t) for t in (0.25, 0.75, 0.12, 0.88)]
        else:
            (x0, y0), (x1, y1) = line[0], line[-1]
            norm = math.hypot(x1 - x0, y1 - y0) or 1.0
            tx, ty = (x1 - x0) / norm, (y1 - y0) / norm
            spots = [(piece[0] - ty * 0.2 + tx * 0.2 * k, piece[1] + tx * 0.2 + ty * 0.2 * k)
                     for k in (0, 1, -1, 2)]
        return piece, spots[:icons]

    # -- the Amazon -------------------------------------------------------------------------

    def amazon_points(self, index: int) -> tuple[list[Point], Point | None]:
        """The Amazon's centre line (upstream first) and its source, if it rises here."""
        cells = self.ports[index]
        points: list[Point] = []
        for cell, ports in cells.items():
            points.extend(self.point(cell, p) for p in ports)
            points.append(self.centre(cell))
        source: Point | None = None
        all_ports = [(cell, p) for cell, ports in cells.items() for p in ports]
        if len(all_ports) == 1:
            (cx, cy), port = all_ports[0]
            dx, dy = _DELTA[port_side(port)]
            x, y = cx, cy
            while (x - dx, y - dy) in self.cells:
                x, y = x - dx, y - dy
            source = (x + 0.5 + 0.05 * dx, y + 0.5 + 0.05 * dy)
            points.append(source)
        points.sort(key=lambda p: (p[1], p[0]))
        return points, source

    def amazon_spots(self, index: int, icons: int) -> tuple[Point, list[Point]]:
        points, _ = self.amazon_points(index)
        top = max(points[0][1], 0.0) + 0.15
        bottom = min(points[-1][1], float(self.height)) - 0.15
        x = points[0][0]
        spots = [(x, top + (bottom - top) * (j + 1) / (icons + 1)) for j in range(icons)]
        return _mix(points[0], points[-1], 0.5), spots

    # -- jungles ----------------------------------------------------------------------------

    def jungle_spots(self, index: int, icons: int) -> tuple[Point, list[Point]]:
        """The spots nearest a jungle's own ports among those whose nearest port is its:
        the best for the camp, the next ones (apart from it) for the icons."""
        own = [self.point(cell, p) for cell, ports in self.ports[index].items() for p in ports]
        others = [self.point(cell, p) for i, cells in enumerate(self.ports) if i != index
                  for cell, ports in cells.items() for p in ports]
        ranked: list[tuple[float, Point]] = []
        for cell in self.cells:
            river = self.amazon_x is not None and abs(cell[0] + 0.5 - self.amazon_x) < 0.5
            for sx, sy in _SPOTS:
                if river and (abs(sx - 0.5) < 0.3 or 0.25 < sy < 0.75):
                    continue
                spot = (cell[0] + sx, cell[1] + sy)
                mine = min(math.dist(spot, p) for p in own)
                theirs = min((math.dist(spot, p) for p in others), default=math.inf)
                if mine <= theirs + 1e-9:
                    score = mine + 0.2 * sum(math.dist(spot, p) for p in own) / len(own)
                    ranked.append((score, spot))
        ranked.sort()
        if not ranked:  # a jungle squeezed between other segments: by its first port
            cell, ports = next(iter(self.ports[index].items()))
            spot = _mix(self.point(cell, ports[0]), self.centre(cell), 0.3)
            return spot, [spot] * icons
        # The icons take the best spots, the camp the next one apart from them.
        chosen: list[Point] = []
        for _, spot in ranked:
            if all(math.dist(spot, s) > 0.2 for s in chosen):
                chosen.append(spot)
        best = chosen[0]
        cell = (math.floor(best[0]), math.floor(best[1]))
        while len(chosen) < icons + 1:
            chosen.append(_mix(chosen[-1], self.centre(cell), 0.45))
        return chosen[icons], chosen[:icons]

    def spots(self, index: int, icons: int = 0) -> tuple[Point, list[Point]]:
        """Where a segment's piece goes, and where ``icons`` icon kinds go."""
        terrain = self.terrains[index]
        if terrain is Terrain.TRIBUTARY:
            return self.tributary_spots(index, icons)
        if terrain is Terrain.AMAZON:
            return self.amazon_spots(index, icons)
        if terrain is Terrain.VILLAGE:
            return self.village_spots(index, icons)
        return self.jungle_spots(index, icons)


def _polyline(points: list[Point]) -> list[tuple[str, Point, Point]]:
    return [("M" if i == 0 else "L", p, p) for i, p in enumerate(points)]


def _quad(p0: Point, control: Point, p1: Point, t: float) -> Point:
    a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t * t
    return (a * p0[0] + b * control[0] + c * p1[0], a * p0[1] + b * control[1] + c * p1[1])


def _length(line: list[Point]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(line))


def _along(line: list[Point], t: float) -> Point:
    """The point at fraction ``t`` of a polyline's length."""
    left = _length(line) * t
    for a, b in itertools.pairwise(line):
        step = math.dist(a, b)
        if step >= left and step > 0:
            return _mix(a, b, left / step)
        left -= step
    return line[-1]


def _visible(line: list[Point], amazon_x: float) -> list[Point]:
    """The part of a tributary's line outside the Amazon's band and banks."""
    out = [line[0]]
    for a, b in itertools.pairwise(line):
        if abs(b[0] - amazon_x) < 0.25 and abs(a[0] - amazon_x) >= 0.25 and a[0] != b[0]:
            edge = amazon_x + (0.25 if a[0] > amazon_x else -0.25)
            out.append(_mix(a, b, (edge - a[0]) / (b[0] - a[0])))
            return out
        out.append(b)
    return out


def _path_d(pen: _Pen, commands: list[tuple[str, Point, Point]], close: bool = False) -> str:
    parts = []
    for letter, control, end in commands:
        if letter == "Q":
            parts.append(f"Q{pen.pt(control)} {pen.pt(end)}")
        else:
            parts.append(f"{letter}{pen.pt(end)}")
    return " ".join(parts) + (" Z" if close else "")


def _icon_kinds(icons: Icons) -> list[tuple[str, int]]:
    return [(kind, getattr(icons, style[0])) for kind, style in ICON_STYLES.items()
            if getattr(icons, style[0])]


def _icon(pen: _Pen, kind: str, count: int, centre: Point) -> str:
    _, letter, fill, ink, plural = ICON_STYLES[kind]
    radius = 0.085
    text_y = (centre[0], centre[1] + 0.035)
    parts = [f'<g class="icon icon-{kind}" data-count="{count}">',
             f"<title>{count} {plural if count > 1 else plural.rstrip('s')}</title>",
             f'<circle {pen.xy(centre, ("cx", "cy"))} r="{pen.px(radius)}" fill="{fill}" '
             f'stroke="#222" stroke-width="{pen.px(0.012)}"/>',
             f'<text {pen.xy(text_y)} font-size="{pen.px(0.1)}" font-family="sans-serif" '
             f'font-weight="bold" text-anchor="middle" fill="{ink}">{letter}</text>']
    if count > 1:
        badge = (centre[0] + 0.075, centre[1] - 0.055)
        parts.append(f'<text {pen.xy(badge)} font-size="{pen.px(0.085)}" font-family="sans-serif" '
                     f'font-weight="bold" fill="#111" stroke="#fff" '
                     f'stroke-width="{pen.px(0.02)}" paint-order="stroke">{count}</text>')
    parts.append("</g>")
    return "".join(parts)


def _icons_of_segment(pen: _Pen, shapes: _TileShapes, index: int, icons: Icons) -> list[str]:
    kinds = _icon_kinds(icons)
    if not kinds:
        return []
    _, spots = shapes.spots(index, len(kinds))
    return [_icon(pen, kind, count, spot) for (kind, count), spot in zip(kinds, spots)]


def _tile_group(pen: _Pen, tile: Tile, rotation: Rotation, position: Position | None,
                title: str) -> str:
    shapes = _TileShapes(tile, rotation)
    attrs = (f'class="tile tile-{tile.kind.value}" data-tile={quoteattr(tile.name)} '
             f'data-layout={quoteattr(tile.layout.name)} data-rotation="{rotation.degrees}"')
    if position is not None:
        attrs += f' data-x="{position.x}" data-y="{position.y}"'
    out = [f"<g {attrs}>", f"<title>{escape(title)}</title>"]
    for cell in shapes.cells:
        out.append(f'<rect class="jungle" {pen.xy(cell)} width="{pen.px(1)}" '
                   f'height="{pen.px(1)}" fill="{JUNGLE}"/>')
    for index, cell in shapes.village_sides:
        d = _path_d(pen, shapes.village_path(index, cell), True)
        out.append(f'<path class="village" d="{d}" fill="{VILLAGE}" stroke="{VILLAGE_EDGE}" '
                   f'stroke-width="{pen.px(0.025)}" stroke-linejoin="round"/>')
    for index, terrain in enumerate(shapes.terrains):
        if terrain is Terrain.VILLAGE:
            for corner, opposite in shapes.village_bridges(index):
                out.append(f'<rect class="village" {pen.xy(corner)} '
                           f'width="{pen.px(opposite[0] - corner[0])}" '
                           f'height="{pen.px(opposite[1] - corner[1])}" fill="{VILLAGE}"/>')
    rocks: list[Point] = []
    for index, terrain in enumerate(shapes.terrains):
        if terrain is not Terrain.TRIBUTARY:
            continue
        paths, rock, _ = shapes.tributary(index)
        d = " ".join(_path_d(pen, p) for p in paths)
        out.append(f'<path class="tributary-bank" d="{d}" fill="none" stroke="{TRIBUTARY_EDGE}" '
                   f'stroke-width="{pen.px(0.15)}" stroke-linecap="butt" '
                   f'stroke-linejoin="round"/>')
        out.append(f'<path class="tributary" d="{d}" fill="none" stroke="{TRIBUTARY}" '
                   f'stroke-width="{pen.px(0.1)}" stroke-linecap="butt" '
                   f'stroke-linejoin="round"/>')
        if rock is not None and rock not in rocks:
            rocks.append(rock)
    for index in shapes.amazon:
        points, source = shapes.amazon_points(index)
        d = "M" + " L".join(pen.pt(p) for p in points)
        out.append(f'<path class="amazon-bank" d="{d}" fill="none" stroke="{BANK}" '
                   f'stroke-width="{pen.px(0.5)}"/>')
        out.append(f'<path class="amazon" d="{d}" fill="none" stroke="{AMAZON}" '
                   f'stroke-width="{pen.px(0.36)}"/>')
        if source is not None:
            out.append(f'<circle class="source" {pen.xy(source, ("cx", "cy"))} r="{pen.px(0.2)}" '
                       f'fill="{AMAZON}" stroke="{BANK}" stroke-width="{pen.px(0.05)}"/>')
    for rock in rocks:
        out.append(f'<circle class="rock" {pen.xy(rock, ("cx", "cy"))} r="{pen.px(0.085)}" '
                   f'fill="{ROCK}" '
                   f'stroke="#4a4a46" stroke-width="{pen.px(0.02)}"/>')
    for index, icons in enumerate(tile.icons):
        out.extend(_icons_of_segment(pen, shapes, index, icons))
    out.append(f'<rect class="outline" {pen.xy((0, 0))} width="{pen.px(shapes.width)}" '
               f'height="{pen.px(shapes.height)}" fill="none" stroke="{JUNGLE_EDGE}" '
               f'stroke-width="{pen.px(0.03)}"/>')
    if tile.layout.exclamation:
        out.append(f'<text class="exclamation" {pen.xy((0.88, 0.2))} font-size="{pen.px(0.22)}" '
                   f'font-family="sans-serif" font-weight="bold" text-anchor="middle" '
                   f'fill="#ffdd33" stroke="#000" stroke-width="{pen.px(0.015)}">!</text>')
    out.append("</g>")
    return "\n".join(out)


def _piece(pen: _Pen, player: int, kind: PieceKind, at: Point) -> str:
    colour = PLAYER_COLOURS[player]
    stroke = "#ffffff" if colour in ("black", "blue", "green", "red") else "#000000"
    size = 0.2

    def p(dx: float, dy: float) -> str:
        return pen.pt((at[0] + dx * size, at[1] + dy * size))

    if kind is PieceKind.MEEPLE:
        head = pen.xy((at[0], at[1] - 0.55 * size), ("cx", "cy"))
        body = (f"M{p(-0.75, 0.8)} L{p(-0.25, -0.05)} L{p(-0.8, -0.15)} L{p(-0.7, -0.45)} "
                f"L{p(0.7, -0.45)} L{p(0.8, -0.15)} L{p(0.25, -0.05)} L{p(0.75, 0.8)} "
                f"L{p(0.0, 0.45)} Z")
        shape = (f'<path d="{body}" fill="{colour}" stroke="{stroke}" '
                 f'stroke-width="{pen.px(0.025)}" stroke-linejoin="round"/>'
                 f'<circle {head} r="{pen.px(0.3 * size)}" '
                 f'fill="{colour}" stroke="{stroke}" stroke-width="{pen.px(0.025)}"/>')
        name = "meeple"
    else:
        tent = f"M{p(-0.85, 0.65)} L{p(0.0, -0.8)} L{p(0.85, 0.65)} Z"
        door = f"M{p(0.0, -0.1)} L{p(-0.25, 0.65)} L{p(0.25, 0.65)} Z"
        shape = (f'<path d="{tent}" fill="{colour}" stroke="{stroke}" '
                 f'stroke-width="{pen.px(0.025)}" stroke-linejoin="round"/>'
                 f'<path d="{door}" fill="{stroke}" opacity="0.7"/>')
        name = "camp"
    return (f'<g class="piece {name}" data-player="{player}">'
            f"<title>{colour} {name}</title>{shape}</g>")


def _boat(pen: _Pen, player: int, space: int, at: Point) -> str:
    colour = PLAYER_COLOURS[player]
    stroke = "#ffffff" if colour == "black" else "#000000"
    size = 0.13

    def p(dx: float, dy: float) -> str:
        return pen.pt((at[0] + dx * size, at[1] + dy * size))

    hull = f"M{p(-1, 0)} L{p(1, 0)} L{p(0.6, 0.6)} L{p(-0.6, 0.6)} Z"
    sail = f"M{p(0, -0.05)} L{p(0, -1.1)} L{p(0.7, -0.05)} Z"
    return (f'<g class="boat" data-player="{player}" data-space="{space}">'
            f"<title>{colour} boat on river space {space}</title>"
            f'<path d="{sail}" fill="#ffffff" stroke="#333" stroke-width="{pen.px(0.01)}"/>'
            f'<path d="{hull}" fill="{colour}" stroke="{stroke}" '
            f'stroke-width="{pen.px(0.015)}"/></g>')


def _document(width: float, height: float, body: Iterable[str], title: str) -> str:
    return "\n".join([
        f'<svg xmlns="{SVG_NS}" width="{_num(width)}" height="{_num(height)}" '
        f'viewBox="0 0 {_num(width)} {_num(height)}">',
        f"<title>{escape(title)}</title>",
        f'<rect class="background" x="0" y="0" width="{_num(width)}" height="{_num(height)}" '
        f'fill="{BACKGROUND}"/>',
        *body,
        "</svg>",
    ]) + "\n"


def tile_svg(tile: Tile, rotation: Rotation = Rotation.R0, *, cell_size: float = 96,
             label: bool = True) -> str:
    """An SVG document of one tile copy turned clockwise by ``rotation``.

    ``rotation`` must be one the tile's kind allows (standard tiles any,
    Amazon and double tiles 0° and 180°, the start tile 0°), else
    ``ValueError``.  ``label`` adds the tile's name, rotation and title under it.
    """
    shapes = _TileShapes(tile, rotation)
    pad = cell_size * 0.1
    label_height = cell_size * 0.36 if label else 0.0
    width = shapes.width * cell_size + 2 * pad
    height = shapes.height * cell_size + 2 * pad + label_height
    name = f"{tile.name} {rotation.degrees}° – {tile.layout.title}"
    body = [_tile_group(_Pen(pad, pad, cell_size), tile, rotation, None, name)]
    if label:
        font = max(cell_size * 0.12, 8.0)
        body.append(f'<text class="label" x="{_num(width / 2)}" '
                    f'y="{_num(height - pad - label_height * 0.25)}" font-size="{_num(font)}" '
                    f'font-family="sans-serif" text-anchor="middle" fill="#222">'
                    f"{escape(tile.name)} · {rotation.degrees}°</text>")
    return _document(width, height, body, name)


def _track_y(state: GameState, space: int) -> float:
    """The board row (in cell units) level with a river space: the start tile's spaces
    spread evenly along its rows, then one space per river cell (R-T9)."""
    start = state.board.placements[0]
    rows = start.tile.layout.height
    first = state.rules.tileset.start_side(state.num_players).river_spaces
    top = start.position.y
    if space <= first:
        return top + (space - 0.5) * rows / first
    return top + rows + (space - first) - 0.5


def board_svg(state: GameState, *, cell_size: float = 64, show_open: bool = True) -> str:
    """An SVG document of the whole position.

    Draws every placed tile (one ``g.tile`` each), the pieces on them, the
    open cells (``show_open``; dashed, the next river cell in blue), the boat
    track beside the board aligned with the river rows, and a score table.
    """
    board = state.board
    size = cell_size
    cells = [c for placement in board.placements for c in placement.cells]
    extra: list[Position] = []
    if show_open and not state.is_terminal:
        extra = [p for p in board.open_positions if p.y <= board.river_end_row]
        extra.append(board.next_river_position)
    xs = [p.x for p in cells + extra]
    ys = [p.y for p in cells + extra]
    min_x, max_x, min_y, max_y = min(xs), max(xs), min(ys), max(ys)
    margin = size * 0.3
    line = max(size * 0.28, 12.0)
    header = line * (state.num_players + 1.6)
    track_width = size * 1.9
    left = margin + track_width + size * 0.25
    pen = _Pen(left - min_x * size, margin + header - min_y * size, size)
    board_bottom = margin + header + (max_y - min_y + 1) * size
    text_width = margin + line + max(map(len, _score_lines(state))) * line * 0.62 * 0.56
    width = max(left + (max_x - min_x + 1) * size + margin, text_width + margin)
    height = board_bottom + margin

    body: list[str] = []
    body.append(_score_table(state, margin, line))
    body.append('<g class="tiles">')
    for index, placement in enumerate(board.placements):
        body.append(_placed_tile(pen, index, placement))
    body.append("</g>")
    if extra:
        body.append('<g class="open-cells">')
        for position in extra:
            river = position == board.next_river_position
            body.append(
                f'<rect class="open{" next-river" if river else ""}" '
                f'{pen.xy((position.x + 0.06, position.y + 0.06))} width="{pen.px(0.88)}" '
                f'height="{pen.px(0.88)}" fill="none" stroke="{AMAZON if river else "#8a8370"}" '
                f'stroke-width="{pen.px(0.025)}" stroke-dasharray="{pen.px(0.08)} {pen.px(0.06)}"'
                f' rx="{pen.px(0.06)}"/>')
        body.append("</g>")
    body.append('<g class="pieces">')
    for piece in state.pieces():
        holder = board.placement_at(piece.position)
        assert holder is not None
        shapes = _TileShapes(holder.tile, holder.rotation)
        ax, ay = shapes.spots(piece.segment)[0]
        at = (holder.position.x + ax, holder.position.y + ay)
        body.append(_piece(pen, piece.player, piece.kind, at))
    body.append("</g>")
    body.append(_track(state, pen, margin, track_width))
    phase = "game over" if state.is_terminal else state.phase.value
    title = (f"Carcassonne – Amazonas: {state.num_players} players, {len(board)} tiles placed, "
             f"{state.tiles_left} to draw, {phase}")
    return _document(width, height, body, title)


def _placed_tile(pen: _Pen, index: int, placement: Placement) -> str:
    tile = placement.tile
    title = (f"#{index} {tile.name} ({tile.layout.title}) at {placement.position}, "
             f"turned {placement.rotation.degrees}°")
    tile_pen = _Pen(pen.x + placement.position.x * pen.size,
                    pen.y + placement.position.y * pen.size, pen.size)
    return _tile_group(tile_pen, tile, placement.rotation, placement.position, title)


def _track(state: GameState, pen: _Pen, margin: float, track_width: float) -> str:
    size = pen.size
    # The track's own pen: x in pixels from the margin, y in board rows.
    x0 = margin
    top = pen.y + _track_y(state, 1) * size - size * 0.15
    bottom = pen.y + _track_y(state, state.track_length) * size + size * 0.15
    out = ['<g class="track">',
           f"<title>boat track: {state.track_length} explored river spaces</title>",
           f'<rect x="{_num(x0)}" y="{_num(top)}" width="{_num(track_width)}" '
           f'height="{_num(bottom - top)}" rx="{_num(size * 0.1)}" fill="{TRACK}" '
           f'stroke="{AMAZON}" stroke-width="{_num(size * 0.02)}"/>']
    for space in range(1, state.track_length + 1):
        y = pen.y + _track_y(state, space) * size
        out.append(f'<line x1="{_num(x0 + size * 0.02)}" y1="{_num(y)}" '
                   f'x2="{_num(x0 + size * 0.16)}" y2="{_num(y)}" stroke="{AMAZON}" '
                   f'stroke-width="{_num(size * 0.015)}"/>')
        if space == 1 or space % 5 == 0 or space == state.track_length:
            out.append(f'<text x="{_num(x0 + size * 0.18)}" y="{_num(y + size * 0.04)}" '
                       f'font-size="{_num(size * 0.12)}" font-family="sans-serif" '
                       f'fill="{AMAZON}">{space}</text>')
    on_space: dict[int, int] = {}
    boat_pen = _Pen(0, 0, size)
    for player, boat in enumerate(state.boats):
        slot = on_space.get(boat, 0)
        on_space[boat] = slot + 1
        y = pen.y + _track_y(state, boat) * size
        at = ((x0 + size * 0.62 + slot * size * 0.29) / size, (y + size * 0.02) / size)
        out.append(_boat(boat_pen, player, boat, at))
    out.append("</g>")
    return "\n".join(out)


def _score_lines(state: GameState) -> list[str]:
    """The heading and one line per player of the score table."""
    if state.is_terminal:
        phase = "game over"
    else:
        phase = f"{PLAYER_COLOURS[state.current_player]} to play ({state.phase.value})"
    lines = [f"{len(state.board)} tiles placed, {state.tiles_left} to draw, "
             f"river {state.track_length} spaces; {phase}"]
    winners = set(state.winners)
    for player, info in enumerate(state.players):
        b = info.breakdown
        star = " ★ winner" if player in winners else ""
        points = "1 point" if info.score == 1 else f"{info.score} points"
        lines.append(f"{PLAYER_COLOURS[player]}: {points} (tributaries "
                     f"{b.tributaries}, villages {b.villages}, Amazon {b.amazon}, camps "
                     f"{b.camps}, river {b.river}); boat {info.boat}; "
                     f"{info.meeples_in_supply} meeples, {info.camps_in_supply} camps in "
                     f"supply{star}")
    return lines


def _score_table(state: GameState, margin: float, line: float) -> str:
    font = line * 0.62
    lines = _score_lines(state)
    out = ['<g class="scores" font-family="sans-serif">',
           f'<text x="{_num(margin)}" y="{_num(margin + line * 0.75)}" font-size="{_num(font)}" '
           f'font-weight="bold" fill="#222">{escape(lines[0])}</text>']
    for player, text in enumerate(lines[1:]):
        y = margin + line * (player + 1.6)
        out.append(f'<rect x="{_num(margin)}" y="{_num(y - line * 0.62)}" '
                   f'width="{_num(line * 0.7)}" height="{_num(line * 0.7)}" '
                   f'fill="{PLAYER_COLOURS[player]}" stroke="#222" stroke-width="1"/>')
        out.append(f'<text x="{_num(margin + line)}" y="{_num(y)}" font-size="{_num(font)}" '
                   f'fill="#222">{escape(text)}</text>')
    out.append("</g>")
    return "\n".join(out)
