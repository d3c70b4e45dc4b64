"""The knobs of ``game_states`` and the whole-game strategies (``games``, ``records``), and
the strategies registered for ``st.from_type``.

Every phase, the rare ones included, must be reached for every player count without
Hypothesis health-check failures (the strategies steer towards phases; they do not
filter), and ``min_turns``/``max_turns`` bound ``turns_played``.  Every rule variant
(R-V1 the Amazon ranking, R-V2 the camp scoring, R-V3 the bonus river tiles) is drawn
unless ``rules=`` or ``variants=False`` pins them, and the double-tile phases work
with the bonus set's six double tiles.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st
from hypothesis.vendor.pretty import pretty

import carcassonne_amazonas
from carcassonne_amazonas import (
    AmazonRanking,
    CampScoring,
    ChooseDouble,
    DrawTile,
    GameRecord,
    GameState,
    Pass,
    Phase,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    RecordError,
    Rules,
    Shuffle,
    TileSet,
    apply_action,
    format_action,
    legal_actions,
    new_game,
    parse_tileset,
    reference_tileset,
)
from carcassonne_amazonas.testing import (
    CORRUPTIONS,
    PHASES,
    RecordText,
    actions,
    check_invariants,
    game_record,
    game_states,
    games,
    records,
    replay_game,
    turns_played,
)
from carcassonne_amazonas.testing._replay import new_game_of, step
from carcassonne_amazonas.testing._steering import GameSpec
from carcassonne_amazonas.testing._strategies import replay_keywords
from games import play_random

few = settings(max_examples=3, database=None)
LAND_TILES = len(reference_tileset().land_tiles)
BONUS = reference_tileset(bonus_river=True)
BONUS_DOUBLES = {tile.id for tile in BONUS.double_tiles}
BASE_DOUBLES = {tile.id for tile in reference_tileset().double_tiles}


def options(rules: Rules) -> tuple[AmazonRanking, CampScoring, bool]:
    """A game's readings of R-V1, R-V2 and R-V3."""
    return rules.amazon_ranking, rules.camp_scoring, rules.tileset == BONUS


# ---------------------------------------------------------------------------- phase=

@few
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("phase", PHASES, ids=lambda p: p.name)
@given(data=st.data())
def test_every_phase_for_every_player_count(phase: Phase, players: int,
                                            data: st.DataObject) -> None:
    state = data.draw(game_states(players, phase=phase, draws=None))
    assert state.phase is phase
    assert state.num_players == players
    if phase is Phase.DRAW_TILE:
        assert state.pile.explicit
    assert check_invariants(state) == []


@pytest.mark.parametrize("phase", [Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE, Phase.DRAW_TILE,
                                   Phase.GAME_OVER], ids=lambda p: p.name)
@pytest.mark.slow  # whole games or many examples
def test_rare_phases_pass_the_health_checks(phase: Phase) -> None:
    """Every health check on (a strategy that filtered for these phases would fail
    ``filter_too_much`` here); Hypothesis runs them while it draws the first examples."""
    seen: Counter[str] = Counter()

    @settings(database=None, max_examples=15)
    @given(game_states(phase=phase, draws=None))
    def check(state: GameState) -> None:
        assert state.phase is phase
        seen[state.rules.shuffle.value] += 1

    check()
    assert sum(seen.values()) >= 10


@few
@pytest.mark.parametrize("phase", [Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE],
                         ids=lambda p: p.name)
@pytest.mark.parametrize("draws", ["seeded", "explicit"])
@pytest.mark.parametrize("turn", [0, 1, 39, 75])
@given(data=st.data())
def test_double_phases_at_an_exact_turn(phase: Phase, draws: str, turn: int,
                                        data: st.DataObject) -> None:
    """The narrowest window: a "!" tile (R-T3) must come in exactly this turn."""
    assert draws in ("seeded", "explicit")
    state = data.draw(game_states(phase=phase, min_turns=turn, max_turns=turn,
                                  draws="seeded" if draws == "seeded" else "explicit"))
    assert state.phase is phase and turns_played(state) == turn


@few
@given(game_states(phase={Phase.PLACE_PIECE, Phase.GAME_OVER}))
def test_a_collection_of_phases(state: GameState) -> None:
    assert state.phase in (Phase.PLACE_PIECE, Phase.GAME_OVER)


@settings(max_examples=20, database=None)
@given(game_states(non_terminal=True, draws=None))
def test_non_terminal_leaves_out_finished_games(state: GameState) -> None:
    assert not state.is_terminal
    assert legal_actions(state)


def test_the_phases_a_spec_can_reach() -> None:
    assert GameSpec.of().phases == (Phase.PLACE_TILE, Phase.PLACE_PIECE, Phase.CHOOSE_DOUBLE,
                                    Phase.PLACE_DOUBLE, Phase.GAME_OVER)
    assert Phase.DRAW_TILE in GameSpec.of(draws=None).phases
    assert Phase.GAME_OVER not in GameSpec.of(max_turns=LAND_TILES - 1).phases
    assert GameSpec.of(min_turns=LAND_TILES).phases == (Phase.GAME_OVER,)


# ---------------------------------------------------------------------------- turns

@pytest.mark.slow  # whole games or many examples
@settings(max_examples=25, database=None)
@given(st.data())
def test_min_turns_and_max_turns_are_honoured(data: st.DataObject) -> None:
    low = data.draw(st.integers(0, LAND_TILES - 1), label="min_turns")
    high = data.draw(st.one_of(st.none(), st.integers(low, low + 10)), label="max_turns")
    state = data.draw(game_states(min_turns=low, max_turns=high, draws=None))
    assert turns_played(state) >= low
    if high is not None:
        assert turns_played(state) <= high
        if high < LAND_TILES:
            assert not state.is_terminal  # a whole game needs 80 turns


def test_turns_played_counts_complete_turns() -> None:
    """R-T5 ends a turn; every land tile placed is one turn (R-G7 removals are none)."""
    for seed, draws in [(1, "seeded"), (2, "explicit")]:
        state = new_game(3, seed=seed) if draws == "seeded" else new_game(3, draws="explicit")
        game = play_random(state, random.Random(seed))
        completed = 0
        for before in game.states[:-1]:
            assert turns_played(before) == completed
            if before.phase is Phase.PLACE_PIECE:
                completed += 1
        final = game.states[-1]
        assert turns_played(final) == completed == LAND_TILES - len(final.removed)
    with pytest.raises(TypeError):
        turns_played("state")  # type: ignore[arg-type]


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


# ---------------------------------------------------------------------------- games() and records()

@pytest.mark.slow  # whole games or many examples
@settings(max_examples=10, database=None)
@given(games(draws=None))
def test_games_draw_records_that_replay(record: GameRecord) -> None:
    states = record.replay()
    assert states[0] == record.initial_state()
    assert len(states) == len(record.actions) + 1
    assert GameRecord.from_json(record.to_json()) == record
    assert check_invariants(states[-1]) == []


@pytest.mark.slow  # whole games or many examples
@few
@given(games(num_players=2, phase=Phase.GAME_OVER))
def test_games_of_finished_games(record: GameRecord) -> None:
    assert record.final_state().is_terminal
    assert record.num_players == 2


def test_game_record_is_the_record_of_replay_game() -> None:
    record = game_record(2, "t0,4,0 p", seed=3)
    assert record.final_state() == replay_game(2, "t0,4,0 p", seed=3)
    assert record.seed == 3 and record.draws == "seeded"


@pytest.mark.slow  # whole games or many examples
@settings(max_examples=15, database=None)
@given(records(valid=True, draws=None))
def test_valid_records_load(drawn: RecordText) -> None:
    assert drawn.valid and drawn.corruption == ""
    assert GameRecord.from_json(drawn.text) == drawn.record


@pytest.mark.slow  # whole games or many examples
@settings(max_examples=30, database=None)
@given(records(valid=False, draws=None))
def test_corrupted_records_are_refused(drawn: RecordText) -> None:
    assert not drawn.valid and drawn.corruption
    with pytest.raises(RecordError):
        GameRecord.from_json(drawn.text)


@few
@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
@given(record=games(max_turns=6, draws=None), data=st.data())
def test_each_corruption_makes_a_record_loading_refuses(name: str, record: GameRecord,
                                                        data: st.DataObject) -> None:
    text, how = CORRUPTIONS[name](data.draw, record, record.to_json())
    assert how
    with pytest.raises(RecordError):
        GameRecord.from_json(text)


def test_records_refuses_a_bad_valid_option() -> None:
    with pytest.raises(TypeError):
        records(valid="yes")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- st.from_type

@settings(max_examples=15, database=None)
@given(st.from_type(GameState))
def test_from_type_gives_reachable_states(state: GameState) -> None:
    assert check_invariants(state) == []
    assert state.rules.tileset in (reference_tileset(), BONUS)


@settings(max_examples=10, database=None)
@given(st.from_type(PlaceTile), st.from_type(PlaceMeeple), st.from_type(PlaceCamp),
       st.from_type(ChooseDouble), st.from_type(DrawTile), st.from_type(Pass))
def test_from_type_gives_legal_looking_actions(place: PlaceTile, meeple: PlaceMeeple,
                                               camp: PlaceCamp, double: ChooseDouble,
                                               draw: DrawTile, passing: Pass) -> None:
    tileset = reference_tileset()
    assert type(place) is PlaceTile and abs(place.position.x) < 40
    assert type(meeple) is PlaceMeeple and 0 <= meeple.segment < 12
    assert type(camp) is PlaceCamp and 0 <= camp.segment < 12
    assert double.tile in BONUS_DOUBLES
    assert draw.tile in {t.id for t in tileset.land_tiles}
    assert passing == Pass()


@settings(max_examples=5, database=None)
@given(st.from_type(GameRecord), st.from_type(Rules))
def test_from_type_gives_records_and_rules(record: GameRecord, rules: Rules) -> None:
    record.replay()
    new_game(2, seed=1, rules=rules)


def test_from_type_draws_every_variant_and_both_shipped_sets() -> None:
    """Rules over either shipped set with every option (R-V1-R-V3), each printed as code
    that evaluates back; ChooseDouble names each of the six double tiles."""
    seen: dict[str, set[object]] = {"rules": set(), "tilesets": set(), "doubles": set()}
    names = {name: getattr(carcassonne_amazonas, name) for name in carcassonne_amazonas.__all__}

    @settings(max_examples=60, database=None, derandomize=True)  # a fixed sample
    @given(st.from_type(Rules), st.from_type(TileSet), st.from_type(ChooseDouble))
    def check(rules: Rules, tileset: TileSet, double: ChooseDouble) -> None:
        seen["rules"].add(options(rules))
        seen["tilesets"].add(tileset.checksum)
        seen["doubles"].add(double.tile)
        assert eval(pretty(rules), names) == rules
        assert eval(pretty(tileset), names) == tileset

    check()
    assert len(seen["rules"]) == 8
    assert seen["tilesets"] == {reference_tileset().checksum, BONUS.checksum}
    assert seen["doubles"] == BONUS_DOUBLES


def test_actions_name_every_double_tile_of_the_shipped_sets() -> None:
    doubles: set[int] = set()

    # Derandomized: a fixed sample, so that a double tile missed by chance cannot fail it.
    @settings(max_examples=400, database=None, derandomize=True)
    @given(actions())
    def collect(action: object) -> None:
        if isinstance(action, ChooseDouble):
            doubles.add(action.tile)

    collect()
    assert doubles >= BONUS_DOUBLES


def test_a_failing_state_shrinks_to_the_first_legal_actions() -> None:
    """R-T1–R-T8: a state that fails as soon as a meeple stands shrinks to a short game
    in which each action is the first legal one, when that still fails (one drawn
    number picks every action, so the shrinker has few choices to try)."""


    state = find(game_states(num_players=2, variants=False, draws="seeded"),
                 lambda s: s.players[0].meeples_in_supply < 4,
                 # Derandomized: how far the shrinker gets depends on where its random
                 # search starts, and once in a few runs it stopped short of the minimum.
                 settings=settings(database=None, deadline=None, max_examples=500,
                                   derandomize=True))
    code = pretty(state)
    assert code.startswith("replay_game(2, '") and "seed=" in code
    seed = int(code.split("seed=")[1].rstrip(")"))
    assert seed <= 10  # the shrinker tries the small seeds
    replayed = new_game_of(2, seed, Rules(), "seeded")
    for text in code.split("'")[1].split():
        assert format_action(legal_actions(replayed)[0]) == text
        replayed = apply_action(replayed, legal_actions(replayed)[0])
    assert replayed == state


def test_replays_are_cached_by_prefix() -> None:
    """R-T1: the same action on the same state object gives the same state object, so
    the shrinker's replays walk a shared prefix by lookups."""


    state = new_game(2, seed=3)
    action = legal_actions(state)[0]
    assert step(state, action)[0] is step(state, action)[0]
    assert step(state, action)[0] == apply_action(state, action)
