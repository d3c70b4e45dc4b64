"""Types are exact, at every entry point: an int subclass or a Position whose ``__eq__``
lies is refused when an action is built, or, swapped in past the validators, when it is
applied (so an Amazon tile cannot go off the river, R-G6); a subclass of an action class
is not an action (R-T2); and every public function that takes a state or text refuses a
subclass of GameState, str or bytes with a TypeError (a tile id of the pile, R-C3, too).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from _bad_input_helpers import LyingInt, LyingPosition, SubPlaceTile, tampered

from carcassonne_amazonas import (
    ChooseDouble,
    DrawTile,
    Game,
    GameRecord,
    GameState,
    Pass,
    Phase,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rotation,
    Rules,
    TileId,
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
from carcassonne_amazonas.testing import legal_actions_of, turns_played
from refusal import refuse
from scenario import start_game

R0 = Rotation.R0


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
    with pytest.raises(TypeError, match="position: expected a Position, not LyingPosition"):
        PlaceTile(made, R0)


@pytest.mark.parametrize(("field", "value", "words"), [
    ("position", LyingPosition(9, 9), "position: expected a Position, not LyingPosition"),
    ("rotation", 0, "rotation: expected a Rotation, not int"),
    ("rotation", LyingInt(0), "rotation: expected a Rotation, not LyingInt"),
])
def test_a_river_tile_cannot_be_placed_off_the_river_by_a_tampered_action(
        field: str, value: object, words: str) -> None:
    """R-G6: an Amazon tile goes only below the river end.  A PlaceTile whose position
    was swapped for a lying one after construction is refused with TypeError before the
    engine compares it with the river cell, and the state is unchanged."""
    state = start_game(2, "A1.1")
    legal = legal_actions(state)[0]
    assert isinstance(legal, PlaceTile)
    hostile = tampered(legal, field, value)
    message = refuse(state, hostile)
    assert words in message


def test_tampered_coordinates_and_segments_are_refused() -> None:
    state = start_game(2, "A1.1")
    position = tampered(Position(0, 4), "x", LyingInt(0))
    assert "coordinates are ints" in refuse(state, tampered(PlaceTile(Position(0, 4), R0),
                                                            "position", position))
    after = apply_action(state, PlaceTile(Position(0, 4), R0))
    assert after.phase is Phase.PLACE_PIECE
    assert "segment: expected an int, not LyingInt" in refuse(
        after, tampered(PlaceMeeple(Position(0, 4), 1), "segment", LyingInt(1)))
    assert "tile: expected an int, not LyingInt" in refuse(
        after, tampered(ChooseDouble(TileId(81)), "tile", LyingInt(81)))


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
    for hostile in (tampered(legal, "position", LyingPosition(0, 0)),
                    tampered(legal, "rotation", LyingInt(0)),
                    tampered(DrawTile(TileId(1)), "tile", LyingInt(1)),
                    tampered(PlaceCamp(Position(0, 0), 1), "segment", True)):
        with pytest.raises(TypeError):
            encode_action(place_tile_state, hostile)
    with pytest.raises(TypeError, match="index: expected an action index, an int"):
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
