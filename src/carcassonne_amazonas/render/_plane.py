"""Plane geometry for pictures: points, paths, distances and crossings (standard
library only).

Points are ``(x, y)`` pairs of floats (``y`` grows downwards, as on the board and in
SVG); a path is a tuple of :data:`PathCommand`, as in SVG path data restricted to
``M``, ``L`` and ``Q``.  :mod:`~carcassonne_amazonas.render._tile_shapes` builds a tile's
shapes, anchors and hit regions from these.
"""

from __future__ import annotations

import itertools
import math

__all__ = [
    "CURVE_STEPS",
    "PathCommand",
    "Point",
    "distance_to_polyline",
    "flatten",
    "inside_polygon",
    "mix",
    "point_along",
    "polyline",
    "polyline_length",
    "quad_point",
    "segments_cross",
]

#: A point: ``(x, y)``.
Point = tuple[float, float]
#: One step of an outline: ``("M" | "L" | "Q", control point, end point)``.
PathCommand = tuple[str, Point, Point]
#: Straight steps per curve when a path is flattened.
CURVE_STEPS = 10


def mix(a: Point, b: Point, t: float) -> Point:
    """The point at fraction ``t`` of the way from ``a`` to ``b``."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def quad_point(p0: Point, control: Point, p1: Point, t: float) -> Point:
    """The point at parameter ``t`` of the quadratic Bézier curve ``p0``, ``control``,
    ``p1``."""
    a, b, c = (1 - t) ** 2, 2 * t * (1 - t), t * t
    return (a * p0[0] + b * control[0] + c * p1[0], a * p0[1] + b * control[1] + c * p1[1])


def polyline(points: list[Point]) -> tuple[PathCommand, ...]:
    """Path commands of a polyline through ``points``."""
    return tuple(("M" if i == 0 else "L", p, p) for i, p in enumerate(points))


def flatten(commands: tuple[PathCommand, ...]) -> list[Point]:
    """The points of a path, its curves replaced by short straight steps."""
    points: list[Point] = []
    for letter, control, end in commands:
        if letter == "Q" and points:
            start = points[-1]
            points.extend(quad_point(start, control, end, k / CURVE_STEPS)
                          for k in range(1, CURVE_STEPS + 1))
        else:
            points.append(end)
    return points


def polyline_length(line: tuple[Point, ...] | list[Point]) -> float:
    """The length of a polyline."""
    return sum(math.dist(a, b) for a, b in itertools.pairwise(line))


def point_along(line: tuple[Point, ...], t: float) -> Point:
    """The point at fraction ``t`` of a polyline's length."""
    left = polyline_length(line) * t
    for a, b in itertools.pairwise(line):
        step = math.dist(a, b)
        if step >= left and step > 0:
            return mix(a, b, left / step)
        left -= step
    return line[-1]


def distance_to_polyline(point: Point, line: list[Point] | tuple[Point, ...]) -> float:
    """The distance from ``point`` to a polyline."""
    best = math.inf
    px, py = point
    for (ax, ay), (bx, by) in itertools.pairwise(line):
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy)
                                                  / length2))
        best = min(best, math.hypot(px - ax - t * dx, py - ay - t * dy))
    return best


def inside_polygon(point: Point, polygon: list[Point]) -> bool:
    """Whether ``point`` lies inside a closed polygon (even-odd rule)."""
    x, y = point
    inside = False
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def segments_cross(p: Point, q: Point, a: Point, b: Point) -> bool:
    """Whether the segments ``pq`` and ``ab`` properly cross."""
    d1, d2 = _cross(a, b, p), _cross(a, b, q)
    d3, d4 = _cross(p, q, a), _cross(p, q, b)
    return (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0) and 0 not in (d1, d2, d3, d4)
