"""The random generator of a bot and the ``repr`` that builds the bot again."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .._support.exact import check_instance, check_optional

__all__ = ["bot_generator", "bot_repr"]


def bot_generator(rng: random.Random | None, seed: int | None) -> random.Random:
    """``rng`` itself, a generator seeded with ``seed``, or, with neither, a fresh
    generator seeded by the system.  ``ValueError`` when both are given, ``TypeError``
    when ``rng`` is not a ``random.Random`` or ``seed`` not an int."""
    if rng is not None and seed is not None:
        raise ValueError("give rng= or seed=, not both")
    if rng is not None:
        check_instance(rng, random.Random, "rng", "a random.Random")
        return rng
    check_optional(seed, int, "seed")
    return random.Random(seed)


def bot_repr(bot: object, seed: int | None, options: Sequence[tuple[str, object]] = ()) -> str:
    """``GreedyBot(seed=3)`` or ``MctsBot(iterations=100)``: code that builds the bot
    again, with its seed when it was built from one (a generator passed as ``rng=`` is
    not written: the code then builds a bot with a fresh generator)."""
    fields = [*([("seed", seed)] if seed is not None else []), *options]
    return f"{type(bot).__name__}({', '.join(f'{name}={value!r}' for name, value in fields)})"
