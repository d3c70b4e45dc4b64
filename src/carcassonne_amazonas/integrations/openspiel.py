"""Carcassonne – Amazonas as an OpenSpiel game (extra ``[openspiel]``).

Importing this module registers the Python game ``python_carcassonne_amazonas``::

    import pyspiel
    import carcassonne_amazonas.integrations.openspiel  # registers the game

    game = pyspiel.load_game("python_carcassonne_amazonas", {"players": 3})
    state = game.new_initial_state()

Parameters: ``players`` (2–5, default 2), ``shuffle`` (``"stratified"``, the
default, or ``"uniform"``: R-C7), ``compact`` (default ``False``: the full observation
tensor; ``True``: the compact one, see below), and the variants of the rules reference:
``amazon_ranking`` (``"dense"``, the default, or ``"competition"``: R-V1),
``camp_scoring`` (``"per-jungle"``, the default, or ``"per-camp"``: R-V2) and
``bonus_river`` (``False`` by default; ``True`` adds the two Amazon Bonus River
double tiles, R-V3, which adds 2 ``ChooseDouble`` actions and 6 observation values)::

    game = pyspiel.load_game("python_carcassonne_amazonas",
                             {"players": 4, "amazon_ranking": "competition",
                              "bonus_river": True, "compact": True})

The game
--------
- **Dynamics and chance**: sequential, ``EXPLICIT_STOCHASTIC``.  The engine
  runs with ``draws="explicit"``: every draw is a chance node whose outcomes
  are the tiles that can come next with their exact probabilities
  (:func:`~carcassonne_amazonas.rules.chance.chance_outcomes`, as floats).  The state
  never holds the future pile order, so there is nothing hidden: the game is
  declared ``PERFECT_INFORMATION`` (like backgammon: public dice, public board).
- **Actions** are the integers of :mod:`~carcassonne_amazonas.ai.encoding`
  (``num_distinct_actions`` = 47,621 for the reference set).  Chance outcomes
  use the same numbering (the ``DrawTile`` block), so ``max_chance_outcomes``
  equals ``num_distinct_actions``.  ``action_to_string`` gives the library's
  notation (``t-1,2,90``, ``m-1,2,0``, ``p``, ``d82``, ``*17``).
- **Length**: ``max_game_length`` counts decisions, as OpenSpiel defines it:
  every land tile gives at most 2 (place it, then the piece step; a tile
  removed by R-G7 gives none) and every "!" tile that finds a double tile left
  2 more (choose the double, place it), so ``2 × land tiles + 2 × min("!"
  tiles, double tiles)`` = 2 × 80 + 2 × 3 = 166.  Draws are chance nodes:
  ``max_chance_nodes_in_history`` = land tiles = 80 (each land tile is drawn
  exactly once), so a history holds at most 246 actions.
- **Returns** (terminal only): win/draw/loss, see
  :func:`~carcassonne_amazonas.integrations.game_returns`: +1 to the sole
  winner, 0 to each of several tied winners, -1 to everybody else;
  ``min_utility`` -1, ``max_utility`` 1.  The 2-player game is declared
  ``ZERO_SUM``, 3–5 players ``GENERAL_SUM``.
- **Observations**: ``observation_tensor`` is
  :func:`~carcassonne_amazonas.ai.observation.observation_tensor` (shape
  ``[451546]``: 38 board planes of 90 × 132 cells, then 106 values; with
  ``compact=True`` shape ``[48747]``: the same planes on 40 × 32 cells, then 107
  values; the observer's dict views are ``"board"`` and ``"vector"``), ``observation_string``
  is :func:`~carcassonne_amazonas.ai.observation.observation_string`, and
  ``information_state_string`` is the observation string followed by the
  public history in notation (perfect recall; it reveals nothing hidden since
  nothing is).
- **Serialization** (``serialize_game_and_state``, ``deserialize_game_and_state``):
  OpenSpiel keeps the action history and pickles the Python state, which
  pickles as a JSON snapshot (:func:`~carcassonne_amazonas.formats.snapshot.state_to_json`).
- ``state.game_state`` is the library's immutable
  :class:`~carcassonne_amazonas.rules.state.GameState`, for your own code.
"""

from __future__ import annotations

from typing import Any

from .._support.extras import missing_extra

try:
    import numpy as np
    import pyspiel
except ImportError as error:
    raise missing_extra(__name__, "openspiel", error) from error

from ..ai.encoding import action_space, decode_action
from ..ai.observation import observation_layout
from ..errors import IllegalActionError
from ..rules.engine import apply_action, new_game
from ..rules.notation import format_action
from ..rules.options import Rules
from ..rules.state import GameState, Phase
from ..tiles.layout import TileKind
from . import MAX_RETURN, MIN_RETURN, game_returns
from ._spiel_codec import action_codec
from ._spiel_position import NO_MOVES, SpielPosition

__all__ = [
    "GAME_NAME",
    "CarcassonneAmazonasGame",
    "CarcassonneAmazonasState",
    "max_chance_nodes",
    "max_decisions",
]

#: The name to give ``pyspiel.load_game``.
GAME_NAME = "python_carcassonne_amazonas"

#: The rule options that are game parameters, read by ``Rules.from_options``: the
#: shuffle (R-C7) and the variants (R-V1–R-V3).
_RULE_PARAMETERS = ("shuffle", *Rules.VARIANTS)
_DEFAULT_RULES = Rules().options()
_DEFAULT_PARAMETERS: dict[str, Any] = {
    "players": 2, **{name: _DEFAULT_RULES[name] for name in _RULE_PARAMETERS}, "compact": False,
}


def max_decisions(rules: Rules | None = None) -> int:
    """The most decisions (non-chance actions) a game can take (module docstring)."""
    tileset = (rules or Rules()).tileset
    exclamations = sum(1 for t in tileset.of_kind(TileKind.AMAZON) if t.layout.exclamation)
    return 2 * len(tileset.land_tiles) + 2 * min(exclamations, len(tileset.double_tiles))


def max_chance_nodes(rules: Rules | None = None) -> int:
    """The most chance nodes (draws) a game can take: one per land tile."""
    return len((rules or Rules()).tileset.land_tiles)


def _game_type(utility: Any) -> Any:
    return pyspiel.GameType(
        short_name=GAME_NAME,
        long_name="Python Carcassonne - Amazonas",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=5,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(_DEFAULT_PARAMETERS),
    )


_GAME_TYPE = _game_type(pyspiel.GameType.Utility.GENERAL_SUM)
try:  # as ints once: current_player runs at every step
    _TERMINAL, _CHANCE = int(pyspiel.PlayerId.TERMINAL), int(pyspiel.PlayerId.CHANCE)
except TypeError:  # a stand-in pyspiel, as documentation builds import it: OpenSpiel's values
    _TERMINAL, _CHANCE = -4, -1


class CarcassonneAmazonasGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game; load it with ``pyspiel.load_game(GAME_NAME, {"players": n})``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        parameters = dict(_DEFAULT_PARAMETERS)
        parameters.update(params or {})
        players = int(parameters["players"])
        if not 2 <= players <= 5:
            raise ValueError(f"Carcassonne – Amazonas is for 2 to 5 players, not {players}")
        self.rules = Rules.from_options({name: parameters[name] for name in _RULE_PARAMETERS})
        compact = parameters["compact"]
        if not isinstance(compact, bool):
            raise ValueError(f"the parameter compact must be true or false, not {compact!r}")
        self.compact = compact
        size = action_space(self.rules).size
        zero_sum = players == 2
        game_type = _game_type(pyspiel.GameType.Utility.ZERO_SUM if zero_sum
                               else pyspiel.GameType.Utility.GENERAL_SUM)
        game_info = pyspiel.GameInfo(
            num_distinct_actions=size,
            max_chance_outcomes=size,
            num_players=players,
            min_utility=MIN_RETURN,
            max_utility=MAX_RETURN,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=max_decisions(self.rules),
        )
        super().__init__(game_type, game_info, parameters)
        self._initial = new_game(players, rules=self.rules, draws="explicit")

    def new_initial_state(self) -> CarcassonneAmazonasState:
        """A new game: player 0 is about to draw the first tile (a chance node)."""
        return CarcassonneAmazonasState(self, self._initial)

    def max_chance_nodes_in_history(self) -> int:
        """One draw per land tile."""
        return max_chance_nodes(self.rules)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> _Observer:
        """The observer OpenSpiel uses for observation and information-state strings
        and tensors (see the module docstring)."""
        return _Observer(self.rules, iig_obs_type, params, self.compact)


class CarcassonneAmazonasState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state around the library's immutable
    :class:`~carcassonne_amazonas.rules.state.GameState`."""

    def __init__(self, game: CarcassonneAmazonasGame, state: GameState) -> None:
        super().__init__(game)
        self._position = SpielPosition(state, action_codec(state.rules), NO_MOVES)

    @property
    def game_state(self) -> GameState:
        """The library's state (immutable)."""
        return self._position.state

    @property
    def moves(self) -> tuple[str, ...]:
        """Every action so far in notation, draws included."""
        return self._position.moves

    def current_player(self) -> int:
        """The player to act, ``PlayerId.CHANCE`` at a draw, ``PlayerId.TERMINAL`` at the end."""
        phase = self._position.state.phase
        if phase is Phase.GAME_OVER:
            return _TERMINAL
        if phase is Phase.DRAW_TILE:
            return _CHANCE
        return self._position.state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        position = self._position
        if position.legal is None:
            position.legal = position.codec.legal(position.state)
        return position.legal  # pyspiel copies it into a vector

    # The next two answer Python callers directly, as pyspiel.State would through C++ and
    # back (C++ callers still go through _legal_actions and current_player): a playout
    # step through pyspiel makes these calls every time.

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids, sorted: the chance outcomes' ids at a draw; none for
        another player than the one to act, nor at the end."""
        position = self._position
        phase = position.state.phase
        if phase is Phase.GAME_OVER:
            return []
        if phase is Phase.DRAW_TILE:
            return [action for action, _ in position.codec.chance_outcomes(position.state)]
        if player is not None and player != position.state.current_player:
            if player < 0:  # a pseudo-player: pyspiel reports the error
                return list(pyspiel.State.legal_actions(self, player))
            return []
        if position.legal is None:
            position.legal = position.codec.legal(position.state)
        return list(position.legal)

    def is_chance_node(self) -> bool:
        """True at a draw."""
        return self._position.state.phase is Phase.DRAW_TILE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``(action id, probability)`` of every tile that can be drawn next."""
        position = self._position
        return list(position.codec.chance_outcomes(position.state))

    def _apply_action(self, action: int) -> None:
        position = self._position
        move = position.codec.decode(position.state, int(action))
        state = apply_action(position.state, move)
        self._position = SpielPosition(state, position.codec, (position.history, move))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._position.state
        try:
            return format_action(decode_action(state, int(action)))
        except IllegalActionError:
            # A piece placement when no tile may take a piece (e.g. Game.action_to_string,
            # which asks the initial state): the notation without the position.
            space = action_space(state.rules)
            if space.meeple_base <= action < space.camp_base:
                return f"m?,?,{action - space.meeple_base}"
            if space.camp_base <= action < space.pass_index:
                return f"c?,?,{action - space.camp_base}"
            raise

    def is_terminal(self) -> bool:
        """True once final scoring is done."""
        return self._position.state.is_terminal

    def returns(self) -> list[float]:
        """Win/draw/loss in {-1, 0, 1} at the end, 0 before (see ``game_returns``)."""
        return list(game_returns(self._position.state))

    def __str__(self) -> str:
        """The position as text (the observation string without its observer line)."""
        return self._position.text(0).split("\n", 1)[1]


class _Observer:
    """OpenSpiel's PyObserver interface: ``tensor``, ``dict``, ``set_from``, ``string_from``.

    Everything in this game is public, so the private-information part of the
    observation type changes nothing; with ``public_info`` False the observer
    sees nothing.  ``perfect_recall`` adds the public history to the string (and
    has no tensor).
    """

    def __init__(self, rules: Rules, iig_obs_type: Any, params: dict[str, Any] | None,
                 compact: bool = False) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self._public = iig_obs_type is None or bool(iig_obs_type.public_info)
        self._recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        self.dict: dict[str, Any] = {}
        self.tensor: Any = None
        self._filled: list[int] = []
        self._compact = compact
        if self._public and not self._recall:
            layout = observation_layout(rules, compact)
            self.tensor = np.zeros(layout.size, np.float32)
            self.dict["board"] = self.tensor[:layout.board_size].reshape(
                layout.planes, layout.height, layout.width)
            self.dict["vector"] = self.tensor[layout.board_size:]

    def set_from(self, state: CarcassonneAmazonasState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees in ``state``."""
        if self.tensor is None:
            return
        self.tensor[self._filled] = 0.0  # only what the last call set: cheaper than fill
        indices, values = state._position.observation(player, self._compact)
        self.tensor[indices] = values
        self._filled = indices

    def string_from(self, state: CarcassonneAmazonasState, player: int) -> str:
        """What ``player`` sees in ``state`` as text (with the history for perfect recall)."""
        if not self._public:
            return ""
        text = state._position.text(player)
        if self._recall:
            text += "\nhistory: " + " ".join(state.moves)
        return text


pyspiel.register_game(_GAME_TYPE, CarcassonneAmazonasGame)
