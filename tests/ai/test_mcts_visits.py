"""``MctsBot.last_visits``: the root statistics of its last search, the policy target of
the self-play dataset (``integrations.selfplay``)."""

from __future__ import annotations

from carcassonne_amazonas.ai.mcts import MctsBot
from carcassonne_amazonas.rules.actions import Action
from carcassonne_amazonas.rules.engine import apply_action, legal_actions, new_game


def test_last_visits_count_every_legal_action_of_the_last_decision() -> None:
    bot = MctsBot(seed=1, iterations=6)
    assert not bot.last_visits  # no search yet
    state = new_game(2, seed=4)
    for _ in range(3):  # a tile, its piece step (R-T5), the next player's tile
        action = bot.choose(state)
        visits = bot.last_visits
        assert tuple(pair[0] for pair in visits) == legal_actions(state)
        counts: dict[Action, int] = dict(visits)
        assert sum(counts.values()) >= bot.last_iterations == 6
        assert counts[action] == max(counts.values())  # the most visited is played
        state = apply_action(state, action)
