"""The command-line tool as a whole, each run as ``python -m carcassonne_amazonas`` in a
subprocess: ``--help`` for the tool and every command, ``--version``, the console script,
the exit codes (2 for a usage error, 1 for a file it cannot use, with one line on stderr),
``main``'s return values, and a reader that goes away (a broken pipe).

Each command's own tests are in ``test_cli_<command>.py``; the helpers they share are in
``cli_helpers.py``, their fixtures in ``conftest.py``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from carcassonne_amazonas import GameRecord
from carcassonne_amazonas.cli import main
from cli_helpers import ENV, REFERENCE_TILES, assert_clean_error, run, run_here

pytestmark = pytest.mark.slow  # runs the tool in subprocesses, whole games

COMMANDS = ("play", "simulate", "replay", "render", "tileset", "validate-tileset")


# ---------------------------------------------------------------------------- help, version, usage


def test_help_for_the_tool_and_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in COMMANDS:
        assert command in result.stdout
    for command in COMMANDS:  # in this process: the same parser, without a start-up each
        with pytest.raises(SystemExit) as exited:
            main([command, "--help"])
        assert exited.value.code == 0
        assert capsys.readouterr().out.startswith(f"usage: carcassonne-amazonas {command}")


def test_version() -> None:
    from carcassonne_amazonas import __version__

    result = run_here("--version")  # --help above runs the tool in a subprocess
    assert result.returncode == 0
    assert result.stdout.strip() == f"carcassonne-amazonas {__version__}"


def test_console_script_is_installed() -> None:
    script = shutil.which("carcassonne-amazonas",
                          path=str(Path(sys.executable).parent)) or shutil.which(
        "carcassonne-amazonas")
    if script is None:
        pytest.skip("the console script is not installed (pip install -e .)")
    result = subprocess.run([script, "validate-tileset", str(REFERENCE_TILES)],
                            capture_output=True, encoding="utf-8", env=ENV, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "valid" in result.stdout


@pytest.mark.parametrize("args", [
    [],                                                   # no command
    ["dance"],                                            # unknown command
    ["play", "--players", "9"],                           # R-C1: 2 to 5
    ["play", "--players", "two"],
    ["play", "--players", "3", "--bots", "random,random"],  # one kind per player
    ["play", "--bots", "random,wizard"],
    ["simulate", "--bots", "human"],                      # nobody to ask
    ["simulate", "--games", "0"],
    ["simulate", "--jobs", "-1"],
    ["replay"],                                           # FILE missing
    ["replay", "x.json", "--turn", "-2"],
    ["validate-tileset"],
    ["tileset", "show", "a.tiles", "b.tiles"],
    ["replay", "x.json", "--width", "-1"],
])
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = run_here(*args)
    stderr = assert_clean_error(result, 2)
    assert "usage:" in stderr


@pytest.mark.parametrize("args", [
    ["play", "--seed", "\u0661\u0662"],  # Arabic-Indic digits: Python's int reads 12
    ["replay", "x.json", "--turn", "1_0"],  # an underscore: int reads 10
    ["play", "--players", " 2"],
    ["play", "--players", "+2"],
    ["simulate", "--games", "\u00b2"],
    ["render", "x.json", "--svg", "-", "--cell-size", "6\u0664"],
])
def test_integer_options_take_ascii_digits_only_as_the_notation_does(
        args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """``play --seed ١٢`` played seed 12 and ``replay --turn 1_0`` read turn 10; the
    notation reader refuses both, and so does every integer option now."""
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"{args[-1]!r} is not a whole number (ASCII digits 0-9, nothing else)" in err, err


# ---------------------------------------------------------------------------- exit codes


@pytest.mark.parametrize("command", [
    ["replay", "{missing}"],
    ["render", "{missing}", "--svg", "{out}"],
    ["validate-tileset", "{missing}"],
    ["play", "--tileset", "{missing}", "--bots", "random"],
    ["replay", "{directory}"],
])
def test_missing_file_exits_1(command: list[str], tmp_path: Path) -> None:
    names = {"missing": str(tmp_path / "nothing-here.json"), "out": str(tmp_path / "out.svg"),
             "directory": str(tmp_path)}
    result = run_here(*(part.format(**names) for part in command))
    stderr = assert_clean_error(result, 1)
    assert "nothing-here" in stderr or str(tmp_path) in stderr
    assert not (tmp_path / "out.svg").exists()


def test_main_returns_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["validate-tileset", str(REFERENCE_TILES)]) == 0
    assert main(["replay", str(tmp_path / "none.json")]) == 1
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--players", "1"])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert "does not exist" in captured.err


# ---------------------------------------------------------------------------- broken pipe


def test_a_reader_that_goes_away_loses_neither_the_game_nor_its_record(tmp_path: Path) -> None:
    # `play ... --save v.json | head -2`, made certain: the reader is gone before the
    # first line, so every write of the game meets a broken pipe.
    path = tmp_path / "v.json"
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        result = subprocess.run(
            [sys.executable, "-m", "carcassonne_amazonas", "play", "--bots", "random",
             "--seed", "1", "--save", str(path)],
            stdin=subprocess.DEVNULL, stdout=write_end, stderr=subprocess.PIPE,
            encoding="utf-8", env=ENV, timeout=120)
    finally:
        os.close(write_end)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.seed == 1 and record.final_state().is_terminal
