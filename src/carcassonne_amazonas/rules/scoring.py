"""What features and boats are worth: the points of each kind of feature, in play and at
the end (R-T7, R-M1, R-E2–R-E5).

Pure functions over features and boats.  The engine applies them to completed features
during play; the final scoring itself, which puts them together at the end, is
:func:`~carcassonne_amazonas.rules.final_scoring.final_scoring`.  How camps score their jungle
is a rule option, :class:`CampScoring` (variant R-V2 of the rules reference).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from .._support.reprs import ShortEnumRepr, changed_fields_repr, repr_pretty
from ..tiles.layout import Terrain
from .boat_track import rank_points
from .features import Feature

__all__ = ["FINAL_SCORE_CATEGORIES", "NO_POINTS", "SCORE_CATEGORIES", "CampScoring",
           "FeaturePoints", "FinalScore", "ScoreBreakdown", "completed_points",
           "final_feature_values", "jungle_points", "jungle_value", "river_points",
           "score_feature", "score_jungle", "unfinished_points"]


@attrs.frozen(slots=True, repr=False)
class ScoreBreakdown:
    """A player's points by where they came from, over the whole game.

    ``repr`` names only the categories with points: ``ScoreBreakdown(villages=7)``.
    """

    tributaries: int = 0
    """Completed tributaries (R-T7) and, at the end, unfinished ones (R-E2)."""
    villages: int = 0
    """Completed villages (R-T7) and, at the end, unfinished ones (R-E3)."""
    amazon: int = 0
    """Amazon scorings (R-A2)."""
    camps: int = 0
    """Jungles with camps at the end (R-E4)."""
    river: int = 0
    """The river ranking at the end (R-E5)."""

    @property
    def total(self) -> int:
        """All points."""
        return self.tributaries + self.villages + self.amazon + self.camps + self.river

    def plus(self, *, tributaries: int = 0, villages: int = 0, amazon: int = 0, camps: int = 0,
             river: int = 0) -> ScoreBreakdown:
        """This breakdown with points added to the named categories (``TypeError`` for a
        name that is no category, as for any unknown keyword)."""
        return ScoreBreakdown(self.tributaries + tributaries, self.villages + villages,
                              self.amazon + amazon, self.camps + camps, self.river + river)

    __repr__ = changed_fields_repr
    _repr_pretty_ = repr_pretty


@attrs.frozen(slots=True, repr=False)
class FinalScore:
    """One player's final scoring, by category (R-E2–R-E5); ``repr`` names the categories
    with points."""

    tributaries: int = 0
    villages: int = 0
    camps: int = 0
    river: int = 0

    @property
    def total(self) -> int:
        """All final-scoring points."""
        return self.tributaries + self.villages + self.camps + self.river

    __repr__ = changed_fields_repr
    _repr_pretty_ = repr_pretty


#: A breakdown with no points: every player's at the start (R-C2).
NO_POINTS = ScoreBreakdown()

#: The categories of a :class:`ScoreBreakdown`, in field order (what snapshots write and
#: the consistency check sums).
SCORE_CATEGORIES: tuple[str, ...] = tuple(field.name for field in attrs.fields(ScoreBreakdown))

#: The categories of a :class:`FinalScore`, in field order (R-E2–R-E5).
FINAL_SCORE_CATEGORIES: tuple[str, ...] = tuple(field.name
                                                for field in attrs.fields(FinalScore))


class CampScoring(ShortEnumRepr, enum.Enum):
    """How the camps in a jungle score its animals at the end (R-E4; variant R-V2).

    The final scoring says: "For each of your camps, count the number of animals
    in its jungle".  Read literally, two camps of one player in one jungle (two
    jungles with a camp each, joined later) pay that jungle twice.  The majority
    paragraph says: "The same rule applies to camps in the jungle": a jungle
    scores, like a tributary or a village, for the players with the most pieces
    in it.

    ``PER_JUNGLE`` (the default, the Decision of R-E4): each jungle with camps pays
    its animals once to each player with the most camps there.  The majority rule
    treats a jungle like the other features, which pay once however many meeples
    stand on them; paying per camp would reward joining one's own camps with the
    same animals twice.

    ``PER_CAMP``: each camp scores its jungle's animals, and the majority still
    decides who scores: a player with the most camps in a jungle scores its
    animals once per camp of theirs there; the others score nothing.
    """

    PER_JUNGLE = "per-jungle"
    PER_CAMP = "per-camp"

_PER_TILE_COMPLETED = {Terrain.TRIBUTARY: 1, Terrain.VILLAGE: 2}


def completed_points(feature: Feature) -> int:
    """R-T7: a completed tributary is worth 1 per tile, a village 2 per tile; +1 per Fruit icon."""
    return _PER_TILE_COMPLETED[feature.terrain] * feature.tile_count + feature.fruit


def unfinished_points(feature: Feature) -> int:
    """R-E2, R-E3: an unfinished tributary or village is worth 1 per tile and 1 per Fruit icon."""
    return feature.tile_count + feature.fruit


def jungle_points(feature: Feature) -> int:
    """R-E4: a jungle is worth 1 per animal, once however many camps (Decision; see
    :func:`score_jungle` for variant R-V2)."""
    return feature.animals


def jungle_value(feature: Feature, camp_scoring: CampScoring = CampScoring.PER_JUNGLE) -> int:
    """What each player with the most camps in a jungle scores for it at the end (R-E4,
    R-M1): its animals, once (``PER_JUNGLE``) or once per camp of theirs there
    (``PER_CAMP``, R-V2).  Without camps, what a single camp would score."""
    points = jungle_points(feature)
    if camp_scoring is CampScoring.PER_JUNGLE or not feature.pieces:
        return points
    return points * feature.pieces_of(feature.majority()[0])


@attrs.frozen(slots=True)
class FeaturePoints:
    """What scoring one feature gives: points and returned pieces per player."""

    points: tuple[int, ...]
    pieces: tuple[int, ...]

    _repr_pretty_ = repr_pretty


def score_feature(feature: Feature, value: int, num_players: int) -> FeaturePoints:
    """Give ``value`` to each player with the majority of pieces on ``feature`` (R-M1)."""
    winners = feature.majority()
    points = tuple(value if p in winners else 0 for p in range(num_players))
    pieces = tuple(feature.pieces_of(p) for p in range(num_players))
    return FeaturePoints(points, pieces)


def score_jungle(feature: Feature, num_players: int,
                 camp_scoring: CampScoring = CampScoring.PER_JUNGLE) -> FeaturePoints:
    """R-E4 and R-M1 for a jungle with camps: each player with the most camps there scores
    its animals, once (``PER_JUNGLE``) or once per camp of theirs there (``PER_CAMP``,
    R-V2).  ``pieces`` counts every player's camps in it."""
    return score_feature(feature, jungle_value(feature, camp_scoring), num_players)


def final_feature_values(features: Iterable[Feature]) -> list[tuple[Feature, int]]:
    """R-E2–R-E4: every unfinished tributary and village with meeples and every jungle with
    camps, with the value its majority scores, in a stable order (by lowest node)."""
    scored = []
    for feature in sorted(features, key=lambda f: min(f.nodes)):
        if not feature.pieces:
            continue
        if feature.terrain is Terrain.JUNGLE:
            value = jungle_points(feature)
        elif feature.terrain in _PER_TILE_COMPLETED and not feature.is_completed:
            value = unfinished_points(feature)
        else:
            continue
        scored.append((feature, value))
    return scored


def river_points(boats: tuple[int, ...], mouth_points: tuple[int, ...]) -> tuple[int, ...]:
    """R-E5: the river mouth's points by dense boat rank (2 players: R-A3 applies)."""
    return rank_points(boats, mouth_points)

