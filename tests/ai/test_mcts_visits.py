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
    for step in range(3):  # a tile, its piece step (R-T5), the next player's tile
        action = bot.choose(state)
        visits = bot.last_visits
        assert tuple(pair[0] for pair in visits) == legal_actions(state)
        counts: dict[Action, int] = dict(visits)
        # The piece step's search tops up what the tile's search sampled of it.
        assert sum(counts.values()) == 6 and 0 <= bot.last_iterations <= 6
        if step == 1:  # the placement played was sampled more than once, its piece step too
            assert bot.last_iterations < 6
        assert counts[action] == max(counts.values())  # the most visited is played
        state = apply_action(state, action)
