"""Placement help for a frontend: where the tile in hand may go, and what it would cover
(R-T2, R-T3, R-G2–R-G6).

A UI highlights the cells where the tile in hand fits and, for the cell under the
mouse, offers only the rotations that fit there (R-G4, R-G5); a double tile covers
two cells (R-C4, R-T3), which :func:`footprint` names so that a ghost preview can
cover both.  Both functions are views of
:func:`~carcassonne_amazonas.rules.engine.legal_actions` and the tiles' own data: they
never disagree with what :func:`~carcassonne_amazonas.rules.engine.apply_action` accepts.
Every function that takes a state refuses anything but exactly a
:class:`~carcassonne_amazonas.rules.state.GameState` (a subclass too, since it could
override what is read) with a ``TypeError`` naming the parameter.
"""

from __future__ import annotations

from .._support.exact import check_exact
from ..rules.actions import PlaceTile
from ..rules.engine import legal_actions
from ..rules.state import GameState, Phase
from ..tiles.geometry import Position, Rotation
from ..tiles.tileset import Tile, check_tile_and_rotation

__all__ = ["footprint", "placement_options"]

_PLACING = (Phase.PLACE_TILE, Phase.PLACE_DOUBLE)


def placement_options(state: GameState) -> dict[Position, tuple[Rotation, ...]]:
    """The legal rotations of the tile in hand per anchor cell (R-T2, R-T3, R-G2–R-G6).

    In the phases ``PLACE_TILE`` and ``PLACE_DOUBLE`` each key is an anchor cell
    where the tile may go (for a double tile, its upstream cell) and its value the
    rotations that fit there; cells and rotations come in the order of
    :func:`~carcassonne_amazonas.rules.engine.legal_actions`, so flattening the dict gives
    exactly its ``PlaceTile`` actions.  Empty in every other phase (and at the end).
    """
    check_exact(state, GameState, "state")
    if state.phase not in _PLACING:
        return {}
    options: dict[Position, list[Rotation]] = {}
    for action in legal_actions(state):
        if isinstance(action, PlaceTile):
            options.setdefault(action.position, []).append(action.rotation)
    return {position: tuple(rotations) for position, rotations in options.items()}


def footprint(tile: Tile, position: Position, rotation: Rotation) -> tuple[Position, ...]:
    """The cells ``tile`` would cover with its anchor on ``position`` turned by
    ``rotation``: one cell for land tiles, two for a double tile (R-C4), eight for the
    start tile (R-C5); the anchor first, then row by row.

    Raises ``ValueError`` for a rotation the tile's kind does not allow (R-G5), and
    ``TypeError`` for arguments that are not a :class:`~carcassonne_amazonas.tiles.tileset.Tile`,
    a :class:`~carcassonne_amazonas.tiles.geometry.Position` and a
    :class:`~carcassonne_amazonas.tiles.geometry.Rotation`.
    """
    check_tile_and_rotation(tile, rotation)
    if type(position) is not Position:
        hint = " (Position(x, y) makes one)" if isinstance(position, tuple) else ""
        check_exact(position, Position, "position", f"a Position{hint}")
    variant = tile.layout.variant(rotation)
    return tuple(Position(position.x + cell.dx, position.y + cell.dy) for cell in variant.cells)
