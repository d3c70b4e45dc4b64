"""The library's one exact sampler of chance outcomes (R-T1, R-C7): ``chance.sample_draw``
and ``DrawDistribution.sample``, which the playout fast path uses.

Exactness is shown by driving the sampler with every whole number it can draw: each
outcome comes out exactly as often as its integer weight, so its probability is
exactly that of ``chance_outcomes``.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from carcassonne_amazonas import (
    GameState,
    IllegalActionError,
    TileKind,
    apply_action,
    legal_actions,
    new_game,
)
from carcassonne_amazonas.ai.playout import random_action
from carcassonne_amazonas.rules.chance import chance_outcomes, sample_draw


class Counting(random.Random):
    """A random.Random whose getrandbits returns 0, 1, 2, ... in turn."""

    def __init__(self) -> None:
        super().__init__(0)
        self.next_value = 0

    def getrandbits(self, k: int) -> int:
        value = self.next_value
        self.next_value += 1
        assert value < 1 << k
        return value


def chance_node_after(actions: int) -> GameState:
    state = new_game(3, draws="explicit")
    played = 0
    while played < actions or not state.is_chance_node:
        state = apply_action(state, legal_actions(state)[played % len(legal_actions(state))])
        played += 1
    return state


@pytest.mark.parametrize("actions", [0, 7, 40, 121])
def test_t1_c7_each_outcome_as_often_as_its_weight(actions: int) -> None:
    state = chance_node_after(actions)
    distribution = state.pile.distribution()
    rng = Counting()
    counts = Counter(sample_draw(state, rng) for _ in range(distribution.total))
    probabilities = {draw: Fraction(counts[draw], distribution.total) for draw in counts}
    assert probabilities == dict(chance_outcomes(state))


def test_t1_the_playout_draws_with_the_same_sampler() -> None:
    state = chance_node_after(13)
    for seed in range(20):
        assert random_action(state, random.Random(seed)) == sample_draw(state,
                                                                        random.Random(seed))


def test_t1_a_seed_draws_the_same_tile_every_time() -> None:
    state = chance_node_after(3)
    draws = {sample_draw(state, random.Random(99)) for _ in range(5)}
    assert len(draws) == 1


def test_t1_sample_draw_needs_a_chance_node_and_a_random() -> None:
    with pytest.raises(IllegalActionError) as info:
        sample_draw(new_game(2, seed=1), random.Random(1))
    assert info.value.rule == "R-T1"
    with pytest.raises(TypeError, match=r"random\.Random"):
        sample_draw(new_game(2, draws="explicit"), 7)  # type: ignore[arg-type]


def test_c7_a_slice_without_room_for_amazon_tiles_never_draws_one() -> None:
    """R-C7: weights of zero are never drawn (the quota of the slice is full)."""
    state = new_game(2, draws="explicit")
    tileset = state.rules.tileset
    for _ in range(400):
        if state.is_terminal:
            break
        if state.is_chance_node:
            distribution = state.pile.distribution()
            drawn = sample_draw(state, random.Random(len(state.board)))
            kinds = {tileset.tile(d.tile).kind for d in distribution.draws}
            assert tileset.tile(drawn.tile).kind in kinds
            assert kinds <= {TileKind.STANDARD, TileKind.AMAZON}
            state = apply_action(state, drawn)
        else:
            state = apply_action(state, legal_actions(state)[-1])
