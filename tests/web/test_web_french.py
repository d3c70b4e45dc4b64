"""The page in French in a real browser: a French browser on a phone gets the French
page and plays a whole game on it against a greedy bot, and no English word is left in
the text it shows (the lobby, the turn, the scores, the log, the board picture's legend
and tooltips, the result and its final scoring); the language switch overrides the
browser's language and the choice persists.

Bounded: at most ``MAX_PAGE_STEPS`` steps on the page (a two-player game takes about 90,
under a minute), the page scanned every ``SCAN_EVERY`` steps; then the finished game is
opened again.  Skipped without Chromium unless ``CARCASSONNE_AMAZONAS_REQUIRE_BROWSER``
is set.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from test_web_browser import SETTLED, choose_double, place_piece, place_tile

from language_helpers import english_words
from web_helpers import BROWSER_TIMEOUT_MS, needs_chromium, running_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = needs_chromium
MAX_PAGE_STEPS = 300  # a bound far above a two-player game's steps on the page
SCAN_EVERY = 10  # steps between two scans for English words


def visible_text(page: Page) -> str:
    """What the page shows: its text, the labels of its controls and the board
    picture's words (its legend and the tooltips of its tiles, pieces and boats)."""
    text: str = page.evaluate("""() => {
      const pictures = Array.from(document.querySelectorAll('svg title, svg text'),
                                  e => e.textContent.trim());
      const lines = document.body.innerText.split('\\n').concat(pictures);
      const controls = Array.from(
        document.querySelectorAll('select option:checked, input[placeholder]'))
        .filter(e => e.closest('[hidden]') === null)
        .map(e => e.textContent || e.placeholder);
      return lines.concat(controls).join('\\n');
    }""")
    return text


def french_page(browser: Browser, errors: list[str]) -> Page:
    """A page of a French browser (``Accept-Language: fr-FR``), on a phone's screen."""
    context = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844},
                                  has_touch=True, is_mobile=True)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page


def scan(page: Page) -> None:
    """No English word on the page: its text, its controls and the board picture's."""
    shown = visible_text(page)
    assert english_words(shown) == [], [line for line in shown.splitlines()
                                        if english_words(line)]


def play_the_whole_game(page: Page, rng: random.Random) -> int:
    """Play the page's seat to the end of the game, on the page; the steps it took
    (``MAX_PAGE_STEPS`` if the game did not end)."""
    for step in range(MAX_PAGE_STEPS):
        page.wait_for_function(SETTLED, timeout=BROWSER_TIMEOUT_MS)
        if step % SCAN_EVERY == 0:
            scan(page)
        phase = page.evaluate("document.body.dataset.phase")
        if page.evaluate("document.body.dataset.terminal") == "true":
            return step
        if phase in ("place tile", "place double"):
            place_tile(page, rng, step)
        elif phase == "place piece":
            place_piece(page, rng)
        else:
            choose_double(page, rng)
    return MAX_PAGE_STEPS


@pytest.mark.slow
def test_a_whole_game_in_french_on_a_phone_shows_no_english_word(tmp_path: Path,
                                                                 browser: Browser) -> None:
    rng = random.Random(37)
    errors: list[str] = []
    with running_server(tmp_path / "games.sqlite3") as url:
        page = french_page(browser, errors)
        page.goto(f"{url}/")
        page.wait_for_selector('body[data-screen="lobby"]')
        assert page.evaluate("document.documentElement.lang") == "fr"
        assert page.locator("#create").inner_text() == "Créer la partie"
        assert english_words(visible_text(page)) == []
        page.select_option('select[data-seat="0"]', "human")
        page.select_option('select[data-seat="1"]', "greedy")
        page.fill("#seed", "31")
        page.select_option("#amazon-ranking", "competition")
        page.check("#bonus-river")
        page.locator("#create").click()
        page.wait_for_selector('body[data-screen="game"][data-seq]', timeout=BROWSER_TIMEOUT_MS)
        assert page.locator("#rules-text").inner_text().startswith("Variantes : classement")
        steps = play_the_whole_game(page, rng)
        assert 40 < steps < MAX_PAGE_STEPS  # the whole game, every step on the page
        scan(page)
        assert page.locator("#log li").count() > 0
        link = page.url
        page.goto(f"{url}/")
        page.goto(link)
        page.wait_for_selector("#final:not([hidden])", timeout=BROWSER_TIMEOUT_MS)
        text = visible_text(page)
        assert "Décompte final" in text and "Partie terminée" in text
        assert re.search(r"(Le gagnant est|Victoire partagée).* avec [0-9]+ points\.", text)
        assert english_words(text) == []
        # On a phone the log is a tab of its own (Plateau, Scores, Journal).
        page.locator('#tabs [data-tab="log"]').click()
        page.wait_for_selector('body[data-tab="log"]')
        text = visible_text(page)
        assert "décompte final : le fleuve, pirogues classées" in text.lower()
        assert english_words(text) == []
    assert errors == []


def test_the_language_switch_overrides_the_browser_and_persists(tmp_path: Path,
                                                                browser: Browser) -> None:
    errors: list[str] = []
    with running_server(tmp_path / "games.sqlite3") as url:
        page = french_page(browser, errors)
        page.goto(f"{url}/")
        page.wait_for_selector('body[data-screen="lobby"]')
        assert page.locator("#lang").input_value() == "fr"
        with page.expect_navigation():
            page.select_option("#lang", "en")
        page.wait_for_selector('body[data-screen="lobby"]')
        assert page.locator("#create").inner_text() == "Create game"
        assert page.evaluate("document.documentElement.lang") == "en"
        page.goto(f"{url}/")  # the choice outlives the page: a cookie the server reads
        page.wait_for_selector('body[data-screen="lobby"]')
        assert page.locator("#create").inner_text() == "Create game"
        assert page.locator("#rules label.row.check span").inner_text() == \
            "Add the two Amazon Bonus River double tiles"
    assert errors == []
