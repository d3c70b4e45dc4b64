"""``simulate``: many bot games, in parallel processes or as Ray tasks, and their statistics."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from .._support.extras import install_hint
from .._support.wording import plural
from ..ai.bots import BOT_KINDS, HUMAN
from ..ai.simulation import (
    GameTask,
    Progress,
    run_games,
    simulate_task,
    summarise,
    summary_text,
)
from ..render.explain import variants_text
from ..rules.options import Rules
from ._common import (
    AddCommand,
    CliError,
    add_rules_options,
    bot_kinds,
    bots_help,
    error_line,
    int_in,
    player_count,
    rules_from_args,
    rules_spec_from_args,
)

__all__ = ["add_command", "run"]

#: The player kinds a simulation can use: every bot (no human).
SIMULATED_KINDS = tuple(kind for kind in BOT_KINDS if kind != HUMAN)


def add_command(add: AddCommand) -> None:
    """Add ``simulate`` to the tool's commands."""
    sim = add(
        "simulate", help="run many bot games and print statistics",
        description="Run bot games (in parallel with --jobs) and print win rates, scores by "
                    "category (mean and standard deviation), game length and speed. Game i "
                    "is seeded from S and i only, so the results do not depend on --jobs. "
                    "A shared victory counts 1/k of a win for each of its k winners.")
    sim.add_argument("--games", type=int_in(1, None, "the number of games"), default=100,
                     metavar="N", help="number of games (default 100)")
    sim.add_argument("--players", type=int_in(2, 5, "the number of players"), metavar="P",
                     help="2 to 5 players (default: one per kind of a --bots list, else 4)")
    sim.add_argument("--bots", metavar="LIST",
                     help=bots_help(SIMULATED_KINDS, "random"))
    sim.add_argument("--seed", type=int_in(0, None, "the seed"), default=0, metavar="S",
                     help="base seed (default 0)")
    sim.add_argument("--jobs", type=int_in(0, None, "--jobs"), default=1, metavar="J",
                     help="worker processes (default 1; 0: one per CPU)")
    sim.add_argument("--backend", choices=("processes", "ray"), default="processes",
                     help="run games in local worker processes (default) or as Ray tasks "
                          "(extra [ray]; a local Ray instance with --jobs CPUs, or the "
                          "cluster at --ray-address)")
    sim.add_argument("--ray-address", metavar="ADDRESS",
                     help="with --backend ray: a running Ray cluster ('auto' or "
                          "'ray://host:10001'); default: start a local instance")
    sim.add_argument("--json", action="store_true",
                     help="print the statistics as one JSON object")
    sim.add_argument("--dataset", metavar="PATH",
                     help="also write every decision (observation, legal actions, the "
                          "search's visit counts or the action played, the game's result) "
                          "to PATH as compressed numpy arrays, a self-play dataset to train "
                          "a network on (needs numpy: extra [openspiel])")
    add_rules_options(sim)
    sim.set_defaults(func=run, parser=sim)


def run_on_ray(tasks: list[GameTask], cpus: int | None, address: str | None,
               play: Callable[[GameTask], Any] = simulate_task) -> list[Any]:
    """The games as Ray tasks (extra ``[ray]``): the same results as local processes
    (``play`` of each task)."""
    try:
        from ..integrations.ray_backend import run_games_on_ray
    except ImportError:  # the adapter imports Ray, which only the [ray] extra installs
        raise CliError(f"--backend ray needs Ray: {install_hint('ray')}") from None
    chunk = max(1, len(tasks) // (8 * (cpus or 2)))
    return run_games_on_ray(play, tasks, address=address, num_cpus=cpus, chunk_size=chunk)


class _Terminated(Exception):
    """SIGTERM arrived while the games ran."""


_STOPPING_SIGNALS = (signal.SIGTERM, signal.SIGINT)


@contextlib.contextmanager
def _signals_raise() -> Iterator[list[int]]:
    """Make SIGTERM raise :class:`_Terminated` and Ctrl-C (SIGINT) raise
    ``KeyboardInterrupt`` in the main thread meanwhile, so that the simulation stops its
    worker processes (:func:`~carcassonne_amazonas.ai.simulation.run_games`) instead of
    dying at once and leaving them running as orphans.

    Yields a list that the signal's number joins too: Python ignores an exception that
    a handler raises in a few places (an at-fork hook, a finalizer), so the caller
    checks it after each game (:func:`_raise_for`).  A second signal during the cleanup
    is ignored, and so is a signal ignored from the start.  A signal handler can only be
    set in the main thread; elsewhere nothing changes."""
    received: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return
    parent = os.getpid()

    def stop(signum: int, frame: object) -> None:
        if os.getpid() != parent:  # a worker forked before it reset its signals
            if signum == signal.SIGTERM:  # ends at once; Ctrl-C is its parent's to handle
                signal.signal(signum, signal.SIG_DFL)
                os.kill(os.getpid(), signum)
            return
        for stopping in previous:
            signal.signal(stopping, signal.SIG_IGN)
        received.append(signum)
        _raise_for(signum)

    # A signal ignored from the start stays ignored (as a background job's Ctrl-C is).
    # The handlers to restore are known before the first is replaced: ``stop`` reads them.
    previous = {signum: signal.getsignal(signum) for signum in _STOPPING_SIGNALS
                if signal.getsignal(signum) is not signal.SIG_IGN}
    try:
        for signum in previous:
            signal.signal(signum, stop)
        yield received
    finally:
        for signum, handler in previous.items():
            # None: a handler not set from Python, which cannot be put back; the default.
            signal.signal(signum, signal.SIG_DFL if handler is None else handler)


def _raise_for(signum: int) -> None:
    """The exception that stops the games for the signal ``signum``."""
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise _Terminated


def run(args: argparse.Namespace) -> int:
    """Run the simulation and print its statistics; returns the exit code."""
    players = player_count(args, 4)
    kinds = bot_kinds(args.parser, args.bots, players, ["random"] * players, SIMULATED_KINDS)
    jobs: int = args.jobs or (os.cpu_count() or 1)
    spec = rules_spec_from_args(args)
    rules = rules_from_args(args)  # report a bad tile set once, before starting
    tasks: list[GameTask] = [(index, args.seed, tuple(kinds), spec)
                             for index in range(args.games)]
    play = simulate_task if args.dataset is None else _selfplay_play(args.dataset)
    progress = Progress(args.games, sys.stderr)
    start = time.perf_counter()
    results: list[Any] = []  # what play returns: with --dataset, (result, records)
    try:
        if args.backend == "ray":
            results = run_on_ray(tasks, jobs if args.jobs else None, args.ray_address, play)
            progress.update(len(results))
        else:
            # closing: a signal may interrupt the loop outside the generator, and only
            # closing it stops its worker processes at once.
            with _signals_raise() as received, contextlib.closing(
                    run_games(tasks, min(jobs, max(1, args.games)), play)) as games:
                for result in games:
                    if received:
                        _raise_for(received[0])
                    results.append(result)
                    progress.update(len(results))
    except _Terminated:
        progress.close()
        error_line(f"terminated (SIGTERM) after {len(results)} of "
                   f"{plural(args.games, 'game')}; no results printed, the worker processes "
                   "were stopped")
        return 128 + signal.SIGTERM
    finally:
        progress.close()
    seconds = time.perf_counter() - start
    dataset = None
    if args.dataset is not None:
        dataset = _write_dataset(args.dataset, results, rules, kinds, args.seed)
        results = [result for result, _ in results]
    summary = summarise(results, kinds, args.seed, jobs, seconds, backend=args.backend)
    if dataset is not None:
        summary["dataset"] = dataset
    if args.json:
        # Every variant option written, defaults too, so scripts can read any of them.
        summary["rules"] = {"tileset": rules.tileset.name, **rules.options()}
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(summary_text(summary))
        if variants_text(rules):
            print(variants_text(rules))
        if dataset is not None:
            print(f"\nself-play dataset: {plural(dataset['records'], 'decision')} of "
                  f"{plural(len(results), 'game')} written to {dataset['path']}")
    return 0


def _selfplay_play(path: str) -> Callable[[GameTask], Any]:
    """The task that plays a game and records its decisions for ``--dataset``:
    ``CliError`` without numpy (naming the extra to install), or when ``path``'s folder
    does not exist (said before the games are played, not after)."""
    try:
        from ..integrations.selfplay import selfplay_task
    except ImportError as error:  # the writer needs numpy, which only an extra installs
        raise CliError(f"--dataset: {error}") from None
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CliError(f"--dataset {path}: the folder {folder} does not exist")
    return selfplay_task


def _write_dataset(path: str, played: list[Any], rules: Rules, kinds: list[str],
                   seed: int) -> dict[str, Any]:
    """Write the records of ``played`` ((result, records) per game) to ``path``; what the
    summary says of it.  ``CliError`` when the file cannot be written."""
    from ..integrations.selfplay import write_dataset

    try:
        records = write_dataset(path, (game for _, game in played), rules=rules,
                                kinds=kinds, seed=seed)
    except OSError as error:
        raise CliError(f"--dataset {path}: {error.strerror or error}") from None
    return {"path": path, "records": records}
