"""Grid geometry: positions, sides, rotations, edge ports and footprints (R-G1–R-G5, R-F2).

Coordinates
-----------
The board is a square grid of cells addressed by :class:`Position` ``(x, y)``:
``x`` grows to the east, ``y`` grows *downstream* (the direction the Amazon
flows, drawn as "down" or "south").  The start tile's top-left cell is
``(0, 0)``; the river column is the start tile column that the Amazon leaves
(column 0 in the reference set), so river tiles are placed at
``(river_column, river_end_row + 1)`` (R-G1, R-G6).

Ports
-----
Each side of a cell has three *ports* (R-F2), numbered clockwise around the
cell: ``N1 N2 N3`` run west to east along the north side, ``E1 E2 E3`` north to
south along the east side, ``S1 S2 S3`` east to west, ``W1 W2 W3`` south to
north.  Index 2 is always the middle of the side (where a tributary or the
Amazon crosses), 1 and 3 are the two jungle halves.  Ports are plain integers
``0..11`` (``side * 3 + index - 1``) so that rotating is an addition modulo 12
and the port facing a neighbour is one table lookup.

Internally the engine addresses cells by an integer *cell key*
(:func:`cell_key`), which makes neighbour lookups integer additions.
"""

from __future__ import annotations

import enum
from typing import Final

import attrs

from .._support.exact import check_exact, check_whole
from .._support.reprs import ShortEnumRepr, repr_pretty

__all__ = [
    "COORDINATE_LIMIT",
    "KEY_DELTAS",
    "KEY_STRIDE",
    "PORTS_PER_SIDE",
    "Position",
    "Rotation",
    "Side",
    "cell_key",
    "facing_port",
    "in_range",
    "port_index",
    "port_name",
    "port_side",
    "position_of_key",
    "rotate_offset",
    "rotate_port",
]

PORTS_PER_SIDE: Final = 3
PORTS_PER_CELL: Final = 12

#: Cell keys (:func:`cell_key`) pack (x, y) into one int, y * KEY_STRIDE + x, so that
#: sorting keys sorts cells row by row.  Columns stay well inside +-KEY_STRIDE/2 for any
#: tile set the loader accepts (it caps the tile count).
KEY_STRIDE: Final = 1 << 12
_HALF_STRIDE: Final = KEY_STRIDE // 2


def _coordinate(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    # Exactly int: a subclass could lie in its comparisons or arithmetic (bool included).
    if type(value) is not int:
        check_whole(value, attribute.name)


@attrs.frozen(order=True, slots=True, repr=False)
class Position:
    """A cell of the grid (R-G1): ``x`` grows east, ``y`` grows downstream.

    ``repr`` is ``Position(0, 4)``, ``str`` is ``0,4`` (as in the notation).  Both
    coordinates must be exactly ``int`` (not a subclass, not ``bool``): ``TypeError``
    otherwise.
    """

    x: int = attrs.field(validator=_coordinate)
    y: int = attrs.field(validator=_coordinate)

    def __str__(self) -> str:
        return f"{self.x},{self.y}"

    def __repr__(self) -> str:
        return f"Position({self.x!r}, {self.y!r})"

    _repr_pretty_ = repr_pretty

    def neighbour(self, side: Side) -> Position:
        """The cell across ``side``."""
        dx, dy = _SIDE_DELTAS[side]
        return Position(self.x + dx, self.y + dy)


class Side(ShortEnumRepr, enum.IntEnum):
    """A side of a cell; clockwise order starting at the upstream (north) side."""

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def opposite(self) -> Side:
        """The side of the neighbouring cell that touches this side."""
        return Side((self + 2) % 4)

    @property
    def letter(self) -> str:
        """``N``, ``E``, ``S`` or ``W``."""
        return "NESW"[self]


class Rotation(ShortEnumRepr, enum.IntEnum):
    """A clockwise rotation of a tile (R-G5), counted in quarter turns.

    The value is the number of quarter turns, not degrees: ``Rotation(1)`` is
    ``Rotation.R90``, and ``Rotation(90)`` is a ``ValueError``; from degrees, use
    :meth:`from_degrees` (``Rotation.from_degrees(90)``); back to degrees,
    :attr:`degrees`.  Standard tiles use all four; Amazon and double tiles only ``R0``
    and ``R180``, which keep the river along the river column.
    """

    R0 = 0
    R90 = 1
    R180 = 2
    R270 = 3

    @classmethod
    def from_degrees(cls, degrees: int) -> Rotation:
        """The rotation of ``degrees`` clockwise: 0, 90, 180 or 270, as in the notation
        (``t0,4,90``).  ``TypeError`` for anything but an ``int``, ``ValueError`` for
        another number."""
        if type(degrees) is not int:
            check_exact(degrees, int, "degrees", "an int (0, 90, 180 or 270)")
        if degrees not in (0, 90, 180, 270):
            raise ValueError(f"a rotation is 0, 90, 180 or 270 degrees clockwise, not "
                             f"{degrees} (R-G5)")
        return cls(degrees // 90)

    @property
    def degrees(self) -> int:
        """The rotation in degrees clockwise: 0, 90, 180 or 270."""
        return 90 * self.value


_SIDE_DELTAS: Final[dict[Side, tuple[int, int]]] = {
    Side.NORTH: (0, -1),
    Side.EAST: (1, 0),
    Side.SOUTH: (0, 1),
    Side.WEST: (-1, 0),
}

#: Cell-key difference to the neighbour across each side (indexed by Side).
KEY_DELTAS: Final[tuple[int, int, int, int]] = (-KEY_STRIDE, 1, KEY_STRIDE, -1)


#: Coordinates must lie strictly between -COORDINATE_LIMIT and COORDINATE_LIMIT.
COORDINATE_LIMIT: Final = _HALF_STRIDE


def in_range(position: Position) -> bool:
    """Whether a position has a cell key (every cell a game can reach has one)."""
    return -_HALF_STRIDE < position.x < _HALF_STRIDE and -_HALF_STRIDE < position.y < _HALF_STRIDE


def cell_key(x: int, y: int) -> int:
    """Pack a cell into the integer key the engine uses internally (see :func:`in_range`)."""
    return y * KEY_STRIDE + x


_POSITIONS: dict[int, Position] = {}


def position_of_key(key: int) -> Position:
    """Unpack a cell key made by :func:`cell_key` (positions are interned)."""
    position = _POSITIONS.get(key)
    if position is None:
        y = (key + _HALF_STRIDE) // KEY_STRIDE
        position = _POSITIONS[key] = Position(key - y * KEY_STRIDE, y)
    return position


def port_side(port: int) -> Side:
    """The side a port lies on."""
    return Side(port // PORTS_PER_SIDE)


def port_index(port: int) -> int:
    """The port's index along its side, 1..3 clockwise (2 is the middle)."""
    return port % PORTS_PER_SIDE + 1


def port_name(port: int) -> str:
    """``N1`` .. ``W3``: the name used in tile-set files."""
    return f"{port_side(port).letter}{port_index(port)}"


def make_port(side: Side, index: int) -> int:
    """The port with ``index`` (1..3) on ``side``."""
    return side * PORTS_PER_SIDE + index - 1


def rotate_port(port: int, rotation: Rotation) -> int:
    """Where ``port`` ends up when its cell turns clockwise by ``rotation``."""
    return (port + PORTS_PER_SIDE * rotation) % PORTS_PER_CELL


def facing_port(port: int) -> int:
    """The port of the neighbouring cell that touches ``port`` (R-G4).

    Clockwise numbering runs in opposite directions along a shared side, so
    index ``i`` meets index ``4 - i`` on the opposite side.
    """
    side = port // PORTS_PER_SIDE
    offset = port % PORTS_PER_SIDE
    return ((side + 2) % 4) * PORTS_PER_SIDE + (PORTS_PER_SIDE - 1 - offset)


def rotate_offset(dx: int, dy: int, rotation: Rotation) -> tuple[int, int]:
    """Turn a footprint cell offset clockwise by ``rotation`` (y grows down)."""
    for _ in range(rotation):
        dx, dy = -dy, dx
    return dx, dy
