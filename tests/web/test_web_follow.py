"""Following the other players on a phone: real Chromium (Playwright) at 390×844 with
touch, against a real uvicorn server, as in ``test_web_phone.py``.

A whole 3-player game against two greedy bots is played on the page with taps.  At the
start of each of the human's turns, with the board caught up with the view:

- each bot's move since the human's last turn is on screen: its tile outlined on the
  board, inside the board's visible area, and its line (the view's ``turns[].text``, in
  the words of the explanations) above the board;
- a legal cell is on screen (the board panned to one), and the human taps one of those;
- nothing scrolls sideways;
- in the piece step every piece choice takes a 44 px tap (the board zooms in);
- while a bot thinks, the turn says for how many seconds.

At the end the Scores tab shows the result: every place, 1st to 3rd, and each player's
Total in view, with no sideways scroll; the Log tab shows the newest entry first.

Skipped without Chromium, like the other browser tests.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")

from web_helpers import BROWSER_TIMEOUT_MS, call, needs_chromium, running_server

if TYPE_CHECKING:  # Playwright is imported when a test asks for the browser
    from playwright.sync_api import Browser, Page, Route

pytestmark = needs_chromium
MAX_TURNS = 80

# The human's turn with the board caught up (a tile placed by the bots reaches the board
# through the live stream after the view) and the bots' moves shown one by one, or the end.
SETTLED = """() => document.body.dataset.terminal === 'true'
    || (document.body.dataset.myTurn === 'true' && document.body.dataset.following !== 'true'
        && document.body.dataset.boardSeq === document.body.dataset.seq
        && (document.body.dataset.phase !== 'place tile'
            || document.querySelector('rect.legal-cell') !== null))"""

# The test's own eyes, run on every frame the page draws: which moves' marks on the board
# (g.follow-move) have been whole inside the board's visible area, and which moves'
# lines (#moves li) whole inside the screen, by their seq.
RECORDER = """window.seenOnScreen = {};
const look = () => {
  const board = document.getElementById('board');
  if (board && !board.closest('[hidden]')) {
    const b = board.getBoundingClientRect();
    const inside = (r, o) => r.width > 0 && r.left >= o.left - 1 && r.right <= o.right + 1
      && r.top >= o.top - 1 && r.bottom <= o.bottom + 1;
    const screen = {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
    for (const g of document.querySelectorAll('g.follow-move')) {
      for (const t of g.querySelectorAll('rect.follow-tile')) {
        if (inside(t.getBoundingClientRect(), b) && inside(t.getBoundingClientRect(), screen)) {
          window.seenOnScreen['tile ' + g.dataset.seq] = true;
        }
      }
    }
    for (const li of document.querySelectorAll('#moves li')) {
      if (inside(li.getBoundingClientRect(), screen)) {
        window.seenOnScreen['line ' + li.dataset.seq] = true;
      }
    }
  }
  requestAnimationFrame(look);
};
requestAnimationFrame(look);"""

# The centre of a legal cell whole inside the board's visible area, or null.
CELL_ON_SCREEN = """() => {
  const b = document.getElementById('board').getBoundingClientRect();
  for (const cell of document.querySelectorAll('rect.legal-cell')) {
    const r = cell.getBoundingClientRect();
    if (r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom
        && r.bottom <= innerHeight) {
      return [r.left + r.width / 2, r.top + r.height / 2];
    }
  }
  return null;
}"""

# Each piece choice's hit area across and its centre, on screen pixels.
PIECE_TARGETS = """() => Array.from(document.querySelectorAll('.piece-option')).map((m) => {
  const r = m.querySelector('circle.hit').getBoundingClientRect();
  return [r.width, r.left + r.width / 2, r.top + r.height / 2, m.dataset.action];
})"""


# A player's Total in the result, scrolled into view: whether it is then whole on the
# screen, and its text (its label and the number).
TOTAL_IN_VIEW = """(player) => {
  const cell = document.querySelector(`#final-rows tr[data-player="${player}"] td.total`);
  cell.scrollIntoView({block: 'center'});
  const r = cell.getBoundingClientRect();
  return {inView: r.width > 0 && r.left >= 0 && r.right <= innerWidth && r.top >= 0
    && r.bottom <= innerHeight, text: cell.innerText, left: r.left, right: r.right};
}"""


TWO_FRAMES = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"

# Whether the tile's ghost (g.ghost) is drawn within ``ms`` milliseconds.
GHOST_WITHIN = """(ms) => new Promise((resolve) => {
  const start = performance.now();
  const look = () => {
    if (document.querySelector('g.ghost')) resolve(true);
    else if (performance.now() - start > ms) resolve(false);
    else requestAnimationFrame(look);
  };
  look();
})"""


def no_sideways_scroll(page: Page) -> bool:
    return bool(page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"))


def in_viewport(page: Page, selector: str) -> bool:
    found = page.locator(selector).first.bounding_box()
    size = page.viewport_size
    assert size is not None
    return (found is not None and found["x"] >= 0 and found["y"] >= 0
            and found["x"] + found["width"] <= size["width"]
            and found["y"] + found["height"] <= size["height"])


def check_followed(page: Page, api: str) -> int:
    """Every bot's move since the human's last turn was on screen (RECORDER): its tile
    marked on the board in the board's visible area, and its line, in the server's words,
    above the board; the number of moves checked."""
    view: dict[str, Any] = call(api)
    turns = view["turns"]
    mine = max((i for i, t in enumerate(turns) if t["player"] == 0), default=-1)
    followed = [t for t in turns[mine + 1:] if t["player"] != 0]
    seen = page.evaluate("window.seenOnScreen")
    for turn in followed:
        mark = page.locator(f'g.follow-move[data-seq="{turn["seq"]}"]')
        assert mark.count() == 1, turn
        assert mark.get_attribute("data-player") == str(turn["player"])
        assert seen.get(f"tile {turn['seq']}"), f"the move {turn['text']!r} was never on screen"
        assert seen.get(f"line {turn['seq']}"), f"the line {turn['text']!r} was never on screen"
        line = f'#moves li[data-seq="{turn["seq"]}"] .move-text'
        assert page.locator(line).inner_text() == turn["text"]
    return len(followed)


def tap_legal_cell(page: Page, what: str) -> None:
    """Tap a legal cell whole on screen and wait for the tile's ghost on it.

    The board can still move under the finger: when the turn bar changes height the
    board fits itself again on the next frames, and a tap at the old place lands beside
    the cell.  A person then sees the board move and taps again; so does this, up to
    three times, each time at the cell's new place."""
    for _ in range(3):
        page.evaluate(TWO_FRAMES)
        at = page.evaluate(CELL_ON_SCREEN)
        assert at is not None, f"no legal cell on screen for {what}"
        page.touchscreen.tap(at[0], at[1])
        if page.evaluate(GHOST_WITHIN, BROWSER_TIMEOUT_MS // 6):
            return
    raise AssertionError(f"three taps on a legal cell for {what} placed no ghost tile")


def play_turn(page: Page, rng: random.Random) -> None:
    """Tap a legal cell on screen, confirm; then a piece (a 44 px target) or none."""
    tap_legal_cell(page, "the tile")
    before = page.evaluate("document.body.dataset.seq")
    page.locator("#confirm").tap()
    page.wait_for_function(
        "seq => document.body.dataset.seq !== seq || document.body.dataset.phase !== 'place tile'",
        arg=before, timeout=BROWSER_TIMEOUT_MS)
    phase = page.evaluate("document.body.dataset.phase")
    if phase == "choose double":
        page.locator("button.double-option").first.tap()
        page.locator("#confirm").tap()
        page.wait_for_selector('body[data-phase="place double"]', timeout=BROWSER_TIMEOUT_MS)
        page.wait_for_function(SETTLED, timeout=BROWSER_TIMEOUT_MS)
        tap_legal_cell(page, "the double tile")
        page.locator("#confirm").tap()
        page.wait_for_selector('body[data-phase="place piece"]', timeout=BROWSER_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.phase") == "place piece"
    targets = page.evaluate(PIECE_TARGETS)
    assert all(across >= 43.5 for across, *_ in targets), targets
    before = page.evaluate("document.body.dataset.seq")
    if targets and rng.random() < 0.6:
        _, x, y, action = rng.choice(targets)
        page.evaluate(f"document.querySelector('.piece-option[data-action=\"{action}\"]')"
                      ".scrollIntoView({block: 'center', inline: 'center'})")
        targets = {t[3]: t for t in page.evaluate(PIECE_TARGETS)}
        _, x, y, _ = targets[action]
        page.touchscreen.tap(x, y)
        page.wait_for_selector(f'.piece-option.selected[data-action="{action}"]',
                               timeout=BROWSER_TIMEOUT_MS)
        page.locator("#confirm").tap()
    else:
        page.locator("#pass").tap()
    page.wait_for_function("seq => document.body.dataset.seq !== seq", arg=before,
                           timeout=BROWSER_TIMEOUT_MS)


def test_a_phone_follows_two_bots_through_a_whole_game(tmp_path: Path,
                                                       browser: Browser) -> None:
    with running_server(tmp_path / "games.sqlite3") as url:
        created = call(f"{url}/api/games", {"players": 3, "seed": 11,
                                            "seats": ["human", "greedy", "greedy"]})
        game, token = created["game"], created["seats"][0]["token"]
        api = f"{url}/api/games/{game}"
        context = browser.new_context(viewport={"width": 390, "height": 844},
                                      has_touch=True, is_mobile=True)
        page = context.new_page()
        page.add_init_script(RECORDER)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{url}/#game={game}&player=0&token={token}")
        rng = random.Random(11)
        checked = 0
        for _ in range(MAX_TURNS):
            page.wait_for_function(SETTLED, timeout=BROWSER_TIMEOUT_MS)
            page.evaluate(TWO_FRAMES)  # the layout's own reactions (a bar's new height) done
            assert no_sideways_scroll(page)
            if page.evaluate("document.body.dataset.terminal") == "true":
                break
            checked += check_followed(page, api)
            play_turn(page, rng)
        else:
            raise AssertionError(f"the game did not end in {MAX_TURNS} turns")
        assert checked >= 2 * 15, checked  # both bots' moves, turn after turn
        # The result, on the Scores tab: every place, each Total in view, nothing wider.
        page.wait_for_selector('body[data-tab="scores"] #final:not([hidden])',
                               timeout=BROWSER_TIMEOUT_MS)
        final = call(api)
        places = page.locator("#places li")
        assert places.all_inner_texts() == [p["text"] for p in final["places"]]
        assert final["places"][0]["text"].startswith("1st")
        for player in range(3):
            # Scrolled to (the page scrolls down, never sideways), the Total is in view.
            total = page.evaluate(TOTAL_IN_VIEW, player)
            assert total["inView"], total
            assert total["text"].endswith(str(final["scores"][player])), total
        assert no_sideways_scroll(page)
        assert page.evaluate("document.querySelector('.table-scroll').scrollWidth"
                             " <= document.querySelector('.table-scroll').clientWidth")
        # The log, one tap away: the newest entry first, in view.
        page.locator('#tabs [data-tab="log"]').tap()
        assert page.locator("#log li").first.get_attribute("data-seq") == str(final["seq"])
        assert in_viewport(page, "#log li")
        assert not page.locator("#board").is_visible()
        page.locator('#tabs [data-tab="board"]').tap()
        assert page.locator("#board").is_visible()
        assert errors == []
        context.close()


def thinking_since(since: int | None) -> Callable[[Route], None]:
    """A route handler that answers the server's view with its second seat a bot that
    is thinking, started ``since`` seconds ago by the server's clock (or not said)."""
    def answer(route: Route) -> None:
        fetched = route.fetch()
        if fetched.status != 200:
            route.fulfill(response=fetched)
            return
        shown = fetched.json()
        shown["seats"][1]["kind"] = "greedy"
        shown["bot"] = {"thinking": True}
        if since is not None:
            start = datetime.datetime.now(datetime.timezone.utc) - datetime.timedelta(
                seconds=since)
            shown["bot"]["since"] = start.isoformat(timespec="milliseconds")
        route.fulfill(response=fetched, json=shown)
    return answer


def test_a_thinking_bot_says_for_how_long(tmp_path: Path, browser: Browser) -> None:
    """While a bot thinks, the turn counts the seconds: from the view's ``bot.since`` (when
    the server's worker started) when it gives one, else from when the page saw it
    start.  The views are the server's, with the second seat made a thinking bot (a real
    bot's think is over before a test can count to one, or takes too long to stop)."""
    with running_server(tmp_path / "games.sqlite3") as url:
        created = call(f"{url}/api/games", {"players": 2, "seed": 4,
                                            "seats": ["human", "human"]})
        game, token = created["game"], created["seats"][0]["token"]
        view = call(f"{url}/api/games/{game}")
        view = call(f"{url}/api/games/{game}/actions",
                    {"token": token, "action": view["legal"][0]})
        call(f"{url}/api/games/{game}/actions", {"token": token, "action": "p"})
        for since in (None, 5):
            page = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                       is_mobile=True).new_page()
            page.route(f"**/api/games/{game}?*", thinking_since(since))
            page.goto(f"{url}/#game={game}&player=0&token={token}")
            page.wait_for_selector("#thinking-for:not([hidden])", timeout=BROWSER_TIMEOUT_MS)
            assert "is thinking" in page.locator("#turn-title").inner_text()
            if since is None:  # from when the page saw it: 0 s (1 s on a slow machine), on
                assert page.locator("#thinking-for").inner_text() in {"0 s", "1 s"}
                page.wait_for_function(
                    "() => Number(document.getElementById('thinking-for').dataset.seconds) >= 2",
                    timeout=BROWSER_TIMEOUT_MS)
            else:  # from the server's start: 5 s at once
                assert page.locator("#thinking-for").inner_text() in {"5 s", "6 s"}
            page.context.close()
