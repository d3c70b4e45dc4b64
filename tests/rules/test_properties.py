"""Properties of random legal play, over complete games for 2 to 5 players.

Hypothesis draws the seed, the rule options (first player, shuffle) and every
choice among the legal actions, so a failure shrinks to a list of choice
indices that replays the failing game exactly.  A full game is about 166
actions.  One game in four is played with ``draws="explicit"``, where every
draw is a chance node whose outcome Hypothesis also chooses among the legal
``DrawTile`` actions.

The number of games per test follows the loaded profile (tests/conftest.py): half
its ``max_examples`` for cheap games, a quarter or a sixth of it for the two tests
that check every step in depth (10, 5 and 3 games per player count with the
``quick`` profile, 500, 250 and 166 with the ``thorough`` one).  Measured with coverage
(branches, fixed seed) when they were 30, 15 and 10: these reached the same lines and
branches of the package as the 60, 45 and 30 games played before, but for the rare
removal of a tile that fits nowhere (R-G7, about one game in a hundred),
whose own tests are in ``tests/rules/test_decisions.py`` and ``tests/rules/test_events.py``.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

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
    Rules,
    Shuffle,
    Terrain,
    Tile,
    TileKind,
    apply_action,
    apply_action_with_events,
    chance_outcomes,
    legal_actions,
    new_game,
    reference_tileset,
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

pytestmark = pytest.mark.slow  # whole random games for 2-5 players, many examples

TILESET = reference_tileset()
PLAYER_COUNTS = [2, 3, 4, 5]
START_SPACES = {2: 16, 3: 16, 4: 8, 5: 8}
LAND_TILES = len(TILESET.land_tiles)  # 80 (R-C3)
AMAZON_TILES = len(TILESET.of_kind(TileKind.AMAZON))  # 15
EXCLAMATION_TILES = sum(1 for t in TILESET.of_kind(TileKind.AMAZON) if t.layout.exclamation)
MEEPLES, CAMPS = 4, 2  # R-C2
MAX_ACTIONS = 1000  # a game is about 166 actions; this only stops a runaway loop

# A game with checks at every step takes 20-250 ms, not the ~1 ms of a typical example.
long_games = settings(max_examples=max(3, settings().max_examples // 4),
                      suppress_health_check=[HealthCheck.too_slow])
longest_games = settings(max_examples=max(3, settings().max_examples // 6),
                         suppress_health_check=[HealthCheck.too_slow])
games = settings(max_examples=max(3, settings().max_examples // 2),
                 suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------------------- drawing games

Setup = tuple[int, int | None, Rules]


@st.composite
def game_setups(draw: st.DrawFn, num_players: int) -> Setup:
    """A player count, rule options (first player R-C8, shuffle R-C7) and either a seed
    or None for a game whose draws are chance nodes (``draws="explicit"``)."""
    first = draw(st.integers(min_value=0, max_value=num_players - 1), label="first player")
    shuffle = draw(st.sampled_from(Shuffle), label="shuffle")
    seed = draw(st.integers(min_value=0, max_value=2**64 - 1), label="seed")
    # One game in four has explicit draws (chance nodes); they are slower to play.
    draws = draw(st.sampled_from(("seeded", "seeded", "seeded", "explicit")), label="draws")
    return num_players, (seed if draws == "seeded" else None), Rules(first_player=first,
                                                                       shuffle=shuffle)


def start(setup: Setup) -> GameState:
    num_players, seed, rules = setup
    if seed is None:
        return new_game(num_players, rules=rules, draws="explicit")
    return new_game(num_players, seed=seed, rules=rules)


def choose(data: st.DataObject, actions: tuple[Action, ...]) -> Action:
    """One of the legal actions, chosen by Hypothesis."""
    if len(actions) == 1:
        return actions[0]
    return actions[data.draw(st.integers(min_value=0, max_value=len(actions) - 1))]


# ---------------------------------------------------------------------------- observations

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
    return Counter(p.tile.kind for p in state.board.placements)


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
    elif phase is Phase.CHOOSE_DOUBLE:  # R-T3
        assert actions == tuple(ChooseDouble(t.id) for t in state.doubles_left)
    elif phase is Phase.DRAW_TILE:  # R-T1 as a chance node
        assert state.is_chance_node
        assert state.tile_in_hand is None
        outcomes = chance_outcomes(state)
        assert actions == tuple(action for action, _ in outcomes)
        assert sum(probability for _, probability in outcomes) == Fraction(1)
        left = {t.id for t in state.pile.tiles}
        for action in actions:
            assert isinstance(action, DrawTile)
            assert action.tile in left
    else:
        assert phase is Phase.PLACE_PIECE
        assert actions[-1] == Pass()
        player = state.players[state.current_player]
        for action in actions[:-1]:
            assert isinstance(action, (PlaceMeeple, PlaceCamp))
            assert action.position == state.piece_position  # R-T5
            if isinstance(action, PlaceMeeple):
                assert player.meeples_in_supply > 0
            else:
                assert player.camps_in_supply > 0
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


def check_final(state: GameState) -> None:
    """R-E1–R-E6 and the end of the pile."""
    n = state.num_players
    assert state.is_terminal
    assert state.phase is Phase.GAME_OVER
    assert legal_actions(state) == ()
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
    assert state.final_scoring is not None
    assert len(state.final_scoring) == n
    for player, final in zip(state.players, state.final_scoring):
        assert player.score == player.breakdown.total
        assert final.river == player.breakdown.river
        assert final.camps == player.breakdown.camps
        assert 0 <= final.tributaries <= player.breakdown.tributaries
        assert 0 <= final.villages <= player.breakdown.villages
    best = max(state.scores)
    assert state.winners == tuple(p for p, s in enumerate(state.scores) if s == best)
    assert sum(p.breakdown.river for p in state.players) > 0  # R-E5: someone is first


# ---------------------------------------------------------------------------- properties

@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
@long_games
@given(data=st.data())
def test_random_play_keeps_every_invariant(num_players: int, data: st.DataObject) -> None:
    """Input never modified; same seed and actions, equal states; events agree with
    apply_action; scores and boats never go down; pieces are conserved."""
    setup = data.draw(game_setups(num_players), label="setup")
    state = start(setup)
    twin = start(setup)  # same seed, built separately
    assert state == twin and hash(state) == hash(twin)
    assert state.current_player == setup[2].first_player
    check_invariants(state)
    for _ in range(MAX_ACTIONS):
        actions = check_legal_actions(state)
        if state.is_terminal:
            break
        action = choose(data, actions)
        picture = snapshot(state)
        state_hash = hash(state)

        after = apply_action(state, action)
        twin_after, events = apply_action_with_events(twin, action)

        assert snapshot(state) == picture  # the input is never modified
        assert hash(state) == state_hash
        assert legal_actions(state) == actions
        assert state == twin
        assert after == twin_after  # same actions, same state; events or not
        assert hash(after) == hash(twin_after)
        assert snapshot(after) == snapshot(twin_after)
        check_step(state, action, after)
        check_events(state, events, after)
        check_invariants(after)
        state, twin = after, twin_after
    else:
        raise AssertionError(f"the game did not end within {MAX_ACTIONS} actions")
    check_final(state)


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
@longest_games
@given(data=st.data())
def test_every_legal_action_applies(num_players: int, data: st.DataObject) -> None:
    """At every step of a game, each legal action applies without error and leaves
    the state it was applied to unchanged."""
    setup = data.draw(game_setups(num_players), label="setup")
    state = start(setup)
    while not state.is_terminal:
        actions = legal_actions(state)
        picture = snapshot(state)
        for action in actions:
            after = apply_action(state, action)
            assert isinstance(after, GameState)
            assert after != state
        assert snapshot(state) == picture
        state = apply_action(state, choose(data, actions))
    check_final(state)


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
@games
@given(data=st.data())
def test_complete_game_and_replay(num_players: int, data: st.DataObject) -> None:
    """A complete game ends with every tile accounted for and scores equal to their
    breakdown; replaying the same seed and actions gives an equal final state."""
    setup = data.draw(game_setups(num_players), label="setup")
    state = start(setup)
    history: list[GameState] = [state]
    played: list[Action] = []
    while not state.is_terminal:
        action = choose(data, legal_actions(state))
        played.append(action)
        state = apply_action(state, action)
        history.append(state)
        assert len(played) < MAX_ACTIONS
    check_final(state)
    check_invariants(state)

    replay = start(setup)
    for index, action in enumerate(played):
        assert replay == history[index]
        replay = apply_action(replay, action)
    assert replay == state
    assert hash(replay) == hash(state)
    assert replay.final_scoring == state.final_scoring
    assert replay.scores == state.scores


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
@games
@given(order=st.permutations(TILESET.land_tiles), data=st.data())
def test_any_explicit_pile_plays_to_a_complete_game(num_players: int, order: list[Tile],
                                                    data: st.DataObject) -> None:
    """Any draw order (pile=) gives a complete, consistent game (R-C7, R-G7, R-E1)."""
    state = new_game(num_players, pile=order)
    assert state.tile_in_hand is not None
    drawn = [state.tile_in_hand]
    while not state.is_terminal:
        before = state
        action = choose(data, legal_actions(state))
        state = apply_action(state, action)
        check_step(before, action, state)
        if state.tile_in_hand is not None and state.tile_in_hand is not before.tile_in_hand \
                and state.tile_in_hand.kind is not TileKind.DOUBLE:
            drawn.append(state.tile_in_hand)
    check_invariants(state)
    check_final(state)
    # Tiles were drawn in the pile's order; removed ones (R-G7) never reached a hand.
    removed = {t.id for t in state.removed}
    assert [t.id for t in drawn] == [t.id for t in order if t.id not in removed]
