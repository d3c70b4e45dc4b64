"""The web server left running for friends, through Starlette's TestClient over a real
SQLite file:

- only same-origin JSON changes state: a POST that is not ``application/json`` is a
  415, an ``Origin`` that is neither the server's own nor allowed is a 403, and no
  ``Origin`` (an API client) works as before;
- text that is not Unicode (a lone surrogate in the body, bad %-escapes in the address)
  is a 400, never a 500;
- no permanent lockout: an unfinished game idle for ``expire_after`` is deleted and
  frees its place (a finished one is kept), at start-up too; one address creates at
  most ``create_limit`` games a minute (429 with ``Retry-After``);
- games don't wait for each other: while another process holds the database, a write
  waits ``write_timeout`` and answers 503 with ``Retry-After``, reads of other games
  keep answering, and the game is as it was; one game's lock is not another's;
- a damaged database file is refused at start-up with a message that says what to do;
- large answers are gzip-compressed.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from carcassonne_amazonas import parse_action
from carcassonne_amazonas.web._guards import CreateLimiter
from carcassonne_amazonas.web._requests import ApiError
from carcassonne_amazonas.web._service import GameLocks, GameService
from carcassonne_amazonas.web._storage import GameStore, StoredSeat
from carcassonne_amazonas.web.app import create_app
from web_helpers import Json, create, tokens_of, view

NEW_GAME = {"players": 2, "seats": ["human", "greedy"]}


@contextmanager
def app_client(db_path: Path, **options: object) -> Iterator[TestClient]:
    with TestClient(create_app(db_path, **options)) as client:  # type: ignore[arg-type]
        yield client


def stored_ids(db_path: Path) -> list[str]:
    store = GameStore(db_path)
    try:
        return [game.id for game in store.summaries()]
    finally:
        store.close()


def first_move(client: TestClient, created: Json) -> Json:
    """The body of the first human's first legal move."""
    return {"token": tokens_of(created)[0], "action": view(client, created["game"])["legal"][0]}


# -- same-origin JSON -------------------------------------------------------------------------

@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "application/jsonx"])
def test_a_post_that_is_not_json_is_415_and_changes_nothing(client: TestClient,
                                                            content_type: str | None) -> None:
    created = create(client, ["human", "human"])
    move = first_move(client, created)
    headers = {} if content_type is None else {"content-type": content_type}
    body = b'{"players": 2, "seats": ["human", "human"]}'
    answer = client.post("/api/games", content=body, headers=headers)
    assert answer.status_code == 415, answer.text
    assert "application/json" in answer.json()["error"]
    before = view(client, created["game"])
    answer = client.post(f"/api/games/{created['game']}/actions",
                         content=json.dumps(move).encode(), headers=headers)
    assert answer.status_code == 415
    assert view(client, created["game"]) == before


def test_json_with_a_charset_is_json(client: TestClient) -> None:
    answer = client.post("/api/games", content=b'{"players": 2, "seats": ["human", "human"]}',
                         headers={"content-type": "Application/JSON; charset=utf-8"})
    assert answer.status_code == 201


def test_a_foreign_origin_is_403_and_the_servers_own_or_an_allowed_one_or_none_is_served(
        db_path: Path) -> None:
    with app_client(db_path, allowed_origins=("https://friends.example",)) as client:
        for origin in ("http://evil.example", "null", "http://testserver.evil.example",
                       "https://testserver"):
            answer = client.post("/api/games", json=NEW_GAME, headers={"origin": origin})
            assert answer.status_code == 403, origin
            assert "serve --allow-origin" in answer.json()["error"]
            assert client.get("/api/config", headers={"origin": origin}).status_code == 403
        assert not stored_ids(db_path)
        for origin in ("http://testserver", "https://friends.example"):
            assert client.post("/api/games", json=NEW_GAME,
                               headers={"origin": origin}).status_code == 201
        assert client.post("/api/games", json=NEW_GAME).status_code == 201  # no Origin


# -- Unicode ----------------------------------------------------------------------------------

def test_text_that_is_not_unicode_is_400_anywhere_in_a_request(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    game = created["game"]
    before = view(client, game)
    move = before["legal"][0]
    for body in (b'{"token": "\\ud800", "action": "' + move.encode() + b'"}',
                 b'{"token": "' + tokens_of(created)[0].encode() + b'", "action": "\\udfff"}'):
        answer = client.post(f"/api/games/{game}/actions", content=body,
                             headers={"content-type": "application/json"})
        assert answer.status_code == 400, answer.text
        assert "lone surrogate" in answer.json()["error"]
    answer = client.post("/api/games", content=b'{"players": 2, "seats": ["human", "human"], '
                                                b'"names": ["\\ud800", "B"]}',
                         headers={"content-type": "application/json"})
    assert answer.status_code == 400
    for path in ("/api/games/%ED%A0%80", f"/api/games/{game}?board=%FF", "/%C0%AF"):
        answer = client.get(path)
        assert answer.status_code == 400, path
        assert "UTF-8" in answer.json()["error"]
    assert view(client, game) == before


# -- no permanent lockout ---------------------------------------------------------------------

def make_idle(db_path: Path, game: str) -> None:
    """Move game ``game``'s last move into the distant past."""
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE games SET updated_at = '2000-01-01T00:00:00+00:00' WHERE id = ?",
                   (game,))
    db.close()


def test_an_idle_unfinished_game_expires_and_frees_its_place(db_path: Path) -> None:
    with app_client(db_path, max_open_games=2, expire_after=3600.0) as client:
        idle = create(client, ["human", "human"])["game"]
        finished = create(client, ["human", "human"])["game"]
        assert client.post("/api/games", json=NEW_GAME).status_code == 503  # full
        make_idle(db_path, idle)
        make_idle(db_path, finished)
        with sqlite3.connect(db_path) as db:
            db.execute("UPDATE games SET finished = 1 WHERE id = ?", (finished,))
        db.close()
        fresh = create(client, ["human", "human"])["game"]  # the idle game made room
        assert client.get(f"/api/games/{idle}").status_code == 404
        assert view(client, finished)["seq"] >= 1  # a finished game is kept
        assert view(client, fresh)["seq"] >= 1


def test_a_game_that_moves_does_not_expire_and_idle_ones_go_at_start_up(
        db_path: Path) -> None:
    with app_client(db_path, expire_after=3600.0) as client:
        moving = create(client, ["human", "human"])
        idle = create(client, ["human", "human"])["game"]
        make_idle(db_path, moving["game"])
        make_idle(db_path, idle)
        legal = view(client, moving["game"])["legal"][0]
        token = tokens_of(moving)[0]
        assert client.post(f"/api/games/{moving['game']}/actions",
                           json={"token": token, "action": legal}).status_code == 200
    with app_client(db_path, expire_after=3600.0) as client:  # a restart
        assert client.get(f"/api/games/{idle}").status_code == 404
        assert client.get(f"/api/games/{moving['game']}").status_code == 200


def test_one_address_creates_at_most_the_limit_a_minute(db_path: Path) -> None:
    with app_client(db_path, create_limit=2) as client:
        create(client, ["human", "human"])
        create(client, ["human", "human"])
        answer = client.post("/api/games", json=NEW_GAME)
        assert answer.status_code == 429
        assert 1 <= int(answer.headers["retry-after"]) <= 60
        assert "at most 2 new games a minute" in answer.json()["error"]
        assert len(stored_ids(db_path)) == 2
        # A bad body is refused as a 400 without counting.
        assert client.post("/api/games", json={"players": 9}).status_code == 400


def test_the_limiter_forgets_creations_older_than_its_window() -> None:
    now = [100.0]
    limiter = CreateLimiter(2, window=60.0, clock=lambda: now[0])
    limiter.admit("a")
    now[0] += 30
    limiter.admit("a")
    limiter.admit("b")
    with pytest.raises(ApiError) as refused:
        limiter.admit("a")
    assert refused.value.status == 429 and refused.value.retry_after == 30
    now[0] += 30.5  # the first creation is a minute old
    limiter.admit("a")
    now[0] += 120
    limiter.admit("c")
    assert set(limiter._times) == {"c"}  # addresses of past windows are forgotten


# -- games don't wait for each other -----------------------------------------------------------

def test_a_write_held_up_by_another_process_is_503_and_reads_go_on(db_path: Path) -> None:
    with app_client(db_path, write_timeout=0.3) as client:
        first = create(client, ["human", "human"])
        other = create(client, ["human", "human"])["game"]
        before = view(client, first["game"])
        move = first_move(client, first)
        holder = sqlite3.connect(db_path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # a backup, a database browser, another server
        try:
            started = time.monotonic()
            answer = client.post(f"/api/games/{first['game']}/actions", json=move)
            assert answer.status_code == 503, answer.text
            assert answer.headers["retry-after"] == "1"
            assert "held by another process" in answer.json()["error"]
            assert time.monotonic() - started < 10
            assert client.post("/api/games", json=NEW_GAME).status_code == 503
            assert view(client, other)["seq"] >= 1  # reads keep answering
            assert view(client, first["game"]) == before
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert client.post(f"/api/games/{first['game']}/actions", json=move).status_code == 200


def test_each_game_has_its_own_lock_and_locks_are_dropped_when_unused() -> None:
    locks = GameLocks()
    done: list[str] = []

    def take(game: str) -> None:
        with locks.hold(game):
            done.append(game)

    with locks.hold("a"):
        other = threading.Thread(target=take, args=("b",))
        other.start()
        other.join(timeout=10)
        assert done == ["b"]  # another game's lock is free while "a" is held
        same = threading.Thread(target=take, args=("a",))
        same.start()
        same.join(timeout=0.2)
        assert done == ["b"] and same.is_alive()  # the same game's waits
        assert len(locks) == 1
    same.join(timeout=10)
    assert done == ["b", "a"]
    assert len(locks) == 0


# -- the store and the answers -----------------------------------------------------------------

def test_a_damaged_database_is_refused_at_start_up_saying_what_to_do(db_path: Path) -> None:
    store = GameStore(db_path)
    for number in range(150):
        store.create_game(f"g{number}", "{}" * 50, (StoredSeat(0, "human", "A", "ab"),),
                          ("*3",) * 20, False, 1)
    store.close()
    data = bytearray(db_path.read_bytes())
    data[4096 * 3:4096 * 6] = b"junk" * (4096 * 3 // 4)  # the header stays valid
    db_path.write_bytes(bytes(data))
    with pytest.raises(RuntimeError) as refused:
        create_app(db_path)
    message = str(refused.value)
    assert message.startswith(f"{db_path} is damaged (")
    assert "restore it from a backup, or move it away to start afresh" in message
    assert "\n" not in message
    db_path.write_bytes(b"not a database at all" * 100)
    with pytest.raises(RuntimeError, match=r"is damaged .*restore it from a backup"):
        GameStore(db_path)


def test_large_answers_are_compressed(client: TestClient) -> None:
    game = create(client, ["human", "human"])["game"]
    answer = client.get(f"/api/games/{game}?board=1", headers={"accept-encoding": "gzip"})
    assert answer.status_code == 200
    assert answer.headers["content-encoding"] == "gzip"
    assert int(answer.headers["content-length"]) < len(answer.content) / 3
    assert answer.headers["x-frame-options"] == "DENY"  # the security headers stay


# -- bots off the request path -----------------------------------------------------------------

def settled(client: TestClient, game: str, seq: int, timeout: float = 60) -> Json:
    """The view of ``game`` once it has moved past ``seq`` and no bot move is under way."""
    deadline = time.monotonic() + timeout
    while True:
        current = view(client, game)
        if current["seq"] > seq and current["bot"] is None and \
                (current["is_terminal"] or current["to_move"] == 0):
            return current
        assert time.monotonic() < deadline, current["bot"]
        time.sleep(0.05)


def test_bots_move_in_worker_processes_after_the_request_the_moves_they_make_inline(
        db_path: Path, tmp_path: Path) -> None:
    seats = ["human", "greedy", "greedy"]
    with app_client(db_path, bot_workers=1) as client:
        created = create(client, seats, seed=5)
        game = created["game"]
        move = view(client, game)["legal"][0]
        answer = client.post(f"/api/games/{game}/actions",
                             json={"token": tokens_of(created)[0], "action": move})
        assert answer.status_code == 200
        stored = answer.json()
        assert stored["to_move"] == 0 and stored["phase"] == "place piece"
        # The human's piece step ends the turn: the answer stops at the first bot.
        answer = client.post(f"/api/games/{game}/actions",
                             json={"token": tokens_of(created)[0], "action": "p"})
        assert answer.json()["to_move"] == 1 and answer.json()["bot"] is not None
        after = settled(client, game, answer.json()["seq"])
    with app_client(tmp_path / "inline2.sqlite3") as inline:
        again = create(inline, seats, seed=5)
        inline.post(f"/api/games/{again['game']}/actions",
                    json={"token": tokens_of(again)[0], "action": move})
        both = inline.post(f"/api/games/{again['game']}/actions",
                           json={"token": tokens_of(again)[0], "action": "p"}).json()
    assert after["log"] == both["log"]  # the same moves as a bot in the request makes
    assert after["to_move"] == 0 and after["seq"] > answer.json()["seq"]


def test_a_game_waiting_on_a_bot_when_the_server_starts_goes_on_by_itself(
        db_path: Path) -> None:
    with app_client(db_path) as client:
        created = create(client, ["human", "greedy"], seed=9)
        game = created["game"]
        legal = view(client, game)["legal"][0]
    # The human's turn stored, the bot's move still to come: as a server stopped then.
    store = GameStore(db_path)
    service = GameService(store)
    before = service.load(game)
    waiting = before.copy()
    waiting.play(parse_action(legal))
    waiting.play(parse_action("p"))
    waiting.play_server_moves(bots=False)
    store.append_actions(game, before.seq, waiting.action_texts[before.seq:], False)
    store.close()
    assert waiting.bot_to_move() is not None
    with app_client(db_path, bot_workers=1) as client:
        resumed = settled(client, game, waiting.seq)
    assert resumed["to_move"] == 0
    assert resumed["log"][waiting.seq]["player"] == 1  # the bot's move, stored


# -- names --------------------------------------------------------------------------------------

@pytest.mark.parametrize("names, message", [
    (["e\u0301" * 13, "B"], None),  # 26 code points, 13 characters once NFC: accepted
    (["\u0301\u0302", "B"], "'names[0]' is only combining marks: give letters too"),
    (["A", "Yellow"], "'names[1]' is 'Yellow', the colour of player 1's seat: choose another "
                      "name (R-C1)"),
    (["red", "B"], "'names[0]' is 'red', the colour of player 2's seat: choose another name "
                   "(R-C1)"),
    (["A", "a\u0007"], "'names[1]' contains a control or unassigned character"),
])
def test_names_are_nfc_short_printable_and_no_other_seats_colour(
        client: TestClient, names: list[str], message: str | None) -> None:
    answer = client.post("/api/games", json={"players": 2, "seats": ["human", "human"],
                                             "names": names})
    if message is None:
        assert answer.status_code == 201, answer.text
        seats = view(client, answer.json()["game"])["seats"]
        assert seats[0]["name"] == "\u00e9" * 13
    else:
        assert answer.status_code == 400 and answer.json()["error"] == message
    own = client.post("/api/games", json={"players": 2, "seats": ["human", "human"],
                                          "names": ["Yellow", "Red"]})
    assert own.status_code == 201  # a seat may be named after its own colour
