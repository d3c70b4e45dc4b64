"""Rule clauses that the rules reference (docs/rules.md) cites and that no other test
proves on its own: R-T7 (a meeple on a feature its own tile completes scores at once)
and R-T10 (camps stay to the end; meeples come back only when their feature is scored).
"""

from __future__ import annotations

import random

import pytest

from carcassonne_amazonas import (
    FeatureScored,
    PieceKind,
    PlaceCamp,
    PlaceMeeple,
    Position,
    Terrain,
    apply_action_with_events,
    legal_actions,
    new_game,
)
from scenario import R90, R270, events_of, start_game, turn


def test_t7_a_meeple_on_the_feature_its_own_tile_completes_scores_at_once() -> None:
    """R-T7: rock - straight (1 Fruit icon) - rock; nobody holds the tributary until
    player 0 closes it and puts a meeple on it in the same turn: 3 tiles + 1 Fruit = 4
    points for player 0 at once, and the meeple is back in the supply."""
    state = start_game(2, "S02.1", "S01.6", "S18.1")
    state, _ = turn(state, 0, -1, R90)
    state, _ = turn(state, -1, -1, R90)
    assert state.scores == (0, 0)
    state, events = turn(state, -2, -1, R270, meeple="t")
    scored = events_of(events, FeatureScored)
    assert scored == [FeatureScored(
        Terrain.TRIBUTARY,
        (Position(0, -1), Position(-1, -1), Position(-2, -1)), 1, (4, 0), (1, 0))]
    assert state.scores == (4, 0)
    assert state.players[0].meeples_in_supply == 4
    assert list(state.pieces()) == []


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_t10_camps_stay_and_meeples_return_only_when_scored(seed: int) -> None:
    """R-T10 over whole random games: every camp placed is still on the board at the
    end, and meeples leave the board only in the turn their feature is scored."""
    state = new_game(3, seed=seed)
    chooser = random.Random(seed)
    camps: set[tuple[int, Position, int]] = set()
    while not state.is_terminal:
        action = chooser.choice(legal_actions(state))
        player = state.current_player
        meeples_before = {(p.player, p.position, p.segment) for p in state.pieces()
                          if p.kind is PieceKind.MEEPLE}
        state, events = apply_action_with_events(state, action)
        if isinstance(action, PlaceCamp):
            camps.add((player, action.position, action.segment))
        if isinstance(action, PlaceMeeple):  # it may score, and return, at once (R-T7)
            meeples_before.add((player, action.position, action.segment))
        on_board = {(p.player, p.position, p.segment) for p in state.pieces()}
        assert camps <= on_board
        gone = meeples_before - on_board
        returned = sum(sum(e.meeples_returned) for e in events_of(events, FeatureScored))
        assert len(gone) == returned
    assert camps == {(p.player, p.position, p.segment) for p in state.pieces()
                     if p.kind is PieceKind.CAMP}
    assert camps  # random games do place camps
