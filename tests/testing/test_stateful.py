"""Stateful test: the shipped ``GameMachine`` plays games step by step and attacks them
with bad input; this subclass checks the engine's side of every step.

``carcassonne_amazonas.testing.GameMachine`` starts a game (2–5 players, seeded or
explicit draws, any first player and shuffle) and interleaves legal actions, runs of
random legal actions and arbitrary actions (``actions()``), checking
``check_invariants`` after every step.  This subclass adds:

- for every applied action: it was legal (or a draw naming an identical copy of a
  legal draw's tile), ``apply_action`` agrees with ``apply_action_with_events``, and
  the input state is untouched;
- for every refused action: it was not legal, both entry points refuse it with the
  same exception and a message, and the state is untouched;
- two more attacks: a stale action, legal in an earlier state of the game, and an
  object that is not an action at all (``TypeError``).

A failure shrinks to a short list of steps that replays it.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

from carcassonne_amazonas import (
    Action,
    Event,
    GameState,
    IllegalActionError,
    NotationError,
    Pass,
    Position,
    Rotation,
    apply_action,
    legal_actions,
    parse_action,
)
from carcassonne_amazonas.testing import GameMachine
from refusal import picture

pytestmark = pytest.mark.slow  # a Hypothesis state machine over many steps


class _PassSubclass(Pass):
    """Looks like an action but is not one of the library's action classes."""


NON_ACTIONS = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=10),
    st.sampled_from(["p", "t0,-1,0", "m0,-1,0", "d82"]),
    st.tuples(st.integers(), st.integers()),
    st.builds(Position, st.integers(-3, 3), st.integers(-3, 3)),
    st.sampled_from(Rotation),
    st.just(Pass),
    st.just(_PassSubclass()),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def _reads_as_legal(text: str, state: GameState) -> bool:
    try:
        return parse_action(text, state) in legal_actions(state)
    except (NotationError, IllegalActionError):
        return False


class EngineMachine(GameMachine):
    """The shipped machine, with the engine's side of every step checked."""

    def attempt(self, action: object) -> bool:
        before = self.state
        snapshot = picture(before)
        applied = super().attempt(action)
        assert picture(before) == snapshot, f"{action!r} changed the state it was applied to"
        return applied

    def on_action(self, before: GameState, action: Action, after: GameState,
                  events: tuple[Event, ...]) -> None:
        # An action is accepted exactly when legal_actions lists it (R-T1 for draws too).
        assert action in legal_actions(before), f"{action!r} was accepted but not listed"
        twin = apply_action(before, action)
        assert twin == after and hash(twin) == hash(after)

    def on_refused(self, state: GameState, action: object, error: Exception) -> None:
        assert action not in legal_actions(state), f"legal {action!r} was refused: {error}"
        assert str(error).strip(), f"no message for {action!r}"
        if not isinstance(error, (TypeError, NotationError)):
            assert isinstance(error, IllegalActionError)
        bad: Any = action
        with pytest.raises(type(error)):
            apply_action(state, bad)

    @precondition(lambda self: bool(self.history))
    @rule(data=st.data())
    def try_stale_action(self, data: st.DataObject) -> None:
        earlier = data.draw(st.sampled_from(self.history), label="earlier state")
        old = legal_actions(earlier)
        if old:
            self.attempt(data.draw(st.sampled_from(old), label="stale action"))

    @rule(obj=NON_ACTIONS)
    def try_non_action(self, obj: object) -> None:
        before = self.state
        applied = self.attempt(obj)
        # Text is an action when it reads as a legal one (apply_action takes notation).
        assert applied == (type(obj) is str and _reads_as_legal(obj, before))

    @invariant()
    def a_game_not_over_has_a_legal_action(self) -> None:
        if not self.state.is_terminal:
            assert legal_actions(self.state)


# Half the profile's runs (10 with the quick profile, at least 10): measured with coverage
# (branches, fixed seed), 30 runs reached the lines and branches of the package that 60
# reach.
test_engine_machine = settings(max_examples=max(10, settings().max_examples // 2),
                               stateful_step_count=30, deadline=None)(EngineMachine).TestCase


def test_the_machine_replays_a_step_from_the_prefix_cache() -> None:
    """R-T1–R-T8: the same action attempted twice on the same state object gives the
    same state object (the shrinker's replays of a run cost lookups), and an illegal
    action is refused every time."""
    machine = GameMachine()
    start = machine.state
    action = legal_actions(start)[0]
    assert machine.attempt(action)
    first = machine.state
    machine.state = start
    assert machine.attempt(action)
    assert machine.state is first
    machine.state = start
    assert not machine.attempt(Pass()) and not machine.attempt(Pass())
    machine.teardown()
