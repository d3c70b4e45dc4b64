"""Hypothesis failure reports stay short and pasteable, even where warnings are errors.

A user's failing properties run in a fresh pytest process with ``-W error`` and
``filterwarnings = error`` (as many projects configure pytest).  Each report must hold
the shrunk example, a few kB at most:

- a state drawn by ``game_states`` as the ``replay_game(...)`` call that rebuilds it,
  which, pasted back, gives a state on which the property fails;
- a state the user's own strategy derived from one (not rebuilt by any call) as its
  one-line summary;
- a record drawn by ``games`` as the ``game_record(...)`` call;
- a ``GameMachine`` run as its steps, starting with the ``replay_game(...)`` call.

Before the library gave its values short pretty-printed forms, Hypothesis printed
every field of a state (748 kB), warned "Generating overly large repr", and under
``-W error`` lost the example altogether.
"""

from __future__ import annotations

import re

import pytest

from carcassonne_amazonas import GameRecord, GameState
from carcassonne_amazonas.testing import game_record, replay_game
from user_project import failure_sections

pytestmark = pytest.mark.slow  # a pytest subprocess that shrinks four failing properties

LIMIT = 4_000  # bytes of report per failing test

USER_TESTS = '''
from hypothesis import Phase, given, settings
from carcassonne_amazonas import GameState, apply_action, legal_actions
from carcassonne_amazonas.testing import GameMachine, game_states, games

# Hypothesis's defaults, but for the example count (the first property) and the explain
# phase, which traces every line it runs and takes seconds (the others).
fast = settings(max_examples=60, database=None, deadline=None)
faster = settings(fast, phases=set(Phase) - {Phase.explain})


@fast
@given(game_states(num_players=2, max_turns=6))
def test_state_from_the_strategy(state):
    assert state.players[0].meeples_in_supply == 4  # fails once yellow places a meeple


def played_on(state: GameState) -> GameState:
    while not state.is_terminal and len(state.board) < 6:
        state = apply_action(state, legal_actions(state)[-1])
    return state


@faster
@given(game_states(num_players=2, max_turns=2).map(played_on))
def test_state_the_user_derived(state):
    assert state.players[0].meeples_in_supply == 4


@faster
@given(games(num_players=3, max_turns=6))
def test_record_from_the_strategy(record):
    assert len(record.actions) < 5


class ScoreMachine(GameMachine):
    num_players = 2

    def on_action(self, before, action, after, events):
        assert sum(after.scores) == 0  # fails at the first point scored


test_machine = settings(faster, max_examples=30, stateful_step_count=10)(ScoreMachine).TestCase
'''


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The pytest output of the user's failing tests, section by test name."""
    folder = tmp_path_factory.mktemp("user_project")
    return failure_sections(folder, USER_TESTS, 4)


def falsifying_argument(section: str, name: str) -> str:
    """The argument ``name`` of the failing example as Hypothesis prints it."""
    match = re.search(rf"^E?\s+{name}=(.*),$", section, flags=re.MULTILINE)
    assert match, section
    return match.group(1)


def test_a_drawn_state_is_reported_as_the_call_that_rebuilds_it(report: dict[str, str]) -> None:
    section = report["test_state_from_the_strategy"]
    assert len(section.encode()) < LIMIT, section
    assert "Generating overly large repr" not in section
    shown = falsifying_argument(section, "state")
    assert shown.startswith("replay_game(2, '"), shown
    state = eval(shown, {"replay_game": replay_game})
    assert isinstance(state, GameState)
    assert state.players[0].meeples_in_supply != 4  # the property fails on the pasted state


def test_a_derived_state_is_reported_as_its_summary(report: dict[str, str]) -> None:
    section = report["test_state_the_user_derived"]
    assert len(section.encode()) < LIMIT, section
    assert falsifying_argument(section, "state").startswith("<GameState: 2 players, ")


def test_a_drawn_record_is_reported_as_the_call_that_rebuilds_it(
        report: dict[str, str]) -> None:
    section = report["test_record_from_the_strategy"]
    assert len(section.encode()) < LIMIT, section
    shown = falsifying_argument(section, "record")
    assert shown.startswith("game_record(3, '"), shown
    record = eval(shown, {"game_record": game_record})
    assert isinstance(record, GameRecord) and len(record.actions) >= 5


def test_a_machine_run_is_reported_as_its_steps(report: dict[str, str]) -> None:
    section = report["test_machine"]
    assert len(section.encode()) < LIMIT, section
    start = re.search(r"state\.start_game\(start=(replay_game\(2[^)]*\))\)", section)
    assert start, section
    state = eval(start.group(1), {"replay_game": replay_game})  # seeded or explicit draws
    assert isinstance(state, GameState) and state.num_players == 2 and len(state.board) == 1
