"""The variant options (R-V1–R-V3) in the AI framework integrations (extras ``[openspiel]``
and ``[pettingzoo]``): OpenSpiel game parameters and PettingZoo environment
arguments.  The frameworks' own conformance tests (``random_sim_test``, ``api_test``)
pass with each option, the sizes follow the tile set, and bad values are refused.
Skipped when a framework is not installed.
"""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from carcassonne_amazonas import AmazonRanking, CampScoring, Rules, Shuffle, reference_tileset
from carcassonne_amazonas.ai.encoding import NUM_DISTINCT_ACTIONS, num_distinct_actions
from carcassonne_amazonas.ai.observation import observation_shape
from carcassonne_amazonas.integrations import variant_rules
from spiel_play import play_randomly

BONUS_RULES = Rules(tileset=reference_tileset(bonus_river=True))

# (parameters, players): each option alone, then all of them together.
OPTION_SETS: list[tuple[dict[str, Any], int]] = [
    ({"amazon_ranking": "competition"}, 4),
    ({"camp_scoring": "per-camp"}, 3),
    ({"bonus_river": True}, 2),
    ({"amazon_ranking": "competition", "camp_scoring": "per-camp", "bonus_river": True}, 5),
]
IDS = ["competition", "per-camp", "bonus-river", "all"]


def _expected_rules(options: dict[str, Any]) -> Rules:
    return Rules(tileset=reference_tileset(bonus_river=options.get("bonus_river", False)),
                 amazon_ranking=AmazonRanking(options.get("amazon_ranking", "dense")),
                 camp_scoring=CampScoring(options.get("camp_scoring", "per-jungle")))


# ---------------------------------------------------------------------------- shared reading

def test_variant_rules_reads_enums_and_values() -> None:
    assert variant_rules() == Rules()
    assert variant_rules("competition", "per-camp", True, "uniform") == Rules(
        tileset=reference_tileset(bonus_river=True), amazon_ranking=AmazonRanking.COMPETITION,
        camp_scoring=CampScoring.PER_CAMP, shuffle=Shuffle.UNIFORM)
    assert variant_rules(AmazonRanking.COMPETITION).amazon_ranking is AmazonRanking.COMPETITION


@pytest.mark.parametrize(("arguments", "message"), [
    ({"amazon_ranking": "olympic"},
     "amazon_ranking must be one of 'dense', 'competition', not 'olympic' (R-V1)"),
    ({"camp_scoring": "per-tile"},
     "camp_scoring must be one of 'per-jungle', 'per-camp', not 'per-tile' (R-V2)"),
    ({"bonus_river": "yes"}, "bonus_river must be true or false, not 'yes' (R-V3)"),
    ({"shuffle": "riffle"}, "shuffle must be one of 'stratified', 'uniform', not 'riffle' (R-C7)"),
])
def test_variant_rules_refuses_unknown_values(arguments: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as error:
        variant_rules(**arguments)
    assert str(error.value) == message


# ---------------------------------------------------------------------------- OpenSpiel

@pytest.mark.parametrize(("options", "players"), OPTION_SETS, ids=IDS)
def test_openspiel_random_sim_test_with_each_option(options: dict[str, Any],
                                                    players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from carcassonne_amazonas.integrations.openspiel import GAME_NAME

    game = pyspiel.load_game(GAME_NAME, {"players": players, **options})
    rules = game.new_initial_state().game_state.rules
    assert rules == _expected_rules(options)
    bonus = options.get("bonus_river", False)
    assert game.num_distinct_actions() == NUM_DISTINCT_ACTIONS + (2 if bonus else 0)
    assert game.num_distinct_actions() == num_distinct_actions(rules)
    assert game.observation_tensor_shape() == list(observation_shape(rules))
    assert game.max_game_length() == 2 * 80 + 2 * 3      # 3 "!" tiles: 3 doubles at most
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_openspiel_parameters_are_declared_and_checked() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from carcassonne_amazonas.integrations.openspiel import GAME_NAME

    game = pyspiel.load_game(GAME_NAME, {"players": 3})
    assert game.get_parameters() == {"players": 3, "shuffle": "stratified",
                                     "amazon_ranking": "dense", "camp_scoring": "per-jungle",
                                     "bonus_river": False, "compact": False}
    assert game.new_initial_state().game_state.rules == Rules()
    with pytest.raises(Exception, match="amazon_ranking must be one of"):
        pyspiel.load_game(GAME_NAME, {"players": 3, "amazon_ranking": "olympic"})
    with pytest.raises(Exception, match="camp_scoring must be one of"):
        pyspiel.load_game(GAME_NAME, {"players": 3, "camp_scoring": "per-tile"})


def test_openspiel_serializes_a_bonus_game() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    np = pytest.importorskip("numpy")
    from carcassonne_amazonas.integrations.openspiel import GAME_NAME

    game = pyspiel.load_game(GAME_NAME, {"players": 2, "bonus_river": True,
                                         "camp_scoring": "per-camp"})
    state = game.new_initial_state()
    play_randomly(state, np.random.RandomState(3), 60)
    loaded_game, loaded = pyspiel.deserialize_game_and_state(
        pyspiel.serialize_game_and_state(game, state))
    assert str(loaded_game) == str(game)
    assert loaded.game_state == state.game_state
    assert loaded.game_state.rules == state.game_state.rules


# ---------------------------------------------------------------------------- PettingZoo

@pytest.mark.parametrize(("options", "players"), OPTION_SETS, ids=IDS)
def test_pettingzoo_api_test_with_each_option(options: dict[str, Any], players: int) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from carcassonne_amazonas.integrations.pettingzoo import env, raw_env

    raw = raw_env(num_players=players, **options)
    assert raw.rules == _expected_rules(options)
    actions = num_distinct_actions(raw.rules)
    assert raw.action_space("player_0").n == actions
    assert raw.observation_space("player_0")["observation"].shape == observation_shape(raw.rules)
    api_test(env(num_players=players, **options), num_cycles=100, verbose_progress=False)


def test_pettingzoo_rules_or_options_not_both() -> None:
    pytest.importorskip("pettingzoo")
    from carcassonne_amazonas.integrations.pettingzoo import raw_env

    assert raw_env(rules=BONUS_RULES).rules == BONUS_RULES
    assert raw_env(amazon_ranking=AmazonRanking.COMPETITION).rules.amazon_ranking is \
        AmazonRanking.COMPETITION
    with pytest.raises(ValueError, match="give either rules or the options bonus_river"):
        raw_env(rules=BONUS_RULES, bonus_river=True)
    with pytest.raises(ValueError, match="camp_scoring must be one of"):
        raw_env(camp_scoring="per-tile")


def test_pettingzoo_env_with_options_pickles() -> None:
    pytest.importorskip("pettingzoo")
    from carcassonne_amazonas.integrations.pettingzoo import raw_env

    environment = raw_env(num_players=3, amazon_ranking="competition", bonus_river=True)
    environment.reset(seed=4)
    copy = pickle.loads(pickle.dumps(environment))
    assert copy.rules == environment.rules
    assert copy.rules.tileset == reference_tileset(bonus_river=True)
