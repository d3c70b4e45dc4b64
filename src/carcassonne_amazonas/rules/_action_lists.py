"""The legal actions of a phase from a position's parts: the building blocks of
:func:`~carcassonne_amazonas.rules.engine.legal_actions`, for fast paths (the API that
code outside the rules uses is :mod:`~carcassonne_amazonas.rules.fast_path`).

:func:`~carcassonne_amazonas.rules.engine.legal_actions` reads a
:class:`~carcassonne_amazonas.rules.state.GameState`; code that keeps a position's parts
apart and never builds the states in between (the playout fast path,
:mod:`~carcassonne_amazonas.ai.playout`; the OpenSpiel adapter,
:mod:`~carcassonne_amazonas.integrations.openspiel`) asks these functions directly,
with the board, the tile, the features and the supply:

- :func:`tile_actions` and :func:`tile_placement_cells`: where a tile may go
  (R-G2–R-G6);
- :func:`piece_actions`: the piece step (R-T5, R-F6);
- :func:`place_tile_action` and :data:`PASS`: the action objects themselves.

Every legal action is *interned*: the same action is the same object in every
state, so that lists of them cost little and compare fast.  The results are those of
:func:`~carcassonne_amazonas.rules.engine.legal_actions`, in its order.
"""

from __future__ import annotations

from itertools import chain

from ..tiles.geometry import Rotation, cell_key, position_of_key
from ..tiles.layout import Layout, Terrain
from ..tiles.tileset import Tile
from ._fits import fit_table
from .actions import Action, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from .board import Board
from .features import FeatureGraph, node_of
from .players import PlayerState

__all__ = ["PASS", "piece_actions", "place_tile_action", "tile_actions", "tile_placement_cells"]

# Interned actions: the same legal action is the same object in every state.
_PLACE_TILE: dict[tuple[int, int], PlaceTile] = {}
#: The pass action (interned like every legal action).
PASS = Pass()


def place_tile_action(key: int, rotation: int) -> PlaceTile:
    """The interned placement of the tile in hand with its anchor on cell key ``key``
    (see :func:`~carcassonne_amazonas.tiles.geometry.cell_key`) turned by ``rotation``."""
    return _CELL_ACTIONS[key << 4 | 1 << rotation][0]


def _place_tile_action(key: int, rotation: Rotation) -> PlaceTile:
    action = _PLACE_TILE.get((key, rotation))
    if action is None:
        action = _PLACE_TILE[(key, rotation)] = PlaceTile(position_of_key(key), rotation)
    return action


def tile_actions(board: Board, tile: Tile) -> tuple[PlaceTile, ...]:
    """Every legal placement of ``tile`` on ``board`` (R-G2–R-G6), in
    :func:`~carcassonne_amazonas.rules.engine.legal_actions` order."""
    return tuple(chain.from_iterable(map(_CELL_ACTIONS.__getitem__,
                                         tile_placement_cells(board, tile))))


def tile_placement_cells(board: Board, tile: Tile) -> list[int]:
    """:func:`tile_actions` cell by cell: for each cell where ``tile`` fits (R-G2–R-G6), row
    by row, ``cell key << 4 | mask`` where bit ``r`` of the mask is set when rotation
    ``r`` fits there (see :func:`~carcassonne_amazonas.tiles.geometry.cell_key`).  For adapters
    that number the placements their own way without making the actions."""
    fits = fit_table(tile.layout)
    if fits.river:  # only below the river end, in the rotations of the kind (R-G5, R-G6)
        key = cell_key(board.river_column, board.river_end_row + 1)
        return [key << 4 | sum(1 << r for r in tile.layout.rotations)]
    # Keys sort row by row, so cells past the river end row have larger keys (R-G2).
    last_key = board.last_standard_key
    # One int per cell with a fitting rotation: the cell key, then the mask of those
    # rotations in the low 4 bits, so that sorting the ints sorts the cells row by row.
    codes = [key << 4 | mask for key, signature in board.open_items()
             if key <= last_key and (mask := fits[signature])]
    codes.sort()
    return codes


class _CellActions(dict[int, tuple[PlaceTile, ...]]):
    """(cell key << 4 | mask of fitting rotations) -> those placements, in rotation order
    (none for mask 0); filled on first use (legal actions are interned objects)."""

    def __missing__(self, code: int) -> tuple[PlaceTile, ...]:
        key, mask = code >> 4, code & 15
        actions = self[code] = tuple(_place_tile_action(key, r) for r in Rotation
                                     if mask >> r & 1)
        return actions


_CELL_ACTIONS = _CellActions()


def piece_actions(board: Board, graph: FeatureGraph, supply: PlayerState,
                  index: int) -> tuple[Action, ...]:
    """The piece step's legal actions (R-T5, R-F6) for the player with ``supply`` when the
    ``index``-th placed tile may take a piece, in
    :func:`~carcassonne_amazonas.rules.engine.legal_actions` order: meeples on free tributaries
    and villages, camps in free jungles, then pass."""
    placement = board.placements[index]
    layout = placement.tile.layout
    options = _PIECE_SEGMENTS.get(layout)
    if options is None:
        options = _PIECE_SEGMENTS[layout] = tuple(
            (segment_index, segment.terrain is Terrain.JUNGLE)
            for segment_index, segment in enumerate(layout.segments)
            if segment.terrain is not Terrain.AMAZON)
    position = placement.position
    base = node_of(index, 0)
    camps, meeples = supply.camps_in_supply, supply.meeples_in_supply
    actions: list[Action] = []
    for segment_index, camp in options:
        if (camps if camp else meeples) and not graph.pieces_on(base | segment_index):
            key = (position.x, position.y, segment_index, camp)
            action = _PIECE_ACTIONS.get(key)
            if action is None:
                action = _PIECE_ACTIONS[key] = (PlaceCamp if camp else PlaceMeeple)(
                    position, segment_index)
            actions.append(action)
    actions.append(PASS)
    return tuple(actions)


# Per layout: (segment, is it a jungle) for every segment that can take a piece (R-F6).
_PIECE_SEGMENTS: dict[Layout, tuple[tuple[int, bool], ...]] = {}
# Interned piece actions by (x, y, segment, camp).
_PIECE_ACTIONS: dict[tuple[int, int, int, bool], PlaceMeeple | PlaceCamp] = {}
