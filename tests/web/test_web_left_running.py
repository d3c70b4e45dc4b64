"""A server one can leave running, through Starlette's TestClient over a real SQLite file:

- one client cannot take more than its share of the unfinished games (429 with
  ``Retry-After``), and a full server's 503 carries ``Retry-After`` too;
- a ``Host`` that is not the server's own is a 400 (DNS rebinding), when the app is given
  its names (``serve`` always gives them);
- ``Forwarded`` / ``X-Forwarded-For`` are believed only from a trusted proxy;
- a read-only database gets its own message, not "damaged", at start-up and under a
  running server;
- ``GameStore.backup`` copies the database while it is in use;
- a thinking bot's status says since when.
"""

from __future__ import annotations

import datetime
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from carcassonne_amazonas.web import default_bot_workers
from carcassonne_amazonas.web._bots import BotPool, is_search
from carcassonne_amazonas.web._guards import client_key, host_allowed, parse_proxies
from carcassonne_amazonas.web._storage import GameStore, ReadOnlyDatabaseError
from carcassonne_amazonas.web.app import create_app
from web_helpers import create, tokens_of, view

NEW_GAME = {"players": 2, "seats": ["human", "human"]}


@contextmanager
def app_client(db_path: Path, client: tuple[str, int] = ("203.0.113.9", 5000),
               base_url: str = "http://testserver", **options: Any) -> Iterator[TestClient]:
    with TestClient(create_app(db_path, **options), client=client,
                    base_url=base_url) as test_client:
        yield test_client


def creators(db_path: Path) -> list[str]:
    with sqlite3.connect(db_path) as db:
        rows = db.execute("SELECT client FROM creators ORDER BY client").fetchall()
    db.close()
    return [row[0] for row in rows]


# -- open games per client, Retry-After ---------------------------------------------------------

def test_a_client_cannot_take_more_than_its_share_of_open_games(db_path: Path) -> None:
    with app_client(db_path, max_games_per_client=2, max_open_games=10) as client:
        create(client, ["human", "human"])
        create(client, ["human", "human"])
        answer = client.post("/api/games", json=NEW_GAME)
        assert answer.status_code == 429, answer.text
        assert "your address already has 2 unfinished games" in answer.json()["error"]
        # Its games are a week from expiring: the wait is capped at an hour.
        assert int(answer.headers["retry-after"]) == 3600
    with app_client(db_path, client=("198.51.100.4", 1), max_games_per_client=2) as other:
        create(other, ["human", "human"])  # another address has its own share
    assert creators(db_path) == ["198.51.100.4", "203.0.113.9", "203.0.113.9"]


def test_a_finished_or_expired_game_frees_its_clients_share(db_path: Path) -> None:
    with app_client(db_path, max_games_per_client=1, expire_after=3600.0) as client:
        first = create(client, ["human", "human"])["game"]
        refused = client.post("/api/games", json=NEW_GAME)
        assert refused.status_code == 429
        assert 1 <= int(refused.headers["retry-after"]) <= 3600
        with sqlite3.connect(db_path) as db:
            moved = datetime.datetime.now(datetime.timezone.utc) - \
                datetime.timedelta(seconds=3600 - 30)
            db.execute("UPDATE games SET updated_at = ? WHERE id = ?",
                       (moved.isoformat(timespec="seconds"), first))
        db.close()
        refused = client.post("/api/games", json=NEW_GAME)
        assert refused.status_code == 429
        assert 1 <= int(refused.headers["retry-after"]) <= 31  # when the game expires
        with sqlite3.connect(db_path) as db:
            db.execute("UPDATE games SET finished = 1 WHERE id = ?", (first,))
        db.close()
        create(client, ["human", "human"])


def test_a_full_server_answers_503_with_retry_after(db_path: Path) -> None:
    with app_client(db_path, max_open_games=1) as client:
        create(client, ["human", "human"])
    with app_client(db_path, client=("198.51.100.7", 1), max_open_games=1) as other:
        answer = other.post("/api/games", json=NEW_GAME)
        assert answer.status_code == 503
        assert int(answer.headers["retry-after"]) == 3600
        assert "already holds 1 unfinished games" in answer.json()["error"]


def test_ipv6_clients_are_counted_by_their_64_network() -> None:
    assert client_key("2001:db8::1") == client_key("2001:db8::ffff:1") == "2001:db8::/64"
    assert client_key("2001:db8:0:1::1") != client_key("2001:db8::1")
    assert client_key("::ffff:192.0.2.1") == "192.0.2.1"
    assert client_key("192.0.2.1") == "192.0.2.1"
    assert client_key("testclient") == "testclient"


# -- Host ------------------------------------------------------------------------------------

def test_a_foreign_host_is_400_and_the_servers_own_names_are_served(db_path: Path) -> None:
    hosts = ("games.example.org", "*.friends.example")
    with app_client(db_path, allowed_hosts=hosts) as client:
        # DNS rebinding: a page of evil.example whose name now resolves to this server;
        # its Origin and Host agree, so the origin check alone let it through.
        answer = client.post("/api/games", json=NEW_GAME,
                             headers={"host": "evil.example:8000",
                                      "origin": "http://evil.example:8000"})
        assert answer.status_code == 400
        assert "does not answer to the name 'evil.example:8000'" in answer.json()["error"]
        assert "serve --allowed-host" in answer.json()["error"]
        assert client.get("/api/config", headers={"host": "testserver"}).status_code == 400
        assert client.get("/", headers={"host": "evil.example"}).status_code == 400
        assert not creators(db_path)
        for host in ("127.0.0.1:8000", "[::1]:8000", "localhost", "app.localhost:80",
                     "192.0.2.10", "games.example.org", "Games.Example.Org.:443",
                     "a.friends.example"):
            answer = client.post("/api/games", json=NEW_GAME,
                                 headers={"host": host, "origin": f"http://{host}"})
            assert answer.status_code == 201, (host, answer.text)


def test_host_names_are_compared_without_port_or_case() -> None:
    allowed = frozenset({"games.example.org", "*.example.net"})
    assert host_allowed("games.example.org:8443", allowed)
    assert host_allowed("x.y.example.net", allowed)
    assert not host_allowed("example.net", allowed)
    assert not host_allowed("games.example.org.evil.example", allowed)
    assert not host_allowed("", allowed)
    assert not host_allowed("localhost.evil.example", allowed)


def test_without_allowed_hosts_any_host_is_served(client: TestClient) -> None:
    assert client.get("/api/config", headers={"host": "anything.example"}).status_code == 200


# -- forwarded addresses -------------------------------------------------------------------------

def test_a_forwarded_address_from_an_untrusted_peer_is_ignored(db_path: Path) -> None:
    with app_client(db_path, client=("127.0.0.1", 4000), create_limit=2) as client:
        for number in range(2):
            answer = client.post("/api/games", json=NEW_GAME,
                                 headers={"x-forwarded-for": f"192.0.2.{number}",
                                          "forwarded": f"for=192.0.2.{number + 50}"})
            assert answer.status_code == 201
        answer = client.post("/api/games", json=NEW_GAME,
                             headers={"x-forwarded-for": "192.0.2.99"})
        assert answer.status_code == 429  # all three were 127.0.0.1's
    assert creators(db_path) == ["127.0.0.1", "127.0.0.1"]


def test_a_trusted_proxy_says_who_the_client_is(db_path: Path) -> None:
    with app_client(db_path, client=("10.1.2.3", 4000), create_limit=1,
                    trusted_proxies=("10.0.0.0/8",)) as client:
        # The client's own X-Forwarded-For comes first; the proxy appends what it saw.
        for forwarded in ({"x-forwarded-for": "1.1.1.1, 192.0.2.1"},
                          {"x-forwarded-for": "192.0.2.2, 10.9.9.9"},  # a second proxy
                          {"forwarded": 'for=192.0.2.3;proto=https, for="10.0.0.1:80"'},
                          # A client's own Forwarded, passed on by a proxy that sets
                          # X-Forwarded-For only: ignored.
                          {"forwarded": "for=1.1.1.1", "x-forwarded-for": "192.0.2.5"},
                          {"forwarded": 'for="[2001:db8::1]:4711"'}):
            answer = client.post("/api/games", json=NEW_GAME, headers=forwarded)
            assert answer.status_code == 201, (forwarded, answer.text)
        # The scheme too: the page of https://games.example.org is the server's own.
        answer = client.post("/api/games", json=NEW_GAME,
                             headers={"x-forwarded-for": "192.0.2.4",
                                      "x-forwarded-proto": "https",
                                      "origin": "https://testserver"})
        assert answer.status_code == 201, answer.text
    assert creators(db_path) == ["192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4",
                                 "192.0.2.5", "2001:db8::/64"]


def test_a_trusted_proxy_must_be_an_address_or_a_network(db_path: Path) -> None:
    assert [str(n) for n in parse_proxies(["127.0.0.1", "10.0.0.0/8", "::1"])] == \
        ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]
    with pytest.raises(ValueError, match=r"'proxy\.example' is not an IP address or network"):
        create_app(db_path, trusted_proxies=("proxy.example",))


# -- a read-only database ------------------------------------------------------------------------

def read_only_connect(monkeypatch: pytest.MonkeyPatch, db_path: Path) -> None:
    """Open ``db_path`` read-only, as SQLite does a file its user may not write (the
    tests run as root, whom file modes do not stop): ``mode=ro`` makes SQLite refuse
    every write with the error a read-only file or mount gives, SQLITE_READONLY."""
    connect: Callable[..., sqlite3.Connection] = sqlite3.connect

    def opened(path: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        if Path(path) == db_path:
            return connect(f"file:{path}?mode=ro", *args, uri=True, **kwargs)
        return connect(path, *args, **kwargs)

    monkeypatch.setattr(sqlite3, "connect", opened)


def test_a_read_only_database_gets_its_own_message_at_start_up(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    GameStore(db_path).close()
    read_only_connect(monkeypatch, db_path)
    with pytest.raises(ReadOnlyDatabaseError) as refused:
        create_app(db_path)
    message = str(refused.value)
    assert message.startswith(f"{db_path} cannot be written (attempt to write a readonly "
                              "database)")
    assert "needs write access to the file and to its folder" in message
    assert "damaged" not in message


def test_a_database_made_read_only_under_a_running_server_answers_503(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with app_client(db_path) as client:
        created = create(client, ["human", "human"])
        game = created["game"]
        before = view(client, game)
        store = client.app.state.service.store  # type: ignore[attr-defined]
        writer = store._db
        store._db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True,
                                    isolation_level=None, check_same_thread=False)
        try:
            answer = client.post(f"/api/games/{game}/actions",
                                 json={"token": tokens_of(created)[0],
                                       "action": before["legal"][0]})
        finally:
            store._db.close()
            store._db = writer
        assert answer.status_code == 503
        assert "cannot be written" in answer.json()["error"]
        assert "retry-after" in answer.headers
        assert view(client, game) == before


# -- backup ------------------------------------------------------------------------------------

def test_the_backup_is_a_consistent_copy_made_while_the_server_writes(db_path: Path,
                                                                      tmp_path: Path) -> None:
    with app_client(db_path) as client:
        created = create(client, ["human", "human"])
        holder = sqlite3.connect(db_path)  # a reader holding a snapshot meanwhile
        holder.execute("BEGIN")
        holder.execute("SELECT COUNT(*) FROM games").fetchone()
        store = GameStore(db_path)
        try:
            assert store.backup(tmp_path / "copy.sqlite3") == 1
            with pytest.raises(FileExistsError, match="is the database itself"):
                store.backup(db_path)
        finally:
            store.close()
            holder.rollback()
            holder.close()
        legal = view(client, created["game"])["legal"][0]
        assert client.post(f"/api/games/{created['game']}/actions",
                           json={"token": tokens_of(created)[0], "action": legal}
                           ).status_code == 200
    copy = GameStore(tmp_path / "copy.sqlite3")
    try:
        stored = copy.load(created["game"])
        assert stored is not None and stored.seats[0].kind == "human"
    finally:
        copy.close()
    assert not (tmp_path / "copy.sqlite3-wal").exists()


# -- bots ---------------------------------------------------------------------------------------

def test_the_pool_follows_the_processors_and_cheap_bots_have_their_own_lane() -> None:
    assert default_bot_workers() >= 1
    assert is_search("mcts") and is_search("mcts:50")
    assert not is_search("greedy") and not is_search("random")


def test_a_thinking_bots_status_says_since_when_and_a_cheap_bot_passes_a_search() -> None:
    started: list[str] = []
    release: dict[str, float] = {"slow": 1.0, "quick": 0.0}

    def step(game_id: str) -> None:
        started.append(game_id)
        time.sleep(release[game_id.partition("-")[0]])

    pool = BotPool(1, step)
    try:
        pool.schedule("slow-1", "mcts")
        pool.schedule("slow-2", "mcts:20")  # waits for the one search worker
        pool.schedule("quick", "greedy")  # does not
        deadline = time.monotonic() + 10
        while "quick" not in started:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert started == ["slow-1", "quick"]
        status = pool.status("slow-1")
        assert status is not None and status["thinking"] is True
        since = datetime.datetime.fromisoformat(str(status["since"]).replace("Z", "+00:00"))
        age = datetime.datetime.now(datetime.timezone.utc) - since
        assert datetime.timedelta(0) <= age < datetime.timedelta(seconds=10)
        assert pool.status("slow-2") == {"queued": 0}
    finally:
        pool.close()
    assert started == ["slow-1", "quick"]  # closing drops the queued game (resumed later)
