"""Feature scoring and final scoring (R-T7, R-M1, R-E2–R-E5).

Pure functions over features and boats; the engine applies their results.
:func:`final_scoring` is the one implementation of the end-of-game scoring: the
engine's final scoring step and the score projection
(:mod:`~carcassonne_amazonas.projection`) both call it.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .boat_track import rank_points
from .features import Feature
from .state import FinalScore, Rules
from .tiles import Terrain

__all__ = [
    "FeaturePoints",
    "FinalFeatureScore",
    "FinalTally",
    "completed_points",
    "final_feature_values",
    "final_scoring",
    "jungle_points",
    "river_points",
    "score_feature",
    "unfinished_points",
]

_PER_TILE_COMPLETED = {Terrain.TRIBUTARY: 1, Terrain.VILLAGE: 2}


def completed_points(feature: Feature) -> int:
    """T7: a completed tributary is worth 1 per tile, a village 2 per tile; +1 per Fruit icon."""
    return _PER_TILE_COMPLETED[feature.terrain] * feature.tile_count + feature.fruit


def unfinished_points(feature: Feature) -> int:
    """E2, E3: an unfinished tributary or village is worth 1 per tile and 1 per Fruit icon."""
    return feature.tile_count + feature.fruit


def jungle_points(feature: Feature) -> int:
    """E4: a jungle is worth 1 per animal, once however many camps (Decision)."""
    return feature.animals


@attrs.frozen(slots=True)
class FeaturePoints:
    """What scoring one feature gives: points and returned pieces per player."""

    points: tuple[int, ...]
    pieces: tuple[int, ...]


def score_feature(feature: Feature, value: int, num_players: int) -> FeaturePoints:
    """Give ``value`` to each player with the majority of pieces on ``feature`` (M1)."""
    winners = feature.majority()
    points = tuple(value if p in winners else 0 for p in range(num_players))
    pieces = tuple(feature.pieces_of(p) for p in range(num_players))
    return FeaturePoints(points, pieces)


def final_feature_values(features: Iterable[Feature]) -> list[tuple[Feature, int]]:
    """E2–E4: every unfinished tributary and village with meeples and every jungle with
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
    """E5: the river mouth's points by dense boat rank (2 players: A3 applies)."""
    return rank_points(boats, mouth_points)



#: The breakdown category each kind of feature scores in at the end (E2–E4).
FINAL_CATEGORIES = {Terrain.TRIBUTARY: "tributaries", Terrain.VILLAGE: "villages",
                    Terrain.JUNGLE: "camps"}


@attrs.frozen(slots=True)
class FinalFeatureScore:
    """One feature scored at the end of the game (R-E2–R-E4).

    ``value`` is what its majority scores; ``points`` and ``pieces`` are per player
    (pieces stay on the board: nothing returns at the end).
    """

    feature: Feature
    value: int
    points: tuple[int, ...]
    pieces: tuple[int, ...]

    @property
    def category(self) -> str:
        """The :class:`~carcassonne_amazonas.state.ScoreBreakdown` field the points go to:
        ``tributaries`` (E2), ``villages`` (E3) or ``camps`` (E4)."""
        return FINAL_CATEGORIES[self.feature.terrain]


@attrs.frozen(slots=True)
class FinalTally:
    """The whole final scoring of a position (R-E2–R-E5), before it is applied."""

    features: tuple[FinalFeatureScore, ...]
    """Every scored feature, in the order of :func:`final_feature_values`."""
    river: tuple[int, ...]
    """The river scoring's points per player (E5)."""

    @property
    def final_scores(self) -> tuple[FinalScore, ...]:
        """Each player's final-scoring points by category (E2–E5)."""
        rows = [[0, 0, 0, points] for points in self.river]
        column = {"tributaries": 0, "villages": 1, "camps": 2}
        for scored in self.features:
            for player, points in enumerate(scored.points):
                rows[player][column[scored.category]] += points
        return tuple(FinalScore(*row) for row in rows)


def final_scoring(rules: Rules, features: Iterable[Feature],
                  boats: tuple[int, ...]) -> FinalTally:
    """The final scoring of a board (R-E2–R-E5): every unfinished tributary and village
    with meeples (E2, E3) and every jungle with camps (E4) scored for its majority
    (M1), then the river by boat rank with the river mouth's points (E5, C6, A3).

    ``features`` are the board's features with their pieces; ``boats`` holds every
    player's river space (its length is the player count); ``rules`` gives the tile
    set, whose start side for that many players has the mouth's points.  Pure: the
    engine applies the result at the end of the game, the score projection applies it
    to any position.
    """
    num_players = len(boats)
    mouth_points = rules.tileset.start_side(num_players).mouth_points
    scored = []
    for feature, value in final_feature_values(features):
        result = score_feature(feature, value, num_players)
        scored.append(FinalFeatureScore(feature, value, result.points, result.pieces))
    return FinalTally(tuple(scored), river_points(boats, mouth_points))
