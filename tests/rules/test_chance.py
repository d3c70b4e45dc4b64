"""Explicit chance mode and ``chance_outcomes`` (R-C7, R-T1); ``determinize`` is tested in
``test_determinize.py``.

- At every chance node of random explicit games the outcomes are exact
  fractions, positive, summing to 1, one per distinct design (named by the
  lowest id), equal to the stratified-slice model computed here
  independently, and every one of them applies.
- The Amazon probability follows the slice quota (R-C7): 3/16 at the start,
  certainty once a slice's standard tiles are used up; 15/80 for the uniform
  shuffle.
- Identical copies are one outcome; drawing a tile not listed, or outside a chance
  node, or with arguments of the wrong type, is refused.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest
from _chance_helpers import (
    AMAZON_COUNT,
    LAND,
    LAND_COUNT,
    TILESET,
    expected_plan,
    explicit_games,
    games,
    is_amazon,
    random_states,
)
from hypothesis import given
from hypothesis import strategies as st

from carcassonne_amazonas import (
    Action,
    ChooseDouble,
    DrawTile,
    GameState,
    IllegalActionError,
    Pass,
    Phase,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rotation,
    Rules,
    Shuffle,
    Tile,
    TileId,
    TileKind,
    apply_action,
    chance_outcomes,
    determinize,
    legal_actions,
    new_game,
)

# ---------------------------------------------------------------------------- helpers

def finish_turn(state: GameState) -> GameState:
    """Play the first legal action until the next chance node (or the end)."""
    while not state.is_terminal and not state.is_chance_node:
        state = apply_action(state, legal_actions(state)[0])
    return state


def draw_where(state: GameState, wanted: Callable[[Tile], bool]) -> GameState:
    """At a chance node, draw the first outcome whose tile is ``wanted``; play the turn."""
    for action, _ in chance_outcomes(state):
        if wanted(TILESET.tile(action.tile)):
            return finish_turn(apply_action(state, action))
    raise AssertionError("no such outcome")


def p_amazon(state: GameState) -> Fraction:
    return sum((p for a, p in chance_outcomes(state) if is_amazon(a.tile)), Fraction(0))


def expected_probabilities(state: GameState) -> dict[TileId, Fraction]:
    """The next draw's distribution over the tiles left, per copy (R-C7), from scratch."""
    left = state.pile.tiles
    drawn = LAND_COUNT - len(left)
    amazon_left = sum(is_amazon(t.id) for t in left)
    amazon_drawn = AMAZON_COUNT - amazon_left
    start = quota_before = 0
    for size, quota in expected_plan(state.rules):
        if drawn < start + size:
            in_slice = start + size - drawn
            amazon_in_slice = quota_before + quota - amazon_drawn
            break
        start += size
        quota_before += quota
    else:
        raise AssertionError("no slice left")
    p_kind = {True: Fraction(amazon_in_slice, in_slice),
              False: Fraction(in_slice - amazon_in_slice, in_slice)}
    counts = {True: amazon_left, False: len(left) - amazon_left}
    return {t.id: p_kind[is_amazon(t.id)] / counts[is_amazon(t.id)] for t in left}


# ---------------------------------------------------------------------------- chance nodes

def check_the_outcomes_at(state: GameState) -> tuple[tuple[DrawTile, Fraction], ...]:
    """The outcomes at a chance node are exact positive fractions summing to 1, one per
    design left that the slice quota allows (R-C7), named by its lowest id, each with the
    probability of the slice model; they come back."""
    outcomes = chance_outcomes(state)
    assert outcomes
    assert list(state.pile.plan) == expected_plan(state.rules)
    assert legal_actions(state) == tuple(a for a, _ in outcomes)
    assert sum(p for _, p in outcomes) == 1
    left = state.pile.tiles
    copies = Counter(t.design for t in left)
    expected = expected_probabilities(state)
    seen_designs = set()
    for action, probability in outcomes:
        assert type(action) is DrawTile
        assert type(probability) is Fraction
        assert 0 < probability <= 1
        tile = TILESET.tile(action.tile)
        # One outcome per design, named by the lowest id of its copies left.
        assert tile.design not in seen_designs
        seen_designs.add(tile.design)
        assert action.tile == min(t.id for t in left if t.design == tile.design)
        assert probability == expected[action.tile] * copies[tile.design]
    # Designs left out are exactly those the slice quota forbids now (R-C7).
    assert seen_designs == {t.design for t in left if expected[t.id] > 0}
    return outcomes


def check_the_outcomes_apply(state: GameState,
                             sample: list[tuple[DrawTile, Fraction]]) -> None:
    """Each sampled outcome draws its tile (into the hand, or removed at once, R-G7) and
    leaves one tile fewer in the pile."""
    left = state.pile.tiles
    for action, _ in sample:
        after = apply_action(state, action)
        drawn = after.tile_in_hand if not after.is_chance_node else after.removed[-1]
        assert drawn is not None and drawn.id == action.tile
        assert len(after.pile) == len(left) - 1


@pytest.mark.slow  # whole games
@games
@given(explicit_games(), st.integers(min_value=0, max_value=2**32))
def test_chance_outcomes_at_every_chance_node(initial: GameState, seed: int) -> None:
    rng = random.Random(seed)
    nodes = [s for s in random_states(initial, rng) if s.is_chance_node]
    assert len(nodes) == LAND_COUNT  # one per draw, R-G7 removals included
    for index, state in enumerate(nodes):
        outcomes = check_the_outcomes_at(state)
        # Every outcome applies (checked in full at a few nodes, it is the slow part).
        sample = (list(outcomes) if index % 16 == 0
                  else rng.sample(outcomes, min(3, len(outcomes))))
        check_the_outcomes_apply(state, sample)


def test_plan_of_the_default_shuffles() -> None:
    assert expected_plan(Rules()) == [(16, 3)] * 5
    assert expected_plan(Rules(shuffle=Shuffle.UNIFORM)) == [(80, 15)]
    assert new_game(2, draws="explicit").pile.plan == ((16, 3),) * 5


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_the_first_draw_is_an_amazon_tile_with_probability_3_16(num_players: int) -> None:
    state = new_game(num_players, draws="explicit")
    assert state.is_chance_node and state.tile_in_hand is None
    assert state.phase is Phase.DRAW_TILE
    assert p_amazon(state) == Fraction(3, 16)
    outcomes = dict(chance_outcomes(state))
    # S01 copies 1-3 are identical: one outcome of 3 copies out of 65 standard tiles.
    assert outcomes[DrawTile(TileId(1))] == Fraction(13, 16) * Fraction(3, 65)
    assert outcomes[DrawTile(TileId(66))] == Fraction(3, 16) * Fraction(1, 15)


def test_uniform_shuffle_amazon_probability_is_15_80() -> None:
    state = new_game(2, rules=Rules(shuffle=Shuffle.UNIFORM), draws="explicit")
    assert p_amazon(state) == Fraction(15, 80)
    for _ in range(13):
        state = draw_where(state, lambda t: t.kind is TileKind.STANDARD)
    assert p_amazon(state) == Fraction(15, 67)


def test_after_the_13_standard_tiles_of_slice_1_come_3_amazon_tiles() -> None:
    state = new_game(2, draws="explicit")
    for count in range(13):
        assert p_amazon(state) == Fraction(3, 16 - count)
        state = draw_where(state, lambda t: t.kind is TileKind.STANDARD)
    for count in range(3):
        assert p_amazon(state) == 1
        assert all(is_amazon(a.tile) for a, _ in chance_outcomes(state))
        standard = next(t for t in state.pile.tiles if t.kind is TileKind.STANDARD)
        with pytest.raises(IllegalActionError, match="C7"):
            apply_action(state, DrawTile(standard.id))
        state = draw_where(state, lambda t: t.kind is TileKind.AMAZON)
        assert state.pile.amazon_drawn == count + 1
    # Slice 2 begins: the quota is fresh.
    assert state.pile.drawn == 16
    assert p_amazon(state) == Fraction(3, 16)


def test_after_3_amazon_tiles_slice_1_has_none_left() -> None:
    state = new_game(2, draws="explicit")
    for _ in range(3):
        state = draw_where(state, lambda t: t.kind is TileKind.AMAZON)
    assert p_amazon(state) == 0
    assert not any(is_amazon(a.tile) for a, _ in chance_outcomes(state))
    amazon = next(t for t in state.pile.tiles if t.kind is TileKind.AMAZON)
    with pytest.raises(IllegalActionError, match=r"cannot come next.*\(R-C7\)"):
        apply_action(state, DrawTile(amazon.id))


# ---------------------------------------------------------------------------- identical copies

def test_identical_copies_are_one_outcome_named_by_the_lowest_id() -> None:
    state = new_game(2, draws="explicit")
    ids = {a.tile for a, _ in chance_outcomes(state)}
    # S01.1-3 (ids 1-3) are identical, S01.4-5 (ids 4, 5) another design of the layout.
    assert {1, 4} <= ids and not {2, 3, 5} & ids
    assert len(ids) == len({t.design for t in LAND})


def test_drawing_a_non_canonical_copy_is_refused_naming_the_listed_copy() -> None:
    """Regression: a DrawTile of an identical copy that legal_actions does not list used to
    be accepted (as the listed copy), although legal_action_mask gave it 0.  An action is
    accepted exactly when it is listed (R-T1)."""
    state = new_game(2, draws="explicit")
    canonical = apply_action(state, DrawTile(TileId(1)))
    assert canonical.tile_in_hand is not None and canonical.tile_in_hand.id == 1
    for copy in (2, 3):
        assert DrawTile(TileId(copy)) not in legal_actions(state)
        with pytest.raises(IllegalActionError,
                           match=rf"tile {copy} \(S01\.{copy}\) is identical to S01\.1; .*"
                                 r"drawn as DrawTile\(1\) \(R-T1\)"):
            apply_action(state, DrawTile(TileId(copy)))
    # A copy of the same layout with other icons is another tile.
    other = apply_action(state, DrawTile(TileId(4)))
    assert other.tile_in_hand is not None and other.tile_in_hand.id == 4
    with pytest.raises(IllegalActionError, match=r"DrawTile\(4\)"):
        apply_action(state, DrawTile(TileId(5)))
    # Once copy 1 is drawn, copy 2 stands for the design.
    later = finish_turn(canonical)
    assert later.is_chance_node
    ids = {a.tile for a, _ in chance_outcomes(later)}
    assert 2 in ids and 1 not in ids and 3 not in ids
    assert apply_action(later, DrawTile(TileId(2))).tile_in_hand is TILESET.tile(TileId(2))
    with pytest.raises(IllegalActionError, match=r"drawn as DrawTile\(2\)"):
        apply_action(later, DrawTile(TileId(3)))


# ---------------------------------------------------------------------------- illegal actions

def test_draw_tile_is_illegal_in_seeded_mode() -> None:
    state = new_game(2, seed=1)
    assert not state.is_chance_node
    ids = [t.id for t in state.pile.tiles[:3]]
    while not state.is_terminal and len(ids) < 10:
        for tile_id in ids:
            with pytest.raises(IllegalActionError, match="DrawTile is not legal"):
                apply_action(state, DrawTile(tile_id))
        state = apply_action(state, legal_actions(state)[-1])
        ids.append(state.pile.tiles[0].id)
    with pytest.raises(IllegalActionError, match="not a chance node"):
        chance_outcomes(new_game(2, seed=1))


@pytest.mark.parametrize(
    "action",
    [PlaceTile(Position(0, 4), Rotation.R0), ChooseDouble(TileId(81)), Pass(),
     PlaceMeeple(Position(0, -1), 0), PlaceCamp(Position(0, -1), 1)],
)
def test_only_draws_are_legal_at_a_chance_node(action: Action) -> None:
    state = new_game(3, draws="explicit")
    with pytest.raises(IllegalActionError, match=r"DrawTile \(a chance node\)"):
        apply_action(state, action)


@pytest.mark.parametrize("tile_id", [0, 81, 84, 85, 10**6, 999_999_999])
def test_drawing_a_tile_that_is_not_in_the_pile_is_illegal(tile_id: int) -> None:
    state = new_game(2, draws="explicit")
    with pytest.raises(IllegalActionError, match=f"tile {tile_id} is not in the pile"):
        apply_action(state, DrawTile(TileId(tile_id)))


def test_drawing_a_tile_already_drawn_is_illegal() -> None:
    state = apply_action(new_game(2, draws="explicit"), DrawTile(TileId(8)))  # a unique design
    assert state.tile_in_hand is not None and state.tile_in_hand.id == 8
    state = finish_turn(state)
    assert state.is_chance_node
    with pytest.raises(IllegalActionError, match="tile 8 is not in the pile"):
        apply_action(state, DrawTile(TileId(8)))


def test_bad_arguments_are_type_errors() -> None:
    with pytest.raises(TypeError, match="expected a GameState"):
        chance_outcomes("state")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a GameState"):
        determinize("state", random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"rng: expected a random\.Random"):
        determinize(new_game(2, seed=1), 1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no seed and no pile"):
        new_game(2, seed=1, draws="explicit")
    with pytest.raises(ValueError, match="draws must be 'seeded' or 'explicit'"):
        new_game(2, draws="chance")  # type: ignore[arg-type]  # mypy catches it too
