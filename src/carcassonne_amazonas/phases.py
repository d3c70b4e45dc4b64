"""The phases of a turn: which decision the game waits for (R-T1–R-T8, R-E1).

:class:`Phase` lives apart from the state so that renderers and helpers that only look
at a state's phase (the SVG board, placement options) need not import the state module.
"""

from __future__ import annotations

import enum

from .reprs import ShortEnumRepr

__all__ = ["Phase"]


class Phase(ShortEnumRepr, enum.Enum):
    """Where the current turn stands (R-T1–R-T8)."""

    PLACE_TILE = "place tile"
    """The current player places the tile in hand (R-T2, R-T3)."""
    CHOOSE_DOUBLE = "choose double"
    """After a "!" tile: the player chooses a double tile (R-T3)."""
    PLACE_DOUBLE = "place double"
    """The player places the chosen double tile downstream of the "!" tile (R-T3)."""
    PLACE_PIECE = "place piece"
    """The piece step: a meeple, a camp, or pass and advance the boat (R-T5)."""
    DRAW_TILE = "draw tile"
    """A chance node (only with ``draws="explicit"``): the next tile is drawn (R-T1)."""
    GAME_OVER = "game over"
    """The last land tile has been placed and final scoring is done (R-E1)."""
