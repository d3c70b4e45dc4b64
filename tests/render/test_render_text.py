"""The text renderer (``render/text.py``): the board with its open cells, river and
boats, pieces by player letter, the boat track, and a tile as 3x3 glyphs per cell."""

from __future__ import annotations

import random

from carcassonne_amazonas import apply_action, legal_actions, new_game, reference_tileset
from carcassonne_amazonas.render.text import PLAYER_LETTERS, board_text, tile_text, track_text


def test_board_text_shows_tiles_open_cells_river_and_boats() -> None:
    state = new_game(3, seed=2)
    assert "legend:" in board_text(state)
    text = board_text(state, legend=False)
    lines = text.splitlines()
    # R-G3: 10 open cells at the start, and the next river cell.
    assert text.count("[ ]") == 10
    assert text.count("[v]") == 1
    assert lines[1].strip() == "~"  # the river column's mark, not red's letter R
    assert "river column x=0, river end row 3, next river tile at (0,4)" in text
    assert "boats  1 [3" in text and "] 16" in text
    # The start tile: 4 rows of 3 text lines, the Amazon in the river column.
    assert sum(1 for line in lines[2:] if "~" in line) == 11  # the source cell starts it


def test_board_text_shows_pieces_by_player_letter() -> None:
    rng = random.Random(3)
    state = new_game(4, seed=6)
    while not state.is_terminal and sum(1 for _ in state.pieces()) < 6:
        state = apply_action(state, rng.choice(legal_actions(state)))
    text = board_text(state, legend=False)
    grid = "\n".join(text.splitlines()[2:-2])
    for piece in state.pieces():
        letter = PLAYER_LETTERS[piece.player]
        assert (letter if piece.kind.value == "meeple" else letter.lower()) in grid
    assert "legend" not in text


def test_track_text_counts_shared_spaces() -> None:
    state = new_game(5, seed=1)
    assert track_text(state).startswith("boats  1 [5.......] 8")


def test_tile_text_is_a_3x3_glyph_per_cell() -> None:
    tileset = reference_tileset()
    straight = tileset.tile_named("S01.1")
    assert tile_text(straight) == [".|.", ".|.", ".|."]
    from carcassonne_amazonas import Rotation

    assert tile_text(straight, Rotation.R90) == ["...", "---", "..."]
    assert tile_text(tileset.tile_named("S02.1")) == ["...", ".o.", ".|."]
    assert tile_text(tileset.tile_named("S05.1")) == ["###", "...", "..."]
    double = tileset.double_tiles[0]
    assert len(tile_text(double)) == 6 and all("~" in line for line in tile_text(double))
    start = tile_text(tileset.start_tile)
    assert len(start) == 12 and all(len(line) == 6 for line in start)
