"""The Starlette application: the HTTP API and the page.

:func:`create_app` builds it over one SQLite file.  The API (all JSON; errors are
``{"error": message}``):

``POST /api/games``
    ``{"players": N, "seats": ["human", "greedy", ...], "seed": optional int, "table":
    optional bool,
    "names": optional list, "rules": optional {"amazon_ranking": "dense" or
    "competition", "camp_scoring": "per-jungle" or "per-camp", "bonus_river": bool}}``
    → 201 ``{"game": ID, "seats": [{"player": i, "kind": k, "token": "..." or null},
    ...]}``: one secret token per human seat, shown only here.
``GET /api/games/{ID}``
    The view: ``phase``, ``to_move``, ``scores``, ``is_terminal``, ``legal`` (notation),
    ``state`` (the :func:`~carcassonne_amazonas.formats.snapshot.state_to_json` snapshot),
    ``projected`` (each player's breakdown if the game ended now), and for pages
    ``seq``, ``seats``, ``rules``, ``players``, ``hand``, ``placements``, ``pieces``,
    ``pass``, ``doubles``, ``log``, ``log_after``, ``final_scoring``, ``result``,
    ``seed`` (null until the game is over), ``table`` (a table game's tiles that may be
    drawn now and its last entry; null for other games), ``bot`` (``{"queued": N}``,
    ``{"thinking": true, "since": TIME}``, UTC, or null); ``?board=1`` (or ``true``;
    ``0``, ``false``: no; anything else: 400) adds ``board_svg`` (see
    :func:`~carcassonne_amazonas.web._views.view_of`); ``?log_after=N`` leaves the first
    N log entries out (those a page shows already; ``log_after`` in the view says so).
    The answer's ``ETag`` changes with every action stored; sent back in
    ``If-None-Match`` (weak ``W/"..."`` tags and ``*`` too), it gets an empty 304 while
    nothing changed (how the page polls).
    ``?after=ACTION`` (repeated for more): the view as it would be after the player to
    move played them, stored nowhere (how the page shows where a piece may go on the
    tile it is placing, so that taking back goes to the start of the turn).
``POST /api/games/{ID}/actions``
    ``{"token": "...", "action": "t0,4,90", "seq": optional}`` (or ``"actions": [...]``,
    one player's moves of one turn, the tile then the piece) → 200 and the view after
    the actions and the server's draws (``?board=1``, ``?log_after=N`` as above); with
    bot workers the view's ``bot`` says when a bot's move is ``queued`` (how many games
    are ahead) or ``thinking`` (since when), and the bot moves follow one at a time; without, they
    are in it.
``GET /api/games/{ID}/events``
    A Server-Sent Events stream: one ``step`` event per stored change, carrying only
    what changed (:func:`~carcassonne_amazonas.web._stream.events`); the page listens
    to it and polls when it cannot.
``GET /api/games/{ID}/record``
    The :class:`~carcassonne_amazonas.formats.records.GameRecord` JSON.
``GET /api/games/{ID}/board.svg``, ``GET /api/games/{ID}/segment?x=..&y=..``
    The board picture; the tile and segment under a board point (hit-testing; with
    ``&after=`` as the view's).
``POST /api/games/{ID}/undo``
    ``{"token": "...", "seq": optional}`` → 200 and the view with the last entry taken
    back: a table game's correction (``"table": true`` at creation: every seat human
    with one token, the players enter each tile drawn as ``*ID``, see
    :mod:`~carcassonne_amazonas.web._table`); 409 for another game, nothing entered or
    a stale ``seq``.
``POST /api/games/{ID}/seat``
    ``{"token": "..."}`` → ``{"player": N}``: the seat a token opens (403 for none).
``GET /api/tiles/{SET}/{ID}/{DEGREES}.svg``
    A tile's picture, at the address a view or a stream update gives
    (:mod:`~carcassonne_amazonas.web._pictures`): served once, then cached by the browser.
``GET /api/openapi.json``
    This API as an OpenAPI 3.1 document (:mod:`~carcassonne_amazonas.web._openapi`).
``GET /api/config``
    The seat kinds (and which take a budget, up to what), the rule options and the
    player counts the server accepts.
``GET /``
    The page (``static/index.html``; its script and style under ``/static``).

Statuses: 400 a body, address or action text that is not what the API accepts (text
that is not Unicode among it), 403 a token that opens no seat, or an ``Origin`` that is
neither the server's own nor allowed (:mod:`~carcassonne_amazonas.web._guards`), 404 an
unknown game, 409 an action that is not legal now (the library's message), 413 a body
over 64 KiB, 415 a ``POST`` that is not ``application/json``, 429 too many new games from
one address, or too many of its games unfinished (with ``Retry-After``), 503 too many
unfinished games (with ``Retry-After``: when the first expires, at most an hour), a
database held by another process past the write timeout or one the server may not write
(with ``Retry-After``), 500 a failure of the server (a database it cannot read, say),
still with a JSON message; 400 too a ``Host`` that is not the server's (with
``allowed_hosts``: :mod:`~carcassonne_amazonas.web._guards`).  Nothing changes on
an error.  Answers over 1 KB are gzip-compressed for clients that accept it.

The endpoints are the functions of this module; each reads the app's
:class:`~carcassonne_amazonas.web._service.GameService` from ``request.app.state``.  Every
refusal is a :class:`~carcassonne_amazonas.web._requests.ApiError`, answered by one handler
(which answers Starlette's own refusals, an unknown path say, the same way).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.gzip import GZipMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import __version__
from .._support.exact import check_at_least, check_number, check_whole
from .._support.i18n import catalog_json, language_names, languages, texts
from ..ai import bots
from ..render.explain import refusal_text, variant_labels
from ..rules.options import Rules
from ..rules.players import PLAYER_COLOURS, colour
from ._answers import (
    ViewCache,
    etag,
    matches,
    request_language,
    shape_of,
    view_answer,
    view_with_bot,
)
from ._guards import (
    CreateLimiter,
    ProxyHeaders,
    RequestGuard,
    SecurityHeaders,
    client_key,
    parse_proxies,
)
from ._openapi import openapi_document
from ._options import (
    DEFAULT_CREATE_LIMIT,
    DEFAULT_EXPIRE_AFTER,
    DEFAULT_MAX_BOT_BUDGET,
    DEFAULT_MAX_GAMES_PER_CLIENT,
    bot_menu,
)
from ._pictures import tile_picture
from ._requests import (
    MAX_BODY_BYTES,
    MAX_NAME_LENGTH,
    ApiError,
    parse_action_list,
    parse_action_request,
    parse_json_object,
    parse_new_game_request,
    parse_undo_request,
)
from ._service import GameService
from ._storage import DEFAULT_MAX_OPEN_GAMES, DEFAULT_WRITE_TIMEOUT, GameStore
from ._stream import events
from ._table import TEXTS as TABLE_TEXTS
from ._views import render_board

__all__ = ["ROUTES", "create_app"]

# -- what the endpoints share ---------------------------------------------------------------

def _service(app: Starlette) -> GameService:
    """The app's game service (``app.state.service``, set by :func:`create_app`)."""
    service: GameService = app.state.service
    return service


async def _read_body(request: Request) -> bytes:
    """The request body, refusing more than :data:`MAX_BODY_BYTES` (413) before reading
    it when ``Content-Length`` says so, and while reading it otherwise."""
    declared = request.headers.get("content-length")
    too_large = ApiError(413, f"the body is larger than {MAX_BODY_BYTES} bytes")
    if declared is not None:
        if not declared.isdigit():
            raise ApiError(400, "Content-Length is not a whole number")
        if int(declared) > MAX_BODY_BYTES:
            raise too_large
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None
          ) -> JSONResponse:
    return JSONResponse(data, status_code=status, headers=headers)


# -- the endpoints ----------------------------------------------------------------------------

async def index(request: Request) -> Response:
    """``GET /``: the page."""
    page: str = request.app.state.page
    return HTMLResponse(page)


async def config(request: Request) -> Response:
    """``GET /api/config``: what a new game may ask for (the bots module's kinds, read
    now), the server's version, the seat menu (``menu``: each choice with how strong it
    is), and the page's words in the request's language
    (:func:`~carcassonne_amazonas.web._answers.request_language`): ``lang``, the
    ``languages`` to choose from, the ``colour_names``, the ``kind_names`` of the
    seats, the ``variants``' labels and the page's own ``messages`` (its catalog)."""
    lang = request_language(request)
    cap = _service(request.app).max_bot_budget
    return _json({"version": __version__, "kinds": list(bots.BOT_KINDS),
                  "lang": lang, "languages": list(languages()),
                  "language_names": language_names(),
                  "colour_names": [colour(p, lang=lang) for p in range(len(PLAYER_COLOURS))],
                  "kind_names": {kind: bots.kind_name(kind, lang) for kind in bots.BOT_KINDS},
                  "variants": variant_labels(lang),
                  "messages": catalog_json(lang),
                  "budgeted_kinds": list(bots.BUDGETED_KINDS),
                  "max_bot_budget": cap, "menu": bot_menu(bots.BOT_KINDS, cap, lang),
                  "rules": {name: list(option.values)
                            for name, option in Rules.VARIANTS.items()},
                  "min_players": 2, "max_players": 5, "colours": list(PLAYER_COLOURS),
                  "max_name_length": MAX_NAME_LENGTH,
                  "table": {key: texts(lang).gettext(text) for key, text in TABLE_TEXTS.items()}})


async def openapi(request: Request) -> Response:
    """``GET /api/openapi.json``: this API as an OpenAPI 3.1 document
    (:mod:`~carcassonne_amazonas.web._openapi`)."""
    return _json(request.app.state.openapi)


async def create_game(request: Request) -> Response:
    """``POST /api/games``: a new game, 201 (429 past the client address's limits)."""
    service = _service(request.app)
    body = await _read_body(request)
    new = parse_new_game_request(parse_json_object(body), max_budget=service.max_bot_budget)
    limiter: CreateLimiter = request.app.state.create_limiter
    client = client_key(request.client.host if request.client is not None else "")
    limiter.admit(client)
    return _json(await run_in_threadpool(service.create, new, client), status=201)


def _after(request: Request) -> tuple[str, ...]:
    """The actions of ``?after=...`` (the parameter repeated, in order), if any."""
    after = request.query_params.getlist("after")
    return parse_action_list(after, "after") if after else ()


def show_game(request: Request) -> Response:
    """``GET /api/games/{ID}``: the view, or an empty 304 for a poll whose ETag is still
    the view's (found with one count while no action has been stored since); with
    ``?after=ACTION`` (repeated for more), the view as it would be after the player to
    move played them, stored nowhere (no ETag)."""
    service = _service(request.app)
    game_id = request.path_params["game_id"]
    shape = shape_of(request)
    after = _after(request)
    if after:
        return _json(view_with_bot(service, service.preview(game_id, after), shape))
    known = request.headers.get("if-none-match")
    if known is not None:
        count = service.action_count(game_id)
        tag = etag(count, shape.board, shape.lang) if count is not None else ""
        if count is not None and matches(known, tag):
            return Response(status_code=304, headers={"etag": tag})
    return view_answer(request.app.state.views, service, service.load(game_id), shape,
                       request)


async def play(request: Request) -> Response:
    """``POST /api/games/{ID}/actions``: a seat's action, then the view."""
    service = _service(request.app)
    game_id = request.path_params["game_id"]
    shape = shape_of(request)  # a bad query is refused before the move is played
    body = await _read_body(request)

    def move() -> Response:  # one hand-off to a worker thread, not three
        try:
            action = parse_action_request(parse_json_object(body))
        except ApiError:
            service.load(game_id)  # an unknown game is a 404 whatever the body
            raise
        game = service.act(game_id, action)
        return view_answer(request.app.state.views, service, game, shape, request)

    return await run_in_threadpool(move)


def record(request: Request) -> Response:
    """``GET /api/games/{ID}/record``: the game record JSON."""
    game = _service(request.app).load(request.path_params["game_id"])
    return Response(game.record().to_json(), media_type="application/json")


def board(request: Request) -> Response:
    """``GET /api/games/{ID}/board.svg``: the board picture, its words in the request's
    language."""
    game = _service(request.app).load(request.path_params["game_id"])
    return Response(render_board(game, request_language(request)),
                    media_type="image/svg+xml", headers={"vary": "Accept-Language, Cookie"})


def segment(request: Request) -> Response:
    """``GET /api/games/{ID}/segment?x=..&y=..``: the tile and segment under a point."""
    try:
        x = float(request.query_params["x"])
        y = float(request.query_params["y"])
    except (KeyError, ValueError):
        raise ApiError(400, "give the board point as numbers x and y") from None
    return _json(_service(request.app).segment_at(request.path_params["game_id"], x, y,
                                                  _after(request)))


async def undo(request: Request) -> Response:
    """``POST /api/games/{ID}/undo``: a table game's last entry taken back, then the
    view."""
    service = _service(request.app)
    game_id = request.path_params["game_id"]
    shape = shape_of(request)
    body = await _read_body(request)

    def take_back() -> Response:
        try:
            token, seq = parse_undo_request(parse_json_object(body))
        except ApiError:
            service.load(game_id)  # an unknown game is a 404 whatever the body
            raise
        game = service.take_back(game_id, token, seq)
        return view_answer(request.app.state.views, service, game, shape, request)

    return await run_in_threadpool(take_back)


async def seat(request: Request) -> Response:
    """``POST /api/games/{ID}/seat`` with ``{"token": "..."}``: ``{"player": N}``, the
    seat the token opens (403 for none): how a page knows whose seat it plays."""
    service = _service(request.app)
    data = parse_json_object(await _read_body(request))
    if set(data) != {"token"} or not isinstance(data["token"], str):
        raise ApiError(400, "the body is {\"token\": \"...\"}, the seat's token")
    player = await run_in_threadpool(service.seat_of, request.path_params["game_id"],
                                     data["token"])
    return _json({"player": player})


# -- errors -----------------------------------------------------------------------------------

async def refusal(request: Request, error: Exception) -> Response:
    """The answer to an :class:`~carcassonne_amazonas.web._requests.ApiError` (or to
    Starlette's own refusal of a request, an unknown path say): its status and
    ``{"error": message}``."""
    if isinstance(error, HTTPException):
        error = ApiError(error.status_code, error.detail)
    assert isinstance(error, ApiError)
    message = error.message
    if error.refused is not None:
        message = refusal_text(error.refused, lang=request_language(request))
    return _json({"error": message}, status=error.status, headers=error.headers)


async def failure(request: Request, error: Exception) -> Response:
    """The answer to a failure of the server: still JSON, so that the page can show it
    (the server logs the traceback)."""
    return _json({"error": f"the server failed ({type(error).__name__}); its log "
                           "says more, and the game is as it was"}, status=500)


#: The HTTP API and the page.
ROUTES = [
    Route("/", index),
    Route("/api/config", config),
    Route("/api/openapi.json", openapi),
    Route("/api/games", create_game, methods=["POST"]),
    Route("/api/games/{game_id}", show_game),
    Route("/api/games/{game_id}/actions", play, methods=["POST"]),
    Route("/api/games/{game_id}/events", events),
    Route("/api/games/{game_id}/record", record),
    Route("/api/games/{game_id}/board.svg", board),
    Route("/api/games/{game_id}/segment", segment),
    Route("/api/games/{game_id}/seat", seat, methods=["POST"]),
    Route("/api/games/{game_id}/undo", undo, methods=["POST"]),
    Route("/api/tiles/{key}/{tile}/{name}", tile_picture),
    Mount("/static", StaticFiles(packages=[(__package__ or "", "static")]), name="static"),
]


@contextlib.asynccontextmanager
async def _lifespan(app: Starlette) -> AsyncIterator[None]:
    """Delete the expired games and queue the games waiting on a bot when the server
    starts; stop the bots' workers and close the database when it stops."""
    service = _service(app)
    try:
        await run_in_threadpool(service.expire)
        await run_in_threadpool(service.resume_bots)
        yield
    finally:
        await run_in_threadpool(service.close)


def create_app(db_path: str | os.PathLike[str], *,
               max_open_games: int = DEFAULT_MAX_OPEN_GAMES,
               max_bot_budget: int = DEFAULT_MAX_BOT_BUDGET,
               expire_after: float = DEFAULT_EXPIRE_AFTER,
               create_limit: int = DEFAULT_CREATE_LIMIT,
               max_games_per_client: int = DEFAULT_MAX_GAMES_PER_CLIENT,
               allowed_origins: tuple[str, ...] = (),
               allowed_hosts: tuple[str, ...] | None = None,
               trusted_proxies: tuple[str, ...] = (),
               write_timeout: float = DEFAULT_WRITE_TIMEOUT,
               bot_workers: int = 0) -> Starlette:
    """The app over the SQLite database ``db_path`` (created if missing), its
    :class:`~carcassonne_amazonas.web._service.GameService` in ``app.state.service``.

    ``max_open_games`` caps the unfinished games stored; creating one more answers 503.
    An unfinished game with no move for ``expire_after`` seconds is deleted (when the
    server starts and before each new game).  One client address creates at most
    ``create_limit`` games a minute and holds at most ``max_games_per_client``
    unfinished ones (429 past either).  ``allowed_origins`` are the origins
    (``https://example.org``) besides the server's own whose pages may send requests
    (403 for any other ``Origin``).  ``allowed_hosts``: the names besides IP addresses
    and ``localhost`` a request's ``Host`` may give (400 for any other; None, the
    default: any ``Host``, for an app whose server checks it; ``serve`` always gives
    them).  ``trusted_proxies``: the addresses or networks (``10.0.0.0/8``) of the
    reverse proxies whose ``Forwarded`` or ``X-Forwarded-For`` and ``X-Forwarded-Proto``
    say who the client is (ignored from anyone else).  A write waits at most
    ``write_timeout`` seconds for a database another process holds (503 after that).
    With ``bot_workers`` (``serve`` gives
    :func:`~carcassonne_amazonas.web.default_bot_workers`), bots think in that
    many search worker processes, and cheap bots in one more, after the request that
    made it their turn has returned (:mod:`~carcassonne_amazonas.web._bots`), and a game
    waiting on a bot when the server starts goes on by itself; with 0, bots move inside
    that request (what scripts and tests that want the bots' moves in the answer use).
    ``max_bot_budget`` caps what a bot that takes a budget (``mcts``) may spend per move
    (:func:`~carcassonne_amazonas.web._served.bot_for`).  The database is closed when
    the app's lifespan ends (the server stops).  ``RuntimeError`` saying what to do for
    a database of another layout or a damaged one
    (:mod:`~carcassonne_amazonas.web._storage`).  A count that is not a whole number
    (exactly an ``int``: not a ``bool``, not ``2.0``) or a duration that is not a number is
    a ``TypeError`` naming the parameter; one out of range a ``ValueError``.
    """
    for name, value, least in (("max_open_games", max_open_games, 1),
                               ("max_bot_budget", max_bot_budget, 1),
                               ("create_limit", create_limit, 1), ("bot_workers", bot_workers, 0),
                               ("max_games_per_client", max_games_per_client, 1)):
        check_at_least(check_whole(value, name), least, name)
    for name, seconds in (("expire_after", expire_after), ("write_timeout", write_timeout)):
        check_number(seconds, name)
        check_at_least(seconds, 0, name, above=True)
    page = (resources.files(__package__) / "static" / "index.html").read_text("utf-8")
    proxies = parse_proxies(trusted_proxies)
    service = GameService(GameStore(db_path, write_timeout=write_timeout),
                          max_open_games=max_open_games,
                          max_games_per_client=max_games_per_client,
                          max_bot_budget=max_bot_budget, expire_after=expire_after,
                          bot_workers=bot_workers)
    middleware = [Middleware(ProxyHeaders, proxies=proxies), Middleware(SecurityHeaders),
                  Middleware(RequestGuard, allowed_origins=allowed_origins,
                             allowed_hosts=allowed_hosts),
                  Middleware(GZipMiddleware, minimum_size=1000)]
    app = Starlette(routes=ROUTES, lifespan=_lifespan, middleware=middleware,
                    exception_handlers={ApiError: refusal, HTTPException: refusal,
                                        Exception: failure})
    app.state.service = service
    app.state.page = page
    app.state.openapi = openapi_document(ROUTES, __version__)
    app.state.views = ViewCache()
    app.state.create_limiter = CreateLimiter(create_limit)
    return app
