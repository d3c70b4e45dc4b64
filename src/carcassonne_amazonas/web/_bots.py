"""Bot moves off the request path: worker processes in two lanes, cheap and search.

A request stores the human's move and the server's draws after it, then returns; when a
bot seat is to move, the game is queued here (:meth:`BotPool.schedule`, once per game,
first come first served within its lane) and
:class:`~carcassonne_amazonas.web._service.GameService` computes the move in a worker
process (:func:`think`), so that a thinking bot holds neither the server process's GIL
nor any game's lock.  The move is then stored as a human's is, one bot move at a time,
and the game goes to the back of the queue while another bot is to move.

**Lanes.**  A bot that searches (a kind of
:data:`~carcassonne_amazonas.ai.bots.BUDGETED_KINDS`, ``mcts``: up to the server's budget
per move) thinks in the *search* lane, ``workers`` processes; every other bot
(``greedy``, ``random``: a few milliseconds a move) in the *cheap* lane, one process of
its own, so that a cheap bot never waits behind a long search.
:func:`~carcassonne_amazonas.web.default_bot_workers` sizes the search lane after the
processors this process may use.

:meth:`BotPool.status` tells a page whether its game is queued (and how many games are
ahead in its lane) or thinking, and since when.

**No orphans.**  Each worker watches its parent (:func:`_end_with_parent`): when the
server process is gone, however it ended (``SIGKILL`` included), the worker ends
within :data:`PARENT_POLL` seconds, and with the workers the helper process of
:mod:`multiprocessing` (its resource tracker, which ends when nobody holds its pipe).
"""

from __future__ import annotations

import collections
import concurrent.futures
import datetime
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable

from ..ai.bots import BUDGETED_KINDS
from ..formats.snapshot import state_from_json
from ..rules.notation import format_action

__all__ = ["PARENT_POLL", "BotPool", "is_search", "think"]

_log = logging.getLogger(__name__)

#: How often (seconds) a worker looks whether the server process still lives.
PARENT_POLL = 0.25
#: The worker processes of the cheap lane (``greedy``, ``random``).
CHEAP_WORKERS = 1


def is_search(kind: str) -> bool:
    """Whether a seat of ``kind`` (``mcts``, ``mcts:50``, ``greedy``...) searches, and
    so thinks in the search lane."""
    return kind.partition(":")[0] in BUDGETED_KINDS


def _end_with_parent(parent: int) -> None:
    """In a worker process: end it as soon as process ``parent`` is gone (its parent
    process then changes: to init or a subreaper), looked at every
    :data:`PARENT_POLL` seconds by a daemon thread, even while the worker thinks."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def think(snapshot: str, kind: str, seed: int, max_budget: int) -> str:
    """The move, in notation, of a ``kind`` bot seeded with ``seed`` in the state of
    ``snapshot`` (:func:`~carcassonne_amazonas.formats.snapshot.state_to_json`): what a
    worker process runs.  The same move the bot makes in the server's process."""
    from ._served import bot_for

    state = state_from_json(snapshot)
    return format_action(bot_for(kind, seed, max_budget).choose(state))


def _ready() -> None:
    """In a worker process: import what :func:`think` needs, so that the first move a
    worker thinks does not wait a second for the library to load."""
    from . import _served  # noqa: F401


class _Lane:
    """``workers`` processes and as many driver threads, fed in order from one queue."""

    def __init__(self, workers: int, name: str) -> None:
        self.workers = workers
        self.queued: collections.OrderedDict[str, None] = collections.OrderedDict()
        self.processes = concurrent.futures.ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context("spawn"),
            initializer=_end_with_parent, initargs=(os.getpid(),))
        self.drivers = concurrent.futures.ThreadPoolExecutor(
            workers, thread_name_prefix=f"bots-{name}")


class BotPool:
    """The worker processes thinking for the bots: the search lane's ``workers`` and the
    cheap lane's :data:`CHEAP_WORKERS`, each fed in order from its queue of games.

    ``step(game_id)`` (the service's) is called in a driver thread of the game's lane
    for each scheduled game; it asks :meth:`run` for the move, which blocks that thread
    only.  A game is queued at most once at a time, so the queues hold at most one entry
    per unfinished game.
    """

    def __init__(self, workers: int, step: Callable[[str], None]) -> None:
        if workers < 1:
            raise ValueError(f"a bot pool needs at least 1 worker, not {workers}")
        self.workers = workers
        self._step = step
        self._lock = threading.Lock()
        self._lanes = {"search": _Lane(workers, "search"), "cheap": _Lane(CHEAP_WORKERS, "cheap")}
        self._thinking: dict[str, float] = {}

    def _lane(self, kind: str | None) -> _Lane:
        return self._lanes["cheap" if kind is not None and not is_search(kind) else "search"]

    def schedule(self, game_id: str, kind: str | None = None) -> None:
        """Queue game ``game_id`` for the move of its bot of ``kind`` (None: unknown,
        thought of as a search), unless it is queued already."""
        lane = self._lane(kind)
        with self._lock:
            if any(game_id in other.queued for other in self._lanes.values()):
                return
            lane.queued[game_id] = None
        try:
            lane.drivers.submit(self._drive, lane, game_id)
        except RuntimeError:  # shut down: the game resumes when the server starts again
            with self._lock:
                lane.queued.pop(game_id, None)

    def _drive(self, lane: _Lane, game_id: str) -> None:
        with self._lock:
            lane.queued.pop(game_id, None)
            self._thinking[game_id] = time.time()
        try:
            self._step(game_id)
        except Exception:  # logged; the game resumes when the server starts again
            _log.exception("the bot move of game %s failed", game_id)
        finally:
            with self._lock:
                self._thinking.pop(game_id, None)

    def run(self, snapshot: str, kind: str, seed: int, max_budget: int) -> str:
        """:func:`think` in a worker process of ``kind``'s lane; blocks the calling
        thread until done."""
        return self._lane(kind).processes.submit(think, snapshot, kind, seed,
                                                 max_budget).result()

    def status(self, game_id: str) -> dict[str, object] | None:
        """``{"queued": N}`` (N games ahead of it in its lane) while game ``game_id``
        waits for a worker, ``{"thinking": true, "since": TIME}`` while its bot thinks
        (``TIME``: when it started, UTC, ISO 8601 to the millisecond, so that a page can
        show for how long), None otherwise."""
        with self._lock:
            started = self._thinking.get(game_id)
            if started is not None:
                since = datetime.datetime.fromtimestamp(started, datetime.timezone.utc)
                return {"thinking": True,
                        "since": since.isoformat(timespec="milliseconds").replace(
                            "+00:00", "Z")}
            for lane in self._lanes.values():
                if game_id in lane.queued:
                    return {"queued": list(lane.queued).index(game_id)}
        return None

    def warm_up(self) -> None:
        """Start every worker process now, each loading the library, rather than when a
        bot first thinks in it (the server calls it when it starts; returns at once)."""
        for lane in self._lanes.values():
            for _ in range(lane.workers):
                lane.processes.submit(_ready)

    def pending(self) -> int:
        """How many games are queued or thinking."""
        with self._lock:
            return sum(len(lane.queued) for lane in self._lanes.values()) + \
                len(self._thinking)

    def close(self) -> None:
        """Drop the queued games, wait for the moves being thought, stop the workers."""
        for lane in self._lanes.values():
            lane.drivers.shutdown(wait=False, cancel_futures=True)
        for lane in self._lanes.values():
            lane.drivers.shutdown(wait=True)
            lane.processes.shutdown(wait=True, cancel_futures=True)
