"""``determinize`` (R-C7, R-T1): it keeps everything public, never reads the real order,
respects the slice quotas, and turns an explicit chance node into a seeded state that
plays to the end with ``apply_action`` alone.
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from _chance_helpers import (
    LAND_COUNT,
    LAND_IDS,
    expected_plan,
    explicit_games,
    games,
    random_states,
    seeded_games,
)
from hypothesis import given
from hypothesis import strategies as st

from carcassonne_amazonas import GameState, Phase, TileKind, determinize, new_game


def check_quotas(state: GameState) -> None:
    """The pile's future order gives every slice exactly its Amazon quota (R-C7)."""
    pile = state.pile
    position = LAND_COUNT - len(pile.tiles)
    start = quota_before = 0
    for size, quota in expected_plan(state.rules):
        end = start + size
        if end > position:
            part = pile.tiles[max(start, position) - position:end - position]
            already = pile.amazon_drawn - quota_before if start < position else 0
            assert sum(t.kind is TileKind.AMAZON for t in part) == quota - already
        start = end
        quota_before += quota


PUBLIC = ("rules", "num_players", "phase", "current_player", "players", "track_length",
          "board", "features", "tile_in_hand", "removed", "doubles_left", "piece_placement",
          "pending_amazon", "final_scoring")


def check_public_unchanged(original: GameState, seen: GameState) -> None:
    for name in PUBLIC:
        assert getattr(seen, name) == getattr(original, name), name
    assert seen.scores == original.scores
    assert sorted(t.id for t in seen.pile.tiles) == sorted(t.id for t in original.pile.tiles)
    assert (seen.pile.drawn, seen.pile.amazon_drawn, seen.pile.plan) == (
        original.pile.drawn, original.pile.amazon_drawn, original.pile.plan)
    assert not seen.pile.explicit and not seen.is_chance_node


# ---------------------------------------------------------------------------- determinize

@games
@given(seeded_games(), st.integers(min_value=0, max_value=2**32), st.integers(0, 400))
def test_determinize_keeps_everything_public(initial: GameState, seed: int, at: int) -> None:
    rng = random.Random(seed)
    states = random_states(initial, rng)
    state = states[min(at, len(states) - 2)]  # not the terminal one
    check_quotas(state)
    seen = determinize(state, random.Random(seed))
    check_public_unchanged(state, seen)
    check_quotas(seen)
    # The resampled order does not depend on the real order.
    scrambled = list(state.pile.tiles)
    rng.shuffle(scrambled)
    other = attrs.evolve(state, pile=attrs.evolve(state.pile, tiles=tuple(scrambled)))
    assert determinize(other, random.Random(seed)) == seen
    # Different rngs give different orders.
    if len(state.pile) >= 10:
        orders = {determinize(state, random.Random(seed + k)).pile.tiles for k in range(4)}
        assert len(orders) > 1
    # The determinized state plays on with apply_action alone.
    assert random_states(seen, rng)[-1].is_terminal


@pytest.mark.slow  # whole games
@games
@given(explicit_games(), st.integers(min_value=0, max_value=2**32), st.integers(0, 400))
def test_determinize_of_explicit_states(initial: GameState, seed: int, at: int) -> None:
    rng = random.Random(seed)
    states = random_states(initial, rng)
    state = states[min(at, len(states) - 2)]
    seen = determinize(state, random.Random(seed))
    assert not seen.is_chance_node and not seen.pile.explicit
    if state.is_chance_node:
        # The draw is resolved: the public part except the hand (and R-G7 removals) stays.
        assert seen.phase in (Phase.PLACE_TILE, Phase.GAME_OVER)
        assert seen.board == state.board and seen.players == state.players
        assert seen.current_player == state.current_player or seen.is_terminal
        assert seen.removed[:len(state.removed)] == state.removed
    else:
        check_public_unchanged(state, seen)
    check_quotas(seen)
    # Playable to the end with apply_action alone: never a chance node again.
    for later in random_states(seen, rng):
        assert not later.is_chance_node
    assert random_states(seen, rng)[-1].is_terminal


def test_determinize_gives_different_orders_for_different_rngs() -> None:
    state = new_game(3, seed=12)
    orders = {determinize(state, random.Random(k)).pile.tiles for k in range(20)}
    assert len(orders) == 20
    assert determinize(state, random.Random(3)) == determinize(state, random.Random(3))


def test_states_differing_only_in_pile_order_determinize_alike() -> None:
    first = new_game(2, seed=1)
    tiles = list(first.pile.tiles)
    random.Random(0).shuffle(tiles)
    second = attrs.evolve(first, pile=attrs.evolve(first.pile, tiles=tuple(tiles)))
    assert first != second
    for k in range(5):
        assert determinize(first, random.Random(k)) == determinize(second, random.Random(k))


def test_determinize_of_a_game_over_is_the_same_state() -> None:
    final = random_states(new_game(2, seed=1), random.Random(1))[-1]
    assert determinize(final, random.Random(1)) is final


def test_determinize_at_the_start_of_an_explicit_game() -> None:
    state = new_game(4, draws="explicit")
    seen = determinize(state, random.Random(5))
    assert seen.phase is Phase.PLACE_TILE and seen.tile_in_hand is not None
    assert seen.pile.drawn == 1 and len(seen.pile) == LAND_COUNT - 1
    check_quotas(seen)
    assert random_states(seen, random.Random(5))[-1].is_terminal


def test_determinize_at_a_chance_node_keeps_every_tile_once() -> None:
    for k in range(40):
        state = new_game(2, draws="explicit")
        seen = determinize(state, random.Random(k))
        hand = [seen.tile_in_hand] if seen.tile_in_hand is not None else []
        ids = [t.id for t in (*seen.pile.tiles, *hand, *seen.removed)]
        assert sorted(ids) == LAND_IDS, f"rng seed {k}: {Counter(ids).most_common(1)}"
