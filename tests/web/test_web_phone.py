"""The page on a phone and a readable board: real Chromium (Playwright) against a real
uvicorn server, as in ``test_web_browser.py``; one server and one browser for the module.

- at 390×844 and 360×740 with touch: no sideways scroll (lobby and game), the top bar
  on two lines at most, every visible control at least 44 px, help for touch (no keys);
  after a tap on a cell the board, the tile in hand and Confirm are all in view without
  scrolling; a drag pans the board and a pinch zooms it;
- at a desktop size: auto-fit never draws a tile smaller than a readable size (a large
  board pans instead), and the help speaks of keys.

Skipped without Chromium, like the other browser tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")
pytest.importorskip("playwright.sync_api", reason="needs Playwright ([test])")

from playwright.sync_api import Browser, Page

from web_helpers import BROWSER_TIMEOUT_MS, call, chromium, needs_chromium, running_server

pytestmark = needs_chromium
READABLE_PX = 56  # board.js: auto-fit never draws a tile smaller


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("phone") / "games.sqlite3") as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


def game_link(url: str, turns: int) -> str:
    """A game against the greedy bot with ``turns`` of the human's turns played through
    the API, at the start of the human's next turn: the link of the human's seat."""
    created = call(f"{url}/api/games", {"players": 2, "seats": ["human", "greedy"],
                                        "seed": 5, "names": ["Ana", ""]})
    game = created["game"]
    seats = created["seats"]
    assert isinstance(seats, list)
    token = seats[0]["token"]
    view = call(f"{url}/api/games/{game}")
    rng = random.Random(5)
    played = 0
    while played < turns or view["phase"] != "place tile":
        legal = view["legal"]
        assert isinstance(legal, list)
        action = rng.choice(legal)
        played += action[0] in "mcp"
        view = call(f"{url}/api/games/{game}/actions", {"token": token, "action": action})
    return f"{url}/#game={game}&player=0&token={token}"


def phone(browser: Browser, width: int, height: int) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=True, is_mobile=True)
    return context.new_page()


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return {"x": found["x"], "y": found["y"], "width": found["width"],
            "height": found["height"]}


def in_view(page: Page, selector: str) -> bool:
    where = box(page, selector)
    size = page.viewport_size
    assert size is not None
    return (where["y"] >= 0 and where["y"] + where["height"] <= size["height"]
            and where["x"] >= 0 and where["x"] + where["width"] <= size["width"])


def no_sideways_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"))


SMALL_TARGETS = """() => Array.from(document.querySelectorAll('button, a, select, input'))
  .filter(e => e.offsetParent !== null && e.type !== 'checkbox')
  .map(e => [e.id || e.textContent.trim(), e.getBoundingClientRect()])
  .filter(([, r]) => r.width < 44 || r.height < 44)
  .map(([name, r]) => `${name}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""

TOP_BAR_LINES = """() => new Set(Array.from(document.querySelectorAll('.topbar > *'))
  .filter(e => e.offsetParent !== null)
  .map(e => Math.round(e.getBoundingClientRect().top / 8))).size"""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (360, 740)])
def test_a_phone_plays_without_scrolling(server: str, browser: Browser, width: int,
                                         height: int) -> None:
    """Lobby and game fit the phone's width; after a tap on a cell, the board, the tile
    in hand and Confirm are in view together, with the page not scrolled."""
    page = phone(browser, width, height)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/")
    page.wait_for_selector('body[data-screen="lobby"]')
    assert page.evaluate("document.body.dataset.touch") == "true"
    assert no_sideways_scroll(page)
    assert page.evaluate(SMALL_TARGETS) == []
    page.goto(game_link(server, 12))
    page.wait_for_selector("rect.legal-cell", timeout=BROWSER_TIMEOUT_MS)
    assert no_sideways_scroll(page)
    assert page.evaluate(TOP_BAR_LINES) <= 2
    help_text = page.locator("#turn-help").inner_text()
    assert "Tap" in help_text and "Enter" not in help_text and "arrow" not in help_text
    cell = page.locator("rect.legal-cell").first
    cell.scroll_into_view_if_needed()  # inside the board, which pans: not the page
    cell.tap()
    page.wait_for_selector("g.ghost")
    assert page.evaluate("scrollY") == 0
    for selector in ("#hand-image", "#confirm", "rect.legal-cell.selected"):
        assert in_view(page, selector), selector
    assert box(page, "#board")["height"] >= 240
    assert page.locator("#confirm").is_enabled()
    assert page.evaluate(SMALL_TARGETS) == []
    assert no_sideways_scroll(page)
    before = page.evaluate("document.body.dataset.seq")
    page.locator("#confirm").tap()
    page.wait_for_function("seq => document.body.dataset.seq !== seq", arg=before,
                           timeout=BROWSER_TIMEOUT_MS)
    assert in_view(page, "#pass")
    assert errors == []
    page.context.close()


# A touch gesture on the board, as the browser reports it: pointer events of fingers.
GESTURE = """([moves]) => {
  const board = document.getElementById('board');
  const fire = (type, id, x, y) => board.dispatchEvent(new PointerEvent(type,
    {pointerId: id, pointerType: 'touch', clientX: x, clientY: y, bubbles: true}));
  for (const [type, id, x, y] of moves) fire(type, id, x, y);
}"""


def test_drag_pans_and_pinch_zooms_the_board(server: str, browser: Browser) -> None:
    page = phone(browser, 390, 844)
    page.goto(game_link(server, 20))
    page.wait_for_selector("rect.legal-cell", timeout=BROWSER_TIMEOUT_MS)
    width = float(page.locator("#board svg").get_attribute("width") or 0)
    page.evaluate("document.getElementById('board').scrollTo(0, 0)")
    # One finger dragged up and left: the board scrolls right and down.
    page.evaluate(GESTURE, [[["pointerdown", 1, 200, 400], ["pointermove", 1, 170, 370],
                             ["pointermove", 1, 150, 350], ["pointerup", 1, 150, 350]]])
    scrolled = page.evaluate("[board.scrollLeft, board.scrollTop]")
    assert scrolled[0] > 0 or scrolled[1] > 0
    # Two fingers moving apart: the board grows.
    page.evaluate(GESTURE, [[["pointerdown", 1, 150, 400], ["pointerdown", 2, 250, 400],
                             ["pointermove", 2, 300, 400], ["pointermove", 1, 100, 400],
                             ["pointerup", 1, 100, 400], ["pointerup", 2, 300, 400]]])
    grown = float(page.locator("#board svg").get_attribute("width") or 0)
    assert grown > 1.5 * width
    # A drag is not a tap: no cell was chosen by it.
    assert page.locator("rect.legal-cell.selected").count() == 0
    page.context.close()


def test_auto_fit_keeps_tiles_readable_and_help_speaks_of_keys(server: str,
                                                               browser: Browser) -> None:
    """A board larger than its area at a readable size is not shrunk below it: it
    pans. A desktop's help speaks of keys."""
    page = browser.new_page(viewport={"width": 1000, "height": 700})
    page.goto(game_link(server, 30))
    page.wait_for_selector("rect.legal-cell", timeout=BROWSER_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.touch") == "false"
    cell = box(page, "rect.legal-cell >> nth=0")
    assert cell["width"] >= READABLE_PX - 4  # the rectangle is inset by 2 units a side
    board = page.evaluate("[board.scrollWidth > board.clientWidth"
                          " || board.scrollHeight > board.clientHeight]")
    assert board == [True]  # this board is larger than the area: it pans
    assert "Enter" in page.locator("#turn-help").inner_text()
    page.close()
