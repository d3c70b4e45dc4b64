"""The engine's setup of a game (R-C1–R-C9): two to five players and their colours, the
supplies, pile and double tiles at the start (R-C2–R-C4, R-T1), the start side (R-C5), the
first player and the order of turns (R-C8), the boats (R-C9) and the rule options; then
seeds and explicit piles: the same seed gives the same game in any process, and an
explicit pile (R-C3) is the draw order and must hold each land tile once.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable

import pytest
from _engine_helpers import START_SPACES, STRAIGHT, TILESET, game, pile_starting_with, play

from carcassonne_amazonas import (
    PLAYER_COLOURS,
    GameState,
    Pass,
    Phase,
    PlayerState,
    Rules,
    ScoreBreakdown,
    Shuffle,
    Tile,
    TileKind,
    apply_action,
    legal_actions,
    new_game,
)

# ---------------------------------------------------------------------------- setup (C)

@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_c1_two_to_five_players(num_players: int) -> None:
    state = new_game(num_players, seed=1)
    assert state.num_players == num_players
    assert len(state.players) == num_players
    assert len(state.scores) == len(state.boats) == num_players


@pytest.mark.parametrize("num_players", [-1, 0, 1, 6, 7, 100])
def test_c1_other_player_counts_raise_value_error(num_players: int) -> None:
    with pytest.raises(ValueError, match="2 to 5 players"):
        new_game(num_players, seed=1)


@pytest.mark.parametrize("num_players", [2.0, "3", None, True, [4]])
def test_c1_non_int_player_count_raises_type_error(num_players: object) -> None:
    with pytest.raises(TypeError, match="num_players"):
        new_game(num_players, seed=1)  # type: ignore[arg-type]


def test_c1_player_colours() -> None:
    assert PLAYER_COLOURS == ("yellow", "red", "green", "blue", "black")


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_c2_supplies_and_scores_at_start(num_players: int) -> None:
    state = new_game(num_players, seed=3)
    for player in state.players:
        assert player == PlayerState()
        assert player.meeples_in_supply == 4
        assert player.camps_in_supply == 2
        assert player.score == 0
        assert player.breakdown == ScoreBreakdown()
        assert player.breakdown.total == 0
    assert state.scores == (0,) * num_players
    assert list(state.pieces()) == []
    assert state.final_scoring is None
    assert state.winners == ()
    assert not state.is_terminal


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_c3_c4_t1_pile_and_doubles_at_start(num_players: int) -> None:
    state = new_game(num_players, seed=11)
    assert state.phase is Phase.PLACE_TILE
    assert state.tile_in_hand is not None
    assert state.tile_in_hand.kind in (TileKind.STANDARD, TileKind.AMAZON)
    assert state.tiles_left == 79  # one of the 80 land tiles is in hand (R-T1)
    in_game = [state.tile_in_hand, *state.pile.tiles]
    assert sorted(t.id for t in in_game) == sorted(t.id for t in TILESET.land_tiles)
    assert state.doubles_left == TILESET.double_tiles
    assert len(state.doubles_left) == 4
    assert state.removed == ()
    assert len(state.board.placements) == 1
    assert state.board.placements[0].tile.kind is TileKind.START


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_c5_start_side_by_player_count(num_players: int) -> None:
    assert new_game(num_players, seed=1).track_length == START_SPACES[num_players]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_c8_first_player_defaults_to_player_0(num_players: int) -> None:
    assert new_game(num_players, seed=2).current_player == 0


@pytest.mark.parametrize(("num_players", "first"), [(2, 1), (3, 2), (4, 3), (5, 4), (5, 0)])
def test_c8_first_player_option_and_clockwise_order(num_players: int, first: int) -> None:
    state = game(STRAIGHT, "S01.2", players=num_players, rules=Rules(first_player=first))
    assert state.current_player == first
    expected = first
    for _ in range(2 * num_players):
        assert state.phase is Phase.PLACE_TILE
        assert state.current_player == expected
        state = play(state, legal_actions(state)[0])
        assert state.current_player == expected  # the same player's piece step
        state = play(state, Pass())
        expected = (expected + 1) % num_players


@pytest.mark.parametrize(("num_players", "first"), [(2, 2), (3, 3), (5, 5), (2, -1), (4, 9)])
def test_c8_first_player_out_of_range_raises(num_players: int, first: int) -> None:
    with pytest.raises(ValueError, match="first_player"):
        new_game(num_players, seed=1, rules=Rules(first_player=first))


def test_legal_actions_of_a_non_state_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="GameState"):
        legal_actions(None)  # type: ignore[arg-type]


def test_c8_first_player_must_be_int() -> None:
    with pytest.raises(TypeError):
        Rules(first_player="1")  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [{"first_player": True}, {"slices": True}], ids=repr)
def test_c8_bool_rule_options_are_a_type_error(options: dict[str, bool]) -> None:
    """Regression: a bool first_player/slices was accepted and its record could not load."""
    with pytest.raises(TypeError):
        new_game(3, seed=1, rules=Rules(**options))  # type: ignore[arg-type]


@pytest.mark.parametrize("slices", [0, -1])
def test_c7_stratified_shuffle_needs_a_slice(slices: int) -> None:
    with pytest.raises(ValueError, match="slice"):
        new_game(2, seed=1, rules=Rules(slices=slices))


def test_draws_option_is_checked() -> None:
    with pytest.raises(ValueError, match="draws"):
        new_game(2, seed=1, draws="random")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no seed and no pile"):
        new_game(2, seed=1, draws="explicit")
    with pytest.raises(ValueError, match="no seed and no pile"):
        new_game(2, pile=TILESET.land_tiles, draws="explicit")


def test_rules_must_be_rules() -> None:
    with pytest.raises(TypeError, match="Rules"):
        new_game(2, seed=1, rules="fast")  # type: ignore[arg-type]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_c9_boats_start_on_space_1(num_players: int) -> None:
    assert new_game(num_players, seed=4).boats == (1,) * num_players


# ---------------------------------------------------------------------------- seeds and piles

def pile_names(state: GameState) -> list[str]:
    assert state.tile_in_hand is not None
    return [state.tile_in_hand.name] + [t.name for t in state.pile.tiles]


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
@pytest.mark.parametrize("shuffle", list(Shuffle))
def test_same_seed_gives_equal_states(num_players: int, shuffle: Shuffle) -> None:
    rules = Rules(shuffle=shuffle)
    a = new_game(num_players, seed=2016, rules=rules)
    b = new_game(num_players, seed=2016, rules=rules)
    assert a == b
    assert hash(a) == hash(b)
    assert pile_names(a) == pile_names(b)
    assert legal_actions(a) == legal_actions(b)


def test_different_seeds_give_different_piles() -> None:
    piles = {tuple(pile_names(new_game(2, seed=seed))) for seed in range(10)}
    assert len(piles) == 10
    assert new_game(2, seed=1) != new_game(2, seed=2)


def test_no_seed_still_gives_a_valid_game() -> None:
    state = new_game(4)
    assert sorted(pile_names(state)) == sorted(t.name for t in TILESET.land_tiles)


@pytest.mark.parametrize("seed", ["1", 1.5, b"1"])
def test_seed_must_be_an_int(seed: object) -> None:
    with pytest.raises(TypeError, match="seed"):
        new_game(2, seed=seed)  # type: ignore[arg-type]


_SUBPROCESS_GAME = """
from carcassonne_amazonas import apply_action, legal_actions, new_game
state = new_game(3, seed=2016)
names = [state.tile_in_hand.name] + [t.name for t in state.pile.tiles]
while not state.is_terminal:
    state = apply_action(state, legal_actions(state)[-1])
print(repr(names))
print(repr((state.scores, state.boats, [(p.tile.name, p.position, p.rotation.value)
                                        for p in state.board.placements])))
"""


def _game_summary(state: GameState) -> str:
    names = repr(pile_names(state))
    while not state.is_terminal:
        state = apply_action(state, legal_actions(state)[-1])
    summary = (state.scores, state.boats,
               [(p.tile.name, p.position, p.rotation.value) for p in state.board.placements])
    return f"{names}\n{summary!r}\n"


@pytest.mark.parametrize("hash_seed", ["0", "4242"])
def test_same_seed_same_game_in_another_process(hash_seed: str) -> None:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    result = subprocess.run([sys.executable, "-c", _SUBPROCESS_GAME], capture_output=True,
                            text=True, env=env, timeout=120, check=True)
    assert result.stdout == _game_summary(new_game(3, seed=2016))


def test_explicit_pile_gives_the_draw_order() -> None:
    order = list(reversed(TILESET.land_tiles))
    state = new_game(3, pile=order)
    assert state.tile_in_hand == order[0]
    assert state.pile.tiles == tuple(order[1:])
    assert new_game(3, pile=order) == new_game(3, pile=tuple(order))
    # A pile replaces the shuffle: a seed as well is a mistake.
    with pytest.raises(ValueError, match="seed"):
        new_game(3, pile=order, seed=1)


def test_explicit_pile_draws_in_order_during_play() -> None:
    order = pile_starting_with(STRAIGHT, "S01.2", "A1.1", "S05.1")
    state = new_game(2, pile=order)
    drawn = []
    for _ in range(4):
        assert state.tile_in_hand is not None
        drawn.append(state.tile_in_hand.name)
        state = play(state, legal_actions(state)[0], Pass())
    assert drawn == [STRAIGHT, "S01.2", "A1.1", "S05.1"]


def _pile_missing_one() -> list[Tile]:
    return list(TILESET.land_tiles[1:])


def _pile_with_duplicate() -> list[Tile]:
    tiles = list(TILESET.land_tiles)
    tiles[-1] = tiles[0]
    return tiles


def _pile_with_extra() -> list[Tile]:
    return [*TILESET.land_tiles, TILESET.land_tiles[0]]


def _pile_with_double() -> list[Tile]:
    return [*TILESET.land_tiles[1:], TILESET.double_tiles[0]]


def _pile_with_start() -> list[Tile]:
    return [TILESET.start_tile, *TILESET.land_tiles[1:]]


@pytest.mark.parametrize("make_pile", [_pile_missing_one, _pile_with_duplicate,
                                       _pile_with_extra, _pile_with_double, _pile_with_start,
                                       list])
def test_explicit_pile_must_hold_each_land_tile_once(make_pile: Callable[[], list[Tile]]
                                                     ) -> None:
    with pytest.raises(ValueError, match="exactly once"):
        new_game(2, pile=make_pile())


@pytest.mark.parametrize("intruder", ["S01.1", 3, None])
def test_explicit_pile_holds_tiles(intruder: object) -> None:
    pile: list[object] = [*TILESET.land_tiles[1:], intruder]
    with pytest.raises(TypeError, match="Tile"):
        new_game(2, pile=pile)  # type: ignore[arg-type]

