"""``carcassonne-amazonas games``: the web app's stored games from the command line.

- ``list`` prints one line per game (most recently moved first) and the count;
- ``show ID`` prints a game's state, times and seats; an unknown id is one error line, 1;
- ``delete ID`` deletes one game and nothing else;
- ``prune`` deletes the unfinished games idle for ``--expire-after`` and keeps finished
  ones; a bad duration is a usage error;
- a missing or damaged database file is one error line, never a traceback, and ``games``
  never creates a file.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from carcassonne_amazonas.web._storage import GameStore, StoredSeat
from cli_helpers import error_of, run_main

SEATS = (StoredSeat(0, "human", "Ann", "ab"), StoredSeat(1, "greedy", "", None))


@pytest.fixture
def games_db(db_path: Path) -> Path:
    """A database of three games: ``idle`` (unfinished, idle since 2000), ``done``
    (finished, as old) and ``fresh``."""
    store = GameStore(db_path)
    store.create_game("idle", "{}", SEATS, ("*3", "t0,1,0"), False, 1)
    store.create_game("done", "{}", SEATS, ("*4",), True, 2)
    store.create_game("fresh", "{}", SEATS, ("*5",), False, 3)
    store.close()
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE games SET updated_at = '2000-01-01T00:00:00+00:00' "
                   "WHERE id IN ('idle', 'done')")
    db.close()
    return db_path


def ids(path: Path) -> list[str]:
    store = GameStore(path)
    try:
        return sorted(game.id for game in store.summaries())
    finally:
        store.close()


def test_list_prints_one_line_per_game(games_db: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_main(capsys, monkeypatch, "games", "list", "--db", str(games_db))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].startswith("fresh  last move ")
    assert "idle  last move 2000-01-01T00:00:00+00:00  unfinished  2 actions" in out
    assert "done  last move 2000-01-01T00:00:00+00:00  finished" in out
    assert "yellow human (Ann), red greedy" in lines[0]
    assert lines[-1] == "3 games"


def test_show_prints_one_game_and_refuses_an_unknown_id(
        games_db: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_main(capsys, monkeypatch, "games", "show", "idle", "--db", str(games_db))
    assert code == 0
    assert out.splitlines()[0] == "game idle: unfinished, 2 actions"
    assert "last move 2000-01-01T00:00:00+00:00" in out and "t0,1,0" in out
    code, _, err = run_main(capsys, monkeypatch, "games", "show", "nope", "--db", str(games_db))
    assert code == 1 and error_of(err) == f"there is no game 'nope' in {games_db}"


def test_delete_deletes_one_game(games_db: Path, capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_main(capsys, monkeypatch, "games", "delete", "fresh", "--db",
                            str(games_db))
    assert code == 0 and out == "deleted game fresh\n"
    assert ids(games_db) == ["done", "idle"]
    code, _, err = run_main(capsys, monkeypatch, "games", "delete", "fresh", "--db",
                            str(games_db))
    assert code == 1 and "there is no game 'fresh'" in error_of(err)
    with sqlite3.connect(games_db) as db:  # nothing of it is left
        assert db.execute("SELECT COUNT(*) FROM seats WHERE game_id = 'fresh'").fetchone() \
            == (0,)
    db.close()


def test_prune_deletes_idle_unfinished_games_only(
        games_db: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_main(capsys, monkeypatch, "games", "prune", "--db", str(games_db))
    assert code == 0 and out.startswith("deleted 1 unfinished game with no move since ")
    assert ids(games_db) == ["done", "fresh"]
    code, out, _ = run_main(capsys, monkeypatch, "games", "prune", "--expire-after", "30d",
                            "--db", str(games_db))
    assert out.startswith("deleted 0 unfinished games")
    with pytest.raises(SystemExit) as exit_:
        run_main(capsys, monkeypatch, "games", "prune", "--expire-after", "soon",
                 "--db", str(games_db))
    assert exit_.value.code == 2
    assert "'soon' is not a duration: write a whole number and a unit" in \
        capsys.readouterr().err


def test_a_missing_or_damaged_file_is_one_error_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    missing = tmp_path / "none.sqlite3"
    code, _, err = run_main(capsys, monkeypatch, "games", "list", "--db", str(missing))
    assert code == 1 and error_of(err).startswith("there is no games database at ")
    assert not missing.exists()
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"junk" * 1000)
    code, _, err = run_main(capsys, monkeypatch, "games", "list", "--db", str(junk))
    assert code == 1 and "is damaged" in error_of(err)


def test_backup_copies_the_database_while_a_server_holds_it(
        games_db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    server = GameStore(games_db)  # a server's store, open meanwhile
    holder = sqlite3.connect(games_db)
    holder.execute("BEGIN")  # and a reader in the middle of a read
    holder.execute("SELECT COUNT(*) FROM actions").fetchone()
    try:
        copy = tmp_path / "backup.sqlite3"
        code, out, err = run_main(capsys, monkeypatch, "games", "backup", str(copy),
                                  "--db", str(games_db))
        assert code == 0 and err == ""
        assert out == f"copied 3 games to {copy}\n"
        server.append_actions("fresh", 1, ("t0,1,0",), False)  # the server goes on
    finally:
        holder.rollback()
        holder.close()
        server.close()
    assert ids(copy) == ["done", "fresh", "idle"]
    restored = GameStore(copy)
    try:
        fresh = restored.load("fresh")
        assert fresh is not None and fresh.actions == ("*5",)  # as it was when copied
    finally:
        restored.close()
    code, _, err = run_main(capsys, monkeypatch, "games", "backup", str(games_db),
                            "--db", str(games_db))
    assert code == 1 and "is the database itself: back it up elsewhere" in error_of(err)
    code, _, err = run_main(capsys, monkeypatch, "games", "backup",
                            str(tmp_path / "no" / "such" / "folder.sqlite3"),
                            "--db", str(games_db))
    assert code == 1 and "cannot back up to" in error_of(err)
