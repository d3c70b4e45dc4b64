"""The players for simulations, the command-line tool and examples.

``random`` plays a uniformly random legal action.  ``greedy`` plays the action
with the best *immediate* gain for itself: its score plus its boat's space
once its turn is over.  It tries every legal action with
:func:`~carcassonne_amazonas.rules.engine.apply_action` and, while the turn goes on
(after a tile: the piece step; after a "!" tile: the double tile too), the
best follow-up; ties are broken by its own seeded ``random.Random``.  ``mcts``
is the information-set Monte Carlo tree search player of
:mod:`~carcassonne_amazonas.ai.mcts` (:class:`~carcassonne_amazonas.ai.mcts.MctsBot`), with
:data:`~carcassonne_amazonas.ai.mcts.DEFAULT_ITERATIONS` iterations per decision,
or ``N`` with ``mcts:N``; it is by far the strongest (see the strength ladder in
``docs/guides/bots.md``).

A player kind is written ``kind`` or, for a kind that takes a budget, ``kind:N``
(:class:`BotSpec`); :func:`parse_bot_spec` reads it, the one reader of that text for
``play --bots``, ``simulate --bots``, the web app's seats and :func:`make_bot`.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Sequence
from typing import Protocol

import attrs

from .._support.exact import check_at_least, check_exact, check_whole
from .._support.i18n import texts
from .._support.reprs import repr_pretty
from ..rules.actions import Action
from ..rules.engine import apply_action, legal_actions
from ..rules.state import GameState
from ._rollout import best_turn_value
from ._seeding import bot_generator, bot_repr
from .mcts import DEFAULT_ITERATIONS, MctsBot
from .playout import random_action

__all__ = ["BOT_KINDS", "BUDGETED_KINDS", "HUMAN", "Bot", "BotSpec", "GreedyBot",
           "MctsBot", "RandomBot", "derive_seed", "kind_name", "make_bot", "parse_bot_spec"]

#: The kind of a seat that a person plays: it has no bot (the terminal or the web page
#: asks the person).
HUMAN = "human"
#: The kinds of player the tools know, :data:`HUMAN` first.
BOT_KINDS = (HUMAN, "random", "greedy", "mcts")
#: The kinds that take a budget, written ``kind:N`` (``mcts:N``: N iterations per
#: decision); plain ``kind`` has its default budget.
BUDGETED_KINDS = ("mcts",)


def kind_name(kind: str, lang: str | None = None) -> str:
    """Who plays a seat, in ``lang``'s words: ``human``, ``random``, ``greedy``, ``mcts``
    (:data:`BOT_KINDS`); another kind as it is spelt."""
    t = texts(lang)
    return {"human": t.pgettext("seat", "human"), "random": t.pgettext("seat", "random"),
            "greedy": t.pgettext("seat", "greedy"),
            "mcts": t.pgettext("seat", "mcts")}.get(kind, kind)


class Bot(Protocol):
    """Chooses an action for the player to move."""

    def choose(self, state: GameState) -> Action:
        """A legal action for ``state.current_player`` (``state`` is not terminal)."""
        ...


class RandomBot:
    """A uniformly random legal action.

    ``RandomBot()`` draws from a fresh generator, ``RandomBot(seed=3)`` from a seeded
    one (the same seed, the same choices), ``RandomBot(rng)`` from ``rng``."""

    def __init__(self, rng: random.Random | None = None, *, seed: int | None = None) -> None:
        self.rng = bot_generator(rng, seed)
        self._seed = seed

    def __repr__(self) -> str:
        return bot_repr(self, self._seed)

    def choose(self, state: GameState) -> Action:
        """One of the legal actions, uniformly at random (drawn without listing them all:
        :func:`~carcassonne_amazonas.ai.playout.random_action`)."""
        return random_action(state, self.rng)


class GreedyBot:
    """The action with the best immediate gain: the player's score plus boat space at
    the end of the turn, looking through the rest of the turn (piece step, double tile).
    Ties are broken at random: by a fresh generator (``GreedyBot()``), a seeded one
    (``GreedyBot(seed=3)``) or ``rng`` (``GreedyBot(rng)``)."""

    def __init__(self, rng: random.Random | None = None, *, seed: int | None = None) -> None:
        self.rng = bot_generator(rng, seed)
        self._seed = seed

    def __repr__(self) -> str:
        return bot_repr(self, self._seed)

    def choose(self, state: GameState) -> Action:
        """The legal action with the best immediate gain (ties broken at random);
        ``TypeError`` unless ``state`` is exactly a ``GameState``."""
        check_exact(state, GameState, "state")
        me = state.current_player
        best = -math.inf
        choices: list[Action] = []
        for action in legal_actions(state):
            value = best_turn_value(apply_action(state, action), action, me, _score_and_boat)
            if value > best:
                best, choices = value, [action]
            elif value == best:
                choices.append(action)
        return choices[0] if len(choices) == 1 else self.rng.choice(choices)


def _score_and_boat(state: GameState, player: int) -> float:
    """The greedy bot's gain: the player's score plus their boat's space."""
    seat = state.players[player]
    return seat.score + seat.boat


@attrs.frozen
class BotSpec:
    """A kind of player as the tools write it: ``kind`` or ``kind:N``
    (:func:`parse_bot_spec` reads it, ``str()`` writes it back)."""

    _repr_pretty_ = repr_pretty

    kind: str = attrs.field()
    """One of :data:`BOT_KINDS`."""
    budget: int | None = attrs.field(default=None)
    """N of ``kind:N`` (at least 1) for a kind of :data:`BUDGETED_KINDS`; None: the
    kind's default budget, or a kind without one.  ``TypeError`` (the one guard's message)
    unless ``kind`` is exactly a ``str`` and ``budget`` None or a whole number (not a
    ``bool``: ``mcts:True`` could not be read back), ``ValueError`` below 1."""

    @kind.validator
    def _check_kind(self, _attribute: object, value: str) -> None:
        check_exact(value, str, "kind")

    @budget.validator
    def _check_budget(self, _attribute: object, value: int | None) -> None:
        if value is not None:
            check_at_least(check_whole(value, "budget"), 1, "budget")

    def __str__(self) -> str:
        return self.kind if self.budget is None else f"{self.kind}:{self.budget}"


def _shown(text: str) -> str:
    """``text`` quoted for a message, cut short when long (it may come from a request)."""
    return repr(text if len(text) <= 40 else text[:37] + "...")


def parse_bot_spec(text: str, *, kinds: Sequence[str] | None = None,
                   max_budget: int | None = None) -> BotSpec:
    """The kind of player ``text`` names: one of ``kinds`` (by default :data:`BOT_KINDS`)
    or ``kind:N`` for a kind of :data:`BUDGETED_KINDS`, N a whole number in ASCII digits
    from 1 to ``max_budget`` (no upper bound if None).

    ``ValueError`` says what is wrong: an unknown kind (listing the choices), a budget
    given to a kind that takes none, or a budget that is not a whole number in range.
    ``TypeError`` unless ``text`` is exactly a ``str`` (a subclass could equal every kind)
    and ``max_budget`` None or a whole number (``ValueError`` below 1).
    """
    check_exact(text, str, "text")
    if max_budget is not None:
        check_at_least(check_whole(max_budget, "max_budget"), 1, "max_budget")
    known = BOT_KINDS if kinds is None else tuple(kinds)
    budgeted = [kind for kind in BUDGETED_KINDS if kind in known]
    choices = ", ".join([*known, *(f"{kind}:N" for kind in budgeted)])
    if text in known:
        return BotSpec(text)
    name, colon, budget = text.partition(":")
    if not colon or name not in known:
        raise ValueError(f"unknown player kind {_shown(text)} (choose from {choices})")
    if name not in budgeted:
        raise ValueError(f"unknown player kind {_shown(text)}: {name} takes no budget "
                         f"(choose from {choices})")
    number = int(budget) if budget.isascii() and budget.isdigit() else 0
    if number < 1 or (max_budget is not None and number > max_budget):
        bound = f"at least 1 ({name}:100)" if max_budget is None else f"from 1 to {max_budget}"
        raise ValueError(f"{_shown(text)}: {name}:N takes a whole number of iterations per "
                         f"decision, {bound}")
    return BotSpec(name, number)


def make_bot(kind: str | BotSpec, seed: int) -> Bot | None:
    """A bot of ``kind`` (``random``, ``greedy``, ``mcts`` or ``mcts:N``, read by
    :func:`parse_bot_spec`) seeded with ``seed``; None for :data:`HUMAN`.  ``ValueError``
    for a kind that is not one of :data:`BOT_KINDS`."""
    if not isinstance(kind, str):
        check_exact(kind, BotSpec, "kind", "a player kind, a str or a BotSpec")
    spec = parse_bot_spec(kind) if isinstance(kind, str) else kind
    if spec.kind == HUMAN:
        return None
    if spec.kind == "random":
        return RandomBot(seed=seed)
    if spec.kind == "greedy":
        return GreedyBot(seed=seed)
    if spec.kind == "mcts":
        return MctsBot(seed=seed,
                       iterations=DEFAULT_ITERATIONS if spec.budget is None else spec.budget)
    raise ValueError(f"unknown player kind {str(spec)!r} (choose from {', '.join(BOT_KINDS)})")


def derive_seed(*parts: object) -> int:
    """A seed made from ``parts`` that is the same in every process and on every machine."""
    digest = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1
