"""One way of counting turns (``cli/turns.py``) for ``play``, ``replay`` and ``render``: a
turn groups the actions up to its piece step, and an unfinished game says where it stops."""

from __future__ import annotations

from pathlib import Path

import pytest

from carcassonne_amazonas.cli._turns import current_turn, stop_point, turns_of
from cli_helpers import TURN_HEADING, record_of, run, run_here

pytestmark = pytest.mark.slow  # runs the tool in subprocesses, whole games


def test_play_and_replay_count_turns_the_same_way(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    played = run_here("play", "--players", "3", "--bots", "random", "--seed", "6",
                 "--save", str(path))
    assert played.returncode == 0, played.stderr
    replayed = run_here("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    in_play = TURN_HEADING.findall(played.stdout)
    in_replay = TURN_HEADING.findall(replayed.stdout)
    assert in_play == in_replay and len(in_play) == 80
    assert in_play[:3] == [("1", "yellow"), ("2", "red"), ("3", "green")]


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


def test_replay_and_render_say_when_a_record_is_unfinished(stopped_game: Path,
                                                           tmp_path: Path) -> None:
    record = record_of(stopped_game)
    final = record.final_state()
    where = stop_point(final, record.actions)
    turn = current_turn(record.actions)
    assert where.startswith(f"it stops in turn {turn}, yellow to place a piece or pass, with ")
    replayed = run_here("replay", str(stopped_game), "--width", "0")
    assert replayed.returncode == 0, replayed.stderr
    first = replayed.stdout.splitlines()[0]
    assert first.endswith(f"in {turn} turns; unfinished: {where}")
    assert f"The game is not finished: {where}." in replayed.stdout
    assert "Final scores" not in replayed.stdout
    assert TURN_HEADING.findall(replayed.stdout)[-1][0] == str(turn)
    played = run_here("play", "--bots", "human,random", "--seed", "8",
                      stdin="1\n1\n1\n1\n1\n1\n1\n")
    assert f"in turn {turn}; it is not finished." in played.stdout
    rendered = run("render", str(stopped_game), "--svg", str(tmp_path / "board.svg"))
    assert rendered.returncode == 0, rendered.stderr
    assert f"{stopped_game}: the game is unfinished: {where}" in rendered.stdout
