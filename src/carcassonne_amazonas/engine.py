"""The rules engine: setup, legal actions and transitions (RULES C, G, T, A, E).

Three functions make the whole API of play::

    state = new_game(3, seed=7)
    while not state.is_terminal:
        state = apply_action(state, legal_actions(state)[0])

States are immutable: :func:`apply_action` returns a new state and never
changes its input.  Draws happen inside :func:`apply_action` from the pile
shuffled by :func:`new_game` (no global random state).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import chain

from .actions import (
    ACTION_TYPES,
    Action,
    ChooseDouble,
    DrawTile,
    Pass,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
)
from .board import Board, fit_table
from .errors import IllegalActionError
from .events import BoatReason, Event
from .features import FeatureGraph, node_of
from .geometry import KEY_STRIDE, Rotation, cell_key, position_of_key
from .pile import Pile, plan_for, shuffled_pile
from .state import GameState, Phase, PlayerState, Rules
from .tiles import Layout, Terrain, Tile
from .turn import Turn

__all__ = ["apply_action", "apply_action_with_events", "legal_actions", "new_game"]

_HALF_STRIDE = KEY_STRIDE // 2

# Interned actions: the same legal action is the same object in every state.
_PLACE_TILE: dict[tuple[int, int], PlaceTile] = {}
#: The pass action (interned like every legal action).
PASS = Pass()


def place_tile_action(key: int, rotation: int) -> PlaceTile:
    """The interned placement of the tile in hand with its anchor on cell key ``key``
    (see :func:`~carcassonne_amazonas.geometry.cell_key`) turned by ``rotation``."""
    return _CELL_ACTIONS[key << 4 | 1 << rotation][0]


def _place_tile_action(key: int, rotation: Rotation) -> PlaceTile:
    action = _PLACE_TILE.get((key, rotation))
    if action is None:
        action = _PLACE_TILE[(key, rotation)] = PlaceTile(position_of_key(key), rotation)
    return action


# ---------------------------------------------------------------------------- setup

def new_game(num_players: int, *, seed: int | None = None, rules: Rules | None = None,
             pile: Sequence[Tile] | None = None, draws: str = "seeded") -> GameState:
    """A new game for 2–5 players (C1–C9), with the first tile drawn (T1).

    ``seed`` makes the shuffle reproducible in any process (None: a random
    seed).  ``rules`` holds the options (first player, shuffle, tile set).
    ``pile`` replaces the shuffle with an explicit draw order, for recorded
    games and tests; it must hold exactly the tile set's land tiles.

    ``draws="explicit"`` makes every draw a chance node instead: the state
    holds no future order at all, :func:`~carcassonne_amazonas.chance.chance_outcomes`
    gives the tiles that can come next with their exact probabilities, and a
    :class:`~carcassonne_amazonas.actions.DrawTile` action draws one.
    """
    if not isinstance(num_players, int) or isinstance(num_players, bool):
        raise TypeError(f"num_players must be an int, not {type(num_players).__name__}")
    if not 2 <= num_players <= 5:
        raise ValueError(f"Carcassonne – Amazonas is for 2 to 5 players, not {num_players} (C1)")
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {type(rules).__name__}")
    if not 0 <= rules.first_player < num_players:
        raise ValueError(f"first_player {rules.first_player} is not a player of a "
                         f"{num_players}-player game (C8)")
    if rules.slices < 1:
        raise ValueError(f"a stratified shuffle needs at least 1 slice, not {rules.slices}")
    tileset = rules.tileset
    plan = plan_for(tileset.land_tiles, rules.shuffle, rules.slices)
    if draws not in ("seeded", "explicit"):
        raise ValueError(f"draws must be 'seeded' or 'explicit', not {draws!r}")
    if draws == "explicit":
        if pile is not None or seed is not None:
            raise ValueError("an explicit-draws game has no seed and no pile order")
        drawn = Pile(tuple(sorted(tileset.land_tiles, key=lambda t: t.id)), plan, explicit=True)
    elif pile is None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int or None, not {type(seed).__name__}")
        drawn = shuffled_pile(tileset.land_tiles, rules.shuffle, rules.slices,
                              random.Random(seed), seed)
    else:
        if seed is not None:
            raise ValueError("give either a seed or an explicit pile order, not both")
        drawn = Pile(_checked_pile(pile, tileset.land_tiles), plan)
    side = tileset.start_side(num_players)
    players = tuple(PlayerState() for _ in range(num_players))
    start = GameState(
        rules=rules, num_players=num_players, phase=Phase.PLACE_TILE,
        current_player=rules.first_player, players=players, track_length=side.river_spaces,
        board=Board.with_start_tile(tileset.start_tile), features=FeatureGraph.empty(),
        tile_in_hand=None, pile=drawn, removed=(), doubles_left=tileset.double_tiles,
        piece_placement=-1, pending_amazon=(),
    )
    turn = Turn(start, None)
    turn.graph = turn.graph.add_placement(turn.board, 0, num_players).graph
    turn.draw(rules.first_player)
    return turn.freeze()


def _checked_pile(pile: Sequence[Tile], land_tiles: tuple[Tile, ...]) -> tuple[Tile, ...]:
    order = tuple(pile)
    for tile in order:
        if not isinstance(tile, Tile):
            raise TypeError(f"a pile holds Tile objects, not {type(tile).__name__}")
    if sorted(t.id for t in order) != sorted(t.id for t in land_tiles):
        raise ValueError("an explicit pile must hold each land tile of the tile set exactly once")
    return order


# ---------------------------------------------------------------------------- legal actions

def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action of the current phase, without duplicates, in a fixed order.

    Tile placements come row by row, then column, then rotation; piece
    placements by segment, then :class:`Pass`.  Empty once the game is over.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"expected a GameState, not {type(state).__name__}")
    phase = state.phase
    if phase is Phase.PLACE_TILE or phase is Phase.PLACE_DOUBLE:
        actions = state.tile_actions
        if actions is None:
            assert state.tile_in_hand is not None
            actions = tile_actions(state.board, state.tile_in_hand)
            # A cache of a pure function of the state: filling it changes no value.
            object.__setattr__(state, "tile_actions", actions)
        return actions
    if phase is Phase.PLACE_PIECE:
        return _piece_actions(state)
    if phase is Phase.CHOOSE_DOUBLE:
        return tuple(ChooseDouble(tile.id) for tile in state.doubles_left)
    if phase is Phase.DRAW_TILE:
        return state.pile.distribution().draws
    return ()


def tile_actions(board: Board, tile: Tile) -> tuple[PlaceTile, ...]:
    """Every legal placement of ``tile`` on ``board`` (R-G2–R-G6), in :func:`legal_actions`
    order: the building block of :func:`legal_actions` for fast paths that keep a state's
    parts apart (:mod:`~carcassonne_amazonas.playout`)."""
    return tuple(chain.from_iterable(map(_CELL_ACTIONS.__getitem__,
                                         tile_placement_cells(board, tile))))


def tile_placement_cells(board: Board, tile: Tile) -> list[int]:
    """:func:`tile_actions` cell by cell: for each cell where ``tile`` fits (R-G2–R-G6), row
    by row, ``cell key << 4 | mask`` where bit ``r`` of the mask is set when rotation
    ``r`` fits there (see :func:`~carcassonne_amazonas.geometry.cell_key`).  For adapters
    that number the placements their own way without making the actions."""
    fits = fit_table(tile.layout)
    if fits.river:  # only below the river end, in the rotations of the kind (R-G5, R-G6)
        key = cell_key(board.river_column, board.river_end_row + 1)
        return [key << 4 | sum(1 << r for r in tile.layout.rotations)]
    # Keys sort row by row, so cells past the river end row have larger keys (R-G2).
    last_key = cell_key(_HALF_STRIDE - 1, board.river_end_row)
    # One int per cell with a fitting rotation: the cell key, then the mask of those
    # rotations in the low 4 bits, so that sorting the ints sorts the cells row by row.
    codes = [key << 4 | mask for key, signature in board.open_items()
             if key <= last_key and (mask := fits[signature])]
    codes.sort()
    return codes


class _CellActions(dict[int, tuple[PlaceTile, ...]]):
    """(cell key << 4 | mask of fitting rotations) -> those placements, in rotation order
    (none for mask 0); filled on first use (legal actions are interned objects)."""

    def __missing__(self, code: int) -> tuple[PlaceTile, ...]:
        key, mask = code >> 4, code & 15
        actions = self[code] = tuple(_place_tile_action(key, r) for r in Rotation
                                     if mask >> r & 1)
        return actions


_CELL_ACTIONS = _CellActions()


def _piece_actions(state: GameState) -> tuple[Action, ...]:
    """T5: meeples on free tributaries/villages, camps in free jungles, or pass."""
    return piece_actions(state.board, state.features, state.players[state.current_player],
                         state.piece_placement)


def piece_actions(board: Board, graph: FeatureGraph, supply: PlayerState,
                  index: int) -> tuple[Action, ...]:
    """The piece step's legal actions (R-T5, R-F6) for the player with ``supply`` when the
    ``index``-th placed tile may take a piece, in :func:`legal_actions` order: meeples on
    free tributaries and villages, camps in free jungles, then pass.

    The building block of :func:`legal_actions` for fast paths that keep a state's parts
    apart (:mod:`~carcassonne_amazonas.playout`).
    """
    placement = board.placements[index]
    layout = placement.tile.layout
    options = _PIECE_SEGMENTS.get(layout)
    if options is None:
        options = _PIECE_SEGMENTS[layout] = tuple(
            (segment_index, segment.terrain is Terrain.JUNGLE)
            for segment_index, segment in enumerate(layout.segments)
            if segment.terrain is not Terrain.AMAZON)
    position = placement.position
    base = node_of(index, 0)
    camps, meeples = supply.camps_in_supply, supply.meeples_in_supply
    actions: list[Action] = []
    for segment_index, camp in options:
        if (camps if camp else meeples) and not graph.pieces_on(base | segment_index):
            key = (position.x, position.y, segment_index, camp)
            action = _PIECE_ACTIONS.get(key)
            if action is None:
                action = _PIECE_ACTIONS[key] = (PlaceCamp if camp else PlaceMeeple)(
                    position, segment_index)
            actions.append(action)
    actions.append(PASS)
    return tuple(actions)


# Per layout: (segment, is it a jungle) for every segment that can take a piece (R-F6).
_PIECE_SEGMENTS: dict[Layout, tuple[tuple[int, bool], ...]] = {}
# Interned piece actions by (x, y, segment, camp).
_PIECE_ACTIONS: dict[tuple[int, int, int, bool], PlaceMeeple | PlaceCamp] = {}


# ---------------------------------------------------------------------------- transitions

def apply_action(state: GameState, action: Action) -> GameState:
    """The state after ``action``; ``state`` itself is never changed.

    Raises :class:`~carcassonne_amazonas.errors.IllegalActionError` (a
    ``ValueError``) for an action that is not legal here, saying why, and
    ``TypeError`` for an object that is not an action.
    """
    return _apply(state, action, None)


def apply_action_with_events(state: GameState,
                             action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """Like :func:`apply_action`, and also every event the action caused, in order."""
    events: list[Event] = []
    next_state = _apply(state, action, events)
    return next_state, tuple(events)


def _apply(state: GameState, action: Action, events: list[Event] | None) -> GameState:
    if not isinstance(state, GameState):
        raise TypeError(f"expected a GameState, not {type(state).__name__}")
    if type(action) not in ACTION_TYPES:
        raise TypeError(f"expected an action (PlaceTile, ChooseDouble, PlaceMeeple, PlaceCamp, "
                        f"Pass or DrawTile), not {type(action).__name__}")
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise IllegalActionError(f"the game is over; {action} cannot be played")
    turn = Turn(state, events)
    if phase is Phase.PLACE_TILE or phase is Phase.PLACE_DOUBLE:
        if not isinstance(action, PlaceTile):
            raise IllegalActionError(_wrong_phase(state, action, "PlaceTile"))
        turn.place_tile(action)
    elif phase is Phase.PLACE_PIECE:
        if isinstance(action, Pass):
            turn.advance(state.current_player, 1, BoatReason.NO_PIECE)
        elif isinstance(action, (PlaceMeeple, PlaceCamp)):
            turn.place_piece(action)
        else:
            raise IllegalActionError(_wrong_phase(state, action, "PlaceMeeple, PlaceCamp or Pass"))
        turn.end_turn()
    elif phase is Phase.DRAW_TILE:
        if not isinstance(action, DrawTile):
            raise IllegalActionError(_wrong_phase(state, action, "DrawTile (a chance node)"))
        turn.draw_chance(action)
    else:
        if not isinstance(action, ChooseDouble):
            raise IllegalActionError(_wrong_phase(state, action, "ChooseDouble"))
        turn.choose_double(action)
    return turn.freeze()


def _wrong_phase(state: GameState, action: Action, wanted: str) -> str:
    return (f"{type(action).__name__} is not legal in the {state.phase.value!r} phase; "
            f"player {state.current_player} must play {wanted}")
