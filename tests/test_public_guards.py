"""Every public entry point refuses what it cannot handle, the same way (issue 36, item 2).

One guard (``_support.exact.check_exact``) serves every layer: a value of another type,
or a subclass of the expected one (which can lie in ``__eq__`` or in what the library
reads), is a ``TypeError`` that names the parameter (``state: expected a GameState, not
int``), never an ``AttributeError`` from deep inside.  Names and keys that are compared
must be exactly a ``str``.  One rule (``_support.exact.is_whole``) says what a whole number
is, in every document, request and option: exactly an ``int`` (``2.0`` and ``true`` are
refused alike, by the snapshot and record loaders, the web app's requests, the rule
options and the MCTS counts).  Every JSON loader refuses a key given twice.
"""

from __future__ import annotations

import copy
import json
import pathlib
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from carcassonne_amazonas import (
    GameRecord,
    GameState,
    Position,
    RecordError,
    Rotation,
    Rules,
    apply_action,
    legal_actions,
    new_game,
    reference_tileset,
    state_from_json,
    state_to_json,
)
from carcassonne_amazonas._support.exact import check_exact, check_whole, is_whole
from carcassonne_amazonas.ai.bots import BotSpec, GreedyBot, RandomBot, make_bot, parse_bot_spec
from carcassonne_amazonas.ai.encoding import action_space, num_distinct_actions
from carcassonne_amazonas.ai.evaluation import heuristic_scores, win_value
from carcassonne_amazonas.ai.mcts import MctsBot
from carcassonne_amazonas.ai.playout import random_action, random_playout
from carcassonne_amazonas.ai.simulation import simulate_game
from carcassonne_amazonas.formats.records import max_actions
from carcassonne_amazonas.render.anchors import (
    piece_anchor,
    piece_scale,
    segment_anchor,
    segment_at,
    tile_piece_scale,
    tile_segment_at,
)
from carcassonne_amazonas.render.explain import (
    describe_action,
    describe_events,
    results_text,
    variants_text,
)
from carcassonne_amazonas.render.feature_geometry import feature_geometry
from carcassonne_amazonas.render.placement_options import placement_options
from carcassonne_amazonas.render.text import (
    board_extent,
    board_text,
    players_text,
    state_text,
    tile_description,
    tile_pictures,
    tile_text,
    track_text,
)
from carcassonne_amazonas.rules.actions import ChooseDouble, Pass, PlaceMeeple, PlaceTile
from carcassonne_amazonas.rules.fast_path import fit_table
from carcassonne_amazonas.rules.final_scoring import (
    projected_final_scoring,
    projected_scores,
    projected_totals,
)
from carcassonne_amazonas.tiles.reference import shipped_tileset
from carcassonne_amazonas.tiles.segment_names import segment_name


class SubState(GameState):
    """A GameState subclass: it could override anything the library reads."""

    __slots__ = ()


class LyingStr(str):
    """A str equal to every other (a name that matches every tile)."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return hash("shuffle")


class StrSub(str):
    """A plain-looking str subclass."""


class LyingInt(int):
    pass


STATE = new_game(2, seed=3)
FINISHED = random_playout(new_game(2, seed=4), random.Random(4))


def _sub_state() -> GameState:
    state = copy.copy(STATE)
    object.__setattr__(state, "__class__", SubState)
    return state


# Every public function that reads a state, with its other arguments.
STATE_READERS: dict[str, Callable[[Any], object]] = {
    "projected_scores": projected_scores,
    "projected_final_scoring": projected_final_scoring,
    "projected_totals": projected_totals,
    "heuristic_scores": heuristic_scores,
    "win_value": lambda s: win_value(s, 0),
    "state_text": state_text,
    "board_text": board_text,
    "players_text": players_text,
    "track_text": track_text,
    "board_extent": board_extent,
    "feature_geometry": lambda s: feature_geometry(s, Position(0, 0), 0),
    "piece_anchor": lambda s: piece_anchor(s, Position(0, 0), 0),
    "piece_scale": lambda s: piece_scale(s, Position(0, 0)),
    "segment_at": lambda s: segment_at(s, 0.5, 0.5),
    "placement_options": placement_options,
    "results_text": results_text,
    "describe_action": lambda s: describe_action(s, Pass()),
    "describe_events": lambda s: describe_events(s, Pass(), []),
    "GreedyBot.choose": lambda s: GreedyBot(seed=1).choose(s),
    "RandomBot.choose": lambda s: RandomBot(seed=1).choose(s),
    "MctsBot.choose": lambda s: MctsBot(seed=1, iterations=4).choose(s),
}


def test_the_guard_names_the_parameter_and_refuses_subclasses() -> None:
    check_exact(STATE, GameState, "state")
    with pytest.raises(TypeError) as error:
        check_exact(42, GameState, "state")
    assert str(error.value) == "state: expected a GameState, not int"
    with pytest.raises(TypeError, match=r"^name: expected a str, not StrSub \(a subclass of "
                                        r"str: refused"):
        check_exact(StrSub("x"), str, "name")


@pytest.mark.parametrize("name", sorted(STATE_READERS))
@pytest.mark.parametrize("value", [42, None, "state", "subclass"])
def test_every_state_reader_refuses_what_is_not_exactly_a_state(name: str, value: object
                                                                 ) -> None:
    """``42`` raised AttributeError, and a GameState subclass got scores and pictures:
    both are a TypeError naming the parameter (``before`` for ``describe_events``)."""
    given = _sub_state() if value == "subclass" else value
    parameter = "before" if name == "describe_events" else "state"
    kind = type(given).__name__
    with pytest.raises(TypeError, match=rf"^{parameter}: expected a GameState, not {kind}"):
        STATE_READERS[name](given)


@pytest.mark.parametrize("name", sorted(STATE_READERS))
def test_the_state_readers_still_read_a_state(name: str) -> None:
    state = FINISHED if name == "results_text" else STATE
    if name == "describe_action":
        state = apply_action(STATE, legal_actions(STATE)[0])
        if Pass() not in legal_actions(state):
            pytest.skip("no pass here")  # pragma: no cover - the seed is fixed
    STATE_READERS[name](state)


TILE = reference_tileset().tile_named("START.1")
# The public functions that read a tile set, rules, a tile or a layout, each given 42.
OTHER_READERS: list[tuple[str, Callable[[], object], str]] = [
    ("action_space", lambda: action_space(42), "rules"),  # type: ignore[arg-type]
    ("num_distinct_actions", lambda: num_distinct_actions(42), "rules"),  # type: ignore[arg-type]
    ("max_actions", lambda: max_actions(42), "tileset"),  # type: ignore[arg-type]
    ("variants_text", lambda: variants_text(42), "rules"),  # type: ignore[arg-type]
    ("make_bot", lambda: make_bot(42, 1), "kind"),  # type: ignore[arg-type]
    ("fit_table", lambda: fit_table(42), "layout"),  # type: ignore[arg-type]
    ("segment_name", lambda: segment_name(42, Rotation.R0, 0), "layout"),  # type: ignore[arg-type]
    ("tile_description", lambda: tile_description(42), "tile"),  # type: ignore[arg-type]
    ("tile_pictures", lambda: tile_pictures(42), "tile"),  # type: ignore[arg-type]
    ("tile_text", lambda: tile_text(42), "tile"),  # type: ignore[arg-type]
    ("segment_anchor", lambda: segment_anchor(42, Rotation.R0, 0), "tile"),  # type: ignore[arg-type]
    ("tile_piece_scale", lambda: tile_piece_scale(TILE, 90), "rotation"),  # type: ignore[arg-type]
    ("tile_segment_at", lambda: tile_segment_at(42, Rotation.R0, 0, 0), "tile"),  # type: ignore[arg-type]
]


@pytest.mark.parametrize(("name", "call", "parameter"), OTHER_READERS,
                         ids=[name for name, _, _ in OTHER_READERS])
def test_the_readers_of_rules_tiles_and_layouts_refuse_what_is_not_one(
        name: str, call: Callable[[], object], parameter: str) -> None:
    """They raised AttributeError from deep inside."""
    with pytest.raises(TypeError, match=rf"^{parameter}:? (must be|expected)"):
        call()


def test_results_text_of_an_unfinished_game_says_so() -> None:
    with pytest.raises(ValueError, match=r"^state: the game is not over \(\d+ tiles left to "
                                         r"draw\).*results_text takes a finished game \(R-E1\)"):
        results_text(STATE)
    assert "score" in results_text(FINISHED)


def test_win_value_refuses_a_player_that_is_not_one() -> None:
    with pytest.raises(TypeError, match=r"^player: expected an int, not bool"):
        win_value(STATE, True)
    with pytest.raises(TypeError, match=r"^player: expected an int, not LyingInt"):
        win_value(STATE, LyingInt(0))
    with pytest.raises(ValueError, match=r"^player: expected a player of the game, 0 to 1, not 2"):
        win_value(STATE, 2)
    assert 0 < win_value(STATE, 1) < 1


@pytest.mark.parametrize("tileset", ["x", 123, Rules(), StrSub("x")])
def test_the_loaders_refuse_a_tileset_that_is_not_one(tileset: object) -> None:
    """It was reported as "a bug of the loader" (a RecordError)."""
    snapshot = state_to_json(STATE)
    record = GameRecord.from_game(STATE, []).to_json()
    kind = type(tileset).__name__
    with pytest.raises(TypeError, match=rf"^tileset: expected a TileSet or None, not {kind}"):
        state_from_json(snapshot, tileset=tileset)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=rf"^tileset: expected a TileSet or None, not {kind}"):
        GameRecord.from_json(record, tileset=tileset)  # type: ignore[arg-type]
    assert state_from_json(snapshot, tileset=reference_tileset()) == STATE


@pytest.mark.parametrize("find", ["tile_named", "layout_named"])
def test_names_are_compared_only_as_exact_str(find: str) -> None:
    """A str whose ``__eq__`` always says True found START.1 under any name."""
    lookup = getattr(reference_tileset(), find)
    for name in (LyingStr("x"), StrSub("START.1"), StrSub("START")):
        with pytest.raises(TypeError, match=r"^name: expected a str, not \w+ \(a subclass"):
            lookup(name)
    with pytest.raises(TypeError, match=r"^name: expected a str, not int"):
        lookup(1)
    assert reference_tileset().tile_named("START.1").name == "START.1"


def test_other_names_compared_are_exact_str_too() -> None:
    """A checksum or a player kind that equals every other would pick the reference set
    or a bot of any kind."""
    with pytest.raises(TypeError, match=r"^checksum: expected a str, not LyingStr"):
        shipped_tileset(LyingStr("x"))
    assert shipped_tileset(reference_tileset().checksum) is reference_tileset()
    with pytest.raises(TypeError, match=r"^text: expected a str, not LyingStr"):
        parse_bot_spec(LyingStr("wizard"))
    with pytest.raises(TypeError, match=r"^text: expected a str, not StrSub"):
        make_bot(StrSub("greedy"), 1)
    assert parse_bot_spec("greedy").kind == "greedy"


def test_rule_options_are_read_only_by_exact_names_and_values() -> None:
    named: list[dict[str, object]] = [{StrSub("shuffle"): "uniform"},
                                      {LyingStr("olympic"): "uniform"}]
    for options in named:
        with pytest.raises(TypeError, match=r"^options: expected each option's name to be a "
                                            r"str, not \w+ \(a subclass of str"):
            Rules.from_options(options)
    with pytest.raises(TypeError, match=r"^options: expected each option's value as a str or "
                                        r"its enum, not LyingStr"):
        Rules.from_options({"shuffle": LyingStr("whatever")})
    with pytest.raises(TypeError, match=r"^options: expected a mapping"):
        Rules.from_options([("shuffle", "uniform")])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^tileset: expected a TileSet or None, not str"):
        Rules.from_options({}, tileset="x")  # type: ignore[arg-type]
    assert Rules.from_options({"shuffle": "uniform"}).shuffle.value == "uniform"


def test_the_draw_mode_is_an_exact_str() -> None:
    """It said "draws must be 'seeded' or 'explicit', not 'explicit'"."""
    with pytest.raises(TypeError, match=r"^draws: expected 'seeded' or 'explicit', a str, not "
                                        r"StrSub \(a subclass of str"):
        new_game(2, draws=StrSub("explicit"))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^draws: expected 'seeded' or 'explicit', a str, not int"):
        new_game(2, draws=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="draws must be 'seeded' or 'explicit', not 'chance'"):
        new_game(2, draws="chance")  # type: ignore[arg-type]
    assert new_game(2, draws="explicit").is_chance_node


# ---------------------------------------------------------------------------- whole numbers

NOT_WHOLE = [2.0, 5.0, True, "2", None, LyingInt(2), 2.5, float("inf")]


@pytest.mark.parametrize("value", NOT_WHOLE, ids=repr)
def test_one_rule_for_whole_numbers(value: object) -> None:
    assert not is_whole(value)
    with pytest.raises(ValueError, match=r"^n: expected a whole number, not "):
        check_whole(value, "n", ValueError)
    assert is_whole(3) and check_whole(-7, "n") == -7


def _snapshot_with(key: str, value: object) -> str:
    data = json.loads(state_to_json(STATE))
    data[key] = value
    return json.dumps(data)


@pytest.mark.parametrize("value", [2.0, True, LyingInt(2)], ids=repr)
def test_every_layer_refuses_the_same_non_whole_numbers(value: object) -> None:
    """``"num_players": 2.0`` loaded while ``"slices": 5.0`` was refused: four checks
    disagreed.  Now the snapshot, the record, the rule options, the web app's requests
    and MCTS refuse the same values."""
    shown = {float: "2.0", bool: "a boolean", LyingInt: "LyingInt"}[type(value)]
    if type(value) is not LyingInt:  # JSON has no int subclass
        with pytest.raises(RecordError, match=rf"^state.num_players: expected a whole number, "
                                              rf"not {shown}$"):
            state_from_json(_snapshot_with("num_players", value))
        record = json.loads(GameRecord.from_game(new_game(2, seed=5), []).to_json())
        record["seed"] = 5.0 if type(value) is float else value
        with pytest.raises(RecordError, match=r"^record.seed: expected a whole number"):
            GameRecord.from_json(json.dumps(record))
        rules = json.loads(state_to_json(STATE))
        rules["rules"]["slices"] = 5.0 if type(value) is float else value
        with pytest.raises(RecordError, match=r"^state.rules.slices: must be a whole number"):
            state_from_json(json.dumps(rules))
    with pytest.raises(ValueError, match=r"^slices must be a whole number from 1 to"):
        Rules.from_options({"slices": value})
    with pytest.raises(TypeError, match=rf"^iterations: expected a whole number, not {shown}$"):
        MctsBot(iterations=value)  # type: ignore[arg-type]
    requests = pytest.importorskip("carcassonne_amazonas.web._requests")
    with pytest.raises(requests.ApiError, match=rf"^players: expected a whole number, "
                                                rf"not {shown}$"):
        requests.parse_new_game_request({"players": value, "seats": ["human", "greedy"]})


# ---------------------------------------------------------------------------- duplicate keys

def test_a_key_given_twice_is_refused_by_every_json_loader() -> None:
    """The last value won: ``"seed"`` given twice in a record loaded the second."""
    snapshot = state_to_json(STATE)
    twice = snapshot[:-1] + ',"phase":"place_tile"}'
    with pytest.raises(RecordError, match=r"^state: not valid JSON: duplicate key 'phase'"):
        state_from_json(twice)
    record = GameRecord.from_game(new_game(2, seed=5), []).to_json()
    assert '"seed":5' in record.replace(" ", "")
    with pytest.raises(RecordError, match=r"^record: not valid JSON: duplicate key 'seed'"):
        GameRecord.from_json(record[:-1] + ', "seed": 6}')
    nested = json.loads(snapshot)
    text = json.dumps(nested).replace('"pile": {', '"pile": {"seed": 1, ', 1)
    with pytest.raises(RecordError, match="duplicate key 'seed'"):
        state_from_json(text)
    requests = pytest.importorskip("carcassonne_amazonas.web._requests")
    with pytest.raises(requests.ApiError, match=r"duplicate key 'players'"):
        requests.parse_json_object(b'{"players": 2, "players": 3, "seats": []}')


# ------------------------------------------------ the review of 1.0 (issue 36, items 1-4)

@pytest.mark.parametrize(("seed", "index", "shown"), [
    (1.0, 0, "seed: expected a whole number, not 1.0"),
    (True, 0, "seed: expected a whole number, not a boolean"),
    (1, True, "index: expected a whole number, not a boolean"),
    (1, 0.0, "index: expected a whole number, not 0.0"),
    (LyingInt(1), 0, "seed: expected a whole number, not LyingInt"),
], ids=repr)
def test_simulate_game_refuses_a_seed_or_index_that_is_not_whole(
        seed: object, index: object, shown: str) -> None:
    """``simulate_game(0, 1.0, ...)`` played another game than seed 1, and an index of
    ``True`` came back as the result's index."""
    with pytest.raises(TypeError, match=rf"^{shown}$"):
        simulate_game(index, seed, ("random", "random"))  # type: ignore[arg-type]


@pytest.mark.parametrize(("options", "error", "shown"), [
    ({"max_bot_budget": True}, TypeError, "max_bot_budget: expected a whole number, not a boolean"),
    ({"max_bot_budget": 5.0}, TypeError, "max_bot_budget: expected a whole number, not 5.0"),
    ({"bot_workers": False}, TypeError, "bot_workers: expected a whole number, not a boolean"),
    ({"create_limit": LyingInt(3)}, TypeError,
     "create_limit: expected a whole number, not LyingInt"),
    ({"max_open_games": 2.0}, TypeError, "max_open_games: expected a whole number, not 2.0"),
    ({"max_open_games": True}, TypeError, "max_open_games: expected a whole number, not a boolean"),
    ({"max_games_per_client": "3"}, TypeError,
     "max_games_per_client: expected a whole number, not a string"),
    ({"expire_after": True}, TypeError, "expire_after: expected a number, not bool"),
    ({"write_timeout": "5"}, TypeError, "write_timeout: expected a number, not str"),
    ({"max_open_games": 0}, ValueError, "max_open_games must be at least 1, not 0"),
    ({"bot_workers": -1}, ValueError, "bot_workers must be at least 0, not -1"),
    ({"expire_after": 0}, ValueError, "expire_after must be above 0, not 0"),
    ({"write_timeout": float("nan")}, ValueError, "write_timeout must be above 0, not nan"),
], ids=repr)
def test_create_app_counts_and_durations_follow_the_one_rule(
        options: dict[str, object], error: type[Exception], shown: str,
        tmp_path: pathlib.Path) -> None:
    """``create_app`` checked its counts with ``isinstance(value, int)``: ``True``, an int
    subclass and ``2.0`` (for ``max_open_games``) were accepted."""
    app = pytest.importorskip("carcassonne_amazonas.web.app")
    with pytest.raises(error, match=rf"^{re.escape(shown)}$"):
        app.create_app(tmp_path / "g.sqlite3", **options)
    assert not (tmp_path / "g.sqlite3").exists()


def test_bot_spec_budgets_are_whole_numbers() -> None:
    """``BotSpec("mcts", budget=True)`` printed as ``mcts:True``; ``parse_bot_spec`` with
    ``max_budget=True`` said "from 1 to True"."""
    for budget, shown in ((True, "a boolean"), (5.0, "5.0"), (LyingInt(5), "LyingInt")):
        with pytest.raises(TypeError, match=rf"^budget: expected a whole number, not {shown}$"):
            BotSpec("mcts", budget)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=rf"^max_budget: expected a whole number, "
                                            rf"not {shown}$"):
            parse_bot_spec("mcts:5", max_budget=budget)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^budget must be at least 1, not 0$"):
        BotSpec("mcts", 0)
    with pytest.raises(ValueError, match=r"^max_budget must be at least 1, not 0$"):
        parse_bot_spec("mcts:5", max_budget=0)
    with pytest.raises(TypeError, match=r"^kind: expected a str, not int$"):
        BotSpec(3)  # type: ignore[arg-type]
    assert parse_bot_spec(str(BotSpec("mcts", 7)), max_budget=7) == BotSpec("mcts", 7)


@pytest.mark.parametrize(("options", "shown"), [
    ({"iterations": 100.0}, "iterations: expected a whole number, not 100.0"),
    ({"iterations": "100"}, "iterations: expected a whole number, not a string"),
    ({"iterations": True}, "iterations: expected a whole number, not a boolean"),
    ({"rollout_width": True}, "rollout_width: expected a whole number, not a boolean"),
    ({"tree_turns": 1.0}, "tree_turns: expected a whole number, not 1.0"),
    ({"rollout_turns": "3"}, "rollout_turns: expected a whole number, not a string"),
    ({"seconds": True}, "seconds: expected a number, not bool"),
    ({"iterations": None, "seconds": "0.5"}, "seconds: expected a number, not str"),
    ({"exploration": "x"}, "exploration: expected a number, not str"),
    ({"prior_weight": None}, "prior_weight: expected a number, not NoneType"),
    ({"paired": 1}, "paired: expected a bool, not int"),
    ({"seed": 1.0}, "seed: expected an int or None, not float"),
    ({"rng": 42}, "rng: expected a random.Random, not int"),
], ids=repr)
def test_mcts_options_of_the_wrong_type_name_themselves(options: dict[str, object],
                                                        shown: str) -> None:
    """``MctsBot(iterations=100.0)`` and ``seconds=True`` raised ``ValueError``,
    ``exploration='x'`` a raw comparison error, and ``paired=1`` was accepted."""
    with pytest.raises(TypeError, match=rf"^{re.escape(shown)}$"):
        MctsBot(**options)  # type: ignore[arg-type]


@pytest.mark.parametrize(("options", "shown"), [
    ({"iterations": 0}, "iterations must be at least 1, not 0"),
    ({"rollout_width": 0}, "rollout_width must be at least 1, not 0"),
    ({"rollout_turns": -1}, "rollout_turns must be at least 0, not -1"),
    ({"iterations": None, "seconds": 0}, "seconds must be above 0, not 0"),
    ({"exploration": -1.0}, "exploration must be at least 0, not -1.0"),
    ({"prior_weight": float("nan")}, "prior_weight must be at least 0, not nan"),
], ids=repr)
def test_mcts_options_out_of_range_are_value_errors(options: dict[str, object],
                                                    shown: str) -> None:
    with pytest.raises(ValueError, match=rf"^{re.escape(shown)}$"):
        MctsBot(**options)  # type: ignore[arg-type]


def test_the_rules_layer_words_its_type_errors_with_the_guard() -> None:
    """``apply_action(s, 42)``, ``random_action(s, 42)``, ``PlaceTile(P, 90)`` and
    ``Rules(slices=5.0)`` each worded the refusal their own way, without the parameter."""
    state = new_game(2, seed=3)
    with pytest.raises(TypeError, match=r"^action: expected an action \(PlaceTile, .*\) "
                                        r"or its text, not int$"):
        apply_action(state, 42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^rng: expected a random\.Random, not int$"):
        random_action(state, 42)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^rotation: expected a Rotation, not int$"):
        PlaceTile(Position(0, 4), 90)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^position: expected a Position, not tuple$"):
        PlaceTile((0, 4), Rotation.R0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^segment: expected an int, not float$"):
        PlaceMeeple(Position(0, 4), 1.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^tile: expected an int, not str$"):
        ChooseDouble("3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^slices: expected a whole number, not 5\.0$"):
        Rules(slices=5.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^first_player: expected a whole number, "
                                        r"not a boolean$"):
        Rules(first_player=True)
    with pytest.raises(TypeError, match=r"^shuffle: expected a Shuffle \(Shuffle.STRATIFIED "
                                        r"or Shuffle.UNIFORM\), not str$"):
        Rules(shuffle="uniform")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^Rules\.slices must be from 1 to \d+, not 0$"):
        Rules(slices=0)


def test_the_other_readers_word_type_errors_with_the_guard() -> None:
    """The records, the anchors and the placement helpers named the parameter their own
    way (``action 1 is a str, not an action``, ``board coordinates are numbers``)."""
    with pytest.raises(TypeError, match=r"^actions\[0\]: expected an action \(PlaceTile, .*\), "
                                        r"not str$"):
        GameRecord.from_game(STATE, ["t0,4,0"])  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"^x: expected a number, not str$"):
        segment_at(STATE, "0.5", 0.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^y: expected a number, not bool$"):
        segment_at(STATE, 0.5, True)


def test_a_segment_or_a_name_of_the_wrong_type_is_a_type_error() -> None:
    """``segment_anchor(tile, R0, "1")`` and ``names=(1, 2)`` were ``ValueError``."""
    for segment, shown in (("1", "str"), (True, "bool"), (1.0, "float")):
        with pytest.raises(TypeError, match=rf"^segment: expected an int, not {shown}"):
            segment_anchor(TILE, Rotation.R0, segment)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=rf"^segment: expected an int, not {shown}"):
            feature_geometry(STATE, Position(0, 0), segment)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^names: expected a str for each player, not int$"):
        describe_events(STATE, Pass(), [], names=(1, 2))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^names must be one string per player \(2\)"):
        describe_events(STATE, Pass(), [], names=("Ann",))


def test_the_testing_strategies_word_type_errors_with_the_guard() -> None:
    """``records(valid=1)``, ``game_states(variants=1)`` and ``game_states(phase="x")``
    said "must be" in words of their own."""
    testing = pytest.importorskip("carcassonne_amazonas.testing")
    with pytest.raises(TypeError, match=r"^valid: expected True, False or None, not int$"):
        testing.records(valid=1)
    with pytest.raises(TypeError, match=r"^variants: expected True or False, not int$"):
        testing.game_states(variants=1)
    with pytest.raises(TypeError, match=r"^phase: expected a Phase, a collection of Phase "
                                        r"or None, not str$"):
        testing.game_states(phase="place tile")
