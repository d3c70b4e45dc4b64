"""The web app's errors, through Starlette's TestClient over a real SQLite file.

- every error status (400, 403, 404, 409, 413, and 503 at the cap on open games)
  leaves the game exactly as it was; an illegal action answers with the library's
  message (R-T2); a finished game no longer counts against the cap;
- new-game bodies are checked; a ``board`` query other than yes or no is a 400 and
  nothing moves; a seed written with an exponent or a fraction is refused, as every
  whole number of every document is (exactly an int); messages count
  in words;
- a failure of the server is still a JSON error.
"""

from __future__ import annotations

import json
import random
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from carcassonne_amazonas import GameRecord, apply_action, parse_action
from carcassonne_amazonas.web._requests import MAX_BODY_BYTES
from carcassonne_amazonas.web.app import create_app
from web_helpers import act, create, game_snapshot, play_to_the_end, tokens_of, view

BAD_ACTIONS: list[tuple[str, int, Any]] = [
    # (what, status, body or raw bytes); "TOKEN" is replaced by the seat's token.
    ("text that is not notation", 400, {"token": "TOKEN", "action": "t0,4"}),
    ("an empty action", 400, {"token": "TOKEN", "action": ""}),
    ("not JSON", 400, b"{token: 1"),
    ("a JSON list", 400, b"[1, 2]"),
    ("not UTF-8", 400, b"\xff\xfe{}"),
    ("a number for the action", 400, {"token": "TOKEN", "action": 7}),
    ("a missing token", 400, {"action": "p"}),
    ("an unknown field", 400, {"token": "TOKEN", "action": "p", "extra": 1}),
    ("NaN for seq", 400, b'{"token": "x", "action": "p", "seq": NaN}'),
    ("a wrong token", 403, {"token": "not-a-token", "action": "LEGAL"}),
    ("another seat's token", 409, {"token": "OTHER", "action": "LEGAL"}),
    ("an illegal action", 409, {"token": "TOKEN", "action": "t40,40,0"}),
    ("a piece in the tile phase", 409, {"token": "TOKEN", "action": "p"}),
    ("a draw, which only the server makes", 409, {"token": "TOKEN", "action": "*3"}),
    ("a stale seq", 409, {"token": "TOKEN", "action": "LEGAL", "seq": 0}),
    ("a body over 64 KiB", 413, {"token": "TOKEN", "action": "p",
                                 "pad": "x" * MAX_BODY_BYTES}),
]


@pytest.mark.parametrize(("what", "status", "body"), BAD_ACTIONS,
                         ids=[case[0] for case in BAD_ACTIONS])
def test_every_error_status_leaves_the_game_unchanged(client: TestClient, what: str,
                                                      status: int, body: Any) -> None:
    created = create(client, ["human", "human"], seed=8)
    game, tokens = created["game"], tokens_of(created)
    first = view(client, game)
    act(client, game, tokens[0], first["legal"][0])
    act(client, game, tokens[0], "p")          # red is to move, after 2 actions
    before = game_snapshot(client, game)
    legal = before[1]["legal"][0]
    if isinstance(body, dict):
        text = json.dumps(body).replace('"TOKEN"', json.dumps(tokens[1])) \
            .replace('"OTHER"', json.dumps(tokens[0])).replace('"LEGAL"', json.dumps(legal))
        raw = text.encode()
    else:
        raw = body
    response = client.post(f"/api/games/{game}/actions", content=raw,
                           headers={"content-type": "application/json"})
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert isinstance(error, str) and error
    assert game_snapshot(client, game) == before


def test_an_illegal_action_answers_with_the_librarys_message(client: TestClient) -> None:
    created = create(client, ["human", "human"], seed=8)
    game, token = created["game"], tokens_of(created)[0]
    before = game_snapshot(client, game)
    response = client.post(f"/api/games/{game}/actions",
                           json={"token": token, "action": "t40,40,0"})
    assert response.status_code == 409
    state = GameRecord.from_json(before[0]).final_state()
    with pytest.raises(ValueError) as raised:
        apply_action(state, parse_action("t40,40,0"))
    assert response.json()["error"] == str(raised.value)
    assert game_snapshot(client, game) == before


def test_unknown_games_are_404(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    token = tokens_of(created)[0]
    for game in ("nosuchgame", "a" * 33, "..%2F..", "x y"):
        for method, path in (("GET", ""), ("GET", "/record"), ("GET", "/board.svg"),
                             ("POST", "/actions")):
            response = client.request(method, f"/api/games/{game}{path}",
                                      json={"token": token, "action": "p"})
            assert response.status_code == 404, (game, path)
            assert "error" in response.json()
    assert view(client, created["game"])["seq"] == 1  # the first draw only


BAD_GAMES: list[tuple[str, Any]] = [
    ("one player", {"players": 1, "seats": ["human"]}),
    ("six players", {"players": 6, "seats": ["human"] * 6}),
    ("players as text", {"players": "2", "seats": ["human", "human"]}),
    ("players as a boolean", {"players": True, "seats": ["human", "human"]}),
    ("too few seats", {"players": 3, "seats": ["human", "human"]}),
    ("an unknown kind", {"players": 2, "seats": ["human", "wizard"]}),
    ("no human", {"players": 2, "seats": ["greedy", "random"]}),
    ("seats not a list", {"players": 2, "seats": "human,human"}),
    ("missing seats", {"players": 2}),
    ("missing players", {"seats": ["human", "human"]}),
    ("a negative seed", {"players": 2, "seats": ["human", "human"], "seed": -1}),
    ("a huge seed", {"players": 2, "seats": ["human", "human"], "seed": 2**63}),
    ("a fractional seed", {"players": 2, "seats": ["human", "human"], "seed": 1.5}),
    ("a seed as text", {"players": 2, "seats": ["human", "human"], "seed": "7"}),
    ("an unknown field", {"players": 2, "seats": ["human", "human"], "colour": "red"}),
    ("a long name", {"players": 2, "seats": ["human", "human"], "names": ["a" * 99, "b"]}),
    ("a control character in a name", {"players": 2, "seats": ["human", "human"],
                                       "names": ["a\u0007", "b"]}),
    ("not an object", [2, "human"]),
]


@pytest.mark.parametrize(("what", "body"), BAD_GAMES, ids=[case[0] for case in BAD_GAMES])
def test_new_game_bodies_are_checked(client: TestClient, db_path: Path, what: str,
                                     body: Any) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 400, response.text
    assert response.json()["error"]
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 0


def test_a_new_game_body_over_64_kib_is_413(client: TestClient) -> None:
    body = {"players": 2, "seats": ["human", "human"], "names": ["x" * 70_000, "y"]}
    assert client.post("/api/games", json=body).status_code == 413
    response = client.post("/api/games", content=b"{" * (MAX_BODY_BYTES + 1),
                           headers={"content-type": "application/json"})
    assert response.status_code == 413 and "error" in response.json()

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted while it is read
        yield b'{"players": 2, "seats": ["human", "human"], "names": ["'
        for _ in range(100):
            yield b"x" * 1000

    response = client.post("/api/games", content=chunks(),
                           headers={"content-type": "application/json"})
    assert response.status_code == 413


def test_the_number_of_open_games_is_capped(db_path: Path) -> None:
    with TestClient(create_app(db_path, max_open_games=2)) as capped:
        create(capped, ["human", "human"])
        create(capped, ["human", "greedy"])
        response = capped.post("/api/games", json={"players": 2, "seats": ["human", "human"]})
        assert response.status_code == 503 and "limit" in response.json()["error"]


def test_a_finished_game_no_longer_counts_against_the_cap(db_path: Path) -> None:
    with TestClient(create_app(db_path, max_open_games=1)) as capped:
        created = create(capped, ["human", "random"], seed=2)
        assert capped.post("/api/games", json={"players": 2, "seats": ["human", "human"]}
                           ).status_code == 503
        play_to_the_end(capped, created, random.Random(1))
        create(capped, ["human", "human"])


@pytest.mark.parametrize("value", ["yes", "2", "TRUE "])
def test_another_board_query_is_refused_and_nothing_moves(client: TestClient,
                                                          value: str) -> None:
    created = create(client, ["human", "greedy"])
    game = created["game"]
    before = view(client, game)
    answer = client.get(f"/api/games/{game}", params={"board": value})
    assert answer.status_code == 400
    assert answer.json()["error"] == f"board must be 1, true, 0 or false, not {value!r}"
    posted = client.post(f"/api/games/{game}/actions", params={"board": value},
                         json={"token": tokens_of(created)[0], "action": before["legal"][0]})
    assert posted.status_code == 400
    assert view(client, game)["seq"] == before["seq"]


def test_a_seed_written_with_an_exponent_is_refused_as_every_whole_number_is(
        client: TestClient) -> None:
    """A whole number is exactly an int in every document and request (one rule): ``1e3``
    and ``1000.0`` are refused as ``"num_players": 2.0`` is in a snapshot."""
    for written in (b"1e3", b"1000.0"):
        answer = client.post("/api/games", content=b'{"players": 2, "seats": ["human", '
                                                    b'"greedy"], "seed": ' + written + b"}",
                             headers={"content-type": "application/json"})
        assert answer.status_code == 400, answer.text
        assert answer.json()["error"] == "seed: expected a whole number, not 1000.0"
    assert create(client, ["human", "greedy"], seed=1000)["game"]


@pytest.mark.parametrize("body, message", [
    (b'{"players": 2.5, "seats": ["human", "greedy"]}',
     "players: expected a whole number, not 2.5"),
    (b'{"players": 2, "seats": ["human", "greedy"], "seed": 1e17}',
     "seed: expected a whole number, not 1e+17"),
    (b'{"players": 2, "seats": ["human", "greedy"], "seed": 7, "seed": 8}',
     "the body is not valid JSON: duplicate key 'seed' in an object"),
    (b'{"players": 2, "seats": ["human", "greedy"], "seed": "7"}',
     "seed: expected a whole number, not a string"),
    (b'{"players": 2, "seats": ["human"]}', "'seats' lists 1 kind for 2 players"),
])
def test_numbers_and_counts_in_the_messages(client: TestClient, body: bytes,
                                            message: str) -> None:
    answer = client.post("/api/games", content=body,
                         headers={"content-type": "application/json"})
    assert answer.status_code == 400
    assert answer.json()["error"] == message


def test_a_stale_move_counts_its_actions_in_words(client: TestClient) -> None:
    created = create(client, ["human", "human"])
    game, tokens = created["game"], tokens_of(created)
    current = view(client, game)
    assert current["seq"] == 1  # the first draw
    answer = client.post(f"/api/games/{game}/actions",
                         json={"token": tokens[0], "action": current["legal"][0], "seq": 0})
    assert answer.status_code == 409
    assert answer.json()["error"].startswith("the game has moved on: 1 action played, ")


def test_a_failure_of_the_server_is_still_a_json_error(db_path: Path) -> None:
    """The database loses its actions table under the server's feet: a 500 whose body
    is JSON with a message the page can show, not a bare text page."""
    with TestClient(create_app(db_path), raise_server_exceptions=False) as broken:
        created = create(broken, ["human", "human"])
        with sqlite3.connect(db_path) as db:
            db.execute("DROP TABLE actions")
        db.close()
        answer = broken.get(f"/api/games/{created['game']}")
        assert answer.status_code == 500
        assert answer.json()["error"].startswith("the server failed (OperationalError)")
