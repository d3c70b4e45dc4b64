"""``simulate``: many games between bots, over several jobs, as text or JSON (the same
games whatever the number of jobs), a progress bar on a terminal only, and bot kinds it
refuses. A signal that stops it is in ``test_simulate_signals.py``."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
from typing import Any

import pytest

from cli_helpers import ENV, run, run_here, run_main

pytestmark = pytest.mark.slow  # runs the tool in subprocesses, whole games


def test_simulate_40_games_with_2_jobs() -> None:
    result = run("simulate", "--games", "40", "--players", "4", "--jobs", "2")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("40 games, 4 players (random, random, random, random), seed 0, "
                          "2 jobs")
    assert "games/s" in out and "mean game length" in out
    for word in ("yellow", "red", "green", "blue", "tributaries", "villages", "camps",
                 "river", "amazon", "win rate"):
        assert word in out
    rates = [float(m) for m in re.findall(r"(\d+\.\d)%", out)]
    assert len(rates) == 4 and abs(sum(rates) - 100) < 0.5
    # Not a terminal: no progress bar.
    assert result.stderr == ""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX pseudo-terminals")
def test_simulate_shows_a_progress_bar_on_a_terminal() -> None:
    import pty

    leader, follower = pty.openpty()
    try:
        process = subprocess.run(
            [sys.executable, "-m", "carcassonne_amazonas", "simulate", "--games", "6",
             "--players", "2", "--json"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=follower, env=ENV,
            timeout=120)
        os.close(follower)
        follower = -1
        shown = b""
        while True:
            ready, _, _ = select.select([leader], [], [], 1)
            if not ready:
                break
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(leader)
        if follower >= 0:
            os.close(follower)
    assert process.returncode == 0
    assert json.loads(process.stdout)["games"] == 6   # stdout stays clean JSON
    assert b"\r[" in shown and b"6/6 games" in shown


def _without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items()
            if k not in ("seconds", "games_per_second", "jobs", "seconds_per_decision")}


def test_simulate_json_does_not_depend_on_jobs() -> None:
    args = ("simulate", "--games", "12", "--players", "3", "--seed", "9", "--json")
    one = run(*args, "--jobs", "1")
    two = run(*args, "--jobs", "2")
    assert one.returncode == 0 and two.returncode == 0, (one.stderr, two.stderr)
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    assert first["jobs"] == 1 and second["jobs"] == 2
    assert _without_timing(first) == _without_timing(second)
    assert first["games"] == 12 and first["players"] == 3
    assert abs(sum(first["win_rate"]) - 1) < 1e-3
    for row in first["scores"]:
        assert set(row) >= {"player", "colour", "bot", "total", "tributaries", "villages",
                            "camps", "river", "amazon"}
        assert set(row["total"]) == {"mean", "stdev"}
    assert first["game_length"]["mean"] > 80
    assert first["games_per_second"] > 0
    # Another seed, other games.
    other = json.loads(run_here("simulate", "--games", "12", "--players", "3", "--seed", "10",
                           "--json").stdout)
    assert _without_timing(other) != _without_timing(first)


def test_simulate_with_greedy_bots() -> None:
    result = run_here("simulate", "--games", "2", "--players", "2", "--bots", "greedy,random",
                 "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["bots"] == ["greedy", "random"]
    # The greedy bot scores more than a random one, by far.
    assert summary["scores"][0]["total"]["mean"] > summary["scores"][1]["total"]["mean"]


def usage_error(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                *args: str) -> str:
    """The message of the usage error (exit code 2) of ``main(args)``, in this process."""
    with pytest.raises(SystemExit) as exited:
        run_main(capsys, monkeypatch, *args)
    assert exited.value.code == 2
    return capsys.readouterr().err


def test_a_bad_mcts_budget_says_what_a_budget_is(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    for kind in ("mcts:0", "mcts:x", "mcts:-3", "mcts:\u00b2", "mcts:\u0663"):
        err = usage_error(capsys, monkeypatch, "simulate", "--games", "1", "--bots", kind)
        assert "mcts:N takes a whole number of iterations per decision, at least 1" in err, err
    err = usage_error(capsys, monkeypatch, "simulate", "--games", "1", "--bots", "clever")
    assert "unknown player kind 'clever' (choose from random, greedy, mcts, mcts:N)" in err


def test_the_player_count_follows_a_bots_list(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """R-C1: without --players, a --bots list of two or more kinds gives one player per
    kind (the default of 4 once refused 'greedy,mcts'); one kind for all keeps the
    default, --players given still has to match, and no game has 6 players."""
    code, out, err = run_main(capsys, monkeypatch, "simulate", "--games", "1",
                              "--bots", "greedy,mcts:1", "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["players"] == 2 and summary["bots"] == ["greedy", "mcts:1"]
    code, out, err = run_main(capsys, monkeypatch, "simulate", "--games", "1",
                              "--bots", "random", "--json")
    assert code == 0 and json.loads(out)["players"] == 4, err
    err = usage_error(capsys, monkeypatch, "simulate", "--games", "1", "--players", "3",
                      "--bots", "greedy,random")
    assert "2 player kinds for 3 players" in err, err
    err = usage_error(capsys, monkeypatch, "simulate", "--games", "1",
                      "--bots", ",".join(["random"] * 6))
    assert "6 player kinds; a game has 2 to 5 players" in err, err
