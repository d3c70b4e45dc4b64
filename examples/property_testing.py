"""Property-based tests of your own code with the library's Hypothesis strategies.

Copy this file into your test suite and replace ``greedy_bot`` and ``describe``
with your own code.  It needs pytest and Hypothesis (``pip install pytest
hypothesis``).  Run it with:

    python -m pytest examples/property_testing.py

``game_states()`` draws positions reached by legal play (any phase, from the
first tile to the final scoring); when a property fails, Hypothesis shrinks the
game to as few actions and as early choices as it can and prints the actions
that reach the failing state.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    Action,
    GameOver,
    GameState,
    IllegalActionError,
    Pass,
    PlaceMeeple,
    apply_action,
    apply_action_with_events,
    format_action,
    legal_actions,
    parse_action,
    state_from_json,
    state_to_json,
)
from carcassonne_amazonas.testing import (
    actions,
    check_invariants,
    game_states,
    legal_actions_of,
)

# Whole games take a few milliseconds each; no deadline on a busy machine.
examples = settings(max_examples=25, deadline=None)


# ---------------------------------------------------------------------------- "your code"

def greedy_bot(state: GameState) -> Action:
    """A bot to test: the action that gains the most points at once, meeples first."""
    def gain(action: Action) -> tuple[int, bool]:
        after = apply_action(state, action)
        mine = after.players[state.current_player].score - \
            state.players[state.current_player].score
        return (mine, isinstance(action, PlaceMeeple))

    return max(legal_actions(state), key=gain)


def describe(state: GameState, action: Action) -> str:
    """A frontend's text for a move: what it did, or why it was refused."""
    try:
        apply_action(state, action)
    except (IllegalActionError, TypeError) as error:
        return f"refused: {error}"
    return f"played {format_action(action)}"


# ---------------------------------------------------------------------------- properties

@examples
@given(game_states(max_turns=30))
def test_the_bot_always_plays_a_legal_action(state: GameState) -> None:
    assume(not state.is_terminal)
    assert greedy_bot(state) in legal_actions(state)


@examples
@given(game_states(), st.data())
def test_invariants_hold_after_any_legal_action(state: GameState, data: st.DataObject) -> None:
    assert check_invariants(state) == []
    assume(not state.is_terminal)
    action = data.draw(legal_actions_of(state))
    after, events = apply_action_with_events(state, action)
    assert check_invariants(after) == []
    assert after.is_terminal == any(isinstance(e, GameOver) for e in events)


@examples
@given(game_states(max_turns=20), actions())
def test_the_frontend_explains_every_move(state: GameState, action: Action) -> None:
    text = describe(state, action)
    if action in legal_actions(state):
        assert text == f"played {format_action(action)}"
    else:
        assert text.startswith("refused: ") and len(text) > len("refused: ")


@examples
@given(game_states(num_players=4, draws="explicit"))
def test_saved_games_load_back_equal(state: GameState) -> None:
    loaded = state_from_json(state_to_json(state))
    assert loaded == state
    assert legal_actions(loaded) == legal_actions(state)


@examples
@given(game_states(max_turns=10))
def test_the_notation_round_trips(state: GameState) -> None:
    for action in legal_actions(state) or (Pass(),):
        assert parse_action(format_action(action)) == action
