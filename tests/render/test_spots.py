"""Where pieces stand on a tile (R-F1, R-F7, R-T5).

- every copy and rotation of the reference set with the bonus river: no two piece spots
  of a tile closer than 0.2 of a cell (the page's choice markers, a fifth of a cell
  wide, never overlap: before the spots were placed tile by tile, two stood 0.08
  apart), and no piece spot on an icon (before, one stood 0.02 from an icon's centre);
  three tiles in four stand clear by the full distances (a whole piece off every
  icon and every other piece).

The spots in words are ``render.segment_names``' (tests/render/test_segment_names.py).
"""

from __future__ import annotations

import itertools
import math

from carcassonne_amazonas import Rotation, Terrain, Tile, reference_tileset
from carcassonne_amazonas.render._segment_shapes import ICON_RADIUS
from carcassonne_amazonas.render._segment_spots import PIECE_CLEARANCE, PIECES_APART, tile_spots
from carcassonne_amazonas.render._tile_shapes import tile_shapes

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
