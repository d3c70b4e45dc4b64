"""A reference model of feature detection and scoring, written straight from docs/rules.md.

It is short, slow and obviously correct: every question is answered from
scratch from the tiles on the board (``state.board.placements``: each tile,
its anchor position and its rotated variant's edge and port tables) with a
flood fill, never from the engine's incremental feature graph.  The
differential test (test_differential.py) plays games with the engine and
compares every answer.

Pieces are the model's own: a list of :class:`Piece` that the differential
test keeps from the actions played (R-T5) and the meeples returned (R-T7).

Nodes are ``(placement index, segment index)`` pairs.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from carcassonne_amazonas import Placement, Position, Rotation, Terrain, Tile, TileKind
from carcassonne_amazonas.tiles.geometry import PORTS_PER_SIDE, facing_port

Node = tuple[int, int]

# R-C2, R-C5, R-E5: the numbers of the rules, not of any data file.
MEEPLES = 4
CAMPS = 2
START_SPACES = {2: 16, 3: 16, 4: 8, 5: 8}
MOUTH_POINTS = {2: (6, 3), 3: (6, 3), 4: (7, 4, 1), 5: (7, 4, 1)}

_STEP = {0: (0, -1), 1: (1, 0), 2: (0, 1), 3: (-1, 0)}  # north, east, south, west


@dataclass(frozen=True)
class Piece:
    """A meeple (``camp`` False) or a camp on segment ``segment`` of placement ``index``."""

    player: int
    camp: bool
    index: int
    segment: int

    @property
    def node(self) -> Node:
        return (self.index, self.segment)


@dataclass(frozen=True)
class ModelFeature:
    """One tributary, village, jungle or the Amazon, as the flood fill found it."""

    terrain: Terrain
    nodes: frozenset[Node]
    tiles: frozenset[int]
    """Distinct placements (R-F8: a double tile or the start tile counts once)."""
    open_ends: int
    """Ports facing an empty cell (R-F3, R-F4)."""
    boats: int
    fruit: int
    animals: int

    @property
    def completed(self) -> bool:
        """R-F3, R-F4: a tributary or village with no open end; R-F5: jungles never."""
        return self.terrain in (Terrain.TRIBUTARY, Terrain.VILLAGE) and self.open_ends == 0

    def pieces(self, pieces: Sequence[Piece]) -> list[Piece]:
        return [p for p in pieces if p.node in self.nodes]


def cells_of(placements: Sequence[Placement]) -> dict[tuple[int, int], tuple[int, int]]:
    """Cell -> (placement index, index of the cell in the placement's variant)."""
    cells: dict[tuple[int, int], tuple[int, int]] = {}
    for index, placement in enumerate(placements):
        for cell_index, vc in enumerate(placement.variant.cells):
            where = (placement.position.x + vc.dx, placement.position.y + vc.dy)
            assert where not in cells, f"two tiles on cell {where}"
            cells[where] = (index, cell_index)
    return cells


def features(placements: Sequence[Placement]) -> list[ModelFeature]:
    """Every feature on the board (R-F1–R-F5, R-F8), by flood fill from scratch."""
    cells = cells_of(placements)
    links: dict[Node, set[Node]] = {}
    open_ends: dict[Node, int] = {}
    for index, placement in enumerate(placements):
        for segment in range(len(placement.tile.layout.segments)):
            links[(index, segment)] = set()
            open_ends[(index, segment)] = 0
    for (x, y), (index, cell_index) in cells.items():
        vc = placements[index].variant.cells[cell_index]
        for port, segment in enumerate(vc.port_segments):
            if segment < 0:
                continue
            dx, dy = _STEP[port // PORTS_PER_SIDE]
            neighbour = cells.get((x + dx, y + dy))
            if neighbour is None:
                open_ends[(index, segment)] += 1
                continue
            other_index, other_cell = neighbour
            assert other_index != index, "a port inside a tile's footprint"
            other_vc = placements[other_index].variant.cells[other_cell]
            other_segment = other_vc.port_segments[facing_port(port)]
            assert other_segment >= 0
            links[(index, segment)].add((other_index, other_segment))
            links[(other_index, other_segment)].add((index, segment))
    result = []
    seen: set[Node] = set()
    for start in links:
        if start in seen:
            continue
        component = {start}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for other in links[node]:
                if other not in component:
                    component.add(other)
                    queue.append(other)
        seen |= component
        terrains = {terrain_of(placements, node) for node in component}
        assert len(terrains) == 1, f"a feature of mixed terrain {terrains} (R-G4)"
        boats = fruit = animals = 0
        for index, segment in component:
            icons = placements[index].tile.icons[segment]
            boats += icons.boats
            fruit += icons.fruit
            animals += icons.animals
        result.append(ModelFeature(
            terrains.pop(), frozenset(component), frozenset(i for i, _ in component),
            sum(open_ends[node] for node in component), boats, fruit, animals))
    return result


def terrain_of(placements: Sequence[Placement], node: Node) -> Terrain:
    return placements[node[0]].tile.layout.segments[node[1]].terrain


def feature_of(found: Sequence[ModelFeature], node: Node) -> ModelFeature:
    return next(f for f in found if node in f.nodes)


# ---------------------------------------------------------------------------- placement

def river_column(placements: Sequence[Placement]) -> int:
    """R-G1: the column where the Amazon leaves the start tile (its south edge)."""
    start = placements[0]
    assert start.tile.kind is TileKind.START
    for vc in start.variant.cells:
        if vc.edges[2] == Terrain.AMAZON:
            return start.position.x + vc.dx
    raise AssertionError("the start tile has no river mouth")


def river_end_row(placements: Sequence[Placement]) -> int:
    """R-G2: the last row the river occupies (start tile, Amazon and double tiles)."""
    return max(p.position.y + vc.dy for p in placements if p.tile.kind is not TileKind.STANDARD
               for vc in p.variant.cells)


def legal_placements(placements: Sequence[Placement], tile: Tile) -> set[tuple[Position,
                                                                                Rotation]]:
    """R-G2–R-G6: every (anchor, rotation) where ``tile`` may go."""
    end = river_end_row(placements)
    if tile.kind in (TileKind.AMAZON, TileKind.DOUBLE):  # R-G5, R-G6
        return {(Position(river_column(placements), end + 1), r)
                for r in (Rotation.R0, Rotation.R180)}
    cells = cells_of(placements)
    candidates = set()
    for x, y in cells:
        for dx, dy in _STEP.values():
            if (x + dx, y + dy) not in cells and y + dy <= end:
                candidates.add((x + dx, y + dy))
    result = set()
    for x, y in candidates:
        for rotation in Rotation:
            edges = tile.layout.variant(rotation).cells[0].edges
            fits = True
            for side, (dx, dy) in _STEP.items():
                neighbour = cells.get((x + dx, y + dy))
                if neighbour is None:
                    continue
                other_index, other_cell = neighbour
                facing = placements[other_index].variant.cells[other_cell].edges[(side + 2) % 4]
                if facing != edges[side]:
                    fits = False
            if fits:
                result.add((Position(x, y), rotation))
    return result


def track_length(placements: Sequence[Placement], num_players: int) -> int:
    """R-T9: start spaces + 1 per Amazon tile + 2 per double tile."""
    kinds = [p.tile.kind for p in placements]
    return (START_SPACES[num_players] + kinds.count(TileKind.AMAZON)
            + 2 * kinds.count(TileKind.DOUBLE))


# ---------------------------------------------------------------------------- pieces

def piece_options(placements: Sequence[Placement], found: Sequence[ModelFeature],
                  pieces: Sequence[Piece], player: int) -> set[tuple[bool, int]]:
    """R-T5a, R-T5b, R-F6: ``(camp, segment)`` for each piece the player may put on the last
    placed tile (a pass, R-T5c, is always possible too)."""
    index = len(placements) - 1
    meeples = MEEPLES - sum(1 for p in pieces if p.player == player and not p.camp)
    camps = CAMPS - sum(1 for p in pieces if p.player == player and p.camp)
    options = set()
    for segment, seg in enumerate(placements[index].tile.layout.segments):
        if feature_of(found, (index, segment)).pieces(pieces):
            continue
        if seg.terrain is Terrain.JUNGLE and camps:
            options.add((True, segment))
        elif seg.terrain in (Terrain.TRIBUTARY, Terrain.VILLAGE) and meeples:
            options.add((False, segment))
    return options


# ---------------------------------------------------------------------------- boats

def advance(boat: int, spaces: int, length: int) -> int:
    """R-T9: forward only, stopping on the last explored space."""
    return max(boat, min(boat + spaces, length))


def boat_icon_gains(before: Sequence[ModelFeature], after: Sequence[ModelFeature],
                    new_index: int, pieces: Sequence[Piece], num_players: int) -> list[int]:
    """R-T4: for each tributary the new tile extends or joins, every player with a meeple
    on it gains its Boat icons minus those of the parts that already held their meeples."""
    gains = [0] * num_players
    for feature in after:
        if feature.terrain is not Terrain.TRIBUTARY or new_index not in feature.tiles:
            continue
        parts = [f for f in before if f.nodes <= feature.nodes]
        holders = {p.player for part in parts for p in part.pieces(pieces)}
        for player in holders:
            held = sum(part.boats for part in parts
                       if any(p.player == player for p in part.pieces(pieces)))
            gains[player] += feature.boats - held
    return gains


# ---------------------------------------------------------------------------- scoring

def majority(feature: ModelFeature, pieces: Sequence[Piece]) -> set[int]:
    """R-M1: the players with the most pieces on the feature (ties all win)."""
    counts: dict[int, int] = {}
    for piece in feature.pieces(pieces):
        counts[piece.player] = counts.get(piece.player, 0) + 1
    if not counts:
        return set()
    most = max(counts.values())
    return {p for p, c in counts.items() if c == most}


def completed_value(feature: ModelFeature) -> int:
    """R-T7: tributary 1 per tile, village 2 per tile, + 1 per Fruit icon."""
    per_tile = 1 if feature.terrain is Terrain.TRIBUTARY else 2
    return per_tile * len(feature.tiles) + feature.fruit


def feature_points(feature: ModelFeature, value: int, pieces: Sequence[Piece],
                   num_players: int) -> tuple[int, ...]:
    winners = majority(feature, pieces)
    return tuple(value if p in winners else 0 for p in range(num_players))


def dense_ranks(boats: Sequence[int]) -> list[int]:
    """R-A1: furthest occupied space first, then the next occupied space, ..."""
    spaces = sorted(set(boats), reverse=True)
    return [spaces.index(b) + 1 for b in boats]


def competition_ranks(boats: Sequence[int]) -> list[int]:
    """R-V1: the boats in order, furthest first; a boat's rank is its place in that order,
    and boats on one space all take the first place of their group (9, 9, 7: 1, 1, 3)."""
    order = sorted(boats, reverse=True)
    return [order.index(b) + 1 for b in boats]


def rank_points(boats: Sequence[int], by_rank: Sequence[int],
                competition: bool = False) -> tuple[int, ...]:
    """R-A2, R-E5 with R-A3: ties share a rank's full points; with 2 players the second boat
    scores only directly behind the first.  ``competition``: ranked by R-V1."""
    ranks = competition_ranks(boats) if competition else dense_ranks(boats)
    points = []
    for boat, rank in zip(boats, ranks):
        value = by_rank[rank - 1] if rank <= len(by_rank) else 0
        if len(boats) == 2 and rank == 2 and boat != max(boats) - 1:
            value = 0
        points.append(value)
    return tuple(points)


def amazon_icons(tile: Tile) -> tuple[int, int]:
    """(caimans, piranhas) shown on a river tile (a double tile counts as one)."""
    return (sum(i.caimans for i in tile.icons), sum(i.piranhas for i in tile.icons))


def amazon_scoring(boats: Sequence[int], tile: Tile,
                   competition: bool = False) -> tuple[int, ...]:
    """R-A1–R-A3: first place caimans + piranhas, second place piranhas (ranked by R-V1 when
    ``competition``)."""
    caimans, piranhas = amazon_icons(tile)
    return rank_points(boats, (caimans + piranhas, piranhas), competition)


def final_scoring(found: Sequence[ModelFeature], pieces: Sequence[Piece],
                  boats: Sequence[int], per_camp: bool = False
                  ) -> list[tuple[int, int, int, int]]:
    """R-E2–R-E5 per player: (tributaries, villages, camps, river).  ``per_camp`` (R-V2): each
    camp of a player with the most camps in a jungle scores the jungle's animals."""
    n = len(boats)
    rows = [[0, 0, 0, 0] for _ in range(n)]
    for feature in found:
        if not feature.pieces(pieces):
            continue
        if feature.terrain is Terrain.JUNGLE and per_camp:  # R-V2
            winners = majority(feature, pieces)
            for piece in feature.pieces(pieces):
                if piece.player in winners:
                    rows[piece.player][2] += feature.animals
            continue
        if feature.terrain is Terrain.JUNGLE:  # R-E4, once per jungle
            column, value = 2, feature.animals
        elif feature.terrain in (Terrain.TRIBUTARY, Terrain.VILLAGE) and not feature.completed:
            column = 0 if feature.terrain is Terrain.TRIBUTARY else 1  # R-E2, R-E3
            value = len(feature.tiles) + feature.fruit
        else:
            continue
        for player, points in enumerate(feature_points(feature, value, pieces, n)):
            rows[player][column] += points
    for player, points in enumerate(rank_points(boats, MOUTH_POINTS[n])):  # R-E5
        rows[player][3] += points
    return [(a, b, c, d) for a, b, c, d in rows]
