"""Random play without listing every legal action: the fast path of rollouts.

Monte Carlo search spends its time in random playouts, and a random player
only needs *one* legal action, not the list of all of them.  This module
gives both, exactly as if they had been chosen from the lists:

- :func:`random_action` returns a uniformly random action of
  :func:`~carcassonne_amazonas.rules.engine.legal_actions` (every legal action with
  the same probability), and at a chance node a draw with its probability of
  :func:`~carcassonne_amazonas.rules.chance.chance_outcomes`;
- :func:`random_playout` plays such actions until the game is over and
  returns the final state.  It applies the rules with the engine's own
  transition (:class:`~carcassonne_amazonas.rules.fast_path.Playthrough`, as
  :func:`~carcassonne_amazonas.rules.engine.apply_action` does) but builds no state
  between the first and the last: the result equals the loop
  ``while not state.is_terminal: state = apply_action(state, random_action(state, rng))``
  with the same ``rng``, only faster.

How a tile placement is drawn (R-G2–R-G6): an open cell and a rotation are drawn
together, uniformly among the ``4 × open cells`` pairs, until the pair is a
legal placement (rejection sampling: each legal placement is one pair, so the
accepted pair is uniform among them).  About one draw in four or five is
accepted; after :data:`PLACEMENT_TRIES` rejections the legal placements are
listed and one is chosen uniformly (still exact).  Piece steps (at most a few
actions) and double tiles are chosen from their short lists.  A draw at a
chance node picks an outcome by its exact integer weight, with the library's one
exact sampler (:meth:`~carcassonne_amazonas.rules.draw_odds.DrawDistribution.sample`, also
:func:`~carcassonne_amazonas.rules.chance.sample_draw`).

All randomness comes from ``rng`` (a ``random.Random``) through
``getrandbits``, the way ``rng.randrange`` draws: no floating point anywhere,
so the uniformity is exact, and the same seed gives the same playout in any
process.
"""

from __future__ import annotations

import random
from typing import Final

from .._support.exact import check_exact, check_instance
from .._support.sampling import uniform_below
from ..errors import IllegalActionError
from ..rules.actions import Action, ChooseDouble, PlaceTile
from ..rules.board import Board
from ..rules.fast_path import (
    Playthrough,
    fit_table,
    piece_actions,
    place_tile_action,
    tile_actions,
)
from ..rules.features import FeatureGraph
from ..rules.pile import Pile
from ..rules.players import PlayerState
from ..rules.state import GameState, Phase
from ..tiles.geometry import cell_key
from ..tiles.tileset import Tile

__all__ = ["PLACEMENT_TRIES", "random_action", "random_playout"]

#: Rejected cell-and-rotation draws before the legal placements are listed instead.
PLACEMENT_TRIES: Final = 12


def random_action(state: GameState, rng: random.Random) -> Action:
    """A uniformly random legal action of ``state``; at a chance node, a draw with its
    probability.

    Exactly uniform over :func:`~carcassonne_amazonas.rules.engine.legal_actions` (tile
    placements R-G2–R-G6, R-T3; piece steps R-T5; double tiles R-T3) and exactly distributed as
    :func:`~carcassonne_amazonas.rules.chance.chance_outcomes` at a chance node (R-T1, R-C7),
    but without listing the tile placements.  Raises
    :class:`~carcassonne_amazonas.errors.IllegalActionError` once the game is over.
    """
    if type(state) is not GameState:  # inline: the hot path
        check_exact(state, GameState, "state")
    if not isinstance(rng, random.Random):  # inline: the hot path
        check_instance(rng, random.Random, "rng", "a random.Random")
    return _choose(state.phase, state.board, state.tile_in_hand, state.features,
                   state.players[state.current_player], state.piece_placement,
                   state.doubles_left, state.pile, rng)


def random_playout(state: GameState, rng: random.Random) -> GameState:
    """The final state after random play from ``state`` (R-E1): every decision uniformly
    random among the legal actions, every draw by its probability.

    Equal to applying :func:`random_action` until the game is over, with the same
    ``rng``, without making the states in between.  ``state`` is not changed; a
    terminal state is returned as it is.
    """
    if type(state) is not GameState:  # inline: the hot path
        check_exact(state, GameState, "state")
    if not isinstance(rng, random.Random):  # inline: the hot path
        check_instance(rng, random.Random, "rng", "a random.Random")
    if state.is_terminal:
        return state
    turn = Playthrough(state)
    while True:
        phase = turn.phase
        if phase is Phase.GAME_OVER:
            return turn.freeze()
        # The engine's own dispatch, as apply_action runs it for these (legal) actions.
        turn.play(_choose(phase, turn.board, turn.tile_in_hand, turn.graph,
                          turn.players[turn.current_player], turn.piece_placement,
                          turn.doubles_left, turn.pile, rng))


def _choose(phase: Phase, board: Board, tile: Tile | None, graph: FeatureGraph,
            supply: PlayerState, piece_placement: int, doubles_left: tuple[Tile, ...],
            pile: Pile, rng: random.Random) -> Action:
    """One random action of a position given by its parts (see :func:`random_action`)."""
    if phase is Phase.PLACE_TILE or phase is Phase.PLACE_DOUBLE:
        assert tile is not None
        return _random_placement(board, tile, rng)
    if phase is Phase.PLACE_PIECE:
        actions = piece_actions(board, graph, supply, piece_placement)
        return actions[uniform_below(rng, len(actions))]
    if phase is Phase.DRAW_TILE:
        found = pile.distribution()
        if not found.total:
            raise IllegalActionError("no tile can be drawn: the pile and its slice plan "
                                     "disagree", rule="R-C7", code="slice-quota")
        return found.sample(rng)
    if phase is Phase.CHOOSE_DOUBLE:
        return ChooseDouble(doubles_left[uniform_below(rng, len(doubles_left))].id)
    raise IllegalActionError("the game is over; there is no action to choose",
                             rule="R-E1", code="game-over")


def _random_placement(board: Board, tile: Tile, rng: random.Random) -> PlaceTile:
    """A uniformly random legal placement of ``tile`` (R-G2–R-G6; see the module docstring)."""
    layout = tile.layout
    fits = fit_table(layout)
    if fits.river:  # only the cell below the river end, in its rotations (R-G6)
        rotations = layout.rotations
        key = cell_key(board.river_column, board.river_end_row + 1)
        return place_tile_action(key, rotations[uniform_below(rng, len(rotations))])
    keys, signatures = board.open_cells()
    cells, constraints = tuple(keys), tuple(signatures)
    pairs = 4 * len(cells)
    if pairs:
        last_key = board.last_standard_key  # R-G2: no cell past the river end's row
        bits = pairs.bit_length()
        getrandbits = rng.getrandbits
        for _ in range(PLACEMENT_TRIES):
            pair = getrandbits(bits)  # uniform_below(rng, pairs), inlined
            while pair >= pairs:
                pair = getrandbits(bits)
            key = cells[pair >> 2]
            if key <= last_key and fits[constraints[pair >> 2]] >> (pair & 3) & 1:
                return place_tile_action(key, pair & 3)
    placements = tile_actions(board, tile)
    return placements[uniform_below(rng, len(placements))]
