"""The rule variants as one value (R-V1–R-V3): :class:`Variants` reads each option from
its enum or its value, builds the ``Rules`` and reads them back, and the command line,
the simulations, the web app and the AI adapters all read their options through it."""

from __future__ import annotations

import argparse
import doctest
import itertools
from typing import Any

import pytest

from carcassonne_amazonas import (
    AmazonRanking,
    CampScoring,
    Rules,
    Shuffle,
    Variants,
    reference_tileset,
)
from carcassonne_amazonas.ai.simulation import RulesSpec, rules_for
from carcassonne_amazonas.cli.common import add_rules_options, rules_spec_from_args
from carcassonne_amazonas.integrations import variant_rules
from carcassonne_amazonas.rules import variants as variants_module
from carcassonne_amazonas.rules.variants import VARIANT_OPTIONS
from carcassonne_amazonas.tiles.reference import reference_text
from carcassonne_amazonas.tiles.tilefile import parse_tileset
from carcassonne_amazonas.tiles.tileset import TileSet

ALL = [Variants(ranking, scoring, bonus) for ranking, scoring, bonus
       in itertools.product(AmazonRanking, CampScoring, (False, True))]


def test_v1_v3_each_option_is_read_from_its_enum_or_its_value() -> None:
    assert Variants() == Variants(AmazonRanking.DENSE, CampScoring.PER_JUNGLE, False)
    assert Variants("competition", "per-camp", True) == Variants(
        AmazonRanking.COMPETITION, CampScoring.PER_CAMP, True)
    assert Variants(camp_scoring="per-camp").camp_scoring is CampScoring.PER_CAMP


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
], ids=repr)
def test_v1_v3_a_wrong_option_names_the_values_allowed_and_the_rule(options: dict[str, Any],
                                                                    message: str) -> None:
    with pytest.raises(ValueError) as info:
        Variants(**options)
    assert str(info.value) == message


def test_v1_v3_the_rules_of_the_variants() -> None:
    assert Variants().rules() == Rules()
    rules = Variants("competition", "per-camp", True).rules(shuffle="uniform", first_player=2,
                                                            slices=3)
    assert rules == Rules(tileset=reference_tileset(bonus_river=True), first_player=2,
                          shuffle=Shuffle.UNIFORM, slices=3,
                          amazon_ranking=AmazonRanking.COMPETITION,
                          camp_scoring=CampScoring.PER_CAMP)
    assert Variants().rules(shuffle=Shuffle.UNIFORM).shuffle is Shuffle.UNIFORM
    with pytest.raises(ValueError, match=r"^shuffle must be one of 'stratified', 'uniform', "
                                         r"not 'riffle' \(R-C7\)$"):
        Variants().rules(shuffle="riffle")


def custom_tileset() -> TileSet:
    custom = parse_tileset(reference_text().replace("tileset amazonas-reference",
                                                    "tileset my-box"), "my-box")
    assert custom != reference_tileset()
    return custom


def test_v3_a_custom_tile_set_replaces_the_reference_set_but_not_with_the_bonus_tiles() -> None:
    custom = custom_tileset()
    assert Variants("competition").rules(tileset=custom).tileset is custom
    with pytest.raises(ValueError, match=r"custom tile set must hold them itself \(R-V3\)$"):
        Variants(bonus_river=True).rules(tileset=custom)


@pytest.mark.parametrize("variants", ALL, ids=repr)
def test_v1_v3_the_variants_are_read_back_from_their_rules(variants: Variants) -> None:
    assert Variants.of(variants.rules()) == variants
    assert Variants.of(variants.rules(shuffle="uniform", first_player=1)) == variants


def test_v3_a_custom_tile_set_has_no_bonus_river() -> None:
    assert Variants.of(Rules(tileset=custom_tileset())) == Variants()


@pytest.mark.parametrize("variants", ALL, ids=repr)
def test_the_repr_is_code_that_builds_the_same_variants(variants: Variants) -> None:
    names = {"Variants": Variants, "AmazonRanking": AmazonRanking, "CampScoring": CampScoring}
    assert eval(repr(variants), names) == variants
    printed: list[str] = []

    class Printer:
        def text(self, text: str) -> None:
            printed.append(text)

    variants._repr_pretty_(Printer(), False)
    assert printed == [repr(variants)]


def test_the_repr_shows_only_what_differs_from_the_default_rules() -> None:
    assert repr(Variants()) == "Variants()"
    assert repr(Variants("competition", bonus_river=True)) == \
        "Variants(amazon_ranking=AmazonRanking.COMPETITION, bonus_river=True)"


def test_the_json_form_writes_every_option_with_the_values_of_the_options_table() -> None:
    for variants in ALL:
        written = variants.to_json()
        assert list(written) == list(VARIANT_OPTIONS)
        assert all(written[name] in VARIANT_OPTIONS[name] for name in written)
        assert Variants(**written) == variants


def test_the_modules_examples_run() -> None:
    failures, tried = doctest.testmod(variants_module, report=False)
    assert tried >= 2 and failures == 0


# ---------------------------------------------------------------------------- the four readers

@pytest.mark.parametrize("variants", ALL, ids=repr)
def test_every_reader_of_the_options_gives_the_rules_of_the_variants(variants: Variants) -> None:
    """The simulations' spec, the adapters' parameters, the web app's options and the
    command line's flags are read the same way."""
    from carcassonne_amazonas.web.options import RuleOptions

    expected = variants.rules()
    values = variants.to_json()
    assert rules_for(RulesSpec(None, variants.bonus_river, variants.amazon_ranking,
                               variants.camp_scoring)) == expected
    assert rules_for(RulesSpec(None, values["bonus_river"], values["amazon_ranking"],
                               values["camp_scoring"])) == expected
    assert variant_rules(values["amazon_ranking"], values["camp_scoring"],
                         values["bonus_river"]) == expected
    assert RuleOptions(**values).rules() == expected
    assert RuleOptions.of(expected) == variants
    parser = argparse.ArgumentParser()
    add_rules_options(parser)
    argv = ["--amazon-ranking", values["amazon_ranking"], "--camp-scoring",
            values["camp_scoring"], *(["--bonus-river"] if variants.bonus_river else [])]
    args = parser.parse_args(argv)
    args.parser = parser
    assert rules_for(rules_spec_from_args(args)) == expected


def test_the_command_lines_defaults_are_the_default_variants() -> None:
    parser = argparse.ArgumentParser()
    add_rules_options(parser)
    args = parser.parse_args([])
    args.parser = parser
    assert rules_spec_from_args(args) == RulesSpec()
    assert rules_for(rules_spec_from_args(args)) == Rules()


def test_the_simulations_spec_refuses_a_wrong_option_as_variants_do() -> None:
    with pytest.raises(ValueError, match=r"not 'olympic' \(R-V1\)$"):
        RulesSpec(amazon_ranking="olympic")
    with pytest.raises(ValueError, match=r"not 'yes' \(R-V3\)$"):
        RulesSpec(bonus_river="yes")  # type: ignore[arg-type]
