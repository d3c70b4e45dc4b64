"""Shared checks for refused actions (test_stateful.py, test_bad_input.py,
test_bad_input_fuzz.py, test_exact_types.py)."""

from __future__ import annotations

from typing import Any

import pytest

from carcassonne_amazonas import (
    GameState,
    IllegalActionError,
    apply_action,
    apply_action_with_events,
    legal_actions,
)


def picture(state: GameState) -> tuple[object, ...]:
    """Everything observable about a state, for checking that a refused action left
    it as it was."""
    return (state, hash(state), state.phase, state.current_player, state.players,
            state.track_length, state.board.placements, state.board.river_end_row,
            tuple(sorted(state.board.open_items())), state.tile_in_hand,
            state.pile.tiles, state.removed, state.doubles_left, state.piece_placement,
            state.pending_amazon, state.final_scoring, frozenset(state.pieces()),
            legal_actions(state))


def refuse(state: GameState, action: object) -> str:
    """``action`` must be refused with a message and leave ``state`` as it was."""
    before = picture(state)
    bad: Any = action
    with pytest.raises((IllegalActionError, TypeError)) as info:
        apply_action(state, bad)
    with pytest.raises(type(info.value)):
        apply_action_with_events(state, bad)
    assert str(info.value).strip(), f"no message for {action!r}"
    assert picture(state) == before, f"refusing {action!r} changed the state"
    return str(info.value)
