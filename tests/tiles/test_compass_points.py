"""The compass points a segment answers to (``compass_points``, ``segments_at``): the
places of the one vocabulary of segments, abbreviated for the notation (R-F2, R-G5).

Each port of a turned tile's outline lies under exactly one of the eight points; a
segment answers to the points where it holds a port; the points turn with the tile; and
every place the words of a segment name (``segment_name``) is one of its points.
"""

from __future__ import annotations

import re

import pytest

from carcassonne_amazonas import reference_tileset
from carcassonne_amazonas.tiles.geometry import Rotation
from carcassonne_amazonas.tiles.layout import (
    Layout,
    Segment,
    Terrain,
    TileKind,
    Variant,
    VariantCell,
)
from carcassonne_amazonas.tiles.segment_names import (
    COMPASS_POINTS,
    compass_points,
    segment_name,
    segments_at,
)

LAYOUTS = {tile.layout.name: tile.layout
           for tile in reference_tileset(bonus_river=True).tiles}
TURNED = [(layout, rotation) for layout in LAYOUTS.values() for rotation in layout.rotations]
IDS = [f"{layout.name}-{rotation.degrees}" for layout, rotation in TURNED]
WORD_POINTS = {"north": "N", "east": "E", "south": "S", "west": "W", "north-east": "NE",
               "south-east": "SE", "south-west": "SW", "north-west": "NW"}


def test_the_points_are_the_initials_of_the_words_clockwise() -> None:
    assert COMPASS_POINTS == ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
    assert sorted(WORD_POINTS.values()) == sorted(COMPASS_POINTS)


@pytest.mark.parametrize(("layout", "rotation"), TURNED, ids=IDS)
def test_segments_at_a_point_are_those_answering_to_it(layout: Layout,
                                                       rotation: Rotation) -> None:
    """R-F2: every point covers ports of the outline, so it names at least one segment;
    a segment answers to a point exactly when it is listed there."""
    for point in COMPASS_POINTS:
        named = segments_at(layout, rotation, point)
        assert named, (layout.name, rotation, point)
        assert list(named) == sorted(set(named))
        for segment in range(len(layout.segments)):
            assert (segment in named) == (point in compass_points(layout, rotation, segment))


@pytest.mark.parametrize(("layout", "rotation"), TURNED, ids=IDS)
def test_every_place_the_words_name_is_a_point_the_segment_answers_to(
        layout: Layout, rotation: Rotation) -> None:
    """R-F1: "the jungle on the north and west edges" answers to N and W, "the jungle at
    the south-west corner" to SW: the points abbreviate the words a person reads."""
    for segment in range(len(layout.segments)):
        words = segment_name(layout, rotation, segment)
        points = compass_points(layout, rotation, segment)
        assert points, (layout.name, segment)  # every segment reaches the outline
        named = re.findall(r"\b(north-east|south-east|south-west|north-west|north|east|south|"
                           r"west)\b", words)
        if "all four edges" in words:
            named += ["north", "east", "south", "west"]
        assert {WORD_POINTS[word] for word in named} <= set(points), (words, points)


@pytest.mark.parametrize("layout", [layout for layout in LAYOUTS.values()
                                    if (layout.width, layout.height) == (1, 1)],
                         ids=lambda layout: layout.name)
def test_a_small_tile_has_one_segment_per_edge_and_at_most_two_per_corner(
        layout: Layout) -> None:
    """R-F2: on a 1×1 tile an edge's point is its middle port, a corner's point the two
    corner thirds beside it."""
    for rotation in layout.rotations:
        for point in COMPASS_POINTS:
            most = 1 if len(point) == 1 else 2
            assert 1 <= len(segments_at(layout, rotation, point)) <= most, (rotation, point)


@pytest.mark.parametrize("layout", [layout for layout in LAYOUTS.values()
                                    if layout.kind is TileKind.STANDARD],
                         ids=lambda layout: layout.name)
def test_the_points_turn_with_the_tile(layout: Layout) -> None:
    """R-G5: a tile turned 90° clockwise shows its north at the east: each point a
    segment answers to moves two places on, clockwise."""
    for rotation in Rotation:
        for segment in range(len(layout.segments)):
            unturned = compass_points(layout, Rotation.R0, segment)
            turned = {COMPASS_POINTS[(COMPASS_POINTS.index(p) + 2 * rotation) % 8]
                      for p in unturned}
            assert set(compass_points(layout, rotation, segment)) == turned


@pytest.mark.parametrize(("name", "rotation", "segment", "points"), [
    ("S01", Rotation.R0, 0, ("N", "S")),              # the straight tributary
    ("S01", Rotation.R0, 1, ("SW", "W", "NW")),       # its west jungle
    ("S01", Rotation.R90, 0, ("E", "W")),
    ("S03", Rotation.R0, 1, ("SW",)),                 # the inner jungle of a curve
    ("S06", Rotation.R0, 0, ("N", "NE", "NW")),       # a village cap holds N3 and N1
    ("S06", Rotation.R0, 2, ("NE", "NW")),            # the jungle between cap and creek
    ("A4", Rotation.R180, 1, ("W",)),                 # the east creek, turned
    ("D2", Rotation.R0, 6, ("E", "SE")),              # a double tile's long east side
    ("START", Rotation.R0, 4, ("E",)),                # the start tile's village
])
def test_the_points_of_some_segments(name: str, rotation: Rotation, segment: int,
                                     points: tuple[str, ...]) -> None:
    assert compass_points(LAYOUTS[name], rotation, segment) == points


def test_a_long_side_names_each_segment_along_it() -> None:
    """R-F2: on a double tile's long side the edge's point covers both cells: the
    tributary and the jungle beside it both answer to E."""
    assert segments_at(LAYOUTS["D2"], Rotation.R0, "E") == (1, 6)
    assert segments_at(LAYOUTS["D2"], Rotation.R180, "E") == (2, 3)


def test_two_jungles_at_one_corner_both_answer_to_it() -> None:
    """A tile-set file may draw two jungles at one corner (R-F1): both answer to it."""
    ports = (0,) + (2,) * 10 + (1,)  # N1 is jungle 0, W3 jungle 1: both at the NW corner
    layout = Layout(name="X", kind=TileKind.STANDARD, title="crafted", width=1, height=1,
                    segments=(Segment("a", Terrain.JUNGLE, ()), Segment("b", Terrain.JUNGLE, ()),
                              Segment("v", Terrain.VILLAGE, ())),
                    variants=(Variant(Rotation.R0, (VariantCell(0, 0, (3, 3, 3, 3), ports),)),))
    assert segments_at(layout, Rotation.R0, "NW") == (0, 1)
    assert segments_at(layout, Rotation.R0, "N") == (2,)
    assert compass_points(layout, Rotation.R0, 2) == ("N", "NE", "E", "SE", "S", "SW", "W")


@pytest.mark.parametrize("point", ["ne", "EN", "X", "", "N "])
def test_a_point_that_is_not_one_is_a_value_error(point: str) -> None:
    with pytest.raises(ValueError, match="a compass point is one of N NE E SE S SW W NW"):
        segments_at(LAYOUTS["S01"], Rotation.R0, point)


def test_a_segment_or_rotation_the_layout_lacks_is_refused() -> None:
    with pytest.raises(IndexError):
        compass_points(LAYOUTS["S01"], Rotation.R0, 3)
    with pytest.raises(ValueError, match="cannot be turned by 90°"):
        compass_points(LAYOUTS["A1"], Rotation.R90, 0)
    with pytest.raises(ValueError, match="cannot be turned by 90°"):
        segments_at(LAYOUTS["A1"], Rotation.R90, "N")
