"""Carcassonne – Amazonas as a PettingZoo AEC environment (extra ``[pettingzoo]``).

::

    from carcassonne_amazonas.integrations.pettingzoo import env

    game = env(num_players=3, render_mode="ansi")
    game.reset(seed=42)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        if termination or truncation:
            action = None
        else:
            action = game.action_space(agent).sample(observation["action_mask"])
        game.step(action)

- **Agents** ``player_0`` .. ``player_{n-1}``; ``agent_selection`` is the player
  to act.  Turns are not strictly alternating: a player places a tile, then
  plays the piece step (and after a "!" tile also chooses and places a double
  tile) before the next player acts.
- **Rules**: ``env(num_players, rules=Rules(...))``, or the variant options
  ``env(num_players, amazon_ranking="competition", camp_scoring="per-camp",
  bonus_river=True)`` (R-V1–R-V3 of the rules reference).  With the bonus river tiles
  the spaces grow: 2 more actions (``ChooseDouble``) and 6 more observation values.
- **Observations**: ``{"observation": Box(float32, (451546,)), "action_mask":
  Box(int8, (47621,))}``.  ``observation`` is
  :func:`~carcassonne_amazonas.ai.observation.observation_tensor` from that agent's
  point of view (documented there; its bounds are
  :func:`~carcassonne_amazonas.ai.observation.observation_upper_bounds`); with
  ``compact=True`` it is the compact observation, ``Box(float32, (48747,))``;
  ``action_mask`` marks the legal actions of
  :mod:`~carcassonne_amazonas.ai.encoding` (all 0 for agents not to act).
- **Actions**: ``Discrete(47621)``, the integers of
  :mod:`~carcassonne_amazonas.ai.encoding`.  ``env()`` wraps the raw environment in
  PettingZoo's usual wrappers: an illegal action ends the game with -1 for the
  player who played it (``TerminateIllegalWrapper``); ``raw_env`` raises
  :class:`~carcassonne_amazonas.errors.IllegalActionError` instead.
- **Draws and seeding**: the environment draws tiles itself (seeded mode):
  ``reset(seed=s)`` starts ``new_game(n, seed=...)`` with a seed taken from a
  generator seeded with ``s``, so the same seed gives the same game, and later
  ``reset()`` calls without a seed continue that generator's sequence.
  Observations never show the pile order.
- **Rewards** come at the end only: the returns of
  :func:`~carcassonne_amazonas.integrations.game_returns` (+1 sole winner, 0
  tied winners, -1 the others); every agent is then terminated.  No truncation.
- **Rendering**: ``render_mode="ansi"`` returns
  :func:`~carcassonne_amazonas.ai.observation.observation_string` (players, tile in
  hand, pile by layout, pieces, a text board) as seen by the agent to act.
- ``env.unwrapped.game_state`` is the library's immutable state.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .._support.exact import check_exact
from .._support.extras import missing_extra

try:
    import gymnasium
    import numpy as np
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:
    raise missing_extra(__name__, "pettingzoo", error) from error

from ..ai.encoding import decode_action, encode_action, num_distinct_actions
from ..ai.observation import (
    observation_layout,
    observation_sparse,
    observation_string,
    observation_upper_bounds,
)
from ..rules.engine import apply_action, legal_actions, new_game
from ..rules.options import Rules
from ..rules.state import GameState
from . import game_returns

__all__ = ["env", "raw_env"]


def env(num_players: int = 2, render_mode: str | None = None,
        rules: Rules | None = None, compact: bool = False, **options: Any) -> Any:
    """The environment with PettingZoo's standard wrappers (illegal actions end the
    game with -1 for their player, actions are checked, the call order is enforced);
    ``compact=True`` gives the compact observation, and ``options`` are the rule
    options of :class:`raw_env`."""
    environment: Any = raw_env(num_players=num_players, render_mode=render_mode, rules=rules,
                               compact=compact, **options)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    environment = wrappers.OrderEnforcingWrapper(environment)
    return environment


class raw_env(AECEnv, EzPickle):  # type: ignore[misc]  # PettingZoo's conventional name
    """The unwrapped AEC environment (see the module docstring).

    The rules are ``rules``, or those that the rule options ``options`` choose, read by
    :meth:`Rules.from_options <carcassonne_amazonas.rules.options.Rules.from_options>`:
    the variants ``amazon_ranking`` (``"dense"`` or ``"competition"``, R-V1),
    ``camp_scoring`` (``"per-jungle"`` or ``"per-camp"``, R-V2) and ``bonus_river``
    (R-V3), and ``first_player``, ``shuffle`` and ``slices`` (R-C7, R-C8); give one or
    the other, not both.  ``ValueError`` for an unknown option or a wrong value.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "carcassonne_amazonas_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }
    possible_agents: list[str]
    agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]

    def __init__(self, num_players: int = 2, render_mode: str | None = None,
                 rules: Rules | None = None, compact: bool = False, **options: Any) -> None:
        EzPickle.__init__(self, num_players=num_players, render_mode=render_mode, rules=rules,
                          compact=compact, **options)
        super().__init__()
        if not isinstance(num_players, int) or not 2 <= num_players <= 5:
            raise ValueError(f"Carcassonne – Amazonas is for 2 to 5 players, not {num_players}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.num_players = num_players
        self.render_mode = render_mode
        check_exact(compact, bool, "compact")
        if rules is not None and options:
            raise ValueError(f"give either rules or the options {', '.join(options)}, "
                             "not both")
        self.rules = rules if rules is not None else Rules.from_options(options)
        self.compact = compact
        self.possible_agents = [f"player_{p}" for p in range(num_players)]
        self.agents = self.possible_agents[:]
        size = observation_layout(self.rules, compact).size
        actions = num_distinct_actions(self.rules)
        high = np.maximum(np.asarray(observation_upper_bounds(self.rules, compact), np.float32),
                          1.0)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(0.0, high, shape=(size,),
                                                    dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, shape=(actions,), dtype=np.int8),
            }) for agent in self.possible_agents}
        self.action_spaces = {agent: gymnasium.spaces.Discrete(actions)
                              for agent in self.possible_agents}
        self._size = size
        self._actions = actions
        self._seeds: np.random.Generator | None = None
        self.game_state: GameState = self._new_game()
        self._start_episode()

    # -- the PettingZoo API ---------------------------------------------------------------

    def observation_space(self, agent: str) -> Any:
        """The same space object for an agent every time (PettingZoo requires it)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """``Discrete(num_distinct_actions)`` (the same object every time)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` makes it (and the games of later unseeded resets) repeatable."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.game_state = self._new_game()
        self._start_episode()

    def observe(self, agent: str) -> dict[str, Any]:
        """What ``agent`` sees, and its action mask (zeros unless it is to act)."""
        player = self.possible_agents.index(agent)
        observation: Any = np.zeros(self._size, np.float32)
        indices, values = observation_sparse(self.game_state, player, self.compact)
        observation[indices] = values
        mask: Any = np.zeros(self._actions, np.int8)
        state = self.game_state
        if not state.is_terminal and state.current_player == player:
            mask[[encode_action(state, a) for a in legal_actions(state)]] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Play ``action`` (an action id) for the agent to act; ``None`` for finished agents."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.game_state
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        self.game_state = state = apply_action(state, decode_action(state, int(action)))
        if state.is_terminal:
            for player, value in enumerate(game_returns(state)):
                self.rewards[self.possible_agents[player]] = value
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The game as text (``render_mode="ansi"``); None without a render mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode "
                                  "(use render_mode='ansi')")
            return None
        state = self.game_state
        player = 0 if state.is_terminal else state.current_player
        return observation_string(state, player)

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers -----------------------------------------------------------------------------

    def _new_game(self) -> GameState:
        if self._seeds is None:
            self._seeds = np.random.default_rng()
        seed = int(self._seeds.integers(0, 2**63 - 1))
        return new_game(self.num_players, seed=seed, rules=self.rules)

    def _start_episode(self) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player]
