"""Events: what an action caused, in the order it happened.

:func:`~carcassonne_amazonas.rules.engine.apply_action_with_events` returns them
beside the new state, for frontends that animate a move and explain every
point.  The points in all events of a game add up to the final scores.
"""

from __future__ import annotations

import enum
from typing import TypeAlias

import attrs

from .._support.reprs import ShortEnumRepr, repr_pretty
from ..tiles.geometry import Position, Rotation
from ..tiles.layout import Terrain
from ..tiles.tileset import TileId
from .boat_track import AmazonRanking
from .scoring import CampScoring

__all__ = [
    "AmazonScored",
    "BoatAdvanced",
    "BoatReason",
    "DoubleChosen",
    "Event",
    "FeatureScored",
    "GameOver",
    "JungleScored",
    "PiecePlaced",
    "RiverScored",
    "TileDrawn",
    "TilePlaced",
    "TileRemoved",
]


class BoatReason(ShortEnumRepr, enum.Enum):
    """Why a boat moved."""

    BOAT_ICONS_JOINED = "boat icons joined"
    """A tile connected Boat icons to the player's meeples (R-T4)."""
    BOAT_ICONS_MEEPLE = "boat icons meeple"
    """The player put a meeple on a tributary with Boat icons (R-T6)."""
    NO_PIECE = "no piece"
    """The player placed no piece (R-T5c)."""
    AMAZON_SCORING = "amazon scoring"
    """The player scored nothing in an Amazon scoring (R-A4)."""


class _Event:
    """What every event class shares: IPython prints its repr."""

    __slots__ = ()
    _repr_pretty_ = repr_pretty


@attrs.frozen(slots=True)
class _TileEvent(_Event):
    """An event about one tile copy and the player who drew, chose or laid it."""

    player: int
    tile: TileId


@attrs.frozen(slots=True)
class TileDrawn(_TileEvent):
    """``player`` drew ``tile`` (R-T1)."""


@attrs.frozen(slots=True)
class TileRemoved(_TileEvent):
    """The drawn standard tile fits nowhere and leaves the game (R-G7)."""


@attrs.frozen(slots=True)
class TilePlaced(_TileEvent):
    """A tile was laid (R-T2, R-T3)."""

    position: Position
    rotation: Rotation


@attrs.frozen(slots=True)
class DoubleChosen(_TileEvent):
    """After a "!" tile the player took this double tile (R-T3)."""


@attrs.frozen(slots=True)
class PiecePlaced(_Event):
    """A meeple (on a tributary or village) or a camp (in a jungle) was placed (R-T5)."""

    player: int
    camp: bool
    position: Position
    segment: int


@attrs.frozen(slots=True)
class BoatAdvanced(_Event):
    """A boat moved ``to_space - from_space`` spaces (capped by R-T9)."""

    player: int
    reason: BoatReason
    from_space: int
    to_space: int


@attrs.frozen(slots=True)
class FeatureScored(_Event):
    """A tributary or village was scored: completed in play (R-T7) or unfinished at
    the end (``final``, R-E2, R-E3).

    ``points[p]`` is what player ``p`` scored; ``meeples_returned[p]`` how
    many of ``p``'s meeples went back to the supply.
    """

    terrain: Terrain
    tiles: tuple[Position, ...]
    fruit: int
    points: tuple[int, ...]
    meeples_returned: tuple[int, ...]
    final: bool = False


@attrs.frozen(slots=True)
class AmazonScored(_Event):
    """An Amazon scoring of ``tile`` (R-A1–R-A3).

    ``ranks`` are the boat ranks under ``ranking``, the game's
    :class:`~carcassonne_amazonas.rules.boat_track.AmazonRanking` (dense by default, R-A1;
    competition with variant R-V1).
    """

    tile: TileId
    caimans: int
    piranhas: int
    ranks: tuple[int, ...]
    points: tuple[int, ...]
    ranking: AmazonRanking = AmazonRanking.DENSE


@attrs.frozen(slots=True)
class JungleScored(_Event):
    """Final scoring of a jungle with camps (R-E4): ``camps[p]`` is how many camps player
    ``p`` has there, ``points[p]`` what they scored under ``camp_scoring``, the game's
    :class:`~carcassonne_amazonas.rules.scoring.CampScoring` (once per jungle by default;
    once per camp with variant R-V2)."""

    tiles: tuple[Position, ...]
    animals: int
    camps: tuple[int, ...]
    points: tuple[int, ...]
    camp_scoring: CampScoring = CampScoring.PER_JUNGLE


@attrs.frozen(slots=True)
class RiverScored(_Event):
    """Final river scoring (R-E5)."""

    ranks: tuple[int, ...]
    points: tuple[int, ...]


@attrs.frozen(slots=True)
class GameOver(_Event):
    """The game ended (R-E1, R-E6)."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


#: Any of the event classes: the type of an event.
Event: TypeAlias = (
    TileDrawn | TileRemoved | TilePlaced | DoubleChosen | PiecePlaced | BoatAdvanced
    | FeatureScored | AmazonScored | JungleScored | RiverScored | GameOver
)
