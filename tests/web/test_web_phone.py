"""The page on a phone and a readable board: real Chromium (Playwright) against a real
uvicorn server, as in ``test_web_browser.py``; one server and one browser for the module.

- at 390×844 and 360×740 with touch: no sideways scroll (lobby and game), the top bar
  on two lines at most, every visible control at least 44 px, help for touch (no keys);
  after a tap on a cell the board, the tile in hand and Confirm are all in view without
  scrolling; a drag pans the board and a pinch zooms it;
- the board's zoom toolbar covers no legal cell and not the board picture's first row;
- the lobby is in the markup (shown before the page's script runs, hidden from the first
  paint for a game link), its Bonus River checkbox on its label's line;
- a piece choice answers a finger: a hit area 44 px across unless choices stand closer,
  and a tap 15 px off a choice's centre chooses it;
- at a desktop size: auto-fit never draws a tile smaller than a readable size (a large
  board pans instead), and the help speaks of keys.

Skipped without Chromium, like the other browser tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from web_helpers import BROWSER_TIMEOUT_MS, call, needs_chromium, running_server

if TYPE_CHECKING:  # Playwright is imported when a test asks for the browser
    from playwright.sync_api import Browser, Page

pytestmark = needs_chromium
READABLE_PX = 56  # board.js: auto-fit never draws a tile smaller


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with running_server(tmp_path_factory.mktemp("phone") / "games.sqlite3") as url:
        yield url


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


# The board's toolbar buttons that meet what they must not cover: a highlighted cell, or
# the board picture's first row, as far as each shows inside the board's scrolled area.
TOOLBAR_OVERLAPS = """() => {
  const board = document.getElementById('board').getBoundingClientRect();
  const clip = (r) => ({left: Math.max(r.left, board.left), right: Math.min(r.right, board.right),
    top: Math.max(r.top, board.top), bottom: Math.min(r.bottom, board.bottom)});
  const meets = (a, b) => a.left < b.right && b.left < a.right
    && a.top < b.bottom && b.top < a.bottom;
  const svg = document.querySelector('#board svg');
  const row = svg.getBoundingClientRect();
  const cell = Number(svg.dataset.cellSize) * svg.getScreenCTM().a;
  const covered = Array.from(document.querySelectorAll('rect.legal-cell'))
    .map((c) => ['cell ' + c.dataset.x + ',' + c.dataset.y, c.getBoundingClientRect()]);
  covered.push(['first row',
    {left: row.left, right: row.right, top: row.top, bottom: row.top + cell}]);
  const found = [];
  for (const button of document.querySelectorAll('.board-tools button')) {
    if (button.offsetParent === null) continue;
    const mine = button.getBoundingClientRect();
    for (const [name, r] of covered) {
      if (meets(mine, clip(r))) found.push(button.id + ' over ' + name);
    }
  }
  return found;
}"""


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
    assert page.evaluate(CHECKBOX_ON_ITS_LINE)  # the rules come from /api/config
    assert page.evaluate(SMALL_TARGETS) == []
    page.goto(game_link(server, 12))
    page.wait_for_selector("rect.legal-cell", timeout=BROWSER_TIMEOUT_MS)
    assert no_sideways_scroll(page)
    assert page.evaluate(TOP_BAR_LINES) <= 2
    assert page.evaluate(TOOLBAR_OVERLAPS) == []
    page.evaluate("document.getElementById('board').scrollTo(0, 0)")
    assert page.evaluate(TOOLBAR_OVERLAPS) == []  # the picture's first row in view
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


# Whether the Bonus River checkbox sits on the first line of its label's text.
CHECKBOX_ON_ITS_LINE = """() => {
  const box = document.getElementById('bonus-river').getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(document.querySelector('#rules label.check span'));
  const line = range.getClientRects()[0];
  return box.top < line.bottom && line.top < box.bottom && box.right <= line.left;
}"""


@pytest.mark.parametrize("link", ["", "#game=nothing&token=nothing"])
def test_the_lobby_shows_before_the_scripts_run(server: str, browser: Browser,
                                                link: str) -> None:
    """With the page's deferred scripts held back, the lobby's form is already on screen
    (its rule options come with the script, from /api/config); a game link shows no
    lobby, even for a moment."""
    page = phone(browser, 390, 844)
    page.route("**/static/app.js", lambda route: route.abort())
    page.goto(f"{server}/{link}")
    page.wait_for_load_state("load")
    if link:
        assert not page.locator("#lobby").is_visible()
    else:
        assert page.locator("#create").is_visible()
        assert no_sideways_scroll(page)
    page.context.close()


# On the tile just placed: each piece choice's hit area across and the distance to the
# nearest other choice (screen pixels), and a point 15 px from a choice's centre, on the
# tile and in the board's view, nearer that choice than any other by 5 px.
PIECE_TARGETS = """() => {
  const board = document.getElementById('board').getBoundingClientRect();
  const tiles = Array.from(document.querySelectorAll('rect.piece-tile'))
    .map((t) => t.getBoundingClientRect());
  const inside = (r, x, y) => r.left < x && x < r.right && r.top < y && y < r.bottom;
  const centres = Array.from(document.querySelectorAll('.piece-option')).map((m) => {
    const r = m.querySelector('circle.hit').getBoundingClientRect();
    return {action: m.dataset.action, x: r.left + r.width / 2, y: r.top + r.height / 2,
            across: r.width};
  });
  const sizes = centres.map((c) => [c.across, Math.min(...centres.filter((o) => o !== c)
    .map((o) => Math.hypot(o.x - c.x, o.y - c.y)), Infinity)]);
  for (const c of centres) for (let k = 0; k < 8; k++) {
    const x = c.x + 15 * Math.cos(k * Math.PI / 4); const y = c.y + 15 * Math.sin(k * Math.PI / 4);
    const nearer = centres.every((o) => o === c || Math.hypot(o.x - x, o.y - y) > 20);
    if (nearer && inside(board, x, y) && tiles.some((t) => inside(t, x, y))) {
      return {sizes, action: c.action, x, y};
    }
  }
  return {sizes, action: null};
}"""


def piece_link(url: str) -> str:
    """The link of a game's human seat in the piece step, with two piece choices at least
    on the tile just placed (through the API)."""
    for turns in range(12):
        link = game_link(url, turns)
        params = dict(part.split("=") for part in link.split("#")[1].split("&"))
        game = f"{url}/api/games/{params['game']}"
        legal = call(game)["legal"]
        assert isinstance(legal, list)
        view = call(f"{game}/actions", {"token": params["token"], "action": legal[0]})
        pieces = view.get("pieces")
        if isinstance(pieces, list) and len(pieces) >= 2:
            return link
    raise AssertionError("no tile with two piece choices in 12 turns")


def test_a_finger_chooses_a_piece_near_its_marker(server: str, browser: Browser) -> None:
    """On a touch screen a piece choice's hit area is 44 px across (less only where two
    choices stand closer: they never overlap), and a tap 15 px off its centre chooses it."""
    page = phone(browser, 390, 844)
    page.goto(piece_link(server))
    page.wait_for_selector(".piece-option", state="attached", timeout=BROWSER_TIMEOUT_MS)
    page.evaluate("document.querySelector('.piece-option').scrollIntoView({block: 'center'})")
    targets = page.evaluate(PIECE_TARGETS)
    for across, gap in targets["sizes"]:
        assert across >= min(44, gap) - 1, targets["sizes"]
    assert targets["action"] is not None, targets
    page.touchscreen.tap(targets["x"], targets["y"])
    page.wait_for_selector(f'.piece-option.selected[data-action="{targets["action"]}"]',
                           timeout=BROWSER_TIMEOUT_MS)
    page.context.close()
