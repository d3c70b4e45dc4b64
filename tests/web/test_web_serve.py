"""The ``carcassonne-amazonas serve`` command that starts the web app.

- in a subprocess it starts a real server that answers on the port uvicorn reports,
  creates a game in the given database, and stops on SIGTERM;
- a database it cannot open is refused in one line, exit code 1;
- without the ``[web]`` extra, ``serve`` says how to install it, and ``--help`` works.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from cli_helpers import run_main

pytest.importorskip("starlette", reason="the web app needs the [web] extra")


def test_serve_starts_a_real_server(tmp_path: Path) -> None:
    """``carcassonne-amazonas serve --port 0`` in a subprocess: it answers on the port
    uvicorn reports, creates a game in the given database, and stops on SIGTERM."""
    db = tmp_path / "served.sqlite3"
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "carcassonne_amazonas", "serve", "--port", "0", "--db", str(db)],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
    try:
        assert process.stderr is not None
        deadline = time.monotonic() + 60
        url = None
        while url is None and time.monotonic() < deadline:
            line = process.stderr.readline()
            if not line:
                break
            match = re.search(r"Uvicorn running on (http://127\.0\.0\.1:\d+)", line)
            url = match.group(1) if match else None
        assert url is not None, "the server did not report its address"
        with urllib.request.urlopen(f"{url}/api/config", timeout=30) as response:
            assert json.load(response)["max_players"] == 5
        request = urllib.request.Request(
            f"{url}/api/games", method="POST",
            data=json.dumps({"players": 2, "seats": ["human", "greedy"]}).encode(),
            headers={"content-type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            assert response.status == 201
    finally:
        process.terminate()
        process.wait(timeout=30)
    with sqlite3.connect(db) as stored:
        assert stored.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


def test_serve_with_a_database_it_cannot_open_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process (``serve`` in a subprocess is the test above)."""
    not_a_database = tmp_path / "notes.txt"
    not_a_database.write_text("these are not games\n" * 100)
    for path in (not_a_database, tmp_path):
        code, _, err = run_main(capsys, monkeypatch, "serve", "--db", str(path))
        assert code == 1
        assert "cannot open the games database" in err
        assert "Traceback" not in err
    assert not_a_database.read_text() == "these are not games\n" * 100


def without_the_extra(tmp_path: Path) -> dict[str, str]:
    """The environment of a tool for which Starlette and uvicorn cannot be imported."""
    blocker = tmp_path / "block"
    blocker.mkdir()
    for name in ("uvicorn", "starlette"):
        (blocker / f"{name}.py").write_text(f"raise ImportError('blocked', name='{name}')\n")
    path = os.pathsep.join(filter(None, [str(blocker), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONPATH": path}


def test_serve_without_the_extra_says_how_to_install_it(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "carcassonne_amazonas", "serve", "--db", str(tmp_path / "d")],
        capture_output=True, text=True, env=without_the_extra(tmp_path), timeout=60)
    assert result.returncode == 1
    assert "python -m pip install '.[web]' in a checkout" in result.stderr
    assert "Traceback" not in result.stderr


def test_the_help_needs_no_extra(tmp_path: Path) -> None:
    """``serve`` imports the web app only when it runs: the tool's help and ``serve
    --help`` work without Starlette and uvicorn."""
    env = without_the_extra(tmp_path)
    for args in (["--help"], ["serve", "--help"]):
        result = subprocess.run([sys.executable, "-m", "carcassonne_amazonas", *args],
                                capture_output=True, text=True, env=env, timeout=60)
        assert result.returncode == 0, result.stderr
        assert "serve" in result.stdout
    assert "--max-bot-budget" in result.stdout
