"""An information-set Monte Carlo tree search player.

:class:`MctsBot` searches before every decision.  It never reads the order of the
pile: each *sample* of a search is the state with its hidden order resampled by
:func:`~carcassonne_amazonas.rules.chance.determinize` (for an explicit-draws state, the
draws too), so it decides the same whatever the real order is.

One iteration
-------------
1. **Select** an action at the root by UCT: its mean value, counting the action's
   *prior* as ``prior_weight`` visits (shifted by how far the node's sampled values lie
   from their priors on average: samples value the state after the rounds that follow,
   priors before them), plus ``exploration`` × sqrt(ln N / n).
   Progressive widening: a node with N visits considers only its 2 + sqrt(N) actions
   with the best priors.
2. **Sample**: the k-th visit of a root action plays on the k-th sample of the search
   (common random numbers), so two actions are compared on the same draws: their
   difference is measured far more precisely than their values.
3. **Descend** through the tree, which spans the current turn (``tree_turns``): the
   tile, after a "!" tile the double tile, and the piece step; from a budget of
   :data:`DEEP_TREE_ITERATIONS` up, the next player's turn too.  At the end of a turn
   the next tile is drawn; a child is then kept per drawn tile (its design, as a
   player sees it), a chance node in effect whose outcomes come in their exact
   proportions (R-C7).  Every player chooses for themselves: each node
   keeps the values of the player to act there (max^n for 3–5 players).
4. **Evaluate** the new node: the rest of its turn is played greedily, then
   ``rollout_turns`` more turns (by default three rounds: every player's next three
   turns, the player's own turn last) by the rollout policy: the placement that looks
   best one step ahead among the first ``rollout_width`` (4 by default; ``None``: all)
   in an order the sample draws afresh each turn, so that rollouts after different
   actions compare the same placements, and the greedy piece step; the state
   reached is valued by :func:`~carcassonne_amazonas.ai.evaluation.win_value` (a
   logistic function of the lead in
   :func:`~carcassonne_amazonas.ai.evaluation.heuristic_scores`; at the end: won, shared
   or lost).  No random playout to the end: at these budgets its noise drowns the
   differences between good moves.  Three rounds are what makes the budget pay: with
   only the others' answers the samples ranked the actions as the prior did, and more
   iterations bought nothing (``docs/guides/bots.md``).
5. **Back up** the values along the path.

A node's prior for each action is that action's value with the rest of the turn
played greedily; so with very few iterations the player plays the turn that looks
best by the evaluation, and more iterations let the rounds that follow, their draws and
answers, overturn that choice.  The player plays the most visited action and keeps its
subtree for the next decision of the same turn.

The budget is ``iterations`` per decision, or ``seconds`` per decision (then the
choice depends on the machine's speed), whichever ends first.  The visits a reused
subtree brings count towards ``iterations``: the search for a tile has already
sampled the piece steps of the placement it chose, so it tops them up to the budget.
With the same seed and an iteration budget, the player makes the same decisions.
"""

from __future__ import annotations

import math
import random
import time

from .._support.exact import check_at_least, check_exact, check_number, check_whole
from ..rules.actions import Action, DrawTile
from ..rules.chance import determinize, sample_draw
from ..rules.engine import apply_action, legal_actions
from ..rules.state import GameState, Phase
from ._rollout import greedy_value, leaf_values
from ._seeding import bot_generator, bot_repr
from .evaluation import DEFAULT_WEIGHTS, Weights, win_value

__all__ = ["DEEP_TREE_ITERATIONS", "DEEP_TREE_SECONDS", "DEFAULT_ITERATIONS", "MctsBot"]

#: Iterations per decision when no budget is given (``mcts`` on the command line): about
#: 0.03 s of processor time a decision, quick enough for play at the table and the web
#: app's seats, and it won 97.5% of 200 games against greedy on 1.0.0
#: (``docs/guides/bots.md``).  More iterations play a little better, by about 2 points a
#: game from 25 to 100, which moves the win share less than the shuffles do: on 1.0.0, 100
#: won 52.8% and 55.8% of 200 games against 25 (59.9% of 400 in the first two runs, on
#: 40900d0 and 98d621a); 400, whose tree spans two turns (:data:`DEEP_TREE_ITERATIONS`),
#: won 51.8% of 200 against 100 (60.5% of 100 on d6e4a06, the same decisions).
DEFAULT_ITERATIONS = 20
#: From this iteration budget up, the tree spans two turns unless ``tree_turns`` says
#: otherwise: the next player's turn after each of the player's actions gets a node per
#: drawn tile, whose replies the priors and UCT choose instead of the rollout policy.  At
#: 400 iterations two turns won 60.5% of 100 two-player games against one turn at 100
#: (commit d6e4a06), where one turn at 400 had won 56.5% (a8ef8d9,
#: ``docs/guides/bots.md``), and 51.8% of 200 on 1.0.0; smaller budgets keep the
#: one-turn tree, the one measured there.
DEEP_TREE_ITERATIONS = 400
#: A time budget alone gets the two-turn tree from this many seconds a decision up: about
#: what :data:`DEEP_TREE_ITERATIONS` take on the development machine (chosen from that
#: time; no games were played with a time budget).
DEEP_TREE_SECONDS = 1.5
# The options of MctsBot with their defaults, in the order its repr writes them.
_OPTION_DEFAULTS: dict[str, object] = {
    "iterations": DEFAULT_ITERATIONS, "seconds": None, "exploration": 0.1,
    "prior_weight": 4.0, "tree_turns": None, "rollout_turns": None, "rollout_width": 4,
    "paired": True, "weights": DEFAULT_WEIGHTS}

_PLACE_PIECE = Phase.PLACE_PIECE
#: Progressive widening: a node with n visits considers its 2 + sqrt(n) best actions.
_WIDENING = 2


class _Node:
    """A decision in the tree: statistics per legal action and the children."""

    __slots__ = ("actions", "children", "counts", "gap_count", "gap_total", "order", "player",
                 "priors", "totals", "turn", "visits")

    def __init__(self, state: GameState, turn: int) -> None:
        self.player = state.current_player
        self.turn = turn
        """How many turns after the root's turn this decision comes."""
        self.actions = legal_actions(state)
        self.visits = 0
        self.counts = [0] * len(self.actions)
        self.totals = [0.0] * len(self.actions)
        self.priors: list[float] | None = None
        self.order: list[int] = []
        """The actions' indices, best prior first (for progressive widening)."""
        self.gap_total = 0.0
        self.gap_count = 0
        """The sum and number of (value - prior) over the visits: how far the values
        found by the search lie from the priors on average (see ``MctsBot._mean``)."""
        self.children: dict[tuple[int, object], _Node] = {}


def _draw_key(before: GameState, after: GameState) -> object:
    """What tells children of one action apart: the tile drawn at the end of a turn."""
    if before.phase is not _PLACE_PIECE or after.is_terminal:
        return None
    hand = after.tile_in_hand
    return (hand.design if hand is not None else None, len(after.removed))


def _check_count(name: str, count: int | None, least: int) -> None:
    """Nothing for ``None``; otherwise ``TypeError`` unless ``count`` is a whole number
    (``check_whole``: exactly an int, the one rule of every option) and ``ValueError``
    below ``least``."""
    if count is not None:
        check_at_least(check_whole(count, name), least, name)


def _check_budget(iterations: int | None, seconds: float | None) -> None:
    """``TypeError`` or ``ValueError`` unless the budget is whole iterations (at least 1),
    seconds (a number above 0), or both."""
    if iterations is None and seconds is None:
        raise ValueError("give a budget: iterations, seconds or both")
    _check_count("iterations", iterations, 1)
    if seconds is not None:
        check_number(seconds, "seconds")
        check_at_least(seconds, 0, "seconds", above=True)


def _check_weight(name: str, value: float) -> None:
    """``TypeError`` unless ``value`` is a number, ``ValueError`` below 0 (or NaN)."""
    check_number(value, name)
    check_at_least(value, 0, name)


def _automatic_tree_turns(iterations: int | None, seconds: float | None) -> int:
    """Two turns when neither bound of the budget is below its threshold (iterations:
    :data:`DEEP_TREE_ITERATIONS`, seconds: :data:`DEEP_TREE_SECONDS`), otherwise one."""
    enough_iterations = iterations is None or iterations >= DEEP_TREE_ITERATIONS
    enough_time = seconds is None or seconds >= DEEP_TREE_SECONDS
    return 2 if enough_iterations and enough_time else 1


class MctsBot:
    """Information-set MCTS with determinized draws (see the module docstring).

    ``iterations`` and ``seconds`` bound the search per decision (at least one must
    be given; with both, the first reached ends it; the samples a reused subtree
    brings count towards ``iterations``).  ``exploration`` is the UCT
    constant on values in 0..1, ``prior_weight`` how many visits a node's prior
    counts for, ``tree_turns`` how many turns the tree spans (1: the current turn, 2: the
    next player's turn too; ``None``: two when neither bound of the budget is below its
    threshold, :data:`DEEP_TREE_ITERATIONS` iterations and :data:`DEEP_TREE_SECONDS`,
    otherwise one),
    ``rollout_turns`` how many turns past a new node are played by the rollout
    policy before the evaluation (``None``: three rounds, ``3 × players``), and
    ``rollout_width`` how many tile placements the rollout policy compares (4; ``None``:
    all of them), and ``paired`` whether the k-th visit of every root
    action plays on the same k-th sample (``False``: a fresh sample each
    iteration), ``weights`` those of the evaluation
    (:class:`~carcassonne_amazonas.ai.evaluation.Weights`).  One generator makes every
    choice: ``rng``, one seeded with ``seed`` (the same seed gives the same decisions,
    with an iteration budget), or with neither a fresh one.  A time budget alone needs
    ``iterations=None``: ``MctsBot(seconds=1)`` still stops at the default
    :data:`DEFAULT_ITERATIONS`, whichever comes first.  ``repr`` is the code that builds
    it again, ``MctsBot(iterations=100)``.

    An option of the wrong type is a ``TypeError`` naming it (the counts are whole
    numbers, exactly an ``int``; ``seconds``, ``exploration`` and ``prior_weight`` an
    ``int`` or a ``float``; ``paired`` a ``bool``), one out of range a ``ValueError``.
    """

    def __init__(self, rng: random.Random | None = None, *, seed: int | None = None,
                 iterations: int | None = DEFAULT_ITERATIONS,
                 seconds: float | None = None, exploration: float = 0.1,
                 prior_weight: float = 4.0, tree_turns: int | None = None,
                 rollout_turns: int | None = None, rollout_width: int | None = 4,
                 paired: bool = True, weights: Weights = DEFAULT_WEIGHTS) -> None:
        generator = bot_generator(rng, seed)
        check_exact(weights, Weights, "weights", "an evaluation.Weights")
        _check_budget(iterations, seconds)
        _check_weight("exploration", exploration)
        _check_weight("prior_weight", prior_weight)
        _check_count("tree_turns", tree_turns, 1)
        _check_count("rollout_turns", rollout_turns, 0)
        _check_count("rollout_width", rollout_width, 1)
        check_exact(paired, bool, "paired")
        self.rng = generator
        self._seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.prior_weight = prior_weight
        self.tree_turns = tree_turns
        self._depth = 1
        """The turns the current search's tree spans (``tree_turns`` or the budget's
        choice, worked out as each search starts, so that options set later count)."""
        self.rollout_turns = rollout_turns
        self.rollout_width = rollout_width
        self.paired = paired
        self.weights = weights
        self.last_iterations = 0
        """Iterations of the last search (for statistics)."""
        self.last_visits: tuple[tuple[Action, int], ...] = ()
        """The root statistics of the last search: each legal action of the last
        decision (in the order of ``legal_actions``) with its visit count, those a
        reused subtree brought included; empty before the first search and after a
        chance draw.  The self-play dataset's policy target
        (:mod:`~carcassonne_amazonas.integrations.selfplay`) is these counts,
        normalised."""
        self._reuse: tuple[GameState, _Node] | None = None
        self._samples: list[tuple[GameState, int]] = []

    def __repr__(self) -> str:
        defaults = _OPTION_DEFAULTS
        options = [(name, getattr(self, name)) for name in defaults
                   if name == "iterations" or getattr(self, name) != defaults[name]]
        return bot_repr(self, self._seed, options)

    # -- the Bot protocol ----------------------------------------------------------------

    def choose(self, state: GameState) -> Action:
        """The action the search prefers for ``state.current_player``.

        At a chance node (explicit draws) it draws a tile by the exact probabilities
        of :func:`~carcassonne_amazonas.rules.chance.chance_outcomes`.  ``TypeError``
        unless ``state`` is exactly a ``GameState``.
        """
        check_exact(state, GameState, "state")
        if state.is_terminal:
            raise ValueError("the game is over: there is no action to choose")
        if state.is_chance_node:
            self.last_visits = ()
            return self._draw(state)
        root = self._reused_root(state)
        self._search(state, root)
        self.last_visits = tuple(zip(root.actions, root.counts))
        index = max(range(len(root.actions)),
                    key=lambda i: (root.counts[i], self._mean(root, i)))
        action = root.actions[index]
        self._remember(state, root, index)
        return action

    # -- search ----------------------------------------------------------------------------

    def _search(self, state: GameState, root: _Node) -> None:
        """Run the budget's iterations from ``state`` into ``root``'s statistics."""
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        self._samples = []
        if root.priors is None:
            self._set_priors(self._sample(state, 0)[0], root)
        # A reused subtree's visits count towards the budget: the search for the tile
        # already sampled the piece step of the placement it chose, so the turn as a
        # whole gets the budget, not each of its decisions.
        budget = None if self.iterations is None else self.iterations - sum(root.counts)
        self._depth = self.tree_turns if self.tree_turns is not None else (
            _automatic_tree_turns(self.iterations, self.seconds))
        done = 0
        while budget is None or done < budget:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(state, root, self._select(root))
            done += 1
        self._samples = []
        self.last_iterations = done

    def _sample(self, state: GameState, number: int) -> tuple[GameState, int]:
        """The ``number``-th determinization of this search and its rollout seed.

        Paired: the k-th visit of every root action plays out the k-th sample, so
        actions are compared on the same draws (common random numbers)."""
        while len(self._samples) <= number:
            self._samples.append((determinize(state, self.rng), self.rng.getrandbits(64)))
        return self._samples[number]

    def _iterate(self, root_state: GameState, root: _Node, index: int) -> None:
        number = root.counts[index] if self.paired else len(self._samples)
        state, seed = self._sample(root_state, number)
        rollout_rng = random.Random(seed)
        path: list[tuple[_Node, int]] = []
        node = root
        while True:
            path.append((node, index))
            after = apply_action(state, node.actions[index])
            key = (index, _draw_key(state, after))
            child = node.children.get(key)
            if child is None:
                if after.is_terminal:
                    values = [win_value(after, p) for p in range(after.num_players)]  # exact
                    break
                values = leaf_values(after, rollout_rng, self.rollout_turns,
                                     self.rollout_width, self.weights)
                turn = node.turn + (key[1] is not None)
                if turn < self._depth:
                    child = node.children[key] = _Node(after, turn)
                    child.visits = 1
                break
            node, state = child, after
            if node.priors is None:
                self._set_priors(state, node)
            index = self._select(node)
        for visited, chosen in path:
            value = values[visited.player]
            visited.visits += 1
            visited.counts[chosen] += 1
            visited.totals[chosen] += value
            if visited.priors is not None:
                visited.gap_total += value - visited.priors[chosen]
                visited.gap_count += 1

    def _mean(self, node: _Node, index: int) -> float:
        """The action's value: its samples' mean, with its prior counted as
        ``prior_weight`` samples.  The prior values the state at the end of the turn,
        the samples after the rounds that follow, which lie lower on the whole; the prior
        is shifted by the node's mean gap between the two, so that an action does not
        look worse merely for having been sampled more."""
        count = node.counts[index]
        total = node.totals[index]
        if node.priors is not None:
            gap = node.gap_total / node.gap_count if node.gap_count else 0.0
            weight = self.prior_weight
            return (total + weight * (node.priors[index] + gap)) / (count + weight)
        return total / count if count else 0.5

    def _select(self, node: _Node) -> int:
        """UCT over the actions with the best priors; more of them as visits grow."""
        log_visits = math.log(node.visits + 1)
        exploration = self.exploration
        weight = self.prior_weight
        best, best_score = 0, -math.inf
        for index in node.order[:_WIDENING + int(math.sqrt(node.visits))]:
            count = node.counts[index]
            score = self._mean(node, index) + exploration * math.sqrt(
                log_visits / (count + weight))
            if score > best_score:
                best, best_score = index, score
        return best

    def _set_priors(self, state: GameState, node: _Node) -> None:
        """The value of each action for the player to act, with the rest of their
        turn played greedily, and the actions in the order of those values."""
        player = node.player
        weights = self.weights
        priors = node.priors = [greedy_value(apply_action(state, action), action, player, weights)
                                for action in node.actions]
        node.order = sorted(range(len(priors)), key=lambda i: -priors[i])

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
        return sample_draw(state, self.rng)  # the exact probabilities, no floats
