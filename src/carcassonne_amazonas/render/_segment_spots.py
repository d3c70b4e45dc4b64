"""Where a segment's piece and icons go on a tile, in tile units (R-F7, R-T5), from its
:class:`~carcassonne_amazonas.render._tile_shapes.TileShapes`.

Each kind of segment offers candidate spots, best first: along a tributary's line, in
a village's bulge, along the Amazon's course (which takes icons but no piece, R-F6),
and in the part of the cell a jungle owns.  Each segment's icons take its first
candidate whose piece spot the tile's hit-testing maps back to the segment.  Then the
pieces are placed tile by tile (:func:`tile_spots`): each piece spot is the first of
the segment's candidates, or else of a grid of points of the segment, that stands
clear of every icon of the tile (:data:`PIECE_CLEARANCE`), of the pieces placed
before it (:data:`PIECES_APART`) and of the tile's edge, or the point that comes
closest to that.  A piece's spot always maps back to its segment, so a click on a
drawn piece selects it.
"""

from __future__ import annotations

import functools
import math

from ..tiles.geometry import Side
from ..tiles.tileset import Terrain
from ._plane import Point, mix, point_along, polyline_length
from ._segment_shapes import ICON_GAP, ICON_RADIUS, JUNGLE_SPOTS, OUTWARD
from ._tile_shapes import TileShapes

__all__ = ["PIECES_APART", "PIECE_CLEARANCE", "segment_spots", "tile_spots"]

#: How far a piece's spot stays from the centre of any icon of its tile, and from the
#: spot of any other piece, in tile units: a piece (0.4 high, about 0.35 wide) then
#: covers neither.
PIECE_CLEARANCE = ICON_RADIUS + 0.15
PIECES_APART = 0.32
_EDGE = 0.12  # a piece's spot stays this far inside the tile
_GRID = 10    # grid points per cell side where a piece may stand


def segment_spots(shapes: TileShapes, index: int) -> tuple[Point, tuple[Point, ...]]:
    """Where segment ``index``'s piece stands and where its icon kinds go (one spot
    per kind of icon it shows), in tile units (see :func:`tile_spots`).  For the
    Amazon, which takes no piece (R-F6), the first spot is the middle of its course
    clear of its icons."""
    return tile_spots(shapes)[index]


@functools.lru_cache(maxsize=4096)
def tile_spots(shapes: TileShapes) -> tuple[tuple[Point, tuple[Point, ...]], ...]:
    """Every segment's :func:`segment_spots`, computed together once per shapes: the
    icons first, then the pieces apart from them and from each other (R-F7, R-T5)."""
    count = len(shapes.terrains)
    candidates = [_candidates(shapes, index) for index in range(count)]
    chosen = [next(((p, i) for p, i in options if shapes.segment_at(p) == index), options[0])
              for index, options in enumerate(candidates)]
    icons = [spot for _, spots in chosen for spot in spots]
    grid = _grid_points(shapes)
    places = {index: [p for p, _ in candidates[index] if shapes.segment_at(p) == index]
              + grid.get(index, []) for index in range(count)
              if shapes.terrains[index] is not Terrain.AMAZON}
    pieces: list[Point] = []
    spots = [(piece, tuple(icon_spots)) for piece, icon_spots in chosen]
    for index in sorted(places, key=lambda i: (len(places[i]), i)):
        if not places[index]:
            continue
        piece = _clearest(shapes, places[index], icons, pieces)
        pieces.append(piece)
        spots[index] = (piece, spots[index][1])
    return tuple(spots)


def _candidates(shapes: TileShapes, index: int) -> list[tuple[Point, list[Point]]]:
    terrain = shapes.terrains[index]
    kinds = shapes.icon_kinds[index]
    if terrain is Terrain.TRIBUTARY:
        return _tributary_spots(shapes, index, kinds)
    if terrain is Terrain.AMAZON:
        return _amazon_spots(shapes, index, kinds)
    if terrain is Terrain.VILLAGE:
        return _village_spots(shapes, index, kinds)
    return _jungle_spots(shapes, index, kinds)


def _grid_points(shapes: TileShapes) -> dict[int, list[Point]]:
    """Points of a grid over the tile's cells, by the segment hit-testing maps each to."""
    found: dict[int, list[Point]] = {}
    for cx, cy in shapes.cells:
        for i in range(_GRID):
            for j in range(_GRID):
                point = (cx + (i + 0.5) / _GRID, cy + (j + 0.5) / _GRID)
                segment = shapes.segment_at(point)
                if segment is not None:
                    found.setdefault(segment, []).append(point)
    return found


def _clearest(shapes: TileShapes, places: list[Point], icons: list[Point],
              pieces: list[Point]) -> Point:
    """The first of ``places`` clear of the icons, the pieces and the edge, or the one
    that comes closest to that; grid points nearest the first place first."""
    first = places[0]

    def room(point: Point) -> float:
        edge = min(point[0], shapes.width - point[0], point[1], shapes.height - point[1])
        return min([edge - _EDGE]
                   + [math.dist(point, icon) - PIECE_CLEARANCE for icon in icons]
                   + [math.dist(point, piece) - PIECES_APART for piece in pieces])

    ordered = [first, *sorted(places[1:], key=lambda p: math.dist(p, first))]
    return next((point for point in ordered if room(point) >= 0), max(ordered, key=room))


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
