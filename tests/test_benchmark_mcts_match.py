"""The paired match of MCTS option sets (``benchmarks/mcts_match.py``): a game's record
agrees with itself, the summary counts only shuffles played in both seatings, and
loading checks every saved game.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


@pytest.fixture
def match(benchmark_script: Callable[[str], ModuleType]) -> ModuleType:
    return benchmark_script("mcts_match")


def game(shuffle: int, a_seat: int, win: float, margin: int) -> dict[str, Any]:
    return {"shuffle": shuffle, "a_seat": a_seat, "win": win, "margin": margin,
            "cpu_a": 0.5, "cpu_b": 0.25}


def test_a_game_records_a_win_that_agrees_with_its_margin(match: ModuleType) -> None:
    played = [match.play({"iterations": 1}, {"iterations": 1, "tree_turns": 2}, 3, seat)
              for seat in (0, 1)]
    for record in played:
        assert record["win"] == (1.0 if record["margin"] > 0 else
                                 0.5 if record["margin"] == 0 else 0.0)
        assert record["cpu_a"] > 0 and record["cpu_b"] > 0
    assert [record["a_seat"] for record in played] == [0, 1]
    # The same shuffle and seat give the same game: a saved run can be checked.
    assert match.play({"iterations": 1}, {"iterations": 1, "tree_turns": 2}, 3, 0)[
        "margin"] == played[0]["margin"]


def test_the_summary_counts_whole_shuffles_and_shared_victories_as_halves(
        match: ModuleType) -> None:
    games = [game(1, 0, 1.0, 10), game(1, 1, 0.5, 0), game(2, 0, 0.0, -4),
             game(2, 1, 1.0, 2), game(3, 0, 1.0, 50)]  # shuffle 3 lacks its second seating
    text = match.summary(games)
    assert text.startswith("4 games (2 shuffles, seats swapped): A won 62.5% (")
    assert "margin +2.0 ± 2.9 points a game" in text
    assert "0.50 s / 0.25 s" in text
    assert match.summary(games[-1:]) == "0 paired games: too few for a summary"


def test_loading_checks_every_saved_game(match: ModuleType, tmp_path: Path) -> None:
    saved = tmp_path / "games.jsonl"
    options = {"a": {"iterations": 2}, "b": {"iterations": 1}}
    lines = [json.dumps({**options, **game(1, seat, 1.0, 3)}) for seat in (0, 1)]
    saved.write_text("\n".join(lines) + "\n", encoding="utf-8")
    loaded = match.load_games([saved])
    assert [record["a_seat"] for record in loaded] == [0, 1]
    assert match.summary(loaded).startswith(
        'A {"iterations": 2} against B {"iterations": 1}: 2 games (1 shuffle, seats')
    for bad, message in [
            (lines[0] + "\n" + lines[0], "line 2: shuffle 1 with A in seat 0 again"),
            ("{oops", "line 1: not JSON"),
            (json.dumps({"shuffle": 1}), "line 1: not a saved game"),
            (lines[0] + "\n" + json.dumps({**game(2, 0, 0.0, -1), "a": {}, "b": {}}),
             "line 2: other option sets than the first game's")]:
        saved.write_text(bad, encoding="utf-8")
        with pytest.raises(ValueError, match=re.escape(message)):
            match.load_games([saved])


def test_a_reprint_leaves_out_games_of_other_code_and_says_so(match: ModuleType) -> None:
    options = {"a": {"iterations": 2}, "b": {"iterations": 1}}
    played = match.play(options["a"], options["b"], 4, 0)
    assert played["code"]["fingerprint"] and played["shuffle_seed"] > 0
    old = {**options, **game(1, 0, 1.0, 3)}  # saved before games named their code
    other = {**options, **game(1, 1, 0.0, -3), "code": {**played["code"],
                                                           "fingerprint": "0" * 16}}
    kept, note = match.current_games([played, old, other], everything=False)
    assert kept == [played]
    assert note.startswith("Left out 2 games measured on other code than the current")
    assert "--all includes them" in note
    everything, note = match.current_games([played, old, other], everything=True)
    assert everything == [played, old, other] and note.startswith("Included 2 games")
    assert match.current_games([played], everything=False) == ([played], "")
