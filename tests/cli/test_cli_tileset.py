"""``tileset show`` (the shipped reference set, with the bonus river tiles, or another
valid file) and ``validate-tileset`` (what it counts in a valid set, and the problems of a
broken one: every one, in line order, at most 20, or the hint alone for JSON)."""

from __future__ import annotations

import argparse
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from carcassonne_amazonas import GameRecord, new_game, reference_tileset
from carcassonne_amazonas.cli import build_parser
from carcassonne_amazonas.tiles.reference import reference_text
from cli_helpers import REFERENCE_TILES, assert_clean_error, error_of, run, run_here, run_main

# The tests that run the tool in a subprocess are marked slow one by one; those that call
# main() in this process are quick.


# ---------------------------------------------------------------------------- tileset show


@pytest.mark.slow
def test_tileset_show_prints_the_shipped_reference_set(tmp_path: Path) -> None:
    result = run("tileset", "show")
    assert result.returncode == 0, result.stderr
    assert result.stdout == reference_text()
    assert result.stdout == REFERENCE_TILES.read_text(encoding="utf-8")
    box = tmp_path / "my-box.tiles"
    box.write_text(result.stdout, encoding="utf-8")  # tileset show > my-box.tiles
    checked = run_here("validate-tileset", str(box))
    assert checked.returncode == 0 and "valid" in checked.stdout.splitlines()[0]


def test_tileset_alone_shows_the_reference_set(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """R-V3: the reference set, not a usage error, for 'tileset' without an action."""
    assert run_main(capsys, monkeypatch, "tileset") == (0, reference_text(), "")


@pytest.mark.slow
def test_tileset_show_prints_another_valid_file(tmp_path: Path) -> None:
    text = reference_text().replace("tileset amazonas-reference", "tileset my-box")
    path = tmp_path / "my-box.tiles"
    path.write_text(text, encoding="utf-8")
    result = run_here("tileset", "show", str(path))
    assert result.returncode == 0 and result.stdout == text
    path.write_text(text.replace("expect standard 65", "expect standard 66"), encoding="utf-8")
    stderr = assert_clean_error(run_here("tileset", "show", str(path)), 1)
    assert "not a valid tile set (1 problem;" in stderr
    assert_clean_error(run_here("tileset", "show", str(tmp_path / "none.tiles")), 1)


@pytest.mark.parametrize("flag", ["--bonus-river", "--bonus"])
def test_tileset_show_bonus_river_prints_the_bonus_set(flag: str,
                                                       capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_main(capsys, monkeypatch, "tileset", "show", flag)
    assert code == 0
    assert out == reference_text(bonus_river=True)


# ---------------------------------------------------------------------------- validate-tileset


def test_validate_the_reference_tileset() -> None:
    """In this process (test_cli.py runs validate-tileset as the console script)."""
    result = run_here("validate-tileset", str(REFERENCE_TILES))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "valid" in out.splitlines()[0]
    assert "65 standard (20 layouts)" in out
    assert "15 Amazon (4 layouts, 3 with \"!\")" in out
    assert "4 double" in out and "1 start" in out
    assert "16 Boat icons, 21 Fruit icons, 36 animals, 32 caimans, 11 piranhas" in out
    assert reference_tileset().checksum in out


@pytest.mark.slow
def test_validate_a_broken_tileset_lists_every_problem(tmp_path: Path) -> None:
    text = REFERENCE_TILES.read_text(encoding="utf-8")
    broken = (text.replace("expect standard 65", "expect standard 64", 1)
              .replace("  tributary t  N S\n", "  tributary t  N S E\n", 1)
              .replace("copy     t:boat\n", "copy     t:boat t:caiman\n", 1))
    assert broken.count("\n") == text.count("\n")
    path = tmp_path / "broken.tiles"
    path.write_text(broken, encoding="utf-8")
    result = run_here("validate-tileset", str(path))
    stderr = assert_clean_error(result, 1)
    assert "not a valid tile set (" in stderr
    problems = [line for line in result.stdout.splitlines() if line.startswith("  - ")]
    assert len(problems) >= 3, result.stdout
    assert any("E2" in p for p in problems)            # port E2 given to two segments
    assert any("caiman" in p for p in problems)        # a caiman outside the Amazon
    assert any("standard" in p for p in problems)      # the count does not match
    assert f"{len(problems)} problems:" in result.stdout


@pytest.mark.slow
def test_validate_tileset_rejects_text_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "binary.tiles"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert_clean_error(run_here("validate-tileset", str(path)), 1)


def _problem_lines(out: str) -> list[str]:
    return [line[4:] for line in out.splitlines() if line.startswith("  - ")]


@pytest.mark.slow
def test_validate_tileset_stops_after_20_problems_and_counts_the_rest(tmp_path: Path) -> None:
    lines = reference_text().splitlines()
    for index in range(40, 70):  # 30 unknown directives inside the layouts
        lines.insert(index, f"frobnicate {index}")
    path = tmp_path / "many.tiles"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run_here("validate-tileset", str(path))
    assert_clean_error(result, 1)
    shown = _problem_lines(result.stdout)
    assert len(shown) == 20
    total = int(re.search(r": (\d+) problems:", result.stdout).group(1))  # type: ignore[union-attr]
    assert total >= 30
    assert f"  ... and {total - 20} more problems" in result.stdout


@pytest.mark.slow
def test_validate_tileset_lists_problems_in_line_order(tmp_path: Path) -> None:
    text = reference_text()
    broken = (text.replace("expect standard 65", "expect standard 64", 1)
              .replace("  tributary t  N S\n", "  tributary t  N S E\n", 1)
              .replace("copy     t:boat\n", "copy     t:boat t:caiman\n", 1))
    broken += "frobnicate\n"
    path = tmp_path / "broken.tiles"
    path.write_text(broken, encoding="utf-8")
    result = run_here("validate-tileset", str(path))
    assert_clean_error(result, 1)
    shown = _problem_lines(result.stdout)
    numbers = [int(m.group(1)) for p in shown if (m := re.match(r"line (\d+): ", p))]
    assert numbers == sorted(numbers) and len(numbers) >= 3
    assert numbers[-1] == broken.count("\n")  # the last line's problem, after the others
    whole_file = [p for p in shown if not p.startswith("line ")]
    assert whole_file and shown[-len(whole_file):] == whole_file  # the file's own, last


@pytest.mark.slow
def test_validate_tileset_says_when_the_file_looks_like_json(stopped_game: Path) -> None:
    # The hint alone: not one problem per line of the JSON.
    result = run_here("validate-tileset", str(stopped_game))
    stderr = assert_clean_error(result, 1)
    assert result.stdout == "" and "not a tile-set file: it looks like JSON" in stderr
    record_as_tileset = run_here("play", "--tileset", str(stopped_game), "--bots", "random")
    assert assert_clean_error(record_as_tileset, 1) == stderr


def test_validate_tileset_on_json_gives_the_hint_alone(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    record = tmp_path / "game.json"
    record.write_text(GameRecord.from_game(new_game(2, seed=1), ()).to_json(), encoding="utf-8")
    code, out, err = run_main(capsys, monkeypatch, "validate-tileset", str(record))
    assert code == 1 and out == ""
    assert error_of(err) == (f"{record}: not a tile-set file: it looks like JSON, such as a "
                             "game record or a snapshot; 'carcassonne-amazonas tileset show' "
                             "prints a tile-set file")


# ---------------------------------------------------------------------------- cited modules

_DOTTED = re.compile(r"\bcarcassonne_amazonas(?:\.[A-Za-z_]\w*)+")


def _resolves(dotted: str) -> bool:
    """Whether ``dotted`` names a module, or an attribute of the longest module it starts with."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


def _help_texts(parser: argparse.ArgumentParser) -> Iterator[str]:
    yield parser.format_help()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for command in action.choices.values():
                yield from _help_texts(command)


def test_every_module_the_tile_files_and_the_help_cite_imports() -> None:
    """R-F2: the shipped tile-set files (what 'tileset show' prints; their header explains
    the ports) and every command's --help name modules by their real dotted names (the
    header once cited a 'carcassonne_amazonas.tilefile' that does not exist)."""
    texts = [reference_text(bonus_river=True), *_help_texts(build_parser())]
    cited = {name.rstrip(".") for text in texts for name in _DOTTED.findall(text)}
    assert "carcassonne_amazonas.tiles.tilefile" in cited  # the tile file's header
    assert [name for name in sorted(cited) if not _resolves(name)] == []
    assert not _resolves("carcassonne_amazonas.tilefile")  # the check can fail
