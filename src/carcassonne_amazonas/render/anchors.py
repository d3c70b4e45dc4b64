"""Where pieces are drawn, and which segment lies under a point (R-F1, R-F6, R-T5).

Board units: a cell ``Position(x, y)`` covers the square ``[x, x+1) × [y, y+1)``; a
point is ``(x, y)`` in those units, ``x`` growing east and ``y`` downstream
(:mod:`~carcassonne_amazonas.tiles.geometry`).  The SVG board
(:func:`carcassonne_amazonas.render.svg.board_svg`) draws board point ``(0, 0)`` at SVG
point ``(data-origin-x, data-origin-y)`` and one cell as ``data-cell-size`` SVG
units, so a client maps a click at SVG point ``(sx, sy)`` to the board point
``((sx - ox) / cell, (sy - oy) / cell)`` and asks :func:`segment_at`.

- :func:`segment_anchor` and :func:`piece_anchor` give the point where a piece on a
  segment is drawn; the SVG renderer draws every meeple and camp there, at the size
  :func:`piece_scale` (:func:`tile_piece_scale`) gives: full size, or smaller on the
  few crowded tiles, so that no piece covers an icon or another piece (R-T5).
- :func:`segment_at` is the inverse: the segment whose drawn area holds a point.
  A point inside a drawn village is that village, a point near a drawn tributary is
  that tributary, a point on the Amazon or its banks is None (no piece goes there,
  R-F6), and any other point of a tile is in the jungle whose area it is.

Every anchor lies in its own segment's area (a test checks every segment of every
layout, rotation and copy of the reference set), so a click on a drawn piece
selects its segment.  The anchors of one tile stand apart and off its icons
(:data:`~carcassonne_amazonas.render._segment_spots.PIECES_APART` and
:data:`~carcassonne_amazonas.render._segment_spots.PIECE_CLEARANCE` times the tile's
piece scale).  The shapes themselves come from
:mod:`~carcassonne_amazonas.render._tile_shapes`, the anchors from
:mod:`~carcassonne_amazonas.render._segment_spots`.  Every function that takes a state
refuses anything but exactly a
:class:`~carcassonne_amazonas.rules.state.GameState` (a subclass too, since it could
override what is read) with a ``TypeError`` naming the parameter.
"""

from __future__ import annotations

import math

from .._support.exact import check_exact, check_number
from ..rules.state import GameState
from ..tiles.geometry import Position, Rotation
from ..tiles.tileset import Tile, check_tile_and_rotation
from ._plane import Point
from ._segment_spots import piece_scale as _piece_scale
from ._segment_spots import segment_spots
from ._tile_shapes import tile_shapes

__all__ = [
    "piece_anchor",
    "piece_scale",
    "segment_anchor",
    "segment_at",
    "tile_piece_scale",
    "tile_segment_at",
]


def _check_segment(tile: Tile, segment: int) -> None:
    count = len(tile.layout.segments)
    if type(segment) is not int:
        check_exact(segment, int, "segment")
    if not 0 <= segment < count:
        raise ValueError(f"{tile.name} has segments 0..{count - 1}, not {segment!r}")


def segment_anchor(tile: Tile, rotation: Rotation, segment: int) -> Point:
    """Where a piece on segment ``segment`` of ``tile`` turned by ``rotation`` is drawn:
    ``(x, y)`` in cell units from the top-left corner of the tile's anchor cell.

    For the Amazon, which takes no piece (R-F6), a point of its course clear of its icons.  Raises
    ``ValueError`` for a segment the tile does not have or a rotation its kind does
    not allow (R-G5).  The point depends on the copy's icons, which take the best
    spots of a jungle first.  ``TypeError`` unless ``tile`` is a ``Tile`` and ``rotation``
    a ``Rotation``.
    """
    check_tile_and_rotation(tile, rotation)
    _check_segment(tile, segment)
    return segment_spots(tile_shapes(tile, rotation), segment)[0]


def piece_anchor(state: GameState, position: Position, segment: int) -> Point:
    """Where a piece on segment ``segment`` of the tile covering ``position`` (any of
    its cells) is drawn, in board units.

    Raises ``ValueError`` when no tile covers ``position`` or it has no such segment.
    """
    check_exact(state, GameState, "state")
    placement = state.board.placement_at(position)
    if placement is None:
        raise ValueError(f"no tile covers ({position})")
    x, y = segment_anchor(placement.tile, placement.rotation, segment)
    return (placement.position.x + x, placement.position.y + y)


def tile_piece_scale(tile: Tile, rotation: Rotation) -> float:
    """The size pieces are drawn at on ``tile`` turned by ``rotation``, a fraction of
    full size: 1 on most tiles, 0.9 down to 0.6 on the few whose segments leave no
    room for full-size pieces clear of the icons and of each other (R-T5).  Raises
    ``ValueError`` for a rotation the tile's kind does not allow (R-G5), ``TypeError``
    unless ``tile`` is a ``Tile`` and ``rotation`` a ``Rotation``."""
    check_tile_and_rotation(tile, rotation)
    return _piece_scale(tile_shapes(tile, rotation))


def piece_scale(state: GameState, position: Position) -> float:
    """The size pieces are drawn at on the tile covering ``position`` (any of its
    cells), as :func:`tile_piece_scale` says.  Raises ``ValueError`` when no tile covers
    ``position``."""
    check_exact(state, GameState, "state")
    placement = state.board.placement_at(position)
    if placement is None:
        raise ValueError(f"no tile covers ({position})")
    return tile_piece_scale(placement.tile, placement.rotation)


def tile_segment_at(tile: Tile, rotation: Rotation, x: float, y: float) -> int | None:
    """The segment of ``tile`` turned by ``rotation`` under the point ``(x, y)``, in cell
    units from the top-left corner of its anchor cell: None outside its footprint or
    on the Amazon (see :func:`segment_at`).  ``TypeError`` unless ``tile`` is a ``Tile``
    and ``rotation`` a ``Rotation``."""
    check_tile_and_rotation(tile, rotation)
    return tile_shapes(tile, rotation).segment_at((float(x), float(y)))


def segment_at(state: GameState, x: float, y: float) -> tuple[Position, int] | None:
    """The segment under the board point ``(x, y)``: ``(anchor of its tile, segment
    index)``, or None off the tiles and on the Amazon (R-F6).

    What the picture draws on top wins: the Amazon (None), then a tributary near the
    point, a village holding it, and otherwise the jungle whose area it is.  Raises
    ``TypeError`` when ``x`` or ``y`` is not a real number; not-finite numbers are
    off the tiles.
    """
    check_exact(state, GameState, "state")
    check_number(x, "x")
    check_number(y, "y")
    if not (math.isfinite(x) and math.isfinite(y)):
        return None
    cell_x, cell_y = math.floor(x), math.floor(y)
    placement = state.board.placement_at(Position(cell_x, cell_y))
    if placement is None:
        return None
    anchor = placement.position
    segment = tile_segment_at(placement.tile, placement.rotation, x - anchor.x, y - anchor.y)
    return None if segment is None else (anchor, segment)
