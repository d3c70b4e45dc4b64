"""The page's behaviour where a game goes wrong or a player has no mouse: real Chromium
(Playwright) against a real uvicorn server, as in ``test_web_browser.py``.

- two tabs of one seat: polling costs empty 304 answers while nothing changes, a tile
  placed on the page is stored only with its piece, a move sent from a stale view is
  refused and the tab says why and shows the game as it stands;
- keyboard: Enter and Space press the button that has the focus (Take back takes
  back), after a mouse click on Rotate Enter confirms; every control has a name; one
  polling loop only, however many moves;
- a link to a game that does not exist brings back the lobby with the reason;
- a server that stops: the page says so and is not left busy, and catches up when the
  server is back;
- a seed above 2^53 reaches the server exactly (a JavaScript number would round it),
  and a seed that is not a whole number is refused on the page.

Skipped without Chromium, like the other browser test.
"""

from __future__ import annotations

import json
import sqlite3
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from carcassonne_amazonas import GameRecord
from web_helpers import BROWSER_TIMEOUT_MS, needs_chromium, running_server

if TYPE_CHECKING:  # Playwright is imported when a test asks for the browser
    from playwright.sync_api import Browser, Page

pytestmark = needs_chromium


def post_json(url: str, body: object) -> dict[str, object]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        result: dict[str, object] = json.load(answer)
    return result


def seat_link(url: str, created: dict[str, object], player: int) -> str:
    seats = created["seats"]
    assert isinstance(seats, list)
    return f"{url}/#game={created['game']}&player={player}&token={seats[player]['token']}"


def open_page(browser: Browser, link: str, errors: list[str]) -> Page:
    page = browser.new_context().new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(link)
    page.wait_for_selector("body[data-seq]", timeout=BROWSER_TIMEOUT_MS)
    return page


def seq_of(page: Page) -> int:
    return int(page.evaluate("document.body.dataset.seq"))


def test_a_second_tab_of_the_same_seat_catches_up_and_a_stale_move_is_explained(
        tmp_path: Path, browser: Browser) -> None:
    errors: list[str] = []
    with running_server(tmp_path / "games.sqlite3") as url:
        created = post_json(f"{url}/api/games", {"players": 2, "seats": ["human", "human"],
                                                 "seed": 4})
        first = open_page(browser, seat_link(url, created, 0), errors)
        second = open_page(browser, seat_link(url, created, 0), errors)
        polls: list[int] = []
        second.on("response", lambda r: polls.append(r.status)
                  if "/api/games/" in r.url and r.request.method == "GET" else None)
        second.evaluate("closeStream()")  # without its live stream, it polls every 1.5 s
        second.wait_for_timeout(3500)  # two polls or more: nothing changed, empty 304s
        assert 304 in polls and seq_of(second) == 1

        # The first tab places the tile on the page only: nothing is stored until the
        # piece goes with it, so the second tab sees no change.
        first.locator("rect.legal-cell").first.click()
        first.keyboard.press("Enter")
        first.wait_for_selector('body[data-phase="place piece"]', timeout=BROWSER_TIMEOUT_MS)
        second.wait_for_timeout(600)
        assert seq_of(second) == 1
        # The first tab stops listening (as if the stream's event had not come yet); the
        # second plays the whole turn; then the first, still showing its piece step,
        # passes too: refused (409), and it shows the game as it stands.
        first.evaluate("stopPolling()")
        second.locator("rect.legal-cell").first.click()
        second.keyboard.press("Enter")
        second.wait_for_selector('body[data-phase="place piece"]', timeout=BROWSER_TIMEOUT_MS)
        second.keyboard.press("p")
        second.wait_for_function("() => Number(document.body.dataset.seq) > 2",
                                 timeout=BROWSER_TIMEOUT_MS)
        first.keyboard.press("p")
        first.wait_for_selector("#action-error:has-text('moved on')", timeout=BROWSER_TIMEOUT_MS)
        # It now shows the game as it stands: red is to move.
        assert seq_of(first) == seq_of(second) == 4
        assert first.evaluate("document.body.dataset.myTurn") == "false"
        assert first.locator("#turn-title").inner_text().startswith("Waiting for")

        with urllib.request.urlopen(f"{url}/api/games/{created['game']}/record",
                                    timeout=30) as answer:
            record = GameRecord.from_json(answer.read())
    # One pass only: the stale one changed nothing.
    assert [a for a in record.actions if type(a).__name__ == "Pass"] == [record.actions[2]]
    assert errors == []


def test_keyboard_users_press_the_focused_button_and_every_control_has_a_name(
        tmp_path: Path, browser: Browser) -> None:
    errors: list[str] = []
    with running_server(tmp_path / "games.sqlite3") as url:
        created = post_json(f"{url}/api/games", {"players": 2, "seats": ["human", "greedy"],
                                                 "seed": 9})
        page = open_page(browser, seat_link(url, created, 0), errors)
        for name in ("Rotate R", "Confirm Enter", "Take back Esc", "Zoom in", "Zoom out",
                     "Fit the board", "New game"):
            assert page.get_by_role("button", name=name).count() == 1, name
        assert page.get_by_role("group", name="The board").count() == 1
        # Choose a cell with the arrow keys, tab to Take back and press Enter: taken back.
        page.locator("#board").focus()
        page.keyboard.press("ArrowRight")
        assert page.locator("#confirm").is_enabled()
        page.locator("#take-back").focus()
        page.keyboard.press("Enter")
        assert page.locator("rect.legal-cell.selected").count() == 0
        assert seq_of(page) == 1  # nothing was sent
        # Space on a focused Rotate rotates; after a mouse click on Rotate, Enter confirms.
        turnable = page.evaluate("view.placements.findIndex(p => p.rotations.length > 1)")
        assert turnable >= 0
        page.locator("#board").focus()
        for _ in range(turnable + 1):
            page.keyboard.press("ArrowRight")
        page.locator("#rotate").focus()
        page.keyboard.press(" ")
        assert page.evaluate("selection.index") == 1
        page.locator("#rotate").click()
        assert page.evaluate("selection.index") == 2
        assert page.evaluate("document.activeElement === document.body")
        page.keyboard.press("Enter")
        page.wait_for_selector('body[data-phase="place piece"]', timeout=BROWSER_TIMEOUT_MS)
        # The piece step: the No piece button by the keyboard.
        page.locator("#pass").focus()
        page.keyboard.press("Enter")
        page.wait_for_selector('body[data-my-turn="true"][data-phase="place tile"]',
                               timeout=BROWSER_TIMEOUT_MS)
        assert page.locator("#hand-image").get_attribute("alt", timeout=BROWSER_TIMEOUT_MS) \
            .startswith("the tile in hand, ")  # type: ignore[union-attr]
        # After two moves, one polling loop only: a poll every 1.5 s, not two or three
        # (besides, the view fetched after the stream's step, and the whole board when a
        # legal cell lies past its edge).
        polls: list[str] = []
        page.on("request", lambda r: polls.append(r.url)
                if "/api/games/" in r.url and r.method == "GET" else None)
        page.wait_for_timeout(4000)
        assert 1 <= len(polls) <= 4, polls
    assert errors == []


def test_a_link_to_an_unknown_game_brings_back_the_lobby_with_the_reason(
        tmp_path: Path, browser: Browser) -> None:
    errors: list[str] = []
    with running_server(tmp_path / "games.sqlite3") as url:
        page = browser.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{url}/#game=nosuchgame&player=0&token=abc")
        page.wait_for_selector('body[data-screen="lobby"]', timeout=BROWSER_TIMEOUT_MS)
        assert "there is no game 'nosuchgame'" in page.locator("#create-error").inner_text()
        assert page.evaluate("location.hash") == ""
    assert errors == []


def test_a_server_that_stops_is_reported_and_the_page_is_not_left_busy(
        tmp_path: Path, browser: Browser) -> None:
    errors: list[str] = []
    db = tmp_path / "games.sqlite3"
    with ExitStack() as stack:
        url = stack.enter_context(running_server(db))
        created = post_json(f"{url}/api/games", {"players": 2, "seats": ["human", "human"],
                                                 "seed": 2})
        page = open_page(browser, seat_link(url, created, 0), errors)
        page.locator("rect.legal-cell").first.click()
        stack.close()  # the server stops
        page.keyboard.press("Enter")
        page.wait_for_selector("#action-error:has-text('cannot be reached')",
                               timeout=BROWSER_TIMEOUT_MS)
        assert page.locator("#confirm").is_enabled()  # not busy: the move can be sent again
        page.wait_for_selector("#status:has-text('Connection lost')", timeout=BROWSER_TIMEOUT_MS)
        assert seq_of(page) == 1
    assert errors == []


def test_a_big_seed_reaches_the_server_exactly_and_a_wrong_one_is_refused_on_the_page(
        tmp_path: Path, browser: Browser) -> None:
    db = tmp_path / "games.sqlite3"
    with running_server(db) as url:
        page = browser.new_page()
        page.goto(f"{url}/")
        page.wait_for_selector('body[data-screen="lobby"]')
        page.fill("#seed", "12abc")
        page.locator("#create").click()
        assert "whole number" in page.locator("#create-error").inner_text()
        page.fill("#seed", "9223372036854775807")
        page.locator("#create").click()
        page.wait_for_selector('body[data-screen="game"][data-seq]', timeout=BROWSER_TIMEOUT_MS)
    with sqlite3.connect(db) as stored:
        seeds = [row[0] for row in stored.execute("SELECT draw_seed FROM games")]
    stored.close()
    assert seeds == [9223372036854775807]
