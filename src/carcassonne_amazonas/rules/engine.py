"""The rules engine: setup (R-C1–R-C9), legal actions (R-G2–R-G7, R-T2–R-T5) and
transitions (R-T1–R-T10, R-A1–R-A4, R-E1–R-E6).

Three functions make the whole API of play::

    state = new_game(3, seed=7)
    while not state.is_terminal:
        state = apply_action(state, legal_actions(state)[0])

States are immutable: :func:`apply_action` returns a new state and never
changes its input.  Draws happen inside :func:`apply_action` from the pile
shuffled by :func:`new_game` (no global random state).  The legal actions are built
by :mod:`~carcassonne_amazonas.rules._action_lists`; an action is applied by
:meth:`Turn.play <carcassonne_amazonas.rules._turn.Turn.play>`, the one dispatch that the
playout fast path (:mod:`~carcassonne_amazonas.ai.playout`) runs too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .._support.exact import check_exact
from ..tiles.tileset import Tile, TileSet
from ._action_lists import piece_actions, tile_actions
from ._turn import Turn
from .actions import _ACTIONS_WORDED, Action, ChooseDouble, check_action
from .board import Board
from .events import Event
from .features import FeatureGraph
from .notation import parse_action
from .options import Rules
from .pile import Draws, Pile, as_draws, plan_for, shuffled_pile
from .players import PlayerState
from .state import GameState, Phase

__all__ = ["apply_action", "apply_action_with_events", "legal_actions", "new_game"]

# ---------------------------------------------------------------------------- setup

def new_game(num_players: int, *, seed: int | None = None, rules: Rules | None = None,
             pile: Sequence[Tile] | None = None, draws: Draws = "seeded") -> GameState:
    """A new game for 2–5 players (R-C1–R-C9), with the first tile drawn (R-T1).

    ``seed`` makes the shuffle reproducible in any process (None: a random
    seed).  ``rules`` holds the options (:class:`~carcassonne_amazonas.rules.options.Rules`: first
    player, shuffle and slices, tile set, and the variants R-V1–R-V3: the Amazon
    ranking after ties, camp scoring per camp, the bonus river tiles).
    ``pile`` replaces the shuffle with an explicit draw order, for recorded
    games and tests; it must hold exactly the tile set's land tiles.

    ``draws="explicit"`` makes every draw a chance node instead: the state
    holds no future order at all, :func:`~carcassonne_amazonas.rules.chance.chance_outcomes`
    gives the tiles that can come next with their exact probabilities, and a
    :class:`~carcassonne_amazonas.rules.actions.DrawTile` action draws one.
    """
    check_exact(num_players, int, "num_players")
    if not 2 <= num_players <= 5:
        raise ValueError(f"Carcassonne – Amazonas is for 2 to 5 players, not {num_players} (R-C1)")
    rules = Rules() if rules is None else rules
    check_exact(rules, Rules, "rules", "a Rules or None")
    if not 0 <= rules.first_player < num_players:
        raise ValueError(f"first_player {rules.first_player} is not a player of a "
                         f"{num_players}-player game (R-C8)")
    tileset = rules.tileset
    plan = plan_for(tileset.land_tiles, rules.shuffle, rules.slices)
    if as_draws(draws) == "explicit":
        if pile is not None or seed is not None:
            raise ValueError("an explicit-draws game has no seed and no pile order")
        drawn = Pile(tuple(sorted(tileset.land_tiles, key=lambda t: t.id)), plan, explicit=True)
    elif pile is None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        else:
            check_exact(seed, int, "seed", "an int or None")
        drawn = shuffled_pile(tileset.land_tiles, rules.shuffle, rules.slices,
                              random.Random(seed), seed)
    else:
        if seed is not None:
            raise ValueError("give either a seed or an explicit pile order, not both")
        drawn = Pile(_checked_pile(pile, tileset), plan)
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


def _checked_pile(pile: Sequence[Tile], tileset: TileSet) -> tuple[Tile, ...]:
    """The order as the tile set's own tile objects (a copy of an equal tile set's tile is
    replaced by the game's own); each land tile exactly once."""
    order = []
    for tile in pile:
        check_exact(tile, Tile, "pile", "Tile objects")
        check_exact(tile.id, int, "pile", "a tile id, an int")
        own = tileset.tiles[tile.id] if 0 <= tile.id < len(tileset.tiles) else None
        if own is None or own != tile:
            raise ValueError(f"{tile!r} is not a tile of the game's tile set")
        order.append(own)
    if sorted(t.id for t in order) != sorted(t.id for t in tileset.land_tiles):
        raise ValueError("an explicit pile must hold each land tile of the tile set exactly once")
    return tuple(order)


# ---------------------------------------------------------------------------- legal actions

def legal_actions(state: GameState) -> tuple[Action, ...]:
    """Every legal action of the current phase, without duplicates, in a fixed order.

    Tile placements come row by row, then column, then rotation; piece
    placements by segment, then :class:`~carcassonne_amazonas.rules.actions.Pass`.  Empty
    once the game is over.
    """
    if type(state) is not GameState:  # inline: the hot path
        check_exact(state, GameState, "state")
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


def _piece_actions(state: GameState) -> tuple[Action, ...]:
    """R-T5: meeples on free tributaries/villages, camps in free jungles, or pass."""
    return piece_actions(state.board, state.features, state.players[state.current_player],
                         state.piece_placement)


# ---------------------------------------------------------------------------- transitions

def apply_action(state: GameState, action: Action | str) -> GameState:
    """The state after ``action``; ``state`` itself is never changed.

    ``action`` is an action or its text in the notation
    (:mod:`~carcassonne_amazonas.rules.notation`): ``apply_action(state, "t0,4,0")``,
    ``apply_action(state, "m0,4,E")``, as python-chess's ``board.push_san("e4")``; text
    is read by :func:`~carcassonne_amazonas.rules.notation.parse_action` with ``state``,
    so a piece's segment may be a compass point.

    Raises :class:`~carcassonne_amazonas.errors.IllegalActionError` (a
    ``ValueError``) for an action that is not legal here, saying why and citing the rule,
    :class:`~carcassonne_amazonas.errors.NotationError` (a ``ValueError``) for text that
    is not an action, saying at which character, and ``TypeError`` for an object that is
    neither an action nor a ``str``.
    """
    return _apply(state, action, None)


def apply_action_with_events(state: GameState,
                             action: Action | str) -> tuple[GameState, tuple[Event, ...]]:
    """Like :func:`apply_action` (an action or its text), and also every event the action
    caused, in order."""
    events: list[Event] = []
    next_state = _apply(state, action, events)
    return next_state, tuple(events)


#: What apply_action takes, in the guard's message (made once: apply_action is a hot path).
_ACTION_OR_TEXT = f"{_ACTIONS_WORDED} or its text"


def _apply(state: GameState, action: Action | str, events: list[Event] | None) -> GameState:
    if type(state) is not GameState:  # inline: the hot path
        check_exact(state, GameState, "state")
    if isinstance(action, str):  # text in the notation (a subclass: parse_action's TypeError)
        action = parse_action(action, state)
    check_action(action, "action", _ACTION_OR_TEXT)  # exact types, before any use
    turn = Turn(state, events)
    turn.play(action)
    return turn.freeze()
