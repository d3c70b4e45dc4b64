"""The metadata of a self-play dataset has a JSON Schema (``formats.schemas``,
``selfplay``), checked both ways as the snapshot's and the record's are:

- the metadata :func:`~carcassonne_amazonas.integrations.selfplay.write_dataset` writes
  validates, for every rule option, 2 to 5 players and every kind of bot;
- a metadata the schema refuses, :class:`~carcassonne_amazonas.integrations.selfplay.SelfPlayData`
  refuses too, naming the same field (``metadata.players: ...``): a key missing or
  unknown, a value of another JSON type, a number out of range, a bot or a policy
  target the format does not know;
- the schema agrees with the code: the format, the policy targets, the rule options.

The reader is stricter than the schema (as the loaders of snapshots and records are): it
refuses ``2.0`` for a whole number, a list of bots of another length than ``players``,
and a first player who does not play.  Needs numpy (the reader's extra) and jsonschema.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
jsonschema = pytest.importorskip("jsonschema", reason="the schema tests need jsonschema ([test])")

from carcassonne_amazonas import Rules  # noqa: E402
from carcassonne_amazonas.ai.bots import BOT_KINDS, HUMAN  # noqa: E402
from carcassonne_amazonas.formats.schemas import SCHEMA_NAMES, schema  # noqa: E402
from carcassonne_amazonas.integrations.selfplay import (  # noqa: E402
    FORMAT,
    POLICY_TARGETS,
    SelfPlayData,
    selfplay_task,
    write_dataset,
)
from carcassonne_amazonas.rules.pile import MAX_SLICES  # noqa: E402
from carcassonne_amazonas.rules.players import PLAYER_COLOURS  # noqa: E402

VALIDATOR = jsonschema.Draft202012Validator(schema("selfplay"))

SETUPS: list[tuple[Rules, tuple[str, ...]]] = [
    (Rules(), ("greedy", "mcts:2")),
    (Rules.from_options({"shuffle": "uniform", "first_player": 2, "bonus_river": True}),
     ("random", "random", "mcts")),
    (Rules.from_options({"slices": MAX_SLICES, "amazon_ranking": "competition",
                         "camp_scoring": "per-camp", "first_player": 4}),
     ("random", "greedy", "mcts:100", "random", "greedy")),
]


def written_metadata(tmp_path: Path, rules: Rules, kinds: tuple[str, ...],
                     games: int = 0) -> tuple[Path, dict[str, Any]]:
    """A dataset of ``games`` played games (0: none, the metadata alone) and its metadata."""
    played = [selfplay_task((index, 7, kinds, None))[1] for index in range(games)]
    path = tmp_path / "data.npz"
    write_dataset(path, played, rules=rules, kinds=kinds, seed=7)
    with np.load(path, allow_pickle=False) as stored:
        metadata: dict[str, Any] = json.loads(stored["metadata"].item())
    return path, metadata


def with_metadata(path: Path, metadata: object) -> Path:
    """The dataset at ``path`` with its metadata replaced by ``metadata``'s JSON text."""
    with np.load(path, allow_pickle=False) as stored:
        arrays = {name: stored[name] for name in stored.files}
    arrays["metadata"] = np.asarray(json.dumps(metadata))
    changed = path.with_name("changed.npz")
    np.savez_compressed(changed, **arrays)
    return changed


def test_the_selfplay_schema_is_one_of_the_schemas() -> None:
    assert "selfplay" in SCHEMA_NAMES
    jsonschema.Draft202012Validator.check_schema(schema("selfplay"))


@pytest.mark.parametrize(("rules", "kinds"), SETUPS, ids=lambda value: str(value)[:40])
def test_the_metadata_written_validates(rules: Rules, kinds: tuple[str, ...],
                                        tmp_path: Path) -> None:
    path, metadata = written_metadata(tmp_path, rules, kinds)
    errors = list(VALIDATOR.iter_errors(metadata))
    assert not errors, [(list(e.absolute_path), e.message[:200]) for e in errors[:3]]
    assert SelfPlayData(path).metadata == metadata


def test_the_metadata_of_a_played_game_validates(tmp_path: Path) -> None:
    path, metadata = written_metadata(tmp_path, Rules(), ("random", "random"), games=1)
    assert metadata["games"] == 1 and metadata["records"] == len(SelfPlayData(path)) > 0
    assert not list(VALIDATOR.iter_errors(metadata))


def test_the_schema_agrees_with_the_code() -> None:
    document = schema("selfplay")
    fields = document["properties"]
    assert fields["format"]["const"] == FORMAT
    assert fields["policy"]["items"]["enum"] == list(POLICY_TARGETS)
    assert set(document["required"]) == set(fields)
    options = fields["rules"]["properties"]
    assert list(options) == list(Rules().options())
    assert options["slices"]["maximum"] == MAX_SLICES
    assert options["first_player"]["maximum"] == len(PLAYER_COLOURS) - 1
    assert fields["players"]["maximum"] == fields["bots"]["maxItems"] == len(PLAYER_COLOURS)
    bots = [kind for kind in BOT_KINDS if kind != HUMAN]
    pattern = fields["bots"]["items"]["pattern"]
    assert all(jsonschema.Draft202012Validator({"pattern": pattern}).is_valid(kind)
               for kind in [*bots, "mcts:1", "mcts:250"])
    assert not any(jsonschema.Draft202012Validator({"pattern": pattern}).is_valid(kind)
                   for kind in (HUMAN, "mcts:0", "mcts:01", "greedy:3", "Mcts"))


OTHER_JSON = ["text", None, True, 3, -1, 2.5, [], {}, ["greedy"], {"a": 1}]


def mutations(metadata: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(the field, the metadata with that field broken): every key deleted, every value
    of another JSON type, numbers out of range, an unknown key, unknown bots, policy
    targets and rule options."""
    found: list[tuple[str, dict[str, Any]]] = []

    def broken(field: str, path: tuple[str, ...], value: object) -> None:
        changed = copy.deepcopy(metadata)
        holder = changed
        for key in path[:-1]:
            holder = holder[key]
        if value is _DELETE:
            del holder[path[-1]]
        else:
            holder[path[-1]] = value
        found.append((field, changed))

    for key in metadata:
        broken(key, (key,), _DELETE)
        for value in OTHER_JSON:
            broken(key, (key,), value)
    for key in metadata["rules"]:
        broken("rules", ("rules", key), _DELETE)
        for value in OTHER_JSON:
            broken("rules", ("rules", key), value)
    broken("rules", ("rules", "slices"), MAX_SLICES + 1)
    broken("rules", ("rules", "first_player"), len(PLAYER_COLOURS))
    broken("rules", ("rules", "olympic"), True)
    broken("players", ("players",), 1)
    broken("players", ("players",), len(PLAYER_COLOURS) + 1)
    broken("unknown", ("unknown",), 1)
    broken("bots", ("bots",), ["human", "greedy"])
    broken("bots", ("bots",), ["mcts:0", "greedy"])
    broken("policy", ("policy",), ["greedy", "visits"])
    broken("observation", ("observation",), "full")
    broken("format", ("format",), "carcassonne-amazonas-selfplay-2")
    return found


_DELETE = object()


def test_a_metadata_the_schema_refuses_is_refused_by_the_reader_naming_the_field(
        tmp_path: Path) -> None:
    path, metadata = written_metadata(tmp_path, Rules(), ("greedy", "mcts:2"))
    checked = 0
    for field, changed in mutations(metadata):
        errors = list(VALIDATOR.iter_errors(changed))
        if not errors:
            continue
        checked += 1
        with pytest.raises(ValueError) as refusal:
            SelfPlayData(with_metadata(path, changed))
        message = str(refusal.value)
        assert f": metadata.{field}" in message or f": metadata: unknown field " \
            f"'{field}'" in message, (field, changed.get(field), message)
    assert checked > 150


@pytest.mark.parametrize(("edit", "shown"), [
    ({"players": 2.0}, "metadata.players: expected a whole number, not 2.0"),
    ({"seed": 7.0}, "metadata.seed: expected a whole number, not 7.0"),
    ({"bots": ["greedy", "mcts:2", "random"]}, "metadata.bots: 3 bots for 2 players"),
    ({"policy": ["visits"] * 3}, "metadata.policy: 3 policy targets for 2 players"),
    ({"rules": {**Rules().options(), "first_player": 3}},
     "metadata.rules.first_player: player 3 does not play in a game of 2"),
])
def test_the_reader_is_stricter_than_the_schema(edit: dict[str, Any], shown: str,
                                               tmp_path: Path) -> None:
    path, metadata = written_metadata(tmp_path, Rules(), ("greedy", "mcts:2"))
    assert not list(VALIDATOR.iter_errors({**metadata, **edit}))
    with pytest.raises(ValueError, match=shown.replace("(", r"\(")):
        SelfPlayData(with_metadata(path, {**metadata, **edit}))


def test_metadata_that_is_not_an_object_is_refused(tmp_path: Path) -> None:
    path, _ = written_metadata(tmp_path, Rules(), ("greedy", "mcts:2"))
    values: tuple[object, ...] = ([], "text", 3)
    for value in values:
        with pytest.raises(ValueError, match=r": metadata: expected a JSON object"):
            SelfPlayData(with_metadata(path, value))
