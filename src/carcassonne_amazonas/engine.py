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
from .board import Board
from .boat_track import advanced_space, amazon_scoring, dense_ranks
from .errors import IllegalActionError
from .events import (
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
from .features import Feature, FeatureGraph, node_of
from .geometry import KEY_STRIDE, Position, Rotation, Side, cell_key, position_of_key
from .pile import Pile, plan_for, shuffled_pile
from .scoring import (
    FeaturePoints,
    completed_points,
    final_feature_values,
    river_points,
    score_feature,
)
from .state import FinalScore, GameState, Phase, PlayerState, Rules
from .tiles import Terrain, Tile, TileKind

__all__ = ["apply_action", "apply_action_with_events", "legal_actions", "new_game"]

_HALF_STRIDE = KEY_STRIDE // 2
_SCORED = (Terrain.TRIBUTARY, Terrain.VILLAGE)

# Interned actions: the same legal action is the same object in every state.
_PLACE_TILE: dict[tuple[int, int], PlaceTile] = {}
# (cell key << 4 | mask of fitting rotations) -> those placements, in rotation order
_CELL_ACTIONS: dict[int, tuple[PlaceTile, ...]] = {}
_PLACE_MEEPLE: dict[tuple[Position, int], PlaceMeeple] = {}
_PLACE_CAMP: dict[tuple[Position, int], PlaceCamp] = {}
_PASS = Pass()


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
    step = _Step(start, None)
    step.graph = step.graph.add_placement(step.board, 0, num_players).graph
    step.draw(rules.first_player)
    return step.freeze()


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
            actions = _tile_actions(state.board, state.tile_in_hand)
            # A cache of a pure function of the state: filling it changes no value.
            object.__setattr__(state, "tile_actions", actions)
        return actions
    if phase is Phase.PLACE_PIECE:
        return _piece_actions(state)
    if phase is Phase.CHOOSE_DOUBLE:
        return tuple(ChooseDouble(tile.id) for tile in state.doubles_left)
    if phase is Phase.DRAW_TILE:
        return tuple(DrawTile(tile.id) for tile, _ in state.pile.outcomes())
    return ()


def _tile_actions(board: Board, tile: Tile) -> tuple[PlaceTile, ...]:
    """Every legal placement of ``tile`` (G2–G6)."""
    if tile.kind.is_river:
        key = cell_key(board.river_column, board.river_end_row + 1)
        return tuple(_place_tile_action(key, r) for r in tile.layout.rotations)
    layout = tile.layout
    masks = layout.fit_masks
    # Keys sort row by row, so the first key past the river end row ends the scan (G2).
    last_key = cell_key(_HALF_STRIDE - 1, board.river_end_row)
    actions: list[PlaceTile] = []
    for key, signature in sorted(board.open_items()):
        if key > last_key:
            break
        mask = masks.get(signature)
        if mask is None:
            mask = layout.fit_mask(signature)
        if mask:
            cell_actions = _CELL_ACTIONS.get(key << 4 | mask)
            if cell_actions is None:
                cell_actions = _CELL_ACTIONS[key << 4 | mask] = tuple(
                    _place_tile_action(key, r) for r in Rotation if mask >> r & 1)
            actions.extend(cell_actions)
    return tuple(actions)


def _fits_somewhere(board: Board, tile: Tile) -> bool:
    """Whether ``tile`` has any legal placement (G7), stopping at the first."""
    if tile.kind.is_river:
        return True
    layout = tile.layout
    limit = board.river_end_row
    for key, signature in board.open_items():
        if (key + _HALF_STRIDE) // KEY_STRIDE <= limit and layout.fit_mask(signature):
            return True
    return False


def _piece_actions(state: GameState) -> tuple[Action, ...]:
    """T5: meeples on free tributaries/villages, camps in free jungles, or pass."""
    player = state.players[state.current_player]
    index = state.piece_placement
    placement = state.board.placements[index]
    position = placement.position
    graph = state.features
    actions: list[Action] = []
    for segment_index, segment in enumerate(placement.tile.layout.segments):
        terrain = segment.terrain
        if terrain is Terrain.JUNGLE:
            if not player.camps_in_supply:
                continue
            cache: dict[tuple[Position, int], PlaceCamp] | dict[
                tuple[Position, int], PlaceMeeple] = _PLACE_CAMP
            kind: type[PlaceCamp] | type[PlaceMeeple] = PlaceCamp
        elif terrain is not Terrain.AMAZON and player.meeples_in_supply:
            cache, kind = _PLACE_MEEPLE, PlaceMeeple
        else:
            continue
        if graph.feature_of(node_of(index, segment_index)).pieces:
            continue
        action = cache.get((position, segment_index))
        if action is None:
            action = kind(position, segment_index)
            cache[(position, segment_index)] = action  # type: ignore[assignment]
        actions.append(action)
    actions.append(_PASS)
    return tuple(actions)


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
    step = _Step(state, events)
    if phase is Phase.PLACE_TILE or phase is Phase.PLACE_DOUBLE:
        if not isinstance(action, PlaceTile):
            raise IllegalActionError(_wrong_phase(state, action, "PlaceTile"))
        step.place_tile(action)
    elif phase is Phase.PLACE_PIECE:
        if isinstance(action, Pass):
            step.advance(state.current_player, 1, BoatReason.NO_PIECE)
        elif isinstance(action, (PlaceMeeple, PlaceCamp)):
            step.place_piece(action)
        else:
            raise IllegalActionError(_wrong_phase(state, action, "PlaceMeeple, PlaceCamp or Pass"))
        step.end_turn()
    elif phase is Phase.DRAW_TILE:
        if not isinstance(action, DrawTile):
            raise IllegalActionError(_wrong_phase(state, action, "DrawTile (a chance node)"))
        step.draw_chance(action)
    else:
        if not isinstance(action, ChooseDouble):
            raise IllegalActionError(_wrong_phase(state, action, "ChooseDouble"))
        step.choose_double(action)
    return step.freeze()


def _wrong_phase(state: GameState, action: Action, wanted: str) -> str:
    return (f"{type(action).__name__} is not legal in the {state.phase.value!r} phase; "
            f"player {state.current_player} must play {wanted}")


_EDGE_NAMES = {0: "nothing", **{t.value: t.label for t in Terrain}}
_KIND_NAMES = {TileKind.STANDARD: "a standard tile", TileKind.AMAZON: "an Amazon tile",
               TileKind.DOUBLE: "a double tile", TileKind.START: "the start tile"}


class _Step:
    """A scratch copy of a state while one action is applied.

    Only the engine uses it, and it never escapes: :meth:`freeze` makes the
    immutable next state.
    """

    def __init__(self, state: GameState, events: list[Event] | None) -> None:
        self.state = state
        self.events = events
        self.phase = state.phase
        self.current_player = state.current_player
        self.players = list(state.players)
        self.track_length = state.track_length
        self.board = state.board
        self.graph = state.features
        self.tile_in_hand = state.tile_in_hand
        self.pile = state.pile
        self.removed = state.removed
        self.doubles_left = state.doubles_left
        self.piece_placement = state.piece_placement
        self.pending_amazon = state.pending_amazon
        self.final_scoring = state.final_scoring
        self.tile_actions: tuple[PlaceTile, ...] | None = None

    def freeze(self) -> GameState:
        return GameState(
            self.state.rules, self.state.num_players, self.phase, self.current_player,
            tuple(self.players), self.track_length, self.board, self.graph, self.tile_in_hand,
            self.pile, self.removed, self.doubles_left, self.piece_placement,
            self.pending_amazon, self.final_scoring, self.tile_actions,
        )

    # -- players ---------------------------------------------------------------------------

    def advance(self, player: int, spaces: int, reason: BoatReason) -> None:
        """Move a boat (T4–T6, A4), capped by the explored track (T9)."""
        old = self.players[player]
        space = advanced_space(old.boat, spaces, self.track_length)
        if space == old.boat:
            return
        self.players[player] = PlayerState(old.score, space, old.meeples_in_supply,
                                           old.camps_in_supply, old.breakdown)
        if self.events is not None:
            self.events.append(BoatAdvanced(player, reason, old.boat, space))

    def score(self, player: int, category: str, points: int, meeples_back: int = 0) -> None:
        """Add points in a category of the breakdown and return meeples to the supply."""
        if not points and not meeples_back:
            return
        old = self.players[player]
        breakdown = old.breakdown.plus(**{category: points}) if points else old.breakdown
        self.players[player] = PlayerState(old.score + points, old.boat,
                                           old.meeples_in_supply + meeples_back,
                                           old.camps_in_supply, breakdown)

    # -- tile placement --------------------------------------------------------------------

    def place_tile(self, action: PlaceTile) -> None:
        """T2, T3, G2–G6, then the Boat icons of T4."""
        tile = self.tile_in_hand
        assert tile is not None
        if not self.board.allows(tile, action.position, action.rotation):
            raise IllegalActionError(self._placement_problem(tile, action))
        player = self.current_player
        key = cell_key(action.position.x, action.position.y)
        self.board, index = self.board.place(tile, action.rotation, key)
        result = self.graph.add_placement(self.board, index, self.state.num_players)
        self.graph = result.graph
        self.track_length += tile.layout.river_spaces
        if self.events is not None:
            self.events.append(TilePlaced(player, tile.id, action.position, action.rotation))
        for other, gained in enumerate(result.boat_gains):
            if gained:
                self.advance(other, gained, BoatReason.BOAT_ICONS_JOINED)
        self.tile_in_hand = None
        if tile.kind is TileKind.STANDARD:
            self.phase, self.piece_placement = Phase.PLACE_PIECE, index
            return
        self.pending_amazon = (*self.pending_amazon, tile)
        if tile.layout.exclamation and self.doubles_left:
            self.phase, self.piece_placement = Phase.CHOOSE_DOUBLE, -1
        else:
            self.phase, self.piece_placement = Phase.PLACE_PIECE, index

    def _placement_problem(self, tile: Tile, action: PlaceTile) -> str:
        """Why ``action`` is not a legal placement of ``tile``: a message to act on."""
        where = f"({action.position})"
        if action.rotation not in tile.layout.rotations:
            allowed = ", ".join(f"{r.degrees}°" for r in tile.layout.rotations)
            return f"{_KIND_NAMES[tile.kind]} can only be turned {allowed}, not " \
                   f"{action.rotation.degrees}° (G5)"
        board = self.board
        if tile.kind.is_river:
            return (f"{tile.name} is {_KIND_NAMES[tile.kind]}: it goes at "
                    f"({board.next_river_position}), just downstream of the river end, "
                    f"not at {where} (G6)")
        if board.placement_at(action.position) is not None:
            return f"cell {where} is already covered by a tile"
        if not board.is_open(action.position):
            return f"cell {where} touches no placed tile along an edge (G2)"
        if action.position.y > board.river_end_row:
            return (f"cell {where} is downstream of the river end (row {board.river_end_row}); "
                    "only river tiles extend the rows there (G2, G6)")
        required = board.required_edges(action.position)
        shown = tile.layout.variant(action.rotation).cells[0].edges
        for side in Side:
            if required[side] and required[side] != shown[side]:
                return (f"edge mismatch on the {side.name.lower()} side of {where}: {tile.name} "
                        f"turned {action.rotation.degrees}° shows {_EDGE_NAMES[shown[side]]} "
                        f"there, the neighbour shows {_EDGE_NAMES[required[side]]} (G4)")
        return f"{action} is not a legal placement of {tile.name}"  # pragma: no cover

    def choose_double(self, action: ChooseDouble) -> None:
        """T3: take one of the double tiles set aside."""
        chosen = next((t for t in self.doubles_left if t.id == action.tile), None)
        if chosen is None:
            available = ", ".join(f"{t.id} ({t.name})" for t in self.doubles_left)
            raise IllegalActionError(f"double tile {action.tile} is not set aside; "
                                     f"choose one of: {available}")
        self.doubles_left = tuple(t for t in self.doubles_left if t is not chosen)
        self.tile_in_hand = chosen
        self.phase = Phase.PLACE_DOUBLE
        if self.events is not None:
            self.events.append(DoubleChosen(self.current_player, chosen.id))

    # -- piece step ------------------------------------------------------------------------

    def place_piece(self, action: PlaceMeeple | PlaceCamp) -> None:
        """T5a, T5b and the Boat icons of T6."""
        player = self.current_player
        index = self.piece_placement
        placement = self.board.placements[index]
        camp = isinstance(action, PlaceCamp)
        what = "camp" if camp else "meeple"
        if action.position != placement.position:
            raise IllegalActionError(
                f"a {what} goes on the tile just placed, at ({placement.position}), "
                f"not at ({action.position}) (T5)")
        segments = placement.tile.layout.segments
        if not 0 <= action.segment < len(segments):
            raise IllegalActionError(f"{placement.tile.name} has segments 0..{len(segments) - 1}, "
                                     f"not {action.segment}")
        segment = segments[action.segment]
        wanted = "a jungle" if camp else "a tributary or village"
        if (segment.terrain is Terrain.JUNGLE) != camp or segment.terrain is Terrain.AMAZON:
            raise IllegalActionError(
                f"segment {action.segment} ({segment.name}) is {segment.terrain.label}; a {what} "
                f"needs {wanted} (T5, F6: nothing goes on the Amazon)")
        supply = self.players[player]
        if (supply.camps_in_supply if camp else supply.meeples_in_supply) == 0:
            raise IllegalActionError(f"player {player} has no {what} left (T5)")
        node = node_of(index, action.segment)
        feature = self.graph.feature_of(node)
        if feature.pieces:
            owners = ", ".join(str(p) for p in sorted({p for _, p in feature.pieces}))
            raise IllegalActionError(
                f"that {segment.terrain.label} already holds a piece of player {owners} (T5)")
        self.graph = self.graph.with_piece(node, player)
        self.players[player] = PlayerState(
            supply.score, supply.boat, supply.meeples_in_supply - (0 if camp else 1),
            supply.camps_in_supply - (1 if camp else 0), supply.breakdown)
        if self.events is not None:
            self.events.append(PiecePlaced(player, camp, action.position, action.segment))
        if segment.terrain is Terrain.TRIBUTARY and feature.boats:
            self.advance(player, feature.boats, BoatReason.BOAT_ICONS_MEEPLE)

    # -- end of turn -----------------------------------------------------------------------

    def end_turn(self) -> None:
        """The scoring step (T7, or A1–A4 after river tiles, T8), then the next draw."""
        if self.pending_amazon:
            for tile in self.pending_amazon:
                self.amazon_scoring(tile)
        else:
            self.score_completed()
        self.pending_amazon = ()
        self.piece_placement = -1
        self.draw((self.current_player + 1) % self.state.num_players)

    def score_completed(self) -> None:
        """T7: every tributary and village the placed tile completed; meeples return."""
        index = self.piece_placement
        segments = self.board.placements[index].tile.layout.segments
        done: list[int] = []
        for segment_index, segment in enumerate(segments):
            if segment.terrain not in _SCORED:
                continue
            feature_id = self.graph.feature_id(node_of(index, segment_index))
            if feature_id not in done and self.graph.feature(feature_id).is_completed:
                done.append(feature_id)
        for feature_id in done:
            feature = self.graph.feature(feature_id)
            self.score_feature(feature, completed_points(feature), final=False)
        if done:
            self.graph = self.graph.without_pieces(tuple(done))

    def score_feature(self, feature: Feature, value: int, final: bool) -> FeaturePoints:
        """Score a tributary or village (T7, E2, E3); in play its meeples return (T7)."""
        num_players = self.state.num_players
        result = score_feature(feature, value, num_players)
        category = "tributaries" if feature.terrain is Terrain.TRIBUTARY else "villages"
        for player in range(num_players):
            back = 0 if final else result.pieces[player]
            self.score(player, category, result.points[player], back)
        if self.events is not None:
            self.events.append(FeatureScored(
                feature.terrain, self._positions(feature), feature.fruit, result.points,
                (0,) * num_players if final else result.pieces, final))
        return result

    def _positions(self, feature: Feature) -> tuple[Position, ...]:
        placements = self.board.placements
        return tuple(placements[i].position for i in sorted(feature.placement_indices))

    def amazon_scoring(self, tile: Tile) -> None:
        """A1–A4 for one river tile."""
        icons = tile.total_icons
        boats = tuple(p.boat for p in self.players)
        points = amazon_scoring(boats, icons.caimans, icons.piranhas)
        if self.events is not None:
            self.events.append(AmazonScored(tile.id, icons.caimans, icons.piranhas,
                                            dense_ranks(boats), points))
        for player, gained in enumerate(points):
            self.score(player, "amazon", gained)
        for player, gained in enumerate(points):
            if not gained:
                self.advance(player, 1, BoatReason.AMAZON_SCORING)

    # -- drawing and the end -----------------------------------------------------------------

    def draw(self, player: int) -> None:
        """T1 for ``player``; G7 removes standard tiles that fit nowhere; E1 ends the game."""
        self.current_player = player
        while len(self.pile):
            if self.pile.explicit:
                self.phase = Phase.DRAW_TILE
                self.tile_in_hand = None
                return
            tile, self.pile = self.pile.draw()
            if self.take_drawn(tile):
                return
        self.final_scoring_step()

    def take_drawn(self, tile: Tile) -> bool:
        """The current player holds the drawn tile, or G7 removes it (returns False)."""
        player = self.current_player
        if self.events is not None:
            self.events.append(TileDrawn(player, tile.id))
        if _fits_somewhere(self.board, tile):
            self.tile_in_hand = tile
            self.phase = Phase.PLACE_TILE
            return True
        self.removed = (*self.removed, tile)
        if self.events is not None:
            self.events.append(TileRemoved(player, tile.id))
        return False

    def draw_chance(self, action: DrawTile) -> None:
        """A chance outcome names the drawn tile (T1; identical copies are one outcome)."""
        pile = self.pile
        tile = next((t for t in pile.tiles if t.id == action.tile), None)
        if tile is None:
            raise IllegalActionError(f"tile {action.tile} is not in the pile; "
                                     f"{len(pile)} tiles are left to draw")
        if not pile.tile_probability(tile):
            raise IllegalActionError(
                f"tile {action.tile} ({tile.name}) cannot come next: the current slice of the "
                "stratified pile has no room for its kind (C7)")
        tile = pile.canonical(tile)
        self.pile = pile.take(tile)
        if not self.take_drawn(tile):
            self.draw(self.current_player)

    def final_scoring_step(self) -> None:
        """E2–E6."""
        num_players = self.state.num_players
        finals = [[0, 0, 0, 0] for _ in range(num_players)]
        for feature, value in final_feature_values(self.graph):
            if feature.terrain is Terrain.JUNGLE:
                result = score_feature(feature, value, num_players)
                for player, points in enumerate(result.points):
                    self.score(player, "camps", points)
                    finals[player][2] += points
                if self.events is not None:
                    self.events.append(JungleScored(self._positions(feature), feature.animals,
                                                    result.pieces, result.points))
            else:
                result = self.score_feature(feature, value, final=True)
                column = 0 if feature.terrain is Terrain.TRIBUTARY else 1
                for player, points in enumerate(result.points):
                    finals[player][column] += points
        boats = tuple(p.boat for p in self.players)
        mouth = self.state.rules.tileset.start_side(num_players).mouth_points
        river = river_points(boats, mouth)
        for player, points in enumerate(river):
            self.score(player, "river", points)
            finals[player][3] += points
        self.final_scoring = tuple(FinalScore(*row) for row in finals)
        self.phase = Phase.GAME_OVER
        self.tile_in_hand = None
        if self.events is not None:
            self.events.append(RiverScored(dense_ranks(boats), river))
            scores = tuple(p.score for p in self.players)
            best = max(scores)
            self.events.append(GameOver(scores, tuple(p for p, s in enumerate(scores)
                                                      if s == best)))

