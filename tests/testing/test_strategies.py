"""The knobs of ``game_states`` that say where a game stands: ``phase=`` and
``min_turns``/``max_turns``.

Every phase, the rare ones included, must be reached for every player count without
Hypothesis health-check failures (the strategies steer towards phases; they do not
filter), and ``min_turns``/``max_turns`` bound ``turns_played`` (R-T5).  The rules and
variants the strategies draw are tested in ``test_strategies_variants.py``; ``games``,
``records`` and ``st.from_type`` in ``test_strategies_records.py``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import GameState, Phase, legal_actions, new_game, reference_tileset
from carcassonne_amazonas.testing import PHASES, check_invariants, game_states, turns_played
from carcassonne_amazonas.testing._steering import GameSpec
from games import play_random
from strategy_helpers import few

LAND_TILES = len(reference_tileset().land_tiles)


# ---------------------------------------------------------------------------- phase=

@few
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("phase", PHASES, ids=lambda p: p.name)
@given(data=st.data())
def test_every_phase_for_every_player_count(phase: Phase, players: int,
                                            data: st.DataObject) -> None:
    state = data.draw(game_states(players, phase=phase, draws=None))
    assert state.phase is phase
    assert state.num_players == players
    if phase is Phase.DRAW_TILE:
        assert state.pile.explicit
    assert check_invariants(state) == []


@pytest.mark.parametrize("phase", [Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE, Phase.DRAW_TILE,
                                   Phase.GAME_OVER], ids=lambda p: p.name)
@pytest.mark.slow  # whole games or many examples
def test_rare_phases_pass_the_health_checks(phase: Phase) -> None:
    """Every health check on (a strategy that filtered for these phases would fail
    ``filter_too_much`` here); Hypothesis runs them while it draws the first examples."""
    seen: Counter[str] = Counter()

    @settings(database=None, max_examples=15)
    @given(game_states(phase=phase, draws=None))
    def check(state: GameState) -> None:
        assert state.phase is phase
        seen[state.rules.shuffle.value] += 1

    check()
    assert sum(seen.values()) >= 10


@few
@pytest.mark.parametrize("phase", [Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE],
                         ids=lambda p: p.name)
@pytest.mark.parametrize("draws", ["seeded", "explicit"])
@pytest.mark.parametrize("turn", [0, 1, 39, 75])
@given(data=st.data())
def test_double_phases_at_an_exact_turn(phase: Phase, draws: str, turn: int,
                                        data: st.DataObject) -> None:
    """The narrowest window: a "!" tile (R-T3) must come in exactly this turn."""
    assert draws in ("seeded", "explicit")
    state = data.draw(game_states(phase=phase, min_turns=turn, max_turns=turn,
                                  draws="seeded" if draws == "seeded" else "explicit"))
    assert state.phase is phase and turns_played(state) == turn


@few
@given(game_states(phase={Phase.PLACE_PIECE, Phase.GAME_OVER}))
def test_a_collection_of_phases(state: GameState) -> None:
    assert state.phase in (Phase.PLACE_PIECE, Phase.GAME_OVER)


@settings(max_examples=20, database=None)
@given(game_states(non_terminal=True, draws=None))
def test_non_terminal_leaves_out_finished_games(state: GameState) -> None:
    assert not state.is_terminal
    assert legal_actions(state)


def test_the_phases_a_spec_can_reach() -> None:
    assert GameSpec.of().phases == (Phase.PLACE_TILE, Phase.PLACE_PIECE, Phase.CHOOSE_DOUBLE,
                                    Phase.PLACE_DOUBLE, Phase.GAME_OVER)
    assert Phase.DRAW_TILE in GameSpec.of(draws=None).phases
    assert Phase.GAME_OVER not in GameSpec.of(max_turns=LAND_TILES - 1).phases
    assert GameSpec.of(min_turns=LAND_TILES).phases == (Phase.GAME_OVER,)


# ---------------------------------------------------------------------------- turns

@pytest.mark.slow  # whole games or many examples
@settings(max_examples=25, database=None)
@given(st.data())
def test_min_turns_and_max_turns_are_honoured(data: st.DataObject) -> None:
    low = data.draw(st.integers(0, LAND_TILES - 1), label="min_turns")
    high = data.draw(st.one_of(st.none(), st.integers(low, low + 10)), label="max_turns")
    state = data.draw(game_states(min_turns=low, max_turns=high, draws=None))
    assert turns_played(state) >= low
    if high is not None:
        assert turns_played(state) <= high
        if high < LAND_TILES:
            assert not state.is_terminal  # a whole game needs 80 turns


def test_turns_played_counts_complete_turns() -> None:
    """R-T5 ends a turn; every land tile placed is one turn (R-G7 removals are none)."""
    for seed, draws in [(1, "seeded"), (2, "explicit")]:
        state = new_game(3, seed=seed) if draws == "seeded" else new_game(3, draws="explicit")
        game = play_random(state, random.Random(seed))
        completed = 0
        for before in game.states[:-1]:
            assert turns_played(before) == completed
            if before.phase is Phase.PLACE_PIECE:
                completed += 1
        final = game.states[-1]
        assert turns_played(final) == completed == LAND_TILES - len(final.removed)
    with pytest.raises(TypeError):
        turns_played("state")  # type: ignore[arg-type]
