"""Compare two sets of evaluation weights in 2-player games, seats swapped.

Each game is played by two MCTS players that differ only in the
:class:`~carcassonne_amazonas.ai.evaluation.Weights` of their evaluation; with the
default ``--iterations 1`` each plays its prior policy (the turn that looks best by
its evaluation), so the comparison is quick and measures the evaluation alone.
Game pairs share their shuffle with the seats swapped.  Prints the challenger's win
share and its mean margin in points with the standard error.

Run (the last of the comparisons that set ``lead_sharpness``, from 0.9 down):

    python benchmarks/tune_evaluation.py --challenger '{"lead_sharpness": 0.1}' \\
        --base '{"lead_sharpness": 0.2}' --games 200 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import math
import random
from concurrent.futures import ProcessPoolExecutor

import attrs

from carcassonne_amazonas import apply_action, new_game
from carcassonne_amazonas.ai.bots import derive_seed
from carcassonne_amazonas.ai.evaluation import DEFAULT_WEIGHTS, Weights
from carcassonne_amazonas.ai.mcts import MctsBot

Task = tuple[int, int, int, Weights, Weights]


def play(task: Task) -> tuple[float, int]:
    """One game: the challenger's win (1/2 for a shared one) and its margin."""
    game, seed, iterations, challenger, base = task
    seat = game % 2
    weights = (challenger, base) if seat == 0 else (base, challenger)
    state = new_game(2, seed=derive_seed(seed, "game", game // 2))
    bots = [MctsBot(random.Random(derive_seed(seed, "bot", game, p)), iterations=iterations,
                    weights=weights[p]) for p in range(2)]
    while not state.is_terminal:
        state = apply_action(state, bots[state.current_player].choose(state))
    win = 1 / len(state.winners) if seat in state.winners else 0.0
    return win, state.scores[seat] - state.scores[1 - seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--challenger", default="{}",
                        help="JSON: the challenger's weights that differ from the defaults")
    parser.add_argument("--base", default="{}",
                        help="JSON: the base's weights that differ from the defaults")
    parser.add_argument("--games", type=int, default=200, help="an even number of games")
    parser.add_argument("--iterations", type=int, default=1, help="MCTS iterations per decision")
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    challenger = attrs.evolve(DEFAULT_WEIGHTS, **json.loads(args.challenger))
    base = attrs.evolve(DEFAULT_WEIGHTS, **json.loads(args.base))
    tasks: list[Task] = [(game, args.seed, args.iterations, challenger, base)
                         for game in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(play, tasks, chunksize=4))
    wins = sum(win for win, _ in results)
    margins = [margin for _, margin in results]
    mean = sum(margins) / len(margins)
    error = math.sqrt(sum((m - mean) ** 2 for m in margins) / (len(margins) - 1) / len(margins))
    print(f"challenger {challenger}\nbase       {base}\n"
          f"challenger wins {wins:g} of {len(results)} ({100 * wins / len(results):.1f}%), "
          f"mean margin {mean:+.1f} ± {error:.1f} points")


if __name__ == "__main__":
    main()
