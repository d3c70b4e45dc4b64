"""Bad input: everything that is not a legal action of a state is refused.

Wrong types, out-of-range values, actions of another phase, of another
player's turn, stale actions from earlier states and placements meant for
another tile must raise ``IllegalActionError`` (a ``ValueError``) or
``TypeError`` with a message that says what is wrong, and leave the state
(and its legal actions) exactly as they were.

The fuzz test tries ``FUZZ_INPUTS`` inputs (default: 50 per example of the Hypothesis
profile, 1,000 with the quick one) over states of every phase, seeded and explicit
draws; an input that happens to be legal must apply without error.
"""

from __future__ import annotations

import copy
import os
import random
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest
from hypothesis import given, settings

from carcassonne_amazonas import (
    PLAYER_COLOURS,
    Action,
    ChooseDouble,
    DrawTile,
    Game,
    GameRecord,
    GameState,
    IllegalActionError,
    Pass,
    Phase,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rotation,
    Rules,
    Terrain,
    TileId,
    TileKind,
    apply_action,
    apply_action_with_events,
    chance_outcomes,
    determinize,
    legal_actions,
    new_game,
    parse_action,
    parse_tileset,
    reference_tileset,
    state_from_json,
    state_problems,
    state_to_json,
)
from carcassonne_amazonas.ai.encoding import decode_action, encode_action, legal_action_mask
from carcassonne_amazonas.ai.observation import observation_sparse, observation_tensor
from carcassonne_amazonas.ai.playout import random_action, random_playout
from carcassonne_amazonas.integrations import game_returns
from carcassonne_amazonas.render.svg import board_svg
from carcassonne_amazonas.rules.actions import ACTION_TYPES
from carcassonne_amazonas.rules.chance import sample_draw
from carcassonne_amazonas.rules.features import node_of
from carcassonne_amazonas.testing import (
    actions,
    check_invariants,
    game_states,
    legal_actions_of,
    turns_played,
)
from refusal import picture, refuse
from scenario import start_game

FUZZ_INPUTS = int(os.environ.get("FUZZ_INPUTS") or 50 * settings().max_examples)
TILESET = reference_tileset()
R0, R90, R180, R270 = Rotation.R0, Rotation.R90, Rotation.R180, Rotation.R270


# ---------------------------------------------------------------------------- states

def random_game(num_players: int, seed: int, draws: str = "seeded",
                meeple_greedy: bool = False) -> Iterator[GameState]:
    """Every state of a random game, from the first to the last."""
    rng = random.Random(seed)
    state = new_game(num_players, seed=seed) if draws == "seeded" \
        else new_game(num_players, draws="explicit")
    yield state
    while not state.is_terminal:
        choices = legal_actions(state)
        pieces = [a for a in choices if isinstance(a, PlaceMeeple)]
        action = rng.choice(pieces) if meeple_greedy and pieces else rng.choice(choices)
        state = apply_action(state, action)
        yield state


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
def place_tile_state() -> GameState:
    return new_game(3, seed=7)


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

NOT_ACTIONS: list[object] = [None, 0, 1.5, "t0,-1,0", "p", b"p", (0, -1), [Pass()], {"x": 0},
                             Pass, PlaceTile, Position(0, -1), R90, TileId(3), object()]


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
    (PlaceTile(Position(-10**30, 0), R0), "touches no placed tile"),
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
    for tile_id in (-1, 10**20, standard):
        assert "is not set aside" in refuse(state, ChooseDouble(TileId(tile_id)))
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
    for segment in (-1, len(segments), 2**70):
        assert "has segments" in refuse(state, PlaceMeeple(position, segment))
        assert "has segments" in refuse(state, PlaceCamp(position, segment))
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
    for tile_id in (drawn[0], -1, 10**20, TILESET.double_tiles[0].id):
        assert "is not in the pile" in refuse(state, DrawTile(TileId(tile_id)))
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


# ---------------------------------------------------------------------------- hostile objects

class LyingInt(int):
    """An int that claims to equal everything."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class LyingPosition(Position):
    """A Position that claims to be every cell."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class SubPlaceTile(PlaceTile):
    pass


class SubPass(Pass):
    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


def _has_lying_field(action: object) -> bool:
    values = [getattr(action, name) for name in ("position", "rotation", "segment", "tile")
              if hasattr(action, name)]
    position = getattr(action, "position", None)
    if position is not None:
        values += [position.x, position.y]
    return any(type(v) in (LyingInt, LyingPosition) for v in values)


def _tampered(action: Any, field: str, value: object) -> Any:
    """``action`` with one field swapped after construction, past its validators."""
    twin = attrs.evolve(action)
    object.__setattr__(twin, field, value)
    return twin



HOSTILE_WORDS = ("a position is a Position, not", "coordinates are ints", "must be an int, not",
                 "a rotation is a Rotation, not", "a tile id is an int, not", "expected an action")


def _hostile(rng: random.Random, state: GameState,
             pool: list[tuple[GameState, list[GameState]]]) -> object:
    """A legal-looking action whose type lies: a field swapped (past the validators) for
    a subclass whose ``__eq__`` says yes to everything, or an action subclass."""
    legal = legal_actions(state) or legal_actions(rng.choice(pool)[0])
    action = rng.choice(legal) if legal else Pass()
    if isinstance(action, PlaceTile):
        how = rng.randrange(4)
        if how == 0:
            return _tampered(action, "position", LyingPosition(rng.randint(-9, 9), 99))
        if how == 1:
            return _tampered(action, "rotation", LyingInt(int(action.rotation)))
        if how == 2:
            return _tampered(action, "position",
                             _tampered(action.position, "x", LyingInt(action.position.x)))
        return SubPlaceTile(action.position, action.rotation)
    if isinstance(action, (PlaceMeeple, PlaceCamp)):
        return rng.choice([_tampered(action, "segment", LyingInt(action.segment)),
                           _tampered(action, "position", LyingPosition(0, 0))])
    if isinstance(action, (ChooseDouble, DrawTile)):
        return _tampered(action, "tile", LyingInt(action.tile))
    return SubPass()


# ---------------------------------------------------------------------------- fuzz

def _state_pool() -> list[tuple[GameState, list[GameState]]]:
    """States of every phase, each with the earlier states of its game."""
    pool: list[tuple[GameState, list[GameState]]] = []
    games = [list(random_game(2, 11)), list(random_game(5, 12, meeple_greedy=True)),
             list(random_game(3, 13, draws="explicit")),
             list(random_game(4, 14))]
    rng = random.Random(0)
    for history in games:
        by_phase: dict[Phase, list[int]] = {}
        for index, state in enumerate(history):
            by_phase.setdefault(state.phase, []).append(index)
        for indices in by_phase.values():
            for index in rng.sample(indices, min(3, len(indices))):
                pool.append((history[index], history[:index]))
    exclamation = start_game(3, "A3.1")
    pool.append((exclamation, []))
    after = apply_action(exclamation, PlaceTile(Position(0, 4), R180))
    pool.append((after, [exclamation]))
    chosen = apply_action(after, legal_actions(after)[-1])
    pool.append((chosen, [exclamation, after]))
    return pool


def _coordinate(rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.8:
        return rng.randint(-15, 30)
    if roll < 0.9:
        return rng.choice([-(2**63), 2**63, 10**30, -(10**30), 2048, -2049])
    return rng.randint(-(10**6), 10**6)


def _small(rng: random.Random) -> int:
    return rng.randint(-3, 12) if rng.random() < 0.9 else rng.choice([2**64, -(2**64), 10**9])


def _random_input(rng: random.Random, state: GameState, earlier: list[GameState],
                  pool: list[tuple[GameState, list[GameState]]]) -> object:
    kind = rng.randrange(11)
    if kind == 0:
        return rng.choice(NOT_ACTIONS)
    if kind == 10:
        return _hostile(rng, state, pool)
    if kind == 1 and earlier:  # stale: legal in an earlier state of this game
        old = legal_actions(rng.choice(earlier))
        if old:
            return rng.choice(old)
    if kind == 2:  # legal in another state: another phase, player or game
        other = legal_actions(rng.choice(pool)[0])
        if other:
            return rng.choice(other)
    if kind == 3 and state.board.open_positions:  # a placement meant for another tile
        return PlaceTile(rng.choice(state.board.open_positions), rng.choice(list(Rotation)))
    if kind == 4 and state.piece_placement >= 0:  # a piece on the tile, any segment
        position = state.board.placements[state.piece_placement].position
        return rng.choice([PlaceMeeple, PlaceCamp])(position, rng.randint(-1, 8))
    position = Position(_coordinate(rng), _coordinate(rng))
    return rng.choice([
        lambda: PlaceTile(position, rng.choice(list(Rotation))),
        lambda: PlaceMeeple(position, _small(rng)),
        lambda: PlaceCamp(position, _small(rng)),
        lambda: ChooseDouble(TileId(rng.randint(-2, 90) if rng.random() < 0.9
                                    else _small(rng))),
        lambda: DrawTile(TileId(rng.randint(-2, 90) if rng.random() < 0.9 else _small(rng))),
        Pass,
    ])()


@pytest.mark.slow  # fuzzing over many random states
def test_fuzz_every_input_is_applied_if_legal_and_refused_otherwise() -> None:
    rng = random.Random(20160)
    pool = _state_pool()
    phases = {state.phase for state, _ in pool}
    assert phases == set(Phase)
    tried = refused = applied = hostile = 0
    pictures = {id(state): picture(state) for state, _ in pool}
    while tried < FUZZ_INPUTS:
        state, earlier = rng.choice(pool)
        obj = _random_input(rng, state, earlier, pool)
        tried += 1
        if type(obj) in (SubPlaceTile, SubPass) or (
                type(obj) in ACTION_TYPES and _has_lying_field(obj)):
            # It may even claim to be in legal_actions: its __eq__ lies.  Refused by type.
            message = refuse(state, obj)
            assert any(words in message for words in HOSTILE_WORDS), message
            hostile += 1
            continue
        if obj in legal_actions(state):
            assert isinstance(obj, (PlaceTile, ChooseDouble, PlaceMeeple, PlaceCamp, Pass,
                                    DrawTile))
            after = apply_action(state, obj)
            assert check_invariants(after) == []
            applied += 1
        else:
            refuse(state, obj)
            refused += 1
    for state, _ in pool:
        assert picture(state) == pictures[id(state)]
    assert tried >= FUZZ_INPUTS and refused > tried // 2 and applied > 0 and hostile > 0


@pytest.mark.slow  # fuzzing over many random states
@settings(max_examples=max(10, settings().max_examples))
@given(state=game_states(max_turns=25), action=actions())
def test_arbitrary_actions_on_random_states(state: GameState, action: Action) -> None:
    if action in legal_actions(state):
        assert check_invariants(apply_action(state, action)) == []
    else:
        refuse(state, action)


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


# ---------------------------------------------------------------------------- hostile types

@pytest.mark.parametrize("build", [
    lambda: Position(LyingInt(0), 4),
    lambda: Position(0, LyingInt(4)),
    lambda: LyingPosition(0, 4),  # the instance is made, but no action takes it
    lambda: PlaceTile(LyingPosition(9, 9), R0),
    lambda: PlaceTile(Position(0, 4), LyingInt(0)),  # type: ignore[arg-type]
    lambda: PlaceTile(Position(0, 4), 0),  # type: ignore[arg-type]
    lambda: PlaceMeeple(Position(0, 4), LyingInt(1)),
    lambda: PlaceCamp(LyingPosition(0, 4), 1),
    lambda: ChooseDouble(TileId(LyingInt(81))),
    lambda: DrawTile(TileId(LyingInt(1))),
])
def test_subclasses_of_int_and_position_are_refused_when_building_an_action(
        build: Callable[[], object]) -> None:
    """R-G6: a Position whose ``__eq__`` lies would pass any equality test (the river
    cell, the tile that may take a piece); an int subclass could lie in the same way.
    Types are exact, so they are refused with TypeError before any use."""
    try:
        made = build()
    except TypeError:
        return
    assert type(made) is LyingPosition  # a position can be made; an action cannot take it
    with pytest.raises(TypeError, match="a position is a Position, not LyingPosition"):
        PlaceTile(made, R0)


@pytest.mark.parametrize(("field", "value", "words"), [
    ("position", LyingPosition(9, 9), "a position is a Position, not LyingPosition"),
    ("rotation", 0, "a rotation is a Rotation, not int"),
    ("rotation", LyingInt(0), "a rotation is a Rotation, not LyingInt"),
])
def test_a_river_tile_cannot_be_placed_off_the_river_by_a_tampered_action(
        field: str, value: object, words: str) -> None:
    """R-G6: an Amazon tile goes only below the river end.  A PlaceTile whose position
    was swapped for a lying one after construction is refused with TypeError before the
    engine compares it with the river cell, and the state is unchanged."""
    state = start_game(2, "A1.1")
    legal = legal_actions(state)[0]
    assert isinstance(legal, PlaceTile)
    hostile = _tampered(legal, field, value)
    message = refuse(state, hostile)
    assert words in message


def test_tampered_coordinates_and_segments_are_refused() -> None:
    state = start_game(2, "A1.1")
    position = _tampered(Position(0, 4), "x", LyingInt(0))
    assert "coordinates are ints" in refuse(state, _tampered(PlaceTile(Position(0, 4), R0),
                                                             "position", position))
    after = apply_action(state, PlaceTile(Position(0, 4), R0))
    assert after.phase is Phase.PLACE_PIECE
    assert "segment must be an int, not LyingInt" in refuse(
        after, _tampered(PlaceMeeple(Position(0, 4), 1), "segment", LyingInt(1)))
    assert "a tile id is an int, not LyingInt" in refuse(
        after, _tampered(ChooseDouble(TileId(81)), "tile", LyingInt(81)))


def test_subclasses_of_action_classes_are_refused(place_tile_state: GameState) -> None:
    legal = legal_actions(place_tile_state)[0]
    assert isinstance(legal, PlaceTile)
    sub = SubPlaceTile(legal.position, legal.rotation)
    assert sub == legal or sub != legal  # whatever its comparison says, it is refused
    assert "expected an action" in refuse(place_tile_state, sub)
    with pytest.raises(TypeError, match="expected an action"):
        encode_action(place_tile_state, sub)


def test_encode_action_takes_only_exact_types(place_tile_state: GameState) -> None:
    legal = legal_actions(place_tile_state)[0]
    assert isinstance(legal, PlaceTile)
    for hostile in (_tampered(legal, "position", LyingPosition(0, 0)),
                    _tampered(legal, "rotation", LyingInt(0)),
                    _tampered(DrawTile(TileId(1)), "tile", LyingInt(1)),
                    _tampered(PlaceCamp(Position(0, 0), 1), "segment", True)):
        with pytest.raises(TypeError):
            encode_action(place_tile_state, hostile)
    with pytest.raises(TypeError, match="an action index is an int"):
        decode_action(place_tile_state, LyingInt(0))
    with pytest.raises(TypeError, match="expected a GameState"):
        encode_action("state", legal)  # type: ignore[arg-type]


def test_other_entry_points_take_only_exact_ints() -> None:
    with pytest.raises(TypeError):
        new_game(LyingInt(2))
    with pytest.raises(TypeError):
        new_game(2, seed=LyingInt(1))
    with pytest.raises(TypeError):
        Rules(first_player=LyingInt(0))
    state = start_game(2)
    with pytest.raises(TypeError):
        state.feature_at(LyingPosition(0, 0), 1)
    with pytest.raises(TypeError):
        state.feature_at(Position(0, 0), LyingInt(1))


# ---------------------------------------------------------------------------- exact types

class LyingState(GameState):
    """A GameState that says it equals every state (``GameRecord.from_game``
    recorded a 30-tile position as "seed 9, no actions")."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class LyingText(str):
    """A str whose every character reads ``p`` (``'zzz'`` parsed as a pass)."""

    def __getitem__(self, index: Any) -> str:
        return "p"

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class LyingBytes(bytes):
    pass


def _lying_state() -> GameState:
    state = new_game(2, seed=9)
    for _ in range(30):
        state = apply_action(state, legal_actions(state)[0])
    lying = copy.copy(state)
    object.__setattr__(lying, "__class__", LyingState)
    return lying


def _game() -> Game:
    return Game(new_game(2, seed=1))


STATE_ENTRY_POINTS: dict[str, Callable[[Any], object]] = {
    "legal_actions": legal_actions,
    "apply_action": lambda s: apply_action(s, Pass()),
    "apply_action_with_events": lambda s: apply_action_with_events(s, Pass()),
    "chance_outcomes": chance_outcomes,
    "sample_draw": lambda s: sample_draw(s, random.Random(0)),
    "determinize": lambda s: determinize(s, random.Random(0)),
    "state_to_json": state_to_json,
    "GameRecord.from_game": lambda s: GameRecord.from_game(s, []),
    "Game": Game,
    "random_action": lambda s: random_action(s, random.Random(0)),
    "random_playout": lambda s: random_playout(s, random.Random(0)),
    "encode_action": lambda s: encode_action(s, Pass()),
    "decode_action": lambda s: decode_action(s, 0),
    "legal_action_mask": legal_action_mask,
    "observation_tensor": lambda s: observation_tensor(s, 0),
    "observation_sparse": lambda s: observation_sparse(s, 0),
    "board_svg": board_svg,
    "game_returns": game_returns,
    "testing.turns_played": turns_played,
    "testing.legal_actions_of": legal_actions_of,
}
TEXT_ENTRY_POINTS: dict[str, Callable[[Any], object]] = {
    "parse_action": parse_action,
    **{f"{kind.__name__}.from_notation": kind.from_notation for kind in ACTION_TYPES},
    "Game.play": lambda t: _game().play(t),
    "Game.play_all": lambda t: _game().play_all(t),
    "state_from_json": state_from_json,
    "GameRecord.from_json": GameRecord.from_json,
    "parse_tileset": parse_tileset,
}


@pytest.mark.parametrize("name", [*STATE_ENTRY_POINTS, *TEXT_ENTRY_POINTS, "state_problems",
                                  "state_from_json(bytes)", "GameRecord.from_json(bytes)"])
def test_every_entry_point_refuses_subclasses_of_a_state_or_of_str(name: str) -> None:
    """Types are exact at every public function that takes a state or text, as
    they are for actions (R-T2): a subclass of GameState or str is a TypeError (for
    ``state_problems``, which never raises, a problem), whatever its ``__eq__`` says."""
    state = _lying_state()
    if name == "state_problems":
        assert state_problems(state) == [
            "state: expected a GameState, not LyingState"]
        return
    if name.endswith("(bytes)"):
        run: Callable[[Any], object] = state_from_json if name.startswith("state") \
            else GameRecord.from_json
        value: object = LyingBytes(state_to_json(new_game(2, seed=9)).encode())
        kind = "bytes"
    elif name in STATE_ENTRY_POINTS:
        run, value, kind = STATE_ENTRY_POINTS[name], state, "GameState"
    else:
        run, value, kind = TEXT_ENTRY_POINTS[name], LyingText("zzz"), "str"
    with pytest.raises(TypeError, match=rf"not Lying\w+ \(a subclass of {kind}: refused"):
        run(value)


def test_a_lying_state_is_not_recorded_as_another_game() -> None:
    """The audit's probe: the lying state equals a new game's start, and was recorded
    as "seed 9, no actions"."""
    state = _lying_state()
    assert state == new_game(2, seed=9)
    with pytest.raises(TypeError, match="LyingState"):
        GameRecord.from_game(state, [])
    with pytest.raises(TypeError, match="LyingText"):
        parse_action(LyingText("zzz"))


@pytest.mark.parametrize("tile_id", [True, LyingInt(3)], ids=["bool", "int subclass"])
def test_a_pile_tile_id_must_be_exactly_an_int(tile_id: object) -> None:
    """R-C3: ``new_game(pile=...)`` takes the tile set's own tiles; a tile whose id is a
    bool or an int subclass is a TypeError, not a ValueError."""
    pile = list(reference_tileset().land_tiles)
    pile[0] = attrs.evolve(pile[0], id=tile_id)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a tile id, an int, not"):
        new_game(2, pile=pile)
