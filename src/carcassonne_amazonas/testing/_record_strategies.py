"""Hypothesis strategies for whole games: game records and their JSON, valid or corrupted.

Part of the property-testing tools; import them from
:mod:`carcassonne_amazonas.testing` (extra ``[testing]``).

- :func:`games` draws a :class:`~carcassonne_amazonas.formats.records.GameRecord`: a game
  played by :func:`~carcassonne_amazonas.testing._strategies.game_states`' rules, with the
  same options, shown in a failing example as the :func:`game_record` call that
  rebuilds it.
- :func:`records` draws record JSON as :class:`RecordText`: valid records (a seed,
  an explicit draw order or a snapshot as the start; seeded or explicit draws;
  finished or not) and corrupted ones, each corruption chosen so that
  :meth:`GameRecord.from_json <carcassonne_amazonas.formats.records.GameRecord.from_json>`
  must refuse it with :class:`~carcassonne_amazonas.errors.RecordError`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection
from typing import Any, Protocol, TypeVar

import attrs

from .._support.extras import missing_extra

try:
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise missing_extra(__name__, "testing", error) from error

from .._support.provenance import code_for, remember
from .._support.reprs import repr_pretty
from ..formats.records import RECORD_SCHEMA, GameRecord
from ..rules.engine import new_game
from ..rules.notation import parse_action
from ..rules.options import Rules
from ..rules.pile import Draws
from ..rules.state import GameState, Phase
from ._steering import GameSpec
from ._strategies import PlayedGame, played_games, played_games_for, replay_game

__all__ = ["CORRUPTIONS", "RecordText", "game_record", "games", "records"]


def game_record(num_players: int, actions: str = "", *, seed: int | None = None,
                draws: Draws = "seeded", rules: Rules | None = None,
                **options: object) -> GameRecord:
    """The record of the game that :func:`~carcassonne_amazonas.testing._strategies.replay_game`
    with the same arguments plays (the rule options by name, the variants R-V1–R-V3
    included): its new game and ``actions`` (in notation, separated by spaces).
    :func:`games` shows each record it draws as this call."""
    initial = replay_game(num_players, "", seed=seed, draws=draws, rules=rules, **options)
    return GameRecord.from_game(initial, [parse_action(text) for text in actions.split()])


def games(num_players: int | st.SearchStrategy[int] | None = None, *, min_turns: int = 0,
          max_turns: int | None = None, phase: Phase | Collection[Phase] | None = None,
          non_terminal: bool = False, draws: Draws | None = "seeded",
          rules: Rules | st.SearchStrategy[Rules] | None = None,
          variants: bool = True) -> st.SearchStrategy[GameRecord]:
    """Records of games played from a new game to a state that
    :func:`~carcassonne_amazonas.testing._strategies.game_states` with the same options would
    draw (``phase=Phase.GAME_OVER`` gives finished games only; the rule variants
    R-V1–R-V3 are drawn too unless ``rules`` is given or ``variants=False``; as there,
    ``num_players`` and ``rules`` may be strategies).

    ``record.replay()`` gives every state, the initial one first;
    ``record.initial_state()`` and ``record.actions`` give the game as a new state
    and its actions.
    """
    options: dict[str, Any] = {
        "min_turns": min_turns, "max_turns": max_turns, "phase": phase,
        "non_terminal": non_terminal, "draws": draws, "variants": variants}
    return played_games_for(num_players, rules, options).map(_remembered_record)


def _remembered_record(game: PlayedGame) -> GameRecord:
    # Hypothesis then prints the record as the call that rebuilds it (see provenance.py).
    record = GameRecord.from_game(game.initial, game.actions)
    remember(record, game.replay_code("game_record"))
    return record


_SHOWN = 240  # characters of a record's text a repr shows


@attrs.frozen(repr=False)
class RecordText:
    """Record JSON drawn by :func:`records`.

    Its ``repr`` shortens a long ``text`` and shows ``record`` as the
    :func:`game_record` call that rebuilds it when there is one.

    ``valid`` says whether :meth:`GameRecord.from_json
    <carcassonne_amazonas.formats.records.GameRecord.from_json>` must load ``text``
    (and give back ``record``) or refuse it with
    :class:`~carcassonne_amazonas.errors.RecordError`; ``corruption`` says what
    was changed in the valid record ``record`` to break it (empty when valid).
    """

    text: str
    valid: bool
    corruption: str
    record: GameRecord

    def __repr__(self) -> str:
        text = repr(self.text) if len(self.text) <= _SHOWN else \
            f"<{len(self.text)} characters: {self.text[:_SHOWN // 2]!r} ...>"
        record = code_for(self.record) or repr(self.record)
        return (f"RecordText(valid={self.valid}, corruption={self.corruption!r}, "
                f"record={record}, text={text})")

    _repr_pretty_ = repr_pretty


def records(valid: bool | None = None, *, num_players: int | None = None,
            max_turns: int | None = None, draws: Draws | None = None,
            variants: bool = True) -> st.SearchStrategy[RecordText]:
    """Record JSON (:meth:`GameRecord.to_json
    <carcassonne_amazonas.formats.records.GameRecord.to_json>`) of drawn games, valid when
    ``valid`` is True, corrupted when False, either when None.

    Valid records start from a seed, from an explicit draw order or from a
    snapshot of a state in the middle of a game, with seeded or explicit draws,
    finished or not, under any rule variant (R-V1–R-V3; ``variants=False`` keeps
    the default options).  Corrupted ones are a valid record with one of
    :data:`CORRUPTIONS` applied: truncated or trailing text, an unknown schema, a
    missing field, a value of the wrong type, a player count out of range, an
    unknown draw mode, a variant option with an unknown value or under an unknown
    key (R-V1–R-V3), an action in bad notation, an illegal action, a result the
    actions do not give, an unknown tile set, or a second origin (seed and pile).
    """
    if valid is not None and not isinstance(valid, bool):
        raise TypeError(f"valid: expected True, False or None, not {type(valid).__name__}")
    spec = GameSpec.of(num_players, max_turns=max_turns, draws=draws, variants=variants)
    return _record_texts(spec, valid)


@st.composite
def _record_texts(draw: st.DrawFn, spec: GameSpec, valid: bool | None) -> RecordText:
    game = draw(played_games(spec))
    record = _record_of(draw, game)
    text = record.to_json()
    if valid is None:
        valid = draw(st.booleans(), label="valid")
    if valid:
        return RecordText(text, True, "", record)
    name = draw(st.sampled_from(sorted(CORRUPTIONS)), label="corruption")
    broken, how = CORRUPTIONS[name](draw, record, text)
    return RecordText(broken, False, f"{name}: {how}", record)


def _record_of(draw: st.DrawFn, game: PlayedGame) -> GameRecord:
    """The game's record from its new game, its draw order or a state on the way."""
    forms = ["new game", "state on the way"] + (["draw order"] if game.draws == "seeded" else [])
    form = draw(st.sampled_from(forms), label="record starts from")
    if form == "new game":
        return _remembered_record(game)
    if form == "draw order":
        first = game.initial
        order = (*first.removed, *([first.tile_in_hand] if first.tile_in_hand else []),
                 *first.pile.tiles)
        start = new_game(game.num_players, rules=game.rules, pile=order)
        return GameRecord.from_game(start, game.actions)
    split = draw(st.integers(0, len(game.actions)), label="start after action")
    states = GameRecord.from_game(game.initial, game.actions[:split]).replay()
    return GameRecord.from_game(states[-1], game.actions[split:])


# ---------------------------------------------------------------------------- corruptions

_T = TypeVar("_T")


class Draw(Protocol):
    """Hypothesis's draw function: ``draw`` of ``@st.composite`` or ``data.draw``."""

    def __call__(self, strategy: st.SearchStrategy[_T], label: Any = None) -> _T:
        """Draw a value of ``strategy``."""
        ...  # pragma: no cover


Corrupt = Callable[[Draw, GameRecord, str], tuple[str, str]]


def _edit(text: str, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data, ensure_ascii=False, indent=1)


def _truncated(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    # A proper prefix of a JSON object lacks its closing brace: never valid JSON.
    end = draw(st.integers(0, len(text) - 1), label="truncate at")
    return text[:end], f"cut after {end} of {len(text)} characters"


def _trailing(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    tail = draw(st.sampled_from(["}", ",", " x", "[]", "\x00"]), label="trailing text")
    return text + tail, f"{tail!r} after the object"


def _schema(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    schema = draw(st.sampled_from([RECORD_SCHEMA.replace("/1", "/2"), "record", "",
                                   "carcassonne-amazonas/state/1"]), label="schema")
    return _edit(text, lambda d: d.update(schema=schema)), f"schema {schema!r}"


_REQUIRED = ("schema", "tileset", "num_players", "rules", "draws", "actions")


def _missing(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    key = draw(st.sampled_from(_REQUIRED), label="field")
    return _edit(text, lambda d: d.pop(key)), f"no {key!r}"


_WRONG_TYPES: dict[str, tuple[object, ...]] = {
    "num_players": ("2", 2.5, None, [2], True),
    "actions": ("p", 1, {"0": "p"}),
    "draws": (1, None, ["seeded"]),
    "rules": ([], "stratified", 0),
    "tileset": ("amazonas-reference", [], None),
    "schema": (1, None, [RECORD_SCHEMA]),
}


def _wrong_type(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    key = draw(st.sampled_from(sorted(_WRONG_TYPES)), label="field")
    value = draw(st.sampled_from(_WRONG_TYPES[key]), label="value")
    return _edit(text, lambda d: d.update({key: value})), f"{key} = {value!r}"


# The variants a record's rules spell (R-V1, R-V2; the tile set shows R-V3), with their
# rule ids.
_WRITTEN_VARIANTS = {name: option for name, option in Rules.VARIANTS.items()
                     if all(isinstance(value, str) for value in option.values)}


def _misspelt(values: tuple[str, ...]) -> list[object]:
    """Near misses of an option's values (another case, another separator, cut short,
    empty, of another type), none of them a value it takes."""
    near: list[object] = []
    for value in values:
        near += [value.upper(), value.title(), value.replace("-", "_"), value[:-1], [value]]
    near += ["", 1, False]
    return [value for index, value in enumerate(near)
            if value not in values and value not in near[:index]]


def _variant_option(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    key = draw(st.sampled_from(sorted(_WRITTEN_VARIANTS)), label="option")
    option = _WRITTEN_VARIANTS[key]
    value = draw(st.sampled_from(_misspelt(option.values)), label="value")

    def change(data: dict[str, Any]) -> None:
        data["rules"][key] = value

    return _edit(text, change), f"rules.{key} = {value!r} ({option.rule})"


def _variant_key(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    # A variant under a name the rules of a record do not have (a misspelt or renamed
    # key, or R-V3, which the tile set shows): never the default rules in silence.
    name = draw(st.sampled_from(list(Rules.VARIANTS)), label="option")
    option = Rules.VARIANTS[name]
    key = draw(st.sampled_from([name.replace("_", "-"), name.upper(), name.split("_")[-1]]
                               + ([] if name in _WRITTEN_VARIANTS else [name])), label="key")
    value = option.values[-1]

    def change(data: dict[str, Any]) -> None:
        data["rules"].pop(name, None)
        data["rules"][key] = value

    return _edit(text, change), f"rules.{key} = {value!r} for {name} ({option.rule})"


def _players(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    count = draw(st.sampled_from([1, 6, 0, -2, 99]), label="num_players")
    return _edit(text, lambda d: d.update(num_players=count)), f"num_players = {count}"


def _draw_mode(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    mode = draw(st.sampled_from(["random", "Seeded", "", "chance"]), label="draws")
    return _edit(text, lambda d: d.update(draws=mode)), f"draws = {mode!r}"


_BAD_NOTATION = ("", "x", "t", "t0,4", "t0,4,45", "m0,4,x", "d", "*", "p0", "t00,4,0", " p")


def _notation(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    where = draw(st.integers(0, len(record.actions)), label="action index")
    bad = draw(st.sampled_from(_BAD_NOTATION), label="text")

    def change(data: dict[str, Any]) -> None:
        data["actions"][where:where + 1] = [bad]

    return _edit(text, change), f"action {where + 1} written {bad!r}"


def _illegal(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    states = record.replay()
    where = draw(st.integers(0, len(record.actions)), label="action index")
    bad = draw(st.sampled_from(_illegal_in(states[where])), label="action")

    def change(data: dict[str, Any]) -> None:
        data["actions"][where:where + 1] = [bad]

    return _edit(text, change), f"action {where + 1} is {bad!r}, illegal there"


def _illegal_in(state: GameState) -> tuple[str, ...]:
    """Actions in notation that are illegal in ``state``: of another phase, or a tile far
    from the board (R-G2)."""
    if state.is_terminal:
        return ("p", "t0,4,0", "d82")
    if state.phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
        return ("p", "m0,0,0", "t500,500,0", "*1")
    if state.phase is Phase.PLACE_PIECE:
        return ("t500,500,0", "d82", "*1", "c500,500,0")
    return ("p", "t500,500,0", "m0,0,0")


def _result(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    final = record.final_state()
    if not final.is_terminal:
        fake = {"scores": [0] * final.num_players, "winners": list(range(final.num_players)),
                "final_scoring": [[0, 0, 0, 0]] * final.num_players}
        return _edit(text, lambda d: d.update(result=fake)), "a result for an unfinished game"
    player = draw(st.integers(0, final.num_players - 1), label="player")
    change = draw(st.sampled_from([1, -1, 10]), label="points")

    def edit(data: dict[str, Any]) -> None:
        data["result"]["scores"][player] += change

    return _edit(text, edit), f"player {player}'s score changed by {change}"


def _tileset(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    checksum = draw(st.sampled_from(["0" * 64, "", "a0bac4b9"]), label="checksum")

    def change(data: dict[str, Any]) -> None:
        data["tileset"]["checksum"] = checksum

    return _edit(text, change), f"tile-set checksum {checksum!r}"


def _two_origins(draw: Draw, record: GameRecord, text: str) -> tuple[str, str]:
    def change(data: dict[str, Any]) -> None:
        if data["seed"] is None:
            data["seed"] = 7
        else:
            data["pile"] = [tile.name for tile in record.rules.tileset.land_tiles]

    return _edit(text, change), "both a seed and another origin (or a seed with explicit draws)"


#: Every corruption :func:`records` applies, by name: given Hypothesis's draw function, a
#: valid record and its JSON, it returns the corrupted text and what it changed.  Each
#: one applies to any record and makes its text one that loading must refuse.
CORRUPTIONS: dict[str, Corrupt] = {
    "truncated": _truncated,
    "trailing text": _trailing,
    "unknown schema": _schema,
    "missing field": _missing,
    "wrong type": _wrong_type,
    "player count": _players,
    "draw mode": _draw_mode,
    "variant option": _variant_option,
    "variant key": _variant_key,
    "bad notation": _notation,
    "illegal action": _illegal,
    "wrong result": _result,
    "unknown tile set": _tileset,
    "two origins": _two_origins,
}
