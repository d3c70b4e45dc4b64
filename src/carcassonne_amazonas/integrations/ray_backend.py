"""Many simulated games at once on Ray, on this machine or a cluster (extra ``[ray]``).

:func:`run_games_on_ray` runs a per-game function over a list of game specs as
Ray tasks and returns the results in the order of the specs, exactly what
``[play(spec) for spec in specs]`` returns locally.  With the simulation's
own tasks it gives the statistics of ``carcassonne-amazonas simulate``
(which uses it for ``--backend ray``)::

    from carcassonne_amazonas.integrations.ray_backend import run_games_on_ray
    from carcassonne_amazonas.ai.simulation import simulate_task, summarise

    tasks = [(index, 7, ("greedy", "random", "random"), None) for index in range(1000)]
    results = run_games_on_ray(simulate_task, tasks)                   # local Ray
    results = run_games_on_ray(simulate_task, tasks, address="auto")   # a running cluster

The per-game function and the specs must be picklable (a module-level
function, not a lambda or a closure over unpicklable things) and importable on
the workers: install this package on every node of a cluster (or pass
``init_kwargs={"runtime_env": {"pip": ["carcassonne-amazonas"]}}``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from .._support.extras import missing_extra

try:
    import ray
except ImportError as error:
    raise missing_extra(__name__, "ray", error) from error

__all__ = ["run_games_on_ray"]

S = TypeVar("S")
R = TypeVar("R")

def _run_chunk(play: Callable[[S], R], specs: Sequence[S]) -> list[R]:
    return [play(spec) for spec in specs]


def run_games_on_ray(play: Callable[[S], R], specs: Sequence[S], *,
                     address: str | None = None, num_cpus: int | None = None,
                     chunk_size: int = 1,
                     init_kwargs: Mapping[str, Any] | None = None) -> list[R]:
    """``[play(spec) for spec in specs]``, computed by Ray tasks; results in spec order.

    If Ray is already initialised (``ray.init`` was called), its instance is used
    and left running.  Otherwise this starts Ray — a local instance with
    ``num_cpus`` CPUs (None: all), or a connection to the cluster at ``address``
    (``"auto"`` or ``"ray://host:10001"``) — passes ``init_kwargs`` to
    ``ray.init``, and shuts it down when done.  Each task plays ``chunk_size``
    games (raise it when single games are short, to save scheduling overhead).
    An exception in a game is raised here (as Ray's ``RayTaskError``, which is
    also an instance of the original exception's type).
    """
    if chunk_size < 1:
        raise ValueError(f"chunk_size must be at least 1, not {chunk_size}")
    specs = list(specs)
    if not specs:
        return []
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is not None:
            options["address"] = address
        elif num_cpus is not None:
            options["num_cpus"] = num_cpus
        options.update(init_kwargs or {})
        ray.init(**options)
        started = True
    try:
        task = ray.remote(_run_chunk)
        play_ref = ray.put(play)
        refs = [task.remote(play_ref, specs[i:i + chunk_size])
                for i in range(0, len(specs), chunk_size)]
        results: list[R] = []
        for part in ray.get(refs):
            results.extend(part)
        return results
    finally:
        if started:
            ray.shutdown()
