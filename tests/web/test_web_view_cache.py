"""The web app's views as answered, through Starlette's TestClient over a real SQLite file.

- a view is built once per step however many pages ask for it (R-T1 draws included),
  compressed once for the clients that accept gzip; the cache of views keeps to its
  count and its bytes; ``?log_after=N`` leaves out the log a page already shows;
- a poll with the view's ETag (also a weak tag, or ``*``) is an empty 304 until an
  action is stored;
- a ``board`` query is yes or no.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from carcassonne_amazonas.web import _answers as answers
from carcassonne_amazonas.web import _views as views
from web_helpers import act, create, tokens_of, view


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
