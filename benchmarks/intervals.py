"""The statistics the benchmark scripts quote: the confidence interval of a proportion (a
win rate, a share of states) and Elo-style Bradley–Terry ratings with bootstrap
intervals; imported by ``ladder.py`` and ``observation_overflow.py``, which run as
scripts from this folder."""

from __future__ import annotations

import math
import random


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


#: Rating points per factor of 10 in the odds of winning, as in Elo.
ELO_SCALE = 400.0


def rating_groups(results: list[tuple[str, str, float, int]]) -> list[list[str]]:
    """The bots of ``(a, b, a's wins, games)`` results in groups linked by games played
    (the connected parts of the graph of pairs), each sorted, the groups in the order of
    their first bot.  Ratings of bots in different groups share no scale: no game says
    how strong one group is against the other."""
    group_of: dict[str, set[str]] = {}
    for a, b, _, _ in results:
        merged = group_of.get(a, {a}) | group_of.get(b, {b})
        for bot in merged:
            group_of[bot] = merged
    groups = {id(group): sorted(group) for group in group_of.values()}
    return sorted(groups.values())


def bradley_terry(results: list[tuple[str, str, float, int]], anchor: str | None = None,
                  iterations: int = 2000) -> dict[str, float]:
    """Elo-scaled Bradley–Terry ratings fitted to ``(a, b, a's wins, games)`` results.

    Minorisation–maximisation (Hunter 2004).  Each pair also counts one virtual game
    shared half and half, so that a bot that won every game still gets a finite
    rating.  Ratings are shifted so that ``anchor`` is at 0 (by default the mean is 0).
    """
    bots = sorted({bot for a, b, _, _ in results for bot in (a, b)})
    wins = dict.fromkeys(bots, 0.0)
    games: dict[tuple[str, str], float] = {}
    for a, b, won, played in results:
        wins[a] += won + 0.5
        wins[b] += played - won + 0.5
        for key in ((a, b), (b, a)):
            games[key] = games.get(key, 0.0) + played + 1
    strength = dict.fromkeys(bots, 1.0)
    for _ in range(iterations):
        new = {}
        for bot in bots:
            denominator = sum(n / (strength[bot] + strength[other])
                              for (one, other), n in games.items() if one == bot)
            new[bot] = wins[bot] / denominator
        scale = math.exp(sum(math.log(value) for value in new.values()) / len(bots))
        new = {bot: value / scale for bot, value in new.items()}
        done = max(abs(new[bot] - strength[bot]) for bot in bots) < 1e-10
        strength = new
        if done:
            break
    ratings = {bot: ELO_SCALE * math.log10(value) for bot, value in strength.items()}
    shift = ratings[anchor] if anchor in ratings else sum(ratings.values()) / len(ratings)
    return {bot: rating - shift for bot, rating in ratings.items()}


def rating_intervals(results: list[tuple[str, str, float, int]], anchor: str | None = None,
                     replicates: int = 400, seed: int = 0) -> dict[str, tuple[float, float]]:
    """95% intervals of :func:`bradley_terry`'s ratings by a parametric bootstrap: each
    pair's games replayed ``replicates`` times as draws at its observed win share.  A
    pair one bot swept replays the same way every time: its rating's spread comes from
    the other pairs, and the fit's virtual shared game keeps it finite."""
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {}
    for _ in range(replicates):
        replayed = [(a, b, float(sum(rng.random() < won / played for _ in range(played))),
                     played)
                    for a, b, won, played in results]
        for bot, rating in bradley_terry(replayed, anchor, iterations=300).items():
            samples.setdefault(bot, []).append(rating)
    intervals = {}
    for bot, values in samples.items():
        values.sort()
        intervals[bot] = (values[int(0.025 * (len(values) - 1))],
                          values[int(0.975 * (len(values) - 1))])
    return intervals
