"""Property-based tests of your own code with the library's Hypothesis tools.

Copy this file into your test suite and replace the code under "your code" with
yours.  It needs pytest and the ``[testing]`` extra (from a checkout of the project:
``python -m pip install pytest '.[testing]'``).  Run it with:

    python -m pytest examples/property_testing.py   # or: python examples/property_testing.py

- ``game_states()`` draws positions reached by legal play; its knobs choose the
  player count, the phase (the rare ones too: choosing a double tile, a chance
  draw, the end), the number of complete turns and the draw mode.
- ``games()`` and ``records()`` draw whole games and record JSON, valid or corrupted.
- ``illegal_actions_of(state)`` draws the close mistakes of a state with the rule each
  breaks; ``check_bot(bot)`` checks a bot in every decision phase, player count and
  rule variant.
- ``GameMachine`` plays games step by step against a model of your own.
- ``st.from_type(GameState)`` works too: importing ``carcassonne_amazonas.testing``
  registers the strategies.

When a property fails, Hypothesis shrinks the game to as few turns and as early
choices as it can and prints the call that rebuilds it, such as
``replay_game(2, 't0,4,0 d81 t0,5,0', seed=0)``: paste it into a test.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    Action,
    AmazonScored,
    BoatAdvanced,
    ChooseDouble,
    Event,
    FeatureScored,
    GameOver,
    GameRecord,
    GameState,
    IllegalActionError,
    JungleScored,
    Pass,
    Phase,
    PlaceMeeple,
    RecordError,
    RiverScored,
    apply_action,
    apply_action_with_events,
    format_action,
    legal_actions,
    parse_action,
    state_from_json,
    state_to_json,
)
from carcassonne_amazonas.testing import (
    GameMachine,
    RecordText,
    actions,
    check_bot,
    check_invariants,
    game_states,
    games,
    illegal_actions_of,
    legal_actions_of,
    records,
)

# Whole games take tens of milliseconds each; no deadline on a busy machine.
examples = settings(max_examples=10, deadline=None)


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


class ScoreBoard:
    """A frontend's scoreboard, kept up to date from the events alone."""

    def __init__(self, state: GameState) -> None:
        self.scores = list(state.scores)
        self.boats = list(state.boats)

    def update(self, events: tuple[Event, ...]) -> None:
        for event in events:
            if isinstance(event, (FeatureScored, AmazonScored, JungleScored, RiverScored)):
                for player, points in enumerate(event.points):
                    self.scores[player] += points
            elif isinstance(event, BoatAdvanced):
                self.boats[event.player] = event.to_space


# ---------------------------------------------------------------------------- properties

@examples
@given(game_states(max_turns=30, non_terminal=True))
def test_the_bot_always_plays_a_legal_action(state: GameState) -> None:
    assert greedy_bot(state) in legal_actions(state)


@examples
@given(game_states(phase=Phase.CHOOSE_DOUBLE))
def test_the_bot_chooses_a_double_tile_after_a_bang_tile(state: GameState) -> None:
    assert isinstance(greedy_bot(state), ChooseDouble)


class GreedyPlayer:
    """The bot above as an object with ``choose``, as the library's bots are."""

    def choose(self, state: GameState) -> Action:
        return greedy_bot(state)


def test_the_bot_passes_the_conformance_check() -> None:
    check_bot(GreedyPlayer(), per_phase=1)  # legal in every phase, 2-5 players, all variants


@examples
@given(game_states(max_turns=20), st.data())
def test_the_frontend_refuses_every_close_mistake_naming_its_rule(
        state: GameState, data: st.DataObject) -> None:
    illegal = data.draw(illegal_actions_of(state))
    text = describe(state, illegal.action)
    assert text.startswith("refused: ") and f"({illegal.rule})" in text, (text, illegal.why)


@examples
@given(game_states(non_terminal=True, draws=None), st.data())
def test_invariants_hold_after_any_legal_action(state: GameState, data: st.DataObject) -> None:
    assert check_invariants(state) == []
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
@given(st.from_type(GameState))
def test_saved_games_load_back_equal(state: GameState) -> None:
    loaded = state_from_json(state_to_json(state))
    assert loaded == state
    assert legal_actions(loaded) == legal_actions(state)


@examples
@given(game_states(max_turns=10))
def test_the_notation_round_trips(state: GameState) -> None:
    for action in legal_actions(state) or (Pass(),):
        assert parse_action(format_action(action)) == action


@examples
@given(games(draws=None))
def test_replaying_a_record_reproduces_the_game(record: GameRecord) -> None:
    states = GameRecord.from_json(record.to_json()).replay()
    assert states == record.replay()


@examples
@given(records())
def test_the_loader_accepts_exactly_the_valid_records(drawn: RecordText) -> None:
    try:
        GameRecord.from_json(drawn.text)
    except RecordError:
        assert not drawn.valid, drawn.corruption
    else:
        assert drawn.valid, drawn.corruption


# ---------------------------------------------------------------------------- a state machine

class ScoreBoardMachine(GameMachine):
    """Plays games step by step; after every action the scoreboard must agree with the
    engine (GameMachine also checks the engine's invariants and tries illegal actions)."""

    def on_start(self, state: GameState) -> None:
        self.board = ScoreBoard(state)

    def on_action(self, before: GameState, action: Action, after: GameState,
                  events: tuple[Event, ...]) -> None:
        self.board.update(events)
        assert self.board.scores == list(after.scores)
        assert self.board.boats == list(after.boats)

    def on_refused(self, state: GameState, action: object, error: Exception) -> None:
        assert action not in legal_actions(state)


TestScoreBoard = settings(max_examples=5, stateful_step_count=20, deadline=None)(
    ScoreBoardMachine).TestCase


if __name__ == "__main__":  # python examples/property_testing.py runs the properties too
    import subprocess
    import sys

    # In a fresh process: pytest must load Hypothesis's plugin before this module.
    raise SystemExit(subprocess.call([sys.executable, "-m", "pytest", "-q",
                                      "-p", "no:cacheprovider", __file__]))
