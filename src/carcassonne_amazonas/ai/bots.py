"""The players for simulations, the command-line tool and examples.

``random`` plays a uniformly random legal action.  ``greedy`` plays the action
with the best *immediate* gain for itself: its score plus its boat's space
once its turn is over.  It tries every legal action with
:func:`~carcassonne_amazonas.rules.engine.apply_action` and, while the turn goes on
(after a tile: the piece step; after a "!" tile: the double tile too), the
best follow-up; ties are broken by its own seeded ``random.Random``.  ``mcts``
is the information-set Monte Carlo tree search player of
:mod:`~carcassonne_amazonas.ai.mcts` (:class:`MctsBot`), with
:data:`~carcassonne_amazonas.ai.mcts.DEFAULT_ITERATIONS` iterations per decision,
or ``N`` with ``mcts:N``; it is by far the strongest (see the strength ladder in
``docs/guides/bots.md``).
"""

from __future__ import annotations

import hashlib
import math
import random
from typing import Protocol

from ..rules.actions import TURN_END, Action
from ..rules.engine import apply_action, legal_actions
from ..rules.state import GameState
from .mcts import DEFAULT_ITERATIONS, MctsBot
from .playout import random_action

__all__ = ["BOT_KINDS", "Bot", "GreedyBot", "MctsBot", "RandomBot", "derive_seed",
           "kind_name", "make_bot"]

#: The kinds of player the tools know; ``human`` has no bot; ``mcts`` also comes with a
#: budget, ``mcts:N`` (N iterations per decision).
BOT_KINDS = ("human", "random", "greedy", "mcts")


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
        """One of the legal actions, uniformly at random (drawn without listing them all:
        :func:`~carcassonne_amazonas.ai.playout.random_action`)."""
        return random_action(state, self.rng)


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


def kind_name(kind: str) -> str:
    """The kind of player ``kind`` names without its budget: ``"mcts"`` for ``"mcts:400"``;
    anything else (a malformed budget too) comes back unchanged."""
    name, colon, budget = kind.partition(":")
    if colon and name == "mcts" and budget.isascii() and budget.isdigit() and int(budget) >= 1:
        return name
    return kind


def make_bot(kind: str, seed: int) -> Bot | None:
    """A bot of ``kind`` (``random``, ``greedy``, ``mcts`` or ``mcts:N``) seeded with
    ``seed``; None for ``human``."""
    if kind == "human":
        return None
    rng = random.Random(seed)
    if kind == "random":
        return RandomBot(rng)
    if kind == "greedy":
        return GreedyBot(rng)
    if kind == "mcts":
        return MctsBot(rng, iterations=DEFAULT_ITERATIONS)
    if kind_name(kind) == "mcts":
        return MctsBot(rng, iterations=int(kind.partition(":")[2]))
    raise ValueError(f"unknown player kind {kind!r}; expected one of {', '.join(BOT_KINDS)} "
                     "or mcts:N (N iterations per decision)")


def derive_seed(*parts: object) -> int:
    """A seed made from ``parts`` that is the same in every process and on every machine."""
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
