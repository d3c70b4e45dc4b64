"""The players: their colours (R-C1), their pieces (R-C2) and what each holds during a
game (:class:`PlayerState`: score, boat and supply, R-C2, R-C9).

The rule options (:mod:`~carcassonne_amazonas.rules.options`) and the game state
(:mod:`~carcassonne_amazonas.rules.state`) build on these.  Everything here is
immutable and compares by value.
"""

from __future__ import annotations

import enum

import attrs

from .._support.i18n import texts
from .._support.reprs import ShortEnumRepr, fields_repr_showing, repr_pretty
from .._support.wording import show_int
from ..tiles.geometry import Position
from .scoring import NO_POINTS, ScoreBreakdown

__all__ = [
    "CAMPS_PER_PLAYER",
    "MEEPLES_PER_PLAYER",
    "PLAYER_COLOURS",
    "PieceKind",
    "PlacedPiece",
    "PlayerState",
    "colour",
]

#: Colours of players 0..4 (R-C1); the first player (R-C8) is one of them.
PLAYER_COLOURS = ("yellow", "red", "green", "blue", "black")

#: Each player's meeples (R-C2).
MEEPLES_PER_PLAYER = 4
#: Each player's camps (R-C2).
CAMPS_PER_PLAYER = 2


def colour(player: int, *, lang: str | None = None) -> str:
    """The colour of player ``player`` (R-C1): ``yellow``, ``red``, ``green``, ``blue``,
    ``black``; ``player N`` for a number that is no player's.  The one home of a
    player's colour in words: ``lang`` gives it in another language (``None``: English;
    ``colour(0, lang="fr")`` is ``'jaune'``)."""
    t = texts(lang)
    if 0 <= player < len(PLAYER_COLOURS):
        return t.pgettext("colour", PLAYER_COLOURS[player])
    return t.gettext("player {number}").format(number=show_int(player))


class PieceKind(ShortEnumRepr, enum.Enum):
    """Meeples stand on tributaries and villages, camps in jungles (R-C2, R-T5)."""

    MEEPLE = "meeple"
    CAMP = "camp"


@attrs.frozen(slots=True)
class PlacedPiece:
    """A meeple or camp on the board: on ``segment`` of the tile anchored at ``position``."""

    player: int
    kind: PieceKind
    position: Position
    segment: int

    _repr_pretty_ = repr_pretty


@attrs.frozen(slots=True, repr=False)
class PlayerState:
    """One player's score, boat and supply (R-C2, R-C9); ``repr`` shows the score and
    the boat and names what else differs from the start of a game:
    ``PlayerState(score=0, boat=1)``, ``PlayerState(score=4, boat=3, camps_in_supply=1)``."""

    score: int = 0
    boat: int = 1
    """The boat's river space; 1 is the source (R-C9)."""
    meeples_in_supply: int = MEEPLES_PER_PLAYER
    camps_in_supply: int = CAMPS_PER_PLAYER
    breakdown: ScoreBreakdown = NO_POINTS

    __repr__ = fields_repr_showing("score", "boat")
    _repr_pretty_ = repr_pretty
