"""Random games and new-game strategies shared by the record, snapshot and event tests, and
the variant options the AI-framework adapters are tested with."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from hypothesis import strategies as st

from carcassonne_amazonas import (
    Action,
    AmazonRanking,
    CampScoring,
    GameState,
    Rules,
    Shuffle,
    apply_action,
    chance_outcomes,
    legal_actions,
    new_game,
    reference_tileset,
)

#: The variant options (R-V1–R-V3) that the OpenSpiel and PettingZoo tests pass as
#: parameters, each alone and then all of them together, with a player count each.
VARIANT_SETS: list[tuple[dict[str, Any], int]] = [
    ({"amazon_ranking": "competition"}, 4),
    ({"camp_scoring": "per-camp"}, 3),
    ({"bonus_river": True}, 2),
    ({"amazon_ranking": "competition", "camp_scoring": "per-camp", "bonus_river": True}, 5),
]
VARIANT_SET_IDS = ["competition", "per-camp", "bonus-river", "all"]


class Game(NamedTuple):
    """``states[i + 1] == apply_action(states[i], actions[i])``."""

    states: tuple[GameState, ...]
    actions: tuple[Action, ...]


def random_action(state: GameState, rng: random.Random) -> Action:
    """A random legal action; at a chance node, a draw with its own probability."""
    if state.is_chance_node:
        outcomes = chance_outcomes(state)
        return rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
    return rng.choice(legal_actions(state))


def play_random(state: GameState, rng: random.Random, max_actions: int | None = None) -> Game:
    """A random game from ``state`` (chance draws follow their probabilities)."""
    states: list[GameState] = [state]
    actions: list[Action] = []
    while not state.is_terminal and (max_actions is None or len(actions) < max_actions):
        action = random_action(state, rng)
        state = apply_action(state, action)
        states.append(state)
        actions.append(action)
    return Game(tuple(states), tuple(actions))


@st.composite
def initial_states(draw: st.DrawFn) -> GameState:
    """A new game: any player count, first player, shuffle and slice count, variant
    options (R-V1–R-V3), either draw mode."""
    num_players = draw(st.integers(min_value=2, max_value=5), label="players")
    shuffle = draw(st.sampled_from(Shuffle), label="shuffle")
    bonus_river = draw(st.booleans(), label="bonus river tiles")
    rules = Rules(first_player=draw(st.integers(0, num_players - 1), label="first player"),
                  shuffle=shuffle,
                  slices=draw(st.integers(1, 8), label="slices") if shuffle is
                  Shuffle.STRATIFIED else 5,
                  tileset=reference_tileset(bonus_river=bonus_river),
                  amazon_ranking=draw(st.sampled_from(AmazonRanking), label="amazon ranking"),
                  camp_scoring=draw(st.sampled_from(CampScoring), label="camp scoring"))
    if draw(st.booleans(), label="explicit draws"):
        return new_game(num_players, rules=rules, draws="explicit")
    return new_game(num_players, seed=draw(st.integers(0, 2**63 - 1), label="seed"),
                    rules=rules)
