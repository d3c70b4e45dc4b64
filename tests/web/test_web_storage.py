"""The web app's SQLite store: its layout version, and the files it refuses.

- a new file gets the tables and layout :data:`SCHEMA_VERSION` (4), every game with its
  draw seed;
- a file of an earlier layout (1: before the server drew the tiles, 2: drawn with
  another sampler, 3: without the time of the last move) is refused with a message that
  says what to do, and left as it was; so is a file of a later layout; ``serve`` says
  so in one line, exit code 1;
- a game a server has replayed is checked with one quick query while nothing changed,
  and read whole again once another server (another process) stored its moves or its
  draw seed changed.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from carcassonne_amazonas.web._service import GameService
from carcassonne_amazonas.web._storage import SCHEMA_VERSION, GameStore, StoredGame, StoredSeat
from cli_helpers import run_here

LAYOUT_2 = """
CREATE TABLE games (id TEXT PRIMARY KEY, created_at TEXT NOT NULL, setup TEXT NOT NULL,
                    finished INTEGER NOT NULL DEFAULT 0, draw_seed INTEGER);
CREATE TABLE seats (game_id TEXT NOT NULL REFERENCES games(id), player INTEGER NOT NULL,
                    kind TEXT NOT NULL, name TEXT NOT NULL, token_hash TEXT,
                    PRIMARY KEY (game_id, player));
CREATE TABLE actions (game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL,
                      action TEXT NOT NULL, PRIMARY KEY (game_id, seq));
INSERT INTO games VALUES ('old', '2024-01-01T00:00:00+00:00', '{}', 0, 5);
"""


def old_file(path: Path, version: int) -> bytes:
    """A database of layout ``version`` holding one game; its bytes."""
    with sqlite3.connect(path) as db:
        db.executescript(LAYOUT_2 + f"PRAGMA user_version = {version};")
    db.close()
    return path.read_bytes()


def test_a_new_file_gets_this_layout_and_keeps_its_games(db_path: Path) -> None:
    store = GameStore(db_path)
    store.create_game("g1", "{}", (StoredSeat(0, "human", "Ann", "ab"),
                                   StoredSeat(1, "greedy", "", None)), ("*3",), False, 17)
    store.close()
    assert SCHEMA_VERSION == 4
    store = GameStore(db_path)  # opened again: the same layout, the same game
    stored = store.load("g1")
    store.close()
    assert stored is not None and stored.draw_seed == 17 and stored.actions == ("*3",)
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        with pytest.raises(sqlite3.IntegrityError):  # every game has its draw seed
            db.execute("INSERT INTO games (id, created_at, setup) VALUES ('x', 'now', '{}')")
    db.close()


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_file_of_an_earlier_layout_is_refused_and_left_as_it_was(db_path: Path,
                                                                   version: int) -> None:
    before = old_file(db_path, version)
    with pytest.raises(RuntimeError) as refused:
        GameStore(db_path)
    message = str(refused.value)
    assert f"{db_path} holds games of an earlier version of the web app (database layout " \
           f"{version}; " in message
    assert "move the file away to start afresh, or use another --db file" in message
    assert db_path.read_bytes() == before


def test_a_file_of_a_later_layout_is_refused(db_path: Path) -> None:
    old_file(db_path, SCHEMA_VERSION + 1)
    with pytest.raises(RuntimeError, match="written by a newer version"):
        GameStore(db_path)


def test_serve_with_a_file_of_an_earlier_layout_says_what_to_do(db_path: Path) -> None:
    pytest.importorskip("uvicorn", reason="serve needs the [web] extra")
    old_file(db_path, 2)
    result = run_here("serve", "--db", str(db_path))  # serve's own process: test_web_serve.py
    assert result.returncode == 1
    assert result.stderr.startswith("carcassonne-amazonas: error: cannot open the games "
                                    f"database {str(db_path)!r}: ")
    assert "move the file away" in result.stderr and "Traceback" not in result.stderr


def test_a_replayed_game_is_read_again_only_when_another_process_moved_it(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("starlette", reason="the web app needs the [web] extra")
    from starlette.testclient import TestClient

    from carcassonne_amazonas.web.app import create_app
    from web_helpers import act, create, tokens_of, view

    with TestClient(create_app(db_path)) as mover, TestClient(create_app(db_path)) as other:
        created = create(mover, ["human", "human"], seed=3)
        game, tokens = created["game"], tokens_of(created)
        shown = view(other, game)  # the other server replays the game and keeps it
        reads: list[str] = []
        read_whole = GameStore.load

        def counted(store: GameStore, game_id: str) -> StoredGame | None:
            reads.append(game_id)
            return read_whole(store, game_id)

        monkeypatch.setattr(GameStore, "load", counted)
        service: GameService = other.app.state.service
        assert service.load(game).seq == shown["seq"] and reads == []  # one quick query
        moved = act(mover, game, tokens[shown["to_move"]], shown["legal"][0])
        assert service.load(game).seq == moved["seq"] and reads == [game]
