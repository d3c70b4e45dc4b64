"""The actions a player takes (RULES T2–T5).

Actions are small frozen values.  Constructing one with a value of the wrong
type raises ``TypeError``; whether it is *legal* is decided by
:func:`~carcassonne_amazonas.engine.apply_action` against a state.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from .geometry import Position, Rotation
from .tiles import TileId

__all__ = ["Action", "ChooseDouble", "DrawTile", "Pass", "PlaceCamp", "PlaceMeeple", "PlaceTile"]

_position = attrs.validators.instance_of(Position)


def _int(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{attribute.name} must be an int, not {type(value).__name__}")


def _tile_id(_instance: object, _attribute: object, value: TileId) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"a tile id is an int, not {type(value).__name__}")


@attrs.frozen(slots=True)
class PlaceTile:
    """Lay the tile in hand with its anchor (top-left cell) on ``position``,
    turned clockwise by ``rotation`` (G2–G6, T2, T3).

    Used for standard tiles (4 rotations), Amazon tiles and double tiles
    (``R0`` or ``R180``; a double tile's anchor is its upstream cell).
    """

    position: Position = attrs.field(validator=_position)
    rotation: Rotation = attrs.field(validator=attrs.validators.instance_of(Rotation))


@attrs.frozen(slots=True)
class ChooseDouble:
    """After a "!" tile: take this double tile from those set aside (T3)."""

    tile: TileId = attrs.field(validator=_tile_id)


@attrs.frozen(slots=True)
class PlaceMeeple:
    """Put a meeple on tributary or village segment ``segment`` of the tile just
    placed, whose anchor is ``position`` (T5a)."""

    position: Position = attrs.field(validator=_position)
    segment: int = attrs.field(validator=_int)


@attrs.frozen(slots=True)
class PlaceCamp:
    """Put a camp on jungle segment ``segment`` of the tile just placed, whose
    anchor is ``position`` (T5b)."""

    position: Position = attrs.field(validator=_position)
    segment: int = attrs.field(validator=_int)


@attrs.frozen(slots=True)
class Pass:
    """Place no piece this turn: the boat advances one space (T5c)."""


@attrs.frozen(slots=True)
class DrawTile:
    """A chance outcome: the next land tile drawn is ``tile`` (T1).

    Only legal at a chance node, in games made with ``draws="explicit"``.
    """

    tile: TileId = attrs.field(validator=_tile_id)


Action: TypeAlias = PlaceTile | ChooseDouble | PlaceMeeple | PlaceCamp | Pass | DrawTile
ACTION_TYPES = (PlaceTile, ChooseDouble, PlaceMeeple, PlaceCamp, Pass, DrawTile)
