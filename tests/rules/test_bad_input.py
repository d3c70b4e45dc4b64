"""Bad input: everything that is not a legal action of a state is refused.

Wrong types, out-of-range values, actions of another phase, of another
player's turn, stale actions from earlier states and placements meant for
another tile must raise ``IllegalActionError`` (a ``ValueError``) or
``TypeError`` with a message that says what is wrong, and leave the state
(and its legal actions) exactly as they were: in a state of each phase found in
random games (R-G2–R-G6, R-T3, R-T5, R-F6, R-C7), and in the regressions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _bad_input_helpers import NOT_ACTIONS, random_game, tampered

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
    legal_actions,
    reference_tileset,
)
from carcassonne_amazonas.rules.features import node_of
from refusal import refuse
from scenario import start_game

TILESET = reference_tileset()
R0, R90 = Rotation.R0, Rotation.R90


# ---------------------------------------------------------------------------- states

def find_state(predicate: Callable[[GameState], bool], meeple_greedy: bool = False,
               draws: str = "seeded") -> GameState:
    for seed in range(200):
        for state in random_game(2 + seed % 4, seed, draws, meeple_greedy):
            if predicate(state):
                return state
    raise AssertionError("no such state in 200 random games")


def free_segments(state: GameState, terrain: Terrain) -> list[int]:
    """Segments of the piece-step tile of ``terrain`` whose feature holds no piece."""
    placement = state.board.placements[state.piece_placement]
    legal = legal_actions(state)
    position = placement.position
    return [i for i, s in enumerate(placement.tile.layout.segments) if s.terrain is terrain
            and (PlaceMeeple(position, i) in legal or PlaceCamp(position, i) in legal)]



@pytest.fixture(scope="module")
def piece_state() -> GameState:
    """A piece step on a standard tile with a free tributary and a free jungle."""
    return find_state(lambda s: s.phase is Phase.PLACE_PIECE
                      and s.board.placements[s.piece_placement].tile.kind is TileKind.STANDARD
                      and bool(free_segments(s, Terrain.TRIBUTARY))
                      and bool(free_segments(s, Terrain.JUNGLE)))


@pytest.fixture(scope="module")
def choose_double_state() -> GameState:
    state = start_game(3, "A3.1")
    return apply_action(state, PlaceTile(Position(0, 4), R0))


@pytest.fixture(scope="module")
def game_over_state() -> GameState:
    *_, last = random_game(2, 5)
    return last


@pytest.fixture(scope="module")
def chance_state() -> GameState:
    return find_state(lambda s: s.is_chance_node and s.pile.drawn > 3, draws="explicit")


# ---------------------------------------------------------------------------- cases

@pytest.mark.parametrize("obj", NOT_ACTIONS, ids=lambda o: type(o).__name__)
def test_objects_that_are_not_actions_raise_type_error(place_tile_state: GameState,
                                                       obj: object) -> None:
    message = refuse(place_tile_state, obj)
    assert "expected an action" in message
    assert type(obj).__name__ in message


def test_a_subclass_of_an_action_is_not_an_action(place_tile_state: GameState) -> None:
    class Sneaky(Pass):
        pass

    assert "expected an action" in refuse(place_tile_state, Sneaky())


def test_applying_to_something_that_is_not_a_state_raises_type_error() -> None:
    bad: Any = "state"
    with pytest.raises(TypeError, match="expected a GameState"):
        apply_action(bad, Pass())


@pytest.mark.parametrize("build", [
    lambda: PlaceTile((0, -1), R0),  # type: ignore[arg-type]
    lambda: PlaceTile(Position(0, -1), 90),  # type: ignore[arg-type]
    lambda: PlaceTile(Position(0, -1), "R0"),  # type: ignore[arg-type]
    lambda: PlaceMeeple(Position(0, 0), "1"),  # type: ignore[arg-type]
    lambda: PlaceCamp(Position(0, 0), 1.0),  # type: ignore[arg-type]
    lambda: PlaceCamp("0,0", 1),  # type: ignore[arg-type]
    lambda: ChooseDouble("82"),  # type: ignore[arg-type]
    lambda: ChooseDouble(True),  # type: ignore[arg-type]
    lambda: DrawTile(3.0),  # type: ignore[arg-type]
    lambda: DrawTile(None),  # type: ignore[arg-type]
    lambda: Position(0.5, 1),  # type: ignore[arg-type]
    lambda: Position("0", 1),  # type: ignore[arg-type]
])
def test_actions_with_values_of_the_wrong_type_cannot_be_built(build: Callable[[], object]
                                                               ) -> None:
    with pytest.raises(TypeError):
        build()


@pytest.mark.parametrize(("action", "words"), [
    (PlaceTile(Position(100, 100), R0), "touches no placed tile"),
    (PlaceTile(Position(1, 4), R0), "downstream of the river end"),
    (PlaceTile(Position(5, -5), R0), "touches no placed tile"),
    (PlaceTile(Position(-999_999_999, 0), R0), "touches no placed tile"),
    (PlaceTile(Position(0, 0), R0), "already covered"),
    (PlaceTile(Position(1, 3), R90), "already covered"),
    (PlaceTile(Position(0, 4), R0), "downstream of the river end"),
    (PlaceMeeple(Position(0, -1), 0), "not legal in the 'place tile' phase"),
    (PlaceCamp(Position(0, -1), 0), "must play PlaceTile"),
    (Pass(), "not legal in the 'place tile' phase"),
    (ChooseDouble(TileId(80)), "not legal in the 'place tile' phase"),
    (DrawTile(TileId(0)), "not legal in the 'place tile' phase"),
])
def test_illegal_actions_in_the_tile_phase(place_tile_state: GameState, action: Action,
                                           words: str) -> None:
    assert action not in legal_actions(place_tile_state)
    assert words in refuse(place_tile_state, action)


def test_a_placement_for_another_tile_names_the_mismatched_edge(place_tile_state: GameState
                                                                ) -> None:
    """Open cells and rotations where some tile would fit but the one in hand does not."""
    state = place_tile_state
    legal = set(legal_actions(state))
    tried = 0
    for position in state.board.open_positions:
        if position.y > state.board.river_end_row:
            continue
        for rotation in Rotation:
            action = PlaceTile(position, rotation)
            if action in legal:
                continue
            message = refuse(state, action)
            assert "edge mismatch" in message and "(R-G4)" in message
            tried += 1
    assert tried > 0


def test_river_tiles_go_only_downstream_of_the_river_end() -> None:
    state = start_game(2, "A1.1")
    assert "just downstream of the river end" in refuse(state, PlaceTile(Position(0, -1), R0))
    assert "(R-G5)" in refuse(state, PlaceTile(Position(0, 4), R90))
    assert "(R-G6)" in refuse(state, PlaceTile(Position(0, 5), R0))


def test_choose_double_refuses_what_is_not_set_aside(choose_double_state: GameState) -> None:
    state = choose_double_state
    assert state.phase is Phase.CHOOSE_DOUBLE
    standard = TILESET.land_tiles[0].id
    for tile_id in (-1, 10**20, standard):  # -1 and 10**20 only past the constructor
        choice = tampered(ChooseDouble(TileId(0)), "tile", tile_id)
        assert "is not set aside" in refuse(state, choice)
    assert "must play ChooseDouble" in refuse(state, PlaceTile(Position(0, 5), R0))
    assert "must play ChooseDouble" in refuse(state, Pass())
    # Stale: a double already used cannot be chosen again.
    chosen = legal_actions(state)[0]
    assert isinstance(chosen, ChooseDouble)
    placing = apply_action(state, chosen)
    assert placing.phase is Phase.PLACE_DOUBLE
    assert "(R-G5)" in refuse(placing, PlaceTile(Position(0, 5), R90))
    assert "(R-G6)" in refuse(placing, PlaceTile(Position(0, 4), R0))
    done = apply_action(placing, PlaceTile(Position(0, 5), R0))
    assert done.phase is Phase.PLACE_PIECE
    assert "not legal in the 'place piece' phase" in refuse(done, chosen)
    # R-T5: after "!" and a double, pieces go only on the double tile.
    assert "goes on the tile just placed" in refuse(done, PlaceMeeple(Position(0, 4), 1))


def test_illegal_piece_steps(piece_state: GameState) -> None:
    state = piece_state
    placement = state.board.placements[state.piece_placement]
    position = placement.position
    segments = placement.tile.layout.segments
    tributary = free_segments(state, Terrain.TRIBUTARY)[0]
    jungle = free_segments(state, Terrain.JUNGLE)[0]
    assert "needs a jungle" in refuse(state, PlaceCamp(position, tributary))
    assert "needs a tributary or village" in refuse(state, PlaceMeeple(position, jungle))
    for segment in (-1, len(segments), 2**70):  # -1 and 2**70 only past the constructor
        assert "has segments" in refuse(state, tampered(PlaceMeeple(position, 0), "segment",
                                                        segment))
        assert "has segments" in refuse(state, tampered(PlaceCamp(position, 0), "segment",
                                                        segment))
    elsewhere = Position(position.x + 1, position.y)
    assert "on the tile just placed" in refuse(state, PlaceMeeple(elsewhere, tributary))
    assert "on the tile just placed" in refuse(state, PlaceCamp(Position(0, 0), jungle))
    assert "must play PlaceMeeple, PlaceCamp or Pass" in refuse(
        state, PlaceTile(position, R0))
    # Stale: the previous player's piece step, on the tile they placed.
    previous = state.board.placements[state.piece_placement - 1].position
    assert "on the tile just placed" in refuse(state, PlaceMeeple(previous, 0))


def _piece_on_occupied_feature(state: GameState) -> Action | None:
    """A meeple or camp the player could place, but on a feature that holds a piece."""
    if state.phase is not Phase.PLACE_PIECE:
        return None
    supply = state.players[state.current_player]
    placement = state.board.placements[state.piece_placement]
    for index, segment in enumerate(placement.tile.layout.segments):
        if segment.terrain is Terrain.AMAZON or \
                not state.features.feature_of(node_of(state.piece_placement, index)).pieces:
            continue
        if segment.terrain is Terrain.JUNGLE and supply.camps_in_supply:
            return PlaceCamp(placement.position, index)
        if segment.terrain is not Terrain.JUNGLE and supply.meeples_in_supply:
            return PlaceMeeple(placement.position, index)
    return None


def test_a_feature_that_holds_a_piece_is_refused() -> None:
    state = find_state(lambda s: _piece_on_occupied_feature(s) is not None)
    action = _piece_on_occupied_feature(state)
    assert action is not None
    message = refuse(state, action)
    assert "already holds a piece of " in message
    assert any(f"piece of {colour} " in message for colour in PLAYER_COLOURS), message


def test_a_player_with_no_meeple_left_cannot_place_one() -> None:
    """Another player's move: a meeple that only a player with supply could place."""
    def no_meeples_but_free_tributary(state: GameState) -> bool:
        if state.phase is not Phase.PLACE_PIECE:
            return False
        if state.players[state.current_player].meeples_in_supply:
            return False
        placement = state.board.placements[state.piece_placement]
        return any(seg.terrain is Terrain.TRIBUTARY and not state.features.feature_of(
            node_of(state.piece_placement, i)).pieces
            for i, seg in enumerate(placement.tile.layout.segments))

    state = find_state(no_meeples_but_free_tributary, meeple_greedy=True)
    placement = state.board.placements[state.piece_placement]
    segment = next(i for i, seg in enumerate(placement.tile.layout.segments)
                   if seg.terrain is Terrain.TRIBUTARY)
    assert "has no meeple left" in refuse(state, PlaceMeeple(placement.position, segment))


def test_the_amazon_takes_no_piece() -> None:
    state = start_game(3, "A1.1")
    state = apply_action(state, PlaceTile(Position(0, 4), R0))
    river = next(i for i, s in enumerate(state.board.placements[-1].tile.layout.segments)
                 if s.terrain is Terrain.AMAZON)
    assert "F6" in refuse(state, PlaceMeeple(Position(0, 4), river))
    assert "F6" in refuse(state, PlaceCamp(Position(0, 4), river))


def test_nothing_is_legal_once_the_game_is_over(game_over_state: GameState) -> None:
    state = game_over_state
    assert state.is_terminal and legal_actions(state) == ()
    for action in (Pass(), PlaceTile(Position(0, -1), R0), DrawTile(TileId(0)),
                   ChooseDouble(TileId(80)), PlaceMeeple(Position(0, 0), 0)):
        assert "the game is over" in refuse(state, action)


def test_draws_of_tiles_not_in_the_pile_are_refused(chance_state: GameState) -> None:
    state = chance_state
    drawn = [p.tile.id for p in state.board.placements
             if p.tile.kind in (TileKind.STANDARD, TileKind.AMAZON)]
    for tile_id in (drawn[0], -1, 10**20, TILESET.double_tiles[0].id):  # past the constructor
        draw = tampered(DrawTile(TileId(0)), "tile", tile_id)
        assert "is not in the pile" in refuse(state, draw)
    assert "must play DrawTile" in refuse(state, Pass())


def test_draws_that_cannot_come_next_are_refused() -> None:
    """R-C7: once the current slice has its Amazon quota, no Amazon tile can come next."""
    def amazon_impossible(state: GameState) -> bool:
        return state.is_chance_node and any(
            t.kind is TileKind.AMAZON for t in state.pile.tiles) and not any(
            TILESET.tile(a.tile).kind is TileKind.AMAZON
            for a in legal_actions(state) if isinstance(a, DrawTile))

    state = find_state(amazon_impossible, draws="explicit")
    amazon = next(t for t in state.pile.tiles if t.kind is TileKind.AMAZON)
    assert "cannot come next" in refuse(state, DrawTile(amazon.id))


# ---------------------------------------------------------------------------- regression

def test_aliased_far_away_placement_is_refused(place_tile_state: GameState) -> None:
    state = place_tile_state
    legal = legal_actions(state)[0]
    assert isinstance(legal, PlaceTile)
    alias = PlaceTile(Position(legal.position.x + 4096, legal.position.y - 1), legal.rotation)
    assert alias not in legal_actions(state)
    with pytest.raises(IllegalActionError, match="touches no placed tile"):
        apply_action(state, alias)


def test_a_river_tile_out_of_place_is_named_with_the_right_article() -> None:
    """Regression: the R-G6 message read "a amazon tile"; it names the kind properly."""
    state = start_game(2, "A1.1")
    with pytest.raises(IllegalActionError, match=r"A1\.1 is an Amazon tile: it goes at \(0,4\)"):
        apply_action(state, PlaceTile(Position(9, 9), Rotation.R0))


def test_feature_at_names_the_feature_under_a_segment() -> None:
    """GameState.feature_at gives the feature of a placed tile's segment (R-F1) and refuses
    a cell without a tile or a segment the tile does not have."""
    state = start_game(2)
    creek = state.feature_at(Position(1, 0), 1)  # the start tile's north creek
    assert creek.terrain.label == "tributary" and creek.boats == 1 and creek.tile_count == 1
    with pytest.raises(ValueError, match="no tile covers"):
        state.feature_at(Position(5, 5), 0)
    with pytest.raises(ValueError, match=r"segments 0\.\.8"):
        state.feature_at(Position(0, 0), 9)


