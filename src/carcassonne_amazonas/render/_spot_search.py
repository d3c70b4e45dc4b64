"""The search that places a tile's icons and pieces together (R-F7, R-T5), in tile units.

:mod:`~carcassonne_amazonas.render._segment_spots` gives each segment its options, best
first: the rows where its icons may go and the points where its piece may stand.  The
search takes, for every segment, the first options that let all of them stand clear at
once:

- icons of different segments at least :data:`ICON_APART` apart (their discs do not
  touch);
- every piece spot at least ``clearance`` from every icon, and at least ``apart`` from
  every other piece spot.

It is a depth-first search: the icon rows in segment order, then the pieces, the
segment with the fewest points left first; each choice strikes the points it rules out
from the segments still to place, and a choice that leaves a segment nowhere is undone
at once.  The order makes the answer deterministic, and the first answer is the one that
keeps every segment nearest its best options.  The search gives up after
:data:`BUDGET` choices (None).
"""

from __future__ import annotations

import math

from ._plane import Point
from ._segment_shapes import ICON_GAP

__all__ = ["BUDGET", "ICON_APART", "search_spots"]

#: How far apart the icons of different segments stand, centre to centre (as the icons
#: of one segment: their discs do not touch).
ICON_APART = ICON_GAP
#: How many choices the search tries before it gives up.
BUDGET = 1000

IconRow = tuple[Point, ...]


class _OutOfBudget(Exception):
    """The search tried :data:`BUDGET` choices."""


def search_spots(rows: dict[int, list[IconRow]], places: dict[int, list[Point]], *,
                 apart: float,
                 clearance: float) -> tuple[dict[int, IconRow], dict[int, Point]] | None:
    """An icon row for every segment of ``rows`` and a piece spot for every segment of
    ``places``, each the first of its options that lets all of them stand clear (see
    the module), or None when there is none or the search runs out of
    :data:`BUDGET`."""
    search = _Search(rows, apart, clearance)
    if not all(places.values()):
        return None
    try:
        return search.icons(sorted(rows), [], [], places)
    except _OutOfBudget:
        return None


def _clear_of(points: list[Point], others: list[Point] | IconRow,
              distance: float) -> list[Point]:
    """The points at least ``distance`` from every point of ``others`` (the search's
    inner loop: squared distances, no generator)."""
    limit = distance * distance
    clear = []
    for point in points:
        x, y = point
        for ox, oy in others:
            if (x - ox) * (x - ox) + (y - oy) * (y - oy) < limit:
                break
        else:
            clear.append(point)
    return clear


class _Search:
    def __init__(self, rows: dict[int, list[IconRow]], apart: float, clearance: float) -> None:
        self.rows = rows
        self.apart = apart
        self.clearance = clearance
        self.tried = 0

    def _count(self) -> None:
        self.tried += 1
        if self.tried > BUDGET:
            raise _OutOfBudget

    def icons(self, todo: list[int], icons: list[Point], chosen: list[tuple[int, IconRow]],
              places: dict[int, list[Point]],
              ) -> tuple[dict[int, IconRow], dict[int, Point]] | None:
        """Rows for the segments of ``todo``, clear of ``icons`` placed so far, then the
        pieces in what is left of ``places``."""
        if not todo:
            pieces = self.pieces(places)
            return None if pieces is None else (dict(chosen), pieces)
        index, rest = todo[0], todo[1:]
        for row in self.rows[index]:
            if any(math.dist(a, b) < ICON_APART for a in row for b in icons):
                continue
            self._count()
            left = {i: _clear_of(points, row, self.clearance) for i, points in places.items()}
            if all(left.values()):
                found = self.icons(rest, icons + list(row), [*chosen, (index, row)], left)
                if found is not None:
                    return found
        return None

    def pieces(self, places: dict[int, list[Point]]) -> dict[int, Point] | None:
        """A spot for every segment of ``places``, at least ``apart`` from each other."""
        if not places:
            return {}
        index = min(places, key=lambda i: (len(places[i]), i))
        others = {i: points for i, points in places.items() if i != index}
        for spot in places[index]:
            self._count()
            left = {i: _clear_of(points, (spot,), self.apart) for i, points in others.items()}
            if all(left.values()):
                found = self.pieces(left)
                if found is not None:
                    found[index] = spot
                    return found
        return None
