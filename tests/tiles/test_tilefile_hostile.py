"""Hostile tile-set files: only ``TileSetError`` escapes the loader, with a short message,
whatever the text (huge numbers and counts, huge footprints, thousands of segments or
copies, long lines, text that is not UTF-8).
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    Rules,
    TileSetError,
    apply_action,
    legal_actions,
    load_tileset,
    new_game,
    parse_tileset,
    reference_tileset,
    state_problems,
)
from carcassonne_amazonas.tiles._tilefile_lines import MAX_COPY_ICONS, _words
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


ISSUE_22_COPY = "  copy     " + " ".join(["river:caiman*999999"] * 45)


def test_a_copy_carries_a_bounded_number_of_icons_in_all() -> None:
    """R-F7, R-A2: each number has 6 digits at most, but a copy's icons add up; the copy
    crafted by the audit (45 million points on one tile) is refused, naming its line,
    before any game can be played on the set."""
    old = "  copy     river:caiman*3 river:piranha"
    line = LINES.index(old) + 1
    message = refused(REFERENCE.replace(old, ISSUE_22_COPY))
    assert f"line {line}: layout A1: a copy with 44999955 icons; a copy carries at most " \
        f"{MAX_COPY_ICONS} icons in all" in message
    spread = old.replace("river:piranha", "river:piranha*50 west:animal*47")
    assert f"line {line}: layout A1: a copy with 100 icons" in refused(
        REFERENCE.replace(old, spread))


def test_a_set_at_the_icon_limit_loads_and_its_games_check() -> None:
    """R-A2, R-T7: a copy of exactly the limit loads, and the validator checks a whole game
    on such a set (the scores reach thousands of points)."""
    old = "  copy     river:caiman*3 river:piranha"
    text = "tileset at-limit\n" + "\n".join(
        "  copy river:caiman*50 river:piranha*49" if line == old else
        line.replace("t:fruit", "t:fruit*90") for line in LINES
        if not line.startswith(("tileset", "icon-totals")))
    tileset = parse_tileset(text)
    state = new_game(2, seed=3, rules=Rules(tileset=tileset))
    while not state.is_terminal:
        state = apply_action(state, legal_actions(state)[-1])
    assert state_problems(state) == []


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
         "  tributary t N@", "  copy t:boat*", "  copy river:caiman*99 river:piranha*"]),
        st.integers(-10**8, 10**8)),
    st.just(ISSUE_22_COPY),
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


@given(st.text(alphabet=st.sampled_from(list("ab#:*x1-@, \t\x0b\x0c\u00a0\u2003é\"'\\")),
               max_size=20))
def test_lines_split_into_the_words_shlex_gives(line: str) -> None:
    """The fast split of a line without quotes agrees with ``shlex`` (which reads a
    character at a time: a 1 MB file took a second)."""
    try:
        expected = shlex.split(line, comments=True)
    except ValueError:
        return
    assert _words(line) == expected
