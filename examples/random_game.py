"""Play one complete game with random players and print the result.

Run:  python examples/random_game.py [--players N] [--seed S]
"""

from __future__ import annotations

import argparse
import random

from carcassonne_amazonas import PLAYER_COLOURS, apply_action, legal_actions, new_game


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
    print(f"{'player':<8} {'score':>5}  {'boat':>4}  in play: {'trib':>4} {'vill':>4} "
          f"{'amaz':>4}  final: {'trib':>4} {'vill':>4} {'camp':>4} {'river':>5}")
    for index, (player, final) in enumerate(zip(state.players, state.final_scoring)):
        played = player.breakdown
        print(f"{PLAYER_COLOURS[index]:<8} {player.score:>5}  {player.boat:>4}           "
              f"{played.tributaries - final.tributaries:>4} "
              f"{played.villages - final.villages:>4} {played.amazon:>4}         "
              f"{final.tributaries:>4} {final.villages:>4} {final.camps:>4} {final.river:>5}")
    winners = " and ".join(PLAYER_COLOURS[w] for w in state.winners)
    print(f"winner: {winners} with {max(state.scores)} points")


if __name__ == "__main__":
    main()
