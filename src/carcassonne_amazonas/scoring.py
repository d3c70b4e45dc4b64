"""Feature scoring and final scoring (R-T7, R-M1, R-E2–R-E5).

Pure functions over features and boats; the engine applies their results.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .boat_track import rank_points
from .features import Feature
from .reprs import repr_pretty
from .tiles import Terrain

__all__ = [
    "FeaturePoints",
    "completed_points",
    "final_feature_values",
    "jungle_points",
    "river_points",
    "score_feature",
    "unfinished_points",
]

_PER_TILE_COMPLETED = {Terrain.TRIBUTARY: 1, Terrain.VILLAGE: 2}


def completed_points(feature: Feature) -> int:
    """R-T7: a completed tributary is worth 1 per tile, a village 2 per tile; +1 per Fruit icon."""
    return _PER_TILE_COMPLETED[feature.terrain] * feature.tile_count + feature.fruit


def unfinished_points(feature: Feature) -> int:
    """R-E2, R-E3: an unfinished tributary or village is worth 1 per tile and 1 per Fruit icon."""
    return feature.tile_count + feature.fruit


def jungle_points(feature: Feature) -> int:
    """R-E4: a jungle is worth 1 per animal, once however many camps (Decision)."""
    return feature.animals


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

