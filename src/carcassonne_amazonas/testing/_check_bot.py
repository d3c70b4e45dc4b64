"""A conformance check for bots, in the spirit of Gymnasium's ``check_env`` and
PettingZoo's ``api_test`` (private; :func:`check_bot` is exported by
:mod:`carcassonne_amazonas.testing`)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator

import attrs

from .._support.extras import missing_extra

try:
    import hypothesis  # noqa: F401 - the [testing] extra, as every module of the package
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise missing_extra(__name__, "testing", error) from error

from ..ai.bots import Bot
from ..errors import IllegalActionError
from ..formats.snapshot import state_to_json
from ..rules.actions import Action
from ..rules.engine import apply_action, legal_actions, new_game
from ..rules.options import Rules
from ..rules.state import GameState, Phase
from ._strategies import PlayedGame

__all__ = ["DECISION_PHASES", "BotCheckError", "check_bot"]

#: The phases in which a player decides (a draw at a chance node is the game's).
DECISION_PHASES = (Phase.PLACE_TILE, Phase.PLACE_PIECE, Phase.CHOOSE_DOUBLE,
                   Phase.PLACE_DOUBLE)


class BotCheckError(AssertionError):
    """A bot that :func:`check_bot` found at fault: ``problem`` says what it did,
    ``replay`` is the ``replay_game(...)`` call that rebuilds the state it was asked
    about (paste it into a test), ``bot`` is the bot."""

    def __init__(self, problem: str, replay: str, bot: object) -> None:
        self.problem = problem
        self.replay = replay
        self.bot = bot
        super().__init__(f"{bot!r} {problem}, in the state\n    {replay}")


@attrs.frozen
class _Setup:
    players: int
    rules: Rules
    seed: int


def _setups(seed: int) -> Iterator[_Setup]:
    """Every combination of the rule variants (R-V1–R-V3), the player counts 2–5 in turn
    (each twice), a first player and a shuffle seed from ``seed``."""
    names = list(Rules.VARIANTS)
    combos = itertools.product(*(Rules.VARIANTS[name].values for name in names))
    for index, values in enumerate(combos):
        players = 2 + index % 4
        rules = Rules.from_options({**dict(zip(names, values, strict=True)),
                                    "first_player": index % players})
        yield _Setup(players, rules, seed + index)


def _decisions(setup: _Setup, per_phase: int) -> Iterator[tuple[GameState, PlayedGame]]:
    """The first ``per_phase`` decisions of each decision phase of a game played by a
    seeded random policy (every phase comes in a game of the shipped sets)."""
    state = new_game(setup.players, seed=setup.seed, rules=setup.rules)
    rng = random.Random(setup.seed)
    played: list[Action] = []
    asked = dict.fromkeys(DECISION_PHASES, 0)
    while not state.is_terminal and min(asked.values()) < per_phase:
        if state.phase in asked and asked[state.phase] < per_phase:
            asked[state.phase] += 1
            yield state, PlayedGame(setup.players, setup.rules, "seeded", setup.seed,
                                    tuple(played), state)
        action = rng.choice(legal_actions(state))
        state = apply_action(state, action)
        played.append(action)


def _ask(bot: Bot, state: GameState, game: PlayedGame) -> Action:
    """The bot's action for ``state``; a ``BotCheckError`` if it raises, answers with
    something else than a legal action, or changes the state."""
    before = state_to_json(state)
    replay = game.replay_code("replay_game")
    try:
        action = bot.choose(state)
    except Exception as error:  # any error is the bot's fault, reported
        raise BotCheckError(f"raised {type(error).__name__}: {error}", replay, bot) from error
    if state_to_json(state) != before:
        raise BotCheckError("changed the state it was given", replay, bot)
    if not isinstance(action, Action):
        raise BotCheckError(f"returned {action!r}, not an Action", replay, bot)
    try:
        apply_action(state, action)
    except IllegalActionError as error:
        raise BotCheckError(f"returned the illegal action {action!r} ({error})",
                            replay, bot) from error
    return action


def check_bot(bot: Bot, *, seeded: Callable[[int], Bot] | None = None, seed: int = 0,
              per_phase: int = 2) -> None:
    """Check that ``bot`` plays by the rules, or raise :class:`BotCheckError` naming the
    first failure and the ``replay_game(...)`` call of the state it happened in.

    ``bot.choose`` is asked about the first ``per_phase`` decisions of each phase
    (placing a tile, the piece step, choosing a double tile after a "!" tile, R-T3, and
    placing it) of 8 games, one per combination of the rule variants R-V1–R-V3, with 2,
    3, 4 and 5 players (each count twice) and a first player and shuffle seed from
    ``seed``.  Each time it must:

    - return an :class:`~carcassonne_amazonas.rules.actions.Action` that is legal;
    - raise nothing;
    - leave the state it was given as it was (equal, and the same snapshot).

    With ``seeded``, a function that makes the bot from a seed (``lambda s:
    MctsBot(seed=s, iterations=8)``), two bots made from the same seed must also choose
    the same actions in the same states: a bot that claims to be deterministic under a
    seed is.  The games are played by a seeded random policy, not by the bot, so the
    check costs about ``8 × 4 × per_phase`` decisions (twice that with ``seeded``).
    """
    for setup in _setups(seed):
        for state, game in _decisions(setup, per_phase):
            _ask(bot, state, game)
            if seeded is None:
                continue
            first = _ask(seeded(setup.seed), state, game)
            second = _ask(seeded(setup.seed), state, game)
            if first != second:
                raise BotCheckError(
                    f"is not deterministic under seed {setup.seed}: two bots made by "
                    f"seeded({setup.seed}) chose {first!r} and {second!r}",
                    game.replay_code("replay_game"), seeded(setup.seed))
