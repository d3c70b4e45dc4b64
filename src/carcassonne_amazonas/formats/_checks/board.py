"""The checks of a state's board, features and pieces against its placements
(R-G1–R-G6, R-F1–R-F7, R-C2, R-T7): part of
:func:`~carcassonne_amazonas.formats.problems.state_problems`.

The placements are replayed (:func:`~carcassonne_amazonas.formats._checks.derivation.derive`); the
state's board and features must be what they give, seen through their public methods
(the placed tiles' cells, the open cells and every feature), and the pieces must add
up with the supplies.
"""

from __future__ import annotations

from ..._support.wording import plural, show_int
from ...rules.board import Board
from ...rules.features import Feature, FeatureGraph, placement_of, segment_of
from ...rules.state import CAMPS_PER_PLAYER, MEEPLES_PER_PLAYER
from ...tiles.geometry import cell_key
from ...tiles.tileset import Terrain
from .context import CheckContext, safely
from .derivation import Derivation, derive

__all__ = ["BoardChecks"]


class BoardChecks(CheckContext):
    """The board, feature and piece checks (see the module docstring)."""

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
        """R-G1, R-G2, R-G4: the river end, the open cells and the placed cells are those of
        the derived board."""
        board = self.state.board
        if (board.river_column, board.river_end_row) != \
                (derived.river_column, derived.river_end_row):
            self.problem("board", f"the river runs down column {show_int(board.river_column)} "
                         f"to row {show_int(board.river_end_row)}, but the placed tiles put it "
                         f"in column {derived.river_column} to row {derived.river_end_row}",
                         "R-G1", "R-G2")
        mine = safely(lambda: dict(board.open_items()))
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
