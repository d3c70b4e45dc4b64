"""The geometry of a tile's picture, in tile units: shapes, anchors and hit regions
(R-F1, R-F2).

Nothing is drawn from artwork: each segment's shape is derived from its ports
(:class:`~carcassonne_amazonas.tiles.layout.Segment` and the turned
:class:`~carcassonne_amazonas.tiles.layout.VariantCell` tables), so custom tile sets draw
just as well.  Units: the anchor cell's top-left corner is ``(0, 0)``, a cell is
1 × 1, ``x`` grows east and ``y`` downstream.

- jungle is the background of every cell;
- a tributary is a line from the middle of each edge it crosses to the cell's
  centre, ending at a rock when it has a single end (or flowing into the Amazon on
  river tiles);
- a village is a shape along the edges it lies on, bulging towards the others;
- the Amazon is a wide band between banks, rising at a source on the start tile.

Three modules, each importing the one before: :mod:`~carcassonne_amazonas.render._segment_shapes`
holds the tile's frame (footprint and ports) and draws each kind of segment on it;
:class:`TileShapes`, here, holds those shapes for one tile copy in one rotation and says
which segment lies under a point (:meth:`TileShapes.segment_at`); and
:mod:`~carcassonne_amazonas.render._segment_spots` says where the piece of each segment
stands and where its icons go, hit-testing its candidates here.  The SVG renderer
(:mod:`~carcassonne_amazonas.render._svg_tiles`) draws the shapes and
:mod:`~carcassonne_amazonas.render.anchors` turns anchors and hit-testing into board units;
sharing one geometry is what makes a click on a drawn village land on that village.
"""

from __future__ import annotations

import functools
import itertools
import math

import attrs

from ..tiles.geometry import Rotation
from ..tiles.layout import Layout, Terrain
from ..tiles.tileset import Tile
from ._plane import Point, distance_to_polyline, flatten, inside_polygon, segments_cross
from ._segment_shapes import (
    AMAZON_REACH,
    SOURCE_RADIUS,
    TRIBUTARY_REACH,
    TileFrame,
    amazon_shape,
    tributary_shape,
    village_bridges,
    village_path,
)

__all__ = ["TileShapes", "tile_shapes"]


class TileShapes(TileFrame):
    """The picture of one tile layout in one rotation, in tile units from its anchor: the
    :class:`~carcassonne_amazonas.render._segment_shapes.TileFrame` with the shapes of its
    tributaries and its Amazon, and which segment lies under a point
    (:meth:`segment_at`).  Build it with :func:`tile_shapes`, which caches it.
    """

    def __init__(self, layout: Layout, icon_kinds: tuple[int, ...], rotation: Rotation) -> None:
        super().__init__(layout, icon_kinds, rotation)
        self.tributaries = {index: tributary_shape(self, index)
                            for index in self.of_terrain(Terrain.TRIBUTARY)}
        self.amazons = {index: amazon_shape(self, index)
                        for index in self.of_terrain(Terrain.AMAZON)}
        self._village_areas = {index: self._village_polygons(index)
                               for index in self.of_terrain(Terrain.VILLAGE)}
        self._tributary_lines = {index: [flatten(path) for path in shape.paths]
                                 for index, shape in self.tributaries.items()}
        self._barriers = self._barrier_segments()
        self._jungle_ports = [(self.point(cell, port), index)
                              for index in self.of_terrain(Terrain.JUNGLE)
                              for cell, ports in self.ports[index].items() for port in ports]

    def _village_polygons(self, index: int) -> list[list[Point]]:
        polygons = [flatten(village_path(self, index, cell)) for cell in self.ports[index]]
        for (x0, y0), (x1, y1) in village_bridges(self, index):
            polygons.append([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
        return polygons

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
        then a tributary within
        :data:`~carcassonne_amazonas.render._segment_shapes.TRIBUTARY_REACH` of its line
        (the nearest), then a village whose shape holds the point, and otherwise the jungle whose
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
