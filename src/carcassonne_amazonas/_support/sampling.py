"""Exact random choices: whole numbers drawn with ``getrandbits``, no floating point.

:func:`uniform_below` is how the library draws at random wherever the result must be
exactly uniform and the same in any process for the same seed: the playout fast path
(:mod:`~carcassonne_amazonas.ai.playout`) and the draw of a chance outcome by its exact
weight (:meth:`~carcassonne_amazonas.rules.draw_odds.DrawDistribution.sample`,
:func:`~carcassonne_amazonas.rules.chance.sample_draw`).
"""

from __future__ import annotations

import random

__all__ = ["uniform_below"]


def uniform_below(rng: random.Random, n: int) -> int:
    """A uniformly random integer in ``0 .. n - 1``, exactly.

    Drawn as ``random.Random.randrange(n)`` draws it (``getrandbits`` of
    ``n.bit_length()`` bits until the value is below ``n``), so ``rng`` moves
    on the same way, without ``randrange``'s argument checks.
    """
    if n <= 0:
        raise ValueError(f"cannot choose among {n} values")
    bits = n.bit_length()
    value = rng.getrandbits(bits)
    while value >= n:
        value = rng.getrandbits(bits)
    return value
