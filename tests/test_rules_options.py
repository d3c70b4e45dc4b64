"""``Rules`` refuses wrong options at once, with one clear line (R-C7, R-C8, R-V1–R-V3), and
the consistency check looks at every option exactly.

Every field of ``Rules`` raises a plain ``TypeError`` (a value of another type) or
``ValueError`` (a value out of range) whose message names the field, not attrs' tuple of
internals; the slice count has one bound, which ``Rules`` checks and the snapshot loader
uses, so that every game that can be made can be saved and loaded.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from carcassonne_amazonas import (
    AmazonRanking,
    CampScoring,
    Rules,
    Shuffle,
    apply_action,
    legal_actions,
    new_game,
    state_from_json,
    state_problems,
    state_to_json,
)
from carcassonne_amazonas.rules.pile import MAX_SLICES

WRONG_TYPES: list[tuple[dict[str, Any], str]] = [
    ({"tileset": "x"}, "Rules.tileset must be a TileSet"),
    ({"tileset": None}, "Rules.tileset must be a TileSet"),
    ({"first_player": "1"}, "Rules.first_player must be an int"),
    ({"first_player": 1.0}, "Rules.first_player must be an int"),
    ({"shuffle": "uniform"}, "Rules.shuffle must be a Shuffle"),
    ({"slices": 2.5}, "Rules.slices must be an int"),
    ({"slices": True}, "Rules.slices must be an int"),
    ({"amazon_ranking": "competition"}, "Rules.amazon_ranking must be an AmazonRanking"),
    ({"camp_scoring": "per-camp"}, "Rules.camp_scoring must be a CampScoring"),
    ({"camp_scoring": AmazonRanking.DENSE}, "Rules.camp_scoring must be a CampScoring"),
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
