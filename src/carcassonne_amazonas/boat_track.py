"""The boat track: boats, advances, the cap, ranking and Amazon scoring
(R-C9, R-T4–R-T6, R-T9, R-A1–R-A4, R-E5).

Boats are numbered river spaces: 1 is the source (R-C9) and ``track_length``
the last explored space (R-T9).  All functions are pure and work on tuples of
boat positions indexed by player.
"""

from __future__ import annotations

__all__ = ["advanced_space", "amazon_scoring", "dense_ranks", "rank_points"]


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


def rank_points(boats: tuple[int, ...], points_by_rank: tuple[int, ...]) -> tuple[int, ...]:
    """Points per player when rank ``r`` is worth ``points_by_rank[r - 1]`` (R-A2, R-E5).

    Tied players each score their rank's full points.  With 2 players the
    second boat scores its rank only if it is on the space directly behind the
    first boat (R-A3); two boats on one space are both first.
    """
    ranks = dense_ranks(boats)
    points = []
    leader = max(boats)
    for boat, rank in zip(boats, ranks):
        value = points_by_rank[rank - 1] if rank <= len(points_by_rank) else 0
        if len(boats) == 2 and rank == 2 and boat != leader - 1:
            value = 0
        points.append(value)
    return tuple(points)


def amazon_scoring(boats: tuple[int, ...], caimans: int, piranhas: int) -> tuple[int, ...]:
    """Points per player of one Amazon scoring (R-A1–R-A3).

    First place scores caimans + piranhas of the tile just placed, second
    place its piranhas.  The advance of those who scored nothing (R-A4) is the
    caller's next step.
    """
    return rank_points(boats, (caimans + piranhas, piranhas))
