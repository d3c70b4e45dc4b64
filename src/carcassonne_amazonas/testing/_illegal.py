"""Actions that are close to legal and illegal in a given state, each with the rule it
breaks (private; :func:`illegal_actions_of` is exported by
:mod:`carcassonne_amazonas.testing`).

For testing the validation of a frontend or a bot: the right tile turned the wrong way,
a tile on a covered cell or away from the board, a river tile off the river end, a piece
on the wrong tile, on a segment that does not exist, on the wrong terrain, on the Amazon
or on a feature already taken, a piece with none left, an action of another phase (a
piece after a pass), a double tile not set aside, a draw of a tile not in the pile, any
action once the game is over.  Each names the rule id and the reason code that the
engine's :class:`~carcassonne_amazonas.errors.IllegalActionError` carries.
"""

from __future__ import annotations

import attrs

from .._support.exact import check_exact
from .._support.extras import missing_extra
from .._support.reprs import repr_pretty
from .._support.tracing import untraced

try:
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise missing_extra(__name__, "testing", error) from error

from ..rules.actions import Action, ChooseDouble, DrawTile, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from ..rules.engine import legal_actions
from ..rules.state import GameState, Phase
from ..tiles.geometry import Position, Rotation
from ..tiles.layout import Terrain, TileKind

__all__ = ["IllegalAction", "illegal_actions", "illegal_actions_of"]


@attrs.frozen
class IllegalAction:
    """An action the engine refuses in the state it was drawn for: ``rule`` and ``code``
    are those of the :class:`~carcassonne_amazonas.errors.IllegalActionError` it raises
    (``"R-G4"``, ``"edge-mismatch"``), ``why`` says in words what is wrong with it."""

    action: Action
    rule: str
    code: str
    why: str

    _repr_pretty_ = repr_pretty


def illegal_actions_of(state: GameState) -> st.SearchStrategy[IllegalAction]:
    """One action that is close to legal in ``state`` and illegal there, with the rule it
    breaks (see :class:`IllegalAction`; shrinking towards the first kind of mistake).

    In the tile phases: the tile in hand at a cell where it fits, turned a way it does not
    (R-G4, R-G5), on a covered cell or a cell away from the board (R-G2), a river tile
    anywhere but the river end (R-G6).  In the piece step: a piece on another tile, on a
    segment the tile lacks, on the wrong terrain (R-T5), on the Amazon (R-F6), on a
    feature already taken or with none left (R-T5).  In every phase an action of another
    phase (R-T1, R-T2, R-T3, R-T5: a piece after a pass), a double tile not set aside
    (R-T3), a draw of a tile not in the pile (R-T1); once the game is over, any action
    (R-E1).  ``TypeError`` for anything but a ``GameState``.
    """
    check_exact(state, GameState, "state")
    with untraced():
        found = illegal_actions(state)
    return st.sampled_from(found)


def illegal_actions(state: GameState) -> list[IllegalAction]:
    """Every action :func:`illegal_actions_of` draws from for ``state``."""
    if state.is_terminal:
        return [IllegalAction(Pass(), "R-E1", "game-over", "the game is over")]
    phase = state.phase
    found = _wrong_phase(state)
    if phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
        found = _placements(state) + found
    elif phase is Phase.PLACE_PIECE:
        found = _pieces(state) + found
    elif phase is Phase.DRAW_TILE:
        placed = state.board.placements[0].tile.id
        found.insert(0, IllegalAction(DrawTile(placed), "R-T1", "tile-not-in-pile",
                                      "a tile already on the board is drawn"))
    if phase is Phase.CHOOSE_DOUBLE:
        left = {tile.id for tile in state.doubles_left}
        gone = [t for t in state.rules.tileset.double_tiles if t.id not in left]
        others = [tile.id for tile in gone] + [state.board.placements[0].tile.id]
        found.insert(0, IllegalAction(ChooseDouble(others[0]), "R-T3", "double-not-set-aside",
                                      "a double tile that is not set aside is chosen"))
    return found


def _wrong_phase(state: GameState) -> list[IllegalAction]:
    """Actions of the other phases (the rule is the current phase's)."""
    phase, tile = state.phase, state.tile_in_hand
    rule = {Phase.DRAW_TILE: "R-T1", Phase.PLACE_PIECE: "R-T5"}.get(
        phase, "R-T2" if tile is not None and tile.kind is TileKind.STANDARD else "R-T3")
    last = state.board.placements[-1].position
    candidates: list[tuple[Action, str]] = [
        (PlaceMeeple(last, 0), "a meeple outside the piece step (after a pass, say)"),
        (Pass(), "a pass outside the piece step"),
        (PlaceTile(last, Rotation.R0), "a tile placement outside the tile phases"),
        (ChooseDouble(state.rules.tileset.double_tiles[0].id),
         "a double tile chosen without a \"!\" tile"),
        (DrawTile(state.board.placements[0].tile.id), "a draw that is not a chance node"),
    ]
    wanted = {Phase.PLACE_PIECE: (PlaceMeeple, Pass), Phase.PLACE_TILE: (PlaceTile,),
              Phase.PLACE_DOUBLE: (PlaceTile,), Phase.CHOOSE_DOUBLE: (ChooseDouble,),
              Phase.DRAW_TILE: (DrawTile,)}[phase]
    return [IllegalAction(action, rule, "wrong-phase", why)
            for action, why in candidates if not isinstance(action, wanted)]


def _placements(state: GameState) -> list[IllegalAction]:
    """The tile in hand turned wrongly, on a covered or detached cell, off the river."""
    tile = state.tile_in_hand
    assert tile is not None
    legal = {(a.position, a.rotation) for a in legal_actions(state) if isinstance(a, PlaceTile)}
    cells = sorted({position for position, _ in legal}, key=lambda p: (p.y, p.x))
    allowed = tile.layout.rotations
    xs = [p.position.x for p in state.board.placements]
    far = Position(max(xs) + 5, 0)
    covered = state.board.placements[-1].position
    found: list[IllegalAction] = []
    if tile.kind.is_river:
        for cell in (covered, far):
            found.append(IllegalAction(PlaceTile(cell, allowed[0]), "R-G6",
                                       "river-tile-elsewhere",
                                       "a river tile away from the river end"))
        wrong = [r for r in Rotation if r not in allowed]
        if cells and wrong:
            found.insert(0, IllegalAction(PlaceTile(cells[0], wrong[0]), "R-G5",
                                          "rotation-not-allowed",
                                          "a river tile turned a way its kind may not turn"))
        return found
    for cell in cells[:3]:
        for rotation in Rotation:
            if (cell, rotation) not in legal:
                found.append(IllegalAction(PlaceTile(cell, rotation), "R-G4", "edge-mismatch",
                                           "the right tile at a cell where it fits, turned "
                                           "a way whose edges do not match"))
                break
    found.append(IllegalAction(PlaceTile(covered, Rotation.R0), "R-G2", "cell-occupied",
                               "a tile on a covered cell"))
    found.append(IllegalAction(PlaceTile(far, Rotation.R0), "R-G2", "cell-not-adjacent",
                               "a tile on a cell that touches no tile"))
    return found


def _pieces(state: GameState) -> list[IllegalAction]:
    """Pieces on the wrong tile, segment, terrain or feature, or with none left."""
    placement = state.board.placements[state.piece_placement]
    position, segments = placement.position, placement.tile.layout.segments
    player = state.players[state.current_player]
    legal = set(legal_actions(state))
    other = next(p.position for p in state.board.placements if p.position != position)
    found = [IllegalAction(PlaceMeeple(other, 0), "R-T5", "not-the-placed-tile",
                           "a meeple on a tile other than the one just placed"),
             IllegalAction(PlaceMeeple(position, len(segments)), "R-T5", "no-such-segment",
                           "a meeple on a segment the tile does not have")]
    for index, segment in enumerate(segments):
        for kind, supply in ((PlaceMeeple, player.meeples_in_supply),
                             (PlaceCamp, player.camps_in_supply)):
            action = kind(position, index)
            camp = kind is PlaceCamp
            if segment.terrain is Terrain.AMAZON:
                found.append(IllegalAction(action, "R-F6", "on-the-amazon",
                                           "a piece on the Amazon"))
            elif (segment.terrain is Terrain.JUNGLE) != camp:
                found.append(IllegalAction(action, "R-T5", "wrong-terrain",
                                           "a camp off a jungle, or a meeple in one"))
            elif supply == 0:
                found.append(IllegalAction(action, "R-T5", "no-piece-left",
                                           "a piece when the player has none left"))
            elif action not in legal:
                found.append(IllegalAction(action, "R-T5", "feature-occupied",
                                           "a piece on a feature that already holds one"))
    return found
