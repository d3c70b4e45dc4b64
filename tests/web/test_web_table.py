"""Table games: the web app keeps the score of a game played with the box (issue 37).

- a table game has one token for every seat and draws nothing: the view at a chance node
  lists the legal draws (the chance outcomes), each with its picture and copies left;
- the players enter each tile drawn, placement and piece; a whole game entered from a
  reference game (greedy bots, explicit draws) ends with the reference's scores, and its
  record replays to them (also with ``carcassonne-amazonas replay``);
- a tile that is not in the bag, or a placement the rules forbid, gets the library's
  message with its rule id, and nothing is stored;
- undo takes entries back one at a time, only in a table game, and the game survives a
  restart of the server over the same SQLite file, undo included.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient
from test_web_stream import next_event, open_stream

from carcassonne_amazonas import GameRecord, Rules
from carcassonne_amazonas.formats.game import Game
from carcassonne_amazonas.rules.chance import chance_outcomes
from carcassonne_amazonas.web.app import create_app
from web_helpers import (
    Json,
    call,
    create,
    record_text,
    reference_table_game,
    running_server,
    tokens_of,
    view,
)


def new_table(client: TestClient, players: int = 3, **extra: object) -> tuple[str, str]:
    """A new table game's id and its one token."""
    answer = client.post("/api/games", json={"players": players, "table": True,
                                             "names": ["Ann", "Bob", "Cy"][:players], **extra})
    assert answer.status_code == 201, answer.text
    created = answer.json()
    assert created["table"] is True
    assert len({seat["token"] for seat in created["seats"]}) == 1
    assert [seat["kind"] for seat in created["seats"]] == ["human"] * players
    return created["game"], created["seats"][0]["token"]


def enter(client: TestClient, game: str, token: str, action: str) -> Json:
    answer = client.post(f"/api/games/{game}/actions", json={"token": token, "action": action})
    assert answer.status_code == 200, answer.text
    result: Json = answer.json()
    return result


def undo(client: TestClient, game: str, token: str, seq: int | None = None) -> Json:
    body: Json = {"token": token} if seq is None else {"token": token, "seq": seq}
    answer = client.post(f"/api/games/{game}/undo", json=body)
    assert answer.status_code == 200, answer.text
    result: Json = answer.json()
    return result


def test_a_table_game_waits_for_the_draw_and_offers_the_chance_outcomes(
        client: TestClient) -> None:
    game, token = new_table(client, rules={"bonus_river": True})
    current = view(client, game)
    assert current["phase"] == "draw tile" and current["seq"] == 0
    assert current["to_move"] == 0 and current["seed"] is None
    record = GameRecord.from_json(record_text(client, game))
    assert record.rules.shuffle.value == "uniform"  # the box's pile has no quotas (R-C7)
    outcomes = chance_outcomes(record.initial_state())
    draws = current["table"]["draws"]
    assert [d["action"] for d in draws] == [str(action) for action, _ in outcomes]
    assert [d["action"] for d in draws] == current["legal"]
    assert sum(d["count"] for d in draws) == current["tiles_left"]
    assert {d["kind"] for d in draws} == {"amazon", "standard"}
    assert all(client.get(d["picture"]).status_code == 200 for d in draws[:3])
    assert current["table"]["last"] is None
    # The one token opens the seat of whoever is to move.
    assert client.post(f"/api/games/{game}/seat", json={"token": token}).json() == {"player": 0}
    config = client.get("/api/config").json()
    assert config["table"]["undo"] and config["table"]["draw_title"]


def test_an_entry_the_rules_refuse_gets_the_librarys_message_and_rule_id(
        client: TestClient) -> None:
    game, token = new_table(client)
    before = record_text(client, game)
    for action, words in (("*0", "not in the pile"), ("*2", "identical to S01.1"),
                          ("t0,1,0", "draw")):
        answer = client.post(f"/api/games/{game}/actions", json={"token": token,
                                                                  "action": action})
        assert answer.status_code == 409, answer.text
        assert words in answer.json()["error"]
    answer = client.post(f"/api/games/{game}/actions", json={"token": token, "action": "*0"})
    assert "(R-T1)" in answer.json()["error"]
    current = enter(client, game, token, "*1")
    assert current["phase"] == "place tile" and current["table"]["draws"] == []
    far = client.post(f"/api/games/{game}/actions", json={"token": token, "action": "t9,9,0"})
    assert far.status_code == 409 and "(R-" in far.json()["error"]
    assert client.post(f"/api/games/{game}/actions",
                       json={"token": "nope", "action": "p"}).status_code == 403
    assert record_text(client, game) != before  # the draw was stored, nothing else


def test_undo_takes_entries_back_one_at_a_time_and_only_in_a_table_game(
        client: TestClient) -> None:
    game, token = new_table(client, players=2)
    assert client.post(f"/api/games/{game}/undo", json={"token": token}).status_code == 409
    first = enter(client, game, token, "*1")
    placed = enter(client, game, token, first["legal"][0])
    assert placed["seq"] == 2 and placed["table"]["last"]["action"] == first["legal"][0]
    assert client.post(f"/api/games/{game}/undo",
                       json={"token": token, "seq": 1}).status_code == 409  # stale
    assert client.post(f"/api/games/{game}/undo", json={"token": "x"}).status_code == 403
    back = undo(client, game, token, seq=2)
    drawn_tag = client.get(f"/api/games/{game}").headers["etag"]  # *1 drawn
    assert back["seq"] == 1 and back["phase"] == "place tile"
    assert back["legal"] == first["legal"] and back["table"]["last"]["action"] == "*1"
    again = undo(client, game, token)
    assert again["seq"] == 0 and again["phase"] == "draw tile" and again["log"] == []
    # Entered again differently: the views, their ETags and the record follow, no
    # stale cache.
    other = enter(client, game, token, "*4")  # as many actions as when *1 was drawn
    now_tag = client.get(f"/api/games/{game}").headers["etag"]
    assert client.get(f"/api/games/{game}",
                      headers={"if-none-match": now_tag}).status_code == 304
    assert client.get(f"/api/games/{game}",
                      headers={"if-none-match": drawn_tag}).status_code == 200
    assert other["hand"]["name"] == "S01.4"
    assert view(client, game)["hand"]["name"] == "S01.4"
    assert json.loads(record_text(client, game))["actions"] == ["*4"]
    seated = create(client, ["human", "greedy"])
    assert view(client, seated["game"])["table"] is None
    answer = client.post(f"/api/games/{seated['game']}/undo",
                         json={"token": tokens_of(seated)[0]})
    assert answer.status_code == 409 and "only a table game" in answer.json()["error"]


def test_a_table_game_refuses_bots_and_a_seed(client: TestClient) -> None:
    for extra in ({"seats": ["human", "greedy"]}, {"seed": 4}, {"table": "yes"}):
        body = {"players": 2, "table": True, **extra}
        answer = client.post("/api/games", json=body)
        assert answer.status_code == 400, body


def test_a_whole_table_game_survives_a_restart_and_replays_to_the_same_scores(
        db_path: Path, tmp_path: Path) -> None:
    reference = reference_table_game(3, seed=5)
    actions = [str(action) for action in reference.actions]
    half = len(actions) // 2
    with TestClient(create_app(db_path)) as client:
        game, token = new_table(client)
        for action in actions[:half]:
            enter(client, game, token, action)
        # a mistake, undone
        wrong = next(a for a in view(client, game)["legal"] if a != actions[half])
        enter(client, game, token, wrong)
        undo(client, game, token)
    with TestClient(create_app(db_path)) as client:  # the server restarted
        current = view(client, game)
        assert current["seq"] == half and current["table"] is not None
        for action in actions[half:]:
            current = enter(client, game, token, action)
        assert current["is_terminal"]
        assert current["scores"] == list(reference.state.scores)
        assert current["final_scoring"] is not None and current["result"]
        assert all("river" in row for row in current["final_scoring"])
        text = record_text(client, game)
    replayed = Game.from_record(GameRecord.from_json(text))
    assert replayed.state.scores == reference.state.scores
    path = tmp_path / "table.json"
    path.write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "carcassonne_amazonas", "replay", str(path)],
                          capture_output=True, text=True, check=True)
    for score in reference.state.scores:
        assert str(score) in done.stdout


def test_a_table_game_with_the_bonus_river_takes_the_double_tiles(client: TestClient) -> None:
    """After a "!" tile the players choose the double tile and place it, as in any game
    (R-V3, R-T3); the whole game ends with the reference's scores."""
    reference = reference_table_game(2, seed=8, rules=Rules.from_options({"bonus_river": True}))
    actions = [str(action) for action in reference.actions]
    assert any(action.startswith("d") for action in actions)
    game, token = new_table(client, players=2, rules={"bonus_river": True})
    for action in actions:
        current = enter(client, game, token, action)
    assert current["is_terminal"] and current["scores"] == list(reference.state.scores)


def test_the_live_stream_of_a_table_game_steps_and_says_gone_on_an_undo(
        tmp_path: Path) -> None:
    """A page following the game gets each entry as a step; an undo ends its stream with
    ``gone``, so that it fetches the game whole (its board had the entry taken back)."""
    with running_server(tmp_path / "games.sqlite3") as base:
        created = call(f"{base}/api/games", {"players": 2, "table": True})
        game, token = created["game"], created["seats"][0]["token"]
        stream = open_stream(base, game)
        assert stream.readline() == b": open\n"
        call(f"{base}/api/games/{game}/actions", {"token": token, "action": "*1"})
        event_id, name, update = next_event(stream)
        assert (event_id, name) == ("1", "step") and update["log"][0]["action"] == "*1"
        call(f"{base}/api/games/{game}/undo", {"token": token})
        _, name, _ = next_event(stream)
        assert name == "gone"
        stream.close()
