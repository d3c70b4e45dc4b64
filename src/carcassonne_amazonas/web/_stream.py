"""The live stream of a game: ``GET /api/games/{ID}/events`` (Server-Sent Events).

A page opens it with ``EventSource`` and gets one ``step`` event each time actions are
stored (a human's move with the draws after it, or one bot move), carrying only what
changed (:func:`~carcassonne_amazonas.web._views.update_of`), so that the other player
sees a move about :data:`EVENTS_POLL` seconds after it is stored, and a mid-game update
is no larger than an early one.  The stream looks for new actions with one count query
per :data:`EVENTS_POLL` seconds and holds no lock between them.  A browser reconnects
by itself with ``Last-Event-ID``, and the stream goes on from there.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse

from ._requests import ApiError
from ._service import GameService
from ._views import update_of

__all__ = ["EVENTS_KEEPALIVE", "EVENTS_POLL", "events"]

#: How often the event stream looks for new actions (one count query), and how often
#: it sends a comment to keep the connection open while nothing happens, in seconds.
EVENTS_POLL = 0.2
EVENTS_KEEPALIVE = 15.0


async def events(request: Request) -> Response:
    """``GET /api/games/{ID}/events``: a Server-Sent Events stream of the game's steps.

    Each time actions are stored, one ``step`` event whose ``id`` is the number of
    actions and whose data is :func:`~carcassonne_amazonas.web._views.update_of` since
    the previous event; it starts after the ``Last-Event-ID`` a browser sends when it
    reconnects, or else after ``?after=N`` (default: now), ends after the game is over
    (a finished game with nothing new answers 204, which stops a browser's
    reconnecting), and sends ``gone`` if the game is deleted, or if an entry of a table
    game is taken back (:mod:`~carcassonne_amazonas.web._table`): then a page fetches the
    game whole."""
    service: GameService = request.app.state.service
    game_id = request.path_params["game_id"]
    game = await run_in_threadpool(service.load, game_id)  # 404 before the stream starts
    after = request.query_params.get("after", "")
    resumed = request.headers.get("last-event-id", "")
    for name, given in (("after", after), ("Last-Event-ID", resumed)):
        if given and not (given.isascii() and given.isdigit()):
            raise ApiError(400, f"{name} must be a number of actions, not {given[:20]!r}")
    since = resumed or after
    seq = min(int(since), game.seq) if since else game.seq
    if game.state.is_terminal and seq == game.seq:
        return Response(status_code=204)  # nothing will come: a browser stops reconnecting
    return StreamingResponse(_steps(request, service, game_id, seq, game.draw_seed),
                             media_type="text/event-stream",
                             headers={"x-accel-buffering": "no"})


async def _steps(request: Request, service: GameService, game_id: str,
                 seq: int, revision: int) -> AsyncIterator[str]:
    # A comment at once: a middleware or proxy that holds the headers back until the
    # first chunk (Starlette 1.7's gzip does) would otherwise keep the page from knowing
    # the stream is open until the first step or keep-alive, and it polls meanwhile.
    yield ": open\n\n"
    quiet = 0.0
    while not await request.is_disconnected():
        stamp = await run_in_threadpool(service.store.stamp, game_id)
        if stamp is None or stamp[1] != revision:  # deleted, or a table game's undo:
            yield "event: gone\ndata: {}\n\n"   # the page fetches the game whole
            return
        count = stamp[0]
        if count != seq:
            game = await run_in_threadpool(service.load, game_id)
            update = await run_in_threadpool(update_of, game, seq)
            update["bot"] = service.bot_status(game_id)
            yield f"id: {game.seq}\nevent: step\ndata: {json.dumps(update)}\n\n"
            seq, quiet = game.seq, 0.0
            if game.state.is_terminal:
                return
        elif quiet >= EVENTS_KEEPALIVE:
            yield ": still here\n\n"
            quiet = 0.0
        await asyncio.sleep(EVENTS_POLL)
        quiet += EVENTS_POLL
