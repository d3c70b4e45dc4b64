"""Hypothesis strategies and invariant checks for property-based tests of code that
uses the library (bots, frontends, serialisers, AI wrappers).

This module needs `Hypothesis <https://hypothesis.readthedocs.io>`_, a
development dependency of the library (``pip install 'carcassonne-amazonas[dev]'``
or ``pip install hypothesis``); the library itself never imports it.

- :func:`game_states` draws states reached by legal play from a new game: any
  number of players, seeded or explicit draws, from the first action to the
  final scoring.  Hypothesis draws the number of actions and every choice
  among the legal actions, so a failing example shrinks to a short game whose
  choices are the first legal actions; it is shown as the :func:`replay_game`
  call that rebuilds it.
- :func:`legal_actions_of` draws one legal action of a state.
- :func:`actions` draws arbitrary actions of every class, mostly illegal ones,
  for tests of how code handles what the engine refuses.
- :func:`check_invariants` lists every invariant a state breaks (empty when
  all hold): tiles match along every shared edge, pieces are conserved, no
  feature keeps pieces it should have returned, boats lie on the explored
  river, every land tile is accounted for, scores add up.

Example (a complete test file is ``examples/property_testing.py``)::

    from hypothesis import assume, given, strategies as st
    from carcassonne_amazonas import apply_action
    from carcassonne_amazonas.testing import check_invariants, game_states, legal_actions_of

    @given(game_states(max_turns=20), st.data())
    def test_any_legal_action_keeps_the_invariants(state, data):
        assume(not state.is_terminal)
        after = apply_action(state, data.draw(legal_actions_of(state)))
        assert check_invariants(after) == []
"""

from __future__ import annotations

from typing import Literal

from hypothesis import strategies as st

from .actions import Action, ChooseDouble, DrawTile, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from .chance import chance_outcomes
from .consistency import state_problems
from .engine import apply_action, legal_actions, new_game
from .geometry import Position, Rotation
from .notation import format_action, parse_action
from .pile import Shuffle
from .state import GameState, Phase, Rules
from .tiles import TileId

__all__ = ["actions", "check_invariants", "game_states", "legal_actions_of", "replay_game"]

#: Supplies at the start of the game (C2).
MEEPLES_PER_PLAYER = 4
CAMPS_PER_PLAYER = 2

# At most this many actions are played when ``max_turns`` is None: a complete
# game is about 166 actions with seeded draws and about 250 with explicit ones.
_MAX_GAME_ACTIONS = 600
# Actions in one turn: draw(s) in explicit mode, "!" tile, double, piece step.
_ACTIONS_PER_TURN = 8



# ---------------------------------------------------------------------------- strategies

def game_states(num_players: int | None = None, max_turns: int | None = None,
                draws: Literal["seeded", "explicit"] = "seeded",
                ) -> st.SearchStrategy[GameState]:
    """States reached by legal play from a new game.

    ``num_players`` fixes the player count (None: 2 to 5).  ``max_turns``
    bounds the number of complete turns played (None: up to the end of the
    game, so terminal states are drawn too).  ``draws="seeded"`` shuffles the
    pile with a drawn seed; ``draws="explicit"`` makes every draw a chance node
    at which one of :func:`~carcassonne_amazonas.chance.chance_outcomes` is
    chosen.  The first player and the shuffle option are drawn as well.

    The state may stand in any phase (a drawn number of actions may stop in
    the middle of a turn).  Shrinking gives fewer actions and earlier choices.
    A failing example is shown as the :func:`replay_game` call that rebuilds
    the state, with the actions in the game notation.
    """
    if num_players is not None and (not isinstance(num_players, int)
                                    or isinstance(num_players, bool)
                                    or not 2 <= num_players <= 5):
        raise ValueError(f"num_players must be None or 2 to 5, not {num_players!r} (C1)")
    if max_turns is not None and (not isinstance(max_turns, int) or isinstance(max_turns, bool)
                                  or max_turns < 0):
        raise ValueError(f"max_turns must be None or a non-negative int, not {max_turns!r}")
    if draws not in ("seeded", "explicit"):
        raise ValueError(f"draws must be 'seeded' or 'explicit', not {draws!r}")
    return _game_states(num_players, max_turns, draws)


@st.composite
def _game_states(draw: st.DrawFn, num_players: int | None, max_turns: int | None,
                 draws: str) -> GameState:
    players = draw(st.integers(2, 5), label="num_players") if num_players is None \
        else num_players
    first = draw(st.integers(0, players - 1), label="first_player")
    shuffle = draw(st.sampled_from(Shuffle), label="shuffle")
    rules = Rules(first_player=first, shuffle=shuffle)
    seed = draw(st.integers(0, 2**32 - 1), label="seed") if draws == "seeded" else None
    if seed is None:
        state = new_game(players, rules=rules, draws="explicit")
    else:
        state = new_game(players, seed=seed, rules=rules)
    limit = _MAX_GAME_ACTIONS if max_turns is None else _ACTIONS_PER_TURN * max_turns
    steps = draw(st.integers(0, limit), label="actions")
    played: list[str] = []
    turns = 0
    for _ in range(steps):
        if state.is_terminal or (max_turns is not None and turns >= max_turns):
            break
        choices: tuple[Action, ...]
        if state.is_chance_node:
            choices = tuple(action for action, _ in chance_outcomes(state))
        else:
            choices = legal_actions(state)
        index = draw(st.integers(0, len(choices) - 1)) if len(choices) > 1 else 0
        action = choices[index]
        if state.phase is Phase.PLACE_PIECE:
            turns += 1
        state = apply_action(state, action)
        played.append(format_action(action))
    # Built once more by replay_game, so that Hypothesis shows a failing example as
    # the call that replays it (a state's own repr runs to hundreds of kB).
    replayed = draw(st.builds(replay_game, st.just(players), st.just(" ".join(played)),
                              seed=st.just(seed), first_player=st.just(first),
                              shuffle=st.just(shuffle.value), draws=st.just(draws)))
    assert replayed == state
    return replayed


def replay_game(num_players: int, actions: str = "", *, seed: int | None = None,
                first_player: int = 0, shuffle: str = "stratified",
                draws: str = "seeded") -> GameState:
    """The state reached by ``actions`` (in the game notation of
    :mod:`~carcassonne_amazonas.notation`, separated by spaces) from a new game.

    :func:`game_states` reports each state it draws as a call of this function,
    so a failing example can be replayed by pasting it.  ``seed`` is the
    shuffle's seed for ``draws="seeded"`` and must be None for
    ``draws="explicit"`` (the draws are among the actions).
    """
    rules = Rules(first_player=first_player, shuffle=Shuffle(shuffle))
    if draws == "explicit":
        state = new_game(num_players, rules=rules, draws="explicit")
    else:
        state = new_game(num_players, seed=seed, rules=rules)
    for text in actions.split():
        state = apply_action(state, parse_action(text))
    return state


def legal_actions_of(state: GameState) -> st.SearchStrategy[Action]:
    """One legal action of ``state`` (shrinking towards the first in
    :func:`~carcassonne_amazonas.engine.legal_actions` order).

    At a chance node (explicit draws) the legal actions are the draws.
    Raises ``ValueError`` for a state with no legal action (the game is over).
    """
    if not isinstance(state, GameState):
        raise TypeError(f"expected a GameState, not {type(state).__name__}")
    choices = legal_actions(state)
    if not choices:
        raise ValueError("the game is over: the state has no legal action")
    return st.sampled_from(choices)


def actions() -> st.SearchStrategy[Action]:
    """Arbitrary actions of every class, mostly illegal in any given state.

    Positions are mostly near a board's tiles, sometimes anywhere (huge or
    negative coordinates); rotations are any of the four; segments and tile
    ids are mostly small, sometimes negative or huge.  An action drawn here
    may by chance be legal in the state it is applied to.
    """
    near = st.integers(-20, 40)
    coordinate = st.one_of(near, near, near, st.integers())
    position = st.builds(Position, coordinate, coordinate)
    rotation = st.sampled_from(Rotation)
    segment = st.one_of(st.integers(-2, 12), st.integers(-2, 12), st.integers())
    tile_id = st.one_of(st.integers(-5, 100), st.integers(-5, 100),
                        st.integers()).map(TileId)
    return st.one_of(
        st.builds(PlaceTile, position, rotation),
        st.builds(ChooseDouble, tile_id),
        st.builds(PlaceMeeple, position, segment),
        st.builds(PlaceCamp, position, segment),
        st.just(Pass()),
        st.builds(DrawTile, tile_id),
    )


# ---------------------------------------------------------------------------- invariants

def check_invariants(state: GameState) -> list[str]:
    """Every invariant ``state`` breaks, one message each; empty when all hold.

    The same checks as :func:`carcassonne_amazonas.consistency.state_problems` (and
    the snapshot loader), so it never raises, whatever it is given: a malformed state
    gives a list of problems.  Among them:

    - G4, F2: every two neighbouring tiles match (equal edges, and equal
      terrain at every pair of facing ports); no two tiles overlap; every
      tile but the start tile touches another; standard tiles lie in rows not
      downstream of the river end (G2).
    - C2, T10: each player's meeples on the board plus in supply are 4 and
      camps 2; meeples stand only on tributaries and villages, camps only in
      jungles, nothing on the Amazon (F6).
    - T7: no completed tributary or village holds a meeple, except, during
      the piece step, one that contains the tile just placed (it is scored at
      the end of the turn).
    - T9, C9: every boat lies on spaces 1 .. ``track_length``, which is the
      start side's river spaces + 1 per Amazon tile + 2 per double tile placed.
    - C3, C4, E1, G7: the land tiles placed, removed, left in the pile and in
      hand are exactly the tile set's land tiles (80 in the reference set);
      the double tiles set aside, in hand and placed are the set's doubles.
    - Scores: each score equals its breakdown's total; camps and river points
      appear only with the final scoring, which (once the game is over) agrees
      with the breakdown (E2–E5).
    - The pile's counters agree with the tiles drawn (C7, T1).
    - The phase agrees with the tile in hand and the piece step's tile, and a
      game that is not over has a legal action.

    See :mod:`carcassonne_amazonas.consistency` for the complete list.
    """
    return state_problems(state)
