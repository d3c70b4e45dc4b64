"""How each kind of segment is drawn on a tile, in tile units (R-F1, R-F2, R-G1): the
drawing's sizes, where a port lies, a tile's footprint and ports (:class:`TileFrame`), and
the outlines of tributaries, villages and the Amazon drawn on that frame.
:class:`~carcassonne_amazonas.render._tile_shapes.TileShapes` builds these once per tile
layout, rotation and icon count (see :mod:`~carcassonne_amazonas.render._tile_shapes` for
the units and what each shape looks like).
"""

from __future__ import annotations

import itertools

import attrs

from .._support.reprs import repr_pretty
from ..tiles.geometry import Rotation, Side, port_index, port_side
from ..tiles.layout import Layout, Terrain
from ._plane import PathCommand, Point, mix, polyline, quad_point

__all__ = [
    "AMAZON_REACH",
    "AMAZON_WATER",
    "CORNER",
    "DELTA",
    "ICON_GAP",
    "ICON_RADIUS",
    "JUNGLE_SPOTS",
    "OUTWARD",
    "ROCK_RADIUS",
    "SOURCE_RADIUS",
    "TRIBUTARY_HALF_WIDTH",
    "TRIBUTARY_REACH",
    "AmazonShape",
    "TileFrame",
    "TributaryShape",
    "amazon_shape",
    "port_point",
    "tributary_shape",
    "village_bridges",
    "village_path",
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
#: The radius of the Amazon's source.
SOURCE_RADIUS = 0.2
#: The radius of a tributary's rock.
ROCK_RADIUS = 0.085

#: The unit vector out of a cell through each side.
OUTWARD: dict[Side, Point] = {Side.NORTH: (0.0, -1.0), Side.EAST: (1.0, 0.0),
                               Side.SOUTH: (0.0, 1.0), Side.WEST: (-1.0, 0.0)}
#: The corner where each side of a cell starts, clockwise.
CORNER: dict[Side, Point] = {Side.NORTH: (0.0, 0.0), Side.EAST: (1.0, 0.0),
                              Side.SOUTH: (1.0, 1.0), Side.WEST: (0.0, 1.0)}
#: The neighbouring cell across each side.
DELTA: dict[Side, tuple[int, int]] = {Side.NORTH: (0, -1), Side.EAST: (1, 0),
                                       Side.SOUTH: (0, 1), Side.WEST: (-1, 0)}
#: Where a jungle's icons and camp may sit inside a cell, best first among equals.
JUNGLE_SPOTS: tuple[Point, ...] = ((0.2, 0.2), (0.5, 0.18), (0.8, 0.2), (0.18, 0.5), (0.82, 0.5),
                             (0.2, 0.8), (0.5, 0.82), (0.8, 0.8), (0.35, 0.35), (0.65, 0.35),
                             (0.35, 0.65), (0.65, 0.65))
#: How far apart the icons of one segment stand, centre to centre.
ICON_GAP = 2 * ICON_RADIUS + 0.03


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


class TileFrame:
    """One tile layout in one rotation, in tile units from its anchor: its footprint
    cells, which ports of which cell each segment holds, and where the Amazon and the
    villages lie.  The shapes below are drawn on it;
    :class:`~carcassonne_amazonas.render._tile_shapes.TileShapes` adds them and
    hit-testing.

    ``icon_kinds[i]`` is how many kinds of icon segment ``i`` shows (they take spots,
    and so move the pieces).
    """

    def __init__(self, layout: Layout, icon_kinds: tuple[int, ...], rotation: Rotation) -> None:
        self.layout = layout
        self.icon_kinds = icon_kinds
        self.rotation = rotation
        variant = layout.variant(rotation)
        self.cells: tuple[tuple[int, int], ...] = tuple((c.dx, c.dy) for c in variant.cells)
        self.width = max(dx for dx, _ in self.cells) + 1
        self.height = max(dy for _, dy in self.cells) + 1
        # segment index -> cell -> ports (turned) of that segment in that cell
        self.ports: tuple[dict[tuple[int, int], list[int]], ...] = tuple(
            {} for _ in layout.segments)
        for cell in variant.cells:
            for port, owner in enumerate(cell.port_segments):
                if owner >= 0:
                    self.ports[owner].setdefault((cell.dx, cell.dy), []).append(port)
        self.terrains: tuple[Terrain, ...] = tuple(s.terrain for s in layout.segments)
        self.amazon_x: float | None = None
        for index in self.of_terrain(Terrain.AMAZON):
            for dx, _ in self.ports[index]:
                self.amazon_x = dx + 0.5
        # (village segment, cell) -> the sides of the cell it lies on
        self.village_sides: dict[tuple[int, tuple[int, int]], frozenset[Side]] = {
            (index, where): frozenset(port_side(p) for p in ports)
            for index in self.of_terrain(Terrain.VILLAGE)
            for where, ports in self.ports[index].items()}

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

    def centre_in_village(self, cell: tuple[int, int]) -> bool:
        """Whether a village covers the centre of a footprint cell (three sides of it, or
        two opposite ones): a tributary ending there stops short of it."""
        for (_, village_cell), sides in self.village_sides.items():
            if village_cell == cell and (len(sides) >= 3 or sides in (
                    {Side.NORTH, Side.SOUTH}, {Side.EAST, Side.WEST})):
                return True
        return False


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


def tributary_shape(frame: TileFrame, index: int) -> TributaryShape:
    """How tributary segment ``index`` is drawn: a line from each port to its cell's centre,
    ending at a rock with a single end, or flowing into the Amazon on river tiles."""
    cells = frame.ports[index]
    if len(cells) == 1:
        cell, ports = next(iter(cells.items()))
        centre = frame.centre(cell)
        points = [frame.point(cell, p) for p in ports]
        if len(points) == 1:
            start = points[0]
            if frame.amazon_x is not None:
                line = [start, centre]
                if abs(frame.amazon_x - centre[0]) > 1e-9:
                    line.append((frame.amazon_x, centre[1]))
                return TributaryShape((polyline(line),), None,
                                      tuple(_visible(line, frame.amazon_x)))
            end = mix(start, centre, 0.55) if frame.centre_in_village(cell) else centre
            return TributaryShape((polyline([start, end]),), end, (start, end))
        if len(points) == 2:
            curve = tuple(quad_point(points[0], centre, points[1], t / 8) for t in range(9))
            return TributaryShape(((("M", points[0], points[0]),
                                    ("Q", centre, points[1])),), None, curve)
        return TributaryShape(tuple(polyline([p, centre]) for p in points), None,
                              (points[0], centre))
    paths = [polyline([frame.point(cell, p), frame.centre(cell)])
             for cell, ports in cells.items() for p in ports]
    paths.append(polyline([frame.centre(cell) for cell in cells]))
    first_cell, first_ports = next(iter(cells.items()))
    return TributaryShape(tuple(paths), None,
                          (frame.point(first_cell, first_ports[0]), frame.centre(first_cell)))


def amazon_shape(frame: TileFrame, index: int) -> AmazonShape:
    """How the Amazon segment ``index`` is drawn: its centre line through its ports and
    cells, and its source when it rises on the tile (R-G1)."""
    cells = frame.ports[index]
    points: list[Point] = []
    for cell, ports in cells.items():
        points.extend(frame.point(cell, p) for p in ports)
        points.append(frame.centre(cell))
    source: Point | None = None
    all_ports = [(cell, p) for cell, ports in cells.items() for p in ports]
    if len(all_ports) == 1:
        (cx, cy), port = all_ports[0]
        dx, dy = DELTA[port_side(port)]
        x, y = cx, cy
        while (x - dx, y - dy) in frame.cells:
            x, y = x - dx, y - dy
        source = (x + 0.5 + 0.05 * dx, y + 0.5 + 0.05 * dy)
        points.append(source)
    points.sort(key=lambda p: (p[1], p[0]))
    return AmazonShape(tuple(points), source)


def village_path(frame: TileFrame, index: int,
                 cell: tuple[int, int]) -> tuple[PathCommand, ...]:
    """The closed outline of a village in one cell.

    The shape runs along the covered sides; each run of uncovered sides is one
    curve bulging towards them, so a single side is a cap, two adjacent sides a
    diagonal, two opposite sides a band.
    """
    covered = frame.village_sides[(index, cell)]
    ox, oy = cell

    def at(point: Point) -> Point:
        return (ox + point[0], oy + point[1])

    sides = list(Side)
    if len(covered) == 4:
        corners = [at(CORNER[s]) for s in sides]
        return (("M", corners[0], corners[0]), *(("L", c, c) for c in corners[1:]))
    first = next(s for s in sides if s in covered and Side((s - 1) % 4) not in covered)
    order = [Side((first + k) % 4) for k in range(4)]
    commands: list[PathCommand] = [("M", at(CORNER[first]), at(CORNER[first]))]
    k = 0
    while k < 4:
        side = order[k]
        if side in covered:
            end = at(CORNER[Side((side + 1) % 4)])
            commands.append(("L", end, end))
            k += 1
            continue
        run = []
        while k < 4 and order[k] not in covered:
            run.append(order[k])
            k += 1
        vx = sum(OUTWARD[s][0] for s in run)
        vy = sum(OUTWARD[s][1] for s in run)
        control = at((0.5 + 0.05 * vx, 0.5 + 0.05 * vy))
        commands.append(("Q", control, at(CORNER[Side((run[-1] + 1) % 4)])))
    return tuple(commands)


def village_bridges(frame: TileFrame, index: int) -> list[tuple[Point, Point]]:
    """Rectangles (corner, opposite corner) joining a village's parts in neighbouring
    cells of a multi-cell tile along the outer side they share."""
    bridges = []
    for dx, dy in frame.ports[index]:
        for side, (ndx, ndy) in ((Side.EAST, (1, 0)), (Side.SOUTH, (0, 1))):
            other = (dx + ndx, dy + ndy)
            if other not in frame.ports[index]:
                continue
            shared = frame.village_sides[(index, (dx, dy))] & frame.village_sides[(index, other)]
            for along in shared:
                if along in (Side.NORTH, Side.SOUTH) and side is Side.EAST:
                    y0 = 0.0 if along is Side.NORTH else 0.72
                    bridges.append(((dx + 0.5, dy + y0), (dx + 1.5, dy + y0 + 0.28)))
                elif along in (Side.EAST, Side.WEST) and side is Side.SOUTH:
                    x0 = 0.0 if along is Side.WEST else 0.72
                    bridges.append(((dx + x0, dy + 0.5), (dx + x0 + 0.28, dy + 1.5)))
    return bridges

