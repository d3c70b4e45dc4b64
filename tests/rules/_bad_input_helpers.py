"""Helpers of the bad-input tests (``test_bad_input.py``, ``test_bad_input_fuzz.py``,
``test_exact_types.py``): every state of a random game, objects that are not actions, and
hostile values: an int or a Position whose ``__eq__`` says yes to everything, a subclass
of an action, and an action with a field swapped past its validators (R-T2: types are
exact).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs

from carcassonne_amazonas import (
    GameState,
    Pass,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rotation,
    TileId,
    apply_action,
    legal_actions,
    new_game,
)


def random_game(num_players: int, seed: int, draws: str = "seeded",
                meeple_greedy: bool = False) -> Iterator[GameState]:
    """Every state of a random game, from the first to the last."""
    rng = random.Random(seed)
    state = new_game(num_players, seed=seed) if draws == "seeded" \
        else new_game(num_players, draws="explicit")
    yield state
    while not state.is_terminal:
        choices = legal_actions(state)
        pieces = [a for a in choices if isinstance(a, PlaceMeeple)]
        action = rng.choice(pieces) if meeple_greedy and pieces else rng.choice(choices)
        state = apply_action(state, action)
        yield state


# Text is not here: apply_action reads an action's notation (tests/rules/test_notation_compass.py).
#: Objects of other types, each refused as an action with a TypeError.
NOT_ACTIONS: list[object] = [None, 0, 1.5, b"p", bytearray(b"t0,-1,0"), (0, -1), [Pass()], {"x": 0},
                             Pass, PlaceTile, Position(0, -1), Rotation.R90, TileId(3),
                             object()]


class LyingInt(int):
    """An int that claims to equal everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class LyingPosition(Position):
    """A Position that claims to be every cell."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class SubPlaceTile(PlaceTile):
    """A subclass of an action class: not an action, whatever it compares equal to."""


def tampered(action: Any, field: str, value: object) -> Any:
    """``action`` with one field swapped after construction, past its validators."""
    twin = attrs.evolve(action)
    object.__setattr__(twin, field, value)
    return twin
