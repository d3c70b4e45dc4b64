"""The rule options where the rulebook reads two ways (variants R-V1 and R-V2 of the rules
reference), played through the engine with the numbers worked by hand, and carried
through snapshots, records, explanations and the command-line tool.

- R-V1, ``Rules(amazon_ranking=...)``: after a tie for first in an Amazon scoring the
  next boat is second (``DENSE``, the default) or third (``COMPETITION``); the final
  river scoring stays dense either way.
- R-V2, ``Rules(camp_scoring=...)``: a jungle pays its animals once to its majority
  (``PER_JUNGLE``, the default, R-E4) or once per camp of the majority holder there
  (``PER_CAMP``).

The bonus river tiles (R-V3) are tested in ``test_bonus_river.py``; how ``Rules`` reads
and writes the options by name in ``test_rules.py``.

Random play under every combination of the options (R-V1 competition ranking, R-V2
per-camp scoring, R-V3 the bonus river tiles): a few whole games per combination,
seeded and with explicit draws, 2-5 players.  After every action: every invariant of
``check_invariants`` holds; the events account for every point and boat move; each
Amazon scoring ranks the boats by the game's option (R-V1) and scores by it
(R-A1–R-A3), and those who scored nothing advance (R-A4); the track is the start side
plus 1 per Amazon tile and 2 per double tile placed (R-T9), with at most one double per
"!" tile (R-T3).  At the end: each jungle pays by the game's camp scoring (R-V2, R-E4,
R-M1), the river stays dense (R-E5), the track is as long as in a base game, scores stay
within the observation's bound, and the game survives a snapshot and a record round
trip.
"""

from __future__ import annotations

import json
import random
import subprocess
from collections import Counter
from pathlib import Path

import pytest

import carcassonne_amazonas
from carcassonne_amazonas import (
    AmazonRanking,
    AmazonScored,
    BoatAdvanced,
    BoatReason,
    CampScoring,
    Event,
    FeatureScored,
    GameRecord,
    JungleScored,
    Pass,
    PlaceCamp,
    PlaceTile,
    Position,
    RecordError,
    RiverScored,
    Rules,
    TileKind,
    apply_action_with_events,
    legal_actions,
    new_game,
    reference_tileset,
    state_from_json,
    state_to_json,
)
from carcassonne_amazonas.ai.observation import observation_layout, observation_upper_bounds
from carcassonne_amazonas.render.explain import describe_events, variants_text
from carcassonne_amazonas.rules.boat_track import (
    amazon_scoring,
    competition_ranks,
    dense_ranks,
    rank_points,
    ranks,
)
from carcassonne_amazonas.rules.features import Feature, node_of
from carcassonne_amazonas.rules.scoring import river_points, score_jungle
from carcassonne_amazonas.rules.state import GameState
from carcassonne_amazonas.testing import check_invariants
from carcassonne_amazonas.tiles.tileset import Terrain
from cli_helpers import run_here
from games import play_random, random_action
from scenario import (
    R0,
    R90,
    events_of,
    mini_tileset,
    play,
    segment_index,
    start_game,
    turn,
)
from test_docs import DOCS, TEST_REFERENCE, rule_section

DENSE, COMPETITION = AmazonRanking.DENSE, AmazonRanking.COMPETITION
PER_JUNGLE, PER_CAMP = CampScoring.PER_JUNGLE, CampScoring.PER_CAMP


# ---------------------------------------------------------------------------- R-V1 functions

@pytest.mark.parametrize(("boats", "dense", "competition"), [
    ((9, 9, 7), (1, 1, 2), (1, 1, 3)),
    ((9, 7, 7, 5), (1, 2, 2, 3), (1, 2, 2, 4)),
    ((4, 4, 4, 2, 1), (1, 1, 1, 2, 3), (1, 1, 1, 4, 5)),
    ((3, 5), (2, 1), (2, 1)),
    ((6, 6), (1, 1), (1, 1)),
])
def test_v1_competition_ranks_skip_the_places_of_a_tie(
        boats: tuple[int, ...], dense: tuple[int, ...], competition: tuple[int, ...]) -> None:
    """R-V1: competition rank = 1 + the boats strictly ahead; dense rank (R-A1) counts
    occupied spaces.  They differ only behind a tie."""
    assert dense_ranks(boats) == ranks(boats) == ranks(boats, DENSE) == dense
    assert competition_ranks(boats) == ranks(boats, COMPETITION) == competition


def test_v1_amazon_scoring_by_hand() -> None:
    """R-V1 with R-A2: a tile with 3 caimans and 1 piranha, boats on 9, 9, 7, 5.
    Dense: 9 and 9 first (3 + 1 = 4 each), 7 second (1), 5 third (0).
    Competition: 9 and 9 first (4 each), 7 third (0), 5 fourth (0).
    Worked example 5 (one leader, two tied second) is the same in both readings."""
    assert amazon_scoring((9, 9, 7, 5), 3, 1) == (4, 4, 1, 0)
    assert amazon_scoring((9, 9, 7, 5), 3, 1, DENSE) == (4, 4, 1, 0)
    assert amazon_scoring((9, 9, 7, 5), 3, 1, COMPETITION) == (4, 4, 0, 0)
    assert amazon_scoring((9, 7, 7, 5), 3, 1, COMPETITION) == (4, 1, 1, 0)
    assert amazon_scoring((9, 7, 7, 5), 3, 1, DENSE) == (4, 1, 1, 0)


def test_v1_the_river_scoring_stays_dense() -> None:
    """R-V1 applies to Amazon scorings only; R-E5 ranks densely, as the rulebook
    spells out: boats 9, 9, 7, 5 with 4-5 players score 7, 7, 4, 1 (competition
    ranks 1, 1, 3, 4 would give 7, 7, 1, 0)."""
    assert river_points((9, 9, 7, 5), (7, 4, 1)) == (7, 7, 4, 1)
    assert rank_points((9, 9, 7, 5), (7, 4, 1), COMPETITION) == (7, 7, 1, 0)


# ---------------------------------------------------------------------------- R-V1 in play

def _tie_for_first(ranking: AmazonRanking) -> tuple[GameState, GameState, tuple[Event, ...]]:
    """Three players.  Yellow and red each place a village cap and pass (R-T5c: boats
    1 -> 2); green places A1.1 (3 caimans, 1 piranha) and puts a camp on it, so its
    boat stays on 1.  Returns the state before the piece step, after it, and the
    piece step's events."""
    state = start_game(3, "S05.1", "S05.2", "A1.1", amazon_ranking=ranking)
    state, _ = turn(state, -1, 0, R0)
    state, _ = turn(state, 2, 0, R0)
    assert state.boats == (2, 2, 1)
    amazon = state.tile_in_hand
    assert amazon is not None and amazon.name == "A1.1"
    state, _ = play(state, PlaceTile(Position(0, 4), R0))
    camp = PlaceCamp(Position(0, 4), segment_index(amazon, "west"))
    after, events = apply_action_with_events(state, camp)
    return state, after, events


def test_v1_tie_for_first_then_second_or_third_by_hand() -> None:
    """R-V1 with R-A1–R-A4, worked by hand.  Boats yellow 2, red 2, green 1 when
    A1.1 (3 caimans + 1 piranha) is scored:

    - dense (default): yellow and red first, 3 + 1 = 4 each; green second, the
      piranha, 1.  Everybody scored, nobody advances: scores 4, 4, 1; boats 2, 2, 1.
    - competition: yellow and red first, 4 each; green is third, scores 0 and
      advances 1 (R-A4): scores 4, 4, 0; boats 2, 2, 2.
    """
    _, dense, events = _tie_for_first(DENSE)
    assert events_of(events, AmazonScored) == [
        AmazonScored(dense.board.placements[-1].tile.id, 3, 1, (1, 1, 2), (4, 4, 1), DENSE)]
    assert events_of(events, BoatAdvanced) == []
    assert (dense.scores, dense.boats) == ((4, 4, 1), (2, 2, 1))

    _, competition, events = _tie_for_first(COMPETITION)
    tile = competition.board.placements[-1].tile.id
    assert events_of(events, AmazonScored) == [
        AmazonScored(tile, 3, 1, (1, 1, 3), (4, 4, 0), COMPETITION)]
    assert events_of(events, BoatAdvanced) == [
        BoatAdvanced(2, BoatReason.AMAZON_SCORING, 1, 2)]
    assert (competition.scores, competition.boats) == ((4, 4, 0), (2, 2, 2))
    assert competition.players[2].breakdown.amazon == 0


def test_v1_explanation_names_the_variant_when_it_changed_the_result() -> None:
    """R-V1: the explanation says "competition ranking: green is third" and cites R-V1;
    under dense ranking it does not mention the variant."""
    before, _, events = _tie_for_first(COMPETITION)
    camp = PlaceCamp(Position(0, 4), segment_index(before.board.placements[-1].tile, "west"))
    lines = describe_events(before, camp, events)
    amazon = next(line for line in lines if line.startswith("Amazon scoring"))
    assert "boats ranked yellow 1st, red 1st, green 3rd" in amazon
    assert "competition ranking: green is third, not second, and scores nothing" in amazon
    assert amazon.endswith("(R-A1\u2013R-A3, R-V1)")
    before, _, events = _tie_for_first(DENSE)
    amazon = next(line for line in describe_events(before, camp, events)
                  if line.startswith("Amazon scoring"))
    assert "competition" not in amazon and "V1" not in amazon
    assert "green 2nd" in amazon


def test_v1_explanation_is_silent_when_the_ranking_changed_nothing() -> None:
    """R-V1 changes nothing without a tie for first: one leader, the others behind."""
    event = AmazonScored(carcassonne_amazonas.TileId(66), 3, 1, (1, 2, 3), (4, 1, 0),
                         COMPETITION)
    state = new_game(3, seed=1, rules=Rules(amazon_ranking=COMPETITION))
    camp = PlaceCamp(Position(0, 4), 0)
    [line] = describe_events(state, camp, [event])
    assert "V1" not in line


# ---------------------------------------------------------------------------- R-V1 with R-A3

def _two_players(ranking: AmazonRanking, yellow_passes: int) -> tuple[GameState, AmazonScored]:
    """Two players: yellow passes ``yellow_passes`` times (its boat goes 1 -> 1 + that),
    red places village caps with a meeple (its boat stays on 1), then red places
    A1.1 (3 caimans, 1 piranha) with a camp on it."""
    caps = [f"S05.{k}" for k in range(1, 2 * yellow_passes)]
    state = start_game(2, *caps, "A1.1", amazon_ranking=ranking)
    cells = [(-1, 0), (2, 0), (0, -1)]
    for k in range(len(caps)):
        x, y = cells[k]
        state, _ = turn(state, x, y, R0, meeple=None if k % 2 == 0 else "v")
    amazon = state.tile_in_hand
    assert amazon is not None and amazon.name == "A1.1"
    state, events = play(state, PlaceTile(Position(0, 4), R0),
                         PlaceCamp(Position(0, 4), segment_index(amazon, "west")))
    [scored] = events_of(events, AmazonScored)
    return state, scored


@pytest.mark.parametrize("ranking", list(AmazonRanking))
def test_a3_two_players_with_competition_ranking_directly_behind(
        ranking: AmazonRanking) -> None:
    """R-A3 with R-V1, worked by hand: with 2 players there is no boat behind a tie,
    so both rankings agree.  Yellow passes once (boat 2), red stays on 1, directly
    behind: yellow first, 3 + 1 = 4; red second, the piranha, 1.  Nobody advances."""
    state, scored = _two_players(ranking, 1)
    assert (scored.ranks, scored.points, scored.ranking) == ((1, 2), (4, 1), ranking)
    assert (state.scores, state.boats) == ((4, 1), (2, 1))


@pytest.mark.parametrize("ranking", list(AmazonRanking))
def test_a3_two_players_with_competition_ranking_two_behind(ranking: AmazonRanking) -> None:
    """R-A3 with R-V1, worked by hand: yellow passes twice (boat 3), red stays on 1,
    two spaces behind: yellow 4; red is second in either ranking but not directly
    behind, so it scores 0 and advances to 2 (R-A4)."""
    state, scored = _two_players(ranking, 2)
    assert (scored.ranks, scored.points) == ((1, 2), (4, 0))
    assert (state.scores, state.boats) == ((4, 0), (3, 2))


@pytest.mark.parametrize("ranking", list(AmazonRanking))
def test_a3_two_players_on_one_space_are_both_first_in_either_ranking(
        ranking: AmazonRanking) -> None:
    """R-A3 with R-V1: boats 5 and 5 are both first (4 each), in either ranking;
    boats 5 and 4: second directly behind (1); 5 and 3: nothing."""
    assert amazon_scoring((5, 5), 3, 1, ranking) == (4, 4)
    assert amazon_scoring((5, 4), 3, 1, ranking) == (4, 1)
    assert amazon_scoring((5, 3), 3, 1, ranking) == (4, 0)
    assert ranks((5, 5), ranking) == (1, 1)


# ---------------------------------------------------------------------------- R-V2

CAMP_TILES = """
layout CAP standard x2 "village cap"
  village v  N
  jungle  j  E S W
  copy j:animal
  copy
layout TR standard x1 "straight tributary"
  tributary t  N S
  jungle    w  N1 W S3
  jungle    e  N3 E S1
  copy e:animal*2
layout ROCK standard x1 "tributary ending at a rock"
  tributary t  S
  jungle    j  N E S1 S3 W
  copy j:animal
"""


def _two_camps_in_one_jungle(camp_scoring: CampScoring) -> tuple[GameState, list[JungleScored]]:
    """A four-tile game: yellow camps in the jungle north-east of the start tile (1
    animal), red plays elsewhere, yellow camps in the jungle south-east of it (2
    animals), red's rock tile (1 animal) joins the two jungles and ends the game."""
    state = start_game(2, "CAP.1", "CAP.2", "TR.1", "ROCK.1", tileset=mini_tileset(CAMP_TILES),
                       camp_scoring=camp_scoring)
    state, _ = turn(state, 2, 0, R0, camp="j")
    state, _ = turn(state, -1, 0, R0)
    state, _ = turn(state, 2, 3, R90, camp="e")
    state, events = turn(state, 3, 3, R90)
    assert state.is_terminal
    return state, events_of(events, JungleScored)


def test_v2_two_camps_of_one_player_in_one_jungle_by_hand() -> None:
    """R-V2 with R-E4, worked by hand.  The joined jungle holds 1 + 2 + 1 = 4 animals
    and both of yellow's camps.  Red passed twice (boat 3), yellow never (boat 1): red
    first on the river, 6; yellow two behind, 0 (R-E5, R-A3).

    - per jungle (default): yellow 4 for the jungle: yellow 4, red 6, red wins.
    - per camp: each of yellow's 2 camps scores the 4 animals, 2 x 4 = 8: yellow 8,
      red 6, yellow wins.
    """
    state, [jungle] = _two_camps_in_one_jungle(PER_JUNGLE)
    assert jungle == JungleScored(jungle.tiles, 4, (2, 0), (4, 0), PER_JUNGLE)
    assert state.scores == (4, 6) and state.winners == (1,)
    assert state.final_scoring is not None and state.final_scoring[0].camps == 4

    state, [jungle] = _two_camps_in_one_jungle(PER_CAMP)
    assert jungle == JungleScored(jungle.tiles, 4, (2, 0), (8, 0), PER_CAMP)
    assert state.scores == (8, 6) and state.winners == (0,)
    assert state.final_scoring is not None and state.final_scoring[0].camps == 8
    assert state.players[0].breakdown.camps == 8


def test_v2_explanation_names_the_variant_when_it_changed_the_result() -> None:
    """R-V2: the jungle line says how the camps scored and cites R-V2."""
    before = start_game(2, "CAP.1", "CAP.2", "TR.1", "ROCK.1",
                        tileset=mini_tileset(CAMP_TILES), camp_scoring=PER_CAMP)
    before, _ = turn(before, 2, 0, R0, camp="j")
    before, _ = turn(before, -1, 0, R0)
    before, _ = turn(before, 2, 3, R90, camp="e")
    before, _ = play(before, PlaceTile(Position(3, 3), R90))
    _, events = apply_action_with_events(before, Pass())
    line = next(text for text in describe_events(before, Pass(), events) if "jungle" in text)
    assert line == ("final scoring: jungle of 4 tiles with 4 animals, camps yellow 2: "
                    "yellow +8; per-camp scoring: yellow's 2 camps score 4 animals each "
                    "(R-E4, R-V2)")


def _jungle(animals: int, camps: tuple[int, ...]) -> Feature:
    """A jungle over one segment per camp (owners ``camps``) plus one without."""
    nodes = tuple(node_of(i + 1, 0) for i in range(len(camps) + 1))
    return Feature(Terrain.JUNGLE, nodes, 3, 0, 0, animals,
                   tuple((nodes[i], owner) for i, owner in enumerate(camps)))


@pytest.mark.parametrize(("camps", "per_jungle", "per_camp"), [
    ((0, 0, 1), (5, 0, 0), (10, 0, 0)),   # yellow 2 camps beat red's 1: red scores nothing
    ((0, 1), (5, 5, 0), (5, 5, 0)),       # one camp each: a tie, 5 each in both readings
    ((0, 0, 1, 1), (5, 5, 0), (10, 10, 0)),  # two camps each: 2 x 5 each per camp
    ((2,), (0, 0, 5), (0, 0, 5)),         # a single camp: the readings agree
])
def test_v2_the_majority_still_decides_who_scores(
        camps: tuple[int, ...], per_jungle: tuple[int, ...], per_camp: tuple[int, ...]) -> None:
    """R-V2 with R-M1, worked by hand for a jungle of 5 animals and 3 players: only
    the players with the most camps there score; per camp they score 5 per camp."""
    jungle = _jungle(5, camps)
    assert score_jungle(jungle, 3).points == per_jungle
    assert score_jungle(jungle, 3, PER_JUNGLE).points == per_jungle
    assert score_jungle(jungle, 3, PER_CAMP).points == per_camp
    assert score_jungle(jungle, 3, PER_CAMP).pieces == tuple(camps.count(p) for p in range(3))


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


def test_river_scoring_in_a_competition_game_is_dense() -> None:
    """R-V1 leaves R-E5 alone: in whole games under competition ranking the
    RiverScored ranks are the dense ranks of the boats."""
    for seed in (1, 2):
        state = new_game(4, seed=seed, rules=Rules(amazon_ranking=COMPETITION))
        rng = random.Random(seed)
        events: list[Event] = []
        while not state.is_terminal:
            state, caused = apply_action_with_events(state, rng.choice(legal_actions(state)))
            events.extend(caused)
        [river] = [e for e in events if isinstance(e, RiverScored)]
        assert river.ranks == dense_ranks(state.boats)
        assert river.points == river_points(state.boats, (7, 4, 1))


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


# ---------------------------------------------------------------------------- random play

COMBINATIONS = [(ranking, camps, bonus) for ranking in AmazonRanking for camps in CampScoring
                for bonus in (False, True)]
# Each combination once, with explicit draws when an odd number of its options differ
# from the defaults: each draw mode meets each value of each option (R-V1–R-V3), as the
# 16 setups of every combination in both modes did, in half the games.
SETUPS = [((ranking, camps, bonus),
           "explicit" if ((ranking is AmazonRanking.COMPETITION) + (camps is CampScoring.PER_CAMP)
                          + bonus) % 2 else "seeded")
          for ranking, camps, bonus in COMBINATIONS]


def _id(setup: tuple[tuple[AmazonRanking, CampScoring, bool], str]) -> str:
    (ranking, camps, bonus), draws = setup
    return f"{ranking.value}-{camps.value}-{'bonus' if bonus else 'base'}-{draws}"


@pytest.mark.parametrize("setup", SETUPS, ids=[_id(s) for s in SETUPS])
def test_random_play_under_every_combination_of_options(
        setup: tuple[tuple[AmazonRanking, CampScoring, bool], str]) -> None:
    (ranking, camp_scoring, bonus), draws = setup
    index = SETUPS.index(setup)
    num_players = 2 + index % 4
    rules = Rules(tileset=reference_tileset(bonus_river=bonus), amazon_ranking=ranking,
                  camp_scoring=camp_scoring)
    if draws == "explicit":
        state = new_game(num_players, draws="explicit", rules=rules)
    else:
        state = new_game(num_players, seed=900 + index, rules=rules)
    rng = random.Random(index)
    initial = state
    actions = []
    start = rules.tileset.start_side(num_players).river_spaces
    all_doubles = Counter(t.id for t in rules.tileset.double_tiles)
    while not state.is_terminal:
        action = random_action(state, rng)
        after, events = apply_action_with_events(state, action)
        _check_step(state, after, events, rules)
        assert check_invariants(after) == []
        kinds = Counter(p.tile.kind for p in after.board.placements)
        exclamations = sum(1 for p in after.board.placements if p.tile.layout.exclamation)
        assert after.track_length == start + kinds[TileKind.AMAZON] + 2 * kinds[TileKind.DOUBLE]
        assert kinds[TileKind.DOUBLE] <= exclamations
        placed = Counter(p.tile.id for p in after.board.placements
                         if p.tile.kind is TileKind.DOUBLE)
        hand = after.tile_in_hand
        in_hand = Counter([hand.id] if hand is not None and hand.kind is TileKind.DOUBLE else [])
        assert placed + in_hand + Counter(t.id for t in after.doubles_left) == all_doubles
        actions.append(action)
        state = after
    assert state.track_length == start + 15 + 2 * 3
    assert len(state.doubles_left) == len(rules.tileset.double_tiles) - 3
    layout = observation_layout(rules)
    bound = observation_upper_bounds(rules)[layout.field("scores")][0]
    assert max(state.scores) <= bound
    assert state_from_json(state_to_json(state)) == state
    record = GameRecord.from_json(GameRecord.from_game(initial, actions).to_json())
    assert record.rules == rules and record.final_state() == state


def _check_step(before: GameState, after: GameState, events: tuple[object, ...],
                rules: Rules) -> None:
    """The events of one action, read against the options."""
    boats = list(before.boats)
    gained = [0] * before.num_players
    for index, event in enumerate(events):
        if isinstance(event, BoatAdvanced):
            assert event.from_space == boats[event.player]
            boats[event.player] = event.to_space
        elif isinstance(event, AmazonScored):
            assert event.ranking is rules.amazon_ranking  # R-V1
            assert event.ranks == ranks(tuple(boats), rules.amazon_ranking)
            assert event.points == amazon_scoring(tuple(boats), event.caimans,
                                                  event.piranhas, rules.amazon_ranking)
            # R-A4: right after it, each player who scored nothing advances 1 (R-T9 may stop
            # a boat at the end of the track), and nobody else.
            nothing = {p for p, points in enumerate(event.points)
                       if not points and boats[p] < after.track_length}
            advanced = set()
            for later in events[index + 1:]:
                if not isinstance(later, BoatAdvanced):
                    break
                assert later.reason is BoatReason.AMAZON_SCORING
                assert later.to_space == later.from_space + 1
                advanced.add(later.player)
            assert advanced == nothing
        elif isinstance(event, JungleScored):
            assert event.camp_scoring is rules.camp_scoring  # R-V2
            most = max(event.camps)
            for camps, points in zip(event.camps, event.points):
                per_camp = camps if rules.camp_scoring is CampScoring.PER_CAMP else 1
                assert points == (event.animals * per_camp if camps == most else 0)  # R-M1
        elif isinstance(event, RiverScored):
            assert event.ranks == dense_ranks(tuple(boats))  # R-E5 stays dense
        if isinstance(event, (AmazonScored, JungleScored, RiverScored, FeatureScored)):
            for player, points in enumerate(event.points):
                gained[player] += points
    assert tuple(boats) == after.boats
    assert [a - b for a, b in zip(after.scores, before.scores)] == gained
