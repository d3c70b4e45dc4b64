"""The checks of the turn and the end of a state (R-C8, R-T1–R-T5, R-T8, R-E1): part of
:func:`~carcassonne_amazonas.formats.problems.state_problems`.

The current player follows from the first player and the turns played; the phase
agrees with the tile in hand, the tile that may take a piece (the one placed last), the
pending Amazon scorings (the river tiles of this turn, in order) and the double tiles
left.  The game is over exactly when the pile is empty and no turn is under way, and a
state that is not over has a legal action.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from ..._support.wording import plural, show_int
from ...rules.engine import legal_actions
from ...rules.players import colour
from ...rules.state import GameState, Phase
from ...tiles.layout import TileKind
from ...tiles.tileset import Tile
from .derivation import turn_player
from .facts import LAND_KINDS, TURN_PHASES, Facts, Problem, problem, safely

__all__ = ["game_over_problems", "legal_action_problems", "turn_problems"]


def turn_problems(facts: Facts) -> Iterator[Problem]:
    """R-C8, R-T1–R-T5, R-T8: the hand, a "!" tile's double, the piece step, the pending
    Amazon scorings and the current player."""
    placements = facts.placements
    last = placements[-1].tile if len(placements) > 1 else None
    before_last = placements[-2].tile if len(placements) > 2 else None
    yield from _hand_problems(facts.state)
    yield from _double_problems(facts.state, last)
    yield from _piece_step_problems(facts, last)
    yield from _pending_problems(facts, last, before_last)
    yield from _current_player_problems(facts)


def _hand_problems(state: GameState) -> Iterator[Problem]:
    """R-T1–R-T3: a tile is in hand exactly in the phases that place one, of their kind."""
    phase, hand = state.phase, state.tile_in_hand
    held = "nothing" if hand is None else hand.name
    if phase is Phase.PLACE_TILE:
        if hand is None or hand.kind not in LAND_KINDS:
            yield problem("tile_in_hand", "the 'place tile' phase needs the drawn land tile "
                          f"in hand, not {held}", "R-T1", "R-T2")
    elif phase is Phase.PLACE_DOUBLE:
        if hand is None or hand.kind is not TileKind.DOUBLE:
            yield problem("tile_in_hand", "the 'place double' phase needs the chosen double "
                          f"tile in hand, not {held}", "R-T3")
    elif hand is not None:
        yield problem("tile_in_hand", f"{hand.name} is in hand in the {phase.value!r} phase, "
                      "which has no tile to place", "R-T1")


def _double_problems(state: GameState, last: Tile | None) -> Iterator[Problem]:
    """R-T3, R-C4: a double tile is chosen and placed right after a "!" tile, while any is
    left."""
    phase, hand = state.phase, state.tile_in_hand
    doubling = phase in (Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE)
    last_bang = last is not None and last.layout.exclamation
    if doubling and not last_bang:
        yield problem("phase", f"the {phase.value!r} phase comes only right after a \"!\" "
                      "tile is placed", "R-T3")
    if phase is Phase.CHOOSE_DOUBLE and not state.doubles_left:
        yield problem("phase", "a double tile is chosen only while one is left", "R-T3", "R-C4")
    if last_bang and not doubling and \
            (state.doubles_left or (hand is not None and hand.kind is TileKind.DOUBLE)):
        yield problem("phase", "the \"!\" tile placed last must be followed by a double "
                      f"tile while any is left, not by the {phase.value!r} phase", "R-T3")


def _piece_step_problems(facts: Facts, last: Tile | None) -> Iterator[Problem]:
    """R-T5: the piece step is the tile placed last's, and only in its phase."""
    state = facts.state
    phase = state.phase
    wanted = len(facts.placements) - 1 if phase is Phase.PLACE_PIECE else -1
    if state.piece_placement != wanted:
        yield problem("piece_placement", f"{show_int(state.piece_placement)}, but in the "
                      f"{phase.value!r} phase it is "
                      f"{'the tile placed last, ' if wanted >= 0 else ''}{wanted}", "R-T5")
    if phase is Phase.PLACE_PIECE and (last is None or last.kind is TileKind.START):
        yield problem("phase", "a piece step needs a tile placed this turn", "R-T5")


def _pending_problems(facts: Facts, last: Tile | None,
                      before_last: Tile | None) -> Iterator[Problem]:
    """R-T8: the Amazon scorings due are those of the river tiles of the turn under way, in
    order."""
    expected: tuple[Tile, ...] = ()
    if facts.in_turn and last is not None:
        if last.kind is TileKind.DOUBLE and before_last is not None:
            expected = (before_last, last)
        elif last.kind.is_river:
            expected = (last,)
    pending = facts.state.pending_amazon
    if pending != expected:
        shown = ", ".join(t.name for t in expected) or "none"
        yield problem("pending_amazon", "the Amazon scorings due are those of the river tiles "
                      f"placed this turn, in order ({shown}), not "
                      f"{', '.join(t.name for t in pending) or 'none'}", "R-T8")


def _current_player_problems(facts: Facts) -> Iterator[Problem]:
    """R-C8: clockwise from the first player, one turn each."""
    state = facts.state
    first = state.rules.first_player
    land_placed = sum(1 for p in facts.placements[1:] if p.tile.kind in LAND_KINDS)
    turns_done = land_placed - (1 if facts.in_turn and land_placed else 0)
    expected = turn_player(turns_done, first, facts.num_players)
    if state.current_player != expected:
        yield problem("current_player", f"{colour(state.current_player)} is to play, but "
                      f"{plural(turns_done, 'turn')} played from the first player, "
                      f"{colour(first)}, make it {colour(expected)}'s turn", "R-C8")


def game_over_problems(facts: Facts) -> Iterator[Problem]:
    """R-E1: over exactly when the pile is empty and no turn is under way."""
    state = facts.state
    phase = state.phase
    empty = not state.pile.tiles
    done = phase not in TURN_PHASES and not (phase is Phase.PLACE_TILE
                                              and state.tile_in_hand is not None)
    if phase is Phase.GAME_OVER and not (empty and done):
        yield problem("phase", f"the game is over with "
                      f"{plural(len(state.pile.tiles), 'tile')} still to draw", "R-E1")
    elif phase is not Phase.GAME_OVER and empty and done:
        yield problem("phase", "the pile is empty and no turn is under way, so the game is "
                      f"over, not in the {phase.value!r} phase", "R-E1")
    if phase is not Phase.GAME_OVER and state.final_scoring is not None:
        yield problem("final_scoring", "is set before the game is over", "R-E1")


def legal_action_problems(facts: Facts) -> Iterator[Problem]:
    """A state that is not over has a legal action (R-G7, R-T3, R-C7), and a cached list of
    placements is the right one.  Asked only of a state with no other problem."""
    state = facts.state
    phase = state.phase
    if phase is Phase.GAME_OVER:
        return
    fresh = state if state.tile_actions is None else attrs.evolve(state)  # no cache
    actions = safely(lambda: legal_actions(fresh))
    if actions is None:
        yield problem("phase", "no legal action can be worked out", "R-E1")
    elif not actions:
        rule = {Phase.PLACE_TILE: "R-G7", Phase.CHOOSE_DOUBLE: "R-T3",
                Phase.DRAW_TILE: "R-C7"}.get(phase, "R-E1")
        yield problem("phase", f"the game is not over, but the {phase.value!r} phase has no "
                      "legal action", rule)
    elif state.tile_actions is not None and state.tile_actions != actions:
        yield problem("tile_actions", "the cached legal placements are not the legal "
                      "placements of the tile in hand", "R-T2")
