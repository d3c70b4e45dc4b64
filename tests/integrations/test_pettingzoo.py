"""The PettingZoo AEC environment (extra ``[pettingzoo]``).

PettingZoo's own ``api_test`` and ``seed_test`` pass; seeding, rewards at the
end, action masks, illegal actions and the text rendering behave as
documented.  Skipped without pettingzoo.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from carcassonne_amazonas import (  # noqa: E402
    AmazonRanking,
    IllegalActionError,
    Rules,
    legal_actions,
    reference_tileset,
)
from carcassonne_amazonas.ai.encoding import (  # noqa: E402
    NUM_DISTINCT_ACTIONS,
    encode_action,
    num_distinct_actions,
)
from carcassonne_amazonas.ai.observation import (  # noqa: E402
    observation_shape,
    observation_string,
    observation_tensor,
)
from carcassonne_amazonas.integrations import game_returns  # noqa: E402
from carcassonne_amazonas.integrations.pettingzoo import env, raw_env  # noqa: E402
from games import VARIANT_SET_IDS, VARIANT_SETS  # noqa: E402

pytestmark = pytest.mark.filterwarnings(
    # PettingZoo warns about dict observations of environments outside its own list
    # (its board games chess, go and connect four use the same layout).
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


def play(environment: Any, seed: int) -> tuple[list[int], dict[str, float]]:
    """A whole random game; the actions taken and each agent's final reward."""
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions: list[int] = []
    rewards: dict[str, float] = {}
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        if termination or truncation:
            rewards[agent] = reward
            environment.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        actions.append(action)
        environment.step(action)
    return actions, rewards


@pytest.mark.parametrize("players", [2, 5])
def test_api_test(players: int) -> None:
    api_test(env(num_players=players), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("players", [2, 4])
def test_seed_test(players: int) -> None:
    seed_test(lambda: env(num_players=players), num_cycles=100)


def test_spaces_and_observations() -> None:
    environment = raw_env(num_players=3)
    environment.reset(seed=3)
    assert environment.possible_agents == ["player_0", "player_1", "player_2"]
    space = environment.observation_space("player_1")
    assert space["observation"].shape == observation_shape()
    assert space["action_mask"].shape == (NUM_DISTINCT_ACTIONS,)
    assert environment.action_space("player_1").n == NUM_DISTINCT_ACTIONS
    state = environment.game_state
    acting = environment.agent_selection
    assert acting == f"player_{state.current_player}"
    for player, agent in enumerate(environment.possible_agents):
        seen = environment.observe(agent)
        assert space.contains(seen)
        assert np.array_equal(seen["observation"],
                              np.asarray(observation_tensor(state, player), np.float32))
        mask = seen["action_mask"]
        if agent == acting:
            assert sorted(np.flatnonzero(mask)) == sorted(
                encode_action(state, a) for a in legal_actions(state))
        else:
            assert not mask.any()


def test_seeding_repeats_games_and_hides_the_pile() -> None:
    first = play(raw_env(num_players=2), seed=11)
    again = play(raw_env(num_players=2), seed=11)
    other = play(raw_env(num_players=2), seed=12)
    assert first == again and first[0] != other[0]
    # A reset without a seed continues the seeded sequence, so it repeats too.
    one, two = raw_env(num_players=2), raw_env(num_players=2)
    play(one, seed=5)
    play(two, seed=5)
    one.reset()
    two.reset()
    assert one.game_state == two.game_state
    # The observation is the library's, which never reads the pile order.
    assert np.array_equal(one.observe("player_0")["observation"],
                          np.asarray(observation_tensor(one.game_state, 0), np.float32))


@pytest.mark.parametrize("players", [2, 3])
def test_rewards_come_at_the_end(players: int) -> None:
    environment = raw_env(num_players=players)
    environment.reset(seed=players)
    rng = np.random.default_rng(0)
    while not environment.game_state.is_terminal:
        assert all(r == 0 for r in environment.rewards.values())
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(int(rng.choice(np.flatnonzero(mask))))
    returns = game_returns(environment.game_state)
    assert environment.rewards == {f"player_{p}": r for p, r in enumerate(returns)}
    assert all(environment.terminations.values())
    for agent in list(environment.agents):
        environment.agent_selection = agent
        environment.step(None)
    assert environment.agents == []


def test_illegal_actions() -> None:
    raw = raw_env(num_players=2)
    raw.reset(seed=1)
    with pytest.raises(IllegalActionError):
        raw.step(NUM_DISTINCT_ACTIONS - 1)  # a draw is never a player's action
    wrapped = env(num_players=2)
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    wrapped.step(NUM_DISTINCT_ACTIONS - 1)  # logged by PettingZoo: the player loses
    assert all(wrapped.terminations.values())
    assert wrapped.rewards[agent] == -1


def test_render_and_pickle() -> None:
    environment = raw_env(num_players=4, render_mode="ansi")
    environment.reset(seed=9)
    text = environment.render()
    state = environment.game_state
    assert text == observation_string(state, state.current_player)
    with pytest.warns(UserWarning, match="render_mode"):
        assert raw_env(num_players=2).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="human")
    with pytest.raises(ValueError, match="2 to 5"):
        raw_env(num_players=6)
    copy = pickle.loads(pickle.dumps(environment))
    assert copy.num_players == 4 and copy.render_mode == "ansi"


# ---------------------------------------------------------------------------- the rules

BONUS_RULES = Rules(tileset=reference_tileset(bonus_river=True))


@pytest.mark.parametrize(("options", "players"), VARIANT_SETS, ids=VARIANT_SET_IDS)
def test_api_test_with_each_variant(options: dict[str, Any], players: int) -> None:
    """The variant options (R-V1–R-V3) are environment arguments, read as
    Rules.from_options reads them; the spaces follow the tile set."""
    raw = raw_env(num_players=players, **options)
    assert raw.rules == Rules.from_options(options)
    actions = num_distinct_actions(raw.rules)
    assert raw.action_space("player_0").n == actions
    assert raw.observation_space("player_0")["observation"].shape == observation_shape(raw.rules)
    api_test(env(num_players=players, **options), num_cycles=100, verbose_progress=False)


def test_rules_or_options_not_both() -> None:
    assert raw_env(rules=BONUS_RULES).rules == BONUS_RULES
    assert raw_env(amazon_ranking=AmazonRanking.COMPETITION).rules.amazon_ranking is \
        AmazonRanking.COMPETITION
    assert raw_env(shuffle="uniform", first_player=1).rules == Rules.from_options(
        {"shuffle": "uniform", "first_player": 1})
    with pytest.raises(ValueError, match="give either rules or the options bonus_river"):
        raw_env(rules=BONUS_RULES, bonus_river=True)
    with pytest.raises(ValueError, match=r"camp_scoring must be one of .* \(R-V2\)"):
        raw_env(camp_scoring="per-tile")
    with pytest.raises(ValueError, match="unknown rule option 'ranking'"):
        raw_env(ranking="competition")


def test_an_environment_with_options_pickles() -> None:
    environment = raw_env(num_players=3, amazon_ranking="competition", bonus_river=True)
    environment.reset(seed=4)
    copy = pickle.loads(pickle.dumps(environment))
    assert copy.rules == environment.rules
    assert copy.rules.tileset == reference_tileset(bonus_river=True)
