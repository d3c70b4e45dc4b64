"""Property-based testing tools for code that uses the library (bots, frontends,
serialisers, AI wrappers): Hypothesis strategies, a state machine to subclass, and
invariant checks.

Install with the extra ``[testing]`` (``pip install 'carcassonne-amazonas[testing]'``,
which installs Hypothesis only); without Hypothesis, importing this module raises an
``ImportError`` that says so.  The library itself never imports it.

- :func:`game_states` draws states reached by legal play, with knobs for the player
  count, the phase (every phase, the rare ones included, is reached by steering the
  game, never by filtering), the number of complete turns (:func:`turns_played`),
  finished games or not, the draw mode and the rules.  A failing example shrinks
  to a short game and is shown as the :func:`replay_game` call that rebuilds it.
- :func:`games` draws whole games as :class:`~carcassonne_amazonas.records.GameRecord`
  (shown as a :func:`game_record` call), :func:`records` record JSON, valid or
  corrupted (:class:`RecordText` says which, and how).
- :func:`legal_actions_of` draws one legal action of a state; :func:`actions` draws
  arbitrary, mostly illegal actions of every class.
- :class:`GameMachine` is a Hypothesis state machine that plays and attacks one game
  step by step; subclass it to check a model of your own against the engine.
- :func:`check_invariants` lists every invariant a state breaks (empty when all
  hold).
- Importing this module registers strategies for ``st.from_type``: ``GameState``
  gives :func:`game_states` (either draw mode), each action class an action that is
  legal in some reachable state (:func:`from_type_strategies` lists them all).

Example (a complete test file is ``examples/property_testing.py``)::

    from hypothesis import given, strategies as st
    from carcassonne_amazonas import apply_action
    from carcassonne_amazonas.testing import check_invariants, game_states, legal_actions_of

    @given(game_states(max_turns=20, non_terminal=True), st.data())
    def test_any_legal_action_keeps_the_invariants(state, data):
        after = apply_action(state, data.draw(legal_actions_of(state)))
        assert check_invariants(after) == []
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, ClassVar

from .extras import missing_extra

try:
    from hypothesis import strategies as st
    from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise missing_extra(__name__, "testing", error) from error

from .actions import Action, ChooseDouble, DrawTile, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from .engine import apply_action_with_events, legal_actions
from .errors import IllegalActionError
from .events import Event
from .features import placement_of, segment_of
from .geometry import PORTS_PER_SIDE, Position, Side, facing_port
from .pile import Draws, Shuffle
from .record_strategies import CORRUPTIONS, RecordText, game_record, games, records
from .records import GameRecord
from .reference import reference_tileset
from .state import PLAYER_COLOURS, GameState, Phase, Rules
from .strategies import (
    PHASES,
    actions,
    game_states,
    legal_actions_of,
    replay_game,
    turns_played,
)
from .text import plural
from .tiles import Terrain, TileKind, TileSet, VariantCell

__all__ = [
    "CORRUPTIONS",
    "PHASES",
    "GameMachine",
    "RecordText",
    "actions",
    "check_invariants",
    "from_type_strategies",
    "game_record",
    "game_states",
    "games",
    "legal_actions_of",
    "records",
    "replay_game",
    "turns_played",
]

#: Supplies at the start of the game (R-C2).
MEEPLES_PER_PLAYER = 4
CAMPS_PER_PLAYER = 2

_SCORED = (Terrain.TRIBUTARY, Terrain.VILLAGE)
_TURN_PHASES = (Phase.PLACE_PIECE, Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE)


# ---------------------------------------------------------------------------- state machine

class GameMachine(RuleBasedStateMachine):
    """A Hypothesis state machine that plays one game step by step (R-C1–R-E6); subclass
    it to check a model of your own (a frontend's view, a score tracker, a bot's
    bookkeeping) against the engine.

    Each run starts from a state of :meth:`start_states` (a new game by default), then
    interleaves three steps: a legal action, a run of up to 80 random legal actions
    (to reach the middle and the end of games), and an arbitrary action from
    :func:`actions` (mostly illegal).  Every action goes through :meth:`attempt`,
    which calls a hook you override:

    - :meth:`on_start` with the first state;
    - :meth:`on_action` with the state before, the action, the state after and the
      events, for every action the engine applied;
    - :meth:`on_refused` with the state, the action and the error
      (:class:`~carcassonne_amazonas.errors.IllegalActionError` or ``TypeError``), for
      every action it refused (the state is unchanged).

    Assert in the hooks, or in ``@invariant()`` methods of your own, that your model
    agrees with :attr:`state`; add ``@rule()`` methods for steps of your own.  After
    every step :func:`check_invariants` must find nothing.  Run it with
    ``TestMyModel = MyMachine.TestCase`` in a test module; tune it with
    ``@settings(max_examples=..., stateful_step_count=...)`` on the subclass.

    Class options: ``num_players`` (None: 2 to 5) and ``draws`` (None: seeded or
    explicit) of the default :meth:`start_states`.
    """

    num_players: ClassVar[int | None] = None
    draws: ClassVar[Draws | None] = None

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = replay_game(2, seed=0)
        """The current state."""
        self.history: list[GameState] = []
        """Every state before the current one, the first state first."""
        self.played: list[Action] = []
        """Every action applied, in order: ``history[i]`` + ``played[i]`` is the next state."""

    # -- hooks ------------------------------------------------------------------------------

    def start_states(self) -> st.SearchStrategy[GameState]:
        """Where runs start: new games with the class options.  Override to start
        elsewhere, for example ``game_states(min_turns=40, non_terminal=True)``."""
        return game_states(self.num_players, max_turns=0,
                           phase=(Phase.PLACE_TILE, Phase.DRAW_TILE), draws=self.draws)

    def on_start(self, state: GameState) -> None:
        """Called with the first state of a run."""

    def on_action(self, before: GameState, action: Action, after: GameState,
                  events: tuple[Event, ...]) -> None:
        """Called after the engine applied ``action`` to ``before``, giving ``after``
        and ``events``."""

    def on_refused(self, state: GameState, action: object, error: Exception) -> None:
        """Called after the engine refused ``action`` in ``state`` with ``error``."""

    # -- steps ------------------------------------------------------------------------------

    def attempt(self, action: object) -> bool:
        """Apply ``action`` to :attr:`state` if the engine accepts it (then call
        :meth:`on_action`), else call :meth:`on_refused`; True if it was applied."""
        before = self.state
        anything: Any = action
        try:
            after, events = apply_action_with_events(before, anything)
        except (IllegalActionError, TypeError) as error:
            self.on_refused(before, action, error)
            return False
        self.history.append(before)
        self.played.append(anything)
        self.state = after
        self.on_action(before, anything, after, events)
        return True

    @initialize(start=st.runner().flatmap(lambda machine: machine.start_states()))
    def start_game(self, start: GameState) -> None:
        """Begin a run at ``start``."""
        self.state = start
        self.on_start(start)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def play_legal_action(self, data: st.DataObject) -> None:
        """One legal action (a draw at a chance node)."""
        self.attempt(data.draw(legal_actions_of(self.state), label="legal action"))

    @precondition(lambda self: not self.state.is_terminal)
    @rule(steps=st.integers(1, 80), seed=st.integers(0, 2**16))
    def play_random_actions(self, steps: int, seed: int) -> None:
        """Up to ``steps`` random legal actions, chosen by ``random.Random(seed)``."""
        rng = random.Random(seed)
        for _ in range(steps):
            if self.state.is_terminal:
                break
            self.attempt(rng.choice(legal_actions(self.state)))

    @rule(action=actions())
    def try_arbitrary_action(self, action: Action) -> None:
        """An arbitrary action, legal or (mostly) not."""
        self.attempt(action)

    @invariant()
    def engine_invariants_hold(self) -> None:
        """:func:`check_invariants` finds nothing."""
        assert check_invariants(self.state) == []


# ---------------------------------------------------------------------------- st.from_type

def from_type_strategies() -> dict[type, st.SearchStrategy[Any]]:
    """The strategies this module registers for ``st.from_type`` when it is imported.

    - ``GameState``: :func:`game_states` with either draw mode;
    - ``PlaceTile``: a legal placement of a drawn state's tile (``PLACE_TILE`` or
      ``PLACE_DOUBLE`` phase);
    - ``PlaceMeeple``, ``PlaceCamp``: a legal piece of that kind in a drawn piece
      step, or, when there is none, one on a segment of the right terrain of the
      tile just placed;
    - ``ChooseDouble``, ``DrawTile``: a double tile or a land tile of the reference
      set; ``Pass``: ``Pass()``;
    - ``GameRecord``: :func:`games`; ``Rules``: the reference tile set with a first
      player valid for any player count, any shuffle and 1 to 8 slices;
      ``TileSet``: the reference tile set.
    """
    tileset = reference_tileset()

    def early(*phases: Phase) -> st.SearchStrategy[GameState]:
        return game_states(max_turns=30, phase=phases, draws=None)

    return {
        GameState: game_states(draws=None),
        PlaceTile: early(Phase.PLACE_TILE, Phase.PLACE_DOUBLE)
        .flatmap(lambda state: st.sampled_from(legal_actions(state))),
        PlaceMeeple: early(Phase.PLACE_PIECE)
        .flatmap(lambda state: _piece_action(state, PlaceMeeple)),
        PlaceCamp: early(Phase.PLACE_PIECE)
        .flatmap(lambda state: _piece_action(state, PlaceCamp)),
        ChooseDouble: st.sampled_from([ChooseDouble(t.id) for t in tileset.double_tiles]),
        DrawTile: st.sampled_from([DrawTile(t.id) for t in tileset.land_tiles]),
        Pass: st.just(Pass()),
        GameRecord: games(draws=None),
        Rules: st.builds(Rules, first_player=st.integers(0, 1),
                         shuffle=st.sampled_from(Shuffle), slices=st.integers(1, 8)),
        TileSet: st.just(tileset),
    }


def _piece_action(state: GameState,
                  kind: type[PlaceMeeple] | type[PlaceCamp]) -> st.SearchStrategy[Action]:
    legal = [action for action in legal_actions(state) if type(action) is kind]
    if legal:
        return st.sampled_from(legal)
    # None is legal here (no piece left, or every such feature taken): one that looks it.
    position = state.piece_position
    assert position is not None
    placement = state.board.placements[state.piece_placement]
    wanted = (Terrain.JUNGLE,) if kind is PlaceCamp else _SCORED
    segments = [index for index, segment in enumerate(placement.tile.layout.segments)
                if segment.terrain in wanted] or [0]
    return st.sampled_from([kind(position, index) for index in segments])


for _type, _strategy in from_type_strategies().items():
    st.register_type_strategy(_type, _strategy)

# ---------------------------------------------------------------------------- invariants

def check_invariants(state: GameState) -> list[str]:
    """Every invariant ``state`` breaks, one message each; empty when all hold.

    - R-G4, R-F2: every two neighbouring tiles match (equal edges, and equal
      terrain at every pair of facing ports); no two tiles overlap; every
      tile but the start tile touches another; standard tiles lie in rows not
      downstream of the river end (R-G2).
    - R-C2, R-T10: each player's meeples on the board plus in supply are 4 and
      camps 2; meeples stand only on tributaries and villages, camps only in
      jungles, nothing on the Amazon (R-F6).
    - R-T7: no completed tributary or village holds a meeple, except, during
      the piece step, one that contains the tile just placed (it is scored at
      the end of the turn).
    - R-T9, R-C9: every boat lies on spaces 1 .. ``track_length``, which is the
      start side's river spaces + 1 per Amazon tile + 2 per double tile placed.
    - R-C3, R-C4, R-E1, R-G7: the land tiles placed, removed, left in the pile and in
      hand are exactly the tile set's land tiles (80 in the reference set);
      the double tiles set aside, in hand and placed are the set's doubles.
    - Scores: each score equals its breakdown's total; camps and river points
      appear only with the final scoring, which (once the game is over) agrees
      with the breakdown (R-E2–R-E5).
    - The pile's counters agree with the tiles drawn (R-C7, R-T1).
    - The phase agrees with the tile in hand and the piece step's tile, and a
      game that is not over has a legal action.
    """
    problems: list[str] = []
    _check_tiles(state, problems)
    _check_pieces(state, problems)
    _check_river(state, problems)
    _check_tile_accounting(state, problems)
    _check_scores(state, problems)
    _check_phase(state, problems)
    return problems


def _check_tiles(state: GameState, problems: list[str]) -> None:
    placements = state.board.placements
    cells: dict[tuple[int, int], tuple[int, VariantCell]] = {}
    for index, placement in enumerate(placements):
        for vc in placement.variant.cells:
            where = (placement.position.x + vc.dx, placement.position.y + vc.dy)
            if where in cells:
                other = placements[cells[where][0]]
                problems.append(f"{placement.tile.name} at ({placement.position}) and "
                                f"{other.tile.name} at ({other.position}) both cover cell "
                                f"{where[0]},{where[1]}")
                continue
            cells[where] = (index, vc)
    touching: set[int] = set()
    for (x, y), (index, vc) in cells.items():
        placement = placements[index]
        segments = placement.tile.layout.segments
        for side in Side:
            neighbour = Position(x, y).neighbour(side)
            entry = cells.get((neighbour.x, neighbour.y))
            if entry is None or entry[0] == index:
                continue
            touching.add(index)
            if side not in (Side.EAST, Side.SOUTH):
                continue  # each shared side once
            other_index, other_vc = entry
            other = placements[other_index]
            shown, facing = vc.edges[side], other_vc.edges[side.opposite]
            if shown != facing:
                problems.append(
                    f"{placement.tile.name} at ({placement.position}) shows "
                    f"{_edge_name(shown)} on its {side.name.lower()} side at cell {x},{y}, but "
                    f"{other.tile.name} at ({other.position}) shows {_edge_name(facing)} "
                    "there (R-G4)")
                continue
            other_segments = other.tile.layout.segments
            for port in range(side * PORTS_PER_SIDE, (side + 1) * PORTS_PER_SIDE):
                mine, theirs = vc.port_segments[port], other_vc.port_segments[facing_port(port)]
                if mine < 0 or theirs < 0 or \
                        segments[mine].terrain is not other_segments[theirs].terrain:
                    problems.append(
                        f"ports do not match between {placement.tile.name} at "
                        f"({placement.position}) and {other.tile.name} at ({other.position}) "
                        f"on the {side.name.lower()} side of cell {x},{y} (R-F2, R-G4)")
                    break
    for index, placement in enumerate(placements):
        if placement.tile.kind is not TileKind.START and index not in touching:
            problems.append(f"{placement.tile.name} at ({placement.position}) touches no "
                            "other tile (R-G2)")
    river_rows = [y for (_, y), (index, _) in cells.items()
                  if placements[index].tile.kind is not TileKind.STANDARD]
    river_end = max(river_rows, default=0)
    if placements and river_end != state.board.river_end_row:
        problems.append(f"the river ends in row {river_end}, but the board says "
                        f"{state.board.river_end_row} (R-G2, R-G6)")
    for placement in placements:
        if placement.tile.kind is TileKind.STANDARD and placement.position.y > river_end:
            problems.append(f"{placement.tile.name} at ({placement.position}) lies downstream "
                            f"of the river end, row {river_end} (R-G2)")


def _who(player: int) -> str:
    """A player's colour (R-C1), or its number when it is not a player of any game."""
    return PLAYER_COLOURS[player] if 0 <= player < len(PLAYER_COLOURS) else f"player {player}"


def _edge_name(edge: int) -> str:
    return "nothing" if edge == 0 else Terrain(edge).label


def _check_pieces(state: GameState, problems: list[str]) -> None:
    placements = state.board.placements
    n = state.num_players
    meeples = [0] * n
    camps = [0] * n
    just_placed = _tiles_of_current_turn(state)
    segments_seen = 0
    for feature in state.features:
        segments_seen += len(feature.nodes)
        for node, player in feature.pieces:
            if not 0 <= player < n:
                problems.append(f"a piece of player {player} is on the board of a "
                                f"{n}-player game")
                continue
            placement = placements[placement_of(node)]
            terrain = placement.tile.layout.segments[segment_of(node)].terrain
            if terrain is not feature.terrain:
                problems.append(f"segment {segment_of(node)} of {placement.tile.name} is "
                                f"{terrain.label} but lies in a {feature.terrain.label}")
            if terrain is Terrain.JUNGLE:
                camps[player] += 1
            elif terrain in _SCORED:
                meeples[player] += 1
            else:
                problems.append(f"{_who(player)} has a piece on the Amazon at "
                                f"({placement.position}) (R-F6)")
        if feature.is_completed and feature.pieces \
                and not (feature.placement_indices & just_placed):
            where = ", ".join(f"({placements[i].position})"
                              for i in sorted(feature.placement_indices))
            held = plural(len(feature.pieces), "meeple")
            problems.append(f"a completed {feature.terrain.label} on {where} still holds "
                            f"{held} that should have returned (R-T7)")
    expected_segments = sum(len(p.tile.layout.segments) for p in placements)
    if segments_seen != expected_segments:
        problems.append(f"the features hold {segments_seen} segments, the tiles on the "
                        f"board have {expected_segments} (R-F1)")
    for player, supply in enumerate(state.players):
        if supply.meeples_in_supply + meeples[player] != MEEPLES_PER_PLAYER:
            on_board = plural(meeples[player], "meeple")
            problems.append(f"{_who(player)} has {on_board} on the board and "
                            f"{supply.meeples_in_supply} in supply, not {MEEPLES_PER_PLAYER} "
                            "in all (R-C2)")
        if supply.camps_in_supply + camps[player] != CAMPS_PER_PLAYER:
            problems.append(f"{_who(player)} has {plural(camps[player], 'camp')} on the board and "
                            f"{supply.camps_in_supply} in supply, not {CAMPS_PER_PLAYER} "
                            "in all (R-C2, R-T10)")
        if supply.meeples_in_supply < 0 or supply.camps_in_supply < 0:
            problems.append(f"{_who(player)} has a negative supply")


def _tiles_of_current_turn(state: GameState) -> frozenset[int]:
    """Placement indices of the tiles placed in the turn under way (before its scoring)."""
    if state.phase not in _TURN_PHASES:
        return frozenset()
    placements = state.board.placements
    indices = {len(placements) - 1}
    if len(placements) >= 2 and placements[-1].tile.kind is TileKind.DOUBLE \
            and placements[-2].tile.layout.exclamation:
        indices.add(len(placements) - 2)
    return frozenset(indices)


def _check_river(state: GameState, problems: list[str]) -> None:
    kinds = Counter(p.tile.kind for p in state.board.placements)
    start_spaces = state.rules.tileset.start_side(state.num_players).river_spaces
    explored = start_spaces + kinds[TileKind.AMAZON] + 2 * kinds[TileKind.DOUBLE]
    if state.track_length != explored:
        problems.append(f"track_length is {state.track_length}, but {start_spaces} start "
                        f"spaces + {plural(kinds[TileKind.AMAZON], 'Amazon tile')} + 2 x "
                        f"{plural(kinds[TileKind.DOUBLE], 'double tile')} = {explored} (R-T9)")
    for player, supply in enumerate(state.players):
        if not 1 <= supply.boat <= state.track_length:
            problems.append(f"{_who(player)}'s boat is on space {supply.boat}, outside "
                            f"1..{state.track_length} (R-C9, R-T9)")


def _check_tile_accounting(state: GameState, problems: list[str]) -> None:
    tileset = state.rules.tileset
    hand = state.tile_in_hand
    placed = [p.tile for p in state.board.placements]
    land = [t for t in placed if t.kind in (TileKind.STANDARD, TileKind.AMAZON)]
    in_hand_land = [hand] if hand is not None and hand.kind is not TileKind.DOUBLE else []
    accounted = Counter(t.id for t in [*land, *state.removed, *state.pile.remaining,
                                       *in_hand_land])
    expected = Counter(t.id for t in tileset.land_tiles)
    if accounted != expected:
        missing = sorted((expected - accounted).elements())
        extra = sorted((accounted - expected).elements())
        problems.append(
            f"{len(land)} land tiles placed + {len(state.removed)} removed + "
            f"{len(state.pile)} left + {len(in_hand_land)} in hand = {sum(accounted.values())}"
            f", not the {len(tileset.land_tiles)} land tiles of the tile set "
            f"(missing ids {missing}, extra ids {extra}) (R-C3, R-E1, R-G7)")
    doubles = [t for t in placed if t.kind is TileKind.DOUBLE]
    in_hand_double = [hand] if hand is not None and hand.kind is TileKind.DOUBLE else []
    accounted_doubles = Counter(t.id for t in [*doubles, *state.doubles_left, *in_hand_double])
    if accounted_doubles != Counter(t.id for t in tileset.double_tiles):
        problems.append(f"{len(doubles)} double tiles placed + {len(state.doubles_left)} set "
                        f"aside + {len(in_hand_double)} in hand are not the "
                        f"{len(tileset.double_tiles)} double tiles of the tile set (R-C4, R-T3)")
    drawn = [*land, *state.removed, *in_hand_land]
    drawn_amazon = sum(1 for t in drawn if t.kind is TileKind.AMAZON)
    if state.pile.drawn != len(drawn) or state.pile.amazon_drawn != drawn_amazon:
        problems.append(f"the pile counts {state.pile.drawn} tiles drawn, "
                        f"{state.pile.amazon_drawn} of them Amazon tiles, but {len(drawn)} "
                        f"land tiles ({drawn_amazon} Amazon tiles) are placed, removed or in "
                        "hand (R-C7, R-T1)")
    for tile in state.removed:
        if tile.kind is not TileKind.STANDARD:
            problems.append(f"{tile.name} was removed, but only standard tiles can fit "
                            "nowhere (R-G6, R-G7)")


def _check_scores(state: GameState, problems: list[str]) -> None:
    for player, supply in enumerate(state.players):
        breakdown = supply.breakdown
        if supply.score != breakdown.total:
            problems.append(f"{_who(player)} has {supply.score} points, but the breakdown "
                            f"adds up to {breakdown.total}")
        if min(breakdown.tributaries, breakdown.villages, breakdown.amazon, breakdown.camps,
               breakdown.river) < 0:
            problems.append(f"{_who(player)} has negative points in the breakdown {breakdown}")
        if not state.is_terminal and (breakdown.camps or breakdown.river):
            problems.append(f"{_who(player)} has camp or river points before the final "
                            "scoring (R-E4, R-E5)")
    finals = state.final_scoring
    if not state.is_terminal:
        if finals is not None:
            problems.append("the final scoring is set before the game is over (R-E1)")
        return
    if finals is None or len(finals) != state.num_players:
        problems.append("the game is over but the final scoring is missing or incomplete (R-E1)")
        return
    for player, (supply, final) in enumerate(zip(state.players, finals)):
        breakdown = supply.breakdown
        if final.river != breakdown.river or final.camps != breakdown.camps:
            problems.append(f"{_who(player)}'s final scoring {final} disagrees with the "
                            f"breakdown {breakdown} on camps or river (R-E4, R-E5)")
        if not 0 <= final.tributaries <= breakdown.tributaries \
                or not 0 <= final.villages <= breakdown.villages:
            problems.append(f"{_who(player)}'s final tributary/village points {final} exceed "
                            f"those of the whole game {breakdown} (R-E2, R-E3)")


def _check_phase(state: GameState, problems: list[str]) -> None:
    phase = state.phase
    hand = state.tile_in_hand
    if not 0 <= state.current_player < state.num_players:
        problems.append(f"the current player {state.current_player} is not a player (R-C8)")
    if phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
        if hand is None:
            problems.append(f"phase {phase.value!r} but no tile in hand")
        elif (hand.kind is TileKind.DOUBLE) != (phase is Phase.PLACE_DOUBLE):
            problems.append(f"phase {phase.value!r} with {hand.name} in hand (R-T3)")
    elif hand is not None:
        problems.append(f"phase {phase.value!r} with {hand.name} still in hand")
    if (phase is Phase.PLACE_PIECE) != (state.piece_placement >= 0):
        problems.append(f"phase {phase.value!r} with piece_placement {state.piece_placement}")
    elif phase is Phase.PLACE_PIECE and state.piece_placement != len(state.board) - 1:
        problems.append("the piece step is not on the tile just placed (R-T5)")
    if phase is Phase.GAME_OVER and len(state.pile):
        problems.append(f"the game is over with {len(state.pile)} tiles still to draw (R-E1)")
    if phase is not Phase.GAME_OVER:
        try:
            choices = legal_actions(state)
        except Exception as error:  # a broken state may break the engine as well
            problems.append(f"legal_actions fails on this state: {error!r}")
        else:
            if not choices:
                problems.append("the game is not over but there is no legal action in "
                                f"phase {phase.value!r}")
