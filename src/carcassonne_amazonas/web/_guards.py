"""What the server refuses before an endpoint runs, and how often it lets one address
create games.

- :class:`RequestGuard` (ASGI middleware): a request whose path or query string is not
  UTF-8 text answers 400; a request with an ``Origin`` header that is neither the
  server's own origin (the scheme and the ``Host`` the request was sent to) nor one
  listed with ``serve --allow-origin`` answers 403; a ``POST`` whose ``Content-Type`` is
  not ``application/json`` answers 415.  So a page of another site, which a user's
  browser sends with its ``Origin``, cannot change anything on a server that user can
  reach, and an HTML form (which cannot send JSON) cannot either; a request without an
  ``Origin`` (an API client, ``curl``) is served as ever.
- :class:`SecurityHeaders` (ASGI middleware): what every answer says to the browser
  (no sniffing, no referrer, no framing, a content security policy that runs scripts
  from this server only) and, for the API's answers, no caching unless the answer says
  how it may be cached.
- :class:`CreateLimiter`: at most ``limit`` new games per client address in any minute
  (429 with ``Retry-After`` past that), so that nobody fills the server's room for
  unfinished games in a few seconds.
"""

from __future__ import annotations

import collections
import math
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterable

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ._requests import ApiError

__all__ = ["CreateLimiter", "RequestGuard", "SecurityHeaders"]

_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def _utf8(raw: bytes) -> bool:
    """Whether percent-encoded ``raw`` decodes to UTF-8 text."""
    try:
        urllib.parse.unquote_to_bytes(raw).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def refusal_of(scope: Scope, allowed_origins: frozenset[str]) -> ApiError | None:
    """Why the request of ``scope`` is refused before any endpoint runs, or None."""
    raw_path = scope.get("raw_path") or str(scope.get("path", "")).encode("utf-8", "replace")
    if not (_utf8(raw_path) and _utf8(scope.get("query_string", b""))):
        return ApiError(400, "the address is not UTF-8 text once its %-escapes are decoded")
    origin = _header(scope, b"origin")
    if origin is not None:
        own = f"{scope.get('scheme', 'http')}://{_header(scope, b'host') or ''}"
        if origin != own and origin not in allowed_origins:
            return ApiError(403, f"requests from pages of {origin[:80]!r} are refused: this "
                                 "server answers its own page (serve --allow-origin lists "
                                 "others)")
    if scope.get("method", "GET") not in _SAFE_METHODS:
        content_type = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
        if content_type != "application/json":
            return ApiError(415, "send the body as JSON, with Content-Type: application/json")
    return None


class RequestGuard:
    """ASGI middleware answering a refused request (:func:`refusal_of`) with its status
    and ``{"error": message}``, and passing every other one on."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed_origins = frozenset(allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse the request, or pass it on."""
        if scope["type"] == "http":
            error = refusal_of(scope, self.allowed_origins)
            if error is not None:
                response = JSONResponse({"error": error.message}, status_code=error.status)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


class CreateLimiter:
    """At most ``limit`` new games per client address in any ``window`` seconds.

    Keeps the times of each address's recent creations (at most ``limit`` per address,
    and only addresses seen in the last window), so its memory stays bounded by the
    addresses of one window.
    """

    def __init__(self, limit: int, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self._clock = clock
        self._lock = threading.Lock()
        self._times: dict[str, collections.deque[float]] = {}

    def admit(self, address: str) -> None:
        """Count one creation by ``address``; :class:`ApiError` 429 with ``Retry-After``
        (the seconds until it may create again) when it already made ``limit`` in the
        window."""
        now = self._clock()
        with self._lock:
            self._forget(now)
            times = self._times.setdefault(address, collections.deque())
            if len(times) >= self.limit:
                wait = max(1, math.ceil(times[0] + self.window - now))
                raise ApiError(429, f"at most {self.limit} new games a minute from one "
                                    f"address; try again in {wait} s", retry_after=wait)
            times.append(now)

    def _forget(self, now: float) -> None:
        for address in list(self._times):
            times = self._times[address]
            while times and times[0] <= now - self.window:
                times.popleft()
            if not times:
                del self._times[address]


_PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
                "base-uri 'none'; form-action 'none'")


class SecurityHeaders:
    """ASGI middleware adding headers to every response: no sniffing, no referrer, no
    framing, a content security policy (scripts only from this server), and no caching
    of API answers that do not say how to cache them (the tile pictures do)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to the response's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        api = str(scope.get("path", "")).startswith("/api/")

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [(b"x-content-type-options", b"nosniff"),
                            (b"referrer-policy", b"no-referrer"),
                            (b"x-frame-options", b"DENY"),
                            (b"content-security-policy", _PAGE_POLICY.encode())]
                if api and not any(name.lower() == b"cache-control" for name, _ in headers):
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
