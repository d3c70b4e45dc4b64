"""A whole turn through the HTTP API: the preview of a tile, the tile and piece sent
together, and the seat a token opens (Starlette's TestClient over a real SQLite file).

- ``GET /api/games/{ID}?after=ACTION`` is the view after the player to move played it,
  stored nowhere and with no draw after it (R-T1): nothing of the tiles to come;
- ``"actions": [tile, piece]`` plays a turn in one request; an action after the turn
  has ended, or one the rules refuse, is a 409 and stores nothing;
- ``POST /api/games/{ID}/seat`` answers the token's seat, 403 for none;
- hit-testing a point of the previewed tile (``segment?...&after=``).
"""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from web_helpers import Json, create, tokens_of, view


def first_tile_and_a_piece(client: TestClient, game: str) -> tuple[str, Json]:
    """The first of the legal tile placements that offers a piece, and its preview."""
    for action in view(client, game)["legal"]:
        answer = client.get(f"/api/games/{game}", params={"after": action})
        assert answer.status_code == 200, answer.text
        if answer.json()["pieces"]:
            preview: Json = answer.json()
            return action, preview
    raise AssertionError("no placement offers a piece")


def test_a_preview_stores_nothing_and_draws_nothing_T1(client: TestClient) -> None:
    created = create(client, ["human", "human"], seed=3)
    game = created["game"]
    before = client.get(f"/api/games/{game}").json()
    action, preview = first_tile_and_a_piece(client, game)
    assert preview["phase"] == "place piece" and preview["to_move"] == 0
    assert preview["seq"] == before["seq"] + 1
    assert preview["tiles_left"] == before["tiles_left"]
    assert preview["log"][-1]["action"] == action
    assert preview["hand"] is None and preview["seed"] is None
    assert client.get(f"/api/games/{game}").json()["seq"] == before["seq"]  # nothing stored
    # A point of the new tile under a piece's marker hits that piece's segment.
    piece = preview["pieces"][0]
    x, y = piece["anchor"]
    hit = client.get(f"/api/games/{game}/segment",
                     params={"x": x, "y": y, "after": action}).json()
    assert (hit["x"], hit["y"], hit["segment"]) == (piece["x"], piece["y"], piece["segment"])
    # Actions that cannot follow: a draw, an illegal tile, a second turn, too many.
    for after, status in ((["*5"], 409), (["t99,99,0"], 409), (["nonsense"], 400),
                          ([action, "p", "t0,0,0"], 409), ([action] * 4, 400)):
        answer = client.get(f"/api/games/{game}", params={"after": after})
        assert answer.status_code == status, (after, answer.text)


def test_a_turn_in_one_request_T5(client: TestClient) -> None:
    created = create(client, ["human", "human"], seed=3)
    game, token = created["game"], tokens_of(created)[0]
    action, preview = first_tile_and_a_piece(client, game)
    piece = preview["pieces"][0]["action"]
    seq = view(client, game)["seq"]
    # The turn has ended after the piece: a third action is refused, nothing stored.
    refused = client.post(f"/api/games/{game}/actions",
                          json={"token": token, "actions": [action, piece, "p"], "seq": seq})
    assert refused.status_code == 409 and "turn ended" in refused.json()["error"]
    assert view(client, game)["seq"] == seq
    for body in ({"token": token, "action": action, "actions": [action]},
                 {"token": token, "actions": []}, {"token": token, "actions": "p"}):
        assert client.post(f"/api/games/{game}/actions", json=body).status_code == 400
    played = client.post(f"/api/games/{game}/actions",
                         json={"token": token, "actions": [action, piece], "seq": seq})
    assert played.status_code == 200, played.text
    log = played.json()["log"]
    assert [entry["action"] for entry in log[seq:seq + 2]] == [action, piece]
    assert played.json()["to_move"] == 1
    # Another seat's turn now: the same token's turn-long request is refused.
    again = client.post(f"/api/games/{game}/actions", json={"token": token, "actions": ["p"]})
    assert again.status_code == 409


def test_the_seat_a_token_opens(client: TestClient) -> None:
    created = create(client, ["human", "greedy", "human"], seed=4)
    game = created["game"]
    for player, token in tokens_of(created).items():
        answer = client.post(f"/api/games/{game}/seat", json={"token": token})
        assert answer.status_code == 200 and answer.json() == {"player": player}
    assert client.post(f"/api/games/{game}/seat", json={"token": "nope"}).status_code == 403
    assert client.post(f"/api/games/{game}/seat", json={"token": 3}).status_code == 400
    assert client.post("/api/games/unknown1234/seat", json={"token": "x"}).status_code == 404
