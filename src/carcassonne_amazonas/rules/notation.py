"""A compact text form for every action, like UCI in chess.

=================  ================================  ===========================
action             text                              example
=================  ================================  ===========================
``PlaceTile``      ``t`` x ``,`` y ``,`` degrees     ``t-1,2,90``
``ChooseDouble``   ``d`` tile id                     ``d82``
``PlaceMeeple``    ``m`` x ``,`` y ``,`` segment     ``m-1,2,0`` or ``m-1,2,E``
``PlaceCamp``      ``c`` x ``,`` y ``,`` segment     ``c-1,2,1`` or ``c-1,2,NE``
``Pass``           ``p``                             ``p``
``DrawTile``       ``*`` tile id                     ``*17``
=================  ================================  ===========================

Coordinates are the tile's anchor cell (see
:mod:`~carcassonne_amazonas.tiles.geometry`), degrees one of 0, 90, 180, 270
clockwise, segments and tile ids plain integers; every number is written in at most 9
ASCII digits, without leading zeros, and only coordinates take a ``-``.  An action holds
no other number (its constructor refuses one, see
:data:`~carcassonne_amazonas.rules.actions.MAX_NOTATION_NUMBER`), so every action the
library can make has a text.  A text holds no spaces, so a game is its
actions joined by spaces.  :func:`parse_action` and :func:`format_action` are exact
inverses; bad text raises :class:`~carcassonne_amazonas.errors.NotationError` saying
at which character and why.

A piece's segment is written in either of two forms (R-T5):

- its **number** in the tile's layout, ``m0,4,1``: the canonical form, the one
  :func:`format_action`, ``str`` and ``repr`` write and records keep.  It needs nothing
  but the text, so a printed action pastes back anywhere and a record means the same
  whatever reads it;
- a **compass point** read off the picture of the tile as it lies on the board,
  ``m0,4,E`` or ``c0,4,NE``: ``N``, ``E``, ``S``, ``W`` for an edge and ``NE``, ``SE``,
  ``SW``, ``NW`` for a corner, in capitals
  (:data:`~carcassonne_amazonas.tiles.segment_names.COMPASS_POINTS`; which segments
  answer to each point is defined in :mod:`~carcassonne_amazonas.tiles.segment_names`).
  Which segment a point names depends on the tile, so it is read only with the state:
  ``parse_action(text, state)``, ``apply_action(state, text)`` or ``Game.play(text)``.
  It names a segment of the tile that may take the piece: of those answering to the
  point, the one the piece may stand on (a tributary or village for a meeple, a jungle
  for a camp).  Both forms give the same action: ``parse_action("m0,4,E", state) ==
  PlaceMeeple(Position(0, 4), 1)`` on a tile whose tributary 1 runs to the east edge.

The action classes carry the same notation themselves: ``str(action)`` is
its text and ``PlaceTile.from_notation(text)`` (likewise for each class)
reads one kind of action, numbers only; this module's functions take any kind.
"""

from __future__ import annotations

from .._support.exact import check_exact
from ..errors import IllegalActionError, NotationError
from ..tiles.geometry import Position
from ..tiles.layout import Terrain
from ..tiles.segment_names import segment_name, segments_at
from .actions import (
    ACTION_TYPES,
    Action,
    ChooseDouble,
    DrawTile,
    Pass,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    _piece_fields,
    check_action,
)
from .state import GameState

__all__ = ["format_action", "parse_action"]

_BY_LETTER: dict[str, type[Action]] = {
    cls.LETTER: cls for cls in (PlaceTile, ChooseDouble, PlaceMeeple, PlaceCamp, Pass, DrawTile)
}


def format_action(action: Action) -> str:
    """The notation of ``action`` (see the module's table); the same as ``str(action)``.

    Raises ``TypeError`` for a value that is not an action.
    """
    if type(action) not in ACTION_TYPES:
        check_action(action)
    return str(action)


def parse_action(text: str, state: GameState | None = None) -> Action:
    """The action written as ``text`` (see the module's table).

    With ``state``, a piece's segment may also be a compass point (``m0,4,E``), read off
    the tile that may take a piece in ``state``; the action is the same as with the
    segment's number.  Raises :class:`~carcassonne_amazonas.errors.NotationError` (a
    ``ValueError``) for text that is not an action, a compass point without a state,
    or one that names two segments the piece could take (on a double tile, say: the
    message lists their numbers); :class:`~carcassonne_amazonas.errors.IllegalActionError`
    (code ``no-piece-step`` or ``not-the-placed-tile``, R-T5) when no tile at that
    position may take a piece to read the point from; ``TypeError`` for a ``text``
    that is not a ``str`` or a ``state`` that is not a ``GameState``.
    """
    check_exact(text, str, "text")
    if state is not None:
        check_exact(state, GameState, "state")
    if not text:
        raise NotationError(text, 0, "empty text")
    action_class = _BY_LETTER.get(text[0])
    if action_class is None:
        raise NotationError(text, 0, f"unknown action letter {text[0]!r} "
                                     "(expected t, d, m, c, p or *)")
    if state is None or (action_class is not PlaceMeeple and action_class is not PlaceCamp):
        return action_class.from_notation(text)
    piece = PlaceMeeple if action_class is PlaceMeeple else PlaceCamp
    x, y, segment, start = _piece_fields(text, piece.LETTER, piece.KIND)
    position = Position(x, y)
    if isinstance(segment, str):
        segment = _named_segment(state, text, position, segment, start,
                                 camp=piece is PlaceCamp)
    return piece(position, segment)


def _named_segment(state: GameState, text: str, position: Position, point: str, start: int,
                   *, camp: bool) -> int:
    """The segment compass point ``point`` names on the tile that may take a piece (R-T5):
    the one answering to it that the piece may stand on, else the first answering to it,
    which the engine then refuses with its rule."""
    what = "camp" if camp else "meeple"
    placed = state.piece_position
    if placed is None:
        raise IllegalActionError(f"{text} names a segment by compass point, but no tile may "
                                 "take a piece now", rule="R-T5", code="no-piece-step")
    if position != placed:
        raise IllegalActionError(f"a {what} goes on the tile just placed, at ({placed}), "
                                 f"not at ({position})", rule="R-T5", code="not-the-placed-tile")
    placement = state.board.placements[state.piece_placement]
    layout, rotation = placement.tile.layout, placement.rotation
    answering = segments_at(layout, rotation, point)
    assert answering, "a tile set's check gives every port of the outline a segment (R-F2)"
    fitting = [i for i in answering
               if layout.segments[i].terrain is not Terrain.AMAZON
               and (layout.segments[i].terrain is Terrain.JUNGLE) == camp]
    if len(fitting) > 1:
        named = " and ".join(f"{segment_name(layout, rotation, i)} ({text[:start]}{i})"
                             for i in fitting)
        raise NotationError(text, start, f"{point} names {len(fitting)} segments of "
                                         f"{placement.tile.name} a {what} may take: {named}; "
                                         "write the segment's number")
    return fitting[0] if fitting else answering[0]
