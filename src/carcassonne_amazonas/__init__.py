"""carcassonne-amazonas: the rules of Carcassonne – Amazonas, exact, immutable and fast.

The whole game is three functions::

    from carcassonne_amazonas import new_game, legal_actions, apply_action

    state = new_game(2, seed=1)
    while not state.is_terminal:
        state = apply_action(state, legal_actions(state)[0])
    print(state.scores, state.winners)

Rule ids (``R-T5``) refer to the rules reference of the documentation, which states
every rule (``docs/rules.md`` in the repository).
"""

from .errors import IllegalActionError, NotationError, RecordError, TileSetError
from .formats.game import Game
from .formats.problems import state_problems
from .formats.records import GameRecord
from .formats.snapshot import state_from_json, state_to_json
from .rules.actions import Action, ChooseDouble, DrawTile, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from .rules.board import Board, Placement
from .rules.boat_track import AmazonRanking
from .rules.chance import chance_outcomes, determinize
from .rules.engine import apply_action, apply_action_with_events, legal_actions, new_game
from .rules.events import (
    AmazonScored,
    BoatAdvanced,
    BoatReason,
    DoubleChosen,
    Event,
    FeatureScored,
    GameOver,
    JungleScored,
    PiecePlaced,
    RiverScored,
    TileDrawn,
    TilePlaced,
    TileRemoved,
)
from .rules.features import Feature
from .rules.final_scoring import projected_scores
from .rules.notation import format_action, parse_action
from .rules.options import Rules
from .rules.pile import Draws, Shuffle
from .rules.players import PLAYER_COLOURS, PieceKind, PlacedPiece, PlayerState
from .rules.scoring import CampScoring, FinalScore, ScoreBreakdown
from .rules.state import GameState, Phase
from .tiles.geometry import Position, Rotation, Side
from .tiles.layout import Terrain, TileKind
from .tiles.reference import reference_tileset
from .tiles.tilefile import load_tileset, parse_tileset, tileset_problems
from .tiles.tileset import Tile, TileId, TileSet

__version__ = "1.0.0"

__all__ = [
    "PLAYER_COLOURS",
    "Action",
    "AmazonRanking",
    "AmazonScored",
    "Board",
    "BoatAdvanced",
    "BoatReason",
    "CampScoring",
    "ChooseDouble",
    "DoubleChosen",
    "DrawTile",
    "Draws",
    "Event",
    "Feature",
    "FeatureScored",
    "FinalScore",
    "Game",
    "GameOver",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "JungleScored",
    "NotationError",
    "Pass",
    "Phase",
    "PieceKind",
    "PiecePlaced",
    "PlaceCamp",
    "PlaceMeeple",
    "PlaceTile",
    "PlacedPiece",
    "Placement",
    "PlayerState",
    "Position",
    "RecordError",
    "RiverScored",
    "Rotation",
    "Rules",
    "ScoreBreakdown",
    "Shuffle",
    "Side",
    "Terrain",
    "Tile",
    "TileDrawn",
    "TileId",
    "TileKind",
    "TilePlaced",
    "TileRemoved",
    "TileSet",
    "TileSetError",
    "__version__",
    "apply_action",
    "apply_action_with_events",
    "chance_outcomes",
    "determinize",
    "format_action",
    "legal_actions",
    "load_tileset",
    "new_game",
    "parse_action",
    "parse_tileset",
    "projected_scores",
    "reference_tileset",
    "state_from_json",
    "state_problems",
    "state_to_json",
    "tileset_problems",
]
