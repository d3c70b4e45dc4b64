"""Property-based testing tools for code that uses the library (bots, frontends,
serialisers, AI wrappers): Hypothesis strategies, a state machine to subclass, and
invariant checks.

Install with the extra ``[testing]`` (``python -m pip install '.[testing]'`` from a
checkout, which installs Hypothesis only); without Hypothesis, importing this module
raises an ``ImportError`` that says so.  The library itself never imports it.

- :func:`game_states` draws states reached by legal play, with knobs for the player
  count, the phase (every phase, the rare ones included, is reached by steering the
  game, never by filtering), the number of complete turns (:func:`turns_played`),
  finished games or not, the draw mode and the rules (every rule variant R-V1–R-V3
  is drawn unless ``rules`` or ``variants=False`` pins them).  A failing example
  shrinks to a short game and is shown as the :func:`replay_game` call that
  rebuilds it.
- :func:`games` draws whole games as :class:`~carcassonne_amazonas.formats.records.GameRecord`
  (shown as a :func:`game_record` call), :func:`records` record JSON, valid or
  corrupted (:class:`RecordText` says which, and how).
- :func:`state_actions` draws a state together with one of its legal actions (type
  hints alone, ``state: GameState, action: PlaceTile``, give unrelated values);
  :func:`legal_actions_of` draws one legal action of a given state; :func:`actions`
  draws arbitrary, mostly illegal actions of every class.
- :class:`GameMachine` is a Hypothesis state machine that plays and attacks one game
  step by step; subclass it to check a model of your own against the engine.
- :func:`check_invariants` lists every invariant a state breaks (empty when all
  hold).
- For testing your own validation, parsers and bots: :func:`illegal_actions_of` draws
  the close mistakes of a state, each with the rule it breaks (R-G2–R-G6, R-T1–R-T5,
  R-F6, R-E1); :func:`notation_texts` action notation and :func:`tileset_files`
  tile-set files, valid or malformed; :func:`check_bot` checks a bot in every decision
  phase, player count and rule variant, and reports the first failure as a
  :func:`replay_game` call.
- Importing this module registers strategies for ``st.from_type``: ``GameState``
  gives :func:`game_states` (either draw mode), each action class an action that is
  legal in some reachable state, and every part of a game (a board, a player, an
  event ...) comes from a played game (:func:`from_type_strategies` lists them all);
  every other class of a public module draws valid values (bots with small budgets,
  the parts of the tile sets ...) or is refused with a ``ResolutionFailed`` saying
  what to use instead (:data:`REFUSALS`).  It also resolves the annotations of the
  library's attrs classes, so ``st.builds`` resolves them; ``st.builds`` still makes
  arbitrary field values (``st.builds(GameState)`` is no reachable state): ask
  ``st.from_type`` instead.
- The work the strategies and the state machine do is hidden from Hypothesis's explain
  phase (on by default): a failure's "Explanation" names your lines, and the phase
  stays cheap.

Example (a complete test file is ``examples/property_testing.py``)::

    from hypothesis import given, strategies as st
    from carcassonne_amazonas import apply_action
    from carcassonne_amazonas.testing import check_invariants, game_states, legal_actions_of

    @given(game_states(max_turns=20, non_terminal=True), st.data())
    def test_any_legal_action_keeps_the_invariants(state, data):
        after = apply_action(state, data.draw(legal_actions_of(state)))
        assert check_invariants(after) == []
"""

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

from ..errors import IllegalActionError
from ..formats.problems import state_problems
from ..rules.actions import Action
from ..rules.engine import legal_actions
from ..rules.events import Event
from ..rules.options import Rules
from ..rules.pile import Draws
from ..rules.state import GameState, Phase
from ._check_bot import BotCheckError, check_bot
from ._from_type import from_type_strategies, register, state_actions
from ._illegal import IllegalAction, illegal_actions_of
from ._public_types import REFUSALS, register_public_types
from ._record_strategies import CORRUPTIONS, RecordText, game_record, games, records
from ._replay import problems_of, step
from ._steering import PHASES
from ._strategies import actions, game_states, legal_actions_of, replay_game, rules, turns_played
from ._text_strategies import TileSetText, notation_texts, tileset_files

__all__ = [
    "CORRUPTIONS",
    "PHASES",
    "REFUSALS",
    "BotCheckError",
    "GameMachine",
    "IllegalAction",
    "RecordText",
    "TileSetText",
    "actions",
    "check_bot",
    "check_invariants",
    "from_type_strategies",
    "game_record",
    "game_states",
    "games",
    "illegal_actions_of",
    "legal_actions_of",
    "notation_texts",
    "records",
    "replay_game",
    "rules",
    "state_actions",
    "tileset_files",
    "turns_played",
]

#: Supplies at the start of the game (R-C2).
MEEPLES_PER_PLAYER = 4
CAMPS_PER_PLAYER = 2


# ---------------------------------------------------------------------------- state machine

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
        :meth:`on_action`), else call :meth:`on_refused`; True if it was applied."""
        # The machine's own work is hidden from Hypothesis's explain phase, the hooks
        # (the user's code) are not (see _support/tracing.py).
        with untraced():
            before = self.state
            anything: Any = action
            try:
                after, events = step(before, anything)  # cached: shrinking replays runs
            except (IllegalActionError, TypeError) as error:
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


register()
register_public_types()

# ---------------------------------------------------------------------------- invariants

def check_invariants(state: GameState) -> list[str]:
    """Every invariant ``state`` breaks, one message each; empty when all hold.

    The same checks as :func:`carcassonne_amazonas.formats.problems.state_problems` (and
    the snapshot loader), so it never raises, whatever it is given: a malformed state
    gives a list of problems.  Among them:

    - R-G4, R-F2: every two neighbouring tiles match (equal edges, and equal
      terrain at every pair of facing ports); no two tiles overlap; every
      tile but the start tile touches another; standard tiles lie in rows not
      downstream of the river end (R-G2).
    - R-C2, R-T10: each player's meeples on the board plus in supply are 4 and
      camps 2; meeples stand only on tributaries and villages, camps only in
      jungles, nothing on the Amazon (R-F6).
    - R-T7: no completed tributary or village holds a meeple, except, during
      the piece step, one that contains the tile just placed (it is scored at
      the end of the turn).
    - R-T9, R-C9: every boat lies on spaces 1 .. ``track_length``, which is the
      start side's river spaces + 1 per Amazon tile + 2 per double tile placed.
    - R-C3, R-C4, R-E1, R-G7: the land tiles placed, removed, left in the pile and in
      hand are exactly the tile set's land tiles (80 in the reference set);
      the double tiles set aside, in hand and placed are the set's doubles.
    - Scores: each score equals its breakdown's total; camps and river points
      appear only with the final scoring, which (once the game is over) agrees
      with the breakdown (R-E2–R-E5).
    - The pile's counters agree with the tiles drawn (R-C7, R-T1).
    - The phase agrees with the tile in hand and the piece step's tile, and a
      game that is not over has a legal action.

    See :mod:`carcassonne_amazonas.formats.problems` for the complete list.
    """
    return state_problems(state)
