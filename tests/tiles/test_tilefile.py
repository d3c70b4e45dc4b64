"""Unit tests of the tile-set file format: a valid set parses (R-C3, R-C5, R-F2), files
load, and the checksum identifies a file's text (docs/tileset.md).

A layout's problems (ports, icons, river tiles) are in ``test_tilefile_layouts.py``; the
set's directives and counts in ``test_tilefile_directives.py``; the small tile set they
all mutate in ``tests/tilefile_mutations.py``."""

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
from tilefile_mutations import MINI, mutate

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
