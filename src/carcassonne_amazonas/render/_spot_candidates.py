"""The usual spots of a segment's piece and icons, by the kind of segment, in tile units
(R-F7, R-T5): each option is a piece spot with a row of icon spots, best first.

- a tributary: its piece along its line, its icons beside it (a short line) or along it;
- a village: its piece and icons across its bulge, nearer or farther from its edge;
- the Amazon: its icons along its course, and as its anchor (it takes no piece, R-F6)
  a point of the course clear of them;
- a jungle: the spots of the part of the tile it owns, nearest its ports: the best for
  the icons, the next ones apart from them for the camp.

:mod:`~carcassonne_amazonas.render._segment_spots` adds more options and picks among
them for the whole tile.
"""

from __future__ import annotations

import math

from ..tiles.geometry import Side
from ..tiles.layout import Terrain
from ._plane import Point, mix, point_along, polyline_length
from ._segment_shapes import ICON_GAP, ICON_RADIUS, JUNGLE_SPOTS, OUTWARD
from ._tile_shapes import TileShapes

__all__ = ["candidates"]


def candidates(shapes: TileShapes, index: int) -> list[tuple[Point, list[Point]]]:
    """The usual (piece spot, icon spots) of segment ``index``, best first (see the
    module); the piece spots are not yet hit-tested."""
    terrain = shapes.terrains[index]
    kinds = shapes.icon_kinds[index]
    if terrain is Terrain.TRIBUTARY:
        return _tributary_spots(shapes, index, kinds)
    if terrain is Terrain.AMAZON:
        return _amazon_spots(shapes, index, kinds)
    if terrain is Terrain.VILLAGE:
        return _village_spots(shapes, index, kinds)
    return _jungle_spots(shapes, index, kinds)


def _village_spots(shapes: TileShapes, index: int,
                   icons: int) -> list[tuple[Point, list[Point]]]:
    """Candidates (piece, icon spots) for a village, best first."""
    cell = max(shapes.ports[index], key=lambda c: len(shapes.ports[index][c]))
    sides = sorted(shapes.village_sides[(index, cell)])
    mid = (sum(0.5 + 0.5 * OUTWARD[s][0] for s in sides) / len(sides),
           sum(0.5 + 0.5 * OUTWARD[s][1] for s in sides) / len(sides))
    candidates: list[tuple[Point, list[Point]]] = []
    for pull in (0.3, 0.15, 0.45, 0.05):
        if len(sides) == 1:
            out = OUTWARD[sides[0]]
            along = (-out[1], out[0])
            middle = mix(mid, (0.5, 0.5), 0.9 * pull)
            spots = [middle] + [(middle[0] + along[0] * ICON_GAP * k,
                                 middle[1] + along[1] * ICON_GAP * k) for k in (-1, 2, -2)]
            piece = (middle[0] + along[0] * ICON_GAP, middle[1] + along[1] * ICON_GAP)
        else:
            piece = mix(mid, (0.5, 0.5), pull) if len(sides) < 4 else (0.5, 0.5)
            # The icons line up across the village's bulge (along a band).
            ox, oy = mid[0] - 0.5, mid[1] - 0.5
            norm = math.hypot(ox, oy)
            if norm > 1e-9:
                along = (-oy / norm, ox / norm)
            else:
                along = (0.0, 1.0) if set(sides) == {Side.NORTH, Side.SOUTH} else (1.0, 0.0)
            spots = [(piece[0] + along[0] * ICON_GAP * k, piece[1] + along[1] * ICON_GAP * k)
                     for k in (1, -1, 2, -2, 3)]
        candidates.append(((cell[0] + piece[0], cell[1] + piece[1]),
                           [(cell[0] + x, cell[1] + y) for x, y in spots[:icons]]))
    return candidates


def _tributary_spots(shapes: TileShapes, index: int,
                     icons: int) -> list[tuple[Point, list[Point]]]:
    line = shapes.tributaries[index].line
    if polyline_length(line) >= 0.6:
        spots = [point_along(line, t) for t in (0.22, 0.78, 0.1, 0.9)]
    else:
        (x0, y0), (x1, y1) = line[0], line[-1]
        norm = math.hypot(x1 - x0, y1 - y0) or 1.0
        tx, ty = (x1 - x0) / norm, (y1 - y0) / norm
        middle = point_along(line, 0.5)
        spots = [(middle[0] - ty * ICON_GAP + tx * ICON_GAP * k,
                  middle[1] + tx * ICON_GAP + ty * ICON_GAP * k) for k in (0, 1, -1, 2)]
    return [(point_along(line, t), spots[:icons]) for t in (0.5, 0.4, 0.6, 0.3, 0.7)]


def _amazon_spots(shapes: TileShapes, index: int,
                  icons: int) -> list[tuple[Point, list[Point]]]:
    points = shapes.amazons[index].line
    top = max(points[0][1], 0.0) + 0.15
    bottom = min(points[-1][1], float(shapes.height)) - 0.15
    x = points[0][0]
    spots = [(x, top + (bottom - top) * (j + 1) / (icons + 1)) for j in range(icons)]
    # No piece goes on the Amazon (R-F6); its anchor is a free point of its course.
    course = [mix(points[0], points[-1], t) for t in (0.5, 0.3, 0.7, 0.15, 0.85)]
    free = [p for p in course if all(math.dist(p, s) >= ICON_GAP for s in spots)]
    return [((free or course)[0], spots)]


def _jungle_spots(shapes: TileShapes, index: int,
                  icons: int) -> list[tuple[Point, list[Point]]]:
    """The spots of a jungle's own area, nearest its ports first: the best for the
    icons, the next one apart from them for the camp."""
    ranked, chosen = _own_spots(shapes, index, icons)
    if not chosen:  # nowhere is this jungle's own: by its first port
        cell, ports = next(iter(shapes.ports[index].items()))
        chosen = [mix(shapes.point(cell, ports[0]), shapes.centre(cell), 0.3)]
    if len(chosen) > icons:
        return [(chosen[icons], chosen[:icons])] + [(spot, chosen[:icons])
                                                    for spot in chosen[icons + 1:]]
    # Too small for the icons and the camp apart: the icons crowd towards the cell's
    # centre, the camp takes the jungle's own spot farthest from them.
    best = chosen[0]
    cell = (math.floor(best[0]), math.floor(best[1]))
    while len(chosen) < icons:
        chosen.append(mix(chosen[-1], shapes.centre(cell), 0.45))
    spots = ranked or list(chosen)
    spots.sort(key=lambda spot: -min(math.dist(spot, s) for s in chosen))
    return [(spot, chosen) for spot in spots]


def _jungle_candidates(shapes: TileShapes, index: int) -> list[Point]:
    """Where a jungle's icons and camp might go: the usual spots of every cell (off the
    Amazon's banks) and points near the jungle's own ports, inside the tile."""
    candidates: list[Point] = []
    for cell in shapes.cells:
        # Beside the Amazon, keep icons and camps off its banks.
        river = shapes.amazon_x is not None and abs(cell[0] + 0.5 - shapes.amazon_x) < 0.5
        candidates.extend((cell[0] + sx, cell[1] + sy) for sx, sy in JUNGLE_SPOTS
                          if not (river and (abs(sx - 0.5) < 0.3 or 0.25 < sy < 0.75)))
    for cell, ports in shapes.ports[index].items():  # squeezed jungles: near their ports
        for port in ports:
            for pull in (0.3, 0.4, 0.5):
                candidates.append(mix(shapes.point(cell, port), shapes.centre(cell), pull))
    edge = ICON_RADIUS + 0.01  # an icon there stays inside the tile
    return [spot for spot in candidates
            if edge <= spot[0] <= shapes.width - edge and edge <= spot[1] <= shapes.height - edge]


def _own_spots(shapes: TileShapes, index: int, icons: int) -> tuple[list[Point], list[Point]]:
    """The candidates that lie in the jungle's own area, nearest its ports first
    (``ranked``), and among them the ones standing apart from each other (``chosen``):
    enough for the icons, the camp and a few spares (hit-testing every candidate would
    cost more than the rest)."""
    own = [shapes.point(cell, p) for cell, ports in shapes.ports[index].items() for p in ports]
    scored = sorted((min(math.dist(spot, p) for p in own)
                     + 0.2 * sum(math.dist(spot, p) for p in own) / len(own), spot)
                    for spot in _jungle_candidates(shapes, index))
    ranked: list[Point] = []
    chosen: list[Point] = []
    for _, spot in scored:
        if len(chosen) > icons + 2:
            break
        if shapes.segment_at(spot) != index:
            continue
        ranked.append(spot)
        if all(math.dist(spot, s) >= ICON_GAP for s in chosen):
            chosen.append(spot)
    return ranked, chosen
