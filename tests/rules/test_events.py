"""Events: ``apply_action_with_events`` explains every point, boat move and tile.

Over random complete games in both draw modes: the state is the one
``apply_action`` gives; the points in FeatureScored, AmazonScored,
JungleScored and RiverScored events add up to the scores (per step, per
category and over the game); BoatAdvanced events chain from space to space
and add up to every boat's position; TileDrawn, TileRemoved, TilePlaced,
DoubleChosen and PiecePlaced events match the board, the pile and the actions.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    Action,
    AmazonScored,
    BoatAdvanced,
    BoatReason,
    ChooseDouble,
    DoubleChosen,
    DrawTile,
    Event,
    FeatureScored,
    GameOver,
    GameState,
    IllegalActionError,
    JungleScored,
    Pass,
    PiecePlaced,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    RiverScored,
    Terrain,
    TileDrawn,
    TileId,
    TileKind,
    TilePlaced,
    TileRemoved,
    apply_action,
    apply_action_with_events,
    chance_outcomes,
    legal_actions,
    new_game,
    reference_tileset,
)
from games import initial_states, random_action

TILESET = reference_tileset()
LAND_IDS = sorted(t.id for t in TILESET.land_tiles)
SCORING = (FeatureScored, AmazonScored, JungleScored, RiverScored)

games = settings(max_examples=max(3, settings().max_examples // 2),
                 suppress_health_check=[HealthCheck.too_slow])


class Step(NamedTuple):
    before: GameState
    action: Action
    after: GameState
    events: tuple[Event, ...]


def play_with_events(state: GameState, rng: random.Random) -> list[Step]:
    """A random complete game, each step with its events, checked against apply_action."""
    steps = []
    while not state.is_terminal:
        action = random_action(state, rng)
        after, events = apply_action_with_events(state, action)
        assert after == apply_action(state, action)
        assert isinstance(events, tuple)
        steps.append(Step(state, action, after, events))
        state = after
    return steps


def scored(event: Event) -> tuple[int, ...]:
    assert isinstance(event, SCORING)
    return event.points


# ---------------------------------------------------------------------------- whole games

def score_category(event: Event) -> str:
    """The breakdown category (a ``ScoreBreakdown`` field) that a scoring event adds to."""
    if isinstance(event, FeatureScored):
        return "tributaries" if event.terrain is Terrain.TRIBUTARY else "villages"
    return {AmazonScored: "amazon", JungleScored: "camps", RiverScored: "river"}[type(event)]


def check_step_explains_its_scores_and_boats(
        step: Step, categories: list[Counter[str]], moved: list[int]) -> list[int]:
    """One step's events give exactly the change of every score and boat; the points each
    player gained come back, and ``categories`` and ``moved`` grow by the step's events."""
    n = step.after.num_players
    boats = list(step.before.boats)
    gained = [0] * n
    track = step.after.track_length
    for event in step.events:
        if isinstance(event, BoatAdvanced):
            # The events chain: each move starts where the boat stands (R-T9: forward only).
            assert event.from_space == boats[event.player]
            assert event.from_space < event.to_space <= track
            boats[event.player] = event.to_space
            moved[event.player] += event.to_space - event.from_space
        elif isinstance(event, SCORING):
            assert len(event.points) == n
            assert all(p >= 0 for p in event.points)
            key = score_category(event)
            for player, points in enumerate(event.points):
                gained[player] += points
                categories[player][key] += points
    # Per step: the events give exactly the change of every score and boat.
    assert tuple(boats) == step.after.boats
    assert [a - b for a, b in zip(step.after.scores, step.before.scores)] == gained
    return gained


@pytest.mark.slow  # whole games
@games
@given(initial_states(), st.integers(min_value=0, max_value=2**32))
def test_events_explain_every_point_and_every_boat_move(initial: GameState, seed: int) -> None:
    steps = play_with_events(initial, random.Random(seed))
    final = steps[-1].after
    n = final.num_players
    totals = [0] * n
    categories: list[Counter[str]] = [Counter() for _ in range(n)]
    moved = [0] * n
    for step in steps:
        gained = check_step_explains_its_scores_and_boats(step, categories, moved)
        for player in range(n):
            totals[player] += gained[player]
    # Over the game: the events add up to the final scores and boats.
    assert tuple(totals) == final.scores
    assert [b - 1 for b in final.boats] == moved
    for player, state in enumerate(final.players):
        for key in ("tributaries", "villages", "amazon", "camps", "river"):
            assert categories[player][key] == getattr(state.breakdown, key), key


def check_tile_events_match_the_board(
        initial: GameState, final: GameState, events: list[Event]) -> None:
    """TileDrawn, TileRemoved, TilePlaced and DoubleChosen match the pile and the board."""
    drawn = [e for e in events if isinstance(e, TileDrawn)]
    removed = [e for e in events if isinstance(e, TileRemoved)]
    placed = [e for e in events if isinstance(e, TilePlaced)]
    doubles = [e for e in events if isinstance(e, DoubleChosen)]
    # R-T1, R-E1: every land tile is drawn exactly once (the first one by new_game itself).
    first = ([initial.tile_in_hand.id] if initial.tile_in_hand is not None else [])
    first += [t.id for t in initial.removed]
    assert sorted(first + [e.tile for e in drawn]) == LAND_IDS
    # R-G7: the removed tiles, in order.
    assert [e.tile for e in removed] == [t.id for t in final.removed[len(initial.removed):]]
    # R-T2, R-T3: one TilePlaced per placement, in board order, where the board has it.
    assert len(placed) == len(LAND_IDS) - len(final.removed) + len(doubles)
    assert len(placed) == len(final.board.placements) - 1
    for event, placement in zip(placed, final.board.placements[1:]):
        assert (event.tile, event.position, event.rotation) == (
            placement.tile.id, placement.position, placement.rotation)
    assert [e.tile for e in doubles] == [p.tile.id for p in final.board.placements
                                         if p.tile.kind is TileKind.DOUBLE]


def check_the_game_ends_once_with_the_final_scoring(
        final: GameState, events: list[Event]) -> None:
    """R-E1, R-E5, R-E6: GameOver ends the events, the river scoring just before it, and the
    final events add up to the final scoring's rows."""
    assert final.final_scoring is not None
    assert isinstance(events[-1], GameOver) and isinstance(events[-2], RiverScored)
    assert sum(isinstance(e, (GameOver, RiverScored)) for e in events) == 2
    assert events[-1].scores == final.scores and events[-1].winners == final.winners
    river = events[-2].points
    assert river == tuple(f.river for f in final.final_scoring)
    finals = [e for e in events if isinstance(e, FeatureScored) and e.final]
    for player, row in enumerate(final.final_scoring):
        assert sum(e.points[player] for e in finals
                   if e.terrain is Terrain.TRIBUTARY) == row.tributaries
        assert sum(e.points[player] for e in finals
                   if e.terrain is Terrain.VILLAGE) == row.villages
        assert sum(e.points[player] for e in events
                   if isinstance(e, JungleScored)) == row.camps


def check_the_events_belong_to_the_action(step: Step) -> None:
    """A step's events begin with the one its action makes, by the player who moved; a
    pass places no piece."""
    kinds = [type(e) for e in step.events]
    if isinstance(step.action, PlaceTile):
        assert kinds[0] is TilePlaced
        assert step.events[0].player == step.before.current_player  # type: ignore[union-attr]
    elif isinstance(step.action, (PlaceMeeple, PlaceCamp)):
        piece = step.events[0]
        assert isinstance(piece, PiecePlaced)
        assert (piece.camp, piece.position, piece.segment) == (
            isinstance(step.action, PlaceCamp), step.action.position, step.action.segment)
        assert piece.player == step.before.current_player
    elif isinstance(step.action, ChooseDouble):
        assert step.events == (DoubleChosen(step.before.current_player, step.action.tile),)
    elif isinstance(step.action, DrawTile):
        assert isinstance(step.events[0], TileDrawn)
        assert step.events[0].player == step.before.current_player
    else:
        assert isinstance(step.action, Pass)
        assert PiecePlaced not in kinds


def check_the_turn_ends_with_the_next_draw(step: Step) -> None:
    """At most one piece or double per step, and after a turn's last action the next player
    draws, unless the next draw is a chance node."""
    kinds = [type(e) for e in step.events]
    if isinstance(step.action, (Pass, PlaceMeeple, PlaceCamp)) and not step.after.is_terminal:
        # The next player draws at the end of the turn (unless it is a chance node).
        assert (TileDrawn in kinds) != step.after.is_chance_node
    if PiecePlaced in kinds or DoubleChosen in kinds:
        assert kinds.count(PiecePlaced) + kinds.count(DoubleChosen) == 1


@pytest.mark.slow  # whole games
@games
@given(initial_states(), st.integers(min_value=0, max_value=2**32))
def test_tile_and_piece_events_match_the_game(initial: GameState, seed: int) -> None:
    steps = play_with_events(initial, random.Random(seed))
    final = steps[-1].after
    events = [e for step in steps for e in step.events]
    check_tile_events_match_the_board(initial, final, events)
    check_the_game_ends_once_with_the_final_scoring(final, events)
    # Each step's events belong to its action.
    for step in steps:
        check_the_events_belong_to_the_action(step)
        check_the_turn_ends_with_the_next_draw(step)


# ---------------------------------------------------------------------------- unit checks

def test_a_pass_moves_the_boat_one_space() -> None:
    state = new_game(2, seed=1)
    state = apply_action(state, legal_actions(state)[0])
    assert state.phase.value == "place piece"
    after, events = apply_action_with_events(state, Pass())
    player = state.current_player
    assert after.boats[player] >= 2
    boat_moves = [e for e in events if isinstance(e, BoatAdvanced) and e.player == player]
    assert boat_moves[0] == BoatAdvanced(player, BoatReason.NO_PIECE, 1, 2)


def test_each_draw_is_an_event_of_the_player_who_draws() -> None:
    state = new_game(3, draws="explicit")
    action = chance_outcomes(state)[0][0]
    after, events = apply_action_with_events(state, action)
    assert events[0] == TileDrawn(0, action.tile)
    assert after.tile_in_hand is not None and after.tile_in_hand.id == action.tile


def test_illegal_actions_raise_the_same_errors_with_and_without_events() -> None:
    state = new_game(2, seed=1)
    for action in (Pass(), DrawTile(TileId(1)), ChooseDouble(TileId(81))):
        with pytest.raises(IllegalActionError) as plain:
            apply_action(state, action)
        with pytest.raises(IllegalActionError) as with_events:
            apply_action_with_events(state, action)
        assert str(plain.value) == str(with_events.value)
    with pytest.raises(TypeError, match="expected an action"):
        apply_action_with_events(state, b"p")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="R-T3"):  # text is read as notation
        apply_action_with_events(state, "p")
    with pytest.raises(TypeError, match="expected a GameState"):
        apply_action_with_events("state", Pass())  # type: ignore[arg-type]
    assert apply_action_with_events(state, legal_actions(state)[0])[0] == apply_action(
        state, legal_actions(state)[0])
