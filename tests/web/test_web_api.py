"""The web app's HTTP API, through Starlette's TestClient over a real SQLite file.

- a full game of human seats played through the API ends with the scores that
  replaying its record with the library gives; its record is the library's record;
- the view holds the contract's fields and what a page needs (the placements, the
  pieces with their anchors, the log of the draws, R-T1);
- bot seats move by themselves, right after creation and after every human action;
- a new app over the same database file resumes a game (restart persistence);
- tokens are stored only as hashes; the page and its assets are served; the board's
  picture and its hit-testing agree with the pieces offered;
- names are kept as given; the log and the result name the players as their seats do.

Its errors are tested in ``test_web_errors.py``, its views as answered (built once per
step, ETags) in ``test_web_view_cache.py``, and the ``serve`` command in
``test_web_serve.py``.
"""

from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from carcassonne_amazonas import (
    DrawTile,
    GameRecord,
    GameState,
    Phase,
    apply_action,
    format_action,
    legal_actions,
    new_game,
)
from carcassonne_amazonas.rules.chance import sample_draw
from carcassonne_amazonas.rules.final_scoring import projected_scores
from carcassonne_amazonas.web._served import draw_random
from carcassonne_amazonas.web.app import create_app
from web_helpers import (
    Json,
    act,
    create,
    game_snapshot,
    play_to_the_end,
    record_text,
    tokens_of,
    view,
)


def test_a_full_game_of_human_seats_ends_with_the_scores_of_its_replayed_record(
        client: TestClient) -> None:
    created = create(client, ["human", "human", "human"], seed=11)
    assert [seat["kind"] for seat in created["seats"]] == ["human"] * 3
    assert len(set(tokens_of(created).values())) == 3
    final = play_to_the_end(client, created, random.Random(5))

    record = GameRecord.from_json(record_text(client, created["game"]))
    states = record.replay()
    assert states[-1].is_terminal
    assert final["scores"] == list(states[-1].scores)
    assert final["winners"] == list(states[-1].winners)
    assert final["seq"] == len(record.actions)
    # The library alone replays it from an explicit-draws game: the server's draws,
    # made by the library's sampler with the game's seed, are actions of the record.
    state = new_game(3, draws="explicit")
    draws = 0
    for action in record.actions:
        if state.is_chance_node:
            assert action == sample_draw(state, draw_random(11, draws))
            draws += 1
        else:
            assert action in legal_actions(state)
        state = apply_action(state, action)
    assert draws == sum(isinstance(a, DrawTile) for a in record.actions) >= 80 - 8
    assert list(state.scores) == final["scores"]
    # At the end, the projection is the final breakdown, and the view shows the final scoring.
    assert final["projected"] == [
        {"tributaries": b.tributaries, "villages": b.villages, "amazon": b.amazon,
         "camps": b.camps, "river": b.river, "total": b.total}
        for b in (p.breakdown for p in state.players)]
    assert [f["total"] for f in final["final_scoring"]] == [
        f.total for f in state.final_scoring or ()]
    assert final["legal"] == [] and final["to_move"] is None
    assert final["phase"] == Phase.GAME_OVER.value
    assert final["result"].startswith(("the winner is", "shared victory"))
    assert any("game over" in line for entry in final["log"] for line in entry["lines"])


def test_the_view_holds_the_contract_fields_and_what_a_page_needs(client: TestClient) -> None:
    created = create(client, ["human", "human"], seed=3)
    current = view(client, created["game"])
    for field in ("phase", "to_move", "scores", "is_terminal", "legal", "state", "projected"):
        assert field in current, field
    state = GameRecord.from_json(record_text(client, created["game"])).final_state()
    assert current["phase"] == "place tile" and current["to_move"] == 0
    assert current["legal"] == [format_action(a) for a in legal_actions(state)]
    assert current["state"]["schema"] == "carcassonne-amazonas/state/1"
    assert current["projected"][0]["total"] == projected_scores(state)[0].total
    # Every legal placement is offered, cell by cell, with the cells the tile covers.
    offered = sorted(r["action"] for option in current["placements"]
                     for r in option["rotations"])
    assert offered == sorted(current["legal"])
    assert current["hand"]["name"] == state.tile_in_hand.name  # type: ignore[union-attr]
    assert all(f"{r['degrees']}" in current["hand"]["pictures"]
               for option in current["placements"] for r in option["rotations"])
    # After the tile, the piece options carry their anchors and their words.
    after = act(client, created["game"], tokens_of(created)[0], current["legal"][0])
    check_the_piece_step_view(after, current, state)


def check_the_piece_step_view(after: Json, current: Json, state: GameState) -> None:
    """The view after yellow's first tile (``current`` the view before, ``state`` the game
    then): its piece options, and its log of the draw and the tile."""
    assert after["phase"] == "place piece" and after["to_move"] == 0
    assert after["pass"] is not None and "p" in after["legal"]
    assert sorted(p["action"] for p in after["pieces"]) == sorted(
        a for a in after["legal"] if a[0] in "mc")
    for piece in after["pieces"]:
        x, y = piece["anchor"]
        assert isinstance(x, float) and isinstance(y, float) and piece["text"]
    # The first entry is the server's draw of yellow's first tile, then yellow's tile.
    assert after["log"][0]["action"] == f"*{current['hand']['id']}"
    assert after["log"][0]["lines"] == [
        f"yellow draws {state.tile_in_hand.name} "  # type: ignore[union-attr]
        f"\u201c{state.tile_in_hand.layout.title}\u201d (R-T1)"]  # type: ignore[union-attr]
    assert after["log"][1]["action"] == current["legal"][0]
    assert after["log"][1]["lines"][0].startswith("yellow places")


def test_bot_seats_move_by_themselves(client: TestClient) -> None:
    created = create(client, ["greedy", "human", "random"], seed=4)
    assert tokens_of(created).keys() == {1}
    current = view(client, created["game"])
    # Greedy (yellow) moved at once; now the human (red) is to move, with a tile drawn.
    assert current["to_move"] == 1 and current["seq"] >= 4
    assert {entry["player"] for entry in current["log"]} == {0, 1}
    assert current["log"][-1]["action"].startswith("*") and current["hand"] is not None
    rng = random.Random(9)
    while not current["is_terminal"]:
        assert current["to_move"] == 1
        current = act(client, created["game"], tokens_of(created)[1],
                      rng.choice(current["legal"]))
    players = {entry["player"] for entry in current["log"]}
    assert players == {0, 1, 2}
    assert GameRecord.from_json(record_text(client, created["game"])).final_state().scores \
        == tuple(current["scores"])


def test_names_are_kept_as_given_text(client: TestClient) -> None:
    created = create(client, ["human", "greedy"], names=["<b>Ann</b>", " Bot "])
    seats = view(client, created["game"])["seats"]
    assert [seat["name"] for seat in seats] == ["<b>Ann</b>", "Bot"]
    assert [seat["colour"] for seat in seats] == ["yellow", "red"]


def test_a_new_app_over_the_same_database_resumes_the_game(db_path: Path) -> None:
    rng = random.Random(3)
    with TestClient(create_app(db_path)) as first:
        created = create(first, ["human", "greedy"], seed=21)
        token = tokens_of(created)[0]
        current = view(first, created["game"])
        for _ in range(12):
            current = act(first, created["game"], token, rng.choice(current["legal"]))
        before = game_snapshot(first, created["game"])
    with TestClient(create_app(db_path)) as second:
        assert game_snapshot(second, created["game"]) == before
        final = play_to_the_end(second, created, rng)
        record = GameRecord.from_json(record_text(second, created["game"]))
    assert record.final_state().scores == tuple(final["scores"])
    assert [format_action(a) for a in record.actions[:before[1]["seq"]]] == \
        json.loads(before[0])["actions"]


def test_tokens_are_stored_only_as_hashes(client: TestClient, db_path: Path) -> None:
    created = create(client, ["human", "human"])
    contents = b"".join(path.read_bytes() for path in db_path.parent.iterdir()
                        if path.name.startswith(db_path.name))
    for token in tokens_of(created).values():
        assert token.encode() not in contents
    with sqlite3.connect(db_path) as db:
        hashes = [row[0] for row in db.execute("SELECT token_hash FROM seats")]
    assert all(re.fullmatch("[0-9a-f]{64}", h) for h in hashes)


def test_the_record_is_the_library_record(client: TestClient) -> None:
    created = create(client, ["human", "random"], seed=5)
    current = act(client, created["game"], tokens_of(created)[0],
                  view(client, created["game"])["legal"][0])
    record = GameRecord.from_json(record_text(client, created["game"]))
    assert record.draws == "explicit" and record.seed is None and record.num_players == 2
    assert [format_action(a) for a in record.actions] == [e["action"] for e in current["log"]]


def test_the_page_and_its_assets_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert "/static/app.js" in page.text and "/static/app.css" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    for asset, kind in (("app.js", "javascript"), ("app.css", "text/css")):
        response = client.get(f"/static/{asset}")
        assert response.status_code == 200 and kind in response.headers["content-type"]
    config = client.get("/api/config").json()
    assert "human" in config["kinds"] and "greedy" in config["kinds"]


def test_the_board_picture_and_hit_testing(client: TestClient) -> None:
    created = create(client, ["human", "human"], seed=6)
    game = created["game"]
    current = act(client, game, tokens_of(created)[0], view(client, game)["legal"][0])
    svg = client.get(f"/api/games/{game}/board.svg")
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")
    assert "data-origin-x" in svg.text
    assert "data-origin-x" in client.get(f"/api/games/{game}?board=1").json()["board_svg"]
    for piece in current["pieces"]:
        x, y = piece["anchor"]
        hit = client.get(f"/api/games/{game}/segment", params={"x": x, "y": y}).json()
        assert (hit["x"], hit["y"], hit["segment"]) == (piece["x"], piece["y"],
                                                        piece["segment"])
    off = client.get(f"/api/games/{game}/segment", params={"x": 500, "y": 500}).json()
    assert off == {"x": None, "y": None, "segment": None}
    for params in ({"x": "a", "y": "1"}, {"x": "nan", "y": "1"}, {"y": "1"}):
        assert client.get(f"/api/games/{game}/segment", params=params).status_code == 400


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
