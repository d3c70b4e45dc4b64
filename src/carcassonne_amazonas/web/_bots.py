"""Bot moves off the request path: a bounded pool of worker processes.

A request stores the human's move and the server's draws after it, then returns; when a
bot seat is to move, the game is queued here (:meth:`BotPool.schedule`, once per game,
first come first served) and :class:`~carcassonne_amazonas.web._service.GameService`
computes the move in one of ``workers`` processes (:func:`think`), so that a thinking
bot holds neither the server process's GIL nor any game's lock.  The move is then
stored as a human's is, one bot move at a time, and the game goes to the back of the
queue while another bot is to move.  :meth:`BotPool.status` tells a page whether its
game is queued (and how many games are ahead) or thinking.
"""

from __future__ import annotations

import collections
import concurrent.futures
import logging
import multiprocessing
import threading
from collections.abc import Callable

from ..formats.snapshot import state_from_json
from ..rules.notation import format_action

__all__ = ["BotPool", "think"]

_log = logging.getLogger(__name__)


def think(snapshot: str, kind: str, seed: int, max_budget: int) -> str:
    """The move, in notation, of a ``kind`` bot seeded with ``seed`` in the state of
    ``snapshot`` (:func:`~carcassonne_amazonas.formats.snapshot.state_to_json`): what a
    worker process runs.  The same move the bot makes in the server's process."""
    from ._served import bot_for

    state = state_from_json(snapshot)
    return format_action(bot_for(kind, seed, max_budget).choose(state))


class BotPool:
    """``workers`` processes thinking for the bots, fed in order from a queue of games.

    ``step(game_id)`` (the service's) is called in one of ``workers`` driver threads for
    each scheduled game; it asks :meth:`run` for the move, which blocks that thread only.
    A game is queued at most once at a time, so the queue holds at most one entry per
    unfinished game.
    """

    def __init__(self, workers: int, step: Callable[[str], None]) -> None:
        if workers < 1:
            raise ValueError(f"a bot pool needs at least 1 worker, not {workers}")
        self.workers = workers
        self._step = step
        self._lock = threading.Lock()
        self._queued: collections.OrderedDict[str, None] = collections.OrderedDict()
        self._thinking: set[str] = set()
        self._processes = concurrent.futures.ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context("spawn"))
        self._drivers = concurrent.futures.ThreadPoolExecutor(workers,
                                                              thread_name_prefix="bots")

    def schedule(self, game_id: str) -> None:
        """Queue game ``game_id`` for its bot's move, unless it is queued already."""
        with self._lock:
            if game_id in self._queued:
                return
            self._queued[game_id] = None
        try:
            self._drivers.submit(self._drive, game_id)
        except RuntimeError:  # shut down: the game resumes when the server starts again
            with self._lock:
                self._queued.pop(game_id, None)

    def _drive(self, game_id: str) -> None:
        with self._lock:
            self._queued.pop(game_id, None)
            self._thinking.add(game_id)
        try:
            self._step(game_id)
        except Exception:  # logged; the game resumes when the server starts again
            _log.exception("the bot move of game %s failed", game_id)
        finally:
            with self._lock:
                self._thinking.discard(game_id)

    def run(self, snapshot: str, kind: str, seed: int, max_budget: int) -> str:
        """:func:`think` in a worker process; blocks the calling thread until done."""
        return self._processes.submit(think, snapshot, kind, seed, max_budget).result()

    def status(self, game_id: str) -> dict[str, object] | None:
        """``{"queued": N}`` (N games ahead of it) while game ``game_id`` waits for a
        worker, ``{"thinking": true}`` while its bot thinks, None otherwise."""
        with self._lock:
            if game_id in self._thinking:
                return {"thinking": True}
            if game_id in self._queued:
                return {"queued": list(self._queued).index(game_id)}
        return None

    def pending(self) -> int:
        """How many games are queued or thinking."""
        with self._lock:
            return len(self._queued) + len(self._thinking)

    def close(self) -> None:
        """Drop the queued games, wait for the moves being thought, stop the workers."""
        self._drivers.shutdown(wait=True, cancel_futures=True)
        self._processes.shutdown(wait=True, cancel_futures=True)
