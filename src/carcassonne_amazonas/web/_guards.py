"""What the server refuses before an endpoint runs, and how often it lets one address
create games.

- :class:`ProxyHeaders` (ASGI middleware): the client's address and scheme a reverse proxy
  reports (``X-Forwarded-For`` and ``X-Forwarded-Proto``, or ``Forwarded``), believed
  only from the proxies given (``serve --trusted-proxy``); from anyone else these
  headers are ignored, so a client cannot pose as many addresses to escape the limits.
- :class:`RequestGuard` (ASGI middleware): a request whose path or query string is not
  UTF-8 text answers 400; with ``allowed_hosts`` (``serve`` always gives them), a request
  whose ``Host`` is not the server's own (:func:`host_allowed`) answers 400, which
  closes DNS rebinding (a page of a foreign name that resolves to this server, whose
  requests carry that name as their ``Host``); a request with an ``Origin`` header that
  is neither the server's own origin (the scheme and the ``Host`` the request was sent to) nor one
  listed with ``serve --allow-origin`` answers 403; a ``POST`` whose ``Content-Type`` is
  not ``application/json`` answers 415.  So a page of another site, which a user's
  browser sends with its ``Origin``, cannot change anything on a server that user can
  reach, and an HTML form (which cannot send JSON) cannot either; a request without an
  ``Origin`` (an API client, ``curl``) is served as ever.
- :class:`SecurityHeaders` (ASGI middleware): what every answer says to the browser
  (no sniffing, no referrer, no framing, a content security policy that runs scripts
  from this server only) and, for the API's answers, no caching unless the answer says
  how it may be cached.
- :class:`CreateLimiter`: at most ``limit`` new games per client (:func:`client_key`)
  in any minute (429 with ``Retry-After`` past that), so that nobody fills the server's
  room for unfinished games in a few seconds.
"""

from __future__ import annotations

import collections
import ipaddress
import math
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterable

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ._requests import ApiError

__all__ = ["LOCAL_HOSTS", "CreateLimiter", "ProxyHeaders", "RequestGuard", "SecurityHeaders",
           "client_key", "host_allowed", "parse_proxies"]

#: The names by which this computer always reaches the server (``.localhost`` names too,
#: RFC 6761: they resolve to the loopback address, never to another server).
LOCAL_HOSTS = frozenset({"localhost"})

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


def _host_name(host: str) -> str:
    """The name or address of a ``Host`` header, without its port and brackets."""
    host = host.strip().lower()
    if host.startswith("["):  # [::1]:8000
        return host[1:].partition("]")[0]
    name, _, port = host.rpartition(":")
    return name if name and port.isdigit() and ":" not in name else host


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def host_allowed(host: str, allowed_hosts: frozenset[str]) -> bool:
    """Whether a request's ``Host`` header names this server: an IP address (a browser
    sends one only when its user typed it, so no foreign page can make it), ``localhost``
    or a ``.localhost`` name, or one of ``allowed_hosts`` (names, lower case; ``*.name``
    allows every name under ``name``); any port."""
    name = _host_name(host).rstrip(".")
    if not name:
        return False
    if _is_ip(name) or name in LOCAL_HOSTS or name.endswith(".localhost") \
            or name in allowed_hosts:
        return True
    return any(allowed.startswith("*.") and name.endswith(allowed[1:])
               for allowed in allowed_hosts)


def refusal_of(scope: Scope, allowed_origins: frozenset[str],
               allowed_hosts: frozenset[str] | None = None) -> ApiError | None:
    """Why the request of ``scope`` is refused before any endpoint runs, or None
    (``allowed_hosts`` None: any ``Host``)."""
    raw_path = scope.get("raw_path") or str(scope.get("path", "")).encode("utf-8", "replace")
    if not (_utf8(raw_path) and _utf8(scope.get("query_string", b""))):
        return ApiError(400, "the address is not UTF-8 text once its %-escapes are decoded")
    if allowed_hosts is not None:
        host = _header(scope, b"host") or ""
        if not host_allowed(host, allowed_hosts):
            return ApiError(400, f"this server does not answer to the name {host[:80]!r} "
                                 "(serve --allowed-host lets it)")
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

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = (),
                 allowed_hosts: Iterable[str] | None = None) -> None:
        self.app = app
        self.allowed_origins = frozenset(allowed_origins)
        self.allowed_hosts = None if allowed_hosts is None else \
            frozenset(host.lower().rstrip(".") for host in allowed_hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse the request, or pass it on."""
        if scope["type"] == "http":
            error = refusal_of(scope, self.allowed_origins, self.allowed_hosts)
            if error is not None:
                response = JSONResponse({"error": error.message}, status_code=error.status)
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_proxies(texts: Iterable[str]) -> tuple[Network, ...]:
    """The networks of ``serve --trusted-proxy``: addresses (``127.0.0.1``) or networks
    (``10.0.0.0/8``); ``ValueError`` saying how to write one."""
    networks = []
    for text in texts:
        try:
            networks.append(ipaddress.ip_network(text.strip(), strict=False))
        except ValueError:
            raise ValueError(f"{text[:60]!r} is not an IP address or network: write "
                             "127.0.0.1, ::1 or 10.0.0.0/8") from None
    return tuple(networks)


def _trusted(address: str, proxies: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in proxies)


def _forwarded_chain(scope: Scope) -> tuple[list[str], str | None]:
    """The client addresses a proxy reports, the nearest last, and the scheme: from
    ``X-Forwarded-For`` and ``X-Forwarded-Proto`` if present (what nginx, Caddy, Traefik
    and HAProxy set, and a client's own ``Forwarded`` header passes through them
    unchanged), else from ``Forwarded`` (RFC 7239)."""
    forwarded_for = _header(scope, b"x-forwarded-for")
    if forwarded_for is not None or _header(scope, b"forwarded") is None:
        chain = [part.strip() for part in (forwarded_for or "").split(",") if part.strip()]
        proto = _header(scope, b"x-forwarded-proto")
        return chain, proto.strip().lower() if proto else None
    chain, proto = [], None
    for element in (_header(scope, b"forwarded") or "").split(","):
        for pair in element.split(";"):
            key, _, value = pair.strip().partition("=")
            value = value.strip().strip('"')
            if key.lower() == "for":
                chain.append(_host_name(value) if value.startswith("[") else
                             value.rpartition(":")[0] if value.count(":") == 1 else value)
            elif key.lower() == "proto":
                proto = value.lower()
    return chain, proto


class ProxyHeaders:
    """ASGI middleware: for a request from one of ``proxies``, the client address and
    scheme the proxy reports become the request's; from any other peer the headers are
    ignored.

    The address is the nearest one of ``X-Forwarded-For`` (or, without it, of
    ``Forwarded``'s ``for=``) that is not itself a trusted proxy, so a client cannot
    choose it by sending the header itself through the proxy (which appends the address
    it sees after whatever the client sent).
    """

    def __init__(self, app: ASGIApp, proxies: Iterable[Network] = ()) -> None:
        self.app = app
        self.proxies = tuple(proxies)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Rewrite the client and scheme of a trusted proxy's request, pass it on."""
        client = scope.get("client")
        if scope["type"] in ("http", "websocket") and self.proxies and client \
                and _trusted(client[0], self.proxies):
            chain, proto = _forwarded_chain(scope)
            for address in reversed(chain):
                if not _trusted(address, self.proxies):
                    scope = {**scope, "client": (address, 0)}
                    break
            if proto in ("http", "https"):
                scope = {**scope, "scheme": proto if scope["type"] == "http" else
                         {"http": "ws", "https": "wss"}[proto]}
        await self.app(scope, receive, send)


def client_key(address: str) -> str:
    """Whom the limits count a request against: its client address, or for IPv6 the
    address's /64 network (what one home or machine gets, and may draw addresses from
    at will)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


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
