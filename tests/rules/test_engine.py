"""The engine's API: setup (R-C1, R-C2, R-C5, R-C8, R-C9), where tiles may go (R-G2, R-G3, R-G6),
the "!" turn (R-T3), the river's growth (R-T9), seeds and explicit piles, and every
kind of illegal action (IllegalActionError, TypeError) leaving the state as it was.
"""

from __future__ import annotations

import copy
import os
import subprocess
import sys
from collections.abc import Callable

import pytest

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
    PlayerState,
    Position,
    Rotation,
    Rules,
    ScoreBreakdown,
    Shuffle,
    Terrain,
    Tile,
    TileId,
    TileKind,
    apply_action,
    apply_action_with_events,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.rules.events import AmazonScored, TilePlaced

TILESET = reference_tileset()
R0, R90, R180, R270 = Rotation.R0, Rotation.R90, Rotation.R180, Rotation.R270
START_SPACES = {2: 16, 3: 16, 4: 8, 5: 8}

#: R-G3: the cells open at the start (the start tile covers (0, 0)-(1, 3)).
TEN_OPEN_CELLS = frozenset(
    [Position(0, -1), Position(1, -1)]
    + [Position(-1, y) for y in range(4)]
    + [Position(2, y) for y in range(4)]
)
#: The 2 cells just downstream of the start tile, closed until the river grows.
DOWNSTREAM_CELLS = frozenset([Position(0, 4), Position(1, 4)])


# ---------------------------------------------------------------------------- helpers

def pile_starting_with(*names: str) -> list[Tile]:
    """All land tiles, the named ones first in the given order, then the rest."""
    first = [TILESET.tile_named(name) for name in names]
    first_ids = {tile.id for tile in first}
    return first + [tile for tile in TILESET.land_tiles if tile.id not in first_ids]


def game(*names: str, players: int = 2, rules: Rules | None = None) -> GameState:
    """A new game whose pile starts with the named tiles."""
    return new_game(players, pile=pile_starting_with(*names), rules=rules)


def play(state: GameState, *actions: Action) -> GameState:
    for action in actions:
        state = apply_action(state, action)
    return state


def tile_positions(state: GameState) -> set[Position]:
    return {a.position for a in legal_actions(state) if isinstance(a, PlaceTile)}


def snapshot(state: GameState) -> tuple[object, ...]:
    """Everything observable about a state, as plain values."""
    return (
        state.phase, state.current_player, state.players, state.track_length,
        state.board.placements, state.board.open_positions, state.board.river_end_row,
        state.tile_in_hand, state.tiles_left, state.pile.tiles, state.removed,
        state.doubles_left, state.piece_placement, state.pending_amazon, state.final_scoring,
        tuple(state.features), tuple(sorted(state.pieces(), key=repr)), legal_actions(state),
    )


def deep_copy(state: GameState) -> GameState:
    """A deep copy of ``state``, but for its tile set and tiles: immutable values that
    every state of the game shares (copying them was nine tenths of the time)."""
    tileset = state.rules.tileset
    shared: dict[int, object] = {id(tile): tile for tile in tileset.tiles}
    shared[id(tileset)] = tileset
    return copy.deepcopy(state, shared)


def assert_illegal(state: GameState, action: Action, *fragments: str) -> str:
    """``action`` raises IllegalActionError naming every fragment; ``state`` is unchanged."""
    # Look at a deep copy only, so that nothing (not even a cache) is computed on
    # ``state`` before the failed call.
    before = deep_copy(state)
    before_snapshot = snapshot(before)
    with pytest.raises(IllegalActionError) as info:
        apply_action(state, action)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    with pytest.raises(IllegalActionError) as again:
        apply_action_with_events(state, action)
    assert str(again.value) == message
    assert state == before
    assert hash(state) == hash(before)
    assert snapshot(state) == before_snapshot
    assert action not in legal_actions(state)
    return message


def play_until(state: GameState, done: Callable[[GameState], bool],
               choose: Callable[[GameState, tuple[Action, ...]], Action]) -> GameState:
    while not done(state):
        assert not state.is_terminal, "the game ended before the wanted state was reached"
        state = apply_action(state, choose(state, legal_actions(state)))
    return state


def first_action(_state: GameState, actions: tuple[Action, ...]) -> Action:
    return actions[0]


def placed_terrains(state: GameState) -> set[Terrain]:
    placement = state.board.placements[state.piece_placement]
    return {segment.terrain for segment in placement.tile.layout.segments}


def segment_index(tile: Tile, name: str) -> int:
    for index, segment in enumerate(tile.layout.segments):
        if segment.name == name:
            return index
    raise AssertionError(f"{tile.name} has no segment {name}")


def finished_game(num_players: int = 2, seed: int = 5) -> GameState:
    return play_until(new_game(num_players, seed=seed), lambda s: s.is_terminal, first_action)


# Tiles used below (reference set):
#  S01.1 straight tributary N-S, jungles w (N1 W S3) and e (N3 E S1), no icons;
#  S02.1 tributary from a rock to S, jungle elsewhere;
#  A1.1  Amazon tile between jungles; A3.1 a "!" Amazon tile with a village on W.
STRAIGHT = "S01.1"


# ---------------------------------------------------------------------------- setup (C)

@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_c1_two_to_five_players(num_players: int) -> None:
    state = new_game(num_players, seed=1)
    assert state.num_players == num_players
    assert len(state.players) == num_players
    assert len(state.scores) == len(state.boats) == num_players


@pytest.mark.parametrize("num_players", [-1, 0, 1, 6, 7, 100])
def test_c1_other_player_counts_raise_value_error(num_players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        new_game(num_players, seed=1)


@pytest.mark.parametrize("num_players", [2.0, "3", None, True, [4]])
def test_c1_non_int_player_count_raises_type_error(num_players: object) -> None:
    with pytest.raises(TypeError, match="num_players"):
        new_game(num_players, seed=1)  # type: ignore[arg-type]


def test_c1_player_colours() -> None:
    assert PLAYER_COLOURS == ("yellow", "red", "green", "blue", "black")


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_c2_supplies_and_scores_at_start(num_players: int) -> None:
    state = new_game(num_players, seed=3)
    for player in state.players:
        assert player == PlayerState()
        assert player.meeples_in_supply == 4
        assert player.camps_in_supply == 2
        assert player.score == 0
        assert player.breakdown == ScoreBreakdown()
        assert player.breakdown.total == 0
    assert state.scores == (0,) * num_players
    assert list(state.pieces()) == []
    assert state.final_scoring is None
    assert state.winners == ()
    assert not state.is_terminal


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_c3_c4_t1_pile_and_doubles_at_start(num_players: int) -> None:
    state = new_game(num_players, seed=11)
    assert state.phase is Phase.PLACE_TILE
    assert state.tile_in_hand is not None
    assert state.tile_in_hand.kind in (TileKind.STANDARD, TileKind.AMAZON)
    assert state.tiles_left == 79  # one of the 80 land tiles is in hand (R-T1)
    in_game = [state.tile_in_hand, *state.pile.tiles]
    assert sorted(t.id for t in in_game) == sorted(t.id for t in TILESET.land_tiles)
    assert state.doubles_left == TILESET.double_tiles
    assert len(state.doubles_left) == 4
    assert state.removed == ()
    assert len(state.board.placements) == 1
    assert state.board.placements[0].tile.kind is TileKind.START


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_c5_start_side_by_player_count(num_players: int) -> None:
    assert new_game(num_players, seed=1).track_length == START_SPACES[num_players]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_c8_first_player_defaults_to_player_0(num_players: int) -> None:
    assert new_game(num_players, seed=2).current_player == 0


@pytest.mark.parametrize(("num_players", "first"), [(2, 1), (3, 2), (4, 3), (5, 4), (5, 0)])
def test_c8_first_player_option_and_clockwise_order(num_players: int, first: int) -> None:
    state = game(STRAIGHT, "S01.2", players=num_players, rules=Rules(first_player=first))
    assert state.current_player == first
    expected = first
    for _ in range(2 * num_players):
        assert state.phase is Phase.PLACE_TILE
        assert state.current_player == expected
        state = play(state, legal_actions(state)[0])
        assert state.current_player == expected  # the same player's piece step
        state = play(state, Pass())
        expected = (expected + 1) % num_players


@pytest.mark.parametrize(("num_players", "first"), [(2, 2), (3, 3), (5, 5), (2, -1), (4, 9)])
def test_c8_first_player_out_of_range_raises(num_players: int, first: int) -> None:
    with pytest.raises(ValueError, match="first_player"):
        new_game(num_players, seed=1, rules=Rules(first_player=first))


def test_legal_actions_of_a_non_state_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="GameState"):
        legal_actions(None)  # type: ignore[arg-type]


def test_c8_first_player_must_be_int() -> None:
    with pytest.raises(TypeError):
        Rules(first_player="1")  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [{"first_player": True}, {"slices": True}], ids=repr)
def test_c8_bool_rule_options_are_a_type_error(options: dict[str, bool]) -> None:
    """Regression: a bool first_player/slices was accepted and its record could not load."""
    with pytest.raises(TypeError):
        new_game(3, seed=1, rules=Rules(**options))  # type: ignore[arg-type]


@pytest.mark.parametrize("slices", [0, -1])
def test_c7_stratified_shuffle_needs_a_slice(slices: int) -> None:
    with pytest.raises(ValueError, match="slice"):
        new_game(2, seed=1, rules=Rules(slices=slices))


def test_draws_option_is_checked() -> None:
    with pytest.raises(ValueError, match="draws"):
        new_game(2, seed=1, draws="random")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no seed and no pile"):
        new_game(2, seed=1, draws="explicit")
    with pytest.raises(ValueError, match="no seed and no pile"):
        new_game(2, pile=TILESET.land_tiles, draws="explicit")


def test_rules_must_be_rules() -> None:
    with pytest.raises(TypeError, match="Rules"):
        new_game(2, seed=1, rules="fast")  # type: ignore[arg-type]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_c9_boats_start_on_space_1(num_players: int) -> None:
    assert new_game(num_players, seed=4).boats == (1,) * num_players


# ---------------------------------------------------------------------------- geometry (G)

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

def choose_double_state(players: int = 2) -> GameState:
    state = game("A3.1", STRAIGHT, players=players)
    return play(state, PlaceTile(Position(0, 4), R0))


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


# ---------------------------------------------------------------------------- seeds and piles

def pile_names(state: GameState) -> list[str]:
    assert state.tile_in_hand is not None
    return [state.tile_in_hand.name] + [t.name for t in state.pile.tiles]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
@pytest.mark.parametrize("shuffle", list(Shuffle))
def test_same_seed_gives_equal_states(num_players: int, shuffle: Shuffle) -> None:
    rules = Rules(shuffle=shuffle)
    a = new_game(num_players, seed=2016, rules=rules)
    b = new_game(num_players, seed=2016, rules=rules)
    assert a == b
    assert hash(a) == hash(b)
    assert pile_names(a) == pile_names(b)
    assert legal_actions(a) == legal_actions(b)


def test_different_seeds_give_different_piles() -> None:
    piles = {tuple(pile_names(new_game(2, seed=seed))) for seed in range(10)}
    assert len(piles) == 10
    assert new_game(2, seed=1) != new_game(2, seed=2)


def test_no_seed_still_gives_a_valid_game() -> None:
    state = new_game(4)
    assert sorted(pile_names(state)) == sorted(t.name for t in TILESET.land_tiles)


@pytest.mark.parametrize("seed", ["1", 1.5, b"1"])
def test_seed_must_be_an_int(seed: object) -> None:
    with pytest.raises(TypeError, match="seed"):
        new_game(2, seed=seed)  # type: ignore[arg-type]


_SUBPROCESS_GAME = """
from carcassonne_amazonas import apply_action, legal_actions, new_game
state = new_game(3, seed=2016)
names = [state.tile_in_hand.name] + [t.name for t in state.pile.tiles]
while not state.is_terminal:
    state = apply_action(state, legal_actions(state)[-1])
print(repr(names))
print(repr((state.scores, state.boats, [(p.tile.name, p.position, p.rotation.value)
                                        for p in state.board.placements])))
"""


def _game_summary(state: GameState) -> str:
    names = repr(pile_names(state))
    while not state.is_terminal:
        state = apply_action(state, legal_actions(state)[-1])
    summary = (state.scores, state.boats,
               [(p.tile.name, p.position, p.rotation.value) for p in state.board.placements])
    return f"{names}\n{summary!r}\n"


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_same_seed_same_game_in_another_process(hash_seed: str) -> None:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    result = subprocess.run([sys.executable, "-c", _SUBPROCESS_GAME], capture_output=True,
                            text=True, env=env, timeout=120, check=True)
    assert result.stdout == _game_summary(new_game(3, seed=2016))


def test_explicit_pile_gives_the_draw_order() -> None:
    order = list(reversed(TILESET.land_tiles))
    state = new_game(3, pile=order)
    assert state.tile_in_hand == order[0]
    assert state.pile.tiles == tuple(order[1:])
    assert new_game(3, pile=order) == new_game(3, pile=tuple(order))
    # A pile replaces the shuffle: a seed as well is a mistake.
    with pytest.raises(ValueError, match="seed"):
        new_game(3, pile=order, seed=1)


def test_explicit_pile_draws_in_order_during_play() -> None:
    order = pile_starting_with(STRAIGHT, "S01.2", "A1.1", "S05.1")
    state = new_game(2, pile=order)
    drawn = []
    for _ in range(4):
        assert state.tile_in_hand is not None
        drawn.append(state.tile_in_hand.name)
        state = play(state, legal_actions(state)[0], Pass())
    assert drawn == [STRAIGHT, "S01.2", "A1.1", "S05.1"]


def _pile_missing_one() -> list[Tile]:
    return list(TILESET.land_tiles[1:])


def _pile_with_duplicate() -> list[Tile]:
    tiles = list(TILESET.land_tiles)
    tiles[-1] = tiles[0]
    return tiles


def _pile_with_extra() -> list[Tile]:
    return [*TILESET.land_tiles, TILESET.land_tiles[0]]


def _pile_with_double() -> list[Tile]:
    return [*TILESET.land_tiles[1:], TILESET.double_tiles[0]]


def _pile_with_start() -> list[Tile]:
    return [TILESET.start_tile, *TILESET.land_tiles[1:]]


@pytest.mark.parametrize("make_pile", [_pile_missing_one, _pile_with_duplicate,
                                       _pile_with_extra, _pile_with_double, _pile_with_start,
                                       list])
def test_explicit_pile_must_hold_each_land_tile_once(make_pile: Callable[[], list[Tile]]
                                                     ) -> None:
    with pytest.raises(ValueError, match="exactly once"):
        new_game(2, pile=make_pile())


@pytest.mark.parametrize("intruder", ["S01.1", 3, None])
def test_explicit_pile_holds_tiles(intruder: object) -> None:
    pile: list[object] = [*TILESET.land_tiles[1:], intruder]
    with pytest.raises(TypeError, match="Tile"):
        new_game(2, pile=pile)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- illegal actions

def tile_phase() -> GameState:
    return game(STRAIGHT, "S01.2")


def piece_phase() -> GameState:
    return play(tile_phase(), PlaceTile(Position(1, -1), R0))


def choose_phase() -> GameState:
    return choose_double_state()


def double_phase() -> GameState:
    return play(choose_double_state(), ChooseDouble(TILESET.double_tiles[0].id))


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


@pytest.mark.parametrize("segment", [-1, 3, 4, 63, 64, 1000])
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


@pytest.mark.parametrize("junk", [None, "Pass", "PlaceTile(0, -1, 0)", (0, -1), (Position(0, -1),
                                  R0), 0, Position(0, -1), Pass, [Pass()], {"action": "pass"}],
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
