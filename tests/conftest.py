"""Hypothesis settings profiles for the whole suite.

- ``ci``: chosen when the ``CI`` environment variable is set; moderate example
  counts so that the suite stays well under a few minutes on 2 cores.
- ``dev``: the default on a developer's machine.
- ``thorough``: many more examples, for a long run before a release.

``HYPOTHESIS_PROFILE=<name>`` (or pytest's ``--hypothesis-profile``) picks one
explicitly.  No profile has a deadline: the suite runs on shared, noisy
machines where a single slow example says nothing about the code.

Ctrl-C is given its default meaning for the commands the tests start: a suite run as
a background job (``bash .ci/run &``) inherits SIGINT ignored, which every child would
inherit too, and the tests that interrupt ``play`` and ``simulate`` would wait for ever.

The web app's tests share two fixtures here, ``db_path`` (a fresh SQLite file) and
``client`` (Starlette's TestClient over the app on it); the client imports the
``[web]`` extra only when a test asks for it, after that test's module skipped itself
without the extra.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from starlette.testclient import TestClient

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

settings.register_profile("ci", max_examples=40, deadline=None, print_blob=True)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile("thorough", max_examples=1000, deadline=None)

settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI")
                                                               else "dev"))


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
