"""The ``Rules`` value (R-C7, R-C8, R-V1–R-V3): it refuses wrong options at once, with one
clear line, and it is the one reader and writer of the options by name.

Every field of ``Rules`` raises a plain ``TypeError`` (a value of another type) or
``ValueError`` (a value out of range) whose message names the field, not attrs' tuple of
internals; the slice count has one bound, which ``Rules`` checks and the snapshot loader
uses, so that every game that can be made can be saved and loaded; the consistency check
looks at every option exactly.

``Rules.from_options`` reads each option by name from its value or its enum, with a
``ValueError`` naming the values allowed and the rule id; ``Rules.options`` writes them
back; ``Rules.to_json`` and ``Rules.from_json`` are the ``rules`` of snapshots and
records; the command line and the simulations' spec read their options through it (the
web app in ``test_web_options.py``, the adapters in ``test_openspiel.py`` and
``test_pettingzoo.py``).
"""

from __future__ import annotations

import argparse
import doctest
import itertools
from typing import Any

import attrs
import pytest

from carcassonne_amazonas import (
    AmazonRanking,
    CampScoring,
    RecordError,
    Rules,
    Shuffle,
    apply_action,
    legal_actions,
    new_game,
    reference_tileset,
    state_from_json,
    state_problems,
    state_to_json,
)
from carcassonne_amazonas.ai.simulation import RulesSpec, rules_for
from carcassonne_amazonas.cli._common import add_rules_options, rules_spec_from_args
from carcassonne_amazonas.rules import options as options_module
from carcassonne_amazonas.rules.pile import MAX_SLICES
from carcassonne_amazonas.tiles.reference import reference_text
from carcassonne_amazonas.tiles.tilefile import parse_tileset
from carcassonne_amazonas.tiles.tileset import TileSet

WRONG_TYPES: list[tuple[dict[str, Any], str]] = [
    ({"tileset": "x"}, "tileset: expected a TileSet"),
    ({"tileset": None}, "tileset: expected a TileSet"),
    ({"first_player": "1"}, "first_player: expected a whole number, not a string"),
    ({"first_player": 1.0}, "first_player: expected a whole number, not 1.0"),
    ({"shuffle": "uniform"}, "shuffle: expected a Shuffle"),
    ({"slices": 2.5}, "slices: expected a whole number, not 2.5"),
    ({"slices": True}, "slices: expected a whole number, not a boolean"),
    ({"amazon_ranking": "competition"}, "amazon_ranking: expected an AmazonRanking"),
    ({"camp_scoring": "per-camp"}, "camp_scoring: expected a CampScoring"),
    ({"camp_scoring": AmazonRanking.DENSE}, "camp_scoring: expected a CampScoring"),
]


@pytest.mark.parametrize(("options", "message"), WRONG_TYPES, ids=repr)
def test_v1_v3_c7_c8_a_wrong_type_is_a_one_line_type_error(options: dict[str, Any],
                                                           message: str) -> None:
    with pytest.raises(TypeError) as info:
        Rules(**options)
    text = str(info.value)
    assert text.startswith(message), text
    assert "\n" not in text and "Attribute(" not in text, text
    assert len(info.value.args) == 1, info.value.args


def test_v1_v2_the_message_names_the_choices() -> None:
    with pytest.raises(TypeError) as info:
        Rules(amazon_ranking="competition")  # type: ignore[arg-type]
    assert "AmazonRanking.COMPETITION" in str(info.value)
    assert "not str" in str(info.value)


@pytest.mark.parametrize(("options", "message"), [
    ({"slices": 0}, "Rules.slices must be from 1 to"),
    ({"slices": -3}, "Rules.slices must be from 1 to"),
    ({"slices": MAX_SLICES + 1}, "Rules.slices must be from 1 to"),
    ({"first_player": -1}, "Rules.first_player must be from 0 to 4"),
    ({"first_player": 5}, "Rules.first_player must be from 0 to 4"),
], ids=repr)
def test_c7_c8_an_option_out_of_range_is_a_value_error_at_once(options: dict[str, Any],
                                                               message: str) -> None:
    with pytest.raises(ValueError) as info:
        Rules(**options)
    assert str(info.value).startswith(message), str(info.value)
    assert len(info.value.args) == 1


@pytest.mark.parametrize("slices", [1, 7, 80, 81, MAX_SLICES])
def test_c7_every_slice_count_rules_accept_is_saved_and_loaded(slices: int) -> None:
    """Regression: new_game took any slice count, the loader only 1..1000."""
    state = new_game(3, seed=11, rules=Rules(slices=slices))
    for _ in range(5):
        state = apply_action(state, legal_actions(state)[-1])
    assert state_from_json(state_to_json(state)) == state


def test_v1_v2_forged_variant_options_are_problems_not_crashes() -> None:
    """Regression: a string in a variant option passed state_problems, then state_to_json
    raised AttributeError and the engine played the default."""
    state = new_game(2, seed=4)
    for field, value in (("amazon_ranking", "competition"), ("camp_scoring", "per-camp"),
                         ("shuffle", "stratified"), ("slices", MAX_SLICES + 1)):
        rules = Rules()
        object.__setattr__(rules, field, value)  # past the validators, as by hand
        problems = state_problems(attrs.evolve(state, rules=rules))
        assert any(p.startswith("rules") for p in problems), (field, problems)


def test_v1_v2_v3_valid_options_are_accepted() -> None:
    rules = Rules(first_player=4, shuffle=Shuffle.UNIFORM, slices=MAX_SLICES,
                  amazon_ranking=AmazonRanking.COMPETITION, camp_scoring=CampScoring.PER_CAMP)
    assert rules.slices == MAX_SLICES and rules.first_player == 4


# ---------------------------------------------------------------------------- options by name

BONUS = reference_tileset(bonus_river=True)
#: Every reading of the variants (R-V1–R-V3), by name and value.
ALL_VARIANTS = [{"amazon_ranking": ranking, "camp_scoring": scoring, "bonus_river": bonus}
                for ranking, scoring, bonus in itertools.product(
                    ("dense", "competition"), ("per-jungle", "per-camp"), (False, True))]


def variant_id(options: dict[str, Any]) -> str:
    return "-".join(str(value) for value in options.values())


def custom_tileset() -> TileSet:
    custom = parse_tileset(reference_text().replace("tileset amazonas-reference",
                                                    "tileset my-box"), "my-box")
    assert custom != reference_tileset()
    return custom


def test_v1_v3_c7_c8_each_option_is_read_from_its_value_or_its_enum() -> None:
    assert Rules.from_options({}) == Rules()
    assert Rules.from_options({"amazon_ranking": "competition", "camp_scoring": "per-camp",
                               "bonus_river": True}) == Rules(
        tileset=BONUS, amazon_ranking=AmazonRanking.COMPETITION,
        camp_scoring=CampScoring.PER_CAMP)
    assert Rules.from_options({"camp_scoring": CampScoring.PER_CAMP}).camp_scoring is \
        CampScoring.PER_CAMP
    assert Rules.from_options({"first_player": 2, "shuffle": "uniform", "slices": 3}) == \
        Rules(first_player=2, shuffle=Shuffle.UNIFORM, slices=3)
    assert Rules.from_options({"shuffle": Shuffle.UNIFORM}).shuffle is Shuffle.UNIFORM


@pytest.mark.parametrize(("options", "message"), [
    ({"amazon_ranking": "olympic"},
     "amazon_ranking must be one of 'dense', 'competition', not 'olympic' (R-V1)"),
    ({"amazon_ranking": CampScoring.PER_CAMP},
     "amazon_ranking must be one of 'dense', 'competition', not CampScoring.PER_CAMP (R-V1)"),
    ({"amazon_ranking": ["dense"]},
     "amazon_ranking must be one of 'dense', 'competition', not ['dense'] (R-V1)"),
    ({"camp_scoring": "per_camp"},
     "camp_scoring must be one of 'per-jungle', 'per-camp', not 'per_camp' (R-V2)"),
    ({"camp_scoring": None},
     "camp_scoring must be one of 'per-jungle', 'per-camp', not None (R-V2)"),
    ({"bonus_river": "yes"}, "bonus_river must be true or false, not 'yes' (R-V3)"),
    ({"bonus_river": 1}, "bonus_river must be true or false, not 1 (R-V3)"),
    ({"shuffle": "riffle"}, "shuffle must be one of 'stratified', 'uniform', not 'riffle' (R-C7)"),
    ({"slices": 0}, f"slices must be a whole number from 1 to {MAX_SLICES}, not 0 (R-C7)"),
    ({"first_player": "1"}, "first_player must be a whole number from 0 to 4, not '1' (R-C8)"),
    ({"first_player": True}, "first_player must be a whole number from 0 to 4, not True (R-C8)"),
    ({"amazon_ranking": "x" * 1000},
     "amazon_ranking must be one of 'dense', 'competition', not 'xxxxxxxxxxxxxxxxxxxxxxxxxx"
     "xxxxxxxxxxxxxx'... (1000 characters) (R-V1)"),
    ({"ranking": "dense"}, "unknown rule option 'ranking'; the options are first_player, "
                           "shuffle, slices, amazon_ranking, camp_scoring, bonus_river"),
], ids=repr)
def test_v1_v3_c7_c8_a_wrong_option_names_the_values_allowed_and_the_rule(
        options: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as info:
        Rules.from_options(options)
    assert str(info.value) == message


def test_v3_a_custom_tile_set_replaces_the_reference_set_but_not_with_the_bonus_tiles() -> None:
    custom = custom_tileset()
    rules = Rules.from_options({"amazon_ranking": "competition", "bonus_river": False},
                               tileset=custom)
    assert rules.tileset is custom and rules.amazon_ranking is AmazonRanking.COMPETITION
    with pytest.raises(ValueError, match=r"custom tile set must hold them itself \(R-V3\)$"):
        Rules.from_options({"bonus_river": True}, tileset=custom)


@pytest.mark.parametrize("variants", ALL_VARIANTS, ids=variant_id)
def test_v1_v3_the_options_are_read_back_from_what_they_write(variants: dict[str, Any]) -> None:
    rules = Rules.from_options(variants)
    assert rules.options() == {"first_player": 0, "shuffle": "stratified", "slices": 5,
                               **variants}
    assert Rules.from_options(rules.options()) == rules
    changed = rules.options(changed=True)
    assert changed == {name: value for name, value in variants.items()
                       if value != Rules.VARIANTS[name].values[0]}
    assert Rules.from_options(changed) == rules
    other = attrs.evolve(rules, first_player=1, shuffle=Shuffle.UNIFORM, slices=2)
    assert other.options(changed=True) == {"first_player": 1, "shuffle": "uniform",
                                           "slices": 2, **changed}
    assert Rules.from_options(other.options()) == other


def test_v3_the_bonus_river_is_the_shipped_set_with_the_bonus_tiles() -> None:
    assert Rules(tileset=BONUS).bonus_river
    assert not Rules().bonus_river
    assert not Rules(tileset=custom_tileset()).bonus_river
    assert Rules(tileset=custom_tileset()).options(changed=True) == {}


def test_v1_v3_the_variants_table_lists_the_values_written_the_default_first() -> None:
    assert list(Rules.VARIANTS) == ["amazon_ranking", "camp_scoring", "bonus_river"]
    assert [option.rule for option in Rules.VARIANTS.values()] == ["R-V1", "R-V2", "R-V3"]
    defaults = Rules().options()
    for variants in ALL_VARIANTS:
        written = Rules.from_options(variants).options()
        for name, option in Rules.VARIANTS.items():
            assert written[name] in option.values
            assert option.values[0] == defaults[name]
            assert option.help


@pytest.mark.parametrize("variants", ALL_VARIANTS, ids=variant_id)
def test_v1_v2_documents_write_the_variants_that_differ_and_read_them_back(
        variants: dict[str, Any]) -> None:
    rules = Rules.from_options({**variants, "first_player": 2})
    data = rules.to_json()
    assert data == {"first_player": 2, "shuffle": "stratified", "slices": 5,
                    **{name: value for name, value in variants.items()
                       if name != "bonus_river" and value != Rules.VARIANTS[name].values[0]}}
    assert Rules.from_json(data, tileset=rules.tileset, num_players=3, path="rules") == rules


@pytest.mark.parametrize(("data", "message"), [
    ({"ranking": "competition"},
     "state.rules: unknown rule option 'ranking'; the options are first_player, shuffle, "
     "slices, amazon_ranking (R-V1) and camp_scoring (R-V2), and the tile set says whether "
     "the bonus river tiles are in (R-V3)"),
    ({"bonus_river": True}, "state.rules: unknown rule option 'bonus_river'"),
    ({"first_player": 2}, "state.rules.first_player: must be a whole number from 0 to 1, "
                          "not 2 (R-C8)"),
    ({"camp_scoring": 2}, "state.rules.camp_scoring: must be one of 'per-jungle', "
                          "'per-camp', not 2 (R-V2)"),
    ({"slices": None}, f"state.rules.slices: must be a whole number from 1 to {MAX_SLICES}, "
                       "not None (R-C7)"),
], ids=repr)
def test_v1_v3_a_documents_rules_are_read_exactly(data: dict[str, Any], message: str) -> None:
    document = {**Rules().to_json(), **data}
    with pytest.raises(RecordError) as info:
        Rules.from_json(document, tileset=Rules().tileset, num_players=2, path="state.rules")
    assert str(info.value).startswith(message)


def test_v1_v2_a_document_without_a_variant_or_with_null_has_the_default() -> None:
    data = {"first_player": 0, "shuffle": "uniform", "slices": 5, "camp_scoring": None}
    assert Rules.from_json(data, tileset=BONUS, num_players=2, path="rules") == Rules(
        tileset=BONUS, shuffle=Shuffle.UNIFORM)
    del data["shuffle"]
    with pytest.raises(RecordError, match=r"^rules: missing field 'shuffle'$"):
        Rules.from_json(data, tileset=BONUS, num_players=2, path="rules")


def test_the_examples_of_rules_run() -> None:
    finder = doctest.DocTestFinder()
    tests = finder.find(Rules, "Rules", module=options_module,
                        globs=vars(options_module).copy())
    runner = doctest.DocTestRunner()
    for test in tests:
        runner.run(test)
    assert runner.tries >= 2 and runner.failures == 0


# ---------------------------------------------------------------------------- the readers

@pytest.mark.parametrize("variants", ALL_VARIANTS, ids=variant_id)
def test_the_command_line_and_the_simulations_read_the_options_as_rules_do(
        variants: dict[str, Any]) -> None:
    expected = Rules.from_options(variants)
    assert rules_for(RulesSpec(None, variants)) == expected
    assert rules_for(RulesSpec(None, expected.options())) == expected
    parser = argparse.ArgumentParser()
    add_rules_options(parser)
    argv = ["--amazon-ranking", variants["amazon_ranking"], "--camp-scoring",
            variants["camp_scoring"], *(["--bonus-river"] if variants["bonus_river"] else [])]
    args = parser.parse_args(argv)
    args.parser = parser
    assert rules_for(rules_spec_from_args(args)) == expected


def test_the_command_lines_defaults_are_the_default_rules() -> None:
    parser = argparse.ArgumentParser()
    add_rules_options(parser)
    args = parser.parse_args([])
    args.parser = parser
    assert rules_spec_from_args(args) == RulesSpec()
    assert rules_for(rules_spec_from_args(args)) == Rules()


def test_the_simulations_spec_holds_the_options_that_differ_and_refuses_wrong_ones() -> None:
    assert RulesSpec(None, {"amazon_ranking": "dense", "camp_scoring": CampScoring.PER_CAMP}) \
        == RulesSpec(None, {"camp_scoring": "per-camp"})
    assert RulesSpec(None, {"camp_scoring": "per-camp"}).options == (("camp_scoring",
                                                                      "per-camp"),)
    with pytest.raises(ValueError, match=r"not 'olympic' \(R-V1\)$"):
        RulesSpec(options={"amazon_ranking": "olympic"})
    with pytest.raises(ValueError, match=r"not 'yes' \(R-V3\)$"):
        RulesSpec(options={"bonus_river": "yes"})
    with pytest.raises(ValueError, match=r"must hold them itself \(R-V3\)$"):
        RulesSpec("my-box.tiles", {"bonus_river": True})
