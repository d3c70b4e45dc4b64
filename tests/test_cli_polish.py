"""The command-line tool's finish: resuming a saved game, unfinished records, one way of
counting turns, printing the shipped tile set, readable tile-set problems and replays
that fit the terminal."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from carcassonne_amazonas import GameRecord, Phase, new_game
from carcassonne_amazonas.cli.turns import current_turn, stop_point, turns_of
from carcassonne_amazonas.tiles.reference import reference_text
from test_cli import ENV, REFERENCE_TILES, assert_clean_error, run

pytestmark = pytest.mark.slow  # runs the tool in subprocesses, whole games

TURN_HEADING = re.compile(r"^Turn (\d+): (\w+)", re.MULTILINE)


@pytest.fixture(scope="module")
def stopped_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 2-player game that yellow (a human) stops after 3 turns, in the piece step of the
    fourth (each turn: the first legal action twice, then the rest a random bot's)."""
    path = tmp_path_factory.mktemp("stopped") / "stopped.json"
    result = run("play", "--bots", "human,random", "--seed", "8", "--save", str(path),
                 stdin="1\n1\n1\n1\n1\n1\n1\n")
    assert result.returncode == 0, result.stderr
    return path


def record_of(path: Path) -> GameRecord:
    """The record saved at ``path``."""
    return GameRecord.from_json(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------- play --resume

def test_a_stopped_game_is_saved_unfinished(stopped_game: Path) -> None:
    record = record_of(stopped_game)
    final = record.final_state()
    assert not final.is_terminal and final.phase is Phase.PLACE_PIECE
    assert json.loads(stopped_game.read_text(encoding="utf-8"))["result"] is None


def test_resume_continues_the_game_and_saves_it_back(stopped_game: Path,
                                                     tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(stopped_game.read_text(encoding="utf-8"), encoding="utf-8")
    before = record_of(path)
    turn = current_turn(before.actions)
    result = run("play", "--resume", str(path), "--bots", "random", "--seed", "1")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert f"resuming {path}: 2 players, seed 8, {len(before.actions)} actions played" in out
    assert f"Turn {turn}, resumed: unfinished: it stops in turn {turn}, " in out
    assert "Final scores" in out and f"Game record saved to {path}." in out
    after = record_of(path)
    assert after.final_state().is_terminal
    assert after.actions[:len(before.actions)] == before.actions
    assert after.seed == before.seed
    headings = [int(n) for n, _ in TURN_HEADING.findall(out)]
    assert headings[0] == turn + 1 and headings == list(range(turn + 1, headings[-1] + 1))


def test_resume_with_save_writes_another_file(stopped_game: Path, tmp_path: Path) -> None:
    original = stopped_game.read_text(encoding="utf-8")
    other = tmp_path / "finished.json"
    result = run("play", "--resume", str(stopped_game), "--bots", "greedy,random",
                 "--save", str(other))
    assert result.returncode == 0, result.stderr
    assert stopped_game.read_text(encoding="utf-8") == original
    assert record_of(other).final_state().is_terminal


def test_resume_refuses_a_finished_game_and_other_player_counts(stopped_game: Path,
                                                                tmp_path: Path) -> None:
    finished = tmp_path / "finished.json"
    assert run("play", "--bots", "random,random", "--seed", "2",
               "--save", str(finished)).returncode == 0
    stderr = assert_clean_error(run("play", "--resume", str(finished)), 1)
    assert "the game is finished" in stderr and "replay" in stderr
    stderr = assert_clean_error(run("play", "--resume", str(stopped_game), "--players", "3"), 1)
    assert "has 2 players" in stderr
    assert_clean_error(run("play", "--resume", str(tmp_path / "none.json")), 1)


def test_resume_plays_on_a_game_with_explicit_draws(tmp_path: Path) -> None:
    initial = new_game(2, draws="explicit")
    record = GameRecord.from_game(initial, [])
    path = tmp_path / "explicit.json"
    path.write_text(record.to_json(), encoding="utf-8")
    result = run("play", "--resume", str(path), "--bots", "random", "--seed", "4")
    assert result.returncode == 0, result.stderr
    assert "Turn 1: yellow (random) draws a tile; 80 tiles left to draw" in result.stdout
    finished = record_of(path)
    assert finished.draws == "explicit" and finished.final_state().is_terminal


# ---------------------------------------------------------------------------- turns and status

def test_play_and_replay_count_turns_the_same_way(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    played = run("play", "--players", "3", "--bots", "random", "--seed", "6",
                 "--save", str(path))
    assert played.returncode == 0, played.stderr
    replayed = run("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    in_play = TURN_HEADING.findall(played.stdout)
    in_replay = TURN_HEADING.findall(replayed.stdout)
    assert in_play == in_replay and len(in_play) == 80
    assert in_play[:3] == [("1", "yellow"), ("2", "red"), ("3", "green")]


def test_replay_and_render_say_when_a_record_is_unfinished(stopped_game: Path,
                                                           tmp_path: Path) -> None:
    record = record_of(stopped_game)
    final = record.final_state()
    where = stop_point(final, record.actions)
    turn = current_turn(record.actions)
    assert where.startswith(f"it stops in turn {turn}, yellow to place a piece or pass, with ")
    replayed = run("replay", str(stopped_game), "--width", "0")
    assert replayed.returncode == 0, replayed.stderr
    first = replayed.stdout.splitlines()[0]
    assert first.endswith(f"in {turn} turns; unfinished: {where}")
    assert f"The game is not finished: {where}." in replayed.stdout
    assert "Final scores" not in replayed.stdout
    assert TURN_HEADING.findall(replayed.stdout)[-1][0] == str(turn)
    played = run("play", "--bots", "human,random", "--seed", "8", stdin="1\n1\n1\n1\n1\n1\n1\n")
    assert f"in turn {turn}; it is not finished." in played.stdout
    rendered = run("render", str(stopped_game), "--svg", str(tmp_path / "board.svg"))
    assert rendered.returncode == 0, rendered.stderr
    assert f"{stopped_game}: the game is unfinished: {where}" in rendered.stdout


def test_turns_group_actions_until_the_piece_step(stopped_game: Path) -> None:
    record = record_of(stopped_game)
    initial = record.initial_state()
    turns = turns_of(initial, record.actions)
    assert [turn.number for turn in turns] == list(range(1, len(turns) + 1))
    assert [step.action for turn in turns for step in turn.steps] == list(record.actions)
    assert all(turn.is_complete for turn in turns[:-1]) and not turns[-1].is_complete
    assert [turn.player for turn in turns] == [n % 2 for n in range(len(turns))]
    assert len(turns) == current_turn(record.actions)
    assert turns_of(initial, []) == [] and current_turn([]) == 1


# ---------------------------------------------------------------------------- tileset show

def test_tileset_show_prints_the_shipped_reference_set(tmp_path: Path) -> None:
    result = run("tileset", "show")
    assert result.returncode == 0, result.stderr
    assert result.stdout == reference_text()
    assert result.stdout == REFERENCE_TILES.read_text(encoding="utf-8")
    box = tmp_path / "my-box.tiles"
    box.write_text(result.stdout, encoding="utf-8")  # tileset show > my-box.tiles
    checked = run("validate-tileset", str(box))
    assert checked.returncode == 0 and "valid" in checked.stdout.splitlines()[0]


def test_tileset_show_prints_another_valid_file(tmp_path: Path) -> None:
    text = reference_text().replace("tileset amazonas-reference", "tileset my-box")
    path = tmp_path / "my-box.tiles"
    path.write_text(text, encoding="utf-8")
    result = run("tileset", "show", str(path))
    assert result.returncode == 0 and result.stdout == text
    path.write_text(text.replace("expect standard 65", "expect standard 66"), encoding="utf-8")
    stderr = assert_clean_error(run("tileset", "show", str(path)), 1)
    assert "not a valid tile set (1 problem;" in stderr
    assert_clean_error(run("tileset", "show", str(tmp_path / "none.tiles")), 1)


# ---------------------------------------------------------------------------- validate-tileset

def _problem_lines(out: str) -> list[str]:
    return [line[4:] for line in out.splitlines() if line.startswith("  - ")]


def test_validate_tileset_stops_after_20_problems_and_counts_the_rest(tmp_path: Path) -> None:
    lines = reference_text().splitlines()
    for index in range(40, 70):  # 30 unknown directives inside the layouts
        lines.insert(index, f"frobnicate {index}")
    path = tmp_path / "many.tiles"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("validate-tileset", str(path))
    assert_clean_error(result, 1)
    shown = _problem_lines(result.stdout)
    assert len(shown) == 20
    total = int(re.search(r": (\d+) problems:", result.stdout).group(1))  # type: ignore[union-attr]
    assert total >= 30
    assert f"  ... and {total - 20} more problems" in result.stdout


def test_validate_tileset_lists_problems_in_line_order(tmp_path: Path) -> None:
    text = reference_text()
    broken = (text.replace("expect standard 65", "expect standard 64", 1)
              .replace("  tributary t  N S\n", "  tributary t  N S E\n", 1)
              .replace("copy     t:boat\n", "copy     t:boat t:caiman\n", 1))
    broken += "frobnicate\n"
    path = tmp_path / "broken.tiles"
    path.write_text(broken, encoding="utf-8")
    result = run("validate-tileset", str(path))
    assert_clean_error(result, 1)
    shown = _problem_lines(result.stdout)
    numbers = [int(m.group(1)) for p in shown if (m := re.match(r"line (\d+): ", p))]
    assert numbers == sorted(numbers) and len(numbers) >= 3
    assert numbers[-1] == broken.count("\n")  # the last line's problem, after the others
    whole_file = [p for p in shown if not p.startswith("line ")]
    assert whole_file and shown[-len(whole_file):] == whole_file  # the file's own, last


def test_validate_tileset_says_when_the_file_looks_like_json(stopped_game: Path) -> None:
    # The hint alone: not one problem per line of the JSON.
    result = run("validate-tileset", str(stopped_game))
    stderr = assert_clean_error(result, 1)
    assert result.stdout == "" and "not a tile-set file: it looks like JSON" in stderr
    record_as_tileset = run("play", "--tileset", str(stopped_game), "--bots", "random")
    assert assert_clean_error(record_as_tileset, 1) == stderr


# ---------------------------------------------------------------------------- replay width

def _log_lines(out: str) -> list[str]:
    """The replay's lines before the board (the board is a picture and keeps its width)."""
    return out.split("\nThe board at the end:")[0].splitlines()


def test_replay_wraps_to_the_requested_width(stopped_game: Path) -> None:
    narrow = run("replay", str(stopped_game), "--width", "60")
    assert narrow.returncode == 0, narrow.stderr
    lines = _log_lines(narrow.stdout)
    assert max(len(line) for line in lines) <= 60
    continued = [line for line in lines if line.startswith(" " * 13) and line.strip()]
    assert continued  # explanations go on under their column
    wide = run("replay", str(stopped_game), "--width", "0")
    assert max(len(line) for line in _log_lines(wide.stdout)) > 60
    assert " ".join(" ".join(_log_lines(narrow.stdout)).split()) == \
        " ".join(" ".join(_log_lines(wide.stdout)).split())  # the same words


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
