"""Hypothesis settings profiles for the whole suite.

- ``quick``: the default, on a developer's machine and in CI alike: 20 examples per
  property, so that the README's test command runs the whole suite in about 3 minutes
  on 2 cores. The tests that scale their own counts (games per player count, fuzzed
  inputs) scale them from the profile's ``max_examples`` too.
- ``thorough``: 1000 examples, and the counts scaled with it, for a long run before a
  release (``HYPOTHESIS_PROFILE=thorough python -m pytest -n auto``).

``HYPOTHESIS_PROFILE=<name>`` (or pytest's ``--hypothesis-profile``) picks one
explicitly.  No profile has a deadline: the suite runs on shared, noisy
machines where a single slow example says nothing about the code.

With ``-n auto`` the workers steal work from each other (pytest-xdist's ``worksteal``,
unless ``--dist`` says otherwise): an idle worker takes half of another's queue, where
``load`` hands out fixed chunks and left one worker up to half a minute of work alone at
the end.  The modules that hold the suite's longest tests (``LONGEST_FIRST``) run first,
so that no 25 s browser game starts when the other workers are done.  Within a module
the order is pytest's, so its fixtures are set up once.

Ctrl-C is given its default meaning for the commands the tests start: a suite run as
a background job (``bash .ci/run &``) inherits SIGINT ignored, which every child would
inherit too, and the tests that interrupt ``play`` and ``simulate`` would wait for ever.

The web app's tests share two fixtures here, ``db_path`` (a fresh SQLite file) and
``client`` (Starlette's TestClient over the app on it); the client imports the
``[web]`` extra only when a test asks for it, after that test's module skipped itself
without the extra.

The real-browser tests share one Chromium per test process (per xdist worker),
``shared_chromium``, launched when the first of them asks for it (a launch costs about
2 s of CPU, and each page test module, and each test of ``web/test_web_browser.py``,
launched its own); each test takes it through ``browser``, which closes every context
the test opened (each ``new_page`` or ``new_context``) when it ends, so that no test sees
another's pages, storage or cookies, and no page left open keeps polling a server.

The command-line tool's tests share three games here, all played by ``play`` in this
process (the tests of ``play`` itself run it in a subprocess too): ``record_file`` (a
finished game saved by ``play --save``) and ``stopped_game`` (a game a human stopped in
turn 4), both played once per session (per xdist worker) and only read, and ``stopped``
(a game stopped after yellow's first turn, fresh for each test). Their other helpers are
in ``cli_helpers.py``.

The bad-input tests (``rules/test_bad_input.py``, ``rules/test_exact_types.py``) share
``place_tile_state``, the first tile step of a 3-player game (seed 7), made once per module.
"""

from __future__ import annotations

import importlib
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

from carcassonne_amazonas import GameState, new_game
from cli_helpers import run_here, run_main

if TYPE_CHECKING:
    from playwright.sync_api import Browser
    from starlette.testclient import TestClient

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

settings.register_profile("quick", max_examples=20, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=1000, deadline=None, print_blob=True)

settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or "quick")

TESTS = Path(__file__).resolve().parent
# The longest first (``python -m pytest --durations=20`` lists them): the browser games,
# then the modules with tests of 3-10 s each, which would otherwise come last (tests/web).
LONGEST_FIRST = ("web/test_web_follow.py", "web/test_web_browser.py", "web/test_web_page.py",
                 "test_docs.py",
                 "web/test_web_phone.py", "web/test_web_draws.py", "web/test_web_turn.py",
                 "web/test_web_stream.py", "formats/test_loading_guarantees.py",
                 "testing/test_examples_property.py", "ai/test_mcts.py",
                 "integrations/test_selfplay.py", "integrations/test_openspiel.py")


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """``-n`` without ``--dist``: work stealing (before xdist's own hook picks ``load``)."""
    if getattr(config.option, "numprocesses", None) and \
            getattr(config.option, "dist", None) == "no":
        config.option.dist = "worksteal"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The modules of ``LONGEST_FIRST`` first, in that order; the others as collected."""
    rank = {TESTS / name: index for index, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path, len(rank)))


@pytest.fixture
def benchmark_script(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], ModuleType]:
    """Imports a script of ``benchmarks/`` by its name.  The scripts run from their
    folder and import each other by name, so the folder goes on the path."""
    monkeypatch.syspath_prepend(str(TESTS.parent / "benchmarks"))
    return importlib.import_module


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A fresh SQLite file for the web app's games."""
    return tmp_path / "games.sqlite3"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    """Starlette's TestClient over the web app storing its games in ``db_path``."""
    from starlette.testclient import TestClient

    from carcassonne_amazonas.web.app import create_app

    with TestClient(create_app(db_path)) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def shared_chromium() -> Iterator[Browser]:
    """Chromium driven by Playwright, launched once per test process (tests use
    ``browser``); Playwright is imported only when a browser test asks for it, which
    is skipped without it."""
    pytest.importorskip("playwright.sync_api", reason="needs Playwright ([test])")
    from web_helpers import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture
def browser(shared_chromium: Browser) -> Iterator[Browser]:
    """The shared Chromium, with the contexts the test opened closed after it."""
    yield shared_chromium
    for context in shared_chromium.contexts:
        context.close()


@pytest.fixture(scope="session")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished 2-player game between random bots, saved by ``play --save``."""
    path = tmp_path_factory.mktemp("records") / "game.json"
    result = run_here("play", "--players", "2", "--bots", "random,random", "--seed", "3",
                      "--save", str(path))
    assert result.returncode == 0, result.stderr
    return path


@pytest.fixture(scope="session")
def stopped_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 2-player game that yellow (a human) stops after 3 turns, in the piece step of the
    fourth (each turn: the first legal action twice, then the rest a random bot's)."""
    path = tmp_path_factory.mktemp("stopped") / "stopped.json"
    result = run_here("play", "--bots", "human,random", "--seed", "8", "--save", str(path),
                      stdin="1\n1\n1\n1\n1\n1\n1\n")
    assert result.returncode == 0, result.stderr
    return path


@pytest.fixture
def stopped(tmp_path: Path, capsys: pytest.CaptureFixture[str],
            monkeypatch: pytest.MonkeyPatch) -> Path:
    """A 2-player game (human yellow, random red) stopped after yellow's first turn."""
    path = tmp_path / "stopped.json"
    code, _, err = run_main(capsys, monkeypatch, "play", "--bots", "human,random", "--seed",
                            "8", "--save", str(path), stdin="1\n1\n")
    assert code == 0, err
    return path


@pytest.fixture(scope="module")
def place_tile_state() -> GameState:
    """The first tile step of a 3-player game (seed 7), once per test module."""
    return new_game(3, seed=7)
