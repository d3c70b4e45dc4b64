"""What loading guarantees: a snapshot or record that loads is a game the rules can
reach, and anything else raises :class:`RecordError`, nothing else, in bounded time.

- Snapshots of 60 random games load and round-trip (marked ``slow``; 3 games per
  example of the Hypothesis profile, 3,000 with the thorough one; ``ROUND_TRIP_GAMES``
  sets the number of games, ``ROUND_TRIP_STRIDE=1`` takes every
  snapshot instead of every 60th (100th from 100 games) and the rare ones).
- Hypothesis: a mutated snapshot or record either loads into a state with no problem
  (``state_problems``) that plays on to the end, or raises ``RecordError``.
- Huge numbers, long strings, deep nesting and oversize lists raise ``RecordError``
  with a short message.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    AmazonRanking,
    CampScoring,
    GameRecord,
    GameState,
    Phase,
    RecordError,
    Rules,
    Shuffle,
    apply_action,
    new_game,
    reference_tileset,
    state_from_json,
    state_problems,
    state_to_json,
)
from carcassonne_amazonas.ai.playout import random_action as uniform_random_action
from games import play_random, random_action
from record_mutations import bases, json_paths, json_values, parent_of, snapshot_bases

ROUND_TRIP_GAMES = int(os.environ.get("ROUND_TRIP_GAMES") or 3 * settings().max_examples)
# Game n loads the snapshots whose index is n modulo the stride: with no more games than
# the stride, every index of a game is some game's.
ROUND_TRIP_STRIDE = int(os.environ.get("ROUND_TRIP_STRIDE") or min(100, ROUND_TRIP_GAMES))
# Game 14 is the first that removes a tile it cannot place (R-G7); 142 and 168 do too.
FIRST_REMOVAL = 14
_RARE = (Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE)
BUG = "this is a bug of the loader"

mutations = settings(max_examples=max(30, settings().max_examples * 2),
                     suppress_health_check=[HealthCheck.too_slow])


def _setup(number: int) -> GameState:
    """The ``number``-th game: every player count, first player, shuffle, draw mode and
    rule variant (R-V1–R-V3)."""
    rng = random.Random(number)
    players = 2 + number % 4
    shuffle = Shuffle.UNIFORM if number % 7 == 3 else Shuffle.STRATIFIED
    first_player, slices = rng.randrange(players), rng.choice((5, 5, 5, 1, 3, 8))
    rules = Rules(tileset=reference_tileset(bonus_river=rng.random() < 0.5),
                  first_player=first_player, shuffle=shuffle, slices=slices,
                  amazon_ranking=rng.choice(list(AmazonRanking)),
                  camp_scoring=rng.choice(list(CampScoring)))
    if number % 3 == 2:
        return new_game(players, rules=rules, draws="explicit")
    return new_game(players, seed=number, rules=rules)


def _random_game(number: int) -> list[GameState]:
    """The states of the ``number``-th game, played uniformly at random (the playout
    module's fast draw among the legal actions)."""
    rng = random.Random(number)
    states = [_setup(number)]
    while not states[-1].is_terminal:
        states.append(apply_action(states[-1], uniform_random_action(states[-1], rng)))
    return states


@pytest.mark.slow
def test_snapshots_of_random_games_load_and_round_trip() -> None:
    """Every ``ROUND_TRIP_STRIDE``-th snapshot of each game (the offset turning from game
    to game, so that every point of a game is covered), and every snapshot in a rare
    situation: the first and last, just after a removed tile (R-G7, about one game in a
    hundred: ``FIRST_REMOVAL`` is one, which the test checks), and choosing and placing
    the double tile of one "!" tile per game (the first, second or third, turning from
    game to game).
    ``ROUND_TRIP_STRIDE=1`` loads every snapshot (about twenty times longer)."""
    loaded = removals = 0
    for number in range(ROUND_TRIP_GAMES):
        states = _random_game(number)
        exclamations = 0
        for index, state in enumerate(states):
            exclamations += state.phase is Phase.CHOOSE_DOUBLE
            removed = index > 0 and len(state.removed) != len(states[index - 1].removed)
            removals += removed
            rare = index in (0, len(states) - 1) or removed or \
                (state.phase in _RARE and (exclamations - 1) % 3 == number % 3)
            if not rare and index % ROUND_TRIP_STRIDE != number % ROUND_TRIP_STRIDE:
                continue
            text = state_to_json(state)
            again = state_from_json(text)
            assert again == state, (number, index, state.phase)
            assert state_to_json(again) == text
            loaded += 1
    assert loaded >= len(range(ROUND_TRIP_GAMES)) * 160 // ROUND_TRIP_STRIDE
    assert removals > 0 or ROUND_TRIP_GAMES <= FIRST_REMOVAL, \
        f"no game removed a tile (R-G7): is game {FIRST_REMOVAL} still one that does?"


def _play_to_the_end(state: GameState, seed: int) -> GameState:
    rng = random.Random(seed)
    for _ in range(400):
        if state.is_terminal:
            return state
        state = apply_action(state, random_action(state, rng))
    raise AssertionError("the game did not end")


@st.composite
def mutated(draw: st.DrawFn, document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with one to three values replaced, nudged, dropped or repeated."""
    data: dict[str, Any] = json.loads(json.dumps(document))
    for _ in range(draw(st.integers(1, 3), label="edits")):
        paths = json_paths(data)
        if not paths:
            break
        path = draw(st.sampled_from(paths), label="path")
        parent, key = parent_of(data, path), path[-1]
        old = parent[key]
        how = draw(st.sampled_from(("value", "nudge", "drop", "repeat")), label="how")
        if how == "nudge" and type(old) is int:
            parent[key] = old + draw(st.sampled_from((-2, -1, 1, 2, 40)), label="by")
        elif how == "drop" and isinstance(key, int):  # an item of a list
            del parent[key]
        elif how == "repeat" and isinstance(key, int):
            parent.insert(key, json.loads(json.dumps(old)))
        else:
            parent[key] = draw(json_values, label="value")
    return data


@mutations
@given(st.data(), st.integers(0, 2**16))
def test_a_mutated_snapshot_loads_into_a_consistent_playable_state_or_raises(
        data: st.DataObject, seed: int) -> None:
    base = data.draw(st.sampled_from(snapshot_bases()), label="base")
    forged = data.draw(mutated(base), label="snapshot")
    try:
        state = state_from_json(json.dumps(forged))
    except RecordError as error:
        assert BUG not in str(error)
        return
    assert state_problems(state) == []
    final = _play_to_the_end(state, seed)
    assert state_problems(final) == []


@mutations
@given(st.data(), st.integers(0, 2**16))
def test_a_mutated_record_loads_into_a_consistent_playable_game_or_raises(
        data: st.DataObject, seed: int) -> None:
    base = data.draw(st.sampled_from(bases()), label="base")
    forged = data.draw(mutated(base.data), label="record")
    try:
        states = GameRecord.from_json(json.dumps(forged)).replay()
    except RecordError as error:
        assert BUG not in str(error)
        return
    for state in (states[0], states[-1]):
        assert state_problems(state) == []
    assert state_problems(_play_to_the_end(states[-1], seed)) == []


# ---------------------------------------------------------------------------- hostile text

def _snapshot() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(state_to_json(
        play_random(new_game(3, seed=2), random.Random(2), 30).states[-1]))
    return data


HUGE = "9" * 4300  # the most digits json.loads reads; one more cannot even be printed


@pytest.mark.parametrize("path", [
    ("num_players",), ("current_player",), ("track_length",), ("piece_placement",),
    ("players", 0, "score"), ("players", 0, "boat"), ("players", 1, "meeples"),
    ("players", 2, "breakdown", "amazon"), ("placements", 1, 1), ("placements", 2, 3),
    ("pieces", 0, 2), ("pile", "drawn"), ("pile", "seed"), ("rules", "slices"),
    ("rules", "first_player"),
])
@pytest.mark.parametrize("sign", ["", "-"])
def test_numbers_of_4300_digits_anywhere(path: tuple[Any, ...], sign: str) -> None:
    """Regression: a total of such numbers has 4,301 digits, and formatting it into a
    message raised ValueError (Python's int-to-str limit)."""
    data = _snapshot()
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = 0  # a placeholder, replaced in the text
    text = json.dumps(data).replace(json.dumps(path[-1]) + ": 0",
                                    json.dumps(path[-1]) + ": " + sign + HUGE, 1) \
        if isinstance(path[-1], str) else _replace_item(data, path, sign + HUGE)
    try:
        state = state_from_json(text)
    except RecordError as error:
        assert len(str(error)) < 400, str(error)
        assert BUG not in str(error)
    else:
        assert path == ("pile", "seed")  # a seed may be any int: it only names the shuffle
        assert state_problems(state) == []


def _replace_item(data: dict[str, Any], path: tuple[Any, ...], number: str) -> str:
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    marker = "__number__"
    parent[path[-1]] = marker
    return json.dumps(data).replace(json.dumps(marker), number)


def test_a_breakdown_of_4300_digit_numbers() -> None:
    """The sum of the breakdown has 4,301 digits: reported, not printed."""
    data = _snapshot()
    marker = "__number__"
    data["players"][0]["breakdown"]["tributaries"] = marker
    data["players"][0]["breakdown"]["villages"] = marker
    data["players"][0]["score"] = marker
    with pytest.raises(RecordError, match="a number of about 4301 digits") as caught:
        state_from_json(json.dumps(data).replace(json.dumps(marker), HUGE))
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize(("edit", "words"), [
    (lambda d: d.update(schema="x" * 400_000), "(400000 characters)"),
    (lambda d: d["placements"][1].__setitem__(0, "S" * 400_000), "(400000 characters)"),
    (lambda d: d["pile"].__setitem__("tiles", d["pile"]["tiles"] * 500),
     "more than the 80 this game can have (R-C3)"),
    (lambda d: d.__setitem__("players", [{}] * 150_000), "state.players: 150000 items"),
    (lambda d: d.__setitem__("pending_amazon", ["A1.1"] * 60_000),
     "state.pending_amazon: 60000 items, more than the 2"),
    (lambda d: d.__setitem__("pieces", [[1, 1, 0]] * 50_000), "state.pieces: 50000 items"),
    (lambda d: d.__setitem__("placements", [["S01.1", 0, 0, 0]] * 20_000),
     "state.placements: 20000 items"),
    (lambda d: d.__setitem__("removed", ["S01.1"] * 100), "state.removed: 100 items"),
    (lambda d: d.__setitem__("doubles_left", ["D1.1"] * 5), "state.doubles_left: 5 items"),
    (lambda d: d.__setitem__("final_scoring", [[0, 0, 0, 0]] * 4), "state.final_scoring: 4"),
])
def test_long_strings_and_oversize_lists_are_refused_at_once(edit: Any, words: str) -> None:
    data = _snapshot()
    edit(data)
    with pytest.raises(RecordError) as caught:
        state_from_json(json.dumps(data, separators=(",", ":")))
    assert words in str(caught.value)
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize("text", ["[" * 400_000, '{"a":' * 90_000 + "1" + "}" * 90_000,
                                  " " * 500_001, b"{" * 500_001, "[" * 10_000_000,
                                  json.dumps({"players": [{}] * 3_300_000})])
def test_deep_nesting_and_oversize_text(text: str | bytes) -> None:
    with pytest.raises(RecordError) as caught:
        state_from_json(text)
    with pytest.raises(RecordError):
        GameRecord.from_json(text)
    assert len(str(caught.value)) < 400


def test_records_with_oversize_parts() -> None:
    record: dict[str, Any] = json.loads(json.dumps(bases()[0].data))
    for key, value, words in (
            ("actions", ["p"] * 50_000, "record.actions: 50000 items, more than the 248"),
            ("actions", ["t" + "1" * 100_000], "100001 characters is too long for an action"),
            ("pile", ["S01.1"] * 1000, "record.pile: 1000 items, more than the 80"),
            ("start", {"schema": "carcassonne-amazonas/state/1",
                       "tileset": record["tileset"], "num_players": 2,
                       "rules": record["rules"], "players": [{}] * 100_000},
             "record.start.players: 100000 items")):
        forged = dict(record, **{key: value})
        with pytest.raises(RecordError) as caught:
            GameRecord.from_json(json.dumps(forged))
        assert words in str(caught.value), str(caught.value)
        assert len(str(caught.value)) < 400
