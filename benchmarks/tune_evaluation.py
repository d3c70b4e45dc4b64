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

``--spsa N`` tunes instead of comparing: N steps of simultaneous perturbation
stochastic approximation (SPSA) over the weights that steer the prior's choices
(``meeple``, ``camp``, ``lead_sharpness``, ``village_completion``; the margin spreads
only rescale :func:`~carcassonne_amazonas.ai.evaluation.win_value`, which leaves a
choice among actions as it is).  Each step moves every weight up or down at random
by its step size, plays the weights moved up against the weights moved down in a
pair of games (seats swapped, one shuffle), and moves the weights towards the side
that won points, by a gain that shrinks with the steps.  It prints the weights every
so often and at the end, ready for ``--challenger``:

    python benchmarks/tune_evaluation.py --spsa 500 --jobs 2
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


#: The weights SPSA tunes, with their step sizes (how far a perturbation moves them).
TUNED = {"meeple": 0.4, "camp": 0.8, "lead_sharpness": 0.05, "village_completion": 0.3}


def spsa(steps: int, seed: int, jobs: int) -> Weights:
    """Tune ``TUNED`` from the defaults by ``steps`` SPSA steps (see the module docstring);
    each step plays ``jobs`` game pairs in parallel and averages their margins."""
    rng = random.Random(seed)
    values = {name: float(getattr(DEFAULT_WEIGHTS, name)) for name in TUNED}
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for step in range(steps):
            gain = 0.01 * (1 + step / 50) ** -0.602  # per point of margin, in step sizes
            signs = {name: rng.choice((-1, 1)) for name in TUNED}
            up, down = (attrs.evolve(DEFAULT_WEIGHTS, **{
                n: max(0.0, values[n] + way * signs[n] * TUNED[n]) for n in TUNED})
                for way in (1, -1))
            tasks: list[Task] = [(2 * pair + seat, derive_seed(seed, "step", step), 1, up, down)
                                 for pair in range(jobs) for seat in (0, 1)]
            margin = sum(m for _, m in pool.map(play, tasks)) / len(tasks)
            for name in TUNED:
                values[name] = max(0.0, values[name] + gain * margin * signs[name] * TUNED[name])
            if step % 25 == 24 or step == steps - 1:
                print(f"step {step + 1}: " + json.dumps(
                    {n: round(v, 3) for n, v in values.items()}), flush=True)
    return attrs.evolve(DEFAULT_WEIGHTS, **values)


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
    parser.add_argument("--spsa", type=int, default=0, metavar="STEPS",
                        help="tune by STEPS steps of SPSA instead of comparing")
    args = parser.parse_args()
    if args.spsa:
        spsa(args.spsa, args.seed, args.jobs)
        return
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
