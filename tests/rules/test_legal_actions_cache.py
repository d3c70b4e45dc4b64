"""The legal placements a state caches (R-G2–R-G6) belong to that state alone.

``legal_actions`` keeps the placements of the tile in hand with the state, so that
asking again costs nothing; a state made from it by ``attrs.evolve`` (another tile in
hand, another board) must not inherit them.
"""

from __future__ import annotations

import attrs

from carcassonne_amazonas import TileKind, legal_actions, new_game
from carcassonne_amazonas.rules._action_lists import tile_actions


def test_g2_evolve_with_another_tile_in_hand_lists_that_tiles_placements() -> None:
    state = new_game(2, seed=3)
    assert state.tile_in_hand is not None
    first = legal_actions(state)  # fills the cache
    other = next(t for t in state.pile.tiles if t.kind is TileKind.STANDARD
                 and tile_actions(state.board, t) != first)
    evolved = attrs.evolve(state, tile_in_hand=other)
    assert legal_actions(evolved) == tile_actions(state.board, other)
    assert legal_actions(state) == first


def test_g2_evolve_keeps_no_cache_whatever_changes() -> None:
    state = new_game(3, seed=5)
    legal_actions(state)
    assert state.tile_actions is not None
    assert attrs.evolve(state).tile_actions is None


def test_g2_the_cache_is_no_constructor_argument() -> None:
    assert "tile_actions" not in {field.name for field in attrs.fields(type(new_game(2, seed=1)))
                                  if field.init}
