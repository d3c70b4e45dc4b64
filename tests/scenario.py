"""A small builder for scenario tests played through the public engine API.

Scenarios fix the draw order with ``new_game(..., pile=...)``:
:func:`pile_starting_with` puts named tile copies (``"S01.5"`` is the 5th copy
of layout S01) on top of the pile and the rest of the land tiles after them in
id order.  :func:`turn` then plays one whole standard turn: place the tile in
hand, then a meeple, a camp or a pass, collecting every event.

Coordinates (README): the start tile covers ``(0, 0)``-``(1, 3)``, column 0 is
the river column, ``y`` grows downstream.  At the start the open cells and the
edge each one must show towards the start tile are::

    (0,-1) south jungle        (1,-1) south tributary (north creek, 1 Boat icon)
    (-1,0) (-1,1) (-1,3) east jungle     (-1,2) east tributary (west creek)
    (2,0)  (2,1)  west jungle            (2,2)  west village   (2,3) west tributary

For games short enough to reach the final scoring, :func:`mini_tileset` builds
a custom tile set: the reference start tile (without icons) plus the layouts
given, validated by :func:`~carcassonne_amazonas.parse_tileset`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, TypeVar

from carcassonne_amazonas import (
    Action,
    AmazonRanking,
    CampScoring,
    Event,
    GameState,
    Pass,
    Phase,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rotation,
    Rules,
    Terrain,
    Tile,
    TileSet,
    apply_action_with_events,
    new_game,
    parse_tileset,
    reference_tileset,
)

__all__ = [
    "MINI_HEADER",
    "R0",
    "R90",
    "R180",
    "R270",
    "Turn",
    "events_of",
    "mini_tileset",
    "pile_starting_with",
    "play",
    "segment_index",
    "start_game",
    "tile_named",
    "turn",
]

E = TypeVar("E")

R0, R90, R180, R270 = Rotation.R0, Rotation.R90, Rotation.R180, Rotation.R270


class Turn(NamedTuple):
    """The state after some actions, and every event they caused, in order."""

    state: GameState
    events: tuple[Event, ...]


def _tileset(tileset: TileSet | None) -> TileSet:
    return reference_tileset() if tileset is None else tileset


def tile_named(name: str, tileset: TileSet | None = None) -> Tile:
    """The tile copy called ``name`` (``LAYOUT.k``)."""
    return _tileset(tileset).tile_named(name)


def pile_starting_with(*names: str, tileset: TileSet | None = None) -> list[Tile]:
    """Every land tile of the set once: the named copies first, in the order given,
    then the others in id order."""
    tiles = _tileset(tileset)
    first = [tiles.tile_named(name) for name in names]
    ids = [t.id for t in first]
    if len(set(ids)) != len(ids):
        raise ValueError(f"a tile is named twice in {names}")
    land_ids = {t.id for t in tiles.land_tiles}
    for t in first:
        if t.id not in land_ids:
            raise ValueError(f"{t.name} is not a land tile")
    chosen = set(ids)
    return first + [t for t in tiles.land_tiles if t.id not in chosen]


def start_game(num_players: int, *names: str, tileset: TileSet | None = None,
               first_player: int = 0, amazon_ranking: AmazonRanking = AmazonRanking.DENSE,
               camp_scoring: CampScoring = CampScoring.PER_JUNGLE) -> GameState:
    """A new game whose pile starts with the named tiles (see :func:`pile_starting_with`),
    with the variant options given (R-V1, R-V2)."""
    tiles = _tileset(tileset)
    state = new_game(num_players, pile=pile_starting_with(*names, tileset=tiles),
                     rules=Rules(tileset=tiles, first_player=first_player,
                                 amazon_ranking=amazon_ranking, camp_scoring=camp_scoring))
    if names:
        assert state.tile_in_hand is not None
        assert state.tile_in_hand.name == names[0]
    return state


def play(state: GameState, *actions: Action) -> Turn:
    """Apply the actions one after another, collecting every event."""
    events: list[Event] = []
    for action in actions:
        state, caused = apply_action_with_events(state, action)
        events.extend(caused)
    return Turn(state, tuple(events))


def segment_index(tile: Tile, name: str) -> int:
    """Index in ``tile.layout.segments`` of the segment called ``name``."""
    for index, segment in enumerate(tile.layout.segments):
        if segment.name == name:
            return index
    raise KeyError(f"{tile.name} has no segment {name!r}")


def turn(state: GameState, x: int, y: int, rotation: Rotation = Rotation.R0, *,
         meeple: str | None = None, camp: str | None = None) -> Turn:
    """One standard turn: place the tile in hand at ``(x, y)``, then put a meeple
    on segment ``meeple``, a camp on segment ``camp`` (names from the tile-set
    file), or pass when neither is given."""
    assert state.phase is Phase.PLACE_TILE, state.phase
    tile = state.tile_in_hand
    assert tile is not None
    position = Position(x, y)
    piece: Action
    if meeple is not None:
        assert camp is None
        segment = segment_index(tile, meeple)
        assert tile.layout.segments[segment].terrain in (Terrain.TRIBUTARY, Terrain.VILLAGE)
        piece = PlaceMeeple(position, segment)
    elif camp is not None:
        segment = segment_index(tile, camp)
        assert tile.layout.segments[segment].terrain is Terrain.JUNGLE
        piece = PlaceCamp(position, segment)
    else:
        piece = Pass()
    return play(state, PlaceTile(position, rotation), piece)


def events_of(events: Iterable[Event], kind: type[E]) -> list[E]:
    """The events of one kind, in order."""
    return [event for event in events if isinstance(event, kind)]


# The reference start tile without icons, and start sides for 2-5 players.
MINI_HEADER = """\
tileset mini
title "scenario test set"
start-side 2-3 river-spaces 16 mouth 6 3
start-side 4-5 river-spaces 8 mouth 7 4 1

layout START start 2x4 x1 "start tile"
  amazon    river      S2@0,3
  tributary north      N2@1,0
  tributary west       W2@0,2
  tributary east       E2@1,3
  village   village    E@1,2
  jungle    source     N@0,0 N1@1,0 W@0,0 W@0,1 W3@0,2
  jungle    northeast  N3@1,0 E@1,0 E@1,1 E1@1,3
  jungle    southeast  E3@1,3 S@1,3 S1@0,3
  jungle    southwest  S3@0,3 W@0,3 W1@0,2
  copy
"""


def mini_tileset(layouts: str) -> TileSet:
    """A small custom tile set: :data:`MINI_HEADER` plus ``layouts`` (tile-set format)."""
    return parse_tileset(MINI_HEADER + "\n" + layouts, "scenario test set")
