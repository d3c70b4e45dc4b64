"""State snapshots as JSON: :func:`state_to_json` and :func:`state_from_json`.

A snapshot holds a whole position — board, pieces, players, pile, phase — so
that a frontend can save a game in progress and load it elsewhere; the round
trip gives an equal state.  Its ``schema`` is ``carcassonne-amazonas/state/1``
and it names its tile set with the SHA-256 checksum of the tile-set file.  Its JSON
Schema is ``schema("state")`` of :mod:`~carcassonne_amazonas.formats.schemas`; how the
version changes is in :doc:`/formats`.

**What loading guarantees.**  A snapshot that loads is a state the rules can
reach: :func:`state_from_json` trusts nothing it can work out.  It replays the
placements through the engine (each legal where it lies, doubles only after "!"
tiles), puts the pieces down at the end of the turns that placed their tiles,
and then runs every check of
:func:`~carcassonne_amazonas.formats.problems.state_problems` against the stored
values: supplies, track length, boats, the current player, the phase with the
tile in hand, the piece step and the pending Amazon scorings, the pile's
counters, slice quotas and removed tiles, the scores against what the board can
have paid, the final scoring, and that a game not over has a legal action.
A key the layout below does not have, at the top or in one of its objects, is a
``RecordError`` naming it: nothing is ignored.  Anything else raises
:class:`~carcassonne_amazonas.errors.RecordError`, and nothing but ``RecordError``,
naming the snapshot's field and the rule, such as
``state.players[1].boat: space 16, but ... (R-T4, R-T5, R-T6, R-A4)``.

**What a snapshot cannot prove** (as a chess FEN cannot prove that the position
came from a real game):

- that the game was played: any sequence of legal actions that leads to the
  position is as good, and many do;
- the order of the draws beyond what the placements show: when tiles removed
  under R-G7 were drawn, and, for a pile given as an explicit order (``new_game(...,
  pile=...)``, no seed), that it follows the slice quotas (only a shuffled pile, with
  a seed, or a chance-mode pile is held to them);
- that the pile's order comes from its ``seed``: a determinized state keeps the seed
  and draws a new order, so the seed only names the shuffle;
- who scored which completed feature, and who owned the meeples that went back: the
  scores need only be sums that the completed features and Amazon scorings can have
  paid;
- how far each boat moved for which reason: a boat need only lie on the explored
  river, no further than its turns, the Boat icons and the Amazon scorings can have
  moved it.

**Bounded cost.**  A snapshot is at most 500,000 characters (the limit of every JSON
loader of the library); every list is
measured against the tile set's bound (players, placements, pieces, pile,
removed and set-aside tiles, pending scorings) before any item is read; values
are shown in messages cut short.  Loading costs ``json.loads`` of the text plus
at most the replay of one game's placements, which grows the board and the features
in place (:meth:`~carcassonne_amazonas.rules.board.Board.growing`): its time is in
proportion to the placements, not to their square.

Layout of the JSON object::

    {"schema": "carcassonne-amazonas/state/1",
     "tileset": {"name": "amazonas-reference", "checksum": "<sha256>"},
     "num_players": 3,
     "rules": {"first_player": 0, "shuffle": "stratified", "slices": 5},
                                                 # + "amazon_ranking": "competition",
                                                 # "camp_scoring": "per-camp" if chosen
                                                 # (Rules.to_json; no other key)
     "phase": "place piece", "current_player": 1, "track_length": 18,
     "players": [{"score": 0, "boat": 1, "meeples": 4, "camps": 2,
                  "breakdown": {"tributaries": 0, "villages": 0, "amazon": 0,
                                "camps": 0, "river": 0}}, ...],
     "placements": [["START.1", 0, 0, 0], ["S01.3", 2, 1, 90], ...],
     "pieces": [[1, 0, 1], ...],                 # placement index, segment, player
     "tile_in_hand": null, "piece_placement": 1, "pending_amazon": [],
     "pile": {"tiles": ["S03.1", ...], "drawn": 2, "amazon_drawn": 0,
              "explicit": false, "seed": 7},
     "removed": [], "doubles_left": ["D1.1", ...], "final_scoring": null}
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, NamedTuple

from .._support.exact import check_exact, check_optional
from .._support.wording import plural, show_text
from ..errors import RecordError
from ..rules.board import Placement
from ..rules.features import node_of
from ..rules.options import Rules
from ..rules.pile import Pile, plan_for
from ..rules.players import CAMPS_PER_PLAYER, MEEPLES_PER_PLAYER, PlayerState
from ..rules.scoring import (
    FINAL_SCORE_CATEGORIES,
    SCORE_CATEGORIES,
    FinalScore,
    ScoreBreakdown,
)
from ..rules.state import GameState, Phase
from ..tiles.geometry import COORDINATE_LIMIT, Position, Rotation
from ..tiles.layout import TileKind
from ..tiles.reference import reference_tileset, shipped_tileset
from ..tiles.tileset import Tile, TileSet
from ._checks.derivation import derive
from ._json import Fields, check_int, check_text, parse_json
from .problems import Problem, find_problems

# read_header, state_from_fields and tileset_from_json read parsed fields of the private
# formats._json: shared with the records, not API.
__all__ = ["STATE_SCHEMA", "state_from_json", "state_to_json"]

STATE_SCHEMA = "carcassonne-amazonas/state/1"
_ROTATIONS = {r.degrees: r for r in Rotation}
_PHASES = {p.value: p for p in Phase}
_MAX_PENDING = 2  # a "!" tile and its double tile (R-T8)
# The fields of a snapshot and of its objects (any other is refused by name).
_KEYS = ("schema", "tileset", "num_players", "rules", "phase", "current_player",
         "track_length", "players", "placements", "pieces", "tile_in_hand", "piece_placement",
         "pending_amazon", "pile", "removed", "doubles_left", "final_scoring")
_TILESET_KEYS = ("name", "checksum")
_PLAYER_KEYS = ("score", "boat", "meeples", "camps", "breakdown")
_PILE_KEYS = ("tiles", "drawn", "amazon_drawn", "explicit", "seed")


def tileset_to_json(tileset: TileSet) -> dict[str, str]:
    """How snapshots and records name a tile set."""
    return {"name": tileset.name, "checksum": tileset.checksum}


def tileset_from_json(fields: Fields, tileset: TileSet | None) -> TileSet:
    """The tile set a document names: ``tileset`` if given, else the shipped set with
    that checksum (the reference set, with or without the bonus river tiles, R-V3);
    RecordError if its checksum is not the one named."""
    fields.check_keys(_TILESET_KEYS, "a tile set's name")
    name = fields.get_str("name")
    checksum = fields.get_str("checksum")
    if tileset is None:
        shipped = shipped_tileset(checksum)
        if shipped is not None:
            return shipped
    candidate = tileset if tileset is not None else reference_tileset()
    if candidate.checksum != checksum:
        hint = "" if tileset is not None else "; pass that tile set as tileset="
        raise RecordError(f"{fields.path}.checksum: the game uses tile set {show_text(name)} with "
                          f"checksum {show_text(checksum[:12])}..., not {candidate.name!r} "
                          f"({candidate.checksum[:12]}...){hint}")
    return candidate


def read_header(doc: Fields, schema: str, tileset: TileSet | None,
                keys: tuple[str, ...]) -> tuple[TileSet, int, Rules]:
    """The schema check, tile set, player count and rules that open snapshots and records;
    after the schema, RecordError for a key not in ``keys`` (the document's fields)."""
    found = doc.get_str("schema")
    if found != schema:
        raise RecordError(f"{doc.path}.schema: unknown schema {show_text(found)}; this library "
                          f"reads {schema!r}{_schema_hint(found, schema)}")
    doc.check_keys(keys, "a snapshot" if schema == STATE_SCHEMA else "a record")
    tiles = tileset_from_json(doc.get_obj("tileset"), tileset)
    num_players = doc.get_int("num_players", 2, 5)
    rules = doc.get_obj("rules")
    return tiles, num_players, Rules.from_json(rules.data, tileset=tiles,
                                               num_players=num_players, path=rules.path)


# What each kind of document is, and what reads it, for the message of a wrong kind.
_READERS = {"carcassonne-amazonas/state/": "a snapshot, which state_from_json reads",
            "carcassonne-amazonas/record/": "a game record, which GameRecord.from_json reads"}


def _schema_hint(found: str, schema: str) -> str:
    """Why a document of schema ``found`` is not one of ``schema``, when it can be told:
    another kind of document, or a newer version of the format (see docs/formats.md)."""
    kind, _, version = schema.rpartition("/")
    if found.startswith(kind + "/"):
        tail = found[len(kind) + 1:]
        if tail.isascii() and tail.isdigit() and len(tail) < 10 and int(tail) > int(version):
            return "; a newer carcassonne-amazonas wrote it: upgrade to load it"
        return ""
    for prefix, what in _READERS.items():
        if found.startswith(prefix):
            return f"; the document is {what}"
    return ""


def state_to_json(state: GameState) -> str:
    """A JSON snapshot of ``state`` (see the module's layout)."""
    check_exact(state, GameState, "state")
    pieces = sorted((node >> 6, node & 63, player) for node, player in state.features.piece_set())
    data = {
        "schema": STATE_SCHEMA,
        "tileset": tileset_to_json(state.rules.tileset),
        "num_players": state.num_players,
        "rules": state.rules.to_json(),
        "phase": state.phase.value,
        "current_player": state.current_player,
        "track_length": state.track_length,
        "players": [
            {"score": p.score, "boat": p.boat, "meeples": p.meeples_in_supply,
             "camps": p.camps_in_supply,
             "breakdown": {k: getattr(p.breakdown, k) for k in SCORE_CATEGORIES}}
            for p in state.players
        ],
        "placements": [[p.tile.name, p.position.x, p.position.y, p.rotation.degrees]
                       for p in state.board.placements],
        "pieces": [list(piece) for piece in pieces],
        "tile_in_hand": state.tile_in_hand.name if state.tile_in_hand else None,
        "piece_placement": state.piece_placement,
        "pending_amazon": [t.name for t in state.pending_amazon],
        "pile": {"tiles": [t.name for t in state.pile.tiles], "drawn": state.pile.drawn,
                 "amazon_drawn": state.pile.amazon_drawn, "explicit": state.pile.explicit,
                 "seed": state.pile.seed},
        "removed": [t.name for t in state.removed],
        "doubles_left": [t.name for t in state.doubles_left],
        "final_scoring": None if state.final_scoring is None else [
            [getattr(f, k) for k in FINAL_SCORE_CATEGORIES] for f in state.final_scoring],
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def state_from_json(text: str | bytes, tileset: TileSet | None = None) -> GameState:
    """Load a snapshot made by :func:`state_to_json`.

    ``tileset`` must be given when the snapshot uses a tile set other than the
    reference set.  Raises :class:`~carcassonne_amazonas.errors.RecordError`, and nothing
    else, for anything malformed or inconsistent: the message names the snapshot's field
    and, for a state the rules cannot reach, the rule (see the module docstring).  Only a
    subclass of ``str`` or ``bytes``, and a ``tileset`` that is not exactly a
    :class:`~carcassonne_amazonas.tiles.tileset.TileSet` or None, is a ``TypeError``
    naming the parameter: types are exact, since a subclass can lie.  A key given twice in
    an object is a ``RecordError`` naming the key (the last value would otherwise win).
    """
    check_text(text)
    check_optional(tileset, TileSet, "tileset")
    return _guarded("state", lambda: state_from_fields(parse_json(text, "state"), tileset))


def _guarded(what: str, load: Callable[[], GameState]) -> GameState:
    try:
        return load()
    except RecordError:
        raise
    except Exception as error:  # a last guard: the tests never reach it
        raise RecordError(f"{what}: cannot be loaded ({type(error).__name__}); this is a bug "
                          "of the loader, please report it") from None


def state_from_fields(doc: Fields, tileset: TileSet | None = None) -> GameState:
    """Load a snapshot already parsed into :class:`~carcassonne_amazonas.formats._json.Fields`
    (a record's ``start``); messages name fields under ``doc.path``."""
    tiles_set, num_players, rules = read_header(doc, STATE_SCHEMA, tileset, _KEYS)
    bounds = _Bounds(tiles_set, num_players)
    lists = _lists(doc, bounds)  # every list measured before any is read
    names = _Names(tiles_set, doc.path)
    placements = [_placement(row, f"placements[{i}]", names)
                  for i, row in enumerate(lists.placements)]
    pieces = [_piece(row, f"{doc.path}.pieces[{i}]", placements, num_players)
              for i, row in enumerate(lists.pieces)]
    removed = names.many(lists.removed, "removed")
    derivation = derive(placements, pieces, num_players=num_players,
                        first_player=rules.first_player,
                        double_count=len(tiles_set.double_tiles), keep_boards=bool(removed))
    if derivation.problems:
        raise _record_error(doc.path, list(derivation.problems))
    players = tuple(_player_from_json(f, bounds) for f in doc.get_objs("players"))
    phase_name = doc.get_str("phase")
    if phase_name not in _PHASES:
        raise RecordError(f"{doc.path}.phase: unknown phase {show_text(phase_name)}")
    hand = names.get(doc.data["tile_in_hand"], "tile_in_hand") if doc.has("tile_in_hand") \
        else None
    pile_fields = doc.get_obj("pile")
    pile = Pile(
        names.many(lists.pile_tiles, "pile.tiles"),
        plan_for(tiles_set.land_tiles, rules.shuffle, rules.slices),
        pile_fields.get_int("drawn", 0, bounds.land),
        pile_fields.get_int("amazon_drawn", 0, bounds.land),
        pile_fields.get_bool("explicit"),
        pile_fields.get_int("seed") if pile_fields.has("seed") else None,
    )
    doubles_left = names.many(lists.doubles_left, "doubles_left")
    pending = names.many(lists.pending_amazon, "pending_amazon", again=True)
    final = None
    if lists.final_scoring is not None:
        final = tuple(final_from_json(row, f"{doc.path}.final_scoring[{i}]")
                      for i, row in enumerate(lists.final_scoring))
    state = GameState(
        rules=rules, num_players=num_players, phase=_PHASES[phase_name],
        current_player=doc.get_int("current_player", 0, num_players - 1), players=players,
        track_length=doc.get_int("track_length", 1, bounds.track), board=derivation.board,
        features=derivation.graph, tile_in_hand=hand, pile=pile, removed=removed,
        doubles_left=doubles_left,
        piece_placement=doc.get_int("piece_placement", -1, len(placements) - 1),
        pending_amazon=pending, final_scoring=final,
    )
    problems = find_problems(state, derivation)
    if problems:
        raise _record_error(doc.path, problems)
    return state


class _Bounds:
    """How large each part of a snapshot of this tile set and player count can be."""

    def __init__(self, tileset: TileSet, num_players: int) -> None:
        self.tiles = len(tileset.tiles)
        self.land = len(tileset.land_tiles)
        self.standard = len(tileset.of_kind(TileKind.STANDARD))
        self.doubles = len(tileset.double_tiles)
        self.players = num_players
        self.pieces = num_players * (MEEPLES_PER_PLAYER + CAMPS_PER_PLAYER)
        self.track = tileset.start_side(num_players).river_spaces + sum(
            t.layout.river_spaces for t in tileset.tiles)


class _Lists(NamedTuple):
    placements: list[Any]
    pieces: list[Any]
    pile_tiles: list[str]
    removed: list[str]
    doubles_left: list[str]
    pending_amazon: list[str]
    final_scoring: list[Any] | None


def _lists(doc: Fields, bounds: _Bounds) -> _Lists:
    """The snapshot's lists, each checked against its bound before anything is read."""
    players = doc.get_list("players", bounds.players, "R-C1")
    if len(players) != bounds.players:
        raise RecordError(f"{doc.path}.players: {plural(len(players), 'player')} for a "
                          f"{bounds.players}-player game (R-C1)")
    pile = doc.get_obj("pile")
    pile.check_keys(_PILE_KEYS, "a pile")
    final = doc.get_list("final_scoring", bounds.players, "R-E1") \
        if doc.has("final_scoring") else None
    placements = doc.get_list("placements", bounds.tiles, "R-C3")
    if not placements:
        raise RecordError(f"{doc.path}.placements: the start tile is missing (R-C5)")
    return _Lists(placements, doc.get_list("pieces", bounds.pieces, "R-C2"),
                  pile.get_strs("tiles", bounds.land, "R-C3"),
                  doc.get_strs("removed", bounds.standard, "R-G7"),
                  doc.get_strs("doubles_left", bounds.doubles, "R-C4"),
                  doc.get_strs("pending_amazon", _MAX_PENDING, "R-T8"), final)


class _Names:
    """Looks tiles up by name and checks that each is used once."""

    def __init__(self, tileset: TileSet, path: str) -> None:
        self.by_name = {t.name: t for t in tileset.tiles}
        self.used: dict[str, str] = {}
        self.path = path

    def get(self, name: object, field: str, again: bool = False) -> Tile:
        where = f"{self.path}.{field}"
        if not isinstance(name, str):
            raise RecordError(f"{where}: expected a tile name, not {type(name).__name__}")
        tile = self.by_name.get(name)
        if tile is None:
            raise RecordError(f"{where}: no tile named {show_text(name)} in the tile set")
        if not again:
            if name in self.used:
                raise RecordError(f"{where}: tile {name} is also at {self.used[name]}; every "
                                  "tile exists once (R-C3)")
            self.used[name] = where
        return tile

    def many(self, names: list[str], field: str, again: bool = False) -> tuple[Tile, ...]:
        return tuple(self.get(name, f"{field}[{i}]", again) for i, name in enumerate(names))


def _placement(row: object, field: str, names: _Names) -> Placement:
    path = f"{names.path}.{field}"
    if not isinstance(row, list) or len(row) != 4:
        raise RecordError(f"{path}: expected [tile, x, y, degrees]")
    tile = names.get(row[0], f"{field}[0]")
    x = check_int(row[1], f"{path}[1]", -COORDINATE_LIMIT + 1, COORDINATE_LIMIT - 1)
    y = check_int(row[2], f"{path}[2]", -COORDINATE_LIMIT + 1, COORDINATE_LIMIT - 1)
    degrees = check_int(row[3], f"{path}[3]", 0, 270)
    if degrees not in _ROTATIONS:
        raise RecordError(f"{path}[3]: rotation must be 0, 90, 180 or 270, not {degrees}")
    return Placement(tile, Position(x, y), _ROTATIONS[degrees])


def _piece(row: object, path: str, placements: list[Placement],
           num_players: int) -> tuple[int, int]:
    if not isinstance(row, list) or len(row) != 3:
        raise RecordError(f"{path}: expected [placement index, segment, player]")
    placed = check_int(row[0], f"{path}[0]", 0, len(placements) - 1)
    segments = placements[placed].tile.layout.segments
    segment = check_int(row[1], f"{path}[1]", 0, len(segments) - 1)
    player = check_int(row[2], f"{path}[2]", 0, num_players - 1)
    return node_of(placed, segment), player


def final_from_json(row: object, path: str) -> FinalScore:
    """One player's final scoring (R-E2–R-E5) as a snapshot or a record writes it:
    ``[tributaries, villages, camps, river]``, whole numbers of at least 0 (a boolean is
    not a number); RecordError naming ``path`` otherwise."""
    if not isinstance(row, list) or len(row) != len(FINAL_SCORE_CATEGORIES):
        raise RecordError(f"{path}: expected [{', '.join(FINAL_SCORE_CATEGORIES)}]")
    return FinalScore(*(check_int(v, f"{path}[{i}]", 0) for i, v in enumerate(row)))


def _player_from_json(fields: Fields, bounds: _Bounds) -> PlayerState:
    fields.check_keys(_PLAYER_KEYS, "a player")
    breakdown_fields = fields.get_obj("breakdown")
    breakdown_fields.check_keys(SCORE_CATEGORIES, "a score breakdown")
    breakdown = ScoreBreakdown(*(breakdown_fields.get_int(k, 0) for k in SCORE_CATEGORIES))
    return PlayerState(fields.get_int("score", 0), fields.get_int("boat", 1, bounds.track),
                       fields.get_int("meeples", 0, MEEPLES_PER_PLAYER),
                       fields.get_int("camps", 0, CAMPS_PER_PLAYER),
                       breakdown)


# A state's field (as consistency.Problem names it) -> the snapshot's field.
_JSON_FIELDS = (("board.placements", "placements"), ("board", "placements"),
                ("features", "pieces"), ("pile.plan", "rules"), ("state", ""))
_JSON_NAMES = {"meeples_in_supply": "meeples", "camps_in_supply": "camps"}


def _json_field(path: str, field: str) -> str:
    """``field`` of the state, as the snapshot at ``path`` names it."""
    for prefix, replacement in _JSON_FIELDS:
        if field == prefix or field.startswith(prefix + ".") or field.startswith(prefix + "["):
            field = replacement + field[len(prefix):]
            break
    last = field.rsplit(".", 1)
    if len(last) == 2 and last[1] in _JSON_NAMES:
        field = f"{last[0]}.{_JSON_NAMES[last[1]]}"
    return f"{path}.{field}" if field else path


def _record_error(path: str, problems: list[Problem]) -> RecordError:
    """The first problem, naming the snapshot's field and the rules it breaks."""
    first = problems[0]
    ids = f" ({', '.join(first.rules)})" if first.rules else ""
    more = f" [and {plural(len(problems) - 1, 'more problem')}]" \
        if len(problems) > 1 else ""
    return RecordError(f"{_json_field(path, first.field)}: {first.reason}{ids}{more}")
