"""The final scoring (R-E2–R-E5) as a value, and the score projection built on it.

:func:`final_scoring` is the one implementation of the end-of-game scoring: the
engine's final scoring step applies its result at the end of the game, and the score
projection (:func:`projected_scores`) applies it to any position, so the projection can
never disagree with the real end of a game.  A rule variant of the final scoring
changes it here, once.  The points of each feature come from
:mod:`~carcassonne_amazonas.rules.scoring`.

A frontend shows a player's score beside what it would become if the last tile had
just been placed: ``57 (71)``.  The projection takes the position as it stands: during
a turn's piece step (:attr:`Phase.PLACE_PIECE
<carcassonne_amazonas.rules.state.Phase.PLACE_PIECE>`) a tributary or village the tile
just completed has not been scored yet (that happens when the turn ends, R-T7), and,
being complete, it is not part of the final scoring either; its points appear in the
projection once the turn is over.  At the end of the game the projection is the
players' final breakdowns.  Every function that takes a state refuses anything but exactly a
:class:`~carcassonne_amazonas.rules.state.GameState` (a subclass too, since it could
override what is read) with a ``TypeError`` naming the parameter.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .._support.exact import check_exact
from .._support.reprs import repr_pretty
from ..tiles.layout import Terrain
from .features import Feature
from .options import Rules
from .scoring import (
    FinalScore,
    ScoreBreakdown,
    final_feature_values,
    river_points,
    score_feature,
    score_jungle,
)
from .state import GameState

__all__ = ["FINAL_CATEGORIES", "FinalFeatureScore", "FinalTally", "final_scoring",
           "projected_final_scoring", "projected_scores", "projected_totals"]


def projected_final_scoring(state: GameState) -> tuple[FinalScore, ...]:
    """What the final scoring would give each player if the game ended now (R-E2–R-E5),
    by category; once the game is over, the final scoring it gave
    (:attr:`GameState.final_scoring <carcassonne_amazonas.rules.state.GameState.final_scoring>`).
    """
    check_exact(state, GameState, "state")
    if state.final_scoring is not None:
        return state.final_scoring
    return final_scoring(state.rules, state.features, state.boats).final_scores


def projected_scores(state: GameState) -> tuple[ScoreBreakdown, ...]:
    """Each player's score breakdown if the game ended now (R-E2–R-E5).

    The points scored so far plus the final scoring of the current board and boats
    (:func:`projected_final_scoring`).  At a terminal state these are the players'
    breakdowns.  The state is not changed.
    """
    check_exact(state, GameState, "state")
    if state.is_terminal:
        return tuple(player.breakdown for player in state.players)
    return tuple(
        player.breakdown.plus(tributaries=final.tributaries, villages=final.villages,
                              camps=final.camps, river=final.river)
        for player, final in zip(state.players, projected_final_scoring(state)))


def projected_totals(state: GameState) -> tuple[int, ...]:
    """Each player's total if the game ended now: the totals of :func:`projected_scores`."""
    check_exact(state, GameState, "state")
    return tuple(breakdown.total for breakdown in projected_scores(state))


#: The breakdown category each kind of feature scores in at the end (R-E2–R-E4).
FINAL_CATEGORIES = {Terrain.TRIBUTARY: "tributaries", Terrain.VILLAGE: "villages",
                    Terrain.JUNGLE: "camps"}


@attrs.frozen(slots=True)
class FinalFeatureScore:
    """One feature scored at the end of the game (R-E2–R-E4).

    ``value`` is what its majority scores; ``points`` and ``pieces`` are per player
    (pieces stay on the board: nothing returns at the end).
    """

    _repr_pretty_ = repr_pretty

    feature: Feature
    value: int
    points: tuple[int, ...]
    pieces: tuple[int, ...]

    @property
    def category(self) -> str:
        """The :class:`~carcassonne_amazonas.rules.scoring.ScoreBreakdown` field the points go to:
        ``tributaries`` (R-E2), ``villages`` (R-E3) or ``camps`` (R-E4)."""
        return FINAL_CATEGORIES[self.feature.terrain]


@attrs.frozen(slots=True)
class FinalTally:
    """The whole final scoring of a position (R-E2–R-E5), before it is applied."""

    _repr_pretty_ = repr_pretty

    features: tuple[FinalFeatureScore, ...]
    """Every scored feature, in the order of
    :func:`~carcassonne_amazonas.rules.scoring.final_feature_values`."""
    river: tuple[int, ...]
    """The river scoring's points per player (R-E5)."""

    @property
    def final_scores(self) -> tuple[FinalScore, ...]:
        """Each player's final-scoring points by category (R-E2–R-E5)."""
        rows = [[0, 0, 0, points] for points in self.river]
        column = {"tributaries": 0, "villages": 1, "camps": 2}
        for scored in self.features:
            for player, points in enumerate(scored.points):
                rows[player][column[scored.category]] += points
        return tuple(FinalScore(*row) for row in rows)


def final_scoring(rules: Rules, features: Iterable[Feature],
                  boats: tuple[int, ...]) -> FinalTally:
    """The final scoring of a board (R-E2–R-E5): every unfinished tributary and village
    with meeples (R-E2, R-E3) and every jungle with camps (R-E4, by the camp-scoring option
    of R-V2) scored for its majority (R-M1), then the river by boat rank with the river
    mouth's points (R-E5, R-C6, R-A3).

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
        if feature.terrain is Terrain.JUNGLE:
            result = score_jungle(feature, num_players, rules.camp_scoring)
        else:
            result = score_feature(feature, value, num_players)
        scored.append(FinalFeatureScore(feature, value, result.points, result.pieces))
    return FinalTally(tuple(scored), river_points(boats, mouth_points))
