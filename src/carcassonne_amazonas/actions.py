"""The actions a player takes (RULES T2–T5).

Actions are small frozen values.  Constructing one with a value of the wrong
type raises ``TypeError``; whether it is *legal* is decided by
:func:`~carcassonne_amazonas.engine.apply_action` against a state.

Types are exact: a position is exactly a
:class:`~carcassonne_amazonas.geometry.Position`, a rotation exactly a
:class:`~carcassonne_amazonas.geometry.Rotation`, a segment or tile id exactly
an ``int``.  Subclasses are refused, since a subclass can lie in ``__eq__`` or
``__hash__`` and so pass for another value; :func:`check_action` repeats the
check where an action enters the engine.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from .geometry import Position, Rotation
from .tiles import TileId

__all__ = ["Action", "ChooseDouble", "DrawTile", "Pass", "PlaceCamp", "PlaceMeeple", "PlaceTile",
           "check_action"]


def _position(_instance: object, _attribute: object, value: Position) -> None:
    _check_position(value)


def _check_position(value: object) -> None:
    if type(value) is not Position:
        raise TypeError(f"a position is a Position, not {type(value).__name__}")
    if type(value.x) is not int or type(value.y) is not int:
        raise TypeError(f"a position's coordinates are ints, not {type(value.x).__name__} and "
                        f"{type(value.y).__name__}")


def _rotation(_instance: object, _attribute: object, value: Rotation) -> None:
    if type(value) is not Rotation:
        raise TypeError(f"a rotation is a Rotation, not {type(value).__name__}")


def _int(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise TypeError(f"{attribute.name} must be an int, not {type(value).__name__}")


def _tile_id(_instance: object, _attribute: object, value: TileId) -> None:
    if type(value) is not int:
        raise TypeError(f"a tile id is an int, not {type(value).__name__}")


@attrs.frozen(slots=True)
class PlaceTile:
    """Lay the tile in hand with its anchor (top-left cell) on ``position``,
    turned clockwise by ``rotation`` (G2–G6, T2, T3).

    Used for standard tiles (4 rotations), Amazon tiles and double tiles
    (``R0`` or ``R180``; a double tile's anchor is its upstream cell).
    """

    position: Position = attrs.field(validator=_position)
    rotation: Rotation = attrs.field(validator=_rotation)


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


def check_action(action: object) -> None:
    """``TypeError`` unless ``action`` is exactly one of the action classes and its fields
    exactly the library's types (see the module docstring).

    The constructors check the same; this check is repeated where an action enters the
    engine (:func:`~carcassonne_amazonas.engine.apply_action`,
    :func:`~carcassonne_amazonas.encoding.encode_action`), so that an object whose fields
    were swapped after construction cannot pass either.
    """
    kind = type(action)
    if kind is PlaceTile:
        assert isinstance(action, PlaceTile)
        _check_position(action.position)
        _rotation(action, None, action.rotation)
    elif kind is PlaceMeeple or kind is PlaceCamp:
        assert isinstance(action, (PlaceMeeple, PlaceCamp))
        _check_position(action.position)
        if type(action.segment) is not int:
            raise TypeError(f"segment must be an int, not {type(action.segment).__name__}")
    elif kind is ChooseDouble or kind is DrawTile:
        assert isinstance(action, (ChooseDouble, DrawTile))
        _tile_id(action, None, action.tile)
    elif kind is not Pass:
        raise TypeError(f"expected an action ({', '.join(t.__name__ for t in ACTION_TYPES)}), "
                        f"not {kind.__name__}")
