"""How the app answers with a game's view: the ``board`` and ``log_after`` queries, the
``ETag`` and its 304, and the encoded view kept per game and number of actions.

Every page of a game asks for the same view after each step (the mover's answer, then
each other page when the live stream tells it), so :class:`ViewCache` keeps the JSON of
the last views made, keyed by the game, its number of actions (``seq``) and draw seed (a
table game's revision, new at each undo: :mod:`~carcassonne_amazonas.web._table`), the
:class:`Shape` asked for (the board, the log entries left out) and the bots' status, and
its gzip-compressed form once a client that accepts gzip has asked for it: a view is
built, encoded and compressed once per step, not once per page (the app's gzip
middleware passes an answer that is already compressed on). A view of a stored game
never changes for a given key, so nothing has to be invalidated (a deleted game's id is
not reused: ids are random).
"""

from __future__ import annotations

import collections
import gzip
import json
import threading
from typing import Any

import attrs
from starlette.requests import Request
from starlette.responses import Response

from .._support.i18n import DEFAULT, best_language, languages
from .._support.reprs import repr_pretty
from ._requests import ApiError
from ._served import ServedGame
from ._service import GameService
from ._views import view_of

__all__ = ["LANG_COOKIE", "Shape", "ViewCache", "etag", "matches", "request_language",
           "shape_of", "view_answer", "view_with_bot"]

#: How many encoded views :class:`ViewCache` keeps (the last few steps of the games
#: being played), and how many bytes at most (a view with the board is 100 KB or more).
VIEW_CACHE_SIZE = 256
VIEW_CACHE_BYTES = 16 * 1024 * 1024
#: Views of at least this many bytes are sent gzip-compressed to clients that accept
#: it (as the app's middleware does), at this level (9 is slower for a view and hardly
#: smaller).
GZIP_MINIMUM = 1000
GZIP_LEVEL = 6

_BOARD_VALUES = {"1": True, "true": True, "0": False, "false": False, "": False}


@attrs.frozen
class Shape:
    """What a request asks the view to hold: the board picture, the log after its
    first ``log_after`` entries, and the language of its texts."""

    board: bool = False
    log_after: int = 0
    lang: str = DEFAULT

    _repr_pretty_ = repr_pretty


def shape_of(request: Request) -> Shape:
    """The view a request asks for: ``?board=1`` (or ``true``) adds the board picture;
    ``0``, ``false`` or no value do not; ``?log_after=N`` leaves the first N log entries
    out (those a page shows already).  Anything else is a 400, not silently ignored."""
    value = request.query_params.get("board", "")
    if value not in _BOARD_VALUES:
        raise ApiError(400, f"board must be 1, true, 0 or false, not {value[:20]!r}")
    after = request.query_params.get("log_after", "0")
    if not (after.isascii() and after.isdigit()) or len(after) > 9:
        raise ApiError(400, f"log_after must be a number of log entries, not {after[:20]!r}")
    return Shape(_BOARD_VALUES[value], int(after), request_language(request))


#: The cookie that keeps the language a player chose on the page.
LANG_COOKIE = "carcassonne_lang"


def request_language(request: Request) -> str:
    """The language of a request's texts: the page's choice (the cookie
    :data:`LANG_COOKIE`), else the one ``Accept-Language`` prefers among those
    available, else English."""
    chosen = request.cookies.get(LANG_COOKIE, "")
    if chosen in languages():
        return chosen
    return best_language(request.headers.get("accept-language"))


def etag(seq: int, board: bool, lang: str = DEFAULT, revision: int | None = None) -> str:
    """The entity tag of a game's view: it changes exactly when an action is stored, for
    a table game also when one is taken back (its ``revision``,
    :mod:`~carcassonne_amazonas.web._table`), and with the language of its texts."""
    after = "" if revision is None else f"-{revision}"
    return f'"{seq}{"b" if board else ""}{after}{"" if lang == DEFAULT else "-" + lang}"'


def matches(if_none_match: str, tag: str) -> bool:
    """Whether an ``If-None-Match`` header matches ``tag``: ``*`` (any version of the
    view), or a list of tags one of which equals it by the weak comparison that
    ``If-None-Match`` uses (RFC 9110, 13.1.2: ``W/"7"`` matches ``"7"``)."""
    if if_none_match.strip() == "*":
        return True
    return any(t.strip().removeprefix("W/") == tag for t in if_none_match.split(","))


def view_with_bot(service: GameService, game: ServedGame, shape: Shape,
                  bot: object = None) -> dict[str, Any]:
    """The view of ``game`` as ``shape`` asks, and ``bot``: whether its bot's move is
    queued or being thought
    (:meth:`~carcassonne_amazonas.web._service.GameService.bot_status`, asked now unless
    given)."""
    view = view_of(game, board=shape.board, log_after=shape.log_after, lang=shape.lang)
    view["bot"] = service.bot_status(game.id) if bot is None else bot
    return view


def encode(data: Any) -> bytes:
    """JSON as the app sends it (as Starlette's ``JSONResponse`` encodes it)."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")


class ViewCache:
    """The encoded views last made, per game, ``seq``, :class:`Shape` and bot status,
    each with its compressed form once asked for (thread-safe, the most recent
    :data:`VIEW_CACHE_SIZE`, :data:`VIEW_CACHE_BYTES` at most)."""

    def __init__(self, size: int = VIEW_CACHE_SIZE, max_bytes: int = VIEW_CACHE_BYTES) -> None:
        self._size = size
        self._max_bytes = max_bytes
        self._bytes = 0
        self._lock = threading.Lock()
        self._bodies: collections.OrderedDict[tuple[str, int, int, Shape, str], list[bytes]] = \
            collections.OrderedDict()

    def __len__(self) -> int:
        """How many views it keeps."""
        with self._lock:
            return len(self._bodies)

    @property
    def stored_bytes(self) -> int:
        """How many bytes the views it keeps take, in every form."""
        with self._lock:
            return self._bytes

    def body(self, service: GameService, game: ServedGame, shape: Shape,
             compressed: bool = False) -> tuple[bytes, bool]:
        """The encoded view of ``game`` (:func:`view_with_bot`), made once per key, and
        whether it is gzip-compressed (when ``compressed`` asks and it is large
        enough)."""
        bot = service.bot_status(game.id)
        key = (game.id, game.seq, game.draw_seed, shape, repr(bot))  # a table game's
        # draw seed is its revision, new at each undo (web._table)
        with self._lock:
            forms = self._bodies.get(key)
            if forms is not None:
                self._bodies.move_to_end(key)
        if forms is None:
            forms = [encode(view_with_bot(service, game, shape, bot))]
        if compressed and len(forms[0]) >= GZIP_MINIMUM and len(forms) == 1:
            forms = [forms[0], gzip.compress(forms[0], GZIP_LEVEL, mtime=0)]
        with self._lock:
            old = self._bodies.pop(key, None)
            self._bytes += sum(map(len, forms)) - (sum(map(len, old)) if old else 0)
            self._bodies[key] = forms
            while len(self._bodies) > self._size or self._bytes > self._max_bytes:
                self._bytes -= sum(map(len, self._bodies.popitem(last=False)[1]))
        return forms[-1] if compressed else forms[0], compressed and len(forms) == 2


def _accepts_gzip(request: Request) -> bool:
    return any(part.split(";")[0].strip().lower() == "gzip"
               for part in request.headers.get("accept-encoding", "").split(","))


def view_answer(cache: ViewCache, service: GameService, game: ServedGame, shape: Shape,
                request: Request) -> Response:
    """The answer holding ``game``'s view (from ``cache``, compressed if ``request``
    accepts gzip), with its ``ETag``; an empty 304 for a ``GET`` of a table game whose
    ``If-None-Match`` is still its tag (other games answer those before loading)."""
    tag = etag(game.seq, shape.board, shape.lang, game.draw_seed if game.table else None)
    known = request.headers.get("if-none-match")
    if game.table and request.method == "GET" and known is not None and matches(known, tag):
        return Response(status_code=304, headers={"etag": tag})  # a table game's poll
    body, compressed = cache.body(service, game, shape, _accepts_gzip(request))
    headers = {"etag": tag, "vary": "Accept-Encoding, Accept-Language, Cookie"}
    if compressed:
        headers["content-encoding"] = "gzip"
    return Response(body, media_type="application/json", headers=headers)
