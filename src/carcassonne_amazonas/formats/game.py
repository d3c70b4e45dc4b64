"""A game as it is played: its history, for frontends that save, undo and replay.

States are immutable values, so a frontend could keep the list of actions itself;
:class:`Game` does it for it, like ``chess.pgn.Game`` and python-chess's move stack::

    >>> game = Game.new(2, seed=7)
    >>> state = game.play("t0,4,0")          # an action, or its notation
    >>> game.undo()
    PlaceTile.from_notation('t0,4,0')
    >>> record = game.record()               # a GameRecord, ready for to_json()

Every action is checked (:func:`~carcassonne_amazonas.rules.engine.apply_action`): an
illegal one raises :class:`~carcassonne_amazonas.errors.IllegalActionError` and the
game is unchanged.  The states of the history are kept, so :meth:`Game.undo` costs
nothing and :attr:`Game.states` is the whole game (they share their unchanged parts:
a finished game's states take about 1.6 MB).

A :class:`Game` is the one mutable object of the library: it holds a history that
grows and shrinks.  Everything it hands out (states, actions, events, records) is a
frozen value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Literal

from .._support.exact import check_exact
from .._support.reprs import repr_pretty
from .._support.wording import plural
from ..rules.actions import Action
from ..rules.engine import apply_action_with_events, legal_actions, new_game
from ..rules.events import Event
from ..rules.notation import parse_action
from ..rules.options import Rules
from ..rules.state import GameState
from ..tiles.tileset import Tile
from .records import GameRecord

__all__ = ["Game"]


class Game:
    """The history of one game: its initial state and the actions played since.

    Make one with :meth:`new` (like :func:`~carcassonne_amazonas.rules.engine.new_game`),
    from any state (``Game(state)``) or from a saved record (:meth:`from_record`).
    """

    def __init__(self, initial_state: GameState) -> None:
        check_exact(initial_state, GameState, "initial_state")
        self._states: list[GameState] = [initial_state]
        self._actions: list[Action] = []
        self._events: list[tuple[Event, ...]] = []

    @classmethod
    def new(cls, num_players: int, *, seed: int | None = None, rules: Rules | None = None,
            pile: Sequence[Tile] | None = None,
            draws: Literal["seeded", "explicit"] = "seeded") -> Game:
        """A game from the setup, with the arguments of
        :func:`~carcassonne_amazonas.rules.engine.new_game`."""
        return cls(new_game(num_players, seed=seed, rules=rules, pile=pile, draws=draws))

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        """The game of a record, with all its actions played: to look at it, undo, or
        play on from where it stopped.

        Raises :class:`~carcassonne_amazonas.errors.RecordError` if an action of the
        record is illegal (records loaded by ``GameRecord.from_json`` never are).
        """
        check_exact(record, GameRecord, "record")
        game = cls(record.initial_state())
        game.play_all(record.actions)
        return game

    # -- the history ----------------------------------------------------------------------

    @property
    def initial_state(self) -> GameState:
        """The state the game began from."""
        return self._states[0]

    @property
    def state(self) -> GameState:
        """The current state: after the last action played."""
        return self._states[-1]

    @property
    def actions(self) -> tuple[Action, ...]:
        """The actions played, in order."""
        return tuple(self._actions)

    @property
    def states(self) -> tuple[GameState, ...]:
        """Every state of the game, the initial one first and the current one last."""
        return tuple(self._states)

    @property
    def last_events(self) -> tuple[Event, ...]:
        """What the last action caused (empty before the first action)."""
        return self._events[-1] if self._events else ()

    def __len__(self) -> int:
        """The number of actions played."""
        return len(self._actions)

    # -- playing and undoing --------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of the current state (see
        :func:`~carcassonne_amazonas.rules.engine.legal_actions`)."""
        return legal_actions(self.state)

    def play(self, action: Action | str) -> GameState:
        """Play ``action`` (an action, or its text in the notation, where a piece's segment
        may be a compass point: ``m0,4,E``) and return the new current state.  The
        history keeps the action, so its record writes the segment's number.

        Raises :class:`~carcassonne_amazonas.errors.IllegalActionError` for an illegal
        action and :class:`~carcassonne_amazonas.errors.NotationError` for text that
        is not an action; the game is then unchanged.
        """
        if isinstance(action, str):
            action = parse_action(action, self.state)
        state, events = apply_action_with_events(self.state, action)
        self._states.append(state)
        self._actions.append(action)
        self._events.append(events)
        return state

    def play_all(self, actions: Iterable[Action | str]) -> GameState:
        """Play several actions (or a string of them separated by spaces), in order; the
        current state after the last.  An illegal action raises as in :meth:`play`, with
        the actions before it played."""
        if isinstance(actions, str):
            check_exact(actions, str, "actions")
        items = actions.split() if isinstance(actions, str) else actions
        for action in items:
            self.play(action)
        return self.state

    def undo(self) -> Action:
        """Take back the last action and return it; the state before it is current again.

        Raises ``IndexError`` when no action has been played.
        """
        if not self._actions:
            raise IndexError("no action to undo: the game is at its initial state")
        self._states.pop()
        self._events.pop()
        return self._actions.pop()

    def copy(self) -> Game:
        """A game with the same history, to play on while this one stays as it is (the
        states, actions and events are frozen values, shared by both)."""
        game = Game(self.initial_state)
        game._states = list(self._states)
        game._actions = list(self._actions)
        game._events = list(self._events)
        return game

    def record(self) -> GameRecord:
        """The game as a :class:`~carcassonne_amazonas.formats.records.GameRecord` (setup and
        actions), ready for :meth:`~carcassonne_amazonas.formats.records.GameRecord.to_json`."""
        return GameRecord.from_game(self.initial_state, self._actions)

    def __repr__(self) -> str:
        return f"<Game: {plural(len(self._actions), 'action')} played, now {self.state!r}>"

    _repr_pretty_ = repr_pretty
