"""The ladder's ratings and reprints (``benchmarks/ladder.py``, ``benchmarks/intervals.py``):
bots that played no games linking them to the others are rated apart, never on one
scale, and a reprint joins the ladder's saved pairs with ``mcts_match.py``'s games,
each only when measured on the current code.
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


def match_game(match: ModuleType, shuffle: int, a_seat: int, win: float,
               margin: int) -> dict[str, Any]:
    """A game of ``mcts_match.py`` between 100 and 25 iterations, saved with the code
    record of the current code."""
    a, b = {"iterations": 100}, {"iterations": 25}
    return {"a": a, "b": b, "players": 2, "shuffle": shuffle, "a_seat": a_seat,
            "win": win, "margin": margin, "cpu_a": 0.4, "cpu_b": 0.1,
            "code": match.code_record(match.bots_record(a, b, 2))}


def test_a_reprint_joins_the_games_of_mcts_match_to_the_ladders_pairs(
        ladder: ModuleType, benchmark_script: Callable[[str], ModuleType],
        tmp_path: Path) -> None:
    match = benchmark_script("mcts_match")
    fingerprint = benchmark_script("fingerprint")
    pairs = tmp_path / "ladder.json"
    pairs.write_text(json.dumps({"seed": 1, "pairs": [{
        **entry("mcts", "greedy", 97, 100),
        "code": fingerprint.code_record(["mcts", "greedy"])}]}), encoding="utf-8")
    games = [match_game(match, 1, 0, 1.0, 6), match_game(match, 1, 1, 0.5, 0),
             match_game(match, 2, 0, 0.0, -2), match_game(match, 2, 1, 1.0, 4),
             match_game(match, 3, 0, 1.0, 30)]  # shuffle 3 lacks its second seating
    old = [{**match_game(match, 4, seat, 1.0, 9), "code": {"saved_with": "98d621a9a1e6"}}
           for seat in (0, 1)]
    saved = tmp_path / "games.jsonl"
    saved.write_text("".join(json.dumps(game) + "\n" for game in [*games, *old]),
                     encoding="utf-8")
    text = ladder.reprint([pairs, saved], everything=False)
    # Shuffle 3 is half played and shuffle 4 played on other code: 4 games, A's 2.5 wins, and
    # A's margin (6 + 0 - 2 + 4) / 4.
    assert "| mcts:100 | mcts:25 | 4 | 62.5% |" in text
    assert "| — | — | +2.0 |" in text
    assert "| mcts | greedy | 100 | 97.0% |" in text
    assert text.startswith("Left out 2 games measured on other code")
    assert "| mcts:100 | 400.00 ms | 4 games of mcts_match.py (each game's mean) |" in text
    assert "| mcts | 10.00 ms | 10 decisions |" in text
    marked = ladder.reprint([saved], everything=True)
    assert "| mcts:100 (other code) | mcts:25 | 6 |" in marked


def test_a_reprint_names_bots_by_their_options_and_refuses_what_it_cannot_rate(
        ladder: ModuleType, tmp_path: Path) -> None:
    assert ladder.bot_name({"iterations": 400, "tree_turns": 2}) == (
        'mcts:400 {"tree_turns": 2}')
    assert ladder.bot_name({}) == "mcts" and ladder.bot_name("greedy") == "greedy"
    three = tmp_path / "three.jsonl"
    three.write_text(json.dumps({"a": "mcts", "b": "greedy", "players": 3, "shuffle": 1,
                                 "a_seat": 0, "win": 1.0, "margin": 3.5, "cpu_a": 0.1,
                                 "cpu_b": 0.1}) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="3-player games: the ladder rates 2-player"):
        ladder.reprint([three], everything=False)
    junk = tmp_path / "junk.json"
    for text, message in (("[1, 2]", 'no "pairs" list'), ("{", "not JSON"),
                          ('{"pairs": [{"pair": ["a"], "runs": []}]}',
                           "pair 1 is not a saved pair")):
        junk.write_text(text, encoding="utf-8")
        with pytest.raises(ValueError, match=message):
            ladder.reprint([junk], everything=False)
