"""Where a feature lies on the board: its cells, its open edges, its icons and pieces
(R-F1–R-F8, R-M1).

A UI outlines a tributary, village or jungle under the mouse and tells the player
what would close it.  :func:`feature_geometry` answers for any segment of any placed
tile with a :class:`FeatureGeometry`:

- ``cells``: every board cell in which one of the feature's segments reaches an edge
  (a segment of a double tile or of the start tile may lie in just one of its cells;
  the Amazon also covers the cells it flows through from its source);
- ``open_edges``: each cell of the feature and side of it where the feature reaches
  an empty cell; a tributary or village is completed when it has none (R-F3, R-F4; a
  jungle never is, R-F5).  Placing a tile on the cell across each open edge is what
  would close it;
- ``icons``, ``pieces``, ``is_completed``, the distinct tiles it covers (R-F8) and what
  its majority would score now.

Positions and sides are those of :mod:`~carcassonne_amazonas.tiles.geometry`; drawing the
feature is then a matter of filling its cells and marking the open edges
(:func:`carcassonne_amazonas.render.svg.board_svg` does, with ``highlight_feature``).
Every function that takes a state refuses anything but exactly a
:class:`~carcassonne_amazonas.rules.state.GameState` (a subclass too, since it could
override what is read) with a ``TypeError`` naming the parameter.
"""

from __future__ import annotations

import attrs

from .._support.exact import check_exact
from .._support.reprs import repr_pretty
from ..rules.features import Feature, placement_of, segment_of
from ..rules.players import PieceKind, PlacedPiece
from ..rules.scoring import CampScoring, completed_points, jungle_value, unfinished_points
from ..rules.state import GameState
from ..tiles.geometry import Position, Side, port_side
from ..tiles.layout import Terrain
from ..tiles.tileset import NO_ICONS, Icons

__all__ = ["FeatureGeometry", "feature_geometry"]


@attrs.frozen(slots=True)
class FeatureGeometry:
    """The shape and contents of one feature on the board (R-F1–R-F8).

    Every tuple is sorted; positions are board cells (see
    :class:`~carcassonne_amazonas.tiles.geometry.Position`).
    """

    _repr_pretty_ = repr_pretty

    terrain: Terrain
    """Tributary, village, jungle or the Amazon (R-F1)."""
    cells: tuple[Position, ...]
    """The board cells in which a segment of the feature reaches an edge of the cell;
    for the Amazon also the cells it flows through from its source (R-G1)."""
    segments: tuple[tuple[Position, int], ...]
    """Every segment of the feature: (anchor of its tile, segment index in its layout)."""
    open_edges: tuple[tuple[Position, Side], ...]
    """(cell, side): the feature reaches the side of that cell and the cell across it
    is empty (R-F3, R-F4)."""
    icons: Icons
    """All icons on the feature's segments (R-F7; caimans and piranhas only on the Amazon)."""
    pieces: tuple[PlacedPiece, ...]
    """The meeples or camps standing on it (R-T5)."""
    is_completed: bool
    """A tributary or village without open edges (R-F3, R-F4); never a jungle (R-F5) or the
    Amazon."""
    tiles: tuple[Position, ...]
    """The anchors of the distinct tiles it covers: a double tile counts once (R-F8)."""
    majority: tuple[int, ...]
    """The players with the most pieces on it, who would score it (R-M1); empty without
    pieces."""
    value: int
    """What each player of its majority scores: a completed tributary or village as in R-T7,
    an open one as at the end (R-E2, R-E3), a jungle its animals (R-E4), once or, with
    per-camp scoring (R-V2), once per camp of the majority holder's there; the Amazon
    nothing (R-F6)."""


def _value(feature: Feature, camp_scoring: CampScoring) -> int:
    """What the feature's majority scores now (R-T7, R-E2–R-E4 with the camp-scoring option of
    R-V2; nothing for the Amazon, R-F6)."""
    if feature.terrain is Terrain.JUNGLE:
        return jungle_value(feature, camp_scoring)
    if feature.terrain is Terrain.AMAZON:
        return 0
    return completed_points(feature) if feature.is_completed else unfinished_points(feature)


def feature_geometry(state: GameState, position: Position, segment: int) -> FeatureGeometry:
    """The :class:`FeatureGeometry` of the feature holding segment ``segment`` of the
    tile covering ``position`` (any of its cells, R-F1).

    Raises ``ValueError`` when no tile covers ``position`` or its tile has no such
    segment (the message says which segments it has).
    """
    check_exact(state, GameState, "state")
    feature = state.feature_at(position, segment)  # raises ValueError as documented
    board = state.board
    placements = board.placements
    cells: set[Position] = set()
    open_edges: set[tuple[Position, Side]] = set()
    segments: list[tuple[Position, int]] = []
    icons = NO_ICONS
    for node in feature.nodes:
        placement = placements[placement_of(node)]
        index = segment_of(node)
        segments.append((placement.position, index))
        icons = icons + placement.tile.icons[index]
        columns = set()
        for cell in placement.variant.cells:
            ports = [port for port, owner in enumerate(cell.port_segments) if owner == index]
            if not ports:
                continue
            where = Position(placement.position.x + cell.dx, placement.position.y + cell.dy)
            cells.add(where)
            columns.add(cell.dx)
            for side in {port_side(port) for port in ports}:
                if board.placement_at(where.neighbour(side)) is None:
                    open_edges.add((where, side))
        if feature.terrain is Terrain.AMAZON:  # it flows through its whole column (R-G1)
            cells.update(Position(placement.position.x + cell.dx, placement.position.y + cell.dy)
                         for cell in placement.variant.cells if cell.dx in columns)
    kind = PieceKind.CAMP if feature.terrain is Terrain.JUNGLE else PieceKind.MEEPLE
    pieces = sorted(
        (PlacedPiece(player, kind, placements[placement_of(node)].position, segment_of(node))
         for node, player in feature.pieces),
        key=lambda p: (p.position, p.segment, p.player))
    return FeatureGeometry(
        terrain=feature.terrain,
        cells=tuple(sorted(cells)),
        segments=tuple(sorted(segments)),
        open_edges=tuple(sorted(open_edges)),
        icons=icons,
        pieces=tuple(pieces),
        is_completed=feature.is_completed,
        tiles=tuple(sorted(placements[i].position for i in feature.placement_indices)),
        majority=feature.majority(),
        value=_value(feature, state.rules.camp_scoring),
    )

