"""A greedy bot against random bots: win rate, scores and where the points come from.

The greedy bot (``carcassonne_amazonas.ai.bots.GreedyBot``) plays the action with the best
immediate gain; the others play uniformly random legal actions.  The greedy bot changes
seat from game to game (game i: seat i mod players), so the first player's edge is
shared out evenly.  Every game is seeded from ``--seed`` and its index alone
(``carcassonne_amazonas.ai.simulation.simulate_game``), so the run is reproducible.

Run:  python examples/greedy_vs_random.py [--games N] [--players P] [--seed S]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from carcassonne_amazonas.ai.simulation import GameResult, simulate_game
from carcassonne_amazonas.rules.scoring import SCORE_CATEGORIES


def kinds_for(game: int, players: int) -> tuple[str, ...]:
    """The bots of game ``game``: greedy in seat ``game % players``, random elsewhere."""
    seat = game % players
    return tuple("greedy" if p == seat else "random" for p in range(players))


def wilson_interval(rate: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a win rate over ``games`` games."""
    if games == 0:
        return 0.0, 1.0
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z / (1 + z * z / games) * math.sqrt(rate * (1 - rate) / games
                                                + z * z / (4 * games * games))
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_sd(values: list[float]) -> str:
    """``mean ± sd`` of the values."""
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return f"{statistics.fmean(values):6.1f} ±{sd:5.1f}"


def main(argv: list[str] | None = None) -> None:
    """Play the games and print the statistics."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30, help="games to play (default 30)")
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6),
                        help="players per game, 2 to 5 (default 3)")
    parser.add_argument("--seed", type=int, default=2016, help="base seed (default 2016)")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    wins = 0.0
    greedy_scores: list[float] = []
    random_scores: list[float] = []
    greedy_categories: list[list[float]] = [[] for _ in SCORE_CATEGORIES]
    random_categories: list[list[float]] = [[] for _ in SCORE_CATEGORIES]
    for game in range(args.games):
        kinds = kinds_for(game, args.players)
        result: GameResult = simulate_game(game, args.seed, kinds)
        seat = kinds.index("greedy")
        if seat in result.winners:
            wins += 1 / len(result.winners)  # a shared victory counts 1/k for each winner
        for player, score in enumerate(result.scores):
            into = greedy_scores if player == seat else random_scores
            into.append(score)
            categories = greedy_categories if player == seat else random_categories
            for column, points in enumerate(result.categories[player]):
                categories[column].append(points)
    seconds = time.perf_counter() - started

    rate = wins / args.games
    low, high = wilson_interval(rate, args.games)
    print(f"{args.games} games, {args.players} players (1 greedy, {args.players - 1} random), "
          f"seed {args.seed}: {seconds:.1f} s")
    print(f"greedy win rate: {100 * rate:.1f}% (95% CI {100 * low:.0f}–{100 * high:.0f}%; "
          f"a random seat would win "
          f"{100 / args.players:.0f}%)")
    print()
    print(f"{'points':<12} {'greedy':>14} {'random':>14}")
    print(f"{'total':<12} {mean_sd(greedy_scores):>14} {mean_sd(random_scores):>14}")
    for column, category in enumerate(SCORE_CATEGORIES):
        print(f"{category:<12} {mean_sd(greedy_categories[column]):>14} "
              f"{mean_sd(random_categories[column]):>14}")


if __name__ == "__main__":
    main()
