"""``games``: the web app's stored games, looked at and cleared from the command line.

``games list`` prints one line per game (the most recently moved first), ``games show
ID`` one game's seats and state, ``games delete ID`` deletes one game, ``games prune``
the unfinished games with no move for ``--expire-after`` (what a running server does by
itself), and ``games backup DEST`` copies the database with SQLite's online backup (a
consistent copy while a server writes it).  Each takes ``--db PATH`` as ``serve`` does,
and needs only the standard library: the store is
:class:`~carcassonne_amazonas.web.GameStore`, which may be shared with a running
server.
"""

from __future__ import annotations

import argparse
import datetime
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from .._support.wording import plural
from ..rules.players import colour
from ..web import GameStore, StoreBusyError, StoredSeat, default_db_path
from ._common import AddCommand, CliError, say
from ._serve import add_db_option, add_expire_option

__all__ = ["add_command", "run"]


def add_command(add: AddCommand) -> None:
    """Add ``games`` (with ``list``, ``show``, ``delete``, ``prune`` and ``backup``)."""
    games = add("games", help="list, show, delete, prune and back up the web app's stored "
                              "games",
                description="The games database of 'serve': list its games, show one, "
                            "delete one, delete the unfinished games nobody has moved "
                            "in for a while, or copy the whole database. Safe while a server "
                            "runs over the same file.")
    actions = games.add_subparsers(dest="games_command", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="one line per game, the most recent first")
    show = actions.add_parser("show", help="one game's seats and progress")
    show.add_argument("game", metavar="ID", help="the game's id (as in its link)")
    delete = actions.add_parser("delete", help="delete one game")
    delete.add_argument("game", metavar="ID", help="the game's id (as in its link)")
    prune = actions.add_parser("prune", help="delete unfinished games with no recent move")
    add_expire_option(prune)
    backup = actions.add_parser(
        "backup", help="copy the database, consistently, while a server may write it",
        description="Copy the games database to DEST with SQLite's online backup: a "
                    "consistent copy, made while servers keep reading and writing it "
                    "(copying the file with cp while a server runs can catch it half "
                    "written). DEST is replaced if it exists.")
    backup.add_argument("destination", metavar="DEST", type=Path,
                        help="the file to write the copy to")
    for parser in (listing, show, delete, prune, backup):
        add_db_option(parser)
        parser.set_defaults(func=run, parser=parser)


def _seats(seats: Sequence[StoredSeat]) -> str:
    return ", ".join(f"{colour(seat.player)} {seat.kind}"
                     + (f" ({seat.name})" if seat.name else "") for seat in seats)


def _open(args: argparse.Namespace) -> GameStore:
    path = args.db if args.db is not None else default_db_path()
    if not path.exists():
        raise CliError(f"there is no games database at {str(path)!r} (serve creates it)")
    try:
        return GameStore(path)
    except (OSError, sqlite3.Error, RuntimeError) as error:
        raise CliError(f"cannot open the games database {str(path)!r}: {error}") from None


def run(args: argparse.Namespace) -> int:
    """Run ``games ACTION``; returns the exit code (1 for an unknown game)."""
    store = _open(args)
    try:
        return _run(store, args)
    except StoreBusyError as error:
        raise CliError(f"{error}; try again in a moment") from None
    finally:
        store.close()


def _run(store: GameStore, args: argparse.Namespace) -> int:
    out = sys.stdout
    if args.games_command == "list":
        games = store.summaries()
        for game in games:
            state = "finished" if game.finished else "unfinished"
            say(out, f"{game.id}  last move {game.updated_at}  {state:10}  "
                     f"{plural(game.actions, 'action'):12}  {_seats(game.seats)}")
        say(out, f"{plural(len(games), 'game')}")
    elif args.games_command == "prune":
        idle_since = datetime.datetime.now(datetime.timezone.utc) - \
            datetime.timedelta(seconds=args.expire_after)
        deleted = store.prune(idle_since)
        say(out, f"deleted {plural(len(deleted), 'unfinished game')} with no move since "
                 f"{idle_since.isoformat(timespec='seconds')}")
    elif args.games_command == "backup":
        try:
            copied = store.backup(args.destination)
        except (OSError, sqlite3.Error) as error:
            raise CliError(f"cannot back up to {str(args.destination)!r}: {error}") from None
        say(out, f"copied {plural(copied, 'game')} to {args.destination}")
    elif args.games_command == "delete":
        if not store.delete_game(args.game):
            raise CliError(f"there is no game {args.game[:40]!r} in {store.path}")
        say(out, f"deleted game {args.game}")
    else:
        stored = store.load(args.game)
        if stored is None:
            raise CliError(f"there is no game {args.game[:40]!r} in {store.path}")
        say(out, f"game {stored.id}: {'finished' if stored.finished else 'unfinished'}, "
                 f"{plural(len(stored.actions), 'action')}")
        say(out, f"created   {stored.created_at}")
        say(out, f"last move {stored.updated_at}")
        say(out, f"seats     {_seats(stored.seats)}")
        say(out, f"last actions {' '.join(stored.actions[-8:]) or '(none)'}")
    return 0
