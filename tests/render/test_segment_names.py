"""A tile's segments in words, from one vocabulary (R-F1, R-G5): ``segment_name``.

Every text that names a segment (the menus of ``play``, the explanations, the tile
descriptions and the SVG's segment labels) words it the same way, by its terrain and
where it reaches the turned tile's outline, never by the tile-set file's own names.
"""

from __future__ import annotations

import pytest

from carcassonne_amazonas import (
    PlaceMeeple,
    PlaceTile,
    apply_action,
    apply_action_with_events,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.render.explain import describe_action, describe_events
from carcassonne_amazonas.render.svg import tile_svg
from carcassonne_amazonas.render.text import tile_description
from carcassonne_amazonas.tiles.geometry import Rotation
from carcassonne_amazonas.tiles.layout import (
    Layout,
    Segment,
    Terrain,
    TileKind,
    Variant,
    VariantCell,
)
from carcassonne_amazonas.tiles.segment_names import segment_name
from carcassonne_amazonas.tiles.tileset import TileSet


def layout_named(tileset: TileSet, name: str) -> Layout:
    return next(tile.layout for tile in tileset.tiles if tile.layout.name == name)


@pytest.mark.parametrize("bonus_river", [False, True])
def test_every_segment_of_every_turned_tile_has_words_of_its_own(bonus_river: bool) -> None:
    """R-F1: in every rotation of every layout of the shipped sets, no two segments are
    worded alike, so a menu line always picks out one segment."""
    layouts = {tile.layout.name: tile.layout
               for tile in reference_tileset(bonus_river=bonus_river).tiles}
    for layout in layouts.values():
        for rotation in layout.rotations:
            words = [segment_name(layout, rotation, i) for i in range(len(layout.segments))]
            assert len(set(words)) == len(words), (layout.name, rotation, words)
            assert all("(segment" not in w for w in words), (layout.name, rotation, words)


@pytest.mark.parametrize(("layout", "rotation", "segment", "words"), [
    ("S05", Rotation.R0, 0, "the village"),  # the tile's only village
    ("S11", Rotation.R0, 0, "the village on the north edge"),
    ("S11", Rotation.R90, 0, "the village on the east edge"),  # turned clockwise (R-G5)
    ("S01", Rotation.R0, 1, "the jungle on the west edge"),
    ("S03", Rotation.R0, 1, "the jungle at the south-west corner"),
    ("S03", Rotation.R0, 2, "the jungle on the north and east edges"),
    ("S07", Rotation.R0, 3, "the jungle on the east edge and at the north-west corner"),
    ("S16", Rotation.R0, 3, "the jungle at the south-east and north-west corners"),
    ("A4", Rotation.R0, 1, "the tributary on the east edge"),
    ("A4", Rotation.R180, 1, "the tributary on the west edge"),
    ("A4", Rotation.R0, 0, "the Amazon"),
    ("D2", Rotation.R0, 3, "the jungle on the west edge"),  # a double tile's long side
    ("START", Rotation.R0, 5, "the jungle on the north and west edges"),
])
def test_the_words_of_a_segment(layout: str, rotation: Rotation, segment: int,
                                words: str) -> None:
    tileset = reference_tileset()
    assert segment_name(layout_named(tileset, layout), rotation, segment) == words


def test_two_segments_in_the_same_places_also_say_their_numbers() -> None:
    """A tile-set file may draw two jungles at one corner (R-F1): each then says its
    number too, so the words still pick out one segment."""
    ports = (0,) + (2,) * 10 + (1,)  # N1 is jungle 0, W3 jungle 1: both at the NW corner
    layout = Layout(name="X", kind=TileKind.STANDARD, title="crafted", width=1, height=1,
                    segments=(Segment("a", Terrain.JUNGLE, ()), Segment("b", Terrain.JUNGLE, ()),
                              Segment("v", Terrain.VILLAGE, ())),
                    variants=(Variant(Rotation.R0, (VariantCell(0, 0, (3, 3, 3, 3), ports),)),))
    assert segment_name(layout, Rotation.R0, 0) == \
        "the jungle at the north-west corner (segment 0)"
    assert segment_name(layout, Rotation.R0, 1) == \
        "the jungle at the north-west corner (segment 1)"
    assert segment_name(layout, Rotation.R0, 2) == "the village"


def test_menus_explanations_descriptions_and_labels_use_the_words() -> None:
    """R-T5: the menu line and the explanation of a meeple name the segment the same
    way; a tile description and the SVG's segment labels too."""
    state = apply_action(new_game(2, seed=1), PlaceTile.from_notation("t0,4,0"))
    meeple = PlaceMeeple.from_notation("m0,4,1")
    assert meeple in legal_actions(state)
    assert describe_action(state, meeple).startswith(
        "a meeple on the tributary on the east edge (")
    _, events = apply_action_with_events(state, meeple)
    assert describe_events(state, meeple, events)[0] == \
        "yellow puts a meeple on the tributary on the east edge of A4.3 (R-T5)"
    tile = next(t for t in reference_tileset().tiles if t.name == "A1.1")
    assert "on the Amazon" in tile_description(tile)
    svg = tile_svg(tile, Rotation.R0, segment_labels=True)
    assert "<title>segment 1: the jungle on the west edge</title>" in svg
