"""The ``serve`` command of ``carcassonne-amazonas``: start the web app with uvicorn.

:func:`add_serve_command` adds the command to the tool's parser; it needs nothing but
the standard library, so ``--help`` works without the ``[web]`` extra.  Starlette and
uvicorn are imported only when the command runs.
"""

from __future__ import annotations

import argparse
import ipaddress
import sqlite3
import sys
from pathlib import Path

from ..web._options import DEFAULT_MAX_BOT_BUDGET
from ..web._storage import DEFAULT_MAX_OPEN_GAMES, default_db_path
from ._common import AddCommand, error_line, int_in

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "add_command", "run"]

#: Only this computer can reach the server unless ``--host`` says otherwise.
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def add_command(add: AddCommand) -> None:
    """Add ``serve`` to the tool's commands."""
    serve = add(
        "serve", help="play in the browser against bots or friends (extra [web])",
        description="Start the web app: open the address it prints in a browser, create a "
                    "game with human and bot seats, and share each human seat's link. Games "
                    "are kept in a SQLite file, so a restart loses nothing. Needs the extra: "
                    "pip install 'carcassonne-amazonas[web]'.")
    serve.add_argument("--host", default=DEFAULT_HOST, metavar="ADDRESS",
                       help=f"the address to listen on (default {DEFAULT_HOST}: this computer "
                            "only; 0.0.0.0 lets other computers of the network play)")
    serve.add_argument("--port", type=int_in(0, 65535, "the port"), default=DEFAULT_PORT,
                       metavar="PORT",
                       help=f"the port to listen on (default {DEFAULT_PORT}; 0: any free port)")
    serve.add_argument("--db", metavar="PATH", type=Path, default=None,
                       help="the SQLite file of the games (default "
                            "$XDG_DATA_HOME/carcassonne-amazonas/games.sqlite3, "
                            "$XDG_DATA_HOME being ~/.local/share when unset)")
    serve.add_argument("--max-open-games", type=int_in(1, None, "the number of games"),
                       default=DEFAULT_MAX_OPEN_GAMES, metavar="N",
                       help="the most unfinished games the server keeps "
                            f"(default {DEFAULT_MAX_OPEN_GAMES})")
    serve.add_argument("--max-bot-budget", type=int_in(1, None, "the budget"),
                       default=DEFAULT_MAX_BOT_BUDGET, metavar="N",
                       help="the most a bot that takes a budget (mcts) may think per move, in "
                            "search iterations; a seat may ask for less (default "
                            f"{DEFAULT_MAX_BOT_BUDGET})")
    serve.set_defaults(func=run, parser=serve)


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
                   "pip install 'carcassonne-amazonas[web]'")
        return 1
    db_path = args.db if args.db is not None else default_db_path()
    try:
        app = create_app(db_path, max_open_games=args.max_open_games,
                         max_bot_budget=args.max_bot_budget)
    except (OSError, sqlite3.Error, RuntimeError) as error:
        error_line(f"cannot open the games database {str(db_path)!r}: {error}")
        return 1
    print(f"games are stored in {db_path}", file=sys.stderr)
    if not _is_loopback(args.host):
        print(f"listening on {args.host}: anyone who can reach this computer can create "
              "games and watch them; only seat links let them play", file=sys.stderr)
    uvicorn.run(app, host=args.host, port=args.port, log_level="info")
    return 0
