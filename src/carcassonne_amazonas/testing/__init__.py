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

from .._support.extras import missing_extra

try:
    import hypothesis  # noqa: F401 - the extra's check: without it, say how to install it
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise missing_extra(__name__, "testing", error) from error

from ..formats.problems import state_problems
from ..rules.state import GameState
from ._check_bot import BotCheckError, check_bot
from ._from_type import from_type_strategies, register, state_actions
from ._illegal import IllegalAction, illegal_actions_of
from ._machine import GameMachine
from ._public_types import REFUSALS, register_public_types
from ._record_strategies import CORRUPTIONS, RecordText, game_record, games, records
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
