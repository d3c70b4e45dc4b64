"""Bad input, fuzzed: every input is applied if it is legal and refused otherwise.

The fuzz test tries ``FUZZ_INPUTS`` inputs (default: 50 per example of the Hypothesis
profile, 1,000 with the quick one) over states of every phase, seeded and explicit
draws: objects that are not actions, stale actions, actions of other states,
placements meant for another tile, pieces on any segment, random values and hostile
ones (a field whose ``__eq__`` lies, a subclass of an action: refused by type, R-T2);
an input that happens to be legal must apply without error and keep the invariants,
and a refused one leaves the state as it was. Hypothesis tries arbitrary actions on
random states too.
"""

from __future__ import annotations

import os
import random

import pytest
from _bad_input_helpers import (
    NOT_ACTIONS,
    LyingInt,
    LyingPosition,
    SubPlaceTile,
    random_game,
    tampered,
)
from hypothesis import given, settings

from carcassonne_amazonas import (
    Action,
    ChooseDouble,
    DrawTile,
    GameState,
    Pass,
    Phase,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rotation,
    TileId,
    apply_action,
    legal_actions,
)
from carcassonne_amazonas.rules.actions import ACTION_TYPES
from carcassonne_amazonas.testing import actions, check_invariants, game_states
from refusal import picture, refuse
from scenario import start_game

FUZZ_INPUTS = int(os.environ.get("FUZZ_INPUTS") or 50 * settings().max_examples)
R180 = Rotation.R180


# ---------------------------------------------------------------------------- hostile objects

class SubPass(Pass):
    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def _has_lying_field(action: object) -> bool:
    values = [getattr(action, name) for name in ("position", "rotation", "segment", "tile")
              if hasattr(action, name)]
    position = getattr(action, "position", None)
    if position is not None:
        values += [position.x, position.y]
    return any(type(v) in (LyingInt, LyingPosition) for v in values)


HOSTILE_WORDS = ("position: expected a Position, not", "coordinates are ints",
                 "expected an int, not", "rotation: expected a Rotation, not",
                 "tile: expected an int, not", "expected an action")


def _hostile(rng: random.Random, state: GameState,
             pool: list[tuple[GameState, list[GameState]]]) -> object:
    """A legal-looking action whose type lies: a field swapped (past the validators) for
    a subclass whose ``__eq__`` says yes to everything, or an action subclass."""
    legal = legal_actions(state) or legal_actions(rng.choice(pool)[0])
    action = rng.choice(legal) if legal else Pass()
    if isinstance(action, PlaceTile):
        how = rng.randrange(4)
        if how == 0:
            return tampered(action, "position", LyingPosition(rng.randint(-9, 9), 99))
        if how == 1:
            return tampered(action, "rotation", LyingInt(int(action.rotation)))
        if how == 2:
            return tampered(action, "position",
                            tampered(action.position, "x", LyingInt(action.position.x)))
        return SubPlaceTile(action.position, action.rotation)
    if isinstance(action, (PlaceMeeple, PlaceCamp)):
        return rng.choice([tampered(action, "segment", LyingInt(action.segment)),
                          tampered(action, "position", LyingPosition(0, 0))])
    if isinstance(action, (ChooseDouble, DrawTile)):
        return tampered(action, "tile", LyingInt(action.tile))
    return SubPass()


# ---------------------------------------------------------------------------- fuzz

def _state_pool() -> list[tuple[GameState, list[GameState]]]:
    """States of every phase, each with the earlier states of its game."""
    pool: list[tuple[GameState, list[GameState]]] = []
    games = [list(random_game(2, 11)), list(random_game(5, 12, meeple_greedy=True)),
             list(random_game(3, 13, draws="explicit")),
             list(random_game(4, 14))]
    rng = random.Random(0)
    for history in games:
        by_phase: dict[Phase, list[int]] = {}
        for index, state in enumerate(history):
            by_phase.setdefault(state.phase, []).append(index)
        for indices in by_phase.values():
            for index in rng.sample(indices, min(3, len(indices))):
                pool.append((history[index], history[:index]))
    exclamation = start_game(3, "A3.1")
    pool.append((exclamation, []))
    after = apply_action(exclamation, PlaceTile(Position(0, 4), R180))
    pool.append((after, [exclamation]))
    chosen = apply_action(after, legal_actions(after)[-1])
    pool.append((chosen, [exclamation, after]))
    return pool


def _coordinate(rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.8:
        return rng.randint(-15, 30)
    if roll < 0.9:
        return rng.choice([-(2**63), 2**63, 10**30, -(10**30), 2048, -2049])
    return rng.randint(-(10**6), 10**6)


def _small(rng: random.Random) -> int:
    return rng.randint(-3, 12) if rng.random() < 0.9 else rng.choice([2**64, -(2**64), 10**9])


#: What :func:`_random_input` gives for an action with a number the notation cannot write
#: (more than 9 digits, a negative segment or tile id): its constructor refused it.
UNMAKEABLE = object()


def _random_input(rng: random.Random, state: GameState, earlier: list[GameState],
                  pool: list[tuple[GameState, list[GameState]]]) -> object:
    kind = rng.randrange(11)
    if kind == 0:
        return rng.choice(NOT_ACTIONS)
    if kind == 10:
        return _hostile(rng, state, pool)
    if kind == 1 and earlier:  # stale: legal in an earlier state of this game
        old = legal_actions(rng.choice(earlier))
        if old:
            return rng.choice(old)
    if kind == 2:  # legal in another state: another phase, player or game
        other = legal_actions(rng.choice(pool)[0])
        if other:
            return rng.choice(other)
    if kind == 3 and state.board.open_positions:  # a placement meant for another tile
        return PlaceTile(rng.choice(state.board.open_positions), rng.choice(list(Rotation)))
    if kind == 4 and state.piece_placement >= 0:  # a piece on the tile, any segment
        position = state.board.placements[state.piece_placement].position
        return rng.choice([PlaceMeeple, PlaceCamp])(position, rng.randint(0, 8))
    position = Position(_coordinate(rng), _coordinate(rng))
    build = rng.choice([
        lambda: PlaceTile(position, rng.choice(list(Rotation))),
        lambda: PlaceMeeple(position, _small(rng)),
        lambda: PlaceCamp(position, _small(rng)),
        lambda: ChooseDouble(TileId(rng.randint(-2, 90) if rng.random() < 0.9
                                    else _small(rng))),
        lambda: DrawTile(TileId(rng.randint(-2, 90) if rng.random() < 0.9 else _small(rng))),
        Pass,
    ])
    try:
        return build()
    except ValueError as error:  # a number the notation cannot write: no such action
        assert "what the notation writes" in str(error), error
        return UNMAKEABLE


@pytest.mark.slow  # fuzzing over many random states
def test_fuzz_every_input_is_applied_if_legal_and_refused_otherwise() -> None:
    rng = random.Random(20160)
    pool = _state_pool()
    phases = {state.phase for state, _ in pool}
    assert phases == set(Phase)
    tried = refused = applied = hostile = 0
    pictures = {id(state): picture(state) for state, _ in pool}
    while tried < FUZZ_INPUTS:
        state, earlier = rng.choice(pool)
        obj = _random_input(rng, state, earlier, pool)
        tried += 1
        if obj is UNMAKEABLE:
            refused += 1
            continue
        if type(obj) in (SubPlaceTile, SubPass) or (
                type(obj) in ACTION_TYPES and _has_lying_field(obj)):
            # It may even claim to be in legal_actions: its __eq__ lies.  Refused by type.
            message = refuse(state, obj)
            assert any(words in message for words in HOSTILE_WORDS), message
            hostile += 1
            continue
        if obj in legal_actions(state):
            assert isinstance(obj, (PlaceTile, ChooseDouble, PlaceMeeple, PlaceCamp, Pass,
                                    DrawTile))
            after = apply_action(state, obj)
            assert check_invariants(after) == []
            applied += 1
        else:
            refuse(state, obj)
            refused += 1
    for state, _ in pool:
        assert picture(state) == pictures[id(state)]
    assert tried >= FUZZ_INPUTS and refused > tried // 2 and applied > 0 and hostile > 0


@pytest.mark.slow  # fuzzing over many random states
@settings(max_examples=max(10, settings().max_examples))
@given(state=game_states(max_turns=25), action=actions())
def test_arbitrary_actions_on_random_states(state: GameState, action: Action) -> None:
    if action in legal_actions(state):
        assert check_invariants(apply_action(state, action)) == []
    else:
        refuse(state, action)


