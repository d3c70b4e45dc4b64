"""The engine's fast path, ``carcassonne_amazonas.rules.fast_path``: the public API that
fast playouts, searches and adapters build on instead of the engine's private modules.

- a :class:`Playthrough` fed the legal actions reaches the states ``apply_action``
  reaches, in both draw modes, and a state frozen halfway stays as it was while the
  playthrough goes on;
- an illegal action raises ``IllegalActionError`` with the code ``apply_action`` gives
  it, and changes nothing;
- the action lists from a position's parts are ``legal_actions``'s, in its order, and
  interned.
"""

from __future__ import annotations

import random

import pytest

from carcassonne_amazonas import (
    GameState,
    IllegalActionError,
    Pass,
    PlaceTile,
    Position,
    apply_action,
    chance_outcomes,
    legal_actions,
    new_game,
)
from carcassonne_amazonas.rules.fast_path import (
    PASS,
    Playthrough,
    piece_actions,
    place_tile_action,
    tile_actions,
    tile_placement_cells,
)
from carcassonne_amazonas.rules.state import Phase
from carcassonne_amazonas.tiles.geometry import Rotation, cell_key


def _next(state: GameState, rng: random.Random) -> object:
    if state.phase is Phase.DRAW_TILE:
        return rng.choice(chance_outcomes(state))[0]
    return rng.choice(legal_actions(state))


@pytest.mark.parametrize("draws", ["seeded", "explicit"])
def test_a_playthrough_reaches_the_states_apply_action_reaches(draws: str) -> None:
    rng = random.Random(7)
    state = (new_game(3, seed=11) if draws == "seeded" else new_game(3, draws="explicit"))
    playthrough = Playthrough(state)
    halfway: tuple[GameState, GameState] | None = None
    steps = 0
    while not state.is_terminal:
        action = _next(state, rng)
        state = apply_action(state, action)  # type: ignore[arg-type]
        playthrough.play(action)  # type: ignore[arg-type]
        steps += 1
        assert playthrough.phase is state.phase
        assert playthrough.current_player == state.current_player
        assert playthrough.board is state.board or playthrough.board == state.board
        if steps == 40:
            halfway = (playthrough.freeze(), state)
    assert playthrough.freeze() == state
    assert halfway is not None and halfway[0] == halfway[1]  # unchanged by what followed


def test_an_illegal_action_is_refused_as_apply_action_refuses_it_and_changes_nothing() -> None:
    state = new_game(2, seed=3)
    playthrough = Playthrough(state)
    far = PlaceTile(Position(50, 50), Rotation.R0)
    with pytest.raises(IllegalActionError) as engine:
        apply_action(state, far)
    with pytest.raises(IllegalActionError) as fast:
        playthrough.play(far)
    assert (fast.value.code, fast.value.rule) == (engine.value.code, engine.value.rule)
    with pytest.raises(IllegalActionError, match="Pass is not legal"):
        playthrough.play(Pass())
    assert playthrough.freeze() == state
    playthrough.play(legal_actions(state)[0])
    assert playthrough.freeze() == apply_action(state, legal_actions(state)[0])


def test_a_playthrough_starts_only_from_a_game_state() -> None:
    class Sub(GameState):
        __slots__ = ()

    with pytest.raises(TypeError, match="GameState"):
        Playthrough("t0,0,0")  # type: ignore[arg-type]
    state = new_game(2, seed=1)
    with pytest.raises(TypeError, match="GameState"):
        Playthrough(Sub(*(getattr(state, a.name) for a in GameState.__attrs_attrs__)))


def test_the_lists_from_parts_are_the_legal_actions_in_their_order_and_interned() -> None:
    rng = random.Random(5)
    state = new_game(2, seed=5)
    checked = {Phase.PLACE_TILE: 0, Phase.PLACE_PIECE: 0}
    while not state.is_terminal:
        legal = legal_actions(state)
        if state.phase is Phase.PLACE_TILE:
            assert state.tile_in_hand is not None
            placements = tile_actions(state.board, state.tile_in_hand)
            assert placements == legal
            cells = tile_placement_cells(state.board, state.tile_in_hand)
            assert [place_tile_action(code >> 4, r) for code in cells
                    for r in range(4) if code >> r & 1] == list(legal)
            first = legal[0]
            assert isinstance(first, PlaceTile)
            assert place_tile_action(cell_key(first.position.x, first.position.y),
                                     first.rotation) is first
            checked[state.phase] += 1
        elif state.phase is Phase.PLACE_PIECE:
            pieces = piece_actions(state.board, state.features,
                                   state.players[state.current_player], state.piece_placement)
            assert pieces == legal
            assert pieces[-1] is PASS
            checked[state.phase] += 1
        state = apply_action(state, rng.choice(legal))
    assert min(checked.values()) > 10
