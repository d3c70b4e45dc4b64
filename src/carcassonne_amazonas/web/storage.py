"""Games in SQLite (standard library ``sqlite3``): each one as its game record.

A game is stored as the setup part of its
:class:`~carcassonne_amazonas.formats.records.GameRecord` JSON (players, rule options, draws,
tile set and checksum; no actions), its seats, its secret draw seed
(:mod:`~carcassonne_amazonas.web.draws`), and its actions in notation (the server's
draws among them) in an append-only table.  Nothing is ever updated or deleted except
the ``finished`` flag; loading a game replays its record
(:mod:`~carcassonne_amazonas.web.games`), so stopping and restarting the server loses
nothing.

Seat tokens are never stored, only their SHA-256 hashes
(:mod:`~carcassonne_amazonas.web.seats`).

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
#: ``PRAGMA user_version`` of the database layout this module writes: 2 added
#: ``games.draw_seed`` (a layout-1 file gains the column when it is opened; its games,
#: made before the server drew the tiles itself, keep their seeded records).
SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    setup TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    draw_seed INTEGER
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
    draw_seed: int | None = None
    """The secret seed of the server's draws; None for a game whose record holds a
    seeded pile (made before the server drew the tiles itself)."""


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
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise RuntimeError(
                    f"{self.path} was written by a newer version (database layout "
                    f"{version}, this one knows {SCHEMA_VERSION}); use another --db file")
            # WAL: readers never wait for the writer; NORMAL: a commit survives a crash
            # of the server (not necessarily a power cut) without a sync per action.
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._db.executescript(_SCHEMA)
            self._db.execute("BEGIN IMMEDIATE")  # two servers may open a file at once
            try:
                columns = {row[1] for row in self._db.execute("PRAGMA table_info(games)")}
                if "draw_seed" not in columns:  # a layout-1 file
                    self._db.execute("ALTER TABLE games ADD COLUMN draw_seed INTEGER")
                self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
        except BaseException:
            self._db.close()
            raise

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
                    actions: Sequence[str], finished: bool, draw_seed: int | None) -> None:
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
