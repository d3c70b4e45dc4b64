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
from collections.abc import Callable

from ..rules.actions import TURN_END, Action, PlaceTile
from ..rules.engine import apply_action, legal_actions
from ..rules.state import GameState, Phase
from .evaluation import Weights, heuristic_scores, win_value

#: The rollout's default length in rounds: every player's next three turns.
ROUNDS = 3

_PLACE_TILE = Phase.PLACE_TILE


def _turn_over(action: Action, after: GameState, player: int) -> bool:
    """Whether ``action``, which led to ``after`` in ``player``'s turn, ended that turn:
    a piece step (R-T5), the end of the game, or another player to act."""
    return isinstance(action, TURN_END) or after.is_terminal or after.current_player != player


def best_turn_value(after: GameState, action: Action, player: int,
                    value: Callable[[GameState, int], float]) -> float:
    """``value(state, player)`` once the turn in which ``action`` led to ``after`` is
    over, each later step of it (piece step, double tile) chosen for the best value: the
    one look through the rest of a turn, for the greedy bot and the MCTS player."""
    if _turn_over(action, after, player):
        return value(after, player)
    return max(best_turn_value(apply_action(after, follow), follow, player, value)
               for follow in legal_actions(after))


def greedy_value(after: GameState, action: Action, player: int, weights: Weights) -> float:
    """:func:`best_turn_value` with ``win_value`` for ``player`` under ``weights``."""
    return best_turn_value(after, action, player,
                           lambda state, seat: win_value(state, seat, weights=weights))


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
