"""What the placed tiles and the pieces on them determine, rebuilt from scratch
(R-G1–R-G6, R-T3, R-T5, R-F1–R-F6, R-C5).

:func:`derive` replays a list of placements through the engine's own
:class:`~carcassonne_amazonas.rules.board.Board` and
:class:`~carcassonne_amazonas.rules.features.FeatureGraph`, in order, checking that each
tile could legally be placed where it lies, and groups them into turns (a land tile,
or a "!" tile with the double tile that followed it).  The pieces are put down at the
end of the turn that placed their tile, as the engine does, so that a piece on a
feature that already held one, on a tile that never had a piece step, or of a player
whose turn it was not, is found.

The snapshot loader (:mod:`~carcassonne_amazonas.formats.snapshot`) builds a loaded state's
board and features this way, and :mod:`~carcassonne_amazonas.formats.problems` compares a
state's board and features with the derived ones.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from ..._support.reprs import repr_pretty
from ..._support.wording import plural, show_int
from ...rules.board import Board, Placement
from ...rules.features import FeatureGraph, placement_of, segment_of
from ...rules.players import colour
from ...tiles.geometry import Position, Rotation, cell_key
from ...tiles.layout import Terrain, TileKind
from .facts import Problem

__all__ = ["Derivation", "derive", "turn_player"]


@attrs.frozen(slots=True, eq=False)
class Derivation:
    """The board and features that a list of placements and pieces gives.

    ``turns`` holds the placement indices of each turn, in order: one land tile, or a
    "!" tile and the double tile placed with it (R-T3).  ``piece_turn`` maps each piece's
    node to the turn that put it down.  ``boards_after_turn[k]`` is the board once
    ``k`` turns were played (kept only when asked for).  ``complete`` is False when a
    placement could not be replayed; the board and features then stop before it.
    """

    _repr_pretty_ = repr_pretty

    board: Board
    graph: FeatureGraph
    turns: tuple[tuple[int, ...], ...]
    piece_turn: dict[int, int]
    boards_after_turn: tuple[Board, ...]
    problems: tuple[Problem, ...]
    complete: bool


def turn_player(turn: int, first_player: int, num_players: int) -> int:
    """The player of turn ``turn`` (counted from 0): clockwise from the first player
    (R-C8), one turn each."""
    return (first_player + turn) % num_players


def derive(placements: Sequence[Placement], pieces: Sequence[tuple[int, int]], *,
           num_players: int, first_player: int, double_count: int,
           keep_boards: bool = False) -> Derivation:
    """Replay ``placements`` (the start tile first) and put down ``pieces``
    (``(node, player)`` pairs, see :func:`~carcassonne_amazonas.rules.features.node_of`), in any
    order.

    ``double_count`` is the number of double tiles in the tile set (a "!" tile is
    followed by a double tile while any is left, R-T3).  Every problem found names the
    placement or piece with a ``board.placements[i]`` or ``pieces`` field.
    """
    problems: list[Problem] = []
    if not placements:
        return Derivation(Board.empty(), FeatureGraph.empty(), (), {}, (), (
            Problem("board.placements", "the start tile is missing", ("R-C5",)),), False)
    start = placements[0]
    if start.tile.kind is not TileKind.START or start.position != Position(0, 0) \
            or start.rotation is not Rotation.R0:
        return Derivation(Board.empty(), FeatureGraph.empty(), (), {}, (), (Problem(
            "board.placements[0]", f"the first placement is the start tile at 0,0 turned 0°, "
            f"not {start.tile.name} at ({start.position}) turned {start.rotation.degrees}°",
            ("R-C5",)),), False)
    # Built in place, each placement checked on the board so far as the engine checks it:
    # the time grows with the placements, not with their square.
    board = Board.growing(start.tile)
    graph = FeatureGraph.growing().add_placement(board, 0, num_players).graph
    turn_of_placement = _turns(placements, double_count, problems)
    by_placement = _pieces_by_placement(placements, pieces, num_players, problems)
    turns: list[list[int]] = []
    boards = [board.settled()] if keep_boards else []
    piece_turn: dict[int, int] = {}
    complete = True
    for index in range(1, len(placements)):
        placement = placements[index]
        why = _placement_problem(board, placement)
        if why is not None:
            problems.append(Problem(f"board.placements[{index}]",
                                    f"{placement.tile.name} cannot lie at ({placement.position})"
                                    f" turned {placement.rotation.degrees}°: {why[0]}",
                                    (why[1],)))
            complete = False
            break
        board, placed = board.place(placement.tile, placement.rotation,
                                    cell_key(placement.position.x, placement.position.y))
        graph = graph.add_placement(board, placed, num_players).graph
        turn = turn_of_placement[index]
        if turn == len(turns):
            turns.append([index])
        else:
            turns[turn].append(index)
        if index + 1 < len(placements) and turn_of_placement[index + 1] == turn:
            continue  # the "!" tile's double follows: the piece step comes after it
        if keep_boards:
            boards.append(board.settled())
        graph = _put_down(graph, by_placement, turns, turn, first_player, num_players,
                          piece_turn, problems)
    for placement_index, (node, _player) in by_placement.items():
        if node not in piece_turn and placement_index < len(board.placements) and complete:
            problems.append(Problem("pieces", f"a piece stands on {_where(placements, node)}, "
                                    "a tile that had no piece step (R-T5: after a \"!\" tile "
                                    "and its double tile, only the double tile takes one)",
                                    ("R-T5",)))
    return Derivation(board.settled(), graph.settled(), tuple(tuple(t) for t in turns),
                      piece_turn, tuple(boards), tuple(problems), complete)


def _turns(placements: Sequence[Placement], double_count: int,
           problems: list[Problem]) -> list[int]:
    """The turn of each placement (the start tile: -1); doubles only right after "!" tiles,
    and a "!" tile followed by its double while any was left (R-T3)."""
    turn_of = [-1] * len(placements)
    turn = -1
    doubles_placed = 0
    for index in range(1, len(placements)):
        tile = placements[index].tile
        previous = placements[index - 1].tile
        if tile.kind is TileKind.DOUBLE:
            if not previous.layout.exclamation:
                problems.append(Problem(f"board.placements[{index}]", f"double tile "
                                        f"{tile.name} does not follow a \"!\" tile", ("R-T3",)))
            doubles_placed += 1
            turn_of[index] = max(turn, 0)
            continue
        if previous.layout.exclamation and index >= 2 and doubles_placed < double_count:
            problems.append(Problem(f"board.placements[{index}]", f"{tile.name} follows the "
                                    f"\"!\" tile {previous.name}, which a double tile follows "
                                    "while any is left", ("R-T3",)))
        if tile.kind is TileKind.START:
            problems.append(Problem(f"board.placements[{index}]", "the start tile lies only "
                                    "at 0,0, as the first placement", ("R-C5",)))
        turn += 1
        turn_of[index] = turn
    return turn_of


def _pieces_by_placement(placements: Sequence[Placement], pieces: Sequence[tuple[int, int]],
                         num_players: int, problems: list[Problem]) -> dict[int, tuple[int, int]]:
    """Each piece by the placement it stands on: at most one per tile (R-T5), never on the
    start tile, nor on the Amazon (R-F6), on a segment the tile has."""
    by_placement: dict[int, tuple[int, int]] = {}
    for node, player in pieces:
        index, segment = placement_of(node), segment_of(node)
        if not 0 <= index < len(placements):
            problems.append(Problem("pieces", f"a piece stands on placement {show_int(index)}, "
                                    f"but the board holds {plural(len(placements), 'tile')}",
                                    ("R-T5",)))
            continue
        if not 0 <= player < num_players:
            problems.append(Problem("pieces", f"a piece belongs to player {show_int(player)} "
                                    f"of a {num_players}-player game", ("R-C1",)))
            continue
        tile = placements[index].tile
        segments = tile.layout.segments
        if not 0 <= segment < len(segments):
            problems.append(Problem("pieces", f"a piece stands on segment {segment} of "
                                    f"{tile.name}, which has segments 0..{len(segments) - 1}",
                                    ("R-T5",)))
            continue
        if segments[segment].terrain is Terrain.AMAZON:
            problems.append(Problem("pieces", f"a piece of {colour(player)} stands on "
                                    f"the Amazon, on {_where(placements, node)}", ("R-F6",)))
            continue
        if tile.kind is TileKind.START:
            problems.append(Problem("pieces", f"a piece of {colour(player)} stands on the "
                                    "start tile, which no piece step ever offers", ("R-T5",)))
            continue
        if index in by_placement:
            problems.append(Problem("pieces", f"two pieces stand on {tile.name} at "
                                    f"({placements[index].position}); a turn puts down at "
                                    "most one piece, on the tile it placed", ("R-T5",)))
            continue
        by_placement[index] = (node, player)
    return by_placement


def _put_down(graph: FeatureGraph, by_placement: dict[int, tuple[int, int]],
              turns: list[list[int]], turn: int, first_player: int, num_players: int,
              piece_turn: dict[int, int], problems: list[Problem]) -> FeatureGraph:
    """The piece step of ``turn`` (R-T5), if a piece stands on its tile now."""
    entry = by_placement.get(turns[turn][-1])
    if entry is None:
        return graph
    node, player = entry
    owner = turn_player(turn, first_player, num_players)
    feature = graph.feature_of(node)
    if player != owner:
        problems.append(Problem("pieces", f"the piece on segment {segment_of(node)} of the "
                                f"tile placed in turn {turn + 1} is {colour(player)}'s, "
                                f"but that was {colour(owner)}'s turn", ("R-T5",)))
    elif feature.pieces:
        holders = " and ".join(colour(p) for p in sorted({p for _, p in feature.pieces}))
        problems.append(Problem("pieces", f"the piece of {colour(player)} on segment "
                                f"{segment_of(node)} of the tile placed in turn {turn + 1} went "
                                f"onto a {feature.terrain.label} that already held a piece of "
                                f"{holders}", ("R-T5",)))
    piece_turn[node] = turn
    return graph.with_piece(node, player)


def _placement_problem(board: Board, placement: Placement) -> tuple[str, str] | None:
    """Why ``placement`` could not be made on ``board`` (a reason and its rule id), or None
    (R-C5: the start tile only as the first placement; R-G2–R-G6 as the engine says)."""
    if placement.tile.kind is TileKind.START:
        return "the start tile lies only at 0,0, as the first placement", "R-C5"
    problem = board.placement_problem(placement.tile, placement.position, placement.rotation)
    return None if problem is None else (problem.reason, problem.rule)


def _where(placements: Sequence[Placement], node: int) -> str:
    placement = placements[placement_of(node)]
    return f"segment {segment_of(node)} of {placement.tile.name} at ({placement.position})"

