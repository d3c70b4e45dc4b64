"""Features: segments joined across matched edges into tributaries, villages,
jungles and the Amazon (R-F1–R-F5, R-F8), their completion, the pieces on
them and their majority (R-M1), and the Boat icons newly connected to meeples
when a tile joins tributaries (R-T4).

Each segment of each placed tile is a *node*: ``placement_index << 6 |
segment_index``.  :class:`FeatureGraph` maps every node to the id of its
feature and every id to an immutable :class:`Feature`.  Placing a tile merges
features smaller-into-larger in fresh copies of those two tables: the old
graph is untouched, and graphs that differ only in pieces share the node
table.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

from .board import Board
from .geometry import KEY_DELTAS, PORTS_PER_SIDE, facing_port
from .reprs import repr_pretty
from .tiles import Terrain

__all__ = ["Feature", "FeatureGraph", "PlacementResult", "node_of", "placement_of", "segment_of"]

SEGMENT_BITS = 6
_SEGMENT_MASK = (1 << SEGMENT_BITS) - 1
_SCORED_TERRAINS = (Terrain.TRIBUTARY, Terrain.VILLAGE)


def node_of(placement_index: int, segment: int) -> int:
    """The node of segment ``segment`` of the ``placement_index``-th placed tile."""
    return placement_index << SEGMENT_BITS | segment


def placement_of(node: int) -> int:
    """The placement index a node belongs to."""
    return node >> SEGMENT_BITS


def segment_of(node: int) -> int:
    """The segment index (in its tile's layout) of a node."""
    return node & _SEGMENT_MASK


@attrs.frozen(slots=True, repr=False)
class Feature:
    """One tributary, village, jungle or the Amazon (R-F1).

    ``open_ports`` counts the feature's edge ports that face an empty cell; a
    tributary or village with none is completed (R-F3, R-F4).  ``pieces`` holds
    ``(node, player)`` for each meeple (tributaries, villages) or camp
    (jungles) standing on it.
    """

    terrain: Terrain
    nodes: tuple[int, ...]
    open_ports: int
    boats: int
    fruit: int
    animals: int
    pieces: tuple[tuple[int, int], ...] = ()

    def __repr__(self) -> str:
        state = "completed" if self.is_completed else f"{self.open_ports} open ports"
        tiles = self.tile_count
        return (f"<Feature {self.terrain.label}: {tiles} tile{'' if tiles == 1 else 's'}, {state}, "
                f"boats={self.boats}, fruit={self.fruit}, animals={self.animals}, "
                f"pieces={self.pieces}>")

    _repr_pretty_ = repr_pretty

    @property
    def is_completed(self) -> bool:
        """A tributary or village with no open end (R-F3, R-F4); jungles never complete (R-F5)."""
        return self.open_ports == 0 and self.terrain in _SCORED_TERRAINS

    @property
    def placement_indices(self) -> frozenset[int]:
        """The distinct placed tiles the feature covers (R-F8: a double tile counts once)."""
        return frozenset(node >> SEGMENT_BITS for node in self.nodes)

    @property
    def tile_count(self) -> int:
        """How many distinct physical tiles the feature covers (R-F8)."""
        return len(self.placement_indices)

    def pieces_of(self, player: int) -> int:
        """How many pieces ``player`` has on the feature."""
        return sum(1 for _, owner in self.pieces if owner == player)

    def majority(self) -> tuple[int, ...]:
        """The players with the most pieces on the feature, in player order (R-M1).

        Tied players all have the majority; no pieces means nobody.
        """
        counts: dict[int, int] = {}
        for _, owner in self.pieces:
            counts[owner] = counts.get(owner, 0) + 1
        if not counts:
            return ()
        most = max(counts.values())
        return tuple(sorted(p for p, n in counts.items() if n == most))


@attrs.frozen(slots=True, eq=False, repr=False)
class FeatureGraph:
    """Immutable map from nodes to features.  Equal graphs hold the same pieces."""

    _node_feature: dict[int, int] = attrs.field(alias="node_feature")
    _features: dict[int, Feature] = attrs.field(alias="features")

    @classmethod
    def empty(cls) -> FeatureGraph:
        """The graph of an empty board."""
        return cls({}, {})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FeatureGraph) and self.piece_set() == other.piece_set()

    def __hash__(self) -> int:
        return hash(self.piece_set())

    def __repr__(self) -> str:
        return (f"<FeatureGraph: {len(self._features)} features, "
                f"{len(self.piece_set())} pieces>")

    _repr_pretty_ = repr_pretty

    def piece_set(self) -> frozenset[tuple[int, int]]:
        """Every ``(node, player)`` piece on the board."""
        return frozenset(p for f in self._features.values() for p in f.pieces)

    def __iter__(self) -> Iterator[Feature]:
        return iter(self._features.values())

    def feature_items(self) -> Iterator[tuple[int, Feature]]:
        """``(feature id, feature)`` pairs."""
        return iter(self._features.items())

    def feature_id(self, node: int) -> int:
        """The id of the feature holding ``node``."""
        return self._node_feature[node]

    def feature_of(self, node: int) -> Feature:
        """The feature holding ``node``."""
        return self._features[self._node_feature[node]]

    def feature(self, feature_id: int) -> Feature:
        """The feature with this id."""
        return self._features[feature_id]

    def add_placement(self, board: Board, index: int, num_players: int) -> PlacementResult:
        """Join the segments of the ``index``-th placement of ``board`` to their neighbours.

        ``board`` already holds the new tile.  Returns the new graph, the
        features the tile is part of, and the Boat icons newly connected to
        each player's meeples (R-T4).
        """
        placement = board.placements[index]
        tile = placement.tile
        node_feature = self._node_feature.copy()
        features = self._features.copy()
        base = index << SEGMENT_BITS
        for segment_index, segment in enumerate(tile.layout.segments):
            node = base | segment_index
            icons = tile.icons[segment_index]
            node_feature[node] = node
            features[node] = Feature(segment.terrain, (node,), len(segment.ports),
                                     icons.boats, icons.fruit, icons.animals)
        # Pairs of (new node, old node) that face each other, with the number of port pairs.
        joins: dict[tuple[int, int], int] = {}
        anchor_key = (placement.position.y * KEY_DELTAS[2]) + placement.position.x
        for vc in placement.variant.cells:
            key = anchor_key + vc.dy * KEY_DELTAS[2] + vc.dx
            for side in range(4):
                entry = board.cell_entry(key + KEY_DELTAS[side])
                if entry is None or entry[0] == index:
                    continue
                other_index, other_cell = entry
                other_base = other_index << SEGMENT_BITS
                first = side * PORTS_PER_SIDE
                for port in range(first, first + PORTS_PER_SIDE):
                    pair = (base | vc.port_segments[port],
                            other_base | other_cell.port_segments[facing_port(port)])
                    joins[pair] = joins.get(pair, 0) + 1
        for new_node, old_node in joins:
            _union(node_feature[new_node], node_feature[old_node], node_feature, features)
        closed: dict[int, int] = {}
        for (new_node, _), count in joins.items():
            root = node_feature[new_node]
            closed[root] = closed.get(root, 0) + 2 * count
        for root, ports in closed.items():
            feature = features[root]
            features[root] = Feature(feature.terrain, feature.nodes, feature.open_ports - ports,
                                     feature.boats, feature.fruit, feature.animals,
                                     feature.pieces)
        touched = tuple(dict.fromkeys(node_feature[base | s]
                                      for s in range(len(tile.layout.segments))))
        graph = FeatureGraph(node_feature, features)
        return PlacementResult(graph, touched, self._boat_gains(joins, graph, num_players))

    def _boat_gains(self, joins: dict[tuple[int, int], int], graph: FeatureGraph,
                    num_players: int) -> tuple[int, ...]:
        """R-T4: per player, Boat icons of each resulting tributary minus those of the
        parts that already held that player's meeples."""
        parts: dict[int, set[int]] = {}
        for new_node, old_node in joins:
            old_id = self._node_feature[old_node]
            if self._features[old_id].terrain is Terrain.TRIBUTARY:
                parts.setdefault(graph._node_feature[new_node], set()).add(old_id)
        gains = [0] * num_players
        for root, old_ids in parts.items():
            total = graph._features[root].boats
            before = [0] * num_players
            holders: set[int] = set()
            for old_id in old_ids:
                old = self._features[old_id]
                owners = {owner for _, owner in old.pieces}
                holders |= owners
                for owner in owners:
                    before[owner] += old.boats
            for player in holders:
                gains[player] += total - before[player]
        return tuple(gains)

    def with_piece(self, node: int, player: int) -> FeatureGraph:
        """A graph with a piece of ``player`` added on ``node``'s feature."""
        feature_id = self._node_feature[node]
        feature = self._features[feature_id]
        features = self._features.copy()
        features[feature_id] = attrs.evolve(feature, pieces=(*feature.pieces, (node, player)))
        return FeatureGraph(self._node_feature, features)

    def without_pieces(self, feature_ids: tuple[int, ...]) -> FeatureGraph:
        """A graph with every piece taken off these features (R-T7: meeples return)."""
        features = self._features.copy()
        for feature_id in feature_ids:
            features[feature_id] = attrs.evolve(features[feature_id], pieces=())
        return FeatureGraph(self._node_feature, features)


@attrs.frozen(slots=True)
class PlacementResult:
    """What placing one tile did to the features.

    ``touched`` lists the ids of the features that now contain the new tile's
    segments; ``boat_gains[p]`` is how many Boat icons became newly connected
    to player ``p``'s meeples (R-T4).
    """

    graph: FeatureGraph
    touched: tuple[int, ...]
    boat_gains: tuple[int, ...]

    _repr_pretty_ = repr_pretty



def _union(first: int, second: int, node_feature: dict[int, int],
           features: dict[int, Feature]) -> None:
    """Merge two features in place (the caller owns the fresh dicts): smaller into larger."""
    if first == second:
        return
    keep, gone = features[first], features[second]
    if len(keep.nodes) < len(gone.nodes):
        first, second, keep, gone = second, first, gone, keep
    features[first] = Feature(
        keep.terrain, keep.nodes + gone.nodes, keep.open_ports + gone.open_ports,
        keep.boats + gone.boats, keep.fruit + gone.fruit, keep.animals + gone.animals,
        keep.pieces + gone.pieces,
    )
    del features[second]
    for node in gone.nodes:
        node_feature[node] = first
