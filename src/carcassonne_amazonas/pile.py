"""The draw pile and how it is shuffled (RULES C3, C7, T1).

The shuffle happens once, in :func:`shuffled_pile`, from a seeded
``random.Random``: there is no global random state, and the same seed gives
the same pile in any process.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence

import attrs

from .tiles import Tile, TileKind

__all__ = ["Pile", "Shuffle", "shuffled_pile", "slice_plan"]


class Shuffle(enum.Enum):
    """How the 80 land tiles are shuffled (C7).

    ``STRATIFIED`` (the default, our **Decision** for "making sure the Amazon
    tiles are evenly distributed"): the pile is cut into equal slices and the
    Amazon tiles are spread over them as evenly as possible, the order inside
    each slice random.  ``UNIFORM``: a plain shuffle of all land tiles.
    """

    STRATIFIED = "stratified"
    UNIFORM = "uniform"


@attrs.frozen(slots=True)
class Pile:
    """The land tiles still to draw, in draw order, and how many were drawn."""

    order: tuple[Tile, ...]
    drawn: int = 0

    @property
    def remaining(self) -> tuple[Tile, ...]:
        """The tiles left, next first.  Search code must not read this (it is the future)."""
        return self.order[self.drawn:]

    def __len__(self) -> int:
        return len(self.order) - self.drawn

    def draw(self) -> tuple[Tile, Pile]:
        """The next tile and the pile without it."""
        return self.order[self.drawn], Pile(self.order, self.drawn + 1)


def slice_plan(total: int, amazon: int, slices: int) -> tuple[tuple[int, int], ...]:
    """``(slice size, Amazon tiles in it)`` for each slice, top of the pile first (C7).

    Sizes differ by at most one; the Amazon quota of each slice is the share
    proportional to the tiles dealt so far, so the Amazon tiles are as evenly
    spread as the counts allow (80 tiles, 15 Amazon, 5 slices: 16 tiles with 3
    Amazon tiles each).
    """
    slices = max(1, min(slices, total)) if total else 1
    plan = []
    dealt = dealt_amazon = 0
    for index in range(slices):
        size = total // slices + (1 if index < total % slices else 0)
        dealt += size
        quota = round(amazon * dealt / total) - dealt_amazon if total else 0
        dealt_amazon += quota
        plan.append((size, quota))
    return tuple(plan)


def shuffled_pile(land_tiles: Sequence[Tile], shuffle: Shuffle, slices: int,
                  rng: random.Random) -> Pile:
    """Shuffle the land tiles into a pile with ``rng`` (C7)."""
    tiles = list(land_tiles)
    if shuffle is Shuffle.UNIFORM:
        rng.shuffle(tiles)
        return Pile(tuple(tiles))
    amazon = [t for t in tiles if t.kind is TileKind.AMAZON]
    standard = [t for t in tiles if t.kind is not TileKind.AMAZON]
    rng.shuffle(amazon)
    rng.shuffle(standard)
    order: list[Tile] = []
    for size, quota in slice_plan(len(tiles), len(amazon), slices):
        part = amazon[:quota] + standard[:size - quota]
        del amazon[:quota]
        del standard[:size - quota]
        rng.shuffle(part)
        order.extend(part)
    return Pile(tuple(order))
