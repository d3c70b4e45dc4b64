"""The geometry of a tile's picture, in tile units: shapes, anchors and hit regions
(R-F1, R-F2).

Nothing is drawn from artwork: each segment's shape is derived from its ports
(:class:`~carcassonne_amazonas.tiles.tileset.Segment` and the turned
:class:`~carcassonne_amazonas.tiles.tileset.VariantCell` tables), so custom tile sets draw
just as well.  Units: the anchor cell's top-left corner is ``(0, 0)``, a cell is
1 × 1, ``x`` grows east and ``y`` downstream.

- jungle is the background of every cell;
- a tributary is a line from the middle of each edge it crosses to the cell's
  centre, ending at a rock when it has a single end (or flowing into the Amazon on
  river tiles);
- a village is a shape along the edges it lies on, bulging towards the others;
- the Amazon is a wide band between banks, rising at a source on the start tile.

:class:`TileShapes` holds these shapes for one tile copy in one rotation
(:mod:`~carcassonne_amazonas.render._segment_shapes` draws each kind of segment), where the
piece of each segment stands (:meth:`TileShapes.anchor`) and where its icons go
(:mod:`~carcassonne_amazonas.render._segment_spots`), and which segment lies under a point
(:meth:`TileShapes.segment_at`, here).  The SVG renderer
(:mod:`~carcassonne_amazonas.render._svg_tiles`) draws the shapes and
:mod:`~carcassonne_amazonas.render.anchors` turns anchors and hit-testing into board units;
sharing one geometry is what makes a click on a drawn village land on that village.
"""

from __future__ import annotations

import functools
import itertools
import math

import attrs

from ..tiles.geometry import Rotation, Side, port_side
from ..tiles.tileset import Layout, Terrain, Tile
from ._plane import (
    PathCommand,
    Point,
    distance_to_polyline,
    flatten,
    inside_polygon,
    segments_cross,
)
from ._segment_shapes import (
    AMAZON_REACH,
    AMAZON_WATER,
    ICON_RADIUS,
    ROCK_RADIUS,
    SOURCE_RADIUS,
    TRIBUTARY_HALF_WIDTH,
    TRIBUTARY_REACH,
    AmazonShape,
    TributaryShape,
    amazon_shape,
    port_point,
    tributary_shape,
    village_bridges,
    village_path,
)
from ._segment_spots import segment_spots

__all__ = [
    "AMAZON_REACH",
    "AMAZON_WATER",
    "ICON_RADIUS",
    "ROCK_RADIUS",
    "SOURCE_RADIUS",
    "TRIBUTARY_HALF_WIDTH",
    "TRIBUTARY_REACH",
    "AmazonShape",
    "TileShapes",
    "TributaryShape",
    "port_point",
    "tile_shapes",
]


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

    def centre_in_village(self, cell: tuple[int, int]) -> bool:
        """Whether a village covers the centre of a footprint cell (three sides of it, or
        two opposite ones): a tributary ending there stops short of it."""
        for (_, village_cell), sides in self.village_sides.items():
            if village_cell == cell and (len(sides) >= 3 or sides in (
                    {Side.NORTH, Side.SOUTH}, {Side.EAST, Side.WEST})):
                return True
        return False

    # -- villages ---------------------------------------------------------------------------

    def village_path(self, index: int, cell: tuple[int, int]) -> tuple[PathCommand, ...]:
        """The closed outline of village segment ``index`` in one cell
        (:func:`~carcassonne_amazonas.render._segment_shapes.village_path`)."""
        return village_path(self, index, cell)

    def village_bridges(self, index: int) -> list[tuple[Point, Point]]:
        """Rectangles joining a village's parts across the cells of a multi-cell tile
        (:func:`~carcassonne_amazonas.render._segment_shapes.village_bridges`)."""
        return village_bridges(self, index)

    def _village_polygons(self, index: int) -> list[list[Point]]:
        polygons = [flatten(self.village_path(index, cell)) for cell in self.ports[index]]
        for (x0, y0), (x1, y1) in self.village_bridges(index):
            polygons.append([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
        return polygons

    # -- anchors and icons ------------------------------------------------------------------

    def spots(self, index: int) -> tuple[Point, tuple[Point, ...]]:
        """Where segment ``index``'s piece stands and where its icon kinds go (one spot
        per kind of icon it shows), in tile units
        (:func:`~carcassonne_amazonas.render._segment_spots.segment_spots`, computed once)."""
        found = self._spots.get(index)
        if found is None:
            found = self._spots[index] = segment_spots(self, index)
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
