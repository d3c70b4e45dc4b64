"""A whole table game in a real browser on a phone (issue 37): headless Chromium driven by
Playwright at 390×844 with touch, against a real uvicorn server, as in
``test_web_browser.py``.

A reference game (three seeded greedy bots, explicit draws) gives the draws, placements
and pieces.  The table game is created in the lobby with the "table game" switch, and
each entry is made on the page as the players would: every tile drawn by tapping its
picture among the tiles left in the bag, the placement by tapping its cell (again, or
Rotate, to turn it) and Confirm, the piece by tapping its marker (or No piece); with
the Bonus River, the double tile after a "!" tile by tapping it.  One
wrong tile is entered and undone along the way.  The page ends with the reference's
scores in its result panel, and the server's record holds the reference's actions.

The game is played twice: by an English browser and by a French one (``Accept-Language:
fr-FR``), whose page is scanned for English words (``test_web_french.py``'s scan) at
every few draws and at the end.

Skipped without Chromium, like the other browser tests.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from test_web_french import scan, visible_text

from carcassonne_amazonas import DrawTile, Rules
from carcassonne_amazonas.rules.actions import TURN_END, ChooseDouble, PlaceTile
from web_helpers import BROWSER_TIMEOUT_MS, needs_chromium, reference_table_game, running_server

if TYPE_CHECKING:  # Playwright is imported when a test asks for the browser
    from playwright.sync_api import Browser, Page

pytestmark = [needs_chromium, pytest.mark.slow]
PLAYERS = 3
MISTAKE_AT = 7  # the draw entered wrong, then undone
BONUS_RIVER = Rules.from_options({"bonus_river": True})  # "!" tiles take double tiles
LOCALES = {"en": "en-GB", "fr": "fr-FR"}  # the browser's language: Accept-Language
SCAN_EVERY = 6  # draws between two scans of a French page for English words


def wait_seq(page: Page, seq: int) -> None:
    """Wait until the page shows the view after ``seq`` actions."""
    page.wait_for_selector(f'body[data-seq="{seq}"]', timeout=BROWSER_TIMEOUT_MS)


def wait_board(page: Page) -> None:
    """Wait until the board on screen shows the view's actions (a tap on a cell is aimed
    at the board as it stands)."""
    page.wait_for_function("() => document.body.dataset.boardSeq === document.body.dataset.seq",
                           timeout=BROWSER_TIMEOUT_MS)


def tap_draw(page: Page, action: str) -> None:
    button = page.locator(f'button.draw-option[data-action="{action}"]')
    assert button.locator(".draw-count").inner_text()  # how many copies are left
    button.tap()


def place(page: Page, action: str) -> None:
    """Tap the cell of ``action`` (a tile placement) and turn the tile until it is
    ``action``; confirm."""
    wait_board(page)
    x, y = action[1:].split(",")[:2]
    cell = page.locator(f'rect.legal-cell[data-x="{x}"][data-y="{y}"]')
    for _ in range(4):  # the cells shown take the tile as it is turned in hand
        if cell.count():
            break
        page.locator("#rotate").tap()
    for _ in range(3):  # a tap while the board still pans may miss: look, tap again
        cell.tap()
        if page.evaluate("chosenAction()") is not None:
            break
        wait_board(page)
    for _ in range(4):
        if page.evaluate("chosenAction()") == action:
            break
        page.locator("#rotate").tap()
    assert page.evaluate("chosenAction()") == action
    page.locator("#confirm").tap()


def enter_piece(page: Page, action: str) -> None:
    page.wait_for_selector('body[data-phase="place piece"]', timeout=BROWSER_TIMEOUT_MS)
    if action == "p":
        page.locator("#pass").tap()
        return
    marker = page.locator(f'g.piece-option[data-action="{action}"]')
    marker.dispatch_event("click")  # the marker may sit under another's hit area
    page.wait_for_selector(f'g.piece-option.selected[data-action="{action}"]',
                           timeout=BROWSER_TIMEOUT_MS)
    page.locator("#confirm").tap()


def create_table_game(page: Page, url: str, lang: str) -> None:
    page.goto(f"{url}/")
    page.wait_for_selector('body[data-screen="lobby"]')
    assert page.evaluate("document.documentElement.lang") == lang
    page.select_option("#players", str(PLAYERS))
    page.locator("#table-game").check()
    assert page.locator('select[data-seat="1"]').is_disabled()
    assert page.locator("#seed").is_hidden()
    page.check("#bonus-river")
    for player, name in enumerate(["Ann", "Bob", "Cy"]):
        page.fill(f'tr:has(select[data-seat="{player}"]) input[type="text"]', name)
    page.locator("#create").tap()
    page.wait_for_selector('body[data-screen="game"][data-seq="0"][data-phase="draw tile"]',
                           timeout=BROWSER_TIMEOUT_MS)
    assert page.locator("#turn-title").inner_text().startswith("Ann")


def make_mistake(page: Page, seq: int, right: str) -> None:
    """Tap a wrong tile, see it entered, then undo it."""
    wrong = page.locator("button.draw-option").filter(
        has_not=page.locator(f'[data-action="{right}"]')).first
    wrong_action = wrong.get_attribute("data-action")
    wrong_name = wrong.get_attribute("data-name")
    assert wrong_action != right and wrong_name
    wrong.tap()
    wait_seq(page, seq + 1)
    page.locator("#table-undo").tap()
    wait_seq(page, seq)
    assert wrong_name in page.locator("#table-note").inner_text()  # the log's words
    page.wait_for_selector('body[data-phase="draw tile"]', timeout=BROWSER_TIMEOUT_MS)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_table_game_on_a_phone_ends_with_the_records_scores(
        tmp_path: Path, browser: Browser, lang: str) -> None:
    reference = reference_table_game(PLAYERS, seed=3, rules=BONUS_RIVER)
    assert any(isinstance(action, ChooseDouble) for action in reference.actions)
    actions = list(reference.actions)
    errors: list[str] = []
    with running_server(tmp_path / "games.sqlite3") as url:
        context = browser.new_context(locale=LOCALES[lang],
                                      viewport={"width": 390, "height": 844},
                                      has_touch=True, is_mobile=True)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        create_table_game(page, url, lang)
        if lang == "fr":
            scan(page)
        index = draws = 0
        while index < len(actions):
            action = actions[index]
            if isinstance(action, DrawTile):
                if draws == MISTAKE_AT:
                    make_mistake(page, index, str(action))
                draws += 1
                page.wait_for_selector('body[data-phase="draw tile"]',
                                       timeout=BROWSER_TIMEOUT_MS)
                if lang == "fr" and draws % SCAN_EVERY == 1:
                    wait_board(page)
                    scan(page)
                tap_draw(page, str(action))
                index += 1
            elif isinstance(action, ChooseDouble):
                page.locator(f'button.double-option[data-action="{action}"]').tap()
                page.locator("#confirm").tap()
                index += 1
            elif isinstance(action, PlaceTile) and index + 1 < len(actions) \
                    and isinstance(actions[index + 1], TURN_END):
                place(page, str(action))  # placed on the page, sent with the piece
                enter_piece(page, str(actions[index + 1]))
                index += 2
            elif isinstance(action, PlaceTile):
                place(page, str(action))  # a "!" tile: its double tile comes next
                index += 1
            else:
                raise AssertionError(f"unexpected action {action} at {index}")
            wait_seq(page, index)
        page.wait_for_selector("#final:not([hidden])", timeout=BROWSER_TIMEOUT_MS)
        shown = [int(page.locator(f'#final-rows tr[data-player="{player}"] td.total')
                     .inner_text()) for player in range(PLAYERS)]
        assert shown == list(reference.state.scores)
        if lang == "fr":
            wait_board(page)
            scan(page)
            text = visible_text(page)
            assert "Décompte final" in text and "Partie terminée" in text
        game = page.evaluate("new URLSearchParams(location.hash.slice(1)).get('game')")
        with urllib.request.urlopen(f"{url}/api/games/{game}/record", timeout=30) as answer:
            record = json.load(answer)
        assert record["actions"] == [str(action) for action in actions]
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390  # no sideways scroll on the phone
    assert errors == []

