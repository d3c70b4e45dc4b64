"""The command-line tool where a new user's trial stumbled: ``--save`` checked before the
game, a broken pipe that loses nothing, ``--resume`` that refuses other rules, messages
that name the right option or file kind, ``render --svg -``, ``tileset show
--bonus-river``, ``undo`` at the prompt, and ``serve``'s arguments read as the other
commands read theirs."""

from __future__ import annotations

import io
import os
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from carcassonne_amazonas import GameRecord, format_action, new_game
from carcassonne_amazonas.cli import main
from carcassonne_amazonas.cli.common import check_writable
from carcassonne_amazonas.cli.human import HUMAN_HELP
from carcassonne_amazonas.cli.play import take_back
from carcassonne_amazonas.formats.game import Game
from carcassonne_amazonas.tiles.reference import reference_text
from test_cli import ENV

SVG = "{http://www.w3.org/2000/svg}"


def run_main(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
             *args: str, stdin: str = "") -> tuple[int, str, str]:
    """``main(args)`` in this process with ``stdin``: the exit code, stdout and stderr."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def error_of(err: str) -> str:
    """The one error line's message."""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("carcassonne-amazonas: error: "), err
    return lines[0].removeprefix("carcassonne-amazonas: error: ")


@pytest.fixture
def stopped(tmp_path: Path, capsys: pytest.CaptureFixture[str],
            monkeypatch: pytest.MonkeyPatch) -> Path:
    """A 2-player game (human yellow, random red) stopped after yellow's first turn."""
    path = tmp_path / "stopped.json"
    code, _, err = run_main(capsys, monkeypatch, "play", "--bots", "human,random", "--seed",
                            "8", "--save", str(path), stdin="1\n1\n")
    assert code == 0, err
    return path


# ------------------------------------------------------------------------- play --save

@pytest.mark.parametrize("where", ["missing-folder/game.json", "."])
def test_an_unwritable_save_path_is_refused_before_the_game(
        where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / where
    code, out, err = run_main(capsys, monkeypatch, "play", "--bots", "random", "--seed", "1",
                              "--save", str(path))
    assert code == 1
    assert out == ""  # not a move played
    message = error_of(err)
    assert message.startswith(f"cannot write game record {str(path)!r}: ")
    assert message.endswith("it is a directory" if where == "." else "No such file or directory")


def test_the_writability_check_leaves_no_file_and_keeps_an_existing_one(
        tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.json"
    check_writable(str(fresh), "game record")
    assert not fresh.exists()
    kept = tmp_path / "kept.json"
    kept.write_text("{}", encoding="utf-8")
    check_writable(str(kept), "game record")
    assert kept.read_text(encoding="utf-8") == "{}"


@pytest.mark.slow
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


# ------------------------------------------------------------------------ play --resume

def test_resume_refuses_rule_options_other_than_the_records(
        stopped: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = stopped.read_text(encoding="utf-8")
    for option, value in (("--amazon-ranking", "competition"),
                          ("--camp-scoring", "per-camp"), ("--bonus-river", None)):
        given = [option] if value is None else [option, value]
        code, out, err = run_main(capsys, monkeypatch, "play", "--resume", str(stopped),
                                  "--bots", "random", *given)
        assert code == 1 and out == ""
        message = error_of(err)
        assert message.startswith(" ".join(given) + ": the game is played with ")
        assert f"keeps the rules saved in {stopped}" in message
    assert stopped.read_text(encoding="utf-8") == before


def test_resume_accepts_the_records_own_rule_options(
        stopped: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_main(capsys, monkeypatch, "play", "--resume", str(stopped), "--bots",
                              "random", "--amazon-ranking", "dense", "--camp-scoring",
                              "per-jungle")
    assert code == 0, err
    assert "Final scores" in out
    assert GameRecord.from_json(stopped.read_text(encoding="utf-8")).final_state().is_terminal


def test_resume_refuses_another_tile_set(stopped: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    other = tmp_path / "box.tiles"
    other.write_text(reference_text().replace("tileset amazonas-reference", "tileset my-box"),
                     encoding="utf-8")
    code, _, err = run_main(capsys, monkeypatch, "play", "--resume", str(stopped), "--tileset",
                            str(other), "--bots", "random")
    assert code == 1
    assert "the game uses tile set 'amazonas-reference'" in error_of(err)


def test_resuming_a_tile_set_file_says_what_it_is(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    tiles = tmp_path / "my.tiles"
    tiles.write_text(reference_text(), encoding="utf-8")
    for command in (["play", "--resume"], ["replay"], ["render", "--svg", "x.svg"]):
        code, _, err = run_main(capsys, monkeypatch, *command, str(tiles))
        assert code == 1
        message = error_of(err)
        assert message.startswith(f"{tiles}: not a game record (JSON): it looks like a "
                                  "tile-set file")
        assert "--tileset" in message and "truncated" not in message


def test_a_custom_set_record_asks_for_the_tileset_option(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    box = tmp_path / "box.tiles"
    box.write_text(reference_text().replace("tileset amazonas-reference", "tileset my-box"),
                   encoding="utf-8")
    record = tmp_path / "custom.json"
    code, _, err = run_main(capsys, monkeypatch, "play", "--tileset", str(box), "--bots",
                            "human,random", "--seed", "2", "--save", str(record), stdin="q\n")
    assert code == 0, err
    for command in (["replay"], ["render", "--svg", str(tmp_path / "x.svg")]):
        code, _, err = run_main(capsys, monkeypatch, *command, str(record))
        assert code == 1
        message = error_of(err)
        assert message.endswith("; pass its tile-set file with --tileset FILE")
        assert "tileset=" not in message
        code, _, err = run_main(capsys, monkeypatch, *command, str(record), "--tileset",
                                str(box))
        assert code == 0, err


# --------------------------------------------------------------------------- tile sets

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


@pytest.mark.parametrize("flag", ["--bonus-river", "--bonus"])
def test_tileset_show_bonus_river_prints_the_bonus_set(flag: str,
                                                       capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_main(capsys, monkeypatch, "tileset", "show", flag)
    assert code == 0
    assert out == reference_text(bonus_river=True)


# ------------------------------------------------------------------------------ render

def test_render_to_standard_output(stopped: Path, tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run_main(capsys, monkeypatch, "render", str(stopped), "--svg", "-")
    assert code == 0, err
    assert ET.fromstring(out).tag == f"{SVG}svg"
    assert err.startswith("the SVG: the board at the end (")
    assert f"{stopped}: the game is unfinished" in err
    assert not (tmp_path / "-").exists()


# -------------------------------------------------------------------------------- undo

def test_undo_takes_back_the_humans_last_decision_and_the_bot_moves_after_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    # Nothing to undo yet; then a tile and a piece, red's turn, and undo at yellow's
    # next turn: red's turn and yellow's piece go; undo again: the tile goes.
    code, out, err = run_main(capsys, monkeypatch, "play", "--bots", "human,random", "--seed",
                              "8", "--save", str(path), stdin="undo\n1\n1\nundo\nundo\nq\n")
    assert code == 0, err
    assert "Nothing to undo: no human decision has been played yet." in out
    undone = [line for line in out.splitlines() if line.startswith("Undone (")]
    assert len(undone) == 2
    assert undone[0].startswith("Undone (3 actions): yellow m")
    assert ", red t" in undone[0] and undone[1].startswith("Undone (1 action): yellow t")
    assert GameRecord.from_json(path.read_text(encoding="utf-8")).actions == ()
    assert "undo (take back your last decision" in HUMAN_HELP


def test_take_back_stops_at_the_last_human_action_with_the_draws_after_it() -> None:
    game, rng = Game(new_game(2, draws="explicit")), random.Random(3)
    kinds = ["human", "random"]
    assert take_back(game, kinds) == []
    while len(game) < 12:
        game.play(rng.choice(game.legal_actions()))
    states = game.states
    human = [i for i in range(len(game)) if not states[i].is_chance_node
             and states[i].current_player == 0]
    expected = [(states[i].current_player, game.actions[i])
                for i in range(human[-1], len(game))]
    undone = take_back(game, kinds)
    assert undone == expected and len(game) == human[-1]
    assert any(format_action(a).startswith("*") for _, a in undone)  # a draw went too
    assert game.state == states[human[-1]]  # yellow to choose again, the tile drawn
    assert not game.state.is_chance_node and game.state.current_player == 0


# ------------------------------------------------------------------------------- serve

def test_serve_reads_its_numbers_as_the_other_commands_do(
        capsys: pytest.CaptureFixture[str]) -> None:
    for args, message in ((["--port", "70000"], "the port must be from 0 to 65535, not 70000"),
                          (["--port", "http"], "'http' is not a whole number"),
                          (["--max-open-games", "0"], "must be at least 1, not 0"),
                          (["--max-bot-budget", "-3"], "must be at least 1, not -3")):
        with pytest.raises(SystemExit) as exit_:
            main(["serve", *args])
        assert exit_.value.code == 2
        assert message in capsys.readouterr().err


@pytest.mark.slow
def test_the_serve_command_module_imports_first_in_a_fresh_interpreter() -> None:
    # web.command uses cli.common: importing it before the cli package must work too.
    for first in ("carcassonne_amazonas.cli.serve", "carcassonne_amazonas.cli"):
        result = subprocess.run([sys.executable, "-c", f"import {first}; "
                                 "import carcassonne_amazonas.cli as c; c.build_parser()"],
                                capture_output=True, encoding="utf-8", env=ENV, timeout=60)
        assert result.returncode == 0, result.stderr
