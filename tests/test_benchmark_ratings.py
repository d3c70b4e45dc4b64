"""The ladder's ratings (``benchmarks/ladder.py``, ``benchmarks/intervals.py``): bots that
played no games linking them to the others are rated apart, never on one scale.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


@pytest.fixture
def ladder(benchmark_script: Callable[[str], ModuleType]) -> ModuleType:
    return benchmark_script("ladder")


def entry(first: str, second: str, first_wins: int, games: int) -> dict[str, Any]:
    """A saved pair as ``ladder.py --save`` writes it: one seating, ``simulate --json``."""
    def seat(bot: str) -> dict[str, Any]:
        return {"bot": bot, "total": {"mean": 100.0, "stdev": 10.0}}
    run = {"bots": [first, second], "games": games, "wins": [first_wins, games - first_wins],
           "scores": [seat(first), seat(second)], "decisions": [10, 10],
           "seconds_per_decision": [0.01, 0.01]}
    return {"pair": [first, second], "runs": [run]}


def test_groups_are_the_bots_linked_by_games(
        benchmark_script: Callable[[str], ModuleType]) -> None:
    intervals = benchmark_script("intervals")
    games = [("a", "b", 3.0, 4), ("c", "d", 1.0, 4), ("b", "e", 2.0, 4)]
    assert intervals.rating_groups(games) == [["a", "b", "e"], ["c", "d"]]


def test_bots_without_games_between_them_get_separate_rating_tables(
        ladder: ModuleType) -> None:
    text = ladder.tables([entry("greedy", "mcts", 1, 100), entry("mcts:100", "mcts:25", 60, 100),
                          entry("mcts:400", "mcts:100", 28, 50)])
    assert "2 groups that played no games between them" in text
    first, second = text.split("Ratings (")[1:]
    assert "| greedy | +0 |" in first and "mcts:100" not in first
    assert "mean 0" in second and "greedy" not in second.split("| bot | processor")[0]
    assert {"mcts:25", "mcts:100", "mcts:400"} <= set(
        line.split("|")[1].strip() for line in second.splitlines() if line.startswith("| mcts"))


def test_a_linked_ladder_gets_one_rating_table(ladder: ModuleType) -> None:
    text = ladder.tables([entry("greedy", "mcts", 1, 100), entry("mcts", "mcts:100", 45, 100)])
    assert text.count("Ratings (") == 1 and "no games between them" not in text


def test_a_reprint_shows_the_current_codes_pairs_and_names_the_others(
        ladder: ModuleType, benchmark_script: Callable[[str], ModuleType],
        tmp_path: Path) -> None:
    fingerprint = benchmark_script("fingerprint")
    current = {**entry("greedy", "mcts", 1, 100),
               "code": fingerprint.code_record(["greedy", "mcts"])}
    old = {**entry("mcts:100", "mcts:25", 60, 100),
           "code": {"saved_with": "98d621a9a1e6", "source": "6886e298b4df3a58"}}
    unnamed = entry("mcts:400", "mcts:100", 28, 50)
    saved = tmp_path / "ladder.json"
    saved.write_text(json.dumps({"seed": 1, "pairs": [current, old, unnamed]}),
                     encoding="utf-8")
    text = ladder.reprint([saved], everything=False)
    assert text.startswith("Left out 150 games measured on other code than the current")
    assert "- 100 on code not recorded when measured; saved with commit 98d621a9a1" in text
    assert "(the pairs mcts:100 vs mcts:25, mcts:400 vs mcts:100)" in text
    assert "| greedy | mcts | 100 |" in text and "mcts:25" not in text.split("\n\n", 1)[1]
    marked = ladder.reprint([saved], everything=True)
    assert marked.startswith("Included, marked (other code), 150 games")
    assert "| mcts:100 (other code) | mcts:25 | 100 |" in marked
    assert "| greedy | mcts | 100 |" in marked
    saved.write_text(json.dumps({"seed": 1, "pairs": [old]}), encoding="utf-8")
    assert ladder.reprint([saved], everything=False).endswith(
        "No saved results were measured on the current code.")
