"""carcassonne-amazonas: the rules of Carcassonne – Amazonas, exact, immutable and fast.

The whole game is three functions::

    from carcassonne_amazonas import new_game, legal_actions, apply_action

    state = new_game(2, seed=1)
    while not state.is_terminal:
        state = apply_action(state, legal_actions(state)[0])
    print(state.scores, state.winners)

Rule ids (``R-T5``) refer to the project's RULES.md; see the documentation.
"""

from .actions import Action, ChooseDouble, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from .board import Board, Placement
from .engine import apply_action, apply_action_with_events, legal_actions, new_game
from .errors import IllegalActionError, TileSetError
from .events import Event
from .features import Feature
from .geometry import Position, Rotation, Side
from .pile import Shuffle
from .state import (
    PLAYER_COLOURS,
    FinalScore,
    GameState,
    Phase,
    PieceKind,
    PlacedPiece,
    PlayerState,
    Rules,
    ScoreBreakdown,
)
from .tilefile import load_tileset, parse_tileset, tileset_problems
from .tiles import Terrain, Tile, TileId, TileKind, TileSet, reference_tileset

__version__ = "0.1.0"

__all__ = [
    "PLAYER_COLOURS",
    "Action",
    "Board",
    "ChooseDouble",
    "Event",
    "Feature",
    "FinalScore",
    "GameState",
    "IllegalActionError",
    "Pass",
    "Phase",
    "PieceKind",
    "PlaceCamp",
    "PlaceMeeple",
    "PlaceTile",
    "PlacedPiece",
    "Placement",
    "PlayerState",
    "Position",
    "Rotation",
    "Rules",
    "ScoreBreakdown",
    "Shuffle",
    "Side",
    "Terrain",
    "Tile",
    "TileId",
    "TileKind",
    "TileSet",
    "TileSetError",
    "__version__",
    "apply_action",
    "apply_action_with_events",
    "legal_actions",
    "load_tileset",
    "new_game",
    "parse_tileset",
    "reference_tileset",
    "tileset_problems",
]
