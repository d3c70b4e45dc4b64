"""The boat track: boats, advances, the cap, ranking and Amazon scoring
(R-C9, R-T4–R-T6, R-T9, R-A1–R-A4, R-E5).

Boats are numbered river spaces: 1 is the source (R-C9) and ``track_length``
the last explored space (R-T9).  All functions are pure and work on tuples of
boat positions indexed by player.

How an Amazon scoring ranks the boats behind a tie is a rule option,
:class:`AmazonRanking` (variant R-V1 of the rules reference); the final river
scoring (R-E5) always ranks densely.
"""

from __future__ import annotations

import enum

from .._support.reprs import ShortEnumRepr

__all__ = [
    "AmazonRanking",
    "advanced_space",
    "amazon_scoring",
    "competition_ranks",
    "dense_ranks",
    "rank_points",
    "ranks",
]


class AmazonRanking(ShortEnumRepr, enum.Enum):
    """How an Amazon scoring ranks the boats behind a tie (R-A1, R-A2; variant R-V1).

    The rulebook says of the Amazon scoring: "If there are several boats in first
    (or second) place, the tied players score all the points for their respective
    rank."  It does not say whether the boat after a tie for first is then second
    or third.

    ``DENSE`` (the default): the next boat is second and scores the piranhas.  It
    is the reading the rulebook spells out for the final river scoring, where the
    places are handed out "until all numbers have been filled" (R-E5), so one game
    ranks its boats one way throughout.

    ``COMPETITION``: the next boat is third (its rank is 1 + the number of boats
    strictly ahead of it), so after a tie for first nobody is second: it scores
    nothing and advances (R-A4).  It applies to Amazon scorings only; the final
    river scoring stays dense.
    """

    DENSE = "dense"
    COMPETITION = "competition"


def advanced_space(space: int, spaces: int, track_length: int) -> int:
    """Where a boat on ``space`` ends after moving ``spaces`` downstream (R-T9).

    It stops on the last explored space, and never moves upstream: a boat
    already at (or, after nothing, beyond) the end stays where it is.
    """
    return max(space, min(space + spaces, track_length))


def dense_ranks(boats: tuple[int, ...]) -> tuple[int, ...]:
    """Each player's rank, 1 for the boats furthest downstream (R-A1).

    Dense ranking: all boats on the furthest occupied space are first, all
    boats on the next occupied space second, and so on; distances do not matter.
    """
    spaces = sorted(set(boats), reverse=True)
    rank_of = {space: rank for rank, space in enumerate(spaces, start=1)}
    return tuple(rank_of[boat] for boat in boats)


def competition_ranks(boats: tuple[int, ...]) -> tuple[int, ...]:
    """Each player's rank under competition ranking (variant R-V1): 1 + the number of
    boats strictly further downstream.  Tied boats share a rank and the ranks after
    them are skipped: boats on spaces 9, 9, 7 rank 1, 1, 3."""
    return tuple(1 + sum(1 for other in boats if other > boat) for boat in boats)


def ranks(boats: tuple[int, ...], ranking: AmazonRanking = AmazonRanking.DENSE
          ) -> tuple[int, ...]:
    """Each player's rank under ``ranking``: :func:`dense_ranks` (R-A1) or
    :func:`competition_ranks` (R-V1)."""
    if ranking is AmazonRanking.COMPETITION:
        return competition_ranks(boats)
    return dense_ranks(boats)


def rank_points(boats: tuple[int, ...], points_by_rank: tuple[int, ...],
                ranking: AmazonRanking = AmazonRanking.DENSE) -> tuple[int, ...]:
    """Points per player when rank ``r`` is worth ``points_by_rank[r - 1]`` (R-A2, R-E5).

    Tied players each score their rank's full points.  With 2 players the
    second boat scores its rank only if it is on the space directly behind the
    first boat (R-A3); two boats on one space are both first.  ``ranking`` ranks
    the boats (R-V1; with 2 players both rankings agree).
    """
    points = []
    leader = max(boats)
    for boat, rank in zip(boats, ranks(boats, ranking)):
        value = points_by_rank[rank - 1] if rank <= len(points_by_rank) else 0
        if len(boats) == 2 and rank == 2 and boat != leader - 1:
            value = 0
        points.append(value)
    return tuple(points)


def amazon_scoring(boats: tuple[int, ...], caimans: int, piranhas: int,
                   ranking: AmazonRanking = AmazonRanking.DENSE) -> tuple[int, ...]:
    """Points per player of one Amazon scoring (R-A1–R-A3), the boats ranked by
    ``ranking`` (R-V1).

    First place scores caimans + piranhas of the tile just placed, second
    place its piranhas.  The advance of those who scored nothing (R-A4) is the
    caller's next step.
    """
    return rank_points(boats, (caimans + piranhas, piranhas), ranking)
