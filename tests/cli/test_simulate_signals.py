"""``simulate --jobs N`` stopped by a signal leaves no worker process behind.

Regression: on SIGTERM the parent died at once and its pool's workers, blocked on the
pool's queue, ran on for ever as orphans (holding the parent's output pipes open too).
The real command runs in a subprocess of its own session; every wait is bounded, and
whatever is still running at the end is killed by its process id.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from carcassonne_amazonas.ai.simulation import GameTask, run_games
from cli_helpers import ENV

#: The longest any wait of this test lasts, in seconds (a bound, not a timing claim).
PATIENCE = 60.0


def children_of(pid: int) -> set[int]:
    """The child processes of ``pid``, from Linux's ``/proc/PID/task/*/children``."""
    found: set[int] = set()
    try:
        threads = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return found
    for thread in threads:
        try:
            with open(f"/proc/{pid}/task/{thread}/children", encoding="ascii") as handle:
                found.update(int(child) for child in handle.read().split())
        except OSError:
            continue
    return found


def running(pid: int) -> bool:
    """Whether process ``pid`` exists and is not a zombie waiting to be reaped."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as handle:
            stat = handle.read()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def ours(pid: int) -> bool:
    """Whether ``pid`` still runs this package (not a new process that got the id)."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as handle:
            return running(pid) and b"carcassonne_amazonas" in handle.read()
    except OSError:
        return False


def wait_until(condition: Callable[[], bool], what: str) -> None:
    """Poll ``condition()`` until it is true, failing after :data:`PATIENCE` seconds."""
    deadline = time.monotonic() + PATIENCE
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"gave up waiting for {what}")
        time.sleep(0.05)


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="needs Linux's /proc")
@pytest.mark.parametrize(("signum", "code", "message"), [
    (signal.SIGTERM, 143, "of 100000 games; no results printed, the worker processes were "
                          "stopped"),
    (signal.SIGINT, 130, "interrupted"),
], ids=["SIGTERM", "SIGINT"])
def test_a_signal_to_simulate_stops_every_worker_process(tmp_path: Path, signum: int,
                                                         code: int, message: str) -> None:
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    # Far more games than can finish before the signal: the workers are busy when it comes.
    command = [sys.executable, "-m", "carcassonne_amazonas", "simulate", "--jobs", "2",
               "--games", "100000"]
    with open(out, "w", encoding="utf-8") as stdout, open(err, "w", encoding="utf-8") as stderr:
        parent = subprocess.Popen(command, stdout=stdout, stderr=stderr, env=ENV,
                                  start_new_session=True)
    workers: set[int] = set()
    try:
        def both_workers_started() -> bool:
            workers.update(children_of(parent.pid))
            return len(workers) >= 2 or parent.poll() is not None

        wait_until(both_workers_started, "the two worker processes")
        assert parent.poll() is None, err.read_text(encoding="utf-8")
        parent.send_signal(signum)  # to the parent alone, as `kill PID` sends it
        assert parent.wait(timeout=PATIENCE) == code
        wait_until(lambda: not any(running(pid) for pid in workers),
                   "the worker processes to end")
    finally:
        for pid in (parent.pid, *workers):
            if ours(pid):
                os.kill(pid, signal.SIGKILL)
        parent.wait(timeout=PATIENCE)
    lines = err.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 and message in lines[0], lines
    assert "Traceback" not in lines[0]
    assert out.read_text(encoding="utf-8") == ""


def test_closing_run_games_early_terminates_its_workers() -> None:
    before = set(multiprocessing.active_children())
    tasks: list[GameTask] = [(index, 5, ("random", "random"), None) for index in range(5000)]
    games = run_games(tasks, 2)
    first = next(games)
    assert first.index == 0
    assert len(set(multiprocessing.active_children()) - before) == 2
    games.close()  # long before the 5000 games are played
    assert set(multiprocessing.active_children()) == before
