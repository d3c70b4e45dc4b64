"""The rule options of the variants (R-V1 competition ranking, R-V2 per-camp scoring,
R-V3 the bonus river tiles) carried through the library and the tools: ``Rules`` and
its defaults, the words that name the variants chosen, snapshots and records that keep
the options and refuse unknown ones, the command-line tool's ``play``, ``replay`` and
``simulate`` with every option, and the rules reference's entry for each variant.
"""

from __future__ import annotations

import json
import random
import subprocess
from pathlib import Path

import pytest

import carcassonne_amazonas
from carcassonne_amazonas import (
    AmazonRanking,
    CampScoring,
    GameRecord,
    RecordError,
    Rules,
    new_game,
    reference_tileset,
    state_from_json,
    state_to_json,
)
from carcassonne_amazonas.render.explain import variants_text
from cli_helpers import run_here
from games import play_random
from test_docs import DOCS, TEST_REFERENCE, rule_section

DENSE, COMPETITION = AmazonRanking.DENSE, AmazonRanking.COMPETITION
PER_CAMP = CampScoring.PER_CAMP


# ---------------------------------------------------------------------------- Rules

def test_options_default_to_the_standard_rules() -> None:
    """The defaults are unchanged: dense ranking (R-A1), one scoring per jungle (R-E4),
    the reference tile set without the bonus tiles; both enums are exported."""
    rules = Rules()
    assert rules.amazon_ranking is AmazonRanking.DENSE
    assert rules.camp_scoring is CampScoring.PER_JUNGLE
    assert rules.tileset == reference_tileset()
    assert variants_text(rules) == ""
    assert carcassonne_amazonas.AmazonRanking is AmazonRanking
    assert carcassonne_amazonas.CampScoring is CampScoring
    assert {"AmazonRanking", "CampScoring"} <= set(carcassonne_amazonas.__all__)
    assert [r.value for r in AmazonRanking] == ["dense", "competition"]
    assert [c.value for c in CampScoring] == ["per-jungle", "per-camp"]


@pytest.mark.parametrize("options", [{"amazon_ranking": "competition"},
                                     {"camp_scoring": "per-camp"},
                                     {"amazon_ranking": CampScoring.PER_CAMP},
                                     {"camp_scoring": True}], ids=repr)
def test_options_must_be_their_enums(options: dict[str, object]) -> None:
    with pytest.raises(TypeError):
        Rules(**options)  # type: ignore[arg-type]


def test_variants_text_names_every_variant_chosen() -> None:
    rules = Rules(tileset=reference_tileset(bonus_river=True), amazon_ranking=COMPETITION,
                  camp_scoring=PER_CAMP)
    assert variants_text(rules) == (
        "variants: competition ranking in Amazon scorings (R-V1), camps score per camp (R-V2), "
        "Amazon Bonus River tiles (R-V3)")
    assert variants_text(Rules(camp_scoring=PER_CAMP)) == "variants: camps score per camp (R-V2)"


# ---------------------------------------------------------------------------- snapshots, records

VARIANT_RULES = Rules(amazon_ranking=COMPETITION, camp_scoring=PER_CAMP, first_player=1)


def test_snapshots_write_read_and_check_the_options() -> None:
    """Snapshots keep the options; a default game's snapshot has no option fields
    (it reads as before); old snapshots without them load with the defaults."""
    state = play_random(new_game(3, seed=5, rules=VARIANT_RULES), random.Random(5), 40).states[-1]
    text = state_to_json(state)
    data = json.loads(text)
    assert data["rules"] == {"first_player": 1, "shuffle": "stratified", "slices": 5,
                             "amazon_ranking": "competition", "camp_scoring": "per-camp"}
    assert state_from_json(text) == state
    assert state_from_json(text).rules == VARIANT_RULES
    default = json.loads(state_to_json(new_game(3, seed=5)))
    assert set(default["rules"]) == {"first_player", "shuffle", "slices"}
    for key in ("amazon_ranking", "camp_scoring"):
        del data["rules"][key]
    old = state_from_json(json.dumps(data))
    assert old.rules == Rules(first_player=1)
    data["rules"]["amazon_ranking"] = None      # null: the default, as if absent
    assert state_from_json(json.dumps(data)).rules.amazon_ranking is DENSE


@pytest.mark.parametrize(("field", "value", "message"), [
    ("amazon_ranking", "olympic", "state.rules.amazon_ranking: must be one of 'dense', "
                                  "'competition', not 'olympic' (R-V1)"),
    ("camp_scoring", "per-tile", "state.rules.camp_scoring: must be one of 'per-jungle', "
                                 "'per-camp', not 'per-tile' (R-V2)"),
    ("camp_scoring", 2, "state.rules.camp_scoring: must be one of 'per-jungle', 'per-camp', "
                        "not 2 (R-V2)"),
    ("amazon_ranking", ["dense"], "state.rules.amazon_ranking: must be one of 'dense', "
                                  "'competition', not ['dense'] (R-V1)"),
])
def test_snapshots_reject_unknown_options(field: str, value: object, message: str) -> None:
    data = json.loads(state_to_json(new_game(2, seed=1)))
    data["rules"][field] = value
    with pytest.raises(RecordError) as error:
        state_from_json(json.dumps(data))
    assert str(error.value) == message


@pytest.mark.parametrize(("key", "value"), [
    ("amazon-ranking", "competition"), ("ranking", "competition"), ("AMAZON_RANKING", "dense"),
    ("camp-scoring", "per-camp"), ("campScoring", "per-camp"),
    ("bonus_river", True), ("bonus-river", False),
], ids=repr)
def test_v1_v3_an_unknown_option_key_is_refused_not_read_as_the_default(key: str,
                                                                       value: object) -> None:
    """Regression: a renamed variant key in an unfinished record or a snapshot loaded the
    game under the default rules.  Now a record's or a snapshot's rules hold only the
    options that Rules writes (R-V1 and R-V2 by name, R-V3 through the tile set), and any
    other key is a RecordError that names it."""
    initial = new_game(3, seed=8, rules=Rules(amazon_ranking=COMPETITION, camp_scoring=PER_CAMP))
    game = play_random(initial, random.Random(8), 12)  # unfinished
    snapshot = json.loads(state_to_json(game.states[-1]))
    record = json.loads(GameRecord.from_game(initial, game.actions).to_json())
    for document, load, path in ((snapshot, state_from_json, "state.rules"),
                                 (record, GameRecord.from_json, "record.rules")):
        del document["rules"]["amazon_ranking"], document["rules"]["camp_scoring"]
        document["rules"][key] = value  # a variant under a name the rules do not have
        with pytest.raises(RecordError) as error:
            load(json.dumps(document))
        message = str(error.value)
        assert message.startswith(f"{path}: unknown rule option {key!r}; the options are "), \
            message
        assert "amazon_ranking (R-V1) and camp_scoring (R-V2)" in message
        assert "(R-V3)" in message


def test_records_replay_under_their_options() -> None:
    """A record keeps the options and its result is checked under them: the same
    actions give another result under other options, which loading detects."""
    initial = new_game(4, seed=11, rules=Rules(amazon_ranking=COMPETITION, camp_scoring=PER_CAMP))
    game = play_random(initial, random.Random(11))
    record = GameRecord.from_game(initial, game.actions)
    text = record.to_json()
    loaded = GameRecord.from_json(text)
    assert loaded == record and loaded.rules == initial.rules
    assert loaded.final_state() == game.states[-1]
    data = json.loads(text)
    assert data["rules"]["amazon_ranking"] == "competition"
    assert data["rules"]["camp_scoring"] == "per-camp"
    # Played by the default rules, the same actions end differently in this game.
    default_final = GameRecord(4, Rules(), "seeded", 11, None, None, game.actions).final_state()
    assert default_final.scores != game.states[-1].scores
    del data["rules"]["amazon_ranking"], data["rules"]["camp_scoring"]
    with pytest.raises(RecordError, match=r"record\.result\.scores: recorded"):
        GameRecord.from_json(json.dumps(data))


def test_a_record_start_snapshot_must_have_the_records_options() -> None:
    initial = play_random(new_game(2, seed=3, rules=Rules(camp_scoring=PER_CAMP)),
                          random.Random(3), 10).states[-1]
    data = json.loads(GameRecord.from_game(initial, ()).to_json())
    assert data["start"]["rules"]["camp_scoring"] == "per-camp"
    del data["rules"]["camp_scoring"]
    with pytest.raises(RecordError, match="the snapshot's players or rules differ"):
        GameRecord.from_json(json.dumps(data))


# ---------------------------------------------------------------------------- CLI

def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    """The tool in this process: tests/cli starts each command as a real process."""
    return run_here(*args)


def test_cli_play_and_replay_with_every_option(tmp_path: Path) -> None:
    path = tmp_path / "variant.json"
    result = _cli("play", "--players", "3", "--bots", "random", "--seed", "3",
                  "--amazon-ranking", "competition", "--camp-scoring", "per-camp",
                  "--bonus-river", "--save", str(path))
    assert result.returncode == 0, result.stderr
    assert ("variants: competition ranking in Amazon scorings (R-V1), camps score per camp "
            "(R-V2), Amazon Bonus River tiles (R-V3)") in result.stdout.splitlines()[1]
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))  # no tile set passed
    assert record.rules == Rules(tileset=reference_tileset(bonus_river=True),
                                 amazon_ranking=COMPETITION, camp_scoring=PER_CAMP)
    replay = _cli("replay", str(path))
    assert replay.returncode == 0, replay.stderr
    heading = " ".join(replay.stdout.split("\n\n")[0].split())  # wrapped to the terminal
    assert "tile set 'amazonas-bonus-river'" in heading
    assert "variants: competition ranking" in heading
    # seed 3 has a tie for first with a boat behind
    assert "(R-A1\u2013R-A3, R-V1)" in replay.stdout


def test_cli_simulate_with_options() -> None:
    result = _cli("simulate", "--games", "3", "--players", "3", "--amazon-ranking",
                  "competition", "--camp-scoring", "per-camp", "--bonus-river", "--json")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 3
    assert summary["rules"] == {"tileset": "amazonas-bonus-river", "first_player": 0,
                                "shuffle": "stratified", "slices": 5,
                                "amazon_ranking": "competition", "camp_scoring": "per-camp",
                                "bonus_river": True}
    # Every variant option is written, the defaults too.
    plain = _cli("simulate", "--games", "3", "--players", "3", "--json")
    assert json.loads(plain.stdout)["rules"] == {"tileset": "amazonas-reference",
                                                 "first_player": 0, "shuffle": "stratified",
                                                 "slices": 5, "amazon_ranking": "dense",
                                                 "camp_scoring": "per-jungle",
                                                 "bonus_river": False}


@pytest.mark.parametrize("args", [
    ["play", "--amazon-ranking", "olympic"],
    ["simulate", "--camp-scoring", "per-tile"],
    ["play", "--bonus-river", "--tileset", "my-box.tiles", "--bots", "random"],
    ["simulate", "--bonus-river", "--tileset", "my-box.tiles"],
])
def test_cli_bad_options_are_usage_errors(args: list[str]) -> None:
    result = _cli(*args)
    assert result.returncode == 2
    assert "error:" in result.stderr
    assert "Traceback" not in result.stderr


def test_cli_help_lists_the_options() -> None:
    for command in ("play", "simulate"):
        text = _cli(command, "--help").stdout
        for option in ("--amazon-ranking", "--camp-scoring", "--bonus-river"):
            assert option in text



def test_the_rules_reference_has_an_entry_for_each_variant() -> None:
    """docs/rules.md has a proper entry for R-V1–R-V3 (the rule, the default and why, the
    library, the tests), and every test it cites exists (checked by test_docs.py)."""
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    assert "(variants-v)=\n## Variants (V)\n" in text
    for rule in ("V1", "V2", "V3"):
        assert f"(rule-{rule.lower()})=\n### R-{rule} " in text, rule
        section = rule_section(text, rule)
        assert "**Rule.**" in section and "**Library.**" in section, rule
        assert TEST_REFERENCE.search(section), rule
    for rule in ("V1", "V2"):
        assert "**Default:" in rule_section(text, rule) and "Why:" in rule_section(text, rule)


