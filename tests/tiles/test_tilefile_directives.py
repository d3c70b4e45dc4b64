"""Validation messages of the tile-set file format for the set as a whole: counts in the
headers and the 'expect' and 'icon-totals' lines (R-C3), unknown and malformed
directives, start tiles and start sides (R-C1, R-C5), '!' tiles and their doubles (R-C4,
R-T3), and every problem of a text reported at once (docs/tileset.md)."""

from __future__ import annotations

import pytest

from carcassonne_amazonas import TileSetError, parse_tileset, reference_tileset, tileset_problems
from carcassonne_amazonas.tiles.layout import TileKind
from tilefile_mutations import MINI, line_of, mutate, problem_with

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
