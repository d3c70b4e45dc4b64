"""Score projection: every player's points if the game ended now (R-E2–R-E5).

A frontend shows a player's score beside what it would become if the last tile
had just been placed: ``57 (71)``.  :func:`projected_scores` applies the final
scoring to the current board and boats, with the engine's own implementation
(:func:`~carcassonne_amazonas.final_tally.final_scoring`), so the projection can never
disagree with the real end of a game:

- every unfinished tributary and village with meeples scores 1 per tile and 1 per
  Fruit icon for its majority (R-E2, R-E3; a double tile counts once, R-F8);
- every jungle with camps scores 1 per animal for its majority, once (R-E4);
- the boats score the river mouth's points by rank (R-E5, R-A3).

The projection takes the position as it stands.  During a turn's piece step
(:attr:`Phase.PLACE_PIECE <carcassonne_amazonas.state.Phase.PLACE_PIECE>`) a tributary
or village the tile just completed has not been scored yet (that happens when the turn
ends, R-T7), and, being complete, it is not part of the final scoring either; its
points appear in the projection once the turn is over.  At the end of the game the
projection is the players' final breakdowns.  Nothing here changes the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .breakdowns import FinalScore, ScoreBreakdown
from .final_tally import final_scoring

if TYPE_CHECKING:  # the state draws itself with the text renderer, which shows projections
    from .state import GameState

__all__ = ["projected_final_scoring", "projected_scores", "projected_totals"]


def projected_final_scoring(state: GameState) -> tuple[FinalScore, ...]:
    """What the final scoring would give each player if the game ended now (R-E2–R-E5),
    by category; once the game is over, the final scoring it gave
    (:attr:`GameState.final_scoring <carcassonne_amazonas.state.GameState.final_scoring>`).
    """
    if state.final_scoring is not None:
        return state.final_scoring
    return final_scoring(state.rules, state.features, state.boats).final_scores


def projected_scores(state: GameState) -> tuple[ScoreBreakdown, ...]:
    """Each player's score breakdown if the game ended now (R-E2–R-E5).

    The points scored so far plus the final scoring of the current board and boats
    (:func:`projected_final_scoring`).  At a terminal state these are the players'
    breakdowns.  The state is not changed.
    """
    if state.is_terminal:
        return tuple(player.breakdown for player in state.players)
    return tuple(
        player.breakdown.plus(tributaries=final.tributaries, villages=final.villages,
                              camps=final.camps, river=final.river)
        for player, final in zip(state.players, projected_final_scoring(state)))


def projected_totals(state: GameState) -> tuple[int, ...]:
    """Each player's total if the game ended now: the totals of :func:`projected_scores`."""
    return tuple(breakdown.total for breakdown in projected_scores(state))
