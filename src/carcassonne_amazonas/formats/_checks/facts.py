"""What every check of :func:`~carcassonne_amazonas.formats.problems.state_problems` works
with: the :class:`Problem` it reports and the :class:`Facts` of the state under check.

Each check is a plain function that takes the facts (and, where it needs them, the
:class:`~carcassonne_amazonas.formats._checks.derivation.Derivation` of the placements)
and yields its problems; :mod:`~carcassonne_amazonas.formats.problems` runs them in order.
Reasons word numbers, counts and players with :mod:`~carcassonne_amazonas._support.wording`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import attrs

from ..._support.reprs import repr_pretty
from ...rules.board import Placement
from ...rules.features import Feature
from ...rules.state import GameState, Phase
from ...tiles.layout import TileKind
from ...tiles.tileset import TileSet

__all__ = ["LAND_KINDS", "TURN_PHASES", "Facts", "Problem", "problem", "safely"]

_T = TypeVar("_T")

#: The phases of a turn under way: its tile is placed, its piece step not over (R-T3, R-T5).
TURN_PHASES = (Phase.PLACE_PIECE, Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE)
#: The kinds of the tiles in the pile (R-C3).
LAND_KINDS = (TileKind.STANDARD, TileKind.AMAZON)


@attrs.frozen(slots=True)
class Problem:
    """An inconsistency: ``field`` (a path into the state, such as
    ``players[1].boat`` or ``board.placements[3]``), the ``reason`` and the ``rules``
    broken (ids such as ``R-T7``; empty for a value of the wrong type).

    The snapshot loader turns a problem into a
    :class:`~carcassonne_amazonas.errors.RecordError` naming the snapshot's field.
    """

    _repr_pretty_ = repr_pretty

    field: str
    reason: str
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        ids = f" ({', '.join(self.rules)})" if self.rules else ""
        return f"{self.field}: {self.reason}{ids}"


def problem(field: str, reason: str, *rules: str) -> Problem:
    """The :class:`Problem` that ``field`` of the state is wrong, why, and the rules it
    breaks."""
    return Problem(field, reason, rules)


@attrs.frozen(slots=True, eq=False)
class Facts:
    """A well-typed state under check (see
    :func:`~carcassonne_amazonas.formats._checks.types.state_type_problems`) and what the
    checks read of it.

    ``feature_items`` are the state's features as ``(id, feature)`` pairs, as the type
    check found them (empty when it did not look: the loader's derivation made them).
    ``in_turn`` says that a tile of the turn under way is placed and its piece step is not
    over.
    """

    _repr_pretty_ = repr_pretty

    state: GameState
    feature_items: list[tuple[int, Feature]]
    tileset: TileSet
    num_players: int
    placements: tuple[Placement, ...]
    in_turn: bool

    @classmethod
    def of(cls, state: GameState, feature_items: list[tuple[int, Feature]]) -> Facts:
        """The facts of a well-typed ``state``."""
        return cls(state, feature_items, state.rules.tileset, state.num_players,
                   state.board.placements, state.phase in TURN_PHASES)


def safely(compute: Callable[[], _T]) -> _T | None:
    """``compute()``, or None if it raises (an object built by hand around junk)."""
    try:
        return compute()
    except Exception:
        return None
