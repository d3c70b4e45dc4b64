"""Play one complete game with random players and print the result.

Run:  python examples/random_game.py [--players N] [--seed S]
"""

from __future__ import annotations

import argparse
import random

from carcassonne_amazonas import apply_action, legal_actions, new_game
from carcassonne_amazonas.render.explain import results_text


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=3, help="2 to 5 (default 3)")
    parser.add_argument("--seed", type=int, default=2016, help="shuffle and choices seed")
    args = parser.parse_args()

    state = new_game(args.players, seed=args.seed)
    chooser = random.Random(args.seed)
    turns = 0
    while not state.is_terminal:
        state = apply_action(state, chooser.choice(legal_actions(state)))
        turns += 1

    assert state.final_scoring is not None
    print(f"{args.players} players, seed {args.seed}: {turns} actions, "
          f"{len(state.board) - 1} tiles placed, {len(state.removed)} removed, "
          f"river {state.track_length} spaces")
    print(results_text(state))


if __name__ == "__main__":
    main()
