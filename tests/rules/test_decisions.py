"""Every **Decision** of docs/rules.md, played through the public engine API:
R-C7 (stratified shuffle), R-G7 (unplaceable tile removed, same player draws
again), R-F8 (start and double tiles count once), R-T8 (two Amazon scorings, the
"!" tile's first), R-E4 (a jungle scores once) and R-E6 (tied players share the
victory).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from carcassonne_amazonas import (
    ChooseDouble,
    GameState,
    Pass,
    Phase,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rules,
    Shuffle,
    Terrain,
    Tile,
    TileId,
    TileKind,
    apply_action_with_events,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.rules.events import (
    AmazonScored,
    BoatAdvanced,
    BoatReason,
    FeatureScored,
    GameOver,
    JungleScored,
    RiverScored,
    TileDrawn,
    TilePlaced,
    TileRemoved,
)
from carcassonne_amazonas.rules.features import Feature, node_of
from carcassonne_amazonas.rules.pile import slice_plan
from carcassonne_amazonas.rules.scoring import final_feature_values, jungle_points, score_feature
from scenario import (
    R0,
    R90,
    R180,
    R270,
    events_of,
    mini_tileset,
    play,
    segment_index,
    start_game,
    tile_named,
    turn,
)

NO_PIECE = BoatReason.NO_PIECE
JOINED = BoatReason.BOAT_ICONS_JOINED
AMAZON = BoatReason.AMAZON_SCORING


def drawn_in_order(state: GameState) -> list[TileId]:
    """Play the game to its end (always the first legal action) and return every
    tile drawn, in draw order, removed ones (R-G7) included."""
    assert state.tile_in_hand is not None
    order = [t.id for t in state.removed] + [state.tile_in_hand.id]
    while not state.is_terminal:
        state, events = apply_action_with_events(state, legal_actions(state)[0])
        order.extend(e.tile for e in events if isinstance(e, TileDrawn))
    return order


def amazon_per_slice(order: Sequence[TileId], sizes: Sequence[int]) -> list[int]:
    tiles = reference_tileset()
    counts, start = [], 0
    for size in sizes:
        counts.append(sum(1 for i in order[start:start + size]
                          if tiles.tile(i).kind is TileKind.AMAZON))
        start += size
    return counts


# ---------------------------------------------------------------------------- R-C7


def test_c7_slice_plan_of_the_reference_set() -> None:
    """R-C7 Decision: 80 land tiles, 15 Amazon tiles, 5 slices: 16 tiles with 3
    Amazon tiles each; uneven counts spread as evenly as possible."""
    assert slice_plan(80, 15, 5) == ((16, 3),) * 5
    assert slice_plan(80, 15, 3) == ((27, 5), (27, 5), (26, 5))
    assert slice_plan(80, 15, 1) == ((80, 15),)


@pytest.mark.parametrize(("num_players", "seed"), [(2, 0), (3, 11), (4, 7), (5, 2024)])
def test_c7_default_shuffle_is_stratified(num_players: int, seed: int) -> None:
    """R-C7 Decision: by default every slice of 16 draws holds exactly 3 Amazon
    tiles; every land tile is drawn exactly once."""
    state = new_game(num_players, seed=seed)
    assert state.rules.shuffle is Shuffle.STRATIFIED
    order = drawn_in_order(state)
    assert sorted(order) == sorted(t.id for t in reference_tileset().land_tiles)
    assert amazon_per_slice(order, [16] * 5) == [3, 3, 3, 3, 3]


def test_c7_stratified_with_three_slices() -> None:
    """R-C7 Decision, the ``slices`` option: 27 + 27 + 26 draws, 5 Amazon tiles each."""
    order = drawn_in_order(new_game(3, seed=5, rules=Rules(slices=3)))
    assert amazon_per_slice(order, [27, 27, 26]) == [5, 5, 5]


def test_c7_order_inside_slices_is_random_and_seeded() -> None:
    """R-C7 Decision: the order inside each slice is random (the Amazon tiles are
    not always in the same places); the same seed gives the same pile."""
    tiles = reference_tileset()
    orders = [drawn_in_order(new_game(4, seed=seed)) for seed in range(6)]
    assert len({tuple(o) for o in orders}) == 6
    offsets = {i % 16 for o in orders for i, t in enumerate(o)
               if tiles.tile(t).kind is TileKind.AMAZON}
    assert len(offsets) > 3
    assert drawn_in_order(new_game(4, seed=3)) == orders[3]


def test_c7_uniform_option_is_a_plain_shuffle() -> None:
    """R-C7 rule option ``Shuffle.UNIFORM``: a plain shuffle, so the Amazon tiles
    are not forced to 3 per slice of 16 (seeds 0..4 include uneven piles)."""
    spreads = []
    for seed in range(5):
        order = drawn_in_order(new_game(4, seed=seed, rules=Rules(shuffle=Shuffle.UNIFORM)))
        assert sorted(order) == sorted(t.id for t in reference_tileset().land_tiles)
        spreads.append(amazon_per_slice(order, [16] * 5))
    assert all(sum(s) == 15 for s in spreads)
    assert any(s != [3, 3, 3, 3, 3] for s in spreads)


# ---------------------------------------------------------------------------- R-G7


def test_g7_unplaceable_tile_is_removed_and_same_player_draws_again() -> None:
    """R-G7 Decision: player 0 closes the start tile's village with a cap at (2,2);
    player 1 then draws the village-on-all-four-edges tile, which fits nowhere:
    it leaves the game and player 1 draws again."""
    state = start_game(2, "S05.1", "S09.1", "S01.1")
    unplaceable = tile_named("S09.1")
    # At the start the all-village tile would fit at (2,2), against the start village.
    assert any(isinstance(a, PlaceTile) for a in legal_actions(state))
    state, events = turn(state, 2, 2, R270)
    # The start village (start tile + cap) was completed; nobody had a meeple on it.
    assert [(f.terrain, len(f.tiles), f.points) for f in events_of(events, FeatureScored)] == [
        (Terrain.VILLAGE, 2, (0, 0))]
    next_tile = tile_named("S01.1")
    draws = [e for e in events if isinstance(e, (TileDrawn, TileRemoved))]
    assert draws == [TileDrawn(1, unplaceable.id), TileRemoved(1, unplaceable.id),
                     TileDrawn(1, next_tile.id)]
    assert state.current_player == 1
    assert state.phase is Phase.PLACE_TILE
    assert state.tile_in_hand == next_tile
    assert state.removed == (unplaceable,)
    assert state.tiles_left == 80 - 3
    assert legal_actions(state)
    assert state.boats == (2, 1)          # player 0 passed; removal moves no boat


def test_g7_last_tile_unplaceable_ends_the_game() -> None:
    """R-G7 with R-E1: when the last tile drawn fits nowhere it is removed and,
    with no tile left to draw, the game ends and the final scoring follows."""
    tiles = mini_tileset("""
layout CAP standard x1 "village cap"
  village v  N
  jungle  j  E S W
  copy
layout ALL standard x1 "village on all four edges"
  village v  N E S W
  copy v:fruit
""")
    state = start_game(2, "CAP.1", "ALL.1", tileset=tiles)
    state, events = turn(state, 2, 2, R270)
    removed = tiles.tile_named("ALL.1")
    assert state.is_terminal
    assert state.removed == (removed,)
    assert events_of(events, TileRemoved) == [TileRemoved(1, removed.id)]
    assert events_of(events, RiverScored) == [RiverScored((1, 2), (6, 3))]
    assert state.scores == (6, 3)


# ---------------------------------------------------------------------------- R-F8


def test_f8_start_tile_counts_once_in_a_tributary() -> None:
    """R-F8 Decision: a tributary from the start tile's west creek round to its
    north creek (6 standard tiles) holds two segments of the start tile, which
    counts once: 7 tiles, 7 points (R-T7), not 8."""
    state = start_game(2, "S03.1", "S01.1", "S01.2", "S03.2", "S01.3", "S03.3")
    state, _ = turn(state, -1, 2, R180, meeple="t")   # P0: curve east (west creek) -> north
    state, _ = turn(state, -1, 1, R0)                  # P1: straight N-S
    state, _ = turn(state, -1, 0, R0)                  # P0: straight N-S
    state, _ = turn(state, -1, -1, R270)               # P1: curve south -> east
    state, events = turn(state, 0, -1, R90)            # P0: straight W-E
    assert events_of(events, FeatureScored) == []
    state, events = turn(state, 1, -1, R0)             # P1: curve west -> south (north creek)
    # The north creek's Boat icon is newly connected to player 0's meeple (R-T4).
    assert events_of(events, BoatAdvanced) == [BoatAdvanced(0, JOINED, 3, 4),
                                               BoatAdvanced(1, NO_PIECE, 3, 4)]
    scored = events_of(events, FeatureScored)
    assert len(scored) == 1
    assert scored[0].terrain is Terrain.TRIBUTARY
    assert scored[0].tiles == (Position(0, 0), Position(-1, 2), Position(-1, 1),
                               Position(-1, 0), Position(-1, -1), Position(0, -1),
                               Position(1, -1))
    assert scored[0].points == (7, 0)
    assert state.scores == (7, 0)
    assert state.players[0].meeples_in_supply == 4


def test_f8_double_tile_counts_once_in_a_village() -> None:
    """R-F8 Decision: double tile D4's village runs along both its cells; closed
    by two village caps it covers 3 physical tiles: 2 x 3 = 6 points, not 8."""
    double = tile_named("D4.1")
    state = start_game(2, "A3.1", "S05.1", "S05.2")
    state, events = play(state, PlaceTile(Position(0, 4), R0), ChooseDouble(double.id),
                         PlaceTile(Position(0, 5), R0),
                         PlaceMeeple(Position(0, 5), segment_index(double, "v")))
    assert [e.points for e in events_of(events, AmazonScored)] == [(3, 3), (4, 4)]
    assert state.scores == (7, 7)
    assert state.board.river_end_row == 6
    state, _ = turn(state, 1, 5, R270)                  # P1: cap facing west
    state, events = turn(state, 1, 6, R270)             # P0: cap facing west closes it
    assert events_of(events, FeatureScored) == [FeatureScored(
        Terrain.VILLAGE, (Position(0, 5), Position(1, 5), Position(1, 6)), 0, (6, 0), (1, 0))]
    assert state.scores == (13, 7)


def test_f8_tile_count_on_the_feature_value() -> None:
    """R-F8 Decision on :class:`Feature`: nodes of one placement count once."""
    nodes = (node_of(0, 1), node_of(0, 2), node_of(3, 0), node_of(5, 1), node_of(5, 2))
    tributary = Feature(terrain=Terrain.TRIBUTARY, nodes=nodes, open_ports=0, boats=1, fruit=0,
                        animals=0)
    assert tributary.tile_count == 3
    assert tributary.placement_indices == frozenset({0, 3, 5})


# ---------------------------------------------------------------------------- R-T8


def place_exclamation_tile_and_double(exclamation: Tile, double: Tile) -> GameState:
    """R-T3, R-T5: player 0 places the "!" tile ``exclamation`` at (0, 4), chooses among
    all the double tiles, places ``double`` just downstream and may then put a piece only on
    the double tile; the state before the piece comes back."""
    state = start_game(2, exclamation.name)
    state, _ = play(state, PlaceTile(Position(0, 4), R0))
    assert state.phase is Phase.CHOOSE_DOUBLE
    assert set(legal_actions(state)) == {
        ChooseDouble(t.id) for t in reference_tileset().double_tiles}
    state, _ = play(state, ChooseDouble(double.id))
    assert state.phase is Phase.PLACE_DOUBLE
    assert set(legal_actions(state)) == {PlaceTile(Position(0, 5), R0),
                                         PlaceTile(Position(0, 5), R180)}
    state, _ = play(state, PlaceTile(Position(0, 5), R180))
    assert state.track_length == 16 + 1 + 2
    # R-T5: after "!" plus double, pieces go only on the double tile.
    pieces = [a for a in legal_actions(state) if isinstance(a, (PlaceMeeple, PlaceCamp))]
    assert pieces
    assert {a.position for a in pieces} == {Position(0, 5)}
    return state


def test_t8_two_amazon_scorings_exclamation_tile_first() -> None:
    """R-T8 Decision (with R-T3, R-T5, R-A1–R-A4): after a "!" tile (2 caimans,
    0 piranhas) and double tile D1 (3 caimans, 2 piranhas) there are two Amazon
    scorings, the "!" tile's first.  Player 0 passed (boats 2 and 1): the "!"
    scoring gives 2 and 0, so player 1 advances to 2; then D1's scoring has
    both boats first: 5 each.  (D1 first would give 5+2 and 2+0.)"""
    exclamation = tile_named("A3.3")
    double = tile_named("D1.1")
    assert exclamation.layout.exclamation
    icons = exclamation.total_icons
    assert (icons.caimans, icons.piranhas) == (2, 0)
    state = place_exclamation_tile_and_double(exclamation, double)
    state, events = play(state, Pass())
    scoring = [e for e in events if isinstance(e, (AmazonScored, BoatAdvanced))]
    assert scoring == [
        BoatAdvanced(0, NO_PIECE, 1, 2),
        AmazonScored(exclamation.id, 2, 0, (1, 2), (2, 0)),
        BoatAdvanced(1, AMAZON, 1, 2),
        AmazonScored(double.id, 3, 2, (1, 1), (5, 5)),
    ]
    assert state.scores == (7, 5)
    assert [p.breakdown.amazon for p in state.players] == [7, 5]
    assert state.boats == (2, 2)
    assert state.current_player == 1
    assert double not in state.doubles_left
    assert len(state.doubles_left) == 3


def test_t8_tiles_placed_in_order_before_scoring() -> None:
    """R-T3/R-T8: the "!" tile is placed first, then the double directly downstream."""
    state = start_game(2, "A3.1")
    double = tile_named("D2.1")
    _, events = play(state, PlaceTile(Position(0, 4), R180), ChooseDouble(double.id),
                     PlaceTile(Position(0, 5), R0), Pass())
    placed = events_of(events, TilePlaced)
    assert [(e.tile, e.position) for e in placed] == [
        (tile_named("A3.1").id, Position(0, 4)), (double.id, Position(0, 5))]
    assert [e.tile for e in events_of(events, AmazonScored)] == [tile_named("A3.1").id,
                                                                 double.id]


# ---------------------------------------------------------------------------- R-E4

E4_TILES = """
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


def test_e4_two_camps_of_one_player_in_one_jungle_score_it_once() -> None:
    """R-E4 Decision: player 0's camps stand in two jungles (north-east and
    south-east of the start tile) that a later tile joins; the joined jungle
    (4 animals) is scored once: 4 points, not 8."""
    tiles = mini_tileset(E4_TILES)
    state = start_game(2, "CAP.1", "CAP.2", "TR.1", "ROCK.1", tileset=tiles)
    state, _ = turn(state, 2, 0, R0, camp="j")        # P0: camp, NE jungle + 1 animal
    state, _ = turn(state, -1, 0, R0)                 # P1: elsewhere, passes
    state, _ = turn(state, 2, 3, R90, camp="e")       # P0: camp, SE jungle + 2 animals
    assert state.players[0].camps_in_supply == 0
    state, events = turn(state, 3, 3, R90)            # P1: rock joins both jungles
    assert state.is_terminal
    jungles = events_of(events, JungleScored)
    assert len(jungles) == 1
    assert (jungles[0].animals, jungles[0].camps, jungles[0].points) == (4, (2, 0), (4, 0))
    assert state.final_scoring is not None
    assert state.final_scoring[0].camps == 4
    assert state.players[0].breakdown.camps == 4
    # Boats: player 0 never passed (1), player 1 passed twice (3): R-E5/R-A3.
    assert events_of(events, RiverScored) == [RiverScored((2, 1), (0, 6))]
    assert state.scores == (4, 6)


def test_e4_jungle_value_ignores_the_number_of_camps() -> None:
    """R-E4 Decision on the scoring functions: value = animals; R-M1 gives it to
    the player with most camps, once."""
    nodes = (node_of(1, 0), node_of(2, 1), node_of(3, 0))
    jungle = Feature(terrain=Terrain.JUNGLE, nodes=nodes, open_ports=7, boats=0, fruit=0,
                     animals=4, pieces=((nodes[0], 0), (nodes[1], 0), (nodes[2], 1)))
    assert jungle_points(jungle) == 4
    assert final_feature_values([jungle]) == [(jungle, 4)]
    assert score_feature(jungle, 4, 2).points == (4, 0)


# ---------------------------------------------------------------------------- R-E6

CAPS = """
layout CAP standard x{n} "village cap"
  village v  N
  jungle  j  E S W
  copy x{n}
"""


def test_e6_tied_players_share_the_victory_two_players() -> None:
    """R-E6 Decision: both pass once, both boats on space 2: both first on the
    river (R-E5, 6 each), 6 - 6: both win."""
    tiles = mini_tileset(CAPS.format(n=2))
    state = start_game(2, tileset=tiles)
    state, _ = turn(state, 2, 0, R0)
    assert state.winners == ()                      # not over yet
    state, events = turn(state, 3, 0, R0)
    assert state.is_terminal
    assert state.boats == (2, 2)
    assert state.scores == (6, 6)
    assert state.winners == (0, 1)
    assert events_of(events, GameOver) == [GameOver((6, 6), (0, 1))]


def test_e6_two_of_three_players_tied_for_the_win() -> None:
    """R-E6 Decision: players 0 and 1 tie on 6 and both win; player 2 (3 for the
    river's second place + 1 for an unfinished village, R-E3) does not."""
    tiles = mini_tileset(CAPS.format(n=3))
    state = start_game(3, tileset=tiles)
    state, _ = turn(state, 2, 0, R0)
    state, _ = turn(state, 3, 0, R0)
    state, events = turn(state, 4, 0, R0, meeple="v")
    assert state.is_terminal
    assert state.boats == (2, 2, 1)
    assert state.scores == (6, 6, 4)
    assert state.winners == (0, 1)
    assert events_of(events, GameOver) == [GameOver((6, 6, 4), (0, 1))]


def test_e6_single_winner() -> None:
    """R-E6 contrast: a unique highest total is the only winner."""
    tiles = mini_tileset(CAPS.format(n=2))
    state = start_game(2, tileset=tiles)
    state, _ = turn(state, 2, 0, R0)
    state, _ = turn(state, 3, 0, R0, meeple="v")
    # Boats 2 and 1: player 1 is directly behind, second place 3 (R-E5, R-A3),
    # plus 1 for the unfinished one-tile village (R-E3).
    assert state.scores == (6, 4)
    assert state.winners == (0,)
