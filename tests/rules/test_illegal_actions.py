"""Every kind of illegal action in hand-built states: an action of another phase, a tile
on a covered cell, touching nothing or mismatching an edge (R-G2, R-G4), an Amazon tile
off the river (R-G5, R-G6), a piece on the wrong terrain, tile or feature, or with none
left (R-T5, R-F6), a draw of a tile not in the pile or not due (R-C7), any action after
the game is over; each raises IllegalActionError naming what is wrong (or TypeError for
what is not an action) and leaves the state as it was. The legal actions are all legal,
in a fixed order.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from _engine_helpers import (
    STRAIGHT,
    TILESET,
    assert_illegal,
    choose_phase,
    deep_copy,
    double_phase,
    finished_game,
    game,
    piece_phase,
    play,
    play_until,
    segment_index,
    tile_phase,
)

from carcassonne_amazonas import (
    PLAYER_COLOURS,
    Action,
    ChooseDouble,
    DrawTile,
    GameState,
    IllegalActionError,
    Pass,
    Phase,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rotation,
    Terrain,
    TileId,
    TileKind,
    apply_action,
    apply_action_with_events,
    legal_actions,
    new_game,
)

R0, R90, R180, R270 = Rotation.R0, Rotation.R90, Rotation.R180, Rotation.R270


# ---------------------------------------------------------------------------- illegal actions

def draw_phase() -> GameState:
    return new_game(2, draws="explicit")


A_DRAW = DrawTile(TILESET.tile_named(STRAIGHT).id)


PHASES: dict[str, tuple[Callable[[], GameState], Phase, list[Action]]] = {
    "place tile": (tile_phase, Phase.PLACE_TILE,
                   [Pass(), PlaceMeeple(Position(1, -1), 0), PlaceCamp(Position(1, -1), 1),
                    ChooseDouble(TileId(81)), A_DRAW]),
    "place piece": (piece_phase, Phase.PLACE_PIECE,
                    [PlaceTile(Position(1, -2), R0), ChooseDouble(TileId(81)), A_DRAW]),
    "choose double": (choose_phase, Phase.CHOOSE_DOUBLE,
                      [PlaceTile(Position(0, 5), R0), Pass(), PlaceMeeple(Position(0, 4), 1),
                       PlaceCamp(Position(0, 4), 4), A_DRAW]),
    "place double": (double_phase, Phase.PLACE_DOUBLE,
                     [ChooseDouble(TileId(82)), Pass(), PlaceMeeple(Position(0, 4), 1),
                      PlaceCamp(Position(0, 4), 4), A_DRAW]),
    "draw tile": (draw_phase, Phase.DRAW_TILE,
                  [PlaceTile(Position(1, -1), R0), Pass(), PlaceMeeple(Position(0, 0), 1),
                   PlaceCamp(Position(0, 0), 5), ChooseDouble(TileId(81))]),
}


@pytest.mark.parametrize(("phase_name", "index"),
                         [(name, i) for name, (_, _, acts) in PHASES.items()
                          for i in range(len(acts))])
def test_wrong_phase(phase_name: str, index: int) -> None:
    make, phase, actions = PHASES[phase_name]
    state = make()
    assert state.phase is phase
    action = actions[index]
    assert_illegal(state, action, type(action).__name__, f"{phase.value!r} phase",
                   f"{PLAYER_COLOURS[state.current_player]} must play")


def test_wrong_phase_names_the_expected_actions() -> None:
    assert "must play PlaceTile" in assert_illegal(tile_phase(), Pass())
    assert "must play PlaceMeeple, PlaceCamp or Pass" in assert_illegal(
        piece_phase(), PlaceTile(Position(1, -2), R0))
    assert "must play ChooseDouble" in assert_illegal(choose_phase(), Pass())
    assert "must play PlaceTile" in assert_illegal(double_phase(), ChooseDouble(TileId(82)))
    assert "must play DrawTile" in assert_illegal(draw_phase(), Pass())


@pytest.mark.parametrize("position", [Position(x, y) for x in (0, 1) for y in range(4)])
def test_occupied_cell(position: Position) -> None:
    assert_illegal(tile_phase(), PlaceTile(position, R0), f"({position})", "already covered")


def test_occupied_cell_after_a_placement() -> None:
    state = play(tile_phase(), PlaceTile(Position(1, -1), R0), Pass())
    assert_illegal(state, PlaceTile(Position(1, -1), R0), "(1,-1)", "already covered")


@pytest.mark.parametrize("position", [Position(5, 0), Position(-2, 1), Position(0, -2),
                                      Position(3, 3), Position(2, -1), Position(-1, -1)])
def test_cell_not_adjacent(position: Position) -> None:
    assert_illegal(tile_phase(), PlaceTile(position, R0), f"({position})",
                   "touches no placed tile", "(R-G2)")


def test_edge_mismatch_names_the_side() -> None:
    state = tile_phase()  # S01.1: tributary N and S, jungle E and W
    # (2, 2) touches the start tile's village edge on its west side.
    for rotation in Rotation:
        message = assert_illegal(state, PlaceTile(Position(2, 2), rotation), "edge mismatch",
                                 "west side", "(2,2)", "village", "(R-G4)")
        assert "S01.1" in message
    # (1, -1) touches the start tile's tributary on its south side.
    state = game("S05.1")  # village cap N, jungle E, S, W
    assert_illegal(state, PlaceTile(Position(1, -1), R0), "edge mismatch", "south side",
                   "tributary", "jungle")
    # (-1, 2) touches the start tile's tributary on its east side.
    assert_illegal(state, PlaceTile(Position(-1, 2), R0), "edge mismatch", "east side")
    # (0, -1) touches the start tile's jungle on its south side; S05 turned 180° shows village.
    assert_illegal(state, PlaceTile(Position(0, -1), R180), "edge mismatch", "south side",
                   "village", "jungle")


def test_edge_mismatch_with_two_neighbours() -> None:
    # Fill (1, -1) and (2, 0); then (2, -1) has a west and a south neighbour.
    state = game(STRAIGHT, "S02.1", "S05.1")
    state = play(state, PlaceTile(Position(1, -1), R0), Pass(),  # tributary N-S
                 PlaceTile(Position(2, 0), R0), Pass())  # S02: rock, tributary to S
    # (2, -1): west neighbour S01 shows jungle, south neighbour S02 shows jungle.
    assert state.tile_in_hand is not None and state.tile_in_hand.name == "S05.1"
    assert_illegal(state, PlaceTile(Position(2, -1), R270), "edge mismatch", "west side",
                   "village")
    assert_illegal(state, PlaceTile(Position(2, -1), R180), "edge mismatch", "south side",
                   "village")
    assert PlaceTile(Position(2, -1), R0) in legal_actions(state)


def test_amazon_tile_wrong_rotation_and_place() -> None:
    state = game("A2.1")
    for rotation in (R90, R270):
        assert_illegal(state, PlaceTile(Position(0, 4), rotation), "an Amazon tile",
                       f"not {rotation.degrees}°", "(R-G5)")
    assert_illegal(state, PlaceTile(Position(2, 0), R0), "A2.1", "(0,4)", "(R-G6)")
    assert_illegal(state, PlaceTile(Position(0, 0), R0), "(0,4)", "(R-G6)")


def test_meeple_on_a_jungle_and_camp_on_a_tributary() -> None:
    state = piece_phase()
    tile = TILESET.tile_named(STRAIGHT)
    trib, west, east = (segment_index(tile, n) for n in ("t", "w", "e"))
    here = Position(1, -1)
    for jungle in (west, east):
        assert_illegal(state, PlaceMeeple(here, jungle), f"segment {jungle}", "jungle",
                       "a meeple needs a tributary or village")
    assert_illegal(state, PlaceCamp(here, trib), f"segment {trib}", "tributary",
                   "a camp needs a jungle")
    assert set(legal_actions(state)) == {PlaceMeeple(here, trib), PlaceCamp(here, west),
                                         PlaceCamp(here, east), Pass()}


def test_camp_on_a_village() -> None:
    state = play(game("S05.1"), PlaceTile(Position(0, -1), R0))
    tile = TILESET.tile_named("S05.1")
    village = segment_index(tile, "v")
    assert_illegal(state, PlaceCamp(Position(0, -1), village), "village",
                   "a camp needs a jungle")


def test_pieces_on_the_amazon_tile_amazon_segment() -> None:
    state = play(game("A1.1"), PlaceTile(Position(0, 4), R0))
    assert state.phase is Phase.PLACE_PIECE
    river = segment_index(TILESET.tile_named("A1.1"), "river")
    assert_illegal(state, PlaceMeeple(Position(0, 4), river), "the Amazon", "(R-F6)")
    assert_illegal(state, PlaceCamp(Position(0, 4), river), "the Amazon", "(R-F6)")


@pytest.mark.parametrize("position", [Position(0, 0), Position(1, 0), Position(1, -2),
                                      Position(0, -1)])
def test_piece_not_on_the_tile_just_placed(position: Position) -> None:
    state = piece_phase()
    assert_illegal(state, PlaceMeeple(position, 0), "tile just placed", "(1,-1)",
                   f"not at ({position})")
    assert_illegal(state, PlaceCamp(position, 1), "tile just placed", "(1,-1)")


@pytest.mark.parametrize("segment", [3, 4, 63, 64, 1000, 999_999_999])
def test_segment_out_of_range(segment: int) -> None:
    state = piece_phase()
    assert_illegal(state, PlaceMeeple(Position(1, -1), segment), "segments 0..2",
                   f"not {segment}")
    assert_illegal(state, PlaceCamp(Position(1, -1), segment), "segments 0..2")


def test_tributary_already_occupied() -> None:
    state = game(STRAIGHT, "S01.2")
    state = play(state, PlaceTile(Position(1, -1), R0), PlaceMeeple(Position(1, -1), 0))
    state = play(state, PlaceTile(Position(1, -2), R0))
    assert state.current_player == 1
    assert_illegal(state, PlaceMeeple(Position(1, -2), 0), "tributary",
                   "already holds a piece of yellow")
    actions = legal_actions(state)
    assert not any(isinstance(a, PlaceMeeple) for a in actions)
    assert PlaceCamp(Position(1, -2), 1) in actions


def test_jungle_already_holds_a_camp() -> None:
    state = game(STRAIGHT, "S01.2")
    state = play(state, PlaceTile(Position(1, -1), R0), PlaceCamp(Position(1, -1), 1))
    state = play(state, PlaceTile(Position(1, -2), R0))
    assert_illegal(state, PlaceCamp(Position(1, -2), 1), "jungle",
                   "already holds a piece of yellow")
    actions = legal_actions(state)
    assert PlaceCamp(Position(1, -2), 1) not in actions
    assert PlaceCamp(Position(1, -2), 2) in actions
    assert PlaceMeeple(Position(1, -2), 0) in actions


def test_own_feature_already_occupied_too() -> None:
    # Player 0, on their next turn, cannot add a meeple to their own tributary either.
    state = game(STRAIGHT, "S01.2", "S01.3", players=2)
    state = play(state, PlaceTile(Position(1, -1), R0), PlaceMeeple(Position(1, -1), 0),
                 PlaceTile(Position(1, -2), R0), Pass(), PlaceTile(Position(1, -3), R0))
    assert state.current_player == 0
    assert_illegal(state, PlaceMeeple(Position(1, -3), 0), "already holds a piece of yellow")


def placed_terrains(state: GameState) -> set[Terrain]:
    placement = state.board.placements[state.piece_placement]
    return {segment.terrain for segment in placement.tile.layout.segments}


def _hoarding_policy(state: GameState, actions: tuple[Action, ...]) -> Action:
    """Player 0 puts out every meeple, then camps; everyone else passes."""
    if state.current_player == 0:
        for kind in (PlaceMeeple, PlaceCamp):
            for action in actions:
                if isinstance(action, kind):
                    return action
    return Pass() if Pass() in actions else actions[0]


def test_no_meeple_left() -> None:
    def wanted(state: GameState) -> bool:
        return (state.phase is Phase.PLACE_PIECE and state.current_player == 0
                and state.players[0].meeples_in_supply == 0
                and bool(placed_terrains(state) & {Terrain.TRIBUTARY, Terrain.VILLAGE}))

    state = play_until(new_game(2, seed=0), wanted, _hoarding_policy)
    placement = state.board.placements[state.piece_placement]
    segments = placement.tile.layout.segments
    meeple_segment = next(i for i, s in enumerate(segments)
                          if s.terrain in (Terrain.TRIBUTARY, Terrain.VILLAGE))
    assert_illegal(state, PlaceMeeple(placement.position, meeple_segment),
                   "yellow has no meeple left")
    assert not any(isinstance(a, PlaceMeeple) for a in legal_actions(state))
    meeples_on_board = [p for p in state.pieces() if p.player == 0 and p.kind.value == "meeple"]
    assert len(meeples_on_board) == 4


def test_no_camp_left() -> None:
    def wanted(state: GameState) -> bool:
        return (state.phase is Phase.PLACE_PIECE and state.current_player == 0
                and state.players[0].camps_in_supply == 0
                and Terrain.JUNGLE in placed_terrains(state))

    state = play_until(new_game(2, seed=0), wanted, _hoarding_policy)
    placement = state.board.placements[state.piece_placement]
    segments = placement.tile.layout.segments
    jungle = next(i for i, s in enumerate(segments) if s.terrain is Terrain.JUNGLE)
    assert_illegal(state, PlaceCamp(placement.position, jungle), "yellow has no camp left")
    assert not any(isinstance(a, PlaceCamp) for a in legal_actions(state))


def test_player_with_no_piece_left_can_only_pass() -> None:
    def wanted(state: GameState) -> bool:
        player = state.players[state.current_player]
        return (state.phase is Phase.PLACE_PIECE and state.current_player == 0
                and player.meeples_in_supply == 0 and player.camps_in_supply == 0)

    state = play_until(new_game(2, seed=0), wanted, _hoarding_policy)
    assert legal_actions(state) == (Pass(),)
    boat = state.boats[0]
    after, _ = apply_action_with_events(state, Pass())
    assert after.boats[0] >= min(boat + 1, after.track_length)


def test_draw_of_a_tile_not_in_the_pile() -> None:
    state = draw_phase()
    assert state.phase is Phase.DRAW_TILE and state.tile_in_hand is None
    assert_illegal(state, DrawTile(TILESET.double_tiles[0].id), "not in the pile", "80 tiles")
    assert_illegal(state, DrawTile(TILESET.start_tile.id), "not in the pile")
    assert_illegal(state, DrawTile(TileId(9999)), "not in the pile")
    state = apply_action(state, A_DRAW)
    assert state.phase is Phase.PLACE_TILE
    assert state.tile_in_hand == TILESET.tile_named(STRAIGHT)
    state = play(state, legal_actions(state)[0], Pass())
    assert state.phase is Phase.DRAW_TILE and state.current_player == 1
    assert_illegal(state, A_DRAW, "not in the pile", "79 tiles")


def test_c7_draw_beyond_the_amazon_quota_of_the_slice() -> None:
    # The stratified pile's first slice of 16 tiles holds exactly 3 Amazon tiles.
    state = draw_phase()
    for row, name in enumerate(["A1.1", "A2.1", "A4.1"], start=4):
        state = play(state, DrawTile(TILESET.tile_named(name).id),
                     PlaceTile(Position(0, row), R0), Pass())
    fourth = TILESET.tile_named("A1.4")
    assert DrawTile(fourth.id) not in legal_actions(state)
    assert_illegal(state, DrawTile(fourth.id), "A1.4", "cannot come next", "(R-C7)")
    assert all(TILESET.tile(a.tile).kind is TileKind.STANDARD
               for a in legal_actions(state) if isinstance(a, DrawTile))


@pytest.mark.parametrize("action", [Pass(), PlaceTile(Position(0, -1), R0),
                                    PlaceMeeple(Position(0, 0), 1), PlaceCamp(Position(0, 0), 5),
                                    ChooseDouble(TileId(84)), A_DRAW], ids=repr)
def test_any_action_after_game_over(action: Action) -> None:
    state = finished_game()
    assert state.phase is Phase.GAME_OVER
    assert state.is_terminal
    assert legal_actions(state) == ()
    assert state.tile_in_hand is None
    assert state.tiles_left == 0
    assert_illegal(state, action, "the game is over")


def test_game_over_state_is_complete() -> None:
    state = finished_game(3, seed=8)
    assert state.final_scoring is not None
    assert len(state.final_scoring) == 3
    assert state.winners
    assert all(state.scores[w] == max(state.scores) for w in state.winners)


# Text is read as notation: "Pass" is a NotationError (tests/rules/test_notation_compass.py).
@pytest.mark.parametrize("junk", [None, b"p", (0, -1), (Position(0, -1), R0), 0,
                                  Position(0, -1), Pass, [Pass()], {"action": "pass"}],
                         ids=repr)
def test_non_actions_raise_type_error(junk: object) -> None:
    for state in (tile_phase(), piece_phase(), choose_phase(), double_phase(), draw_phase(),
                  finished_game()):
        before = deep_copy(state)
        with pytest.raises(TypeError, match="action") as info:
            apply_action(state, junk)  # type: ignore[arg-type]
        assert not isinstance(info.value, IllegalActionError)
        with pytest.raises(TypeError, match="action"):
            apply_action_with_events(state, junk)  # type: ignore[arg-type]
        assert state == before


@pytest.mark.parametrize("junk", [None, "state", 3])
def test_non_states_raise_type_error(junk: object) -> None:
    with pytest.raises(TypeError, match="GameState"):
        apply_action(junk, Pass())  # type: ignore[arg-type]


@pytest.mark.parametrize("make", [
    lambda: PlaceTile((0, 0), R0),  # type: ignore[arg-type]
    lambda: PlaceTile(Position(0, 0), 0),  # type: ignore[arg-type]
    lambda: PlaceMeeple(Position(0, 0), "1"),  # type: ignore[arg-type]
    lambda: PlaceCamp(None, 1),  # type: ignore[arg-type]
    lambda: ChooseDouble("81"),  # type: ignore[arg-type]
    lambda: ChooseDouble(True),  # type: ignore[arg-type]
    lambda: Position(0.5, 1),  # type: ignore[arg-type]
])
def test_actions_with_wrong_types_cannot_be_made(make: Callable[[], object]) -> None:
    with pytest.raises(TypeError):
        make()


@pytest.mark.parametrize("kind", [PlaceMeeple, PlaceCamp])
@pytest.mark.parametrize("segment", [True, False])
def test_piece_segment_must_not_be_a_bool(kind: type[PlaceMeeple] | type[PlaceCamp],
                                          segment: bool) -> None:
    """Regression (R-T5): a bool segment was played as segment 0 and broke its record."""
    with pytest.raises(TypeError):
        kind(Position(1, -1), segment)
