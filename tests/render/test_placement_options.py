"""Placement help: the legal rotations per cell agree with legal_actions, and footprints
cover what the engine then covers (R-T2, R-T3, R-G2–R-G6, R-C4)."""

from __future__ import annotations

import random

import pytest

from carcassonne_amazonas import (
    PlaceTile,
    Position,
    Rotation,
    TileKind,
    apply_action,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.render.placement_options import footprint, placement_options
from carcassonne_amazonas.rules.state import Phase
from games import play_random

STATES = [state for players, seed in ((2, 3), (3, 4), (5, 5))
          for state in play_random(new_game(players, seed=seed), random.Random(seed)).states]


def test_placement_options_are_the_legal_tile_placements_in_order_T2_G4_G5() -> None:
    placing = 0
    for state in STATES:
        options = placement_options(state)
        tiles = [a for a in legal_actions(state) if isinstance(a, PlaceTile)]
        assert [PlaceTile(position, rotation) for position, rotations in options.items()
                for rotation in rotations] == tiles
        if state.phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
            placing += 1
            assert options, "a tile in hand always has a legal placement (R-G7)"
            tile = state.tile_in_hand
            assert tile is not None
            for position, rotations in options.items():
                assert len(set(rotations)) == len(rotations)
                assert set(rotations) <= set(tile.layout.rotations)
                assert state.board.placement_at(position) is None
        else:
            assert options == {}
    assert placing > 100


def test_double_tiles_have_one_cell_with_two_rotations_T3_G6() -> None:
    doubles = [s for s in STATES if s.phase is Phase.PLACE_DOUBLE]
    assert doubles
    for state in doubles:
        assert placement_options(state) == {
            state.board.next_river_position: (Rotation.R0, Rotation.R180)}


def test_footprint_is_what_the_placed_tile_covers_C4_C5() -> None:
    for state in STATES[:200]:
        tile = state.tile_in_hand
        if state.phase not in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE) or tile is None:
            continue
        for position, rotations in placement_options(state).items():
            for rotation in rotations:
                cells = footprint(tile, position, rotation)
                assert cells[0] == position
                after = apply_action(state, PlaceTile(position, rotation))
                assert after.board.placements[-1].cells == cells
                assert all(after.board.placement_at(c) is not None for c in cells)
    tileset = reference_tileset()
    double = tileset.double_tiles[0]
    assert footprint(double, Position(0, 5), Rotation.R180) == (Position(0, 5), Position(0, 6))
    assert len(footprint(tileset.start_tile, Position(0, 0), Rotation.R0)) == 8
    standard = tileset.of_kind(TileKind.STANDARD)[0]
    assert footprint(standard, Position(-3, 2), Rotation.R270) == (Position(-3, 2),)


def test_footprint_refuses_a_rotation_the_kind_does_not_allow_G5() -> None:
    with pytest.raises(ValueError, match="cannot be turned"):
        footprint(reference_tileset().double_tiles[0], Position(0, 4), Rotation.R90)
