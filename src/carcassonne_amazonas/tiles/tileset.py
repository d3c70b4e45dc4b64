"""The tile set as data: layouts, segments, per-copy icons and their orientations.

A *layout* is the drawing of a tile: its footprint (1×1, the 1×2 double
tiles, the 2×4 start tile), its segments (R-F1) and which edge ports each
segment touches (R-F2).  A :class:`Tile` is one physical copy of a layout
with its own icons (copies of one layout differ in their icons, as the rulebook
says).

Tile sets are read from text files by :mod:`carcassonne_amazonas.tiles.tilefile`;
:func:`~carcassonne_amazonas.tiles.reference.reference_tileset` loads the
reconstructed set shipped with the package.  Each layout precomputes its
:class:`Variant` per rotation once, so the engine never rotates anything during
play.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import NewType

import attrs

from .._support.provenance import code_for
from .._support.reprs import ShortEnumRepr, changed_fields_repr, repr_pretty
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
    "Icons",
    "Layout",
    "Segment",
    "StartSide",
    "Terrain",
    "Tile",
    "TileId",
    "TileKind",
    "TileSet",
    "Variant",
    "VariantCell",
    "check_tile_and_rotation",
]

#: Identifies one physical tile copy inside its tile set (its index there).
TileId = NewType("TileId", int)


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


@attrs.frozen(slots=True, repr=False)
class Icons:
    """Icons drawn on one segment of one tile copy (R-F7).

    ``repr`` names only the icons present: ``Icons(fruit=1)``, ``Icons()`` for none.
    """

    boats: int = 0
    fruit: int = 0
    animals: int = 0
    caimans: int = 0
    piranhas: int = 0

    __repr__ = changed_fields_repr
    _repr_pretty_ = repr_pretty

    def __add__(self, other: Icons) -> Icons:
        return Icons(
            self.boats + other.boats,
            self.fruit + other.fruit,
            self.animals + other.animals,
            self.caimans + other.caimans,
            self.piranhas + other.piranhas,
        )

    def __bool__(self) -> bool:
        return any((self.boats, self.fruit, self.animals, self.caimans, self.piranhas))


NO_ICONS = Icons()


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


@attrs.frozen(slots=True, eq=False)
class Tile:
    """One physical tile copy: a layout plus its own icons per segment (R-F7).

    ``name`` is ``LAYOUT.k`` (the k-th copy of the layout, from 1).
    """

    id: TileId
    name: str
    layout: Layout
    icons: tuple[Icons, ...]

    @property
    def kind(self) -> TileKind:
        """The kind of the tile's layout."""
        return self.layout.kind

    @property
    def design(self) -> tuple[str, tuple[Icons, ...]]:
        """What a player sees: copies with equal designs are interchangeable."""
        return (self.layout.name, self.icons)

    @property
    def total_icons(self) -> Icons:
        """All icons on the tile."""
        boats = fruit = animals = caimans = piranhas = 0
        for icons in self.icons:  # one Icons built, not one per segment (Amazon scorings)
            boats += icons.boats
            fruit += icons.fruit
            animals += icons.animals
            caimans += icons.caimans
            piranhas += icons.piranhas
        return Icons(boats, fruit, animals, caimans, piranhas)

    def __repr__(self) -> str:
        return f"<Tile {self.name} {self.layout.title!r}>"

    _repr_pretty_ = repr_pretty

    def _repr_svg_(self) -> str:
        """The tile as a picture in Jupyter and IPython, unturned and labelled
        (:func:`carcassonne_amazonas.render.svg.tile_svg`)."""
        from ..render.svg import tile_svg  # lazy: the renderer is not needed to play

        return str(tile_svg(self, self.layout.rotations[0]))

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Tile) and other.id == self.id and other.name == self.name
                and other.icons == self.icons)

    def __hash__(self) -> int:
        return hash((self.id, self.name))


def check_tile_and_rotation(tile: object, rotation: object) -> None:
    """``TypeError`` unless ``tile`` is a :class:`Tile` and ``rotation`` a
    :class:`~carcassonne_amazonas.tiles.geometry.Rotation`, saying how to get one from a
    tile's name or from degrees: the argument check of the functions that take a tile
    copy in a rotation (R-G5), such as ``tile_svg`` and ``footprint``."""
    if type(tile) is not Tile:
        hint = " (a tile's name: tileset.tile_named(name) gives the tile)" \
            if isinstance(tile, str) else ""
        raise TypeError(f"tile must be a Tile, not {type(tile).__name__}{hint}")
    if type(rotation) is not Rotation:
        hint = " (degrees: Rotation.from_degrees(90) gives Rotation.R90)" \
            if type(rotation) is int else ""
        raise TypeError(f"rotation must be a Rotation, not {type(rotation).__name__}{hint}")


@attrs.frozen(slots=True)
class StartSide:
    """One side of the start tile and the river mouth, chosen by player count (R-C5, R-C6)."""

    min_players: int
    max_players: int
    river_spaces: int
    mouth_points: tuple[int, ...]

    _repr_pretty_ = repr_pretty


@attrs.frozen(slots=True, eq=False)
class TileSet:
    """A complete, validated tile set.

    Two tile sets are equal when their data files have the same checksum.
    ``tiles`` holds every copy, indexed by :data:`TileId`.  ``repr`` is a summary,
    ``<TileSet 'my-box': 85 tiles, checksum 0123456789ab>``, except for the sets shipped
    with the package, whose ``repr`` is the call that loads them:
    ``reference_tileset()`` or ``reference_tileset(bonus_river=True)`` (R-V3).
    """

    name: str
    title: str
    layouts: tuple[Layout, ...]
    tiles: tuple[Tile, ...]
    start_sides: tuple[StartSide, ...]
    checksum: str
    source: str = attrs.field(repr=False)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TileSet) and other.checksum == self.checksum

    def __repr__(self) -> str:
        # The shipped sets show the call that loads them, reference_tileset(...) (see
        # reference.py), so that the repr of Rules over them evaluates back.
        return code_for(self) or \
            f"<TileSet {self.name!r}: {len(self.tiles)} tiles, checksum {self.checksum[:12]}>"

    _repr_pretty_ = repr_pretty

    def _repr_svg_(self) -> str:
        """The set as a sheet of pictures in Jupyter and IPython, every design once with
        its number of copies (:func:`carcassonne_amazonas.render.svg.tileset_svg`)."""
        from ..render.svg import tileset_svg  # lazy: the renderer is not needed to play

        return str(tileset_svg(self))

    def __hash__(self) -> int:
        return hash(self.checksum)

    def tile(self, tile_id: int) -> Tile:
        """The tile copy with this id."""
        return self.tiles[tile_id]

    def tile_named(self, name: str) -> Tile:
        """The tile copy called ``name`` (``LAYOUT.k``); KeyError if none."""
        for tile in self.tiles:
            if tile.name == name:
                return tile
        raise KeyError(f"tile set {self.name!r} has no tile named {name!r}")

    def layout_named(self, name: str) -> Layout:
        """The layout called ``name``; KeyError if none."""
        for layout in self.layouts:
            if layout.name == name:
                return layout
        raise KeyError(f"tile set {self.name!r} has no layout named {name!r}")

    def of_kind(self, kind: TileKind) -> tuple[Tile, ...]:
        """All copies of one kind, in id order."""
        return tuple(tile for tile in self.tiles if tile.kind is kind)

    @property
    def land_tiles(self) -> tuple[Tile, ...]:
        """The tiles that are shuffled into the pile: standard and Amazon (R-C3)."""
        return tuple(t for t in self.tiles if t.kind in (TileKind.STANDARD, TileKind.AMAZON))

    @property
    def double_tiles(self) -> tuple[Tile, ...]:
        """The Amazon double tiles set aside face up (R-C4)."""
        return self.of_kind(TileKind.DOUBLE)

    @property
    def start_tile(self) -> Tile:
        """The start tile (R-C5)."""
        return self.of_kind(TileKind.START)[0]

    def start_side(self, num_players: int) -> StartSide:
        """The start-tile and mouth side used with ``num_players`` (R-C5, R-C6)."""
        for side in self.start_sides:
            if side.min_players <= num_players <= side.max_players:
                return side
        raise ValueError(f"tile set {self.name!r} has no start side for {num_players} players")

    @property
    def icon_totals(self) -> Icons:
        """Every icon of every tile, added up."""
        total = NO_ICONS
        for tile in self.tiles:
            total = total + tile.total_icons
        return total

    def __iter__(self) -> Iterator[Tile]:
        return iter(self.tiles)


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

