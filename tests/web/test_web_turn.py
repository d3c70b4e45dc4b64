"""A turn on the page: real Chromium (Playwright) against a real uvicorn server, as in
``test_web_browser.py``; one server and one browser for the module.

- the tile in hand turns before a cell is chosen, the highlighted cells are those that
  take it so, and a cell chosen then shows the tile so turned;
- a cell clicked while the turn is drawn anew is chosen, and a choice survives an
  update that keeps the turn;
- Take back in the piece step returns to the start of the turn: the tile is stored only
  with its piece (R-T5), so nothing reached the server;
- the log reads as sentences, the notation and the rule ids one click away;
- the page's seat is the one the server says the token opens, not the link's number;
- the opt-in notification when it becomes your turn (a hidden page, leave given).

Skipped without Chromium, like the other browser tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from web_helpers import BROWSER_TIMEOUT_MS, call, needs_chromium, running_server

if TYPE_CHECKING:  # Playwright is imported when a test asks for the browser
    from playwright.sync_api import Browser, Page

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("turn") / "games.sqlite3") as url:
        yield url


def two_humans(url: str, seed: int) -> tuple[str, list[str]]:
    created = call(f"{url}/api/games", {"players": 2, "seats": ["human", "human"],
                                        "seed": seed, "names": ["Ann", "Bo"]})
    seats = created["seats"]
    assert isinstance(seats, list)
    return str(created["game"]), [seat["token"] for seat in seats]


def open_seat(browser: Browser, url: str, game: str, token: str, player: int = 0) -> Page:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(f"{url}/#game={game}&player={player}&token={token}")
    page.wait_for_selector("body[data-seq]", timeout=BROWSER_TIMEOUT_MS)
    return page


def shown_cells(page: Page) -> set[tuple[int, int]]:
    cells = page.evaluate("Array.from(document.querySelectorAll('rect.legal-cell'))"
                          ".map(r => [Number(r.dataset.x), Number(r.dataset.y)])")
    return {(x, y) for x, y in cells}


def test_the_tile_turns_before_a_cell_is_chosen(server: str, browser: Browser) -> None:
    game, tokens = two_humans(server, 3)
    page = open_seat(browser, server, game, tokens[0])
    page.wait_for_selector("rect.legal-cell", timeout=BROWSER_TIMEOUT_MS)
    view = call(f"{server}/api/games/{game}")
    placements = view["placements"]
    assert isinstance(placements, list)
    degrees = sorted({r["degrees"] for p in placements for r in p["rotations"]})
    assert len(degrees) > 1, "this seed's first tile fits in one turn only"
    for degree in degrees[:3]:
        assert page.locator("#rotate").is_enabled()
        fitting = {(p["x"], p["y"]) for p in placements
                   if any(r["degrees"] == degree for r in p["rotations"])}
        assert shown_cells(page) == fitting
        assert f"turned {degree}°" in page.locator("#choice-text").inner_text()
        page.keyboard.press("r")
    # Choosing a cell now shows the tile as it is turned in hand.
    page.keyboard.press("r")  # back to the first turn, or on
    degree = page.evaluate("handDegree()")
    page.locator("rect.legal-cell").first.click()
    assert page.evaluate("tileOption().degrees") == degree
    page.close()


def test_take_back_in_the_piece_step_returns_to_the_start_of_the_turn_T5(
        server: str, browser: Browser) -> None:
    game, tokens = two_humans(server, 8)
    page = open_seat(browser, server, game, tokens[0])
    page.wait_for_selector("rect.legal-cell", timeout=BROWSER_TIMEOUT_MS)
    page.locator("rect.legal-cell").first.click()
    chosen = page.evaluate("[selection.x, selection.y, tileOption().action]")
    page.locator("#confirm").click()
    page.wait_for_selector('body[data-phase="place piece"]', timeout=BROWSER_TIMEOUT_MS)
    assert page.locator("g.ghost").count() == 1  # the tile stands where it was put
    assert call(f"{server}/api/games/{game}")["seq"] == 1  # nothing stored yet
    page.locator("#take-back").click()
    page.wait_for_selector('body[data-phase="place tile"]')
    # The start of the turn, with the cell and the turn still chosen.
    assert page.evaluate("[selection.x, selection.y, tileOption().action]") == chosen
    assert page.locator("#pass").is_hidden()
    # Confirm again, then a piece (or none): the tile and the piece are stored together.
    page.locator("#confirm").click()
    page.wait_for_selector('body[data-phase="place piece"]', timeout=BROWSER_TIMEOUT_MS)
    page.keyboard.press("p")
    page.wait_for_selector('body[data-my-turn="false"]', timeout=BROWSER_TIMEOUT_MS)
    stored = call(f"{server}/api/games/{game}")
    log = stored["log"]
    assert isinstance(log, list)
    assert [entry["action"] for entry in log][1:3] == [chosen[2], "p"]
    # The log reads as sentences; the notation and the rule ids are one click away.
    entry = page.locator('#log li[data-seq="2"]')  # after the first draw
    assert "(R-" not in entry.locator("p").first.inner_text()
    assert entry.locator("details.more code").text_content() == chosen[2]
    passed = page.locator('#log li[data-seq="3"]')
    assert "R-T5" in (passed.locator("details.more").text_content() or "")
    assert "(R-" not in passed.inner_text()
    page.close()


REDRAW = "async () => { etag = null; await refresh(true); }"


def test_a_chosen_cell_survives_updates_that_keep_the_turn(server: str,
                                                           browser: Browser) -> None:
    """An update that comes while a cell is being clicked (the view fetched again, as a
    late stream step or the board's catch-up does) draws the turn anew; the click still
    chooses the cell (R-T2), and an update that keeps the turn keeps the choice."""
    game, tokens = two_humans(server, 5)
    page = open_seat(browser, server, game, tokens[0])
    page.wait_for_selector("rect.legal-cell", timeout=BROWSER_TIMEOUT_MS)
    cell = page.locator("rect.legal-cell").nth(1)
    box = cell.bounding_box()
    assert box is not None
    x, y = cell.get_attribute("data-x"), cell.get_attribute("data-y")
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.evaluate(REDRAW)  # the turn drawn anew between the press and the release
    page.mouse.up()
    selected = page.locator("rect.legal-cell.selected")
    assert selected.count() == 1 and page.locator("#confirm").is_enabled()
    assert [selected.get_attribute("data-x"), selected.get_attribute("data-y")] == [x, y]
    # A duplicate of the view, then one a step on whose turn and cells are the same.
    page.evaluate(REDRAW)
    page.evaluate("setView(Object.assign({}, view, {seq: view.seq + 1}))")
    assert page.evaluate("[selection.x, selection.y]") == [int(x or 0), int(y or 0)]
    assert page.locator("#confirm").is_enabled()
    page.close()


NOTIFICATIONS = """
window.shown = [];
window.Notification = class { constructor(title, options) { window.shown.push(title); }
  static get permission() { return "granted"; } static requestPermission() { return "granted"; } };
Object.defineProperty(document, "hidden", { get: () => true });
"""


def test_the_seat_is_the_tokens_and_a_hidden_page_notifies_the_turn(server: str,
                                                                    browser: Browser) -> None:
    game, tokens = two_humans(server, 12)
    # Seat 1's token in a link that says player 0: the page plays seat 1.
    context = browser.new_context()
    context.add_init_script(NOTIFICATIONS)
    page = context.new_page()
    page.goto(f"{server}/#game={game}&player=0&token={tokens[1]}")
    page.wait_for_selector("body[data-seq]", timeout=BROWSER_TIMEOUT_MS)
    assert "you are Bo" in page.locator("#status").inner_text()
    assert page.evaluate("document.body.dataset.myTurn") == "false"
    assert page.locator("#turn-title").inner_text() == "Waiting for Ann"
    # Ann plays her turn through the API; Bo's hidden page says it is his turn.
    view = call(f"{server}/api/games/{game}")
    legal = view["legal"]
    assert isinstance(legal, list)
    call(f"{server}/api/games/{game}/actions",
         {"token": tokens[0], "actions": [legal[0], "p"]})
    page.wait_for_selector('body[data-my-turn="true"]', timeout=BROWSER_TIMEOUT_MS)
    assert page.evaluate("window.shown") == ["Your turn \u2013 Carcassonne \u2013 Amazonas"]
    # A token that opens no seat: watching, and saying why.
    other = context.new_page()
    other.goto(f"{server}/#game={game}&player=1&token=not-a-token")
    other.wait_for_selector("body[data-seq]", timeout=BROWSER_TIMEOUT_MS)
    assert "watching" in other.locator("#status").inner_text()
    assert "opens no seat" in other.locator("#turn-help").inner_text()
    context.close()
