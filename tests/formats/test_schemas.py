"""The JSON Schemas of snapshots and records (``formats.schemas``), checked both ways.

- Every document the library writes validates: snapshots at the start, in the middle and
  at the end of games of every rule option (R-C7, R-C8, R-V1–R-V3), custom tile sets,
  2 to 5 players, seeded and explicit draws; records of those games from setup, from a
  snapshot and from a given draw order.
- A document a schema refuses, the loader refuses too, and it names the same field: the
  loader's message starts with the field (``record.result.scores: ...``, ``action 12:
  ...``), and that field is where one of the schema's errors points, or the list that
  holds it (the loader compares a list as a whole).  The documents are real ones mutated
  by ``tests/record_mutations.py`` (values of other types, numbers nudged, keys deleted,
  unknown keys added), boundary cases aimed at each bound of the schemas (those a player
  count sets included), and any text the action pattern refuses.
- The other way, where a schema is exact: every text the action pattern accepts is an
  action in its one spelling, and every rules object the schema accepts is read.
- The schemas agree with the code: the ``schema`` values, the enums, the bounds.

The loaders are stricter than the schemas (they replay the game), and they refuse a whole
number written ``2.0``, which JSON Schema's ``integer`` accepts: that case is outside the
"schema refuses, loader refuses" direction by nature, since the schema accepts it.
"""

from __future__ import annotations

import json
import random
import re
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
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
    TileSet,
    format_action,
    new_game,
    parse_action,
    parse_tileset,
    reference_tileset,
    state_from_json,
    state_to_json,
)
from carcassonne_amazonas.formats.records import MAX_ACTION_TEXT, RECORD_SCHEMA, max_actions
from carcassonne_amazonas.formats.schemas import SCHEMA_NAMES, schema, schema_text
from carcassonne_amazonas.formats.snapshot import STATE_SCHEMA
from carcassonne_amazonas.rules.pile import DRAW_MODES, MAX_SLICES
from carcassonne_amazonas.rules.players import (
    CAMPS_PER_PLAYER,
    MEEPLES_PER_PLAYER,
    PLAYER_COLOURS,
)
from carcassonne_amazonas.rules.scoring import FINAL_SCORE_CATEGORIES, SCORE_CATEGORIES
from carcassonne_amazonas.testing import game_states, games
from carcassonne_amazonas.tiles.geometry import COORDINATE_LIMIT
from games import play_random
from record_mutations import (
    TREE_MUTATIONS,
    bases,
    delete_key,
    dump_json,
    json_paths,
    nudge_number,
    parent_of,
    replace_value,
    snapshot_bases,
)

jsonschema = pytest.importorskip("jsonschema", reason="the schema tests need jsonschema ([test])")

ROOT = Path(__file__).resolve().parents[2]
VALIDATORS = {name: jsonschema.Draft202012Validator(schema(name)) for name in SCHEMA_NAMES}
Path_ = tuple[str | int, ...]


def schema_errors(kind: str, document: object) -> list[Any]:
    """The schema's errors for ``document`` (empty when it is valid)."""
    return list(VALIDATORS[kind].iter_errors(document))


def assert_valid(kind: str, text: str) -> None:
    errors = schema_errors(kind, json.loads(text))
    assert not errors, [(list(e.absolute_path), e.message[:200]) for e in errors[:3]]


# ---------------------------------------------------------------- the schemas themselves

@pytest.mark.parametrize("name", SCHEMA_NAMES)
def test_each_schema_is_a_draft_2020_12_schema_complete_by_itself(name: str) -> None:
    document = schema(name)
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(document)
    assert schema(name) == document and schema(name) is not document  # a new dict each time
    assert json.loads(schema_text(name))["$id"] == document["$id"]


def test_the_record_schema_bundles_the_snapshot_schema_it_refers_to() -> None:
    record = schema("record")
    assert record["$defs"]["state"] == schema("state")
    assert "state" not in json.loads(schema_text("record"))["$defs"]  # the file refers by $id
    assert '"urn:carcassonne-amazonas:schema:state:1' in schema_text("record")


def test_an_unknown_schema_name_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no schema named 'snapshot'; the schemas are state, "):
        schema("snapshot")

    class Name(str):
        pass

    with pytest.raises(TypeError):
        schema(Name("state"))


def test_the_schemas_agree_with_the_code() -> None:
    state, record = schema("state"), schema("record")
    defs = state["$defs"]
    assert state["properties"]["schema"]["const"] == STATE_SCHEMA
    assert record["properties"]["schema"]["const"] == RECORD_SCHEMA
    assert state["properties"]["phase"]["enum"] == [phase.value for phase in Phase]
    rules = defs["rules"]["properties"]
    assert rules["shuffle"]["enum"] == [shuffle.value for shuffle in Shuffle]
    assert rules["amazon_ranking"]["enum"] == [*Rules.VARIANTS["amazon_ranking"].values, None]
    assert rules["camp_scoring"]["enum"] == [*Rules.VARIANTS["camp_scoring"].values, None]
    assert [r.value for r in AmazonRanking] == rules["amazon_ranking"]["enum"][:-1]
    assert [c.value for c in CampScoring] == rules["camp_scoring"]["enum"][:-1]
    assert rules["slices"]["maximum"] == MAX_SLICES
    assert rules["first_player"]["maximum"] == defs["player_index"]["maximum"] \
        == len(PLAYER_COLOURS) - 1
    assert defs["coordinate"]["maximum"] == COORDINATE_LIMIT - 1 == -defs["coordinate"]["minimum"]
    assert list(defs["breakdown"]["properties"]) == list(SCORE_CATEGORIES)
    assert len(defs["final_score"]["prefixItems"]) == len(FINAL_SCORE_CATEGORIES)
    player = defs["player"]["properties"]
    assert player["meeples"]["maximum"] == MEEPLES_PER_PLAYER
    assert player["camps"]["maximum"] == CAMPS_PER_PLAYER
    assert state["properties"]["pieces"]["maxItems"] == \
        len(PLAYER_COLOURS) * (MEEPLES_PER_PLAYER + CAMPS_PER_PLAYER)
    assert record["properties"]["draws"]["enum"] == list(DRAW_MODES)
    action = record["$defs"]["action"]
    assert action["maxLength"] == MAX_ACTION_TEXT
    # The tile-file loader's caps: 400 tiles, 64 segments a layout.
    tiles = 400
    assert state["properties"]["placements"]["maxItems"] == tiles
    assert defs["piece"]["prefixItems"][0]["maximum"] == tiles - 1
    assert record["properties"]["actions"]["maxItems"] >= max_actions(reference_tileset())
    assert record["properties"]["actions"]["maxItems"] == 3 * tiles


def test_the_wheel_ships_the_schemas(tmp_path: Path) -> None:
    wheel_builder = pytest.importorskip("hatchling.builders.wheel",
                                        reason="needs hatchling, the build backend ([test])")
    built = list(wheel_builder.WheelBuilder(str(ROOT)).build(directory=str(tmp_path),
                                                              versions=["standard"]))
    with zipfile.ZipFile(built[0]) as wheel:
        for name in SCHEMA_NAMES:
            path = f"carcassonne_amazonas/formats/schemas/{name}.schema.json"
            assert wheel.read(path).decode("utf-8") == schema_text(name)


# ------------------------------------------- every document the library writes validates

def renamed_tileset() -> TileSet:
    """A custom tile set: the reference set under other names (its layouts, so its tiles,
    and itself), with another checksum."""
    source = re.sub(r"(?m)^layout (\w+)", r"layout my_\1", reference_tileset().source)
    return parse_tileset(source.replace("tileset amazonas-reference", "tileset my-own-set"),
                         "renamed")


# Every rule option takes each of its values in some game (first_player 0 to 4, both
# shuffles, the slice extremes, R-V1, R-V2, R-V3 and a custom set), over 2 to 5 players and
# both draw modes.
GAMES: list[tuple[int, dict[str, Any], str]] = [
    (2, {}, "seeded"),
    (3, {"shuffle": Shuffle.UNIFORM, "first_player": 2}, "explicit"),
    (4, {"amazon_ranking": AmazonRanking.COMPETITION, "slices": 1, "first_player": 3},
     "seeded"),
    (5, {"camp_scoring": CampScoring.PER_CAMP, "first_player": 4, "slices": MAX_SLICES},
     "explicit"),
    (2, {"tileset": "bonus", "amazon_ranking": AmazonRanking.COMPETITION,
         "camp_scoring": CampScoring.PER_CAMP, "first_player": 1}, "explicit"),
    (5, {"tileset": "bonus", "shuffle": Shuffle.UNIFORM}, "seeded"),
    (3, {"tileset": "custom", "camp_scoring": CampScoring.PER_CAMP}, "seeded"),
    (4, {"tileset": "custom", "shuffle": Shuffle.UNIFORM}, "explicit"),
]


def rules_of(options: dict[str, Any]) -> Rules:
    options = dict(options)
    tileset = options.pop("tileset", None)
    if tileset is not None:
        options["tileset"] = reference_tileset(bonus_river=True) if tileset == "bonus" \
            else renamed_tileset()
    return Rules(**options)


def sampled(states: tuple[GameState, ...]) -> Iterator[int]:
    """The indices of the start, every 25th state, the first of each phase, and the end."""
    seen: set[Phase] = set()
    for index, state in enumerate(states):
        if index % 25 == 0 or state.phase not in seen or index == len(states) - 1:
            seen.add(state.phase)
            yield index


@pytest.mark.parametrize(("players", "options", "draws"), GAMES,
                         ids=[f"{p}p-{d}-{'-'.join(o) or 'defaults'}" for p, o, d in GAMES])
def test_every_snapshot_and_record_written_validates(players: int, options: dict[str, Any],
                                                     draws: str) -> None:
    rules = rules_of(options)
    seed = None if draws == "explicit" else 17 * players
    initial = new_game(players, seed=seed, rules=rules, draws=draws)  # type: ignore[arg-type]
    states, actions = play_random(initial, random.Random(players))
    assert states[-1].is_terminal
    for index in sampled(states):
        assert_valid("state", state_to_json(states[index]))
    middle = len(actions) // 2
    for record in (GameRecord.from_game(initial, ()),                     # start
                   GameRecord.from_game(initial, actions[:middle]),       # middle
                   GameRecord.from_game(initial, actions),                # end, with a result
                   GameRecord.from_game(states[middle], actions[middle:])):  # from a snapshot
        assert_valid("record", record.to_json())
    if draws == "seeded":  # a given draw order
        order = sorted(rules.tileset.land_tiles, key=lambda tile: tile.name)
        ordered = new_game(players, rules=rules, pile=order)
        game = play_random(ordered, random.Random(1), 30)
        record = GameRecord.from_game(ordered, game.actions)
        assert record.pile is not None
        assert_valid("record", record.to_json())


drawn = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@drawn
@given(game_states(draws=None))
def test_snapshots_of_drawn_states_validate(state: GameState) -> None:
    assert_valid("state", state_to_json(state))


@drawn
@given(games())
def test_drawn_records_validate(record: GameRecord) -> None:
    assert_valid("record", record.to_json())


# -------------------------------------- what a schema refuses, the loader refuses by name

FIELD = re.compile(r"^(record|state)((?:\.[A-Za-z_]+|\[\d+\])*)(?::| \()")
ACTION = re.compile(r"^action (\d+)[ :]")


def loader_field(message: str) -> Path_ | None:
    """The field a loader's message names first: ``record.players[1].boat: ...`` is
    ``("players", 1, "boat")``; ``action 12 (t0,1,0): ...`` is ``("actions", 11)``."""
    found = ACTION.match(message)
    if found:
        return ("actions", int(found.group(1)) - 1)
    found = FIELD.match(message)
    if not found:
        return None
    parts = re.findall(r"\.([A-Za-z_]+)|\[(\d+)\]", found.group(2))
    return tuple(name if name else int(index) for name, index in parts)


def schema_fields(errors: list[Any]) -> set[Path_]:
    """Where the errors point, those inside ``anyOf`` and ``oneOf`` branches included, and
    the list that holds each item pointed at (a loader compares a list as a whole)."""
    found: set[Path_] = set()
    pending = list(errors)
    while pending:
        error = pending.pop()
        path = tuple(error.absolute_path)
        found.add(path)
        if path and isinstance(path[-1], int):
            found.add(path[:-1])
        pending.extend(error.context or ())
    return found


def load(kind: str, text: str) -> None:
    if kind == "record":
        GameRecord.from_json(text).replay()
    else:
        state_from_json(text)


def check_refused(kind: str, document: dict[str, Any], what: str, *, by_name: bool,
                  rng: random.Random) -> bool:
    """If the schema refuses ``document``, check that the loader does too (naming the
    field when ``by_name``); whether the schema refused it."""
    errors = schema_errors(kind, document)
    if not errors:
        return False
    with pytest.raises(RecordError) as refusal:
        load(kind, dump_json(document, rng))
    if by_name:
        field, fields = loader_field(str(refusal.value)), schema_fields(errors)
        assert field in fields, (what, str(refusal.value)[:200],
                                 sorted(fields, key=str)[:6], errors[0].message[:200])
    return True


def add_key(data: Any, rng: random.Random) -> str:
    """An unknown key in the document or in one of its objects."""
    objects: list[Path_] = [()] + [path for path in json_paths(data)
                                   if isinstance(parent_of(data, path)[path[-1]], dict)]
    where = rng.choice(objects)
    target = data
    for key in where:
        target = target[key]
    target[rng.choice(("extra", "Seed", "", "players "))] = rng.choice((0, None, "x"))
    return f"add a key at {'.'.join(map(str, where)) or 'the top'}"


def documents() -> list[tuple[str, dict[str, Any]]]:
    return [("record", base.data) for base in bases()] + \
        [("state", snapshot) for snapshot in snapshot_bases()]


def run_mutations(count: int, seed: int) -> None:
    """``count`` documents each mutated once (one value replaced, nudged, deleted or
    added: the loader must name it) or by list edits and several mutations (refused)."""
    rng = random.Random(seed)
    pool = documents()
    refused = 0
    for case in range(count):
        kind, base = rng.choice(pool)
        data = json.loads(json.dumps(base))
        if rng.random() < 0.8:
            mutation = rng.choice((replace_value, nudge_number, delete_key, add_key))
            what, by_name = mutation(data, rng), True
        else:
            what = " then ".join(rng.choice((*TREE_MUTATIONS, add_key))(data, rng)
                                 for _ in range(rng.choice((1, 2, 3))))
            by_name = False
        refused += check_refused(kind, data, f"case {case} ({kind}): {what}", by_name=by_name,
                                 rng=rng)
    assert refused > count // 2  # most mutations make a document the schema refuses


def test_mutated_documents_the_schema_refuses_are_refused_naming_the_field() -> None:
    run_mutations(150, seed=36)


@pytest.mark.slow
def test_many_mutated_documents_the_schema_refuses_are_refused_naming_the_field() -> None:
    for seed in range(2):  # about 12 s of processor time
        run_mutations(500, seed=100 + seed)


def first_record() -> dict[str, Any]:
    """A finished seeded 2-player game's record, its result included."""
    data: dict[str, Any] = json.loads(json.dumps(bases()[0].data))
    assert data["result"] is not None
    return data


def first_snapshot() -> dict[str, Any]:
    """A snapshot with a tile in hand and pieces on the board."""
    chosen = next(snapshot for snapshot in snapshot_bases()
                  if snapshot["tile_in_hand"] is not None and snapshot["pieces"])
    data: dict[str, Any] = json.loads(json.dumps(chosen))
    return data


# Edits aimed at each bound of the schemas: (document, path, new value).
BOUNDARIES: list[tuple[str, Path_, object]] = [
    ("record", ("schema",), "carcassonne-amazonas/record/2"),
    ("record", ("num_players",), 1),
    ("record", ("num_players",), 6),
    ("record", ("tileset", "checksum"), "0" * 63),
    ("record", ("tileset", "name"), None),
    ("record", ("rules", "first_player"), 5),
    ("record", ("rules", "slices"), 0),
    ("record", ("rules", "slices"), MAX_SLICES + 1),
    ("record", ("rules", "shuffle"), "Stratified"),
    ("record", ("rules", "amazon_ranking"), "olympic"),
    ("record", ("rules", "camp_scoring"), "per_camp"),
    ("record", ("draws",), "shuffled"),
    ("record", ("seed",), "7"),
    ("record", ("seed",), True),
    ("record", ("pile",), ["S01.1"]),
    ("record", ("start",), 0),
    ("record", ("result", "scores"), []),
    ("record", ("result", "winners"), []),
    ("record", ("result", "winners"), [5]),
    ("record", ("result", "final_scoring"), [[0, 0, 0, 0]]),
    ("record", ("actions", 3), "t01,0,0"),
    ("record", ("actions", 3), "t-0,0,0"),
    ("record", ("actions", 3), "t0,2048,0"),
    ("record", ("actions", 3), "t0,0,45"),
    ("record", ("actions", 3), "m0,1,64"),
    ("record", ("actions", 3), "d400"),
    ("record", ("actions", 3), "*1234"),
    ("record", ("actions", 3), "p "),
    ("record", ("actions", 3), ""),
    ("record", ("actions", 3), "P"),
    ("record", ("actions", 3), "t" + "1" * 40),
    ("record", ("actions", 3), 17),
    ("state", ("schema",), "carcassonne-amazonas/record/1"),
    ("state", ("phase",), "place meeple"),
    ("state", ("current_player",), 5),
    ("state", ("track_length",), 0),
    ("state", ("players", 0, "boat"), 0),
    ("state", ("players", 1, "meeples"), MEEPLES_PER_PLAYER + 1),
    ("state", ("players", 1, "camps"), -1),
    ("state", ("players", 0, "breakdown", "river"), -1),
    ("state", ("placements", 1, 1), COORDINATE_LIMIT),
    ("state", ("placements", 1, 2), -COORDINATE_LIMIT),
    ("state", ("placements", 1, 3), 45),
    ("state", ("placements", 1, 0), "S01"),
    ("state", ("placements", 1), ["S01.1", 0, 1]),
    ("state", ("pieces", 0, 0), 400),
    ("state", ("pieces", 0, 1), 64),
    ("state", ("pieces", 0, 2), 5),
    ("state", ("tile_in_hand",), "S01.0"),
    ("state", ("piece_placement",), -2),
    ("state", ("pending_amazon",), ["A1.1", "A1.2", "A1.3"]),
    ("state", ("pile", "drawn"), -1),
    ("state", ("pile", "explicit"), 0),
    ("state", ("pile", "seed"), 1.5),
    ("state", ("removed",), "S01.1"),
    ("state", ("final_scoring",), [[0, 0, 0]]),
    ("state", ("doubles_left", 0), "D1"),
]


@pytest.mark.parametrize(("kind", "path", "value"), BOUNDARIES,
                         ids=[f"{k}:{'.'.join(map(str, p))}={v!r}"[:60] for k, p, v in BOUNDARIES])
def test_each_bound_of_the_schemas_is_a_refusal_of_the_loader(kind: str, path: Path_,
                                                              value: object) -> None:
    data = first_record() if kind == "record" else first_snapshot()
    parent_of(data, path)[path[-1]] = value
    assert check_refused(kind, data, f"{path} = {value!r}", by_name=True,
                         rng=random.Random(0)), "the schema accepts it"


def terminal_snapshot() -> dict[str, Any]:
    """The snapshot of a finished game, its final scoring included."""
    chosen = next(snapshot for snapshot in snapshot_bases() if snapshot["final_scoring"])
    data: dict[str, Any] = json.loads(json.dumps(chosen))
    return data


def set_start_players(data: dict[str, Any], count: int) -> None:
    data["start"]["num_players"] = count


# Edits that break the bounds a player count sets: (document, what, edit of the data for
# its player count n).
PER_PLAYER_COUNT: list[tuple[str, str, Any]] = [
    ("state", "current player", lambda d, n: d.update(current_player=n)),
    ("state", "first player", lambda d, n: d["rules"].update(first_player=n)),
    ("state", "a player too few", lambda d, n: d["players"].pop()),
    ("state", "a player too many", lambda d, n: d["players"].append(d["players"][0])),
    ("state", "a piece's player", lambda d, n: d["pieces"][0].__setitem__(2, n)),
    ("final", "a final score too few", lambda d, n: d["final_scoring"].pop()),
    ("record", "first player", lambda d, n: d["rules"].update(first_player=n)),
    ("record", "a score too few", lambda d, n: d["result"]["scores"].pop()),
    ("record", "a winner who is not a player", lambda d, n: d["result"].update(winners=[n])),
    ("record", "a final score too many",
     lambda d, n: d["result"]["final_scoring"].append([0, 0, 0, 0])),
    ("start", "a start of another player count", lambda d, n: set_start_players(d, n + 1)),
]


@pytest.mark.parametrize(("kind", "what", "edit"), PER_PLAYER_COUNT,
                         ids=[what for _, what, _ in PER_PLAYER_COUNT])
def test_the_bounds_of_each_player_count_are_refusals_of_the_loader(kind: str, what: str,
                                                                    edit: Any) -> None:
    if kind == "start":
        data = json.loads(json.dumps(next(b.data for b in bases() if b.data["start"])))
    else:
        data = first_snapshot() if kind == "state" else terminal_snapshot() \
            if kind == "final" else first_record()
    edit(data, data["num_players"])
    document = "record" if kind in ("record", "start") else "state"
    assert check_refused(document, data, what, by_name=True, rng=random.Random(0)), \
        "the schema accepts it"


ORIGINS: list[tuple[str, dict[str, object]]] = [
    ("seeded", {"seed": None}),                       # none of seed, pile and start
    ("seeded", {"pile": ["S01.1"]}),                  # a seed and a pile
    ("seeded", {"start": None, "seed": None, "pile": None}),
    ("explicit", {"seed": 3}),
    ("explicit", {"pile": []}),
]


@pytest.mark.parametrize(("draws", "edit"), ORIGINS)
def test_the_origin_of_a_game_is_checked_alike(draws: str, edit: dict[str, object]) -> None:
    """A seeded game has exactly one of seed, pile and start; an explicit-draws game
    neither a seed nor a pile: the schema and the loader both refuse the record itself."""
    base = next(b for b in bases() if b.data["draws"] == draws and b.data["start"] is None)
    data = json.loads(json.dumps(base.data))
    data.update(edit)
    assert check_refused("record", data, f"{draws}: {edit}", by_name=True,
                         rng=random.Random(0)), "the schema accepts it"

ACTION_PATTERN = re.compile(schema("record")["$defs"]["action"]["pattern"])
notation_like = st.text(alphabet="tdmcp*-,0123456789 x", max_size=14) | st.from_regex(
    r"\A[tmc]-?[0-9]{1,5},-?[0-9]{1,5},[0-9]{1,4}\Z|\A[d*][0-9]{1,5}\Z")


@settings(max_examples=60, deadline=None)
@given(notation_like)
def test_an_action_the_pattern_refuses_is_refused_by_the_loader(text: str) -> None:
    """Any text the action pattern refuses, put among a record's actions, makes the loader
    refuse that action (unreadable, or a number no game reaches); the actions the library
    writes all match it (the games above)."""
    base = bases()[0]
    data = json.loads(json.dumps(base.data))
    data["actions"] = data["actions"][:8]
    data["result"] = None
    data["actions"][5] = text
    if ACTION_PATTERN.fullmatch(text) is None:
        assert check_refused("record", data, text, by_name=True, rng=random.Random(0))
    else:
        assert not schema_errors("record", data)


@settings(max_examples=80, deadline=None)
@given(st.from_regex(ACTION_PATTERN, fullmatch=True))
def test_every_text_the_action_pattern_accepts_is_an_action_in_its_one_spelling(
        text: str) -> None:
    assert format_action(parse_action(text)) == text


RULES = schema("state")["$defs"]["rules"]["properties"]


def schema_values(field: dict[str, Any]) -> st.SearchStrategy[Any]:
    """Every value the schema of one rule option allows."""
    if "enum" in field:
        return st.sampled_from(field["enum"])
    return st.integers(field["minimum"], field["maximum"])


@settings(max_examples=100, deadline=None)
@given(st.fixed_dictionaries({name: schema_values(RULES[name])
                              for name in ("first_player", "shuffle", "slices")},
                             optional={name: schema_values(RULES[name])
                                       for name in ("amazon_ranking", "camp_scoring")}),
       st.integers(2, 5))
def test_every_rules_object_the_schema_accepts_is_read(rules: dict[str, Any],
                                                       players: int) -> None:
    """The enums and bounds of the rule options are not stale: each value the schema
    allows is one the loader reads (the first player less than the player count)."""
    assume(rules["first_player"] < players)
    read = Rules.from_json(rules, tileset=reference_tileset(), num_players=players,
                           path="record.rules")
    options = read.options()
    for name, value in rules.items():
        if value is not None:  # null: the variant's default
            assert options[name] == value, name


# ------------------------------------------------------------------------------ versions

@pytest.mark.parametrize(("kind", "found", "why"), [
    ("record", "carcassonne-amazonas/record/2",
     "; a newer carcassonne-amazonas wrote it: upgrade to load it"),
    ("record", "carcassonne-amazonas/record/" + "9" * 5000, ""),  # too long to read as a number
    ("record", "carcassonne-amazonas/record/0", ""),
    ("record", "carcassonne-amazonas/state/1",
     "; the document is a snapshot, which state_from_json reads"),
    ("state", "carcassonne-amazonas/record/1",
     "; the document is a game record, which GameRecord.from_json reads"),
    ("state", "carcassonne-amazonas/state/10",
     "; a newer carcassonne-amazonas wrote it: upgrade to load it"),
    ("state", "Carcassonne-Amazonas/state/1", ""),
])
def test_a_reader_refuses_a_version_it_does_not_know_saying_why(kind: str, found: str,
                                                                 why: str) -> None:
    """The ``schema`` field names the format and its version; a reader refuses any other
    (docs/formats.md, "Versions and how they change"), and says what it reads."""
    data = first_record() if kind == "record" else first_snapshot()
    data["schema"] = found
    reads = RECORD_SCHEMA if kind == "record" else STATE_SCHEMA
    with pytest.raises(RecordError) as refusal:
        load(kind, json.dumps(data))
    message = str(refusal.value)
    assert message.startswith(f"{kind}.schema: unknown schema ")
    assert message.endswith(f"; this library reads {reads!r}{why}"), message
