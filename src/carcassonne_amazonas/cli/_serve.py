"""The ``serve`` command of ``carcassonne-amazonas``: start the web app with uvicorn.

:func:`add_serve_command` adds the command to the tool's parser; it needs nothing but
the standard library, so ``--help`` works without the ``[web]`` extra.  Starlette and
uvicorn are imported only when the command runs.
"""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sqlite3
import sys
from pathlib import Path

from .._support.extras import install_hint
from ..ai.mcts import DEFAULT_ITERATIONS
from ..web import (
    DEFAULT_CREATE_LIMIT,
    DEFAULT_MAX_BOT_BUDGET,
    DEFAULT_MAX_GAMES_PER_CLIENT,
    DEFAULT_MAX_OPEN_GAMES,
    default_bot_workers,
    default_db_path,
    parse_duration,
)
from ._common import AddCommand, error_line, int_in

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "add_command", "add_db_option", "add_expire_option",
           "duration", "own_hosts", "run"]

#: Only this computer can reach the server unless ``--host`` says otherwise.
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def duration(text: str) -> float:
    """An argparse type: seconds in a duration such as ``30s``, ``15m`` or ``7d``
    (:func:`~carcassonne_amazonas.web.parse_duration`)."""
    try:
        return parse_duration(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_db_option(parser: argparse.ArgumentParser) -> None:
    """``--db PATH``: the games database of ``serve`` and ``games``."""
    parser.add_argument("--db", metavar="PATH", type=Path, default=None,
                        help="the SQLite file of the games (default "
                             "$XDG_DATA_HOME/carcassonne-amazonas/games.sqlite3, "
                             "$XDG_DATA_HOME being ~/.local/share when unset)")


def add_expire_option(parser: argparse.ArgumentParser) -> None:
    """``--expire-after DURATION``: when an idle unfinished game is deleted."""
    parser.add_argument("--expire-after", type=duration, default="7d", metavar="DURATION",
                        help="delete an unfinished game with no move for this long: a whole "
                             "number and s, m, h or d (default 7d); finished games are kept")


def add_command(add: AddCommand) -> None:
    """Add ``serve`` to the tool's commands."""
    serve = add(
        "serve", help="play in the browser against bots or friends (extra [web])",
        description="Start the web app: open the address it prints in a browser, create a "
                    "game with human and bot seats, and share each human seat's link. Games "
                    "are kept in a SQLite file, so a restart loses nothing ('games backup' "
                    "copies it while the server runs). Behind a reverse proxy, give "
                    "--trusted-proxy and --allowed-host (the deployment notes of the docs "
                    "show nginx and systemd). Needs the extra "
                    f"[web]: {install_hint('web')}.")
    serve.add_argument("--host", default=DEFAULT_HOST, metavar="ADDRESS",
                       help=f"the address to listen on (default {DEFAULT_HOST}: this computer "
                            "only; 0.0.0.0 lets other computers of the network play)")
    serve.add_argument("--port", type=int_in(0, 65535, "the port"), default=DEFAULT_PORT,
                       metavar="PORT",
                       help=f"the port to listen on (default {DEFAULT_PORT}; 0: any free port)")
    add_db_option(serve)
    serve.add_argument("--max-open-games", type=int_in(1, None, "the number of games"),
                       default=DEFAULT_MAX_OPEN_GAMES, metavar="N",
                       help="the most unfinished games the server keeps "
                            f"(default {DEFAULT_MAX_OPEN_GAMES})")
    serve.add_argument("--max-bot-budget", type=int_in(1, None, "the budget"),
                       default=DEFAULT_MAX_BOT_BUDGET, metavar="N",
                       help="the most a bot that takes a budget (mcts) may think per move, in "
                            "search iterations: plain mcts plays the library's default "
                            f"({DEFAULT_ITERATIONS}) up to it, mcts:N asks for N up to it "
                            f"(default {DEFAULT_MAX_BOT_BUDGET})")
    add_expire_option(serve)
    serve.add_argument("--bot-workers", type=int_in(1, None, "the number of workers"),
                       default=None, metavar="N",
                       help="the worker processes in which searching bots (mcts) think, "
                            "after the request that made it their turn has returned; games "
                            "queue for them in order, while cheap bots (greedy, random) "
                            "think in one more process of their own (default: one per "
                            "processor this server may use but one, at least 1)")
    serve.add_argument("--create-limit", type=int_in(1, None, "the limit"),
                       default=DEFAULT_CREATE_LIMIT, metavar="N",
                       help="the most new games one client address may create per minute "
                            f"(default {DEFAULT_CREATE_LIMIT}; past it: 429)")
    serve.add_argument("--max-games-per-client", type=int_in(1, None, "the number of games"),
                       default=DEFAULT_MAX_GAMES_PER_CLIENT, metavar="N",
                       help="the most unfinished games one client address may hold, so "
                            "that nobody fills --max-open-games alone (default "
                            f"{DEFAULT_MAX_GAMES_PER_CLIENT}; past it: 429 with Retry-After)")
    serve.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                       type=_origin,
                       help="an origin besides the server's own (https://example.org) whose "
                            "pages may send requests to it; repeat for several (any other "
                            "Origin: 403)")
    serve.add_argument("--allowed-host", action="append", default=[], metavar="NAME",
                       type=_host,
                       help="a name this server is reached by (games.example.org; "
                            "*.example.org for every name under it), besides IP addresses, "
                            "localhost and this computer's name; repeat for several. A "
                            "request whose Host header is none of them answers 400, so a "
                            "foreign site cannot reach the server through DNS rebinding")
    serve.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                       type=_proxy,
                       help="the address (127.0.0.1) or network (10.0.0.0/8) of a reverse "
                            "proxy whose Forwarded or X-Forwarded-For and X-Forwarded-Proto "
                            "headers say who the client is; repeat for several. From any "
                            "other peer those headers are ignored (by default: from all)")
    serve.add_argument("--access-log", action="store_true",
                       help="log a line per request (off by default)")
    serve.set_defaults(func=run, parser=serve)


def _origin(text: str) -> str:
    """An argparse type: an origin as browsers send it, ``scheme://host[:port]``."""
    scheme, _, rest = text.partition("://")
    if scheme not in ("http", "https") or not rest or "/" in rest:
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is not an origin: write "
                                         "http://host or https://host:port, no path")
    return text


def _host(text: str) -> str:
    """An argparse type: a host name of ``--allowed-host``, lower case."""
    name = text.strip().lower().rstrip(".")
    bare = name.removeprefix("*.")
    if not bare or any(c in bare for c in "/:@ *") or "://" in text:
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is not a host name: write "
                                         "games.example.org or *.example.org, no scheme or "
                                         "port")
    return name


def _proxy(text: str) -> str:
    """An argparse type: an IP address or network of ``--trusted-proxy``."""
    try:
        ipaddress.ip_network(text.strip(), strict=False)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is not an IP address or network: "
                                         "write 127.0.0.1, ::1 or 10.0.0.0/8") from None
    return text.strip()


def own_hosts(host: str) -> tuple[str, ...]:
    """The names besides IP addresses and ``localhost`` that a server listening on
    ``host`` answers to: ``host`` itself when it is a name, and this computer's name
    (and its ``.local`` mDNS name) when it listens beyond loopback."""
    try:
        ipaddress.ip_address(host)
        names = []
    except ValueError:
        names = [host.lower()] if host else []
    if not _is_loopback(host):
        computer = socket.gethostname().lower()
        if computer:
            names += [computer, f"{computer.partition('.')[0]}.local"]
    return tuple(names)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace) -> int:
    """Run the server until Ctrl-C; returns the exit code (1 without the extra)."""
    try:
        import uvicorn

        from ..web.app import create_app
    except ImportError as error:
        error_line(f"serve needs the web extra ({error.name or error} is missing): "
                   f"{install_hint('web')}")
        return 1
    db_path = args.db if args.db is not None else default_db_path()
    try:
        app = create_app(db_path, max_open_games=args.max_open_games,
                         max_bot_budget=args.max_bot_budget, expire_after=args.expire_after,
                         create_limit=args.create_limit,
                         max_games_per_client=args.max_games_per_client,
                         allowed_origins=tuple(args.allow_origin),
                         allowed_hosts=own_hosts(args.host) + tuple(args.allowed_host),
                         trusted_proxies=tuple(args.trusted_proxy),
                         bot_workers=args.bot_workers or default_bot_workers())
    except (OSError, sqlite3.Error, RuntimeError) as error:
        error_line(f"cannot open the games database {str(db_path)!r}: {error}")
        return 1
    print(f"games are stored in {db_path}", file=sys.stderr)
    if not _is_loopback(args.host):
        print(f"listening on {args.host}: anyone who can reach this computer can create "
              "games and watch them; only seat links let them play", file=sys.stderr)
    # The app reads the forwarded headers itself, from --trusted-proxy only.
    uvicorn.run(app, host=args.host, port=args.port, log_level="info",
                access_log=args.access_log, proxy_headers=False)
    return 0
