"""Game records: ``GameRecord.from_game``, ``to_json``, ``from_json`` and ``replay``.

A record of a random game in either draw mode, complete or cut short, or
starting in the middle of a game, saves to JSON and replays to the very same
states.  Records that are malformed or do not add up raise
:class:`RecordError` naming the field or the action; the fuzz test over
mutated records is in ``test_record_fuzz.py``.
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
    Action,
    DrawTile,
    GameRecord,
    GameState,
    Pass,
    PlaceTile,
    Position,
    RecordError,
    Rules,
    Shuffle,
    TileId,
    TileKind,
    determinize,
    format_action,
    legal_actions,
    new_game,
    parse_tileset,
    reference_tileset,
    state_to_json,
)
from games import initial_states, play_random

TILESET = reference_tileset()
SCHEMA = "carcassonne-amazonas/record/1"

games = settings(max_examples=max(3, settings().max_examples // 4),
                 suppress_health_check=[HealthCheck.too_slow])


def round_trip(initial: GameState, actions: tuple[Action, ...]) -> tuple[GameState, ...]:
    """Record, save, load and replay; the loaded record equals the saved one."""
    record = GameRecord.from_game(initial, actions)
    text = record.to_json()
    loaded = GameRecord.from_json(text)
    assert loaded == record
    assert loaded.to_json() == text
    states = loaded.replay()
    assert len(states) == len(actions) + 1
    assert states[0] == initial
    assert loaded.final_state() == states[-1]
    return states


# ---------------------------------------------------------------------------- round trips

@pytest.mark.slow  # whole games
@games
@given(initial_states(), st.integers(min_value=0, max_value=2**32),
       st.lists(st.floats(min_value=0, max_value=1), min_size=1, max_size=3))
def test_replay_reproduces_complete_games_and_prefixes(
    initial: GameState, seed: int, cuts: list[float]
) -> None:
    game = play_random(initial, random.Random(seed))
    final = game.states[-1]
    assert final.is_terminal
    replayed = round_trip(initial, game.actions)
    assert replayed[-1] == final
    assert hash(replayed[-1]) == hash(final)
    assert replayed == game.states  # every state on the way, too
    for cut in sorted({int(c * len(game.actions)) for c in cuts}):
        assert round_trip(initial, game.actions[:cut])[-1] == game.states[cut]


@pytest.mark.slow  # whole games
@games
@given(initial_states(), st.integers(min_value=0, max_value=2**32),
       st.floats(min_value=0, max_value=1))
def test_replay_of_games_that_start_in_the_middle(
    initial: GameState, seed: int, where: float
) -> None:
    game = play_random(initial, random.Random(seed))
    start = int(where * (len(game.actions) - 1)) + 1
    record = GameRecord.from_game(game.states[start], game.actions[start:])
    assert record.start == game.states[start]  # no seed or pile describes this start
    assert record.seed is None and record.pile is None
    assert round_trip(game.states[start], game.actions[start:])[-1] == game.states[-1]


def test_a_seeded_game_is_recorded_by_its_seed() -> None:
    initial = new_game(3, seed=2024, rules=Rules(first_player=1))
    game = play_random(initial, random.Random(1))
    record = GameRecord.from_game(initial, game.actions)
    assert (record.draws, record.seed, record.pile, record.start) == ("seeded", 2024, None, None)
    assert record.num_players == 3 and record.rules == Rules(first_player=1)
    assert GameRecord.from_json(record.to_json()).replay()[-1] == game.states[-1]


def test_a_game_with_a_given_pile_is_recorded_by_its_order() -> None:
    order = sorted(TILESET.land_tiles, key=lambda t: (t.kind is TileKind.STANDARD, -t.id))
    initial = new_game(2, pile=order)
    game = play_random(initial, random.Random(3))
    record = GameRecord.from_game(initial, game.actions)
    assert record.pile == tuple(t.name for t in order)
    assert record.seed is None and record.start is None
    assert GameRecord.from_json(record.to_json()).replay()[-1] == game.states[-1]


@pytest.mark.parametrize("rules", [Rules(), Rules(shuffle=Shuffle.UNIFORM, first_player=1)])
def test_an_explicit_game_is_recorded_with_its_draws_as_actions(rules: Rules) -> None:
    initial = new_game(2, rules=rules, draws="explicit")
    game = play_random(initial, random.Random(5))
    record = GameRecord.from_game(initial, game.actions)
    assert (record.draws, record.seed, record.pile, record.start) == ("explicit", None, None,
                                                                      None)
    data = json.loads(record.to_json())
    assert sum(1 for text in data["actions"] if text.startswith("*")) == 80
    assert GameRecord.from_json(record.to_json()).replay()[-1] == game.states[-1]


def test_a_determinized_state_is_recorded_by_a_snapshot() -> None:
    state = play_random(new_game(2, seed=8), random.Random(8), 20).states[-1]
    initial = determinize(state, random.Random(1))
    game = play_random(initial, random.Random(2))
    record = GameRecord.from_game(initial, game.actions)
    assert record.start == initial
    assert GameRecord.from_json(record.to_json()).replay()[-1] == game.states[-1]


def test_the_documented_layout() -> None:
    initial = new_game(2, seed=7)
    game = play_random(initial, random.Random(7))
    final = game.states[-1]
    data = json.loads(GameRecord.from_game(initial, game.actions).to_json())
    assert data["schema"] == SCHEMA
    assert data["tileset"] == {"name": TILESET.name, "checksum": TILESET.checksum}
    assert data["num_players"] == 2
    assert data["rules"] == {"first_player": 0, "shuffle": "stratified", "slices": 5}
    assert (data["draws"], data["seed"], data["pile"], data["start"]) == ("seeded", 7, None,
                                                                          None)
    assert data["actions"] == [format_action(a) for a in game.actions]
    assert final.final_scoring is not None
    assert data["result"] == {
        "scores": list(final.scores), "winners": list(final.winners),
        "final_scoring": [[f.tributaries, f.villages, f.camps, f.river]
                          for f in final.final_scoring]}
    unfinished = json.loads(GameRecord.from_game(initial, game.actions[:-1]).to_json())
    assert unfinished["result"] is None


def test_from_game_rejects_illegal_actions_and_non_actions() -> None:
    initial = new_game(2, seed=7)
    first = legal_actions(initial)[0]
    with pytest.raises(RecordError, match=r"action 3 \(p\): Pass is not legal"):
        GameRecord.from_game(initial, [first, Pass(), Pass()])
    with pytest.raises(RecordError, match=r"action 1 \(\*1\)"):
        GameRecord.from_game(initial, [DrawTile(TileId(1))])  # not a chance node
    with pytest.raises(TypeError, match=r"^actions\[1\]: expected an action \(PlaceTile, "):
        GameRecord.from_game(initial, [first, "p"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="expected a GameState"):
        GameRecord.from_game("state", [])  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- errors

def _complete() -> dict[str, Any]:
    initial = new_game(2, seed=5)
    data: dict[str, Any] = json.loads(
        GameRecord.from_game(initial, play_random(initial, random.Random(1)).actions).to_json())
    return data


def _unfinished() -> dict[str, Any]:
    initial = new_game(3, seed=5)
    data: dict[str, Any] = json.loads(
        GameRecord.from_game(initial, play_random(initial, random.Random(1), 30).actions)
        .to_json())
    return data


def _edit(**changes: object) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data.update(changes)
    return edit


def _edit_actions(change: Callable[[list[Any]], object]) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        change(data["actions"])
    return edit


def _edit_result(key: str, change: Callable[[Any], Any]) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["result"][key] = change(data["result"][key])
    return edit


def _set_action(index: int, text: object) -> Callable[[list[Any]], None]:
    def change(actions: list[Any]) -> None:
        actions[index] = text
    return change


def _start_snapshot(num_players: int) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        data["seed"] = None
        data["start"] = json.loads(state_to_json(new_game(num_players, seed=1)))
    return edit


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (_edit(schema="carcassonne-amazonas/record/2"), "unknown schema"),
        (_edit(schema="carcassonne-amazonas/state/1"), "unknown schema"),
        (_edit(schema=None), "record.schema: expected a string"),
        (_edit(tileset={"name": "my box", "checksum": "ab" * 32}),
         "the game uses tile set 'my box'"),
        (_edit(tileset={"name": "my box"}), "missing field 'checksum'"),
        (_edit(num_players=1), "record.num_players: 1 is out of range 2..5"),
        (_edit(rules={"first_player": 0, "shuffle": "stratified"}), "missing field 'slices'"),
        (_edit(draws="random"), "record.draws: 'random' is not 'seeded' or 'explicit'"),
        (_edit(draws="explicit"), "an explicit-draws game has no seed and no pile"),
        (_edit(seed=None), "a seeded game needs exactly one of seed, pile and start"),
        (_edit(seed="5"), "record.seed: expected a whole number"),
        (_edit(pile=[t.name for t in TILESET.land_tiles]),
         "a seeded game needs exactly one of seed, pile and start"),
        (_edit(seed=None, pile=["S01.1"]), "record.pile: not a draw order"),
        (_edit(seed=None, pile=["S99.1"] * 80), "record.pile: not a draw order"),
        (_start_snapshot(3), "record.start: the snapshot's players or rules differ"),
        (_edit(actions="t0,-1,0 p"), "record.actions: expected a list"),
        (_edit_actions(_set_action(2, "x")), "action 3: bad action 'x' at character 1"),
        (_edit_actions(_set_action(2, 7)), "record.actions[2]: expected a string"),
        (_edit_actions(_set_action(1, "t0,0,0")), "action 2 (t0,0,0):"),
        (_edit_actions(_set_action(0, "p")), "action 1 (p): Pass is not legal"),
        (_edit_actions(_set_action(0, "*1")), "action 1 (*1):"),
        (_edit_actions(lambda actions: actions.append("p")), "the game is over"),
        (_edit_actions(lambda actions: actions.extend(["p"] * 10_001)),
         "items, more than the 248 this game can have (R-T1)"),
        (_edit_actions(lambda actions: actions.pop()), "the actions do not finish the game"),
        (_edit_result("scores", lambda s: [s[1], s[0] + 1]), "record.result.scores: recorded"),
        (_edit_result("scores", lambda s: s[:1]), "record.result.scores: recorded"),
        (_edit_result("scores", lambda s: "61 58"), "record.result.scores: expected a list"),
        (_edit_result("winners", lambda w: [0, 1]), "record.result.winners: recorded"),
        (_edit(result=[]), "record.result: expected an object"),
        (_edit_result("final_scoring", lambda rows: [[bool(v) if v in (0, 1) else v
                                                      for v in row] for row in rows]),
         "record.result.final_scoring[1][1]: expected a whole number, not a boolean"),
        (_edit_result("final_scoring", lambda rows: [[-3, 0, 0, 0], *rows[1:]]),
         "record.result.final_scoring[0][0]: -3 is out of range (at least 0)"),
        (_edit_result("final_scoring", lambda rows: [rows[0][:3], *rows[1:]]),
         "record.result.final_scoring[0]: expected [tributaries, villages, camps, river]"),
        (_edit(rules={"first_player": 0, "shuffle": "stratified", "slices": 4,
                      "amazon-ranking": "competition"}),
         "record.rules: unknown rule option 'amazon-ranking'"),
        (_edit(comment="a fine game"), "record: unknown field 'comment'; a record has the "
         "fields schema, tileset, num_players, rules, draws, seed, pile, start, actions, "
         "result"),
        (_edit(Seed=7), "record: unknown field 'Seed'"),
        (_edit(result={"scores": [0, 0], "winners": [0], "final_scoring": [], "draw": True}),
         "record.result: unknown field 'draw'; a result has the fields scores, winners, "
         "final_scoring"),
    ],
)
def test_bad_records_raise_record_error_saying_where(
    edit: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = _complete()
    GameRecord.from_json(json.dumps(data))  # the unedited record loads
    edit(data)
    with pytest.raises(RecordError) as caught:
        GameRecord.from_json(json.dumps(data)).replay()
    assert message in str(caught.value)


def test_a_result_for_an_unfinished_game_is_rejected() -> None:
    data = _unfinished()
    GameRecord.from_json(json.dumps(data))
    data["result"] = _complete()["result"]
    with pytest.raises(RecordError, match="the actions do not finish the game"):
        GameRecord.from_json(json.dumps(data))


def test_a_record_of_a_custom_tile_set_needs_it() -> None:
    other = parse_tileset(TILESET.source + "\n# a second printing\n", "second printing")
    initial = new_game(2, seed=3, rules=Rules(tileset=other))
    text = GameRecord.from_game(initial, play_random(initial, random.Random(3), 12).actions
                                ).to_json()
    with pytest.raises(RecordError, match="pass that tile set as tileset="):
        GameRecord.from_json(text)
    assert GameRecord.from_json(text, other).replay()[-1].rules.tileset is other


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "not valid JSON"), ("[1]", "expected a JSON object"), (b"\xc3", "not UTF-8"),
     ('{"schema": Infinity}', "not valid JSON"), ("{}", "missing field 'schema'")],
)
def test_text_that_is_no_record_raises_record_error(text: str | bytes, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text)


# ---------------------------------------------------------------------------- bugs

def test_a_negative_seed_round_trips() -> None:
    initial = new_game(2, seed=-1)
    actions = play_random(initial, random.Random(1), 10).actions
    text = GameRecord.from_game(initial, actions).to_json()
    assert GameRecord.from_json(text).replay()[-1] == play_random(
        initial, random.Random(1), 10).states[-1]


def test_a_result_with_a_wrong_final_scoring_is_rejected() -> None:
    data = _complete()
    data["result"]["final_scoring"][0][0] += 1
    with pytest.raises(RecordError, match="final_scoring"):
        GameRecord.from_json(json.dumps(data))


def _aliased_record() -> tuple[dict[str, Any], PlaceTile]:
    """A record whose first action names the legal cell (x, y) as (x + 4096, y - 1)."""
    seed = next(s for s in range(100)
                if (tile := new_game(2, seed=s).tile_in_hand) is not None
                and tile.kind is TileKind.STANDARD)
    initial = new_game(2, seed=seed)
    legal = legal_actions(initial)[0]
    assert isinstance(legal, PlaceTile)
    alias = PlaceTile(Position(legal.position.x + 4096, legal.position.y - 1), legal.rotation)
    assert alias not in legal_actions(initial)
    data: dict[str, Any] = json.loads(GameRecord.from_game(initial, [legal]).to_json())
    data["actions"] = [format_action(alias)]
    return data, alias


def test_a_record_with_an_aliased_placement_is_rejected() -> None:
    data, alias = _aliased_record()
    with pytest.raises(RecordError, match=format_action(alias)):
        GameRecord.from_json(json.dumps(data))
