"""Simulating many games between bots, in parallel processes, and their statistics.

Game ``i`` of a simulation seeded ``S`` is seeded from ``S`` and ``i`` only, so
results never depend on how many processes ran them or in which order.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
import statistics
import time
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import lru_cache
from typing import Any, Protocol, TextIO, TypeVar, overload

import attrs

from .._support.exact import check_whole
from .._support.reprs import repr_pretty
from .._support.wording import plural
from ..rules.actions import Action
from ..rules.engine import apply_action, new_game
from ..rules.options import Rules
from ..rules.players import colour
from ..rules.scoring import SCORE_CATEGORIES
from ..rules.state import GameState
from ..tiles.tilefile import load_tileset
from .bots import Bot, derive_seed, make_bot

__all__ = ["DecisionHook", "GameResult", "GameTask", "Progress", "RulesSpec", "rules_for",
           "run_games", "simulate_game", "simulate_task", "summarise", "summary_text"]

_T = TypeVar("_T")
_Task = TypeVar("_Task")



def _changed_options(options: Mapping[str, object] | Iterable[tuple[str, object]]
                     ) -> tuple[tuple[str, Any], ...]:
    """The options (a mapping or ``(name, value)`` pairs) that
    :meth:`~carcassonne_amazonas.rules.options.Rules.from_options` reads and that differ
    from the defaults, as JSON values, so that equal rules make equal specs;
    ``ValueError`` naming a wrong option and its rule id."""
    return tuple(Rules.from_options(dict(options)).options(changed=True).items())


@attrs.frozen
class RulesSpec:
    """The rules of simulated games as a small, picklable value that worker processes
    turn into :class:`~carcassonne_amazonas.rules.options.Rules` (see :func:`rules_for`): a
    tile-set file or the reference set, and the rule options by name, as
    :meth:`Rules.from_options <carcassonne_amazonas.rules.options.Rules.from_options>`
    reads them (``{"camp_scoring": "per-camp", "bonus_river": True}``, R-V1–R-V3).

    The options are checked when the spec is made, in the process that makes it:
    ``ValueError`` naming a wrong option and its rule id, or the bonus river tiles
    (R-V3) with a tile-set file."""

    _repr_pretty_ = repr_pretty

    tileset_path: str | None = None
    options: tuple[tuple[str, Any], ...] = attrs.field(default=(), converter=_changed_options)
    """The options that differ from the defaults, as ``(name, JSON value)`` pairs."""

    def __attrs_post_init__(self) -> None:
        if self.tileset_path is not None:
            # Any tile set stands for the file's (read only by rules_for): with one, the
            # bonus river tiles are refused whatever it holds (R-V3).
            Rules.from_options(dict(self.options), tileset=Rules().tileset)


#: One game of a simulation: (game index, base seed, player kinds, the rules: a
#: tile-set file, a :class:`RulesSpec`, or None for the default rules).
GameTask = tuple[int, int, tuple[str, ...], str | RulesSpec | None]


@lru_cache(maxsize=8)
def rules_for(spec: str | RulesSpec | None) -> Rules:
    """The rules ``spec`` stands for: a tile-set file's path, a :class:`RulesSpec`, or
    None for the default rules (cached per process).

    Raises ``OSError`` or :class:`~carcassonne_amazonas.errors.TileSetError`.
    """
    if not isinstance(spec, RulesSpec):
        spec = RulesSpec(tileset_path=spec)
    tileset = None if spec.tileset_path is None else load_tileset(spec.tileset_path)
    return Rules.from_options(dict(spec.options), tileset=tileset)


@attrs.frozen
class GameResult:
    """What one simulated game gave (a plain value, sent back from worker processes)."""

    index: int
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    categories: tuple[tuple[int, ...], ...]
    """Per player: points by category, in the order of
    :data:`~carcassonne_amazonas.rules.scoring.SCORE_CATEGORIES`."""
    actions: int
    removed: int
    decisions: tuple[int, ...] = ()
    """Per player: how many actions its bot chose."""
    seconds: tuple[float, ...] = attrs.field(default=(), eq=False)
    """Per player: the processor time its bot spent choosing them (in its process); a
    measurement, so not part of the result's equality."""

    _repr_pretty_ = repr_pretty


class DecisionHook(Protocol):
    """Called by :func:`simulate_game` after each decision (never a chance draw, R-C7)."""

    def __call__(self, state: GameState, bot: Bot, action: Action, /) -> None:
        """Take the state before the decision, the bot that chose and the action it
        chose."""


def simulate_game(index: int, seed: int, kinds: tuple[str, ...],
                  rules: str | RulesSpec | None = None,
                  on_decision: DecisionHook | None = None) -> GameResult:
    """Play game ``index`` of a simulation seeded ``seed``: its shuffle and every bot's
    choices depend only on ``seed`` and ``index`` (not on the process or the order).
    ``rules`` is a tile-set file, a :class:`RulesSpec` or None (see :func:`rules_for`);
    ``on_decision`` sees every decision (the self-play dataset records them there).

    ``TypeError`` for an ``index`` or a ``seed`` that is not a whole number (exactly an
    ``int``, as for :func:`~carcassonne_amazonas.rules.engine.new_game`: ``1.0`` would
    play another game than ``1``) and for kinds that are not a tuple of strings;
    ``ValueError`` for a human or an unknown kind
    (:func:`~carcassonne_amazonas.ai.bots.make_bot`)."""
    check_whole(seed, "seed")
    check_whole(index, "index")
    if isinstance(kinds, str) or not all(isinstance(kind, str) for kind in kinds):
        raise TypeError(f"kinds: expected a tuple of player kinds such as ('greedy', 'random'), "
                        f"not {kinds!r}"[:200])
    if "human" in kinds:
        raise ValueError("a simulation has no human players: give bot kinds (random, greedy, "
                         "mcts or mcts:N)")
    game_rules = rules_for(rules)
    state = new_game(len(kinds), seed=derive_seed(seed, "game", index), rules=game_rules)
    bots = [make_bot(kind, derive_seed(seed, "bot", index, p)) for p, kind in enumerate(kinds)]
    count = 0
    decisions = [0] * len(kinds)
    seconds = [0.0] * len(kinds)
    while not state.is_terminal:
        player = state.current_player
        bot = bots[player]
        assert bot is not None
        started = time.process_time()
        action = bot.choose(state)
        seconds[player] += time.process_time() - started
        decisions[player] += 1
        if on_decision is not None and not state.is_chance_node:
            on_decision(state, bot, action)
        state = apply_action(state, action)
        count += 1
    categories = tuple(tuple(getattr(p.breakdown, c) for c in SCORE_CATEGORIES)
                       for p in state.players)
    return GameResult(index, state.scores, state.winners, categories, count, len(state.removed),
                      tuple(decisions), tuple(seconds))


def simulate_task(task: GameTask) -> GameResult:
    """:func:`simulate_game` of one task (a picklable, module-level function for workers)."""
    return simulate_game(*task)


#: The signals held while the workers start (see :func:`_signals_held`).
_HELD_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _simulate_chunk(play: Callable[[_Task], _T], tasks: tuple[_Task, ...]) -> list[_T]:
    """``play`` (by default :func:`simulate_task`) of several tasks, sent to a worker at
    once."""
    return [play(task) for task in tasks]


def _worker_signals() -> None:
    """A worker ignores Ctrl-C (its parent stops it) and ends at once on SIGTERM, whatever
    handler it inherited from its parent (a forked worker inherits Python's handlers),
    and no longer holds the signals its parent held while starting it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD_SIGNALS)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM in this thread meanwhile (where the platform can); one
    that arrives is handled when they are released."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@overload
def run_games(tasks: list[GameTask], jobs: int) -> Generator[GameResult, None, None]: ...


@overload
def run_games(tasks: list[_Task], jobs: int,
              play: Callable[[_Task], _T]) -> Generator[_T, None, None]: ...


def run_games(tasks: list[Any], jobs: int,
              play: Callable[[Any], Any] = simulate_task) -> Generator[Any, None, None]:
    """Play the games of ``tasks`` (the arguments of :func:`simulate_game`, or what
    another ``play`` takes) in ``jobs`` processes (in this one when ``jobs <= 1``),
    yielding their results in task order: what ``play`` returns for each task, by
    default :func:`simulate_task` (another ``play`` must be a module-level function, so
    that the workers can receive it).

    Stopping early leaves no process behind: when the iteration ends with an exception
    (``KeyboardInterrupt``, or whatever a signal handler raises) or the iterator is
    closed (``contextlib.closing``; a ``for`` loop that breaks leaves it open until it
    is collected), the games not started are cancelled and the worker processes are
    terminated before the exception goes on.
    """
    if jobs <= 1:
        for task in tasks:
            yield play(task)
        return
    size = max(1, min(16, len(tasks) // (jobs * 8)))
    chunks = [tuple(tasks[start:start + size]) for start in range(0, len(tasks), size)]
    children_before = set(multiprocessing.active_children())
    with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_signals) as pool:
        try:
            # Every chunk is submitted, and the workers started, at once.  A signal
            # handled meanwhile could raise in an at-fork hook, where Python ignores
            # exceptions (Ctrl-C or SIGTERM would be lost): hold the signals until then.
            # Not Executor.map: on an exception it cancels the futures itself, before
            # the workers are stopped, and the pool's manager thread then fails on them.
            with _signals_held():
                futures = [pool.submit(_simulate_chunk, play, chunk) for chunk in chunks]
            futures.reverse()  # popped in task order, so a finished chunk is let go
            while futures:
                yield from futures.pop().result()
        except BaseException:
            _stop_workers(pool, children_before)
            raise


def _stop_workers(pool: ProcessPoolExecutor,
                  children_before: set[multiprocessing.process.BaseProcess]) -> None:
    """Terminate the pool's workers (the children this process started since
    ``children_before``, found through multiprocessing's public ``active_children``
    rather than the executor's internals), so that none runs on as an orphan: a worker
    blocked on the pool's queue never notices that its parent is gone.  The pool's
    manager thread then sees the pool broken and fails the games not played; wait for it
    (a manager thread still running at the interpreter's exit races with
    ``concurrent.futures``' own exit hook)."""
    workers = [child for child in multiprocessing.active_children()
               if child not in children_before]
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join(timeout=10)
    pool.shutdown(wait=True, cancel_futures=True)


class Progress:
    """A one-line progress bar on standard error (only when it is a terminal)."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.enabled = stream.isatty()
        self.start = time.perf_counter()
        self.shown = -1.0

    def update(self, done: int) -> None:
        """Show that ``done`` games are finished (at most ten times a second)."""
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < self.total and now - self.shown < 0.1:
            return
        self.shown = now
        width = 30
        filled = width * done // self.total
        rate = done / max(now - self.start, 1e-9)
        self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] "
                          f"{done}/{plural(self.total, 'game')}, {rate:.1f}/s ")
        self.stream.flush()

    def close(self) -> None:
        """Erase the progress bar (once: nothing more is shown after)."""
        if self.enabled:
            self.stream.write("\r" + " " * 70 + "\r")
            self.stream.flush()
            self.enabled = False


def _stats(values: Sequence[float]) -> dict[str, float]:
    mean = statistics.fmean(values) if values else 0.0
    stdev = statistics.stdev(values) if len(values) > 1 else 0.0
    return {"mean": round(mean, 4), "stdev": round(stdev, 4)}


def summarise(results: Sequence[GameResult], kinds: Sequence[str], seed: int, jobs: int,
              seconds: float, backend: str = "processes") -> dict[str, Any]:
    """The statistics ``simulate`` prints (and ``--json`` emits), from results in game order.

    Win rates count a shared victory fractionally: each of k tied winners gets 1/k,
    so the rates add up to 1.
    """
    players = len(kinds)
    games = len(results)
    wins = _wins(results, players)
    decisions, per_decision = _decision_times(results, players)
    return {
        "games": games,
        "players": players,
        "bots": list(kinds),
        "seed": seed,
        "jobs": jobs,
        "backend": backend,
        "ties": "fractional: each of k tied winners counts 1/k of a win",
        "wins": [round(w, 4) for w in wins],
        "win_rate": [round(w / games, 4) if games else 0.0 for w in wins],
        "shared_victories": sum(1 for result in results if len(result.winners) > 1),
        "scores": [{"player": p, "colour": colour(p), "bot": kinds[p],
                    **_score_stats(results, (p,))} for p in range(players)],
        "scores_all_players": _score_stats(results, tuple(range(players))),
        "game_length": _stats([r.actions for r in results]),
        "tiles_removed": _stats([r.removed for r in results]),
        "decisions": decisions,
        "seconds_per_decision": per_decision,
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 2) if seconds > 0 else None,
    }


def _wins(results: Sequence[GameResult], players: int) -> list[float]:
    """Each player's wins, a shared victory counting 1/k for each of its k winners."""
    wins = [0.0] * players
    for result in results:
        for winner in result.winners:
            wins[winner] += 1 / len(result.winners)
    return wins


def _score_stats(results: Sequence[GameResult],
                 players: tuple[int, ...]) -> dict[str, dict[str, float]]:
    """The total and each category of ``SCORE_CATEGORIES`` over the scores of ``players``."""
    stats = {"total": _stats([r.scores[p] for r in results for p in players])}
    for c, category in enumerate(SCORE_CATEGORIES):
        stats[category] = _stats([r.categories[p][c] for r in results for p in players])
    return stats


def _decision_times(results: Sequence[GameResult],
                    players: int) -> tuple[list[int], list[float | None]]:
    """Each player's number of decisions, and its processor time per decision (None
    without decisions)."""
    decisions = [sum(r.decisions[p] for r in results if r.decisions) for p in range(players)]
    spent = [sum(r.seconds[p] for r in results if r.seconds) for p in range(players)]
    return decisions, [round(t / d, 6) if d else None for t, d in zip(spent, decisions)]


def summary_text(summary: dict[str, Any]) -> str:
    """The statistics of :func:`summarise` as the table ``simulate`` prints."""
    kinds = summary["bots"]
    lines = [f"{plural(summary['games'], 'game')}, {plural(summary['players'], 'player')} "
             f"({', '.join(kinds)}), seed {summary['seed']}, {plural(summary['jobs'], 'job')}: "
             f"{summary['seconds']:.2f} s, {summary['games_per_second'] or 0:.1f} games/s",
             f"mean game length {summary['game_length']['mean']:.1f} actions "
             f"(sd {summary['game_length']['stdev']:.1f}); "
             f"{summary['tiles_removed']['mean']:.2f} tiles removed per game (R-G7); "
             f"{plural(summary['shared_victories'], 'shared victory', 'shared victories')}",
             "",
             "win rate (a shared victory counts 1/k for each of its k winners) and "
             "processor time per decision",
             f"  {'player':<8} {'bot':<9} {'wins':>7} {'rate':>7} {'ms/decision':>12}"]
    for p in range(summary["players"]):
        per_decision = (summary.get("seconds_per_decision") or [None] * len(kinds))[p]
        timing = f"{1000 * per_decision:>12.2f}" if per_decision is not None else f"{'-':>12}"
        lines.append(f"  {colour(p):<8} {kinds[p]:<9} {summary['wins'][p]:>7.2f} "
                     f"{100 * summary['win_rate'][p]:>6.1f}% {timing}")
    columns = ("total", *SCORE_CATEGORIES)
    lines += ["", "scores: mean \u00b1 standard deviation",
              f"  {'player':<8} {'bot':<9}" + "".join(f"{c:>13}" for c in columns)]

    def cells(row: dict[str, Any]) -> str:
        return "".join(f"{row[c]['mean']:>7.1f} \u00b1{row[c]['stdev']:>4.1f}" for c in columns)

    for row in summary["scores"]:
        lines.append(f"  {row['colour']:<8} {row['bot']:<9}" + cells(row))
    lines.append(f"  {'all':<8} {'':<9}" + cells(summary["scores_all_players"]))
    return "\n".join(lines)
