"""The draw pile: how it is shuffled and what can come next (R-C3, R-C7, R-T1).

A shuffle is described by its *slice plan*: the pile cut into slices, each
with a known number of Amazon tiles.  The stratified shuffle (R-C7, the default)
uses several equal slices; the uniform shuffle is the same thing with one
slice.  The same plan gives both the seeded shuffle (:func:`shuffled_pile`)
and the exact probabilities of the next draw (:meth:`Pile.distribution`), so the
explicit chance mode and resampling (``determinize``) agree with the shuffle
by construction.

:func:`~carcassonne_amazonas.rules.chance.chance_outcomes` is the way to ask what a
chance node can draw; :meth:`Pile.distribution` (a
:class:`~carcassonne_amazonas.rules.draw_odds.DrawDistribution`, whose home is
:mod:`~carcassonne_amazonas.rules.draw_odds`) is the layer under it, for samplers and
adapters that want integer weights or floats; the pile keeps one per composition and
slice position.

There is no global random state: seeded shuffles use their own
``random.Random``, and the same seed gives the same pile in any process.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from fractions import Fraction
from operator import attrgetter
from typing import Literal, TypeAlias

import attrs

from .._support.exact import check_exact
from .._support.reprs import ShortEnumRepr, repr_pretty
from .._support.wording import plural
from ..tiles.layout import TileKind
from ..tiles.tileset import Tile
from .draw_odds import DrawDistribution, _facts, _per_copy_odds

__all__ = ["DRAW_MODES", "MAX_SLICES", "Draws", "Pile", "Shuffle", "as_draws", "plan_for",
           "shuffled_pile", "slice_plan"]


Draws: TypeAlias = Literal["seeded", "explicit"]
"""How a game draws its tiles (R-T1): ``"seeded"``, from a pile shuffled at setup whose
order the state holds, or ``"explicit"``, where every draw is a chance node and a
:class:`~carcassonne_amazonas.rules.actions.DrawTile` action names the tile drawn."""

#: Both draw modes, the default first.
DRAW_MODES: tuple[Draws, ...] = ("seeded", "explicit")


def as_draws(value: object) -> Draws:
    """``value`` as a draw mode: ``TypeError`` naming ``draws`` unless it is exactly a
    ``str`` (a subclass could pass for either mode), ``ValueError`` for a str but
    ``"seeded"`` or ``"explicit"``."""
    check_exact(value, str, "draws", "'seeded' or 'explicit', a str")
    if value == "seeded":
        return "seeded"
    if value == "explicit":
        return "explicit"
    raise ValueError(f"draws must be 'seeded' or 'explicit', not {value!r}")


class Shuffle(ShortEnumRepr, enum.Enum):
    """How the land tiles are shuffled (R-C7).

    ``STRATIFIED`` (the default, our **Decision** for "making sure the Amazon
    tiles are evenly distributed"): the pile is cut into equal slices and the
    Amazon tiles are spread over them as evenly as possible, the order inside
    each slice random.  ``UNIFORM``: a plain shuffle of all land tiles.
    """

    STRATIFIED = "stratified"
    UNIFORM = "uniform"


#: The most slices a stratified shuffle may have (R-C7): ``Rules`` refuses more and the
#: snapshot loader reads no more.  More than any tile set has land tiles (a slice plan
#: never has more slices than tiles, see :func:`slice_plan`).
MAX_SLICES = 1000


def slice_plan(total: int, amazon: int, slices: int) -> tuple[tuple[int, int], ...]:
    """``(slice size, Amazon tiles in it)`` for each slice, top of the pile first (R-C7).

    Sizes differ by at most one; the Amazon quota of each slice is the share
    proportional to the tiles dealt so far, so the Amazon tiles are as evenly
    spread as the counts allow (80 tiles, 15 Amazon, 5 slices: 16 tiles with 3
    Amazon tiles each).
    """
    slices = max(1, min(slices, total))
    plan = []
    dealt = dealt_amazon = 0
    for index in range(slices):
        size = total // slices + (1 if index < total % slices else 0)
        dealt += size
        quota = round(amazon * dealt / total) - dealt_amazon if total else 0
        dealt_amazon += quota
        plan.append((size, quota))
    return tuple(plan)


@attrs.frozen(slots=True, repr=False)
class Pile:
    """The land tiles not drawn yet, and what is known about their order.

    ``tiles`` is the future draw order for a seeded pile; for an ``explicit``
    pile (chance mode) the order is not decided yet and ``tiles`` is sorted
    by id.  ``drawn`` and ``amazon_drawn`` count the tiles (and Amazon tiles)
    already drawn, which with ``plan`` decides where the next draw lies in
    the slices.  ``seed`` records the shuffle's seed when there was one.
    """

    tiles: tuple[Tile, ...]
    plan: tuple[tuple[int, int], ...]
    drawn: int = 0
    amazon_drawn: int = 0
    explicit: bool = False
    seed: int | None = attrs.field(default=None, eq=False)
    # Which copies are left, bit ``tile.id`` set for each: with the first tile (for the tile
    # set) and the slice position, the key of the draw distribution cache; worked out on
    # first use or passed on by take().
    _composition: int | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __repr__(self) -> str:
        # Never the order: a seeded pile's order is the future, which players must not see.
        mode = "explicit draws" if self.explicit else "seeded"
        return f"<Pile: {plural(len(self.tiles), 'tile')} left, {self.drawn} drawn, {mode}>"

    _repr_pretty_ = repr_pretty

    def __len__(self) -> int:
        return len(self.tiles)

    def draw(self) -> tuple[Tile, Pile]:
        """The next tile of a seeded pile and the pile without it."""
        tile = self.tiles[0]
        return tile, Pile(self.tiles[1:], self.plan, self.drawn + 1,
                          self.amazon_drawn + (tile.kind is TileKind.AMAZON),
                          False, self.seed)

    def take(self, tile: Tile) -> Pile:
        """An explicit pile without ``tile``, which was just drawn."""
        tiles = self.tiles
        position = list(map(id, tiles)).index(id(tile))  # by identity, at C speed
        pile = Pile(tiles[:position] + tiles[position + 1:], self.plan, self.drawn + 1,
                    self.amazon_drawn + (tile.kind is TileKind.AMAZON), True, self.seed)
        if self._composition is not None:
            object.__setattr__(pile, "_composition", self._composition & ~(1 << tile.id))
        return pile

    def _slice_counts(self) -> tuple[int, int]:
        """(tiles left in the current slice, Amazon tiles left in it)."""
        start = amazon_before = 0
        for size, quota in self.plan:
            if self.drawn < start + size:
                return start + size - self.drawn, quota - (self.amazon_drawn - amazon_before)
            start += size
            amazon_before += quota
        return 0, 0

    def _per_copy(self) -> tuple[Fraction, Fraction]:
        """The probability of one given Amazon copy, and of one given standard copy."""
        in_slice, amazon_in_slice = self._slice_counts()
        amazon_left = list(map(_kind_of, self.tiles)).count(TileKind.AMAZON)
        odds = _per_copy_odds(in_slice, amazon_in_slice, amazon_left,
                              len(self.tiles) - amazon_left)
        return odds.amazon, odds.standard

    def tile_probability(self, tile: Tile) -> Fraction:
        """The exact probability that the next draw is this very copy (R-C7)."""
        if id(tile) not in map(id, self.tiles) and tile not in self.tiles:
            return Fraction(0)
        amazon, standard = self._per_copy()
        return amazon if tile.kind is TileKind.AMAZON else standard

    def distribution(self) -> DrawDistribution:
        """What the next draw can be (R-T1, R-C7): every distinct tile with its exact
        probability, integer weight and float, computed once per pile composition and
        slice position and shared by every pile that has them.

        Identical copies (same layout, same icons) are one outcome, named by the copy
        with the lowest id; outcomes with probability 0 are left out.  This is the
        pile's view, whatever the phase; at a chance node
        :func:`~carcassonne_amazonas.rules.chance.chance_outcomes` gives the same
        outcomes as ``(DrawTile, probability)`` pairs.
        """
        in_slice, amazon_in_slice = self._slice_counts()
        composition = self._composition
        if composition is None:
            # Distinct powers of two: their sum is their union.
            composition = sum(map(_ONE.__lshift__, map(_by_id, self.tiles)))
            object.__setattr__(self, "_composition", composition)
        if not self.tiles:
            return _NOTHING_LEFT
        # The first tile tells tile sets apart (ids are only unique within one); the entry
        # keeps it, so that its id() stays its own.
        first = self.tiles[0]
        key = (composition, in_slice, amazon_in_slice, id(first))
        found = _DISTRIBUTIONS.get(key)
        if found is None:
            if len(_DISTRIBUTIONS) >= _DISTRIBUTIONS_KEPT:
                del _DISTRIBUTIONS[next(iter(_DISTRIBUTIONS))]  # the oldest
            found = _DISTRIBUTIONS[key] = (DrawDistribution(self.tiles, in_slice,
                                                            amazon_in_slice), first)
        return found[0]

    def canonical(self, tile: Tile) -> Tile:
        """The copy that stands for all remaining copies identical to ``tile``."""
        found = self.distribution().named.get(_facts(tile).design)
        if found is None:  # not a design of this pile
            design = _facts(tile).design
            return min((t for t in self.tiles if _facts(t).design == design), key=_by_id)
        return found

    def resampled(self, rng: random.Random) -> Pile:
        """A seeded pile with the remaining tiles in an order drawn from what is known:
        the remaining multiset and the Amazon quota of each slice (never the real order)."""
        amazon = sorted((t for t in self.tiles if t.kind is TileKind.AMAZON), key=lambda t: t.id)
        standard = sorted((t for t in self.tiles if t.kind is not TileKind.AMAZON),
                          key=lambda t: t.id)
        rng.shuffle(amazon)
        rng.shuffle(standard)
        parts: list[tuple[int, int]] = []
        in_slice, amazon_in_slice = self._slice_counts()
        if in_slice > 0:
            parts.append((in_slice, amazon_in_slice))
        start = 0
        for size, quota in self.plan:
            if start > self.drawn:
                parts.append((size, quota))
            start += size
        order = _deal(parts, amazon, standard, rng)
        return Pile(tuple(order), self.plan, self.drawn, self.amazon_drawn, False, self.seed)


def _deal(parts: Sequence[tuple[int, int]], amazon: list[Tile], standard: list[Tile],
          rng: random.Random) -> list[Tile]:
    order: list[Tile] = []
    for size, quota in parts:
        part = amazon[:quota] + standard[:size - quota]
        del amazon[:quota]
        del standard[:size - quota]
        rng.shuffle(part)
        order.extend(part)
    order.extend(amazon + standard)  # only if the plan and the tiles disagree
    return order


def plan_for(land_tiles: Sequence[Tile], shuffle: Shuffle, slices: int) -> tuple[tuple[int, int],
                                                                               ...]:
    """The slice plan of a shuffle kind for these land tiles (uniform: one slice)."""
    amazon = sum(1 for t in land_tiles if t.kind is TileKind.AMAZON)
    return slice_plan(len(land_tiles), amazon, 1 if shuffle is Shuffle.UNIFORM else slices)


def shuffled_pile(land_tiles: Sequence[Tile], shuffle: Shuffle, slices: int,
                  rng: random.Random, seed: int | None = None) -> Pile:
    """Shuffle the land tiles into a seeded pile with ``rng`` (R-C7)."""
    plan = plan_for(land_tiles, shuffle, slices)
    ordered = sorted(land_tiles, key=lambda t: t.id)
    if shuffle is Shuffle.UNIFORM:
        rng.shuffle(ordered)
        return Pile(tuple(ordered), plan, seed=seed)
    amazon = [t for t in ordered if t.kind is TileKind.AMAZON]
    standard = [t for t in ordered if t.kind is not TileKind.AMAZON]
    rng.shuffle(amazon)
    rng.shuffle(standard)
    return Pile(tuple(_deal(plan, amazon, standard, rng)), plan, seed=seed)


_by_id = attrgetter("id")
_kind_of = attrgetter("layout.kind")
_ONE = 1

# The draw distribution of each pile composition and slice position (Pile.distribution).
_DISTRIBUTIONS: dict[tuple[int, int, int, int], tuple[DrawDistribution, Tile]] = {}
_NOTHING_LEFT = DrawDistribution((), 0, 0)
#: How many draw distributions are kept (the oldest goes first).
_DISTRIBUTIONS_KEPT = 4096
