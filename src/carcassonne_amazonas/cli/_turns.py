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

from .._support.wording import plural
from ..formats.records import GameRecord
from ..render.explain import describe_action, describe_events, winner_text
from ..rules.actions import TURN_END, Action
from ..rules.engine import apply_action_with_events
from ..rules.events import Event
from ..rules.players import colour
from ..rules.state import GameState, Phase

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


def status(state: GameState, actions: Sequence[Action]) -> str:
    """``finished: the winner is ...`` or ``unfinished: it stops in turn ...``."""
    if state.is_terminal:
        return f"finished: {winner_text(state.scores, state.winners)}"
    return f"unfinished: {stop_point(state, actions)}"


def stop_point(state: GameState, actions: Sequence[Action]) -> str:
    """Where an unfinished game stands: the turn (as :func:`current_turn` counts it) and
    who is to do what."""
    who = colour(state.current_player)
    doing = {
        Phase.PLACE_TILE: f"{who} to place a tile",
        Phase.CHOOSE_DOUBLE: f"{who} to choose a double tile",
        Phase.PLACE_DOUBLE: f"{who} to place a double tile",
        Phase.PLACE_PIECE: f"{who} to place a piece or pass",
        Phase.DRAW_TILE: f"{who} to draw a tile",
    }[state.phase]
    return (f"it stops in turn {current_turn(actions)}, {doing}, with "
            f"{plural(state.tiles_left, 'tile')} left to draw")


def record_origin(record: GameRecord) -> str:
    """How the record's game was set up, in words."""
    if record.seed is not None:
        return f"seed {record.seed}"
    if record.pile is not None:
        return "explicit draw order"
    if record.draws == "explicit":
        return "draws recorded as actions"
    return "starting from a saved position"


def step_lines(before: GameState, action: Action, events: Sequence[Event]) -> list[str]:
    """An action in notation beside what it did, one event a line."""
    lines = describe_events(before, action, events) or [describe_action(before, action)]
    return [f"  {str(action) if i == 0 else '':<10} {line}" for i, line in enumerate(lines)]
