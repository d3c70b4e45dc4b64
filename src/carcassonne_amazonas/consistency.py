"""Whether a game state is one the rules can reach: :func:`state_problems`.

``state_problems(state)`` lists every inconsistency of a
:class:`~carcassonne_amazonas.state.GameState`, one message each (empty when it has
none).  It never raises, whatever the object: a malformed state (built by hand, by
``attrs.evolve`` or by Hypothesis) gives a list of problems, not an exception.  The
snapshot loader (:func:`~carcassonne_amazonas.snapshot.state_from_json`) and
:func:`carcassonne_amazonas.testing.check_invariants` both use it.

What is checked, in this order (each message names the state's field and the rule ids):

- **Types.** Every field has exactly the library's type; every tile is a tile of the
  game's own tile set, and the tile set agrees with its source text.  Nothing else is
  checked on a state with a field of the wrong type.
- **Tiles** (R-C3–R-C5, R-G7): every tile of the set is exactly once on the board, in hand,
  in the pile, removed or set aside, each where its kind may be.
- **The board** (R-G1–R-G6, R-T3, R-F1–R-F6): the placements are replayed through the engine
  (:mod:`~carcassonne_amazonas.derivation`): each was legal where it lies, doubles
  follow "!" tiles, and the board's open cells, river end and features are those
  the placements give.
- **Pieces** (R-C2, R-T5, R-T7, R-F6): at most one piece per tile, put down by the player whose
  turn placed the tile, on a feature that held none then; supplies add up; no meeple
  stays on a completed tributary or village after its turn.
- **The river** (R-T9, R-C9, R-T4–R-T6, R-A4): the track length is the start side's spaces plus
  the river tiles'; every boat lies on it, no further than the turns, icons and
  Amazon scorings so far can have moved it.
- **The turn** (R-C8, R-T1–R-T5, R-T8): the current player follows from the first player and
  the turns played; the phase agrees with the tile in hand, the tile that may take a
  piece (the one placed last), the pending Amazon scorings (the river tiles of this
  turn, in order) and the double tiles left.
- **The pile** (R-C7, R-T1, R-G7): its slice plan is the rules' plan; its counters count the
  tiles drawn; the draws so far (and a seeded shuffle's whole order) keep the slices'
  Amazon quotas; each removed tile fitted nowhere when it could have been drawn.
- **Scores** (R-T7, R-A2, R-E1–R-E6): each score is its breakdown's total; camp and river
  points come only with the final scoring, which is exactly what the board and boats
  give at the end; completed-feature and Amazon points are sums that the completed
  features and the river tiles scored so far can have paid.
- **The end** (R-E1): the game is over exactly when the pile is empty and no turn is
  under way; any other state has a legal action.

What a state cannot show (so no check can find it) is listed in the records guide:
when removed tiles were drawn, who held which returned meeple, and whether a game
really went that way.  A board or feature graph built by hand is compared with the
derived one through their public methods: the placed tiles' cells, the open cells and
every feature; an extra entry elsewhere in their private tables is not seen.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TypeVar

import attrs

from .board import Board
from .boat_track import advanced_space
from .breakdowns import FINAL_SCORE_CATEGORIES, SCORE_CATEGORIES
from .derivation import Derivation, derive, turn_player
from .draw_history import DrawHistory
from .engine import legal_actions
from .features import Feature, FeatureGraph, placement_of, segment_of
from .final_tally import final_scoring
from .geometry import cell_key
from .pieces import CAMPS_PER_PLAYER, MEEPLES_PER_PLAYER
from .pile import plan_for
from .problem import Problem
from .scoring import completed_points
from .state import FinalScore, GameState, Phase, PlayerState
from .state_types import state_type_problems
from .tiles import Terrain, Tile, TileKind
from .wording import colour, plural, show_int

__all__ = ["Problem", "find_problems", "state_problems"]

_T = TypeVar("_T")
_TURN_PHASES = (Phase.PLACE_PIECE, Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE)
_LAND = (TileKind.STANDARD, TileKind.AMAZON)


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

class _Checker:
    """The checks of a well-typed state, in the order of the module docstring."""

    def __init__(self, state: GameState, derivation: Derivation | None,
                 feature_items: list[tuple[int, Feature]]) -> None:
        self.state = state
        self.out: list[Problem] = []
        self.tileset = state.rules.tileset
        self.n = state.num_players
        self.placements = state.board.placements
        self.derivation = derivation
        self.in_turn = state.phase in _TURN_PHASES
        self.feature_items = feature_items

    def problem(self, field: str, reason: str, *rules: str) -> None:
        self.out.append(Problem(field, reason, rules))

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
            ("pile.tiles", state.pile.tiles, _LAND),
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

    # -- board and features -------------------------------------------------------------------

    def derive(self) -> Derivation | None:
        """R-G1–R-G6, R-T3, R-T5, R-F1–R-F6: replay the placements; compare the board and
        features."""
        state = self.state
        derivation = self.derivation
        if derivation is None or (state.removed and not derivation.boards_after_turn):
            pieces = [piece for _, feature in self.feature_items for piece in feature.pieces]
            derivation = derive(self.placements, pieces, num_players=self.n,
                                first_player=state.rules.first_player,
                                double_count=len(self.tileset.double_tiles),
                                keep_boards=bool(state.removed))
        self.out.extend(derivation.problems)
        if not derivation.complete:
            return None
        if state.board is not derivation.board:
            self.compare_board(derivation.board)
        if state.features is not derivation.graph:
            self.compare_features(derivation.graph)
        return derivation

    def compare_board(self, derived: Board) -> None:
        board = self.state.board
        if (board.river_column, board.river_end_row) != \
                (derived.river_column, derived.river_end_row):
            self.problem("board", f"the river runs down column {show_int(board.river_column)} "
                         f"to row {show_int(board.river_end_row)}, but the placed tiles put it "
                         f"in column {derived.river_column} to row {derived.river_end_row}",
                         "R-G1", "R-G2")
        mine = _safely(lambda: dict(board.open_items()))
        if mine != dict(derived.open_items()):
            self.problem("board", "its open cells (or the edges they must match) are not those "
                         "the placed tiles give", "R-G2", "R-G4")
        for placement in derived.placements:
            for vc in placement.variant.cells:
                key = cell_key(placement.position.x + vc.dx, placement.position.y + vc.dy)
                if _cell_entry(board, key) != derived.cell_entry(key):
                    self.problem("board", f"cell {placement.position.x + vc.dx},"
                                 f"{placement.position.y + vc.dy} does not hold "
                                 f"{placement.tile.name} as placed", "R-G1")
                    return

    def compare_features(self, derived: FeatureGraph) -> None:
        """R-F1–R-F5: the same features (segments, open ends, icons) as the placements give."""
        graph = self.state.features
        mine: dict[frozenset[int], tuple[object, ...]] = {}
        for feature_id, feature in self.feature_items:
            nodes = frozenset(feature.nodes)
            if not nodes or len(nodes) != len(feature.nodes) or nodes in mine or any(
                    node not in nodes for node, _ in feature.pieces) or any(
                    _feature_id(graph, node) != feature_id for node in feature.nodes):
                self.problem("features", "its segments, features and pieces do not refer to each "
                             "other consistently", "R-F1")
                return
            mine[nodes] = _summary(feature)
        theirs = {frozenset(feature.nodes): _summary(feature) for feature in derived}
        if mine == theirs:
            return
        for nodes, summary in theirs.items():
            if mine.get(nodes) != summary:
                first = min(nodes)
                placement = self.placements[placement_of(first)]
                self.problem("features", f"the {summary[0].label} with segment "  # type: ignore
                             f"{segment_of(first)} of {placement.tile.name} at "
                             f"({placement.position}) is not what the placed tiles give (its "
                             "segments, open ends or icons differ)", "R-F1", "R-F3", "R-F7")
                return
        self.problem("features", "holds segments that no placed tile has", "R-F1")

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
            if hand is None or hand.kind not in _LAND:
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
        land_placed = sum(1 for p in self.placements[1:] if p.tile.kind in _LAND)
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

    # -- the pile -----------------------------------------------------------------------------

    def pile(self, derivation: Derivation | None) -> None:
        """R-C7, R-T1, R-G7: plan, counters, order, quotas, removed tiles."""
        state = self.state
        pile = state.pile
        rules = state.rules
        land = self.tileset.land_tiles
        plan = plan_for(land, rules.shuffle, rules.slices)
        if pile.plan != plan:
            self.problem("pile.plan", "is not the slice plan of the rules' shuffle", "R-C7")
            return
        hand = state.tile_in_hand
        sequence = [p.tile for p in self.placements[1:] if p.tile.kind in _LAND]
        if hand is not None and hand.kind in _LAND:
            sequence.append(hand)
        removed = state.removed
        drawn = len(sequence) + len(removed)
        amazon = sum(1 for t in sequence if t.kind is TileKind.AMAZON)
        if pile.drawn != drawn or pile.amazon_drawn != amazon:
            self.problem("pile", f"counts {plural(pile.drawn, 'tile')} drawn, "
                         f"{plural(pile.amazon_drawn, 'Amazon tile')} among them, but the board, "
                         f"the hand and the removed tiles hold {plural(drawn, 'land tile')}, "
                         f"{plural(amazon, 'Amazon tile')} among them", "R-C7", "R-T1")
            return
        if pile.explicit and any(a.id >= b.id for a, b in zip(pile.tiles, pile.tiles[1:])):
            self.problem("pile.tiles", "an explicit pile (chance mode) lists its tiles by id, "
                         "each once", "R-C7")
        if state.phase is Phase.DRAW_TILE and not pile.explicit:
            self.problem("phase", "a chance node needs an explicit pile (draws=\"explicit\")",
                         "R-T1")
        if not removed and not (pile.explicit or pile.seed is not None):
            return
        history = DrawHistory(sequence, removed, plan, hand_last=hand is not None and hand.kind
                               in _LAND, turn_under_way=self.in_turn)
        quotas = pile.explicit or pile.seed is not None
        if quotas and not history.feasible(quotas=True, no_room=None):
            self.problem("pile", "the tiles drawn so far break the slices' Amazon quotas of the "
                         "stratified shuffle", "R-C7")
            return
        if quotas and not pile.explicit and not history.future_keeps_quotas(pile.tiles):
            self.problem("pile.tiles", "the order left breaks the slices' Amazon quotas of the "
                         "stratified shuffle", "R-C7")
        if removed and derivation is not None and derivation.complete:
            self.removed_tiles(history, derivation, quotas)

    def removed_tiles(self, history: DrawHistory, derivation: Derivation,
                      quotas: bool) -> None:
        """R-G7: a removed tile fitted nowhere when it was drawn."""
        boards = derivation.boards_after_turn
        cache: dict[tuple[int, int], bool] = {}

        def no_room(turns: int, index: int) -> bool:
            key = (turns, index)
            if key not in cache:
                cache[key] = not boards[turns].has_room_for(self.state.removed[index])
            return cache[key]

        for index, tile in enumerate(self.state.removed):
            if not any(no_room(turns, index) for turns in range(len(boards))):
                self.problem(f"removed[{index}]", f"{tile.name} has a legal placement on every "
                             "board of the game so far, so it was never unplaceable", "R-G7")
                return
        if not history.feasible(quotas=quotas, no_room=no_room):
            self.problem("removed", "the removed tiles cannot have been drawn in this order, "
                         "each when it fitted nowhere", "R-G7")

    # -- pieces -------------------------------------------------------------------------------

    def pieces(self, derivation: Derivation) -> None:
        """R-C2, R-T7: supplies add up; no meeple left on a completed tributary or village."""
        state = self.state
        meeples = [0] * self.n
        camps = [0] * self.n
        current = set(derivation.turns[-1]) if self.in_turn and derivation.turns else set()
        # The state's own pieces (the derivation leaves out the pieces it found impossible).
        features = [f for _, f in self.feature_items] if self.feature_items else \
            list(derivation.graph)
        for feature in features:
            for _node, player in feature.pieces:
                if not 0 <= player < self.n:
                    continue  # reported by the derivation
                if feature.terrain is Terrain.JUNGLE:
                    camps[player] += 1
                else:
                    meeples[player] += 1
            if feature.is_completed and feature.pieces and \
                    not feature.placement_indices & current:
                where = ", ".join(f"({self.placements[i].position})"
                                  for i in sorted(feature.placement_indices)[:4])
                self.problem("pieces", f"a completed {feature.terrain.label} on {where} still "
                             f"holds {plural(len(feature.pieces), 'meeple')}, which went "
                             "back when it was scored", "R-T7")
        for index, supply in enumerate(state.players):
            if supply.meeples_in_supply + meeples[index] != MEEPLES_PER_PLAYER or \
                    supply.meeples_in_supply < 0:
                self.problem(f"players[{index}].meeples_in_supply",
                             f"{show_int(supply.meeples_in_supply)} in supply and "
                             f"{meeples[index]} on the board, not {MEEPLES_PER_PLAYER} meeples "
                             "in all",
                             "R-C2")
            if supply.camps_in_supply + camps[index] != CAMPS_PER_PLAYER or \
                    supply.camps_in_supply < 0:
                self.problem(f"players[{index}].camps_in_supply",
                             f"{show_int(supply.camps_in_supply)} in supply and {camps[index]} "
                             f"on the board, not {CAMPS_PER_PLAYER} camps in all", "R-C2", "R-T10")

    # -- the river ----------------------------------------------------------------------------

    def river(self, derivation: Derivation) -> None:
        """R-T9, R-C9 and the boats' bound (R-T4–R-T6, R-A4)."""
        state = self.state
        start_spaces = self.tileset.start_side(self.n).river_spaces
        river_spaces = sum(p.tile.layout.river_spaces for p in self.placements)
        track = start_spaces + river_spaces
        if state.track_length != track:
            self.problem("track_length", f"{show_int(state.track_length)}, but the start side "
                         f"({start_spaces} spaces) and the river tiles placed ({river_spaces}) "
                         f"give {track}", "R-T9")
        turns = derivation.turns
        done = len(turns) - (1 if self.in_turn and turns else 0)
        scorings = sum(1 for p in self.placements if p.tile.kind.is_river) - \
            len(state.pending_amazon)
        icons = sum(icons.boats for p in self.placements for icons in p.tile.icons)
        own_pieces = Counter(player for feature in derivation.graph
                             for _, player in feature.pieces)
        for index, supply in enumerate(state.players):
            boat = supply.boat
            if not 1 <= boat <= track:
                self.problem(f"players[{index}].boat", f"space {show_int(boat)} is off the "
                             f"explored river, spaces 1..{track}", "R-C9", "R-T9")
                continue
            own_turns = sum(1 for t in range(done)
                            if turn_player(t, state.rules.first_player, self.n) == index)
            most = advanced_space(1, own_turns - own_pieces[index] + scorings + icons, track)
            if boat > most:
                self.problem(f"players[{index}].boat", f"space {show_int(boat)}, but "
                             f"{plural(own_turns, 'turn')} with "
                             f"{plural(own_pieces[index], 'piece')} still down, "
                             f"{plural(scorings, 'Amazon scoring')} and "
                             f"{plural(icons, 'Boat icon')} move a boat to space {most} "
                             "at most", "R-T4", "R-T5", "R-T6", "R-A4")

    # -- scores -------------------------------------------------------------------------------

    def scores_without_board(self) -> None:
        for index, supply in enumerate(self.state.players):
            self._score_sum(index, supply)

    def _score_sum(self, index: int, supply: PlayerState) -> bool:
        breakdown = supply.breakdown
        parts = [getattr(breakdown, k) for k in SCORE_CATEGORIES]
        if any(part < 0 for part in parts):
            self.problem(f"players[{index}].breakdown", "has negative points", "R-T7", "R-A2")
            return False
        if supply.score != sum(parts):
            self.problem(f"players[{index}].score", f"{show_int(supply.score)} is not the sum "
                         f"of its breakdown ({show_int(sum(parts))})", "R-T7", "R-A2", "R-E2")
            return False
        if self.state.phase is not Phase.GAME_OVER and (breakdown.camps or breakdown.river):
            self.problem(f"players[{index}].breakdown", "has camp or river points before the "
                         "final scoring", "R-E4", "R-E5")
            return False
        return True

    def scores(self, derivation: Derivation) -> None:
        """R-T7, R-A2, R-E2–R-E5: what the board can have paid."""
        state = self.state
        finals = state.final_scoring
        over = state.phase is Phase.GAME_OVER
        derived_finals = self.final_scores(derivation) if over else None
        if over and finals != derived_finals:
            assert derived_finals is not None
            shown = "; ".join(" ".join(show_int(getattr(f, k)) for k in FINAL_SCORE_CATEGORIES)
                              for f in derived_finals)
            self.problem("final_scoring", "is not what the board and boats give at the end "
                         f"(tributaries villages camps river per player: {shown})",
                         "R-E2", "R-E3", "R-E4", "R-E5")
        current = set(derivation.turns[-1]) if self.in_turn and derivation.turns else set()
        completed: dict[Terrain, list[int]] = {Terrain.TRIBUTARY: [], Terrain.VILLAGE: []}
        for feature in derivation.graph:
            if feature.is_completed and not feature.placement_indices & current:
                completed[feature.terrain].append(completed_points(feature))
        river_tiles = [p.tile for p in self.placements if p.tile.kind.is_river]
        scored = river_tiles[:len(river_tiles) - len(state.pending_amazon)]
        amazon_total = sum(p.breakdown.amazon for p in state.players)
        for index, supply in enumerate(state.players):
            if not self._score_sum(index, supply):
                continue
            breakdown = supply.breakdown
            final = derived_finals[index] if derived_finals is not None else FinalScore()
            if over and (breakdown.camps, breakdown.river) != (final.camps, final.river):
                self.problem(f"players[{index}].breakdown", f"has {show_int(breakdown.camps)} "
                             f"camp and {show_int(breakdown.river)} river points, but the final "
                             f"scoring gives {final.camps} and {final.river}", "R-E4", "R-E5")
            for terrain, name, at_end in ((Terrain.TRIBUTARY, "tributaries", final.tributaries),
                                          (Terrain.VILLAGE, "villages", final.villages)):
                in_play = getattr(breakdown, name) - at_end
                if _subset_sum(completed[terrain], in_play):
                    continue
                values = completed[terrain]
                paid = f"{plural(in_play, 'point')} from completed {name}" + (
                    f" (and {at_end} from the final scoring)" if over else "")
                if values:
                    shown = ", ".join(map(str, values[:8])) + (", ..." if len(values) > 8 else "")
                    why = (f"no combination of the completed {name} on the board "
                           f"({len(values)}, worth {shown}) adds up to that")
                else:
                    why = f"none of the {name} on the board is completed"
                self.problem(f"players[{index}].breakdown.{name}", f"{paid}, but {why}", "R-T7")
            if not _amazon_sum(scored, breakdown.amazon):
                self.problem(f"players[{index}].breakdown.amazon",
                             f"{plural(breakdown.amazon, 'point')} from Amazon scorings, which "
                             f"the {plural(len(scored), 'river tile')} scored so far cannot "
                             "pay", "R-A2")
        least = sum(_amazon_place_points(t)[1] for t in scored)
        if amazon_total < least:
            self.problem("players", f"have {plural(amazon_total, 'Amazon point')} in all, but "
                         "the first "
                         f"places of the {plural(len(scored), 'Amazon scoring')} so far "
                         f"paid {least}",
                         "R-A1", "R-A2")

    def final_scores(self, derivation: Derivation) -> tuple[FinalScore, ...]:
        """R-E2–R-E5: the engine's own final scoring, run again on the derived board and the
        state's boats under the state's rules."""
        state = self.state
        return final_scoring(state.rules, derivation.graph, state.boats).final_scores

    # -- the end ------------------------------------------------------------------------------

    def game_over(self) -> None:
        """R-E1: over exactly when the pile is empty and no turn is under way."""
        state = self.state
        phase = state.phase
        empty = not state.pile.tiles
        done = phase not in _TURN_PHASES and not (phase is Phase.PLACE_TILE
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
        actions = _safely(lambda: legal_actions(fresh))
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


# ---------------------------------------------------------------------------- helpers

def _safely(compute: Callable[[], _T]) -> _T | None:
    """``compute()``, or None if it raises (an object built by hand around junk)."""
    try:
        return compute()
    except Exception:
        return None


@functools.lru_cache(maxsize=1024)
def _amazon_place_points(tile: Tile) -> tuple[int, int]:
    """(second place's points, first place's points) of a river tile's Amazon scoring (R-A2):
    its piranhas, and its caimans and piranhas."""
    icons = tile.total_icons
    return icons.piranhas, icons.caimans + icons.piranhas


def _summary(feature: Feature) -> tuple[object, ...]:
    return (feature.terrain, feature.open_ports, feature.boats, feature.fruit, feature.animals)


def _cell_entry(board: Board, key: int) -> object:
    try:
        return board.cell_entry(key)
    except Exception:  # a Board built by hand around something that is no dict
        return None


def _feature_id(graph: FeatureGraph, node: int) -> int | None:
    try:
        return graph.feature_id(node)
    except Exception:  # no such node, or a FeatureGraph built by hand
        return None


def _subset_sum(values: list[int], total: int) -> bool:
    """Whether some of ``values`` (each used at most once) add up to ``total``."""
    if total < 0 or total > sum(values):
        return False
    reachable = 1
    for value in values:
        reachable |= reachable << value
    return bool(reachable >> total & 1)


def _amazon_sum(tiles: list[Tile], total: int) -> bool:
    """Whether one player's Amazon points can be ``total``: each scoring paid them the
    caimans and piranhas (first place), the piranhas (second) or nothing (R-A2)."""
    pairs = [_amazon_place_points(tile) for tile in tiles]
    if total < 0 or total > sum(first for _, first in pairs):
        return False
    reachable = 1
    for second, first in pairs:
        reachable |= reachable << second | reachable << first
    return bool(reachable >> total & 1)
