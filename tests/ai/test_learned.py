"""The evaluation's features and the learned weights (ai.evaluation, ai.learned).

The evaluation is linear in its features: ``heuristic_scores`` is the score plus each
feature of ``evaluation_features`` times its coefficient (R-E2–R-E5, R-A1–R-A3 give
the points the features estimate).  The learned weights ship as a JSON document that
is read without any training library and refused, naming what is wrong, when it is
not one.
"""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import attrs
import pytest

from carcassonne_amazonas import apply_action, new_game
from carcassonne_amazonas.ai.bots import GreedyBot
from carcassonne_amazonas.ai.evaluation import (
    DEFAULT_WEIGHTS,
    FEATURES,
    Weights,
    evaluation_features,
    heuristic_scores,
)
from carcassonne_amazonas.ai.learned import (
    MAX_BYTES,
    WEIGHTS_SCHEMA,
    learned_weights,
    load_weights,
    read_weights,
    weights_document,
)
from carcassonne_amazonas.ai.mcts import MctsBot
from carcassonne_amazonas.rules.state import GameState


def _positions(players: int, seed: int) -> list[GameState]:
    state = new_game(players, seed=seed)
    bots = [GreedyBot(seed=seed + p) for p in range(players)]
    seen = []
    while not state.is_terminal:
        seen.append(state)
        state = apply_action(state, bots[state.current_player].choose(state))
    seen.append(state)
    return seen


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_scores_are_the_score_plus_the_weighted_features(players: int) -> None:
    """R-E2–R-E5, R-A1: the estimate is linear in the features, for any weights (random
    coefficients here), at every position of a game; at the end the features are 0."""
    rng = random.Random(players)
    weights = Weights(**{name: rng.uniform(-3, 3) for name in FEATURES})
    for state in [*_positions(players, 40 + players)[::7], _positions(players, 9)[-1]]:
        rows = evaluation_features(state, weights)
        assert len(rows) == players and all(len(row) == len(FEATURES) for row in rows)
        expected = [p.score + sum(c * f for c, f in zip(weights.coefficients, row))
                    for p, row in zip(state.players, rows)]
        assert heuristic_scores(state, weights) == pytest.approx(expected, abs=1e-9)
        if state.is_terminal:
            assert all(value == 0 for row in rows for value in row)


def test_the_features_name_what_a_player_holds() -> None:
    """R-M1, R-E2: a meeple alone on a tributary makes its holder's tributary feature its
    tiles and fruit, and nobody else's."""
    for state in _positions(2, 77):
        held = [f for f in state.features.held_features()
                if f.terrain.label == "tributary" and len(f.pieces) == 1]
        if held and len(list(state.features.held_features())) == 1 and not state.is_terminal:
            owner = held[0].pieces[0][1]
            rows = evaluation_features(state)
            column = FEATURES.index("tributary")
            assert rows[owner][column] == held[0].tile_count + held[0].fruit
            assert rows[1 - owner][column] == 0
            return
    pytest.fail("no position with exactly one held tributary in the game")


def test_evaluation_features_refuses_what_is_not_a_state_or_weights() -> None:
    with pytest.raises(TypeError, match=r"^state: expected"):
        evaluation_features("t0,4,0")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^weights: expected an evaluation\.Weights"):
        evaluation_features(new_game(2, seed=1), {"meeple": 1})  # type: ignore[arg-type]


def test_a_feature_coefficient_may_be_negative_but_a_spread_may_not() -> None:
    assert Weights(camp=-2.5).camp == -2.5
    with pytest.raises(ValueError, match=r"Weights\.lead_sharpness must be a finite number >= 0"):
        Weights(lead_sharpness=-0.1)
    with pytest.raises(ValueError, match=r"Weights\.shared must be a finite number"):
        Weights(shared=float("nan"))


def test_a_document_reads_back_to_the_same_weights() -> None:
    weights = Weights(tributary=1.25, shared=-0.5, margin_spread=3.0)
    text = weights_document(weights, {"games": 10})
    assert read_weights(text) == weights
    assert json.loads(text)["training"] == {"games": 10}
    assert read_weights(weights_document(DEFAULT_WEIGHTS)) == DEFAULT_WEIGHTS


def _document(**changes: object) -> str:
    document = json.loads(weights_document(DEFAULT_WEIGHTS))
    document.update(changes)
    return json.dumps(document)


FIELDS = {field.name: getattr(DEFAULT_WEIGHTS, field.name) for field in attrs.fields(Weights)}


MALFORMED = [
    ("{", "not JSON"),
    ("[1]", "expected a JSON object, not list"),
    (_document(schema="carcassonne-amazonas/weights/2"),
     'schema: expected "carcassonne-amazonas/weights/1", not "carcassonne-amazonas/weights/2"'),
    (_document(schema=None), "schema: expected"),
    (_document(training=[1]), "\"training\" must be an object"),
    (_document(notes="x"), "unknown field 'notes'"),
    (_document(weights=[1]), "\"weights\" must be an object"),
    (_document(weights={k: v for k, v in FIELDS.items() if k != "camp"}), "missing 'camp'"),
    (_document(weights={**FIELDS, "bonus": 1}), "unknown 'bonus'"),
    (_document(weights={**FIELDS, "camp": True}), "camp: expected a number, not bool"),
    (_document(weights={**FIELDS, "margin_spread": 0}), "margin_spread must be > 0"),
    ('{"schema": "a", "schema": "b"}', "duplicate key 'schema'"),
    (_document(weights={**FIELDS, "camp": 12345.5}).replace("12345.5", "1e400"),
     "Weights.camp must be a finite number"),
]


@pytest.mark.parametrize(("text", "message"), MALFORMED)
def test_a_malformed_document_is_refused_naming_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match="^the weights document: .*" + re.escape(message)):
        read_weights(text)


def test_the_schema_agrees_with_the_reader() -> None:
    """The ``weights`` JSON Schema accepts what the library writes and ships, names each
    field of Weights, and every malformed document above that it refuses, the reader
    refuses too."""
    jsonschema = pytest.importorskip("jsonschema")
    from carcassonne_amazonas.formats.schemas import schema
    document = schema("weights")
    validator = jsonschema.Draft202012Validator(document)
    assert document["properties"]["schema"]["const"] == WEIGHTS_SCHEMA
    assert document["properties"]["weights"]["required"] == list(FIELDS)
    import carcassonne_amazonas.ai as package
    shipped = Path(package.__file__).parent / "data" / "learned_weights.json"
    validator.validate(json.loads(shipped.read_text(encoding="utf-8")))
    validator.validate(json.loads(weights_document(Weights(shared=-1.5), {"games": 3})))
    for text, _ in MALFORMED:
        try:
            parsed = json.loads(text)
        except ValueError:
            continue
        if not validator.is_valid(parsed):
            with pytest.raises(ValueError, match=r"^the weights document: "):
                read_weights(text)


def test_files_too_large_or_not_text_are_refused_before_parsing(tmp_path: Path) -> None:
    large = tmp_path / "large.json"
    large.write_bytes(b" " * (MAX_BYTES + 1))
    with pytest.raises(ValueError, match="larger than a weights document"):
        load_weights(large)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe{}")
    with pytest.raises(ValueError, match="not UTF-8 text"):
        load_weights(binary)
    good = tmp_path / "good.json"
    good.write_text(weights_document(Weights(jungle=2.0)), encoding="utf-8")
    assert load_weights(good) == Weights(jungle=2.0)
    with pytest.raises(TypeError, match=r"^text: expected"):
        read_weights(b"{}")  # type: ignore[arg-type]


def test_the_shipped_weights_load_are_small_and_play() -> None:
    """The shipped document is data in the package (at most 1 MB) that the player reads
    without numpy or scikit-learn, and a search with it plays legal moves."""
    import carcassonne_amazonas.ai as package
    shipped = Path(package.__file__).parent / "data" / "learned_weights.json"
    assert shipped.stat().st_size <= 1_000_000
    document = json.loads(shipped.read_text(encoding="utf-8"))
    assert document["schema"] == WEIGHTS_SCHEMA and document["training"]["games"] >= 100
    weights = learned_weights()
    assert weights != DEFAULT_WEIGHTS
    state = new_game(2, seed=5)
    bot = MctsBot(seed=1, iterations=4, weights=weights)
    for _ in range(6):
        state = apply_action(state, bot.choose(state))


def test_the_hand_set_evaluation_is_the_one_the_player_always_had() -> None:
    """Pinned values of the evaluation before it had features (commit ccbd1fc), to the
    last bit: a 3-player greedy game, seed 606.  The terms are added in the same order,
    so the default player's decisions are the same."""
    state = new_game(3, seed=606)
    bots = [GreedyBot(seed=p) for p in range(3)]
    values = []
    while not state.is_terminal:
        values.append(heuristic_scores(state))
        state = apply_action(state, bots[state.current_player].choose(state))
    assert values[40] == (37.851959862782024, 31.718040137217972, 29.704631282188252)
    assert values[120] == (64.94332178038933, 46.550438552329766, 51.53381144767023)
    # math.fsum, exactly rounded: sum() adds floats otherwise from Python 3.12 on.
    assert math.fsum(x for v in values for x in v) == 21838.010375141163


def test_junk_is_refused_before_it_can_do_harm(tmp_path: Path) -> None:
    """An int path is not taken for a file descriptor (and closed); numbers beyond the
    float range, or beyond MAX_WEIGHT, are ValueErrors; a weights argument of another
    type is a TypeError at every entry point; nesting too deep is a ValueError."""
    from carcassonne_amazonas.ai.evaluation import MAX_WEIGHT, win_value
    for path in (True, 1):
        with pytest.raises(TypeError, match=r"^path: expected a str or a path object"):
            load_weights(path)  # type: ignore[arg-type]
    for value in (10 ** 400, 1e308, -MAX_WEIGHT - 1):
        with pytest.raises(ValueError, match=r"^Weights\.meeple must be a finite number from"):
            Weights(meeple=value)
    assert Weights(meeple=-MAX_WEIGHT).meeple == -MAX_WEIGHT
    state = new_game(2, seed=3)
    with pytest.raises(TypeError, match=r"^weights: expected an evaluation\.Weights"):
        heuristic_scores(state, "x")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^weights: expected an evaluation\.Weights"):
        win_value(state, 0, weights={})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"nested too deeply"):
        read_weights("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ValueError, match=r"^training: not a JSON object"):
        weights_document(DEFAULT_WEIGHTS, {"games": {1, 2}})
    with pytest.raises(ValueError, match=r"^training: not a JSON object"):
        weights_document(DEFAULT_WEIGHTS, {"loss": float("nan")})


def test_a_lead_far_beyond_the_spread_is_a_value_not_an_overflow() -> None:
    """win_value of a huge lead with a tiny spread: 0 or 1 to a float's precision."""
    from carcassonne_amazonas.ai.evaluation import win_value
    weights = Weights(margin_spread=1e-300, margin_spread_per_tile=0.0)
    state = new_game(2, seed=3)
    assert win_value(state, 0, (1000.0, 0.0), weights) == 1.0
    assert win_value(state, 0, (0.0, 1000.0), weights) == 0.0
