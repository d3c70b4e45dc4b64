"""Adapters for AI frameworks: OpenSpiel, PettingZoo and Ray, and self-play datasets.

Each adapter lives in its own module and imports its framework only when that
module is imported, so ``import carcassonne_amazonas`` (and this package)
never loads numpy, pyspiel, pettingzoo or ray:

- :mod:`.openspiel` (extra ``[openspiel]``): registers the OpenSpiel game
  ``python_carcassonne_amazonas``;
- :mod:`.pettingzoo` (extra ``[pettingzoo]``): ``env()`` and ``raw_env()``, an
  AEC environment with action masks;
- :mod:`.ray_backend` (extra ``[ray]``): runs many simulated games as Ray tasks;
- :mod:`.selfplay` (numpy, from the extra ``[openspiel]``): writes every decision of
  simulated games as a self-play dataset, and reads it back.

Every adapter scores a finished game the same way, with :func:`game_returns`,
and reads the rule options of its parameters (the variants R-V1–R-V3, and the shuffle)
with :meth:`Rules.from_options <carcassonne_amazonas.rules.options.Rules.from_options>`.
"""

from __future__ import annotations

from .._support.exact import check_exact
from ..rules.state import GameState

__all__ = ["MAX_RETURN", "MIN_RETURN", "game_returns"]

#: The lowest and highest return a player can get (see :func:`game_returns`).
MIN_RETURN = -1.0
MAX_RETURN = 1.0


def game_returns(state: GameState) -> tuple[float, ...]:
    """Each player's return: win, draw or loss in {-1, 0, 1}, all 0 before the end.

    Once the game is over, a player who has the highest score alone gets +1; when
    several players share the highest score (R-E6: tied players share the victory)
    the game is a draw for them and each gets 0; every other player gets -1.  So a
    2-player game is zero-sum (+1/-1 or 0/0); with more players the returns are
    general-sum (a sole winner and three losers sum to -2).  The margin is left out
    on purpose: only winning counts in the rules, and a bounded, scale-free return
    suits search (MCTS) and reinforcement learning alike.
    """
    check_exact(state, GameState, "state")
    if not state.is_terminal:
        return (0.0,) * state.num_players
    winners = state.winners
    top = 1.0 if len(winners) == 1 else 0.0
    return tuple(top if player in winners else -1.0 for player in range(state.num_players))

