"""The options of a new game in the web app: rule variants and seat kinds.

- ``"rules"`` picks the variants (R-V1 to R-V3) with the command line's and the
  snapshot's spellings; the view shows them, the game follows them, and every wrong
  value is a 400 that stores nothing;
- the seat kinds come from the bots module, read by its one parser
  (``bots.parse_bot_spec``): a kind it gains is offered at once, and a kind that takes
  a budget (``kind:N``) is capped by the server, in the request and when the bot moves;
  ``mcts`` is such a kind, and plain ``mcts`` plays the library's default budget
  (``DEFAULT_ITERATIONS``) under the cap.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from carcassonne_amazonas import GameRecord, GameState, legal_actions, reference_tileset
from carcassonne_amazonas.ai import bots as bots_module
from carcassonne_amazonas.ai.mcts import DEFAULT_ITERATIONS
from carcassonne_amazonas.rules.actions import Action
from carcassonne_amazonas.rules.boat_track import AmazonRanking
from carcassonne_amazonas.rules.scoring import CampScoring
from carcassonne_amazonas.web._options import DEFAULT_MAX_BOT_BUDGET, bot_menu
from carcassonne_amazonas.web.app import create_app
from web_helpers import act, create, play_to_the_end, record_text, tokens_of, view


def stored_games(db_path: Path) -> int:
    with sqlite3.connect(db_path) as db:
        count: int = db.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    db.close()
    return count


# ---- rule variants ---------------------------------------------------------------------

VARIANTS = {"amazon_ranking": "competition", "camp_scoring": "per-camp", "bonus_river": True}


def test_a_game_with_every_variant_shows_and_follows_them(client: TestClient) -> None:
    created = create(client, ["human", "greedy"], seed=6, rules=VARIANTS)
    current = view(client, created["game"])
    assert current["rules"] == VARIANTS
    snapshot = current["state"]
    assert snapshot["rules"]["amazon_ranking"] == "competition"
    assert snapshot["rules"]["camp_scoring"] == "per-camp"
    bonus = reference_tileset(bonus_river=True)
    assert snapshot["tileset"]["checksum"] == bonus.checksum
    assert len(snapshot["doubles_left"]) == 6  # the four doubles and the two bonus tiles
    final = play_to_the_end(client, created, random.Random(3))
    record = GameRecord.from_json(record_text(client, created["game"]))
    rules = record.rules
    assert rules.amazon_ranking is AmazonRanking.COMPETITION
    assert rules.camp_scoring is CampScoring.PER_CAMP
    assert rules.tileset.checksum == bonus.checksum
    assert record.final_state().scores == tuple(final["scores"])
    assert final["rules"] == VARIANTS


def test_rule_options_default_one_by_one(client: TestClient) -> None:
    plain = view(client, create(client, ["human", "human"])["game"])
    assert plain["rules"] == {"amazon_ranking": "dense", "camp_scoring": "per-jungle",
                              "bonus_river": False}
    assert "amazon_ranking" not in plain["state"]["rules"]  # the snapshot's own spelling
    for name, value in VARIANTS.items():
        shown = view(client, create(client, ["human", "human"], rules={name: value})["game"])
        assert shown["rules"] == {**plain["rules"], name: value}
    empty = view(client, create(client, ["human", "human"], rules={})["game"])
    assert empty["rules"] == plain["rules"]


BAD_RULES: list[tuple[str, Any, str]] = [
    ("rules as a list", ["competition"], "'rules' must be an object"),
    ("rules as text", "competition", "'rules' must be an object"),
    ("an unknown option", {"ranking": "dense"}, "unknown rule option \"ranking\""),
    ("a ranking in capitals", {"amazon_ranking": "Dense"},
     "'rules.amazon_ranking' is \"Dense\", not \"dense\" or \"competition\" (R-V1)"),
    ("a camp scoring with an underscore", {"camp_scoring": "per_camp"},
     "not \"per-jungle\" or \"per-camp\" (R-V2)"),
    ("a number for the camp scoring", {"camp_scoring": 2}, "'rules.camp_scoring' is 2"),
    ("bonus river as text", {"bonus_river": "yes"},
     "'rules.bonus_river' is \"yes\", not false or true (R-V3)"),
    ("bonus river as 1", {"bonus_river": 1}, "'rules.bonus_river' is 1"),
    ("bonus river null", {"bonus_river": None}, "'rules.bonus_river' is null"),
]


@pytest.mark.parametrize(("what", "rules", "message"), BAD_RULES,
                         ids=[case[0] for case in BAD_RULES])
def test_wrong_rule_options_are_400_and_store_nothing(client: TestClient, db_path: Path,
                                                       what: str, rules: Any,
                                                       message: str) -> None:
    response = client.post("/api/games", json={"players": 2, "seats": ["human", "human"],
                                               "rules": rules})
    assert response.status_code == 400, response.text
    assert message in response.json()["error"]
    assert stored_games(db_path) == 0


def test_the_config_lists_the_rule_options(client: TestClient) -> None:
    config = client.get("/api/config").json()
    assert config["rules"] == {"amazon_ranking": ["dense", "competition"],
                               "camp_scoring": ["per-jungle", "per-camp"],
                               "bonus_river": [False, True]}


# ---- seat kinds from the bots module ------------------------------------------------------

class FirstBot:
    """A bot kind the bots module does not have: the first legal action.  It takes a
    budget (``first:N``), recorded so that the test sees the cap."""

    def __init__(self, budget: int) -> None:
        self.budget = budget

    def choose(self, state: GameState) -> Action:
        return legal_actions(state)[0]


def add_first_kind(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The bots module gains a kind ``first`` that takes a budget; returns the list of
    the kinds make_bot is asked for from then on."""
    asked: list[str] = []
    real = bots_module.make_bot

    def make_bot(kind: str | bots_module.BotSpec, seed: int) -> bots_module.Bot | None:
        spec = bots_module.parse_bot_spec(kind) if isinstance(kind, str) else kind
        asked.append(str(spec))
        if spec.kind == "first":
            return FirstBot(spec.budget or 1000)
        return real(spec, seed)

    monkeypatch.setattr(bots_module, "BOT_KINDS", (*bots_module.BOT_KINDS, "first"))
    monkeypatch.setattr(bots_module, "BUDGETED_KINDS", (*bots_module.BUDGETED_KINDS, "first"))
    monkeypatch.setattr(bots_module, "make_bot", make_bot)
    return asked


@pytest.fixture
def first_kind(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    return add_first_kind(monkeypatch)


def test_the_seat_kinds_are_the_bots_modules(client: TestClient) -> None:
    config = client.get("/api/config").json()
    assert config["kinds"][0] == "human"
    assert set(config["kinds"]) == set(bots_module.BOT_KINDS)
    assert config["max_bot_budget"] == DEFAULT_MAX_BOT_BUDGET
    assert "greedy" not in config["budgeted_kinds"]
    for kind in config["kinds"][1:]:
        created = create(client, ["human", kind], seed=2, rules=None)
        assert view(client, created["game"])["seats"][1]["kind"] == kind


def test_a_kind_the_bots_module_gains_is_offered_at_once(client: TestClient,
                                                         first_kind: list[str]) -> None:
    config = client.get("/api/config").json()
    assert "first" in config["kinds"] and "first" in config["budgeted_kinds"]
    created = create(client, ["first", "human"], seed=3)
    current = view(client, created["game"])
    assert current["seats"][0]["kind"] == "first" and current["to_move"] == 1
    # The bot played the first legal action; the library names no default budget for
    # the kind, so the server's cap is its budget.
    assert f"first:{DEFAULT_MAX_BOT_BUDGET}" in first_kind
    assert [entry["player"] for entry in current["log"]].count(0) >= 2


def test_a_budget_over_the_servers_cap_is_refused_and_one_under_it_is_kept(
        db_path: Path, first_kind: list[str]) -> None:
    with TestClient(create_app(db_path, max_bot_budget=20)) as client:
        for kind, problem in (("first:21", "first:N takes a whole number of iterations per "
                                           "decision, from 1 to 20"),
                              ("first:0", "from 1 to 20"),
                              ("first:-3", "from 1 to 20"),
                              ("first:x", "from 1 to 20"),
                              ("first:\u0663", "from 1 to 20"),
                              ("greedy:5", "greedy takes no budget"),
                              ("human:2", "human takes no budget"),
                              ("wizard:2", "unknown player kind 'wizard:2' (choose from human"),
                              ("wizard", "(choose from human, random, greedy, mcts, first, "
                                         "mcts:N, first:N)")):
            response = client.post("/api/games", json={"players": 2,
                                                       "seats": ["human", kind]})
            assert response.status_code == 400, kind
            assert problem in response.json()["error"], (kind, response.json())
        assert stored_games(db_path) == 0
        first_kind.clear()
        created = create(client, ["human", "first:7"])
        act(client, created["game"], tokens_of(created)[0],
            view(client, created["game"])["legal"][0])
        act(client, created["game"], tokens_of(created)[0], "p")
        assert "first:7" in first_kind and "first:20" not in first_kind


def test_a_stored_budget_over_the_cap_thinks_no_longer_than_the_cap(
        db_path: Path, first_kind: list[str]) -> None:
    """A game made on a server with a higher cap, played on after a restart with a lower
    one: its bot is capped when it moves."""
    with TestClient(create_app(db_path, max_bot_budget=500)) as generous:
        created = create(generous, ["human", "first:400"])
    first_kind.clear()
    with TestClient(create_app(db_path, max_bot_budget=10)) as frugal:
        game, token = created["game"], tokens_of(created)[0]
        act(frugal, game, token, view(frugal, game)["legal"][0])
        act(frugal, game, token, "p")
    assert "first:10" in first_kind and "first:400" not in first_kind


def test_the_server_refuses_a_cap_that_is_not_a_positive_number(db_path: Path) -> None:
    for cap in (0, -1):
        with pytest.raises(ValueError, match="max_bot_budget"):
            create_app(db_path, max_bot_budget=cap)


def test_mcts_seats_are_offered_and_capped(db_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    real = bots_module.make_bot

    def spy(kind: str | bots_module.BotSpec, seed: int) -> bots_module.Bot | None:
        asked.append(str(kind))
        return real(kind, seed)

    monkeypatch.setattr(bots_module, "make_bot", spy)
    with TestClient(create_app(db_path)) as client:  # plain mcts: the library's default
        created = create(client, ["mcts", "human"], seed=4)
    assert asked == [f"mcts:{DEFAULT_ITERATIONS}"] * len(asked) and asked
    assert DEFAULT_ITERATIONS < DEFAULT_MAX_BOT_BUDGET
    asked.clear()
    with TestClient(create_app(db_path, max_bot_budget=8)) as client:
        config = client.get("/api/config").json()
        assert "mcts" in config["kinds"] and "mcts" in config["budgeted_kinds"]
        assert client.post("/api/games", json={"players": 2, "seats": ["human", "mcts:9"]}
                           ).status_code == 400
        created = create(client, ["mcts", "human"], seed=4)
        current = view(client, created["game"])
        assert current["to_move"] == 1 and current["seats"][0]["kind"] == "mcts"
    assert "mcts:8" in asked and not any(k.startswith("mcts:") and k != "mcts:8"
                                         for k in asked)


def test_a_stored_bot_kind_this_server_lacks_is_a_500_that_changes_nothing(
        db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game made on a server whose bots module had a kind, played on by one without
    it: the human's move is refused with a message, and nothing is stored."""
    with monkeypatch.context() as patched:
        add_first_kind(patched)
        with TestClient(create_app(db_path)) as client:
            created = create(client, ["human", "first"], seed=1)
    assert "first" not in bots_module.BOT_KINDS
    with TestClient(create_app(db_path)) as client:
        game, token = created["game"], tokens_of(created)[0]
        before = record_text(client, game)
        act(client, game, token, view(client, game)["legal"][0])
        answer = client.post(f"/api/games/{game}/actions", json={"token": token, "action": "p"})
        assert answer.status_code == 500
        assert "'first' bot, a kind this server does not know" in answer.json()["error"]
        assert record_text(client, game) != before  # the tile stayed, the pass did not
        assert view(client, game)["phase"] == "place piece"



def test_the_menu_offers_the_strongest_bot_within_the_cap_and_says_how_strong(
        client: TestClient) -> None:
    menu = client.get("/api/config").json()["menu"]
    assert [choice["kind"] for choice in menu] == ["human", "random", "greedy", "mcts",
                                                   "mcts:100"]
    assert menu[-1]["label"].startswith("mcts:100 (strongest")
    assert all("commit" in choice["detail"] for choice in menu[1:])
    for choice in menu[1:]:
        created = create(client, ["human", choice["kind"]], seed=4, rules=None)
        assert view(client, created["game"])["seats"][1]["kind"] == choice["kind"]


def test_a_lower_cap_leaves_out_the_bots_over_it_and_a_new_kind_comes_by_name(
        first_kind: list[str]) -> None:
    menu = bot_menu(bots_module.BOT_KINDS, 50)
    assert "mcts:100" not in [choice["kind"] for choice in menu]
    assert menu[-1] == {"kind": "first", "label": "first", "detail": ""}
