"""The OpenSpiel game ``python_carcassonne_amazonas`` (extra ``[openspiel]``).

OpenSpiel's own conformance test (``random_sim_test``: clone, serialize and
deserialize, legal actions and their mask, chance outcomes, returns within the
declared utilities, the game length) passes for 2-5 players, and OpenSpiel's
MCTS bot plays a whole game against a random bot.  Skipped without open_spiel.
"""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.bots import uniform_random  # noqa: E402

from carcassonne_amazonas import (  # noqa: E402
    Rules,
    apply_action,
    chance_outcomes,
    format_action,
)
from carcassonne_amazonas.ai.encoding import (  # noqa: E402
    NUM_DISTINCT_ACTIONS,
    decode_action,
    encode_action,
    num_distinct_actions,
)
from carcassonne_amazonas.ai.observation import (  # noqa: E402
    observation_shape,
    observation_string,
    observation_tensor,
)
from carcassonne_amazonas.integrations import game_returns  # noqa: E402
from carcassonne_amazonas.integrations.openspiel import (  # noqa: E402
    GAME_NAME,
    max_chance_nodes,
    max_decisions,
)
from games import VARIANT_SET_IDS, VARIANT_SETS  # noqa: E402
from spiel_play import play_randomly  # noqa: E402


def load(players: int) -> Any:
    return pyspiel.load_game(GAME_NAME, {"players": players})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_sim_test(players: int) -> None:
    game = load(players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_declared_game() -> None:
    for players in (2, 3, 4, 5):
        game = load(players)
        kind = game.get_type()
        assert game.num_players() == players
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
        assert kind.utility == (pyspiel.GameType.Utility.ZERO_SUM if players == 2
                                else pyspiel.GameType.Utility.GENERAL_SUM)
        assert game.num_distinct_actions() == NUM_DISTINCT_ACTIONS
        assert game.max_chance_outcomes() == NUM_DISTINCT_ACTIONS
        assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
        assert game.max_game_length() == max_decisions() == 2 * 80 + 2 * 3
        assert game.max_chance_nodes_in_history() == max_chance_nodes() == 80
        assert game.max_history_length() == 246
        assert game.observation_tensor_shape() == list(observation_shape())
    with pytest.raises(Exception, match="2 to 5"):
        load(6)
    uniform = pyspiel.load_game(GAME_NAME, {"players": 3, "shuffle": "uniform"})
    assert uniform.new_initial_state().game_state.rules.shuffle.value == "uniform"


def test_a_game_follows_the_library() -> None:
    """Chance outcomes, legal actions, action strings, returns and the length agree
    with the library, and the state never holds a pile order."""
    game = load(3)
    state = game.new_initial_state()
    rng = np.random.RandomState(5)
    decisions = draws = 0
    while not state.is_terminal():
        inner = state.game_state
        assert inner.pile.explicit
        if state.is_chance_node():
            assert state.current_player() == pyspiel.PlayerId.CHANCE
            expected = sorted((encode_action(inner, a), float(p))
                              for a, p in chance_outcomes(inner))
            assert state.chance_outcomes() == expected
            assert state.legal_actions() == [a for a, _ in expected]
            assert abs(sum(p for _, p in expected) - 1.0) < 1e-9
            actions, probabilities = zip(*expected)
            action = int(rng.choice(actions, p=probabilities))
            draws += 1
        else:
            assert state.current_player() == inner.current_player
            action = int(rng.choice(state.legal_actions()))
            decisions += 1
        move = decode_action(inner, action)
        assert state.action_to_string(state.current_player(), action) == format_action(move)
        state.apply_action(action)
        assert state.game_state == apply_action(inner, move)
    assert state.returns() == list(game_returns(state.game_state))
    assert sorted(state.returns()) in ([-1.0, -1.0, 1.0], [-1.0, 0.0, 0.0], [0.0, 0.0, 0.0])
    assert decisions <= game.max_game_length() and draws <= 80
    assert len(state.history()) == decisions + draws == len(state.moves)


def test_strings_and_tensors_reveal_nothing_hidden() -> None:
    game = load(2)
    state = game.new_initial_state()
    play_randomly(state, np.random.RandomState(1), 60)
    inner = state.game_state
    for player in (0, 1):
        assert state.observation_string(player) == observation_string(inner, player)
        info = state.information_state_string(player)
        assert info == observation_string(inner, player) + "\nhistory: " + " ".join(state.moves)
        tensor = np.asarray(state.observation_tensor(player), np.float32)
        assert np.array_equal(tensor, np.asarray(observation_tensor(inner, player), np.float32))
    # No future order exists: the tiles left are kept sorted by id.
    assert inner.pile.explicit
    assert [t.id for t in inner.pile.tiles] == sorted(t.id for t in inner.pile.tiles)


def test_serialization_and_clones() -> None:
    game = load(4)
    state = game.new_initial_state()
    play_randomly(state, np.random.RandomState(2), 90)
    text = pyspiel.serialize_game_and_state(game, state)
    assert "history=" in text
    loaded_game, loaded = pyspiel.deserialize_game_and_state(text)
    assert str(loaded_game) == str(game)
    assert loaded.history() == state.history()
    assert loaded.game_state == state.game_state
    assert str(loaded) == str(state)
    clone = state.clone()
    before = str(state)
    play_randomly(clone, np.random.RandomState(3), 10)
    assert str(state) == before and clone.history() != state.history()
    # The loaded state plays on exactly like the original.
    for copy in (loaded, state):
        play_randomly(copy, np.random.RandomState(4), 400)
    assert loaded.history() == state.history() and loaded.returns() == state.returns()


def test_mcts_plays_a_whole_game_against_a_random_bot() -> None:
    game = load(2)
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator,
                         random_state=rng, solve=False),
            uniform_random.UniformRandomBot(1, rng)]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert state.game_state.is_terminal
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


# ---------------------------------------------------------------------------- the variants

@pytest.mark.parametrize(("options", "players"), VARIANT_SETS, ids=VARIANT_SET_IDS)
def test_random_sim_test_with_each_variant(options: dict[str, Any], players: int) -> None:
    """The variant options (R-V1–R-V3) are game parameters, read as Rules.from_options
    reads them; the sizes follow the tile set."""
    game = pyspiel.load_game(GAME_NAME, {"players": players, **options})
    rules = game.new_initial_state().game_state.rules
    assert rules == Rules.from_options(options)
    bonus = options.get("bonus_river", False)
    assert game.num_distinct_actions() == NUM_DISTINCT_ACTIONS + (2 if bonus else 0)
    assert game.num_distinct_actions() == num_distinct_actions(rules)
    assert game.observation_tensor_shape() == list(observation_shape(rules))
    assert game.max_game_length() == 2 * 80 + 2 * 3      # 3 "!" tiles: 3 doubles at most
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_rule_parameters_are_declared_and_checked() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 3})
    assert game.get_parameters() == {"players": 3, "shuffle": "stratified",
                                     "amazon_ranking": "dense", "camp_scoring": "per-jungle",
                                     "bonus_river": False, "compact": False}
    assert game.new_initial_state().game_state.rules == Rules()
    with pytest.raises(Exception, match=r"amazon_ranking must be one of .* \(R-V1\)"):
        pyspiel.load_game(GAME_NAME, {"players": 3, "amazon_ranking": "olympic"})
    with pytest.raises(Exception, match=r"camp_scoring must be one of .* \(R-V2\)"):
        pyspiel.load_game(GAME_NAME, {"players": 3, "camp_scoring": "per-tile"})


def test_a_bonus_game_is_serialized() -> None:
    game = pyspiel.load_game(GAME_NAME, {"players": 2, "bonus_river": True,
                                         "camp_scoring": "per-camp"})
    state = game.new_initial_state()
    play_randomly(state, np.random.RandomState(3), 60)
    loaded_game, loaded = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))
    assert str(loaded_game) == str(game)
    assert loaded.game_state == state.game_state
    assert loaded.game_state.rules == state.game_state.rules
