"""Game records: a whole game as its setup and its actions, saved as JSON.

A record is what a frontend saves and a replay viewer loads::

    record = GameRecord.from_game(initial_state, actions)
    text = record.to_json()
    states = GameRecord.from_json(text).replay()   # every state, the initial one first

The JSON (schema ``carcassonne-amazonas/record/1``; its JSON Schema is
``schema("record")`` of :mod:`~carcassonne_amazonas.formats.schemas`)::

    {"schema": "carcassonne-amazonas/record/1",
     "tileset": {"name": "amazonas-reference", "checksum": "<sha256>"},
     "num_players": 2,
     "rules": {"first_player": 0, "shuffle": "stratified", "slices": 5},
                                     # and, for variants only, "amazon_ranking":
                                     # "competition", "camp_scoring": "per-camp"
                                     # (Rules.to_json; an unknown key is refused)
     "draws": "seeded",              # or "explicit": draws are "*<tile id>" actions
     "seed": 7,                      # or null, with the draw order in "pile"
     "pile": null,                   # or ["S01.3", "A2.1", ...]
     "start": null,                  # or a state snapshot when the game did not
                                     # begin at setup (see snapshot.py)
     "actions": ["t2,1,90", "p", ...],   # in the notation of notation.py
     "result": {"scores": [61, 58], "winners": [0],
                "final_scoring": [[5, 9, 5, 3], [4, 9, 4, 6]]}}   # null until the end

Loading replays every action: it rejects unknown schema versions, corrupted
or truncated JSON, wrong types, unknown fields (any key the layout above does not
have, named in the message), unknown tile sets, illegal actions and a
``result`` that the actions do not give, always with
:class:`~carcassonne_amazonas.errors.RecordError` saying which action or
field and why, and never with another exception.  A ``start`` snapshot is
checked as :func:`~carcassonne_amazonas.formats.snapshot.state_from_json` checks one.

Costs are bounded by the tile set before any work: at most
``3 × land tiles + 2 × double tiles`` actions (every land tile drawn, placed and
followed by a piece step; every double tile chosen and placed), each at most
:data:`MAX_ACTION_TEXT` characters, and a ``pile`` of at most the land tiles.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

import attrs

from .._support.exact import check_exact, check_optional
from .._support.reprs import repr_pretty
from .._support.wording import plural, show_int, show_text
from ..errors import IllegalActionError, NotationError, RecordError
from ..rules.actions import Action, check_action
from ..rules.engine import apply_action, new_game
from ..rules.notation import format_action, parse_action
from ..rules.options import Rules
from ..rules.pile import Draws, as_draws
from ..rules.state import GameState
from ..tiles.tileset import Tile, TileSet
from ._json import Fields, check_text, parse_json
from .snapshot import (
    final_from_json,
    read_header,
    state_from_fields,
    state_to_json,
    tileset_to_json,
)

__all__ = ["MAX_ACTION_TEXT", "RECORD_SCHEMA", "GameRecord", "max_actions"]

RECORD_SCHEMA = "carcassonne-amazonas/record/1"
MAX_ACTION_TEXT = 32
"""The longest action a record holds, in characters (``t-1234,-1234,270`` has 16)."""
# The fields of a record (any other is refused by name).
_KEYS = ("schema", "tileset", "num_players", "rules", "draws", "seed", "pile", "start",
         "actions", "result")


def max_actions(tileset: TileSet) -> int:
    """The most actions a game with this tile set can have: every land tile drawn (a chance
    action with explicit draws), placed and followed by its piece step, and every double
    tile chosen and placed (R-T1–R-T5).  ``TypeError`` unless ``tileset`` is exactly a
    :class:`~carcassonne_amazonas.tiles.tileset.TileSet`."""
    check_exact(tileset, TileSet, "tileset")
    return 3 * len(tileset.land_tiles) + 2 * len(tileset.double_tiles)


def _original_order(state: GameState) -> tuple[Tile, ...] | None:
    """The draw order a fresh seeded game was set up with, or None if unknown."""
    if state.pile.explicit:
        return None
    hand = (state.tile_in_hand,) if state.tile_in_hand is not None else ()
    return (*state.removed, *hand, *state.pile.tiles)


@attrs.frozen(repr=False)
class GameRecord:
    """A game's setup and actions.  Build with :meth:`from_game` or :meth:`from_json`.

    Exactly one of ``seed``, ``pile`` and ``start`` says where the game began:
    a seeded shuffle, an explicit draw order (tile names), or a snapshot of
    the first state (for games that did not begin at setup, and for
    explicit-draw games, whose draws are among the actions, ``start`` may be
    None with ``draws == "explicit"``).
    """

    num_players: int
    rules: Rules
    draws: Draws
    seed: int | None
    pile: tuple[str, ...] | None
    start: GameState | None
    actions: tuple[Action, ...]

    def __repr__(self) -> str:
        if self.start is not None:
            origin = "from a saved position"
        elif self.draws == "explicit":
            origin = "explicit draws"
        elif self.seed is not None:
            origin = f"seed {self.seed}"
        else:
            origin = "a given draw order"
        texts = [_text(action) for action in self.actions]
        shown = " ".join(texts if len(texts) <= 6 else [*texts[:4], "...", texts[-1]])
        return f"<GameRecord: {self.num_players} players, {origin}, " \
            f"{plural(len(texts), 'action')}: {shown}>" \
            if texts else f"<GameRecord: {self.num_players} players, {origin}, no actions>"

    _repr_pretty_ = repr_pretty

    @classmethod
    def from_game(cls, initial_state: GameState, actions: Iterable[Action]) -> GameRecord:
        """The record of the game that starts at ``initial_state`` and plays ``actions``.

        Raises :class:`~carcassonne_amazonas.errors.RecordError` if an action is not legal
        where it is played.
        """
        check_exact(initial_state, GameState, "initial_state")
        actions = tuple(actions)
        for index, action in enumerate(actions):
            check_action(action, f"actions[{index}]")
        record = cls._setup_of(initial_state, actions)
        record.final_state()
        return record

    @classmethod
    def _setup_of(cls, state: GameState, actions: tuple[Action, ...]) -> GameRecord:
        num_players, rules = state.num_players, state.rules
        if state.pile.explicit:
            fresh = new_game(num_players, rules=rules, draws="explicit")
            if fresh == state:
                return cls(num_players, rules, "explicit", None, None, None, actions)
            return cls(num_players, rules, "explicit", None, None, state, actions)
        if state.pile.seed is not None:
            fresh = new_game(num_players, seed=state.pile.seed, rules=rules)
            if fresh == state:
                return cls(num_players, rules, "seeded", state.pile.seed, None, None, actions)
        order = _original_order(state)
        if order is not None:
            try:
                from_order: GameState | None = new_game(num_players, rules=rules, pile=order)
            except ValueError:
                from_order = None
            if from_order == state:
                return cls(num_players, rules, "seeded", None, tuple(t.name for t in order),
                           None, actions)
        return cls(num_players, rules, "seeded", None, None, state, actions)

    def initial_state(self) -> GameState:
        """The state the record starts from."""
        if self.start is not None:
            return self.start
        if self.draws == "explicit":
            return new_game(self.num_players, rules=self.rules, draws="explicit")
        if self.seed is not None:
            return new_game(self.num_players, seed=self.seed, rules=self.rules)
        assert self.pile is not None
        tileset = self.rules.tileset
        try:
            order = [tileset.tile_named(name) for name in self.pile]
            return new_game(self.num_players, rules=self.rules, pile=order)
        except (KeyError, ValueError) as error:
            raise RecordError(f"record.pile: not a draw order of the tile set: {error}") from None

    def replay(self) -> tuple[GameState, ...]:
        """Every state of the game, the initial one first.

        Raises :class:`~carcassonne_amazonas.errors.RecordError` naming the first action
        that is illegal.
        """
        return tuple(self._states())

    def final_state(self) -> GameState:
        """The state after the last action (each state before it is dropped as soon as the
        next one is made: loading a record keeps one game state at a time).

        Raises :class:`~carcassonne_amazonas.errors.RecordError` naming the first action
        that is illegal.
        """
        state = None
        for state in self._states():  # noqa: B007 - the last one is wanted
            pass
        assert state is not None, "the initial state comes first"
        return state

    def _states(self) -> Iterator[GameState]:
        """Every state of the game, the initial one first, made one at a time."""
        state = self.initial_state()
        yield state
        for number, action in enumerate(self.actions, start=1):
            try:
                check_action(action)  # an action, not its text: a record holds actions
                state = apply_action(state, action)
            except (IllegalActionError, TypeError) as error:
                raise RecordError(f"action {number} ({_text(action)}): {error}") from None
            yield state

    def to_json(self) -> str:
        """The record as JSON text (see the module's layout)."""
        final = self.final_state()
        result: dict[str, Any] | None = None
        if final.is_terminal:
            assert final.final_scoring is not None
            result = {"scores": list(final.scores), "winners": list(final.winners),
                      "final_scoring": [[f.tributaries, f.villages, f.camps, f.river]
                                        for f in final.final_scoring]}
        data = {
            "schema": RECORD_SCHEMA,
            "tileset": tileset_to_json(self.rules.tileset),
            "num_players": self.num_players,
            "rules": self.rules.to_json(),
            "draws": self.draws,
            "seed": self.seed,
            "pile": None if self.pile is None else list(self.pile),
            "start": None if self.start is None else json.loads(state_to_json(self.start)),
            "actions": [format_action(a) for a in self.actions],
            "result": result,
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str | bytes, tileset: TileSet | None = None) -> GameRecord:
        """Load and check a record made by :meth:`to_json`.

        ``tileset`` must be given when the record uses a tile set other than
        the reference set.  Every action is replayed; anything wrong raises
        :class:`~carcassonne_amazonas.errors.RecordError`, never another exception and never
        a half-loaded game (a key given twice in an object too, named: the last value would
        otherwise win); only a subclass of ``str`` or ``bytes``, and a ``tileset`` that is
        not exactly a :class:`~carcassonne_amazonas.tiles.tileset.TileSet` or None, is a
        ``TypeError`` naming the parameter (types are exact).
        """
        check_text(text)
        check_optional(tileset, TileSet, "tileset")
        try:
            return cls._from_json(text, tileset)
        except RecordError:
            raise
        except Exception as error:  # a last guard: the tests never reach it
            raise RecordError(f"record: cannot be loaded ({type(error).__name__}); this is a "
                              "bug of the loader, please report it") from None

    @classmethod
    def _from_json(cls, text: str | bytes, tileset: TileSet | None) -> GameRecord:
        doc = parse_json(text, "record")
        tiles, num_players, rules = read_header(doc, RECORD_SCHEMA, tileset, _KEYS)
        try:
            draws = as_draws(doc.get_str("draws"))
        except ValueError:
            raise RecordError(f"record.draws: {show_text(doc.get_str('draws'))} is not "
                              "'seeded' or 'explicit'") from None
        land = len(tiles.land_tiles)
        texts = doc.get_strs("actions", max_actions(tiles), "R-T1")
        pile = tuple(doc.get_strs("pile", land, "R-C3")) if doc.has("pile") else None
        seed = doc.get_int("seed") if doc.has("seed") else None
        start = None
        if doc.has("start"):
            start = state_from_fields(doc.get_obj("start"), tiles)
            if start.num_players != num_players or start.rules != rules:
                raise RecordError("record.start: the snapshot's players or rules differ from "
                                  "the record's")
        given = sum(x is not None for x in (seed, pile, start))
        if draws == "seeded" and given != 1:
            raise RecordError("record: a seeded game needs exactly one of seed, pile and start")
        if draws == "explicit" and (seed is not None or pile is not None):
            raise RecordError("record: an explicit-draws game has no seed and no pile")
        actions = []
        for number, action_text in enumerate(texts, start=1):
            if len(action_text) > MAX_ACTION_TEXT:
                raise RecordError(f"action {number}: {len(action_text)} characters is too long "
                                  f"for an action ({show_text(action_text)})")
            try:
                actions.append(parse_action(action_text))
            except NotationError as error:
                raise RecordError(f"action {number}: {error}") from None
        record = cls(num_players, rules, draws, seed, pile, start, tuple(actions))
        final = record.final_state()
        if doc.has("result"):
            _check_result(doc.get_obj("result"), final)
        return record


def _check_result(result: Fields, final: GameState) -> None:
    """The recorded result must be what the actions give."""
    result.check_keys(("scores", "winners", "final_scoring"), "a result")
    if not final.is_terminal:
        raise RecordError("record.result: the actions do not finish the game")
    players = final.num_players
    scores = result.get_ints("scores", max_items=players)
    if tuple(scores) != final.scores:
        raise RecordError(f"record.result.scores: recorded {_ints(scores)}, the actions give "
                          f"{list(final.scores)}")
    winners = result.get_ints("winners", max_items=players)
    if tuple(winners) != final.winners:
        raise RecordError(f"record.result.winners: recorded {_ints(winners)}, the actions give "
                          f"{list(final.winners)}")
    assert final.final_scoring is not None
    expected = [[f.tributaries, f.villages, f.camps, f.river] for f in final.final_scoring]
    recorded = [final_from_json(row, f"{result.path}.final_scoring[{index}]")
                for index, row in enumerate(result.get_list("final_scoring", players))]
    if tuple(recorded) != final.final_scoring:
        shown = "[" + ", ".join(_ints(list(attrs.astuple(row))) for row in recorded) + "]"
        raise RecordError(f"record.result.final_scoring: recorded {shown}, the actions "
                          f"give {expected}")


def _ints(values: list[int]) -> str:
    return "[" + ", ".join(show_int(v) for v in values) + "]"


def _text(action: Action) -> str:
    try:
        return format_action(action)
    except TypeError:
        return repr(action)
