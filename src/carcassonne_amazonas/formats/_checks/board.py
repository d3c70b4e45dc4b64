"""The checks of a state's board, features and pieces against its placements
(R-G1–R-G6, R-F1–R-F7, R-C2, R-T5, R-T7): part of
:func:`~carcassonne_amazonas.formats.problems.state_problems`.

The placements are replayed (:func:`~carcassonne_amazonas.formats._checks.derivation.derive`,
by :func:`derivation_of`); the state's board and features must be what they give, seen
through their public methods (the placed tiles' cells, the open cells and every
feature), and the pieces must add up with the supplies.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..._support.wording import plural, show_int
from ...rules.board import Board
from ...rules.features import Feature, FeatureGraph, placement_of, segment_of
from ...rules.players import CAMPS_PER_PLAYER, MEEPLES_PER_PLAYER
from ...tiles.geometry import cell_key
from ...tiles.layout import Terrain
from .derivation import Derivation, derive
from .facts import Facts, Problem, problem, safely

__all__ = ["board_problems", "derivation_of", "piece_problems", "pieces_too_early"]


def derivation_of(facts: Facts) -> Derivation:
    """R-G1–R-G6, R-T3, R-T5, R-F1–R-F6: the state's placements replayed, with the pieces of
    its features (the boards after each turn kept when tiles were removed, R-G7)."""
    state = facts.state
    pieces = [piece for _, feature in facts.feature_items for piece in feature.pieces]
    return derive(facts.placements, pieces, num_players=facts.num_players,
                  first_player=state.rules.first_player,
                  double_count=len(facts.tileset.double_tiles), keep_boards=bool(state.removed))


def board_problems(facts: Facts, derivation: Derivation) -> Iterator[Problem]:
    """R-G1, R-G2, R-G4, R-F1–R-F5, R-F7: the board and features are the ones the complete
    ``derivation`` gives."""
    if facts.state.board is not derivation.board:
        yield from _board_differences(facts.state.board, derivation.board)
    if facts.state.features is not derivation.graph:
        yield from _feature_differences(facts, derivation.graph)


def _board_differences(board: Board, derived: Board) -> Iterator[Problem]:
    """R-G1, R-G2, R-G4: the river end, the open cells and the placed cells are those of
    the derived board."""
    if (board.river_column, board.river_end_row) != \
            (derived.river_column, derived.river_end_row):
        yield problem("board", f"the river runs down column {show_int(board.river_column)} "
                      f"to row {show_int(board.river_end_row)}, but the placed tiles put it "
                      f"in column {derived.river_column} to row {derived.river_end_row}",
                      "R-G1", "R-G2")
    mine = safely(lambda: dict(board.open_items()))
    if mine != dict(derived.open_items()):
        yield problem("board", "its open cells (or the edges they must match) are not those "
                      "the placed tiles give", "R-G2", "R-G4")
    for placement in derived.placements:
        for vc in placement.variant.cells:
            key = cell_key(placement.position.x + vc.dx, placement.position.y + vc.dy)
            if _cell_entry(board, key) != derived.cell_entry(key):
                yield problem("board", f"cell {placement.position.x + vc.dx},"
                              f"{placement.position.y + vc.dy} does not hold "
                              f"{placement.tile.name} as placed", "R-G1")
                return


def _feature_differences(facts: Facts, derived: FeatureGraph) -> Iterator[Problem]:
    """R-F1–R-F5, R-F7: the same features (segments, open ends, icons) as the placements
    give."""
    mine = _feature_summaries(facts.state.features, facts.feature_items)
    if mine is None:
        yield problem("features", "its segments, features and pieces do not refer to each "
                      "other consistently", "R-F1")
        return
    theirs = {frozenset(feature.nodes): _summary(feature) for feature in derived}
    if mine == theirs:
        return
    for nodes, summary in theirs.items():
        if mine.get(nodes) != summary:
            first = min(nodes)
            placement = facts.placements[placement_of(first)]
            yield problem("features", f"the {summary[0].label} with segment "  # type: ignore
                          f"{segment_of(first)} of {placement.tile.name} at "
                          f"({placement.position}) is not what the placed tiles give (its "
                          "segments, open ends or icons differ)", "R-F1", "R-F3", "R-F7")
            return
    yield problem("features", "holds segments that no placed tile has", "R-F1")


def _feature_summaries(graph: FeatureGraph, items: list[tuple[int, Feature]],
                       ) -> dict[frozenset[int], tuple[object, ...]] | None:
    """Each feature's summary by its segments; None when the graph's segments, features and
    pieces do not refer to each other consistently (R-F1)."""
    summaries: dict[frozenset[int], tuple[object, ...]] = {}
    for feature_id, feature in items:
        nodes = frozenset(feature.nodes)
        if not nodes or len(nodes) != len(feature.nodes) or nodes in summaries or any(
                node not in nodes for node, _ in feature.pieces) or any(
                _feature_id(graph, node) != feature_id for node in feature.nodes):
            return None
        summaries[nodes] = _summary(feature)
    return summaries


def pieces_too_early(facts: Facts, derivation: Derivation) -> Iterator[Problem]:
    """R-T5: the turn under way has not had its piece step."""
    if not facts.in_turn or not derivation.turns:
        return
    current = len(derivation.turns) - 1
    for node, turn in derivation.piece_turn.items():
        if turn == current:
            yield problem("pieces", f"a piece stands on segment {segment_of(node)} of the tile "
                          "of the turn under way, before its piece step", "R-T5")


def piece_problems(facts: Facts, derivation: Derivation) -> Iterator[Problem]:
    """R-C2, R-T7: supplies add up; no meeple left on a completed tributary or village."""
    n = facts.num_players
    meeples = [0] * n
    camps = [0] * n
    current = set(derivation.turns[-1]) if facts.in_turn and derivation.turns else set()
    # The state's own pieces (the derivation leaves out the pieces it found impossible).
    features = [f for _, f in facts.feature_items] if facts.feature_items else \
        list(derivation.graph)
    for feature in features:
        for _node, player in feature.pieces:
            if 0 <= player < n:  # else reported by the derivation
                (camps if feature.terrain is Terrain.JUNGLE else meeples)[player] += 1
        if feature.is_completed and feature.pieces and \
                not feature.placement_indices & current:
            where = ", ".join(f"({facts.placements[i].position})"
                              for i in sorted(feature.placement_indices)[:4])
            yield problem("pieces", f"a completed {feature.terrain.label} on {where} still "
                          f"holds {plural(len(feature.pieces), 'meeple')}, which went "
                          "back when it was scored", "R-T7")
    for index, supply in enumerate(facts.state.players):
        if supply.meeples_in_supply + meeples[index] != MEEPLES_PER_PLAYER or \
                supply.meeples_in_supply < 0:
            yield problem(f"players[{index}].meeples_in_supply",
                          f"{show_int(supply.meeples_in_supply)} in supply and "
                          f"{meeples[index]} on the board, not {MEEPLES_PER_PLAYER} meeples "
                          "in all", "R-C2")
        if supply.camps_in_supply + camps[index] != CAMPS_PER_PLAYER or \
                supply.camps_in_supply < 0:
            yield problem(f"players[{index}].camps_in_supply",
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
