"""How each kind of segment is drawn on a tile, in tile units (R-F1, R-F2, R-G1): the
drawing's sizes, where a port lies, and the outlines of tributaries, villages and the
Amazon.  Part of :class:`~carcassonne_amazonas.render._tile_shapes.TileShapes`, which builds
these once per tile layout, rotation and icon count (see
:mod:`~carcassonne_amazonas.render._tile_shapes` for the units and what each shape looks like).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import attrs

from .._support.reprs import repr_pretty
from ..tiles.geometry import Side, port_index, port_side
from ._plane import PathCommand, Point, mix, polyline, quad_point

if TYPE_CHECKING:  # the shapes of one tile are computed for, and from, its TileShapes
    from ._tile_shapes import TileShapes

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


def tributary_shape(shapes: TileShapes, index: int) -> TributaryShape:
    """How tributary segment ``index`` is drawn: a line from each port to its cell's centre,
    ending at a rock with a single end, or flowing into the Amazon on river tiles."""
    cells = shapes.ports[index]
    if len(cells) == 1:
        cell, ports = next(iter(cells.items()))
        centre = shapes.centre(cell)
        points = [shapes.point(cell, p) for p in ports]
        if len(points) == 1:
            start = points[0]
            if shapes.amazon_x is not None:
                line = [start, centre]
                if abs(shapes.amazon_x - centre[0]) > 1e-9:
                    line.append((shapes.amazon_x, centre[1]))
                return TributaryShape((polyline(line),), None,
                                      tuple(_visible(line, shapes.amazon_x)))
            end = mix(start, centre, 0.55) if shapes.centre_in_village(cell) else centre
            return TributaryShape((polyline([start, end]),), end, (start, end))
        if len(points) == 2:
            curve = tuple(quad_point(points[0], centre, points[1], t / 8) for t in range(9))
            return TributaryShape(((("M", points[0], points[0]),
                                    ("Q", centre, points[1])),), None, curve)
        return TributaryShape(tuple(polyline([p, centre]) for p in points), None,
                              (points[0], centre))
    paths = [polyline([shapes.point(cell, p), shapes.centre(cell)])
             for cell, ports in cells.items() for p in ports]
    paths.append(polyline([shapes.centre(cell) for cell in cells]))
    first_cell, first_ports = next(iter(cells.items()))
    return TributaryShape(tuple(paths), None,
                          (shapes.point(first_cell, first_ports[0]), shapes.centre(first_cell)))



def amazon_shape(shapes: TileShapes, index: int) -> AmazonShape:
    """How the Amazon segment ``index`` is drawn: its centre line through its ports and
    cells, and its source when it rises on the tile (R-G1)."""
    cells = shapes.ports[index]
    points: list[Point] = []
    for cell, ports in cells.items():
        points.extend(shapes.point(cell, p) for p in ports)
        points.append(shapes.centre(cell))
    source: Point | None = None
    all_ports = [(cell, p) for cell, ports in cells.items() for p in ports]
    if len(all_ports) == 1:
        (cx, cy), port = all_ports[0]
        dx, dy = DELTA[port_side(port)]
        x, y = cx, cy
        while (x - dx, y - dy) in shapes.cells:
            x, y = x - dx, y - dy
        source = (x + 0.5 + 0.05 * dx, y + 0.5 + 0.05 * dy)
        points.append(source)
    points.sort(key=lambda p: (p[1], p[0]))
    return AmazonShape(tuple(points), source)



def village_path(shapes: TileShapes, index: int,
                 cell: tuple[int, int]) -> tuple[PathCommand, ...]:
    """The closed outline of a village in one cell.

    The shape runs along the covered sides; each run of uncovered sides is one
    curve bulging towards them, so a single side is a cap, two adjacent sides a
    diagonal, two opposite sides a band.
    """
    covered = shapes.village_sides[(index, cell)]
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



def village_bridges(shapes: TileShapes, index: int) -> list[tuple[Point, Point]]:
    """Rectangles (corner, opposite corner) joining a village's parts in neighbouring
    cells of a multi-cell tile along the outer side they share."""
    bridges = []
    for dx, dy in shapes.ports[index]:
        for side, (ndx, ndy) in ((Side.EAST, (1, 0)), (Side.SOUTH, (0, 1))):
            other = (dx + ndx, dy + ndy)
            if other not in shapes.ports[index]:
                continue
            shared = shapes.village_sides[(index, (dx, dy))] & shapes.village_sides[(index, other)]
            for along in shared:
                if along in (Side.NORTH, Side.SOUTH) and side is Side.EAST:
                    y0 = 0.0 if along is Side.NORTH else 0.72
                    bridges.append(((dx + 0.5, dy + y0), (dx + 1.5, dy + y0 + 0.28)))
                elif along in (Side.EAST, Side.WEST) and side is Side.SOUTH:
                    x0 = 0.0 if along is Side.WEST else 0.72
                    bridges.append(((dx + x0, dy + 0.5), (dx + x0 + 0.28, dy + 1.5)))
    return bridges

