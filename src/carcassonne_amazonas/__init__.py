"""carcassonne-amazonas: the rules of Carcassonne – Amazonas, exact, immutable and fast.

The whole game is three functions::

    from carcassonne_amazonas import new_game, legal_actions, apply_action

    state = new_game(2, seed=1)
    while not state.is_terminal:
        state = apply_action(state, legal_actions(state)[0])
    print(state.scores, state.winners)

``apply_action`` also takes an action's text, ``apply_action(state, "t0,4,0")``, and a
piece's segment may be named by compass point, ``"m0,4,E"``
(:mod:`~carcassonne_amazonas.rules.notation`).

The package itself exports what most users need, so that no deep import is needed for
everyday use: the engine, the actions and their notation, the state and its parts,
events, records, snapshots and tile sets; and, from the layers above the rules, the bots
(:class:`~carcassonne_amazonas.ai.bots.RandomBot`,
:class:`~carcassonne_amazonas.ai.bots.GreedyBot`,
:class:`~carcassonne_amazonas.ai.mcts.MctsBot` and the
:class:`~carcassonne_amazonas.ai.bots.Bot` protocol), the SVG picture
(:func:`~carcassonne_amazonas.render.svg.board_svg`) and the explanations in words
(:func:`~carcassonne_amazonas.render.explain.describe_action`,
:func:`~carcassonne_amazonas.render.explain.describe_events`).  Those last are loaded on
first use (PEP 562), so that ``import carcassonne_amazonas`` stays as quick as the rules
alone: playing a game never loads a bot or a renderer.  Each also stays importable
from its own module.

Rule ids (``R-T5``) refer to the rules reference of the documentation, which states
every rule (``docs/rules.md`` in the repository).
"""

from typing import TYPE_CHECKING

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

if TYPE_CHECKING:  # what the lazy names below are, for type checkers and IDEs
    from .ai.bots import Bot, GreedyBot, RandomBot
    from .ai.mcts import MctsBot
    from .render.explain import describe_action, describe_events
    from .render.svg import board_svg

__version__ = "1.0.0"

#: The names the package exports from the layers above the rules: imported on first use
#: by ``__getattr__`` (PEP 562), from the ai layer (the bots) and the render layer.
_BOTS = frozenset({"Bot", "GreedyBot", "MctsBot", "RandomBot"})
_PICTURES = frozenset({"board_svg", "describe_action", "describe_events"})


def __getattr__(name: str) -> object:
    """A bot, ``board_svg`` or an explanation, imported from its module on first use."""
    # Each import is spelt out, so that tests/test_layers.py sees the edges
    # (docs/architecture.md: the api layer may import ai and render).
    value: object
    if name in _BOTS:
        from .ai import bots, mcts
        value = getattr(mcts if name == "MctsBot" else bots, name)
    elif name in _PICTURES:
        from .render import explain, svg
        value = getattr(svg if name == "board_svg" else explain, name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value  # later lookups find it without calling __getattr__
    return value


def __dir__() -> list[str]:
    """The module's names, the lazy ones included (``dir()``, tab completion)."""
    return sorted({*globals(), *_BOTS, *_PICTURES})

__all__ = [
    "PLAYER_COLOURS",
    "Action",
    "AmazonRanking",
    "AmazonScored",
    "Board",
    "BoatAdvanced",
    "BoatReason",
    "Bot",
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
    "GreedyBot",
    "IllegalActionError",
    "JungleScored",
    "MctsBot",
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
    "RandomBot",
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
    "board_svg",
    "chance_outcomes",
    "describe_action",
    "describe_events",
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
