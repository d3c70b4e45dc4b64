"""Where a tile may go is written once, on the board (R-G2–R-G6): ``Board.allows`` says
whether, ``Board.placement_problem`` says why not, and the engine's refusal and the
snapshot check's message are that reason; ``Board.last_standard_key`` is the one
statement of R-G2's row limit.
"""

from __future__ import annotations

import random

import pytest

from carcassonne_amazonas import (
    Board,
    GameState,
    IllegalActionError,
    PlaceTile,
    Position,
    Rotation,
    apply_action,
    legal_actions,
    new_game,
)
from carcassonne_amazonas.ai.playout import random_action
from carcassonne_amazonas.tiles.geometry import KEY_STRIDE, cell_key


def tile_states() -> list[GameState]:
    """States with a tile in hand from two random games: every river tile's, and every
    seventh board's standard tile."""
    states: list[GameState] = []
    for seed in (1, 2):
        state = new_game(2 + seed, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            tile = state.tile_in_hand
            if tile is not None and (tile.kind.is_river or len(state.board) % 7 == 0):
                states.append(state)
            state = apply_action(state, random_action(state, rng))
    return states


STATES = tile_states()


@pytest.mark.parametrize("state", STATES[::6], ids=lambda s: f"{len(s.board)}tiles")
def test_g2_g6_the_problem_is_none_exactly_where_the_engine_allows(state: GameState) -> None:
    board, tile = state.board, state.tile_in_hand
    assert tile is not None
    legal = set(legal_actions(state))
    near = {Position(p.x + dx, p.y + dy) for p in board.open_positions
            for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    for position in sorted(near):
        for rotation in Rotation:
            problem = board.placement_problem(tile, position, rotation)
            action = PlaceTile(position, rotation)
            assert (problem is None) == board.allows(tile, position, rotation) == (
                action in legal)
            if problem is None:
                continue
            with pytest.raises(IllegalActionError) as info:
                apply_action(state, action)
            assert (info.value.reason, info.value.rule, info.value.code) == (
                problem.reason, problem.rule, problem.code)


def test_g2_the_last_standard_key_closes_the_river_end_row() -> None:
    state = new_game(2, seed=3)
    board = state.board
    row = board.river_end_row
    half = KEY_STRIDE // 2
    assert board.last_standard_key == cell_key(half - 1, row)
    assert cell_key(-half + 1, row) <= board.last_standard_key < cell_key(-half + 1, row + 1)


def test_an_empty_board_has_no_tile_and_no_open_cell() -> None:
    empty = Board.empty()
    assert len(empty) == 0 and empty.open_positions == ()
    assert empty == Board.empty()
