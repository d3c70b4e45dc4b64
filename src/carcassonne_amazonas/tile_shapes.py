"""The geometry of a tile's picture, in tile units: shapes, anchors and hit regions
(R-F1, R-F2).

Nothing is drawn from artwork: each segment's shape is derived from its ports
(:class:`~carcassonne_amazonas.tiles.Segment` and the turned
:class:`~carcassonne_amazonas.tiles.VariantCell` tables), so custom tile sets draw
just as well.  Units: the anchor cell's top-left corner is ``(0, 0)``, a cell is
1 × 1, ``x`` grows east and ``y`` downstream.

- jungle is the background of every cell;
- a tributary is a line from the middle of each edge it crosses to the cell's
  centre, ending at a rock when it has a single end (or flowing into the Amazon on
  river tiles);
- a village is a shape along the edges it lies on, bulging towards the others;
- the Amazon is a wide band between banks, rising at a source on the start tile.

:class:`TileShapes` holds these shapes for one tile copy in one rotation, where the
piece of each segment stands (:meth:`TileShapes.anchor`), where its icons go, and
which segment lies under a point (:meth:`TileShapes.segment_at`).  The SVG renderer
(:mod:`~carcassonne_amazonas.svg_tiles`) draws the shapes and
:mod:`~carcassonne_amazonas.anchors` turns anchors and hit-testing into board units;
sharing one geometry is what makes a click on a drawn village land on that village.
"""

from __future__ import annotations

import functools
import itertools
import math

import attrs

from .geometry import Rotation, Side, port_index, port_side
from .plane import (
    PathCommand,
    Point,
    distance_to_polyline,
    flatten,
    inside_polygon,
    mix,
    point_along,
    polyline,
    polyline_length,
    quad_point,
    segments_cross,
)
from .reprs import repr_pretty
from .tiles import Layout, Terrain, Tile

__all__ = [
    "AMAZON_REACH",
    "ICON_RADIUS",
    "TRIBUTARY_REACH",
    "AmazonShape",
    "TileShapes",
    "TributaryShape",
    "port_point",
    "tile_shapes",
]


#: Half the width of the Amazon with its banks: points this close to its centre line
#: are on the Amazon (R-F6: no piece goes there).
AMAZON_REACH = 0.25
#: Half the width of the Amazon's water, inside its banks.
AMAZON_WATER = 0.18
#: Half the width of a drawn tributary with its banks.
TRIBUTARY_HALF_WIDTH = 0.075
#: Points this close to a tributary's centre line are on the tributary (a little more
#: than its drawn half-width, so that it is easy to hit).
TRIBUTARY_REACH = 0.12
#: The radius of an icon's disc; icons of one segment stand this far apart, twice over.
ICON_RADIUS = 0.11
#: The radius of the Amazon's source and of a tributary's rock.
SOURCE_RADIUS = 0.2
ROCK_RADIUS = 0.085

_OUTWARD: dict[Side, Point] = {Side.NORTH: (0.0, -1.0), Side.EAST: (1.0, 0.0),
                               Side.SOUTH: (0.0, 1.0), Side.WEST: (-1.0, 0.0)}
_CORNER: dict[Side, Point] = {Side.NORTH: (0.0, 0.0), Side.EAST: (1.0, 0.0),
                              Side.SOUTH: (1.0, 1.0), Side.WEST: (0.0, 1.0)}
_DELTA: dict[Side, tuple[int, int]] = {Side.NORTH: (0, -1), Side.EAST: (1, 0),
                                       Side.SOUTH: (0, 1), Side.WEST: (-1, 0)}
# Where a jungle's icons and camp may sit inside a cell, best first among equals.
_SPOTS: tuple[Point, ...] = ((0.2, 0.2), (0.5, 0.18), (0.8, 0.2), (0.18, 0.5), (0.82, 0.5),
                             (0.2, 0.8), (0.5, 0.82), (0.8, 0.8), (0.35, 0.35), (0.65, 0.35),
                             (0.35, 0.65), (0.65, 0.65))
_ICON_GAP = 2 * ICON_RADIUS + 0.03


def port_point(port: int) -> Point:
    """Where a port lies on the unit cell: its side, at 1/6, 1/2 or 5/6 along it
    clockwise (R-F2)."""
    t = (2 * port_index(port) - 1) / 6
    side = port_side(port)
    if side is Side.NORTH:
        return (t, 0.0)
    if side is Side.EAST:
        return (1.0, t)
    if side is Side.SOUTH:
        return (1.0 - t, 1.0)
    return (0.0, 1.0 - t)


def _visible(line: list[Point], amazon_x: float) -> list[Point]:
    """The part of a tributary's line outside the Amazon's band and banks."""
    out = [line[0]]
    for a, b in itertools.pairwise(line):
        if abs(b[0] - amazon_x) < AMAZON_REACH <= abs(a[0] - amazon_x) and a[0] != b[0]:
            edge = amazon_x + (AMAZON_REACH if a[0] > amazon_x else -AMAZON_REACH)
            out.append(mix(a, b, (edge - a[0]) / (b[0] - a[0])))
            return out
        out.append(b)
    return out


@attrs.frozen(slots=True)
class TributaryShape:
    """How a tributary is drawn: its path pieces, its rock if it ends at one, and the
    line along its visible part where its piece and icons go."""

    _repr_pretty_ = repr_pretty

    paths: tuple[tuple[PathCommand, ...], ...]
    rock: Point | None
    line: tuple[Point, ...]


@attrs.frozen(slots=True)
class AmazonShape:
    """How the Amazon is drawn on a tile: its centre line (upstream first) and its
    source, where it rises (on the start tile)."""

    _repr_pretty_ = repr_pretty

    line: tuple[Point, ...]
    source: Point | None


class TileShapes:
    """The picture of one tile layout in one rotation, in tile units from its anchor.

    ``icon_kinds[i]`` is how many kinds of icon segment ``i`` shows (they take spots,
    and so move the pieces).  Build it with :func:`tile_shapes`, which caches it.
    """

    def __init__(self, layout: Layout, icon_kinds: tuple[int, ...], rotation: Rotation) -> None:
        self.layout = layout
        self.icon_kinds = icon_kinds
        self.rotation = rotation
        variant = layout.variant(rotation)
        self.cells: tuple[tuple[int, int], ...] = tuple((c.dx, c.dy) for c in variant.cells)
        self.width = max(dx for dx, _ in self.cells) + 1
        self.height = max(dy for _, dy in self.cells) + 1
        segments = layout.segments
        # segment index -> cell -> ports (turned) of that segment in that cell
        self.ports: tuple[dict[tuple[int, int], list[int]], ...] = tuple({} for _ in segments)
        for cell in variant.cells:
            for port, owner in enumerate(cell.port_segments):
                if owner >= 0:
                    self.ports[owner].setdefault((cell.dx, cell.dy), []).append(port)
        self.terrains: tuple[Terrain, ...] = tuple(s.terrain for s in segments)
        self.amazon_x: float | None = None
        for index in self.of_terrain(Terrain.AMAZON):
            for dx, _ in self.ports[index]:
                self.amazon_x = dx + 0.5
        # (village segment, cell) -> the sides of the cell it lies on
        self.village_sides: dict[tuple[int, tuple[int, int]], frozenset[Side]] = {}
        for index in self.of_terrain(Terrain.VILLAGE):
            for where, ports in self.ports[index].items():
                self.village_sides[(index, where)] = frozenset(port_side(p) for p in ports)
        self.tributaries = {index: self._tributary(index)
                            for index in self.of_terrain(Terrain.TRIBUTARY)}
        self.amazons = {index: self._amazon(index) for index in self.of_terrain(Terrain.AMAZON)}
        self._village_areas = {index: self._village_polygons(index)
                               for index in self.of_terrain(Terrain.VILLAGE)}
        self._tributary_lines = {index: [flatten(path) for path in shape.paths]
                                 for index, shape in self.tributaries.items()}
        self._barriers = self._barrier_segments()
        self._jungle_ports = [(self.point(cell, port), index)
                              for index in self.of_terrain(Terrain.JUNGLE)
                              for cell, ports in self.ports[index].items() for port in ports]
        self._spots: dict[int, tuple[Point, tuple[Point, ...]]] = {}

    def of_terrain(self, terrain: Terrain) -> list[int]:
        """The indices of the segments of one terrain."""
        return [i for i, t in enumerate(self.terrains) if t is terrain]

    def point(self, cell: tuple[int, int], port: int) -> Point:
        """Where a port of a footprint cell lies, in tile units."""
        x, y = port_point(port)
        return (cell[0] + x, cell[1] + y)

    @staticmethod
    def centre(cell: tuple[int, int]) -> Point:
        """The centre of a footprint cell."""
        return (cell[0] + 0.5, cell[1] + 0.5)

    def _centre_in_village(self, cell: tuple[int, int]) -> bool:
        for (_, village_cell), sides in self.village_sides.items():
            if village_cell == cell and (len(sides) >= 3 or sides in (
                    {Side.NORTH, Side.SOUTH}, {Side.EAST, Side.WEST})):
                return True
        return False

    # -- villages ---------------------------------------------------------------------------

    def village_path(self, index: int, cell: tuple[int, int]) -> tuple[PathCommand, ...]:
        """The closed outline of a village in one cell.

        The shape runs along the covered sides; each run of uncovered sides is one
        curve bulging towards them, so a single side is a cap, two adjacent sides a
        diagonal, two opposite sides a band.
        """
        covered = self.village_sides[(index, cell)]
        ox, oy = cell

        def at(point: Point) -> Point:
            return (ox + point[0], oy + point[1])

        sides = list(Side)
        if len(covered) == 4:
            corners = [at(_CORNER[s]) for s in sides]
            return (("M", corners[0], corners[0]), *(("L", c, c) for c in corners[1:]))
        first = next(s for s in sides if s in covered and Side((s - 1) % 4) not in covered)
        order = [Side((first + k) % 4) for k in range(4)]
        commands: list[PathCommand] = [("M", at(_CORNER[first]), at(_CORNER[first]))]
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
        return tuple(commands)

    def village_bridges(self, index: int) -> list[tuple[Point, Point]]:
        """Rectangles (corner, opposite corner) joining a village's parts in neighbouring
        cells of a multi-cell tile along the outer side they share."""
        bridges = []
        for dx, dy in self.ports[index]:
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

    def _village_polygons(self, index: int) -> list[list[Point]]:
        polygons = [flatten(self.village_path(index, cell)) for cell in self.ports[index]]
        for (x0, y0), (x1, y1) in self.village_bridges(index):
            polygons.append([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
        return polygons

    def _village_spots(self, index: int, icons: int) -> list[tuple[Point, list[Point]]]:
        """Candidates (piece, icon spots) for a village, best first."""
        cell = max(self.ports[index], key=lambda c: len(self.ports[index][c]))
        sides = sorted(self.village_sides[(index, cell)])
        mid = (sum(0.5 + 0.5 * _OUTWARD[s][0] for s in sides) / len(sides),
               sum(0.5 + 0.5 * _OUTWARD[s][1] for s in sides) / len(sides))
        candidates: list[tuple[Point, list[Point]]] = []
        for pull in (0.3, 0.15, 0.45, 0.05):
            if len(sides) == 1:
                out = _OUTWARD[sides[0]]
                along = (-out[1], out[0])
                middle = mix(mid, (0.5, 0.5), 0.9 * pull)
                spots = [middle] + [(middle[0] + along[0] * _ICON_GAP * k,
                                     middle[1] + along[1] * _ICON_GAP * k) for k in (-1, 2, -2)]
                piece = (middle[0] + along[0] * _ICON_GAP, middle[1] + along[1] * _ICON_GAP)
            else:
                piece = mix(mid, (0.5, 0.5), pull) if len(sides) < 4 else (0.5, 0.5)
                # The icons line up across the village's bulge (along a band).
                ox, oy = mid[0] - 0.5, mid[1] - 0.5
                norm = math.hypot(ox, oy)
                if norm > 1e-9:
                    along = (-oy / norm, ox / norm)
                else:
                    along = (0.0, 1.0) if set(sides) == {Side.NORTH, Side.SOUTH} else (1.0, 0.0)
                spots = [(piece[0] + along[0] * _ICON_GAP * k, piece[1] + along[1] * _ICON_GAP * k)
                         for k in (1, -1, 2, -2, 3)]
            candidates.append(((cell[0] + piece[0], cell[1] + piece[1]),
                               [(cell[0] + x, cell[1] + y) for x, y in spots[:icons]]))
        return candidates

    # -- tributaries ------------------------------------------------------------------------

    def _tributary(self, index: int) -> TributaryShape:
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
                    return TributaryShape((polyline(line),), None,
                                          tuple(_visible(line, self.amazon_x)))
                end = mix(start, centre, 0.55) if self._centre_in_village(cell) else centre
                return TributaryShape((polyline([start, end]),), end, (start, end))
            if len(points) == 2:
                curve = tuple(quad_point(points[0], centre, points[1], t / 8) for t in range(9))
                return TributaryShape(((("M", points[0], points[0]),
                                        ("Q", centre, points[1])),), None, curve)
            return TributaryShape(tuple(polyline([p, centre]) for p in points), None,
                                  (points[0], centre))
        paths = [polyline([self.point(cell, p), self.centre(cell)])
                 for cell, ports in cells.items() for p in ports]
        paths.append(polyline([self.centre(cell) for cell in cells]))
        first_cell, first_ports = next(iter(cells.items()))
        return TributaryShape(tuple(paths), None,
                              (self.point(first_cell, first_ports[0]), self.centre(first_cell)))

    def _tributary_spots(self, index: int, icons: int) -> list[tuple[Point, list[Point]]]:
        line = self.tributaries[index].line
        if polyline_length(line) >= 0.6:
            spots = [point_along(line, t) for t in (0.22, 0.78, 0.1, 0.9)]
        else:
            (x0, y0), (x1, y1) = line[0], line[-1]
            norm = math.hypot(x1 - x0, y1 - y0) or 1.0
            tx, ty = (x1 - x0) / norm, (y1 - y0) / norm
            middle = point_along(line, 0.5)
            spots = [(middle[0] - ty * _ICON_GAP + tx * _ICON_GAP * k,
                      middle[1] + tx * _ICON_GAP + ty * _ICON_GAP * k) for k in (0, 1, -1, 2)]
        return [(point_along(line, t), spots[:icons]) for t in (0.5, 0.4, 0.6, 0.3, 0.7)]

    # -- the Amazon -------------------------------------------------------------------------

    def _amazon(self, index: int) -> AmazonShape:
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
        return AmazonShape(tuple(points), source)

    def _amazon_spots(self, index: int, icons: int) -> list[tuple[Point, list[Point]]]:
        points = self.amazons[index].line
        top = max(points[0][1], 0.0) + 0.15
        bottom = min(points[-1][1], float(self.height)) - 0.15
        x = points[0][0]
        spots = [(x, top + (bottom - top) * (j + 1) / (icons + 1)) for j in range(icons)]
        # No piece goes on the Amazon (R-F6); its anchor is a free point of its course.
        course = [mix(points[0], points[-1], t) for t in (0.5, 0.3, 0.7, 0.15, 0.85)]
        free = [p for p in course if all(math.dist(p, s) >= _ICON_GAP for s in spots)]
        return [((free or course)[0], spots)]

    # -- jungles ----------------------------------------------------------------------------

    def _jungle_spots(self, index: int, icons: int) -> list[tuple[Point, list[Point]]]:
        """The spots of a jungle's own area, nearest its ports first: the best for the
        icons, the next one apart from them for the camp."""
        own = [self.point(cell, p) for cell, ports in self.ports[index].items() for p in ports]
        candidates: list[Point] = []
        for cell in self.cells:
            # Beside the Amazon, keep icons and camps off its banks.
            river = self.amazon_x is not None and abs(cell[0] + 0.5 - self.amazon_x) < 0.5
            candidates.extend((cell[0] + sx, cell[1] + sy) for sx, sy in _SPOTS
                              if not (river and (abs(sx - 0.5) < 0.3 or 0.25 < sy < 0.75)))
        for cell, ports in self.ports[index].items():  # squeezed jungles: near their ports
            for port in ports:
                for pull in (0.3, 0.4, 0.5):
                    candidates.append(mix(self.point(cell, port), self.centre(cell), pull))
        edge = ICON_RADIUS + 0.01  # an icon there stays inside the tile
        scored = sorted(
            (min(math.dist(spot, p) for p in own)
             + 0.2 * sum(math.dist(spot, p) for p in own) / len(own), spot)
            for spot in candidates
            if edge <= spot[0] <= self.width - edge and edge <= spot[1] <= self.height - edge)
        # Best first, the jungle's own spots only; enough for the icons, the camp and a
        # few spares (hit-testing every candidate would cost more than the rest).
        ranked: list[tuple[float, Point]] = []
        chosen: list[Point] = []
        for score, spot in scored:
            if len(chosen) > icons + 2:
                break
            if self.segment_at(spot) != index:
                continue
            ranked.append((score, spot))
            if all(math.dist(spot, s) >= _ICON_GAP for s in chosen):
                chosen.append(spot)
        if not chosen:  # nowhere is this jungle's own: by its first port
            cell, ports = next(iter(self.ports[index].items()))
            chosen = [mix(self.point(cell, ports[0]), self.centre(cell), 0.3)]
        if len(chosen) > icons:
            return [(chosen[icons], chosen[:icons])] + [(spot, chosen[:icons])
                                                        for spot in chosen[icons + 1:]]
        # Too small for the icons and the camp apart: the icons crowd towards the cell's
        # centre, the camp takes the jungle's own spot farthest from them.
        best = chosen[0]
        cell = (math.floor(best[0]), math.floor(best[1]))
        while len(chosen) < icons:
            chosen.append(mix(chosen[-1], self.centre(cell), 0.45))
        spots = [spot for _, spot in ranked] or chosen
        spots.sort(key=lambda spot: -min(math.dist(spot, s) for s in chosen))
        return [(spot, chosen) for spot in spots]

    # -- anchors and icons ------------------------------------------------------------------

    def spots(self, index: int) -> tuple[Point, tuple[Point, ...]]:
        """Where segment ``index``'s piece stands and where its icon kinds go (one spot
        per kind of icon it shows), in tile units.

        The piece's spot is the first candidate that :meth:`segment_at` maps back to
        the segment, so a click on a drawn piece selects its segment.
        """
        found = self._spots.get(index)
        if found is None:
            kinds = self.icon_kinds[index]
            terrain = self.terrains[index]
            if terrain is Terrain.TRIBUTARY:
                candidates = self._tributary_spots(index, kinds)
            elif terrain is Terrain.AMAZON:
                candidates = self._amazon_spots(index, kinds)
            elif terrain is Terrain.VILLAGE:
                candidates = self._village_spots(index, kinds)
            else:
                candidates = self._jungle_spots(index, kinds)
            piece, icons = next(((p, i) for p, i in candidates if self.segment_at(p) == index),
                                candidates[0])
            found = self._spots[index] = (piece, tuple(icons))
        return found

    def anchor(self, index: int) -> Point:
        """Where a piece on segment ``index`` is drawn, in tile units (for the Amazon,
        which takes no piece, R-F6: the middle of its line)."""
        return self.spots(index)[0]

    # -- hit-testing ------------------------------------------------------------------------

    def _barrier_segments(self) -> list[tuple[Point, Point]]:
        """The drawn lines that separate jungles: tributaries, villages, the Amazon."""
        lines: list[list[Point]] = []
        for paths in self._tributary_lines.values():
            lines.extend(paths)
        for polygons in self._village_areas.values():
            lines.extend(polygon + polygon[:1] for polygon in polygons)
        for shape in self.amazons.values():
            lines.append(list(shape.line))
            if shape.source is not None:  # the source closes the gap up to a tributary
                sx, sy = shape.source
                lines.append([(sx + SOURCE_RADIUS * math.cos(k * math.pi / 8),
                               sy + SOURCE_RADIUS * math.sin(k * math.pi / 8))
                              for k in range(17)])
        return [(a, b) for line in lines for a, b in itertools.pairwise(line)]

    def segment_at(self, point: Point) -> int | None:
        """The segment under ``point`` (tile units), as the picture shows it.

        What is drawn on top wins: the Amazon with its banks and source (None, R-F6),
        then a tributary within :data:`TRIBUTARY_REACH` of its line (the nearest),
        then a village whose shape holds the point, and otherwise the jungle whose
        area it is (the jungle of the nearest jungle port that no drawn line
        separates from the point).  None outside the tile's footprint.
        """
        x, y = point
        if (math.floor(x), math.floor(y)) not in self.cells:
            return None
        for shape in self.amazons.values():
            if distance_to_polyline(point, shape.line) <= AMAZON_REACH or (
                    shape.source is not None
                    and math.dist(point, shape.source) <= SOURCE_RADIUS + 0.025):
                return None
        nearest, reach = None, TRIBUTARY_REACH
        for index, paths in self._tributary_lines.items():
            distance = min(distance_to_polyline(point, path) for path in paths)
            if distance <= reach:  # (a rock lies within reach of its line's end)
                nearest, reach = index, distance
        if nearest is not None:
            return nearest
        for index, polygons in self._village_areas.items():
            if any(inside_polygon(point, polygon) for polygon in polygons):
                return index
        return self._jungle_at(point)

    def _jungle_at(self, point: Point) -> int | None:
        if not self._jungle_ports:
            return None
        px, py = point
        by_distance = sorted(self._jungle_ports, key=lambda entry: math.dist(point, entry[0]))
        for port, index in by_distance:
            qx, qy = port
            low_x, high_x = min(px, qx), max(px, qx)
            low_y, high_y = min(py, qy), max(py, qy)
            if not any(segments_cross(point, port, a, b) for a, b in self._barriers
                       if max(a[0], b[0]) >= low_x and min(a[0], b[0]) <= high_x
                       and max(a[1], b[1]) >= low_y and min(a[1], b[1]) <= high_y):
                return index
        return by_distance[0][1]


@functools.lru_cache(maxsize=4096)
def _cached(layout: Layout, kinds: tuple[int, ...], rotation: Rotation) -> TileShapes:
    return TileShapes(layout, kinds, rotation)


def tile_shapes(tile: Tile, rotation: Rotation) -> TileShapes:
    """The :class:`TileShapes` of ``tile`` turned by ``rotation``.  Cached per layout,
    rotation and number of icon kinds on each segment, which is all the shapes depend
    on.  ``ValueError`` for a rotation the tile's kind does not allow (R-G5).
    """
    kinds = tuple(sum(1 for count in attrs.astuple(icons) if count) for icons in tile.icons)
    return _cached(tile.layout, kinds, rotation)
