"""The web app where a review found it too strict or too loose: conditional requests
with weak tags and ``*``, a ``board`` query that is neither yes nor no, seeds written
with an exponent, counts in messages, and a log that names the players as their
seats do."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from web_helpers import act, create, play_to_the_end, tokens_of, view


def test_weak_tags_and_a_star_in_if_none_match_get_a_304(client: TestClient) -> None:
    game = create(client, ["human", "greedy"])["game"]
    etag = client.get(f"/api/games/{game}").headers["etag"]
    for header in (f"W/{etag}", "*", f'"other", {etag}', f' W/"x" , W/{etag} '):
        again = client.get(f"/api/games/{game}", headers={"if-none-match": header})
        assert again.status_code == 304, header
        assert again.content == b"" and again.headers["etag"] == etag
    for header in ('"other"', 'W/"0b"', etag.replace('"', "")):
        assert client.get(f"/api/games/{game}",
                          headers={"if-none-match": header}).status_code == 200, header
    # An unknown game is a 404 whatever the header says.
    assert client.get("/api/games/nothing", headers={"if-none-match": "*"}).status_code == 404


@pytest.mark.parametrize("value, board", [("1", True), ("true", True), ("0", False),
                                          ("false", False), ("", False)])
def test_the_board_query_is_yes_or_no(client: TestClient, value: str, board: bool) -> None:
    game = create(client, ["human", "greedy"])["game"]
    answer = client.get(f"/api/games/{game}?board={value}")
    assert answer.status_code == 200
    assert ("board_svg" in answer.json()) == board


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


def test_a_seed_written_with_an_exponent_is_that_whole_number(client: TestClient) -> None:
    exponent = client.post("/api/games", content=b'{"players": 2, "seats": ["human", '
                                                 b'"greedy"], "seed": 1e3}',
                           headers={"content-type": "application/json"})
    assert exponent.status_code == 201, exponent.text
    plain = create(client, ["human", "greedy"], seed=1000)
    first, second = (view(client, g["game"]) for g in (exponent.json(), plain))
    assert first["hand"] == second["hand"] and first["log"] == second["log"]


@pytest.mark.parametrize("body, message", [
    (b'{"players": 2.5, "seats": ["human", "greedy"]}',
     "'players' must be a whole number, and 2.5 is not one"),
    (b'{"players": 2, "seats": ["human", "greedy"], "seed": 1e17}',
     "'seed' must be a whole number, and 1e+17 is not one exactly (it has an exponent or a "
     "fraction: write out its digits)"),
    (b'{"players": 2, "seats": ["human", "greedy"], "seed": "7"}',
     "'seed' must be a whole number, not a string"),
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


def test_the_log_and_the_result_name_the_seats(client: TestClient) -> None:
    created = create(client, ["human", "greedy"], names=["Ann", ""])
    final = play_to_the_end(client, created, random.Random(2))
    lines = [line for entry in final["log"] for line in entry["lines"]]
    assert any(line.startswith("Ann places ") for line in lines)
    assert any(line.startswith("red places ") for line in lines)  # no name: the colour
    assert not any(line.startswith("yellow ") for line in lines)
    assert final["log"][0]["lines"][0].startswith("Ann draws ")
    scoring = [line for line in lines if line.startswith("final scoring: the river")]
    assert scoring and "Ann " in scoring[0] and "yellow" not in scoring[0]
    assert "yellow" not in final["result"]
    assert final["result"].startswith(("the winner is Ann with ", "the winner is red with ",
                                       "shared victory: Ann and red with "))
    # Another seat's turn is refused by name too.
    other = create(client, ["human", "human"], names=["Ann", "Bo"])
    current = view(client, other["game"])
    wrong = client.post(f"/api/games/{other['game']}/actions",
                        json={"token": tokens_of(other)[1], "action": current["legal"][0]})
    assert wrong.status_code == 409
    assert wrong.json()["error"] == "it is Ann's turn, not Bo's"
    assert act(client, other["game"], tokens_of(other)[0], current["legal"][0])["seq"] > 1
