"""Where the engine lets tiles go: the ten cells open at the start and the river end
(R-G2, R-G3), the Amazon tiles just below the river end, turned 0° or 180° (R-G5, R-G6);
the "!" turn's double tile, and the pieces only on it (R-T3, R-T5, R-T8); and the river's
growth with the Amazon and double tiles (R-T9).
"""

from __future__ import annotations

import pytest
from _engine_helpers import (
    DOWNSTREAM_CELLS,
    START_SPACES,
    STRAIGHT,
    TEN_OPEN_CELLS,
    TILESET,
    assert_illegal,
    choose_double_state,
    choose_phase,
    double_phase,
    finished_game,
    game,
    piece_phase,
    play,
    segment_index,
    tile_phase,
)

from carcassonne_amazonas import (
    ChooseDouble,
    GameState,
    Pass,
    Phase,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rotation,
    Tile,
    TileId,
    TileKind,
    apply_action,
    apply_action_with_events,
    legal_actions,
    new_game,
)
from carcassonne_amazonas.rules.events import AmazonScored, TilePlaced

R0, R90, R180, R270 = Rotation.R0, Rotation.R90, Rotation.R180, Rotation.R270


# ---------------------------------------------------------------------------- geometry (G)

def tile_positions(state: GameState) -> set[Position]:
    return {a.position for a in legal_actions(state) if isinstance(a, PlaceTile)}


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_g3_exactly_ten_open_cells_at_the_start(num_players: int) -> None:
    board = new_game(num_players, seed=6).board
    assert board.river_column == 0
    assert board.river_end_row == 3
    covered = {c for p in board.placements for c in p.cells}
    assert covered == {Position(x, y) for x in (0, 1) for y in range(4)}
    allowed = [p for p in board.open_positions if p.y <= board.river_end_row]
    assert len(allowed) == 10
    assert set(allowed) == TEN_OPEN_CELLS
    assert set(board.open_positions) - set(allowed) == DOWNSTREAM_CELLS
    assert board.next_river_position == Position(0, 4)
    for position in TEN_OPEN_CELLS | DOWNSTREAM_CELLS:
        assert board.is_open(position)
        assert board.placement_at(position) is None


def _first_copies(kind: TileKind) -> list[Tile]:
    seen: set[str] = set()
    tiles = []
    for tile in TILESET.of_kind(kind):
        if tile.layout.name not in seen:
            seen.add(tile.layout.name)
            tiles.append(tile)
    return tiles


STANDARD_LAYOUT_TILES = _first_copies(TileKind.STANDARD)


@pytest.mark.parametrize("tile", STANDARD_LAYOUT_TILES, ids=lambda t: t.name)
def test_g3_first_standard_tile_goes_only_in_the_ten_cells(tile: Tile) -> None:
    state = game(tile.name)
    actions = legal_actions(state)
    assert actions, f"{tile.name} fits nowhere at the start"
    for action in actions:
        assert isinstance(action, PlaceTile)
        assert action.position in TEN_OPEN_CELLS
        assert action.position.y <= 3
        assert action.position not in DOWNSTREAM_CELLS


def test_g3_the_ten_cells_are_all_used_by_some_layout() -> None:
    used: set[Position] = set()
    for tile in STANDARD_LAYOUT_TILES:
        used |= tile_positions(game(tile.name))
    assert used == TEN_OPEN_CELLS


@pytest.mark.parametrize("position", sorted(DOWNSTREAM_CELLS))
@pytest.mark.parametrize("rotation", list(Rotation))
def test_g3_cells_downstream_of_the_start_tile_are_closed(position: Position,
                                                          rotation: Rotation) -> None:
    assert_illegal(game("S02.1"), PlaceTile(position, rotation), "downstream", "row 3")


def test_g2_river_end_row_moves_with_the_amazon_tile() -> None:
    state = play(game("A1.1", "S02.1"), PlaceTile(Position(0, 4), R0), Pass())
    assert state.board.river_end_row == 4
    assert state.board.next_river_position == Position(0, 5)
    assert state.tile_in_hand is not None and state.tile_in_hand.name == "S02.1"
    rows = {p.y for p in tile_positions(state)}
    assert 4 in rows  # row 4 opened by the Amazon tile (R-G2, R-G6)
    assert max(rows) == 4
    assert Position(1, 4) in tile_positions(state)
    assert_illegal(state, PlaceTile(Position(0, 5), R0), "downstream", "row 4")


def test_g2_standard_tiles_never_go_downstream_of_the_river_end() -> None:
    state = new_game(3, seed=21)
    while not state.is_terminal:
        tile = state.tile_in_hand
        actions = legal_actions(state)
        if state.phase is Phase.PLACE_TILE and tile is not None \
                and tile.kind is TileKind.STANDARD:
            for action in actions:
                assert isinstance(action, PlaceTile)
                assert action.position.y <= state.board.river_end_row
                assert state.board.is_open(action.position)
        state = apply_action(state, actions[-1])


@pytest.mark.parametrize("name", ["A1.1", "A2.1", "A3.1", "A4.1"])
def test_g6_amazon_tile_only_below_the_river_end_in_r0_or_r180(name: str) -> None:
    state = game(name)
    assert legal_actions(state) == (PlaceTile(Position(0, 4), R0),
                                    PlaceTile(Position(0, 4), R180))
    for position in TEN_OPEN_CELLS | {Position(1, 4), Position(0, 5), Position(0, 3)}:
        assert_illegal(state, PlaceTile(position, R0), name, "(0,4)", "(R-G6)")
    for rotation in (R90, R270):
        assert_illegal(state, PlaceTile(Position(0, 4), rotation), "0°, 180°", "(R-G5)")


def test_g6_second_amazon_tile_goes_below_the_first() -> None:
    state = play(game("A1.1", "A1.2"), PlaceTile(Position(0, 4), R180), Pass())
    assert legal_actions(state) == (PlaceTile(Position(0, 5), R0),
                                    PlaceTile(Position(0, 5), R180))
    assert_illegal(state, PlaceTile(Position(0, 4), R0), "(0,5)", "(R-G6)")
    assert_illegal(state, PlaceTile(Position(0, 6), R0), "(0,5)", "(R-G6)")


# ---------------------------------------------------------------------------- "!" turns (R-T3)

def test_t3_exclamation_tile_leads_to_choose_double() -> None:
    state = choose_double_state()
    assert state.phase is Phase.CHOOSE_DOUBLE
    assert state.current_player == 0
    assert state.tile_in_hand is None
    assert state.piece_position is None
    assert legal_actions(state) == tuple(ChooseDouble(t.id) for t in TILESET.double_tiles)


@pytest.mark.parametrize("double", TILESET.double_tiles, ids=lambda t: t.name)
@pytest.mark.parametrize("rotation", [R0, R180])
def test_t3_choose_and_place_double_then_pieces_only_on_it(double: Tile,
                                                           rotation: Rotation) -> None:
    state = choose_double_state()
    state = apply_action(state, ChooseDouble(double.id))
    assert state.phase is Phase.PLACE_DOUBLE
    assert state.current_player == 0
    assert state.tile_in_hand == double
    assert double not in state.doubles_left
    assert len(state.doubles_left) == 3
    assert legal_actions(state) == (PlaceTile(Position(0, 5), R0),
                                    PlaceTile(Position(0, 5), R180))
    assert_illegal(state, PlaceTile(Position(0, 5), R90), "(R-G5)")
    assert_illegal(state, PlaceTile(Position(0, 6), R0), double.name, "(0,5)", "(R-G6)")
    assert_illegal(state, PlaceTile(Position(2, 0), R0), "(R-G6)")

    state = apply_action(state, PlaceTile(Position(0, 5), rotation))
    assert state.phase is Phase.PLACE_PIECE
    assert state.current_player == 0
    assert state.board.river_end_row == 6
    assert state.board.next_river_position == Position(0, 7)
    assert state.piece_position == Position(0, 5)
    placement = state.board.placements[state.piece_placement]
    assert placement.tile == double
    assert set(placement.cells) == {Position(0, 5), Position(0, 6)}
    actions = legal_actions(state)
    assert actions[-1] == Pass()
    pieces = [a for a in actions if isinstance(a, (PlaceMeeple, PlaceCamp))]
    assert pieces, "a double tile has jungle segments: camps must be possible"
    for action in pieces:
        assert action.position == Position(0, 5)
    # Not on the "!" tile (R-T5: after "!" plus double, only on the double tile).
    exclamation = TILESET.tile_named("A3.1")
    village = segment_index(exclamation, "v")
    east = segment_index(exclamation, "east")
    assert_illegal(state, PlaceMeeple(Position(0, 4), village), "tile just placed", "(0,5)")
    assert_illegal(state, PlaceCamp(Position(0, 4), east), "tile just placed", "(0,5)")
    # Nor on the Amazon (R-F6).
    river = segment_index(double, "river")
    assert_illegal(state, PlaceMeeple(Position(0, 5), river), "the Amazon", "(R-F6)")
    assert_illegal(state, PlaceCamp(Position(0, 5), river), "the Amazon", "(R-F6)")


def test_t3_t8_two_amazon_scorings_exclamation_tile_first() -> None:
    state = choose_double_state()
    state = play(state, ChooseDouble(TILESET.tile_named("D3.1").id),
                 PlaceTile(Position(0, 5), R0))
    after, events = apply_action_with_events(state, Pass())
    scorings = [e for e in events if isinstance(e, AmazonScored)]
    assert [e.tile for e in scorings] == [TILESET.tile_named("A3.1").id,
                                         TILESET.tile_named("D3.1").id]
    assert after.phase is Phase.PLACE_TILE
    assert after.current_player == 1
    assert after.pending_amazon == ()


def test_t3_choose_double_not_set_aside() -> None:
    state = choose_double_state()
    standard = TILESET.tile_named(STRAIGHT)
    message = assert_illegal(state, ChooseDouble(standard.id), "not set aside")
    for double in TILESET.double_tiles:
        assert double.name in message  # the message lists the choices
    assert_illegal(state, ChooseDouble(TileId(9999)), "not set aside")
    assert_illegal(state, ChooseDouble(TILESET.start_tile.id), "not set aside")


def test_t3_a_double_tile_already_used_cannot_be_chosen_again() -> None:
    state = game("A3.1", "A3.2")
    d1 = TILESET.tile_named("D1.1")
    state = play(state, PlaceTile(Position(0, 4), R0), ChooseDouble(d1.id),
                 PlaceTile(Position(0, 5), R0), Pass())
    assert state.current_player == 1
    state = play(state, PlaceTile(Position(0, 7), R180))
    assert state.phase is Phase.CHOOSE_DOUBLE
    assert ChooseDouble(d1.id) not in legal_actions(state)
    assert len(legal_actions(state)) == 3
    assert_illegal(state, ChooseDouble(d1.id), "not set aside")


# ---------------------------------------------------------------------------- river length (R-T9)

@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_t9_track_length_grows_with_amazon_and_double_tiles(num_players: int) -> None:
    base = START_SPACES[num_players]
    state = game("A1.1", "A3.1", STRAIGHT, players=num_players)
    assert state.track_length == base
    state = play(state, PlaceTile(Position(0, 4), R0))
    assert state.track_length == base + 1
    state = play(state, Pass())
    state = play(state, PlaceTile(Position(0, 5), R0))
    assert state.track_length == base + 2
    state = play(state, ChooseDouble(TILESET.tile_named("D2.1").id))
    assert state.track_length == base + 2
    state = play(state, PlaceTile(Position(0, 6), R180))
    assert state.track_length == base + 4
    state = play(state, Pass())
    assert state.track_length == base + 4
    state = play(state, legal_actions(state)[0], Pass())  # a standard tile adds nothing
    assert state.track_length == base + 4


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_t9_track_length_at_the_end_of_a_game(num_players: int) -> None:
    state = finished_game(num_players, seed=num_players)
    kinds = [p.tile.kind for p in state.board.placements]
    assert kinds.count(TileKind.AMAZON) == 15
    assert kinds.count(TileKind.DOUBLE) == 3
    assert state.track_length == START_SPACES[num_players] + 15 + 2 * 3
    assert all(1 <= boat <= state.track_length for boat in state.boats)


# ---------------------------------------------------------------------------- legal actions

def test_legal_actions_are_all_legal_and_listed_in_a_fixed_order() -> None:
    for state in (tile_phase(), piece_phase(), choose_phase(), double_phase()):
        actions = legal_actions(state)
        assert actions == legal_actions(state)
        assert len(set(actions)) == len(actions)
        for action in actions:
            after = apply_action(state, action)
            assert isinstance(after, GameState)


def test_legal_tile_placements_fit() -> None:
    state = tile_phase()
    placed = {(a.position, a.rotation) for a in legal_actions(state) if isinstance(a, PlaceTile)}
    for position in TEN_OPEN_CELLS | DOWNSTREAM_CELLS | {Position(5, 5)}:
        for rotation in Rotation:
            action = PlaceTile(position, rotation)
            if (position, rotation) in placed:
                after, events = apply_action_with_events(state, action)
                assert after.board.placements[-1].position == position
                assert any(isinstance(e, TilePlaced) for e in events)
            else:
                assert_illegal(state, action)
