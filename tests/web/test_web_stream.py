"""The live stream ``GET /api/games/{ID}/events`` (Server-Sent Events), on a real server:

- a move stored by one player reaches a listener as one ``step`` event, whose ``id`` is
  the number of actions and whose data holds only what changed (the new log entries,
  the tile placed, the pieces put down and taken back, the scores, the boats, whose
  turn it is), from which a listener keeps the board's pieces;
- the stream opens with a comment at once, before any step;
- ``?after=N`` replays from N; a mid-game update is no larger than the early one of
  the same kind; a finished game with nothing new answers 204 (a browser stops
  reconnecting); an unknown game is a 404 and a bad ``after`` a 400;
- on a crowded tile, the piece choices and the pieces the stream adds carry the size
  the board draws them at (R-T5).
"""

from __future__ import annotations

import http.client
import json
import random
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from carcassonne_amazonas.render.anchors import tile_piece_scale
from carcassonne_amazonas.tiles.geometry import Rotation
from carcassonne_amazonas.tiles.reference import reference_tileset
from web_helpers import Json, create, play_to_the_end, running_server


def call(url: str, method: str = "GET", body: Json | None = None) -> Json:
    request = urllib.request.Request(url, method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        answer: Json = json.load(response)
    return answer


def open_stream(base: str, game: str, query: str = "") -> http.client.HTTPResponse:
    parts = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=30)
    connection.request("GET", f"/api/games/{game}/events{query}")
    return connection.getresponse()


def next_event(stream: http.client.HTTPResponse) -> tuple[str, str, Json]:
    """The next event's id, name and data (comments skipped)."""
    fields: dict[str, str] = {}
    while True:
        line = stream.readline().decode("utf-8").rstrip("\n")
        if not line:
            if fields:
                return fields.get("id", ""), fields.get("event", ""), json.loads(fields["data"])
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(": ")
        fields[name] = value


def update_after(stream: http.client.HTTPResponse, current: Json,
                 pieces: set[tuple[int, int, int]]) -> Json:
    """The stream's update that brings a listener to the view ``current``, checked; it
    keeps ``pieces`` (the board's, as the snapshot's rows) up to date from the pieces
    added and removed (R-T5, R-T7)."""
    event_id, name, update = next_event(stream)
    assert name == "step" and event_id == str(update["seq"])
    while True:
        pieces -= {(p["placement"], p["segment"], p["player"]) for p in update["pieces_removed"]}
        pieces |= {(p["placement"], p["segment"], p["player"]) for p in update["pieces_added"]}
        if update["seq"] >= current["seq"]:
            break
        _, _, update = next_event(stream)  # a step stored as the listener read
    assert update["seq"] == current["seq"]
    assert update["log"][-1] == current["log"][-1]
    assert update["scores"] == current["scores"]
    assert update["to_move"] == current["to_move"]
    assert update["boats"] == [player["boat"] for player in current["players"]]
    assert sorted(pieces) == sorted(tuple(row) for row in current["state"]["pieces"])
    return update


def test_a_move_reaches_the_other_page_as_one_small_update(tmp_path: Path) -> None:
    with running_server(tmp_path / "games.sqlite3") as base:
        created = call(f"{base}/api/games", "POST",
                       {"players": 2, "seats": ["human", "human"], "seed": 4})
        game = created["game"]
        tokens = {seat["player"]: seat["token"] for seat in created["seats"]}
        stream = open_stream(base, game)
        assert stream.status == 200
        assert stream.getheader("content-type", "").startswith("text/event-stream")
        # The stream says it is open before anything happens: with Starlette 1.7 (the
        # newest for Python 3.10) gzip held the headers back until the first chunk, so
        # the page polled for 15 s, until the first keep-alive.
        assert stream.readline() == b": open\n"
        current = call(f"{base}/api/games/{game}")
        rng = random.Random(3)
        sizes = []
        pieces: set[tuple[int, int, int]] = set()
        for _ in range(40):  # 40 actions: the early and the later updates
            action = rng.choice([a for a in current["legal"] if a != "p"] or current["legal"])
            current = call(f"{base}/api/games/{game}/actions", "POST",
                           {"token": tokens[current["to_move"]], "action": action})
            update = update_after(stream, current, pieces)
            if action.startswith("t"):
                assert update["tiles"] == current["state"]["placements"][-1:]
                sizes.append(len(json.dumps(update)))
        stream.close()
        assert len(pieces) >= 4  # pieces stood on the board, and the updates kept them
        assert max(sizes[-3:]) <= max(sizes[:3]) + 200  # no growth with the game
        # From an earlier point, the stream starts with everything since.
        stream = open_stream(base, game, "?after=0")
        _, _, update = next_event(stream)
        assert update["since"] == 0 and len(update["log"]) == current["seq"]
        stream.close()
        for query, status in (("?after=x", 400),):
            assert open_stream(base, game, query).status == status
        assert open_stream(base, "nope", "").status == 404


def test_a_finished_game_with_nothing_new_answers_204(client: TestClient) -> None:
    created = create(client, ["human", "random"], seed=2)  # half the requests of two humans
    final = play_to_the_end(client, created, random.Random(1))
    answer = client.get(f"/api/games/{created['game']}/events")
    assert answer.status_code == 204
    answer = client.get(f"/api/games/{created['game']}/events",
                        headers={"last-event-id": str(final["seq"])})
    assert answer.status_code == 204
    with client.stream("GET", f"/api/games/{created['game']}/events?after=1") as stream:
        lines = list(stream.iter_lines())  # the rest of the game, then the end
    assert lines[:2] == [": open", ""]
    lines = lines[2:]
    assert lines[0] == f"id: {final['seq']}" and lines[1] == "event: step"
    assert json.loads(lines[2].removeprefix("data: "))["is_terminal"] is True


def scale_at(current: Json, x: int, y: int) -> float:
    """The piece size of the placed tile whose anchor cell is (x, y), from the library."""
    name, _, _, degrees = next(row for row in current["state"]["placements"]
                               if (row[1], row[2]) == (x, y))
    tile = reference_tileset().tile_named(name)
    return tile_piece_scale(tile, Rotation.from_degrees(degrees))


def test_a_crowded_tiles_pieces_carry_their_size_T5(tmp_path: Path) -> None:
    """The page draws the choices and the stream's pieces at the size the board picture
    does: smaller on a crowded tile (seed 11 meets one at its third turn)."""
    with running_server(tmp_path / "games.sqlite3") as base:
        created = call(f"{base}/api/games", "POST",
                       {"players": 2, "seats": ["human", "human"], "seed": 11})
        game = created["game"]
        tokens = {seat["player"]: seat["token"] for seat in created["seats"]}
        stream = open_stream(base, game)
        current = call(f"{base}/api/games/{game}")
        rng, pieces = random.Random(0), set[tuple[int, int, int]]()
        while not any(piece["scale"] < 1 for piece in current["pieces"]):
            for piece in current["pieces"]:
                assert piece["scale"] == scale_at(current, piece["x"], piece["y"]) == 1
            legal = [a for a in current["legal"] if a != "p"] or current["legal"]
            if current["phase"] == "place piece" and "p" in current["legal"]:
                legal = ["p"]
            current = call(f"{base}/api/games/{game}/actions", "POST",
                           {"token": tokens[current["to_move"]], "action": rng.choice(legal)})
            update_after(stream, current, pieces)
        choice = next(piece for piece in current["pieces"] if piece["scale"] < 1)
        assert choice["scale"] == scale_at(current, choice["x"], choice["y"])
        current = call(f"{base}/api/games/{game}/actions", "POST",
                       {"token": tokens[current["to_move"]], "action": choice["action"]})
        update = update_after(stream, current, pieces)
        stream.close()
        (added,) = update["pieces_added"]
        assert (added["x"], added["y"], added["segment"]) == (choice["x"], choice["y"],
                                                             choice["segment"])
        assert added["scale"] == choice["scale"] < 1
