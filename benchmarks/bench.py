"""Benchmark of the rules engine through its public API only.

Prints a table of:

- full random games per second for 2 and 5 players, each action chosen with
  ``random.choice(legal_actions(state))`` (median of several batches), and
  decisions per second;
- ``random_playout`` games per second (the playout fast path of
  ``carcassonne_amazonas.ai.playout``, when the measured version has it);
- decisions per second of the MCTS player at 25 iterations, on tile placements of
  random 2-player games: the evaluation and the engine together, as a search uses them;
- ``legal_actions`` and ``apply_action`` latency, median and p95, at the start,
  middle and end of games, split by phase (tile placement vs piece step);
- ``chance_outcomes``: the first call at a chance node (a pile composition not
  seen before) and a repeated one;
- through OpenSpiel (extra ``[openspiel]``): the cost of one playout step
  through ``pyspiel`` and its ratio to the same loop written directly against
  the library (``legal_actions`` / chance outcomes, a random pick,
  ``apply_action``), and the adapter's chance outcomes;
- peak memory of keeping every state of one game (what an undo stack or a
  search tree holds), which shows how much structure states share.

Run::

    python benchmarks/bench.py [--batches N] [--games N] [--seed S]
    python benchmarks/bench.py --smoke            # a few games, for CI
    python benchmarks/bench.py --compare REF      # this checkout against git ref REF

``--compare REF`` exports the package at ``REF`` (``git archive``) into a
temporary directory and measures both versions *alternately*, each round in
fresh subprocesses (``--rounds``, default 5), then prints the median of every
figure side by side with the speed-up.  On a shared machine this is the only
comparison worth quoting: load that comes and goes hits both versions alike.

Throughput figures count the process's CPU time (``time.process_time``), so
that other processes taking turns on a shared machine do not count; latencies
are wall time per call.  Figures are medians; quote them with the date and the
machine.  Timed
assertions do not belong in the test suite: this script is the place.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import itertools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import defaultdict
from pathlib import Path
from typing import Any

from carcassonne_amazonas import (
    Action,
    GameState,
    Phase,
    apply_action,
    chance_outcomes,
    legal_actions,
    new_game,
    reference_tileset,
)

STAGES = ("start", "middle", "end")
#: Throughput figures count this process's CPU time, not wall time: on a shared machine
#: other processes' load then slows the measured code only through the shared caches
#: and cores, not by taking turns on the CPU.  Per-call latencies use perf_counter_ns
#: (medians of thousands of calls, each too short to be interrupted often).
CLOCK = time.process_time
TILE_PHASES = (Phase.PLACE_TILE, Phase.PLACE_DOUBLE)
REPOSITORY = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------------------- random games

def random_game(num_players: int, seed: int) -> int:
    """Play one seeded random game through ``legal_actions``; returns the number of actions."""
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
        started = CLOCK()
        decisions = sum(random_game(num_players, seed + batch * games + g) for g in range(games))
        elapsed = CLOCK() - started
        game_rates.append(games / elapsed)
        decision_rates.append(decisions / elapsed)
    return statistics.median(game_rates), statistics.median(decision_rates)


def playout_module() -> Any:
    """``carcassonne_amazonas.ai.playout`` (``carcassonne_amazonas.playout`` before the
    package had layers, so that ``--compare`` can measure older versions), or None in
    versions without it."""
    for name in ("carcassonne_amazonas.ai.playout", "carcassonne_amazonas.playout"):
        try:
            return importlib.import_module(name)
        except ImportError:
            continue
    return None


def playouts_per_second(num_players: int, games: int, batches: int, seed: int) -> float | None:
    """Median games/s of ``random_playout`` from a new game (None without the module)."""
    playout = playout_module()
    if playout is None:
        return None
    rates = []
    for batch in range(batches):
        started = CLOCK()
        for game in range(games):
            game_seed = seed + batch * games + game
            playout.random_playout(new_game(num_players, seed=game_seed),
                                   random.Random(game_seed))
        rates.append(games / (CLOCK() - started))
    return statistics.median(rates)


def search_decisions_per_second(games: int, batches: int, seed: int) -> float | None:
    """Median decisions/s of ``MctsBot(iterations=25)`` on tile placements of seeded random
    2-player games (every seventh decision, about ``games`` of them a batch; None in
    versions without the search)."""
    try:
        mcts = importlib.import_module("carcassonne_amazonas.ai.mcts")
    except ImportError:
        return None
    positions: list[GameState] = []
    game = 0
    while len(positions) < max(2, games):
        state = new_game(2, seed=seed + game)
        chooser = random.Random(seed + game)
        for step in itertools.count():
            if state.is_terminal:
                break
            if step % 7 == 3 and state.phase is Phase.PLACE_TILE:
                positions.append(state)
            state = apply_action(state, chooser.choice(legal_actions(state)))
        game += 1
    positions = positions[:max(2, games)]
    rates = []
    for batch in range(batches):
        started = CLOCK()
        for index, state in enumerate(positions):
            mcts.MctsBot(seed=seed + batch * len(positions) + index, iterations=25).choose(state)
        rates.append(len(positions) / (CLOCK() - started))
    return statistics.median(rates)


# ---------------------------------------------------------------------------- latencies

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


# ---------------------------------------------------------------------------- chance

def chance_costs(games: int, seed: int) -> dict[str, float]:
    """Median µs of ``chance_outcomes`` along random explicit-draws games: the first call
    at each chance node (before anything else looked at it; a pile composition met in
    an earlier game of the process may already be known), then a repeated call."""
    clock = time.perf_counter_ns
    first, repeat = [], []
    for game in range(games):
        rng = random.Random(seed + game)
        state = new_game(2 + game % 4, draws="explicit")
        while not state.is_terminal:
            action: Action
            if state.is_chance_node:
                t0 = clock()
                outcomes = chance_outcomes(state)
                t1 = clock()
                chance_outcomes(state)
                t2 = clock()
                first.append((t1 - t0) / 1000)
                repeat.append((t2 - t1) / 1000)
                action = rng.choices([a for a, _ in outcomes],
                                     [float(p) for _, p in outcomes])[0]
            else:
                action = rng.choice(legal_actions(state))
            state = apply_action(state, action)
    return {"chance_outcomes first call at a node (µs)": statistics.median(first),
            "chance_outcomes repeat call (µs)": statistics.median(repeat)}


# ---------------------------------------------------------------------------- OpenSpiel

def direct_step_loop(games: int, seed: int) -> tuple[int, float]:
    """The loop OpenSpiel runs, written against the library: (steps, seconds).

    Explicit draws; at a chance node the outcomes and a weighted pick (with the integer
    weights of ``state.pile.distribution()`` where the version has them, else
    ``chance_outcomes`` as floats), otherwise ``random.choice(legal_actions(state))``;
    then ``apply_action``.
    """
    steps, started = 0, CLOCK()
    for game in range(games):
        rng = random.Random(seed + game)
        state = new_game(2, draws="explicit")
        weighted = hasattr(state.pile, "distribution")
        while not state.is_terminal:
            action: Action
            if state.is_chance_node and weighted:
                found = state.pile.distribution()
                action = rng.choices(found.draws, cum_weights=found.cumulative)[0]
            elif state.is_chance_node:
                outcomes = chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes],
                                     [float(p) for _, p in outcomes])[0]
            else:
                action = rng.choice(legal_actions(state))
            state = apply_action(state, action)
            steps += 1
    return steps, CLOCK() - started


def spiel_step_loop(game: Any, games: int, seed: int) -> tuple[int, float]:
    """The same loop through ``pyspiel``: (steps, seconds)."""
    steps, started = 0, CLOCK()
    for index in range(games):
        rng = random.Random(seed + index)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
            steps += 1
    return steps, CLOCK() - started


#: How far the OpenSpiel loop's seeds lie from the direct loop's: no game is played twice.
_SPIEL_SEED_OFFSET = 1_000_003


def openspiel_costs(games: int, batches: int, seed: int) -> dict[str, float]:
    """Per-step µs through pyspiel and directly (median over alternating batches), their
    ratio, and the adapter's chance outcomes per call; empty without open_spiel."""
    try:
        import pyspiel

        openspiel = importlib.import_module("carcassonne_amazonas.integrations.openspiel")
    except ImportError:
        return {}
    game = pyspiel.load_game(openspiel.GAME_NAME, {"players": 2})
    # Each loop plays its own seeds: the pile's draw distributions are cached by the
    # pile's contents, so the adapter replaying the direct loop's games would find them
    # all computed and read faster than it is.
    spiel_seed = seed + _SPIEL_SEED_OFFSET
    direct_step_loop(1, seed - 1)
    spiel_step_loop(game, 1, spiel_seed - 1)
    direct, spiel, ratios = [], [], []
    for batch in range(batches):
        steps, seconds = direct_step_loop(games, seed + batch * games)
        direct_cost = seconds / steps * 1e6
        steps, seconds = spiel_step_loop(game, games, spiel_seed + batch * games)
        spiel_cost = seconds / steps * 1e6
        direct.append(direct_cost)
        spiel.append(spiel_cost)
        ratios.append(spiel_cost / direct_cost)
    clock = time.perf_counter_ns
    chance = []
    for index in range(max(1, games)):
        rng = random.Random(spiel_seed + batches * games + 7919 * index)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                t0 = clock()
                outcomes = state.chance_outcomes()
                chance.append((clock() - t0) / 1000)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
    return {"direct playout step (µs)": statistics.median(direct),
            "pyspiel playout step (µs)": statistics.median(spiel),
            "pyspiel / direct step ratio": statistics.median(ratios),
            "pyspiel chance_outcomes (µs)": statistics.median(chance)}


# ---------------------------------------------------------------------------- memory

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


# ---------------------------------------------------------------------------- one run

def measure(batches: int, games: int, seed: int) -> dict[str, Any]:
    """Every figure once, in this process: figure name -> value (None: not available)."""
    random_game(2, seed)  # load the tile set, warm the caches
    figures: dict[str, Any] = {}
    for players in (2, 5):
        rate, decisions = games_per_second(players, games, batches, seed)
        figures[f"random {players}p games/s"] = rate
        figures[f"random {players}p decisions/s"] = decisions
    for players in (2, 5):
        figures[f"random_playout {players}p games/s"] = playouts_per_second(
            players, games, batches, seed)
    figures["mcts:25 2p decisions/s"] = search_decisions_per_second(games, batches, seed)
    samples = latencies(2, max(2, games), seed)
    for function in ("legal_actions", "apply_action"):
        for kind in ("tile", "piece"):
            for stage in STAGES:
                values = samples.get((function, kind, stage), [])
                if values:
                    figures[f"{function} {kind} {stage} median (µs)"] = statistics.median(values)
                    figures[f"{function} {kind} {stage} p95 (µs)"] = percentile(values, 0.95)
    figures.update(chance_costs(max(1, games // 4), seed))
    figures.update(openspiel_costs(max(1, games // 4), batches, seed))
    for players in (2, 5):
        megabytes, count = memory_of_one_game(players, seed)
        figures[f"memory, all states of one {players}p game (MB)"] = megabytes
        figures[f"states of one {players}p game"] = count
    return figures


def print_report(figures: dict[str, Any], header: str) -> None:
    """One version's figures as a table."""
    print(header)
    print()
    width = max(len(name) for name in figures) + 2
    for name, value in figures.items():
        shown = "n/a" if value is None else (f"{value:.0f}" if abs(value) >= 1000 else
                                             f"{value:.2f}" if abs(value) < 10 else
                                             f"{value:.1f}")
        print(f"{name:<{width}}{shown:>12}")


# ---------------------------------------------------------------------------- comparison

def export(ref: str, into: Path) -> Path:
    """The ``src`` directory of ``ref``, exported with ``git archive``."""
    archive = subprocess.run(["git", "-C", str(REPOSITORY), "archive", ref, "src"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "src"


def run_worker(source: Path, args: argparse.Namespace) -> dict[str, Any]:
    """``measure`` in a fresh interpreter importing the package from ``source``."""
    environment = dict(os.environ, PYTHONPATH=str(source))
    command = [sys.executable, str(Path(__file__).resolve()), "--worker",
               "--batches", str(args.batches), "--games", str(args.games),
               "--seed", str(args.seed)]
    output = subprocess.run(command, env=environment, check=True, capture_output=True,
                            text=True).stdout
    result: dict[str, Any] = json.loads(output)
    if Path(result.pop("package")).resolve().parent.parent != source.resolve():
        raise RuntimeError(f"the worker did not import the package from {source}")
    return result


def higher_is_better(name: str) -> bool:
    return "/s" in name


def compare(args: argparse.Namespace) -> None:
    """Measure ``args.compare`` and this checkout alternately; print medians side by side."""
    with tempfile.TemporaryDirectory(prefix="bench-ref-") as temporary:
        sources = {"ref": export(args.compare, Path(temporary)), "this": REPOSITORY / "src"}
        runs: dict[str, list[dict[str, Any]]] = {"ref": [], "this": []}
        for round_index in range(args.rounds):
            order = ("ref", "this") if round_index % 2 == 0 else ("this", "ref")
            for version in order:
                runs[version].append(run_worker(sources[version], args))
            print(f"round {round_index + 1}/{args.rounds} done", file=sys.stderr)
    revision = subprocess.run(["git", "-C", str(REPOSITORY), "rev-parse", "--short", "HEAD"],
                              check=True, capture_output=True, text=True).stdout.strip()
    print(f"carcassonne-amazonas benchmark: {args.compare} against this checkout "
          f"({revision}{'+changes' if _dirty() else ''}); Python {sys.version.split()[0]}; "
          f"medians of {args.rounds} alternating rounds of {args.batches} batches x "
          f"{args.games} games, seed {args.seed}")
    print()
    names = list(dict.fromkeys([*runs["ref"][0], *runs["this"][0]]))
    width = max(len(name) for name in names) + 2
    print(f"{'figure':<{width}}{args.compare:>12}{'this':>12}{'speed-up':>10}")
    for name in names:
        ref_values = [r[name] for r in runs["ref"] if r.get(name) is not None]
        new_values = [r[name] for r in runs["this"] if r.get(name) is not None]
        ref = statistics.median(ref_values) if ref_values else None
        new = statistics.median(new_values) if new_values else None
        cells = [_cell(ref), _cell(new)]
        speed_up = ""
        if ref and new and not name.startswith(("memory", "states", "pyspiel / direct")):
            speed_up = f"{(new / ref if higher_is_better(name) else ref / new):.2f}x"
        print(f"{name:<{width}}{cells[0]:>12}{cells[1]:>12}{speed_up:>10}")


def _cell(value: float | None) -> str:
    if value is None:
        return "n/a"
    return f"{value:.0f}" if abs(value) >= 1000 else (f"{value:.2f}" if abs(value) < 10
                                                      else f"{value:.1f}")


def _dirty() -> bool:
    status = subprocess.run(["git", "-C", str(REPOSITORY), "status", "--porcelain", "src"],
                            check=True, capture_output=True, text=True).stdout
    return bool(status.strip())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batches", type=int, default=7, help="batches per figure (median)")
    parser.add_argument("--games", type=int, default=20, help="games per batch")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--smoke", action="store_true", help="a few games, for CI")
    parser.add_argument("--compare", metavar="REF",
                        help="also measure git ref REF, alternately, and show the speed-up")
    parser.add_argument("--rounds", type=int, default=5,
                        help="alternating rounds with --compare (median)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.smoke:
        args.batches, args.games, args.rounds = 1, 2, 1
    if args.worker:
        import carcassonne_amazonas

        figures = measure(args.batches, args.games, args.seed)
        print(json.dumps({"package": carcassonne_amazonas.__file__, **figures}))
        return
    if args.compare:
        compare(args)
        return
    figures = measure(args.batches, args.games, args.seed)
    print_report(figures, f"carcassonne-amazonas benchmark (Python {sys.version.split()[0]}, "
                          f"{args.batches} batches x {args.games} games, seed {args.seed})")


if __name__ == "__main__":
    main()
