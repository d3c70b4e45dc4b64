"""The PettingZoo environment with the compact observation (argument ``compact``).

PettingZoo's own ``api_test`` and ``seed_test`` pass with ``compact=True``; the
observation space and every observation are the library's compact ones.
Skipped without pettingzoo.
"""

from __future__ import annotations

import pickle

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from carcassonne_amazonas.ai.observation import (  # noqa: E402
    observation_shape,
    observation_tensor,
    observation_upper_bounds,
)
from carcassonne_amazonas.integrations.pettingzoo import env, raw_env  # noqa: E402

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation is not a NumPy array",
    "ignore:Observation space for each agent probably should be",
)


@pytest.mark.parametrize("players", [2, 5])
def test_api_test_with_the_compact_observation(players: int) -> None:
    api_test(env(num_players=players, compact=True), num_cycles=200, verbose_progress=False)


def test_seed_test_with_the_compact_observation() -> None:
    seed_test(lambda: env(num_players=3, compact=True), num_cycles=100)


def test_spaces_and_observations_are_compact() -> None:
    environment = raw_env(num_players=4, compact=True)
    environment.reset(seed=8)
    space = environment.observation_space("player_2")["observation"]
    assert space.shape == observation_shape(compact=True)
    bounds = np.asarray(observation_upper_bounds(compact=True), np.float32)
    assert np.array_equal(space.high, np.maximum(bounds, 1.0))
    rng = np.random.default_rng(8)
    for _ in range(60):
        agent = environment.agent_selection
        mask = environment.observe(agent)["action_mask"]
        environment.step(int(rng.choice(np.flatnonzero(mask))))
    state = environment.game_state
    for player, agent in enumerate(environment.possible_agents):
        seen = environment.observe(agent)
        assert environment.observation_space(agent).contains(seen)
        assert np.array_equal(seen["observation"], np.asarray(
            observation_tensor(state, player, compact=True), np.float32))
    copy = pickle.loads(pickle.dumps(environment))
    assert copy.compact is True
    assert copy.observation_space("player_0")["observation"].shape == space.shape
    assert raw_env(num_players=2).compact is False


def test_a_bad_compact_argument() -> None:
    with pytest.raises(TypeError, match="compact: expected a bool"):
        raw_env(num_players=2, compact="yes")  # type: ignore[arg-type]
