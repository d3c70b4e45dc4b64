"""The OpenSpiel game with the compact observation (game parameter ``compact``).

OpenSpiel's own ``random_sim_test`` passes with ``compact=True`` for 2-5 players;
the observer's tensor and its views are the library's compact observation.
Skipped without open_spiel.
"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from carcassonne_amazonas.ai.observation import (  # noqa: E402
    observation_layout,
    observation_shape,
    observation_tensor,
)
from carcassonne_amazonas.integrations.openspiel import GAME_NAME  # noqa: E402
from spiel_play import play_randomly  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_test_with_the_compact_observation(players: int) -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": players, "compact": True})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_parameter_chooses_the_tensor() -> None:
    full = pyspiel.load_game(GAME_NAME, {"players": 3})
    compact = pyspiel.load_game(GAME_NAME, {"players": 3, "compact": True})
    assert full.get_parameters()["compact"] is False
    assert full.observation_tensor_shape() == list(observation_shape())
    assert compact.observation_tensor_shape() == list(observation_shape(compact=True))
    # The parameter also parses from a game string.
    parsed = pyspiel.load_game(f"{GAME_NAME}(players=2,compact=true)")
    assert parsed.observation_tensor_shape() == list(observation_shape(compact=True))
    state = compact.new_initial_state()
    play_randomly(state, np.random.RandomState(5), 70)
    inner = state.game_state
    layout = observation_layout(compact=True)
    observer = compact.make_py_observer()
    for player in range(3):
        expected = np.asarray(observation_tensor(inner, player, compact=True), np.float32)
        assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32), expected)
        observer.set_from(state, player)
        assert observer.dict["board"].shape == (layout.planes, layout.height, layout.width)
        assert np.array_equal(observer.tensor, expected)
    # A clone observed after the original gives its own tensor, not a stale one.
    clone = state.clone()
    play_randomly(clone, np.random.RandomState(6), 5)
    observer.set_from(clone, 0)
    assert np.array_equal(observer.tensor, np.asarray(
        observation_tensor(clone.game_state, 0, compact=True), np.float32))


def test_a_bad_compact_parameter() -> None:
    with pytest.raises(Exception, match="compact"):
        pyspiel.load_game(GAME_NAME, {"players": 2, "compact": "yes"})
