"""The web app's languages: ``Accept-Language`` picks one, the page's cookie overrides it,
and the views, the log, the result and the refusals come in it; English stays as it was;
and the page's files hard-code none of the texts the server gives them.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from starlette.testclient import TestClient

from carcassonne_amazonas.render.explain import variant_labels
from carcassonne_amazonas.rules.players import PLAYER_COLOURS
from carcassonne_amazonas.web._answers import LANG_COOKIE
from web_helpers import create, play_to_the_end, tokens_of

STATIC = Path(__file__).resolve().parents[2] / "src" / "carcassonne_amazonas" / "web" / "static"
FRENCH = {"accept-language": "fr-FR,fr;q=0.9,en;q=0.5"}


def _page_files() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8")
            for path in [*STATIC.glob("*.js"), STATIC / "index.html"]}


def test_the_page_hard_codes_no_text_the_server_gives() -> None:
    """The variants' labels, the colours' names, the winner line and the rules line come
    from /api/config and the views: none is written in the page's files."""
    given: set[str] = set()
    for words in variant_labels().values():
        given.add(str(words["label"]))
        given.add(str(words["chosen"]))
        given.update(str(label) for label in words["choices"].values())  # type: ignore[attr-defined]
    given.update({"the winner is", "shared victory", "competition ranking", "per-camp",
                  "bonus river tiles", "Amazon Bonus River"})
    found = [(name, text) for name, source in _page_files().items() for text in given
             if text.lower() in source.lower()]
    assert found == []
    quoted_colours = re.compile("|".join(f'"{colour}"' for colour in PLAYER_COLOURS))
    assert [name for name, source in _page_files().items() if quoted_colours.search(source)] == []


def test_config_gives_the_page_its_words_in_the_chosen_language(client: TestClient) -> None:
    english = client.get("/api/config").json()
    assert english["lang"] == "en" and english["languages"] == ["en", "fr"]
    assert english["messages"] == {"lang": "en", "messages": {}}
    assert english["colour_names"] == list(PLAYER_COLOURS)
    assert english["language_names"] == {"en": "English", "fr": "Français"}
    french = client.get("/api/config", headers=FRENCH).json()
    assert french["lang"] == "fr"
    assert french["colour_names"] == ["jaune", "rouge", "vert", "bleu", "noir"]
    assert french["kind_names"]["greedy"] == "glouton"
    assert french["variants"]["camp_scoring"]["choices"]["per-camp"] == "une fois par camp"
    assert french["messages"]["messages"]["New game"] == "Nouvelle partie"
    assert french["messages"]["messages"]["{n} tile to draw"] == \
        ["{n} tuile à piocher", "{n} de tuiles à piocher", "{n} tuiles à piocher"]
    client.cookies.set(LANG_COOKIE, "en")
    assert client.get("/api/config", headers=FRENCH).json()["lang"] == "en"
    client.cookies.set(LANG_COOKIE, "fr")
    assert client.get("/api/config").json()["lang"] == "fr"
    client.cookies.set(LANG_COOKIE, "xx")
    assert client.get("/api/config").json()["lang"] == "en"


def test_views_come_in_the_chosen_language(client: TestClient) -> None:
    created = create(client, ["human", "greedy"], seed=5)
    game = created["game"]
    english = client.get(f"/api/games/{game}").json()
    french = client.get(f"/api/games/{game}", headers=FRENCH)
    assert french.headers["etag"] != client.get(f"/api/games/{game}").headers["etag"]
    assert "Accept-Language" in french.headers["vary"]
    view = french.json()
    assert english["hand"]["text"].endswith(")") and "tile" in english["hand"]["text"]
    assert "tuile" in view["hand"]["text"] and " tile" not in view["hand"]["text"]
    assert view["legal"] == english["legal"]  # the data is the same in every language
    play_to_the_end(client, created, random.Random(5))
    english = client.get(f"/api/games/{game}").json()
    view = client.get(f"/api/games/{game}", headers=FRENCH).json()
    assert english["result"].startswith(("the winner is", "shared victory"))
    assert view["result"].startswith(("le gagnant est", "victoire partagée"))
    assert len(view["log"]) == len(english["log"])
    assert [entry["action"] for entry in view["log"]] == \
        [entry["action"] for entry in english["log"]]
    lines = "\n".join(line for entry in view["log"] for line in entry["lines"])
    assert "décompte final" in lines and "pioche" in lines
    assert "final scoring" not in lines and " draws " not in lines


def test_the_board_picture_comes_in_the_chosen_language(client: TestClient) -> None:
    game = create(client, ["human", "greedy"], seed=5)["game"]
    english = client.get(f"/api/games/{game}?board=1").json()["board_svg"]
    french = client.get(f"/api/games/{game}?board=1", headers=FRENCH).json()["board_svg"]
    assert "yellow boat on river space 1" in english and "Boat icon" in english
    assert "pirogue (jaune) sur la case 1 du fleuve" in french and "icône de pirogue" in french
    assert 'fill="yellow"' in french and "yellow boat" not in french  # the fill stays
    picture = client.get(f"/api/games/{game}/board.svg", headers=FRENCH)
    assert "pirogue (jaune)" in picture.text and "Accept-Language" in picture.headers["vary"]
    assert "yellow boat" in client.get(f"/api/games/{game}/board.svg").text


def test_a_refusal_is_in_the_players_language_with_its_rule(client: TestClient) -> None:
    created = create(client, ["human", "human"], seed=8)
    game, token = created["game"], tokens_of(created)[0]
    move = {"token": token, "action": "t40,40,0"}
    french = client.post(f"/api/games/{game}/actions", json=move, headers=FRENCH)
    assert french.status_code == 409
    assert re.fullmatch(r"[^()]*tuile[^()]* \(R-G[0-9]\)", french.json()["error"])
    english = client.post(f"/api/games/{game}/actions", json=move)
    assert english.json()["error"] != french.json()["error"]
    rule = re.search(r"\(R-G[0-9]\)", french.json()["error"])
    assert rule is not None and english.json()["error"].endswith(rule.group(0))
