"""Unit tests of feature scoring and final scoring (R-T7, R-M1, R-E2–R-E5, R-F8)."""

from __future__ import annotations

import pytest

from carcassonne_amazonas.rules.features import Feature, node_of
from carcassonne_amazonas.rules.scoring import (
    completed_points,
    final_feature_values,
    jungle_points,
    river_points,
    score_feature,
    unfinished_points,
)
from carcassonne_amazonas.tiles.layout import Terrain


def feature(terrain: Terrain, tiles: int, *, fruit: int = 0, animals: int = 0, boats: int = 0,
            open_ports: int = 0, pieces: tuple[int, ...] = (), first_tile: int = 0,
            extra_nodes: int = 0) -> Feature:
    """A feature over ``tiles`` distinct tiles (segment 0 of each), plus ``extra_nodes``
    more segments of its first tile; ``pieces`` lists the owner of each piece."""
    nodes = tuple(node_of(first_tile + i, 0) for i in range(tiles))
    nodes += tuple(node_of(first_tile, 1 + k) for k in range(extra_nodes))
    return Feature(terrain, nodes, open_ports, boats, fruit, animals,
                   tuple((nodes[0], owner) for owner in pieces))


# ---------------------------------------------------------------------------- R-T7

@pytest.mark.parametrize(("tiles", "fruit", "points"), [(1, 0, 1), (3, 1, 4), (4, 1, 5),
                                                        (2, 3, 5)])
def test_completed_tributary_scores_1_per_tile_and_1_per_fruit_T7(
        tiles: int, fruit: int, points: int) -> None:
    """R-T7 (worked examples 3 and 6): a completed tributary of 3 tiles and 1 Fruit icon
    scores 4; of 4 tiles and 1 Fruit icon, 5."""
    assert completed_points(feature(Terrain.TRIBUTARY, tiles, fruit=fruit)) == points


@pytest.mark.parametrize(("tiles", "fruit", "points"), [(2, 0, 4), (3, 1, 7), (5, 3, 13)])
def test_completed_village_scores_2_per_tile_and_1_per_fruit_T7(
        tiles: int, fruit: int, points: int) -> None:
    """R-T7 (worked examples 4 and 7): a completed village of 3 tiles and 1 Fruit icon
    scores 7; of 5 tiles and 3 Fruit icons, 13."""
    assert completed_points(feature(Terrain.VILLAGE, tiles, fruit=fruit)) == points


def test_completed_points_count_distinct_tiles_F8_T7() -> None:
    """R-F8: two segments of one tile in a feature count that tile once; Boat icons and
    animals are not worth points."""
    trib = feature(Terrain.TRIBUTARY, 4, fruit=0, extra_nodes=1, boats=3, animals=2)
    assert len(trib.nodes) == 5 and trib.tile_count == 4
    assert completed_points(trib) == 4
    village = feature(Terrain.VILLAGE, 2, fruit=1, extra_nodes=2)
    assert completed_points(village) == 2 * 2 + 1


# ---------------------------------------------------------------------------- R-E2, R-E3, R-E4

def test_unfinished_tributary_scores_1_per_tile_and_fruit_E2() -> None:
    """R-E2 (worked example 8): an unfinished tributary of 2 tiles + 1 Fruit icon gives 3."""
    assert unfinished_points(feature(Terrain.TRIBUTARY, 2, fruit=1, open_ports=1)) == 3


def test_unfinished_village_scores_only_1_per_tile_E3() -> None:
    """R-E3 (worked example 8): an unfinished village of 2 tiles + 2 Fruit icons gives 4
    (1 per tile, not the 2 of a completed village)."""
    village = feature(Terrain.VILLAGE, 2, fruit=2, open_ports=3)
    assert unfinished_points(village) == 4
    assert completed_points(village) == 6


@pytest.mark.parametrize("animals", [0, 3, 5])
def test_jungle_scores_1_per_animal_E4(animals: int) -> None:
    """R-E4 (worked example 8): camps in jungles of 3 and 5 animals give 3 and 5; the size
    of the jungle does not matter."""
    assert jungle_points(feature(Terrain.JUNGLE, 7, animals=animals, pieces=(0,))) == animals


def test_jungle_is_scored_once_however_many_camps_E4() -> None:
    """R-E4 Decision: two camps of one player in one jungle score it once."""
    jungle = feature(Terrain.JUNGLE, 3, animals=4, pieces=(1, 1))
    values = final_feature_values([jungle])
    assert values == [(jungle, 4)]
    assert score_feature(jungle, 4, 2).points == (0, 4)


# ---------------------------------------------------------------------------- R-M1

def test_score_feature_gives_the_value_to_the_majority_M1() -> None:
    """R-M1 (worked example 7): two meeples against one: only the majority scores; every
    piece on the feature is counted for its owner."""
    village = feature(Terrain.VILLAGE, 5, fruit=3, pieces=(0, 3, 0))
    result = score_feature(village, completed_points(village), 4)
    assert result.points == (13, 0, 0, 0)
    assert result.pieces == (2, 0, 0, 1)


def test_score_feature_ties_each_score_the_full_value_M1() -> None:
    """R-M1 (worked example 6): tied players each score the full amount."""
    trib = feature(Terrain.TRIBUTARY, 4, fruit=1, pieces=(0, 2))
    result = score_feature(trib, completed_points(trib), 3)
    assert result.points == (5, 0, 5)
    assert result.pieces == (1, 0, 1)
    trib = feature(Terrain.TRIBUTARY, 4, fruit=1, pieces=(2, 0, 1, 2, 0))
    assert score_feature(trib, 5, 3).points == (5, 0, 5)


def test_score_feature_without_pieces_scores_for_nobody_T7() -> None:
    """R-T7: a completed feature without meeples scores for nobody."""
    result = score_feature(feature(Terrain.TRIBUTARY, 3, fruit=1), 4, 5)
    assert result.points == (0, 0, 0, 0, 0)
    assert result.pieces == (0, 0, 0, 0, 0)


# ---------------------------------------------------------------------------- final features

def test_final_feature_values_worked_example_8_E2_E3_E4() -> None:
    """R-E2–R-E4 (worked example 8): unfinished tributary 3, unfinished village 4, jungles
    with camps 3 and 5."""
    trib = feature(Terrain.TRIBUTARY, 2, fruit=1, open_ports=1, pieces=(0,), first_tile=1)
    village = feature(Terrain.VILLAGE, 2, fruit=2, open_ports=2, pieces=(0,), first_tile=3)
    small = feature(Terrain.JUNGLE, 1, animals=3, open_ports=4, pieces=(0,), first_tile=5)
    big = feature(Terrain.JUNGLE, 4, animals=5, open_ports=9, pieces=(0,), first_tile=6)
    values = final_feature_values([big, village, small, trib])
    assert [v for _, v in values] == [3, 4, 3, 5]
    assert [f for f, _ in values] == [trib, village, small, big]  # by lowest node


def test_final_feature_values_skip_features_without_pieces_E2_E3_E4() -> None:
    """R-E2–R-E4: only features with pieces score: no meeple, no camp, nothing."""
    features = [
        feature(Terrain.TRIBUTARY, 2, fruit=1, open_ports=1),
        feature(Terrain.VILLAGE, 2, fruit=1, open_ports=1, first_tile=2),
        feature(Terrain.JUNGLE, 2, animals=4, open_ports=3, first_tile=4),
    ]
    assert final_feature_values(features) == []


def test_final_feature_values_skip_completed_features_and_the_amazon_E2_E3_F6() -> None:
    """R-E2, R-E3: only unfinished tributaries and villages are scored at the end (completed
    ones were scored in play, R-T7); the Amazon is never scored (R-F6)."""
    done_trib = feature(Terrain.TRIBUTARY, 3, open_ports=0, pieces=(1,))
    done_village = feature(Terrain.VILLAGE, 3, open_ports=0, pieces=(1,), first_tile=3)
    amazon = feature(Terrain.AMAZON, 3, open_ports=1, pieces=(1,), first_tile=6)
    open_trib = feature(Terrain.TRIBUTARY, 3, open_ports=2, pieces=(1,), first_tile=9)
    assert final_feature_values([done_trib, done_village, amazon, open_trib]) == [
        (open_trib, 3)]


def test_final_feature_values_score_jungles_with_camps_even_with_no_open_port_F5_E4() -> None:
    """R-F5, R-E4: a jungle is never completed, so a closed-in jungle with camps still scores."""
    jungle = feature(Terrain.JUNGLE, 4, animals=2, open_ports=0, pieces=(0, 1))
    assert final_feature_values([jungle]) == [(jungle, 2)]
    assert score_feature(jungle, 2, 2).points == (2, 2)


# ---------------------------------------------------------------------------- R-E5

def test_river_points_use_the_mouth_by_dense_rank_E5() -> None:
    """R-E5 (worked example 9): 5 players, 7/4/1 with ties sharing full points; 2 players
    need second place directly behind (R-A3)."""
    assert river_points((2, 12, 9, 9, 5), (7, 4, 1)) == (0, 7, 4, 4, 1)
    assert river_points((9, 8), (6, 3)) == (6, 3)
    assert river_points((9, 6), (6, 3)) == (6, 0)
    assert river_points((9, 6, 6), (6, 3)) == (6, 3, 3)
