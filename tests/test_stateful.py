"""Stateful test: Hypothesis plays games step by step and attacks them with bad input.

A :class:`~hypothesis.stateful.RuleBasedStateMachine` starts a game (2–5
players, seeded or explicit draws, any first player) and then interleaves:

- a legal action (``legal_actions_of``), checking that ``apply_action`` and
  ``apply_action_with_events`` agree and that the input state is untouched;
- a run of random legal actions, to reach the middle and the end of games;
- an arbitrary action (``actions()``): if it is legal it must apply, if not
  it must raise ``IllegalActionError`` or ``TypeError`` with a message and
  leave the state and its legal actions as they were;
- a stale action, legal in an earlier state of the game;
- an object that is not an action at all (``TypeError``).

After every step ``check_invariants`` must find nothing.  A failure shrinks
to a short list of steps that replays it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from carcassonne_amazonas import (
    Action,
    GameState,
    Pass,
    Position,
    Rotation,
    Rules,
    apply_action,
    apply_action_with_events,
    legal_actions,
    new_game,
)
from carcassonne_amazonas.testing import actions, check_invariants, legal_actions_of
from refusal import picture, refuse


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


class GameMachine(RuleBasedStateMachine):
    """One game, played and attacked step by step."""

    def __init__(self) -> None:
        super().__init__()
        self.state = new_game(2, seed=0)
        self.history: list[GameState] = []

    @initialize(players=st.integers(2, 5), first=st.integers(0, 4),
                seed=st.integers(0, 2**32 - 1), explicit=st.booleans())
    def start(self, players: int, first: int, seed: int, explicit: bool) -> None:
        rules = Rules(first_player=first % players)
        if explicit:
            self.state = new_game(players, rules=rules, draws="explicit")
        else:
            self.state = new_game(players, seed=seed, rules=rules)

    def advance(self, action: Action) -> None:
        before = self.state
        snapshot = picture(before)
        after = apply_action(before, action)
        twin, _ = apply_action_with_events(before, action)
        assert after == twin and hash(after) == hash(twin)
        assert picture(before) == snapshot, "apply_action changed its input"
        self.history.append(before)
        self.state = after

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def play_legal_action(self, data: st.DataObject) -> None:
        self.advance(data.draw(legal_actions_of(self.state), label="legal action"))

    @precondition(lambda self: not self.state.is_terminal)
    @rule(steps=st.integers(1, 80), seed=st.integers(0, 2**16))
    def play_many_random_actions(self, steps: int, seed: int) -> None:
        rng = random.Random(seed)
        for _ in range(steps):
            if self.state.is_terminal:
                break
            self.history.append(self.state)
            self.state = apply_action(self.state, rng.choice(legal_actions(self.state)))

    @rule(action=actions())
    def try_arbitrary_action(self, action: Action) -> None:
        if action in legal_actions(self.state):
            self.advance(action)
        else:
            refuse(self.state, action)

    @precondition(lambda self: bool(self.history))
    @rule(data=st.data())
    def try_stale_action(self, data: st.DataObject) -> None:
        earlier = data.draw(st.sampled_from(self.history), label="earlier state")
        old = legal_actions(earlier)
        if not old:
            return
        action = data.draw(st.sampled_from(old), label="stale action")
        if action not in legal_actions(self.state):
            refuse(self.state, action)

    @rule(obj=NON_ACTIONS)
    def try_non_action(self, obj: object) -> None:
        before = picture(self.state)
        bad: Any = obj
        with pytest.raises(TypeError):
            apply_action(self.state, bad)
        assert picture(self.state) == before

    @invariant()
    def invariants_hold(self) -> None:
        assert check_invariants(self.state) == []
        if not self.state.is_terminal:
            assert legal_actions(self.state)


GameMachine.TestCase.settings = settings(
    settings(), stateful_step_count=30, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
test_game_machine = GameMachine.TestCase
