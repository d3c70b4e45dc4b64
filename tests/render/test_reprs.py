"""Short reprs and strs in python-chess's style, and ``_repr_pretty_`` everywhere.

- An action's repr is code that evaluates back to an equal action and shows its
  notation (``PlaceTile.from_notation('t0,4,90')``); ``str(action)`` is the notation.
- ``repr(state)`` is one short line; ``str(state)`` the text board with the scores and
  the tile in hand.
- Positions, enums, rules, icons, scores and events evaluate back to equal values;
  tiles, tile sets, boards, features, piles and records show a one-line summary.
- Every public value class defines ``_repr_pretty_``, so IPython and Hypothesis print
  the short repr instead of walking every attrs field.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
import random
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.vendor.pretty import pretty

import carcassonne_amazonas
from carcassonne_amazonas import (
    Action,
    ChooseDouble,
    DrawTile,
    GameRecord,
    GameState,
    NotationError,
    Pass,
    Phase,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rotation,
    Rules,
    Shuffle,
    TileId,
    apply_action,
    apply_action_with_events,
    chance_outcomes,
    format_action,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.render.text import board_text, players_text
from carcassonne_amazonas.rules.players import PlayerState
from carcassonne_amazonas.rules.scoring import FinalScore, ScoreBreakdown
from carcassonne_amazonas.tiles.tileset import Icons
from games import random_action

# Every promised name, the ones the package loads on first use (PEP 562) included.
NAMESPACE: dict[str, Any] = {name: getattr(carcassonne_amazonas, name)
                             for name in carcassonne_amazonas.__all__}
ACTION_CLASSES = (PlaceTile, ChooseDouble, PlaceMeeple, PlaceCamp, Pass, DrawTile)


def evaluated(text: str) -> object:
    """The value of a repr, evaluated with the package's names."""
    return eval(text, dict(NAMESPACE))  # the reprs under test are code by design


def play(state: GameState, count: int, seed: int) -> list[GameState]:
    """``state`` and the states of up to ``count`` random actions after it."""
    rng = random.Random(seed)
    states = [state]
    while len(states) <= count and not states[-1].is_terminal:
        states.append(apply_action(states[-1], random_action(states[-1], rng)))
    return states


# ---------------------------------------------------------------------------- actions

positions = st.builds(Position, st.integers(-999, 999), st.integers(-999, 999))
tile_ids = st.integers(0, 999).map(TileId)
any_action = st.one_of(
    st.builds(PlaceTile, positions, st.sampled_from(Rotation)),
    st.builds(ChooseDouble, tile_ids),
    st.builds(PlaceMeeple, positions, st.integers(0, 20)),
    st.builds(PlaceCamp, positions, st.integers(0, 20)),
    st.just(Pass()),
    st.builds(DrawTile, tile_ids),
)


def test_an_action_shows_its_notation() -> None:
    action = PlaceTile(Position(0, 4), Rotation.R90)
    assert repr(action) == "PlaceTile.from_notation('t0,4,90')"
    assert str(action) == "t0,4,90"
    assert repr(Pass()) == "Pass.from_notation('p')"
    assert repr(PlaceCamp(Position(-1, 2), 1)) == "PlaceCamp.from_notation('c-1,2,1')"
    assert f"{ChooseDouble(TileId(82))} {DrawTile(TileId(17))}" == "d82 *17"


@given(any_action)
def test_an_action_repr_evaluates_back_to_an_equal_action(action: Any) -> None:
    assert evaluated(repr(action)) == action
    assert str(action) == format_action(action)
    assert type(action).from_notation(str(action)) == action
    assert pretty(action) == repr(action)


def test_every_legal_action_of_a_game_round_trips_through_its_repr() -> None:
    for draws in ("seeded", "explicit"):
        state = new_game(3, seed=5) if draws == "seeded" else new_game(3, draws="explicit")
        rng = random.Random(5)
        while not state.is_terminal:
            choices: list[Action]
            if state.is_chance_node:
                choices = [action for action, _ in chance_outcomes(state)]
            else:
                choices = list(legal_actions(state))
            for action in choices:
                assert evaluated(repr(action)) == action
            state = apply_action(state, rng.choice(choices))


@pytest.mark.parametrize("cls", ACTION_CLASSES, ids=lambda c: c.__name__)
def test_from_notation_refuses_another_kind_of_action(cls: Any) -> None:
    other = "m0,1,2" if cls is not PlaceMeeple else "t0,1,90"
    with pytest.raises(NotationError) as caught:
        cls.from_notation(other)
    assert caught.value.index == 0
    assert f"is written with {cls.LETTER!r}, not {other[0]!r}" in str(caught.value)
    with pytest.raises(NotationError, match="empty text"):
        cls.from_notation("")
    with pytest.raises(TypeError, match="expected a str"):
        cls.from_notation(b"p")


def test_from_notation_reports_bad_text_like_parse_action() -> None:
    with pytest.raises(NotationError, match="rotation must be 0, 90, 180 or 270"):
        PlaceTile.from_notation("t0,4,45")
    with pytest.raises(NotationError, match="unexpected 'x' after 'p'"):
        Pass.from_notation("px")


# ---------------------------------------------------------------------------- small values

def test_positions_and_enums_evaluate_back() -> None:
    assert repr(Position(0, -4)) == "Position(0, -4)"
    assert str(Position(0, -4)) == "0,-4"
    assert repr(Rotation.R90) == "Rotation.R90"
    assert repr(Phase.PLACE_TILE) == "Phase.PLACE_TILE"
    members = [member for name in carcassonne_amazonas.__all__
               if inspect.isclass(cls := NAMESPACE[name]) and issubclass(cls, enum.Enum)
               for member in cls]
    assert len(members) > 20
    for member in members:
        assert evaluated(repr(member)) is member
        assert pretty(member) == repr(member)


def test_value_classes_with_defaults_show_only_what_differs() -> None:
    assert repr(Rules()) == "Rules()"
    rules = Rules(first_player=1, shuffle=Shuffle.UNIFORM)
    assert repr(rules) == "Rules(first_player=1, shuffle=Shuffle.UNIFORM)"
    assert repr(Icons(fruit=1)) == "Icons(fruit=1)"
    assert repr(ScoreBreakdown(villages=7)) == "ScoreBreakdown(villages=7)"
    # A player's score and boat always show: a fresh player does not look empty.
    assert repr(PlayerState()) == "PlayerState(score=0, boat=1)"
    assert repr(PlayerState(camps_in_supply=1)) == "PlayerState(score=0, boat=1, camps_in_supply=1)"
    names = {**NAMESPACE, "Icons": Icons, "FinalScore": FinalScore}
    values: list[object] = [rules, Rules(slices=3), Icons(boats=1, piranhas=2),
                            FinalScore(3, 0, 5, 6), PlayerState(4, 3, 2, 1, ScoreBreakdown(4))]
    for value in values:
        assert eval(repr(value), names) == value


def test_player_states_and_events_of_games_evaluate_back() -> None:
    state = new_game(4, seed=11)
    rng = random.Random(11)
    seen: set[str] = set()
    while not state.is_terminal:
        state, events = apply_action_with_events(state, random_action(state, rng))
        for value in (*events, *state.players):
            assert evaluated(repr(value)) == value
            assert pretty(value) == repr(value)
            seen.add(type(value).__name__)
    assert {"TilePlaced", "PiecePlaced", "FeatureScored", "AmazonScored", "GameOver",
            "BoatAdvanced", "RiverScored", "PlayerState"} <= seen


# ---------------------------------------------------------------------------- states

def test_state_repr_is_one_short_line_in_every_phase() -> None:
    phases: dict[Phase, str] = {}
    for state in [*play(new_game(5, seed=3), 400, 3),
                  *play(new_game(2, draws="explicit"), 30, 4)]:
        text = repr(state)
        assert "\n" not in text and len(text) < 120, text
        assert text.startswith(f"<GameState: {state.num_players} players, ")
        assert f"{len(state.board) - 1} tile" in text and f"scores {state.scores}" in text
        # Equal to a state the testing strategies drew in an earlier test, a state
        # pretty-prints as the replay_game(...) call that rebuilds it.
        assert pretty(state) == text or pretty(state).startswith("replay_game("), pretty(state)
        phases.setdefault(state.phase, text)
    assert "yellow to place A" in repr(new_game(2, seed=1))
    assert "game over, won by " in phases[Phase.GAME_OVER]
    assert "to place a piece or pass" in phases[Phase.PLACE_PIECE]
    assert "to draw a tile" in phases[Phase.DRAW_TILE]


def test_state_repr_names_the_double_tile_choice() -> None:
    state = new_game(2, seed=8)
    for _ in range(400):
        if state.phase is Phase.CHOOSE_DOUBLE:
            break
        state = apply_action(state, legal_actions(state)[0])
    assert state.phase is Phase.CHOOSE_DOUBLE
    assert "to choose a double tile" in repr(state)
    assert "to choose a double tile to place downstream: D" in str(state)


def test_str_of_a_state_is_the_board_with_the_scores_and_the_tile_in_hand() -> None:
    state = new_game(3, seed=2)
    text = str(state)
    assert text.startswith(board_text(state, legend=False))
    assert players_text(state) in text
    assert state.tile_in_hand is not None
    assert f"yellow to place {state.tile_in_hand.name} \u201c" in text
    assert "79 tiles left to draw" in text and "0°" in text and "180°" in text
    piece_step = apply_action(state, legal_actions(state)[0])
    assert "yellow to place a meeple or a camp on" in str(piece_step)
    # The legend last: the board's signs and the boat track read without the docs.
    assert text.splitlines()[-3].startswith("legend: . jungle")
    assert "Y R G B K meeples" in text and "boats: the explored track" in text
    final = play(state, 1000, 2)[-1]
    assert final.is_terminal and "game over; " in str(final)


# ---------------------------------------------------------------------------- summaries

def test_summaries_of_large_values_are_one_line() -> None:
    state = play(new_game(2, seed=6), 40, 6)[-1]
    tileset = reference_tileset()
    tile = tileset.tile_named("S01.3")
    assert repr(tile) == "<Tile S01.3 'straight tributary'>"
    assert repr(tileset) == "reference_tileset()"  # the shipped set: the call that loads it
    assert repr(tile.layout) == "<Layout S01: standard 1x1, 'straight tributary'>"
    assert repr(state.board).startswith(f"<Board: {len(state.board)} tiles, river column 0")
    assert repr(state.features).startswith("<FeatureGraph: ")
    assert repr(next(iter(state.features))).startswith("<Feature ")
    pile = repr(state.pile)
    assert pile == f"<Pile: {state.tiles_left} tiles left, {80 - state.tiles_left} drawn, seeded>"
    assert "tile" not in repr(state.pile).split("left")[1]  # never the hidden order
    for value in (tile, tileset, tile.layout, state.board, state.features, state.pile):
        assert "\n" not in repr(value) and len(repr(value)) < 120
        assert pretty(value) == repr(value)


def test_record_repr_shows_the_setup_and_the_first_actions() -> None:
    initial = state = new_game(2, seed=9)
    rng = random.Random(9)
    actions = []
    for _ in range(30):
        actions.append(random_action(state, rng))
        state = apply_action(state, actions[-1])
    record = GameRecord.from_game(initial, actions)
    text = repr(record)
    assert text.startswith("<GameRecord: 2 players, seed 9, 30 actions: ")
    assert " ... " in text and text.endswith(f"{actions[-1]}>")
    assert repr(GameRecord.from_game(initial, [])) == \
        "<GameRecord: 2 players, seed 9, no actions>"
    assert pretty(record) == text


# ---------------------------------------------------------------------------- coverage

def public_value_classes() -> list[type]:
    """Every public attrs class and enum defined in the package's core modules."""
    classes = []
    for info in pkgutil.walk_packages(carcassonne_amazonas.__path__, "carcassonne_amazonas."):
        if info.name.startswith(("carcassonne_amazonas.integrations",
                                 "carcassonne_amazonas.testing", "carcassonne_amazonas.cli")):
            continue  # adapters and tools, not values (and optional dependencies)
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if (inspect.isclass(obj) and obj.__module__ == module.__name__
                    and not name.startswith("_")
                    and (attrs.has(obj) or issubclass(obj, enum.Enum))):
                classes.append(obj)
    return classes


def test_every_public_value_class_pretty_prints_its_short_repr() -> None:
    classes = public_value_classes()
    assert {"GameState", "PlaceTile", "TilePlaced", "Rotation", "GameRecord"} <= {
        cls.__name__ for cls in classes}
    missing = [f"{cls.__module__}.{cls.__name__}" for cls in classes
               if not callable(getattr(cls, "_repr_pretty_", None))]
    assert missing == []


def test_the_state_repr_never_raises_even_for_a_malformed_state() -> None:
    state = new_game(2, seed=1)
    broken = attrs.evolve(state, current_player=7, tile_in_hand=None)
    assert repr(broken) == ("<GameState: 2 players, player 7 to place a tile, 0 tiles placed, "
                            "scores (0, 0)>")
    over = attrs.evolve(state, phase=Phase.GAME_OVER, players=())
    assert repr(over) == "<GameState: 2 players, game over, won by nobody, 0 tiles placed, " \
        "scores ()>"
