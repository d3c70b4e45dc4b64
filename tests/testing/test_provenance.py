"""Values the testing strategies build pretty-print as the code that rebuilds them
(provenance.py); everything else prints its short repr, and repr never changes, but for
the shipped tile sets, whose repr is the call that loads them (so that any ``Rules``
repr evaluates back, R-V3)."""

from __future__ import annotations

import gc

from hypothesis import given, settings
from hypothesis.vendor.pretty import pretty

import carcassonne_amazonas
from carcassonne_amazonas import (
    AmazonRanking,
    CampScoring,
    GameRecord,
    GameState,
    Rules,
    Shuffle,
    apply_action,
    legal_actions,
    new_game,
    parse_tileset,
    reference_tileset,
)
from carcassonne_amazonas._support.provenance import code_for, remember
from carcassonne_amazonas.testing import game_record, game_states, games, replay_game


def test_a_remembered_value_pretty_prints_as_its_code() -> None:
    state = replay_game(3, "t0,-1,90", seed=11)
    summary = repr(state)
    assert pretty(state) == summary
    remember(state, "replay_game(3, 't0,-1,90', seed=11)")
    assert code_for(state) == "replay_game(3, 't0,-1,90', seed=11)"
    assert pretty(state) == "replay_game(3, 't0,-1,90', seed=11)"
    assert repr(state) == summary
    # An equal state is rebuilt by the same code; a different one is not.
    assert code_for(replay_game(3, "t0,-1,90", seed=11)) == code_for(state)
    assert code_for(apply_action(state, legal_actions(state)[0])) is None


def test_remembering_keeps_nothing_alive() -> None:
    remember(new_game(5, seed=123), "replay_game(5, seed=123)")
    gc.collect()
    assert code_for(new_game(5, seed=123)) is None


@settings(max_examples=15, database=None)
@given(game_states(draws=None))
def test_a_drawn_state_is_remembered_with_the_call_that_rebuilds_it(state: GameState) -> None:
    code = code_for(state)
    assert code is not None and code.startswith("replay_game(")
    assert eval(code, {"replay_game": replay_game}) == state
    assert pretty(state) == code


@settings(max_examples=10, database=None)
@given(games(draws=None))
def test_a_drawn_record_is_remembered_with_the_call_that_rebuilds_it(
        record: GameRecord) -> None:
    code = code_for(record)
    assert code is not None and code.startswith("game_record(")
    assert eval(code, {"game_record": game_record}) == record


def test_the_shipped_tile_sets_repr_as_the_calls_that_load_them() -> None:
    names = vars(carcassonne_amazonas)
    for bonus_river, code in [(False, "reference_tileset()"),
                              (True, "reference_tileset(bonus_river=True)")]:
        tileset = reference_tileset(bonus_river=bonus_river)
        assert repr(tileset) == pretty(tileset) == code
        assert eval(code, names) == tileset
    # So the repr of any rules over them is code that evaluates back (R-V1-R-V3).
    rules = Rules(tileset=reference_tileset(bonus_river=True), first_player=1,
                  shuffle=Shuffle.UNIFORM, amazon_ranking=AmazonRanking.COMPETITION,
                  camp_scoring=CampScoring.PER_CAMP)
    assert repr(rules).startswith("Rules(tileset=reference_tileset(bonus_river=True), ")
    assert eval(repr(rules), names) == rules
    assert pretty(rules) == repr(rules)


def test_another_tile_set_reprs_as_its_summary() -> None:
    source = reference_tileset().source.replace("tileset amazonas-reference\n",
                                                "tileset my-box\n", 1)
    custom = parse_tileset(source)
    assert repr(custom).startswith("<TileSet 'my-box': 85 tiles, checksum ")
    # The same text as the shipped set is the shipped set: equal, and shown so.
    assert repr(parse_tileset(reference_tileset().source)) == "reference_tileset()"
