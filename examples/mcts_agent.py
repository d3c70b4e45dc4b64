"""A small Monte Carlo tree search (UCT) agent, written with the public API only.

The agent searches the actions of its own turn: where to put the tile (and, after a
"!" tile, which double tile and where), then the piece step.  Everything in that tree
is known to the player.  What it cannot know is the order of the pile, so every
iteration first resamples it with ``determinize`` (the real order is never read), then
walks down the tree by UCT, adds one node, and plays the rest of the game out at
random from there (the library's ``random_playout``, which plays uniformly random legal
actions without building the states in between).  The playout's result, the agent's
final margin over the best opponent squashed into 0..1, is added to every node on the
path.  The agent then plays the most visited path of the turn.

This is "determinized UCT" in its simplest form: the tree stops at the end of the
agent's turn, so no node ever depends on a tile drawn later.  More iterations, a
smarter playout policy (e.g. the greedy bot) or a tree over several turns with
``chance_outcomes`` at the draws are natural next steps.

Run:  python examples/mcts_agent.py [--iterations N] [--players P] [--seed S]
"""

from __future__ import annotations

import argparse
import math
import random
import time

from carcassonne_amazonas import (
    Action,
    GameState,
    apply_action,
    determinize,
    format_action,
    legal_actions,
    new_game,
)
from carcassonne_amazonas.ai.bots import RandomBot
from carcassonne_amazonas.ai.playout import random_playout
from carcassonne_amazonas.rules.actions import TURN_END
from carcassonne_amazonas.rules.players import colour


class Node:
    """A node of the tree: the state after ``action`` in the agent's turn."""

    def __init__(self, action: Action | None, parent: Node | None, actions: list[Action],
                 turn_over: bool) -> None:
        self.action = action
        self.parent = parent
        self.untried = actions          # legal actions not expanded yet
        self.children: list[Node] = []
        self.turn_over = turn_over      # a leaf: the next decision is not this turn's
        self.visits = 0
        self.value = 0.0                # sum of the playout results

    def uct_child(self, exploration: float) -> Node:
        """The child with the best upper confidence bound (UCB1)."""
        log_n = math.log(self.visits)
        return max(self.children, key=lambda c: c.value / c.visits
                   + exploration * math.sqrt(log_n / c.visits))


def outcome(state: GameState, me: int) -> float:
    """The agent's margin over the best opponent, squashed into 0..1 (0.5 is a tie)."""
    best_other = max(s for p, s in enumerate(state.scores) if p != me)
    return 0.5 + 0.5 * math.tanh((state.scores[me] - best_other) / 20)


class MctsAgent:
    """Plans its whole turn with determinized UCT, then plays the plan."""

    def __init__(self, iterations: int, rng: random.Random, exploration: float = 0.7) -> None:
        self.iterations = iterations
        self.rng = rng
        self.exploration = exploration
        self.plan: list[tuple[GameState, Action]] = []  # (expected state, action to play)
        self.searches = 0

    def choose(self, state: GameState) -> Action:
        """The next action of the planned turn, searching when no plan fits ``state``."""
        if self.plan and self.plan[0][0] == state:
            return self.plan.pop(0)[1]
        self.plan = self.search(state)
        return self.plan.pop(0)[1]

    def search(self, root_state: GameState) -> list[tuple[GameState, Action]]:
        """Run the iterations and return the most visited path as a plan."""
        self.searches += 1
        me = root_state.current_player
        root = Node(None, None, list(legal_actions(root_state)), False)
        for _ in range(self.iterations):
            # The hidden pile order, resampled from what the agent knows.
            state = determinize(root_state, self.rng)
            node = root
            # Selection: down the fully expanded nodes of this turn.
            while not node.turn_over and not node.untried and node.children:
                node = node.uct_child(self.exploration)
                assert node.action is not None
                state = apply_action(state, node.action)
            # Expansion: one new action.
            if not node.turn_over and node.untried:
                action = node.untried.pop(self.rng.randrange(len(node.untried)))
                state = apply_action(state, action)
                over = (isinstance(action, TURN_END) or state.is_terminal
                        or state.current_player != me)
                child = Node(action, node, [] if over else list(legal_actions(state)), over)
                node.children.append(child)
                node = child
            # Simulation and backpropagation.
            result = outcome(random_playout(state, self.rng), me)
            back: Node | None = node
            while back is not None:
                back.visits += 1
                back.value += result
                back = back.parent
        # The plan: the most visited child at each level, with the state it expects.
        plan: list[tuple[GameState, Action]] = []
        node, state = root, root_state
        while node.children:
            node = max(node.children, key=lambda c: (c.visits, c.value))
            assert node.action is not None
            plan.append((state, node.action))
            if node.turn_over:
                break
            state = apply_action(state, node.action)
        return plan


def main(argv: list[str] | None = None) -> None:
    """One game: the MCTS agent (player 0) against random bots."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=48,
                        help="playouts per search, one search per turn (default 48)")
    parser.add_argument("--players", type=int, default=2, choices=range(2, 6),
                        help="2 to 5 (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="shuffle and choices seed")
    parser.add_argument("--verbose", action="store_true", help="print the agent's turns")
    args = parser.parse_args(argv)

    state = new_game(args.players, seed=args.seed)
    agent = MctsAgent(args.iterations, random.Random(args.seed))
    others = [RandomBot(random.Random(args.seed + p)) for p in range(args.players)]
    started = time.perf_counter()
    while not state.is_terminal:
        player = state.current_player
        action = agent.choose(state) if player == 0 else others[player].choose(state)
        if args.verbose and player == 0:
            print(f"{colour(0)} plays {format_action(action)}")
        state = apply_action(state, action)
    seconds = time.perf_counter() - started

    print(f"MCTS ({args.iterations} iterations per turn) as {colour(0)} against "
          f"{args.players - 1} random bot(s), seed {args.seed}: {agent.searches} searches "
          f"in {seconds:.1f} s")
    for player, score in enumerate(state.scores):
        who = "MCTS" if player == 0 else "random"
        print(f"  {colour(player):<7} {who:<7} {score:>4} points")
    winners = " and ".join(colour(p) for p in state.winners)
    print(f"winner: {winners}")


if __name__ == "__main__":
    main()
