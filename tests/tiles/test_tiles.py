"""Unit tests of the tile-set model and the reconstructed reference set
(R-C3–R-C6, R-E5, R-F7, R-G1, R-G3, R-G5, R-G6; docs/tileset.md known facts)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from carcassonne_amazonas import reference_tileset
from carcassonne_amazonas.rules.board import Board
from carcassonne_amazonas.tiles.geometry import (
    PORTS_PER_SIDE,
    Rotation,
    Side,
    port_name,
    rotate_port,
)
from carcassonne_amazonas.tiles.layout import Layout, Terrain, TileKind
from carcassonne_amazonas.tiles.tileset import Icons, TileSet

STANDARD_COPIES = [10, 2, 8, 3, 5, 2, 5, 1, 1, 3, 2, 2, 5, 5, 1, 1, 2, 3, 3, 1]
JUNGLE, TRIBUTARY, VILLAGE, AMAZON = (t.value for t in Terrain)


@pytest.fixture(scope="module")
def ts() -> TileSet:
    return reference_tileset()


def copies(ts: TileSet, layout: Layout) -> int:
    return sum(1 for tile in ts.tiles if tile.layout is layout)


def layouts_of(ts: TileSet, kind: TileKind) -> list[Layout]:
    return [layout for layout in ts.layouts if layout.kind is kind]


def edges(layout: Layout, rotation: Rotation = Rotation.R0) -> tuple[int, int, int, int]:
    return layout.variant(rotation).cells[0].edges


def port_of(name: str) -> int:
    return Side("NESW".index(name[0])) * PORTS_PER_SIDE + int(name[1]) - 1


def signature(n: int = 0, e: int = 0, s: int = 0, w: int = 0) -> int:
    return n + 5 * e + 25 * s + 125 * w


# ---------------------------------------------------------------------------- counts (R-C3, R-C4)

def test_reference_set_has_65_standard_tiles_in_20_layouts_in_overview_order_C3(
        ts: TileSet) -> None:
    """R-C3 / docs/tileset.md: 65 standard tiles, 20 layouts, copies 10 2 8 3 5 2 5 1 1 3 2 2 5 5
    1 1 2 3 3 1 in the rulebook's order."""
    standard = layouts_of(ts, TileKind.STANDARD)
    assert len(standard) == 20
    assert [copies(ts, layout) for layout in standard] == STANDARD_COPIES
    assert len(ts.of_kind(TileKind.STANDARD)) == 65 == sum(STANDARD_COPIES)


def test_reference_set_has_15_amazon_tiles_7_2_3_3_with_one_group_of_3_bang_tiles_C3(
        ts: TileSet) -> None:
    """R-C3: 15 Amazon tiles in 4 layouts with copies 7, 2, 3, 3; one group of 3 carries '!'."""
    amazon = layouts_of(ts, TileKind.AMAZON)
    assert [copies(ts, layout) for layout in amazon] == [7, 2, 3, 3]
    assert len(ts.of_kind(TileKind.AMAZON)) == 15
    bang = [layout for layout in amazon if layout.exclamation]
    assert len(bang) == 1 and copies(ts, bang[0]) == 3
    assert sum(1 for tile in ts.tiles if tile.layout.exclamation) == 3
    assert not any(layout.exclamation for layout in ts.layouts if layout.kind is not
                   TileKind.AMAZON)


def test_land_tiles_are_80_standard_and_amazon_tiles_C3(ts: TileSet) -> None:
    """R-C3: the pile is the 80 land tiles: 65 standard + 15 Amazon (no doubles, no start)."""
    land = ts.land_tiles
    assert len(land) == 80
    assert Counter(t.kind for t in land) == {TileKind.STANDARD: 65, TileKind.AMAZON: 15}
    assert len({t.id for t in ts.tiles}) == len(ts.tiles)
    assert [t.id for t in ts.tiles] == list(range(len(ts.tiles)))


def test_four_different_double_tiles_with_two_river_spaces_each_C4(ts: TileSet) -> None:
    """R-C4: 4 Amazon double tiles, all different, 1x2 cells, 2 river spaces each (R-T9)."""
    doubles = ts.double_tiles
    assert len(doubles) == 4
    assert len({tile.layout.name for tile in doubles}) == 4
    drawings = []
    for tile in doubles:
        layout = tile.layout
        assert (layout.width, layout.height) == (1, 2)
        assert layout.river_spaces == 2
        assert copies(ts, layout) == 1
        drawings.append({tuple(cell.edges for cell in layout.variant(r).cells)
                         for r in layout.rotations})
    # No double shows the same edges as another double, in either orientation.
    for i, first in enumerate(drawings):
        for second in drawings[i + 1:]:
            assert not first & second
    # The bang tiles never outnumber the doubles (R-C4: one double always stays unused).
    assert sum(1 for t in ts.tiles if t.layout.exclamation) < len(doubles)


def test_river_spaces_per_tile_kind_T9(ts: TileSet) -> None:
    """R-T9: an Amazon tile adds 1 explored space, a double 2, other tiles none."""
    assert {t.layout.river_spaces for t in ts.of_kind(TileKind.AMAZON)} == {1}
    assert {t.layout.river_spaces for t in ts.of_kind(TileKind.DOUBLE)} == {2}
    assert {t.layout.river_spaces for t in ts.of_kind(TileKind.STANDARD)} == {0}
    assert ts.start_tile.layout.river_spaces == 0


# ---------------------------------------------------------------------------- start tile (R-C5)

def test_start_tile_is_2_by_4_with_16_or_8_river_spaces_C5(ts: TileSet) -> None:
    """R-C5: one 2x4 start tile; 16 river spaces for 2-3 players, 8 for 4-5."""
    assert len(ts.of_kind(TileKind.START)) == 1
    start = ts.start_tile.layout
    assert (start.width, start.height) == (2, 4)
    assert start.rotations == (Rotation.R0,)
    assert [ts.start_side(n).river_spaces for n in (2, 3, 4, 5)] == [16, 16, 8, 8]


def test_river_mouth_points_6_3_and_7_4_1_C6_E5(ts: TileSet) -> None:
    """R-C6, R-E5: mouth 6/3 for 2-3 players, 7/4/1 for 4-5 players."""
    assert ts.start_side(2).mouth_points == (6, 3)
    assert ts.start_side(3).mouth_points == (6, 3)
    assert ts.start_side(4).mouth_points == (7, 4, 1)
    assert ts.start_side(5).mouth_points == (7, 4, 1)


@pytest.mark.parametrize("players", [0, 1, 6])
def test_start_side_rejects_player_counts_outside_2_to_5_C1(ts: TileSet, players: int) -> None:
    """R-C1: only 2-5 players have a start side."""
    with pytest.raises(ValueError, match="no start side"):
        ts.start_side(players)


def test_start_tile_river_leaves_its_bottom_short_side_in_one_column_G1(ts: TileSet) -> None:
    """R-G1: the Amazon leaves the start tile's downstream short side in the middle of one
    of its two columns; no other outer edge of the start tile shows the Amazon."""
    cells = ts.start_tile.layout.variant(Rotation.R0).cells
    amazon_edges = [(c.dx, c.dy, Side(side)) for c in cells
                    for side in Side if c.edges[side] == AMAZON]
    assert amazon_edges == [(0, 3, Side.SOUTH)]
    outer = [e for c in cells for e in c.edges if e]
    # 2x4 footprint: 12 outer edges; mostly jungle, some tributaries and a village.
    assert len(outer) == 12
    counts = Counter(outer)
    assert counts[JUNGLE] > counts[TRIBUTARY] > 0 and counts[VILLAGE] >= 1


def test_start_board_has_exactly_10_open_cells_G2_G3(ts: TileSet) -> None:
    """R-G2, R-G3: at the start 10 cells take standard tiles (2 upstream, 4 along each long
    side); the 2 cells downstream of the start tile are closed until the river grows."""
    board = Board.with_start_tile(ts.start_tile)
    assert board.river_column == 0 and board.river_end_row == 3
    allowed = [p for p in board.open_positions if p.y <= board.river_end_row]
    assert len(allowed) == 10
    assert sorted((p.x, p.y) for p in allowed if p.y < 0) == [(0, -1), (1, -1)]
    assert sorted((p.x, p.y) for p in allowed if p.y >= 0) == sorted(
        [(-1, y) for y in range(4)] + [(2, y) for y in range(4)])
    downstream = [(p.x, p.y) for p in board.open_positions if p.y > board.river_end_row]
    assert sorted(downstream) == [(0, 4), (1, 4)]
    assert board.next_river_position.x == 0 and board.next_river_position.y == 4


# ---------------------------------------------------------------------------- icons (R-F7)

def header_totals(ts: TileSet) -> dict[str, int]:
    lines = [line for line in ts.source.splitlines() if line.startswith("icon-totals")]
    assert len(lines) == 1
    words = lines[0].split()[1:]
    return {name: int(value) for name, value in zip(words[::2], words[1::2])}


def test_icon_totals_match_the_files_header(ts: TileSet) -> None:
    """docs/tileset.md: icon totals are stated in the header and equal the copies' icons."""
    totals = header_totals(ts)
    assert set(totals) == {"boats", "fruit", "animals", "caimans", "piranhas"}
    assert ts.icon_totals == Icons(**totals)
    assert ts.icon_totals == Icons(boats=16, fruit=21, animals=36, caimans=32, piranhas=11)
    assert sum((t.total_icons for t in ts.tiles), Icons()) == ts.icon_totals


def test_piranhas_are_rarer_than_caimans(ts: TileSet) -> None:
    """docs/tileset.md constraint: piranhas are the rarer kind."""
    assert 0 < ts.icon_totals.piranhas < ts.icon_totals.caimans


def test_every_amazon_and_double_copy_shows_a_caiman_or_piranha_F7(ts: TileSet) -> None:
    """R-F7 / docs/tileset.md: every Amazon tile and double tile shows a caiman or piranha, and
    they lie in the Amazon."""
    river_tiles = [t for t in ts.tiles if t.kind.is_river]
    assert len(river_tiles) == 19
    for tile in river_tiles:
        amazon = [icons for icons, segment in zip(tile.icons, tile.layout.segments)
                  if segment.terrain is Terrain.AMAZON]
        assert len(amazon) == 1, tile
        assert amazon[0].caimans + amazon[0].piranhas >= 1, tile


def test_rulebook_example_amazon_tile_with_3_caimans_and_1_piranha_exists(ts: TileSet) -> None:
    """docs/tileset.md: the rulebook names an Amazon tile with 3 caimans and 1 piranha (R-A2)."""
    assert any((t.total_icons.caimans, t.total_icons.piranhas) == (3, 1)
               for t in ts.of_kind(TileKind.AMAZON))


def test_icons_lie_only_on_their_terrain_F7(ts: TileSet) -> None:
    """R-F7: Boat icons only on tributaries; Fruit on tributaries and villages; animals in
    jungles; caimans and piranhas in the Amazon (of Amazon and double tiles only)."""
    seen = Counter[str]()
    for tile in ts.tiles:
        assert len(tile.icons) == len(tile.layout.segments)
        for icons, segment in zip(tile.icons, tile.layout.segments):
            if icons.boats:
                seen["boats"] += icons.boats
                assert segment.terrain is Terrain.TRIBUTARY, (tile, segment.name)
            if icons.fruit:
                assert segment.terrain in (Terrain.TRIBUTARY, Terrain.VILLAGE), tile
            if icons.animals:
                assert segment.terrain is Terrain.JUNGLE, tile
            if icons.caimans or icons.piranhas:
                assert segment.terrain is Terrain.AMAZON and tile.kind.is_river, tile
    assert seen["boats"] == 16


def test_copies_of_one_layout_differ_in_icons(ts: TileSet) -> None:
    """docs/tileset.md: each copy carries its own icons; names are LAYOUT.k from 1."""
    s01 = ts.layout_named("S01")
    tiles = [t for t in ts.tiles if t.layout is s01]
    assert [t.name for t in tiles] == [f"S01.{k}" for k in range(1, 11)]
    assert len({t.icons for t in tiles}) > 1
    assert ts.tile_named("S01.4").total_icons == Icons(boats=1)
    with pytest.raises(KeyError):
        ts.tile_named("S01.11")
    with pytest.raises(KeyError):
        ts.layout_named("S99")


def test_rulebook_example_tiles_exist(ts: TileSet) -> None:
    """docs/tileset.md: a tile with three tributaries from a rock; a village with an animal in a
    jungle; a tributary with a Boat icon; a tributary with a Fruit icon."""
    def trib_count(layout: Layout) -> int:
        return sum(1 for s in layout.segments if s.terrain is Terrain.TRIBUTARY)

    standard = ts.of_kind(TileKind.STANDARD)
    assert any(trib_count(t.layout) == 3 for t in standard)
    assert any(any(s.terrain is Terrain.VILLAGE for s in t.layout.segments)
               and t.total_icons.animals for t in standard)
    assert any(i.boats and s.terrain is Terrain.TRIBUTARY
               for t in standard for i, s in zip(t.icons, t.layout.segments))
    assert any(i.fruit and s.terrain is Terrain.TRIBUTARY
               for t in standard for i, s in zip(t.icons, t.layout.segments))


def test_features_on_river_tiles_reach_a_side_edge(ts: TileSet) -> None:
    """docs/tileset.md: every tributary and village on an Amazon or double tile reaches a side
    edge, so placing a river tile never completes a feature (R-T8)."""
    for layout in ts.layouts:
        if not layout.kind.is_river:
            continue
        for segment in layout.segments:
            if segment.terrain in (Terrain.TRIBUTARY, Terrain.VILLAGE):
                sides = {cp.port // PORTS_PER_SIDE for cp in segment.ports}
                assert sides & {Side.EAST, Side.WEST}, (layout.name, segment.name)


# ---------------------------------------------------------------------------- variants (R-G5)

def test_standard_layouts_have_four_rotated_variants_G5(ts: TileSet) -> None:
    """R-G5: standard tiles turn to 4 rotations; each variant's edges and port table are the
    R0 ones turned clockwise."""
    for layout in layouts_of(ts, TileKind.STANDARD):
        assert layout.rotations == tuple(Rotation)
        assert [v.rotation for v in layout.variants] == list(Rotation)
        base = layout.variant(Rotation.R0).cells[0]
        for rotation in Rotation:
            cell = layout.variant(rotation).cells[0]
            assert (cell.dx, cell.dy) == (0, 0)
            for side in Side:
                assert cell.edges[(side + rotation) % 4] == base.edges[side]
            for p in range(12):
                assert cell.port_segments[rotate_port(p, rotation)] == base.port_segments[p]


def test_variant_edges_are_the_middle_ports_terrain_F2(ts: TileSet) -> None:
    """R-F2: an edge shows the terrain of the segment at its middle port; every port of a
    1x1 tile belongs to a segment."""
    s06 = ts.layout_named("S06")  # village cap over a straight tributary
    assert edges(s06) == (VILLAGE, TRIBUTARY, JUNGLE, TRIBUTARY)
    assert edges(s06, Rotation.R90) == (TRIBUTARY, VILLAGE, TRIBUTARY, JUNGLE)
    cell = s06.variant(Rotation.R0).cells[0]
    names = [s06.segments[i].name for i in cell.port_segments]
    assert dict(zip(map(port_name, range(12)), names)) == {
        "N1": "v", "N2": "v", "N3": "v", "E1": "north", "E2": "t", "E3": "south",
        "S1": "south", "S2": "south", "S3": "south", "W1": "south", "W2": "t", "W3": "north"}


def test_amazon_and_double_tiles_turn_only_0_or_180_degrees_G5(ts: TileSet) -> None:
    """R-G5: Amazon and double tiles have 2 orientations, R0 and R180; both keep the Amazon
    on the upstream and downstream edges (R-G6)."""
    for layout in ts.layouts:
        if not layout.kind.is_river:
            continue
        assert layout.rotations == (Rotation.R0, Rotation.R180)
        assert [v.rotation for v in layout.variants] == [Rotation.R0, Rotation.R180]
        for bad in (Rotation.R90, Rotation.R270):
            with pytest.raises(ValueError, match="cannot be turned"):
                layout.variant(bad)
        for rotation in layout.rotations:
            cells = layout.variant(rotation).cells
            assert [(c.dx, c.dy) for c in cells] == [(0, dy) for dy in range(layout.height)]
            assert cells[0].edges[Side.NORTH] == AMAZON
            assert cells[-1].edges[Side.SOUTH] == AMAZON


def test_turning_a_double_tile_swaps_its_cells_G5(ts: TileSet) -> None:
    """R-G5: a double turned 180 degrees shows its lower cell upstream, sides swapped."""
    d2 = ts.layout_named("D2")  # tributary east on the upper cell, west on the lower
    r0 = [c.edges for c in d2.variant(Rotation.R0).cells]
    r180 = [c.edges for c in d2.variant(Rotation.R180).cells]
    assert r0 == [(AMAZON, TRIBUTARY, 0, JUNGLE), (0, JUNGLE, AMAZON, TRIBUTARY)]
    assert r180 == [(AMAZON, TRIBUTARY, 0, JUNGLE), (0, JUNGLE, AMAZON, TRIBUTARY)]
    upper, lower = d2.variant(Rotation.R0).cells
    turned_upper, turned_lower = d2.variant(Rotation.R180).cells
    for p in range(12):
        assert turned_upper.port_segments[rotate_port(p, Rotation.R180)] == (
            lower.port_segments[p])
        assert turned_lower.port_segments[rotate_port(p, Rotation.R180)] == (
            upper.port_segments[p])
    east = [s.name for s in d2.segments].index("east")
    assert turned_lower.port_segments[port_of("W2")] == east
    d4 = ts.layout_named("D4")  # village along the whole east side, tributary lower west
    assert [c.edges for c in d4.variant(Rotation.R0).cells] == [
        (AMAZON, VILLAGE, 0, JUNGLE), (0, VILLAGE, AMAZON, TRIBUTARY)]
    assert [c.edges for c in d4.variant(Rotation.R180).cells] == [
        (AMAZON, TRIBUTARY, 0, VILLAGE), (0, JUNGLE, AMAZON, VILLAGE)]


def test_amazon_tiles_always_fit_their_river_cell_G6(ts: TileSet) -> None:
    """R-G6: upstream and downstream edges are bank | Amazon | bank, so both orientations fit
    below the river end."""
    for layout in layouts_of(ts, TileKind.AMAZON):
        assert layout.fitting_rotations(signature(n=AMAZON)) == (Rotation.R0, Rotation.R180)
        for rotation in layout.rotations:
            cell = layout.variant(rotation).cells[0]
            terrains = [layout.segments[cell.port_segments[p]].terrain for p in (0, 1, 2)]
            assert terrains == [Terrain.JUNGLE, Terrain.AMAZON, Terrain.JUNGLE]


def test_fitting_rotations_match_edge_constraints_G4(ts: TileSet) -> None:
    """R-G4: a rotation fits when every neighbour's edge matches; 0 means no neighbour."""
    s01 = ts.layout_named("S01")  # straight tributary N-S, jungle E and W
    assert s01.fitting_rotations(0) == tuple(Rotation)
    assert s01.fitting_rotations(signature(n=TRIBUTARY)) == (Rotation.R0, Rotation.R180)
    assert s01.fitting_rotations(signature(e=TRIBUTARY)) == (Rotation.R90, Rotation.R270)
    assert s01.fitting_rotations(signature(n=TRIBUTARY, e=JUNGLE)) == (
        Rotation.R0, Rotation.R180)
    assert s01.fitting_rotations(signature(n=TRIBUTARY, e=TRIBUTARY)) == ()
    assert s01.fitting_rotations(signature(n=VILLAGE)) == ()
    s03 = ts.layout_named("S03")  # curve S-W
    assert s03.fitting_rotations(signature(s=TRIBUTARY, w=TRIBUTARY)) == (Rotation.R0,)
    assert s03.fitting_rotations(signature(n=TRIBUTARY, e=TRIBUTARY)) == (Rotation.R180,)
    s09 = ts.layout_named("S09")  # village on all four edges
    assert s09.fitting_rotations(signature(VILLAGE, VILLAGE, VILLAGE, VILLAGE)) == tuple(
        Rotation)
    assert s09.fitting_rotations(signature(w=JUNGLE)) == ()
    # Asking again (answers are cached) gives the same answer.
    assert s01.fitting_rotations(signature(n=TRIBUTARY)) == (Rotation.R0, Rotation.R180)


def test_fitting_rotations_agree_with_variant_edges_for_every_layout_G4(ts: TileSet) -> None:
    """R-G4: for each standard layout and each single-neighbour constraint, the fitting
    rotations are exactly those whose edge on that side equals the constraint."""
    for layout in layouts_of(ts, TileKind.STANDARD):
        for side in Side:
            for terrain in (JUNGLE, TRIBUTARY, VILLAGE, AMAZON):
                sig = terrain * 5 ** side
                expected = tuple(r for r in Rotation if edges(layout, r)[side] == terrain)
                assert layout.fitting_rotations(sig) == expected, (layout.name, side, terrain)


def test_variant_edge_signature_packs_the_four_edges(ts: TileSet) -> None:
    """The edge signature packs n + 5e + 25s + 125w, as open-cell constraints do."""
    s06 = ts.layout_named("S06")
    assert s06.variant(Rotation.R0).edge_signature == signature(
        VILLAGE, TRIBUTARY, JUNGLE, TRIBUTARY)


def test_tileset_equality_is_by_checksum(ts: TileSet) -> None:
    """Two tile sets are equal when their files have the same checksum."""
    assert reference_tileset() is ts  # cached
    assert ts == ts and hash(ts) == hash(ts.checksum)
    assert re.fullmatch(r"[0-9a-f]{64}", ts.checksum)
    assert list(ts) == list(ts.tiles)
    assert ts.tile(5) is ts.tiles[5]
