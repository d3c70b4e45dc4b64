"""The web app's HTTP API, through Starlette's TestClient over a real SQLite file.

- a full game of human seats played through the API ends with the scores that
  replaying its record with the library gives;
- bot seats move by themselves, right after creation and after every human action;
- every error status (400, 403, 404, 409, 413, and 503 at the cap on open games)
  leaves the game exactly as it was;
- a new app over the same database file resumes a game (restart persistence);
- a poll with the view's ETag (also a weak tag, or ``*``) is an empty 304 until an
  action is stored, and a view is built once per step however many pages ask for
  it; a failure of the server is still a JSON error;
- a ``board`` query is yes or no, anything else a 400; a seed written with an exponent
  is that whole number; messages count in words; the log and the result name the
  players as their seats do;
- tokens are stored only as hashes; the page and its assets are served;
- ``carcassonne-amazonas serve`` starts a real server, and ``--help`` works without the
  ``[web]`` extra.
"""

from __future__ import annotations

import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
    parse_action,
)
from carcassonne_amazonas.rules.chance import sample_draw
from carcassonne_amazonas.rules.final_scoring import projected_scores
from carcassonne_amazonas.web import _answers as answers
from carcassonne_amazonas.web import _views as views
from carcassonne_amazonas.web._requests import MAX_BODY_BYTES
from carcassonne_amazonas.web._served import draw_random
from carcassonne_amazonas.web.app import create_app
from cli_helpers import run_main
from web_helpers import Json, act, create, play_to_the_end, record_text, tokens_of, view


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


def game_snapshot(client: TestClient, game: str) -> tuple[str, Json]:
    return record_text(client, game), view(client, game)


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


def test_names_are_kept_as_given_text(client: TestClient) -> None:
    created = create(client, ["human", "greedy"], names=["<b>Ann</b>", " Bot "])
    seats = view(client, created["game"])["seats"]
    assert [seat["name"] for seat in seats] == ["<b>Ann</b>", "Bot"]
    assert [seat["colour"] for seat in seats] == ["yellow", "red"]


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


def test_a_view_is_built_once_per_step_for_every_page_that_asks(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """The mover's answer and each other page's view of the same step (R-T1 draws
    included) are one view, built once; a new step or the board flag makes another."""
    built: list[int] = []
    real = views.view_of

    def counting(game: Any, **shape: Any) -> dict[str, Any]:
        built.append(game.seq)
        return real(game, **shape)

    monkeypatch.setattr(answers, "view_of", counting)
    created = create(client, ["human", "human"], seed=6)
    game = created["game"]
    first = client.get(f"/api/games/{game}")
    assert client.get(f"/api/games/{game}").content == first.content
    assert len(built) == 1
    moved = client.post(f"/api/games/{game}/actions",
                        json={"token": tokens_of(created)[0], "action": first.json()["legal"][0]})
    assert client.get(f"/api/games/{game}").content == moved.content
    assert client.get(f"/api/games/{game}").headers["etag"] == moved.headers["etag"]
    assert len(built) == 2
    assert "board_svg" in client.get(f"/api/games/{game}?board=1").json()
    assert len(built) == 3
    # Compressed once for the clients that accept gzip, plain for the others.
    for _ in range(2):
        packed = client.get(f"/api/games/{game}", headers={"accept-encoding": "gzip"})
        assert packed.headers["content-encoding"] == "gzip"
        assert packed.content == moved.content  # the test client unpacks it
    plain = client.get(f"/api/games/{game}", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == moved.content
    assert len(built) == 3


def test_the_view_cache_keeps_to_its_count_and_bytes(client: TestClient) -> None:
    """Old views go first, by count and by size (a board view is large)."""
    created = create(client, ["human", "human"], seed=6)
    service = client.app.state.service  # type: ignore[attr-defined]
    game = service.load(created["game"])
    small = answers.ViewCache(size=2)
    shapes = [answers.Shape(log_after=n) for n in range(4)]
    bodies = [small.body(service, game, shape)[0] for shape in shapes]
    assert len(small) == 2
    tight = answers.ViewCache(max_bytes=len(bodies[0]) + len(bodies[1]))
    for shape in shapes:
        tight.body(service, game, shape)
    assert len(tight) <= 2 and tight.stored_bytes <= len(bodies[0]) + len(bodies[1])
    assert tight.body(service, game, shapes[3])[0] == bodies[3]


def test_a_view_leaves_out_the_log_a_page_shows(client: TestClient) -> None:
    """``?log_after=N``: the log after its first N entries (the R-T1 draw is the first)."""
    created = create(client, ["human", "human"], seed=6)
    game = created["game"]
    whole = act(client, game, tokens_of(created)[0], view(client, game)["legal"][0])
    assert whole["log_after"] == 0 and len(whole["log"]) == whole["seq"]
    part = client.get(f"/api/games/{game}", params={"log_after": 1}).json()
    assert part["log_after"] == 1 and part["log"] == whole["log"][1:]
    assert {k: v for k, v in part.items() if k not in ("log", "log_after")} == \
        {k: v for k, v in whole.items() if k not in ("log", "log_after")}
    beyond = client.get(f"/api/games/{game}", params={"log_after": 99}).json()
    assert beyond["log"] == [] and beyond["log_after"] == whole["seq"]
    moved = client.post(f"/api/games/{game}/actions?log_after=2",
                        json={"token": tokens_of(created)[0], "action": "p"}).json()
    assert [entry["seq"] for entry in moved["log"]] == list(range(3, moved["seq"] + 1))
    for bad in ("-1", "x", "1.5", "\u0663", "1" * 10):
        answer = client.get(f"/api/games/{game}", params={"log_after": bad})
        assert answer.status_code == 400 and "log_after" in answer.json()["error"]


def test_serve_starts_a_real_server(tmp_path: Path) -> None:
    """``carcassonne-amazonas serve --port 0`` in a subprocess: it answers on the port
    uvicorn reports, creates a game in the given database, and stops on SIGTERM."""
    db = tmp_path / "served.sqlite3"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "carcassonne_amazonas", "serve", "--port", "0", "--db", str(db)],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
    try:
        assert process.stderr is not None
        deadline = time.monotonic() + 60
        url = None
        while url is None and time.monotonic() < deadline:
            line = process.stderr.readline()
            if not line:
                break
            match = re.search(r"Uvicorn running on (http://127\.0\.0\.1:\d+)", line)
            url = match.group(1) if match else None
        assert url is not None, "the server did not report its address"
        with urllib.request.urlopen(f"{url}/api/config", timeout=30) as response:
            assert json.load(response)["max_players"] == 5
        request = urllib.request.Request(
            f"{url}/api/games", method="POST",
            data=json.dumps({"players": 2, "seats": ["human", "greedy"]}).encode(),
            headers={"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status == 201
    finally:
        process.terminate()
        process.wait(timeout=30)
    with sqlite3.connect(db) as stored:
        assert stored.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


def test_serve_with_a_database_it_cannot_open_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process (``serve`` in a subprocess is the test above)."""
    not_a_database = tmp_path / "notes.txt"
    not_a_database.write_text("these are not games\n" * 100)
    for path in (not_a_database, tmp_path):
        code, _, err = run_main(capsys, monkeypatch, "serve", "--db", str(path))
        assert code == 1
        assert "cannot open the games database" in err
        assert "Traceback" not in err
    assert not_a_database.read_text() == "these are not games\n" * 100


def without_the_extra(tmp_path: Path) -> dict[str, str]:
    """The environment of a tool for which Starlette and uvicorn cannot be imported."""
    blocker = tmp_path / "block"
    blocker.mkdir()
    for name in ("uvicorn", "starlette"):
        (blocker / f"{name}.py").write_text(f"raise ImportError('blocked', name='{name}')\n")
    path = os.pathsep.join(filter(None, [str(blocker), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


def test_serve_without_the_extra_says_how_to_install_it(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "carcassonne_amazonas", "serve", "--db", str(tmp_path / "d")],
        capture_output=True, text=True, env=without_the_extra(tmp_path), timeout=60)
    assert result.returncode == 1
    assert "python -m pip install '.[web]' in a checkout" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_help_needs_no_extra(tmp_path: Path) -> None:
    """``serve`` imports the web app only when it runs: the tool's help and ``serve
    --help`` work without Starlette and uvicorn."""
    env = without_the_extra(tmp_path)
    for args in (["--help"], ["serve", "--help"]):
        result = subprocess.run([sys.executable, "-m", "carcassonne_amazonas", *args],
                                capture_output=True, text=True, env=env, timeout=60)
        assert result.returncode == 0, result.stderr
        assert "serve" in result.stdout
    assert "--max-bot-budget" in result.stdout


def test_a_poll_with_the_views_etag_is_an_empty_304_until_something_changes(
        client: TestClient) -> None:
    created = create(client, ["human", "greedy"], seed=4)
    game, token = created["game"], tokens_of(created)[0]
    for query, suffix in (("", ""), ("?board=1", "b")):
        first = client.get(f"/api/games/{game}{query}")
        etag = first.headers["etag"]
        assert etag == f'"{first.json()["seq"]}{suffix}"'
        again = client.get(f"/api/games/{game}{query}", headers={"if-none-match": etag})
        assert again.status_code == 304 and again.content == b""
        assert again.headers["etag"] == etag and again.headers["cache-control"] == "no-store"
    # The other form's tag, a stale one or an unknown game's: the whole view (or 404).
    board_tag = client.get(f"/api/games/{game}?board=1").headers["etag"]
    assert client.get(f"/api/games/{game}", headers={"if-none-match": board_tag}
                      ).status_code == 200
    assert client.get("/api/games/nosuchgame", headers={"if-none-match": '"0"'}
                      ).status_code == 404
    before = client.get(f"/api/games/{game}").headers["etag"]
    after = client.post(f"/api/games/{game}/actions",
                        json={"token": token, "action": view(client, game)["legal"][0]})
    assert after.headers["etag"] == f'"{after.json()["seq"]}"' != before
    changed = client.get(f"/api/games/{game}", headers={"if-none-match": before})
    assert changed.status_code == 200 and changed.json()["seq"] == after.json()["seq"]


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
