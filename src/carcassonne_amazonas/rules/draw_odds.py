"""The exact odds of the next draw: :class:`DrawDistribution` (R-C7, R-T1).

Every distinct tile left in a pile with its exact probability, integer weight and
float, worked out from the pile's copies and the Amazon quota of the current slice
of its shuffle (R-C7); identical copies are one outcome (R-T1).  It holds no pile:
:meth:`Pile.distribution <carcassonne_amazonas.rules.pile.Pile.distribution>` hands
it the tiles left and the slice counts, and keeps one distribution per pile
composition and slice position.

A public module because :class:`DrawDistribution` is a public type: users meet it
through ``state.pile.distribution()`` and adapters name it in their types, so it gets
its own page in the API reference.  Its helpers (the per-copy odds and facts, the
tables of interned fractions and draw actions) are private;
:mod:`~carcassonne_amazonas.rules.pile` shares two of them.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from itertools import accumulate
from operator import attrgetter
from typing import Any

from .._support.sampling import uniform_below
from ..tiles.layout import TileKind
from ..tiles.tileset import Icons, Tile, TileId
from .actions import DrawTile

__all__ = ["DrawDistribution"]


_by_id = attrgetter("id")


class _TileFacts:
    """What the draw distribution needs of one tile copy, worked out once per copy: the
    number of its design (equal designs, equal numbers: identical copies, R-T1) and its
    kind."""

    __slots__ = ("amazon", "design", "tile")

    def __init__(self, tile: Tile, design: int) -> None:
        self.tile = tile  # kept alive, so that its id() is not reused
        self.design = design
        self.amazon = tile.kind is TileKind.AMAZON


_FACTS: dict[int, _TileFacts] = {}
_DESIGNS: dict[tuple[str, tuple[Icons, ...]], int] = {}


def _facts(tile: Tile) -> _TileFacts:
    found = _FACTS.get(id(tile))
    if found is None:
        design = _DESIGNS.setdefault(tile.design, len(_DESIGNS))
        found = _FACTS[id(tile)] = _TileFacts(tile, design)
    return found


class _PerCopy:
    """The probability of drawing one given Amazon copy and one given standard copy, and
    the same as integer weights over a common denominator (R-C7)."""

    __slots__ = ("amazon", "amazon_weight", "standard", "standard_weight")

    def __init__(self, amazon: Fraction, standard: Fraction) -> None:
        self.amazon = amazon
        self.standard = standard
        common = amazon.denominator * standard.denominator // math.gcd(amazon.denominator,
                                                                       standard.denominator)
        self.amazon_weight = amazon.numerator * (common // amazon.denominator)
        self.standard_weight = standard.numerator * (common // standard.denominator)


_PER_COPY: dict[tuple[int, int, int, int], _PerCopy] = {}


def _per_copy_odds(in_slice: int, amazon_in_slice: int, amazon_left: int,
                   standard_left: int) -> _PerCopy:
    """Per-copy odds when ``in_slice`` tiles with ``amazon_in_slice`` Amazon tiles remain
    in the current slice and the pile holds ``amazon_left`` and ``standard_left`` copies."""
    key = (in_slice, amazon_in_slice, amazon_left, standard_left)
    found = _PER_COPY.get(key)
    if found is None:
        if in_slice <= 0 or not 0 <= amazon_in_slice <= in_slice:
            amazon, standard = Fraction(0), Fraction(0)
        else:
            amazon = (Fraction(amazon_in_slice, in_slice * amazon_left) if amazon_left
                      else Fraction(0))
            standard = (Fraction(in_slice - amazon_in_slice, in_slice * standard_left)
                        if standard_left else Fraction(0))
        found = _PER_COPY[key] = _PerCopy(amazon, standard)
    return found


# Fractions by (numerator, denominator), so that equal probabilities are built once.
_FRACTIONS: dict[tuple[int, int], Fraction] = {}


class DrawDistribution:
    """What the next draw can be: every distinct tile with its exact probability (R-C7, R-T1).

    ``tiles`` holds the copy that names each outcome (the lowest id among
    identical copies), by id; ``probabilities`` the exact fractions (they sum
    to 1); ``weights`` the same as integers over ``total``, for sampling
    without fractions, and ``cumulative`` their running sums.  One object per
    pile composition and slice position (see :meth:`Pile.distribution
    <carcassonne_amazonas.rules.pile.Pile.distribution>`); treat it as immutable.
    """

    __slots__ = ("_draws", "_floats", "_kinds", "_odds", "_outcomes", "_probabilities",
                 "cumulative", "named", "tiles", "total", "weights")

    def __init__(self, tiles: Sequence[Tile], in_slice: int, amazon_in_slice: int) -> None:
        groups: dict[int, list[Any]] = {}  # design -> [copy with the lowest id, count]
        amazon_left = 0
        for tile in sorted(tiles, key=_by_id):
            facts = _FACTS.get(id(tile)) or _facts(tile)
            amazon_left += facts.amazon
            group = groups.get(facts.design)
            if group is None:
                groups[facts.design] = [tile, 1, facts.amazon]
            else:
                group[1] += 1
        odds = _per_copy_odds(in_slice, amazon_in_slice, amazon_left, len(tiles) - amazon_left)
        named: list[Tile] = []
        weights: list[int] = []
        kinds: list[tuple[int, bool]] = []
        for tile, count, amazon in groups.values():
            weight = odds.amazon_weight if amazon else odds.standard_weight
            if weight:
                named.append(tile)
                weights.append(count * weight)
                kinds.append((count, amazon))
        self.tiles: tuple[Tile, ...] = tuple(named)
        #: design number -> the copy that names it (the lowest id), for every design left
        self.named: dict[int, Tile] = {design: group[0] for design, group in groups.items()}
        self.weights: tuple[int, ...] = tuple(weights)
        self.cumulative: tuple[int, ...] = tuple(accumulate(weights))
        self.total: int = self.cumulative[-1] if weights else 0
        self._odds = odds
        self._kinds = kinds
        self._probabilities: tuple[Fraction, ...] | None = None
        self._floats: tuple[float, ...] | None = None
        self._draws: tuple[DrawTile, ...] | None = None
        self._outcomes: tuple[tuple[DrawTile, Fraction], ...] | None = None

    @property
    def probabilities(self) -> tuple[Fraction, ...]:
        """The exact probability of each outcome (computed once, from a shared table of
        fractions: the same few values recur in every game)."""
        if self._probabilities is None:
            odds, fractions = self._odds, _FRACTIONS
            found = []
            for count, amazon in self._kinds:
                each = odds.amazon if amazon else odds.standard
                key = (count * each.numerator, each.denominator)
                fraction = fractions.get(key)
                if fraction is None:
                    fraction = fractions[key] = Fraction(*key)
                found.append(fraction)
            self._probabilities = tuple(found)
        return self._probabilities

    @property
    def float_probabilities(self) -> tuple[float, ...]:
        """``probabilities`` as floats (computed once)."""
        if self._floats is None:
            self._floats = tuple(weight / self.total for weight in self.weights)
        return self._floats

    @property
    def draws(self) -> tuple[DrawTile, ...]:
        """The :class:`~carcassonne_amazonas.rules.actions.DrawTile` action of each outcome."""
        if self._draws is None:
            self._draws = tuple(map(_DRAW_ACTIONS.__getitem__, map(_by_id, self.tiles)))
        return self._draws

    def _draw_outcomes(self) -> tuple[tuple[DrawTile, Fraction], ...]:
        """``(DrawTile, probability)`` of each outcome, computed once: what
        :func:`~carcassonne_amazonas.rules.chance.chance_outcomes` returns."""
        if self._outcomes is None:
            self._outcomes = tuple(zip(self.draws, self.probabilities))
        return self._outcomes

    def sample(self, rng: random.Random) -> DrawTile:
        """One outcome drawn with its exact probability (R-T1, R-C7): a whole number below
        ``total`` from ``rng`` (:func:`~carcassonne_amazonas._support.sampling.uniform_below`), then
        the outcome whose share of the ``cumulative`` weights holds it.  No floating point:
        the same seed draws the same tile in any process.  ``ValueError`` if nothing can be
        drawn."""
        if not self.total:
            raise ValueError("no tile can be drawn: the pile is empty, or it and its slice "
                             "plan disagree (R-C7)")
        return self.draws[bisect_right(self.cumulative, uniform_below(rng, self.total))]

    def __len__(self) -> int:
        return len(self.tiles)


class _DrawActions(dict[int, DrawTile]):
    """Interned draw actions by tile id."""

    def __missing__(self, tile_id: int) -> DrawTile:
        action = self[tile_id] = DrawTile(TileId(tile_id))
        return action


_DRAW_ACTIONS = _DrawActions()
