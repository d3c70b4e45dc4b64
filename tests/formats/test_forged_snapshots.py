"""The forged-snapshot corpus (``tests/data/forged_snapshots.json``): every case is a real
snapshot with a small JSON edit that makes it a game the rules cannot reach, and the
loader rejects each with :class:`RecordError`, naming the field and the rule, with the
message stored in the corpus.

The corpus is data; ``tests/forged_corpus.py`` made it (see there to regenerate it).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from carcassonne_amazonas import RecordError, state_from_json, state_problems, state_to_json
from forged_bases import apply_patch, bases

DATA = Path(__file__).resolve().parents[1] / "data"
CORPUS: dict[str, Any] = json.loads(
    (DATA / "forged_snapshots.json").read_text(encoding="utf-8"))
CASES: list[dict[str, Any]] = CORPUS["cases"]

# Every consistency check of the loader that the hostile-inputs issue lists, each with at
# least one case.
CHECKS = {
    "open cells from the placed tiles", "river end from the placed tiles",
    "features from the placed tiles", "track length from the placed tiles", "supplies",
    "no meeple on a completed tributary or village", "pieces", "pieces against the turns",
    "the current player against the turns played", "the phase against the tile in hand",
    "the tile that may take a piece", "the pending Amazon scorings",
    "a double only after a \"!\" tile", "a double only after a \"!\" tile, while any is left",
    "double tiles on the board only after \"!\" tiles", "the tiles", "the pile's counts",
    "the stratified-slice quotas", "the pile's order", "removed tiles that would fit",
    "camp and river points only after the end", "the final scoring",
    "scores against categories",
    "finished exactly when the pile is empty and the turn done",
    "a legal action in every state not over", "score bounds",
    "boats against what the game paid",
}


@pytest.mark.parametrize("name", sorted(CORPUS["bases"]))
def test_every_base_is_a_real_snapshot(name: str) -> None:
    text = json.dumps(CORPUS["bases"][name])
    state = state_from_json(text)
    assert state_problems(state) == []
    assert json.loads(state_to_json(state)) == CORPUS["bases"][name]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_every_forged_snapshot_is_rejected_with_its_rule(case: dict[str, Any]) -> None:
    forged = apply_patch(CORPUS["bases"][case["base"]], case["patch"])
    assert len(case["patch"]) <= 6  # a small edit
    with pytest.raises(RecordError) as caught:
        state_from_json(json.dumps(forged))
    message = str(caught.value)
    assert message == case["message"]
    # The message names the snapshot's field, then the rule broken in parentheses.
    assert re.match(r"state(\.[a-z_]+(\[\d+\])*)*: ", message), message
    assert re.search(rf"\((R-[A-Z]\d+, )*{case['rule']}(, R-[A-Z]\d+)*\)", message), message


def test_the_corpus_covers_every_check() -> None:
    assert {case["check"] for case in CASES} == CHECKS
    assert len({case["name"] for case in CASES}) == len(CASES)


# ---------------------------------------------------------------------------- strict fields

@pytest.mark.parametrize("name", sorted(CORPUS["bases"]))
def test_an_unknown_key_in_the_rules_is_refused_by_name(name: str) -> None:
    """R-V1–R-V3: a misspelt variant must not load the game under the default rules."""
    forged = json.loads(json.dumps(CORPUS["bases"][name]))
    forged["rules"]["camp-scoring"] = forged["rules"].pop("camp_scoring", "per_jungle")
    with pytest.raises(RecordError, match=r"^state\.rules: unknown rule option 'camp-scoring'"):
        state_from_json(json.dumps(forged))


_SNAPSHOT_FIELDS = ("schema, tileset, num_players, rules, phase, current_player, "
                    "track_length, players, placements, pieces, tile_in_hand, "
                    "piece_placement, pending_amazon, pile, removed, doubles_left, "
                    "final_scoring")


@pytest.mark.parametrize(("path", "message"), [
    ("/comment", f"state: unknown field 'comment'; a snapshot has the fields "
                 f"{_SNAPSHOT_FIELDS}"),
    ("/Phase", "state: unknown field 'Phase'; a snapshot has"),
    ("/tileset/version", "state.tileset: unknown field 'version'; a tile set's name has the "
                         "fields name, checksum"),
    ("/pile/shuffled", "state.pile: unknown field 'shuffled'; a pile has the fields tiles, "
                       "drawn, amazon_drawn, explicit, seed"),
    ("/players/1/name", "state.players[1]: unknown field 'name'; a player has the fields "
                        "score, boat, meeples, camps, breakdown"),
    ("/players/0/breakdown/bonus", "state.players[0].breakdown: unknown field 'bonus'; a "
                                   "score breakdown has the fields tributaries, villages, "
                                   "amazon, camps, river"),
    ("/" + "k" * 5000, "state: unknown field 'kkkkkkkkkk"),
])
def test_an_unknown_field_is_refused_by_name(path: str, message: str) -> None:
    """A misspelt or renamed field is never ignored: a snapshot (or any object in it) with
    a key it does not have is a RecordError naming the key, cut short if long."""
    forged = apply_patch(CORPUS["bases"]["game over"], [
        {"op": "add", "path": path, "value": 1}])
    with pytest.raises(RecordError) as caught:
        state_from_json(json.dumps(forged))
    assert str(caught.value).startswith(message), str(caught.value)
    assert len(str(caught.value)) < 400


@pytest.mark.parametrize(("path", "value", "message"), [
    ("/players/0/score", True, "state.players[0].score: expected a whole number, not a boolean"),
    ("/players/0/breakdown/amazon", False,
     "state.players[0].breakdown.amazon: expected a whole number, not a boolean"),
    ("/final_scoring/0/2", True,
     "state.final_scoring[0][2]: expected a whole number, not a boolean"),
    ("/players/0/score", -3, "state.players[0].score: -3 is out of range (at least 0)"),
])
def test_numbers_are_strict_and_their_messages_read_well(path: str, value: object,
                                                         message: str) -> None:
    """R-T7, R-E2: a boolean is never a number, and a number below its least value says
    which (the message read ``-3 is out of range 0.....``)."""
    forged = apply_patch(CORPUS["bases"]["game over"], [
        {"op": "replace", "path": path, "value": value}])
    with pytest.raises(RecordError) as caught:
        state_from_json(json.dumps(forged))
    assert str(caught.value) == message


def test_more_pending_scorings_than_river_tiles_count_no_negative_scorings() -> None:
    """R-T8, R-A4: with more pending Amazon scorings than river tiles placed, the boats'
    bound counts no scoring, not a negative number of them ("-2 Amazon
    scorings")."""
    state = bases()["early"]
    river = [tile for tile in state.rules.tileset.tiles if tile.kind.is_river]
    players = list(state.players)
    players[0] = attrs.evolve(players[0], boat=state.track_length)
    forged = attrs.evolve(state, pending_amazon=tuple(river[-3:]), players=tuple(players))
    problems = state_problems(forged)
    assert any(p.startswith("pending_amazon:") for p in problems), problems
    assert any("0 Amazon scorings" in p for p in problems), problems
    assert not any(re.search(r"-\d+ Amazon scoring", p) for p in problems), problems
