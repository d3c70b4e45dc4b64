"""A compact text form for every action, like UCI in chess.

=================  ================================  ===========================
action             text                              example
=================  ================================  ===========================
``PlaceTile``      ``t`` x ``,`` y ``,`` degrees     ``t-1,2,90``
``ChooseDouble``   ``d`` tile id                     ``d82``
``PlaceMeeple``    ``m`` x ``,`` y ``,`` segment     ``m-1,2,0``
``PlaceCamp``      ``c`` x ``,`` y ``,`` segment     ``c-1,2,1``
``Pass``           ``p``                             ``p``
``DrawTile``       ``*`` tile id                     ``*17``
=================  ================================  ===========================

Coordinates are the tile's anchor cell (see
:mod:`~carcassonne_amazonas.geometry`), degrees one of 0, 90, 180, 270
clockwise, segments and tile ids plain integers.  A text holds no spaces, so
a game is its actions joined by spaces.  :func:`parse_action` and
:func:`format_action` are exact inverses; bad text raises
:class:`NotationError` saying at which character and why.
"""

from __future__ import annotations

from .actions import (
    ACTION_TYPES,
    Action,
    ChooseDouble,
    DrawTile,
    Pass,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
)
from .geometry import Position, Rotation
from .tiles import TileId

__all__ = ["NotationError", "format_action", "parse_action"]

_ROTATIONS = {rotation.degrees: rotation for rotation in Rotation}
_MAX_DIGITS = 9


class NotationError(ValueError):
    """Text that is not an action in the notation; says where and why."""

    def __init__(self, text: str, index: int, reason: str) -> None:
        self.text = text
        self.index = index
        self.reason = reason
        super().__init__(f"bad action {text!r} at character {index + 1}: {reason}")


def format_action(action: Action) -> str:
    """The notation of ``action`` (see the module's table)."""
    if isinstance(action, PlaceTile):
        return f"t{action.position.x},{action.position.y},{action.rotation.degrees}"
    if isinstance(action, (PlaceMeeple, PlaceCamp)):
        letter = "m" if isinstance(action, PlaceMeeple) else "c"
        return f"{letter}{action.position.x},{action.position.y},{action.segment}"
    if isinstance(action, ChooseDouble):
        return f"d{action.tile}"
    if isinstance(action, DrawTile):
        return f"*{action.tile}"
    if isinstance(action, Pass):
        return "p"
    raise TypeError(f"expected an action ({', '.join(t.__name__ for t in ACTION_TYPES)}), "
                    f"not {type(action).__name__}")


def _numbers(text: str, start: int, count: int, signed: tuple[bool, ...]) -> list[int]:
    """Parse ``count`` comma-separated integers of ``text`` from ``start`` to the end."""
    values: list[int] = []
    index = start
    for position in range(count):
        begin = index
        if signed[position] and index < len(text) and text[index] == "-":
            index += 1
        digits_start = index
        while index < len(text) and text[index].isascii() and text[index].isdigit():
            index += 1
        if index == digits_start:
            found = repr(text[index]) if index < len(text) else "the end"
            raise NotationError(text, index, f"expected a number, found {found}")
        if index - digits_start > _MAX_DIGITS:
            raise NotationError(text, digits_start, "number too long")
        if text[digits_start] == "0" and (index - digits_start > 1 or begin != digits_start):
            raise NotationError(text, begin, "numbers are written without leading zeros "
                                             "or a sign on 0")
        values.append(int(text[begin:index]))
        if position < count - 1:
            if index >= len(text) or text[index] != ",":
                found = repr(text[index]) if index < len(text) else "the end"
                raise NotationError(text, index, f"expected ',', found {found}")
            index += 1
    if index != len(text):
        raise NotationError(text, index, f"unexpected {text[index:]!r} after the action")
    return values


def parse_action(text: str) -> Action:
    """The action written as ``text`` (see the module's table).

    Raises :class:`NotationError` (a ``ValueError``) for text that is not an
    action, and ``TypeError`` for a value that is not a ``str``.
    """
    if not isinstance(text, str):
        raise TypeError(f"expected a str, not {type(text).__name__}")
    if not text:
        raise NotationError(text, 0, "empty text")
    letter = text[0]
    if letter == "p":
        if len(text) != 1:
            raise NotationError(text, 1, f"unexpected {text[1:]!r} after 'p'")
        return Pass()
    if letter == "t":
        x, y, degrees = _numbers(text, 1, 3, (True, True, False))
        if degrees not in _ROTATIONS:
            raise NotationError(text, text.rindex(",") + 1,
                                f"rotation must be 0, 90, 180 or 270 degrees, not {degrees}")
        return PlaceTile(Position(x, y), _ROTATIONS[degrees])
    if letter in "mc":
        x, y, segment = _numbers(text, 1, 3, (True, True, False))
        return (PlaceMeeple if letter == "m" else PlaceCamp)(Position(x, y), segment)
    if letter in "d*":
        (tile,) = _numbers(text, 1, 1, (False,))
        return (ChooseDouble if letter == "d" else DrawTile)(TileId(tile))
    raise NotationError(text, 0, f"unknown action letter {letter!r} "
                                 "(expected t, d, m, c, p or *)")
