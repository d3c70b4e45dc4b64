"""Games in SQLite (standard library ``sqlite3``): each one as its game record.

A game is stored as the setup part of its
:class:`~carcassonne_amazonas.formats.records.GameRecord` JSON (players, rule options, draws,
tile set and checksum; no actions), its seats, its secret draw seed
(:mod:`~carcassonne_amazonas.web._service`), the time of its last move, and its actions
in notation (the server's draws among them) in an append-only table.  Loading a game
replays its record (:mod:`~carcassonne_amazonas.web._service`), so stopping and
restarting the server loses nothing.  A game is deleted only on purpose: an unfinished
one with no move for a while (:meth:`GameStore.prune`, the server's ``--expire-after``),
or one named to ``carcassonne-amazonas games delete``.

Seat tokens are never stored, only their SHA-256 hashes.  Each game created through the
API keeps the client that created it (:func:`~carcassonne_amazonas.web._guards.client_key`,
table ``creators``, deleted with the game), so the server can cap the unfinished games of
one client (:meth:`GameStore.open_games`).

The file's ``PRAGMA user_version`` is the layout it was written with
(:data:`SCHEMA_VERSION`).  A file of another layout is refused with a message that says
what to do, and so is a damaged file (``PRAGMA quick_check`` when the store opens), and a
file the server may not write (:class:`ReadOnlyDatabaseError`, with its own message).
:meth:`GameStore.backup` copies the database while servers use it (SQLite's online
backup).

The store can be used from the threads of a web server.  Each thread reads on its own
connection, and in WAL mode a read never waits for a write.  Writes go through one
connection, run in ``BEGIN IMMEDIATE`` transactions and check the number of actions
already stored, so two writers, even two servers over one file, can never both append
the same turn; a write that cannot get the database within ``write_timeout`` seconds (a
backup or a second server holds it) raises :class:`StoreBusyError`.
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

__all__ = ["DEFAULT_MAX_OPEN_GAMES", "DEFAULT_WRITE_TIMEOUT", "SCHEMA_VERSION", "GameStore",
           "GameSummary", "ReadOnlyDatabaseError", "StaleWriteError", "StoreBusyError",
           "StoredGame", "StoredSeat", "default_db_path"]

#: How many unfinished games a server keeps at most (``serve --max-open-games``).
DEFAULT_MAX_OPEN_GAMES = 500
#: How long a write waits for the database (held by a backup or another server), in
#: seconds, before :class:`StoreBusyError`.
DEFAULT_WRITE_TIMEOUT = 5.0
#: ``PRAGMA user_version`` of the database layout this module reads and writes: 4, whose
#: games draw their tiles with the library's exact sampler
#: (:func:`~carcassonne_amazonas.rules.chance.sample_draw`) and keep the time of their
#: last move.  Files of layouts 1 to 3 (earlier development versions) are refused.  The
#: table ``creators`` came later within layout 4: it is added to a file that lacks it,
#: and holds no reference to ``games`` (a server without it deletes games as before; the
#: rows it leaves are ignored and deleted later).
SCHEMA_VERSION = 4

#: SQLite's primary result codes (the low byte of an extended one) of a database that may
#: not be written: SQLITE_READONLY, and SQLITE_CANTOPEN (a WAL file's ``-shm`` that
#: cannot be made next to a file that is read-only to its user).
_READONLY_CODES = (8, 14)

_SCHEMA = f"""
BEGIN IMMEDIATE;
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
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
CREATE INDEX IF NOT EXISTS games_open ON games(finished, updated_at);
CREATE TABLE IF NOT EXISTS creators (
    game_id TEXT PRIMARY KEY,
    client TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS creators_client ON creators(client);
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


def _now() -> str:
    """The time now, as the store writes it (UTC, ISO 8601 to the second: text that
    sorts as the times do)."""
    return _timestamp(datetime.datetime.now(datetime.timezone.utc))


def _timestamp(moment: datetime.datetime) -> str:
    return moment.astimezone(datetime.timezone.utc).isoformat(timespec="seconds")


class ReadOnlyDatabaseError(RuntimeError):
    """The database file (or its folder) may not be written by this process: the server
    needs to.  Its message says what to do."""


def _read_only(error: sqlite3.Error, path: Path) -> bool:
    """Whether ``error`` says the database file at ``path`` may not be written (not
    opened, for a path that is no file: that is another error)."""
    extended = getattr(error, "sqlite_errorcode", None)
    if extended is None:  # Python 3.10's sqlite3 gives no code, only SQLite's message
        text = str(error)
        return "readonly database" in text or (
            "unable to open database file" in text and path.is_file())
    code = extended & 0xFF
    return code == _READONLY_CODES[0] or (code in _READONLY_CODES and path.is_file())


class StaleWriteError(Exception):
    """Another request appended actions to the game first; reload and try again."""


class StoreBusyError(Exception):
    """Another process held the database for longer than the store's ``write_timeout``:
    nothing was written; try again in a moment."""


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
    updated_at: str
    """When the last action was stored (UTC, ISO 8601)."""


@attrs.frozen
class GameSummary:
    """One line of ``carcassonne-amazonas games list``: a game without its actions."""

    _repr_pretty_ = repr_pretty

    id: str
    created_at: str
    updated_at: str
    finished: bool
    actions: int
    seats: tuple[StoredSeat, ...]


_SUMMARY = ("SELECT id, created_at, updated_at, finished, "
            "(SELECT COUNT(*) FROM actions WHERE game_id = games.id) FROM games")


class GameStore:
    """The games of one SQLite database file (created with its tables if missing).

    Reads run on a connection of the calling thread, writes on one shared connection,
    one at a time, waiting at most ``write_timeout`` seconds for the database
    (:class:`StoreBusyError`); :meth:`close` closes them all.  ``RuntimeError`` saying
    what to do for a file of another layout or a damaged one, and
    :class:`ReadOnlyDatabaseError` for a file it may not write.
    """

    def __init__(self, path: str | os.PathLike[str], *,
                 write_timeout: float = DEFAULT_WRITE_TIMEOUT) -> None:
        self.path = Path(path)
        self.write_timeout = write_timeout
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._write_lock = threading.Lock()
        self._connections: list[sqlite3.Connection] = []
        self._connections_lock = threading.Lock()
        self._local = threading.local()
        self._db = self._connect()
        try:
            self._check_file()
            # WAL: readers never wait for the writer; NORMAL: a commit survives a crash
            # of the server (not necessarily a power cut) without a sync per action.
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute("PRAGMA foreign_keys=ON")
            # In one transaction, since two servers may open a new file at once.
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as error:
            self.close()
            if _read_only(error, self.path):
                raise self._read_only_error(error) from None
            raise
        except BaseException:
            self.close()
            raise

    def _read_only_error(self, error: sqlite3.Error) -> ReadOnlyDatabaseError:
        return ReadOnlyDatabaseError(
            f"{self.path} cannot be written ({error}): the server stores every move in it, "
            "so its user needs write access to the file and to its folder (SQLite makes "
            "-wal and -shm files next to it); check the permissions and that the disk is "
            "not mounted read-only, or use another --db file")

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=self.write_timeout, isolation_level=None,
                             check_same_thread=False)
        with self._connections_lock:
            self._connections.append(db)
        return db

    def _check_file(self) -> None:
        """``RuntimeError`` saying what to do unless the file is new (layout 0) or of this
        module's layout, and passes SQLite's ``PRAGMA quick_check``."""
        damaged = (f"{self.path} is damaged ({{}}); restore it from a backup, or move it "
                   "away to start afresh (sqlite3's .recover command may save its games)")
        try:
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            problems = [row[0] for row in self._db.execute("PRAGMA quick_check(5)")]
        except sqlite3.DatabaseError as error:
            if _read_only(error, self.path):
                raise self._read_only_error(error) from None
            raise RuntimeError(damaged.format(error)) from None
        if problems != ["ok"]:
            said = " ".join(" ".join(problems).split())  # one line
            raise RuntimeError(damaged.format(said[:200]))
        if version > SCHEMA_VERSION:
            raise RuntimeError(
                f"{self.path} was written by a newer version (database layout "
                f"{version}, this one knows {SCHEMA_VERSION}); use another --db file")
        if 0 < version < SCHEMA_VERSION:
            raise RuntimeError(
                f"{self.path} holds games of an earlier version of the web app (database "
                f"layout {version}; this version reads only layout {SCHEMA_VERSION}); "
                "move the file away to start afresh, or use another --db file")

    def close(self) -> None:
        """Close every connection of the store."""
        with self._connections_lock:
            for db in self._connections:
                db.close()
            self._connections.clear()

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection, in one read transaction (one snapshot)."""
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self._connect()
        db.execute("BEGIN")
        try:
            yield db
        finally:
            db.execute("COMMIT")

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        busy = StoreBusyError(f"the database is held by another process for more than "
                              f"{self.write_timeout:g} s")
        if not self._write_lock.acquire(timeout=self.write_timeout):
            raise busy
        try:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as error:
                if "locked" in str(error) or "busy" in str(error):
                    raise busy from None
                if _read_only(error, self.path):
                    raise self._read_only_error(error) from None
                raise
            try:
                yield self._db
                self._db.execute("COMMIT")
            except sqlite3.OperationalError as error:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                if _read_only(error, self.path):  # made read-only under a running server
                    raise self._read_only_error(error) from None
                raise
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
        finally:
            self._write_lock.release()

    def create_game(self, game_id: str, setup: str, seats: Sequence[StoredSeat],
                    actions: Sequence[str], finished: bool, draw_seed: int,
                    client: str | None = None) -> None:
        """Store a new game with its first ``actions`` (the first draw, and the bot moves
        before any human's), the secret seed of its draws and the client that created it
        (None: not counted against any client)."""
        now = _now()
        with self._write() as db:
            if client is not None:
                db.execute("INSERT INTO creators (game_id, client) VALUES (?, ?)",
                           (game_id, client))
            db.execute("INSERT INTO games (id, created_at, updated_at, setup, finished, "
                       "draw_seed) VALUES (?, ?, ?, ?, ?, ?)",
                       (game_id, now, now, setup, int(finished), draw_seed))
            db.executemany(
                "INSERT INTO seats (game_id, player, kind, name, token_hash) "
                "VALUES (?, ?, ?, ?, ?)",
                [(game_id, s.player, s.kind, s.name, s.token_hash) for s in seats])
            self._insert_actions(db, game_id, 0, actions)

    def append_actions(self, game_id: str, seq: int, actions: Sequence[str],
                       finished: bool) -> None:
        """Append ``actions`` after the first ``seq`` stored ones.

        Raises :class:`StaleWriteError` (and stores nothing) when the game does not
        hold exactly ``seq`` actions: another request played in between (or the game
        was deleted).
        """
        with self._write() as db:
            stored = db.execute("SELECT (SELECT COUNT(*) FROM actions WHERE game_id = ?) "
                                "FROM games WHERE id = ?", (game_id, game_id)).fetchone()
            if stored is None or stored[0] != seq:
                held = "no actions" if stored is None else plural(stored[0], "action")
                raise StaleWriteError(f"game {game_id} has {held}, not {seq}")
            self._insert_actions(db, game_id, seq, actions)
            db.execute("UPDATE games SET finished = ?, updated_at = ? WHERE id = ?",
                       (int(finished), _now(), game_id))

    def take_back(self, game_id: str, seq: int, revision: int) -> None:
        """Delete the last of the ``seq`` actions of a table game
        (:mod:`~carcassonne_amazonas.web._table`), mark it unfinished and store
        ``revision`` in its draw seed's column, so that a cache of the game sees the
        change.  :class:`StaleWriteError` (nothing changed) unless the game holds exactly
        ``seq`` actions, one or more."""
        with self._write() as db:
            stored = db.execute("SELECT (SELECT COUNT(*) FROM actions WHERE game_id = ?) "
                                "FROM games WHERE id = ?", (game_id, game_id)).fetchone()
            if stored is None or stored[0] != seq or seq < 1:
                held = "no actions" if stored is None else plural(stored[0], "action")
                raise StaleWriteError(f"game {game_id} has {held}, not {seq}")
            db.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq - 1))
            db.execute("UPDATE games SET finished = 0, draw_seed = ?, updated_at = ? "
                       "WHERE id = ?", (revision, _now(), game_id))

    @staticmethod
    def _insert_actions(db: sqlite3.Connection, game_id: str, seq: int,
                        actions: Sequence[str]) -> None:
        db.executemany("INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                       [(game_id, seq + i, text) for i, text in enumerate(actions)])

    def load(self, game_id: str) -> StoredGame | None:
        """The stored game, or None if there is no game ``game_id``."""
        with self._read() as db:
            row = db.execute("SELECT created_at, setup, finished, draw_seed, updated_at "
                             "FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            seats = self._seats(db, game_id)
            actions = db.execute("SELECT action FROM actions WHERE game_id = ? ORDER BY seq",
                                 (game_id,)).fetchall()
        return StoredGame(game_id, row[0], row[1], seats, tuple(a[0] for a in actions),
                          bool(row[2]), row[3], row[4])

    @staticmethod
    def _seats(db: sqlite3.Connection, game_id: str) -> tuple[StoredSeat, ...]:
        rows = db.execute("SELECT player, kind, name, token_hash FROM seats "
                          "WHERE game_id = ? ORDER BY player", (game_id,)).fetchall()
        return tuple(StoredSeat(*row) for row in rows)

    def stamp(self, game_id: str) -> tuple[int, int] | None:
        """How many actions game ``game_id`` holds and its draw seed, None if there is no
        such game (one quick query: whether a game replayed before is still current, its
        actions being only ever appended)."""
        with self._read() as db:
            row = db.execute("SELECT (SELECT COUNT(*) FROM actions WHERE game_id = ?), draw_seed "
                             "FROM games WHERE id = ?", (game_id, game_id)).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

    def action_count(self, game_id: str) -> int | None:
        """How many actions game ``game_id`` holds; None if there is no such game (one
        quick query: what a client polling for changes needs)."""
        with self._read() as db:
            row = db.execute("SELECT (SELECT COUNT(*) FROM actions WHERE game_id = ?) "
                             "FROM games WHERE id = ?", (game_id, game_id)).fetchone()
        return None if row is None else int(row[0])

    def open_games(self, client: str | None = None) -> int:
        """How many stored games are not finished (of those ``client`` created, if
        given)."""
        with self._read() as db:
            if client is None:
                row = db.execute("SELECT COUNT(*) FROM games WHERE finished = 0").fetchone()
            else:
                row = db.execute("SELECT COUNT(*) FROM games JOIN creators ON "
                                 "creators.game_id = games.id WHERE finished = 0 AND "
                                 "client = ?", (client,)).fetchone()
        return int(row[0])

    def oldest_move(self, client: str | None = None) -> datetime.datetime | None:
        """When the unfinished game with the oldest last move (of those ``client``
        created, if given) moved last; None without unfinished games: the first to
        expire."""
        with self._read() as db:
            if client is None:
                row = db.execute("SELECT MIN(updated_at) FROM games WHERE finished = 0"
                                 ).fetchone()
            else:
                row = db.execute("SELECT MIN(updated_at) FROM games JOIN creators ON "
                                 "creators.game_id = games.id WHERE finished = 0 AND "
                                 "client = ?", (client,)).fetchone()
        return None if row[0] is None else datetime.datetime.fromisoformat(row[0])

    def backup(self, destination: str | os.PathLike[str]) -> int:
        """Copy the database to ``destination`` (a new file, or one replaced whole) with
        SQLite's online backup: a consistent copy while servers keep reading and
        writing, a few pages at a time; how many games the copy holds.
        ``FileExistsError`` if ``destination`` is this database."""
        target = Path(destination)
        if target.exists() and target.resolve() == self.path.resolve():
            raise FileExistsError(f"{target} is the database itself: back it up elsewhere")
        source = sqlite3.connect(self.path, timeout=self.write_timeout)
        try:
            copy = sqlite3.connect(target)
            try:
                source.backup(copy, pages=256)
                copy.execute("PRAGMA journal_mode=DELETE")  # one file, no -wal beside it
                games: int = copy.execute("SELECT COUNT(*) FROM games").fetchone()[0]
            finally:
                copy.close()
        finally:
            source.close()
        return games

    def unfinished_ids(self) -> list[str]:
        """The ids of the unfinished games, the longest idle first."""
        with self._read() as db:
            return [row[0] for row in db.execute(
                "SELECT id FROM games WHERE finished = 0 ORDER BY updated_at, id")]

    def summaries(self) -> list[GameSummary]:
        """Every stored game without its actions, the most recently moved first."""
        with self._read() as db:
            rows = db.execute(_SUMMARY + " ORDER BY updated_at DESC, id").fetchall()
            return [GameSummary(row[0], row[1], row[2], bool(row[3]), row[4],
                                self._seats(db, row[0])) for row in rows]

    def delete_game(self, game_id: str) -> bool:
        """Delete game ``game_id`` and everything about it; False if there is none."""
        with self._write() as db:
            return self._delete(db, [game_id]) == 1

    def prune(self, idle_since: datetime.datetime) -> list[str]:
        """Delete the unfinished games with no move since ``idle_since`` (an aware
        time); their ids.  Finished games are kept."""
        with self._write() as db:
            ids = [row[0] for row in db.execute(
                "SELECT id FROM games WHERE finished = 0 AND updated_at < ?",
                (_timestamp(idle_since),))]
            self._delete(db, ids)
        return ids

    @staticmethod
    def _delete(db: sqlite3.Connection, ids: Sequence[str]) -> int:
        rows = [(game_id,) for game_id in ids]
        db.executemany("DELETE FROM actions WHERE game_id = ?", rows)
        db.executemany("DELETE FROM seats WHERE game_id = ?", rows)
        db.executemany("DELETE FROM creators WHERE game_id = ?", rows)
        # and the rows of games a server without this table deleted
        db.execute("DELETE FROM creators WHERE game_id NOT IN (SELECT id FROM games)")
        before = db.total_changes
        db.executemany("DELETE FROM games WHERE id = ?", rows)
        return db.total_changes - before
