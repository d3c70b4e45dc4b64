"""Features: segments joined across matched edges into tributaries, villages,
jungles and the Amazon (R-F1–R-F5, R-F8), their completion, the pieces on
them and their majority (R-M1), and the Boat icons newly connected to meeples
when a tile joins tributaries (R-T4).

Each segment of each placed tile is a *node*: ``placement_index << 6 |
segment_index``.  :class:`FeatureGraph` maps every node to the id of its
feature and every id to an immutable :class:`Feature`.  Placing a tile merges
features smaller-into-larger in fresh copies of those two tables: the old
graph is untouched, and graphs that differ only in pieces share the node
table.  A loader that replays a whole board grows one graph in place instead
(:meth:`FeatureGraph.growing`), so that its time grows with the board, not with its
square.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Any, Final

import attrs

from .._support.reprs import repr_pretty
from .._support.tables import OwnedDict
from .._support.wording import plural
from ..tiles.layout import Terrain
from ..tiles.tileset import Tile
from ._fits import side_pattern
from .board import Board

__all__ = ["Feature", "FeatureGraph", "PlacementResult", "node_of", "placement_of", "segment_of"]

SEGMENT_BITS = 6
_SEGMENT_MASK = (1 << SEGMENT_BITS) - 1
_SCORED_TERRAINS = (Terrain.TRIBUTARY, Terrain.VILLAGE)


def node_of(placement_index: int, segment: int) -> int:
    """The node of segment ``segment`` of the ``placement_index``-th placed tile."""
    return placement_index << SEGMENT_BITS | segment


@functools.lru_cache(maxsize=8192)
def _placements(nodes: tuple[int, ...]) -> frozenset[int]:
    """The distinct placed tiles ``nodes`` lie on (R-F8: a double tile counts once).
    Cached: a search's evaluation asks for the tile counts of the same features after
    every step, and a feature that did not change keeps its tuple of nodes."""
    return frozenset(node >> SEGMENT_BITS for node in nodes)


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
        state = "completed" if self.is_completed else plural(self.open_ports, "open port")
        return (f"<Feature {self.terrain.label}: {plural(self.tile_count, 'tile')}, {state}, "
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
        return _placements(self.nodes)

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


# A feature as the graph stores it: the fields of Feature, in order, in a plain tuple
# (cheaper to build than an object on every placement); Feature(*row) is the feature.
_Row = tuple[Terrain, tuple[int, ...], int, int, int, int, tuple[tuple[int, int], ...]]
_TERRAIN: Final = 0
_OPEN_PORTS: Final = 2
_BOATS: Final = 3
_PIECES: Final = 6


@attrs.frozen(slots=True, eq=False, repr=False)
class FeatureGraph:
    """Immutable map from nodes to features.  Equal graphs hold the same pieces.

    Internally each feature is a row of plain values; the :class:`Feature`
    values the methods return are made from it on demand.
    """

    _node_feature: dict[int, int] = attrs.field(alias="node_feature")
    _features: dict[int, _Row] = attrs.field(alias="features")

    @classmethod
    def empty(cls) -> FeatureGraph:
        """The graph of an empty board."""
        return cls({}, {})

    @classmethod
    def growing(cls) -> FeatureGraph:
        """The graph of an empty board, for a loader that replays a whole board (R-F1–R-F5):
        :meth:`add_placement` and :meth:`with_piece` update this graph's tables in place
        instead of copying them, so each placement costs time in proportion to the tile,
        not to the board.  The graphs they return share the tables, so only the last one
        is right, and their Boat gains (R-T4, which compare the old graph with the new)
        are not.  :meth:`settled` gives the finished graph as an ordinary one."""
        return cls(OwnedDict(), OwnedDict())

    def settled(self) -> FeatureGraph:
        """This graph with tables of its own that later placements copy (the end of
        :meth:`growing`, R-F1–R-F5; an ordinary graph comes back as it is)."""
        if type(self._features) is dict:
            return self
        return FeatureGraph(dict(self._node_feature), dict(self._features))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FeatureGraph) and self.piece_set() == other.piece_set()

    def __hash__(self) -> int:
        return hash(self.piece_set())

    def __repr__(self) -> str:
        return (f"<FeatureGraph: {plural(len(self._features), 'feature')}, "
                f"{plural(len(self.piece_set()), 'piece')}>")

    _repr_pretty_ = repr_pretty

    def piece_set(self) -> frozenset[tuple[int, int]]:
        """Every ``(node, player)`` piece on the board."""
        return frozenset(p for row in self._features.values() for p in row[_PIECES])

    def held_features(self) -> Iterator[Feature]:
        """The features with at least one piece on them (R-M1), each once: a search's
        evaluation asks for these after every step, and there are far fewer of them
        than features."""
        return (Feature(*row) for row in self._features.values() if row[_PIECES])

    def __iter__(self) -> Iterator[Feature]:
        return (Feature(*row) for row in self._features.values())

    def feature_items(self) -> Iterator[tuple[int, Feature]]:
        """``(feature id, feature)`` pairs."""
        return ((feature_id, Feature(*row)) for feature_id, row in self._features.items())

    def feature_id(self, node: int) -> int:
        """The id of the feature holding ``node``."""
        return self._node_feature[node]

    def feature_of(self, node: int) -> Feature:
        """The feature holding ``node``."""
        return Feature(*self._features[self._node_feature[node]])

    def feature(self, feature_id: int) -> Feature:
        """The feature with this id."""
        return Feature(*self._features[feature_id])

    def pieces_on(self, node: int) -> tuple[tuple[int, int], ...]:
        """The pieces on the feature holding ``node`` (``Feature.pieces``, without
        building the feature: legal piece placements ask this for every segment, R-T5)."""
        return self._features[self._node_feature[node]][_PIECES]

    def add_placement(self, board: Board, index: int, num_players: int) -> PlacementResult:
        """Join the segments of the ``index``-th placement of ``board`` to their neighbours.

        ``board`` already holds the new tile.  Returns the new graph, the
        features the tile is part of, and the Boat icons newly connected to
        each player's meeples (R-T4).

        The features are merged smaller into larger, in the order the new tile's
        port pairs are met (cell by cell, side by side, port by port), on plain
        lists; each feature the tile touches is built once at the end.
        """
        tile = board.placements[index].tile
        found_fresh = _FRESH.get(id(tile))
        fresh = _fresh_features(tile) if found_fresh is None else found_fresh[0]
        base = index << SEGMENT_BITS
        joins = _facing_nodes(board, index, base)
        old_features = self._features
        node_feature = self._node_feature.copy()
        features = old_features.copy()
        for segment_index in range(len(fresh)):
            node_feature[base | segment_index] = base | segment_index
        # The features being merged, as lists of the row's fields.
        building: dict[int, list[Any]] = {}
        pieces_joined = False
        for new_node, old_node in joins:
            first, second = node_feature[new_node], node_feature[old_node]
            if first == second:
                continue
            keep = building.get(first)
            if keep is None:  # the first join of this new segment
                terrain, ports, boats, fruit, animals = fresh[first - base]
                keep = building[first] = [terrain, (first,), ports, boats, fruit, animals, ()]
            gone = building.get(second)
            if gone is None:  # the first join of this old feature
                old = old_features[second]
                if old[_PIECES] and old[_TERRAIN] is Terrain.TRIBUTARY:
                    pieces_joined = True
                gone = building[second] = list(old)
            if len(keep[1]) < len(gone[1]):
                first, second, keep, gone = second, first, gone, keep
            keep[1] += gone[1]
            keep[2] += gone[2]
            keep[3] += gone[3]
            keep[4] += gone[4]
            keep[5] += gone[5]
            keep[6] += gone[6]
            del building[second]
            if second < base:
                del features[second]
            for node in gone[1]:
                node_feature[node] = first
        for (new_node, _), count in joins.items():
            building[node_feature[new_node]][2] -= 2 * count
        # Old features keep their place in the table; the new tile's own come last, in
        # segment order.
        touched: list[int] = []
        for feature_id, fields in building.items():
            if feature_id < base:
                features[feature_id] = tuple(fields)
        for segment_index, (terrain, ports, boats, fruit, animals) in enumerate(fresh):
            node = base | segment_index
            root = node_feature[node]
            if root == node:
                merged = building.get(node)
                features[node] = ((terrain, (node,), ports, boats, fruit, animals, ())
                                  if merged is None else tuple(merged))
                touched.append(node)
            elif root not in touched:
                touched.append(root)
        graph = FeatureGraph(node_feature, features)
        # R-T4 can only move boats when the tile joins a tributary that holds meeples.
        gains = (self._boat_gains(joins, graph, num_players) if pieces_joined
                 else (0,) * num_players)
        return PlacementResult(graph, tuple(touched), gains)

    def _boat_gains(self, joins: dict[tuple[int, int], int], graph: FeatureGraph,
                    num_players: int) -> tuple[int, ...]:
        """R-T4: per player, Boat icons of each resulting tributary minus those of the
        parts that already held that player's meeples."""
        parts: dict[int, set[int]] = {}
        for new_node, old_node in joins:
            old_id = self._node_feature[old_node]
            if self._features[old_id][_TERRAIN] is Terrain.TRIBUTARY:
                parts.setdefault(graph._node_feature[new_node], set()).add(old_id)
        gains = [0] * num_players
        for root, old_ids in parts.items():
            total = graph._features[root][_BOATS]
            before = [0] * num_players
            holders: set[int] = set()
            for old_id in old_ids:
                old = self._features[old_id]
                owners = {owner for _, owner in old[_PIECES]}
                holders |= owners
                for owner in owners:
                    before[owner] += old[_BOATS]
            for player in holders:
                gains[player] += total - before[player]
        return tuple(gains)

    def completed_features(self, tile: Tile, index: int) -> tuple[int, ...]:
        """The ids of the completed tributaries and villages (R-F3, R-F4) that ``tile``, the
        ``index``-th placed tile, is part of, each once, in segment order."""
        base = index << SEGMENT_BITS
        found = _FRESH.get(id(tile))
        done: list[int] = []
        for segment_index, fresh in enumerate(_fresh_features(tile) if found is None
                                              else found[0]):
            if fresh[0] in _SCORED_TERRAINS:
                feature_id = self._node_feature[base | segment_index]
                if self._features[feature_id][_OPEN_PORTS] == 0 and feature_id not in done:
                    done.append(feature_id)
        return tuple(done)

    def with_piece(self, node: int, player: int) -> FeatureGraph:
        """A graph with a piece of ``player`` added on ``node``'s feature."""
        feature_id = self._node_feature[node]
        row = self._features[feature_id]
        features = self._features.copy()
        features[feature_id] = (*row[:_PIECES], (*row[_PIECES], (node, player)))
        return FeatureGraph(self._node_feature, features)

    def without_pieces(self, feature_ids: tuple[int, ...]) -> FeatureGraph:
        """A graph with every piece taken off these features (R-T7: meeples return)."""
        features = self._features.copy()
        for feature_id in feature_ids:
            features[feature_id] = (*features[feature_id][:_PIECES], ())
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





_Fresh = tuple[tuple[Terrain, int, int, int, int], ...]
_FRESH: dict[int, tuple[_Fresh, Tile]] = {}



def _fresh_features(tile: Tile) -> _Fresh:
    """(terrain, edge ports, boats, fruit, animals) of each segment of one tile copy: the
    feature each segment is on its own (R-F1, R-F7), computed once per copy."""
    found = tuple((segment.terrain, len(segment.ports), icons.boats, icons.fruit, icons.animals)
                  for segment, icons in zip(tile.layout.segments, tile.icons))
    # The entry keeps the tile alive, so its id is not reused while the entry exists.
    _FRESH[id(tile)] = (found, tile)
    return found


_Joins = tuple[tuple[int, int, int], ...]
_JOINS: dict[int, _Joins] = {}


def _joins_of(pattern: int, facing: int) -> _Joins:
    """Which segments meet across a shared edge (R-F2, R-G4) between a side with ``pattern``
    and the facing side with pattern ``facing`` (see ``_fits.side_pattern``): ``(segment,
    other's segment, port pairs)`` in port order, worked out once per pair of patterns.

    Ports are numbered clockwise around each cell, so the two sides run in opposite
    directions: port ``i`` meets the facing side's port ``2 - i``.
    """
    counts: dict[tuple[int, int], int] = {}
    for mine, theirs in zip(side_pattern(pattern), reversed(side_pattern(facing))):
        counts[(mine, theirs)] = counts.get((mine, theirs), 0) + 1
    found = _JOINS[pattern << 16 | facing] = tuple((a, b, n) for (a, b), n in counts.items())
    return found


def _facing_nodes(board: Board, index: int, base: int) -> dict[tuple[int, int], int]:
    """Pairs of (new node, old node) that face each other across the edges of the
    ``index``-th placement (whose nodes start at ``base``), with the number of port pairs
    (R-F2, R-G4), in the order they are met; which segments join across a shared edge is
    precomputed per pair of side patterns (:func:`_joins_of`)."""
    joins: dict[tuple[int, int], int] = {}
    for pattern, facing, other_index in board.contacts(index):
        other_base = other_index << SEGMENT_BITS
        found = _JOINS.get(pattern << 16 | facing)
        for mine, theirs, count in (_joins_of(pattern, facing) if found is None else found):
            pair = (base | mine, other_base | theirs)
            joins[pair] = joins.get(pair, 0) + count
    return joins
