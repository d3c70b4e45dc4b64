"""How often more search changes the MCTS player's decision, and what it costs.

The strength ladder (``ladder.py``) answers "is a bigger budget stronger?" with
hundreds of games.  This answers cheaper questions first: does a bigger budget
decide anything differently from the prior alone (``iterations=1``: every action
valued by the evaluation with the rest of the turn played greedily)?  A search
that always picks the prior's choice cannot be stronger than the prior, whatever
it costs.  And how much of a budget's choice is noise: with ``--repeats K`` each
budget decides every position K times with other seeds, and the share of pairs of
those decisions that agree is the budget's agreement with itself.  A budget that
agrees with itself no more often than with a smaller budget decides by the samples'
luck, not by what it learned.

It collects the tile placements of a few games of the prior against itself, then
asks ``MctsBot(iterations=N, **options)`` for each budget N to decide each of them,
and prints per budget the share of decisions equal to the prior's, the share equal
to the reference's (``--reference N``: one search of N iterations by the default
player, whatever ``--options`` say; by default the largest budget's first seed), the
share of pairs of seeds that agree, how many root actions the search visited, the
most visited action's share of the visits, and the processor time per decision
(median).

Run (the default player, then a deeper rollout):

    python benchmarks/search_agreement.py --budgets 1,25,100,400
    python benchmarks/search_agreement.py --budgets 1,25,100,400 \\
        --options '{"rollout_turns": 6, "rollout_width": 4}'

The diagnosis of 25 against 100 iterations in the bots guide (each budget four times,
against one search of 1,600 iterations):

    python benchmarks/search_agreement.py --games 3 --budgets 25,100 --repeats 4 \
        --reference 1600
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import time
from typing import Any

from carcassonne_amazonas.ai.mcts import MctsBot
from carcassonne_amazonas.rules.actions import Action
from carcassonne_amazonas.rules.engine import apply_action, new_game
from carcassonne_amazonas.rules.state import GameState, Phase


def placements(games: int, every: int) -> list[GameState]:
    """Every ``every``-th tile placement of ``games`` 2-player games of the prior."""
    states: list[GameState] = []
    for game in range(games):
        state = new_game(2, seed=100 + game)
        bot = MctsBot(seed=game, iterations=1)
        turn = 0
        while not state.is_terminal:
            if state.phase is Phase.PLACE_TILE:
                if turn % every == every // 2:
                    states.append(state)
                turn += 1
            state = apply_action(state, bot.choose(state))
    return states


def decide(states: list[GameState], budget: int, options: dict[str, Any], repeat: int = 0,
           ) -> tuple[list[Action], list[float], list[tuple[int, float]]]:
    """Each state's decision at ``budget`` iterations with the seeds of ``repeat``, the
    CPU seconds of each, and each search's root visits: how many actions it visited and
    the most visited one's share of the visits."""
    choices: list[Action] = []
    times: list[float] = []
    visits: list[tuple[int, float]] = []
    for number, state in enumerate(states):
        bot = MctsBot(seed=number + 1000 * repeat, iterations=budget, **options)
        started = time.process_time()
        choices.append(bot.choose(state))
        times.append(time.process_time() - started)
        counts = [count for _, count in bot.last_visits if count]
        visits.append((len(counts), max(counts) / sum(counts) if counts else 1.0))
    return choices, times, visits


def same(first: list[Action], second: list[Action]) -> float:
    """The share of positions where two lists of decisions agree."""
    return sum(a == b for a, b in zip(first, second)) / len(first)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budgets", default="1,25,100,400",
                        help="comma-separated iteration budgets (default: 1,25,100,400)")
    parser.add_argument("--options", default="{}",
                        help="MctsBot keyword options as JSON, e.g. '{\"rollout_turns\": 6}'")
    parser.add_argument("--games", type=int, default=4, help="games to take states from")
    parser.add_argument("--every", type=int, default=8, help="take every N-th placement")
    parser.add_argument("--reference", type=int,
                        help="the budget at which the default player decides once as the "
                             "reference (default: the largest of --budgets, its first seed)")
    parser.add_argument("--repeats", type=int, default=1,
                        help="seeds per budget and position (2 or more: the budget's "
                             "agreement with itself)")
    args = parser.parse_args()
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    budgets = [int(text) for text in args.budgets.split(",")]
    options: dict[str, Any] = json.loads(args.options)
    states = placements(args.games, args.every)
    prior, _, _ = decide(states, 1, options)
    results = []
    for budget in budgets:
        runs = [decide(states, budget, options, repeat) for repeat in range(args.repeats)]
        results.append((budget, runs))
    if args.reference is None:
        reference = results[-1][1][0][0]
        print(f"reference: {budgets[-1]} iterations, the first seed")
    else:
        reference = decide(states, args.reference, {})[0]  # the default player's
        print(f"reference: {args.reference} iterations, the same as the prior in "
              f"{same(reference, prior):.0%} of the positions")
    print(f"{len(states)} tile placements, {args.repeats} seed(s) each; "
          f"options {json.dumps(options)}")
    print("| budget | same as the prior | same as the reference | same as itself, "
          "another seed | root actions visited | most visited's share | CPU per decision |")
    print("|---|---|---|---|---|---|---|")
    for budget, runs in results:
        choices = [run[0] for run in runs]
        same_prior = statistics.mean(same(run, prior) for run in choices)
        others = [run for run in choices if run is not reference] or choices
        same_reference = statistics.mean(same(run, reference) for run in others)
        pairs = [same(a, b) for a, b in itertools.combinations(choices, 2)]
        itself = f"{statistics.mean(pairs):.0%}" if pairs else "—"
        visits = [pair for run in runs for pair in run[2]]
        actions = statistics.mean(count for count, _ in visits)
        share = statistics.mean(top for _, top in visits)
        seconds = statistics.median(t for run in runs for t in run[1])
        print(f"| {budget} | {same_prior:.0%} | {same_reference:.0%} | {itself} | "
              f"{actions:.1f} | {share:.0%} | {seconds * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
