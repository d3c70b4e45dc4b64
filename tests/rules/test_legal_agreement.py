"""An action is accepted exactly when ``legal_actions`` lists it, and the action mask agrees.

For random states of both draw modes (chance nodes included), every action of a
large candidate set (every listed action, arbitrary actions from
:func:`carcassonne_amazonas.testing.actions`, and near misses: every tile id as a draw
or a double choice, every open cell in every rotation, every segment of the tile that
may take a piece) is applied: it must succeed if and only if it is listed, and
``legal_action_mask`` must have a 1 exactly at the listed actions' integers.

This is the property the DrawTile regression broke: a draw of an identical copy of a
listed tile was accepted, although not listed and masked 0.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    Action,
    ChooseDouble,
    DrawTile,
    GameState,
    IllegalActionError,
    Pass,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rotation,
    TileId,
    apply_action,
    legal_actions,
)
from carcassonne_amazonas.ai.encoding import encode_action, legal_action_mask
from carcassonne_amazonas.testing import actions, game_states

states = st.one_of(game_states(max_turns=30), game_states(max_turns=30, draws="explicit"),
                   game_states(draws="explicit"))
agreement = settings(max_examples=max(20, settings().max_examples),
                     suppress_health_check=[HealthCheck.too_slow])


def near_misses(state: GameState) -> list[Action]:
    """Actions one step away from legal ones, in every class."""
    tiles = state.rules.tileset.tiles
    found: list[Action] = [Pass()]
    for tile_id in range(len(tiles) + 1):  # a negative id is no action at all
        found.append(DrawTile(TileId(tile_id)))
        found.append(ChooseDouble(TileId(tile_id)))
    board = state.board
    cells = {*board.open_positions, board.next_river_position,
             Position(board.next_river_position.x, board.next_river_position.y + 1),
             Position(0, 0), Position(-1, -1)}
    for position in cells:
        found.extend(PlaceTile(position, rotation) for rotation in Rotation)
    where = state.piece_position
    if where is not None:
        for segment in range(13):  # a negative segment is no action at all
            found.append(PlaceMeeple(where, segment))
            found.append(PlaceCamp(where, segment))
    return found


def accepted(state: GameState, action: Action) -> bool:
    try:
        apply_action(state, action)
    except IllegalActionError:
        return False
    return True


def check_agreement(state: GameState, candidates: list[Action]) -> None:
    listed = legal_actions(state)
    assert len(set(listed)) == len(listed)
    mask = legal_action_mask(state)
    for action in [*listed, *candidates]:
        legal = action in listed
        assert accepted(state, action) == legal, (action, legal)
        try:
            index = encode_action(state, action)
        except IllegalActionError:
            assert not legal, action  # every legal action has an integer
            continue
        assert mask[index] == legal, (action, legal)
    assert sum(mask) == len(listed)


@agreement
@given(states, st.lists(actions(), max_size=30))
def test_an_action_is_accepted_exactly_when_it_is_listed(state: GameState,
                                                         arbitrary: list[Action]) -> None:
    check_agreement(state, [*arbitrary, *near_misses(state)])


def test_chance_nodes_with_identical_copies_agree() -> None:
    """The first draw of an explicit game: identical copies (S01.1-3) are one outcome."""
    from carcassonne_amazonas import new_game

    state = new_game(3, draws="explicit")
    assert state.is_chance_node
    check_agreement(state, near_misses(state))
    assert DrawTile(TileId(2)) not in legal_actions(state)
    assert not accepted(state, DrawTile(TileId(2)))
