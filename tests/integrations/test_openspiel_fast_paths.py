"""The OpenSpiel adapter's fast paths give what the plain ones give (extra ``[openspiel]``).

The adapter numbers legal actions and chance outcomes straight from the
engine's building blocks, decodes placements to the engine's interned actions,
keeps the history as a chain of actions written in notation only when asked,
and answers ``legal_actions`` and ``is_chance_node`` in Python.  Along random
games (2, 3 and 5 players), every one of these must equal its plain
counterpart: ``encode_action`` over ``legal_actions`` and ``chance_outcomes``,
``apply_action`` of ``decode_action``, ``format_action`` of the actions
played, and ``pyspiel.State``'s own C++ methods for every player,
pseudo-players included.
Skipped without open_spiel.
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from carcassonne_amazonas import (  # noqa: E402
    apply_action,
    chance_outcomes,
    format_action,
    legal_actions,
)
from carcassonne_amazonas.ai.encoding import decode_action, encode_action  # noqa: E402
from carcassonne_amazonas.integrations.openspiel import GAME_NAME  # noqa: E402


def _call(method: Any, *args: Any) -> Any:
    try:
        return method(*args)
    except pyspiel.SpielError as error:
        return f"SpielError: {error}"


def _random_step(state: Any, rng: random.Random) -> int:
    if state.is_chance_node():
        actions, weights = zip(*state.chance_outcomes())
        return int(rng.choices(actions, weights)[0])
    return int(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_fast_path_equals_the_plain_one_along_a_random_game(players: int) -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": players})
    state = game.new_initial_state()
    rng = random.Random(players)
    played: list[str] = []
    while True:
        position = state.game_state
        for player in (None, pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL,
                       *range(players), players + 3):
            args = () if player is None else (int(player),)
            assert _call(state.legal_actions, *args) == _call(
                pyspiel.State.legal_actions, state, *args), (player, state.current_player())
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        if state.is_terminal():
            assert state.legal_actions() == []
            break
        if state.is_chance_node():
            expected = sorted((encode_action(position, action), float(probability))
                              for action, probability in chance_outcomes(position))
            assert state.chance_outcomes() == expected
            ids = [action for action, _ in expected]
        else:
            ids = sorted(encode_action(position, a) for a in legal_actions(position))
            assert state.legal_actions() == ids
        # Every id applied through pyspiel does what its plain decoding does (all of them
        # every few steps, the one played at every step).
        for index in ids if len(played) % 15 == 0 else ():
            child = state.clone()
            child.apply_action(index)
            assert child.game_state == apply_action(position, decode_action(position, index))
        action = _random_step(state, rng)
        played.append(format_action(decode_action(position, action)))
        state.apply_action(action)
        assert state.game_state == apply_action(position, decode_action(position, action))
        assert state.moves == tuple(played)


def test_a_pickled_state_keeps_its_history_and_goes_on_from_it() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 2})
    state = game.new_initial_state()
    rng = random.Random(7)
    for _ in range(12):
        state.apply_action(_random_step(state, rng))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.moves == state.moves
    assert copy.game_state == state.game_state
    action = _random_step(state, rng)
    notation = format_action(decode_action(state.game_state, action))
    copy.apply_action(action)
    state.apply_action(action)
    assert copy.moves == state.moves == (*copy.moves[:-1], notation)
    assert len(copy.moves) == 13
