"""How the library words its messages: counts agree with their nouns, players are named
by colour, and a refused piece cites the rule it breaks and only that (R-T5, R-F6).

One helper words every count (:func:`carcassonne_amazonas._support.wording.plural`) and
one names every player (:func:`carcassonne_amazonas.rules.players.colour`).
"""

from __future__ import annotations

import pytest

from carcassonne_amazonas import (
    Action,
    DrawTile,
    GameState,
    IllegalActionError,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rotation,
    Terrain,
    Tile,
    TileId,
    apply_action,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas._support import wording
from carcassonne_amazonas.rules.players import colour

TILESET = reference_tileset()


def pile_starting_with(*names: str) -> list[Tile]:
    first = [TILESET.tile_named(name) for name in names]
    return first + [t for t in TILESET.land_tiles if t not in first]


def refusal(state: GameState, action: Action) -> str:
    with pytest.raises(IllegalActionError) as info:
        apply_action(state, action)
    return str(info.value)


def test_plural_and_colour_are_one_helper_each() -> None:
    assert [wording.plural(n, "tile") for n in (0, 1, 2)] == ["0 tiles", "1 tile", "2 tiles"]
    assert wording.plural(10**5000, "tile").endswith("digits tiles")
    assert [colour(p) for p in (0, 4, 5, -1)] == ["yellow", "black", "player 5",
                                                          "player -1"]


def test_t1_one_tile_left_is_one_tile() -> None:
    """Regression: "1 tiles are left to draw"."""
    state = new_game(2, draws="explicit")
    while not (state.is_chance_node and len(state.pile) == 1):
        state = apply_action(state, legal_actions(state)[0])
    message = refusal(state, DrawTile(TileId(999)))
    assert "1 tile left to draw" in message and message.endswith("(R-T1)")


def piece_step_on(name: str) -> tuple[GameState, Position]:
    state = new_game(2, pile=pile_starting_with(name))
    action = next(a for a in legal_actions(state) if isinstance(a, PlaceTile))
    return apply_action(state, action), action.position


def test_t5_a_camp_on_a_tributary_does_not_mention_the_amazon() -> None:
    """Regression: every wrong terrain said "(R-T5, R-F6: nothing goes on the Amazon)"."""
    state, where = piece_step_on("S01.1")
    layout = TILESET.tile_named("S01.1").layout
    tributary = next(i for i, s in enumerate(layout.segments) if s.terrain is Terrain.TRIBUTARY)
    jungle = next(i for i, s in enumerate(layout.segments) if s.terrain is Terrain.JUNGLE)
    for action in (PlaceCamp(where, tributary), PlaceMeeple(where, jungle)):
        message = refusal(state, action)
        assert "Amazon" not in message and "R-F6" not in message, message
        assert message.endswith("(R-T5)"), message


def test_f6_a_piece_on_the_amazon_cites_r_f6_alone() -> None:
    state = new_game(2, pile=pile_starting_with("A1.1"))
    state = apply_action(state, PlaceTile(Position(0, 4), Rotation.R0))
    river = next(i for i, s in enumerate(TILESET.tile_named("A1.1").layout.segments)
                 if s.terrain is Terrain.AMAZON)
    for action in (PlaceMeeple(Position(0, 4), river), PlaceCamp(Position(0, 4), river)):
        message = refusal(state, action)
        assert "nothing goes on the Amazon" in message and message.endswith("(R-F6)"), message
        assert "R-T5" not in message


def test_reprs_count_in_words() -> None:
    """Regression: "<Board: 1 tiles, ...>" at the start of every game."""
    state = new_game(2, seed=1)
    assert repr(state.board).startswith("<Board: 1 tile,")  # the start tile alone
