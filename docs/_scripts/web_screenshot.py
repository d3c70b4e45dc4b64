"""Take the screenshots of the web app in the docs: ``docs/images/web-app.png``, with
``--phone`` ``docs/images/web-app-phone.png``, and with ``--table`` (a phone too)
``docs/images/web-app-table.png``, a table game asking which tile was drawn.

A real server (uvicorn, in a thread, on a free port) over a temporary database; a
2-player game against the greedy bot played some turns through the HTTP API; then
headless Chromium (Debian's ``chromium``, driven by Playwright) opens the human seat's
page (at 1440×900, or at 390×844 with touch for ``--phone``), picks a legal cell for
the tile in hand and takes the screenshot.

    python docs/_scripts/web_screenshot.py [--out docs/images/web-app.png] [--turns 16]
    python docs/_scripts/web_screenshot.py --phone
    python docs/_scripts/web_screenshot.py --table
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import uvicorn
from playwright.sync_api import sync_playwright

from carcassonne_amazonas.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]


def call(url: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.load(answer)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None,
                        help="the picture (docs/images/web-app.png, or -phone.png)")
    parser.add_argument("--phone", action="store_true", help="a phone: 390x844, touch")
    parser.add_argument("--table", action="store_true",
                        help="a table game on a phone, at the question of the tile drawn")
    parser.add_argument("--turns", type=int, default=16, help="turns played before the shot")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    args.phone = args.phone or args.table
    if args.out is None:
        name = "web-app-table.png" if args.table else \
            "web-app-phone.png" if args.phone else "web-app.png"
        args.out = ROOT / "docs" / "images" / name

    folder = Path(tempfile.mkdtemp())
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(create_app(folder / "games.sqlite3"),
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.05)
    url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    try:
        if args.table:
            created = call(f"{url}/api/games", {"players": 3, "table": True,
                                                "names": ["Ana", "Ben", "Chloé"]})
        else:
            created = call(f"{url}/api/games", {"players": 2, "seats": ["human", "greedy"],
                                                "seed": args.seed, "names": ["Ana", ""]})
        game, token = created["game"], created["seats"][0]["token"]
        view = call(f"{url}/api/games/{game}")
        rng = random.Random(args.seed)
        turns = 0
        wanted = "draw tile" if args.table else "place tile"
        while turns < args.turns or view["phase"] != wanted:
            legal = view["legal"]
            pieces = [a for a in legal if a[0] in "mc"]
            action = rng.choice(pieces) if pieces and rng.random() < 0.7 else rng.choice(legal)
            turns += action[0] in "mcp"
            view = call(f"{url}/api/games/{game}/actions", {"token": token, "action": action})
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=args.chromium)
            screen = {"width": 390, "height": 844} if args.phone else \
                {"width": 1440, "height": 900}
            page = browser.new_page(viewport=screen, device_scale_factor=1,
                                    has_touch=args.phone, is_mobile=args.phone)
            page.goto(f"{url}/#game={game}&player=0&token={token}")
            if args.table:
                page.wait_for_selector("button.draw-option")
                page.wait_for_timeout(500)
            else:
                page.wait_for_selector("rect.legal-cell")
                cells = page.locator("rect.legal-cell")
                cell = cells.nth(cells.count() // 2)
                if args.phone:
                    cell.scroll_into_view_if_needed()
                    cell.tap()
                else:
                    cell.click()
                page.wait_for_selector("g.ghost")
                page.wait_for_timeout(300)
            args.out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(args.out))
            browser.close()
    finally:
        server.should_exit = True
        thread.join(timeout=30)
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
