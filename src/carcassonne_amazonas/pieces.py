"""The players' colours and their pieces on the board (R-C1, R-C2).

These small values sit below :mod:`~carcassonne_amazonas.state`, so that the
renderers (:mod:`~carcassonne_amazonas.text`) can use them while the state
uses the renderers for its ``str``.  :mod:`~carcassonne_amazonas.state` and the
package export them too.
"""

from __future__ import annotations

import enum

import attrs

from .geometry import Position
from .reprs import ShortEnumRepr, repr_pretty

__all__ = ["CAMPS_PER_PLAYER", "MEEPLES_PER_PLAYER", "PLAYER_COLOURS", "PieceKind",
           "PlacedPiece"]

#: Colours of players 0..4 (R-C1).
PLAYER_COLOURS = ("yellow", "red", "green", "blue", "black")

#: Each player's meeples (R-C2).
MEEPLES_PER_PLAYER = 4
#: Each player's camps (R-C2).
CAMPS_PER_PLAYER = 2


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
