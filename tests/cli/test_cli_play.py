"""``play``: games between bots, a human at the prompt (bad input, numbers and notation,
``quit``, ``undo``, the end of input, Ctrl-C).

Saving and resuming a game (``--save``, ``--resume``) is in ``test_cli_save_resume.py``;
how ``play`` draws the tiles of an explicit-draws game, in ``test_cli_draws.py``; how it
counts turns, in ``test_cli_turns.py``.
"""

from __future__ import annotations

import json
import os
import random
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest

from carcassonne_amazonas import (
    GameRecord,
    NotationError,
    Phase,
    apply_action,
    format_action,
    legal_actions,
    new_game,
    parse_action,
)
from carcassonne_amazonas.cli._human import HUMAN_HELP
from carcassonne_amazonas.cli._play import take_back
from carcassonne_amazonas.formats.game import Game
from cli_helpers import ENV, run_here, run_main

# The tests that run the tool in a subprocess are marked slow one by one; those that call
# main() in this process are quick.


# ---------------------------------------------------------------------------- between bots


@pytest.mark.slow
def test_play_between_bots_finishes_and_prints_the_winner(record_file: Path,
                                                          tmp_path: Path) -> None:
    result = run_here("play", "--players", "2", "--bots", "random,random", "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    out = result.stdout
    assert "Final scores" in out
    final = GameRecord.from_json(record_file.read_text(encoding="utf-8")).final_state()
    assert final.is_terminal
    if len(final.winners) == 1:
        best = max(final.scores)
        colour = ("yellow", "red")[final.winners[0]]
        assert f"The winner is {colour} with {best} points." in out
    else:
        assert "Shared victory" in out
    # The same seed gives the same game: the saved record is this very game.
    assert "Turn 80:" in out or "Turn 7" in out
    again = run_here("play", "--players", "2", "--bots", "random,random", "--seed", "3")
    assert again.stdout == out


@pytest.mark.slow
def test_play_record_is_a_valid_finished_game(record_file: Path) -> None:
    data = json.loads(record_file.read_text(encoding="utf-8"))
    assert data["seed"] == 3
    record = GameRecord.from_json(json.dumps(data))
    final = record.final_state()
    assert final.is_terminal
    assert data["result"]["scores"] == list(final.scores)


@pytest.mark.slow
def test_play_with_greedy_and_five_players(tmp_path: Path) -> None:
    path = tmp_path / "five.json"
    result = run_here("play", "--players", "5", "--bots", "greedy,random,random,random,random",
                 "--seed", "11", "--save", str(path))
    assert result.returncode == 0, result.stderr
    final = GameRecord.from_json(path.read_text(encoding="utf-8")).final_state()
    assert final.num_players == 5 and final.is_terminal


def test_play_takes_the_player_count_from_a_bots_list() -> None:
    """R-C1: without --players, one player per kind of a --bots list; one kind for all
    keeps the default of 2."""
    result = run_here("play", "--bots", "human,random,random", "--seed", "3", stdin="")
    assert result.returncode == 0, result.stderr
    assert "3 players, seed 3 (yellow human, red random, " in result.stdout.splitlines()[0]
    result = run_here("play", "--bots", "human", "--seed", "3", stdin="")
    assert "2 players, seed 3 (yellow human, red human)" in result.stdout.splitlines()[0]


def test_play_wraps_its_long_lines_to_the_terminal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "72")
    code, out, _ = run_main(capsys, monkeypatch, "play", "--bots", "random,random",
                            "--seed", "1")
    assert code == 0
    explained = [line for line in out.splitlines() if "(R-" in line or line.startswith("      ")]
    assert explained and max(map(len, explained)) <= 72
    monkeypatch.delenv("COLUMNS")
    _, unwrapped, _ = run_main(capsys, monkeypatch, "play", "--bots", "random,random",
                               "--seed", "1")
    assert max(map(len, unwrapped.splitlines())) > 72  # a pipe is not wrapped


# ---------------------------------------------------------------------------- a human at the prompt


@pytest.mark.slow
def test_human_gets_asked_again_after_bad_input_and_end_of_input_saves(tmp_path: Path) -> None:
    path = tmp_path / "stopped.json"
    bad = "hello there\n999\n0\n+-5\nt99,99,0\nm0,0,0\n\nhelp\nlist\nboard\n"
    result = run_here("play", "--players", "2", "--bots", "human,random", "--seed", "3",
                 "--save", str(path), stdin=bad)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr and result.stderr == ""
    out = result.stdout
    assert "Not understood: bad action 'hello there'" in out
    assert "There is no action 999: choose a number from 1 to 2." in out
    assert "There is no action 0" in out
    assert "Not understood: bad action '+-5'" in out
    assert "Illegal: " in out and "(99,99)" in out          # the engine says why (R-G6)
    assert "'place tile' phase" in out                       # a meeple before the tile
    assert "m<x>,<y>,<segment>" in out                       # help
    # Asked once per line of input and once more when the input ended.
    assert out.count("yellow> ") == bad.count("\n") + 1
    assert "Game stopped (end of input) after 0 actions" in out
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.actions == () and record.seed == 3


@pytest.mark.slow
def test_human_plays_by_number_and_notation_then_stops(tmp_path: Path) -> None:
    path = tmp_path / "two-moves.json"
    state = new_game(2, seed=3)
    first = legal_actions(state)[0]
    after = apply_action(state, first)
    assert after.phase is Phase.PLACE_PIECE
    result = run_here("play", "--players", "2", "--bots", "human,greedy", "--seed", "3",
                 "--save", str(path), stdin="1\np\n")
    assert result.returncode == 0, result.stderr
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    texts = [format_action(a) for a in record.actions]
    assert texts[:2] == [format_action(first), "p"]
    assert len(texts) > 2  # the greedy bot's turn was recorded too
    assert "Game stopped (end of input)" in result.stdout


def test_human_names_a_piece_by_compass_point(tmp_path: Path) -> None:
    """R-T5: at the prompt a piece's segment may be a compass point read off the tile; a
    bad point is not understood (where and why), one with no tile to read it off is
    illegal, and the record keeps the segment's number."""
    path = tmp_path / "compass.json"
    typed = "t0,4,0\nm0,4,e\nm1,4,E\nm0,4,E\nquit\n"
    result = run_here("play", "--bots", "human,human", "--seed", "1", "--save", str(path),
                      stdin=typed)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert ("Not understood: bad action 'm0,4,e' at character 6: compass points are "
            "written in capitals: 'E', not 'e'") in out
    assert "Illegal: a meeple goes on the tile just placed, at (0,4), not at (1,4) (R-T5)" in out
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert [format_action(a) for a in record.actions] == ["t0,4,0", "m0,4,1"]
    assert "m0,4,E" in HUMAN_HELP and "c0,4,NE" in HUMAN_HELP


@pytest.mark.slow
def test_quit_command_stops_and_saves(tmp_path: Path) -> None:
    path = tmp_path / "quit.json"
    result = run_here("play", "--bots", "human,human", "--seed", "5", "--save", str(path),
                 stdin="1\nquit\nnever read\n")
    assert result.returncode == 0, result.stderr
    assert "Game stopped (stopped by the player) after 1 action" in result.stdout
    assert len(GameRecord.from_json(path.read_text(encoding="utf-8")).actions) == 1


@pytest.mark.slow
def test_input_that_is_not_text_is_not_understood(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "carcassonne_amazonas", "play", "--bots", "human,random",
         "--seed", "3"], input=b"\xff\xfe junk\n1\n", capture_output=True, env=ENV,
        timeout=120)
    assert result.returncode == 0, result.stderr
    out = result.stdout.decode("utf-8")
    assert "Not understood" in out
    assert "Game stopped (end of input) after 1 action" in out


def _read_until(stream: IO[bytes], marker: bytes, count: int, timeout: float) -> bytes:
    """Read from ``stream`` until ``marker`` has appeared ``count`` times."""
    data = b""
    deadline = time.monotonic() + timeout
    while data.count(marker) < count:
        left = deadline - time.monotonic()
        assert left > 0, f"no {marker!r} in {data[-500:]!r}"
        ready, _, _ = select.select([stream], [], [], left)
        if ready:
            chunk = os.read(stream.fileno(), 65536)
            assert chunk, f"the game ended before asking: {data[-500:]!r}"
            data += chunk
    return data


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_ends_the_game_cleanly_and_saves(tmp_path: Path) -> None:
    path = tmp_path / "interrupted.json"
    process = subprocess.Popen(
        [sys.executable, "-m", "carcassonne_amazonas", "play", "--bots", "human,random",
         "--seed", "8", "--save", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    try:
        assert process.stdin is not None and process.stdout is not None
        _read_until(process.stdout, b"yellow> ", 1, 60)        # where the tile goes
        process.stdin.write(b"1\n")
        process.stdin.flush()
        _read_until(process.stdout, b"yellow> ", 1, 60)        # the piece step
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == 0, err
    assert b"Traceback" not in err
    assert b"Game stopped (interrupted) after 1 action" in out
    assert len(GameRecord.from_json(path.read_text(encoding="utf-8")).actions) == 1


# ---------------------------------------------------------------------------- undo


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


def test_the_help_explains_every_action_letter_the_notation_names() -> None:
    """R-T1: the letters a notation error lists ('expected t, d, m, c, p or *') are each
    explained by 'help', the draw '*' included."""
    with pytest.raises(NotationError) as refused:
        parse_action("x1")
    listed = re.search(r"expected (.*)\)", str(refused.value))
    assert listed is not None
    letters = re.split(r", | or ", listed.group(1))
    assert "*" in letters
    explained = {line.split()[0][0] for line in HUMAN_HELP.splitlines()
                 if line.startswith("  ") and not line.startswith("   ")}
    assert set(letters) <= explained, set(letters) - explained


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
