"""Helpers of the chance tests (``test_chance.py``, ``test_determinize.py``): the tile
counts, every state of a random game, the draw plan of the documented rule (R-C7) computed
independently of the engine, games in either draw mode with random rule options, and how
many whole games a test plays (``games``).
"""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    Action,
    GameState,
    Rules,
    Shuffle,
    TileKind,
    apply_action,
    chance_outcomes,
    legal_actions,
    new_game,
    reference_tileset,
)

TILESET = reference_tileset()
LAND = TILESET.land_tiles
LAND_IDS = sorted(t.id for t in LAND)
AMAZON_IDS = {t.id for t in LAND if t.kind is TileKind.AMAZON}
LAND_COUNT, AMAZON_COUNT = len(LAND), len(AMAZON_IDS)  # 80, 15 (R-C3)

# The chance tests' whole games: a quarter of the profile's examples.
games = settings(max_examples=max(3, settings().max_examples // 4),
                 suppress_health_check=[HealthCheck.too_slow])


def is_amazon(tile_id: int) -> bool:
    """Whether the land tile ``tile_id`` is an Amazon tile."""
    return tile_id in AMAZON_IDS


def random_states(state: GameState, rng: random.Random) -> list[GameState]:
    """Every state of a random game (chance draws uniform over the outcomes)."""
    states = [state]
    while not state.is_terminal:
        if state.is_chance_node:
            action: Action = rng.choice([a for a, _ in chance_outcomes(state)])
        else:
            action = rng.choice(legal_actions(state))
        state = apply_action(state, action)
        states.append(state)
    return states


def expected_plan(rules: Rules) -> list[tuple[int, int]]:
    """(slice size, Amazon tiles) top first, from the documented rule (R-C7): equal slices,
    Amazon tiles spread in proportion to the tiles dealt."""
    slices = 1 if rules.shuffle is Shuffle.UNIFORM else rules.slices
    sizes = [LAND_COUNT // slices + (i < LAND_COUNT % slices) for i in range(slices)]
    plan, dealt, dealt_amazon = [], 0, 0
    for size in sizes:
        dealt += size
        quota = round(Fraction(AMAZON_COUNT * dealt, LAND_COUNT)) - dealt_amazon
        dealt_amazon += quota
        plan.append((size, quota))
    return plan


@st.composite
def rules(draw: st.DrawFn, num_players: int) -> Rules:
    """Rule options: any first player and shuffle, and 1 to 8 slices when stratified."""
    shuffle = draw(st.sampled_from(Shuffle), label="shuffle")
    return Rules(first_player=draw(st.integers(0, num_players - 1), label="first player"),
                 shuffle=shuffle,
                 slices=draw(st.integers(1, 8), label="slices") if shuffle is
                 Shuffle.STRATIFIED else 5)


@st.composite
def explicit_games(draw: st.DrawFn) -> GameState:
    """A new game of 2 to 5 players whose draws are chance nodes."""
    num_players = draw(st.integers(min_value=2, max_value=5), label="players")
    return new_game(num_players, rules=draw(rules(num_players)), draws="explicit")


@st.composite
def seeded_games(draw: st.DrawFn) -> GameState:
    """A new seeded game of 2 to 5 players."""
    num_players = draw(st.integers(min_value=2, max_value=5), label="players")
    return new_game(num_players, seed=draw(st.integers(0, 2**63 - 1), label="seed"),
                    rules=draw(rules(num_players)))
