"""The engine's fast path, for code that plays many actions in a row and makes no state in
between: random playouts, searches, adapters of AI frameworks.

:func:`~carcassonne_amazonas.rules.engine.apply_action` makes a new frozen state for
every action; :func:`~carcassonne_amazonas.rules.engine.legal_actions` reads a state.  A
playout needs neither: it takes its actions from the legal lists itself and wants only
the final state.  This module gives it the engine's own pieces:

- :class:`Playthrough`: a game in progress that applies actions *in place* with the
  engine's own transition (the one :func:`~carcassonne_amazonas.rules.engine.apply_action`
  runs, R-T1–R-T9, R-A1–R-A4, R-E1–R-E6), and makes a
  :class:`~carcassonne_amazonas.rules.state.GameState` only when asked
  (:meth:`Playthrough.freeze`);
- the legal actions of a phase from a position's parts, as
  :func:`~carcassonne_amazonas.rules.engine.legal_actions` lists them and in its order:
  :func:`tile_actions` and :func:`tile_placement_cells` (R-G2–R-G6), :func:`piece_actions`
  (R-T5, R-F6), and the action objects themselves, :func:`place_tile_action` and
  :data:`PASS`;
- :func:`fit_table`: which rotations of a tile meet the edges of an open cell (R-G4,
  R-G5), a :class:`FitTable` read at the cost of a dict lookup, with which a playout
  tries a random cell and rotation without listing the placements (R-G2–R-G6).

Every legal action is *interned*: the same action is the same object in every state, so
lists of them cost little and compare fast.

The contract of :meth:`Playthrough.play`: an action that is not legal in the current
position raises :class:`~carcassonne_amazonas.errors.IllegalActionError` as
:func:`~carcassonne_amazonas.rules.engine.apply_action` does, and changes nothing.  What
it does not check is the action's type: it takes an action of the library's own classes
with fields of their exact types, as the lists here and
:func:`~carcassonne_amazonas.rules.engine.legal_actions` make them; pass anything else
through :func:`~carcassonne_amazonas.rules.actions.check_action` first.
:func:`~carcassonne_amazonas.ai.playout.random_playout` is built on this module and is
the example to follow.
"""

from __future__ import annotations

from .._support.exact import check_exact
from ._action_lists import (
    PASS,
    piece_actions,
    place_tile_action,
    tile_actions,
    tile_placement_cells,
)
from ._fits import FitTable, fit_table
from ._turn import Turn
from .state import GameState

__all__ = ["PASS", "FitTable", "Playthrough", "fit_table", "piece_actions",
           "place_tile_action", "tile_actions", "tile_placement_cells"]


class Playthrough(Turn):
    """A game in progress from ``state``, changed in place by :meth:`play`; ``state`` itself
    is never changed.

    Its position is read from these attributes, which :meth:`play` keeps up to date (read
    them, never assign them):

    - ``phase`` (:class:`~carcassonne_amazonas.rules.state.Phase`), ``current_player``
      (an ``int``), ``players`` (a list of
      :class:`~carcassonne_amazonas.rules.players.PlayerState`, by player);
    - ``board`` (:class:`~carcassonne_amazonas.rules.board.Board`), ``graph`` (the
      :class:`~carcassonne_amazonas.rules.features.FeatureGraph`, a state's ``features``),
      ``tile_in_hand`` (a :class:`~carcassonne_amazonas.tiles.tileset.Tile` or ``None``),
      ``pile`` (:class:`~carcassonne_amazonas.rules.pile.Pile`), ``doubles_left`` (a
      tuple of tiles) and ``piece_placement`` (the index in ``board.placements`` of the
      tile that may take a piece), each as the
      :class:`~carcassonne_amazonas.rules.state.GameState` field of the same name.

    Its other methods are the engine's steps and not part of the API.  See the module's
    docstring for the contract of :meth:`play`.  ``TypeError`` unless ``state`` is
    exactly a :class:`~carcassonne_amazonas.rules.state.GameState`.
    """

    __slots__ = ()

    def __init__(self, state: GameState) -> None:
        check_exact(state, GameState, "state")
        super().__init__(state, None)

    #: Apply one action to the current position: the transition
    #: :func:`~carcassonne_amazonas.rules.engine.apply_action` runs, in place (the
    #: action's type unchecked: see the module's docstring).
    play = Turn.play

    #: The :class:`~carcassonne_amazonas.rules.state.GameState` of the current position
    #: (a new frozen state; the playthrough may go on after it).
    freeze = Turn.freeze
