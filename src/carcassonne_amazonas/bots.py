"""Simple players for simulations, the command-line tool and examples.

``random`` plays a uniformly random legal action.  ``greedy`` plays the action
with the best *immediate* gain for itself: its score plus its boat's space
once its turn is over.  It tries every legal action with
:func:`~carcassonne_amazonas.engine.apply_action` and, while the turn goes on
(after a tile: the piece step; after a "!" tile: the double tile too), the
best follow-up; ties are broken by its own seeded ``random.Random``.
"""

from __future__ import annotations

import hashlib
import math
import random
from typing import Protocol

from .actions import Action, Pass, PlaceCamp, PlaceMeeple
from .engine import apply_action, legal_actions
from .state import GameState

__all__ = ["BOT_KINDS", "TURN_END", "Bot", "GreedyBot", "RandomBot", "derive_seed", "make_bot"]

#: The kinds of player the tools know; ``human`` has no bot.
BOT_KINDS = ("human", "random", "greedy")
#: The actions that end a turn (the piece step, R-T5).
TURN_END = (Pass, PlaceMeeple, PlaceCamp)


class Bot(Protocol):
    """Chooses an action for the player to move."""

    def choose(self, state: GameState) -> Action:
        """A legal action for ``state.current_player`` (``state`` is not terminal)."""
        ...


class RandomBot:
    """A uniformly random legal action."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Action:
        """One of the legal actions, uniformly at random."""
        return self.rng.choice(legal_actions(state))


class GreedyBot:
    """The action with the best immediate gain: the player's score plus boat space at
    the end of the turn, looking through the rest of the turn (piece step, double tile).
    Ties are broken by ``rng``."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: GameState) -> Action:
        """The legal action with the best immediate gain (ties broken at random)."""
        me = state.current_player
        best = -math.inf
        choices: list[Action] = []
        for action in legal_actions(state):
            value = self._value(apply_action(state, action), action, me)
            if value > best:
                best, choices = value, [action]
            elif value == best:
                choices.append(action)
        return choices[0] if len(choices) == 1 else self.rng.choice(choices)

    def _value(self, after: GameState, action: Action, me: int) -> float:
        if isinstance(action, TURN_END) or after.is_terminal or after.current_player != me:
            player = after.players[me]
            return player.score + player.boat
        return max(self._value(apply_action(after, follow), follow, me)
                   for follow in legal_actions(after))


def make_bot(kind: str, seed: int) -> Bot | None:
    """A bot of ``kind`` (``random`` or ``greedy``) seeded with ``seed``; None for ``human``."""
    if kind == "human":
        return None
    rng = random.Random(seed)
    if kind == "random":
        return RandomBot(rng)
    if kind == "greedy":
        return GreedyBot(rng)
    raise ValueError(f"unknown player kind {kind!r}; expected one of {', '.join(BOT_KINDS)}")


def derive_seed(*parts: object) -> int:
    """A seed made from ``parts`` that is the same in every process and on every machine."""
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
