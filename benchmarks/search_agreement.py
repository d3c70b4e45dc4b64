"""How often more search changes the MCTS player's decision, and what it costs.

The strength ladder (``ladder.py``) answers "is a bigger budget stronger?" with
hundreds of games.  This answers a cheaper question first: does a bigger budget
decide anything differently from the prior alone (``iterations=1``: every action
valued by the evaluation with the rest of the turn played greedily)?  A search
that always picks the prior's choice cannot be stronger than the prior, whatever
it costs.

It collects the tile placements of a few games of the prior against itself, then
asks ``MctsBot(iterations=N, **options)`` for each budget N to decide each of them,
and prints per budget the share of decisions equal to the prior's, the share equal
to the largest budget's, and the processor time per decision.

Run (the default player, then a deeper rollout):

    python benchmarks/search_agreement.py --budgets 1,25,100,400
    python benchmarks/search_agreement.py --budgets 1,25,100,400 \\
        --options '{"rollout_turns": 6, "rollout_width": 4}'
"""

from __future__ import annotations

import argparse
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


def decide(states: list[GameState], budget: int, options: dict[str, Any],
           ) -> tuple[list[Action], float]:
    """Each state's decision at ``budget`` iterations and the median CPU seconds."""
    choices: list[Action] = []
    times: list[float] = []
    for number, state in enumerate(states):
        bot = MctsBot(seed=number, iterations=budget, **options)
        started = time.process_time()
        choices.append(bot.choose(state))
        times.append(time.process_time() - started)
    return choices, statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budgets", default="1,25,100,400",
                        help="comma-separated iteration budgets (default: 1,25,100,400)")
    parser.add_argument("--options", default="{}",
                        help="MctsBot keyword options as JSON, e.g. '{\"rollout_turns\": 6}'")
    parser.add_argument("--games", type=int, default=4, help="games to take states from")
    parser.add_argument("--every", type=int, default=8, help="take every N-th placement")
    args = parser.parse_args()
    budgets = [int(text) for text in args.budgets.split(",")]
    options: dict[str, Any] = json.loads(args.options)
    states = placements(args.games, args.every)
    prior, _ = decide(states, 1, options)
    results = [(budget, *decide(states, budget, options)) for budget in budgets]
    largest = results[-1][1]
    print(f"{len(states)} tile placements; options {json.dumps(options)}")
    print("| budget | same as the prior | same as the largest budget | CPU per decision |")
    print("|---|---|---|---|")
    for budget, choices, seconds in results:
        same_prior = sum(a == b for a, b in zip(choices, prior)) / len(states)
        same_largest = sum(a == b for a, b in zip(choices, largest)) / len(states)
        print(f"| {budget} | {same_prior:.0%} | {same_largest:.0%} | {seconds * 1000:.0f} ms |")


if __name__ == "__main__":
    main()
