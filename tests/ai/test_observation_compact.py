"""The compact observation (``observation_tensor(state, player, compact=True)``).

It has the planes and fields of the full observation on a smaller window plus an
``outside`` count, at most 60,000 values: inside the window it says exactly what
the full tensor says; tiles beyond it are left out of the planes and counted; it
stays within its bounds and never depends on the pile order.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections.abc import Iterator

import pytest

from carcassonne_amazonas import (
    GameState,
    PlaceTile,
    Rules,
    Shuffle,
    apply_action,
    determinize,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.ai.observation import (
    COMPACT_MARGIN,
    BoardPlane,
    ObservationLayout,
    observation_layout,
    observation_shape,
    observation_sparse,
    observation_tensor,
    observation_upper_bounds,
)
from games import random_action

FULL = observation_layout()
COMPACT = observation_layout(compact=True)
BOUNDS = observation_upper_bounds(compact=True)


def random_game(num_players: int, seed: int, explicit: bool = False) -> Iterator[GameState]:
    rng = random.Random(seed)
    rules = Rules(first_player=seed % num_players,
                  shuffle=Shuffle.UNIFORM if seed % 2 else Shuffle.STRATIFIED)
    state = (new_game(num_players, rules=rules, draws="explicit") if explicit
             else new_game(num_players, seed=seed, rules=rules))
    yield state
    while not state.is_terminal:
        state = apply_action(state, random_action(state, rng))
        yield state


def cells_outside(state: GameState, layout: ObservationLayout) -> int:
    return sum(1 for placement in state.board.placements for cell in placement.cells
               if not layout.contains(cell.x, cell.y))


@functools.cache
def window_indices() -> list[int]:
    """The full tensor's indices of the compact window's board values, in its order."""
    return [FULL.board_index(plane, x, y) for plane in range(BoardPlane.COUNT)
            for y in range(COMPACT.y_min, COMPACT.y_min + COMPACT.height)
            for x in range(COMPACT.x_min, COMPACT.x_min + COMPACT.width)]


def cropped(full: list[float]) -> list[float]:
    """The full tensor cut down to the compact window and fields (``outside`` 0)."""
    return [full[index] for index in window_indices()] + full[FULL.board_size:] + [0.0]


def test_the_documented_shape_and_layout() -> None:
    assert (COMPACT.planes, COMPACT.height, COMPACT.width) == (38, 40, 32)
    assert (COMPACT.x_min, COMPACT.y_min) == (-COMPACT_MARGIN, -COMPACT_MARGIN) == (-15, -15)
    # Down to the last row the river can reach, like the full window.
    assert COMPACT.y_min + COMPACT.height == FULL.y_min + FULL.height == 25
    assert COMPACT.size == 38 * 40 * 32 + 107 == 48747 <= 60000
    assert observation_shape(compact=True) == (COMPACT.size,)
    assert observation_shape(Rules(shuffle=Shuffle.UNIFORM), compact=True) == (COMPACT.size,)
    assert COMPACT.compact and not FULL.compact
    # The full fields in the same order, then ``outside``.
    assert list(COMPACT.fields)[:-1] == list(FULL.fields)
    assert list(COMPACT.fields)[-1] == "outside"
    assert all(COMPACT.fields[name][1] == FULL.fields[name][1] for name in FULL.fields)
    offsets = sorted(COMPACT.fields.values())
    assert offsets[0][0] == COMPACT.board_size
    assert all(a + n == b for (a, n), (b, _) in itertools.pairwise(offsets))
    assert offsets[-1][0] + offsets[-1][1] == COMPACT.size
    assert len(BOUNDS) == COMPACT.size
    total_cells = sum(t.layout.width * t.layout.height for t in reference_tileset().tiles)
    assert BOUNDS[COMPACT.field("outside")] == [float(total_cells)]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_inside_the_window_it_says_what_the_full_tensor_says(num_players: int) -> None:
    for explicit in (False, True):
        for index, state in enumerate(random_game(num_players, 30 + num_players, explicit)):
            if index % 18 and not state.is_terminal:
                continue
            assert cells_outside(state, COMPACT) == 0
            player = index % num_players
            compact = observation_tensor(state, player, compact=True)
            assert len(compact) == COMPACT.size
            assert compact == cropped(observation_tensor(state, player))


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_values_are_finite_and_within_their_bounds(num_players: int) -> None:
    for index, state in enumerate(random_game(num_players, 50 + num_players)):
        if index % 13 and not state.is_terminal:
            continue
        player = (index + 1) % num_players
        tensor = observation_tensor(state, player, compact=True)
        assert all(map(math.isfinite, tensor))
        assert all(0.0 <= value <= bound for value, bound in zip(tensor, BOUNDS))
        indices, values = observation_sparse(state, player, compact=True)
        assert all(tensor[i] == v and v > 0.0 for i, v in zip(indices, values))
        assert COMPACT.size - tensor.count(0.0) == len(set(indices))


def far_game(seed: int) -> GameState:
    """A 2-player game whose standard tiles always go as far west as they can, until a
    tile lies outside the compact window."""
    rng = random.Random(seed)
    state = new_game(2, seed=seed)
    while not state.is_terminal and cells_outside(state, COMPACT) == 0:
        actions = legal_actions(state)
        places = [a for a in actions if isinstance(a, PlaceTile)]
        action = min(places, key=lambda a: a.position.x) if places else rng.choice(actions)
        state = apply_action(state, action)
    return state


def test_overflow_leaves_tiles_out_and_counts_their_cells() -> None:
    state = far_game(4)
    outside = cells_outside(state, COMPACT)
    assert outside > 0
    for player in range(2):
        compact = observation_tensor(state, player, compact=True)
        assert compact[COMPACT.field("outside")] == [float(outside)]
        assert all(0.0 <= v <= b for v, b in zip(compact, BOUNDS))
        # Every other entry is the full tensor's, cropped to the window.
        expected = cropped(observation_tensor(state, player))
        expected[-1] = float(outside)
        assert compact == expected
        # The far tile is in the full tensor but not in the compact one.
        plane = COMPACT.height * COMPACT.width
        occupied = sum(compact[BoardPlane.OCCUPIED * plane:(BoardPlane.OCCUPIED + 1) * plane])
        covered = sum(1 for p in state.board.placements for _ in p.cells)
        assert occupied == covered - outside


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_the_pile_order_changes_nothing(num_players: int) -> None:
    rng = random.Random(num_players)
    checked = 0
    for index, state in enumerate(random_game(num_players, 70 + num_players)):
        if state.is_terminal or index % 22:
            continue
        other = determinize(state, rng)
        assert sorted(t.id for t in other.pile.tiles) == sorted(t.id for t in state.pile.tiles)
        for player in range(num_players):
            assert (observation_tensor(other, player, compact=True)
                    == observation_tensor(state, player, compact=True))
        checked += 1
    assert checked > 3
    far = far_game(9)
    assert observation_tensor(determinize(far, rng), 1, compact=True) == observation_tensor(
        far, 1, compact=True)


def test_bad_arguments() -> None:
    state = new_game(2, seed=1)
    with pytest.raises(TypeError, match="compact: expected a bool"):
        observation_tensor(state, 0, compact="yes")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="compact: expected a bool"):
        observation_shape(compact=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="player 3"):
        observation_tensor(state, 3, compact=True)


def test_board_index_refuses_cells_outside_the_window_and_unknown_planes() -> None:
    layout = observation_layout(compact=True)
    indices = {layout.board_index(0, x, y)
               for x in range(layout.x_min, layout.x_min + layout.width)
               for y in range(layout.y_min, layout.y_min + layout.height)}
    assert len(indices) == layout.width * layout.height  # one index per cell
    for x, y in ((layout.x_min - 1, 0), (0, layout.y_min - 1),
                 (layout.x_min + layout.width, 0), (0, layout.y_min + layout.height)):
        with pytest.raises(ValueError, match="outside the board window"):
            layout.board_index(0, x, y)
    with pytest.raises(ValueError, match="plane must be from 0 to 37"):
        layout.board_index(layout.planes, 0, 0)
