"""How tiles fit on the board: fit tables, placement plans, side patterns and placement
problems (R-G2–R-G6, R-F2).

A :class:`FitTable` answers which rotations of a 1×1 layout meet the edge constraint
of an open cell (R-G4, R-G5) at the cost of a dict lookup; the placement plans say what
placing a layout writes on the board, per rotation; a *side pattern* numbers the segments
along one side of a cell (R-F2), so that features join across a shared edge once per
pair of patterns; a :class:`PlacementProblem` says why a tile may not lie somewhere.
All are worked out once per layout (or pattern) and kept for the process.

Private to the rules: :class:`~carcassonne_amazonas.rules.board.Board` reads these
tables and records placements, and :func:`fit_table` and :func:`side_pattern` serve the
legal-action lists and the features too.  What other layers use is public elsewhere:
:class:`PlacementProblem` in :mod:`~carcassonne_amazonas.rules.board` (what
:meth:`Board.placement_problem <carcassonne_amazonas.rules.board.Board.placement_problem>`
returns), :class:`FitTable` and :func:`fit_table` in
:mod:`~carcassonne_amazonas.rules.fast_path` (the fast playouts draw placements with
them).  Nothing here needs the board.
"""

from __future__ import annotations

import attrs

from .._support.exact import check_exact
from .._support.reprs import repr_pretty
from ..errors import IllegalActionCode
from ..tiles.geometry import KEY_DELTAS, KEY_STRIDE
from ..tiles.layout import Layout, TileKind, VariantCell

__all__ = ["FitTable", "PlacementProblem", "fit_table", "side_pattern"]

_SIGNATURE_WEIGHTS = (1, 5, 25, 125)


@attrs.frozen(slots=True)
class PlacementProblem:
    """Why a tile may not lie somewhere (see
    :meth:`~carcassonne_amazonas.rules.board.Board.placement_problem`): the ``reason`` for
    a person, the ``rule`` broken (R-G2–R-G6) and the ``code`` an
    :class:`~carcassonne_amazonas.errors.IllegalActionError` carries for it."""

    reason: str
    rule: str
    code: IllegalActionCode

    _repr_pretty_ = repr_pretty


# Per footprint cell: (cell key offset from the anchor, placed cell, ((side, key delta,
# constraint contribution, side pattern) per side), the side patterns).
_Plan = tuple[tuple[int, VariantCell, tuple[tuple[int, int, int, int], ...], tuple[int, ...]],
              ...]
# Per layout: the plan of each rotation (None where the kind may not turn so, R-G5), and
# whether the layout extends the river (R-G6).
_LayoutPlans = tuple[tuple[_Plan | None, ...], bool]
_PLANS: dict[Layout, _LayoutPlans] = {}


def _layout_plans(layout: Layout) -> _LayoutPlans:
    """What placing a tile of ``layout`` writes, per rotation, computed once per layout:
    each footprint cell's key offset from the anchor, and for each side the amount its
    edge adds to the constraint signature of an empty cell across it and the pattern of
    segments along it (see :func:`side_pattern`).  The dict holds the layout, so it lives
    as long as the entry."""
    plans: list[_Plan | None] = [None, None, None, None]
    for variant in layout.variants:
        plan = []
        for vc in variant.cells:
            sides = tuple(
                (side, KEY_DELTAS[side], _SIGNATURE_WEIGHTS[(side + 2) % 4] * vc.edges[side],
                 _pattern_number(vc.port_segments[side * 3:side * 3 + 3]))
                for side in range(4))
            plan.append((vc.dy * KEY_STRIDE + vc.dx, vc, sides,
                         tuple(side[3] for side in sides)))
        plans[variant.rotation] = tuple(plan)
    found = _PLANS[layout] = (tuple(plans), layout.kind.is_river)
    return found


_PATTERNS: list[tuple[int, ...]] = []
_PATTERN_NUMBERS: dict[tuple[int, ...], int] = {}


def _pattern_number(segments: tuple[int, ...]) -> int:
    number = _PATTERN_NUMBERS.get(segments)
    if number is None:
        number = _PATTERN_NUMBERS[segments] = len(_PATTERNS)
        _PATTERNS.append(segments)
    return number


def side_pattern(number: int) -> tuple[int, ...]:
    """The segment index at each port of a cell side (R-F2), clockwise, that a *side
    pattern* number (as in :meth:`~carcassonne_amazonas.rules.board.Board.contacts`)
    stands for.  Numbers are given out once per distinct pattern, so that joins across a
    shared edge can be worked out once per pair of patterns."""
    return _PATTERNS[number]


class FitTable(dict[int, int]):
    """Constraint signature -> bit mask of the rotations of one 1×1 layout that meet it
    (see :meth:`~carcassonne_amazonas.tiles.layout.Layout.fit_mask`), filled on first use.

    A dict, so that the hot loops look signatures up at C speed.
    """

    __slots__ = ("layout", "river", "standard")

    def __init__(self, layout: Layout) -> None:
        super().__init__()
        self.layout = layout
        #: the layout's kind extends the river (R-G6), or is a standard tile
        self.river = layout.kind.is_river
        self.standard = layout.kind is TileKind.STANDARD

    def __missing__(self, signature: int) -> int:
        mask = self[signature] = self.layout.fit_mask(signature)
        return mask


_FIT_TABLES: dict[int, FitTable] = {}


def fit_table(layout: Layout) -> FitTable:
    """The :class:`FitTable` of ``layout`` (one per layout, kept for the process)."""
    table = _FIT_TABLES.get(id(layout))
    if table is None:
        check_exact(layout, Layout, "layout")
        # The table holds the layout, so its id is not reused while the entry exists.
        table = _FIT_TABLES[id(layout)] = FitTable(layout)
    return table
