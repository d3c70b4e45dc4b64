"""Unit tests of features: segments joined across edges, open ports, completion, pieces and
majority, tile counts and the Boat icons newly connected to meeples
(R-F1–R-F5, R-F8, R-M1, R-T4).

Boards are built with :class:`Board` and :meth:`FeatureGraph.add_placement` directly,
from copies of the reference tile set (its data file lists each copy's icons).
"""

from __future__ import annotations

import pytest

from carcassonne_amazonas import reference_tileset
from carcassonne_amazonas.rules.board import Board
from carcassonne_amazonas.rules.features import (
    Feature,
    FeatureGraph,
    PlacementResult,
    node_of,
    placement_of,
    segment_of,
)
from carcassonne_amazonas.tiles.geometry import Position, Rotation, cell_key
from carcassonne_amazonas.tiles.layout import Terrain
from carcassonne_amazonas.tiles.tileset import TileSet

R0, R90, R180, R270 = Rotation


class Build:
    """Places reference tiles one by one and keeps the board and the feature graph."""

    def __init__(self, num_players: int = 2, *, start: bool = False) -> None:
        self.ts: TileSet = reference_tileset()
        self.num_players = num_players
        self.graph = FeatureGraph.empty()
        if start:
            self.board = Board.with_start_tile(self.ts.start_tile)
            self.graph = self.graph.add_placement(self.board, 0, num_players).graph
        else:
            self.board = Board(placements=(), river_column=0, river_end_row=0, cells={},
                               open_cells={})

    def place(self, tile: str, x: int, y: int, rotation: Rotation = R0) -> PlacementResult:
        """Place the copy named ``tile`` with its anchor at (x, y); returns the result."""
        self.board, index = self.board.place(self.ts.tile_named(tile), rotation, cell_key(x, y))
        result = self.graph.add_placement(self.board, index, self.num_players)
        self.graph = result.graph
        return result

    def node(self, index: int, segment: str) -> int:
        """The node of the segment called ``segment`` of the ``index``-th placed tile."""
        layout = self.board.placements[index].tile.layout
        names = [s.name for s in layout.segments]
        return node_of(index, names.index(segment))

    def feature(self, index: int, segment: str) -> Feature:
        return self.graph.feature_of(self.node(index, segment))

    def meeple(self, index: int, segment: str, player: int) -> None:
        self.graph = self.graph.with_piece(self.node(index, segment), player)


def test_node_numbering_round_trips() -> None:
    """Nodes pack (placement index, segment index)."""
    for index in (0, 1, 7, 300):
        for segment in (0, 5, 63):
            node = node_of(index, segment)
            assert (placement_of(node), segment_of(node)) == (index, segment)


# ---------------------------------------------------------------------------- R-F1, R-F2: merging

def test_a_single_tile_makes_one_feature_per_segment_with_all_ports_open_F1_F2() -> None:
    """R-F1, R-F2: each segment is its own feature; every edge port faces an empty cell."""
    b = Build()
    result = b.place("S01.4", 0, 0)  # straight tributary N-S with a Boat icon
    trib, west, east = (b.feature(0, s) for s in ("t", "w", "e"))
    assert (trib.terrain, west.terrain, east.terrain) == (
        Terrain.TRIBUTARY, Terrain.JUNGLE, Terrain.JUNGLE)
    assert (trib.open_ports, west.open_ports, east.open_ports) == (2, 5, 5)
    assert trib.boats == 1 and trib.tile_count == 1
    assert len(result.touched) == 3
    assert result.boat_gains == (0, 0)
    assert len(list(b.graph)) == 3


def test_segments_merge_across_a_matched_edge_and_close_the_shared_ports_F1_F2() -> None:
    """R-F1, R-F2: two straight tributaries stacked join their tributary and their jungles on
    each side; the ports on the shared edge close, the others stay open."""
    b = Build()
    b.place("S01.4", 0, 0)          # boat
    result = b.place("S01.6", 0, 1)  # fruit
    trib = b.feature(1, "t")
    assert b.graph.feature_id(b.node(0, "t")) == b.graph.feature_id(b.node(1, "t"))
    assert sorted(trib.nodes) == [b.node(0, "t"), b.node(1, "t")]
    assert trib.open_ports == 2  # N of the upper tile and S of the lower one
    assert (trib.boats, trib.fruit, trib.tile_count) == (1, 1, 2)
    west = b.feature(1, "w")
    assert b.feature(0, "w") == west
    assert west.open_ports == 5 + 5 - 2  # S3 of the upper tile met N1 of the lower one
    assert b.feature(0, "e").open_ports == 8
    assert b.feature(0, "w") != b.feature(0, "e")
    assert len(list(b.graph)) == 3
    assert set(result.touched) == {b.graph.feature_id(b.node(1, s)) for s in ("t", "w", "e")}


def test_turned_tiles_merge_through_the_facing_ports_F2() -> None:
    """R-F2: a straight tributary turned 90 degrees meets a tributary ending at a rock
    turned 270 degrees (tributary on its east edge) on the shared edge's middle."""
    b = Build()
    b.place("S02.2", 0, 0, R270)  # rock, tributary leaves east, Boat icon
    b.place("S01.1", 1, 0, R90)   # straight west-east
    trib = b.feature(1, "t")
    assert trib == b.feature(0, "t")
    assert (trib.open_ports, trib.boats, trib.tile_count) == (1, 1, 2)
    # The rock tile's single jungle surrounds the tributary: it meets both jungles of the
    # straight tile, which are therefore one feature now.
    assert b.feature(1, "w") == b.feature(1, "e") == b.feature(0, "j")
    assert b.feature(0, "j").open_ports == 11 + 5 + 5 - 4


def test_open_ports_count_only_ports_facing_empty_cells_F3() -> None:
    """R-F3: a tributary's open ends are its ports that face an empty cell."""
    b = Build()
    b.place("S03.1", 0, 0, R270)   # curve E-S
    assert b.feature(0, "t").open_ports == 2
    b.place("S03.2", 1, 0, R0)     # curve S-W
    assert b.feature(1, "t").open_ports == 2
    b.place("S03.3", 1, 1, R90)    # curve W-N
    assert b.feature(2, "t").open_ports == 2
    assert not b.feature(2, "t").is_completed


# ---------------------------------------------------------------------------- R-F3: completion

def test_tributary_loop_is_completed_F3() -> None:
    """R-F3: a tributary that loops back onto itself has no open end: completed."""
    b = Build()
    b.place("S03.1", 0, 0, R270)   # E-S
    b.place("S03.6", 1, 0, R0)     # S-W, Boat icon
    b.place("S03.7", 1, 1, R90)    # W-N, Fruit icon
    before = b.feature(2, "t")
    assert before.open_ports == 2 and not before.is_completed
    b.place("S03.8", 0, 1, R180)   # N-E closes the loop
    loop = b.feature(3, "t")
    assert loop.open_ports == 0 and loop.is_completed
    assert (loop.tile_count, loop.boats, loop.fruit) == (4, 1, 1)
    assert len(loop.nodes) == 4


def test_tributary_ending_at_two_rocks_is_completed_F3() -> None:
    """R-F3: a tributary closed by a rock at each end is completed."""
    b = Build()
    b.place("S02.1", 0, 0, R0)      # tributary leaves south
    assert not b.feature(0, "t").is_completed
    b.place("S02.2", 0, 1, R180)    # tributary leaves north
    trib = b.feature(1, "t")
    assert trib.is_completed and trib.tile_count == 2 and trib.boats == 1


def test_jungles_never_complete_F5() -> None:
    """R-F5: the jungle inside a tributary loop has no open port but is never completed;
    the jungle outside is separate from it (tributaries separate jungles)."""
    b = Build()
    b.place("S03.4", 0, 0, R270)
    b.place("S03.1", 1, 0, R0)
    b.place("S03.2", 1, 1, R90)
    b.place("S03.8", 0, 1, R180)   # inner jungle with an animal
    inner = b.feature(0, "inner")
    outer = b.feature(0, "outer")
    assert inner.terrain is Terrain.JUNGLE
    assert inner.open_ports == 0 and not inner.is_completed
    assert inner.tile_count == 4 and inner.animals == 1
    assert outer != inner and outer == b.feature(3, "outer")
    assert outer.animals == 1 and not outer.is_completed  # S03.4's animal is outside


def test_village_closed_on_all_sides_is_completed_F4() -> None:
    """R-F4: a village on all four edges, capped on every side, is completed; one side
    missing leaves it open."""
    b = Build()
    b.place("S09.1", 0, 0)           # village on all four edges, 2 Fruit icons
    b.place("S05.1", 0, -1, R180)    # cap with the village facing south
    b.place("S05.5", 1, 0, R270)     # cap facing west, 1 Fruit icon
    b.place("S05.2", 0, 1, R0)       # cap facing north
    before = b.feature(0, "v")
    assert before.open_ports == 3 and not before.is_completed
    b.place("S05.3", -1, 0, R90)     # cap facing east closes it
    village = b.feature(0, "v")
    assert village.terrain is Terrain.VILLAGE
    assert village.open_ports == 0 and village.is_completed
    assert (village.tile_count, village.fruit) == (5, 3)
    # The caps' jungles are not part of it and never complete.
    assert not b.feature(1, "j").is_completed


def test_village_of_two_caps_is_completed_F4() -> None:
    """R-F4: two caps facing each other close a village."""
    b = Build()
    b.place("S05.5", 0, 0, R0)
    b.place("S05.4", 0, -1, R180)
    village = b.feature(0, "v")
    assert village.is_completed and village.tile_count == 2 and village.fruit == 1


# ---------------------------------------------------------------------------- R-F8

def test_tile_count_counts_a_tile_once_even_with_two_segments_in_the_feature_F8() -> None:
    """R-F8: a tributary leaving a 3-way rock east and coming back from the south around a
    loop holds two segments of that tile, but the tile counts once."""
    b = Build()
    b.place("S04.3", 0, 0)           # rock: tributaries east (Boat icon), south, west
    b.place("S03.1", 1, 0, R0)       # S-W
    b.place("S03.2", 1, 1, R90)      # W-N
    b.place("S03.3", 0, 1, R180)     # N-E
    trib = b.feature(0, "east")
    assert trib == b.feature(0, "south")
    assert b.feature(0, "west") != trib
    assert len(trib.nodes) == 5
    assert trib.tile_count == 4
    assert trib.placement_indices == frozenset({0, 1, 2, 3})
    assert trib.is_completed and trib.boats == 1


def test_start_tile_counts_once_F8() -> None:
    """R-F8: a tile capping the start tile's northern tributary joins the start tile's two
    northern jungles through one jungle; each feature counts the start tile once."""
    b = Build(start=True)
    assert b.feature(0, "north").open_ports == 1
    b.place("S02.1", 1, -1, R0)      # rock, tributary leaves south onto the start tile
    trib = b.feature(1, "t")
    assert trib == b.feature(0, "north")
    assert trib.is_completed and trib.tile_count == 2 and trib.boats == 1
    jungle = b.feature(1, "j")
    assert jungle == b.feature(0, "source") == b.feature(0, "northeast")
    assert len(jungle.nodes) == 3 and jungle.tile_count == 2
    assert jungle.animals == 2  # one on the start tile's source jungle, one on S02.1


def test_double_tile_counts_once_F8() -> None:
    """R-F8: a double tile counts once although it covers two cells; its Amazon joins the
    start tile's Amazon, which is never completed (only tributaries and villages are)."""
    b = Build(start=True)
    b.place("D1.1", 0, 4, R0)
    amazon = b.feature(1, "river")
    assert amazon == b.feature(0, "river")
    assert amazon.terrain is Terrain.AMAZON and amazon.tile_count == 2
    assert amazon.open_ports == 1 and not amazon.is_completed
    # D1's west jungle runs down both cells; two straight tiles beside it join it.
    b.place("S01.2", -1, 4, R0)
    b.place("S01.3", -1, 5, R0)
    west = b.feature(1, "west")
    assert west == b.feature(2, "e") == b.feature(3, "e") == b.feature(0, "southwest")
    assert west.tile_count == 4  # start, double, two straights
    assert b.board.placements[1].cells == (Position(0, 4), Position(0, 5))


# ---------------------------------------------------------------------------- R-M1: pieces

def test_majority_with_several_meeples_M1() -> None:
    """R-M1: the most meeples on a feature win; pieces survive merges."""
    b = Build(3)
    b.place("S02.1", 0, 0, R270)    # rock, tributary east
    b.place("S01.1", 2, 0, R90)     # straight west-east
    b.place("S01.2", 4, 0, R90)     # straight west-east
    b.meeple(0, "t", 1)
    b.meeple(1, "t", 1)
    b.meeple(2, "t", 0)
    assert b.feature(0, "t").majority() == (1,)
    assert b.feature(2, "t").majority() == (0,)
    b.place("S01.4", 1, 0, R90)     # joins tiles 0 and 1
    b.place("S01.5", 3, 0, R90)     # and tile 2's tributary
    trib = b.feature(0, "t")
    assert trib == b.feature(2, "t") and trib.is_completed is False
    assert sorted(owner for _, owner in trib.pieces) == [0, 1, 1]
    assert trib.pieces_of(1) == 2 and trib.pieces_of(0) == 1 and trib.pieces_of(2) == 0
    assert trib.majority() == (1,)


def test_majority_ties_and_no_pieces_M1() -> None:
    """R-M1: tied players all have the majority, in player order; no pieces, nobody."""
    b = Build(4)
    b.place("S01.1", 0, 0)
    assert b.feature(0, "t").majority() == ()
    b.meeple(0, "t", 3)
    b.meeple(0, "t", 1)
    assert b.feature(0, "t").majority() == (1, 3)
    b.meeple(0, "t", 3)
    assert b.feature(0, "t").majority() == (3,)


def test_without_pieces_clears_only_the_given_features_and_keeps_the_old_graph() -> None:
    """R-T7, R-T10: scored features lose their meeples; graphs are immutable."""
    b = Build()
    b.place("S01.1", 0, 0)
    b.meeple(0, "t", 0)
    b.meeple(0, "w", 1)
    with_pieces = b.graph
    tid = with_pieces.feature_id(b.node(0, "t"))
    cleared = with_pieces.without_pieces((tid,))
    assert cleared.feature(tid).pieces == ()
    assert cleared.feature_of(b.node(0, "w")).pieces == ((b.node(0, "w"), 1),)
    assert with_pieces.feature(tid).pieces == ((b.node(0, "t"), 0),)
    assert cleared != with_pieces
    assert cleared.piece_set() == frozenset({(b.node(0, "w"), 1)})


def test_add_placement_leaves_the_old_graph_untouched() -> None:
    b = Build()
    b.place("S02.1", 0, 0, R0)
    old = b.graph
    b.place("S02.2", 0, 1, R180)
    assert old.feature_of(b.node(0, "t")).open_ports == 1
    assert b.feature(0, "t").open_ports == 0


# ---------------------------------------------------------------------------- R-T4

def test_joining_two_tributaries_with_different_owners_gains_boats_T4() -> None:
    """R-T4 (as in worked example 6): player 0's tributary has 1 Boat icon, player 1's has
    none; a tile with 1 Boat icon joins them. The result has 2 icons: player 0 already
    held 1 and gains 1, player 1 held none and gains 2; player 2 has no meeple there."""
    b = Build(3)
    b.place("S02.2", 0, 0, R270)    # rock, tributary east, Boat icon
    b.place("S02.1", 2, 0, R90)     # rock, tributary west, no icon
    b.meeple(0, "t", 0)
    b.meeple(1, "t", 1)
    result = b.place("S01.4", 1, 0, R90)   # straight with a Boat icon joins them
    trib = b.feature(2, "t")
    assert trib.boats == 2 and trib.is_completed and trib.tile_count == 3
    assert result.boat_gains == (1, 2, 0)


def test_joining_two_tributaries_of_one_owner_counts_both_parts_as_held_T4() -> None:
    """R-T4: icons of the parts that already held the player's meeples do not count again;
    the number of meeples does not matter."""
    b = Build(2)
    b.place("S02.2", 0, 0, R270)    # Boat icon
    b.place("S01.5", 2, 0, R90)     # Boat icon
    b.meeple(0, "t", 0)
    b.meeple(1, "t", 0)
    b.meeple(1, "t", 0)
    result = b.place("S01.9", 1, 0, R90)   # Boat icon in the joining tile
    assert b.feature(2, "t").boats == 3
    assert result.boat_gains == (1, 0)


def test_extending_a_tributary_gains_the_new_tiles_boats_T4() -> None:
    """R-T4: a tile extending a tributary connects its Boat icons to the meeples there,
    whoever placed it; a tile with none gains nothing."""
    b = Build(2)
    b.place("S01.1", 0, 0)
    b.meeple(0, "t", 1)
    assert b.place("S01.4", 0, 1).boat_gains == (0, 1)
    assert b.place("S01.2", 0, 2).boat_gains == (0, 0)
    assert b.place("S03.6", 0, 3, R90).boat_gains == (0, 1)  # curve W-N with a Boat icon


def test_tiles_touching_only_jungles_or_empty_tributaries_gain_nothing_T4() -> None:
    """R-T4: only tributaries holding meeples gain; camps in jungles gain nothing."""
    b = Build(2)
    b.place("S01.1", 0, 0)
    b.meeple(0, "w", 0)   # a camp in the western jungle
    assert b.place("S01.4", 0, 1).boat_gains == (0, 0)   # tributary without meeples
    assert b.place("S01.5", -1, 0, R0).boat_gains == (0, 0)  # touches the camp's jungle


def test_closing_a_loop_onto_a_held_tributary_counts_its_icons_once_T4() -> None:
    """R-T4: a tile touching the same held tributary at both ends adds only its own icons."""
    b = Build(2)
    b.place("S03.6", 0, 0, R270)   # Boat icon
    b.place("S03.1", 1, 0, R0)
    b.place("S03.2", 1, 1, R90)
    b.meeple(2, "t", 1)
    result = b.place("S03.3", 0, 1, R180)
    assert b.feature(3, "t").boats == 1
    assert result.boat_gains == (0, 0)


@pytest.mark.parametrize("players", [2, 5])
def test_boat_gains_have_one_entry_per_player_T4(players: int) -> None:
    b = Build(players)
    b.place("S01.1", 0, 0)
    b.meeple(0, "t", players - 1)
    gains = b.place("S01.4", 0, 1).boat_gains
    assert len(gains) == players and gains[players - 1] == 1 and sum(gains) == 1
