"""The checks that ``test_properties.py`` runs on random games: a deep picture of a state
(to see that nothing modified it), the shape of the legal actions in each phase, the
invariants of every state (pieces and tiles conserved, the track explored), what one step may
change, the events that account for it, and the final state (R-E1–R-E6).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from _engine_helpers import START_SPACES, TILESET

from carcassonne_amazonas import (
    Action,
    ChooseDouble,
    DrawTile,
    GameState,
    Pass,
    Phase,
    PieceKind,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Rotation,
    Terrain,
    TileKind,
    chance_outcomes,
    legal_actions,
)
from carcassonne_amazonas.rules.events import (
    AmazonScored,
    BoatAdvanced,
    Event,
    FeatureScored,
    GameOver,
    JungleScored,
    RiverScored,
)

LAND_TILES = len(TILESET.land_tiles)  # 80 (R-C3)
AMAZON_TILES = len(TILESET.of_kind(TileKind.AMAZON))  # 15
EXCLAMATION_TILES = sum(1 for t in TILESET.of_kind(TileKind.AMAZON) if t.layout.exclamation)
MEEPLES, CAMPS = 4, 2  # R-C2


def snapshot(state: GameState) -> tuple[object, ...]:
    """A deep, plain-value picture of everything in a state, internal tables included."""
    return (
        state.phase, state.current_player, state.num_players, state.players, state.scores,
        state.boats, state.track_length, state.board.placements, state.board.river_end_row,
        tuple(state.board.open_items()), state.tile_in_hand, state.tiles_left,
        state.pile, state.pile.tiles, state.removed, state.doubles_left, state.piece_placement,
        state.pending_amazon, state.final_scoring, tuple(state.features.feature_items()),
    )


def kind_counts(state: GameState) -> Counter[TileKind]:
    """How many tiles of each kind the board holds."""
    return Counter(p.tile.kind for p in state.board.placements)


def check_tile_placements(state: GameState, actions: tuple[Action, ...]) -> None:
    """Placing a tile or a double: river tiles extend the river (R-G5, R-G6), land tiles go
    on open cells no lower than the river's end (R-G2)."""
    phase = state.phase
    tile = state.tile_in_hand
    assert tile is not None
    assert (tile.kind is TileKind.DOUBLE) == (phase is Phase.PLACE_DOUBLE)
    board = state.board
    for action in actions:
        assert isinstance(action, PlaceTile)
        if tile.kind.is_river:  # R-G5, R-G6
            assert action.position == board.next_river_position
            assert action.rotation in (Rotation.R0, Rotation.R180)
        else:  # R-G2
            assert board.is_open(action.position)
            assert action.position.y <= board.river_end_row


def check_draws(state: GameState, actions: tuple[Action, ...]) -> None:
    """R-T1 as a chance node: the actions are the outcomes, whose probabilities sum to 1,
    each a draw of a tile still in the pile."""
    assert state.is_chance_node
    assert state.tile_in_hand is None
    outcomes = chance_outcomes(state)
    assert actions == tuple(action for action, _ in outcomes)
    assert sum(probability for _, probability in outcomes) == Fraction(1)
    left = {t.id for t in state.pile.tiles}
    for action in actions:
        assert isinstance(action, DrawTile)
        assert action.tile in left


def check_piece_placements(state: GameState, actions: tuple[Action, ...]) -> None:
    """Placing a piece: on the tile just placed (R-T5), from the supply, then a pass last."""
    assert actions[-1] == Pass()
    player = state.players[state.current_player]
    for action in actions[:-1]:
        assert isinstance(action, (PlaceMeeple, PlaceCamp))
        assert action.position == state.piece_position  # R-T5
        if isinstance(action, PlaceMeeple):
            assert player.meeples_in_supply > 0
        else:
            assert player.camps_in_supply > 0


def check_legal_actions(state: GameState) -> tuple[Action, ...]:
    """legal_actions is deterministic, duplicate-free and of the phase's shape."""
    actions = legal_actions(state)
    assert legal_actions(state) == actions
    assert len(set(actions)) == len(actions)
    if state.is_terminal:
        assert actions == ()
        return actions
    assert actions, f"no legal action in phase {state.phase}"
    phase = state.phase
    if phase is Phase.PLACE_TILE or phase is Phase.PLACE_DOUBLE:
        check_tile_placements(state, actions)
    elif phase is Phase.CHOOSE_DOUBLE:  # R-T3
        assert actions == tuple(ChooseDouble(t.id) for t in state.doubles_left)
    elif phase is Phase.DRAW_TILE:  # R-T1 as a chance node
        check_draws(state, actions)
    else:
        assert phase is Phase.PLACE_PIECE
        check_piece_placements(state, actions)
    return actions


def check_invariants(state: GameState) -> None:
    n = state.num_players
    # R-T9: explored spaces; boats within them.
    kinds = kind_counts(state)
    assert state.track_length == (START_SPACES[n] + kinds[TileKind.AMAZON]
                                  + 2 * kinds[TileKind.DOUBLE])
    for boat in state.boats:
        assert 1 <= boat <= state.track_length
    # R-C2, R-T10: every piece is in a supply or on the board.
    meeples: Counter[int] = Counter()
    camps: Counter[int] = Counter()
    for piece in state.pieces():
        placement = state.board.placement_at(piece.position)
        assert placement is not None and placement.position == piece.position
        terrain = placement.tile.layout.segments[piece.segment].terrain
        if piece.kind is PieceKind.MEEPLE:
            assert terrain in (Terrain.TRIBUTARY, Terrain.VILLAGE)
            meeples[piece.player] += 1
        else:
            assert terrain is Terrain.JUNGLE
            camps[piece.player] += 1
    for index, player in enumerate(state.players):
        assert player.meeples_in_supply + meeples[index] == MEEPLES
        assert player.camps_in_supply + camps[index] == CAMPS
        assert player.score == player.breakdown.total
    # R-C3, R-C4: every land tile is in hand, in the pile, on the board or removed.
    placed_land = [p.tile for p in state.board.placements
                   if p.tile.kind in (TileKind.STANDARD, TileKind.AMAZON)]
    in_hand = [state.tile_in_hand] if state.tile_in_hand is not None \
        and state.tile_in_hand.kind is not TileKind.DOUBLE else []
    accounted = [*placed_land, *state.removed, *in_hand, *state.pile.tiles]
    assert sorted(t.id for t in accounted) == sorted(t.id for t in TILESET.land_tiles)
    assert len(state.doubles_left) + kinds[TileKind.DOUBLE] + (
        1 if state.phase is Phase.PLACE_DOUBLE else 0) == len(TILESET.double_tiles)


def check_step(before: GameState, action: Action, after: GameState) -> None:
    """What one action may change: scores and boats only go up; turn order (R-C8)."""
    for old, new in zip(before.scores, after.scores):
        assert new >= old
    for old, new in zip(before.boats, after.boats):
        assert new >= old  # R-T9: boats only move forward
    assert after.track_length >= before.track_length
    assert after.tiles_left <= before.tiles_left
    if before.phase is Phase.PLACE_PIECE and not after.is_terminal:
        assert after.current_player == (before.current_player + 1) % before.num_players
    elif not after.is_terminal:
        assert after.current_player == before.current_player
    if before.phase is Phase.PLACE_TILE and after.phase is Phase.CHOOSE_DOUBLE:
        assert before.tile_in_hand is not None and before.tile_in_hand.layout.exclamation


def check_events(before: GameState, events: tuple[Event, ...], after: GameState) -> None:
    """The events account for every point and every boat move."""
    n = before.num_players
    points = [0] * n
    moves = [0] * n
    for event in events:
        if isinstance(event, (FeatureScored, AmazonScored, JungleScored, RiverScored)):
            assert len(event.points) == n
            for player, gained in enumerate(event.points):
                points[player] += gained
        elif isinstance(event, BoatAdvanced):
            assert event.from_space == before.boats[event.player] + moves[event.player]
            assert event.to_space > event.from_space
            moves[event.player] += event.to_space - event.from_space
        elif isinstance(event, GameOver):
            assert event is events[-1]
            assert event.scores == after.scores
            assert event.winners == after.winners
    assert tuple(s + p for s, p in zip(before.scores, points)) == after.scores
    assert tuple(b + m for b, m in zip(before.boats, moves)) == after.boats
    assert any(isinstance(e, GameOver) for e in events) == after.is_terminal


def check_final_tiles(state: GameState) -> None:
    """R-E1: the pile is used up; every land tile was placed or removed, every Amazon tile
    and one double per "!" tile placed, and the track explored to match."""
    n = state.num_players
    assert state.tiles_left == 0
    assert state.tile_in_hand is None
    kinds = kind_counts(state)
    doubles = kinds[TileKind.DOUBLE]
    # R-E1: every land tile was placed or removed (R-G7).
    assert len(state.board.placements) - 1 - doubles + len(state.removed) == LAND_TILES
    assert all(t.kind is TileKind.STANDARD for t in state.removed)  # R-G6: Amazon tiles fit
    assert kinds[TileKind.START] == 1
    assert kinds[TileKind.AMAZON] == AMAZON_TILES
    assert doubles == EXCLAMATION_TILES == 3  # one per "!" tile (R-T3)
    assert len(state.doubles_left) == len(TILESET.double_tiles) - doubles == 1  # R-C4
    assert state.track_length == START_SPACES[n] + AMAZON_TILES + 2 * doubles


def check_final_scores(state: GameState) -> None:
    """R-E2–R-E6: the final scoring has a row per player that agrees with the breakdowns,
    someone gets river points, and the winners have the best score."""
    assert state.final_scoring is not None
    assert len(state.final_scoring) == state.num_players
    for player, final in zip(state.players, state.final_scoring):
        assert player.score == player.breakdown.total
        assert final.river == player.breakdown.river
        assert final.camps == player.breakdown.camps
        assert 0 <= final.tributaries <= player.breakdown.tributaries
        assert 0 <= final.villages <= player.breakdown.villages
    best = max(state.scores)
    assert state.winners == tuple(p for p, s in enumerate(state.scores) if s == best)
    assert sum(p.breakdown.river for p in state.players) > 0  # R-E5: someone is first


def check_final(state: GameState) -> None:
    """R-E1–R-E6 and the end of the pile."""
    assert state.is_terminal
    assert state.phase is Phase.GAME_OVER
    assert legal_actions(state) == ()
    check_final_tiles(state)
    check_final_scores(state)
