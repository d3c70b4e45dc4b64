"""Validation messages of the tile-set file format for a layout's segments: its ports
(R-F2), its icons (R-F7) and the river on river tiles (R-F1, R-G1, R-G5, R-G6, R-C4);
each problem names its line, layout and segment (docs/tileset.md)."""

from __future__ import annotations

import pytest

from carcassonne_amazonas import tileset_problems
from tilefile_mutations import line_of, mutate, problem_with

# ---------------------------------------------------------------------------- R-F2: ports

def test_missing_port_is_reported_with_line_layout_and_port_F2() -> None:
    """R-F2: every edge port belongs to a segment; a missing one names layout and port."""
    text = mutate("  jungle    e  N3 E S1\n", "  jungle    e  N3 E\n")
    problem = problem_with(tileset_problems(text), "port S1", "belongs to no segment")
    assert problem.startswith(f"line {line_of(text, 'layout S01')}: layout S01:")
    assert "ports not partitioned" in problem


def test_duplicated_port_is_reported_with_line_layout_segment_and_port_F2() -> None:
    """R-F2: a port listed by two segments is reported on the second segment's line."""
    text = mutate("  jungle    e  N3 E S1\n", "  jungle    e  N3 E S1 S2\n")
    problem = problem_with(tileset_problems(text), "port S2", "already belongs")
    assert problem == (f"line {line_of(text, 'jungle    e')}: layout S01, segment e: port S2 "
                       "already belongs to segment t (ports not partitioned)")


def test_village_edge_mixed_with_other_ports_is_reported_F2() -> None:
    """R-F2: a village edge is village along its whole length."""
    text = mutate("  tributary t  N S\n", "  village v  N2\n  tributary t  S\n")
    problem = problem_with(tileset_problems(text), "village edge mixed")
    assert problem.startswith(f"line {line_of(text, 'layout S01')}: layout S01, edge N:")
    assert "(jungle, village, jungle)" in problem


def test_tributary_edge_needs_jungle_halves_F2() -> None:
    """R-F2: beside a tributary's middle port lie two jungle halves."""
    text = mutate("  tributary t  N S\n", "  tributary t  N S N1\n")
    problems = tileset_problems(text)
    problem_with(problems, "layout S01, segment w: port N1 already belongs to segment t")
    text = mutate("  tributary t  N S\n  jungle    w  N1 W S3\n",
                  "  tributary t  N S N1\n  jungle    w  W S3\n")
    problem = problem_with(tileset_problems(text), "layout S01, edge N", "beside the middle")
    assert "not tributary and jungle" in problem


@pytest.mark.parametrize("bad", ["X9", "N4", "N2@a,b", "north"])
def test_malformed_port_is_reported(bad: str) -> None:
    """A token that is not a port names the line, layout, segment and the token."""
    text = mutate("  tributary t  N S\n", f"  tributary t  N S {bad}\n")
    problem = problem_with(tileset_problems(text), f"{bad!r} is not a port")
    assert problem.startswith(f"line {line_of(text, 'tributary t')}: layout S01, segment t:")


def test_port_outside_the_footprint_is_reported() -> None:
    """A port of a cell the tile does not cover is reported with the tile's size."""
    text = mutate("  jungle    e  N3 E S1\n", "  jungle    e  N3 E S1 N1@1,0\n")
    problem_with(tileset_problems(text), "layout S01, segment e", "port N1@1,0",
                 "outside the 1x1 tile")


# ---------------------------------------------------------------------------- R-F7: icons

def test_boat_icon_outside_a_tributary_is_reported_F7() -> None:
    """R-F7: Boat icons lie only on tributaries."""
    text = mutate("  copy e:animal\n", "  copy e:animal w:boat\n")
    problem = problem_with(tileset_problems(text), "boat icon")
    assert problem.startswith(f"line {line_of(text, 'w:boat')}: layout S01:")
    assert "jungle segment w" in problem and "F7" in problem


@pytest.mark.parametrize(("copy", "icon", "terrain"), [
    ("t:animal", "animal", "tributary"),
    ("e:fruit", "fruit", "jungle"),
    ("t:caiman", "caiman", "tributary"),
])
def test_icons_on_the_wrong_terrain_are_reported_F7(copy: str, icon: str, terrain: str) -> None:
    """R-F7: fruit on tributaries/villages, animals in jungles, caimans in the Amazon."""
    text = mutate("  copy e:animal\n", f"  copy e:animal {copy}\n")
    problem_with(tileset_problems(text), "layout S01", f"a {icon} icon cannot lie on {terrain}")


def test_unknown_icon_and_unknown_segment_are_reported() -> None:
    text = mutate("  copy e:animal\n", "  copy e:animal t:jaguar q:boat\n")
    problems = tileset_problems(text)
    problem_with(problems, f"line {line_of(text, 'jaguar')}", "unknown icon 'jaguar'")
    problem_with(problems, "layout S01", "unknown segment 'q'")


def test_river_tile_without_caiman_or_piranha_is_reported_F7() -> None:
    """R-F7 / docs/tileset.md: every Amazon and double tile shows a caiman or piranha."""
    text = mutate("  copy river:caiman\n", "  copy west:animal\n")
    problem_with(tileset_problems(text), f"line {line_of(text, 'west:animal')}",
                 "layout A1", "caiman or piranha")


# ---------------------------------------------------------------------------- river tiles (R-G6)

def test_amazon_tile_edge_not_bank_amazon_bank_is_reported_G6() -> None:
    """R-G6: an Amazon tile's upstream and downstream edges are bank | Amazon | bank."""
    text = mutate("  jungle west   N1 W S3\n  jungle east   N3 E S1\n  copy river:caiman\n",
                  "  tributary t   N1\n  jungle west   W S3\n  jungle east   N3 E S1\n"
                  "  copy river:caiman\n")
    problem = problem_with(tileset_problems(text), "layout A1", "edge N@0,0",
                           "jungle bank | Amazon | jungle bank")
    assert problem.startswith(f"line {line_of(text, 'layout A1')}:")
    assert problem.endswith("not tributary, amazon, jungle")


def test_amazon_running_across_an_amazon_tile_is_reported_G5_G6() -> None:
    """R-G5, R-G6: the river runs from N2 to S2 so that it stays in the river column."""
    text = mutate("  amazon river  N S\n  jungle west   N1 W S3\n  jungle east   N3 E S1\n",
                  "  amazon river  E W\n  jungle north  N W3 E1\n  jungle south  S W1 E3\n")
    problems = tileset_problems(text)
    problem_with(problems, "layout A1", "must run from N2 to S2", "E2, W2")
    problem_with(problems, "layout A1", "edge S@0,0", "not jungle, jungle, jungle")


def test_amazon_on_a_standard_tile_is_reported_F1() -> None:
    text = mutate("  tributary t  N S\n", "  amazon t  N S\n")
    problem_with(tileset_problems(text), "layout S01, segment t", "standard tiles show no Amazon")


def test_start_tile_river_must_leave_through_its_bottom_row_G1() -> None:
    text = mutate("  amazon river S2@0,3\n", "  amazon river S2@0,2\n")
    problems = tileset_problems(text)
    problem_with(problems, "layout START", "inside the tile")


def test_double_tile_of_the_wrong_size_is_reported_C4() -> None:
    text = mutate("layout D1 double 1x2", "layout D1 double 2x2")
    problem_with(tileset_problems(text), f"line {line_of(text, 'layout D1')}", "layout D1",
                 "a double tile is 1x2, not 2x2")
