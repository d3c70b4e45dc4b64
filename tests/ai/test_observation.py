"""Observations (``carcassonne_amazonas.ai.observation``): what one player sees.

Pure Python, no numpy.  Through random games for 2-5 players (both draw
modes) the tensor keeps one shape, stays finite and within its documented
bounds, and says what the state says; and nothing hidden leaks: states that
differ only in the pile order (``determinize``) give identical tensors and
strings.  Importing the library loads no AI framework.
"""

from __future__ import annotations

import itertools
import math
import random
import subprocess
import sys
from collections.abc import Iterator

import pytest

from carcassonne_amazonas import (
    GameState,
    Phase,
    PieceKind,
    Position,
    Rules,
    Shuffle,
    TileKind,
    apply_action,
    determinize,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.ai.encoding import action_space
from carcassonne_amazonas.ai.observation import (
    MAX_PLAYERS,
    BoardPlane,
    observation_layout,
    observation_shape,
    observation_sparse,
    observation_string,
    observation_tensor,
    observation_upper_bounds,
)
from games import random_action

TILESET = reference_tileset()
LAYOUT = observation_layout()
SIZE = observation_shape()[0]
BOUNDS = observation_upper_bounds()


def random_game(num_players: int, seed: int, explicit: bool = False) -> Iterator[GameState]:
    """Every state of a random game (chance nodes resolved by their probabilities)."""
    rng = random.Random(seed)
    rules = Rules(first_player=seed % num_players,
                  shuffle=Shuffle.UNIFORM if seed % 3 == 0 else Shuffle.STRATIFIED)
    state = (new_game(num_players, rules=rules, draws="explicit") if explicit
             else new_game(num_players, seed=seed, rules=rules))
    yield state
    while not state.is_terminal:
        state = apply_action(state, random_action(state, rng))
        yield state


def field(tensor: list[float], name: str) -> list[float]:
    return tensor[LAYOUT.field(name)]


def test_the_documented_shape() -> None:
    space = action_space()
    assert (LAYOUT.planes, LAYOUT.height, LAYOUT.width) == (38, 90, 132) == (
        BoardPlane.COUNT, space.height, space.width)
    assert LAYOUT.vector_size == 106
    assert SIZE == LAYOUT.size == 38 * 90 * 132 + 106 == 451546
    assert observation_shape(Rules(shuffle=Shuffle.UNIFORM)) == (SIZE,)
    assert len(BOUNDS) == SIZE
    offsets = sorted(LAYOUT.fields.values())
    assert offsets[0][0] == LAYOUT.board_size
    assert all(a + n == b for (a, n), (b, _) in itertools.pairwise(offsets))
    assert offsets[-1][0] + offsets[-1][1] == SIZE


@pytest.mark.slow  # whole games, a tensor at every step
@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_shape_is_constant_and_values_finite_and_bounded(num_players: int) -> None:
    for explicit in (False, True):
        for index, state in enumerate(random_game(num_players, 10 + num_players, explicit)):
            if index % 14 and not state.is_terminal:  # about 12 states a game
                continue
            player = index % num_players
            tensor = observation_tensor(state, player)
            assert len(tensor) == SIZE
            assert all(map(math.isfinite, tensor))
            # Every non-zero entry is a sparse one, positive and within its bound.
            indices, values = observation_sparse(state, player)
            assert all(tensor[i] == v and 0.0 < v <= BOUNDS[i] for i, v in zip(indices, values))
            assert SIZE - tensor.count(0.0) == len(set(indices))


def check_the_player_fields(tensor: list[float], state: GameState, order: list[int]) -> None:
    """Each player's presence, score, boat and supplies, the observer's first."""
    padding = [0.0] * (MAX_PLAYERS - state.num_players)
    assert field(tensor, "present") == [1.0] * state.num_players + padding
    assert field(tensor, "scores") == [float(state.players[p].score) for p in order] + padding
    assert field(tensor, "boats") == [float(state.players[p].boat) for p in order] + padding
    assert field(tensor, "meeples") == [float(state.players[p].meeples_in_supply)
                                        for p in order] + padding
    assert field(tensor, "camps") == [float(state.players[p].camps_in_supply)
                                      for p in order] + padding


def check_the_turn_and_tile_fields(tensor: list[float], state: GameState,
                                   order: list[int]) -> None:
    """The track, the phase, whose turn it is, the tile in hand, the pile and the doubles."""
    assert field(tensor, "track_length") == [float(state.track_length)]
    assert field(tensor, "phase") == [float(p is state.phase) for p in Phase]
    current = field(tensor, "current_player")
    if state.is_terminal:
        assert current == [0.0] * MAX_PLAYERS
    else:
        assert current.index(1.0) == order.index(state.current_player)
    hand = field(tensor, "hand_layout")
    if state.tile_in_hand is None:
        assert hand == [0.0] * len(TILESET.layouts)
    else:
        assert hand == [float(lay is state.tile_in_hand.layout) for lay in TILESET.layouts]
    assert field(tensor, "tiles_left") == [
        float(sum(1 for t in state.pile.tiles if t.layout is lay)) for lay in TILESET.layouts]
    assert field(tensor, "pile_size") == [float(state.tiles_left)]
    assert field(tensor, "doubles_left") == [float(t in state.doubles_left)
                                             for t in TILESET.double_tiles]


def check_the_board_planes(tensor: list[float], state: GameState, order: list[int]) -> None:
    """Every covered cell is occupied, nothing else is; every piece is in the plane of its
    owner relative to the observer."""
    # The board: every covered cell is occupied, nothing else is.
    covered = {cell for p in state.board.placements for cell in p.cells}
    plane = LAYOUT.height * LAYOUT.width
    occupied = {i for i in range(plane) if tensor[BoardPlane.OCCUPIED * plane + i]}
    assert occupied == {LAYOUT.board_index(BoardPlane.OCCUPIED, c.x, c.y) for c in covered}
    # Pieces sit in the planes of their owner relative to the observer.
    for piece in state.pieces():
        base = BoardPlane.MEEPLES if piece.kind is PieceKind.MEEPLE else BoardPlane.CAMPS
        slot = order.index(piece.player)
        placement = state.board.placement_at(piece.position)
        assert placement is not None
        assert any(tensor[LAYOUT.board_index(base + slot, c.x, c.y)] == 1.0
                   for c in placement.cells)


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_the_tensor_says_what_the_state_says(num_players: int) -> None:
    for index, state in enumerate(random_game(num_players, num_players)):
        if index % 11 and not state.is_terminal:
            continue
        observer = index % num_players
        tensor = observation_tensor(state, observer)
        order = [(observer + r) % num_players for r in range(num_players)]
        check_the_player_fields(tensor, state, order)
        check_the_turn_and_tile_fields(tensor, state, order)
        check_the_board_planes(tensor, state, order)


def test_the_start_of_a_game() -> None:
    state = new_game(3, seed=5)
    tensor = observation_tensor(state, 1)
    start = TILESET.start_tile.layout
    for y in range(start.height):
        for x in range(start.width):
            assert tensor[LAYOUT.board_index(BoardPlane.OCCUPIED, x, y)] == 1.0
            river = tensor[LAYOUT.board_index(BoardPlane.RIVER, x, y)]
            assert river == float(x == state.board.river_column)
    # The Amazon leaves the start tile through the south edge of (0, 3).
    assert tensor[LAYOUT.board_index(BoardPlane.EDGES + 4 * 2 + 3, 0, 3)] == 1.0
    # R-G3: 10 open cells, and the next river cell below the start tile.
    plane = LAYOUT.height * LAYOUT.width
    assert sum(tensor[BoardPlane.OPEN * plane:(BoardPlane.OPEN + 1) * plane]) == 10.0
    assert tensor[LAYOUT.board_index(BoardPlane.NEXT_RIVER, 0, 4)] == 1.0
    assert field(tensor, "current_player") == [0.0, 0.0, 1.0, 0.0, 0.0]  # player 0, seen by 1
    assert field(tensor, "pile_size") == [79.0]
    assert sum(field(tensor, "hand_icons")) == float(sum(
        getattr(state.tile_in_hand.total_icons, n)  # type: ignore[union-attr]
        for n in ("boats", "fruit", "animals", "caimans", "piranhas")))


def test_the_tile_that_may_take_a_piece_is_marked() -> None:
    state = new_game(2, seed=8)
    state = apply_action(state, legal_actions(state)[0])
    assert state.phase is Phase.PLACE_PIECE
    position = state.piece_position
    assert position is not None
    tensor = observation_tensor(state, 0)
    assert tensor[LAYOUT.board_index(BoardPlane.PIECE_TILE, position.x, position.y)] == 1.0
    plane = LAYOUT.height * LAYOUT.width
    start = BoardPlane.PIECE_TILE * plane
    assert sum(tensor[start:start + plane]) == 1.0


@pytest.mark.slow  # whole games, a tensor at every step
@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_nothing_hidden_the_pile_order_changes_nothing(num_players: int) -> None:
    """Two states that differ only in the pile order look the same to every player."""
    rng = random.Random(num_players)
    checked = 0
    for index, state in enumerate(random_game(num_players, 100 + num_players)):
        if state.is_terminal or index % 18:
            continue
        other = determinize(state, rng)
        assert other.pile.tiles != state.pile.tiles or len(state.pile) < 2
        assert sorted(t.id for t in other.pile.tiles) == sorted(t.id for t in state.pile.tiles)
        for player in range(num_players):
            assert observation_tensor(other, player) == observation_tensor(state, player)
            assert observation_string(other, player) == observation_string(state, player)
        checked += 1
    assert checked > 5


def test_nothing_hidden_explicit_and_seeded_draws_look_the_same() -> None:
    """A state in chance mode (no order at all) and a seeded copy of it (a hidden
    order) give the same observations."""
    rng = random.Random(3)
    for index, state in enumerate(random_game(3, 4, explicit=True)):
        if state.is_terminal or state.is_chance_node or index % 13:
            continue
        seeded = determinize(state, rng)
        assert not seeded.pile.explicit and state.pile.explicit
        for player in range(3):
            assert observation_tensor(seeded, player) == observation_tensor(state, player)
            assert observation_string(seeded, player) == observation_string(state, player)


def test_the_string_is_readable_and_per_observer() -> None:
    state = new_game(4, seed=2)
    for _ in range(30):
        state = apply_action(state, legal_actions(state)[-1])
    text = observation_string(state, 2)
    assert text.startswith("observer: player 2 (green)")
    assert f"phase: {state.phase.value}" in text
    for player in range(4):
        assert f"player {player} " in text
    assert "board: columns" in text
    assert f"pile: {state.tiles_left} left" in text
    # Copy numbers (S01.3) are not shown: identical copies are interchangeable.
    assert not any(f"{t.name} " in text or f"{t.name}@" in text for t in TILESET.land_tiles)
    assert observation_string(state, 0) != text


def test_bad_arguments() -> None:
    state = new_game(2, seed=1)
    with pytest.raises(ValueError, match="player 2"):
        observation_tensor(state, 2)
    with pytest.raises(ValueError):
        observation_string(state, -1)
    with pytest.raises(TypeError):
        observation_tensor(state, True)
    with pytest.raises(TypeError):
        observation_tensor("state", 0)  # type: ignore[arg-type]


def test_river_tiles_and_icons_are_on_the_board() -> None:
    for state in random_game(2, 21):
        if any(p.tile.kind is TileKind.DOUBLE for p in state.board.placements):
            break
    tensor = observation_tensor(state, 0)
    for placement in state.board.placements:
        if placement.tile.kind.is_river:
            for cell in placement.cells:
                assert tensor[LAYOUT.board_index(BoardPlane.RIVER, cell.x, cell.y)] == 1.0
    plane = LAYOUT.height * LAYOUT.width
    for name, number in (("boats", BoardPlane.BOATS), ("fruit", BoardPlane.FRUIT),
                         ("animals", BoardPlane.ANIMALS)):
        on_board = sum(getattr(p.tile.total_icons, name) for p in state.board.placements)
        assert sum(tensor[number * plane:(number + 1) * plane]) == float(on_board)
    assert tensor[LAYOUT.board_index(BoardPlane.OCCUPIED, 0, 0)] == 1.0
    assert state.board.placement_at(Position(0, 0)) is not None


def test_importing_the_library_loads_no_ai_framework() -> None:
    code = (
        "import sys\n"
        "import carcassonne_amazonas, carcassonne_amazonas.ai.observation\n"
        "import carcassonne_amazonas.integrations\n"
        "loaded = sorted(m for m in ('numpy', 'pyspiel', 'open_spiel', 'pettingzoo',\n"
        "                            'gymnasium', 'ray') if m in sys.modules)\n"
        "print(','.join(loaded))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == ""
