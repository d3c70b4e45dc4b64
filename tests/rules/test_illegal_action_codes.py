"""IllegalActionError carries the rule broken and a machine-readable reason.

Every code of ``ILLEGAL_ACTION_CODES`` is raised by one case here through the public API,
with its rule; every refusal of arbitrary actions in drawn states carries a listed code
and one of its rules; the errors survive pickling (multiprocessing, Ray); the docs'
table lists every code with its rules.
"""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import get_args

import pytest
from hypothesis import given, settings

from carcassonne_amazonas import (
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
    chance_outcomes,
    legal_actions,
    new_game,
)
from carcassonne_amazonas.ai.encoding import decode_action, encode_action
from carcassonne_amazonas.errors import ILLEGAL_ACTION_CODES, IllegalActionCode
from carcassonne_amazonas.testing import actions, game_states

DOCS = Path(__file__).resolve().parents[2] / "docs" / "guides" / "illegal-actions.md"


def refusal(call: Callable[[], object]) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        call()
    return info.value


def states_of_random_games(seeds: range, prefer: Callable[[Action], bool]) -> list[GameState]:
    """Every state of seeded games that play an action ``prefer`` likes when they can."""
    states = []
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(2 + seed % 4, seed=seed)
        while not state.is_terminal:
            states.append(state)
            choices = legal_actions(state)
            liked = [a for a in choices if prefer(a)]
            state = apply_action(state, rng.choice(liked or list(choices)))
    return states


PIECE_HEAVY = states_of_random_games(range(3), lambda a: isinstance(a, (PlaceMeeple, PlaceCamp)))


def piece_step(condition: Callable[[GameState], bool]) -> GameState:
    return next(s for s in PIECE_HEAVY if s.phase is Phase.PLACE_PIECE and condition(s))


def segments(state: GameState, terrains: tuple[Terrain, ...]) -> list[int]:
    tile = state.board.placements[state.piece_placement].tile
    return [i for i, segment in enumerate(tile.layout.segments) if segment.terrain in terrains]


def bang_turn() -> GameState:
    """Seed 0 deals a "!" tile first (R-T3)."""
    state = new_game(2, seed=0)
    assert state.tile_in_hand is not None and state.tile_in_hand.layout.exclamation
    return state


def edge_mismatch() -> IllegalActionError:
    state = new_game(2, seed=2)
    assert state.tile_in_hand is not None and state.tile_in_hand.kind is TileKind.STANDARD
    legal = set(legal_actions(state))
    for position in sorted(state.board.open_positions, key=lambda p: (p.y, p.x)):
        for rotation in Rotation:
            action = PlaceTile(position, rotation)
            if position.y <= state.board.river_end_row and action not in legal:
                with pytest.raises(IllegalActionError) as info:
                    apply_action(state, action)
                return info.value
    raise AssertionError("no mismatching placement")


def slice_quota() -> IllegalActionError:
    """Three Amazon tiles drawn in the first slice of 16: a fourth cannot come (R-C7)."""
    state = new_game(2, draws="explicit")
    amazon_ids = [t.id for t in state.pile.tiles if t.kind is TileKind.AMAZON]
    drawn = 0
    while drawn < 3:
        if state.is_chance_node:
            draw = next(a for a, _ in chance_outcomes(state)
                        if state.rules.tileset.tile(a.tile).kind is TileKind.AMAZON)
            state = apply_action(state, draw)
            drawn += 1
        else:
            state = apply_action(state, legal_actions(state)[-1])
    while not state.is_chance_node:
        state = apply_action(state, legal_actions(state)[-1])
    left = next(i for i in amazon_ids if any(t.id == i for t in state.pile.tiles))
    return refusal(lambda: apply_action(state, DrawTile(left)))


def not_a_piece_step() -> IllegalActionError:
    state = piece_step(lambda s: bool(segments(s, (Terrain.TRIBUTARY, Terrain.VILLAGE))))
    assert state.piece_position is not None
    meeple = PlaceMeeple(state.piece_position, segments(state, (Terrain.TRIBUTARY,
                                                                Terrain.VILLAGE))[0])
    index = encode_action(state, meeple)
    return refusal(lambda: decode_action(new_game(2, seed=1), index))


def amazon_piece() -> IllegalActionError:
    state = piece_step(lambda s: bool(segments(s, (Terrain.AMAZON,))))
    assert state.piece_position is not None
    action = PlaceMeeple(state.piece_position, segments(state, (Terrain.AMAZON,))[0])
    return refusal(lambda: apply_action(state, action))


def wrong_terrain() -> IllegalActionError:
    state = piece_step(lambda s: bool(segments(s, (Terrain.TRIBUTARY,))))
    assert state.piece_position is not None
    action = PlaceCamp(state.piece_position, segments(state, (Terrain.TRIBUTARY,))[0])
    return refusal(lambda: apply_action(state, action))


def no_piece_left() -> IllegalActionError:
    state = piece_step(lambda s: s.players[s.current_player].meeples_in_supply == 0
                       and bool(segments(s, (Terrain.TRIBUTARY, Terrain.VILLAGE))))
    assert state.piece_position is not None
    action = PlaceMeeple(state.piece_position, segments(state, (Terrain.TRIBUTARY,
                                                                Terrain.VILLAGE))[0])
    return refusal(lambda: apply_action(state, action))


def feature_occupied() -> IllegalActionError:
    def taken(state: GameState) -> list[int]:
        assert state.piece_position is not None
        return [i for i in segments(state, (Terrain.TRIBUTARY, Terrain.VILLAGE))
                if state.feature_at(state.piece_position, i).pieces]

    state = piece_step(lambda s: s.players[s.current_player].meeples_in_supply > 0
                       and bool(taken(s)))
    assert state.piece_position is not None
    action = PlaceMeeple(state.piece_position, taken(state)[0])
    return refusal(lambda: apply_action(state, action))


def finished_game() -> GameState:
    state = new_game(2, seed=1)
    while not state.is_terminal:
        state = apply_action(state, legal_actions(state)[0])
    return state


def chose_double() -> GameState:
    state = bang_turn()
    return apply_action(state, legal_actions(state)[0])


def piece_state() -> GameState:
    return piece_step(lambda s: True)


def no_such_segment() -> IllegalActionError:
    state = piece_state()
    assert state.piece_position is not None
    action = PlaceMeeple(state.piece_position, 99)
    return refusal(lambda: apply_action(state, action))


def not_the_listed_copy() -> IllegalActionError:
    """A draw of an identical copy of a listed outcome, rather than the listed copy."""
    state = new_game(2, draws="explicit")
    listed = {action.tile for action, _ in chance_outcomes(state)}
    copy = next(tile for tile in state.pile.tiles if tile.id not in listed)
    return refusal(lambda: apply_action(state, DrawTile(copy.id)))


CASES: dict[str, Callable[[], IllegalActionError]] = {
    "game-over": lambda: refusal(lambda: apply_action(finished_game(), Pass())),
    "wrong-phase": lambda: refusal(lambda: apply_action(new_game(2, seed=1), Pass())),
    "rotation-not-allowed": lambda: refusal(
        lambda: apply_action(bang_turn(), PlaceTile(Position(0, 4), Rotation.R90))),
    "river-tile-elsewhere": lambda: refusal(
        lambda: apply_action(bang_turn(), PlaceTile(Position(0, 6), Rotation.R0))),
    "cell-occupied": lambda: refusal(
        lambda: apply_action(new_game(2, seed=2), PlaceTile(Position(0, 1), Rotation.R0))),
    "cell-not-adjacent": lambda: refusal(
        lambda: apply_action(new_game(2, seed=2), PlaceTile(Position(9, 9), Rotation.R0))),
    "downstream-of-river-end": lambda: refusal(
        lambda: apply_action(new_game(2, seed=2), PlaceTile(Position(1, 4), Rotation.R0))),
    "edge-mismatch": edge_mismatch,
    "double-not-set-aside": lambda: refusal(
        lambda: apply_action(chose_double(), ChooseDouble(TileId(1)))),
    "not-the-placed-tile": lambda: refusal(
        lambda: apply_action(piece_state(), PlaceMeeple(Position(40, 40), 0))),
    "no-such-segment": no_such_segment,
    "wrong-terrain": wrong_terrain,
    "on-the-amazon": amazon_piece,
    "no-piece-left": no_piece_left,
    "feature-occupied": feature_occupied,
    "tile-not-in-pile": lambda: refusal(
        lambda: apply_action(new_game(2, draws="explicit"), DrawTile(TileId(999)))),
    "not-the-listed-copy": not_the_listed_copy,
    "slice-quota": slice_quota,
    "not-a-chance-node": lambda: refusal(lambda: chance_outcomes(new_game(2, seed=1))),
    "outside-board-window": lambda: refusal(lambda: encode_action(
        new_game(2, seed=1), PlaceTile(Position(10**6, 0), Rotation.R0))),
    "not-a-double-tile": lambda: refusal(
        lambda: encode_action(new_game(2, seed=1), ChooseDouble(TileId(1)))),
    "not-a-land-tile": lambda: refusal(
        lambda: encode_action(new_game(2, seed=1), DrawTile(TileId(10**6)))),
    "index-out-of-range": lambda: refusal(lambda: decode_action(new_game(2, seed=1), -1)),
    "no-piece-step": not_a_piece_step,
}


def test_every_code_is_listed_once() -> None:
    assert set(get_args(IllegalActionCode)) == set(ILLEGAL_ACTION_CODES) == set(CASES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_each_code_is_raised_with_its_rule(code: str) -> None:
    error = CASES[code]()
    assert error.code == code, str(error)
    rules, _ = ILLEGAL_ACTION_CODES[error.code]
    assert error.rule in rules if rules else error.rule is None, (error.rule, str(error))
    assert str(error)  # the message is kept for people
    assert_ends_with_its_rule(error)


def assert_ends_with_its_rule(error: IllegalActionError) -> None:
    """The message ends with its rule, cited once, as ``(R-G4)``; none without a rule."""
    message = str(error)
    if error.rule is None:
        assert not re.search(r"R-[A-Z]\d", message), message
    else:
        assert message.endswith(f" ({error.rule})"), message
        assert message.count(error.rule) == 1, message


def test_wrong_phase_cites_the_rule_of_the_phase_due() -> None:
    draw = refusal(lambda: apply_action(new_game(2, draws="explicit"), Pass()))
    assert (draw.code, draw.rule) == ("wrong-phase", "R-T1")
    state = new_game(2, seed=2)
    assert state.tile_in_hand is not None and state.tile_in_hand.kind is TileKind.STANDARD
    assert refusal(lambda: apply_action(state, Pass())).rule == "R-T2"
    assert refusal(lambda: apply_action(bang_turn(), Pass())).rule == "R-T3"
    assert refusal(lambda: apply_action(chose_double(), Pass())).rule == "R-T3"
    piece = refusal(lambda: apply_action(piece_state(), PlaceTile(Position(0, 0), Rotation.R0)))
    assert piece.rule == "R-T5"


def test_the_edge_mismatch_message_is_unchanged() -> None:
    error = edge_mismatch()
    assert error.code == "edge-mismatch" and error.rule == "R-G4"
    assert str(error).startswith("edge mismatch on the ") and str(error).endswith("(R-G4)")


def test_errors_keep_rule_and_code_through_pickling() -> None:
    error = edge_mismatch()
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is IllegalActionError
    assert (str(copy), copy.rule, copy.code, copy.reason) == (
        str(error), error.rule, error.code, error.reason)


@settings(max_examples=40, database=None)
@given(game_states(max_turns=20, draws=None), actions())
def test_every_refusal_carries_a_listed_code_and_rule(state: GameState, action: Action) -> None:
    try:
        apply_action(state, action)
    except IllegalActionError as error:
        rules, _ = ILLEGAL_ACTION_CODES[error.code]
        assert error.rule in rules, (error.code, error.rule, str(error))
        assert_ends_with_its_rule(error)


def test_the_docs_table_lists_every_code_with_its_rules() -> None:
    rows = {match.group(1): match.group(2) for match in
            re.finditer(r"^\| `([a-z-]+)` \| ([^|]*) \|", DOCS.read_text(encoding="utf-8"),
                        flags=re.MULTILINE)}
    assert set(rows) == set(ILLEGAL_ACTION_CODES)
    for code, (rules, _) in ILLEGAL_ACTION_CODES.items():
        assert re.findall(r"R-[A-Z]\d+", rows[code]) == list(rules), code


def test_a_refused_piece_names_its_segment_in_the_one_vocabulary() -> None:
    """R-T5 and R-F6: a piece on the wrong terrain is refused naming the segment as every
    text does (``segment_name``: "the tributary on the south edge"), never by the tile-set
    file's own segment names."""
    for error in (wrong_terrain(), amazon_piece()):
        message = str(error)
        assert re.match(r"segment \d+ is the (tributary|Amazon)\b", message), message
        assert not re.match(r"segment \d+ \(", message), message
