"""Helpers of the engine's tests (``test_engine_setup.py``, ``test_engine_placement.py``,
``test_illegal_actions.py``): games whose pile starts with named tiles, the player counts'
start sides (R-C5), the cells open at the start (R-G3), a game in each step of a turn (the
"!" turn's choice of a double tile and its placing included, R-T3), finished games, and
the check that a refused action leaves the state exactly as it was.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from carcassonne_amazonas import (
    Action,
    ChooseDouble,
    GameState,
    IllegalActionError,
    PlaceTile,
    Position,
    Rotation,
    Rules,
    Tile,
    apply_action,
    apply_action_with_events,
    legal_actions,
    new_game,
    reference_tileset,
)

TILESET = reference_tileset()
START_SPACES = {2: 16, 3: 16, 4: 8, 5: 8}

#: R-G3: the cells open at the start (the start tile covers (0, 0)-(1, 3)).
TEN_OPEN_CELLS = frozenset(
    [Position(0, -1), Position(1, -1)]
    + [Position(-1, y) for y in range(4)]
    + [Position(2, y) for y in range(4)]
)
#: The 2 cells just downstream of the start tile, closed until the river grows.
DOWNSTREAM_CELLS = frozenset([Position(0, 4), Position(1, 4)])


def pile_starting_with(*names: str) -> list[Tile]:
    """All land tiles, the named ones first in the given order, then the rest."""
    first = [TILESET.tile_named(name) for name in names]
    first_ids = {tile.id for tile in first}
    return first + [tile for tile in TILESET.land_tiles if tile.id not in first_ids]


def game(*names: str, players: int = 2, rules: Rules | None = None) -> GameState:
    """A new game whose pile starts with the named tiles."""
    return new_game(players, pile=pile_starting_with(*names), rules=rules)


def play(state: GameState, *actions: Action) -> GameState:
    """``state`` after the actions, applied in turn."""
    for action in actions:
        state = apply_action(state, action)
    return state


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
    """``state`` played on by ``choose`` until ``done`` (before the game ends)."""
    while not done(state):
        assert not state.is_terminal, "the game ended before the wanted state was reached"
        state = apply_action(state, choose(state, legal_actions(state)))
    return state


def first_action(_state: GameState, actions: tuple[Action, ...]) -> Action:
    """A policy for ``play_until``: the first legal action."""
    return actions[0]


def segment_index(tile: Tile, name: str) -> int:
    """The index of the tile's segment named ``name``."""
    for index, segment in enumerate(tile.layout.segments):
        if segment.name == name:
            return index
    raise AssertionError(f"{tile.name} has no segment {name}")


def finished_game(num_players: int = 2, seed: int = 5) -> GameState:
    """The last state of a game in which every player plays the first legal action."""
    return play_until(new_game(num_players, seed=seed), lambda s: s.is_terminal, first_action)


# Tiles the tests use (reference set):
#  S01.1 straight tributary N-S, jungles w (N1 W S3) and e (N3 E S1), no icons;
#  S02.1 tributary from a rock to S, jungle elsewhere;
#  A1.1  Amazon tile between jungles; A3.1 a "!" Amazon tile with a village on W.
STRAIGHT = "S01.1"


def choose_double_state(players: int = 2) -> GameState:
    """A game in its "!" turn's choice of a double tile (R-T3)."""
    state = game("A3.1", STRAIGHT, players=players)
    return play(state, PlaceTile(Position(0, 4), Rotation.R0))


def tile_phase() -> GameState:
    """A game in yellow's first tile step, with S01.1 in hand and S01.2 next."""
    return game(STRAIGHT, "S01.2")


def piece_phase() -> GameState:
    """``tile_phase`` after S01.1 is placed at (1,-1): yellow's piece step."""
    return play(tile_phase(), PlaceTile(Position(1, -1), Rotation.R0))


def choose_phase() -> GameState:
    """A game in the choice of a double tile (R-T3)."""
    return choose_double_state()


def double_phase() -> GameState:
    """A game in the placing of the first double tile chosen (R-T3)."""
    return play(choose_double_state(), ChooseDouble(TILESET.double_tiles[0].id))
