"""The view's ``turns`` (every seat's last turn, for a page to follow the other players)
and ``places`` (every place at the end, ties shared), through the API, and
``render.explain.places_text`` itself."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from carcassonne_amazonas import GameRecord
from carcassonne_amazonas.render.explain import places_text
from web_helpers import act, create, tokens_of, view


def test_places_share_a_place_on_a_tie_and_count_past_it_E6() -> None:
    assert places_text([5, 7, 7]) == ["1st (tie): red, 7 points",
                                      "1st (tie): green, 7 points",
                                      "3rd: yellow, 5 points"]
    assert places_text([1, 9], names=["Ana", ""]) == ["1st: red, 9 points",
                                                      "2nd: Ana, 1 point"]
    with pytest.raises(ValueError, match="one string per player"):
        places_text([1, 2], names=["only one"])


def test_after_a_move_the_view_holds_each_bot_turn_since_it(client: TestClient) -> None:
    """Against two greedy bots: after the human's turn the view's last turns are the
    human's and then each bot's, with the tile each placed, its points (the scores'
    change) and one line naming the bot; the turns are as many as the seats."""
    created = create(client, ["human", "greedy", "greedy"], seed=3, names=["Ana", "", "Bo"])
    game, token = created["game"], tokens_of(created)[0]
    current = view(client, game)
    assert current["turns"] == [] and current["places"] is None
    rng = random.Random(3)
    checked = 0
    for _ in range(6):
        current = act(client, game, token, rng.choice(current["legal"]))
        if current["to_move"] != 0 or current["phase"] != "place tile":
            continue
        turns = current["turns"]
        assert [t["player"] for t in turns] == [0, 1, 2]
        assert all(t["done"] for t in turns)
        for turn in turns[1:]:
            assert turn["text"].startswith(("Red: ", "Bo: ")), turn["text"]
            assert "(R-" not in turn["text"] and turn["lines"]
            assert turn["first"] <= turn["seq"] <= current["seq"]
        # Each bot's tile is one the snapshot shows, the newest in the last turn.
        anchors = [[row[1], row[2]] for row in current["state"]["placements"]]
        assert all(t["cells"][0] in anchors for t in turns)
        assert anchors[-1] in turns[-1]["cells"]
        # What the two bots scored is what the scores moved by since the human's turn.
        bots = [sum(t["points"][p] for t in turns[1:]) for p in range(3)]
        assert bots == [now - then for now, then in
                        zip(current["scores"], view_after(client, game, turns[0]["seq"]))]
        checked += 1
    assert checked >= 2


def view_after(client: TestClient, game: str, seq: int) -> list[int]:
    """The scores after the first ``seq`` actions (the game's record, replayed)."""
    record = GameRecord.from_json(client.get(f"/api/games/{game}/record").text)
    return list(record.replay()[seq].scores)


def test_the_end_states_every_place(client: TestClient) -> None:
    created = create(client, ["human", "greedy", "greedy"], seed=5)
    game, token = created["game"], tokens_of(created)[0]
    current = view(client, game)
    rng = random.Random(5)
    while not current["is_terminal"]:
        current = act(client, game, token, rng.choice(current["legal"]))
    places = current["places"]
    assert [p["player"] for p in places] == sorted(range(3), key=lambda p: -current["scores"][p])
    assert [p["text"] for p in places] == places_text(current["scores"])
    assert places[0]["place"] == 1 and {p["player"] for p in places} == {0, 1, 2}
    # The last turn's points are its own: the final scoring is not counted in them.
    last = current["turns"][-1]
    assert sum(last["points"]) <= sum(current["scores"]) - sum(
        f["total"] for f in current["final_scoring"])
