"""An information-set Monte Carlo tree search player.

:class:`MctsBot` searches before every decision.  Each *iteration* first
resamples what the player cannot know, the order of the pile, with
:func:`~carcassonne_amazonas.chance.determinize` (so the real order is never
read), then walks down the tree by the upper confidence bound of each action,
adds one node, values it, and adds that value to every action on the way.

The tree
--------
A node is a decision: the player to act and the legal actions there.  Within a
turn (the tile, the double tile after a "!" tile, the piece step) a child node
follows from the action alone; at the end of a turn the next tile is drawn, and
the child is kept per *drawn tile* (its design, as a player sees it): a chance
node in effect, whose outcomes come from the determinized pile in their exact
proportions (R-C7).  Every player to act chooses for themselves: each node keeps
the values of the player to act there (max^n for 3–5 players).

Values and priors
-----------------
A new node is valued by :func:`~carcassonne_amazonas.evaluation.win_value` of the
state reached after the rest of that player's turn is played greedily (and, with
``rollout_turns``, some more turns of a sampling greedy policy): no random
playout to the end, whose noise swamps the signal at these budgets.  Before its
actions are tried, a node ranks them by the same value one step ahead (the
*prior*), counted as ``prior_weight`` visits of that value: with few iterations
the player plays the best-looking action of its turn, and more iterations let the
search overturn that where the opponents' answers and the next draws make it
worse.

The budget is ``iterations`` per decision, or ``seconds`` per decision (then the
choice depends on the machine's speed), whichever ends first.  The player keeps
the subtree of its own last action when the next decision is in the same turn.
With the same seed and an iteration budget, the player makes the same decisions.
"""

from __future__ import annotations

import math
import random
import time

from .actions import Action, DrawTile
from .chance import chance_outcomes, determinize
from .engine import apply_action, legal_actions
from .evaluation import heuristic_scores, win_value
from .state import GameState, Phase

__all__ = ["DEFAULT_ITERATIONS", "MctsBot"]

#: Iterations per decision when no budget is given (``mcts`` on the command line).
DEFAULT_ITERATIONS = 400

_PLACE_PIECE = Phase.PLACE_PIECE


class _Node:
    """A decision in the tree: statistics per legal action and the children."""

    __slots__ = ("actions", "children", "counts", "player", "priors", "totals", "turn",
                 "visits")

    def __init__(self, state: GameState, turn: int) -> None:
        self.player = state.current_player
        self.turn = turn
        """How many turns after the root's turn this decision comes."""
        self.actions = legal_actions(state)
        self.visits = 0
        self.counts = [0] * len(self.actions)
        self.totals = [0.0] * len(self.actions)
        self.priors: list[float] | None = None
        self.children: dict[tuple[int, object], _Node] = {}


def _draw_key(before: GameState, after: GameState) -> object:
    """What tells children of one action apart: the tile drawn at the end of a turn."""
    if before.phase is not _PLACE_PIECE or after.is_terminal:
        return None
    hand = after.tile_in_hand
    return (hand.design if hand is not None else None, len(after.removed))


def _turn_over(before: GameState, after: GameState) -> bool:
    return (before.phase is _PLACE_PIECE or after.is_terminal
            or after.current_player != before.current_player)


class MctsBot:
    """Information-set MCTS with determinized draws (see the module docstring).

    ``iterations`` and ``seconds`` bound the search per decision (at least one must
    be given; with both, the first reached ends it).  ``exploration`` is the UCT
    constant on values in 0..1, ``prior_weight`` how many visits a node's prior
    counts for, ``rollout_turns`` how many turns past a new node are played by a
    sampling greedy policy (each turn its player tries ``rollout_width`` random
    tile placements) before the evaluation.  ``rng`` makes every choice: the same
    seed gives the same decisions (with an iteration budget).
    """

    def __init__(self, rng: random.Random, *, iterations: int | None = DEFAULT_ITERATIONS,
                 seconds: float | None = None, exploration: float = 0.35,
                 prior_weight: float = 4.0, tree_turns: int = 1,
                 rollout_turns: int | None = None, rollout_width: int = 4) -> None:
        if iterations is None and seconds is None:
            raise ValueError("give a budget: iterations, seconds or both")
        if iterations is not None and (not isinstance(iterations, int)
                                       or isinstance(iterations, bool) or iterations < 1):
            raise ValueError(f"iterations must be a whole number >= 1, not {iterations!r}")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be > 0, not {seconds!r}")
        if not exploration >= 0 or not prior_weight >= 0:
            raise ValueError("exploration and prior_weight must be >= 0")
        if tree_turns < 1 or rollout_width < 1 or (rollout_turns is not None
                                                   and rollout_turns < 0):
            raise ValueError("tree_turns and rollout_width must be >= 1, rollout_turns >= 0")
        self.rng = rng
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.prior_weight = prior_weight
        self.tree_turns = tree_turns
        self.rollout_turns = rollout_turns
        self.rollout_width = rollout_width
        self.last_iterations = 0
        """Iterations of the last search (for statistics)."""
        self._reuse: tuple[GameState, _Node] | None = None
        self._me = 0
        self.cheap_priors = False

    # -- the Bot protocol ----------------------------------------------------------------

    def choose(self, state: GameState) -> Action:
        """The action the search prefers for ``state.current_player``.

        At a chance node (explicit draws) it draws a tile by the exact probabilities
        of :func:`~carcassonne_amazonas.chance.chance_outcomes`.
        """
        if state.is_terminal:
            raise ValueError("the game is over: there is no action to choose")
        if state.is_chance_node:
            return self._draw(state)
        root = self._reused_root(state)
        self.search(state, root)
        index = max(range(len(root.actions)),
                    key=lambda i: (root.counts[i], self._mean(root, i)))
        action = root.actions[index]
        self._remember(state, root, index)
        return action

    # -- search ----------------------------------------------------------------------------

    def search(self, state: GameState, root: _Node) -> None:
        """Run the budget's iterations from ``state`` into ``root``'s statistics."""
        self._me = state.current_player
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while self.iterations is None or done < self.iterations:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(determinize(state, self.rng), root)
            done += 1
        self.last_iterations = done

    def _iterate(self, state: GameState, root: _Node) -> None:
        path: list[tuple[_Node, int]] = []
        node = root
        while True:
            if node.priors is None and (node.visits or node is root):
                node.priors = self._priors(state, node)
            index = self._select(node)
            path.append((node, index))
            after = apply_action(state, node.actions[index])
            key = (index, _draw_key(state, after))
            child = node.children.get(key)
            if child is None:
                if after.is_terminal:
                    values = [win_value(after, p) for p in range(after.num_players)]
                    break
                values = self._leaf_values(after)
                turn = node.turn + (key[1] is not None)
                if turn < self.tree_turns:
                    child = node.children[key] = _Node(after, turn)
                    child.visits = 1
                break
            node, state = child, after
            if state.is_terminal:  # pragma: no cover - terminal states get no node
                break
        for visited, index in path:
            visited.visits += 1
            visited.counts[index] += 1
            visited.totals[index] += values[visited.player]

    def _mean(self, node: _Node, index: int) -> float:
        count = node.counts[index]
        total = node.totals[index]
        if node.priors is not None:
            weight = self.prior_weight
            return (total + weight * node.priors[index]) / (count + weight)
        return total / count if count else 0.5

    def _select(self, node: _Node) -> int:
        log_visits = math.log(node.visits + 1)
        exploration = self.exploration
        weight = self.prior_weight if node.priors is not None else 0.0
        best, best_score = 0, -math.inf
        for index in range(len(node.actions)):
            count = node.counts[index]
            if not count and node.priors is None:
                return index  # an untried action of a node without priors: try it
            score = self._mean(node, index) + exploration * math.sqrt(
                log_visits / (count + weight))
            if score > best_score:
                best, best_score = index, score
        return best

    def _priors(self, state: GameState, node: _Node) -> list[float]:
        """The value of each action for the player to act, with the rest of their
        turn played greedily."""
        player = node.player
        if self.cheap_priors and player != self._me:
            return [win_value(apply_action(state, action), player) for action in node.actions]
        return [self._greedy_value(apply_action(state, action), state, player)
                for action in node.actions]

    def _greedy_value(self, after: GameState, before: GameState, player: int) -> float:
        """``win_value`` for ``player`` once the turn that led from ``before`` to
        ``after`` is over, each later step of it chosen for the best value."""
        if _turn_over(before, after):
            return win_value(after, player)
        return max(self._greedy_value(apply_action(after, follow), after, player)
                   for follow in legal_actions(after))

    def _leaf_values(self, state: GameState) -> list[float]:
        """Every player's value of a new node: its turn finished greedily, then
        ``rollout_turns`` more turns of the sampling greedy policy."""
        state = self._finish_turn(state)
        turns = state.num_players - 1 if self.rollout_turns is None else self.rollout_turns
        for _ in range(turns):
            if state.is_terminal:
                break
            state = self._rollout_turn(state)
        scores = heuristic_scores(state)
        return [win_value(state, p, scores) for p in range(state.num_players)]

    def _finish_turn(self, state: GameState) -> GameState:
        """``state`` after the rest of the current turn, each step greedy; unchanged at
        the start of a turn."""
        while not state.is_terminal and state.phase is not Phase.PLACE_TILE:
            state = self._best_step(state, legal_actions(state))
        return state

    def _rollout_turn(self, state: GameState) -> GameState:
        """One turn of the rollout policy: the best of ``rollout_width`` random tile
        placements (each with the best finish of the turn)."""
        actions = legal_actions(state)
        if len(actions) > self.rollout_width:
            actions = tuple(self.rng.sample(actions, self.rollout_width))
        state = self._best_step(state, actions)
        return self._finish_turn(state)

    def _best_step(self, state: GameState, actions: tuple[Action, ...]) -> GameState:
        player = state.current_player
        best_state, best_value = state, -math.inf
        for action in actions:
            after = apply_action(state, action)
            value = self._greedy_value(after, state, player)
            if value > best_value:
                best_state, best_value = after, value
        return best_state

    # -- tree reuse and chance -------------------------------------------------------------

    def _reused_root(self, state: GameState) -> _Node:
        if self._reuse is not None:
            expected, node = self._reuse
            self._reuse = None
            if expected == state:
                return node
        return _Node(state, 0)

    def _remember(self, state: GameState, root: _Node, index: int) -> None:
        """Keep the chosen action's subtree when the turn goes on (no draw between)."""
        if state.phase is _PLACE_PIECE:
            return  # the piece step ends the turn: the next decision follows a draw
        child = root.children.get((index, None))
        if child is not None:
            self._reuse = (apply_action(state, root.actions[index]), child)

    def _draw(self, state: GameState) -> DrawTile:
        outcomes = chance_outcomes(state)
        weights = [float(probability) for _, probability in outcomes]
        return self.rng.choices([action for action, _ in outcomes], weights)[0]
