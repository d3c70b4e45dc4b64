"""The web app draws the tiles itself, and no response tells the tiles to come (R-T1, R-C7).

- games use explicit draws; the server resolves every chance node at once from the
  game's secret draw seed, so no view is at a chance node and the record holds the
  draws as ``*id`` actions;
- two games with the same seed, played the same, are the same game;
- the view, the board and the record of an unfinished game hold nothing about the
  order of the tiles to come: the snapshot's pile is sorted by id, no answer holds the
  seed, and changing the stored seed changes the next draws but no answer before them;
- the k-th draw is the library's exact sampler, ``chance.sample_draw``, with the
  generator of the game's seed and k (``service.draw_random``), so the draws follow the
  chance outcomes' exact probabilities.
"""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from carcassonne_amazonas import DrawTile, GameRecord, GameState, new_game
from carcassonne_amazonas.rules.chance import chance_outcomes, sample_draw
from carcassonne_amazonas.web._requests import MAX_SEED
from carcassonne_amazonas.web._served import draw_random, new_draw_seed
from carcassonne_amazonas.web.app import create_app
from web_helpers import Json, act, create, play_to_the_end, record_text, tokens_of, view

# A seed whose digits cannot turn up in an answer by chance.
SECRET = 7_394_018_265_530_917_421


def answers(client: TestClient, game: str) -> dict[str, str]:
    """Every GET answer about ``game``, as text."""
    return {path: client.get(f"/api/games/{game}{path}").text
            for path in ("", "?board=1", "/record", "/board.svg")}


def without_id(current: Json) -> Json:
    return {key: value for key, value in current.items() if key != "game"}


def test_the_server_draws_every_tile_and_no_view_is_at_a_chance_node(db_path: Path) -> None:
    with TestClient(create_app(db_path)) as client:
        created = create(client, ["human", "random"], seed=12)
        current = view(client, created["game"])
        rng = random.Random(4)
        token = tokens_of(created)[0]
        while not current["is_terminal"]:
            assert current["phase"] != "draw tile"
            assert current["state"]["phase"] != "draw tile"
            assert not any(action.startswith("*") for action in current["legal"])
            current = act(client, created["game"], token, rng.choice(current["legal"]))
        record = GameRecord.from_json(record_text(client, created["game"]))
    assert record.draws == "explicit" and record.seed is None and record.pile is None
    # Every draw of the record is the library's sampler with the game's seed, in order.
    states = record.replay()
    draws = [(states[i], action) for i, action in enumerate(record.actions)
             if isinstance(action, DrawTile)]
    assert len(draws) >= 72 and all(state.is_chance_node for state, _ in draws)
    assert [action for _, action in draws] == [sample_draw(state, draw_random(12, k))
                                               for k, (state, _) in enumerate(draws)]


def test_two_games_with_the_same_seed_play_the_same(client: TestClient) -> None:
    games = [create(client, ["human", "greedy", "random"], seed=99) for _ in range(2)]
    other = create(client, ["human", "greedy", "random"], seed=100)
    finals = [play_to_the_end(client, created, random.Random(8)) for created in games]
    assert finals[0]["game"] != finals[1]["game"]
    assert without_id(finals[0]) == without_id(finals[1])
    assert json.loads(record_text(client, games[0]["game"])) == \
        json.loads(record_text(client, games[1]["game"]))
    # Another seed draws other tiles (the first ten draws tell; no need of a whole game).
    tokens, current = tokens_of(other), view(client, other["game"])
    while len(drawn_tiles(client, other["game"])) < 10:
        current = act(client, other["game"], tokens[current["to_move"]],
                      random.Random(8).choice(current["legal"]))
    assert drawn_tiles(client, other["game"])[:10] != drawn_tiles(client, games[0]["game"])[:10]


def drawn_tiles(client: TestClient, game: str) -> list[int]:
    record = GameRecord.from_json(record_text(client, game))
    return [int(a.tile) for a in record.actions if isinstance(a, DrawTile)]


def test_the_same_seed_draws_the_same_tiles_however_the_game_is_played(
        client: TestClient) -> None:
    """The k-th draw's outcomes depend only on the tiles drawn before it (R-C7)."""
    # A human and a random bot: the human's moves differ, and half the requests of two humans.
    games = [create(client, ["human", "random"], seed=5) for _ in range(2)]
    for created, moves_seed in zip(games, (1, 2)):
        play_to_the_end(client, created, random.Random(moves_seed))
    records = [GameRecord.from_json(record_text(client, g["game"])) for g in games]
    moves = [[a for a in r.actions if not isinstance(a, DrawTile)] for r in records]
    assert moves[0] != moves[1]
    assert drawn_tiles(client, games[0]["game"]) == drawn_tiles(client, games[1]["game"])


def test_no_answer_about_an_unfinished_game_tells_the_tiles_to_come(
        client: TestClient) -> None:
    created = create(client, ["human", "greedy"], seed=SECRET)
    assert str(SECRET) not in json.dumps(created)
    game, token = created["game"], tokens_of(created)[0]
    current = view(client, game)
    rng = random.Random(1)
    for _ in range(30):
        snapshot = current["state"]
        pile = snapshot["pile"]
        assert pile["explicit"] is True and pile["seed"] is None
        tileset = GameRecord.from_json(record_text(client, game)).rules.tileset
        ids = [int(tileset.tile_named(name).id) for name in pile["tiles"]]
        assert ids == sorted(ids) and len(ids) == current["tiles_left"]
        assert current["seed"] is None
        for path, text in answers(client, game).items():
            assert str(SECRET) not in text, path
        record = json.loads(record_text(client, game))
        assert record["seed"] is None and record["pile"] is None and record["start"] is None
        current = act(client, game, token, rng.choice(current["legal"]))
    final = play_to_the_end(client, created, rng)
    # Once the game is over, its seed may be told: it lets anyone check the draws.
    assert final["seed"] == SECRET


def test_changing_the_stored_seed_changes_the_next_draws_but_no_answer_before_them(
        tmp_path: Path) -> None:
    """Two copies of one game, the second with another draw seed in its database: every
    answer is the same, byte for byte, until the next tile is drawn, which differs."""
    first, second = tmp_path / "first.sqlite3", tmp_path / "second.sqlite3"
    with TestClient(create_app(first)) as client:
        created = create(client, ["human", "human"], seed=31)
        game, tokens = created["game"], tokens_of(created)
        current = view(client, game)
        for _ in range(9):
            current = act(client, game, tokens[current["to_move"]], current["legal"][0])
    shutil.copy(first, second)
    with sqlite3.connect(second) as db:
        db.execute("UPDATE games SET draw_seed = ?", (32,))
    db.close()
    clients = [TestClient(create_app(path)) for path in (first, second)]
    with clients[0], clients[1]:
        differed = False
        for _ in range(40):
            seen = [answers(c, game) for c in clients]
            assert seen[0] == seen[1]
            current = json.loads(seen[0][""])
            if current["is_terminal"]:
                break
            action = current["legal"][0]
            after = [act(c, game, tokens[current["to_move"]], action) for c in clients]
            if after[0]["hand"] != after[1]["hand"]:
                differed = True
                break
        assert differed, "another seed should have drawn another tile within 40 moves"


def test_the_draws_follow_the_exact_probabilities() -> None:
    """At the first draw, each tile comes with the probability chance_outcomes gives
    (R-C7: 3 of the 16 tiles of the first slice are Amazon tiles): checked on 4,000
    draws (indices), within 4.5 standard deviations; the same index draws the same."""

    def web_draw(state: GameState, seed: int, index: int) -> DrawTile:
        return sample_draw(state, draw_random(seed, index))

    state = new_game(2, draws="explicit")
    outcomes = dict(chance_outcomes(state))
    tileset = state.rules.tileset
    amazon = sum(p for action, p in outcomes.items()
                 if tileset.tile(action.tile).name.startswith("A"))
    draws = Counter(web_draw(state, 77, index) for index in range(4000))
    assert set(draws) <= set(outcomes)
    share = sum(count for action, count in draws.items()
                if tileset.tile(action.tile).name.startswith("A")) / 4000
    sigma = (float(amazon) * (1 - float(amazon)) / 4000) ** 0.5
    assert abs(share - float(amazon)) < 4.5 * sigma
    assert len(draws) > len(outcomes) * 0.9
    assert web_draw(state, 77, 12) == web_draw(state, 77, 12)
    with pytest.raises(ValueError, match="not a chance node"):
        web_draw(new_game(2, seed=1), 77, 0)
    assert all(0 <= new_draw_seed() <= MAX_SEED for _ in range(20))
    assert len({new_draw_seed() for _ in range(20)}) == 20
