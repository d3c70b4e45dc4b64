"""Where pieces stand on a tile (R-F1, R-F7, R-T5).

- every copy and every rotation of the reference set with the bonus river, every segment
  that takes a piece: its spot stands clear at the tile's piece scale (``PIECES_APART``
  from every other piece, ``PIECE_CLEARANCE`` from every icon and from the "!" of a
  "!" tile, R-T3, inside the tile by the edge margin), and inside its own segment (a
  click on the piece selects it; tests/render/test_anchors.py checks the same through
  the public anchors).  Before the search over the whole tile, only 76% of the
  copies stood clear: the closest two spots were 0.21 of a cell apart and one spot
  stood 0.13 from an icon's centre (the crowded ones: S15's corner jungle, the tiles
  A3.1 to A3.3, S08);
- full size on all but ten crowded tiles (32 of the 303 copies and rotations), never
  smaller than the smallest of ``SCALES``; the board picture draws the pieces of a tile
  at its scale;
- the icons of different segments do not touch, and stay inside the tile; no piece
  covers an icon's count; a tributary's icon moved aside stands in a jungle, not in a
  village (whose own Fruit icons it would look like), unless nothing else has room;
- the layout is the same when computed again from scratch.

The spots in words are ``tiles.segment_names``' (tests/render/test_segment_names.py).
"""

from __future__ import annotations

import itertools
import math
import random
import re
import xml.etree.ElementTree as ET

import pytest

from carcassonne_amazonas import (
    PieceKind,
    Position,
    Rotation,
    Terrain,
    Tile,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.render import _segment_spots as segment_spots_module
from carcassonne_amazonas.render._segment_shapes import ICON_RADIUS
from carcassonne_amazonas.render._segment_spots import (
    SCALES,
    clearances,
    exclamation_spot,
    piece_scale,
    tile_spots,
)
from carcassonne_amazonas.render._spot_search import ICON_APART, search_spots
from carcassonne_amazonas.render._svg_document import Pen
from carcassonne_amazonas.render._svg_tiles import (
    BADGES,
    PIECE_SIZE,
    badge_for,
    icon_kinds,
    piece_glyph,
)
from carcassonne_amazonas.render._tile_shapes import TileShapes, tile_shapes
from carcassonne_amazonas.render.anchors import piece_scale as board_piece_scale
from carcassonne_amazonas.render.anchors import tile_piece_scale
from carcassonne_amazonas.render.svg import board_svg, tile_svg
from games import play_random

NS = "{http://www.w3.org/2000/svg}"
TILESET = reference_tileset(bonus_river=True)
COPIES = [(tile, rotation) for tile in TILESET.tiles for rotation in tile.layout.rotations]


def spot_problems(tile: Tile, rotation: Rotation) -> list[str]:
    """What keeps the piece spots of ``tile`` turned by ``rotation`` from standing clear
    at its scale, each naming the tile, rotation and segment."""
    shapes = tile_shapes(tile, rotation)
    spots = tile_spots(shapes)
    scale = piece_scale(shapes)
    apart, clearance, edge = clearances(scale)
    where = f"{tile.name} at {rotation.degrees}° (pieces at {scale})"
    pieces = [(i, spots[i][0]) for i, segment in enumerate(tile.layout.segments)
              if segment.terrain is not Terrain.AMAZON]
    icons = [icon for _, icon_spots in spots for icon in icon_spots]
    mark = exclamation_spot(shapes)
    icons += [] if mark is None else [mark]
    problems = []
    for (i, a), (j, b) in itertools.combinations(pieces, 2):
        if math.dist(a, b) < apart - 1e-9:
            problems.append(f"{where}: segments {i} and {j} stand {math.dist(a, b):.3f} apart")
    for i, piece in pieces:
        near = min((math.dist(piece, icon) for icon in icons), default=math.inf)
        if near < clearance - 1e-9:
            problems.append(f"{where}: segment {i} stands {near:.3f} from an icon")
        room = min(piece[0], shapes.width - piece[0], piece[1], shapes.height - piece[1])
        if room < edge - 1e-9:
            problems.append(f"{where}: segment {i} stands {room:.3f} from the edge")
        if shapes.segment_at(piece) != i:
            problems.append(f"{where}: segment {i}'s spot is on {shapes.segment_at(piece)}")
    return problems


def test_every_piece_spot_of_every_tile_and_rotation_stands_clear_F7_T5() -> None:
    problems = [p for tile, rotation in COPIES for p in spot_problems(tile, rotation)]
    assert not problems, "\n".join(problems)


def test_full_size_pieces_but_on_ten_crowded_tiles_T5() -> None:
    scales = {(tile.name, rotation): piece_scale(tile_shapes(tile, rotation))
              for tile, rotation in COPIES}
    assert set(scales.values()) <= set(SCALES)
    assert sum(scale == 1.0 for scale in scales.values()) >= 0.85 * len(COPIES)
    crowded = {name for (name, _), scale in scales.items() if scale < 1.0}
    assert crowded == {"S03.8", "S08.1", "S12.2", "S14.5", "S15.1", "S17.2", "A2.1", "A3.2",
                       "A4.2", "A4.3"}, crowded
    tile = TILESET.tile_named("S15.1")
    assert tile_piece_scale(tile, Rotation.R0) == scales[("S15.1", Rotation.R0)] < 1.0
    assert tile_piece_scale(TILESET.tile_named("S01.1"), Rotation.R90) == 1.0


def test_icons_of_different_segments_do_not_touch_and_stay_on_the_tile_F7() -> None:
    for tile, rotation in COPIES:
        shapes = tile_shapes(tile, rotation)
        rows = [row for _, row in tile_spots(shapes)]
        for a, b in itertools.combinations(range(len(rows)), 2):
            for p, q in itertools.product(rows[a], rows[b]):
                assert math.dist(p, q) >= ICON_APART - 1e-9, (tile.name, rotation, a, b)
        for x, y in (icon for row in rows for icon in row):
            assert ICON_RADIUS <= x <= shapes.width - ICON_RADIUS, (tile.name, rotation)
            assert ICON_RADIUS <= y <= shapes.height - ICON_RADIUS, (tile.name, rotation)


def test_no_piece_covers_an_icons_count_F7() -> None:
    """An icon's count (the "2" of two caimans) stands on the side of the icon away
    from the pieces: its middle at least half a piece and half the count from every
    piece spot (before, with the count always at the top right, four did not: A3.1
    and D4.1 at 180°, A4.3 at 180° and D2.1 at 0°)."""
    checked = 0
    for tile, rotation in COPIES:
        shapes = tile_shapes(tile, rotation)
        spots, scale = tile_spots(shapes), piece_scale(shapes)
        pieces = [piece for (piece, _), terrain in zip(spots, shapes.terrains)
                  if terrain is not Terrain.AMAZON]
        for index, icons in enumerate(tile.icons):
            for (kind, count), spot in zip(icon_kinds(icons), spots[index][1]):
                if count > 1:
                    (_, _, (dx, dy)) = BADGES[badge_for(spot, pieces, scale)]
                    middle = (spot[0] + dx, spot[1] + dy)
                    near = min(math.dist(middle, piece) for piece in pieces)
                    assert near >= 0.85 * PIECE_SIZE * scale + 0.05, (tile.name, rotation, kind)
                    checked += 1
    assert checked > 30


def test_a_tributarys_icons_stand_in_a_village_only_where_nothing_else_has_room_F7() -> None:
    """Only on S15.1, whose tributary ends in its village between two slivers of
    jungle: its Boat icon stands past the rock, and no village shows Boat icons."""
    in_village = set()
    for tile, rotation in COPIES:
        shapes = tile_shapes(tile, rotation)
        for index, (_, row) in enumerate(tile_spots(shapes)):
            if shapes.terrains[index] is Terrain.TRIBUTARY:
                hits = [shapes.segment_at(icon) for icon in row]
                if any(h is not None and shapes.terrains[h] is Terrain.VILLAGE for h in hits):
                    in_village.add(tile.name)
                    assert icon_kinds(tile.icons[index]) == [("boat", 1)]
    assert in_village == {"S15.1"}


def test_the_layout_is_the_same_when_computed_again() -> None:
    for name in ("S15.1", "S08.1", "A3.1", "START"):
        tile = TILESET.tile_named(name) if name != "START" else TILESET.start_tile
        for rotation in tile.layout.rotations:
            cached = tile_shapes(tile, rotation)
            fresh = TileShapes(cached.layout, cached.icon_kinds, rotation)
            assert fresh is not cached
            assert tile_spots(fresh) == tile_spots(cached)
            assert piece_scale(fresh) == piece_scale(cached)
            assert exclamation_spot(fresh) == exclamation_spot(cached)


def drawn_width(group: ET.Element) -> float:
    """The width of a drawn piece: its first path's extent from left to right."""
    path = next(e for e in group.iter() if e.tag.endswith("path"))
    xs = [float(x) for x in re.findall(r"(-?[\d.]+),", path.attrib["d"])]
    return max(xs) - min(xs)


def test_the_board_draws_a_crowded_tiles_pieces_at_its_scale_T5() -> None:
    for seed in range(40):
        state = play_random(new_game(2, seed=seed), random.Random(seed)).states[-1]
        if any(board_piece_scale(state, p.position) < 1.0 for p in state.pieces()):
            break
    else:
        pytest.fail("no random game put a piece on a crowded tile")
    root = ET.fromstring(board_svg(state, cell_size=100))
    drawn = {(g.get("data-x"), g.get("data-y"), g.get("data-segment")): g
             for g in root.iter(f"{NS}g") if "piece" in g.get("class", "").split()}
    for piece in state.pieces():
        group = drawn[str(piece.position.x), str(piece.position.y), str(piece.segment)]
        full = 1.6 if piece.kind is PieceKind.MEEPLE else 1.7  # the shape's width / size
        expected = full * PIECE_SIZE * 100 * board_piece_scale(state, piece.position)
        assert drawn_width(group) == pytest.approx(expected, abs=0.6), piece
    with pytest.raises(ValueError, match="no tile covers"):
        board_piece_scale(state, Position(99, 99))


def test_a_smaller_piece_is_drawn_smaller() -> None:
    pen = Pen(0, 0, 100)
    for kind in PieceKind:
        full = drawn_width(ET.fromstring(piece_glyph(pen, 1, kind, (1.0, 1.0))))
        half = drawn_width(ET.fromstring(piece_glyph(pen, 1, kind, (1.0, 1.0), scale=0.5)))
        assert full == pytest.approx(2 * half, abs=0.6)


def test_the_search_finds_the_first_options_that_stand_clear() -> None:
    """The first rows and the first spots that fit, icons first, in segment order; None
    without room or past the budget."""
    rows: dict[int, list[tuple[tuple[float, float], ...]]] = {0: [((0.5, 0.5),), ((0.2, 0.2),)]}
    places = {1: [(0.6, 0.5), (0.8, 0.8)], 2: [(0.8, 0.8), (0.2, 0.8)]}
    icons, pieces = search_spots(rows, places, apart=0.3, clearance=0.25) or ({}, {})
    assert icons == {0: ((0.5, 0.5),)} and pieces == {1: (0.8, 0.8), 2: (0.2, 0.8)}
    # The icon moves to its next row to make room for a piece that has no other spot.
    assert search_spots(rows, {1: [(0.5, 0.5)]}, apart=0.3, clearance=0.25) == (
        {0: ((0.2, 0.2),)}, {1: (0.5, 0.5)})
    assert search_spots(rows, {1: [(0.5, 0.5)], 2: [(0.5, 0.6)]}, apart=0.3,
                        clearance=0.25) is None
    crowded = {index: [(k / 100, 0.5) for k in range(100)] for index in range(6)}
    assert search_spots({}, crowded, apart=0.3, clearance=0.25) is None  # out of budget


def test_a_tile_without_room_keeps_its_first_options_T5(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """When no size leaves room (a crowded custom tile), every segment keeps its first
    options, at the smallest size, and its piece still hits back to it."""
    monkeypatch.setattr(segment_spots_module, "search_spots", lambda *a, **k: None)
    for tile in (TILESET.tile_named("S08.1"), TILESET.tile_named("A3.1")):
        cached = tile_shapes(tile, Rotation.R0)
        fresh = TileShapes(cached.layout, cached.icon_kinds, Rotation.R0)
        assert piece_scale(fresh) == SCALES[-1]
        for index, (piece, _) in enumerate(tile_spots(fresh)):
            if tile.layout.segments[index].terrain is not Terrain.AMAZON:
                assert fresh.segment_at(piece) == index, (tile.name, index)
        assert (exclamation_spot(fresh) is not None) == tile.layout.exclamation


def test_the_exclamation_mark_stands_where_no_piece_does_T3() -> None:
    """A "!" tile draws its "!" at its spot: the top right corner, or the top left at
    180°, where the corner jungle's camp stands on the top right."""
    tileset = reference_tileset()
    for tile in (t for t in tileset.tiles if t.layout.exclamation):
        for rotation in tile.layout.rotations:
            spot = exclamation_spot(tile_shapes(tile, rotation))
            assert spot == ((0.9, 0.14) if rotation is Rotation.R0 else (0.1, 0.14))
            root = ET.fromstring(tile_svg(tile, rotation, cell_size=100))
            mark = next(e for e in root.iter(f"{NS}text") if e.get("class") == "exclamation")
            assert (float(mark.attrib["x"]), float(mark.attrib["y"])) == pytest.approx(
                (10 + 100 * spot[0], 10 + 100 * (spot[1] + 0.1)))
    plain = ET.fromstring(tile_svg(tileset.tile_named("S01.1")))
    assert not [e for e in plain.iter(f"{NS}text") if e.get("class") == "exclamation"]
    assert exclamation_spot(tile_shapes(tileset.tile_named("S01.1"), Rotation.R0)) is None
