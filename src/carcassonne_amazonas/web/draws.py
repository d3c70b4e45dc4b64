"""The tiles the server draws: no player can read the future from a response.

A game in the default seeded mode holds the order of the whole pile, and its
:func:`~carcassonne_amazonas.formats.snapshot.state_to_json` snapshot (which the view must
include) lists it: anyone could read the tiles still to come.  So the app creates its
games with explicit draws (``new_game(n, draws="explicit")``, see
:mod:`~carcassonne_amazonas.rules.chance`): a state holds no future order, its snapshot lists
the tiles left sorted by id, and each draw (R-T1) is a chance node.  The server resolves
every chance node at once, before anyone sees the state, with :func:`server_draw`:

- the ``k``-th draw of a game (``k`` = 0, 1, ...) picks one of
  :func:`~carcassonne_amazonas.rules.chance.chance_outcomes` with its exact probability
  (the stratified shuffle of R-C7 included) using a :class:`random.Random` seeded from the
  game's secret *draw seed* and ``k``;
- the draw is then an ordinary action of the game (``*<tile id>`` in its record), so a
  stored game replays from its record alone, and the draw seed, kept in the database,
  makes the next draws reproducible too;
- the tiles drawn depend only on the seed: the outcomes of the ``k``-th draw depend only
  on the tiles drawn before it, so two games with the same seed draw the same tiles in
  the same order, however they are played;
- the seed is never sent while the game is on (the view shows it once the game is
  over).  A seed the game's creator chose is of course known to them: games among
  friends should let the server pick one (:func:`new_draw_seed`, 63 random bits).
"""

from __future__ import annotations

import math
import random
import secrets

from ..ai.bots import derive_seed
from ..rules.actions import DrawTile
from ..rules.chance import chance_outcomes
from ..rules.state import GameState

__all__ = ["MAX_SEED", "new_draw_seed", "server_draw"]

#: Draw seeds are whole numbers from 0 to this (they fit an SQLite integer).
MAX_SEED = 2**63 - 1


def new_draw_seed() -> int:
    """A fresh secret draw seed, from the operating system's random source."""
    return secrets.randbelow(MAX_SEED + 1)


def server_draw(state: GameState, seed: int, index: int) -> DrawTile:
    """The tile the server draws at chance node ``state``, the ``index``-th draw (from 0)
    of a game with draw seed ``seed`` (R-T1, with the probabilities of R-C7).

    The choice is exact: the outcomes' probabilities are brought to a common
    denominator and one whole number below it is drawn, so no floating-point rounding
    favours a tile, and the result is the same on every machine and Python version.
    Raises :class:`~carcassonne_amazonas.errors.IllegalActionError` if ``state`` is not a
    chance node.
    """
    outcomes = chance_outcomes(state)
    denominator = math.lcm(*(probability.denominator for _, probability in outcomes))
    pick = random.Random(derive_seed("web-draw", seed, index)).randrange(denominator)
    for action, probability in outcomes:
        pick -= probability.numerator * (denominator // probability.denominator)
        if pick < 0:
            return action
    raise AssertionError("the probabilities of the chance outcomes do not add up to 1")
