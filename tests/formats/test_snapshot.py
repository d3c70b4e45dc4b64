"""JSON state snapshots: ``state_to_json`` and ``state_from_json``.

At every step of random games in both draw modes the round trip gives an
equal state with an equal hash, the same JSON text again and the same game
from there on.  Snapshots that are malformed or inconsistent raise
:class:`RecordError` naming the field; the fuzz test over mutated snapshots
is in ``test_record_fuzz.py``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    GameState,
    Phase,
    RecordError,
    Rules,
    Shuffle,
    TileKind,
    TileSet,
    apply_action,
    chance_outcomes,
    determinize,
    legal_actions,
    new_game,
    parse_tileset,
    reference_tileset,
    state_from_json,
    state_to_json,
)
from games import initial_states, play_random

TILESET = reference_tileset()
SCHEMA = "carcassonne-amazonas/state/1"

games = settings(max_examples=max(3, settings().max_examples // 4),
                 suppress_health_check=[HealthCheck.too_slow])
# Every step of a whole game: 2 games with the quick profile (100 with the thorough one);
# test_loading_guarantees.py round-trips snapshots at every index over 60 more.
every_step = settings(max_examples=max(2, settings().max_examples // 10),
                      suppress_health_check=[HealthCheck.too_slow])


def check_round_trip(state: GameState) -> GameState:
    text = state_to_json(state)
    loaded = state_from_json(text)
    assert loaded == state
    assert hash(loaded) == hash(state)
    assert state_to_json(loaded) == text
    assert loaded.pile.seed == state.pile.seed  # not part of equality, but kept
    return loaded


# ---------------------------------------------------------------------------- round trips

@pytest.mark.slow  # a snapshot round trip at every step of several games
@every_step
@given(initial_states(), st.integers(min_value=0, max_value=2**32))
def test_round_trip_at_every_step_of_random_games(initial: GameState, seed: int) -> None:
    states = play_random(initial, random.Random(seed)).states
    assert states[-1].is_terminal
    for state in states[:-1]:
        loaded = check_round_trip(state)
        # The loaded state plays on exactly like the original.
        assert legal_actions(loaded) == legal_actions(state)
        if state.is_chance_node:
            assert chance_outcomes(loaded) == chance_outcomes(state)
        for action in legal_actions(state)[:3]:
            assert apply_action(loaded, action) == apply_action(state, action)
    final = check_round_trip(states[-1])
    assert final.final_scoring == states[-1].final_scoring
    assert final.winners == states[-1].winners


@games
@given(initial_states(), st.integers(min_value=0, max_value=2**32),
       st.integers(min_value=0, max_value=200))
def test_round_trip_of_determinized_states(initial: GameState, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    state = play_random(initial, rng, steps).states[-1]
    while state.is_chance_node:  # determinize at a chance node is checked in test_determinize.py
        state = apply_action(state, chance_outcomes(state)[0][0])
    check_round_trip(determinize(state, rng))


def test_bytes_are_read_as_utf8() -> None:
    state = new_game(2, seed=5)
    assert state_from_json(state_to_json(state).encode("utf-8")) == state


def test_a_pile_without_a_seed_round_trips() -> None:
    order = sorted(TILESET.land_tiles, key=lambda t: -t.id)
    state = new_game(4, pile=order)
    assert state.pile.seed is None
    loaded = check_round_trip(state)
    assert loaded.pile.seed is None
    assert loaded.pile.tiles == state.pile.tiles


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(first_player=2), Rules(shuffle=Shuffle.UNIFORM), Rules(slices=3),
     Rules(slices=80), Rules(slices=1)],
)
@pytest.mark.parametrize("draws", ["seeded", "explicit"])
def test_rule_options_round_trip(rules: Rules, draws: str) -> None:
    if draws == "explicit":
        initial = new_game(3, rules=rules, draws="explicit")
    else:
        initial = new_game(3, seed=99, rules=rules)
    for state in play_random(initial, random.Random(4), 30).states:
        assert check_round_trip(state).rules == rules


def check_the_documented_header(data: dict[str, Any], state: GameState) -> None:
    """The schema, the tile set, the players, the rule options, the phase and the track;
    and exactly the documented keys."""
    assert data["schema"] == SCHEMA
    assert data["tileset"] == {"name": TILESET.name, "checksum": TILESET.checksum}
    assert data["num_players"] == 3
    assert data["rules"] == {"first_player": 0, "shuffle": "stratified", "slices": 5}
    assert data["phase"] == "place piece"
    assert data["current_player"] == state.current_player
    assert data["track_length"] == state.track_length
    assert set(data) == {"schema", "tileset", "num_players", "rules", "phase",
                         "current_player", "track_length", "players", "placements", "pieces",
                         "tile_in_hand", "piece_placement", "pending_amazon", "pile",
                         "removed", "doubles_left", "final_scoring"}


def check_the_documented_position(data: dict[str, Any], state: GameState) -> None:
    """Scores and boats, placements and pieces, the hand, the pile in order with its seed,
    and no final scoring yet."""
    assert [p["score"] for p in data["players"]] == list(state.scores)
    assert [p["boat"] for p in data["players"]] == list(state.boats)
    assert data["placements"][0] == ["START.1", 0, 0, 0]
    assert len(data["placements"]) == len(state.board.placements)
    assert len(data["pieces"]) == len(list(state.pieces()))
    assert data["tile_in_hand"] is None
    assert data["piece_placement"] == state.piece_placement
    assert data["pile"]["tiles"] == [t.name for t in state.pile.tiles]
    assert data["pile"]["explicit"] is False
    assert data["pile"]["seed"] == 11
    assert data["final_scoring"] is None


def test_the_documented_layout() -> None:
    state = play_random(new_game(3, seed=11), random.Random(2), 41).states[-1]
    assert state.phase is Phase.PLACE_PIECE
    data = json.loads(state_to_json(state))
    check_the_documented_header(data, state)
    check_the_documented_position(data, state)


def test_state_to_json_of_a_non_state_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="expected a GameState"):
        state_to_json("{}")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- tile sets

def _other_box() -> TileSet:
    """The reference tile set with a changed comment: same tiles, another checksum."""
    return parse_tileset(TILESET.source + "\n# a box with a coffee stain\n", "other box")


def test_a_custom_tile_set_must_be_passed() -> None:
    other = _other_box()
    assert other.checksum != TILESET.checksum
    state = new_game(2, seed=3, rules=Rules(tileset=other))
    text = state_to_json(state)
    with pytest.raises(RecordError, match="pass that tile set as tileset="):
        state_from_json(text)
    assert state_from_json(text, other) == state
    with pytest.raises(RecordError, match="checksum"):
        state_from_json(state_to_json(new_game(2, seed=3)), other)


# ---------------------------------------------------------------------------- errors

def _base() -> dict[str, Any]:
    """A snapshot in the piece step, with pieces of three players on the board."""
    state = play_random(new_game(3, seed=11), random.Random(2), 41).states[-1]
    assert state.phase is Phase.PLACE_PIECE
    data: dict[str, Any] = json.loads(state_to_json(state))
    return data


def _set(path: str, value: object) -> Callable[[dict[str, Any]], None]:
    keys: list[str | int] = [int(k) if k.lstrip("-").isdigit() else k for k in path.split(".")]

    def edit(data: dict[str, Any]) -> None:
        node: Any = data
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value
    return edit


def _delete(key: str) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        del data[key]
    return edit


def _duplicate_pile_tile(data: dict[str, Any]) -> None:
    data["pile"]["tiles"][1] = data["pile"]["tiles"][0]


def _drop_pile_tile(data: dict[str, Any]) -> None:
    data["pile"]["tiles"].pop()


def _second_start_tile(data: dict[str, Any]) -> None:
    data["placements"][0], data["placements"][1] = data["placements"][1], data["placements"][0]


def _piece_on_amazon(data: dict[str, Any]) -> None:
    data["pieces"].append([0, 0, 0])  # segment 0 of the start tile is the Amazon


def _two_pieces_on_one_segment(data: dict[str, Any]) -> None:
    data["pieces"].append(list(data["pieces"][0]))


def _extra_meeple(data: dict[str, Any]) -> None:
    data["players"][0]["meeples"] += 1


def _score_off_breakdown(data: dict[str, Any]) -> None:
    data["players"][1]["score"] += 1


def _boat_off_track(data: dict[str, Any]) -> None:
    data["players"][2]["boat"] = data["track_length"] + 1


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_set("schema", "carcassonne-amazonas/state/2"), "unknown schema"),
        (_set("schema", 1), "state.schema: expected a string"),
        (_delete("schema"), "missing field 'schema'"),
        (_set("tileset.checksum", "0" * 64), "checksum"),
        (_set("num_players", 6), "state.num_players: 6 is out of range 2..5"),
        (_set("num_players", "3"), "state.num_players: expected a whole number"),
        (_set("num_players", True), "state.num_players: expected a whole number"),
        (_set("num_players", 2.5), "state.num_players: expected a whole number"),
        (_set("rules.shuffle", "riffle"),
         "state.rules.shuffle: must be one of 'stratified', 'uniform', not 'riffle' (R-C7)"),
        (_set("rules.first_player", 3), "state.rules.first_player"),
        (_set("rules.slices", 0), "state.rules.slices"),
        (_set("phase", "lunch"), "unknown phase 'lunch'"),
        (_set("phase", "place tile"), "tile_in_hand"),
        (_set("phase", "game over"), "the game is over with 60 tiles still to draw (R-E1)"),
        (_set("current_player", 3), "state.current_player"),
        (_set("track_length", 99), "state.track_length"),
        (_set("players", []), "0 players for a 3-player game"),
        (_set("players.0", 7), "state.players[0]: expected an object"),
        (_set("players.0.breakdown", None), "state.players[0].breakdown: expected an object"),
        (_score_off_breakdown, "state.players[1].score"),
        (_extra_meeple, "state.players[0]"),
        (_boat_off_track, "state.players[2].boat"),
        (_set("placements", []), "the start tile is missing"),
        (_set("placements.3", ["S01.1", 0]), "state.placements[3]: expected [tile, x, y, degrees]"),
        (_set("placements.3.0", "S99.1"), "no tile named 'S99.1'"),
        (_set("placements.3.0", 17), "state.placements[3][0]: expected a tile name"),
        (_set("placements.3.3", 45), "rotation must be 0, 90, 180 or 270"),
        (_set("placements.3.1", 5000), "state.placements[3][1]: 5000 is out of range"),
        (_set("placements.3.1", 40), "cannot lie at"),
        (_second_start_tile, "the first placement is the start tile at 0,0"),
        (_set("pieces.0", [1, 2]), "state.pieces[0]: expected [placement index, segment, player]"),
        (_set("pieces.0.0", 99), "state.pieces[0][0]"),
        (_set("pieces.0.1", 63), "state.pieces[0][1]"),
        (_set("pieces.0.2", 3), "state.pieces[0][2]"),
        (_piece_on_amazon, "stands on the Amazon, on segment 0 of START.1 at (0,0) (R-F6)"),
        (_two_pieces_on_one_segment, "state.pieces: two pieces stand on"),
        (_set("tile_in_hand", "S99.1"), "no tile named"),
        (_set("piece_placement", -1), "state.piece_placement"),
        (_set("piece_placement", 999), "state.piece_placement"),
        (_set("pending_amazon", ["X"]), "state.pending_amazon"),
        (_set("pile.tiles", "S01.1"), "state.pile.tiles: expected a list"),
        (_set("pile.explicit", "no"), "state.pile.explicit: expected true or false"),
        (_set("pile.drawn", -1), "state.pile.drawn"),
        (_duplicate_pile_tile, "is also at state.pile.tiles[0]; every tile exists once (R-C3)"),
        (_drop_pile_tile, "nowhere (not placed"),
        (_set("removed", [None]), "state.removed[0]: expected a string"),
        (_set("doubles_left", []), "nowhere (not placed"),
        (_set("final_scoring", [[0, 0, 0, 0]] * 3), "state.final_scoring"),
    ],
)
def test_bad_snapshots_raise_record_error_saying_where(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = _base()
    state_from_json(json.dumps(data))  # the unedited snapshot loads
    edit(data)
    with pytest.raises(RecordError) as caught:
        state_from_json(json.dumps(data))
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "not valid JSON"),
        ("{", "not valid JSON"),
        ('{"schema": NaN}', "not valid JSON"),
        ("[]", "expected a JSON object at the top, not a list"),
        ("null", "expected a JSON object at the top, not null"),
        ('"state"', "expected a JSON object at the top, not a string"),
        ("{}", "missing field 'schema'"),
        (b"\xff\xfe{}", "not UTF-8"),
        ("[" * 100_000, "not valid JSON"),
    ],
)
def test_text_that_is_no_snapshot_raises_record_error(text: str | bytes, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        state_from_json(text)


def test_truncated_snapshots_raise_record_error() -> None:
    text = state_to_json(new_game(2, seed=1))
    for end in range(0, len(text), 37):
        with pytest.raises(RecordError, match="not valid JSON"):
            state_from_json(text[:end])


@pytest.mark.parametrize("value", [None, 7, ["{}"], {"schema": SCHEMA}])
def test_a_non_text_snapshot_raises_record_error(value: object) -> None:
    with pytest.raises(RecordError, match="expected JSON text"):
        state_from_json(value)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- pile counters

@pytest.mark.parametrize(("key", "value"), [("drawn", 80), ("drawn", 5), ("amazon_drawn", 3)])
def test_pile_counters_must_agree_with_the_tiles_left(key: str, value: int) -> None:
    """Regression: a snapshot whose pile counters disagree with its tiles (a chance node with
    no outcome) used to load; it is inconsistent (R-C7, R-T1)."""
    data = json.loads(state_to_json(new_game(2, draws="explicit")))
    data["pile"][key] = value
    with pytest.raises(RecordError, match=r"state\.pile"):
        state_from_json(json.dumps(data))


def test_an_amazon_tile_swapped_into_the_hand_is_inconsistent() -> None:
    start = new_game(2, draws="explicit")
    state = apply_action(start, chance_outcomes(start)[0][0])
    assert state.phase is Phase.PLACE_TILE and state.tile_in_hand is not None
    data = json.loads(state_to_json(state))
    amazon = next(t.name for t in state.pile.tiles if t.kind is TileKind.AMAZON)
    index = data["pile"]["tiles"].index(amazon)
    data["tile_in_hand"], data["pile"]["tiles"][index] = amazon, data["tile_in_hand"]
    # amazon_drawn still says 0 Amazon tiles have left the pile.
    with pytest.raises(RecordError, match=r"state\.pile"):
        state_from_json(json.dumps(data))
