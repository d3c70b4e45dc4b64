"""The first check of :func:`~carcassonne_amazonas.formats.problems.state_problems`: a state
whose every field has exactly the library's type, and whose tiles are its own tile set's.

A :class:`~carcassonne_amazonas.rules.state.GameState` can be built by hand, by
``attrs.evolve`` or by Hypothesis with anything in its fields: ``None``, a float, a
number of thousands of digits, a tile of another tile set, a tile set whose tiles are
not those of its source text.  :func:`state_type_problems` finds all of that first, so
that the other checks may rely on the types; it never raises.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator

from ...rules.actions import PlaceTile
from ...rules.board import Board, Placement
from ...rules.boat_track import AmazonRanking
from ...rules.features import Feature, FeatureGraph
from ...rules.options import Rules
from ...rules.pile import MAX_SLICES, Pile, Shuffle
from ...rules.players import PlayerState
from ...rules.scoring import (
    FINAL_SCORE_CATEGORIES,
    SCORE_CATEGORIES,
    CampScoring,
    FinalScore,
    ScoreBreakdown,
)
from ...rules.state import GameState, Phase
from ...tiles.geometry import Position, Rotation
from ...tiles.layout import Terrain
from ...tiles.reference import reference_tileset
from ...tiles.tilefile import parse_tileset
from ...tiles.tileset import Tile, TileSet
from .facts import Problem

__all__ = ["feature_items", "state_type_problems"]


def state_type_problems(state: object, trusted_features: bool = False,
                        ) -> tuple[list[Problem], list[tuple[int, Feature]]]:
    """Every field of ``state`` that has not exactly the library's type, or holds a tile
    of another tile set; and the state's features, as ``(id, feature)`` pairs (not
    inspected when ``trusted_features``: a derivation made them)."""
    if type(state) is not GameState:
        return [Problem("state", f"expected a GameState, not {type(state).__name__}")], []
    rules = state.rules
    if type(rules) is not Rules or type(rules.tileset) is not TileSet:
        return [Problem("rules", "expected a Rules with a TileSet")], []
    trouble = _tileset_trouble(rules.tileset)
    if trouble:
        return [Problem("rules.tileset", trouble)], []
    n = state.num_players
    if type(n) is not int or not 2 <= n <= 5:
        return [Problem("num_players", "expected an int from 2 to 5", ("R-C1",))], []
    tiles = rules.tileset.tiles
    out = [*_rules_problems(rules, n), *_scalar_problems(state),
           *_players_problems(state.players, n), *_board_problems(state.board, tiles)]
    items: list[tuple[int, Feature]] = []
    if not trusted_features:
        checked = feature_items(state.features) if type(state.features) is FeatureGraph \
            else None
        if checked is None:
            out.append(Problem("features", "expected a FeatureGraph of Feature values"))
        else:
            items = checked
    if state.tile_in_hand is not None and not _own(tiles, state.tile_in_hand):
        out.append(Problem("tile_in_hand", "expected None or a tile of the game's tile set"))
    out.extend(_pile_problems(state.pile, tiles))
    for field in ("removed", "doubles_left", "pending_amazon"):
        out.extend(_own_tiles_problems(getattr(state, field), field, tiles))
    out.extend(_cache_problems(state))
    return out, items


def _rules_problems(rules: Rules, n: int) -> Iterator[Problem]:
    """The rules' options (R-C7, R-C8, R-V1, R-V2)."""
    if type(rules.first_player) is not int or not 0 <= rules.first_player < n:
        yield Problem("rules.first_player", f"expected a player of a {n}-player game",
                      ("R-C8",))
    if type(rules.shuffle) is not Shuffle or type(rules.slices) is not int or \
            not 1 <= rules.slices <= MAX_SLICES:
        yield Problem("rules", f"expected a Shuffle and a slice count from 1 to {MAX_SLICES}",
                      ("R-C7",))
    if type(rules.amazon_ranking) is not AmazonRanking:
        yield Problem("rules.amazon_ranking", "expected an AmazonRanking", ("R-V1",))
    if type(rules.camp_scoring) is not CampScoring:
        yield Problem("rules.camp_scoring", "expected a CampScoring", ("R-V2",))


def _scalar_problems(state: GameState) -> Iterator[Problem]:
    """The phase and the state's own numbers."""
    yield from _expect("phase", state.phase, Phase)
    for field in ("current_player", "track_length", "piece_placement"):
        yield from _expect(field, getattr(state, field), int)


def _players_problems(players: object, n: int) -> Iterator[Problem]:
    """One PlayerState per player, with int counts and a ScoreBreakdown of ints."""
    if type(players) is not tuple or len(players) != n:
        yield Problem("players", f"expected a tuple of {n} PlayerState", ("R-C1",))
        return
    for index, player in enumerate(players):
        field = f"players[{index}]"
        if type(player) is not PlayerState or type(player.breakdown) is not ScoreBreakdown:
            yield Problem(field, "expected a PlayerState with a ScoreBreakdown")
            continue
        for name in ("score", "boat", "meeples_in_supply", "camps_in_supply"):
            yield from _expect(f"{field}.{name}", getattr(player, name), int)
        for name in SCORE_CATEGORIES:
            yield from _expect(f"{field}.breakdown.{name}", getattr(player.breakdown, name), int)


def _board_problems(board: object, tiles: tuple[Tile, ...]) -> Iterator[Problem]:
    """A Board of placements of the game's tiles, and its river end."""
    if type(board) is not Board:
        yield Problem("board", "expected a Board")
        return
    if type(board.placements) is not tuple or len(board.placements) > len(tiles):
        yield Problem("board.placements", f"expected a tuple of at most {len(tiles)} "
                                          "placements")
        return
    for index, placement in enumerate(board.placements):
        if type(placement) is not Placement or not _own(tiles, placement.tile) or \
                not _exact_position(placement.position) or \
                type(placement.rotation) is not Rotation:
            yield Problem(f"board.placements[{index}]", "expected a Placement of a tile "
                                                        "of the game's tile set, a Position and "
                                                        "a Rotation")
            break
    yield from _expect("board.river_column", board.river_column, int)
    yield from _expect("board.river_end_row", board.river_end_row, int)


def _pile_problems(pile: object, tiles: tuple[Tile, ...]) -> Iterator[Problem]:
    """A Pile of the game's tiles, with its plan, counters and seed."""
    if type(pile) is not Pile:
        yield Problem("pile", "expected a Pile")
        return
    yield from _own_tiles_problems(pile.tiles, "pile.tiles", tiles)
    if type(pile.plan) is not tuple or len(pile.plan) > len(tiles) + 1 or not all(
            type(part) is tuple and len(part) == 2 and all(type(v) is int for v in part)
            for part in pile.plan):
        yield Problem("pile.plan", "expected a tuple of (size, quota) pairs")
    yield from _expect("pile.drawn", pile.drawn, int)
    yield from _expect("pile.amazon_drawn", pile.amazon_drawn, int)
    yield from _expect("pile.explicit", pile.explicit, bool)
    if pile.seed is not None:
        yield from _expect("pile.seed", pile.seed, int)


def _cache_problems(state: GameState) -> Iterator[Problem]:
    """The final scoring and the cached legal placements, when set."""
    finals = state.final_scoring
    if finals is not None and (type(finals) is not tuple or len(finals) > 5 or not all(
            type(f) is FinalScore and all(type(getattr(f, category)) is int
                                          for category in FINAL_SCORE_CATEGORIES)
            for f in finals)):
        yield Problem("final_scoring", "expected None or a tuple of FinalScore")
    cached = state.tile_actions
    if cached is not None and (type(cached) is not tuple or not all(
            type(a) is PlaceTile and _exact_position(a.position) for a in cached)):
        yield Problem("tile_actions", "expected None or a tuple of PlaceTile")


def _own(tiles: tuple[Tile, ...], tile: object) -> bool:
    """Whether ``tile`` is one of the game's own ``tiles`` (the very object)."""
    return type(tile) is Tile and type(tile.id) is int and 0 <= tile.id < len(tiles) \
        and tiles[tile.id] is tile


def _own_tiles_problems(value: object, field: str, tiles: tuple[Tile, ...],
                        ) -> Iterator[Problem]:
    if type(value) is not tuple or len(value) > len(tiles):
        yield Problem(field, f"expected a tuple of at most {len(tiles)} tiles")
    elif not all(_own(tiles, tile) for tile in value):
        yield Problem(field, "expected tiles of the game's tile set")


def _expect(field: str, value: object, kind: type) -> Iterator[Problem]:
    if type(value) is not kind:
        yield Problem(field, f"expected a {kind.__name__}, not {type(value).__name__}")


def _exact_position(value: object) -> bool:
    return type(value) is Position and type(value.x) is int and type(value.y) is int


def feature_items(graph: FeatureGraph) -> list[tuple[int, Feature]] | None:
    """The graph's ``(id, feature)`` pairs, if every one is a well-typed Feature (else
    None)."""
    try:
        items = list(graph.feature_items())
    except Exception:  # a FeatureGraph built by hand around something that is no dict
        return None
    for feature_id, feature in items:
        if type(feature_id) is not int or type(feature) is not Feature or \
                type(feature.terrain) is not Terrain or type(feature.nodes) is not tuple or \
                type(feature.pieces) is not tuple or not all(
                    type(node) is int for node in feature.nodes) or not all(
                    type(piece) is tuple and len(piece) == 2 and type(piece[0]) is int
                    and type(piece[1]) is int for piece in feature.pieces) or not all(
                    type(v) is int for v in (feature.open_ports, feature.boats, feature.fruit,
                                             feature.animals)):
            return None
    return items


_SOUND_TILESETS: weakref.WeakValueDictionary[int, TileSet] = weakref.WeakValueDictionary()


def _tileset_trouble(tileset: TileSet) -> str:
    """Why ``tileset`` cannot be a game's tile set ('' if it can): it must be what its
    own source text gives (checked once per tile-set object)."""
    if tileset is reference_tileset() or _SOUND_TILESETS.get(id(tileset)) is tileset:
        return ""
    try:
        source = tileset.source
        if type(source) is not str:
            return "its source is not text"
        parsed = parse_tileset(source)
    except Exception:  # TileSetError, or a TileSet built by hand around junk
        return "its source text is not a valid tile-set file"
    if not _same_tileset(parsed, tileset):
        return "its tiles are not those of its own source text"
    _SOUND_TILESETS[id(tileset)] = tileset
    return ""


def _same_tileset(parsed: TileSet, given: TileSet) -> bool:
    try:
        if (given.name, given.checksum, given.start_sides) != \
                (parsed.name, parsed.checksum, parsed.start_sides) or \
                type(given.tiles) is not tuple or len(given.tiles) != len(parsed.tiles):
            return False
        for mine, theirs in zip(given.tiles, parsed.tiles):
            if type(mine) is not Tile or mine != theirs or mine.id != theirs.id:
                return False
            a, b = mine.layout, theirs.layout
            if (a.name, a.kind, a.exclamation, a.width, a.height, a.segments, a.variants) != \
                    (b.name, b.kind, b.exclamation, b.width, b.height, b.segments, b.variants):
                return False
        return True
    except Exception:  # a TileSet built by hand: fields of any type
        return False
