"""The ``carcassonne-amazonas serve`` command that starts the web app.

- in a subprocess it starts a real server that answers on the port uvicorn reports,
  creates a game in the given database, and stops on SIGTERM;
- that real server believes no ``X-Forwarded-For`` unless ``--trusted-proxy`` names the
  peer, and answers a foreign ``Host`` with 400;
- killed with SIGKILL while its bots think, it leaves no worker process behind;
- a database it cannot open is refused in one line, exit code 1;
- without the ``[web]`` extra, ``serve`` says how to install it, and ``--help`` works.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cli_helpers import run_main

pytest.importorskip("starlette", reason="the web app needs the [web] extra")


def test_serve_starts_a_real_server(tmp_path: Path) -> None:
    """``carcassonne-amazonas serve --port 0`` in a subprocess: it answers on the port
    uvicorn reports, creates a game in the given database, and stops on SIGTERM."""
    db = tmp_path / "served.sqlite3"
    with serving(db) as (process, url):
        with urllib.request.urlopen(f"{url}/api/config", timeout=30) as response:
            assert json.load(response)["max_players"] == 5
        assert post_game(url, {"players": 2, "seats": ["human", "greedy"]}) == 201
        process.terminate()
        process.wait(timeout=30)
    with sqlite3.connect(db) as stored:
        assert stored.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


@contextmanager
def serving(db: Path, *options: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``serve --port 0 --db DB OPTIONS`` in a subprocess: the process and its URL."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen(
        [sys.executable, "-m", "carcassonne_amazonas", "serve", "--port", "0", "--db", str(db),
         *options], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env)
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
        yield process, url
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=30)


def post_game(url: str, body: object, headers: dict[str, str] | None = None) -> int:
    """POST ``body`` to ``url``/api/games: the status."""
    request = urllib.request.Request(f"{url}/api/games", method="POST",
                                     data=json.dumps(body).encode(),
                                     headers={"content-type": "application/json",
                                              **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


NEW_GAME = {"players": 2, "seats": ["human", "human"]}


@pytest.mark.slow
def test_the_real_server_believes_no_forwarded_address_and_no_foreign_host(
        tmp_path: Path) -> None:
    with serving(tmp_path / "a.sqlite3", "--create-limit", "3") as (_, url):
        statuses = [post_game(url, NEW_GAME, {"x-forwarded-for": f"192.0.2.{number}",
                                              "forwarded": f"for=192.0.2.{number}"})
                    for number in range(4)]
        assert statuses == [201, 201, 201, 429]  # all from 127.0.0.1
        assert post_game(url, NEW_GAME, {"host": "evil.example",
                                         "origin": "http://evil.example"}) == 400
    with serving(tmp_path / "b.sqlite3", "--create-limit", "1", "--trusted-proxy",
                 "127.0.0.1", "--allowed-host", "games.example.org") as (_, url):
        statuses = [post_game(url, NEW_GAME, {"x-forwarded-for": f"192.0.2.{number}",
                                              "host": "games.example.org"})
                    for number in range(3)]
        assert statuses == [201, 201, 201]  # one each from three clients


def descendants(pid: int) -> set[int]:
    """The processes below ``pid`` (Linux: read from /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: set[int] = set()
    todo = [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie, ended and not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_no_bot_worker_survives_a_sigkill_of_the_server(tmp_path: Path) -> None:
    with serving(tmp_path / "k.sqlite3", "--bot-workers", "1",
                 "--max-bot-budget", "400") as (process, url):
        # Three searching bots move first: the server's workers think at once.
        assert post_game(url, {"players": 4, "seats": ["mcts:400"] * 3 + ["human"]}) == 201
        deadline = time.monotonic() + 60
        workers: set[int] = set()
        while not workers:
            assert time.monotonic() < deadline, "no bot worker started"
            time.sleep(0.1)
            with urllib.request.urlopen(f"{url}/api/config", timeout=30):
                pass
            workers = {pid for pid in descendants(process.pid)
                       if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_text(
                           errors="replace") or "multiprocessing" in Path(
                           f"/proc/{pid}/cmdline").read_text(errors="replace")}
        everything = descendants(process.pid)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        deadline = time.monotonic() + 15
        try:
            while any(alive(pid) for pid in everything):
                assert time.monotonic() < deadline, \
                    f"still running after the server was killed: " \
                    f"{sorted(filter(alive, everything))}"
                time.sleep(0.1)
        finally:  # a failure leaves no process behind either
            for pid in filter(alive, everything):
                os.kill(pid, signal.SIGKILL)


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
