"""The confidence interval the benchmark scripts quote for a proportion (a win rate, a
share of states): imported by ``ladder.py`` and ``observation_overflow.py``, which run as
scripts from this folder."""

from __future__ import annotations

import math


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of ``successes`` out of ``trials`` (a shared
    victory may count a fraction of a success); (0, 1) when there are no trials."""
    if not trials:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)
