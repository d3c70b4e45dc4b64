"""Differential test: the fast engine against the slow reference model.

Random games (2–5 players, seeded shuffles, and some games with explicit
draws) are played with the engine; after every action the reference model
(reference_model.py), which recomputes every feature from scratch from the
tiles on the board, predicts what the action must do, and the engine's state
and events must agree:

- R-G2–R-G7: the legal tile placements, and that every removed tile fits nowhere;
- R-T5, R-F6: which segments may take a meeple or a camp;
- R-T4, R-T5c, R-T6, R-A4, R-T9: every boat advance, with its reason, capped by the
  explored river;
- R-T7, R-M1, R-F8: the features completed by each placement and their points and
  returned meeples; R-A1–R-A3: every Amazon scoring;
- R-E2–R-E5: the final scoring of each player;
- the boats, the scores and the pieces on the board after every action.

Half the games are played by players who place a piece whenever they can.  One
more game runs under each combination of the variant options (R-V1 competition
ranking, R-V2 per-camp scoring, R-V3 the bonus river tiles), where the model ranks
and scores by its own reading of each variant.

``DIFFERENTIAL_GAMES`` sets the number of games per player count (default: a tenth of
the Hypothesis profile's examples, at least 2; 2 with the quick profile).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from hypothesis import settings

import reference_model as model
from carcassonne_amazonas import (
    Action,
    AmazonRanking,
    AmazonScored,
    BoatAdvanced,
    BoatReason,
    CampScoring,
    ChooseDouble,
    DrawTile,
    Event,
    FeatureScored,
    GameState,
    JungleScored,
    Pass,
    PieceKind,
    PlaceCamp,
    PlaceMeeple,
    Placement,
    PlaceTile,
    Rules,
    Terrain,
    Tile,
    TileKind,
    TileRemoved,
    apply_action_with_events,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.rules.state import Phase
from carcassonne_amazonas.testing import check_invariants

pytestmark = pytest.mark.slow  # plays whole games through a slow reference model

GAMES = int(os.environ.get("DIFFERENTIAL_GAMES") or max(2, settings().max_examples // 10))
MAX_ACTIONS = 1000


class ModelGame:
    """The model's view of one game: its own pieces, boats and scores."""

    def __init__(self, state: GameState) -> None:
        self.n = state.num_players
        self.tileset = state.rules.tileset
        self.competition = state.rules.amazon_ranking is AmazonRanking.COMPETITION  # R-V1
        self.per_camp = state.rules.camp_scoring is CampScoring.PER_CAMP  # R-V2
        self.pieces: list[model.Piece] = []
        self.boats = [1] * self.n  # R-C9
        self.scores = [0] * self.n  # R-C2
        self.turn_tiles: list[int] = []  # placements of the turn under way
        self.found = model.features(state.board.placements)
        self.check_state(state)

    # -- what the state must offer ---------------------------------------------------------

    def check_state(self, state: GameState) -> None:
        """The legal actions of the state, per the model (R-G2–R-G6, R-T3, R-T5)."""
        legal = legal_actions(state)
        if state.phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
            self.check_tile_placements(state, legal)
        elif state.phase is Phase.CHOOSE_DOUBLE:
            self.check_doubles_to_choose(state, legal)
        elif state.phase is Phase.PLACE_PIECE:
            self.check_piece_placements(state, legal)
        self.check_pieces_boats_and_scores(state)

    def check_tile_placements(self, state: GameState, legal: tuple[Action, ...]) -> None:
        """R-G2–R-G7: the tile in hand goes exactly where the model says, and somewhere."""
        assert state.tile_in_hand is not None
        expected = model.legal_placements(state.board.placements, state.tile_in_hand)
        got = {(a.position, a.rotation) for a in legal if isinstance(a, PlaceTile)}
        assert len(got) == len(legal)
        assert got == expected, (f"{state.tile_in_hand}: engine-only {got - expected}, "
                                 f"model-only {expected - got} (R-G2–R-G6)")
        assert expected, "a tile in hand must fit somewhere (R-G7)"

    def check_doubles_to_choose(self, state: GameState, legal: tuple[Action, ...]) -> None:
        """R-T3: the choice is among the double tiles not yet placed."""
        placed = {p.tile.id for p in state.board.placements if p.tile.kind is TileKind.DOUBLE}
        aside = {t.id for t in self.tileset.double_tiles} - placed
        assert {a.tile for a in legal if isinstance(a, ChooseDouble)} == aside  # R-T3
        assert len(legal) == len(aside)

    def check_piece_placements(self, state: GameState, legal: tuple[Action, ...]) -> None:
        """R-T5, R-F6: the pieces the model allows on the tile just placed, and a pass."""
        placements = state.board.placements
        options = model.piece_options(placements, self.found, self.pieces,
                                      state.current_player)
        position = placements[-1].position
        expected_actions: set[Action] = {
            (PlaceCamp if camp else PlaceMeeple)(position, segment)
            for camp, segment in options}
        expected_actions.add(Pass())
        assert set(legal) == expected_actions, (
            f"engine-only {set(legal) - expected_actions}, "
            f"model-only {expected_actions - set(legal)} (R-T5, R-F6)")
        assert len(legal) == len(expected_actions)

    def check_pieces_boats_and_scores(self, state: GameState) -> None:
        """The model's pieces, boats and scores are the engine's."""
        placements = state.board.placements
        engine_pieces = Counter((p.player, p.kind is PieceKind.CAMP, p.position, p.segment)
                                for p in state.pieces())
        model_pieces = Counter((p.player, p.camp, placements[p.index].position, p.segment)
                               for p in self.pieces)
        assert engine_pieces == model_pieces
        assert list(state.boats) == self.boats
        assert list(state.scores) == self.scores

    # -- what an action must do ------------------------------------------------------------

    def step(self, before: GameState, action: Action, after: GameState,
             events: tuple[Event, ...]) -> None:
        """Carry ``action`` out on the model and check the engine's ``after`` and
        ``events`` against it."""
        boat_moves: list[BoatAdvanced] = []
        scored: list[FeatureScored] = []
        amazon: list[AmazonScored] = []
        length = model.track_length(after.board.placements, self.n)
        assert after.track_length == length  # R-T9

        if isinstance(action, PlaceTile):
            self.place_tile(before, action, after, length, boat_moves)
        elif isinstance(action, (PlaceMeeple, PlaceCamp, Pass)):
            self.end_turn(before, action, after, length, (boat_moves, scored, amazon))
        self.check_removed_tiles_fit_nowhere(events, after.board.placements)
        check_events_agree(events, action, boat_moves, scored, amazon)

        if after.is_terminal:
            self.final_scoring(after)
        self.check_state(after)

    def place_tile(self, before: GameState, action: PlaceTile, after: GameState, length: int,
                   boat_moves: list[BoatAdvanced]) -> None:
        """R-T2, R-T4: the tile goes on the board as placed; joined boat icons move boats."""
        placements = after.board.placements
        index = len(before.board.placements)
        assert len(placements) == index + 1
        assert placements[:index] == before.board.placements
        new = placements[index]
        assert (new.tile, new.position, new.rotation) == (
            before.tile_in_hand, action.position, action.rotation)
        found = model.features(placements)
        gains = model.boat_icon_gains(self.found, found, index, self.pieces, self.n)
        for other, gained in enumerate(gains):  # R-T4
            self.move(other, gained, length, BoatReason.BOAT_ICONS_JOINED, boat_moves)
        self.found = found
        self.turn_tiles.append(index)

    def end_turn(self, before: GameState, action: PlaceMeeple | PlaceCamp | Pass,
                 after: GameState, length: int,
                 expected: tuple[list[BoatAdvanced], list[FeatureScored], list[AmazonScored]],
                 ) -> None:
        """R-T5, R-T6: a piece or a pass; then the turn's scoring, Amazon scorings (R-T8) or
        completed features (R-T7); then the next player (R-C8)."""
        boat_moves, scored, amazon = expected
        placements = after.board.placements
        player = before.current_player
        index = len(placements) - 1
        if isinstance(action, Pass):  # R-T5c
            self.move(player, 1, length, BoatReason.NO_PIECE, boat_moves)
        else:
            piece = model.Piece(player, isinstance(action, PlaceCamp), index, action.segment)
            self.pieces.append(piece)
            feature = model.feature_of(self.found, piece.node)
            if feature.terrain is Terrain.TRIBUTARY:  # R-T6
                self.move(player, feature.boats, length, BoatReason.BOAT_ICONS_MEEPLE,
                          boat_moves)
        river_tiles = [placements[i].tile for i in self.turn_tiles
                       if placements[i].tile.kind in (TileKind.AMAZON, TileKind.DOUBLE)]
        if river_tiles:  # R-T8: Amazon scorings replace the regular scoring step
            for tile in river_tiles:
                self.amazon_scoring(tile, length, amazon, boat_moves)
        else:
            self.score_completed(index, placements, scored)
        self.turn_tiles = []
        if not after.is_terminal:  # R-C8: play goes clockwise
            assert after.current_player == (player + 1) % self.n

    def check_removed_tiles_fit_nowhere(self, events: tuple[Event, ...],
                                        placements: tuple[Placement, ...]) -> None:
        """Draws: every removed tile fits nowhere (R-G7)."""
        for event in events:
            if isinstance(event, TileRemoved):
                tile = self.tileset.tile(event.tile)
                assert tile.kind is TileKind.STANDARD
                assert not model.legal_placements(placements, tile), \
                    f"{tile} was removed but fits (R-G7)"

    def move(self, player: int, spaces: int, length: int, reason: BoatReason,
             moves: list[BoatAdvanced]) -> None:
        old = self.boats[player]
        new = model.advance(old, spaces, length)
        if new != old:
            moves.append(BoatAdvanced(player, reason, old, new))
            self.boats[player] = new

    def score_completed(self, index: int, placements: tuple[Placement, ...],
                        scored: list[FeatureScored]) -> None:
        """R-T7 and R-M1 for the features the tile at ``index`` completed."""
        for feature in self.found:
            if index not in feature.tiles or not feature.completed:
                continue
            points = model.feature_points(feature, model.completed_value(feature),
                                          self.pieces, self.n)
            on_it = feature.pieces(self.pieces)
            returned = tuple(sum(1 for p in on_it if p.player == q) for q in range(self.n))
            where = tuple(sorted(placements[i].position for i in feature.tiles))
            scored.append(FeatureScored(feature.terrain, where, feature.fruit, points,
                                        returned))
            for player, gained in enumerate(points):
                self.scores[player] += gained
            self.pieces = [p for p in self.pieces if p not in on_it]

    def amazon_scoring(self, tile: Tile, length: int, amazon: list[AmazonScored],
                       moves: list[BoatAdvanced]) -> None:
        """R-A1–R-A4 for one river tile (ranked by R-V1 in competition games)."""
        points = model.amazon_scoring(self.boats, tile, self.competition)
        caimans, piranhas = model.amazon_icons(tile)
        ranks = (model.competition_ranks(self.boats) if self.competition
                 else model.dense_ranks(self.boats))
        amazon.append(AmazonScored(tile.id, caimans, piranhas, tuple(ranks), points))
        for player, gained in enumerate(points):
            self.scores[player] += gained
        for player, gained in enumerate(points):
            if not gained:
                self.move(player, 1, length, BoatReason.AMAZON_SCORING, moves)

    def final_scoring(self, state: GameState) -> None:
        """R-E2–R-E5 per player, against ``state.final_scoring``."""
        rows = model.final_scoring(self.found, self.pieces, self.boats, self.per_camp)
        assert state.final_scoring is not None
        got = [(f.tributaries, f.villages, f.camps, f.river) for f in state.final_scoring]
        assert got == rows, "final scoring (R-E2–R-E5)"
        for player, row in enumerate(rows):
            self.scores[player] += sum(row)


def check_events_agree(events: tuple[Event, ...], action: Action,
                       boat_moves: list[BoatAdvanced], scored: list[FeatureScored],
                       amazon: list[AmazonScored]) -> None:
    """The engine's boat moves, feature scorings and Amazon scorings are the model's."""
    engine_moves = [e for e in events if isinstance(e, BoatAdvanced)]
    assert engine_moves == boat_moves, f"boat advances after {action}"
    engine_scored = [e for e in events if isinstance(e, FeatureScored) and not e.final]
    assert sorted(map(_scored_key, engine_scored)) == sorted(map(_scored_key, scored)), \
        f"features scored after {action} (R-T7, R-M1)"
    engine_amazon = [(e.tile, e.caimans, e.piranhas, e.ranks, e.points) for e in events
                     if isinstance(e, AmazonScored)]
    assert engine_amazon == [(e.tile, e.caimans, e.piranhas, e.ranks, e.points)
                             for e in amazon]


def _scored_key(event: FeatureScored) -> tuple[object, ...]:
    return (event.terrain, tuple(sorted(event.tiles)), event.fruit, event.points,
            event.meeples_returned)


def play_differential(num_players: int, seed: int, draws: str = "seeded",
                      greedy: bool = False, rules: Rules | None = None,
                      events: list[Event] | None = None) -> GameState:
    """Play one random game, checking the engine against the model after every action.

    ``greedy`` players place a meeple or camp whenever they can (4 times in 5), so
    that features hold more pieces of more players when they are joined and scored.
    ``rules`` chooses the variants (R-V1–R-V3); ``events`` collects every event.
    """
    rng = random.Random(seed)
    if draws == "seeded":
        state = new_game(num_players, seed=seed, rules=rules)
    else:
        state = new_game(num_players, draws="explicit", rules=rules)
    game = ModelGame(state)
    for _ in range(MAX_ACTIONS):
        if state.is_terminal:
            break
        choices = legal_actions(state)
        pieces = [a for a in choices if isinstance(a, (PlaceMeeple, PlaceCamp))]
        if greedy and pieces and rng.random() < 0.8:
            action: Action = rng.choice(pieces)
        else:
            action = rng.choice(choices)
        after, caused = apply_action_with_events(state, action)
        game.step(state, action, after, caused)
        if events is not None:
            events.extend(caused)
        assert check_invariants(after) == []
        state = after
    assert state.is_terminal
    return state


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
@pytest.mark.parametrize("game", range(GAMES))
def test_engine_agrees_with_reference_model(num_players: int, game: int) -> None:
    state = play_differential(num_players, seed=1000 * num_players + game, greedy=game % 2 == 1)
    assert state.final_scoring is not None


# (amazon ranking, camp scoring, bonus river tiles, players, seed): every combination of
# the variants R-V1–R-V3, with a seed whose greedy game shows each chosen variant at work (a
# tie for first with a boat behind it at an Amazon scoring with piranhas, for competition
# ranking; a jungle where a player with the most camps has two, for per-camp scoring).
VARIANT_GAMES = [  # the defaults alone are the games above
    (AmazonRanking.DENSE, CampScoring.PER_JUNGLE, True, 3, 500),
    (AmazonRanking.DENSE, CampScoring.PER_CAMP, False, 4, 503),
    (AmazonRanking.DENSE, CampScoring.PER_CAMP, True, 5, 501),
    (AmazonRanking.COMPETITION, CampScoring.PER_JUNGLE, False, 3, 500),
    (AmazonRanking.COMPETITION, CampScoring.PER_JUNGLE, True, 4, 500),
    (AmazonRanking.COMPETITION, CampScoring.PER_CAMP, False, 5, 501),
    (AmazonRanking.COMPETITION, CampScoring.PER_CAMP, True, 3, 502),
]


@pytest.mark.parametrize(("ranking", "camps", "bonus", "num_players", "seed"), VARIANT_GAMES,
                         ids=[f"{r.value}-{c.value}{'-bonus' if b else ''}"
                              for r, c, b, _, _ in VARIANT_GAMES])
def test_engine_agrees_with_reference_model_under_variants(
        ranking: AmazonRanking, camps: CampScoring, bonus: bool, num_players: int,
        seed: int) -> None:
    """R-V1–R-V3: every combination of options, one greedy game each, and the variants
    chosen really change a result in it (so the model's reading of them is tested)."""
    rules = Rules(tileset=reference_tileset(bonus_river=bonus), amazon_ranking=ranking,
                  camp_scoring=camps)
    seen: list[Event] = []
    state = play_differential(num_players, seed=seed, greedy=True, rules=rules, events=seen)
    assert state.final_scoring is not None
    if ranking is AmazonRanking.COMPETITION:  # a boat that dense ranking makes second
        assert any(e.piranhas and any(r > 2 and sorted(set(e.ranks)).index(r) == 1
                                      for r in e.ranks)
                   for e in seen if isinstance(e, AmazonScored))
    if camps is CampScoring.PER_CAMP:  # a scoring player with two camps in the jungle
        assert any(points and count > 1 for e in seen if isinstance(e, JungleScored)
                   for count, points in zip(e.camps, e.points))


@pytest.mark.parametrize("num_players", [2, 5])
def test_engine_agrees_with_reference_model_explicit_draws(num_players: int) -> None:
    state = play_differential(num_players, seed=77 + num_players, draws="explicit",
                              greedy=num_players == 5)
    assert state.final_scoring is not None


def test_draw_tile_is_an_action() -> None:
    """Explicit draws give DrawTile actions only at chance nodes."""
    state = new_game(3, draws="explicit")
    assert state.is_chance_node
    assert all(isinstance(a, DrawTile) for a in legal_actions(state))
