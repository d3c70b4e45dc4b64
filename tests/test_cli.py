"""The command-line tool: every command run as ``python -m carcassonne_amazonas``
in a subprocess (exit codes, output, files), the bots, the statistics and the
text renderer.
"""

from __future__ import annotations

import json
import os
import random
import re
import select
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import IO, Any

import pytest

from carcassonne_amazonas import (
    GameRecord,
    GameState,
    Pass,
    Phase,
    PlaceCamp,
    PlaceMeeple,
    apply_action,
    format_action,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.ai.bots import GreedyBot, RandomBot, derive_seed, make_bot
from carcassonne_amazonas.ai.simulation import GameResult, simulate_game, summarise
from carcassonne_amazonas.cli import main
from carcassonne_amazonas.render.text import PLAYER_LETTERS, board_text, tile_text, track_text
from carcassonne_amazonas.tiles.reference import REFERENCE_FILE

pytestmark = pytest.mark.slow  # runs the tool in subprocesses, whole games

SVG = "{http://www.w3.org/2000/svg}"
REFERENCE_TILES = Path(__file__).resolve().parents[1] / "src" / "carcassonne_amazonas" / \
    "tiles" / "data" / REFERENCE_FILE
ENV = {**os.environ, "PYTHONIOENCODING": "utf-8"}
ENV.pop("CARCASSONNE_AMAZONAS_DEBUG", None)
COMMANDS = ("play", "simulate", "replay", "render", "tileset", "validate-tileset")


def run(*args: str, stdin: str | None = None,
        timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m carcassonne_amazonas ARGS`` with ``stdin`` (end of input after it)."""
    return subprocess.run([sys.executable, "-m", "carcassonne_amazonas", *args],
                          input=stdin if stdin is not None else "", capture_output=True,
                          encoding="utf-8", env=ENV, timeout=timeout)


def assert_clean_error(result: subprocess.CompletedProcess[str], code: int) -> str:
    """The exit code, no traceback, and (for code 1) exactly one line on stderr."""
    assert result.returncode == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    if code == 1:
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith("carcassonne-amazonas: error: ")
    return result.stderr


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 2-player game between random bots, saved by ``play --save``."""
    path = tmp_path_factory.mktemp("records") / "game.json"
    result = run("play", "--players", "2", "--bots", "random,random", "--seed", "3",
                 "--save", str(path))
    assert result.returncode == 0, result.stderr
    return path


# ---------------------------------------------------------------------------- help, usage


def test_help_for_the_tool_and_every_command() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in COMMANDS:
        assert command in result.stdout
    for command in COMMANDS:
        result = run(command, "--help")
        assert result.returncode == 0, result.stderr
        assert result.stdout.startswith(f"usage: carcassonne-amazonas {command}")


def test_version() -> None:
    from carcassonne_amazonas import __version__

    result = run("--version")
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
    ["render", "x.json"],                                 # --svg missing
    ["validate-tileset"],
    ["tileset"],                                          # ACTION missing
    ["tileset", "show", "a.tiles", "b.tiles"],
    ["replay", "x.json", "--width", "-1"],
])
def test_usage_errors_exit_2(args: list[str]) -> None:
    result = run(*args)
    stderr = assert_clean_error(result, 2)
    assert "usage:" in stderr


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
    result = run(*(part.format(**names) for part in command))
    stderr = assert_clean_error(result, 1)
    assert "nothing-here" in stderr or str(tmp_path) in stderr
    assert not (tmp_path / "out.svg").exists()


@pytest.mark.parametrize("content", [
    "not json at all",
    '{"schema": "carcassonne-amazonas/record/9"}',
    "",
    '{"schema": "carcassonne-amazonas/record/1", "actions": 3}',
])
def test_bad_record_exits_1(content: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    for command in (["replay", str(path)], ["render", str(path), "--svg", str(tmp_path / "o")]):
        assert_clean_error(run(*command), 1)


def test_illegal_action_in_a_record_exits_1(record_file: Path, tmp_path: Path) -> None:
    data = json.loads(record_file.read_text(encoding="utf-8"))
    data["actions"][5] = "t99,99,0"
    data["result"] = None
    path = tmp_path / "illegal.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    stderr = assert_clean_error(run("replay", str(path)), 1)
    assert "action 6" in stderr


# ---------------------------------------------------------------------------- play


def test_play_between_bots_finishes_and_prints_the_winner(record_file: Path,
                                                          tmp_path: Path) -> None:
    result = run("play", "--players", "2", "--bots", "random,random", "--seed", "3")
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
    again = run("play", "--players", "2", "--bots", "random,random", "--seed", "3")
    assert again.stdout == out


def test_play_record_is_a_valid_finished_game(record_file: Path) -> None:
    data = json.loads(record_file.read_text(encoding="utf-8"))
    assert data["seed"] == 3
    record = GameRecord.from_json(json.dumps(data))
    final = record.final_state()
    assert final.is_terminal
    assert data["result"]["scores"] == list(final.scores)


def test_play_with_greedy_and_five_players(tmp_path: Path) -> None:
    path = tmp_path / "five.json"
    result = run("play", "--players", "5", "--bots", "greedy,random,random,random,random",
                 "--seed", "11", "--save", str(path))
    assert result.returncode == 0, result.stderr
    final = GameRecord.from_json(path.read_text(encoding="utf-8")).final_state()
    assert final.num_players == 5 and final.is_terminal


def test_human_gets_asked_again_after_bad_input_and_end_of_input_saves(tmp_path: Path) -> None:
    path = tmp_path / "stopped.json"
    bad = "hello there\n999\n0\n+-5\nt99,99,0\nm0,0,0\n\nhelp\nlist\nboard\n"
    result = run("play", "--players", "2", "--bots", "human,random", "--seed", "3",
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


def test_human_plays_by_number_and_notation_then_stops(tmp_path: Path) -> None:
    path = tmp_path / "two-moves.json"
    state = new_game(2, seed=3)
    first = legal_actions(state)[0]
    after = apply_action(state, first)
    assert after.phase is Phase.PLACE_PIECE
    result = run("play", "--players", "2", "--bots", "human,greedy", "--seed", "3",
                 "--save", str(path), stdin="1\np\n")
    assert result.returncode == 0, result.stderr
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    texts = [format_action(a) for a in record.actions]
    assert texts[:2] == [format_action(first), "p"]
    assert len(texts) > 2  # the greedy bot's turn was recorded too
    assert "Game stopped (end of input)" in result.stdout


def test_quit_command_stops_and_saves(tmp_path: Path) -> None:
    path = tmp_path / "quit.json"
    result = run("play", "--bots", "human,human", "--seed", "5", "--save", str(path),
                 stdin="1\nquit\nnever read\n")
    assert result.returncode == 0, result.stderr
    assert "Game stopped (stopped by the player) after 1 action" in result.stdout
    assert len(GameRecord.from_json(path.read_text(encoding="utf-8")).actions) == 1


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


# ---------------------------------------------------------------------------- simulate


def test_simulate_100_games_with_2_jobs() -> None:
    result = run("simulate", "--games", "100", "--players", "4", "--jobs", "2")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("100 games, 4 players (random, random, random, random), seed 0, "
                          "2 jobs")
    assert "games/s" in out and "mean game length" in out
    for word in ("yellow", "red", "green", "blue", "tributaries", "villages", "camps",
                 "river", "amazon", "win rate"):
        assert word in out
    rates = [float(m) for m in re.findall(r"(\d+\.\d)%", out)]
    assert len(rates) == 4 and abs(sum(rates) - 100) < 0.5
    # Not a terminal: no progress bar.
    assert result.stderr == ""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_simulate_shows_a_progress_bar_on_a_terminal() -> None:
    import pty

    leader, follower = pty.openpty()
    try:
        process = subprocess.run(
            [sys.executable, "-m", "carcassonne_amazonas", "simulate", "--games", "6",
             "--players", "2", "--json"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=follower, env=ENV,
            timeout=120)
        os.close(follower)
        follower = -1
        shown = b""
        while True:
            ready, _, _ = select.select([leader], [], [], 1)
            if not ready:
                break
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
        if follower >= 0:
            os.close(follower)
    assert process.returncode == 0
    assert json.loads(process.stdout)["games"] == 6   # stdout stays clean JSON
    assert b"\r[" in shown and b"6/6 games" in shown


def _without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items()
            if k not in ("seconds", "games_per_second", "jobs", "seconds_per_decision")}


def test_simulate_json_does_not_depend_on_jobs() -> None:
    args = ("simulate", "--games", "12", "--players", "3", "--seed", "9", "--json")
    one = run(*args, "--jobs", "1")
    two = run(*args, "--jobs", "2")
    assert one.returncode == 0 and two.returncode == 0, (one.stderr, two.stderr)
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    assert first["jobs"] == 1 and second["jobs"] == 2
    assert _without_timing(first) == _without_timing(second)
    assert first["games"] == 12 and first["players"] == 3
    assert abs(sum(first["win_rate"]) - 1) < 1e-3
    for row in first["scores"]:
        assert set(row) >= {"player", "colour", "bot", "total", "tributaries", "villages",
                            "camps", "river", "amazon"}
        assert set(row["total"]) == {"mean", "stdev"}
    assert first["game_length"]["mean"] > 80
    assert first["games_per_second"] > 0
    # Another seed, other games.
    other = json.loads(run("simulate", "--games", "12", "--players", "3", "--seed", "10",
                           "--json").stdout)
    assert _without_timing(other) != _without_timing(first)


def test_simulate_with_greedy_bots() -> None:
    result = run("simulate", "--games", "2", "--players", "2", "--bots", "greedy,random",
                 "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["bots"] == ["greedy", "random"]
    # The greedy bot scores more than a random one, by far.
    assert summary["scores"][0]["total"]["mean"] > summary["scores"][1]["total"]["mean"]


def test_a_bad_mcts_budget_says_what_a_budget_is() -> None:
    for kind in ("mcts:0", "mcts:x", "mcts:-3", "mcts:\u00b2", "mcts:\u0663"):
        result = run("simulate", "--games", "1", "--players", "2", "--bots", kind)
        assert result.returncode == 2
        assert "mcts:N takes a whole number of iterations per decision, at least 1" \
            in result.stderr, result.stderr
    result = run("simulate", "--games", "1", "--players", "2", "--bots", "clever")
    assert "unknown player kind 'clever' (choose from random, greedy, mcts, mcts:N)" \
        in result.stderr


def test_simulated_game_depends_only_on_seed_and_index() -> None:
    kinds = ("random", "random", "random")
    assert simulate_game(3, 7, kinds) == simulate_game(3, 7, kinds)
    assert simulate_game(3, 7, kinds) != simulate_game(4, 7, kinds)
    result = simulate_game(0, 1, kinds)
    assert sum(result.scores) == sum(sum(row) for row in result.categories)


def test_summary_counts_a_shared_victory_fractionally() -> None:
    results = [
        GameResult(0, (10, 10, 5), (0, 1), ((1, 2, 3, 4, 0),) * 3, 160, 0),
        GameResult(1, (3, 4, 9), (2,), ((0, 0, 0, 0, 3),) * 3, 170, 1),
    ]
    summary = summarise(results, ["random"] * 3, seed=0, jobs=1, seconds=1.0)
    assert summary["wins"] == [0.5, 0.5, 1.0]
    assert summary["win_rate"] == [0.25, 0.25, 0.5]
    assert summary["shared_victories"] == 1
    assert summary["game_length"] == {"mean": 165.0, "stdev": 7.0711}
    assert summary["scores"][2]["total"] == {"mean": 7.0, "stdev": 2.8284}
    assert summary["games_per_second"] == 2.0


# ---------------------------------------------------------------------------- bots


def test_bots_are_reproducible_and_legal() -> None:
    state = new_game(3, seed=4)
    for kind in ("random", "greedy"):
        bot_a, bot_b = make_bot(kind, 1), make_bot(kind, 1)
        assert bot_a is not None and bot_b is not None
        s = state
        for _ in range(12):
            action = bot_a.choose(s)
            assert action == bot_b.choose(s)
            assert action in legal_actions(s)
            s = apply_action(s, action)
    assert make_bot("human", 1) is None
    with pytest.raises(ValueError, match="unknown player kind"):
        make_bot("oracle", 1)
    assert isinstance(make_bot("random", 0), RandomBot)
    assert derive_seed(1, "game", 2) == derive_seed(1, "game", 2) != derive_seed(1, "game", 3)


def _gain(state: GameState, player: int) -> int:
    return state.players[player].score + state.players[player].boat


def test_greedy_takes_the_best_immediate_gain() -> None:
    rng = random.Random(5)
    state = new_game(2, seed=21)
    bot = GreedyBot(random.Random(0))
    checked = 0
    while not state.is_terminal and checked < 40:
        if state.phase is Phase.PLACE_PIECE:
            me = state.current_player
            options = {a: _gain(apply_action(state, a), me) for a in legal_actions(state)}
            choice = bot.choose(state)
            assert options[choice] == max(options.values())
            checked += 1
        state = apply_action(state, rng.choice(legal_actions(state)))
    assert checked > 10


# ---------------------------------------------------------------------------- replay, render


def test_replay_explains_the_whole_game(record_file: Path) -> None:
    result = run("replay", str(record_file))
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


def test_replay_stops_after_turn_k(record_file: Path) -> None:
    result = run("replay", str(record_file), "--turn", "5")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Turn 5:" in out and "Turn 6:" not in out
    assert "The board after turn 5:" in out
    assert "Final scores" not in out
    zero = run("replay", str(record_file), "--turn", "0")
    assert zero.returncode == 0 and "Turn 1:" not in zero.stdout
    stderr = assert_clean_error(run("replay", str(record_file), "--turn", "81"), 1)
    assert "turns 0 to 80" in stderr


def _after_turn(record: GameRecord, turn: int) -> GameState:
    """The state after ``turn`` turns (a turn ends with the piece step)."""
    state, done = record.initial_state(), 0
    for action in record.actions:
        if done == turn:
            break
        state = apply_action(state, action)
        done += isinstance(action, (Pass, PlaceMeeple, PlaceCamp))
    return state


@pytest.mark.parametrize("turn", [None, 0, 10])
def test_render_writes_an_svg_of_the_board(record_file: Path, tmp_path: Path,
                                           turn: int | None) -> None:
    out = tmp_path / "board.svg"
    args = ["render", str(record_file), "--svg", str(out)]
    if turn is not None:
        args += ["--turn", str(turn)]
    result = run(*args)
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
    tiles_text = f"{expected} tile{'' if expected == 1 else 's'}"
    assert f"({tiles_text}, {count} piece{'' if count == 1 else 's'})" in result.stdout
    boats = [g for g in root.iter(f"{SVG}g") if g.get("class") == "boat"]
    assert len(boats) == 2


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
    result = run("replay", str(path))
    assert result.returncode == 0, result.stderr
    assert "draws recorded as actions" in result.stdout
    assert re.search(r"^  \*\d+ +draw tile ", result.stdout, re.MULTILINE)
    turns = sum(isinstance(a, (Pass, PlaceMeeple, PlaceCamp)) for a in actions)
    assert f"Turn {turns}:" in result.stdout
    out = tmp_path / "explicit.svg"
    assert run("render", str(path), "--svg", str(out), "--turn", "3").returncode == 0
    tiles = [g for g in ET.fromstring(out.read_text(encoding="utf-8")).iter(f"{SVG}g")
             if "tile" in g.get("class", "").split()]
    assert len(tiles) == len(_after_turn(GameRecord.from_game(initial, actions), 3).board)


# ---------------------------------------------------------------------------- validate-tileset


def test_validate_the_reference_tileset() -> None:
    result = run("validate-tileset", str(REFERENCE_TILES))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "valid" in out.splitlines()[0]
    assert "65 standard (20 layouts)" in out
    assert "15 Amazon (4 layouts, 3 with \"!\")" in out
    assert "4 double" in out and "1 start" in out
    assert "16 Boat icons, 21 Fruit icons, 36 animals, 32 caimans, 11 piranhas" in out
    assert reference_tileset().checksum in out


def test_validate_a_broken_tileset_lists_every_problem(tmp_path: Path) -> None:
    text = REFERENCE_TILES.read_text(encoding="utf-8")
    broken = (text.replace("expect standard 65", "expect standard 64", 1)
              .replace("  tributary t  N S\n", "  tributary t  N S E\n", 1)
              .replace("copy     t:boat\n", "copy     t:boat t:caiman\n", 1))
    assert broken.count("\n") == text.count("\n")
    path = tmp_path / "broken.tiles"
    path.write_text(broken, encoding="utf-8")
    result = run("validate-tileset", str(path))
    stderr = assert_clean_error(result, 1)
    assert "not a valid tile set (" in stderr
    problems = [line for line in result.stdout.splitlines() if line.startswith("  - ")]
    assert len(problems) >= 3, result.stdout
    assert any("E2" in p for p in problems)            # port E2 given to two segments
    assert any("caiman" in p for p in problems)        # a caiman outside the Amazon
    assert any("standard" in p for p in problems)      # the count does not match
    assert f"{len(problems)} problems:" in result.stdout


def test_validate_tileset_rejects_text_that_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "binary.tiles"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert_clean_error(run("validate-tileset", str(path)), 1)


# ---------------------------------------------------------------------------- in-process main


def test_main_returns_exit_codes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["validate-tileset", str(REFERENCE_TILES)]) == 0
    assert main(["replay", str(tmp_path / "none.json")]) == 1
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--players", "1"])
    assert exit_info.value.code == 2
    captured = capsys.readouterr()
    assert "does not exist" in captured.err


# ---------------------------------------------------------------------------- text renderer


def test_board_text_shows_tiles_open_cells_river_and_boats() -> None:
    state = new_game(3, seed=2)
    assert "legend:" in board_text(state)
    text = board_text(state, legend=False)
    lines = text.splitlines()
    # R-G3: 10 open cells at the start, and the next river cell.
    assert text.count("[ ]") == 10
    assert text.count("[v]") == 1
    assert lines[1].strip() == "~"  # the river column's mark, not red's letter R
    assert "river column x=0, river end row 3, next river tile at (0,4)" in text
    assert "boats  1 [3" in text and "] 16" in text
    # The start tile: 4 rows of 3 text lines, the Amazon in the river column.
    assert sum(1 for line in lines[2:] if "~" in line) == 11  # the source cell starts it


def test_board_text_shows_pieces_by_player_letter() -> None:
    rng = random.Random(3)
    state = new_game(4, seed=6)
    while not state.is_terminal and sum(1 for _ in state.pieces()) < 6:
        state = apply_action(state, rng.choice(legal_actions(state)))
    text = board_text(state, legend=False)
    grid = "\n".join(text.splitlines()[2:-2])
    for piece in state.pieces():
        letter = PLAYER_LETTERS[piece.player]
        assert (letter if piece.kind.value == "meeple" else letter.lower()) in grid
    assert "legend" not in text


def test_track_text_counts_shared_spaces() -> None:
    state = new_game(5, seed=1)
    assert track_text(state).startswith("boats  1 [5.......] 8")


def test_tile_text_is_a_3x3_glyph_per_cell() -> None:
    tileset = reference_tileset()
    straight = tileset.tile_named("S01.1")
    assert tile_text(straight) == [".|.", ".|.", ".|."]
    from carcassonne_amazonas import Rotation

    assert tile_text(straight, Rotation.R90) == ["...", "---", "..."]
    assert tile_text(tileset.tile_named("S02.1")) == ["...", ".o.", ".|."]
    assert tile_text(tileset.tile_named("S05.1")) == ["###", "...", "..."]
    double = tileset.double_tiles[0]
    assert len(tile_text(double)) == 6 and all("~" in line for line in tile_text(double))
    start = tile_text(tileset.start_tile)
    assert len(start) == 12 and all(len(line) == 6 for line in start)
