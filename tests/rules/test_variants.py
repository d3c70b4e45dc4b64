"""The rule options where the rulebook reads two ways (variants R-V1 and R-V2 of the rules
reference), played through the engine with the numbers worked by hand.

- R-V1, ``Rules(amazon_ranking=...)``: after a tie for first in an Amazon scoring the
  next boat is second (``DENSE``, the default) or third (``COMPETITION``); the final
  river scoring stays dense either way (R-E5); with two players (R-A3) either ranking
  scores as the rulebook says; an explanation names the variant only when it changed
  the result.
- R-V2, ``Rules(camp_scoring=...)``: a jungle pays its animals once to its majority
  (``PER_JUNGLE``, the default, R-E4) or once per camp of the majority holder there
  (``PER_CAMP``).

The options carried through ``Rules``, snapshots, records and the command-line tool are
tested in ``test_variants_carried.py``, random play under every combination of them in
``test_variants_random_play.py``; the bonus river tiles (R-V3) in
``tests/tiles/test_bonus_river.py``; how ``Rules`` reads and writes the options by name
in ``test_rules.py``.
"""

from __future__ import annotations

import random

import pytest

import carcassonne_amazonas
from carcassonne_amazonas import (
    AmazonRanking,
    AmazonScored,
    BoatAdvanced,
    BoatReason,
    CampScoring,
    Event,
    JungleScored,
    Pass,
    PlaceCamp,
    PlaceTile,
    Position,
    RiverScored,
    Rules,
    apply_action_with_events,
    legal_actions,
    new_game,
)
from carcassonne_amazonas.render.explain import describe_events
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
from carcassonne_amazonas.tiles.layout import Terrain
from scenario import R0, R90, events_of, mini_tileset, play, segment_index, start_game, turn

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


