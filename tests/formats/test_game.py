"""The game-history helper ``Game``: play (actions or notation), undo, the states and the
record, like python-chess's move stack and ``chess.pgn.Game``."""

from __future__ import annotations

import random

import pytest

from carcassonne_amazonas import (
    Game,
    GameRecord,
    IllegalActionError,
    NotationError,
    Pass,
    PlaceTile,
    Position,
    Rotation,
    TileDrawn,
    TilePlaced,
    apply_action,
    legal_actions,
    new_game,
)
from games import random_action


def test_a_new_game_is_at_its_initial_state() -> None:
    game = Game.new(3, seed=4)
    assert game.state == game.initial_state == new_game(3, seed=4)
    assert len(game) == 0 and game.actions == () and game.last_events == ()
    assert game.states == (game.state,)
    assert game.legal_actions() == legal_actions(game.state)


def test_play_checks_each_action_and_keeps_the_history() -> None:
    game = Game.new(2, seed=7)
    first = game.legal_actions()[0]
    after = game.play(first)
    assert after == apply_action(game.initial_state, first) == game.state
    assert game.actions == (first,) and len(game) == 1
    assert any(isinstance(event, TilePlaced) for event in game.last_events)
    assert game.play("p") == game.state  # notation is accepted too
    assert game.actions[-1] == Pass()
    assert any(isinstance(event, TileDrawn) for event in game.last_events)


def test_an_illegal_action_leaves_the_game_unchanged() -> None:
    game = Game.new(2, seed=7)
    before = (game.state, game.actions, game.states)
    with pytest.raises(IllegalActionError, match=r"\(R-G2\)"):
        game.play(PlaceTile(Position(9, 9), Rotation.R0))
    with pytest.raises(NotationError):
        game.play("t0,4")
    with pytest.raises(TypeError):
        game.play(3)  # type: ignore[arg-type]
    assert (game.state, game.actions, game.states) == before


def test_undo_returns_to_the_previous_state() -> None:
    game = Game.new(2, seed=3)
    rng = random.Random(3)
    states = [game.state]
    for _ in range(20):
        game.play(random_action(game.state, rng))
        states.append(game.state)
    for expected in reversed(states[:-1]):
        action = game.undo()
        assert game.state == expected
        assert apply_action(expected, action) in states
    with pytest.raises(IndexError, match="no action to undo"):
        game.undo()
    assert game.state == game.initial_state


def test_a_copy_plays_on_while_the_original_stays() -> None:
    game = Game.new(2, seed=5)
    rng = random.Random(5)
    for _ in range(6):
        game.play(random_action(game.state, rng))
    before = (game.state, game.actions, game.states, game.last_events)
    copy = game.copy()
    assert (copy.state, copy.actions, copy.states, copy.last_events) == before
    copy.play(random_action(copy.state, rng))
    copy.undo()
    copy.undo()
    assert len(copy) == 5 and (game.state, game.actions, game.states, game.last_events) == before


def test_the_record_of_a_whole_game_replays_it() -> None:
    game = Game.new(4, seed=12)
    rng = random.Random(12)
    while not game.state.is_terminal:
        game.play(random_action(game.state, rng))
    record = game.record()
    assert record.seed == 12 and record.actions == game.actions
    loaded = GameRecord.from_json(record.to_json())
    assert loaded.replay() == game.states
    again = Game.from_record(loaded)
    assert again.states == game.states and again.state.is_terminal


def test_a_game_with_explicit_draws_records_its_draws() -> None:
    game = Game.new(2, draws="explicit")
    rng = random.Random(1)
    for _ in range(12):
        game.play(random_action(game.state, rng))
    record = game.record()
    assert record.draws == "explicit"
    assert any(str(action).startswith("*") for action in record.actions)
    assert GameRecord.from_json(record.to_json()).replay()[-1] == game.state


def test_a_game_resumed_from_a_record_plays_on() -> None:
    game = Game.new(2, seed=1)  # yellow holds an Amazon tile: it goes below the river end
    game.play_all("t0,4,0 p")
    resumed = Game.from_record(GameRecord.from_json(game.record().to_json()))
    assert resumed.state == game.state and len(resumed) == 2
    resumed.play(resumed.legal_actions()[0])
    assert len(resumed) == 3 and len(game) == 2  # two separate histories


def test_a_game_from_any_state_and_its_repr() -> None:
    middle = apply_action(new_game(2, seed=1), PlaceTile(Position(0, 4), Rotation.R0))
    game = Game(middle)
    assert game.initial_state == middle
    assert repr(game) == f"<Game: 0 actions played, now {middle!r}>"
    with pytest.raises(TypeError, match="expected a GameState"):
        Game("not a state")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="expected a GameRecord"):
        Game.from_record(middle)  # type: ignore[arg-type]
