"""Loading costs time in proportion to the document, shown by counting work, never by
timing it.

- A snapshot's board and features are built in place (R-G2–R-G6, R-F1–R-F5): loading one
  copies no per-cell or per-feature table once per placement, so a game of 80 placements
  costs the same copies as one of 3 (where the engine's step-by-step placement copies four
  tables per placement).
- The board and the feature graph a loader grows in place (``Board.growing``,
  ``FeatureGraph.growing``) are those that ``Board.place`` and ``add_placement`` give
  step by step.
"""

from __future__ import annotations

import functools
import random
import sys
from collections.abc import Callable
from types import FrameType

from carcassonne_amazonas import (
    GameRecord,
    new_game,
    state_from_json,
    state_problems,
    state_to_json,
)
from carcassonne_amazonas.rules.board import Board
from carcassonne_amazonas.rules.features import FeatureGraph, node_of
from carcassonne_amazonas.tiles.geometry import cell_key
from games import Game, play_random


def _dict_copies(run: Callable[[], object]) -> int:
    """How many times ``run`` calls ``dict.copy`` (each copy costs time in proportion to
    the dict)."""
    count = 0

    def profile(frame: FrameType, event: str, arg: object) -> None:
        nonlocal count
        if event == "c_call" and getattr(arg, "__qualname__", "") == "dict.copy":
            count += 1

    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(None)
    return count


def _game(seed: int) -> Game:
    return play_random(new_game(3, seed=seed), random.Random(seed))


def test_loading_a_snapshot_copies_no_table_per_placement() -> None:
    """R-G2–R-G6, R-F1–R-F5: the board and features are replayed in place."""
    states = _game(4).states
    early, final = states[6], states[-1]
    assert len(early.board) < 5 < 60 < len(final.board)
    copies, problems = [], []
    for state in (early, final):
        text = state_to_json(state)
        assert state_from_json(text) == state
        copies.append(_dict_copies(functools.partial(state_from_json, text)))
        problems.append(_dict_copies(functools.partial(state_problems, state)))
    assert copies[0] == copies[1] <= 4, copies
    assert problems[0] == problems[1] <= 4, problems


def test_the_engine_copies_per_placement() -> None:
    """The count above means something: the engine's replay (a record's) copies the
    tables at every placement (R-G2), as an immutable state must."""
    game = _game(4)
    record = GameRecord.from_game(game.states[0], game.actions)
    placements = len(game.states[-1].board) - 1
    assert _dict_copies(record.final_state) >= 4 * placements


def test_grown_in_place_as_step_by_step() -> None:
    """R-G2–R-G6, R-F1–R-F5: a growing board and graph give, after every placement, the
    board, open cells, contacts and features that the copying values give; settled, they
    have tables of their own again."""
    for seed in range(3):
        final = _game(seed).states[-1]
        placements = final.board.placements
        board = Board.with_start_tile(placements[0].tile)
        graph = FeatureGraph.empty().add_placement(board, 0, 3).graph
        grown_board = Board.growing(placements[0].tile)
        grown = FeatureGraph.growing().add_placement(grown_board, 0, 3).graph
        for placement in placements[1:]:
            key = cell_key(placement.position.x, placement.position.y)
            assert grown_board.allows(placement.tile, placement.position, placement.rotation)
            board, index = board.place(placement.tile, placement.rotation, key)
            grown_board, grown_index = grown_board.place(placement.tile, placement.rotation, key)
            assert grown_index == index
            graph = graph.add_placement(board, index, 3).graph
            grown = grown.add_placement(grown_board, index, 3).graph
            assert grown_board == board
            assert dict(grown_board.open_items()) == dict(board.open_items())
            assert grown_board.river_end_row == board.river_end_row
            assert grown_board.contacts(index) == board.contacts(index)
            assert dict(grown.feature_items()) == dict(graph.feature_items())
        built, settled = grown_board.settled(), grown.settled()
        keys = [cell_key(c.x, c.y) for p in placements for c in p.cells]
        assert [built.cell_entry(k) for k in keys] == [board.cell_entry(k) for k in keys]
        assert dict(built.open_items()) == dict(final.board.open_items())
        assert dict(settled.feature_items()) == dict(grown.feature_items())
        pieces = settled.piece_set()
        settled.with_piece(node_of(1, 0), 2)  # a copy: the settled graph is unchanged
        assert settled.piece_set() == pieces
        grown.with_piece(node_of(1, 0), 2)  # in place: the growing graph changes
        assert grown.piece_set() == pieces | {(node_of(1, 0), 2)}
        opened = dict(built.open_items())
        for later in (built, grown_board):
            later.place(placements[-1].tile, placements[-1].rotation, min(opened))
        assert dict(built.open_items()) == opened  # a copy: the settled board is unchanged
        assert dict(grown_board.open_items()) != opened  # in place: the growing one changes
