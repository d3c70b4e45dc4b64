"""``game_states`` with ``rules=`` and the rule variants, and the keywords of ``replay_game``.

Every rule variant (R-V1 the Amazon ranking, R-V2 the camp scoring, R-V3 the bonus river
tiles) is drawn unless ``rules=`` or ``variants=False`` pins them, and the double-tile
phases work with the bonus set's six double tiles (R-T3); a drawn state prints as the
``replay_game`` call that rebuilds it, naming only what differs from the defaults.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    AmazonRanking,
    CampScoring,
    ChooseDouble,
    GameState,
    Phase,
    Rules,
    Shuffle,
    TileSet,
    format_action,
    legal_actions,
    parse_tileset,
    reference_tileset,
)
from carcassonne_amazonas.testing import check_invariants, game_states, replay_game, turns_played
from carcassonne_amazonas.testing._strategies import replay_keywords
from strategy_helpers import BONUS, BONUS_DOUBLES, few, options

BASE_DOUBLES = {tile.id for tile in reference_tileset().double_tiles}


# ---------------------------------------------------------------------------- rules= and replays

@few
@given(game_states(num_players=3, rules=Rules(first_player=2, shuffle=Shuffle.UNIFORM,
                                              slices=3), max_turns=10))
def test_fixed_rules(state: GameState) -> None:
    assert state.rules == Rules(first_player=2, shuffle=Shuffle.UNIFORM, slices=3)


def test_replay_keywords_name_only_what_differs_from_the_defaults() -> None:
    assert replay_keywords(Rules(), "seeded", 4) == {"seed": 4}
    assert replay_keywords(Rules(first_player=1, shuffle=Shuffle.UNIFORM, slices=2),
                           "explicit", None) == {"draws": "explicit", "first_player": 1,
                                                 "shuffle": "uniform", "slices": 2}
    custom = Rules(tileset=custom_tileset())
    assert replay_keywords(custom, "seeded", 1) == {"seed": 1, "rules": custom}
    with pytest.raises(ValueError, match="either rules or"):
        replay_game(2, seed=1, rules=custom, first_player=1)
    with pytest.raises(ValueError, match="either rules or"):
        replay_game(2, seed=1, rules=custom, bonus_river=True)


@pytest.mark.parametrize("variant", [
    {"amazon_ranking": "competition"}, {"camp_scoring": "per-camp"}, {"bonus_river": True},
    {"amazon_ranking": "competition", "camp_scoring": "per-camp", "bonus_river": True},
], ids=str)
def test_replay_keywords_name_the_variants_by_value(variant: dict[str, object]) -> None:
    """R-V1-R-V3 as plain keywords of replay_game, never as a Rules object."""
    rules = Rules(tileset=reference_tileset(bonus_river=bool(variant.get("bonus_river"))),
                  first_player=2,
                  amazon_ranking=AmazonRanking(variant.get("amazon_ranking", "dense")),
                  camp_scoring=CampScoring(variant.get("camp_scoring", "per-jungle")))
    keywords = replay_keywords(rules, "seeded", 7)
    assert keywords == {"seed": 7, "first_player": 2, **variant}
    state = replay_game(3, **keywords)  # type: ignore[arg-type]
    assert state.rules == rules
    move = format_action(legal_actions(state)[0])
    assert replay_game(3, move, **keywords) == replay_game(  # type: ignore[arg-type]
        3, move, seed=7, rules=rules)


def test_replay_game_takes_the_variants_as_values_or_members() -> None:
    by_value = replay_game(2, seed=3, amazon_ranking="competition", camp_scoring="per-camp",
                           bonus_river=True)
    by_member = replay_game(2, seed=3, amazon_ranking=AmazonRanking.COMPETITION,
                            camp_scoring=CampScoring.PER_CAMP, bonus_river=True)
    assert by_value == by_member
    assert options(by_value.rules) == (AmazonRanking.COMPETITION, CampScoring.PER_CAMP, True)
    assert len(by_value.doubles_left) == 6
    with pytest.raises(ValueError, match=r"^amazon_ranking must be one of .* \(R-V1\)$"):
        replay_game(2, seed=3, amazon_ranking="sparse")
    with pytest.raises(ValueError, match=r"^bonus_river must be true or false, not 1 \(R-V3\)$"):
        replay_game(2, seed=3, bonus_river=1)
    with pytest.raises(ValueError, match="unknown rule option 'ranking'"):
        replay_game(2, seed=3, ranking="competition")


# ---------------------------------------------------------------------------- variants

def test_every_variant_combination_is_drawn_and_shrinks_to_the_defaults() -> None:
    seen: Counter[tuple[AmazonRanking, CampScoring, bool]] = Counter()

    @settings(max_examples=80, database=None, derandomize=True)  # a fixed sample
    @given(game_states(max_turns=1, phase=Phase.PLACE_TILE, draws=None))
    def collect(state: GameState) -> None:
        seen[options(state.rules)] += 1
        assert len(state.rules.tileset.double_tiles) == (6 if options(state.rules)[2] else 4)

    collect()
    assert len(seen) == 8, seen  # 2 x 2 x 2 readings, each option half the time
    # A failing example shrinks to the default options, but for those it needs.
    shrunk = find(game_states(max_turns=0, phase=Phase.PLACE_TILE),
                  lambda s: s.rules.tileset == BONUS, settings=settings(database=None))
    assert shrunk.rules == Rules(tileset=BONUS)


@settings(max_examples=15, database=None)
@given(game_states(max_turns=3, variants=False, draws=None))
def test_variants_false_plays_the_default_options(state: GameState) -> None:
    assert options(state.rules) == (AmazonRanking.DENSE, CampScoring.PER_JUNGLE, False)


@few
@given(game_states(max_turns=3, rules=Rules(tileset=BONUS,
                                            amazon_ranking=AmazonRanking.COMPETITION)))
def test_rules_pin_the_variants(state: GameState) -> None:
    assert options(state.rules) == (AmazonRanking.COMPETITION, CampScoring.PER_JUNGLE, True)


@few
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("draws", ["seeded", "explicit"])
@given(data=st.data())
def test_the_first_double_tile_choice_of_the_bonus_set_offers_six(
        players: int, draws: str, data: st.DataObject) -> None:
    """R-V3 with R-T3: the first "!" tile offers all six double tiles, steered to as for
    the reference set's four."""
    state = data.draw(game_states(players, phase=Phase.CHOOSE_DOUBLE, max_turns=6,
                                  draws="seeded" if draws == "seeded" else "explicit",
                                  rules=Rules(tileset=BONUS)))
    assert state.phase is Phase.CHOOSE_DOUBLE
    offered = {action.tile for action in legal_actions(state)
               if isinstance(action, ChooseDouble)}
    assert offered <= BONUS_DOUBLES
    if len(state.doubles_left) == 6:  # no "!" tile before this one
        assert offered == BONUS_DOUBLES
    assert check_invariants(state) == []


def test_a_bonus_double_tile_is_reached_in_hand() -> None:
    """PLACE_DOUBLE with one of the two bonus river tiles in hand (R-V3), from the drawn
    variants; shrunk, it is the first "!" tile of a short game."""
    state = find(game_states(phase=Phase.PLACE_DOUBLE, max_turns=10, draws="explicit"),
                 lambda s: s.tile_in_hand is not None and s.tile_in_hand.id not in BASE_DOUBLES,
                 settings=settings(database=None, max_examples=200))
    assert state.tile_in_hand is not None and state.tile_in_hand.id in BONUS_DOUBLES
    assert options(state.rules)[2]
    assert check_invariants(state) == []


def custom_tileset() -> TileSet:
    """The reference tile set under another name (so another checksum)."""
    source = reference_tileset().source
    assert "tileset amazonas-reference\n" in source
    return parse_tileset(source.replace("tileset amazonas-reference\n", "tileset my-box\n", 1))


@few
@given(st.data())
def test_a_custom_tile_set_is_replayed_with_its_rules(data: st.DataObject) -> None:
    rules = Rules(tileset=custom_tileset())
    assert rules.tileset != reference_tileset()
    state = data.draw(game_states(num_players=2, max_turns=5, rules=rules))
    assert state.rules == rules
    assert turns_played(state) <= 5
