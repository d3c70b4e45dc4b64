"""Replaying a saved pairing on the current code (``benchmarks/replicate.py``): with the
same code, every game of a tiny ladder pair and of a tiny MCTS match (2 and 3 players)
comes out as saved, and a saved game that differs is counted as such.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture
def replicate(benchmark_script: Callable[[str], ModuleType]) -> ModuleType:
    return benchmark_script("replicate")


def test_a_ladder_pair_replays_game_for_game(
        replicate: ModuleType, benchmark_script: Callable[[str], ModuleType],
        tmp_path: Path) -> None:
    ladder = benchmark_script("ladder")
    entry = ladder.play_pair("random", "greedy", 2, 7, 1)
    games = [game for run in entry["runs"] for game in run["games_played"]]
    assert [game["index"] for game in games] == [0, 0]  # one shuffle, both seatings
    assert games[0]["shuffle_seed"] == games[1]["shuffle_seed"]
    saved = tmp_path / "pair.json"
    saved.write_text(json.dumps({"seed": 7, "pairs": [entry]}), encoding="utf-8")
    report, new = replicate.replicate_ladder(saved, None, None, 1)
    assert report.endswith("2 of 2 games came out exactly as saved.")
    assert new["code"] == entry["code"]
    entry["runs"][0]["games_played"][0]["scores"][0] += 1  # a game the code plays otherwise
    saved.write_text(json.dumps({"seed": 7, "pairs": [entry]}), encoding="utf-8")
    assert replicate.replicate_ladder(saved, ["greedy", "random"], None, 1)[0].endswith(
        "1 of 2 games came out exactly as saved.")
    with pytest.raises(ValueError, match="holds no pair mcts random"):
        replicate.replicate_ladder(saved, ["mcts", "random"], None, 1)


def test_a_match_replays_game_for_game(
        replicate: ModuleType, benchmark_script: Callable[[str], ModuleType],
        tmp_path: Path) -> None:
    match = benchmark_script("mcts_match")
    games = [match.play({"iterations": 1}, {"iterations": 2}, shuffle, seat)
             for shuffle in (5, 6) for seat in (0, 1)]
    saved = tmp_path / "games.jsonl"
    saved.write_text("".join(json.dumps(game) + "\n" for game in games), encoding="utf-8")
    report, new = replicate.replicate_match(saved, 1, 1)  # the first shuffle only
    assert report.endswith("2 of 2 games came out exactly as saved (the same margin).")
    assert [(game["shuffle"], game["a_seat"]) for game in new] == [(5, 0), (5, 1)]
    assert report.startswith("saved: commit ")


def test_a_3_player_match_replays_game_for_game(
        replicate: ModuleType, benchmark_script: Callable[[str], ModuleType],
        tmp_path: Path) -> None:
    match = benchmark_script("mcts_match")
    games = [match.play("greedy", "random", 9, seat, 3) for seat in (2, 0, 1)]
    saved = tmp_path / "games.jsonl"
    saved.write_text("".join(json.dumps(game) + "\n" for game in games), encoding="utf-8")
    report, new = replicate.replicate_match(saved, None, 1)
    assert report.endswith("3 of 3 games came out exactly as saved (the same margin).")
    assert [(game["a_seat"], game["players"]) for game in new] == [(0, 3), (1, 3), (2, 3)]
    assert "Replayed on the current code: A \"greedy\" against B \"random\": 3 3-player" in report
