"""The whole-game strategies ``games`` and ``records`` (records valid and corrupted), and
the strategies registered for ``st.from_type``: reachable states, legal-looking actions,
every variant and both shipped tile sets, and failing states that shrink to short games
of first legal actions (R-T1–R-T8).
"""

from __future__ import annotations

import pytest
from hypothesis import find, given, settings
from hypothesis import strategies as st
from hypothesis.vendor.pretty import pretty

import carcassonne_amazonas
from carcassonne_amazonas import (
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
    TileSet,
    apply_action,
    format_action,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.testing import (
    CORRUPTIONS,
    RecordText,
    actions,
    check_invariants,
    game_record,
    game_states,
    games,
    records,
    replay_game,
)
from carcassonne_amazonas.testing._replay import new_game_of, step
from strategy_helpers import BONUS, BONUS_DOUBLES, few, options

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
