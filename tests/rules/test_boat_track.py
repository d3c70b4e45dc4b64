"""Unit tests of the boat track: advances and the cap, ranking, Amazon scoring and river
points (R-T9, R-A1–R-A3, R-E5)."""

from __future__ import annotations

import pytest

from carcassonne_amazonas.rules.boat_track import (
    advanced_space,
    amazon_scoring,
    dense_ranks,
    rank_points,
)

MOUTH_4_5 = (7, 4, 1)
MOUTH_2_3 = (6, 3)


# ---------------------------------------------------------------------------- R-T9

@pytest.mark.parametrize(("space", "spaces", "length", "expected"), [
    (1, 1, 16, 2),
    (1, 3, 16, 4),
    (5, 0, 16, 5),
    (14, 2, 16, 16),   # reaches the last explored space exactly
    (15, 5, 16, 16),   # would pass it: stops on it
    (16, 1, 16, 16),   # already on it: stays
    (7, 4, 8, 8),
    (3, 9, 9, 9),
])
def test_advanced_space_stops_on_the_last_explored_space_T9(
        space: int, spaces: int, length: int, expected: int) -> None:
    """R-T9: a boat that would pass the last explored river space stops on it."""
    assert advanced_space(space, spaces, length) == expected


@pytest.mark.parametrize(("space", "spaces", "length"), [
    (10, 3, 8),    # beyond a (hypothetically shorter) track: never pulled back
    (10, 0, 8),
    (5, -2, 16),   # a negative advance does not move it upstream
])
def test_advanced_space_never_moves_a_boat_backwards_T9(
        space: int, spaces: int, length: int) -> None:
    """R-T9: boats only move forward."""
    assert advanced_space(space, spaces, length) == space


def test_advances_are_monotone_and_capped_T9() -> None:
    """R-T9: over many advances a boat never goes back and never passes the track's end."""
    for length in (8, 9, 16, 20):
        for start in range(1, length + 1):
            for spaces in range(0, 12):
                end = advanced_space(start, spaces, length)
                assert start <= end <= length
                assert end == min(start + spaces, length)


# ---------------------------------------------------------------------------- R-A1

@pytest.mark.parametrize(("boats", "ranks"), [
    ((5, 3), (1, 2)),
    ((3, 5), (2, 1)),
    ((4, 4), (1, 1)),
    ((5, 3, 5, 1), (1, 2, 1, 3)),
    ((2, 12, 9, 9, 5), (4, 1, 2, 2, 3)),
    ((1, 1, 1, 1, 1), (1, 1, 1, 1, 1)),
    ((20, 1, 19), (1, 3, 2)),
])
def test_dense_ranks_A1(boats: tuple[int, ...], ranks: tuple[int, ...]) -> None:
    """R-A1: furthest downstream first; dense ranking, so ties share a rank and the next
    occupied space is the next rank whatever the distance."""
    assert dense_ranks(boats) == ranks


# ---------------------------------------------------------------------------- R-A2, R-A3

def test_amazon_scoring_worked_example_5_A1_A2() -> None:
    """R-A1, R-A2 (worked example 5): 3 caimans and 1 piranha, 4 players: the leader scores 4,
    two boats tied second score the piranha each, the last scores 0."""
    assert amazon_scoring((10, 7, 7, 3), caimans=3, piranhas=1) == (4, 1, 1, 0)


@pytest.mark.parametrize(("boats", "expected"), [
    ((9, 4, 2), (3, 1, 0)),        # first: caimans + piranhas; second: piranhas
    ((9, 9, 2), (3, 3, 1)),        # two first, the next space is second (dense)
    ((9, 9, 9), (3, 3, 3)),        # all first
    ((2, 9, 4, 4, 1), (0, 3, 1, 1, 0)),
])
def test_amazon_scoring_first_and_second_places_with_ties_A2(
        boats: tuple[int, ...], expected: tuple[int, ...]) -> None:
    """R-A2 with M-style ties: tied players each score their place's full points;
    third place and below score nothing."""
    assert amazon_scoring(boats, caimans=2, piranhas=1) == expected


def test_amazon_scoring_without_piranhas_gives_second_place_nothing_A2() -> None:
    """R-A2: second place scores the piranhas, so none when the tile shows none."""
    assert amazon_scoring((6, 3, 1), caimans=2, piranhas=0) == (2, 0, 0)


def test_two_players_second_directly_behind_scores_second_place_A3() -> None:
    """R-A3: with 2 players the second scores second place when directly behind."""
    assert amazon_scoring((10, 9), caimans=2, piranhas=1) == (3, 1)
    assert amazon_scoring((9, 10), caimans=2, piranhas=1) == (1, 3)


def test_two_players_second_further_behind_scores_nothing_A3() -> None:
    """R-A3 (worked example 10): Red leads, Blue two spaces behind: Blue scores 0."""
    assert amazon_scoring((10, 8), caimans=2, piranhas=1) == (3, 0)
    assert amazon_scoring((1, 12), caimans=3, piranhas=1) == (0, 4)


def test_two_players_on_one_space_are_both_first_A3() -> None:
    """R-A3: two boats on one space are both first."""
    assert amazon_scoring((7, 7), caimans=2, piranhas=1) == (3, 3)
    assert rank_points((7, 7), MOUTH_2_3) == (6, 6)


def test_the_directly_behind_rule_is_only_for_two_players_A3() -> None:
    """R-A3 applies to 2 players only: with 3, a distant second still scores second."""
    assert amazon_scoring((10, 2, 1), caimans=2, piranhas=1) == (3, 1, 0)


# ---------------------------------------------------------------------------- R-E5

def test_river_points_worked_example_9_five_players_E5() -> None:
    """R-E5 (worked example 9), yellow red green blue black: Red first 7, Blue and Green tied
    second 4 each, Black third 1, Yellow 0."""
    assert rank_points((2, 12, 9, 9, 5), MOUTH_4_5) == (0, 7, 4, 4, 1)


@pytest.mark.parametrize(("boats", "expected"), [
    ((9, 6, 3, 1), (7, 4, 1, 0)),
    ((9, 9, 3, 1), (7, 7, 4, 1)),      # ties share the full points of their rank
    ((9, 6, 6, 6, 2), (7, 4, 4, 4, 1)),
    ((5, 5, 5, 5, 5), (7, 7, 7, 7, 7)),
    ((1, 2, 3, 4), (0, 1, 4, 7)),
])
def test_rank_points_four_and_five_players_7_4_1_E5(
        boats: tuple[int, ...], expected: tuple[int, ...]) -> None:
    """R-E5: 4-5 players score 7, 4, 1 by dense rank; ties share the rank's full points."""
    assert rank_points(boats, MOUTH_4_5) == expected


@pytest.mark.parametrize(("boats", "expected"), [
    ((9, 6, 3), (6, 3, 0)),
    ((9, 9, 3), (6, 6, 3)),
    ((3, 9, 3), (3, 6, 3)),
    ((9, 8), (6, 3)),       # 2 players, directly behind
    ((9, 7), (6, 0)),       # 2 players, not directly behind (R-A3)
    ((4, 4), (6, 6)),       # 2 players on one space: both first
])
def test_rank_points_two_and_three_players_6_3_E5(
        boats: tuple[int, ...], expected: tuple[int, ...]) -> None:
    """R-E5: 2-3 players score 6, 3; with 2 players second place needs to be directly
    behind the first boat (R-A3)."""
    assert rank_points(boats, MOUTH_2_3) == expected
