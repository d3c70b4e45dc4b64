"""The drawing of a tile: terrains, tile kinds, segments and their ports, and the layout
turned by each rotation (R-F1, R-F2, R-G4, R-G5).

A *layout* is what every copy of a tile shares: its kind (R-C3–R-C5), its footprint
(1×1, the 1×2 double tiles, the 2×4 start tile), its segments (R-F1) and which edge
ports each segment touches (R-F2).  Each layout precomputes its :class:`Variant` per
rotation once (:func:`build_variants`), so the engine never rotates anything during
play.  The copies of a layout, with their own icons, and the tile sets that hold them
are in :mod:`~carcassonne_amazonas.tiles.tileset`.
"""

from __future__ import annotations

import enum

import attrs

from .._support.reprs import ShortEnumRepr, repr_pretty
from .geometry import (
    PORTS_PER_CELL,
    PORTS_PER_SIDE,
    Rotation,
    Side,
    port_name,
    rotate_offset,
    rotate_port,
)

__all__ = [
    "CellPort",
    "Layout",
    "Segment",
    "Terrain",
    "TileKind",
    "Variant",
    "VariantCell",
    "build_variants",
]


class Terrain(ShortEnumRepr, enum.IntEnum):
    """What a segment is, and so what an edge shows (R-F1, R-F2, R-G4).

    An edge's terrain is that of the segment at its middle port: jungle,
    tributary, village or the Amazon.  Value 0 is reserved for "no edge".
    """

    JUNGLE = 1
    TRIBUTARY = 2
    VILLAGE = 3
    AMAZON = 4

    @property
    def label(self) -> str:
        """Lower-case name, as in tile-set files."""
        return self.name.lower()


class TileKind(ShortEnumRepr, enum.Enum):
    """The four kinds of tile (R-C3–R-C5)."""

    STANDARD = "standard"
    AMAZON = "amazon"
    DOUBLE = "double"
    START = "start"

    @property
    def is_river(self) -> bool:
        """True for Amazon and double tiles, which extend the river (R-G6)."""
        return self in (TileKind.AMAZON, TileKind.DOUBLE)


@attrs.frozen(slots=True)
class CellPort:
    """A port (see :mod:`~carcassonne_amazonas.tiles.geometry`) of one footprint cell."""

    dx: int
    dy: int
    port: int

    def __str__(self) -> str:
        name = port_name(self.port)
        return name if (self.dx, self.dy) == (0, 0) else f"{name}@{self.dx},{self.dy}"

    _repr_pretty_ = repr_pretty


@attrs.frozen(slots=True)
class Segment:
    """A piece of tributary, village, jungle or Amazon on a layout (R-F1)."""

    name: str
    terrain: Terrain
    ports: tuple[CellPort, ...]

    _repr_pretty_ = repr_pretty


@attrs.frozen(slots=True)
class VariantCell:
    """One footprint cell of a layout in one rotation, as the engine reads it.

    ``edges[side]`` is the terrain shown on that side (0 on sides inside the
    footprint); ``port_segments[port]`` is the segment index at that port
    (-1 inside the footprint).
    """

    dx: int
    dy: int
    edges: tuple[int, int, int, int]
    port_segments: tuple[int, ...]

    _repr_pretty_ = repr_pretty


@attrs.frozen(slots=True)
class Variant:
    """A layout turned by a rotation, with its footprint anchored at its top-left cell."""

    rotation: Rotation
    cells: tuple[VariantCell, ...]

    _repr_pretty_ = repr_pretty

    @property
    def edge_signature(self) -> int:
        """The four edges of a 1×1 variant packed as in the open-cell constraints."""
        e = self.cells[0].edges
        return e[0] + 5 * e[1] + 25 * e[2] + 125 * e[3]


@attrs.frozen(slots=True, eq=False)
class Layout:
    """The drawing shared by all copies of a tile.

    ``exclamation`` marks the Amazon tiles with "!" (R-C3, R-T3).
    Layouts compare by identity: a tile set never holds two equal ones.
    """

    name: str
    kind: TileKind
    title: str
    width: int
    height: int
    segments: tuple[Segment, ...]
    exclamation: bool = False
    variants: tuple[Variant, ...] = attrs.field(default=(), repr=False)
    # edge constraint signature -> bit mask of fitting rotations, filled on demand.
    fit_masks: dict[int, int] = attrs.field(factory=dict, repr=False)

    def __repr__(self) -> str:
        mark = "!" if self.exclamation else ""
        return (f"<Layout {self.name}: {self.kind.value}{mark} {self.width}x{self.height}, "
                f"{self.title!r}>")

    _repr_pretty_ = repr_pretty

    @property
    def rotations(self) -> tuple[Rotation, ...]:
        """The rotations this kind of tile may be placed in (R-G5)."""
        if self.kind is TileKind.STANDARD:
            return tuple(Rotation)
        if self.kind.is_river:
            return (Rotation.R0, Rotation.R180)
        return (Rotation.R0,)

    @property
    def river_spaces(self) -> int:
        """River spaces this tile adds to the boat track (R-T9): one per cell."""
        return self.width * self.height if self.kind.is_river else 0

    def variant(self, rotation: Rotation) -> Variant:
        """This layout turned by ``rotation`` (which must be one of :attr:`rotations`)."""
        for variant in self.variants:
            if variant.rotation == rotation:
                return variant
        raise ValueError(f"layout {self.name} cannot be turned by {rotation.degrees}°")

    def fit_mask(self, signature: int) -> int:
        """Bit ``r`` is set when rotation ``r`` of this 1×1 layout meets an open cell's
        edge constraint (R-G4).

        ``signature`` packs the four required edges (0 where no neighbour) as
        ``n + 5e + 25s + 125w``.  Results are cached per layout.
        """
        mask = self.fit_masks.get(signature)
        if mask is None:
            need = (signature % 5, signature // 5 % 5, signature // 25 % 5, signature // 125)
            mask = 0
            for variant in self.variants:
                if all(n == 0 or n == e for n, e in zip(need, variant.cells[0].edges)):
                    mask |= 1 << variant.rotation
            self.fit_masks[signature] = mask
        return mask

    def fitting_rotations(self, signature: int) -> tuple[Rotation, ...]:
        """The rotations whose edges meet an open cell's constraint (see :meth:`fit_mask`)."""
        mask = self.fit_mask(signature)
        return tuple(r for r in Rotation if mask >> r & 1)


def build_variants(kind: TileKind, width: int, height: int,
                   segments: tuple[Segment, ...]) -> tuple[Variant, ...]:
    """Precompute a layout's footprint, edges and port table for each allowed rotation."""
    port_owner: dict[tuple[int, int, int], int] = {}
    for index, segment in enumerate(segments):
        for cell_port in segment.ports:
            port_owner[(cell_port.dx, cell_port.dy, cell_port.port)] = index
    cells = [(dx, dy) for dy in range(height) for dx in range(width)]
    if kind is TileKind.STANDARD:
        rotations: tuple[Rotation, ...] = tuple(Rotation)
    elif kind.is_river:
        rotations = (Rotation.R0, Rotation.R180)
    else:
        rotations = (Rotation.R0,)
    variants = []
    for rotation in rotations:
        turned = {cell: rotate_offset(*cell, rotation) for cell in cells}
        min_x = min(x for x, _ in turned.values())
        min_y = min(y for _, y in turned.values())
        variant_cells = []
        for cell in cells:
            port_segments = [-1] * PORTS_PER_CELL
            for port in range(PORTS_PER_CELL):
                owner = port_owner.get((cell[0], cell[1], port))
                if owner is not None:
                    port_segments[rotate_port(port, rotation)] = owner
            edges = [0, 0, 0, 0]
            for side in Side:
                owner = port_segments[side * PORTS_PER_SIDE + 1]
                if owner >= 0:
                    edges[side] = segments[owner].terrain.value
            x, y = turned[cell]
            variant_cells.append(VariantCell(
                x - min_x, y - min_y, (edges[0], edges[1], edges[2], edges[3]),
                tuple(port_segments),
            ))
        variant_cells.sort(key=lambda c: (c.dy, c.dx))
        variants.append(Variant(rotation, tuple(variant_cells)))
    return tuple(variants)
