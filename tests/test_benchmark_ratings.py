"""The ladder's ratings (``benchmarks/ladder.py``, ``benchmarks/intervals.py``): bots that
played no games linking them to the others are rated apart, never on one scale.
"""

from __future__ import annotations

from collections.abc import Callable
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
