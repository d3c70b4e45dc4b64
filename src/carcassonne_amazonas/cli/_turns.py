"""A game's actions grouped into turns, numbered the same way by ``play``, ``replay`` and
``render``, and the lines that tell what each action did.

A turn is one player's tile placement through their piece step (R-T1–R-T8): with
explicit draws it begins with the draw, after a "!" tile it holds the double tile too.
Turn *k* is the one after *k* - 1 finished turns, so a game stopped in the middle of
a turn is "in turn *k*" everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from .._support.i18n import texts
from ..formats.records import GameRecord
from ..render.explain import describe_action, describe_events
from ..render.text import winner_text
from ..rules.actions import TURN_END, Action
from ..rules.engine import apply_action_with_events
from ..rules.events import Event
from ..rules.state import GameState

__all__ = ["PlayedTurn", "Step", "current_turn", "record_origin", "state_after_turn", "status",
           "step_lines", "stop_point", "turns_of"]


@attrs.frozen
class Step:
    """One action of a turn, with the states around it and what it caused."""

    before: GameState
    action: Action
    events: tuple[Event, ...]
    after: GameState


@attrs.frozen
class PlayedTurn:
    """One player's turn as played, for display: its number, its player and its steps (a
    draw, a tile, a double tile, the piece step); the last turn of an unfinished game may
    be cut short."""

    number: int
    player: int
    steps: tuple[Step, ...]

    @property
    def before(self) -> GameState:
        """The state when the turn began."""
        return self.steps[0].before

    @property
    def after(self) -> GameState:
        """The state after the turn's last step."""
        return self.steps[-1].after

    @property
    def is_complete(self) -> bool:
        """Whether the turn reached its piece step (R-T5)."""
        return isinstance(self.steps[-1].action, TURN_END)


def current_turn(actions: Sequence[Action]) -> int:
    """The number of the turn that the next action belongs to: finished turns + 1."""
    return 1 + sum(1 for action in actions if isinstance(action, TURN_END))


def turns_of(initial: GameState, actions: Sequence[Action]) -> list[PlayedTurn]:
    """The actions played from ``initial``, grouped into numbered turns."""
    state = initial
    turns: list[PlayedTurn] = []
    steps: list[Step] = []
    for action in actions:
        after, events = apply_action_with_events(state, action)
        steps.append(Step(state, action, events, after))
        state = after
        if isinstance(action, TURN_END):
            turns.append(_played_turn(len(turns) + 1, steps))
            steps = []
    if steps:  # an unfinished turn at the end
        turns.append(_played_turn(len(turns) + 1, steps))
    return turns


def _played_turn(number: int, steps: list[Step]) -> PlayedTurn:
    return PlayedTurn(number, steps[0].before.current_player, tuple(steps))


def state_after_turn(initial: GameState, turns: Sequence[PlayedTurn],
                     turn: int | None) -> GameState:
    """The state after turn ``turn`` (0: the initial state; None: after the last action).

    Raises ``ValueError`` for a turn the game does not have.
    """
    if turn is None:
        return turns[-1].after if turns else initial
    if not 0 <= turn <= len(turns):
        raise ValueError(f"--turn {turn}: the record has turns 0 to {len(turns)}")
    return initial if turn == 0 else turns[turn - 1].after


def status(state: GameState, actions: Sequence[Action], lang: str | None = None) -> str:
    """``finished: the winner is ...`` or ``unfinished: it stops in turn ...``."""
    t = texts(lang)
    if state.is_terminal:
        return t.gettext("finished: {winner}").format(
            winner=winner_text(state.scores, state.winners, lang=lang))
    return t.gettext("unfinished: {where}").format(where=stop_point(state, actions, lang))


def stop_point(state: GameState, actions: Sequence[Action], lang: str | None = None) -> str:
    """Where an unfinished game stands: the turn (as :func:`current_turn` counts it) and
    who is to do what (:meth:`~carcassonne_amazonas.rules.state.GameState.to_do`)."""
    t = texts(lang)
    return t.gettext("it stops in turn {turn}, {doing}, with {tiles} left to draw").format(
        turn=current_turn(actions), doing=state.to_do(lang=lang),
        tiles=t.count(state.tiles_left, "{n} tile", "{n} tiles"))


def record_origin(record: GameRecord, lang: str | None = None) -> str:
    """How the record's game was set up, in words."""
    t = texts(lang)
    if record.seed is not None:
        return t.gettext("seed {seed}").format(seed=record.seed)
    if record.pile is not None:
        return t.gettext("explicit draw order")
    if record.draws == "explicit":
        return t.gettext("draws recorded as actions")
    return t.gettext("starting from a saved position")


def step_lines(before: GameState, action: Action, events: Sequence[Event],
               lang: str | None = None) -> list[str]:
    """An action in notation beside what it did, one event a line."""
    lines = (describe_events(before, action, events, lang=lang)
             or [describe_action(before, action, lang=lang)])
    return [f"  {str(action) if i == 0 else '':<10} {line}" for i, line in enumerate(lines)]
