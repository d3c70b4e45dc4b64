"""The text renderer (``render/text.py``): the board with its open cells, river and
boats, pieces by player letter, the boat track, and a tile as 3x3 glyphs per cell."""

from __future__ import annotations

import random
import re

from carcassonne_amazonas import apply_action, legal_actions, new_game, reference_tileset
from carcassonne_amazonas.render.explain import results_text
from carcassonne_amazonas.render.text import (
    PLAYER_LETTERS,
    Glyph,
    _placement_glyphs,
    board_text,
    players_text,
    tile_text,
    track_text,
)
from carcassonne_amazonas.rules.board import Placement
from carcassonne_amazonas.tiles.geometry import Position
from carcassonne_amazonas.tiles.layout import Terrain
from games import play_random


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


# Where each port (side * 3 + index) sits in a cell's 3x3 glyph, as (row, column).
_PORT_SPOTS = ((0, 0), (0, 1), (0, 2), (0, 2), (1, 2), (2, 2),
               (2, 2), (2, 1), (2, 0), (2, 0), (1, 0), (0, 0))


def check_a_piece_is_drawn_on_its_segment(placement: Placement, index: int,
                                          plain: dict[tuple[int, int], Glyph]) -> None:
    """A piece on segment ``index`` of ``placement`` is drawn once, off the river (``plain``
    is the tile drawn without pieces), at one of the segment's ports or in the centre of a
    cell it touches."""
    label = (placement.tile.name, placement.rotation,
             placement.tile.layout.segments[index].name)
    cells = {(cell.dx, cell.dy): cell for cell in placement.variant.cells}
    drawn = _placement_glyphs(placement, {index: "Q"})
    spots = [(where, row, column) for where, glyph in drawn.items()
             for row, line in enumerate(glyph)
             for column, char in enumerate(line) if char == "Q"]
    assert len(spots) == 1, label
    where, row, column = spots[0]
    assert plain[where][row][column] != "~", label
    ports = cells[where].port_segments
    allowed = {_PORT_SPOTS[port] for port, s in enumerate(ports) if s == index}
    if index in ports and plain[where][1][1] != "~":
        allowed.add((1, 1))
    assert (row, column) in allowed, label


def test_pieces_on_amazon_tiles_are_drawn_on_their_segment_never_on_the_river() -> None:
    """R-F6: no piece stands on the Amazon, so the text board never draws one over the
    river column: a piece on a tributary, village or jungle of any tile holding the
    Amazon is drawn on that segment, at one of its ports or in the centre of a cell it
    touches outside the river."""
    layouts = {tile.layout: tile for tile in reference_tileset(bonus_river=True).tiles}
    checked = 0
    for layout, tile in layouts.items():
        if not any(segment.terrain is Terrain.AMAZON for segment in layout.segments):
            continue
        for rotation in layout.rotations:
            placement = Placement(tile, Position(0, 0), rotation)
            plain = _placement_glyphs(placement, {})
            for index, segment in enumerate(layout.segments):
                if segment.terrain is Terrain.AMAZON:
                    continue
                check_a_piece_is_drawn_on_its_segment(placement, index, plain)
                checked += 1
    assert checked > 50


def test_the_score_tables_name_their_columns_in_words_and_stay_narrow() -> None:
    """R-E1: the players' table and the final table head their points by category in
    words (tributaries, villages, Amazon, camps, river), not abbreviations, and fit 100
    columns with 5 players and long player kinds."""
    state = play_random(new_game(5, seed=4), random.Random(4)).states[-1]
    assert state.is_terminal
    players = players_text(state)
    final = results_text(state, ["human", "greedy", "mcts:1000", "random", "mcts"])
    assert "tributaries villages Amazon camps river" in players
    assert "tributaries villages Amazon   tributaries villages camps river" in final
    assert "scored in play" in final and "at the final scoring" in final
    for text in (players, final):
        assert not re.search(r"\b(trib|vill|amaz|camp)\b", text), text
        assert max(len(line) for line in text.splitlines()) <= 100, text
