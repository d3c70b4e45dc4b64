"""The actions a player takes (R-T2–R-T5), and their notation.

Actions are small frozen values.  Constructing one with a value of the wrong
type raises ``TypeError``; whether it is *legal* is decided by
:func:`~carcassonne_amazonas.rules.engine.apply_action` against a state.

Each action is written in a compact notation, like UCI in chess (the table is in
:mod:`~carcassonne_amazonas.rules.notation`): ``str(action)`` is its text, and
``PlaceTile.from_notation('t0,4,90')`` reads one back.  That call is also the
action's ``repr``, so a printed action is code that gives it back::

    >>> PlaceTile(Position(0, 4), Rotation.R90)
    PlaceTile.from_notation('t0,4,90')
    >>> print(Pass())
    p

Types are exact: a position is exactly a
:class:`~carcassonne_amazonas.tiles.geometry.Position`, a rotation exactly a
:class:`~carcassonne_amazonas.tiles.geometry.Rotation`, a segment or tile id exactly
an ``int``.  Subclasses are refused, since a subclass can lie in ``__eq__`` or
``__hash__`` and so pass for another value; :func:`check_action` repeats the
check where an action enters the engine.

Every action can be written and read back: its numbers are those the notation writes
(at most 9 digits), so a coordinate lies from ``-MAX_NOTATION_NUMBER`` to
``MAX_NOTATION_NUMBER`` and a segment or a tile id from 0 to ``MAX_NOTATION_NUMBER``
(999,999,999); the constructors refuse any other number with a ``ValueError`` naming
the field.  No game comes near these bounds (a board's cells lie within
``COORDINATE_LIMIT`` of :mod:`~carcassonne_amazonas.tiles.geometry`; an action for a
cell beyond it is well-formed, and refused by the engine as illegal, R-G2).
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias

import attrs
from typing_extensions import Self

from .._support.exact import check_exact
from .._support.reprs import repr_pretty
from .._support.wording import show_int
from ..errors import NotationError
from ..tiles.geometry import Position, Rotation
from ..tiles.segment_names import COMPASS_POINTS
from ..tiles.tileset import TileId

__all__ = ["ACTION_TYPES", "MAX_NOTATION_NUMBER", "TURN_END", "Action", "ChooseDouble", "DrawTile",
           "Pass", "PlaceCamp", "PlaceMeeple", "PlaceTile", "check_action"]

_ROTATIONS = {rotation.degrees: rotation for rotation in Rotation}
_MAX_DIGITS = 9
#: The largest number an action holds, as the notation writes it in at most 9 digits: a
#: coordinate lies from ``-MAX_NOTATION_NUMBER`` to ``MAX_NOTATION_NUMBER``, a segment or
#: a tile id from 0 to ``MAX_NOTATION_NUMBER``.
MAX_NOTATION_NUMBER = 10**_MAX_DIGITS - 1


def _position(_instance: object, _attribute: object, value: Position) -> None:
    _check_position(value)
    if not (-MAX_NOTATION_NUMBER <= value.x <= MAX_NOTATION_NUMBER
            and -MAX_NOTATION_NUMBER <= value.y <= MAX_NOTATION_NUMBER):
        raise ValueError(f"a position's coordinates lie from {-MAX_NOTATION_NUMBER} to "
                         f"{MAX_NOTATION_NUMBER} (9 digits, what the notation writes), not "
                         f"{show_int(value.x)} and {show_int(value.y)}")


def _natural(name: str, value: int) -> None:
    """``ValueError`` unless ``value`` is from 0 to :data:`MAX_NOTATION_NUMBER`."""
    if not 0 <= value <= MAX_NOTATION_NUMBER:
        raise ValueError(f"{name} lies from 0 to {MAX_NOTATION_NUMBER} (9 digits, what the "
                         f"notation writes), not {show_int(value)}")


def _check_position(value: Position) -> None:
    if type(value) is not Position:
        check_exact(value, Position, "position")
    if type(value.x) is not int or type(value.y) is not int:
        raise TypeError(f"position: its coordinates are ints, not {type(value.x).__name__} "
                        f"and {type(value.y).__name__}")


def _rotation(_instance: object, _attribute: object, value: Rotation) -> None:
    if type(value) is not Rotation:
        check_exact(value, Rotation, "rotation")


def _int(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        check_exact(value, int, attribute.name)
    _natural(f"a {attribute.name}", value)


def _tile_id(_instance: object, _attribute: object, value: TileId) -> None:
    _check_tile_id(value)
    _natural("a tile id", value)


def _check_tile_id(value: object) -> None:
    if type(value) is not int:
        check_exact(value, int, "tile")


def _checked_text(text: str, letter: str, kind: str) -> None:
    """Refuse a value that is not a str, empty text and text of another kind of action."""
    check_exact(text, str, "text")
    if not text:
        raise NotationError(text, 0, "empty text")
    if text[0] != letter:
        raise NotationError(text, 0, f"{kind} is written with {letter!r}, not {text[0]!r}")


def _numbers(text: str, count: int, signed: tuple[bool, ...]) -> list[int]:
    """The ``count`` comma-separated integers of ``text`` after its letter, to the end."""
    values: list[int] = []
    index = 1
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


class _Notated:
    """What every action class shares: ``str`` is the notation, ``repr`` the call that
    reads it back, and IPython and Hypothesis print that repr."""

    __slots__ = ()
    LETTER: ClassVar[str]

    def __str__(self) -> str:
        raise NotImplementedError  # every action class writes its own text

    def __repr__(self) -> str:
        return f"{type(self).__name__}.from_notation({str(self)!r})"

    _repr_pretty_ = repr_pretty


@attrs.frozen(slots=True, repr=False)
class PlaceTile(_Notated):
    """Lay the tile in hand with its anchor (top-left cell) on ``position``,
    turned clockwise by ``rotation`` (R-G2–R-G6, R-T2, R-T3).

    Used for standard tiles (4 rotations), Amazon tiles and double tiles
    (``R0`` or ``R180``; a double tile's anchor is its upstream cell).
    Written ``t`` x ``,`` y ``,`` degrees: ``t-1,2,90``.
    """

    LETTER: ClassVar[str] = "t"

    position: Position = attrs.field(validator=_position)
    rotation: Rotation = attrs.field(validator=_rotation)

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """The placement written ``text``, such as ``t-1,2,90``;
        :class:`~carcassonne_amazonas.errors.NotationError` (a ``ValueError``) says where
        and why when it is not one."""
        _checked_text(text, cls.LETTER, "a tile placement")
        x, y, degrees = _numbers(text, 3, (True, True, False))
        if degrees not in _ROTATIONS:
            raise NotationError(text, text.rindex(",") + 1,
                                f"rotation must be 0, 90, 180 or 270 degrees, not {degrees}")
        return cls(Position(x, y), _ROTATIONS[degrees])

    def __str__(self) -> str:
        return f"t{self.position.x},{self.position.y},{self.rotation.degrees}"


@attrs.frozen(slots=True, repr=False)
class ChooseDouble(_Notated):
    """After a "!" tile: take this double tile from those set aside (R-T3).

    Written ``d`` and the tile id: ``d82``.
    """

    LETTER: ClassVar[str] = "d"

    tile: TileId = attrs.field(validator=_tile_id)

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """The choice written ``text``, such as ``d82``;
        :class:`~carcassonne_amazonas.errors.NotationError` if not one."""
        _checked_text(text, cls.LETTER, "a double-tile choice")
        (tile,) = _numbers(text, 1, (False,))
        return cls(TileId(tile))

    def __str__(self) -> str:
        return f"d{self.tile}"


def _compass_point(text: str, start: int) -> str:
    """The compass point (``N`` .. ``NW``) written from ``start`` to the end of ``text``."""
    end = start
    while end < len(text) and text[end].isascii() and text[end].isalpha():
        end += 1
    if end != len(text):
        raise NotationError(text, end, f"unexpected {text[end:]!r} after the action")
    word = text[start:]
    if word in COMPASS_POINTS:
        return word
    if word.upper() in COMPASS_POINTS:
        reason = f"compass points are written in capitals: {word.upper()!r}, not {word!r}"
    elif word.upper()[::-1] in COMPASS_POINTS:
        reason = (f"a corner is written north or south first: {word.upper()[::-1]!r}, "
                  f"not {word!r}")
    else:
        reason = (f"a segment is a number or a compass point "
                  f"({', '.join(COMPASS_POINTS)}), not {word!r}")
    raise NotationError(text, start, reason)


def _piece_fields(text: str, letter: str, kind: str) -> tuple[int, int, int | str, int]:
    """The x, y and segment of a piece's text (``m0,4,1``, ``c0,4,NE``; R-T5): the segment
    as its number or as the compass point naming it, and the index where it starts.

    :class:`~carcassonne_amazonas.errors.NotationError` says where and why for text that
    is not a piece of kind ``kind``, written with ``letter``; a compass point is read but
    not resolved (that needs the tile: :func:`~carcassonne_amazonas.rules.notation.parse_action`
    with a state does it).
    """
    _checked_text(text, letter, kind)
    last = text.rfind(",")
    named = (last + 1 < len(text) and text[last + 1].isascii() and text[last + 1].isalpha()
             and text.count(",", 0, last) == 1)  # a letter where the third number goes
    if not named:
        x, y, segment = _numbers(text, 3, (True, True, False))
        return x, y, segment, last + 1
    try:  # x and y as a number in the point's place would leave them: the same errors
        x, y, _ = _numbers(text[:last + 1] + "0", 3, (True, True, False))
    except NotationError as error:  # said of the whole text, at the same character
        raise NotationError(text, error.index, error.reason) from None
    return x, y, _compass_point(text, last + 1), last + 1


@attrs.frozen(slots=True, repr=False)
class _PieceOnSegment(_Notated):
    """A piece put on segment ``segment`` of the tile just placed, whose anchor is
    ``position``: what a meeple and a camp share.  Written letter, x, y, segment."""

    KIND: ClassVar[str]

    position: Position = attrs.field(validator=_position)
    segment: int = attrs.field(validator=_int)

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """The piece written ``text``, such as ``m-1,2,0``;
        :class:`~carcassonne_amazonas.errors.NotationError` if not one.

        A segment named by compass point (``m-1,2,E``) is refused with a
        ``NotationError`` too: which segment that is depends on the tile on the board, so
        only :func:`~carcassonne_amazonas.rules.notation.parse_action` given the state (or
        :func:`~carcassonne_amazonas.rules.engine.apply_action` given the text) reads it.
        """
        x, y, segment, start = _piece_fields(text, cls.LETTER, cls.KIND)
        if isinstance(segment, str):
            raise NotationError(text, start, f"{segment!r} names a segment by compass point, "
                                             "which only the game's state can read: give it "
                                             "to parse_action or apply_action, or write the "
                                             "segment's number")
        return cls(Position(x, y), segment)

    def __str__(self) -> str:
        return f"{self.LETTER}{self.position.x},{self.position.y},{self.segment}"


@attrs.frozen(slots=True, repr=False)
class PlaceMeeple(_PieceOnSegment):
    """Put a meeple on tributary or village segment ``segment`` of the tile just
    placed, whose anchor is ``position`` (R-T5a).

    Written ``m`` x ``,`` y ``,`` segment: ``m-1,2,0``.
    """

    LETTER: ClassVar[str] = "m"
    KIND: ClassVar[str] = "a meeple"


@attrs.frozen(slots=True, repr=False)
class PlaceCamp(_PieceOnSegment):
    """Put a camp on jungle segment ``segment`` of the tile just placed, whose
    anchor is ``position`` (R-T5b).

    Written ``c`` x ``,`` y ``,`` segment: ``c-1,2,1``.
    """

    LETTER: ClassVar[str] = "c"
    KIND: ClassVar[str] = "a camp"


@attrs.frozen(slots=True, repr=False)
class Pass(_Notated):
    """Place no piece this turn: the boat advances one space (R-T5c).

    Written ``p``.
    """

    LETTER: ClassVar[str] = "p"

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """``Pass()`` for the text ``p``;
        :class:`~carcassonne_amazonas.errors.NotationError` for any other text."""
        _checked_text(text, cls.LETTER, "a pass")
        if len(text) != 1:
            raise NotationError(text, 1, f"unexpected {text[1:]!r} after 'p'")
        return cls()

    def __str__(self) -> str:
        return "p"


@attrs.frozen(slots=True, repr=False)
class DrawTile(_Notated):
    """A chance outcome: the next land tile drawn is ``tile`` (R-T1).

    Only legal at a chance node, in games made with ``draws="explicit"``.
    Written ``*`` and the tile id: ``*17``.
    """

    LETTER: ClassVar[str] = "*"

    tile: TileId = attrs.field(validator=_tile_id)

    @classmethod
    def from_notation(cls, text: str) -> Self:
        """The draw written ``text``, such as ``*17``;
        :class:`~carcassonne_amazonas.errors.NotationError` if not one."""
        _checked_text(text, cls.LETTER, "a draw")
        (tile,) = _numbers(text, 1, (False,))
        return cls(TileId(tile))

    def __str__(self) -> str:
        return f"*{self.tile}"


#: Any of the action classes: the type of an action.
Action: TypeAlias = PlaceTile | ChooseDouble | PlaceMeeple | PlaceCamp | Pass | DrawTile
#: Every action class, in the order of :data:`Action`.
ACTION_TYPES = (PlaceTile, ChooseDouble, PlaceMeeple, PlaceCamp, Pass, DrawTile)
#: The actions that end a player's turn: a meeple, a camp or passing, the piece step that
#: closes every turn (R-T5; the next player then draws, R-C8).
TURN_END = (Pass, PlaceMeeple, PlaceCamp)


#: What :func:`check_action` expects, in its messages.
_ACTIONS_WORDED = f"an action ({', '.join(t.__name__ for t in ACTION_TYPES)})"


def check_action(action: object, name: str = "action", expected: str = "") -> None:
    """``TypeError`` unless ``action`` is exactly one of the action classes and its fields
    exactly the library's types (see the module docstring).  The message names the
    parameter ``name`` (``action: expected an action (PlaceTile, ...), not int``);
    ``expected`` words what else the caller takes.

    The constructors check the same; this check is repeated where an action enters the
    engine (:func:`~carcassonne_amazonas.rules.engine.apply_action`,
    :func:`~carcassonne_amazonas.ai.encoding.encode_action`), so that an object whose fields
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
            check_exact(action.segment, int, "segment")
    elif kind is ChooseDouble or kind is DrawTile:
        assert isinstance(action, (ChooseDouble, DrawTile))
        _check_tile_id(action.tile)
    elif kind is not Pass:
        raise TypeError(f"{name}: expected {expected or _ACTIONS_WORDED}, not {kind.__name__}")
