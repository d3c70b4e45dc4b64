"""Benchmark of the rules engine through its public API only.

Prints a table of:
- full random games per second for 2 and 5 players (median of several batches);
- ``legal_actions`` and ``apply_action`` latency, median and p95, at the start,
  middle and end of games, split by phase (tile placement vs piece step);
- peak memory of keeping every state of one game (what an undo stack or a
  search tree holds), which shows how much structure states share.

Run:  python benchmarks/bench.py [--batches N] [--games N] [--seed S] [--smoke]

Figures are medians over batches on a shared machine; quote them as such.
Timed assertions do not belong in the test suite: this script is the place.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
import tracemalloc
from collections import defaultdict

from carcassonne_amazonas import (
    GameState,
    Phase,
    apply_action,
    legal_actions,
    new_game,
    reference_tileset,
)

STAGES = ("start", "middle", "end")
TILE_PHASES = (Phase.PLACE_TILE, Phase.PLACE_DOUBLE)


def random_game(num_players: int, seed: int) -> int:
    """Play one seeded random game; returns the number of actions."""
    state = new_game(num_players, seed=seed)
    chooser = random.Random(seed)
    actions = 0
    while not state.is_terminal:
        state = apply_action(state, chooser.choice(legal_actions(state)))
        actions += 1
    return actions


def games_per_second(num_players: int, games: int, batches: int, seed: int) -> tuple[float, float]:
    """Median games/s and decisions/s over ``batches`` batches of ``games`` games."""
    game_rates, decision_rates = [], []
    for batch in range(batches):
        started = time.perf_counter()
        decisions = sum(random_game(num_players, seed + batch * games + g) for g in range(games))
        elapsed = time.perf_counter() - started
        game_rates.append(games / elapsed)
        decisions_rate = decisions / elapsed
        decision_rates.append(decisions_rate)
    return statistics.median(game_rates), statistics.median(decision_rates)


def latencies(num_players: int, games: int, seed: int) -> dict[tuple[str, str, str], list[float]]:
    """Per-call latencies in microseconds keyed by (function, phase kind, stage)."""
    samples: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    clock = time.perf_counter_ns
    for game in range(games):
        state = new_game(num_players, seed=seed + game)
        chooser = random.Random(seed + game)
        total_tiles = state.tiles_left + 1
        while not state.is_terminal:
            placed = total_tiles - state.tiles_left
            stage = STAGES[min(2, 3 * placed // total_tiles)]
            kind = "tile" if state.phase in TILE_PHASES else (
                "piece" if state.phase is Phase.PLACE_PIECE else "double")
            t0 = clock()
            actions = legal_actions(state)
            t1 = clock()
            action = chooser.choice(actions)
            t2 = clock()
            state = apply_action(state, action)
            t3 = clock()
            samples[("legal_actions", kind, stage)].append((t1 - t0) / 1000)
            samples[("apply_action", kind, stage)].append((t3 - t2) / 1000)
    return samples


def memory_of_one_game(num_players: int, seed: int) -> tuple[float, int]:
    """Peak MB traced while keeping every state of one game, and the state count."""
    reference_tileset()  # loaded once per process; not part of a game's states
    random_game(num_players, seed)  # warm the interned actions and fit caches
    gc.collect()
    tracemalloc.start()
    states: list[GameState] = [new_game(num_players, seed=seed)]
    chooser = random.Random(seed)
    while not states[-1].is_terminal:
        states.append(apply_action(states[-1], chooser.choice(legal_actions(states[-1]))))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 1e6, len(states)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batches", type=int, default=7, help="batches per figure (median)")
    parser.add_argument("--games", type=int, default=20, help="games per batch")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--smoke", action="store_true", help="a couple of games, for CI")
    args = parser.parse_args()
    if args.smoke:
        args.batches, args.games = 1, 2

    print(f"carcassonne-amazonas benchmark (Python {sys.version.split()[0]}, "
          f"{args.batches} batches x {args.games} games, seed {args.seed})")
    print()
    print(f"{'random games':<24}{'games/s':>10}{'decisions/s':>14}")
    for players in (2, 5):
        games, decisions = games_per_second(players, args.games, args.batches, args.seed)
        print(f"{f'{players} players':<24}{games:>10.1f}{decisions:>14.0f}")
    print()
    samples = latencies(2, max(2, args.games), args.seed)
    print(f"{'latency, 2 players (µs)':<38}{'median':>8}{'p95':>8}{'calls':>8}")
    for function in ("legal_actions", "apply_action"):
        for kind in ("tile", "piece"):
            for stage in STAGES:
                values = samples.get((function, kind, stage), [])
                if not values:
                    continue
                label = f"{function} {kind} {stage}"
                print(f"{label:<38}{statistics.median(values):>8.1f}"
                      f"{percentile(values, 0.95):>8.1f}{len(values):>8}")
    print()
    for players in (2, 5):
        megabytes, count = memory_of_one_game(players, args.seed)
        print(f"all {count} states of one {players}-player game: {megabytes:.2f} MB peak")


if __name__ == "__main__":
    main()
