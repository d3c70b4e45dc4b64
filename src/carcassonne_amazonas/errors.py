"""The library's exceptions.

Every error the library raises on bad input is one of these (or a plain
``TypeError`` for a value of the wrong type), with a message a person can act
on.  A failed call never changes any state: states are immutable.
"""

from __future__ import annotations

__all__ = ["IllegalActionError", "NotationError", "RecordError", "TileSetError"]


class IllegalActionError(ValueError):
    """An action that is not legal in the state it was applied to.

    The message says why: wrong phase, cell not open, edge mismatch on a
    side, feature already occupied, no piece left, ...
    """


class NotationError(ValueError):
    """Text that is not an action in the notation (:mod:`~carcassonne_amazonas.notation`).

    ``text`` is the text, ``index`` the position (from 0) of the character where
    reading stopped and ``reason`` what was expected there.
    """

    def __init__(self, text: str, index: int, reason: str) -> None:
        self.text = text
        self.index = index
        self.reason = reason
        super().__init__(f"bad action {text!r} at character {index + 1}: {reason}")


class TileSetError(ValueError):
    """A tile-set file that cannot be read or breaks a rule of the tile-set format
    (:mod:`~carcassonne_amazonas.tilefile`).

    ``problems`` lists every problem found, each naming the line, the tile
    layout and, where it applies, the port.
    """

    def __init__(self, problems: list[str], source_name: str = "tile set") -> None:
        self.problems = tuple(problems)
        self.source_name = source_name
        shown = "\n  ".join(problems)
        count = f"{len(problems)} problem{'' if len(problems) == 1 else 's'}"
        super().__init__(f"{source_name}: {count}:\n  {shown}")


class RecordError(ValueError):
    """A game record or state snapshot that cannot be loaded: not JSON, truncated,
    an unknown schema version, a value of the wrong type, an unknown tile set, or
    an action that is illegal or inconsistent with the recorded game.

    The message says where (the JSON field or the action's number) and why.
    Loading never returns a half-loaded game.
    """
