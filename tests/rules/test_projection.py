"""The score projection: every player's points if the game ended now (R-E2–R-E5).

Checked three ways over many random games: against the breakdowns at the end of the
game, against the engine's own final scoring step run on the position as it stands
(the pile emptied now), and against the slow reference model's final scoring.
"""

from __future__ import annotations

import functools
import random

import pytest

import reference_model as model
from carcassonne_amazonas import (
    AmazonRanking,
    CampScoring,
    GameState,
    PieceKind,
    Rules,
    ScoreBreakdown,
    new_game,
    projected_scores,
    reference_tileset,
)
from carcassonne_amazonas.render.text import players_text
from carcassonne_amazonas.rules._turn import Turn
from carcassonne_amazonas.rules.final_scoring import (
    final_scoring,
    projected_final_scoring,
    projected_totals,
)
from carcassonne_amazonas.rules.scoring import FinalScore
from carcassonne_amazonas.rules.state import Phase
from games import play_random

# Six games per player count (twelve before: the same paths, twice as many games).
GAMES = [(players, seed) for seed in range(6) for players in (2, 3, 4, 5)]
GAME_IDS = [f"{players}p-seed{seed}" for players, seed in GAMES]


@functools.cache
def game_states(index: int) -> tuple[GameState, ...]:
    """The states of game ``GAMES[index]``, played when a test first asks (not when the
    module is collected, which each parallel worker does)."""
    players, seed = GAMES[index]
    return play_random(new_game(players, seed=seed), random.Random(seed)).states


def if_the_pile_emptied_now(state: GameState) -> tuple[ScoreBreakdown, ...]:
    """The breakdowns after the engine's own final scoring step, run on this position."""
    turn = Turn(state, [])
    turn.final_scoring_step()
    ended = turn.freeze()
    assert ended.is_terminal
    return tuple(player.breakdown for player in ended.players)


def reference_final_scoring(state: GameState) -> list[tuple[int, int, int, int]]:
    """R-E2–R-E5 per player from the reference model, which knows nothing of the engine's
    feature graph or scoring module."""
    placements = state.board.placements
    pieces = []
    for piece in state.pieces():
        index = state.board.placement_index_at(piece.position)
        assert index is not None
        pieces.append(model.Piece(piece.player, piece.kind is PieceKind.CAMP, index,
                                  piece.segment))
    return model.final_scoring(model.features(placements), pieces, state.boats)


@pytest.mark.parametrize("game", range(len(GAMES)), ids=GAME_IDS)
def test_at_the_end_of_a_game_the_projection_is_the_final_breakdown_E2_E5(game: int) -> None:
    final = game_states(game)[-1]
    assert final.is_terminal
    assert projected_scores(final) == tuple(p.breakdown for p in final.players)
    assert projected_totals(final) == final.scores
    assert final.final_scoring is not None
    assert projected_final_scoring(final) == final.final_scoring
    # The final scoring leaves pieces and boats where they were, so scoring the
    # terminal board again gives exactly what the engine awarded.
    again = final_scoring(final.rules, final.features, final.boats)
    assert again.final_scores == final.final_scoring


@pytest.mark.parametrize("game", range(len(GAMES)), ids=GAME_IDS)
def test_the_projection_is_what_the_final_scoring_would_give_now_E2_E5(game: int) -> None:
    states = game_states(game)
    for state in states[::7] + states[-2:-1]:
        if state.is_terminal:
            continue
        projected = projected_scores(state)
        assert projected == if_the_pile_emptied_now(state), len(state.board)
        reference = reference_final_scoring(state)
        finals = projected_final_scoring(state)
        assert [(f.tributaries, f.villages, f.camps, f.river) for f in finals] == reference
        for player, breakdown, final in zip(state.players, projected, finals):
            assert breakdown.total == player.score + final.total
            assert breakdown.amazon == player.breakdown.amazon  # no Amazon scoring at the end


@pytest.mark.parametrize("seed", range(6))
def test_the_projection_follows_the_camp_scoring_option_V2(seed: int) -> None:
    """With per-camp scoring (R-V2) the projection still equals the engine's final scoring,
    at the end and at every position on the way (one implementation of R-E2–R-E5)."""
    rules = Rules(camp_scoring=CampScoring.PER_CAMP, amazon_ranking=AmazonRanking.COMPETITION,
                  tileset=reference_tileset(bonus_river=True))
    states = play_random(new_game(3, seed=seed, rules=rules), random.Random(seed)).states
    final = states[-1]
    assert projected_scores(final) == tuple(p.breakdown for p in final.players)
    for state in states[::9]:
        if not state.is_terminal:
            assert projected_scores(state) == if_the_pile_emptied_now(state)


def test_the_projection_does_not_change_the_state() -> None:
    for state in game_states(5)[::25]:
        before = (hash(state), state.players, state.board, state.features.piece_set(),
                  state.final_scoring)
        projected_scores(state)
        projected_final_scoring(state)
        assert (hash(state), state.players, state.board, state.features.piece_set(),
                state.final_scoring) == before


def test_at_the_start_every_boat_shares_first_place_on_the_river_E5() -> None:
    """No pieces yet: only the river scores, and all boats tie for first (R-A1, R-E5)."""
    for players, first in ((2, 6), (3, 6), (4, 7), (5, 7)):
        state = new_game(players, seed=0)
        assert projected_final_scoring(state) == (FinalScore(river=first),) * players
        assert projected_scores(state) == (ScoreBreakdown(river=first),) * players


def test_a_completed_feature_in_the_piece_step_is_scored_when_the_turn_ends_T7() -> None:
    """During the piece step a feature the tile just completed is neither scored yet
    nor part of the final scoring (the module's documented boundary): the projection
    is the final scoring of the position as it stands."""
    piece_steps = [state for game in range(len(GAMES)) for state in game_states(game)
                   if state.phase is Phase.PLACE_PIECE]
    for state in piece_steps[::2]:  # every other one: a player's, then the next's
        assert projected_scores(state) == if_the_pile_emptied_now(state)
    assert len(piece_steps) > 1000


def test_players_text_shows_the_projection() -> None:
    state = game_states(0)[60]
    lines = players_text(state).splitlines()[1:]  # under the line that groups the points
    assert "if end" in lines[0]
    column = lines[0].split().index("if")  # the header's "if end" is two words
    for line, total in zip(lines[1:], projected_totals(state), strict=True):
        fields = line.lstrip("* ").split()
        assert int(fields[column]) == total
