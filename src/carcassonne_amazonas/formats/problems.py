"""Whether a game state is one the rules can reach: :func:`state_problems`.

``state_problems(state)`` lists every inconsistency of a
:class:`~carcassonne_amazonas.rules.state.GameState`, one message each (empty when it has
none).  It never raises, whatever the object: a malformed state (built by hand, by
``attrs.evolve`` or by Hypothesis) gives a list of problems, not an exception.  The
snapshot loader (:func:`~carcassonne_amazonas.formats.snapshot.state_from_json`) and
:func:`carcassonne_amazonas.testing.check_invariants` both use it.

What is checked, in this order (each message names the state's field and the rule ids;
the modules named do the checking):

- **Types** (:mod:`~carcassonne_amazonas.formats._checks.types`).  The state's fields, its rules'
  options, each player's numbers and score breakdown, the pile's tiles, plan, counters and
  seed, each placement's tile, position and rotation, the final scoring and the features'
  fields have exactly the library's types (an ``int``, not a ``bool`` or a subclass; an
  enum member, not its value); every tile is the game's own tile set's, and the tile set
  agrees with its source text.  The private tables of a board or a pile and the pile's
  caches are not type-checked: the board is compared with the derived one through its
  public methods instead (below).  Nothing else is checked on a state with a field of the
  wrong type.
- **Tiles** (R-C3–R-C5, R-G7): every tile of the set is exactly once on the board, in
  hand, in the pile, removed or set aside, each where its kind may be.
- **The board** (R-G1–R-G6, R-T3, R-F1–R-F6;
  :mod:`~carcassonne_amazonas.formats._checks.board`): the placements are replayed through the
  engine (:mod:`~carcassonne_amazonas.formats._checks.derivation`): each was legal where it lies, doubles
  follow "!" tiles, and the board's open cells, river end and features are those the
  placements give.
- **Pieces** (R-C2, R-T5, R-T7, R-F6; :mod:`~carcassonne_amazonas.formats._checks.board`): at
  most one piece per tile, put down by the player whose turn placed the tile, on a feature
  that held none then; supplies add up; no meeple stays on a completed tributary or
  village after its turn.
- **The river** (R-T9, R-C9, R-T4–R-T6, R-A4;
  :mod:`~carcassonne_amazonas.formats._checks.scores`): the track length is the start side's
  spaces plus the river tiles'; every boat lies on it, no further than the turns, icons
  and Amazon scorings so far can have moved it.
- **The turn** (R-C8, R-T1–R-T5, R-T8): the current player follows from the first player
  and the turns played; the phase agrees with the tile in hand, the tile that may take a
  piece (the one placed last), the pending Amazon scorings (the river tiles of this turn,
  in order) and the double tiles left.
- **The pile** (R-C7, R-T1, R-G7; :mod:`~carcassonne_amazonas.formats._checks.pile`): its
  slice plan is the rules' plan; its counters count the tiles drawn; the draws so far (and
  a seeded shuffle's whole order) keep the slices' Amazon quotas; each removed tile fitted
  nowhere when it could have been drawn.
- **Scores** (R-T7, R-A2, R-E1–R-E6; :mod:`~carcassonne_amazonas.formats._checks.scores`):
  each score is its breakdown's total; camp and river points come only with the final
  scoring, which is exactly what the board and boats give at the end
  (:func:`~carcassonne_amazonas.rules.final_scoring.final_scoring`, the engine's own);
  completed-feature and Amazon points are sums that the completed features and the river
  tiles scored so far can have paid.
- **The end** (R-E1): the game is over exactly when the pile is empty and no turn is under
  way; any other state has a legal action.

What a state cannot show (so no check can find it) is listed in the records guide:
when removed tiles were drawn, who held which returned meeple, and whether a game
really went that way.  A board or feature graph built by hand is compared with the
derived one through their public methods: the placed tiles' cells, the open cells and
every feature; an extra entry elsewhere in their private tables is not seen.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from .._support.wording import plural, show_int
from ..rules.engine import legal_actions
from ..rules.features import segment_of
from ..rules.state import GameState, Phase, colour
from ..tiles.tileset import Tile, TileKind
from ._checks.board import BoardChecks
from ._checks.context import LAND_KINDS, TURN_PHASES, safely
from ._checks.derivation import Derivation, turn_player
from ._checks.pile import PileChecks
from ._checks.problem import Problem
from ._checks.scores import ScoreChecks
from ._checks.types import state_type_problems

__all__ = ["Problem", "find_problems", "state_problems"]


def state_problems(state: object) -> list[str]:
    """Every inconsistency of ``state``, one message each; empty when the rules can reach
    it (see the module docstring for what is checked).  Never raises."""
    return [str(problem) for problem in find_problems(state)]


def find_problems(state: object, derivation: Derivation | None = None) -> list[Problem]:
    """Every inconsistency of ``state`` as a :class:`Problem` (field, reason, rule ids).

    ``derivation`` is the snapshot loader's: the derivation that built ``state.board``
    and ``state.features``, which then need no second replay.  Never raises.
    """
    try:
        trusted = derivation is not None and isinstance(state, GameState) and \
            state.features is derivation.graph
        problems, items = state_type_problems(state, trusted)
        if problems or not isinstance(state, GameState):
            return problems
        return _Checker(state, derivation, items).run()
    except Exception as error:  # pragma: no cover - a last guard; the tests never reach it
        return [Problem("state", f"cannot be checked: {type(error).__name__} (a bug of the "
                                 "consistency check)")]


# ---------------------------------------------------------------------------- the checks

class _Checker(BoardChecks, PileChecks, ScoreChecks):
    """The checks of a well-typed state, in the order of the module docstring."""

    def run(self) -> list[Problem]:
        self.tiles()
        self.game_over()
        derivation = self.derive()
        self.turn_and_phase(derivation)
        self.pile(derivation)
        if derivation is not None and derivation.complete:
            self.pieces(derivation)
            self.river(derivation)
            self.scores(derivation)
        else:
            self.scores_without_board()
        self.legal_action()
        return self.out

    # -- tiles ----------------------------------------------------------------------------

    def tiles(self) -> None:
        """R-C3–R-C5, R-G7: every tile once, each where its kind may be."""
        state = self.state
        seen: dict[int, str] = {}
        places: list[tuple[str, Iterable[Tile], tuple[TileKind, ...]]] = [
            ("board.placements", (p.tile for p in self.placements), tuple(TileKind)),
            ("pile.tiles", state.pile.tiles, LAND_KINDS),
            ("removed", state.removed, (TileKind.STANDARD,)),
            ("doubles_left", state.doubles_left, (TileKind.DOUBLE,)),
        ]
        rule_of = {TileKind.STANDARD: "R-C3", TileKind.AMAZON: "R-C3", TileKind.DOUBLE: "R-C4",
                   TileKind.START: "R-C5"}
        for field, tiles, kinds in places:
            for index, tile in enumerate(tiles):
                where = f"{field}[{index}]"
                if tile.kind not in kinds:
                    rule = "R-G7" if field == "removed" else rule_of[tile.kind]
                    self.problem(where, f"{tile.name} is {tile.kind.value}; only "
                                 f"{' or '.join(k.value for k in kinds)} tiles lie here", rule)
                self._once(seen, tile, where, rule_of)
        hand = state.tile_in_hand
        if hand is not None:
            if hand.kind is TileKind.START:
                self.problem("tile_in_hand", "the start tile is never in hand", "R-C5")
            self._once(seen, hand, "tile_in_hand", rule_of)
        missing = [t for t in self.tileset.tiles if t.id not in seen]
        if missing:
            names = ", ".join(t.name for t in missing[:5]) + (", ..." if len(missing) > 5 else "")
            rules = sorted({rule_of[t.kind] for t in missing})
            verb = "is" if len(missing) == 1 else "are"
            self.problem("state", f"{plural(len(missing), 'tile')} of the tile set {verb} "
                         "nowhere (not placed, in hand, in the pile, removed or set aside): "
                         f"{names}", *rules)
        for index, tile in enumerate(state.pending_amazon):
            if not tile.kind.is_river:
                self.problem(f"pending_amazon[{index}]", f"{tile.name} is not a river tile; "
                             "only Amazon and double tiles await an Amazon scoring", "R-T8")

    def _once(self, seen: dict[int, str], tile: Tile, where: str,
              rule_of: dict[TileKind, str]) -> None:
        if tile.id in seen:
            self.problem(where, f"{tile.name} is also at {seen[tile.id]}; every tile exists "
                         "once", rule_of[tile.kind])
        else:
            seen[tile.id] = where

    # -- the turn -----------------------------------------------------------------------------

    def turn_and_phase(self, derivation: Derivation | None) -> None:
        """R-C8, R-T1–R-T5, R-T8: the current player, the phase, the hand, the piece step, pending
        Amazon scorings and doubles."""
        state = self.state
        phase = state.phase
        hand = state.tile_in_hand
        last = self.placements[-1].tile if len(self.placements) > 1 else None
        before_last = self.placements[-2].tile if len(self.placements) > 2 else None
        last_bang = last is not None and last.layout.exclamation
        # -- the tile in hand
        if phase is Phase.PLACE_TILE:
            if hand is None or hand.kind not in LAND_KINDS:
                self.problem("tile_in_hand", "the 'place tile' phase needs the drawn land tile "
                             f"in hand, not {'nothing' if hand is None else hand.name}", "R-T1",
                             "R-T2")
        elif phase is Phase.PLACE_DOUBLE:
            if hand is None or hand.kind is not TileKind.DOUBLE:
                self.problem("tile_in_hand", "the 'place double' phase needs the chosen double "
                             f"tile in hand, not {'nothing' if hand is None else hand.name}",
                             "R-T3")
        elif hand is not None:
            self.problem("tile_in_hand", f"{hand.name} is in hand in the {phase.value!r} "
                         "phase, which has no tile to place", "R-T1")
        # -- a "!" tile's double
        if phase in (Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE) and not last_bang:
            self.problem("phase", f"the {phase.value!r} phase comes only right after a \"!\" "
                         "tile is placed", "R-T3")
        if phase is Phase.CHOOSE_DOUBLE and not state.doubles_left:
            self.problem("phase", "a double tile is chosen only while one is left", "R-T3",
                         "R-C4")
        if last_bang and phase not in (Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE) and \
                (state.doubles_left or (hand is not None and hand.kind is TileKind.DOUBLE)):
            self.problem("phase", "the \"!\" tile placed last must be followed by a double "
                         f"tile while any is left, not by the {phase.value!r} phase", "R-T3")
        # -- the piece step
        wanted = len(self.placements) - 1 if phase is Phase.PLACE_PIECE else -1
        if state.piece_placement != wanted:
            self.problem("piece_placement", f"{show_int(state.piece_placement)}, but in the "
                         f"{phase.value!r} phase it is "
                         f"{'the tile placed last, ' if wanted >= 0 else ''}{wanted}", "R-T5")
        if phase is Phase.PLACE_PIECE and (last is None or last.kind is TileKind.START):
            self.problem("phase", "a piece step needs a tile placed this turn", "R-T5")
        # -- pending Amazon scorings: the river tiles of the turn under way, in order
        expected_pending: tuple[Tile, ...] = ()
        if self.in_turn and last is not None:
            if last.kind is TileKind.DOUBLE and before_last is not None:
                expected_pending = (before_last, last)
            elif last.kind.is_river:
                expected_pending = (last,)
        if state.pending_amazon != expected_pending:
            shown = ", ".join(t.name for t in expected_pending) or "none"
            self.problem("pending_amazon", "the Amazon scorings due are those of the river "
                         f"tiles placed this turn, in order ({shown}), not "
                         f"{', '.join(t.name for t in state.pending_amazon) or 'none'}", "R-T8")
        land_placed = sum(1 for p in self.placements[1:] if p.tile.kind in LAND_KINDS)
        turns_done = land_placed - (1 if self.in_turn and land_placed else 0)
        expected_player = turn_player(turns_done, state.rules.first_player, self.n)
        if state.current_player != expected_player:
            self.problem("current_player", f"{colour(state.current_player)} is to play, "
                         f"but {plural(turns_done, 'turn')} played from the first player, "
                         f"{colour(state.rules.first_player)}, make it "
                         f"{colour(expected_player)}'s turn", "R-C8")
        if derivation is not None:
            self._no_piece_yet(derivation)

    def _no_piece_yet(self, derivation: Derivation) -> None:
        """R-T5: the turn under way has not had its piece step."""
        if not self.in_turn or not derivation.turns:
            return
        current = len(derivation.turns) - 1
        for node, turn in derivation.piece_turn.items():
            if turn == current:
                self.problem("pieces", f"a piece stands on segment {segment_of(node)} of the "
                             "tile of the turn under way, before its piece step", "R-T5")

    # -- the end ------------------------------------------------------------------------------

    def game_over(self) -> None:
        """R-E1: over exactly when the pile is empty and no turn is under way."""
        state = self.state
        phase = state.phase
        empty = not state.pile.tiles
        done = phase not in TURN_PHASES and not (phase is Phase.PLACE_TILE
                                                  and state.tile_in_hand is not None)
        if (phase is Phase.GAME_OVER) != (empty and done):
            if phase is Phase.GAME_OVER:
                self.problem("phase", f"the game is over with "
                             f"{plural(len(state.pile.tiles), 'tile')} still to draw", "R-E1")
            else:
                self.problem("phase", f"the pile is empty and no turn is under way, so the game "
                             f"is over, not in the {phase.value!r} phase", "R-E1")
        if phase is not Phase.GAME_OVER and state.final_scoring is not None:
            self.problem("final_scoring", "is set before the game is over", "R-E1")

    def legal_action(self) -> None:
        """A state that is not over has a legal action (R-G7, R-T3, R-C7), and a cached list of
        placements is the right one.  Only asked of a state with no other problem."""
        state = self.state
        phase = state.phase
        if phase is Phase.GAME_OVER or self.out:
            return
        fresh = state if state.tile_actions is None else attrs.evolve(state)  # no cache
        actions = safely(lambda: legal_actions(fresh))
        if actions is None:
            self.problem("phase", "no legal action can be worked out", "R-E1")
        elif not actions:
            rule = {Phase.PLACE_TILE: "R-G7", Phase.CHOOSE_DOUBLE: "R-T3",
                    Phase.DRAW_TILE: "R-C7"}.get(phase, "R-E1")
            self.problem("phase", f"the game is not over, but the {phase.value!r} phase has no "
                         "legal action", rule)
        elif state.tile_actions is not None and state.tile_actions != actions:
            self.problem("tile_actions", "the cached legal placements are not the legal "
                         "placements of the tile in hand", "R-T2")
