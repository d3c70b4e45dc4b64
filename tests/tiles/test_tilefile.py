"""Unit tests of the tile-set file format: parsing, validation messages, loading and the
checksum (docs/tileset.md; R-C3–R-C5, R-F2, R-F7, R-G1, R-G6, R-T3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcassonne_amazonas import (
    TileSetError,
    load_tileset,
    parse_tileset,
    reference_tileset,
    tileset_problems,
)
from carcassonne_amazonas.tiles.layout import Terrain, TileKind
from carcassonne_amazonas.tiles.tileset import Icons

# A small complete and valid tile set: start tile, 2 standard tiles, 1 '!' Amazon tile
# and 1 double tile.
MINI = """\
tileset mini
title "a small test set"
start-side 2-3 river-spaces 16 mouth 6 3
start-side 4-5 river-spaces 8 mouth 7 4 1
expect standard 2 amazon 1 double 1 start 1
icon-totals boats 1 fruit 0 animals 1 caimans 3 piranhas 1

layout START start 2x4 x1 "start"
  amazon river S2@0,3
  jungle land  N@0,0 N@1,0 E@1,0 E@1,1 E@1,2 E@1,3 S@1,3 S1@0,3 S3@0,3 W@0,0 W@0,1 W@0,2 W@0,3
  copy

layout S01 standard x2 "straight tributary"
  tributary t  N S
  jungle    w  N1 W S3
  jungle    e  N3 E S1
  copy t:boat
  copy e:animal

layout A1 amazon! x1 "amazon"
  amazon river  N S
  jungle west   N1 W S3
  jungle east   N3 E S1
  copy river:caiman

layout D1 double 1x2 x1 "double"
  amazon river  N2@0,0 S2@0,1
  jungle west   N1@0,0 W@0,0 W@0,1 S3@0,1
  jungle east   N3@0,0 E@0,0 E@0,1 S1@0,1
  copy river:caiman*2 river:piranha
"""


def line_of(text: str, fragment: str) -> int:
    """The 1-based number of the first line of ``text`` containing ``fragment``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if fragment in line:
            return number
    raise AssertionError(f"{fragment!r} not in the text")


def mutate(old: str, new: str, text: str = MINI) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


def problem_with(problems: list[str], *fragments: str) -> str:
    """The one problem that contains every fragment (fails with all problems shown)."""
    matching = [p for p in problems if all(f in p for f in fragments)]
    assert matching, f"no problem with {fragments} in:\n" + "\n".join(problems)
    return matching[0]


# ---------------------------------------------------------------------------- valid input

def test_mini_tile_set_is_valid_and_parses() -> None:
    """A small complete set parses: kinds, copies, icons, start sides (R-C5), '!' (R-C3)."""
    assert tileset_problems(MINI) == []
    ts = parse_tileset(MINI)
    assert ts.name == "mini" and ts.title == "a small test set"
    assert [t.name for t in ts] == ["START.1", "S01.1", "S01.2", "A1.1", "D1.1"]
    assert [t.kind for t in ts] == [TileKind.START, TileKind.STANDARD, TileKind.STANDARD,
                                    TileKind.AMAZON, TileKind.DOUBLE]
    assert ts.layout_named("A1").exclamation
    assert ts.icon_totals == Icons(boats=1, animals=1, caimans=3, piranhas=1)
    assert ts.tile_named("S01.1").icons[0] == Icons(boats=1)
    assert ts.start_side(3).river_spaces == 16 and ts.start_side(4).mouth_points == (7, 4, 1)
    assert ts.source == MINI


def test_port_shorthand_middle_for_tributaries_all_three_for_jungles_F2() -> None:
    """R-F2: a side alone means its middle port for tributaries and the Amazon, all three
    ports for jungles and villages."""
    s01 = parse_tileset(MINI).layout_named("S01")
    t, w, e = s01.segments
    assert (t.terrain, w.terrain) == (Terrain.TRIBUTARY, Terrain.JUNGLE)
    assert [str(cp) for cp in t.ports] == ["N2", "S2"]
    assert [str(cp) for cp in w.ports] == ["N1", "W1", "W2", "W3", "S3"]
    assert [str(cp) for cp in e.ports] == ["N3", "E1", "E2", "E3", "S1"]
    d1 = parse_tileset(MINI).layout_named("D1")
    assert [str(cp) for cp in d1.segments[0].ports] == ["N2", "S2@0,1"]


def test_reference_text_has_no_problems() -> None:
    """docs/tileset.md: the shipped reference set is valid and reparses to an equal set."""
    text = reference_tileset().source
    assert tileset_problems(text) == []
    assert parse_tileset(text) == reference_tileset()


def test_parse_rejects_non_text_with_type_error() -> None:
    with pytest.raises(TypeError, match="text, a str"):
        parse_tileset(b"tileset x")  # type: ignore[arg-type]


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


# ---------------------------------------------------------------------------- counts

def test_header_count_differing_from_copy_lines_is_reported() -> None:
    """docs/tileset.md: 'xN' in a layout header must equal the copies its copy lines give."""
    text = mutate("layout S01 standard x2", "layout S01 standard x3")
    problem = problem_with(tileset_problems(text), "header says x3")
    assert problem == (f"line {line_of(text, 'layout S01')}: layout S01: header says x3 but "
                       "its copy lines give 2 copies (wrong counts)")


def test_expect_totals_differing_from_the_layouts_are_reported_C3() -> None:
    """R-C3: 'expect' states how many tiles of each kind the set holds."""
    text = mutate("expect standard 2 amazon 1", "expect standard 65 amazon 15")
    problems = tileset_problems(text)
    problem_with(problems, "expect: 65 standard tiles", "the layouts give 2", "wrong counts")
    problem_with(problems, "expect: 15 amazon tiles", "the layouts give 1")
    assert len(problems) == 2


def test_icon_totals_mismatch_is_reported() -> None:
    """docs/tileset.md: the header's icon totals are checked against the copies."""
    text = mutate("icon-totals boats 1 fruit 0", "icon-totals boats 5 fruit 0")
    problems = tileset_problems(text)
    assert problems == ["icon-totals: header says 5 boats, the copies show 1"]


def test_copy_counts_multiply_copies() -> None:
    """'copy xN' stands for N identical copies."""
    text = mutate("  copy t:boat\n", "  copy x3 t:boat\n")
    text = mutate("layout S01 standard x2", "layout S01 standard x4", text)
    text = mutate("expect standard 2", "expect standard 4", text)
    text = mutate("icon-totals boats 1", "icon-totals boats 3", text)
    ts = parse_tileset(text)
    assert [t.name for t in ts.of_kind(TileKind.STANDARD)] == [f"S01.{k}" for k in range(1, 5)]
    assert ts.icon_totals.boats == 3


# ---------------------------------------------------------------------------- directives

def test_unknown_directive_is_reported_with_its_line() -> None:
    text = mutate("expect standard", "frobnicate 3\nexpect standard")
    assert tileset_problems(text) == [
        f"line {line_of(text, 'frobnicate')}: unknown directive 'frobnicate' "
        "(or wrong number of words)"]


def test_missing_tileset_name_is_reported() -> None:
    text = mutate("tileset mini\n", "")
    assert "the file needs a 'tileset NAME' line" in tileset_problems(text)


def test_segment_line_outside_a_layout_is_reported() -> None:
    text = mutate("expect standard", "jungle j N\nexpect standard")
    problem_with(tileset_problems(text), f"line {line_of(text, 'jungle j N')}",
                 "outside a layout block")


def test_unknown_layout_kind_is_reported() -> None:
    text = mutate("layout S01 standard x2", "layout S01 monastery x2")
    problem_with(tileset_problems(text), f"line {line_of(text, 'layout S01')}",
                 "layout S01: unknown kind 'monastery'")


def test_bang_on_a_non_amazon_tile_is_reported_C3() -> None:
    """R-C3: only Amazon tiles carry '!'."""
    text = mutate("layout S01 standard x2", "layout S01 standard! x2")
    problem_with(tileset_problems(text), f"line {line_of(text, 'layout S01')}",
                 "layout S01: only Amazon tiles can carry '!'")


def test_too_few_doubles_for_the_bang_tiles_is_reported_C4_T3() -> None:
    """R-C4, R-T3: each '!' tile needs a double tile to choose from."""
    text = mutate("layout A1 amazon! x1", "layout A1 amazon! x2")
    text = mutate("  copy river:caiman\n", "  copy x2 river:caiman\n", text)
    text = mutate("amazon 1 double", "amazon 2 double", text)
    text = mutate("caimans 3", "caimans 4", text)
    assert tileset_problems(text) == [
        "2 '!' tiles need at least as many double tiles, there are 1 (R-C4, R-T3)"]


def test_missing_start_tile_is_reported_C5() -> None:
    """R-C5: a tile set needs exactly one start tile."""
    start = MINI[MINI.index("layout START"):MINI.index("layout S01")]
    text = mutate(start, "")
    text = mutate(" start 1", "", text)
    assert tileset_problems(text) == [
        "a tile set needs exactly one start tile, this one has 0"]


def test_two_start_tiles_are_reported_C5() -> None:
    start = MINI[MINI.index("layout START"):MINI.index("layout S01")]
    text = mutate(start, start + start.replace("START", "START2"))
    problem_with(tileset_problems(text), "exactly one start tile, this one has 2")


def test_start_sides_must_cover_each_player_count_once_C1_C5() -> None:
    """R-C1, R-C5: every player count 2-5 has exactly one start side."""
    text = mutate("start-side 4-5 river-spaces 8 mouth 7 4 1\n", "")
    problems = tileset_problems(text)
    problem_with(problems, "0 start-side lines cover 4 players")
    problem_with(problems, "0 start-side lines cover 5 players")
    text = mutate("start-side 4-5", "start-side 3-5")
    problem_with(tileset_problems(text), "2 start-side lines cover 3 players")
    text = mutate("start-side 4-5 river-spaces 8 mouth 7 4 1",
                  "start-side 4-5 river-spaces eight mouth 7 4 1")
    problem_with(tileset_problems(text), f"line {line_of(text, 'eight')}", "'eight'")


def test_duplicate_layout_and_segment_names_are_reported() -> None:
    text = mutate("layout A1 amazon!", "layout S01 amazon!")
    problem_with(tileset_problems(text), "layout S01: the name is used twice")
    text = mutate("  jungle    e  N3 E S1\n", "  jungle    w  N3 E S1\n")
    problem_with(tileset_problems(text), "layout S01, segment w: the name is used twice")


@pytest.mark.parametrize(("old", "new", "fragment"), [
    ("river-spaces 16", "river-spaces 0", "the start tile needs at least one river space"),
    ('x2 "straight tributary"', 'x2 "straight tributary" extra',
     "layout S01: unexpected 'extra' in the header"),
    ("  copy e:animal\n", "  copy e:animal boat\n", "layout S01: 'boat' is not an icon"),
    ("  copy t:boat\n  copy e:animal\n", "", "layout S01: has no copy line"),
    ('title "a small test set"', 'title "unterminated', "cannot split the line into words"),
    ("double 1 start 1", "double 1 starts 1", "expect: unknown tile kind 'starts'"),
    ("icon-totals boats 1", "icon-totals boats 1 jaguars 2", "icon-totals: unknown icon"),
    ("icon-totals boats 1", "icon-totals boats", "icon-totals: expected NAME NUMBER pairs"),
    ("  tributary t  N S\n", "  tributary t  X9\n", "layout S01, segment t: lists no port"),
])
def test_other_malformed_lines_are_reported(old: str, new: str, fragment: str) -> None:
    """Every malformed directive is reported with a message saying what was expected."""
    problem_with(tileset_problems(mutate(old, new)), fragment)


# ---------------------------------------------------------------------------- all at once

def test_several_problems_are_reported_at_once() -> None:
    """TileSetError lists every problem, not just the first."""
    text = mutate("layout S01 standard x2", "layout S01 standard x3")
    text = mutate("  jungle    e  N3 E S1\n", "  jungle    e  N3 E S1 S2\n", text)
    text = mutate("  copy river:caiman\n", "  copy river:caiman west:boat\n", text)
    text = mutate("expect standard", "frobnicate\nexpect standard", text)
    with pytest.raises(TileSetError) as info:
        parse_tileset(text, "broken.tiles")
    problems = info.value.problems
    problem_with(list(problems), "unknown directive 'frobnicate'")
    problem_with(list(problems), "port S2 already belongs")
    problem_with(list(problems), "layout A1", "boat icon cannot lie on jungle")
    assert len(problems) >= 3
    message = str(info.value)
    assert len(problems) > 1
    assert message.startswith(f"broken.tiles: {len(problems)} problems:")
    assert all(p in message for p in problems)
    assert info.value.source_name == "broken.tiles"
    assert isinstance(info.value, ValueError)


def test_mutated_reference_set_reports_every_problem() -> None:
    """A Boat icon moved into a jungle of the reference set: the R-F7 problem and both
    icon-total mismatches are reported together."""
    text = reference_tileset().source
    text = mutate("  copy     w:animal\n  copy     t:boat e:animal\n",
                  "  copy     w:boat\n  copy     t:boat e:animal\n", text)
    problems = tileset_problems(text)
    problem_with(problems, f"line {line_of(text, 'w:boat')}", "layout S01",
                 "boat icon cannot lie on jungle segment w")
    problem_with(problems, "header says 16 boats, the copies show 17")
    problem_with(problems, "header says 36 animals, the copies show 35")
    assert len(problems) == 3


def test_reference_set_with_a_standard_tile_removed_reports_wrong_counts_C3() -> None:
    text = reference_tileset().source
    text = mutate('layout S20 standard x1 "tributary between two village caps"',
                  'layout S20 standard x2 "tributary between two village caps"', text)
    problems = tileset_problems(text)
    assert problems == [f"line {line_of(text, 'layout S20')}: layout S20: header says x2 but "
                        "its copy lines give 1 copies (wrong counts)"]


# ---------------------------------------------------------------------------- files, checksum

def test_load_tileset_reads_a_file(tmp_path: Path) -> None:
    path = tmp_path / "mini.tiles"
    path.write_text(MINI, encoding="utf-8")
    ts = load_tileset(path)
    assert ts.name == "mini" and len(ts.tiles) == 5
    assert ts == parse_tileset(MINI)
    assert load_tileset(str(path)) == ts


def test_load_tileset_names_the_file_in_errors(tmp_path: Path) -> None:
    path = tmp_path / "bad.tiles"
    path.write_text(mutate("layout S01 standard x2", "layout S01 standard x3"), encoding="utf-8")
    with pytest.raises(TileSetError) as info:
        load_tileset(path)
    assert info.value.source_name == str(path)
    assert str(info.value).startswith(f"{path}: 1 problem:")  # not "1 problems"


def test_load_tileset_of_the_reference_file_equals_the_reference_set(tmp_path: Path) -> None:
    path = tmp_path / "copy.tiles"
    path.write_text(reference_tileset().source, encoding="utf-8")
    assert load_tileset(path).checksum == reference_tileset().checksum


def test_checksum_is_stable_and_changes_with_the_text() -> None:
    """The checksum identifies a tile-set file's text: same text, same checksum (also with
    Windows line endings); any edit changes it."""
    first, second = parse_tileset(MINI), parse_tileset(MINI)
    assert first.checksum == second.checksum and first == second
    assert hash(first) == hash(second)
    assert len(first.checksum) == 64
    assert parse_tileset(MINI.replace("\n", "\r\n")).checksum == first.checksum
    edited = parse_tileset(mutate("title \"a small test set\"", "title \"another title\""))
    assert edited.checksum != first.checksum and edited != first
    commented = parse_tileset(MINI + "# a comment\n")
    assert commented.checksum != first.checksum
    reference = reference_tileset()
    assert parse_tileset(reference.source).checksum == reference.checksum
    assert reference.checksum != first.checksum


def test_problems_in_copies_of_a_broken_layout_are_reported_too() -> None:
    """docs/tileset.md: a layout with a missing port still has its copy lines checked, so one
    load lists every problem (the port and the misplaced Boat icon, R-F7)."""
    text = reference_tileset().source
    text = text.replace("  jungle    e  N3 E S1\n  copy x3", "  jungle    e  N3 E\n  copy x3", 1)
    text = text.replace("  copy x2  t:boat", "  copy x2  w:boat", 1)
    problems = tileset_problems(text)
    assert len(problems) == 2
    assert "layout S01: port S1 belongs to no segment" in problems[0]
    assert "boat icon cannot lie on jungle segment w" in problems[1]
