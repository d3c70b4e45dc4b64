"""One action's transition: what placing a tile or a piece sets off (R-T1–R-T9, A, E).

:class:`Turn` is the engine's scratch pad while it applies one action: it
places tiles (R-T2, R-T3) and pieces (R-T5), moves boats (R-T4–R-T6, R-T9), scores
completed features (R-T7, R-M1) and Amazon scorings (R-A1–R-A4, R-T8), draws the next
tile (R-T1, R-G7) and runs the final scoring (R-E1–R-E6), recording events as it
goes.  :meth:`Turn.play` is the one dispatch of an action to its step, for the engine
(:mod:`~carcassonne_amazonas.rules.engine`) and the fast path
(:class:`~carcassonne_amazonas.rules.fast_path.Playthrough`, its public face);
:meth:`Turn.freeze` makes the next state.
"""

from __future__ import annotations

import functools

from .._support.wording import plural
from ..errors import IllegalActionError
from ..tiles.geometry import Position, cell_key
from ..tiles.layout import Terrain, TileKind
from ..tiles.segment_names import segment_name
from ..tiles.tileset import Tile
from . import events as ev
from .actions import Action, ChooseDouble, DrawTile, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from .boat_track import advanced_space, amazon_scoring, dense_ranks, ranks
from .features import Feature, node_of
from .final_scoring import final_scoring
from .players import PlayerState, colour
from .scoring import FeaturePoints, completed_points, score_feature
from .state import GameState, Phase

__all__ = ["Turn"]

#: R-A1–R-A3 by the boats' places and the tile's icons: a search replays the end of a turn
#: after an Amazon tile once per piece step it weighs, for a handful of boat positions.
_amazon_points = functools.lru_cache(maxsize=4096)(amazon_scoring)


class Turn:
    """A scratch copy of a state while actions are applied.

    The engine (:mod:`~carcassonne_amazonas.rules.engine`) makes one per action; the fast
    path's :class:`~carcassonne_amazonas.rules.fast_path.Playthrough` (a subclass, the
    public API) keeps one for a whole playout and applies every action through
    :meth:`play`, building no state in between; :meth:`freeze` makes the immutable
    state.
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
        "tile_in_hand",
        "track_length",
    )

    def __init__(self, state: GameState, events: list[ev.Event] | None) -> None:
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

    def freeze(self) -> GameState:
        """The immutable state this turn step has reached."""
        return GameState(
            self.state.rules, self.state.num_players, self.phase, self.current_player,
            tuple(self.players), self.track_length, self.board, self.graph, self.tile_in_hand,
            self.pile, self.removed, self.doubles_left, self.piece_placement,
            self.pending_amazon, self.final_scoring,
        )

    # -- one action ------------------------------------------------------------------------

    def play(self, action: Action) -> None:
        """Apply one action of the current phase: the engine's one dispatch, which
        :func:`~carcassonne_amazonas.rules.engine.apply_action` and the fast path
        (:class:`~carcassonne_amazonas.rules.fast_path.Playthrough`) run.

        The action's type must have been checked
        (:func:`~carcassonne_amazonas.rules.actions.check_action`); one of another phase raises
        :class:`~carcassonne_amazonas.errors.IllegalActionError` citing the current
        phase's rule (R-T1, R-T2, R-T3, R-T5), as does any action once the game is over
        (R-E1).
        """
        phase = self.phase
        if phase is Phase.PLACE_TILE or phase is Phase.PLACE_DOUBLE:
            if not isinstance(action, PlaceTile):
                raise self._wrong_phase(action, "PlaceTile")
            self.place_tile(action)
        elif phase is Phase.PLACE_PIECE:
            if isinstance(action, Pass):
                self.advance(self.current_player, 1, ev.BoatReason.NO_PIECE)
            elif isinstance(action, (PlaceMeeple, PlaceCamp)):
                self.place_piece(action)
            else:
                raise self._wrong_phase(action, "PlaceMeeple, PlaceCamp or Pass")
            self.end_turn()
        elif phase is Phase.DRAW_TILE:
            if not isinstance(action, DrawTile):
                raise self._wrong_phase(action, "DrawTile (a chance node)")
            self.draw_chance(action)
        elif phase is Phase.CHOOSE_DOUBLE:
            if not isinstance(action, ChooseDouble):
                raise self._wrong_phase(action, "ChooseDouble")
            self.choose_double(action)
        else:
            raise IllegalActionError(f"the game is over; {action} cannot be played",
                                     rule="R-E1", code="game-over")

    def _wrong_phase(self, action: Action, wanted: str) -> IllegalActionError:
        """An action of another phase; the rule is the current phase's."""
        tile = self.tile_in_hand
        rule = {Phase.DRAW_TILE: "R-T1", Phase.PLACE_PIECE: "R-T5"}.get(
            self.phase,
            "R-T2" if tile is not None and tile.kind is TileKind.STANDARD else "R-T3")
        return IllegalActionError(
            f"{type(action).__name__} is not legal in the {self.phase.value!r} phase; "
            f"{colour(self.current_player)} must play {wanted}",
            rule=rule, code="wrong-phase")

    # -- players ---------------------------------------------------------------------------

    def advance(self, player: int, spaces: int, reason: ev.BoatReason) -> None:
        """Move a boat (R-T4–R-T6, R-A4), capped by the explored track (R-T9)."""
        old = self.players[player]
        space = advanced_space(old.boat, spaces, self.track_length)
        if space == old.boat:
            return
        self.players[player] = PlayerState(old.score, space, old.meeples_in_supply,
                                           old.camps_in_supply, old.breakdown)
        if self.events is not None:
            self.events.append(ev.BoatAdvanced(player, reason, old.boat, space))

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
        """R-T2, R-T3, R-G2–R-G6, then the Boat icons of R-T4."""
        tile = self.tile_in_hand
        assert tile is not None
        if not self.board.allows(tile, action.position, action.rotation):
            problem = self.board.placement_problem(tile, action.position, action.rotation)
            assert problem is not None
            raise IllegalActionError(problem.reason, rule=problem.rule, code=problem.code)
        player = self.current_player
        key = cell_key(action.position.x, action.position.y)
        self.board, index = self.board.place(tile, action.rotation, key)
        result = self.graph.add_placement(self.board, index, self.state.num_players)
        self.graph = result.graph
        standard = tile.layout.kind is TileKind.STANDARD
        if not standard:  # river tiles explore river spaces (R-T9) before any boat moves
            self.track_length += tile.layout.river_spaces
        if self.events is not None:
            self.events.append(ev.TilePlaced(player, tile.id, action.position, action.rotation))
        if any(result.boat_gains):
            for other, gained in enumerate(result.boat_gains):
                if gained:
                    self.advance(other, gained, ev.BoatReason.BOAT_ICONS_JOINED)
        self.tile_in_hand = None
        if standard:
            self.phase, self.piece_placement = Phase.PLACE_PIECE, index
            return
        self.pending_amazon = (*self.pending_amazon, tile)
        if tile.layout.exclamation and self.doubles_left:
            self.phase, self.piece_placement = Phase.CHOOSE_DOUBLE, -1
        else:
            self.phase, self.piece_placement = Phase.PLACE_PIECE, index

    def choose_double(self, action: ChooseDouble) -> None:
        """R-T3: take one of the double tiles set aside."""
        chosen = next((t for t in self.doubles_left if t.id == action.tile), None)
        if chosen is None:
            available = ", ".join(f"{t.id} ({t.name})" for t in self.doubles_left)
            raise IllegalActionError(f"double tile {action.tile} is not set aside; "
                                     f"choose one of: {available}",
                                     rule="R-T3", code="double-not-set-aside")
        self.doubles_left = tuple(t for t in self.doubles_left if t is not chosen)
        self.tile_in_hand = chosen
        self.phase = Phase.PLACE_DOUBLE
        if self.events is not None:
            self.events.append(ev.DoubleChosen(self.current_player, chosen.id))

    # -- piece step ------------------------------------------------------------------------

    def place_piece(self, action: PlaceMeeple | PlaceCamp) -> None:
        """R-T5a, R-T5b and the Boat icons of R-T6."""
        player = self.current_player
        index = self.piece_placement
        placement = self.board.placements[index]
        camp = isinstance(action, PlaceCamp)
        what = "camp" if camp else "meeple"
        if action.position != placement.position:
            raise IllegalActionError(
                f"a {what} goes on the tile just placed, at ({placement.position}), "
                f"not at ({action.position})", rule="R-T5", code="not-the-placed-tile")
        segments = placement.tile.layout.segments
        if not 0 <= action.segment < len(segments):
            raise IllegalActionError(f"{placement.tile.name} has segments 0..{len(segments) - 1}, "
                                     f"not {action.segment}", rule="R-T5", code="no-such-segment")
        segment = segments[action.segment]
        wanted = "a jungle" if camp else "a tributary or village"
        if segment.terrain is Terrain.AMAZON or (segment.terrain is Terrain.JUNGLE) != camp:
            # The segment as every text words it (R-F1), not by the tile file's own name.
            which = (f"segment {action.segment} is "
                     f"{segment_name(placement.tile.layout, placement.rotation, action.segment)}")
            if segment.terrain is Terrain.AMAZON:
                raise IllegalActionError(
                    f"{which}; a {what} needs {wanted}: nothing goes on the Amazon",
                    rule="R-F6", code="on-the-amazon")
            raise IllegalActionError(f"{which}; a {what} needs {wanted}",
                                     rule="R-T5", code="wrong-terrain")
        supply = self.players[player]
        if (supply.camps_in_supply if camp else supply.meeples_in_supply) == 0:
            raise IllegalActionError(f"{colour(player)} has no {what} left",
                                     rule="R-T5", code="no-piece-left")
        node = node_of(index, action.segment)
        feature = self.graph.feature_of(node)
        if feature.pieces:
            owners = " and ".join(colour(p) for p in sorted({p for _, p in feature.pieces}))
            raise IllegalActionError(
                f"that {segment.terrain.label} already holds a piece of {owners}",
                rule="R-T5", code="feature-occupied")
        self.graph = self.graph.with_piece(node, player)
        self.players[player] = PlayerState(
            supply.score, supply.boat, supply.meeples_in_supply - (0 if camp else 1),
            supply.camps_in_supply - (1 if camp else 0), supply.breakdown)
        if self.events is not None:
            self.events.append(ev.PiecePlaced(player, camp, action.position, action.segment))
        if segment.terrain is Terrain.TRIBUTARY and feature.boats:
            self.advance(player, feature.boats, ev.BoatReason.BOAT_ICONS_MEEPLE)

    # -- end of turn -----------------------------------------------------------------------

    def end_turn(self) -> None:
        """The scoring step (R-T7, or R-A1–R-A4 after river tiles, R-T8), then the next draw."""
        if self.pending_amazon:
            for tile in self.pending_amazon:
                self.amazon_scoring(tile)
        else:
            self.score_completed()
        self.pending_amazon = ()
        self.piece_placement = -1
        self.draw((self.current_player + 1) % self.state.num_players)

    def score_completed(self) -> None:
        """R-T7: every tributary and village the placed tile completed; meeples return."""
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
        """Score a tributary or village (R-T7, R-E2, R-E3); in play its meeples return (R-T7)."""
        num_players = self.state.num_players
        result = score_feature(feature, value, num_players)
        category = "tributaries" if feature.terrain is Terrain.TRIBUTARY else "villages"
        for player in range(num_players):
            back = 0 if final else result.pieces[player]
            self.score(player, category, result.points[player], back)
        if self.events is not None:
            self.events.append(ev.FeatureScored(
                feature.terrain, self._positions(feature), feature.fruit, result.points,
                (0,) * num_players if final else result.pieces, final))
        return result

    def _positions(self, feature: Feature) -> tuple[Position, ...]:
        placements = self.board.placements
        return tuple(placements[i].position for i in sorted(feature.placement_indices))

    def amazon_scoring(self, tile: Tile) -> None:
        """R-A1–R-A4 for one river tile, the boats ranked by the game's option (R-V1)."""
        icons = tile.total_icons
        boats = tuple(p.boat for p in self.players)
        ranking = self.state.rules.amazon_ranking
        points = _amazon_points(boats, icons.caimans, icons.piranhas, ranking)
        if self.events is not None:
            self.events.append(ev.AmazonScored(tile.id, icons.caimans, icons.piranhas,
                                            ranks(boats, ranking), points, ranking))
        for player, gained in enumerate(points):
            self.score(player, "amazon", gained)
        for player, gained in enumerate(points):
            if not gained:
                self.advance(player, 1, ev.BoatReason.AMAZON_SCORING)

    # -- drawing and the end -----------------------------------------------------------------

    def draw(self, player: int) -> None:
        """R-T1 for ``player``; R-G7 removes standard tiles that fit nowhere; R-E1 ends the game."""
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
        """The current player holds the drawn tile, or R-G7 removes it (returns False)."""
        player = self.current_player
        if self.events is not None:
            self.events.append(ev.TileDrawn(player, tile.id))
        if self.board.has_room_for(tile):
            self.tile_in_hand = tile
            self.phase = Phase.PLACE_TILE
            return True
        self.removed = (*self.removed, tile)
        if self.events is not None:
            self.events.append(ev.TileRemoved(player, tile.id))
        return False

    def draw_chance(self, action: DrawTile) -> None:
        """A chance outcome names the drawn tile (R-T1; identical copies are one outcome, named
        by the listed copy: another copy is refused, so that exactly the listed draws apply)."""
        pile = self.pile
        tile = next((t for t in pile.tiles if t.id == action.tile), None)
        if tile is None:
            raise IllegalActionError(f"tile {action.tile} is not in the pile; "
                                     f"{plural(len(pile), 'tile')} left to draw",
                                     rule="R-T1", code="tile-not-in-pile")
        if not pile.tile_probability(tile):
            raise IllegalActionError(
                f"tile {action.tile} ({tile.name}) cannot come next: the current slice of the "
                "stratified pile has no room for its kind", rule="R-C7", code="slice-quota")
        listed = pile.canonical(tile)
        if listed is not tile:
            raise IllegalActionError(
                f"tile {action.tile} ({tile.name}) is identical to {listed.name}; identical "
                f"copies are one chance outcome, drawn as DrawTile({listed.id})",
                rule="R-T1", code="not-the-listed-copy")
        self.pile = pile.take(tile)
        if not self.take_drawn(tile):
            self.draw(self.current_player)

    def final_scoring_step(self) -> None:
        """R-E2–R-E6, with the points of
        :func:`~carcassonne_amazonas.rules.final_scoring.final_scoring`."""
        num_players = self.state.num_players
        boats = tuple(p.boat for p in self.players)
        tally = final_scoring(self.state.rules, self.graph, boats)
        for scored in tally.features:
            feature = scored.feature
            for player, points in enumerate(scored.points):
                self.score(player, scored.category, points)
            if self.events is None:
                continue
            if feature.terrain is Terrain.JUNGLE:
                self.events.append(ev.JungleScored(self._positions(feature), feature.animals,
                                                scored.pieces, scored.points,
                                                self.state.rules.camp_scoring))
            else:
                self.events.append(ev.FeatureScored(
                    feature.terrain, self._positions(feature), feature.fruit, scored.points,
                    (0,) * num_players, True))
        river = tally.river
        for player, points in enumerate(river):
            self.score(player, "river", points)
        self.final_scoring = tally.final_scores
        self.phase = Phase.GAME_OVER
        self.tile_in_hand = None
        if self.events is not None:
            self.events.append(ev.RiverScored(dense_ranks(boats), river))
            scores = tuple(p.score for p in self.players)
            best = max(scores)
            self.events.append(ev.GameOver(scores, tuple(p for p, s in enumerate(scores)
                                                      if s == best)))

