"""Replays cached by prefix, so that Hypothesis's shrinker replays a game cheaply.

Part of the property-testing tools (:mod:`carcassonne_amazonas.testing`).  While a
failing example shrinks, Hypothesis runs the strategies again and again on choice
sequences that share a prefix with one already run.  The strategies build every
game through :func:`new_game_of` and :func:`step`, which keep what they computed:

- :func:`new_game_of` gives the same state object for the same setup (R-C1–R-C8);
- :func:`step` gives the same state object for the same action applied to the same
  state object (R-T1–R-E6), so a replay that shares a prefix with an earlier one
  walks that prefix by dictionary lookups and plays only the rest;
- :func:`problems_of` checks a state object once (:func:`state_problems`), however
  often the state machine's replays reach it.

Both caches hold at most :data:`LIMIT` entries, the least recently used dropped first; states are
immutable, so sharing them between examples is safe.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Final

from ..formats.problems import state_problems
from ..rules.actions import Action
from ..rules.engine import apply_action_with_events, new_game
from ..rules.events import Event
from ..rules.options import Rules
from ..rules.pile import Draws
from ..rules.state import GameState

__all__ = ["LIMIT", "new_game_of", "problems_of", "step"]

#: The most states each cache keeps (about 10 kB each, 50 MB at most: a shrinking game
#: replays a few hundred states).
LIMIT: Final = 5_000

_Key = tuple[int, Action]
# id(state), action -> (state, after, events): the state is kept so that its id stays its.
_STEPS: OrderedDict[_Key, tuple[GameState, GameState, tuple[Event, ...]]] = OrderedDict()
_GAMES: OrderedDict[tuple[int, int | None, Rules, Draws], GameState] = OrderedDict()
# id(state) -> (state, its problems)
_PROBLEMS: OrderedDict[int, tuple[GameState, tuple[str, ...]]] = OrderedDict()


def new_game_of(num_players: int, seed: int | None, rules: Rules, draws: Draws) -> GameState:
    """``new_game(num_players, seed=seed, rules=rules, draws=draws)``, the same object for
    the same arguments while it is cached."""
    key = (num_players, seed, rules, draws)
    state = _GAMES.get(key)
    if state is not None:
        _GAMES.move_to_end(key)
    else:
        state = new_game(num_players, seed=seed, rules=rules, draws=draws)
        _GAMES[key] = state
        if len(_GAMES) > LIMIT:
            _GAMES.popitem(last=False)
    return state


def step(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """``apply_action_with_events(state, action)``, the same objects for the same state
    object and action while they are cached (an illegal action raises every time)."""
    key = (id(state), action)
    hit = _STEPS.get(key)
    if hit is not None and hit[0] is state:
        _STEPS.move_to_end(key)
        return hit[1], hit[2]
    after, events = apply_action_with_events(state, action)
    _STEPS[key] = (state, after, events)
    if len(_STEPS) > LIMIT:
        _STEPS.popitem(last=False)
    return after, events


def problems_of(state: GameState) -> list[str]:
    """``state_problems(state)``, computed once per state object while it is cached."""
    hit = _PROBLEMS.get(id(state))
    if hit is not None and hit[0] is state:
        _PROBLEMS.move_to_end(id(state))
        return list(hit[1])
    problems = state_problems(state)
    _PROBLEMS[id(state)] = (state, tuple(problems))
    if len(_PROBLEMS) > LIMIT:
        _PROBLEMS.popitem(last=False)
    return problems
