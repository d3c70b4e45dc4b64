"""Simulated games as Ray tasks (extra ``[ray]``).

A handful of games run on a local Ray instance give exactly the results of
running the same per-game function locally, in the same order.  Skipped
without ray.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest

ray = pytest.importorskip("ray")

from carcassonne_amazonas.ai.simulation import GameTask, simulate_task  # noqa: E402
from carcassonne_amazonas.integrations.ray_backend import run_games_on_ray  # noqa: E402

TASKS: list[GameTask] = [
    (0, 1, ("random", "random"), None),
    (1, 1, ("greedy", "random", "random"), None),
    (2, 1, ("random", "greedy", "random", "random"), None),
    (3, 2, ("random",) * 5, None),
    (4, 2, ("greedy", "random"), None),
    (5, 3, ("random", "random", "random"), None),
]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_gives_the_local_results(local_ray: None) -> None:
    local = [simulate_task(task) for task in TASKS]
    assert run_games_on_ray(simulate_task, TASKS) == local
    assert run_games_on_ray(simulate_task, TASKS, chunk_size=4) == local
    assert ray.is_initialized()  # a running instance is used and left running
    assert [result.index for result in local] == [task[0] for task in TASKS]
    assert all(len(result.scores) == len(task[2]) for result, task in zip(local, TASKS))


def test_errors_come_back(local_ray: None) -> None:
    bad: list[GameTask] = [(0, 1, ("random", "clever"), None)]
    with pytest.raises(ValueError, match="unknown player kind"):
        run_games_on_ray(simulate_task, bad)
    with pytest.raises(ValueError, match="chunk_size"):
        run_games_on_ray(simulate_task, TASKS, chunk_size=0)
    assert run_games_on_ray(simulate_task, []) == []


def _summary(*args: str) -> dict[str, object]:
    run = subprocess.run([sys.executable, "-m", "carcassonne_amazonas", "simulate", "--games",
                          "6", "--players", "3", "--bots", "greedy,random,random", "--seed",
                          "5", "--json", *args], capture_output=True, text=True, timeout=300,
                         check=False)
    assert run.returncode == 0, run.stderr
    summary: dict[str, object] = json.loads(run.stdout)
    for key in ("seconds", "games_per_second", "jobs", "backend", "seconds_per_decision"):
        summary.pop(key)
    return summary


def test_simulate_with_the_ray_backend_gives_the_local_statistics() -> None:
    """`simulate --backend ray` runs the same seeded games as `--jobs 1`."""
    assert _summary("--backend", "ray", "--jobs", "2") == _summary("--jobs", "1")
