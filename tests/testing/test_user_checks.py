"""The tools for testing a user's own validation, parser, tile editor and bot:
``illegal_actions_of``, ``notation_texts``, ``tileset_files`` and ``check_bot``.

Each is checked against the library (the engine raises the rule id claimed, the parser
and the tile-file checks agree with the texts' validity) and shown to catch a bug
planted in user code.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as HypothesisPhase
from hypothesis import strategies as st

from carcassonne_amazonas import (
    Action,
    GameRecord,
    GameState,
    Phase,
    PlaceTile,
    apply_action,
    format_action,
    legal_actions,
    parse_action,
    state_problems,
)
from carcassonne_amazonas.ai.bots import GreedyBot, RandomBot
from carcassonne_amazonas.ai.mcts import MctsBot
from carcassonne_amazonas.errors import IllegalActionError, NotationError, TileSetError
from carcassonne_amazonas.testing import (
    BotCheckError,
    TileSetText,
    check_bot,
    game_states,
    games,
    illegal_actions_of,
    notation_texts,
    replay_game,
    rules,
    tileset_files,
)
from carcassonne_amazonas.tiles.tilefile import parse_tileset, tileset_problems

_QUICK = settings(max_examples=40, database=None, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow])


# ---------------------------------------------------------------- illegal_actions_of

@_QUICK
@given(game_states(max_turns=40, draws=None), st.data())
def test_each_illegal_action_is_refused_with_the_rule_it_claims(
        state: GameState, data: st.DataObject) -> None:
    illegal = data.draw(illegal_actions_of(state))
    with pytest.raises(IllegalActionError) as refused:
        apply_action(state, illegal.action)
    assert (refused.value.rule, refused.value.code) == (illegal.rule, illegal.code)


def codes_found(state: GameState) -> set[str]:
    """The reason codes of the illegal actions drawn for ``state``."""
    found: set[str] = set()

    @settings(_QUICK, max_examples=60)
    @given(illegal_actions_of(state))
    def collect(illegal: Any) -> None:
        found.add(illegal.code)

    collect()
    return found


@pytest.mark.parametrize(("actions", "expected"), [
    ("", {"river-tile-elsewhere", "rotation-not-allowed", "wrong-phase"}),  # a "!" tile
    ("t0,4,0 d81 t0,5,0 c0,5,1", {"edge-mismatch", "cell-occupied", "cell-not-adjacent",
                                  "wrong-phase"}),
    ("t0,4,0 d81 t0,5,0", {"not-the-placed-tile", "no-such-segment", "wrong-terrain",
                           "on-the-amazon", "wrong-phase"}),
    ("t0,4,0", {"double-not-set-aside", "wrong-phase"}),
])
def test_the_illegal_actions_of_a_phase_are_its_close_mistakes(
        actions: str, expected: set[str]) -> None:
    assert codes_found(replay_game(2, actions, seed=0)) == expected


def frontend_accepts(state: GameState, action: Action) -> bool:
    """A frontend's validation with a bug: a tile goes on any open cell, whatever its
    rotation (it forgets that the edges must match, R-G4)."""
    if isinstance(action, PlaceTile) and state.phase is Phase.PLACE_TILE:
        return state.board.is_open(action.position)
    return action in legal_actions(state)


def test_illegal_actions_of_catches_a_validation_that_forgets_the_rotation() -> None:
    @_QUICK
    @given(game_states(max_turns=20, phase=Phase.PLACE_TILE, variants=False), st.data())
    def property_(state: GameState, data: st.DataObject) -> None:
        illegal = data.draw(illegal_actions_of(state))
        assert not frontend_accepts(state, illegal.action), illegal

    with pytest.raises(AssertionError, match=r"edge-mismatch|rotation-not-allowed"):
        property_()


def test_illegal_actions_of_refuses_anything_but_a_state() -> None:
    with pytest.raises(TypeError):
        illegal_actions_of("t0,4,0")  # type: ignore[arg-type]


# ---------------------------------------------------------------- notation_texts

@_QUICK
@given(notation_texts(valid=True))
def test_every_valid_text_parses_back_to_itself(text: str) -> None:
    assert format_action(parse_action(text)) == text


@_QUICK
@given(notation_texts(valid=False))
def test_every_malformed_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def text_ui_parse(text: str) -> tuple[str, list[int]]:
    """A text UI's own parser with a bug: it strips what is not a digit, comma or sign,
    so it accepts malformed texts ('t0,4x,0')."""
    kind, rest = text[:1], "".join(c for c in text[1:] if c.isdigit() or c in ",-")
    numbers = [int(part) for part in rest.split(",") if part.lstrip("-").isdigit()]
    if kind not in "tmcdp" or not kind:
        raise ValueError(f"bad action {text!r}")
    return kind, numbers


def test_notation_texts_catches_a_parser_that_accepts_malformed_text() -> None:
    @_QUICK
    @given(notation_texts(valid=False))
    def property_(text: str) -> None:
        with pytest.raises(ValueError):
            text_ui_parse(text)

    with pytest.raises(pytest.fail.Exception):
        property_()


# ---------------------------------------------------------------- tileset_files

@settings(_QUICK, max_examples=15)
@given(tileset_files(valid=None))
def test_a_tile_set_file_loads_exactly_when_it_is_valid(drawn: TileSetText) -> None:
    if drawn.valid:
        assert tileset_problems(drawn.text) == []
        assert len(parse_tileset(drawn.text).land_tiles) > 0
    else:
        with pytest.raises(TileSetError):
            parse_tileset(drawn.text)


def editor_accepts(text: str) -> bool:
    """A tile editor's own check with a bug: it only looks for the header line."""
    return any(line.startswith("tileset ") for line in text.splitlines())


def test_tileset_files_catches_an_editor_that_accepts_broken_files() -> None:
    # Without the explain phase: its few hundred runs on files of 700 lines take seconds.
    @settings(_QUICK, max_examples=15, phases=set(HypothesisPhase) - {HypothesisPhase.explain})
    @given(tileset_files(valid=None))
    def property_(drawn: TileSetText) -> None:
        assert editor_accepts(drawn.text) == drawn.valid, drawn.change

    with pytest.raises(AssertionError):
        property_()


# ---------------------------------------------------------------- check_bot

@pytest.mark.parametrize("make", [
    lambda seed: RandomBot(seed=seed),
    lambda seed: GreedyBot(seed=seed),
    lambda seed: MctsBot(seed=seed, iterations=1),
], ids=["random", "greedy", "mcts"])
def test_every_built_in_bot_passes_check_bot(make: Any) -> None:
    check_bot(make(0), seeded=make, per_phase=1)


class SkipsDoubles:
    """A bot with a bug: after a "!" tile it passes instead of choosing a double tile."""

    def choose(self, state: GameState) -> Action:
        if state.phase is Phase.CHOOSE_DOUBLE:
            return parse_action("p")
        return legal_actions(state)[0]


class Meddler:
    """A bot with a bug: it writes its scratch work into the state it is given."""

    def choose(self, state: GameState) -> Action:
        object.__setattr__(state, "current_player", 1 - state.current_player)
        return legal_actions(state)[0]


class Unseeded:
    """A bot with a bug: it takes a seed and ignores it."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random()

    def choose(self, state: GameState) -> Action:
        return self.rng.choice(legal_actions(state))


@pytest.mark.parametrize(("bot", "seeded", "problem"), [
    (SkipsDoubles(), None, "returned the illegal action Pass"),
    (Meddler(), None, "changed the state it was given"),
    (Unseeded(0), Unseeded, "is not deterministic under seed"),
], ids=["illegal", "meddles", "unseeded"])
def test_check_bot_catches_a_planted_bug_and_reports_a_pasteable_state(
        bot: Any, seeded: Any, problem: str) -> None:
    with pytest.raises(BotCheckError, match=problem) as failure:
        check_bot(bot, seeded=seeded)
    state = eval(failure.value.replay, {"replay_game": replay_game})
    assert isinstance(state, GameState) and not state.is_terminal
    if isinstance(bot, SkipsDoubles):
        assert state.phase is Phase.CHOOSE_DOUBLE


# ---------------------------------------------------------------- strategies as options

@settings(_QUICK, max_examples=20)
@given(game_states(num_players=st.integers(2, 3), rules=rules(), max_turns=10))
def test_game_states_takes_strategies_for_the_player_count_and_the_rules(
        state: GameState) -> None:
    assert state.num_players in (2, 3)
    assert state.rules.first_player < state.num_players
    assert state_problems(state) == []


def test_a_drawn_player_count_is_checked_like_a_fixed_one() -> None:
    @settings(_QUICK, max_examples=5)
    @given(game_states(num_players=st.just(7)))
    def draw(state: GameState) -> None:
        raise AssertionError("drew a state")  # pragma: no cover - must not draw

    with pytest.raises(ValueError, match="num_players must be None or 2 to 5"):
        draw()


@settings(_QUICK, max_examples=10)
@given(games(num_players=st.sampled_from([2, 5]), rules=rules(variants=False), max_turns=5))
def test_games_takes_strategies_too(record: GameRecord) -> None:
    assert record.initial_state().num_players in (2, 5)
    assert GameRecord.from_json(record.to_json()) == record
