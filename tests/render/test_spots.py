"""Where pieces stand on a tile, and the spots in words (R-F1, R-F7, R-T5).

- every copy and rotation of the reference set with the bonus river: no two piece spots
  of a tile closer than 0.2 of a cell (the page's choice markers, a fifth of a cell
  wide, never overlap: before the spots were placed tile by tile, two stood 0.08
  apart), and no piece spot on an icon (before, one stood 0.02 from an icon's centre);
  three tiles in four stand clear by the full distances (a whole piece off every
  icon and every other piece);
- every segment in words, by the edges a village or a tributary reaches and by where a
  jungle lies, and no two segments of one tile (in one rotation) alike.
"""

from __future__ import annotations

import itertools
import math

import pytest

from carcassonne_amazonas import Rotation, Terrain, Tile, reference_tileset
from carcassonne_amazonas.render._segment_shapes import ICON_RADIUS
from carcassonne_amazonas.render._segment_spots import PIECE_CLEARANCE, PIECES_APART, tile_spots
from carcassonne_amazonas.render._tile_shapes import tile_shapes
from carcassonne_amazonas.render.explain import spot_words

TILESET = reference_tileset(bonus_river=True)
COPIES = [(tile, rotation) for tile in TILESET.tiles for rotation in tile.layout.rotations]


def spots_of(tile: Tile, rotation: Rotation) -> tuple[list[tuple[float, float]],
                                                        list[tuple[float, float]]]:
    """The piece spots (not the Amazon's, which takes no piece) and the icon spots."""
    spots = tile_spots(tile_shapes(tile, rotation))
    pieces = [spots[i][0] for i, segment in enumerate(tile.layout.segments)
              if segment.terrain is not Terrain.AMAZON]
    icons = [icon for _, icon_spots in spots for icon in icon_spots]
    return pieces, icons


def test_piece_spots_stand_apart_and_off_the_icons_F7_T5() -> None:
    clear = 0
    for tile, rotation in COPIES:
        pieces, icons = spots_of(tile, rotation)
        for a, b in itertools.combinations(pieces, 2):
            assert math.dist(a, b) >= 0.2, (tile.name, rotation, a, b)
        for piece in pieces:
            for icon in icons:
                assert math.dist(piece, icon) > ICON_RADIUS, (tile.name, rotation, piece)
        clear += all(math.dist(a, b) >= PIECES_APART
                     for a, b in itertools.combinations(pieces, 2)) and all(
            math.dist(p, i) >= PIECE_CLEARANCE for p in pieces for i in icons)
    assert clear >= 0.75 * len(COPIES)


@pytest.mark.parametrize(("name", "degrees", "expected"), [
    ("S05.1", 0, ["the village on the north edge", "the jungle"]),
    ("S05.1", 90, ["the village on the east edge", "the jungle"]),
    ("S01.1", 90, ["the tributary on the east and west edges", "the jungle on the north side",
                   "the jungle on the south side"]),
    ("S09.1", 0, ["the village on all four edges"]),
    ("S14.1", 0, ["the village on the north, east and west edges", "the jungle"]),
    ("S08.1", 0, ["the tributary on the north edge", "the tributary on the east edge",
                  "the tributary on the south edge", "the tributary on the west edge",
                  "the jungle in the north-east corner", "the jungle in the south-east corner",
                  "the jungle in the south-west corner", "the jungle in the north-west corner"]),
])
def test_spots_in_words_F1(name: str, degrees: int, expected: list[str]) -> None:
    tile = next(tile for tile in TILESET.tiles if tile.name == name)
    rotation = Rotation.from_degrees(degrees)
    assert [spot_words(tile, rotation, i) for i in range(len(expected))] == expected


def test_no_two_spots_of_a_tile_read_alike_F1() -> None:
    for tile, rotation in COPIES:
        words = [spot_words(tile, rotation, i) for i, segment in enumerate(tile.layout.segments)
                 if segment.terrain is not Terrain.AMAZON]
        assert len(set(words)) == len(words), (tile.name, rotation, words)


def test_a_segment_the_tile_does_not_have_F1() -> None:
    tile = TILESET.tiles[1]
    with pytest.raises(ValueError, match="has segments"):
        spot_words(tile, Rotation.R0, 99)
