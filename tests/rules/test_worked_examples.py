"""The worked examples of docs/rules.md about features and the final scoring, each played
through the engine: completed tributaries and villages (examples 3, 4, R-T7), joined
features and their majority (examples 6, 7, R-M1), the final scoring of features, camps
(example 8, R-E2–R-E4) and the river (example 9, R-E5).  The examples about boats and
Amazon scorings are in ``test_worked_examples_boats.py``.

Where an example's exact numbers cannot come from the reference tiles (or the
example is about ranking arithmetic), it is also checked on the pure rule
functions (``boat_track``, ``scoring``) with exactly the example's numbers.
Positions follow README's conventions; see ``tests/scenario.py``.
"""

from __future__ import annotations

from carcassonne_amazonas import FinalScore, Phase, Position, Terrain
from carcassonne_amazonas.rules.boat_track import dense_ranks, rank_points
from carcassonne_amazonas.rules.events import (
    BoatAdvanced,
    BoatReason,
    FeatureScored,
    GameOver,
    JungleScored,
    RiverScored,
)
from carcassonne_amazonas.rules.features import Feature, node_of
from carcassonne_amazonas.rules.scoring import (
    completed_points,
    final_feature_values,
    jungle_points,
    river_points,
    score_feature,
    unfinished_points,
)
from scenario import (
    R0,
    R90,
    R180,
    R270,
    events_of,
    mini_tileset,
    start_game,
    turn,
)

MEEPLE = BoatReason.BOAT_ICONS_MEEPLE
JOINED = BoatReason.BOAT_ICONS_JOINED
NO_PIECE = BoatReason.NO_PIECE


def feature(terrain: Terrain, tiles: int, *, fruit: int = 0, animals: int = 0,
            open_ports: int = 0, owners: tuple[int, ...] = ()) -> Feature:
    """A feature over ``tiles`` distinct placed tiles, with a piece of each owner."""
    nodes = tuple(node_of(i, 0) for i in range(tiles))
    pieces = tuple((nodes[0], owner) for owner in owners)
    return Feature(terrain=terrain, nodes=nodes, open_ports=open_ports, boats=0, fruit=fruit,
                   animals=animals, pieces=pieces)


# ---------------------------------------------------------------------------- example 3


def test_example_3_completed_tributary_of_three_tiles_one_fruit_scores_four() -> None:
    """Worked example 3 (R-T7): rock - straight (1 Fruit icon) - rock-and-village-cap,
    completed: 3 tiles + 1 Fruit = 4 points; the meeple returns."""
    state = start_game(2, "S02.1", "S01.6", "S18.1")
    # Player 0: a tributary ending at a rock, its open end facing west; meeple.
    state, _ = turn(state, 0, -1, R90, meeple="t")
    assert state.players[0].meeples_in_supply == 3
    # Player 1: the straight tributary with the Fruit icon extends it west.
    state, events = turn(state, -1, -1, R90)
    assert events_of(events, FeatureScored) == []
    # Player 0: a tributary ending at a rock closes the west end.
    state, events = turn(state, -2, -1, R270)
    scored = events_of(events, FeatureScored)
    assert scored == [FeatureScored(
        Terrain.TRIBUTARY, (Position(0, -1), Position(-1, -1), Position(-2, -1)), 1,
        (4, 0), (1, 0))]
    assert state.scores == (4, 0)
    assert state.players[0].breakdown.tributaries == 4
    assert state.players[0].meeples_in_supply == 4
    assert list(state.pieces()) == []


def test_example_3_arithmetic() -> None:
    """Worked example 3 (R-T7) on the scoring function: 1 per tile + 1 per Fruit icon."""
    assert completed_points(feature(Terrain.TRIBUTARY, 3, fruit=1)) == 4


# ---------------------------------------------------------------------------- example 4


def test_example_4_completed_village_of_three_tiles_one_fruit_scores_seven() -> None:
    """Worked example 4 (R-T7): cap - village across (1 Fruit icon) - cap,
    completed: 2 x 3 tiles + 1 Fruit = 7 points; the meeple returns."""
    state = start_game(2, "S05.1", "S12.1", "S05.2")
    state, _ = turn(state, 2, 0, R90, meeple="v")          # cap facing east
    state, events = turn(state, 3, 0, R90)                 # village runs west-east
    assert events_of(events, FeatureScored) == []
    state, events = turn(state, 4, 0, R270)                # cap facing west closes it
    assert events_of(events, FeatureScored) == [FeatureScored(
        Terrain.VILLAGE, (Position(2, 0), Position(3, 0), Position(4, 0)), 1, (7, 0), (1, 0))]
    assert state.scores == (7, 0)
    assert state.players[0].breakdown.villages == 7
    assert state.players[0].meeples_in_supply == 4


def test_example_4_arithmetic() -> None:
    """Worked example 4 (R-T7) on the scoring function: 2 per tile + 1 per Fruit icon."""
    assert completed_points(feature(Terrain.VILLAGE, 3, fruit=1)) == 7


# ---------------------------------------------------------------------------- example 6


def test_example_6_joining_two_players_tributaries() -> None:
    """Worked example 6 (R-T4, R-T5c, R-T7, R-M1): player 0's tributary (0 Boat
    icons) and player 1's (1 Boat icon) are joined by player 0's tile (1 Boat
    icon), who places no piece: player 0 gains 2 icons and advances 3, player 1
    gains 1 and advances 1.  The joined tributary is complete, 4 tiles (the
    start tile's west creek included) and 1 Fruit icon: both score 5."""
    state = start_game(2, "S18.2", "S03.6", "S01.4")
    # Player 0: village cap over a tributary ending at a rock (1 Fruit), open end south.
    state, events = turn(state, -1, 0, R0, meeple="t")
    assert events_of(events, BoatAdvanced) == []
    # Player 1: a curve (1 Boat icon) joins the start tile's west creek; open end north.
    state, events = turn(state, -1, 2, R180, meeple="t")
    assert events_of(events, BoatAdvanced) == [BoatAdvanced(1, MEEPLE, 1, 2)]
    assert state.boats == (1, 2)
    # Player 0: a straight tributary (1 Boat icon) joins both and completes them.
    state, events = turn(state, -1, 1, R0)
    assert events_of(events, BoatAdvanced) == [
        BoatAdvanced(0, JOINED, 1, 3),
        BoatAdvanced(1, JOINED, 2, 3),
        BoatAdvanced(0, NO_PIECE, 3, 4),
    ]
    scored = events_of(events, FeatureScored)
    assert len(scored) == 1
    assert scored[0].terrain is Terrain.TRIBUTARY
    assert len(scored[0].tiles) == 4
    assert set(scored[0].tiles) == {Position(0, 0), Position(-1, 0), Position(-1, 2),
                                    Position(-1, 1)}
    assert scored[0].fruit == 1
    assert scored[0].points == (5, 5)
    assert scored[0].meeples_returned == (1, 1)
    assert state.scores == (5, 5)
    assert state.boats == (4, 3)
    assert [p.meeples_in_supply for p in state.players] == [4, 4]


def test_example_6_arithmetic() -> None:
    """Worked example 6 (R-T7, R-M1): one meeple each is a tie; both score 4 + 1."""
    joined = feature(Terrain.TRIBUTARY, 4, fruit=1, owners=(0, 3))
    assert joined.majority() == (0, 3)
    assert score_feature(joined, completed_points(joined), 5).points == (5, 0, 0, 5, 0)


# ---------------------------------------------------------------------------- example 7


def test_example_7_three_villages_joined_majority_scores_thirteen() -> None:
    """Worked example 7 (R-T7, R-M1): three villages, two with player 0's
    meeples and one with player 1's, are joined and completed by one tile:
    5 tiles and 3 Fruit icons: player 0 scores 2 x 5 + 3 = 13, player 1 0;
    all three meeples return."""
    state = start_game(2, "S19.1", "S05.1", "S05.5", "S10.2", "S14.3")
    state, _ = turn(state, 1, -1, R90, meeple="v")   # P0: cap facing east (north creek below)
    state, _ = turn(state, 2, 0, R0, meeple="v")     # P1: cap facing north
    state, _ = turn(state, 3, 0, R0, meeple="v")     # P0: cap facing north (1 Fruit)
    state, events = turn(state, 3, -1, R180)         # P1: village south+west (1 Fruit), joins it
    assert events_of(events, FeatureScored) == []
    assert [p.meeples_in_supply for p in state.players] == [2, 3]
    # P0: village over three edges (1 Fruit) at (2,-1): west, south and east villages.
    state, events = turn(state, 2, -1, R180)
    assert events_of(events, FeatureScored) == [FeatureScored(
        Terrain.VILLAGE,
        (Position(1, -1), Position(2, 0), Position(3, 0), Position(3, -1), Position(2, -1)),
        3, (13, 0), (2, 1))]
    assert state.scores == (13, 0)
    assert [p.meeples_in_supply for p in state.players] == [4, 4]


def test_example_7_arithmetic() -> None:
    """Worked example 7 (R-T7, R-M1) on the scoring functions: 2 meeples beat 1."""
    village = feature(Terrain.VILLAGE, 5, fruit=3, owners=(0, 0, 3))
    assert village.majority() == (0,)
    result = score_feature(village, completed_points(village), 4)
    assert result.points == (13, 0, 0, 0)
    assert result.pieces == (2, 0, 0, 1)


# ---------------------------------------------------------------------------- example 8

EXAMPLE_8_TILES = """
layout TR standard x2 "straight tributary"
  tributary t  N S
  jungle    w  N1 W S3
  jungle    e  N3 E S1
  copy     t:fruit e:animal
  copy     e:animal*2

layout VA standard x2 "village across the tile"
  village v  N S
  jungle  w  W
  jungle  e  E
  copy     v:fruit
  copy     v:fruit w:animal*5
"""


def test_example_8_final_scoring_of_unfinished_features_and_camps() -> None:
    """Worked example 8 (R-E1–R-E5): at the end an unfinished tributary of 2 tiles
    + 1 Fruit icon gives 3, an unfinished village of 2 tiles + 2 Fruit icons
    gives 4, camps in jungles of 3 and 5 animals give 3 and 5.  Both boats are
    still on the source: tied first, 6 each (2 players)."""
    tiles = mini_tileset(EXAMPLE_8_TILES)
    state = start_game(2, "TR.1", "VA.1", "TR.2", "VA.2", tileset=tiles)
    state, _ = turn(state, 2, 0, R0, meeple="t")      # P0: tributary (1 Fruit), open N and S
    state, _ = turn(state, -1, 0, R0, meeple="v")     # P1: village (1 Fruit), open N and S
    state, _ = turn(state, 2, -1, R0, camp="e")       # P0: extends the tributary; camp east:
    #                                                   jungle of (2,0).e + (2,-1).e = 3 animals
    assert not state.is_terminal
    state, events = turn(state, -1, 1, R0, camp="w")  # P1: extends the village; camp on 5 animals
    assert state.is_terminal
    assert state.phase is Phase.GAME_OVER
    assert state.tiles_left == 0
    finals = {(f.terrain, len(f.tiles), f.fruit, f.points, f.final, f.meeples_returned)
              for f in events_of(events, FeatureScored)}
    assert finals == {(Terrain.TRIBUTARY, 2, 1, (3, 0), True, (0, 0)),
                      (Terrain.VILLAGE, 2, 2, (0, 4), True, (0, 0))}
    jungles = sorted((j.animals, j.camps, j.points) for j in events_of(events, JungleScored))
    assert jungles == [(3, (1, 0), (3, 0)), (5, (0, 1), (0, 5))]
    assert events_of(events, RiverScored) == [RiverScored((1, 1), (6, 6))]
    assert state.final_scoring == (FinalScore(tributaries=3, villages=0, camps=3, river=6),
                                   FinalScore(tributaries=0, villages=4, camps=5, river=6))
    assert state.scores == (12, 15)
    assert state.winners == (1,)
    assert events_of(events, GameOver) == [GameOver((12, 15), (1,))]


def test_example_8_arithmetic() -> None:
    """Worked example 8 (R-E2, R-E3, R-E4) on the scoring functions."""
    tributary = feature(Terrain.TRIBUTARY, 2, fruit=1, open_ports=2, owners=(0,))
    village = feature(Terrain.VILLAGE, 2, fruit=2, open_ports=6, owners=(1,))
    small = feature(Terrain.JUNGLE, 1, animals=3, open_ports=5, owners=(0,))
    big = feature(Terrain.JUNGLE, 4, animals=5, open_ports=9, owners=(1,))
    assert unfinished_points(tributary) == 3
    assert unfinished_points(village) == 4
    assert jungle_points(small) == 3
    assert jungle_points(big) == 5
    values = {(f.terrain, v) for f, v in final_feature_values([tributary, village, small, big])}
    assert values == {(Terrain.TRIBUTARY, 3), (Terrain.VILLAGE, 4),
                      (Terrain.JUNGLE, 3), (Terrain.JUNGLE, 5)}


# ---------------------------------------------------------------------------- example 9

YELLOW, RED, GREEN, BLUE, BLACK = range(5)


def test_example_9_arithmetic() -> None:
    """Worked example 9 (R-E5), five players: Red first 7, Blue and Green tied
    second 4 each, Black third 1, Yellow (fourth) 0."""
    boats = (3, 20, 12, 12, 5)   # yellow, red, green, blue, black
    assert dense_ranks(boats) == (4, 1, 2, 2, 3)
    assert river_points(boats, (7, 4, 1)) == (0, 7, 4, 4, 1)
    assert rank_points(boats, (7, 4, 1)) == (0, 7, 4, 4, 1)


CAPS_15 = """
layout CAP standard x15 "village cap"
  village v  N
  jungle  j  E S W
  copy x15
"""


def test_example_9_final_river_scoring_five_players() -> None:
    """Worked example 9 (R-E5, R-E1), played: 5 players, 15 village caps in a row
    east of the start tile; passes (R-T5c) move the boats to Yellow 1, Red 4,
    Green 3, Blue 3, Black 2.  River: Red 7, Green and Blue 4, Black 1, Yellow 0."""
    tiles = mini_tileset(CAPS_15)
    state = start_game(5, tileset=tiles)
    assert state.track_length == 8
    # Per round, who places a meeple (True) or passes (False), in player order.
    rounds = [
        (True, False, False, False, False),
        (True, False, False, False, True),
        (True, False, True, True, True),
    ]
    x = 2
    for round_ in rounds:
        for player, meeple in enumerate(round_):
            assert state.current_player == player
            state, _ = turn(state, x, 0, R0, meeple="v" if meeple else None)
            x += 1
    assert state.is_terminal
    assert state.boats == (1, 4, 3, 3, 2)
    river = [f.river for f in state.final_scoring or ()]
    assert river == [0, 7, 4, 4, 1]
    assert state.winners == (RED,)
