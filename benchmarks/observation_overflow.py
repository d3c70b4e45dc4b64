"""How often a tile falls outside the compact observation's window.

Plays seeded games for 2, 3, 4 and 5 players (random players by default, or the
bots of ``--bots``) and counts, over every state of every game, the states in which
any cell of a placed tile lies outside the window of
``observation_layout(compact=True)``.  Prints a Markdown table: states, states
overflowing, their share with a 95% Wilson interval, and the farthest any tile got
from the start tile (in cells west, east or north).

Run:  python benchmarks/observation_overflow.py [--games 250] [--bots random] [--seed 1]
"""

from __future__ import annotations

import argparse
import time

from intervals import wilson

from carcassonne_amazonas import apply_action, new_game
from carcassonne_amazonas.ai.bots import derive_seed, make_bot
from carcassonne_amazonas.ai.observation import observation_layout


def measure(players: int, games: int, kind: str, seed: int) -> tuple[int, int, int, int]:
    """(states, states with a tile outside the window, games with one, farthest reach)
    over ``games``."""
    layout = observation_layout(compact=True)
    states = overflowing = games_over = reach = 0
    for game in range(games):
        state = new_game(players, seed=derive_seed(seed, "overflow", players, game))
        bots = [make_bot(kind, derive_seed(seed, "bot", players, game, p))
                for p in range(players)]
        outside = False
        west = east = north = 0
        while True:
            states += 1
            overflowing += outside
            if state.is_terminal:
                break
            bot = bots[state.current_player]
            assert bot is not None
            before = len(state.board.placements)
            state = apply_action(state, bot.choose(state))
            for placement in state.board.placements[before:]:
                for cell in placement.cells:
                    outside = outside or not layout.contains(cell.x, cell.y)
                    west, east, north = max(west, -cell.x), max(east, cell.x - 1), max(
                        north, -cell.y)
        reach = max(reach, west, east, north)
        games_over += outside
    return states, overflowing, games_over, reach


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=250, help="games per player count")
    parser.add_argument("--bots", default="random", help="random, greedy or mcts:N")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    layout = observation_layout(compact=True)
    print(f"compact window: columns {layout.x_min}..{layout.x_min + layout.width - 1}, rows "
          f"{layout.y_min}..{layout.y_min + layout.height - 1} ({layout.height} x "
          f"{layout.width} cells, {layout.size} values); {args.games} games of {args.bots} "
          f"bots per player count, seed {args.seed}")
    print()
    print("| players | states | states with a tile outside | share (95% interval) "
          "| games with one | farthest tile |")
    print("|---|---|---|---|---|---|")
    total_states = total_over = total_games = 0
    started = time.perf_counter()
    for players in (2, 3, 4, 5):
        states, over, games_over, reach = measure(players, args.games, args.bots, args.seed)
        total_states += states
        total_over += over
        total_games += games_over
        low, high = wilson(over, states)
        print(f"| {players} | {states:,} | {over:,} | {100 * over / states:.2f}% "
              f"({100 * low:.2f}–{100 * high:.2f}%) | {games_over} of {args.games} "
              f"| {reach} cells |")
    low, high = wilson(total_over, total_states)
    print(f"| all | {total_states:,} | {total_over:,} | {100 * total_over / total_states:.2f}% "
          f"({100 * low:.2f}–{100 * high:.2f}%) | {total_games} of {4 * args.games} | |")
    print()
    print("The states of one game are not independent, so the interval is a guide; a game "
          "with no tile outside at its end had none outside at any state.")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
