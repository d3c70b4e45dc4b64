"""What ``game_states()`` draws: phases, complete turns, player counts and rule variants.

Runs the strategy as a test would (``@given``, Hypothesis's own generation, every
health check on) with ``derandomize=True``, so the same Hypothesis version gives the
same table on any machine, and prints Markdown tables for the testing guide
(``docs/guides/testing.md``)::

    python benchmarks/strategy_distribution.py                  # 1,000 examples
    python benchmarks/strategy_distribution.py --examples 50    # a quick check

Each configuration is a set of ``game_states`` options; the default one and
``draws=None`` (both draw modes, so ``DRAW_TILE`` too) are measured.  The variants
table gives the share of states played under each rule variant (R-V1 competition
ranking, R-V2 per-camp scoring, R-V3 the bonus river tiles) and under the default
options throughout.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from importlib.metadata import version
from typing import Any

from hypothesis import given, settings

from carcassonne_amazonas import (
    AmazonRanking,
    CampScoring,
    GameState,
    Phase,
    Rules,
    reference_tileset,
)
from carcassonne_amazonas.testing import PHASES, game_states, turns_played

CONFIGURATIONS: dict[str, dict[str, Any]] = {
    "game_states()": {},
    "game_states(draws=None)": {"draws": None},
}
TURN_BUCKETS = ((0, 0), (1, 9), (10, 19), (20, 39), (40, 59), (60, 79), (80, 80))
BONUS = reference_tileset(bonus_river=True)
#: The variants table's rows: a name and whether a game's rules count for it.
VARIANTS: dict[str, Callable[[Rules], bool]] = {
    "competition ranking (R-V1)": lambda r: r.amazon_ranking is AmazonRanking.COMPETITION,
    "per-camp scoring (R-V2)": lambda r: r.camp_scoring is CampScoring.PER_CAMP,
    "bonus river tiles (R-V3)": lambda r: r.tileset == BONUS,
    "every variant": lambda r: (r.amazon_ranking is AmazonRanking.COMPETITION
                                and r.camp_scoring is CampScoring.PER_CAMP
                                and r.tileset == BONUS),
    "no variant (the defaults)": lambda r: (r.amazon_ranking is AmazonRanking.DENSE
                                            and r.camp_scoring is CampScoring.PER_JUNGLE
                                            and r.tileset != BONUS),
}


class Sample:
    """What the examples of one configuration looked like."""

    def __init__(self) -> None:
        self.phases: Counter[Phase] = Counter()
        self.players: Counter[int] = Counter()
        self.turns: list[int] = []
        self.variants: Counter[str] = Counter()
        self.explicit = 0
        self.seconds = 0.0

    def add(self, state: GameState) -> None:
        self.phases[state.phase] += 1
        self.players[state.num_players] += 1
        self.turns.append(turns_played(state))
        self.explicit += state.pile.explicit
        self.variants.update(name for name, holds in VARIANTS.items() if holds(state.rules))

    @property
    def count(self) -> int:
        return len(self.turns)


def measure(options: dict[str, Any], examples: int) -> Sample:
    """Draw ``examples`` states with ``game_states(**options)`` as a test would."""
    sample = Sample()

    @settings(max_examples=examples, derandomize=True, database=None, deadline=None)
    @given(game_states(**options))
    def collect(state: GameState) -> None:
        sample.add(state)

    start = time.perf_counter()
    collect()
    sample.seconds = time.perf_counter() - start
    return sample


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "-"


def table(title: str, rows: list[str], samples: dict[str, Sample],
          cell: Callable[[Sample, str], str]) -> str:
    names = list(samples)
    lines = [f"| {title} | " + " | ".join(f"`{name}`" for name in names) + " |",
             "|---|" + "---:|" * len(names)]
    for row in rows:
        lines.append(f"| {row} | " + " | ".join(cell(samples[n], row) for n in names) + " |")
    return "\n".join(lines)


def report(samples: dict[str, Sample]) -> str:
    phase_names = [phase.name for phase in PHASES]

    def phase_cell(sample: Sample, row: str) -> str:
        return percent(sample.phases[Phase[row]], sample.count)

    def turns_cell(sample: Sample, row: str) -> str:
        low, high = (int(x) for x in row.split("–")) if "–" in row else (int(row),) * 2
        return percent(sum(low <= t <= high for t in sample.turns), sample.count)

    def players_cell(sample: Sample, row: str) -> str:
        return percent(sample.players[int(row)], sample.count)

    def variants_cell(sample: Sample, row: str) -> str:
        return percent(sample.variants[row], sample.count)

    buckets = [str(low) if low == high else f"{low}–{high}" for low, high in TURN_BUCKETS]
    summary = "\n".join(
        f"- `{name}`: {s.count} examples, {1000 * s.seconds / s.count:.0f} ms each, median "
        f"{statistics.median(s.turns):.0f} complete turns, "
        f"{percent(s.explicit, s.count)} with explicit draws"
        for name, s in samples.items())
    return "\n\n".join([
        table("phase", phase_names, samples, phase_cell),
        table("complete turns", buckets, samples, turns_cell),
        table("players", ["2", "3", "4", "5"], samples, players_cell),
        table("rules", list(VARIANTS), samples, variants_cell),
        summary,
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000,
                        help="examples per configuration (default 1000)")
    args = parser.parse_args(argv)
    samples = {name: measure(options, args.examples)
               for name, options in CONFIGURATIONS.items()}
    print(f"Hypothesis {version('hypothesis')}, Python {sys.version.split()[0]}, "
          f"{args.examples} examples per configuration (derandomize=True)\n")
    print(report(samples))
    return 0


if __name__ == "__main__":
    sys.exit(main())
