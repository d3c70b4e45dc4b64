"""Failure reports under every rule variant paste back to the very value that failed.

The model is ``tests/testing/test_failure_reports.py``: a user's failing properties run in a
fresh pytest process under ``-W error``.  Here each property fails only under a rule
variant (R-V1 competition ranking, R-V2 per-camp scoring, R-V3 the bonus river tiles,
then all three with explicit draws), so the shrunk example must carry the variant.
Just before failing, each property saves the value it fails on (a state as a
snapshot, a record as its JSON, rules as their fields); the last one saved is the
example Hypothesis reports, since it runs that example once more to report it.  The
printed call, evaluated here, must rebuild that value exactly.

Before the strategies knew the variants, a failing example over the bonus set printed
``rules=Rules(tileset=<TileSet ...>)``, which cannot be pasted back.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import carcassonne_amazonas
from carcassonne_amazonas import (
    AmazonRanking,
    CampScoring,
    GameRecord,
    GameState,
    Rules,
    Shuffle,
    reference_tileset,
    state_from_json,
)
from carcassonne_amazonas.testing import game_record, replay_game
from user_project import failure_sections

pytestmark = pytest.mark.slow  # a pytest subprocess that shrinks seven failing properties

LIMIT = 4_000  # bytes of report per failing test
BONUS = reference_tileset(bonus_river=True)

USER_TESTS = '''
import json
from pathlib import Path

from hypothesis import Phase, given, settings, strategies as st
from carcassonne_amazonas import (AmazonRanking, CampScoring, GameRecord, GameState,
                                  Rules, reference_tileset, state_to_json)
from carcassonne_amazonas.testing import GameMachine, game_states, games

# No explain phase: it traces every line it runs and takes seconds.  Derandomized: the
# same examples every run, so each property finds its failure every time.
faster = settings(max_examples=100, database=None, deadline=None, derandomize=True,
                  phases=set(Phase) - {Phase.explain})
BONUS = reference_tileset(bonus_river=True)
BONUS_DOUBLES = {tile.id for tile in BONUS.double_tiles[4:]}
FAILED = Path("failed")
FAILED.mkdir(exist_ok=True)


def failing(name: str, text: str) -> None:
    """Save the value a property is about to fail on (the last one saved is reported)."""
    (FAILED / name).write_text(text, encoding="utf-8")


@faster
@given(game_states(max_turns=6))
def test_competition_ranking(state: GameState) -> None:
    if state.rules.amazon_ranking is AmazonRanking.COMPETITION and len(state.board) >= 3:
        failing("test_competition_ranking", state_to_json(state))
        raise AssertionError("competition ranking")


@faster
@given(game_states(max_turns=6))
def test_per_camp_scoring(state: GameState) -> None:
    if state.rules.camp_scoring is CampScoring.PER_CAMP and any(state.pieces()):
        failing("test_per_camp_scoring", state_to_json(state))
        raise AssertionError("per-camp scoring")


def holds_a_bonus_double(state: GameState) -> bool:
    tiles = [placement.tile for placement in state.board.placements]
    return any(tile.id in BONUS_DOUBLES for tile in [*tiles, state.tile_in_hand] if tile)


@faster
@given(game_states(max_turns=6))
def test_bonus_river(state: GameState) -> None:
    if holds_a_bonus_double(state):
        failing("test_bonus_river", state_to_json(state))
        raise AssertionError("a bonus river double tile")


@faster
@given(game_states(max_turns=4, draws="explicit"))
def test_every_variant_with_explicit_draws(state: GameState) -> None:
    rules = state.rules
    if (rules.amazon_ranking is AmazonRanking.COMPETITION
            and rules.camp_scoring is CampScoring.PER_CAMP and rules.tileset == BONUS):
        failing("test_every_variant_with_explicit_draws", state_to_json(state))
        raise AssertionError("every variant")


@faster
@given(games(max_turns=6, draws=None))
def test_record(record: GameRecord) -> None:
    if record.rules.tileset == BONUS and len(record.actions) >= 3:
        failing("test_record", record.to_json())
        raise AssertionError("a record over the bonus set")


@faster
@given(st.from_type(Rules))
def test_rules(rules: Rules) -> None:
    if rules.tileset == BONUS and rules.amazon_ranking is AmazonRanking.COMPETITION:
        failing("test_rules", json.dumps([
            rules.tileset.checksum, rules.first_player, rules.shuffle.value, rules.slices,
            rules.amazon_ranking.value, rules.camp_scoring.value]))
        raise AssertionError("rules over the bonus set")


class ScoreMachine(GameMachine):
    num_players = 2
    game_rules = Rules(tileset=BONUS, camp_scoring=CampScoring.PER_CAMP)

    def on_start(self, state: GameState) -> None:
        failing("test_machine", state_to_json(state))

    def on_action(self, before, action, after, events):
        assert sum(after.scores) == 0  # fails at the first point scored


test_machine = settings(faster, max_examples=30, stateful_step_count=10)(ScoreMachine).TestCase
'''


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, str], Path]:
    """The pytest output of the user's failing tests, section by test name, and the
    folder of the values they failed on."""
    folder = tmp_path_factory.mktemp("user_project")
    return failure_sections(folder, USER_TESTS, 7), folder / "failed"


def shown(report: tuple[dict[str, str], Path], test: str, argument: str) -> str:
    """The argument of the failing example as Hypothesis prints it, checked short."""
    section = report[0][test]
    assert len(section.encode()) < LIMIT, section
    assert "Generating overly large repr" not in section and "<TileSet" not in section
    match = re.search(rf"^E?\s+{argument}=(.*),$", section, flags=re.MULTILINE)
    assert match, section
    return match.group(1)


def failed_on(report: tuple[dict[str, str], Path], test: str) -> str:
    return (report[1] / test).read_text(encoding="utf-8")


def pasted(code: str) -> object:
    """``code`` evaluated with the names a test module imports."""
    names = {name: getattr(carcassonne_amazonas, name) for name in carcassonne_amazonas.__all__}
    return eval(code, {**names, "replay_game": replay_game, "game_record": game_record})


@pytest.mark.parametrize(("test", "keywords"), [
    ("test_competition_ranking", ["amazon_ranking='competition'"]),
    ("test_per_camp_scoring", ["camp_scoring='per-camp'"]),
    ("test_bonus_river", ["bonus_river=True"]),
    ("test_every_variant_with_explicit_draws",
     ["draws='explicit'", "amazon_ranking='competition'", "camp_scoring='per-camp'",
      "bonus_river=True"]),
])
def test_a_state_under_a_variant_pastes_back_to_the_state_that_failed(
        report: tuple[dict[str, str], Path], test: str, keywords: list[str]) -> None:
    code = shown(report, test, "state")
    assert code.startswith("replay_game(")
    for keyword in keywords:
        assert keyword in code, code
    assert "rules=" not in code, code
    state = pasted(code)
    assert isinstance(state, GameState)
    assert state == state_from_json(failed_on(report, test))


def test_the_bonus_river_failure_shrinks_to_the_choice_of_a_bonus_double(
        report: tuple[dict[str, str], Path]) -> None:
    """The other options shrink to their defaults; the game to a bonus double chosen at a
    "!" tile (R-T3, R-V3)."""
    code = shown(report, "test_bonus_river", "state")
    assert re.search(r" d8[56]\b", code), code
    assert "amazon_ranking" not in code and "camp_scoring" not in code


def test_a_record_under_a_variant_pastes_back_to_the_record_that_failed(
        report: tuple[dict[str, str], Path]) -> None:
    code = shown(report, "test_record", "record")
    assert code.startswith("game_record(") and "bonus_river=True" in code, code
    record = pasted(code)
    assert isinstance(record, GameRecord)
    assert record == GameRecord.from_json(failed_on(report, "test_record"))


def test_drawn_rules_paste_back_to_the_rules_that_failed(
        report: tuple[dict[str, str], Path]) -> None:
    code = shown(report, "test_rules", "rules")
    assert "tileset=reference_tileset(bonus_river=True)" in code, code
    rules = pasted(code)
    assert isinstance(rules, Rules)
    checksum, first, shuffle, slices, ranking, camps = json.loads(
        failed_on(report, "test_rules"))
    assert rules == Rules(tileset=BONUS if checksum == BONUS.checksum else reference_tileset(),
                          first_player=first, shuffle=Shuffle(shuffle), slices=slices,
                          amazon_ranking=AmazonRanking(ranking),
                          camp_scoring=CampScoring(camps))


def test_a_machine_under_pinned_variants_starts_from_a_pasteable_call(
        report: tuple[dict[str, str], Path]) -> None:
    section = report[0]["test_machine"]
    assert len(section.encode()) < LIMIT, section
    start = re.search(r"state\.start_game\(start=(replay_game\(2[^)]*\))\)", section)
    assert start, section
    code = start.group(1)
    assert "camp_scoring='per-camp'" in code and "bonus_river=True" in code, code
    state = pasted(code)
    assert isinstance(state, GameState)
    assert state == state_from_json(failed_on(report, "test_machine"))
