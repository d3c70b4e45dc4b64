"""Helpers of the web app's tests: a real uvicorn server in a thread, and a client's game.

The server listens on a socket bound to port 0 before it starts, so the port is free
and known without sleeping; it stops when ``should_exit`` is set (signals are only
hooked on the main thread, so running it in a thread is safe).  The other helpers play
through Starlette's TestClient and check every answer's status.
"""

from __future__ import annotations

import json
import os
import random
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any
from unittest import mock

import pytest
import uvicorn
from starlette.testclient import TestClient

from carcassonne_amazonas import GreedyBot, Rules, new_game
from carcassonne_amazonas.formats.game import Game
from carcassonne_amazonas.rules.chance import sample_draw
from carcassonne_amazonas.web import _stream
from carcassonne_amazonas.web.app import create_app

if TYPE_CHECKING:
    from playwright.sync_api import Browser

Json = dict[str, Any]

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# CI sets CARCASSONNE_AMAZONAS_REQUIRE_BROWSER after installing Chromium: a missing
# browser then fails the test instead of skipping it.
needs_chromium = pytest.mark.skipif(
    not os.path.exists(CHROMIUM) and not os.environ.get("CARCASSONNE_AMAZONAS_REQUIRE_BROWSER"),
    reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")
BROWSER_TIMEOUT_MS = 30_000  # for each wait of a browser test
# How often a test server's live stream looks for new actions (the app's EVENTS_POLL is
# 0.2 s): a test that waits for each of its moves to come through the stream waited
# 0.1-0.2 s per move for nothing.
TEST_EVENTS_POLL = 0.05


@contextmanager
def running_server(db_path: Path, app: Any = None) -> Iterator[str]:
    """A real uvicorn server of the app over ``db_path`` (or of ``app``) on a free port
    of 127.0.0.1, its live stream polling every ``TEST_EVENTS_POLL`` s; yields its base
    URL and stops it on exit."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    # A page's live stream never ends by itself: without a graceful-shutdown timeout the
    # server waited for it, and each browser test for the thread's 30 s join below; with
    # 1 s, each test with a page open waited 1 s. With 0 the server cancels what still
    # runs after the 0.1 s it gives the connections to close.
    # proxy_headers=False as serve has it: the app believes forwarded headers from
    # --trusted-proxy only, and uvicorn's own would believe them from 127.0.0.1.
    config = uvicorn.Config(create_app(db_path) if app is None else app, log_level="critical",
                            timeout_graceful_shutdown=0, proxy_headers=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    poll = mock.patch.object(_stream, "EVENTS_POLL", TEST_EVENTS_POLL)
    poll.start()
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the web server did not start")
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
        poll.stop()


@contextmanager
def chromium() -> Iterator[Browser]:
    """Debian's Chromium (or ``CHROMIUM``) driven by Playwright, closed on exit."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=CHROMIUM)
        try:
            yield launched
        finally:
            launched.close()


def call(url: str, body: object = None) -> Json:
    """A GET of ``url``, or a POST of ``body`` as JSON, to a running server: its JSON."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        result: Json = json.load(answer)
    return result


def create(client: TestClient, seats: list[str], seed: int | None = 7, **extra: Any) -> Json:
    body: Json = {"players": len(seats), "seats": seats, **extra}
    if seed is not None:
        body["seed"] = seed
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    created: Json = response.json()
    return created


def tokens_of(created: Json) -> dict[int, str]:
    return {seat["player"]: seat["token"] for seat in created["seats"] if seat["token"]}


def view(client: TestClient, game: str) -> Json:
    response = client.get(f"/api/games/{game}")
    assert response.status_code == 200, response.text
    result: Json = response.json()
    return result


def act(client: TestClient, game: str, token: str, action: str) -> Json:
    response = client.post(f"/api/games/{game}/actions", json={"token": token, "action": action})
    assert response.status_code == 200, response.text
    result: Json = response.json()
    return result


def record_text(client: TestClient, game: str) -> str:
    response = client.get(f"/api/games/{game}/record")
    assert response.status_code == 200
    return response.text


def game_snapshot(client: TestClient, game: str) -> tuple[str, Json]:
    """The game's record and view, to check that a request left it as it was."""
    return record_text(client, game), view(client, game)


def play_to_the_end(client: TestClient, created: Json, rng: random.Random) -> Json:
    """Play random legal actions for the human seats until the game is over."""
    tokens = tokens_of(created)
    current = view(client, created["game"])
    while not current["is_terminal"]:
        current = act(client, created["game"], tokens[current["to_move"]],
                      rng.choice(current["legal"]))
    return current


def reference_table_game(players: int, seed: int, rules: Rules | None = None) -> Game:
    """A whole game of seeded greedy bots with explicit draws (the library's exact
    sampler) and ``rules``: the draws, placements and pieces a table game's tests
    enter."""
    game = Game(new_game(players, draws="explicit", rules=rules))
    draws = random.Random(seed)
    bot = GreedyBot(seed=seed)
    while not game.state.is_terminal:
        state = game.state
        game.play(sample_draw(state, draws) if state.is_chance_node else bot.choose(state))
    return game
