"""How the app answers with a game's view: the ``board`` flag, the ``ETag`` and its
304, and the encoded view kept per game and number of actions.

Every page of a game asks for the same view after each step (the mover's answer, then
each other page when the live stream tells it), so :class:`ViewCache` keeps the JSON
of the last views made, keyed by the game, its number of actions (``seq``), the board
flag and the bots' status: a view is built and encoded once per step, not once per
page.  A view of a stored game never changes for a given key, so nothing has to be
invalidated; a game deleted and its id reused is impossible (ids are random).
"""

from __future__ import annotations

import collections
import json
import threading
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from ._requests import ApiError
from ._served import ServedGame
from ._service import GameService
from ._views import view_of

__all__ = ["ViewCache", "etag", "matches", "view_answer", "view_with_bot", "wants_board"]

#: How many encoded views :class:`ViewCache` keeps (the last few steps of the games
#: being played).
VIEW_CACHE_SIZE = 256

_BOARD_VALUES = {"1": True, "true": True, "0": False, "false": False, "": False}


def wants_board(request: Request) -> bool:
    """``?board=1`` (or ``true``) asks for the board picture; ``0``, ``false`` or no
    value do not; anything else is a 400, not silently ignored."""
    value = request.query_params.get("board", "")
    if value not in _BOARD_VALUES:
        raise ApiError(400, f"board must be 1, true, 0 or false, not {value[:20]!r}")
    return _BOARD_VALUES[value]


def etag(seq: int, board: bool) -> str:
    """The entity tag of a game's view: it changes exactly when an action is stored."""
    return f'"{seq}{"b" if board else ""}"'


def matches(if_none_match: str, tag: str) -> bool:
    """Whether an ``If-None-Match`` header matches ``tag``: ``*`` (any version of the
    view), or a list of tags one of which equals it by the weak comparison that
    ``If-None-Match`` uses (RFC 9110, 13.1.2: ``W/"7"`` matches ``"7"``)."""
    if if_none_match.strip() == "*":
        return True
    return any(t.strip().removeprefix("W/") == tag for t in if_none_match.split(","))


def view_with_bot(service: GameService, game: ServedGame, board: bool,
                  bot: object = None) -> dict[str, Any]:
    """The view of ``game`` and ``bot``: whether its bot's move is queued or being
    thought (:meth:`~carcassonne_amazonas.web._service.GameService.bot_status`, asked
    now unless given)."""
    view = view_of(game, board=board)
    view["bot"] = service.bot_status(game.id) if bot is None else bot
    return view


def encode(data: Any) -> bytes:
    """JSON as the app sends it (as Starlette's ``JSONResponse`` encodes it)."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":")).encode("utf-8")


class ViewCache:
    """The encoded views last made, per game, ``seq``, board flag and bot status
    (thread-safe, the :data:`VIEW_CACHE_SIZE` most recent)."""

    def __init__(self, size: int = VIEW_CACHE_SIZE) -> None:
        self._size = size
        self._lock = threading.Lock()
        self._bodies: collections.OrderedDict[tuple[str, int, bool, str], bytes] = \
            collections.OrderedDict()

    def body(self, service: GameService, game: ServedGame, board: bool) -> bytes:
        """The encoded view of ``game`` (:func:`view_with_bot`), made once per key."""
        bot = service.bot_status(game.id)
        key = (game.id, game.seq, board, repr(bot))
        with self._lock:
            body = self._bodies.get(key)
            if body is not None:
                self._bodies.move_to_end(key)
                return body
        body = encode(view_with_bot(service, game, board, bot))
        with self._lock:
            self._bodies[key] = body
            while len(self._bodies) > self._size:
                self._bodies.popitem(last=False)
        return body


def view_answer(cache: ViewCache, service: GameService, game: ServedGame,
                board: bool) -> Response:
    """The answer holding ``game``'s view (from ``cache``), with its ``ETag``."""
    return Response(cache.body(service, game, board), media_type="application/json",
                    headers={"etag": etag(game.seq, board)})
