"""Random play through an OpenSpiel state, as the OpenSpiel adapter's tests drive it.

Plain Python over ``pyspiel``'s state methods, so importing it needs neither
``pyspiel`` nor numpy; the tests that call it have skipped themselves without them.
"""

from __future__ import annotations

from typing import Any


def play_randomly(state: Any, rng: Any, steps: int) -> None:
    """Apply up to ``steps`` actions to the OpenSpiel ``state``: chance outcomes with
    their probabilities, the players' actions uniformly, drawn from the numpy
    ``RandomState`` ``rng``; stop early at the end of the game."""
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
