"""The games and statistics behind ``simulate`` (``ai/simulation.py``): a game depends only
on the seed and its index, and the summary counts a shared victory fractionally."""

from __future__ import annotations

from carcassonne_amazonas.ai.simulation import GameResult, simulate_game, summarise


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
