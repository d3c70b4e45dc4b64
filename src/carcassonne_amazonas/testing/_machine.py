"""The state machine of the property-testing tools (private; :class:`GameMachine` is
exported by :mod:`carcassonne_amazonas.testing`)."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from .._support.extras import missing_extra
from .._support.tracing import traced, untraced

try:
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise missing_extra(__name__, "testing", error) from error

from ..errors import IllegalActionError, NotationError
from ..rules.actions import Action
from ..rules.engine import legal_actions
from ..rules.events import Event
from ..rules.notation import parse_action
from ..rules.options import Rules
from ..rules.pile import Draws
from ..rules.state import GameState, Phase
from ._replay import problems_of, step
from ._strategies import actions, game_states, legal_actions_of, replay_game

__all__ = ["GameMachine"]


class GameMachine(RuleBasedStateMachine):
    """A Hypothesis state machine that plays one game step by step (R-C1–R-E6); subclass
    it to check a model of your own (a frontend's view, a score tracker, a bot's
    bookkeeping) against the engine.

    Each run starts from a state of :meth:`start_states` (a new game by default), then
    interleaves three steps: a legal action, a run of up to 80 random legal actions
    (to reach the middle and the end of games), and an arbitrary action from
    :func:`actions` (mostly illegal).  Every action goes through :meth:`attempt`,
    which calls a hook you override:

    - :meth:`on_start` with the first state;
    - :meth:`on_action` with the state before, the action, the state after and the
      events, for every action the engine applied;
    - :meth:`on_refused` with the state, the action and the error
      (:class:`~carcassonne_amazonas.errors.IllegalActionError` or ``TypeError``), for
      every action it refused (the state is unchanged).

    Assert in the hooks, or in ``@invariant()`` methods of your own, that your model
    agrees with :attr:`state`; add ``@rule()`` methods for steps of your own.  After
    every step :func:`check_invariants` must find nothing.  Run it with
    ``TestMyModel = MyMachine.TestCase`` in a test module; tune it with
    ``@settings(max_examples=..., stateful_step_count=...)`` on the subclass.
    Hypothesis's explain phase traces your hooks and rules, not the machine's own
    steps (the engine, the random runs, the invariants, each checked once per state).

    Class options of the default :meth:`start_states` (those of :func:`game_states`):
    ``num_players`` (None: 2 to 5), ``draws`` (None: seeded or explicit),
    ``game_rules`` (their ``rules``; None: drawn; Hypothesis's machine already has
    a ``rules`` attribute) and ``variants`` (with ``game_rules`` None: True draws the
    rule variants R-V1–R-V3 too, False keeps the default options).
    """

    num_players: ClassVar[int | None] = None
    draws: ClassVar[Draws | None] = None
    game_rules: ClassVar[Rules | None] = None
    variants: ClassVar[bool] = True

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = replay_game(2, seed=0)
        """The current state."""
        self.history: list[GameState] = []
        """Every state before the current one, the first state first."""
        self.played: list[Action] = []
        """Every action applied, in order: ``history[i]`` + ``played[i]`` is the next state."""

    # -- hooks ------------------------------------------------------------------------------

    def start_states(self) -> st.SearchStrategy[GameState]:
        """Where runs start: new games with the class options.  Override to start
        elsewhere, for example ``game_states(min_turns=40, non_terminal=True)``."""
        return game_states(self.num_players, max_turns=0,
                           phase=(Phase.PLACE_TILE, Phase.DRAW_TILE), draws=self.draws,
                           rules=self.game_rules, variants=self.variants)

    def on_start(self, state: GameState) -> None:
        """Called with the first state of a run."""

    def on_action(self, before: GameState, action: Action, after: GameState,
                  events: tuple[Event, ...]) -> None:
        """Called after the engine applied ``action`` to ``before``, giving ``after``
        and ``events``."""

    def on_refused(self, state: GameState, action: object, error: Exception) -> None:
        """Called after the engine refused ``action`` in ``state`` with ``error``."""

    # -- steps ------------------------------------------------------------------------------

    def attempt(self, action: object) -> bool:
        """Apply ``action`` to :attr:`state` if the engine accepts it (then call
        :meth:`on_action` with the action, text read as
        :func:`~carcassonne_amazonas.rules.engine.apply_action` reads it), else call
        :meth:`on_refused`; True if it was applied."""
        # The machine's own work is hidden from Hypothesis's explain phase, the hooks
        # (the user's code) are not (see _support/tracing.py).
        with untraced():
            before = self.state
            anything: Any = action
            try:
                if type(anything) is str:  # the notation: the hooks get the action
                    anything = parse_action(anything, before)
                after, events = step(before, anything)  # cached: shrinking replays runs
            except (IllegalActionError, NotationError, TypeError) as error:
                with traced():
                    self.on_refused(before, action, error)
                return False
            self.history.append(before)
            self.played.append(anything)
            self.state = after
            with traced():
                self.on_action(before, anything, after, events)
            return True

    @initialize(start=st.runner().flatmap(lambda machine: machine.start_states()))
    def start_game(self, start: GameState) -> None:
        """Begin a run at ``start``."""
        self.state = start
        self.on_start(start)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def play_legal_action(self, data: st.DataObject) -> None:
        """One legal action (a draw at a chance node)."""
        self.attempt(data.draw(legal_actions_of(self.state), label="legal action"))

    @precondition(lambda self: not self.state.is_terminal)
    @rule(steps=st.integers(1, 80), seed=st.integers(0, 2**16))
    def play_random_actions(self, steps: int, seed: int) -> None:
        """Up to ``steps`` random legal actions, chosen by ``random.Random(seed)``."""
        with untraced():
            rng = random.Random(seed)
            for _ in range(steps):
                if self.state.is_terminal:
                    break
                self.attempt(rng.choice(legal_actions(self.state)))

    @rule(action=actions())
    def try_arbitrary_action(self, action: Action) -> None:
        """An arbitrary action, legal or (mostly) not."""
        self.attempt(action)

    @invariant()
    def engine_invariants_hold(self) -> None:
        """:func:`check_invariants` finds nothing (checked once per state: shrinking
        replays the same states again and again)."""
        with untraced():
            problems = problems_of(self.state)
        assert problems == []
