"""The tile set as data: tile copies with their icons, the start sides and the tile set
(R-C3–R-C6, R-F7).

A :class:`Tile` is one physical copy of a layout
(:class:`~carcassonne_amazonas.tiles.layout.Layout`, the drawing every copy shares, in
:mod:`~carcassonne_amazonas.tiles.layout`) with its own icons (copies of one layout
differ in their icons, as the rulebook says).  A :class:`TileSet` holds the layouts,
every copy and the sides of the start tile.

Tile sets are read from text files by :mod:`carcassonne_amazonas.tiles.tilefile`;
:func:`~carcassonne_amazonas.tiles.reference.reference_tileset` loads the
reconstructed set shipped with the package.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import NewType

import attrs

from .._support.exact import check_exact
from .._support.provenance import code_for
from .._support.reprs import changed_fields_repr, repr_pretty
from .geometry import Rotation
from .layout import Layout, TileKind

__all__ = [
    "NO_ICONS",
    "Icons",
    "StartSide",
    "Tile",
    "TileId",
    "TileSet",
    "check_tile_and_rotation",
]

#: Identifies one physical tile copy inside its tile set (its index there).
TileId = NewType("TileId", int)


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


#: The icons of a tile segment that shows none.
NO_ICONS = Icons()



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
        check_exact(tile, Tile, "tile", f"a Tile{hint}")
    if type(rotation) is not Rotation:
        hint = " (degrees: Rotation.from_degrees(90) gives Rotation.R90)" \
            if type(rotation) is int else ""
        check_exact(rotation, Rotation, "rotation", f"a Rotation{hint}")


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
        """The tile copy called ``name`` (``LAYOUT.k``); KeyError if none, ``TypeError``
        unless ``name`` is exactly a ``str`` (a subclass could pass for every name)."""
        check_exact(name, str, "name")
        for tile in self.tiles:
            if tile.name == name:
                return tile
        raise KeyError(f"tile set {self.name!r} has no tile named {name!r}")

    def layout_named(self, name: str) -> Layout:
        """The layout called ``name``; KeyError if none, ``TypeError`` unless ``name`` is
        exactly a ``str`` (a subclass could pass for every name)."""
        check_exact(name, str, "name")
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
