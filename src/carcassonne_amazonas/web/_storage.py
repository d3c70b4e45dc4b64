"""Games in SQLite (standard library ``sqlite3``): each one as its game record.

A game is stored as the setup part of its
:class:`~carcassonne_amazonas.formats.records.GameRecord` JSON (players, rule options, draws,
tile set and checksum; no actions), its seats, its secret draw seed
(:mod:`~carcassonne_amazonas.web._service`), and its actions in notation (the server's
draws among them) in an append-only table.  Nothing is ever updated or deleted except
the ``finished`` flag; loading a game replays its record
(:mod:`~carcassonne_amazonas.web._service`), so stopping and restarting the server loses
nothing.

Seat tokens are never stored, only their SHA-256 hashes.

The file's ``PRAGMA user_version`` is the layout it was written with
(:data:`SCHEMA_VERSION`).  A file of another layout is refused with a message that says
what to do: the draw seed of a game decides its tiles to come only with the sampler of
its layout, so an older file's unfinished games could not go on as their seeds promise.

The store can be used from the threads of a web server (one call at a time); writes run
in ``BEGIN IMMEDIATE`` transactions and check the number of actions already stored, so
two writers, even two servers over one file, can never both append the same turn.
"""

from __future__ import annotations

import datetime
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import attrs

from .._support.reprs import repr_pretty
from .._support.wording import plural

__all__ = ["DEFAULT_MAX_OPEN_GAMES", "SCHEMA_VERSION", "GameStore", "StaleWriteError",
           "StoredGame", "StoredSeat", "default_db_path"]

#: How many unfinished games a server keeps at most (``serve --max-open-games``).
DEFAULT_MAX_OPEN_GAMES = 500
#: ``PRAGMA user_version`` of the database layout this module reads and writes: 3, whose
#: games draw their tiles with the library's exact sampler
#: (:func:`~carcassonne_amazonas.rules.chance.sample_draw`).  Files of layouts 1 and 2
#: (earlier development versions, which drew otherwise) are refused.
SCHEMA_VERSION = 3

_SCHEMA = f"""
BEGIN IMMEDIATE;
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    setup TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    draw_seed INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    player INTEGER NOT NULL,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT,
    PRIMARY KEY (game_id, player)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX IF NOT EXISTS games_open ON games(finished);
PRAGMA user_version = {SCHEMA_VERSION};
COMMIT;
"""


def default_db_path() -> Path:
    """The per-user database file: ``$XDG_DATA_HOME/carcassonne-amazonas/games.sqlite3``
    (``~/.local/share/...`` when ``XDG_DATA_HOME`` is unset or not absolute, as the XDG
    base directory specification says)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if base and os.path.isabs(base) else Path.home() / ".local" / "share"
    return root / "carcassonne-amazonas" / "games.sqlite3"


class StaleWriteError(Exception):
    """Another request appended actions to the game first; reload and try again."""


@attrs.frozen
class StoredSeat:
    """One seat of a stored game: who plays it, and the hash of its token (humans)."""

    _repr_pretty_ = repr_pretty

    player: int
    kind: str
    """``human`` or a bot kind of :func:`~carcassonne_amazonas.ai.bots.make_bot`."""
    name: str
    token_hash: str | None
    """SHA-256 hex digest of the seat's token; None for bot seats."""


@attrs.frozen
class StoredGame:
    """A game as stored: the record's setup JSON, the seats and the actions so far."""

    _repr_pretty_ = repr_pretty

    id: str
    created_at: str
    setup: str
    """A :class:`~carcassonne_amazonas.formats.records.GameRecord` JSON without actions."""
    seats: tuple[StoredSeat, ...]
    actions: tuple[str, ...]
    """The actions in notation, in the order they were played."""
    finished: bool
    draw_seed: int
    """The secret seed of the server's draws."""


class GameStore:
    """The games of one SQLite database file (created with its tables if missing).

    One connection serves every thread, one call at a time; :meth:`close` closes it.
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, timeout=30, isolation_level=None,
                                   check_same_thread=False)
        try:
            self._check_version(self._db.execute("PRAGMA user_version").fetchone()[0])
            # WAL: readers never wait for the writer; NORMAL: a commit survives a crash
            # of the server (not necessarily a power cut) without a sync per action.
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            # In one transaction, since two servers may open a new file at once.
            self._db.executescript(_SCHEMA)
        except BaseException:
            self._db.close()
            raise

    def _check_version(self, version: int) -> None:
        """``RuntimeError`` saying what to do unless the file is new (0) or of this
        module's layout."""
        if version > SCHEMA_VERSION:
            raise RuntimeError(
                f"{self.path} was written by a newer version (database layout "
                f"{version}, this one knows {SCHEMA_VERSION}); use another --db file")
        if 0 < version < SCHEMA_VERSION:
            raise RuntimeError(
                f"{self.path} holds games of an earlier version of the web app (database "
                f"layout {version}; this version draws the tiles otherwise and reads only "
                f"layout {SCHEMA_VERSION}); move the file away to start afresh, or use "
                "another --db file")

    def close(self) -> None:
        """Close the database connection."""
        with self._lock:
            self._db.close()

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            yield self._db

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def create_game(self, game_id: str, setup: str, seats: Sequence[StoredSeat],
                    actions: Sequence[str], finished: bool, draw_seed: int) -> None:
        """Store a new game with its first ``actions`` (the first draw, and the bot moves
        before any human's) and the secret seed of its draws."""
        now = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
        with self._write() as db:
            db.execute("INSERT INTO games (id, created_at, setup, finished, draw_seed) "
                       "VALUES (?, ?, ?, ?, ?)",
                       (game_id, now, setup, int(finished), draw_seed))
            db.executemany(
                "INSERT INTO seats (game_id, player, kind, name, token_hash) "
                "VALUES (?, ?, ?, ?, ?)",
                [(game_id, s.player, s.kind, s.name, s.token_hash) for s in seats])
            self._insert_actions(db, game_id, 0, actions)

    def append_actions(self, game_id: str, seq: int, actions: Sequence[str],
                       finished: bool) -> None:
        """Append ``actions`` after the first ``seq`` stored ones.

        Raises :class:`StaleWriteError` (and stores nothing) when the game does not
        hold exactly ``seq`` actions: another request played in between.
        """
        with self._write() as db:
            stored = db.execute("SELECT COUNT(*) FROM actions WHERE game_id = ?",
                                (game_id,)).fetchone()[0]
            if stored != seq:
                raise StaleWriteError(f"game {game_id} has {plural(stored, 'action')}, not {seq}")
            self._insert_actions(db, game_id, seq, actions)
            if finished:
                db.execute("UPDATE games SET finished = 1 WHERE id = ?", (game_id,))

    @staticmethod
    def _insert_actions(db: sqlite3.Connection, game_id: str, seq: int,
                        actions: Sequence[str]) -> None:
        db.executemany("INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                       [(game_id, seq + i, text) for i, text in enumerate(actions)])

    def load(self, game_id: str) -> StoredGame | None:
        """The stored game, or None if there is no game ``game_id``."""
        with self._read() as db:
            row = db.execute("SELECT created_at, setup, finished, draw_seed FROM games "
                             "WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            seats = db.execute("SELECT player, kind, name, token_hash FROM seats "
                               "WHERE game_id = ? ORDER BY player", (game_id,)).fetchall()
            actions = db.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY seq",
                                 (game_id,)).fetchall()
        return StoredGame(game_id, row[0], row[1], tuple(StoredSeat(*s) for s in seats),
                          tuple(a[0] for a in actions), bool(row[2]), row[3])

    def action_count(self, game_id: str) -> int | None:
        """How many actions game ``game_id`` holds; None if there is no such game (one
        quick query: what a client polling for changes needs)."""
        with self._read() as db:
            row = db.execute("SELECT (SELECT COUNT(*) FROM actions WHERE game_id = ?) "
                             "FROM games WHERE id = ?", (game_id, game_id)).fetchone()
        return None if row is None else int(row[0])

    def open_games(self) -> int:
        """How many stored games are not finished."""
        with self._read() as db:
            count: int = db.execute("SELECT COUNT(*) FROM games WHERE finished = 0").fetchone()[0]
        return count
