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

import pytest
from _property_checks import (
    check_events,
    check_final,
    check_invariants,
    check_legal_actions,
    check_step,
    snapshot,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    Action,
    GameState,
    Rules,
    Shuffle,
    Tile,
    TileKind,
    apply_action,
    apply_action_with_events,
    legal_actions,
    new_game,
    reference_tileset,
)

pytestmark = pytest.mark.slow  # whole random games for 2-5 players, many examples

TILESET = reference_tileset()
PLAYER_COUNTS = [2, 3, 4, 5]
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
