"""``st.from_type`` for every other class a public module exports (private).

Part of the property-testing tools; :mod:`carcassonne_amazonas.testing` registers these
beside :func:`~carcassonne_amazonas.testing._from_type.from_type_strategies` when it is
imported.  Each class gets values the library itself accepts, taken from where the
library makes them (a shipped tile set, a played game, a parser), or, when drawing one
makes no sense, a refusal: ``st.from_type`` raises
:class:`hypothesis.errors.ResolutionFailed` saying why and what to use instead
(:data:`REFUSALS`).  Protocols (``Bot``, ``DecisionHook``) have no values of their
own: they point to the bots.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from .._support.extras import missing_extra

try:
    from hypothesis import strategies as st
    from hypothesis.errors import ResolutionFailed
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise missing_extra(__name__, "testing", error) from error

from ..ai.bots import BOT_KINDS, BUDGETED_KINDS, Bot, BotSpec, GreedyBot, RandomBot
from ..ai.encoding import ActionSpace, action_space
from ..ai.mcts import MctsBot
from ..ai.observation import BoardPlane, ObservationLayout, observation_layout
from ..ai.simulation import DecisionHook, GameResult, Progress, RulesSpec, simulate_game
from ..errors import IllegalActionError, NotationError, RecordError, TileSetError
from ..formats.problems import Problem
from ..render.feature_geometry import FeatureGeometry, feature_geometry
from ..render.svg import SvgDocument, board_svg
from ..rules.board import PlacementProblem
from ..rules.draw_odds import DrawDistribution
from ..rules.fast_path import FitTable, Playthrough, fit_table
from ..rules.features import FeatureGraph, PlacementResult
from ..rules.final_scoring import FinalFeatureScore, FinalTally, final_scoring
from ..rules.options import Rules, VariantOption
from ..rules.pile import Pile
from ..rules.scoring import FeaturePoints, final_feature_values, score_feature
from ..rules.state import GameState, Phase
from ..tiles.geometry import Position, Rotation
from ..tiles.layout import CellPort, Layout, Segment, Variant, VariantCell
from ..tiles.reference import reference_tileset
from ..tiles.tileset import Icons, StartSide, Tile
from ..web import (
    GameStore,
    GameSummary,
    ReadOnlyDatabaseError,
    StaleWriteError,
    StoreBusyError,
    StoredGame,
    StoredSeat,
)
from ._check_bot import BotCheckError
from ._from_type import from_states
from ._illegal import IllegalAction, illegal_actions_of
from ._machine import GameMachine
from ._record_strategies import RecordText, records
from ._strategies import game_states
from ._text_strategies import TileSetText, tileset_files

__all__ = ["REFUSALS", "public_type_strategies", "register_public_types"]

#: The classes ``st.from_type`` refuses, each with why and what to use instead.
REFUSALS: Final[dict[type, str]] = {
    Bot: "Bot is a protocol (anything with choose(state) -> Action), so it has no values "
         "of its own: ask for a bot class (st.from_type(RandomBot), GreedyBot, MctsBot, "
         "each drawn with a seed and small budgets), and check your own bot with "
         "carcassonne_amazonas.testing.check_bot",
    DecisionHook: "DecisionHook is a protocol (a callable simulate_game calls at each "
                  "decision), so it has no values of its own: write the hook you want to "
                  "test, or draw the bots that make the decisions (st.from_type(MctsBot))",
    Progress: "Progress is a progress bar writing to a stream: make one yourself, "
              "Progress(total, io.StringIO())",
    PlacementResult: "PlacementResult is what the engine's feature graph returns while it "
                     "places a tile, not a value of a game: draw states with game_states() "
                     "and read state.features",
    Problem: "Problem is an inconsistency found in a state (state_problems, find_problems): "
             "a reachable state has none; corrupt a snapshot yourself, or draw invalid "
             "records with records(valid=False)",
    GameMachine: "GameMachine is a state machine to subclass, not a value: write "
                 "class MyMachine(GameMachine) with your hooks and run "
                 "TestMyMachine = MyMachine.TestCase",
    BoardPlane: "BoardPlane is a namespace of board-plane indices (BoardPlane.MEEPLES), "
                "not a type with values: sample the indices you need, "
                "st.sampled_from([BoardPlane.OCCUPIED, BoardPlane.MEEPLES])",
    BotCheckError: "exceptions are raised, not drawn: run check_bot on a bot and catch "
                   "the BotCheckError",
    IllegalActionError: "exceptions are raised, not drawn: apply an action of "
                        "illegal_actions_of(state) and catch the IllegalActionError",
    NotationError: "exceptions are raised, not drawn: parse a text of "
                   "notation_texts(valid=False) and catch the NotationError",
    RecordError: "exceptions are raised, not drawn: load a text of records(valid=False) "
                 "and catch the RecordError",
    TileSetError: "exceptions are raised, not drawn: load a text of "
                  "tileset_files(valid=False) and catch the TileSetError",
    Playthrough: "Playthrough is the engine's transition applied in place to a copy of a "
                 "state, not a value: draw a state with game_states() and make one, "
                 "Playthrough(state)",
    GameStore: "GameStore is a handle on a games database (a file), not a value: make one "
               "on a temporary path, GameStore(tmp_path / 'games.sqlite3')",
    GameSummary: "GameSummary is a row a GameStore lists (GameStore.summaries), not a value "
                 "of a game: make a GameStore, store games in it and read its "
                 "summaries()",
    StoredGame: "StoredGame is a game as a GameStore keeps it: store one in a GameStore on "
                "a temporary path and load it; for the game itself draw games()",
    StoredSeat: "StoredSeat is a seat as a GameStore keeps it: make a GameStore, store "
                "a game in it and read its seats",
    ReadOnlyDatabaseError: "exceptions are raised, not drawn: make a GameStore on a file "
                           "it may not write and catch the ReadOnlyDatabaseError",
    StaleWriteError: "exceptions are raised, not drawn: write a stale game to a GameStore "
                     "and catch the StaleWriteError",
    StoreBusyError: "exceptions are raised, not drawn: write to a GameStore another "
                    "process holds and catch the StoreBusyError",
}

try:  # the self-play reader needs numpy (the [openspiel] or [pettingzoo] extra)
    from ..integrations.selfplay import SelfPlayData
except ImportError:  # pragma: no cover - depends on what is installed
    pass
else:
    REFUSALS[SelfPlayData] = ("SelfPlayData is a dataset read from a file that "
                              "simulate --dataset wrote: write one from a few games, "
                              "carcassonne-amazonas simulate --games 2 --dataset FILE, and "
                              "read it with SelfPlayData(path)")

_TILESETS = (reference_tileset(), reference_tileset(bonus_river=True))
_TILES: tuple[Tile, ...] = tuple(dict.fromkeys(t for each in _TILESETS for t in each.tiles))
_LAYOUTS: tuple[Layout, ...] = tuple(dict.fromkeys(t.layout for t in _TILES))
#: The MCTS budgets drawn: small, so that a bot answers in milliseconds.
_MCTS_ITERATIONS = st.integers(1, 8)


def _refusal(kind: type, reason: str) -> st.SearchStrategy[Any]:
    """A strategy that raises ``ResolutionFailed`` with ``reason`` when drawn (a
    strategy rather than a function of the type: Hypothesis resolves a registered
    strategy directly, without the subclass checks a protocol fails)."""
    def refuse(_: object) -> Any:
        raise ResolutionFailed(f"st.from_type({kind.__name__}) has no strategy: {reason}")
    return st.just(kind).map(refuse)


def _seeds() -> st.SearchStrategy[int]:
    return st.integers(0, 2**32 - 1)


def _bot_specs() -> st.SearchStrategy[BotSpec]:
    budgets = st.one_of(st.none(), st.integers(1, 10_000))
    return st.one_of(
        st.sampled_from([k for k in BOT_KINDS if k not in BUDGETED_KINDS]).map(BotSpec),
        st.builds(BotSpec, st.sampled_from(BUDGETED_KINDS), budgets))


def _mcts_bots() -> st.SearchStrategy[MctsBot]:
    """MCTS bots with a seed and a budget of a few iterations (a decision in
    milliseconds), any tree and rollout depth."""
    return st.builds(MctsBot, seed=_seeds(), iterations=_MCTS_ITERATIONS,
                     tree_turns=st.sampled_from((1, 2)),
                     rollout_turns=st.one_of(st.none(), st.integers(0, 3)),
                     rollout_width=st.one_of(st.just(4), st.none(), st.integers(1, 6)))


def _of_states(part: Callable[[GameState], Any], **options: Any) -> st.SearchStrategy[Any]:
    return from_states(part, **options)


def _scored_features(state: GameState) -> list[FeaturePoints]:
    return [score_feature(feature, value, state.num_players)
            for feature, value in final_feature_values(state.features)]


def _tally(state: GameState) -> list[FinalTally]:
    boats = tuple(player.boat for player in state.players)
    return [final_scoring(state.rules, state.features, boats)]


def _geometries(state: GameState) -> list[FeatureGeometry]:
    return [feature_geometry(state, placement.position, index)
            for placement in state.board.placements[-3:]
            for index in range(len(placement.tile.layout.segments))]


def _problems(state: GameState) -> list[PlacementProblem]:
    """Why the tile in hand cannot go at some cells (R-G1–R-G4)."""
    tile = state.tile_in_hand
    if tile is None:
        return []
    cells = [p.position for p in state.board.placements[:4]] + [Position(50, 50)]
    found = [state.board.placement_problem(tile, cell, rotation)
             for cell in cells for rotation in Rotation]
    return [problem for problem in found if problem is not None]


def _games(draw: st.DrawFn) -> GameResult:
    kinds = draw(st.lists(st.just("random"), min_size=2, max_size=5))
    return simulate_game(draw(st.integers(0, 100)), draw(_seeds()), tuple(kinds))


def public_type_strategies() -> dict[type, st.SearchStrategy[Any]]:
    """The strategies :mod:`carcassonne_amazonas.testing` registers for the public classes
    :func:`~carcassonne_amazonas.testing.from_type_strategies` leaves out:

    - ``Position``: a cell some tile can reach (the board window of the action
      encoding, R-G2);
    - bots with a seed (``RandomBot``, ``GreedyBot``; ``MctsBot`` with 1 to 8 iterations
      per decision), ``BotSpec`` as :func:`~carcassonne_amazonas.ai.bots.parse_bot_spec`
      reads them, ``RulesSpec`` of the rule variants (R-V1–R-V3), ``GameResult`` of a
      simulated game of 2 to 5 random bots;
    - ``ActionSpace`` and ``ObservationLayout`` of either shipped set;
    - the parts of the shipped tile sets: ``Layout``, ``Segment``, ``CellPort``,
      ``Variant``, ``VariantCell``, ``Icons``, ``StartSide`` (R-C5, R-C6), ``FitTable``;
      ``VariantOption`` of :attr:`Rules.VARIANTS
      <carcassonne_amazonas.rules.options.Rules.VARIANTS>`;
    - the parts of played games: ``Pile`` and ``DrawDistribution`` (R-C7), ``FeatureGraph``,
      ``FeaturePoints``, ``FinalTally`` and ``FinalFeatureScore`` (R-E2–R-E5),
      ``FeatureGeometry`` and ``SvgDocument`` (a board drawn), ``PlacementProblem``
      (why a tile cannot go somewhere, R-G1–R-G4);
    - the testing tools' own values: ``IllegalAction`` (:func:`illegal_actions_of` a
      drawn state), ``RecordText`` (:func:`records`, valid or not), ``TileSetText``
      (:func:`tileset_files`, valid or not).
    """
    variants = st.sampled_from(_TILESETS).map(lambda ts: Rules(tileset=ts))
    window = action_space(Rules(tileset=_TILESETS[1]))
    start_sides = st.builds(lambda ts, n: ts.start_side(n), st.sampled_from(_TILESETS),
                            st.integers(2, 5))
    layouts = st.sampled_from(_LAYOUTS)
    segments = layouts.flatmap(lambda layout: st.sampled_from(layout.segments))
    variants_of = layouts.flatmap(lambda layout: st.sampled_from(layout.variants))
    return {
        Position: st.builds(Position,
                            st.integers(window.x_min, window.x_min + window.width - 1),
                            st.integers(window.y_min, window.y_min + window.height - 1)),
        RandomBot: st.builds(RandomBot, seed=_seeds()),
        GreedyBot: st.builds(GreedyBot, seed=_seeds()),
        MctsBot: _mcts_bots(),
        BotSpec: _bot_specs(),
        RulesSpec: st.builds(lambda rules: RulesSpec(options=rules.options(changed=True)),
                             st.from_type(Rules).filter(lambda r: r.tileset in _TILESETS)),
        GameResult: st.composite(_games)(),
        ActionSpace: variants.map(action_space),
        ObservationLayout: st.builds(observation_layout, variants, compact=st.booleans()),
        Layout: layouts,
        Segment: segments,
        CellPort: segments.filter(lambda s: bool(s.ports)).flatmap(
            lambda segment: st.sampled_from(segment.ports)),
        Variant: variants_of,
        VariantCell: variants_of.flatmap(lambda variant: st.sampled_from(variant.cells)),
        Icons: st.sampled_from(tuple(dict.fromkeys(i for t in _TILES for i in t.icons))),
        StartSide: start_sides,
        FitTable: layouts.map(fit_table),
        VariantOption: st.sampled_from(tuple(Rules.VARIANTS.values())),
        Pile: _of_states(lambda state: (state.pile,)),
        DrawDistribution: _of_states(lambda state: (state.pile.distribution(),)
                                     if state.pile.tiles else ()),
        FeatureGraph: _of_states(lambda state: (state.features,)),
        FeaturePoints: _of_states(_scored_features, min_turns=10),
        FinalTally: _of_states(_tally, min_turns=5),
        FinalFeatureScore: _of_states(lambda state: _tally(state)[0].features, min_turns=10),
        FeatureGeometry: _of_states(_geometries, max_turns=20),
        SvgDocument: _of_states(lambda state: (board_svg(state),), max_turns=10),
        IllegalAction: game_states(max_turns=30, draws=None).flatmap(illegal_actions_of),
        RecordText: records(),
        TileSetText: tileset_files(None),
        PlacementProblem: _of_states(_problems, max_turns=20,
                                     phase=(Phase.PLACE_TILE, Phase.PLACE_DOUBLE)),
    }


def register_public_types() -> None:
    """Register :func:`public_type_strategies` and the refusals of :data:`REFUSALS`."""
    for kind, strategy in public_type_strategies().items():
        st.register_type_strategy(kind, strategy)
    for kind, reason in REFUSALS.items():
        st.register_type_strategy(kind, _refusal(kind, reason))
