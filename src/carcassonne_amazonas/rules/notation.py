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
:mod:`~carcassonne_amazonas.tiles.geometry`), degrees one of 0, 90, 180, 270
clockwise, segments and tile ids plain integers; every number is written in at most 9
ASCII digits, without leading zeros, and only coordinates take a ``-``.  An action holds
no other number (its constructor refuses one, see
:data:`~carcassonne_amazonas.rules.actions.MAX_NOTATION_NUMBER`), so every action the
library can make has a text.  A text holds no spaces, so a game is its actions joined by
spaces.  :func:`parse_action` and :func:`format_action` are exact inverses; bad text raises
:class:`~carcassonne_amazonas.errors.NotationError` saying at which character and why.

The action classes carry the same notation themselves: ``str(action)`` is
its text and ``PlaceTile.from_notation(text)`` (likewise for each class)
reads one kind of action; this module's functions take any kind.
"""

from __future__ import annotations

from .._support.exact import check_exact
from ..errors import NotationError
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

__all__ = ["format_action", "parse_action"]

_BY_LETTER: dict[str, type[Action]] = {
    cls.LETTER: cls for cls in (PlaceTile, ChooseDouble, PlaceMeeple, PlaceCamp, Pass, DrawTile)
}


def format_action(action: Action) -> str:
    """The notation of ``action`` (see the module's table); the same as ``str(action)``.

    Raises ``TypeError`` for a value that is not an action.
    """
    if type(action) not in ACTION_TYPES:
        raise TypeError(f"expected an action ({', '.join(t.__name__ for t in ACTION_TYPES)}), "
                        f"not {type(action).__name__}")
    return str(action)


def parse_action(text: str) -> Action:
    """The action written as ``text`` (see the module's table).

    Raises :class:`~carcassonne_amazonas.errors.NotationError` (a ``ValueError``) for text
    that is not an action, and ``TypeError`` for a value that is not a ``str``.
    """
    check_exact(text, str, "text")
    if not text:
        raise NotationError(text, 0, "empty text")
    action_class = _BY_LETTER.get(text[0])
    if action_class is None:
        raise NotationError(text, 0, f"unknown action letter {text[0]!r} "
                                     "(expected t, d, m, c, p or *)")
    return action_class.from_notation(text)
