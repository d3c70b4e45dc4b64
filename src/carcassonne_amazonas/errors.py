"""The library's exceptions.

Every error the library raises on bad input is one of these (or a plain
``TypeError`` for a value of the wrong type, naming the parameter: ``state: expected a
GameState, not int``; a subclass of the expected type is refused too, since it could
lie; or a plain ``ValueError`` for a value out of range), with a message a person can
act on.  A failed call never changes any state: states are immutable.
"""

from __future__ import annotations

import functools
from typing import Literal, TypeAlias

from ._support.wording import plural

__all__ = [
    "ILLEGAL_ACTION_CODES",
    "IllegalActionCode",
    "IllegalActionError",
    "NotationError",
    "RecordError",
    "TileSetError",
]

IllegalActionCode: TypeAlias = Literal[
    "game-over", "wrong-phase", "rotation-not-allowed", "river-tile-elsewhere",
    "cell-occupied", "cell-not-adjacent", "downstream-of-river-end", "edge-mismatch",
    "double-not-set-aside", "not-the-placed-tile", "no-such-segment", "wrong-terrain",
    "on-the-amazon", "no-piece-left", "feature-occupied", "tile-not-in-pile",
    "not-the-listed-copy",
    "slice-quota", "not-a-chance-node", "outside-board-window", "not-a-double-tile",
    "not-a-land-tile", "index-out-of-range", "no-piece-step",
]
"""Why an action is illegal, as the ``code`` of an :class:`IllegalActionError` gives it."""

#: Every :data:`IllegalActionCode`: the rules its errors cite (one of them; none for an
#: index outside the library's action encoding) and when it is raised.
ILLEGAL_ACTION_CODES: dict[IllegalActionCode, tuple[tuple[str, ...], str]] = {
    "game-over": (("R-E1",), "the game is over: no action is legal"),
    "wrong-phase": (("R-T1", "R-T2", "R-T3", "R-T5"), "an action of another phase (the "
                    "rule is the current phase's: a draw R-T1, a standard tile R-T2, an "
                    "Amazon tile, a double tile or its choice R-T3, the piece step R-T5)"),
    "rotation-not-allowed": (("R-G5",), "an Amazon or double tile turned 90° or 270°"),
    "river-tile-elsewhere": (("R-G6",), "an Amazon or double tile not just below the river end"),
    "cell-occupied": (("R-G2",), "a tile on a cell another tile covers"),
    "cell-not-adjacent": (("R-G2",), "a tile on a cell that touches no placed tile"),
    "downstream-of-river-end": (("R-G2",), "a standard tile in a row below the river end"),
    "edge-mismatch": (("R-G4",), "an edge that does not show what its neighbour shows"),
    "double-not-set-aside": (("R-T3",), "a double tile that is not among those set aside"),
    "not-the-placed-tile": (("R-T5",), "a piece on another tile than the one just placed"),
    "no-such-segment": (("R-T5",), "a piece on a segment the tile does not have"),
    "wrong-terrain": (("R-T5",), "a meeple on a jungle, or a camp on a tributary or village"),
    "on-the-amazon": (("R-F6",), "a piece on the Amazon"),
    "no-piece-left": (("R-T5",), "a meeple or camp when the player has none left"),
    "feature-occupied": (("R-T5",), "a piece on a feature that already holds one"),
    "tile-not-in-pile": (("R-T1",), "a draw of a tile that is not in the pile"),
    "not-the-listed-copy": (("R-T1",), "a draw of a copy identical to the listed outcome: "
                            "identical copies are one outcome, drawn by the listed copy's id"),
    "slice-quota": (("R-C7",), "a draw the current slice of a stratified pile has no room for"),
    "not-a-chance-node": (("R-T1",), "chance outcomes asked of a state that is not a chance "
                          "node"),
    "outside-board-window": (("R-G2",), "an action encoded for a cell no tile can reach"),
    "not-a-double-tile": (("R-C4",), "an action encoded with a tile that is not a double tile"),
    "not-a-land-tile": (("R-C3",), "a draw encoded with a tile that is not a land tile"),
    "index-out-of-range": ((), "an action index outside the encoding's range"),
    "no-piece-step": (("R-T5",), "a piece's action index decoded, or its segment named by "
                      "compass point (m0,4,E), outside the piece step"),
}


class IllegalActionError(ValueError):
    """An action that is not legal in the state it was applied to.

    The message says why: wrong phase, cell not open, edge mismatch on a
    side, feature already occupied, no piece left, ...; it ends with the rule
    broken, as in ``cell (9,9) touches no placed tile along an edge (R-G2)``.  So
    that a program can react without reading English, ``rule`` is that rule id
    (``"R-G4"``; None only for an action index outside the encoding, whose
    message cites no rule), ``code`` a short reason (``"edge-mismatch"``), one of
    :data:`ILLEGAL_ACTION_CODES`, and ``reason`` the message without the rule.
    """

    def __init__(self, reason: str, *, rule: str | None, code: IllegalActionCode) -> None:
        # The rule is cited here, once for every message, so that none can forget it.
        super().__init__(reason if rule is None else f"{reason} ({rule})")
        self.reason = reason
        self.rule = rule
        self.code: IllegalActionCode = code

    def __reduce__(self) -> tuple[object, tuple[str]]:
        # Pickled errors (multiprocessing, Ray) keep their rule and code.
        return functools.partial(type(self), rule=self.rule, code=self.code), (self.reason,)


class NotationError(ValueError):
    """Text that is not an action in the notation (:mod:`~carcassonne_amazonas.rules.notation`).

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
    (:mod:`~carcassonne_amazonas.tiles.tilefile`).

    ``problems`` lists every problem found, each naming the line, the tile
    layout and, where it applies, the port.
    """

    def __init__(self, problems: list[str], source_name: str = "tile set") -> None:
        self.problems = tuple(problems)
        self.source_name = source_name
        shown = "\n  ".join(problems)
        super().__init__(f"{source_name}: {plural(len(problems), 'problem')}:\n  {shown}")


class RecordError(ValueError):
    """A game record or state snapshot that cannot be loaded: not JSON, truncated,
    an unknown schema version, a value of the wrong type, an unknown tile set, or
    an action that is illegal or inconsistent with the recorded game.

    The message says where (the JSON field or the action's number) and why.
    Loading never returns a half-loaded game.
    """
