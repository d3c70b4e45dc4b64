"""State snapshots as JSON: :func:`state_to_json` and :func:`state_from_json`.

A snapshot holds a whole position — board, pieces, players, pile, phase — so
that a frontend can save a game in progress and load it elsewhere; the round
trip gives an equal state.  Its ``schema`` is ``carcassonne-amazonas/state/1``
and it names its tile set with the SHA-256 checksum of the tile-set file.
Loading checks every field and the consistency of the whole (each tile once,
placements legal, supplies adding up) and raises
:class:`~carcassonne_amazonas.errors.RecordError` otherwise.

Layout of the JSON object::

    {"schema": "carcassonne-amazonas/state/1",
     "tileset": {"name": "amazonas-reference", "checksum": "<sha256>"},
     "num_players": 3,
     "rules": {"first_player": 0, "shuffle": "stratified", "slices": 5},
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
from collections import Counter
from typing import Any

from .board import Board
from .errors import RecordError
from .features import FeatureGraph, node_of
from .geometry import Position, Rotation, cell_key
from .jsonio import Fields, check_int, parse_json
from .pile import Pile, Shuffle, plan_for
from .reference import reference_tileset
from .state import FinalScore, GameState, Phase, PlayerState, Rules, ScoreBreakdown
from .tiles import Terrain, Tile, TileKind, TileSet

__all__ = ["STATE_SCHEMA", "read_header", "rules_from_json", "rules_to_json", "state_from_json",
           "state_to_json", "tileset_from_json"]

STATE_SCHEMA = "carcassonne-amazonas/state/1"
_ROTATIONS = {r.degrees: r for r in Rotation}
_PHASES = {p.value: p for p in Phase}
_BREAKDOWN = ("tributaries", "villages", "amazon", "camps", "river")


def rules_to_json(rules: Rules) -> dict[str, Any]:
    """The rule options as a JSON object (the tile set is named separately)."""
    return {"first_player": rules.first_player, "shuffle": rules.shuffle.value,
            "slices": rules.slices}


def tileset_to_json(tileset: TileSet) -> dict[str, str]:
    """How snapshots and records name a tile set."""
    return {"name": tileset.name, "checksum": tileset.checksum}


def tileset_from_json(fields: Fields, tileset: TileSet | None) -> TileSet:
    """The tile set a document names: ``tileset`` if given, else the reference set;
    RecordError if its checksum is not the one named."""
    name = fields.get_str("name")
    checksum = fields.get_str("checksum")
    candidate = tileset if tileset is not None else reference_tileset()
    if candidate.checksum != checksum:
        hint = "" if tileset is not None else "; pass that tile set as tileset="
        raise RecordError(f"{fields.path}: the game uses tile set {name!r} with checksum "
                          f"{checksum[:12]}..., not {candidate.name!r} ({candidate.checksum[:12]}"
                          f"...){hint}")
    return candidate


def rules_from_json(fields: Fields, tileset: TileSet, num_players: int) -> Rules:
    """Rule options from their JSON object."""
    first = fields.get_int("first_player", 0, num_players - 1)
    shuffle_name = fields.get_str("shuffle")
    try:
        shuffle = Shuffle(shuffle_name)
    except ValueError:
        raise RecordError(f"{fields.path}.shuffle: unknown shuffle {shuffle_name!r} "
                          "(expected 'stratified' or 'uniform')") from None
    slices = fields.get_int("slices", 1, 1000)
    return Rules(tileset=tileset, first_player=first, shuffle=shuffle, slices=slices)


def read_header(doc: Fields, schema: str,
                tileset: TileSet | None) -> tuple[TileSet, int, Rules]:
    """The schema check, tile set, player count and rules that open snapshots and records."""
    found = doc.get_str("schema")
    if found != schema:
        raise RecordError(f"{doc.path}.schema: unknown schema {found!r}; this library reads "
                          f"{schema!r}")
    tiles = tileset_from_json(doc.get_obj("tileset"), tileset)
    num_players = doc.get_int("num_players", 2, 5)
    return tiles, num_players, rules_from_json(doc.get_obj("rules"), tiles, num_players)


def state_to_json(state: GameState) -> str:
    """A JSON snapshot of ``state`` (see the module's layout)."""
    if not isinstance(state, GameState):
        raise TypeError(f"expected a GameState, not {type(state).__name__}")
    pieces = sorted((node >> 6, node & 63, player) for node, player in state.features.piece_set())
    data = {
        "schema": STATE_SCHEMA,
        "tileset": tileset_to_json(state.rules.tileset),
        "num_players": state.num_players,
        "rules": rules_to_json(state.rules),
        "phase": state.phase.value,
        "current_player": state.current_player,
        "track_length": state.track_length,
        "players": [
            {"score": p.score, "boat": p.boat, "meeples": p.meeples_in_supply,
             "camps": p.camps_in_supply,
             "breakdown": {k: getattr(p.breakdown, k) for k in _BREAKDOWN}}
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
            [f.tributaries, f.villages, f.camps, f.river] for f in state.final_scoring],
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class _Tiles:
    """Looks tiles up by name and checks that each is used once."""

    def __init__(self, tileset: TileSet) -> None:
        self.by_name = {t.name: t for t in tileset.tiles}
        self.used: Counter[str] = Counter()

    def get(self, name: object, path: str) -> Tile:
        if not isinstance(name, str):
            raise RecordError(f"{path}: expected a tile name, not {type(name).__name__}")
        tile = self.by_name.get(name)
        if tile is None:
            raise RecordError(f"{path}: no tile named {name!r} in the tile set")
        self.used[name] += 1
        if self.used[name] > 1:
            raise RecordError(f"{path}: tile {name} appears twice in the snapshot")
        return tile

    def many(self, names: list[str], path: str) -> tuple[Tile, ...]:
        return tuple(self.get(name, f"{path}[{i}]") for i, name in enumerate(names))


def state_from_json(text: str | bytes, tileset: TileSet | None = None) -> GameState:
    """Load a snapshot made by :func:`state_to_json`.

    ``tileset`` must be given when the snapshot uses a tile set other than the
    reference set.  Raises :class:`RecordError` for anything malformed or
    inconsistent.
    """
    doc = parse_json(text, "state")
    tiles_set, num_players, rules = read_header(doc, STATE_SCHEMA, tileset)
    tiles = _Tiles(tiles_set)
    board, graph = _board_from_json(doc, tiles)
    graph = _pieces_from_json(doc, board, graph, num_players)
    players = tuple(_player_from_json(f) for f in doc.get_objs("players"))
    if len(players) != num_players:
        raise RecordError(f"state.players: {len(players)} players for a {num_players}-player "
                          "game")
    phase_name = doc.get_str("phase")
    if phase_name not in _PHASES:
        raise RecordError(f"state.phase: unknown phase {phase_name!r}")
    phase = _PHASES[phase_name]
    hand = None if not doc.has("tile_in_hand") else tiles.get(doc.data["tile_in_hand"],
                                                               "state.tile_in_hand")
    pile_fields = doc.get_obj("pile")
    pile_tiles = tiles.many(pile_fields.get_strs("tiles"), "state.pile.tiles")
    pile = Pile(
        pile_tiles, plan_for(tiles_set.land_tiles, rules.shuffle, rules.slices),
        pile_fields.get_int("drawn", 0, len(tiles_set.tiles)),
        pile_fields.get_int("amazon_drawn", 0, len(tiles_set.tiles)),
        pile_fields.get_bool("explicit"),
        pile_fields.get_int("seed") if pile_fields.has("seed") else None,
    )
    removed = tiles.many(doc.get_strs("removed"), "state.removed")
    doubles_left = tiles.many(doc.get_strs("doubles_left"), "state.doubles_left")
    pending = tuple(t for t in (tiles.by_name.get(n) for n in doc.get_strs("pending_amazon"))
                    if t is not None)
    if len(pending) != len(doc.get_strs("pending_amazon")):
        raise RecordError("state.pending_amazon: names a tile that is not in the tile set")
    final = None
    if doc.has("final_scoring"):
        final = tuple(FinalScore(*(check_int(v, f"state.final_scoring[{i}]", 0) for v in row))
                      if isinstance(row, list) and len(row) == 4 else _bad_final(i)
                      for i, row in enumerate(doc.get_list("final_scoring")))
    state = GameState(
        rules=rules, num_players=num_players, phase=phase,
        current_player=doc.get_int("current_player", 0, num_players - 1), players=players,
        track_length=doc.get_int("track_length", 1), board=board, features=graph,
        tile_in_hand=hand, pile=pile, removed=removed, doubles_left=doubles_left,
        piece_placement=doc.get_int("piece_placement", -1, len(board.placements) - 1),
        pending_amazon=pending, final_scoring=final,
    )
    _check_consistency(state, tiles)
    return state


def _bad_final(index: int) -> FinalScore:
    raise RecordError(f"state.final_scoring[{index}]: expected [tributaries, villages, camps, "
                      "river]")


def _player_from_json(fields: Fields) -> PlayerState:
    breakdown_fields = fields.get_obj("breakdown")
    breakdown = ScoreBreakdown(*(breakdown_fields.get_int(k, 0) for k in _BREAKDOWN))
    score = fields.get_int("score", 0)
    if score != breakdown.total:
        raise RecordError(f"{fields.path}.score: {score} is not the sum of its breakdown "
                          f"({breakdown.total})")
    return PlayerState(score, fields.get_int("boat", 1), fields.get_int("meeples", 0, 4),
                       fields.get_int("camps", 0, 2), breakdown)


def _board_from_json(doc: Fields, tiles: _Tiles) -> tuple[Board, FeatureGraph]:
    rows = doc.get_list("placements")
    if not rows:
        raise RecordError("state.placements: the start tile is missing")
    board: Board | None = None
    graph = FeatureGraph.empty()
    for index, row in enumerate(rows):
        path = f"state.placements[{index}]"
        if not isinstance(row, list) or len(row) != 4:
            raise RecordError(f"{path}: expected [tile, x, y, degrees]")
        tile = tiles.get(row[0], f"{path}[0]")
        x = check_int(row[1], f"{path}[1]", -2000, 2000)
        y = check_int(row[2], f"{path}[2]", -2000, 2000)
        degrees = check_int(row[3], f"{path}[3]")
        if degrees not in _ROTATIONS:
            raise RecordError(f"{path}[3]: rotation must be 0, 90, 180 or 270, not {degrees}")
        position, rotation = Position(x, y), _ROTATIONS[degrees]
        if board is None:
            if tile.kind is not TileKind.START or (x, y, degrees) != (0, 0, 0):
                raise RecordError(f"{path}: the first placement must be the start tile at 0,0")
            board = Board.with_start_tile(tile)
            graph = graph.add_placement(board, 0, 1).graph
            continue
        if not board.allows(tile, position, rotation):
            raise RecordError(f"{path}: {tile.name} cannot lie at {position} turned {degrees}° "
                              "(the board does not allow it)")
        board, placed = board.place(tile, rotation, cell_key(x, y))
        graph = graph.add_placement(board, placed, 1).graph
    assert board is not None
    return board, graph


def _pieces_from_json(doc: Fields, board: Board, graph: FeatureGraph,
                      num_players: int) -> FeatureGraph:
    for index, row in enumerate(doc.get_list("pieces")):
        path = f"state.pieces[{index}]"
        if not isinstance(row, list) or len(row) != 3:
            raise RecordError(f"{path}: expected [placement index, segment, player]")
        placed = check_int(row[0], f"{path}[0]", 0, len(board.placements) - 1)
        segments = board.placements[placed].tile.layout.segments
        segment = check_int(row[1], f"{path}[1]", 0, len(segments) - 1)
        player = check_int(row[2], f"{path}[2]", 0, num_players - 1)
        if segments[segment].terrain is Terrain.AMAZON:
            raise RecordError(f"{path}: no piece stands on the Amazon (R-F6)")
        node = node_of(placed, segment)
        if any(n == node for n, _ in graph.feature_of(node).pieces):
            raise RecordError(f"{path}: two pieces on one segment")
        graph = graph.with_piece(node, player)
    return graph


def _check_consistency(state: GameState, tiles: _Tiles) -> None:
    """The whole must add up: every tile once, supplies, track, phase."""
    tileset = state.rules.tileset
    missing = [t.name for t in tileset.tiles if not tiles.used[t.name]
               and t not in state.pending_amazon]
    if missing:
        raise RecordError(f"state: tiles missing from the snapshot: {', '.join(missing[:5])}")
    meeples = Counter(p.player for p in state.pieces() if p.kind.value == "meeple")
    camps = Counter(p.player for p in state.pieces() if p.kind.value == "camp")
    for index, player in enumerate(state.players):
        if player.meeples_in_supply + meeples[index] != 4 or \
                player.camps_in_supply + camps[index] != 2:
            raise RecordError(f"state.players[{index}]: supply and board do not add up to "
                              "4 meeples and 2 camps (R-C2)")
        if not 1 <= player.boat <= state.track_length:
            raise RecordError(f"state.players[{index}].boat: {player.boat} is off the track "
                              f"1..{state.track_length} (R-T9)")
    expected = tileset.start_side(state.num_players).river_spaces + sum(
        p.tile.layout.river_spaces for p in state.board.placements)
    if state.track_length != expected:
        raise RecordError(f"state.track_length: {state.track_length}, but the river tiles "
                          f"placed give {expected} (R-T9)")
    _check_pile(state)
    needs_hand = state.phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE)
    if needs_hand != (state.tile_in_hand is not None):
        raise RecordError(f"state.tile_in_hand: does not fit the phase {state.phase.value!r}")
    if (state.phase is Phase.PLACE_PIECE) != (state.piece_placement > 0):
        raise RecordError(f"state.piece_placement: does not fit the phase {state.phase.value!r}")
    if state.pile.explicit != (state.phase is Phase.DRAW_TILE) and state.phase is Phase.DRAW_TILE:
        raise RecordError("state.pile: a chance node needs an explicit pile")
    if (state.final_scoring is not None) != state.is_terminal:
        raise RecordError("state.final_scoring: present exactly when the game is over")
    if state.final_scoring is not None and len(state.final_scoring) != state.num_players:
        raise RecordError("state.final_scoring: one row per player")


def _check_pile(state: GameState) -> None:
    """Each tile where its kind may be, and the pile's counters derivable from its tiles."""
    tileset = state.rules.tileset
    land = tileset.land_tiles
    pile = state.pile
    if any(t.kind not in (TileKind.STANDARD, TileKind.AMAZON) for t in pile.tiles):
        raise RecordError("state.pile.tiles: only land tiles are drawn (R-C3)")
    if any(t.kind is not TileKind.DOUBLE for t in state.doubles_left):
        raise RecordError("state.doubles_left: only double tiles are set aside (R-C4)")
    if any(t.kind is not TileKind.STANDARD for t in state.removed):
        raise RecordError("state.removed: only standard tiles can be removed (R-G7)")
    placed = {p.tile.id for p in state.board.placements}
    if any(t.id not in placed or not t.kind.is_river for t in state.pending_amazon):
        raise RecordError("state.pending_amazon: only river tiles placed this turn")
    hand = state.tile_in_hand
    wanted = TileKind.DOUBLE if state.phase is Phase.PLACE_DOUBLE else None
    if hand is not None and (hand.kind is TileKind.DOUBLE) != (wanted is TileKind.DOUBLE):
        raise RecordError(f"state.tile_in_hand: tile {hand.name} ({hand.kind.value}) cannot be "
                          "in hand in "
                          f"the {state.phase.value!r} phase")
    amazon_left = sum(1 for t in pile.tiles if t.kind is TileKind.AMAZON)
    amazon_total = sum(1 for t in land if t.kind is TileKind.AMAZON)
    if pile.drawn != len(land) - len(pile.tiles) or \
            pile.amazon_drawn != amazon_total - amazon_left:
        raise RecordError(f"state.pile: drawn {pile.drawn} and amazon_drawn {pile.amazon_drawn} "
                          f"do not match the {len(pile.tiles)} tiles left")
    if pile.explicit and list(pile.tiles) != sorted(pile.tiles, key=lambda t: t.id):
        raise RecordError("state.pile.tiles: an explicit pile lists its tiles by id")
    if pile.explicit and pile.tiles and not state.is_terminal and not pile.outcomes():
        raise RecordError("state.pile: no tile can come next under the shuffle's slice quotas")
    if state.phase is Phase.DRAW_TILE and not pile.tiles:
        raise RecordError("state.phase: a chance node with no tile left to draw")
