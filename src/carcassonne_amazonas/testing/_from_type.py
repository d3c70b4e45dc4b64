"""The strategies ``st.from_type`` and ``st.builds`` use for the library's types.

Part of the property-testing tools; :mod:`carcassonne_amazonas.testing` registers them
when it is imported.  Values that belong to a game (a board, a player, a placement, a
piece, a feature, an event, a score) come from games played by :func:`game_states`, so
each one is a value a real game has; every other type draws from its valid values (the
shipped tile sets and their tiles, any rule options).  :func:`state_actions` draws a state
together with one of its legal actions: type hints alone (``state: GameState, action:
PlaceTile``) give two unrelated values.
"""

from __future__ import annotations

import functools
import random
import sys
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

import attrs

from .._support.extras import missing_extra

try:
    from hypothesis import assume
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise missing_extra(__name__, "testing", error) from error

from ..ai.evaluation import FEATURES, Weights
from ..formats.game import Game
from ..formats.records import GameRecord
from ..rules import events as ev
from ..rules.actions import Action, ChooseDouble, DrawTile, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from ..rules.board import Board, Placement
from ..rules.engine import legal_actions, new_game
from ..rules.features import Feature
from ..rules.options import Rules
from ..rules.players import PlacedPiece, PlayerState
from ..rules.scoring import FinalScore, ScoreBreakdown
from ..rules.state import GameState, Phase
from ..tiles.layout import Terrain
from ..tiles.reference import reference_tileset
from ..tiles.tileset import Tile, TileId, TileSet
from ._record_strategies import games
from ._replay import step
from ._steering import GameSpec
from ._strategies import PlayedGame, game_states, legal_actions_of, played_games, rules

__all__ = ["from_states", "from_type_strategies", "resolve_annotations", "state_actions"]

_T = TypeVar("_T")
_SCORED = (Terrain.TRIBUTARY, Terrain.VILLAGE)


def state_actions(num_players: int | None = None, *, min_turns: int = 0,
                  max_turns: int | None = None, phase: Phase | Iterable[Phase] | None = None,
                  draws: Any = "seeded", rules: Rules | None = None,
                  variants: bool = True) -> st.SearchStrategy[tuple[GameState, Action]]:
    """A state drawn by :func:`game_states` (never a finished game) together with one of
    its legal actions (R-T1–R-T8; at a chance node, a draw): the answer to "type hints
    give me unrelated values".  The options are those of :func:`game_states`;
    ``st.from_type(tuple[GameState, Action])`` does not exist in Hypothesis, so ask for
    this strategy by name.  A failing pair shrinks like a state, then to the first
    legal action."""
    states = game_states(num_players, min_turns=min_turns, max_turns=max_turns,
                         phase=None if phase is None else tuple(phase)
                         if not isinstance(phase, Phase) else phase,
                         non_terminal=True, draws=draws, rules=rules, variants=variants)
    return _paired(states)


@st.composite
def _paired(draw: st.DrawFn, states: st.SearchStrategy[GameState]) -> tuple[GameState, Action]:
    state = draw(states)
    return state, draw(legal_actions_of(state), label="action")


# ---------------------------------------------------------------------------- game parts

def from_states(part: Callable[[GameState], Iterable[_T]], **options: Any
                 ) -> st.SearchStrategy[_T]:
    """One of the ``part``s of a state drawn by :func:`game_states` with ``options``."""
    @st.composite
    def parts(draw: st.DrawFn) -> _T:
        choices = tuple(part(draw(game_states(draws=None, **options))))
        assume(choices)
        return draw(st.sampled_from(choices), label=getattr(part, "__name__", "part"))
    return parts()


def _events_of(kind: type[_T], phase: Phase = Phase.GAME_OVER) -> st.SearchStrategy[_T]:
    """Events of class ``kind`` of a game played by :func:`game_states`' rules to
    ``phase`` (the end of the game by default)."""
    spec = GameSpec.of(phase=phase, draws=None)

    @st.composite
    def events(draw: st.DrawFn) -> _T:
        found = [event for event in _game_events(draw(played_games(spec)))
                 if isinstance(event, kind)]
        assume(found)
        return draw(st.sampled_from(found), label="event")
    return events()


def _game_events(game: PlayedGame) -> list[ev.Event]:
    state, found = game.initial, list[ev.Event]()
    for action in game.actions:
        state, events = step(state, action)
        found += events
    return found


def _piece_step_action(kind: type[PlaceMeeple] | type[PlaceCamp]) -> st.SearchStrategy[Action]:
    """A legal piece of ``kind`` in a drawn piece step, or, when there is none, one on a
    segment of the right terrain of the tile just placed."""
    def actions_of(state: GameState) -> list[Action]:
        legal: list[Action] = [action for action in legal_actions(state)
                               if type(action) is kind]
        if legal:
            return legal
        position = state.piece_position
        assert position is not None
        placement = state.board.placements[state.piece_placement]
        wanted = (Terrain.JUNGLE,) if kind is PlaceCamp else _SCORED
        segments = [index for index, segment in enumerate(placement.tile.layout.segments)
                    if segment.terrain in wanted] or [0]
        return [kind(position, index) for index in segments]
    return from_states(actions_of, max_turns=30, phase=Phase.PLACE_PIECE)


_EVENTS = (ev.TileDrawn, ev.TilePlaced, ev.PiecePlaced, ev.BoatAdvanced, ev.FeatureScored,
           ev.AmazonScored, ev.JungleScored, ev.RiverScored, ev.GameOver)


def from_type_strategies() -> dict[type, st.SearchStrategy[Any]]:
    """The strategies :mod:`carcassonne_amazonas.testing` registers for ``st.from_type``.

    - ``GameState``: :func:`game_states` with either draw mode (and every rule
      variant, R-V1–R-V3); ``GameRecord``: :func:`games`; ``Game``: the game of such a
      record, all its actions played.
    - Parts of states drawn so: ``Board``, ``Placement`` (R-G1–R-G7), ``PlayerState``
      (R-C2, R-C9), ``PlacedPiece`` (R-T5), ``Feature`` (R-F1), ``ScoreBreakdown`` and
      ``FinalScore`` (R-E2–R-E5).
    - The events of games played to the end (R-T1–R-E6), one class each; the events
      ``DoubleChosen`` comes from games steered to a double tile (R-T3), and
      ``TileRemoved`` (a tile that fits nowhere, R-G7, in about one random game in 70)
      from three such games.
    - ``PlaceTile``: a legal placement of a drawn state's tile (``PLACE_TILE`` or
      ``PLACE_DOUBLE`` phase); ``PlaceMeeple``, ``PlaceCamp``: a legal piece of that
      kind in a drawn piece step, or, when there is none, one on a segment of the
      right terrain of the tile just placed; ``ChooseDouble``: one of the six double
      tiles of the shipped sets (R-V3); ``DrawTile``: a land tile; ``Pass``: ``Pass()``.
    - ``Weights`` (:mod:`~carcassonne_amazonas.ai.evaluation`): each weight a finite
      number, the feature coefficients from -100 to 100, the others from 0 to 100
      (``margin_spread`` above 0), as the class checks them.
    - ``Tile`` and ``TileId``: a tile (its id) of a shipped set (R-V3); ``TileSet``: either
      shipped set (R-V3); ``Rules``: either shipped set, a first player valid for any
      player count, any shuffle, 1 to 8 slices and any variant options (R-V1, R-V2).

    Each drawn ``Rules`` and ``TileSet`` prints as code that evaluates back
    (``Rules(tileset=reference_tileset(bonus_river=True), ...)``).
    """
    tilesets = (reference_tileset(), reference_tileset(bonus_river=True))
    tileset = tilesets[1]  # the base set's tiles, then the two bonus doubles
    tiles = tuple(dict.fromkeys(tile for each in tilesets for tile in each.tiles))
    early_tiles = game_states(max_turns=30, phase=(Phase.PLACE_TILE, Phase.PLACE_DOUBLE),
                              draws=None)
    strategies: dict[type, st.SearchStrategy[Any]] = {
        GameState: game_states(draws=None),
        GameRecord: games(draws=None),
        Game: games(draws=None).map(Game.from_record),
        Board: from_states(lambda state: (state.board,)),
        Placement: from_states(lambda state: state.board.placements),
        PlayerState: from_states(lambda state: state.players),
        PlacedPiece: from_states(lambda state: tuple(state.pieces()), min_turns=8),
        Feature: from_states(lambda state: tuple(state.features)),
        ScoreBreakdown: from_states(lambda state: [p.breakdown for p in state.players]),
        FinalScore: from_states(lambda state: state.final_scoring or (),
                                 phase=Phase.GAME_OVER),
        PlaceTile: early_tiles.flatmap(lambda state: st.sampled_from(legal_actions(state))),
        PlaceMeeple: _piece_step_action(PlaceMeeple),
        PlaceCamp: _piece_step_action(PlaceCamp),
        ChooseDouble: st.sampled_from([ChooseDouble(t.id) for t in tileset.double_tiles]),
        DrawTile: st.sampled_from([DrawTile(t.id) for t in tileset.land_tiles]),
        Pass: st.just(Pass()),
        Tile: st.sampled_from(tiles),
        TileId: st.sampled_from(tuple(dict.fromkeys(tile.id for tile in tiles))),
        TileSet: st.sampled_from(tilesets),
        Rules: rules(),
    }
    strategies.update({kind: _events_of(kind) for kind in _EVENTS})
    strategies[Weights] = _weights()
    strategies[ev.DoubleChosen] = _events_of(ev.DoubleChosen, Phase.PLACE_DOUBLE)
    strategies[ev.TileRemoved] = st.deferred(lambda: st.sampled_from(_removals()))
    return strategies


def _weights() -> st.SearchStrategy[Weights]:
    """Weights as :class:`~carcassonne_amazonas.ai.evaluation.Weights` checks them: each a
    finite number, the feature coefficients from -100 to 100, the shape of the estimate
    (``lead_sharpness`` and the spreads) from 0 to 100 and ``margin_spread`` > 0; each
    shrinks to its default."""
    numbers = {field.name: st.just(field.default) | st.floats(
        -100 if field.name in FEATURES else 0, 100,
        exclude_min=field.name == "margin_spread", allow_nan=False)
        for field in attrs.fields(Weights)}
    return st.builds(Weights, **numbers)


# Games in which a tile fits nowhere and is removed (R-G7): 2 players, seeded, each action
# chosen by random.Random(seed).choice (about 1 random game in 70 has one).
_REMOVAL_SEEDS = (110, 168, 195)


@functools.lru_cache(maxsize=1)
def _removals() -> tuple[ev.TileRemoved, ...]:
    found: list[ev.TileRemoved] = []
    for seed in _REMOVAL_SEEDS:
        state, rng = new_game(2, seed=seed), random.Random(seed)
        while not state.is_terminal:
            state, events = step(state, rng.choice(legal_actions(state)))
            found += [event for event in events if isinstance(event, ev.TileRemoved)]
    return tuple(found)


def register() -> None:
    """Register :func:`from_type_strategies` and resolve the library's annotations for
    ``st.builds``."""
    for kind, strategy in from_type_strategies().items():
        st.register_type_strategy(kind, strategy)
    resolve_annotations()


def resolve_annotations() -> None:
    """Turn the string annotations of the library's attrs classes into types, so that
    ``st.builds`` (and ``attrs.fields``) see the types (they are written as strings
    under ``from __future__ import annotations``)."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("carcassonne_amazonas.") or module is None:
            continue
        for value in list(vars(module).values()):
            if isinstance(value, type) and attrs.has(value) \
                    and value.__module__ == name:
                try:
                    attrs.resolve_types(value)
                except NameError:  # pragma: no cover - a name only imported for mypy
                    continue
