"""``replay`` and ``render``: a saved game explained turn by turn (to a turn, wrapped to a
width), drawn as SVG (to a file or to standard output), and the records they cannot read.

What they say of an unfinished game is in ``test_cli_turns.py``.
"""

from __future__ import annotations

import json
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from carcassonne_amazonas import (
    GameRecord,
    GameState,
    Pass,
    PlaceCamp,
    PlaceMeeple,
    apply_action,
    legal_actions,
    new_game,
)
from carcassonne_amazonas.tiles.reference import reference_text
from cli_helpers import ENV, SVG, assert_clean_error, error_of, run_here, run_main

# The tests that run the tool in a subprocess are marked slow one by one; those that call
# main() in this process are quick.


# ---------------------------------------------------------------------------- replay


def test_replay_explains_the_whole_game(record_file: Path) -> None:
    """In this process (the test of COLUMNS runs replay in a subprocess)."""
    result = run_here("replay", str(record_file))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    record = GameRecord.from_json(record_file.read_text(encoding="utf-8"))
    final = record.final_state()
    assert f"; {len(record.actions)} actions in 80 turns; finished: the winner is " in \
        out.splitlines()[0]
    assert "Turn 1: yellow with " in out and "Turn 80: " in out
    assert "Amazon scoring of " in out and "(R-A1\u2013R-A3)" in out
    assert "final scoring: the river" in out and "(R-E5)" in out
    assert "game over: " in out
    assert "The board at the end:" in out
    assert "Final scores" in out
    last_scores = [line for line in out.splitlines() if "scores: yellow" in line][-1]
    assert last_scores.strip() == f"scores: yellow {final.scores[0]}, red {final.scores[1]}"


@pytest.mark.slow
def test_replay_stops_after_turn_k(record_file: Path) -> None:
    result = run_here("replay", str(record_file), "--turn", "5")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Turn 5:" in out and "Turn 6:" not in out
    assert "The board after turn 5:" in out
    assert "Final scores" not in out
    zero = run_here("replay", str(record_file), "--turn", "0")
    assert zero.returncode == 0 and "Turn 1:" not in zero.stdout
    stderr = assert_clean_error(run_here("replay", str(record_file), "--turn", "81"), 1)
    assert "turns 0 to 80" in stderr


def _log_lines(out: str) -> list[str]:
    """The replay's lines before the board (the board is a picture and keeps its width)."""
    return out.split("\nThe board at the end:")[0].splitlines()


@pytest.mark.slow
def test_replay_wraps_to_the_requested_width(stopped_game: Path) -> None:
    # Run beside the file, so that its name, which the first line shows, is one short
    # word: a temporary folder's path can be longer than the width and be cut.
    folder, name = stopped_game.parent, stopped_game.name
    narrow = run_here("replay", name, "--width", "60", cwd=folder)
    assert narrow.returncode == 0, narrow.stderr
    lines = _log_lines(narrow.stdout)
    assert max(len(line) for line in lines) <= 60
    continued = [line for line in lines if line.startswith(" " * 13) and line.strip()]
    assert continued  # explanations go on under their column
    wide = run_here("replay", name, "--width", "0", cwd=folder)
    assert max(len(line) for line in _log_lines(wide.stdout)) > 60
    assert " ".join(" ".join(_log_lines(narrow.stdout)).split()) == \
        " ".join(" ".join(_log_lines(wide.stdout)).split())  # the same words


@pytest.mark.slow
def test_replay_wraps_to_the_terminal_width_and_not_into_a_pipe(stopped_game: Path) -> None:
    import subprocess
    import sys

    def replay(columns: str | None) -> str:
        env = {k: v for k, v in ENV.items() if k != "COLUMNS"}
        if columns is not None:
            env["COLUMNS"] = columns
        return subprocess.run([sys.executable, "-m", "carcassonne_amazonas", "replay",
                               str(stopped_game)], capture_output=True, encoding="utf-8",
                              env=env, timeout=120, check=True).stdout

    assert max(len(line) for line in _log_lines(replay("72"))) <= 72
    assert max(len(line) for line in _log_lines(replay(None))) > 100


# ---------------------------------------------------------------------------- render


def _after_turn(record: GameRecord, turn: int) -> GameState:
    """The state after ``turn`` turns (a turn ends with the piece step)."""
    state, done = record.initial_state(), 0
    for action in record.actions:
        if done == turn:
            break
        state = apply_action(state, action)
        done += isinstance(action, (Pass, PlaceMeeple, PlaceCamp))
    return state


@pytest.mark.slow
@pytest.mark.parametrize("turn", [None, 0, 10])
def test_render_writes_an_svg_of_the_board(record_file: Path, tmp_path: Path,
                                           turn: int | None) -> None:
    out = tmp_path / "board.svg"
    args = ["render", str(record_file), "--svg", str(out)]
    if turn is not None:
        args += ["--turn", str(turn)]
    result = run_here(*args)
    assert result.returncode == 0, result.stderr
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag == f"{SVG}svg"
    tiles = [g for g in root.iter(f"{SVG}g") if "tile" in g.get("class", "").split()]
    record = GameRecord.from_json(record_file.read_text(encoding="utf-8"))
    state = record.final_state() if turn is None else _after_turn(record, turn)
    expected = len(state.board)
    assert len(tiles) == expected
    assert [(g.get("data-x"), g.get("data-y")) for g in tiles] == [
        (str(p.position.x), str(p.position.y)) for p in state.board.placements]
    pieces = [g for g in root.iter(f"{SVG}g") if "piece" in g.get("class", "").split()]
    assert len(pieces) == sum(1 for _ in state.pieces())
    count = len(pieces)
    # Counted as repr(state) and the picture's heading count them: the start tile apart.
    placed = expected - 1
    tiles_text = f"{placed} tile{'' if placed == 1 else 's'} placed"
    assert f"({tiles_text}, {count} piece{'' if count == 1 else 's'})" in result.stdout
    boats = [g for g in root.iter(f"{SVG}g") if g.get("class") == "boat"]
    assert len(boats) == 2


def test_render_writes_beside_the_record_by_default(
        stopped: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_main(capsys, monkeypatch, "render", str(stopped))
    assert code == 0, err
    picture = stopped.with_suffix(".svg")
    assert ET.fromstring(picture.read_text(encoding="utf-8")).tag == f"{SVG}svg"
    assert out.startswith(f"{picture}: the board at the end (")


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


@pytest.mark.slow
def test_replay_and_render_a_record_with_explicit_draws(tmp_path: Path) -> None:
    rng = random.Random(2)
    state = initial = new_game(3, draws="explicit")
    actions = []
    for _ in range(40):
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply_action(state, action)
    path = tmp_path / "explicit.json"
    path.write_text(GameRecord.from_game(initial, actions).to_json(), encoding="utf-8")
    result = run_here("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert "draws recorded as actions" in result.stdout
    assert re.search(r"^  \*\d+ +draw tile ", result.stdout, re.MULTILINE)
    turns = sum(isinstance(a, (Pass, PlaceMeeple, PlaceCamp)) for a in actions)
    assert f"Turn {turns}:" in result.stdout
    out = tmp_path / "explicit.svg"
    assert run_here("render", str(path), "--svg", str(out), "--turn", "3").returncode == 0
    tiles = [g for g in ET.fromstring(out.read_text(encoding="utf-8")).iter(f"{SVG}g")
             if "tile" in g.get("class", "").split()]
    assert len(tiles) == len(_after_turn(GameRecord.from_game(initial, actions), 3).board)


# ---------------------------------------------------------------------------- unreadable records


@pytest.mark.slow
@pytest.mark.parametrize("content", [
    "not json at all",
    '{"schema": "carcassonne-amazonas/record/9"}',
    "",
    '{"schema": "carcassonne-amazonas/record/1", "actions": 3}',
])
def test_bad_record_exits_1(content: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    # In this process: the tool's exit codes in a real process are test_cli.py's.
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    for command in (["replay", str(path)], ["render", str(path), "--svg", str(tmp_path / "o")]):
        code, _, err = run_main(capsys, monkeypatch, *command)
        assert code == 1 and error_of(err)  # one line, no traceback


@pytest.mark.slow
def test_illegal_action_in_a_record_exits_1(record_file: Path, tmp_path: Path) -> None:
    data = json.loads(record_file.read_text(encoding="utf-8"))
    data["actions"][5] = "t99,99,0"
    data["result"] = None
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    stderr = assert_clean_error(run_here("replay", str(path)), 1)
    assert "action 6" in stderr


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
