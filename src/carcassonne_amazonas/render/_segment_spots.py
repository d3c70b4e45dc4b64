"""Where a segment's piece and icons go on a tile, in tile units (R-F7, R-T5), from its
:class:`~carcassonne_amazonas.render._tile_shapes.TileShapes`.

Each segment has options, best first
(:mod:`~carcassonne_amazonas.render._spot_candidates` gives the usual ones):

- for its icons, rows of spots: the usual rows, then rows beside a tributary on
  either side, further along it or past its rock (in a jungle, or in a village as a
  last resort), or anywhere well inside a village or jungle;
- for its piece, points that hit-testing maps back to the segment: the usual spots
  first, then any point on the tributary's drawn line, or any point of a grid over the
  tile at least one grid step inside the village or jungle (so that the piece visibly
  stands on it), nearest the first spot first; never nearer the tile's edge than
  :func:`clearances` allows.  The Amazon takes icons but no piece (R-F6).

:func:`tile_spots` takes, tile by tile, the first options that let every piece stand
:data:`PIECES_APART` from every other and :data:`PIECE_CLEARANCE` from every icon and
from the "!" of a "!" tile, with the icons of different segments apart too
(:mod:`~carcassonne_amazonas.render._spot_search`).  The usual options are tried first
and alone, at full size; the grid, which costs most, only when they leave no room.
When even those leave no room for full-size pieces, the tile's pieces are drawn
smaller (:func:`piece_scale`, one of :data:`SCALES`) and keep the distances scaled
alike; a tributary's icons go into a village only when no size has room otherwise.
A piece's spot always maps back to its segment, so a click on a drawn piece selects
it.  Everything is computed once per tile shape and rotation, and cached.
"""

from __future__ import annotations

import functools
import math
from typing import NamedTuple

from ..tiles.geometry import Rotation
from ..tiles.layout import Layout, Terrain
from ._plane import Point, flatten, point_along, polyline_length
from ._segment_shapes import ICON_GAP, ICON_RADIUS
from ._spot_candidates import candidates
from ._spot_search import search_spots
from ._tile_shapes import TileShapes

__all__ = [
    "EXCLAMATION_SPOTS",
    "PIECES_APART",
    "PIECE_CLEARANCE",
    "SCALES",
    "Clearances",
    "clearances",
    "exclamation_spot",
    "piece_scale",
    "segment_spots",
    "tile_spots",
]

#: How far a piece's spot stays from the centre of any icon of its tile, in tile units:
#: a full-size piece (about 0.33 high and wide) then does not cover the icon's disc.
PIECE_CLEARANCE = ICON_RADIUS + 0.15
#: How far apart the spots of two full-size pieces of one tile stand, in tile units: the
#: pieces do not overlap.
PIECES_APART = 0.32
#: The sizes pieces are drawn at, tried in turn, full size first: a crowded tile draws
#: its pieces at the first size that lets them all stand clear (:func:`piece_scale`).
SCALES = (1.0, 0.9, 0.8, 0.7, 0.6)
#: Where the "!" of a "!" tile (R-T3) may stand, in its anchor cell, best first: the
#: first one clear of the pieces and icons (:func:`exclamation_spot`).
EXCLAMATION_SPOTS: tuple[Point, ...] = ((0.9, 0.14), (0.1, 0.14), (0.9, 0.86), (0.1, 0.86))
_EDGE = 0.12  # a full-size piece's spot stays this far inside the tile
_GRID = 20    # grid points per cell side where a piece or an icon may stand
_ROWS = 12    # rows anywhere in a village or jungle offered to its icons
_MARK = -1    # the "!" among the rows of icons
#: The options tried in turn (with the grid, with a tributary's icons in a village, at
#: which sizes): the usual ones at full size; all but those icons at every size; all.
_STAGES = ((False, False, SCALES[:1]), (True, False, SCALES), (True, True, SCALES))

Grid = dict[tuple[int, int], int]
Spots = tuple[tuple[Point, tuple[Point, ...]], ...]
Rows = dict[int, list[tuple[Point, ...]]]


class Clearances(NamedTuple):
    """The distances the spots of pieces drawn at one size keep, in tile units."""

    #: between two pieces' spots
    apart: float
    #: from a piece's spot to an icon's centre (or the "!")
    icon: float
    #: from a piece's spot to the tile's edge
    edge: float


def clearances(scale: float) -> Clearances:
    """The distances kept by the spots of pieces drawn at ``scale`` times full size:
    :data:`PIECES_APART` and :data:`PIECE_CLEARANCE` at full size."""
    return Clearances(PIECES_APART * scale, ICON_RADIUS + (PIECE_CLEARANCE - ICON_RADIUS) * scale,
                      _EDGE * scale)


class _Layout(NamedTuple):
    spots: Spots
    scale: float
    exclamation: Point | None


def segment_spots(shapes: TileShapes, index: int) -> tuple[Point, tuple[Point, ...]]:
    """Where segment ``index``'s piece stands and where its icon kinds go (one spot
    per kind of icon it shows), in tile units (see :func:`tile_spots`).  For the
    Amazon, which takes no piece (R-F6), the first spot is the middle of its course
    clear of its icons."""
    return _layout(shapes).spots[index]


def tile_spots(shapes: TileShapes) -> Spots:
    """Every segment's :func:`segment_spots`: every piece apart from the others and
    clear of every icon at the tile's :func:`piece_scale` (R-F7, R-T5), each segment
    keeping the first of its options that allows it (see the module)."""
    return _layout(shapes).spots


def piece_scale(shapes: TileShapes) -> float:
    """The size the tile's pieces are drawn at, a fraction of full size: the first of
    :data:`SCALES` at which every piece stands clear (:func:`clearances`), 1 on all
    but the most crowded tiles (R-T5).  A tile without room even at the smallest keeps
    its segments' first options at that size."""
    return _layout(shapes).scale


def exclamation_spot(shapes: TileShapes) -> Point | None:
    """Where the tile's "!" stands (R-T3), the first of :data:`EXCLAMATION_SPOTS` clear
    of its pieces and icons; None on a tile without one."""
    return _layout(shapes).exclamation


@functools.lru_cache(maxsize=4096)
def _layout(shapes: TileShapes) -> _Layout:
    """The spots of every segment, the pieces' size and the "!", computed together
    once per shapes, in :data:`_STAGES`."""
    count = len(shapes.terrains)
    usual = [candidates(shapes, index) for index in range(count)]
    chosen = [next(((p, i) for p, i in options if shapes.segment_at(p) == index), options[0])
              for index, options in enumerate(usual)]
    grid: Grid | None = None
    for gridded, lenient, scales in _STAGES:
        if gridded and grid is None:
            grid = _grid(shapes.layout, shapes.rotation)
        rows, places = _options(shapes, usual, chosen, grid, lenient=lenient)
        found = _search(shapes, rows, places, scales)
        if found is not None:
            break
    if found is None:  # no room: every segment keeps its first options
        found = ({index: options[0] for index, options in rows.items()},
                 {index: points[0] for index, points in places.items() if points}, SCALES[-1])
    icons, pieces, scale = found
    mark = icons.pop(_MARK, None)
    return _Layout(tuple((pieces.get(index, piece), icons.get(index, tuple(icon_spots)))
                         for index, (piece, icon_spots) in enumerate(chosen)),
                   scale, None if mark is None else mark[0])


def _options(shapes: TileShapes, usual: list[list[tuple[Point, list[Point]]]],
             chosen: list[tuple[Point, list[Point]]], grid: Grid | None, *,
             lenient: bool) -> tuple[Rows, dict[int, list[Point]]]:
    """Every segment's rows of icons (and the "!"'s spots) and piece spots, best first;
    without a grid, only those that need none; ``lenient``: with a tributary's icons in
    a village too."""
    rows = {index: _icon_rows(shapes, index, usual[index], chosen[index][1], grid, lenient)
            for index in range(len(usual)) if shapes.icon_kinds[index]}
    if shapes.layout.exclamation:
        rows[_MARK] = [(spot,) for spot in EXCLAMATION_SPOTS]
    places = {index: _piece_places(shapes, index, usual[index], grid)
              for index in range(len(usual)) if shapes.terrains[index] is not Terrain.AMAZON}
    return rows, places


def _search(shapes: TileShapes, rows: Rows, places: dict[int, list[Point]],
            scales: tuple[float, ...],
            ) -> tuple[dict[int, tuple[Point, ...]], dict[int, Point], float] | None:
    """The first options that let every piece stand clear, at the first of ``scales``
    that has any."""
    for scale in scales:
        apart, clearance, edge = clearances(scale)
        # A segment with no spot that far from the edge keeps all of them.
        inside = {index: [p for p in points if _edge_room(shapes, p) >= edge] or points
                  for index, points in places.items() if points}
        found = search_spots(rows, inside, apart=apart, clearance=clearance)
        if found is not None:
            return found[0], found[1], scale
    return None


@functools.lru_cache(maxsize=1024)
def _grid(layout: Layout, rotation: Rotation) -> Grid:
    """The segment under each point of a grid over the tile's cells, by grid index:
    one grid for every copy of a layout, whose icons do not change its shapes."""
    shapes = TileShapes(layout, (0,) * len(layout.segments), rotation)
    found: Grid = {}
    for cx, cy in shapes.cells:
        for i in range(cx * _GRID, (cx + 1) * _GRID):
            for j in range(cy * _GRID, (cy + 1) * _GRID):
                segment = shapes.segment_at(_grid_point((i, j)))
                if segment is not None:
                    found[i, j] = segment
    return found


def _grid_point(key: tuple[int, int]) -> Point:
    return ((key[0] + 0.5) / _GRID, (key[1] + 0.5) / _GRID)


def _inside(grid: Grid, index: int, depth: int) -> list[Point]:
    """The grid points of segment ``index`` whose neighbours ``depth`` steps away
    in each direction are the segment's too."""
    return [_grid_point((i, j)) for (i, j), segment in grid.items() if segment == index
            and all(grid.get((i + dx * k, j + dy * k)) == index
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)) for k in range(1, depth + 1))]


def _edge_room(shapes: TileShapes, point: Point) -> float:
    return min(point[0], shapes.width - point[0], point[1], shapes.height - point[1])


def _piece_places(shapes: TileShapes, index: int, usual: list[tuple[Point, list[Point]]],
                  grid: Grid | None) -> list[Point]:
    """Where segment ``index``'s piece may stand, best first, wherever the tile's edge
    (see the module)."""
    first = [p for p, _ in usual if shapes.segment_at(p) == index]
    if shapes.terrains[index] is Terrain.TRIBUTARY:
        more = [p for p in _along(shapes, index) if shapes.segment_at(p) == index]
    else:
        more = [] if grid is None else _inside(grid, index, 1)
    if first:
        more.sort(key=lambda p: math.dist(p, first[0]))
    return list(dict.fromkeys(first + more))


def _along(shapes: TileShapes, index: int) -> list[Point]:
    """Points every grid step along each drawn line of tributary ``index``."""
    points: list[Point] = []
    for path in shapes.tributaries[index].paths:
        line = tuple(flatten(path))
        steps = max(1, round(polyline_length(line) * _GRID))
        points.extend(point_along(line, k / steps) for k in range(steps + 1))
    return points


def _icon_rows(shapes: TileShapes, index: int, usual: list[tuple[Point, list[Point]]],
               first: list[Point], grid: Grid | None,
               lenient: bool) -> list[tuple[Point, ...]]:
    """Where segment ``index``'s icons may go, best first: its usual rows, then rows
    beside its line (a tributary) or anywhere well inside it (a village or jungle);
    only rows whose icons stay on the tile, unless none does."""
    rows = [tuple(first)] + [tuple(spots) for _, spots in usual]
    terrain = shapes.terrains[index]
    if terrain is Terrain.TRIBUTARY:
        rows.extend(_beside(shapes, index, len(first), lenient))
    elif terrain is not Terrain.AMAZON and grid is not None:
        rows.extend(_rows_inside(shapes, index, first, grid))
    inside = [row for row in dict.fromkeys(rows) if all(_icon_fits(shapes, p) for p in row)]
    return inside or rows[:1]


def _icon_fits(shapes: TileShapes, point: Point) -> bool:
    return _edge_room(shapes, point) >= ICON_RADIUS + 0.01


def _beside(shapes: TileShapes, index: int, count: int,
            lenient: bool) -> list[tuple[Point, ...]]:
    """Rows of ``count`` icons beside tributary ``index``'s line, on either side, at
    points along it, and past its rock: those in a jungle, then (``lenient``) those in
    a village (:func:`_beside_ok`)."""
    tributary = shapes.tributaries[index]
    line = tributary.line
    places: list[tuple[Point, Point]] = []  # (the row's middle, the way it runs)
    for t in (0.5, 0.3, 0.7, 0.15, 0.85, 1.0):
        (x0, y0), (x1, y1) = point_along(line, max(t - 0.05, 0.0)), point_along(line, t)
        norm = math.hypot(x1 - x0, y1 - y0) or 1.0
        tx, ty = (x1 - x0) / norm, (y1 - y0) / norm
        places.extend(((x1 - side * ty * ICON_GAP, y1 + side * tx * ICON_GAP), (tx, ty))
                      for side in (1, -1))
        if t == 1.0 and tributary.rock is not None:
            places.append(((x1 + tx * ICON_GAP, y1 + ty * ICON_GAP), (-ty, tx)))
    rows: list[tuple[Point, ...]] = []
    in_village: list[tuple[Point, ...]] = []
    for (cx, cy), (ax, ay) in places:
        offsets = [ICON_GAP * (k - (count - 1) / 2) for k in range(count)]
        row = tuple((cx + ax * d, cy + ay * d) for d in offsets)
        where = {_beside_ok(shapes, index, p) for p in row}
        if all(_icon_fits(shapes, p) for p in row) and None not in where:
            (in_village if False in where else rows).append(row)
    return rows + in_village if lenient else rows


def _beside_ok(shapes: TileShapes, index: int, point: Point) -> bool | None:
    """Whether a tributary's icon may stand at ``point``: True on the tributary or in a
    jungle, False in a village (a Fruit icon there reads as the village's: a last
    resort), None on the Amazon or another tributary."""
    hit = shapes.segment_at(point)
    if hit is None or (hit != index and shapes.terrains[hit] is Terrain.TRIBUTARY):
        return None
    return hit == index or shapes.terrains[hit] is Terrain.JUNGLE


def _rows_inside(shapes: TileShapes, index: int, first: list[Point],
                 grid: Grid) -> list[tuple[Point, ...]]:
    """Up to :data:`_ROWS` groups of icons well inside segment ``index``, each from a
    point nearest the usual first icon, then the points nearest it that stand apart."""
    inner = [p for p in _inside(grid, index, 2) if _icon_fits(shapes, p)]
    inner.sort(key=lambda p: math.dist(p, first[0]))
    rows: list[tuple[Point, ...]] = []
    starts: list[Point] = []
    for start in inner:
        if len(rows) >= _ROWS:
            break
        if any(math.dist(start, s) < 0.1 for s in starts):
            continue
        starts.append(start)
        row = [start]
        for point in sorted(inner, key=lambda p: math.dist(p, start)):
            if len(row) == len(first):
                break
            if all(math.dist(point, p) >= ICON_GAP for p in row):
                row.append(point)
        if len(row) == len(first):
            rows.append(tuple(row))
    return rows
