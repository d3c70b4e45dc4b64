"""``consistency.state_problems``: silent on every state the rules reach, never raising on
any other object, and finding what a malformed state breaks.

Malformed states are real states with one to three fields replaced (``attrs.evolve``)
by Hypothesis: values of the wrong type, huge numbers, parts of another game, tiles
moved between the pile, the hand and the board, pieces added anywhere.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    Board,
    FinalScore,
    GameState,
    Phase,
    PlaceTile,
    PlayerState,
    Position,
    Rotation,
    Rules,
    ScoreBreakdown,
    Shuffle,
    apply_action,
    legal_actions,
    new_game,
    reference_tileset,
    state_problems,
)
from carcassonne_amazonas.formats.problems import find_problems
from carcassonne_amazonas.rules.features import FeatureGraph, node_of
from carcassonne_amazonas.rules.pile import Pile
from carcassonne_amazonas.testing import actions, check_invariants, game_states
from games import play_random

TILESET = reference_tileset()
HUGE = 10**5000  # more digits than Python formats (its int-to-str limit is 4300)

reachable = st.one_of(game_states(max_turns=25), game_states(max_turns=25, draws="explicit"),
                      game_states())
malformed_settings = settings(max_examples=max(30, settings().max_examples * 2),
                              suppress_health_check=[HealthCheck.too_slow])

junk = st.one_of(st.none(), st.booleans(), st.integers(), st.just(HUGE), st.just(-HUGE),
                 st.floats(allow_nan=True), st.text(max_size=3), st.just(()), st.just([]),
                 st.just(object()), st.tuples(st.integers()))
ints = st.one_of(st.integers(-3, 100), st.integers(), st.just(HUGE), st.just(True))
tiles = st.sampled_from(TILESET.tiles)
tile_tuples = st.lists(tiles, max_size=6).map(tuple)


def players_of(n: int) -> st.SearchStrategy[tuple[PlayerState, ...]]:
    breakdown = st.builds(ScoreBreakdown, ints, ints, ints, ints, ints)
    player = st.one_of(st.builds(PlayerState, ints, ints, ints, ints, breakdown), junk)
    return st.lists(player, min_size=max(0, n - 1), max_size=n + 1).map(tuple)


@st.composite
def malformed_states(draw: st.DrawFn) -> GameState:
    state = draw(reachable, label="base")
    other = draw(game_states(max_turns=30), label="other")
    fields = draw(st.lists(st.sampled_from([f.name for f in attrs.fields(GameState)]),
                           min_size=1, max_size=3, unique=True), label="fields")
    changes = {name: draw(_value_for(name, state, other), label=name) for name in fields}
    cache = changes.pop("tile_actions", None)
    forged = attrs.evolve(state, **changes)
    if "tile_actions" in fields:  # no constructor argument: only forged by hand
        object.__setattr__(forged, "tile_actions", cache)
    return forged


def _value_for(name: str, state: GameState, other: GameState) -> st.SearchStrategy[Any]:
    """A wrong value for one field of ``state`` (sometimes, by chance, the right one)."""
    borrowed = st.just(getattr(other, name))
    pile = state.pile
    specific: dict[str, st.SearchStrategy[Any]] = {
        "rules": st.builds(_forced_rules, st.one_of(ints, junk), st.sampled_from(Shuffle),
                           st.one_of(ints, junk)),
        "num_players": ints,
        "phase": st.sampled_from(Phase),
        "current_player": ints,
        "players": players_of(state.num_players),
        "track_length": ints,
        "board": st.one_of(st.just(Board.empty()),
                           st.builds(Board, st.just(state.board.placements), ints, ints,
                                     st.just({}), st.just({}))),
        "features": st.one_of(st.just(FeatureGraph.empty()), st.builds(
            lambda node, player: state.features.with_piece(node, player) if node in {
                n for f in state.features for n in f.nodes} else state.features,
            st.integers(0, 64 * len(state.board.placements)), ints)),
        "tile_in_hand": st.one_of(st.none(), tiles),
        "pile": st.builds(lambda t, d, a, e, p: Pile(t, p, d, a, e, pile.seed),
                          st.one_of(st.permutations(pile.tiles).map(tuple), tile_tuples),
                          ints, ints, st.booleans(),
                          st.one_of(st.just(pile.plan), st.just(((80, 15),)), junk)),
        "removed": tile_tuples,
        "doubles_left": tile_tuples,
        "piece_placement": ints,
        "pending_amazon": tile_tuples,
        "final_scoring": st.one_of(st.none(), st.lists(st.builds(FinalScore, ints, ints, ints,
                                                                 ints), max_size=6).map(tuple)),
        "tile_actions": st.one_of(st.none(), st.lists(actions(), max_size=4).map(tuple)),
    }
    return st.one_of(junk, borrowed, specific.get(name, junk))


def _forced_rules(first_player: object, shuffle: Shuffle, slices: object) -> Rules:
    """Rules with any values, past the validators (as a hand-built object may be)."""
    rules = Rules(shuffle=shuffle)
    object.__setattr__(rules, "first_player", first_player)
    object.__setattr__(rules, "slices", slices)
    return rules


# ---------------------------------------------------------------------------- properties

@settings(max_examples=max(20, settings().max_examples), suppress_health_check=[
    HealthCheck.too_slow])
@given(reachable)
def test_states_reached_by_play_have_no_problem(state: GameState) -> None:
    assert state_problems(state) == []
    assert check_invariants(state) == []


@malformed_settings
@given(malformed_states())
def test_state_problems_never_raises_on_malformed_states(state: GameState) -> None:
    problems = state_problems(state)
    assert isinstance(problems, list) and all(isinstance(p, str) for p in problems)
    assert not any("cannot be checked" in p for p in problems), problems  # the last guard
    assert check_invariants(state) == problems
    # Whatever it reports names a field; a rule id where a rule is broken.
    for problem in find_problems(state):
        assert problem.field and problem.reason
        assert all(rule.startswith("R-") for rule in problem.rules)


@pytest.mark.parametrize("thing", [None, 0, "state", object(), new_game(2, seed=1).board])
def test_state_problems_of_something_that_is_no_state(thing: object) -> None:
    assert state_problems(thing) == [f"state: expected a GameState, not {type(thing).__name__}"]


def test_huge_numbers_are_reported_without_being_printed() -> None:
    """Python refuses to format an int of more than 4300 digits (ValueError): a message
    must not try."""
    state = new_game(3, seed=4)
    player = attrs.evolve(state.players[0], score=HUGE,
                          breakdown=ScoreBreakdown(HUGE - 1, 1, 0, 0, 0))
    problems = state_problems(attrs.evolve(state, players=(player, *state.players[1:]),
                                           current_player=HUGE, track_length=-HUGE))
    assert any("current_player: player a number of about 5001 digits" in p for p in problems)
    assert any("track_length: -a number of about 5001 digits" in p for p in problems)


# ---------------------------------------------------------------------------- checks

@pytest.fixture(scope="module")
def piece_step() -> GameState:
    """A piece step on a standard tile, some turns in."""
    for seed in range(50):
        for state in play_random(new_game(3, seed=seed), random.Random(seed), 70).states:
            if state.phase is Phase.PLACE_PIECE and state.pile.drawn > 25 and any(
                    True for _ in state.pieces()):
                return state
    raise AssertionError("no such state")


def test_a_piece_on_a_tile_of_another_players_turn(piece_step: GameState) -> None:
    """R-T5: the piece on a tile is put down by the player whose turn placed the tile."""
    state = piece_step
    node, _ = min(state.features.piece_set())
    swapped = {(n, (p + 1) % state.num_players if n == node else p)
               for n, p in state.features.piece_set()}
    problems = _with_pieces(state, swapped)
    assert any("'s turn" in p and "but that was" in p and "(R-T5)" in p for p in problems), problems


def _with_pieces(state: GameState, pieces: set[tuple[int, int]]) -> list[str]:
    """The problems of ``state`` with its pieces replaced (supplies adjusted)."""
    graph = state.features.without_pieces(tuple(i for i, _ in state.features.feature_items()))
    for node, player in sorted(pieces):
        graph = graph.with_piece(node, player)
    return state_problems(attrs.evolve(state, features=graph))


def test_the_piece_step_tile_has_no_piece_yet(piece_step: GameState) -> None:
    state = piece_step
    legal = [a for a in legal_actions(state) if type(a).__name__ == "PlaceMeeple"]
    if not legal:
        pytest.skip("no meeple can be placed here")
    placed = apply_action(state, legal[0])
    # The piece, with the phase still at the piece step.
    forged = attrs.evolve(state, features=placed.features, players=placed.players)
    assert any("before its piece step (R-T5)" in p for p in state_problems(forged))


def test_the_current_player_follows_the_turns(piece_step: GameState) -> None:
    state = piece_step
    wrong = (state.current_player + 1) % state.num_players
    problems = state_problems(attrs.evolve(state, current_player=wrong))
    assert any(p.startswith("current_player:") and "(R-C8)" in p for p in problems)


def test_a_board_whose_tables_disagree_with_its_placements(piece_step: GameState) -> None:
    state = piece_step
    board = state.board
    bent = Board(board.placements, board.river_column, board.river_end_row + 1,
                 {}, dict(board.open_items()))
    problems = state_problems(attrs.evolve(state, board=bent))
    assert any(p.startswith("board:") and "R-G2" in p for p in problems), problems


def test_features_that_do_not_match_the_placements(piece_step: GameState) -> None:
    problems = state_problems(attrs.evolve(piece_step, features=FeatureGraph.empty()))
    assert any(p.startswith("features:") for p in problems), problems


def test_a_wrong_cache_of_legal_placements() -> None:
    """legal_actions returns a state's cached placements: a cache forged by hand (it is no
    constructor argument) would be trusted."""
    state = new_game(2, seed=3)
    legal = tuple(a for a in legal_actions(state) if isinstance(a, PlaceTile))
    for cache in ((), legal[:-1], (*legal, PlaceTile(Position(50, 50), Rotation.R0))):
        forged = attrs.evolve(state)
        object.__setattr__(forged, "tile_actions", cache)
        problems = state_problems(forged)
        assert any(p.startswith("tile_actions:") for p in problems), problems


def test_a_tile_set_that_is_not_its_own_source() -> None:
    state = new_game(2, seed=3)
    tileset = attrs.evolve(TILESET, tiles=TILESET.tiles[:-1])
    problems = state_problems(attrs.evolve(state, rules=Rules(tileset=tileset)))
    assert problems == ["rules.tileset: its tiles are not those of its own source text"]


def test_pieces_of_a_player_who_does_not_exist(piece_step: GameState) -> None:
    node = node_of(len(piece_step.board.placements) - 2, 0)
    problems = _with_pieces(piece_step, {*piece_step.features.piece_set(), (node, 7)})
    assert any("player 7 of a 3-player game" in p for p in problems), problems
