"""Whether a game state is one the rules can reach: :func:`state_problems`.

``state_problems(state)`` lists every inconsistency of a
:class:`~carcassonne_amazonas.rules.state.GameState`, one message each (empty when it has
none).  It never raises, whatever the object: a malformed state (built by hand, by
``attrs.evolve`` or by Hypothesis) gives a list of problems, not an exception.  The
snapshot loader (:func:`~carcassonne_amazonas.formats.snapshot.state_from_json`) and
:func:`carcassonne_amazonas.testing.check_invariants` both use it.

What is checked, in this order (each message names the state's field and the rule ids;
each check is a plain function of the module named, over the state's facts):

- **Types** (:mod:`~carcassonne_amazonas.formats._checks.types`).  The state's fields, its
  rules' options, each player's numbers and score breakdown, the pile's tiles, plan,
  counters and seed, each placement's tile, position and rotation, the final scoring and
  the features' fields have exactly the library's types (an ``int``, not a ``bool`` or a
  subclass; an enum member, not its value); every tile is the game's own tile set's, and
  the tile set agrees with its source text.  The private tables of a board or a pile and
  the pile's caches are not type-checked: the board is compared with the derived one
  through its public methods instead (below).  Nothing else is checked on a state with a
  field of the wrong type.
- **Tiles** (R-C3–R-C5, R-G7, R-T8; :mod:`~carcassonne_amazonas.formats._checks.pile`):
  every tile of the set is exactly once on the board, in hand, in the pile, removed or
  set aside, each where its kind may be; only river tiles await an Amazon scoring.
- **The end** (R-E1; :mod:`~carcassonne_amazonas.formats._checks.turn`): the game is over
  exactly when the pile is empty and no turn is under way, and only then has a final
  scoring.
- **The board** (R-G1–R-G6, R-T3, R-F1–R-F6;
  :mod:`~carcassonne_amazonas.formats._checks.board`): the placements are replayed through
  the engine (:mod:`~carcassonne_amazonas.formats._checks.derivation`): each was legal
  where it lies, doubles follow "!" tiles, and the board's open cells, river end and
  features are those the placements give.
- **The turn** (R-C8, R-T1–R-T5, R-T8; :mod:`~carcassonne_amazonas.formats._checks.turn`):
  the current player follows from the first player and the turns played; the phase
  agrees with the tile in hand, the tile that may take a piece (the one placed last, with
  no piece yet), the pending Amazon scorings (the river tiles of this turn, in order) and
  the double tiles left.
- **The pile** (R-C7, R-T1, R-G7; :mod:`~carcassonne_amazonas.formats._checks.pile`): its
  slice plan is the rules' plan; its counters count the tiles drawn; the draws so far (and
  a seeded shuffle's whole order) keep the slices' Amazon quotas; each removed tile fitted
  nowhere when it could have been drawn.
- **Pieces** (R-C2, R-T5, R-T7, R-F6; :mod:`~carcassonne_amazonas.formats._checks.board`):
  at most one piece per tile, put down by the player whose turn placed the tile, on a
  feature that held none then; supplies add up; no meeple stays on a completed tributary
  or village after its turn.
- **The river** (R-T9, R-C9, R-T4–R-T6, R-A4;
  :mod:`~carcassonne_amazonas.formats._checks.scores`): the track length is the start
  side's spaces plus the river tiles'; every boat lies on it, no further than the turns,
  icons and Amazon scorings so far can have moved it.
- **Scores** (R-T7, R-A2, R-E1–R-E6; :mod:`~carcassonne_amazonas.formats._checks.scores`):
  each score is its breakdown's total; camp and river points come only with the final
  scoring, which is exactly what the board and boats give at the end
  (:func:`~carcassonne_amazonas.rules.final_scoring.final_scoring`, the engine's own);
  completed-feature and Amazon points are sums that the completed features and the river
  tiles scored so far can have paid.
- **A legal action** (R-G7, R-T3, R-C7; :mod:`~carcassonne_amazonas.formats._checks.turn`):
  a state with no other problem that is not over has a legal action, and a cached list of
  legal placements is the right one.

What a state cannot show (so no check can find it) is listed in the records guide:
when removed tiles were drawn, who held which returned meeple, and whether a game
really went that way.  A board or feature graph built by hand is compared with the
derived one through their public methods: the placed tiles' cells, the open cells and
every feature; an extra entry elsewhere in their private tables is not seen.
"""

from __future__ import annotations

from ..rules.state import GameState
from ._checks.board import board_problems, derivation_of, piece_problems, pieces_too_early
from ._checks.derivation import Derivation
from ._checks.facts import Facts, Problem
from ._checks.pile import pile_problems, tile_problems
from ._checks.scores import river_problems, score_problems, score_sum_problems
from ._checks.turn import game_over_problems, legal_action_problems, turn_problems
from ._checks.types import state_type_problems

__all__ = ["Problem", "find_problems", "state_problems"]


def state_problems(state: object) -> list[str]:
    """Every inconsistency of ``state``, one message each; empty when the rules can reach
    it (see the module docstring for what is checked).  Never raises."""
    return [str(problem) for problem in find_problems(state)]


def find_problems(state: object, derivation: Derivation | None = None) -> list[Problem]:
    """Every inconsistency of ``state`` as a :class:`Problem` (field, reason, rule ids).

    ``derivation`` is the snapshot loader's: the derivation that built ``state.board``
    and ``state.features`` (keeping the boards after each turn when ``state.removed``
    holds tiles), which then need no second replay.  Never raises.
    """
    try:
        trusted = derivation is not None and isinstance(state, GameState) and \
            state.features is derivation.graph
        problems, items = state_type_problems(state, trusted)
        if problems or not isinstance(state, GameState):
            return problems
        return _consistency_problems(Facts.of(state, items), derivation)
    except Exception as error:  # pragma: no cover - a last guard; the tests never reach it
        return [Problem("state", f"cannot be checked: {type(error).__name__} (a bug of the "
                                 "consistency check)")]


def _consistency_problems(facts: Facts, derivation: Derivation | None) -> list[Problem]:
    """The checks of a well-typed state, in the order of the module docstring."""
    out = [*tile_problems(facts), *game_over_problems(facts)]
    if derivation is None:
        derivation = derivation_of(facts)
    out.extend(derivation.problems)
    complete = derivation if derivation.complete else None
    if complete is not None:
        out.extend(board_problems(facts, complete))
    out.extend(turn_problems(facts))
    if complete is not None:
        out.extend(pieces_too_early(facts, complete))
    out.extend(pile_problems(facts, complete))
    if complete is not None:
        out.extend([*piece_problems(facts, complete), *river_problems(facts, complete),
                    *score_problems(facts, complete)])
    else:
        out.extend(score_sum_problems(facts))
    if not out:
        out.extend(legal_action_problems(facts))
    return out
