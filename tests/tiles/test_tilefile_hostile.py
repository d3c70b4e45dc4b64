"""Hostile tile-set files: only ``TileSetError`` escapes the loader, with a short message,
whatever the text (huge numbers and counts, huge footprints, thousands of segments or
copies, long lines, text that is not UTF-8).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import TileSetError, load_tileset, parse_tileset, reference_tileset
from carcassonne_amazonas.tiles.tilefile import MAX_TEXT

REFERENCE = reference_tileset().source
LINES = REFERENCE.splitlines()


def refused(text: str) -> str:
    with pytest.raises(TileSetError) as caught:
        parse_tileset(text)
    message = str(caught.value)
    assert len(message) < 20_000, len(message)
    return message


@pytest.mark.parametrize(("old", "new", "words"), [
    ("copy x3", "copy x999999999", "copy count: 9 digits is too large a number"),
    ("copy x3", "copy x399\n  copy x399\n" * 600, "at most 400 tiles are supported"),
    ("standard x10", "standard x" + "9" * 900, "copy count: 900 digits is too large"),
    ("t:boat", "t:boat*" + "9" * 900, "icon count: 900 digits is too large"),
    ("t:boat", "t:boat*" + "9" * 5000, "characters is too long for a line"),
    ("start 2x4", "start 99999x99999", "a footprint of 99999x99999 cells"),
    ("start 2x4", "start 0x4", "a footprint of 0x4 cells"),
    ("S2@0,3", "S2@" + "9" * 900 + ",3", "port cell: 900 digits is too large"),
    ("river-spaces 16", "river-spaces " + "9" * 900, "900 digits is too large"),
    ("standard 65", "standard ²", "must be a whole number, not '²'"),
    ("  jungle    e  N3 E S1", "".join(f"  jungle j{i} N1\n" for i in range(5000)),
     "more than 64 segments"),
])
def test_hostile_edits_of_the_reference_file(old: str, new: str, words: str) -> None:
    assert old in REFERENCE
    assert words in refused(REFERENCE.replace(old, new, 1))


def test_too_long_texts_and_lines() -> None:
    assert "too long for a tile-set file" in refused(REFERENCE + "#" * MAX_TEXT)
    assert "too long for a line" in refused(REFERENCE + "\ntitle \"" + "x" * 900_000 + "\"")


def test_thousands_of_problems_are_counted_not_listed() -> None:
    message = refused(REFERENCE + "\nbogus" * 20_000)
    assert "... and 19800 more problems" in message


def test_load_tileset_of_a_file_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "box.tiles"
    path.write_bytes(REFERENCE.encode("utf-8") + b"\n# \xff\xfe\n")
    with pytest.raises(TileSetError, match="not UTF-8 text"):
        load_tileset(path)


def test_load_tileset_of_a_huge_file(tmp_path: Path) -> None:
    path = tmp_path / "box.tiles"
    path.write_text(REFERENCE + "#" * (2 * MAX_TEXT), encoding="utf-8")
    with pytest.raises(TileSetError, match="too long for a tile-set file"):
        load_tileset(path)


line_junk = st.one_of(
    st.text(max_size=30),
    st.sampled_from(LINES).map(lambda line: line.replace(" ", "  ")),
    st.sampled_from(LINES).flatmap(lambda line: st.integers(0, max(0, len(line))).map(
        lambda cut: line[:cut])),
    st.builds(lambda word, n: f"{word} {n}", st.sampled_from(
        ["copy x", "layout X standard", "start-side 2-3 river-spaces", "expect standard",
         "  tributary t N@", "  copy t:boat*"]), st.integers(-10**8, 10**8)),
)


@settings(max_examples=max(30, settings().max_examples), suppress_health_check=[
    HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(LINES)), line_junk, st.booleans()), min_size=1,
                max_size=5))
def test_mutated_tile_files_raise_only_tileset_error(edits: list[tuple[int, str, bool]]) -> None:
    lines = list(LINES)
    for index, junk, insert in edits:
        if insert or index >= len(lines):
            lines.insert(index, junk)
        else:
            lines[index] = junk
    try:
        parse_tileset("\n".join(lines))
    except TileSetError as error:
        assert error.problems and len(str(error)) < 20_000
