"""One action's transition: what placing a tile or a piece sets off (RULES T1–T9, A, E).

:class:`Turn` is the engine's scratch pad while it applies one action: it
places tiles (T2, T3) and pieces (T5), moves boats (T4–T6, T9), scores
completed features (T7, M1) and Amazon scorings (A1–A4, T8), draws the next
tile (T1, G7) and runs the final scoring (E1–E6), recording events as it
goes.  The engine (:mod:`~carcassonne_amazonas.engine`) checks the phase and
the action's type, then calls one of its steps and :meth:`Turn.freeze`.
"""

from __future__ import annotations

from .actions import ChooseDouble, DrawTile, PlaceCamp, PlaceMeeple, PlaceTile
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
from .features import Feature, node_of
from .geometry import Position, Side, cell_key
from .scoring import (
    FeaturePoints,
    completed_points,
    final_feature_values,
    river_points,
    score_feature,
)
from .state import FinalScore, GameState, Phase, PlayerState
from .tiles import Terrain, Tile, TileKind

__all__ = ["Turn"]

_SCORED = (Terrain.TRIBUTARY, Terrain.VILLAGE)
_EDGE_NAMES = {0: "nothing", **{t.value: t.label for t in Terrain}}
_KIND_NAMES = {TileKind.STANDARD: "a standard tile", TileKind.AMAZON: "an Amazon tile",
               TileKind.DOUBLE: "a double tile", TileKind.START: "the start tile"}


class Turn:
    """A scratch copy of a state while one action is applied.

    Only the engine uses it, and it never escapes: :meth:`freeze` makes the
    immutable next state.
    """

    __slots__ = (
        "board",
        "current_player",
        "doubles_left",
        "events",
        "final_scoring",
        "graph",
        "pending_amazon",
        "phase",
        "piece_placement",
        "pile",
        "players",
        "removed",
        "state",
        "tile_actions",
        "tile_in_hand",
        "track_length",
    )

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
        """The immutable state this turn step has reached."""
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
        standard = tile.layout.kind is TileKind.STANDARD
        if not standard:  # river tiles explore river spaces (R-T9) before any boat moves
            self.track_length += tile.layout.river_spaces
        if self.events is not None:
            self.events.append(TilePlaced(player, tile.id, action.position, action.rotation))
        if any(result.boat_gains):
            for other, gained in enumerate(result.boat_gains):
                if gained:
                    self.advance(other, gained, BoatReason.BOAT_ICONS_JOINED)
        self.tile_in_hand = None
        if standard:
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
        done = self.graph.completed_features(self.board.placements[self.piece_placement].tile,
                                             self.piece_placement)
        held = []
        for feature_id in done:
            feature = self.graph.feature(feature_id)
            if feature.pieces:
                held.append(feature_id)
            elif self.events is None:
                continue  # nobody scores, no meeple returns: nothing to do but the event
            self.score_feature(feature, completed_points(feature), final=False)
        if held:
            self.graph = self.graph.without_pieces(tuple(held))

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
        if self.board.has_room_for(tile):
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

