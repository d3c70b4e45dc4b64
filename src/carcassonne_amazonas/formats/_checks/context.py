"""What every check of :func:`~carcassonne_amazonas.formats.problems.state_problems` shares:
the state under check, the problems found so far and a few facts about it.

The checks of each concern are methods of a subclass of :class:`CheckContext` in a
module of their own (:mod:`~carcassonne_amazonas.formats._checks.board`,
:mod:`~carcassonne_amazonas.formats._checks.pile`,
:mod:`~carcassonne_amazonas.formats._checks.scores`); the checker of
:mod:`~carcassonne_amazonas.formats.problems` inherits them all and runs them in order.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ...rules.features import Feature
from ...rules.state import GameState, Phase
from ...tiles.tileset import TileKind
from .derivation import Derivation
from .problem import Problem

__all__ = ["LAND_KINDS", "TURN_PHASES", "CheckContext", "safely"]

_T = TypeVar("_T")

#: The phases of a turn under way: its tile is placed, its piece step not over (R-T3, R-T5).
TURN_PHASES = (Phase.PLACE_PIECE, Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE)
#: The kinds of the tiles in the pile (R-C3).
LAND_KINDS = (TileKind.STANDARD, TileKind.AMAZON)


class CheckContext:
    """A well-typed state under check (see
    :func:`~carcassonne_amazonas.formats._checks.types.state_type_problems`) and the problems found.

    ``derivation`` is the snapshot loader's, if it has one; ``feature_items`` the
    state's features as ``(id, feature)`` pairs, as the type check found them.
    """

    def __init__(self, state: GameState, derivation: Derivation | None,
                 feature_items: list[tuple[int, Feature]]) -> None:
        self.state = state
        self.out: list[Problem] = []
        self.tileset = state.rules.tileset
        self.n = state.num_players
        self.placements = state.board.placements
        self.derivation = derivation
        #: a tile of the turn under way is placed (its piece step is not over)
        self.in_turn = state.phase in TURN_PHASES
        self.feature_items = feature_items

    def problem(self, field: str, reason: str, *rules: str) -> None:
        """Report that ``field`` of the state is wrong, why, and the rules it breaks."""
        self.out.append(Problem(field, reason, rules))


def safely(compute: Callable[[], _T]) -> _T | None:
    """``compute()``, or None if it raises (an object built by hand around junk)."""
    try:
        return compute()
    except Exception:
        return None
