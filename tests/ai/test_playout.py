"""The playout fast path: ``random_action`` and ``random_playout``
(carcassonne_amazonas.ai.playout).

- ``random_action`` is *exactly* uniform over ``legal_actions`` (R-G2–R-G6, R-T3, R-T5)
  and distributed exactly as ``chance_outcomes`` at a chance node (R-T1, R-C7).
  Exactness is shown by enumeration: a scripted random generator feeds every
  possible value to the one draw a decision makes, and each legal action must
  come out of exactly as many values as any other (tile placements: exactly
  one accepted value each, the others rejected and drawn again; draws: as many
  values as the outcome's integer weight).  A chi-square test over many seeded
  draws checks the same thing end to end.
- ``random_playout`` equals applying ``random_action`` until the end with the
  same generator, from new games and from positions in the middle of games,
  in both draw modes, and leaves its input unchanged.
"""

from __future__ import annotations

import contextlib
import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from carcassonne_amazonas import (
    Action,
    GameState,
    IllegalActionError,
    Phase,
    apply_action,
    chance_outcomes,
    legal_actions,
    new_game,
)
from carcassonne_amazonas._support.sampling import uniform_below
from carcassonne_amazonas.ai.playout import PLACEMENT_TRIES, random_action, random_playout


class Exhausted(Exception):
    """The scripted generator has no value left."""


class Scripted(random.Random):
    """A generator whose ``getrandbits`` returns the given values, then raises Exhausted."""

    def __new__(cls, values: list[int]) -> Scripted:
        # Python 3.10's Random.__new__ seeds itself with the constructor's argument,
        # which a list cannot be: seed it with 0 here, as __init__ does.
        return super().__new__(cls, 0)  # type: ignore[call-arg]  # typeshed lacks the seed

    def __init__(self, values: list[int]) -> None:
        super().__init__(0)
        self.values = list(values)
        self.widths: list[int] = []

    def getrandbits(self, k: int) -> int:
        self.widths.append(k)
        if not self.values:
            raise Exhausted
        value = self.values.pop(0)
        assert 0 <= value < 1 << k, (value, k)
        return value


def _positions(players: int, seed: int, explicit: bool = False) -> list[GameState]:
    """Every state of one random game (decisions uniform, draws by probability)."""
    rng = random.Random(seed)
    state = (new_game(players, draws="explicit") if explicit
             else new_game(players, seed=seed))
    states = [state]
    while not state.is_terminal:
        state = apply_action(state, random_action(state, rng))
        states.append(state)
    return states


def _all_first_draws(state: GameState, width: int) -> tuple[list[Action], int]:
    """random_action for every possible value of its first draw of ``width`` bits: the
    actions chosen at once, and how many values were rejected."""
    chosen, rejected = [], 0
    for value in range(1 << width):
        try:
            chosen.append(random_action(state, Scripted([value])))
        except Exhausted:
            rejected += 1
    return chosen, rejected


@pytest.mark.parametrize("players", [2, 4])
def test_each_legal_placement_is_chosen_by_exactly_one_cell_and_rotation_draw(
        players: int) -> None:
    """R-G2–R-G6: the draws of (open cell, rotation) that are accepted are the legal
    placements, each exactly once, so the accepted one is uniform among them."""
    tested = 0
    for state in _positions(players, 11 + players):
        if state.phase is not Phase.PLACE_TILE or state.tile_in_hand is None or \
                state.tile_in_hand.kind.is_river:
            continue
        keys, _ = state.board.open_cells()
        pairs = 4 * len(keys)
        chosen, rejected = _all_first_draws(state, pairs.bit_length())
        legal = legal_actions(state)
        assert Counter(chosen) == Counter(legal)  # every legal placement exactly once
        assert rejected == (1 << pairs.bit_length()) - len(legal)
        tested += 1
    assert tested > 50


def test_after_the_tries_the_placement_is_chosen_from_the_listed_ones() -> None:
    """After PLACEMENT_TRIES rejected draws the choice falls back to the list of legal
    placements, uniformly: the next draw indexes legal_actions."""
    state = next(s for s in _positions(2, 5)[40:] if s.phase is Phase.PLACE_TILE
                 and s.tile_in_hand is not None and not s.tile_in_hand.kind.is_river)
    keys, _ = state.board.open_cells()
    pairs = 4 * len(keys)
    legal = legal_actions(state)
    # A cell-and-rotation pair that is not a legal placement: a rejected try.
    illegal = next(v for v in range(pairs) if random_action_or_none(state, v) is None)
    for index in range(len(legal)):
        rng = Scripted([illegal] * PLACEMENT_TRIES + [index])
        assert random_action(state, rng) is legal[index]
        assert rng.widths == [pairs.bit_length()] * PLACEMENT_TRIES + [len(legal).bit_length()]


def random_action_or_none(state: GameState, value: int) -> Action | None:
    try:
        return random_action(state, Scripted([value]))
    except Exhausted:
        return None


@pytest.mark.parametrize("players", [2, 5])
def test_piece_steps_river_tiles_and_double_tiles_are_uniform(players: int) -> None:
    """R-T5, R-T3, R-G6: short lists, indexed by one exact draw."""
    phases: Counter[Phase] = Counter()
    for state in _positions(players, 3 * players):
        if state.is_terminal or state.is_chance_node:
            continue
        tile = state.tile_in_hand
        if state.phase is Phase.PLACE_TILE and tile is not None and not tile.kind.is_river:
            continue  # tested above
        legal = legal_actions(state)
        width = len(legal).bit_length()
        chosen, rejected = _all_first_draws(state, width)
        assert Counter(chosen) == Counter(legal)
        assert rejected == (1 << width) - len(legal)
        phases[state.phase] += 1
    assert phases[Phase.PLACE_PIECE] > 50 and phases[Phase.PLACE_TILE] > 5


def test_draws_follow_the_exact_chance_probabilities() -> None:
    """R-T1, R-C7: every value of the one draw at a chance node picks an outcome; each
    outcome is picked by as many values as its probability says, exactly."""
    tested = 0
    for state in _positions(3, 4, explicit=True)[::9]:
        if not state.is_chance_node:
            continue
        outcomes: dict[Action, Fraction] = dict(chance_outcomes(state))
        values = Counter[Action]()
        total = 0
        width = state.pile.distribution().total.bit_length()  # one draw below the total
        for value in range(1 << width):
            try:
                values[random_action(state, Scripted([value]))] += 1
                total += 1
            except Exhausted:
                pass
        assert set(values) == set(outcomes)
        assert all(Fraction(count, total) == outcomes[action]
                   for action, count in values.items())
        tested += 1
    assert tested >= 5


def test_many_draws_pass_a_chi_square_test_of_uniformity() -> None:
    """End to end with a real generator: 200 draws per legal placement on a few positions;
    the chi-square statistic stays below df + 8 sqrt(2 df) (p far below 1e-6)."""
    positions = [s for s in _positions(2, 21)[30:120] if s.phase is Phase.PLACE_TILE
                 and s.tile_in_hand is not None and not s.tile_in_hand.kind.is_river][:3]
    rng = random.Random(2024)
    for state in positions:
        legal = legal_actions(state)
        draws = 200 * len(legal)
        counts = Counter(random_action(state, rng) for _ in range(draws))
        assert set(counts) == set(legal)
        chi2 = sum((counts[a] - 200) ** 2 / 200 for a in legal)
        df = len(legal) - 1
        assert chi2 < df + 8 * math.sqrt(2 * df), (chi2, df)


@pytest.mark.parametrize(("players", "explicit"), [(2, False), (3, True), (4, False),
                                                   (5, True)])
def test_random_playout_equals_the_random_action_loop(players: int, explicit: bool) -> None:
    """From new games and from positions in the middle, the same rng gives the same end."""
    states = _positions(players, 100 + players, explicit)
    for start in states[::37]:
        seed = len(start.board.placements)
        before = start
        playout = random_playout(start, random.Random(seed))
        assert start == before and start is before
        rng = random.Random(seed)
        state = start
        while not state.is_terminal:
            action = random_action(state, rng)
            assert action in legal_actions(state)
            state = apply_action(state, action)
        assert playout == state
        assert playout.is_terminal and playout.final_scoring == state.final_scoring
        assert playout.scores == state.scores and playout.winners == state.winners


def test_a_terminal_state_has_no_random_action_and_plays_out_to_itself() -> None:
    end = _positions(2, 1)[-1]
    assert random_playout(end, random.Random(0)) is end
    with pytest.raises(IllegalActionError, match="game is over"):
        random_action(end, random.Random(0))


def test_bad_arguments_raise_type_errors() -> None:
    state = new_game(2, seed=1)
    with pytest.raises(TypeError, match="GameState"):
        random_action("state", random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"random\.Random"):
        random_action(state, 7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState"):
        random_playout(None, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"random\.Random"):
        random_playout(state, "rng")  # type: ignore[arg-type]


def test_uniform_below_draws_as_randrange_does_and_exactly() -> None:
    for seed in range(50):
        for n in (1, 2, 3, 7, 64, 65, 1000, 2**40 + 3):
            assert uniform_below(random.Random(seed), n) == random.Random(seed).randrange(n)
    for n in range(1, 40):
        width = n.bit_length()
        accepted = []
        for value in range(1 << width):
            with contextlib.suppress(Exhausted):  # a value past n is drawn again
                accepted.append(uniform_below(Scripted([value]), n))
        assert accepted == list(range(n))
    with pytest.raises(ValueError, match="among 0"):
        uniform_below(random.Random(0), 0)
