"""The MCTS player's rollout policy and greedy turn: how a new node is valued.

:class:`~carcassonne_amazonas.ai.mcts.MctsBot` values a node by finishing its turn
greedily, then playing ``turns`` more turns of the rollout policy, and scoring the state
reached with :func:`~carcassonne_amazonas.ai.evaluation.win_value`.  Its priors are the
greedy turn's values.  Everything here is deterministic given the ``rng`` passed in.
"""

from __future__ import annotations

import heapq
import math
import random

from ..rules.actions import TURN_END, Action, PlaceTile
from ..rules.engine import apply_action, legal_actions
from ..rules.state import GameState, Phase
from .evaluation import Weights, heuristic_scores, win_value

#: The rollout's default length in rounds: every player's next three turns.
ROUNDS = 3

_PLACE_TILE = Phase.PLACE_TILE


def turn_over(action: Action, after: GameState, player: int) -> bool:
    """Whether ``action``, which led to ``after`` in ``player``'s turn, ended that turn:
    a piece step (R-T5), the end of the game, or another player to act.  The one test
    of the end of a turn for the bots' look through the rest of it (the greedy bot's
    too)."""
    return isinstance(action, TURN_END) or after.is_terminal or after.current_player != player


def greedy_value(after: GameState, action: Action, player: int, weights: Weights) -> float:
    """``win_value`` for ``player`` once the turn in which ``action`` led to ``after``
    is over, each later step of it chosen for the best value."""
    if turn_over(action, after, player):
        return win_value(after, player, weights=weights)
    return max(greedy_value(apply_action(after, follow), follow, player, weights)
               for follow in legal_actions(after))


def leaf_values(state: GameState, rng: random.Random, turns: int | None, width: int | None,
                weights: Weights) -> list[float]:
    """Every player's value of a new node: its turn finished greedily, then ``turns``
    more turns of the rollout policy (``None``: :data:`ROUNDS` rounds)."""
    state = finish_turn(state, weights)
    if turns is None:
        turns = ROUNDS * state.num_players
    for _ in range(turns):
        if state.is_terminal:
            break
        state = rollout_turn(state, rng, width, weights)
    scores = heuristic_scores(state, weights)
    return [win_value(state, p, scores, weights) for p in range(state.num_players)]


def finish_turn(state: GameState, weights: Weights) -> GameState:
    """``state`` after the rest of the current turn, each step greedy; unchanged at the
    start of a turn."""
    while not state.is_terminal and state.phase is not _PLACE_TILE:
        player = state.current_player
        best_state, best_value = state, -math.inf
        for action in legal_actions(state):
            after = apply_action(state, action)
            value = greedy_value(after, action, player, weights)
            if value > best_value:
                best_state, best_value = after, value
        state = best_state
    return state


def rollout_turn(state: GameState, rng: random.Random, width: int | None,
                 weights: Weights) -> GameState:
    """One turn of the rollout policy: the tile placement that looks best one step ahead
    (among ``width`` of them; ``None``: all), then the greedy finish of the turn.

    The ``width`` placements compared are those first in an order drawn afresh each turn
    (a salted hash of the placement), not ones drawn at random: after two different root
    actions the same sample then compares the same placements wherever both are legal,
    so the two rollouts stay alike and the difference of their values is measured with
    less noise (common random numbers).
    """
    salt = rng.getrandbits(62)  # drawn every turn, so that samples stay aligned
    actions = legal_actions(state)
    if width is not None and width < len(actions):
        actions = tuple(heapq.nsmallest(
            width, actions, key=lambda action: _salted_order(salt, action)))
    player = state.current_player
    best_state, best_value = state, -math.inf
    for action in actions:
        after = apply_action(state, action)
        value = win_value(after, player, weights=weights)
        if value > best_value:
            best_state, best_value = after, value
    return finish_turn(best_state, weights)


def _salted_order(salt: int, action: Action) -> int:
    """A tile placement's place in the order that ``salt`` draws (hashes of integers are
    the same in every process)."""
    assert isinstance(action, PlaceTile)  # a rollout turn starts at a tile placement
    return hash((salt, action.position.x, action.position.y, action.rotation.degrees))
