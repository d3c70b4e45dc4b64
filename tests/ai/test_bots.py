"""Player kinds as the tools write them: ``kind`` or ``kind:N``, read by one parser
(``bots.parse_bot_spec``) for ``play``, ``simulate``, the web app's seats and ``make_bot``."""

from __future__ import annotations

import random

import pytest

from carcassonne_amazonas import GameState, Phase, apply_action, legal_actions, new_game
from carcassonne_amazonas.ai.bots import (
    BOT_KINDS,
    BUDGETED_KINDS,
    HUMAN,
    BotSpec,
    GreedyBot,
    MctsBot,
    RandomBot,
    derive_seed,
    make_bot,
    parse_bot_spec,
)


def test_every_kind_and_a_budget_read_and_write_back() -> None:
    assert BOT_KINDS[0] == HUMAN == "human" and set(BUDGETED_KINDS) <= set(BOT_KINDS)
    for text in (*BOT_KINDS, "mcts:1", "mcts:400"):
        spec = parse_bot_spec(text)
        assert str(spec) == text and spec.kind in BOT_KINDS
    assert parse_bot_spec("mcts:007") == BotSpec("mcts", 7)
    assert make_bot(parse_bot_spec(HUMAN), 1) is None
    bot = make_bot(BotSpec("mcts", 3), 1)
    assert isinstance(bot, MctsBot) and bot.iterations == 3


@pytest.mark.parametrize(("text", "message"), [
    ("wizard", "unknown player kind 'wizard' (choose from human, random, greedy, mcts, "
               "mcts:N)"),
    ("Greedy", "unknown player kind 'Greedy'"),
    ("wizard:3", "unknown player kind 'wizard:3' (choose from "),
    ("greedy:3", "unknown player kind 'greedy:3': greedy takes no budget (choose from "),
    ("human:1", "human takes no budget"),
    ("mcts:0", "'mcts:0': mcts:N takes a whole number of iterations per decision, at least "
               "1 (mcts:100)"),
    ("mcts:", "'mcts:': mcts:N takes a whole number"),
    ("mcts:\u00b2", "mcts:N takes a whole number"),
    ("mcts:1.5", "mcts:N takes a whole number"),
    ("x" * 100, "unknown player kind '" + "x" * 37 + "...' (choose"),
])
def test_what_is_not_a_kind_says_why(text: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        parse_bot_spec(text)
    assert message in str(refused.value)


def test_the_kinds_allowed_and_the_largest_budget_are_the_callers() -> None:
    allowed = ("random", "mcts")
    assert parse_bot_spec("mcts:9", kinds=allowed) == BotSpec("mcts", 9)
    with pytest.raises(ValueError, match=r"'human' \(choose from random, mcts, mcts:N\)"):
        parse_bot_spec(HUMAN, kinds=allowed)
    with pytest.raises(ValueError, match=r"'mcts:2' \(choose from random\)"):
        parse_bot_spec("mcts:2", kinds=("random",))
    assert parse_bot_spec("mcts:8", max_budget=8) == BotSpec("mcts", 8)
    with pytest.raises(ValueError, match=r"iterations per decision, from 1 to 8$"):
        parse_bot_spec("mcts:9", max_budget=8)


def test_a_spec_has_a_budget_of_at_least_one() -> None:
    for budget in (0, -1, 2.5):
        with pytest.raises((ValueError, TypeError)):
            BotSpec("mcts", budget)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown player kind 'oracle'"):
        make_bot(BotSpec("oracle"), 1)


# ---------------------------------------------------------------------------- the bots' choices


def test_bots_are_reproducible_and_legal() -> None:
    state = new_game(3, seed=4)
    for kind in ("random", "greedy"):
        bot_a, bot_b = make_bot(kind, 1), make_bot(kind, 1)
        assert bot_a is not None and bot_b is not None
        s = state
        for _ in range(12):
            action = bot_a.choose(s)
            assert action == bot_b.choose(s)
            assert action in legal_actions(s)
            s = apply_action(s, action)
    assert make_bot("human", 1) is None
    with pytest.raises(ValueError, match="unknown player kind"):
        make_bot("oracle", 1)
    assert isinstance(make_bot("random", 0), RandomBot)
    assert derive_seed(1, "game", 2) == derive_seed(1, "game", 2) != derive_seed(1, "game", 3)


def _gain(state: GameState, player: int) -> int:
    return state.players[player].score + state.players[player].boat


def test_greedy_takes_the_best_immediate_gain() -> None:
    rng = random.Random(5)
    state = new_game(2, seed=21)
    bot = GreedyBot(random.Random(0))
    checked = 0
    while not state.is_terminal and checked < 40:
        if state.phase is Phase.PLACE_PIECE:
            me = state.current_player
            options = {a: _gain(apply_action(state, a), me) for a in legal_actions(state)}
            choice = bot.choose(state)
            assert options[choice] == max(options.values())
            checked += 1
        state = apply_action(state, rng.choice(legal_actions(state)))
    assert checked > 10


@pytest.mark.parametrize("bot_class", [RandomBot, GreedyBot, MctsBot])
def test_every_bot_builds_with_no_arguments_a_seed_or_a_generator(
        bot_class: type[RandomBot | GreedyBot | MctsBot]) -> None:
    """R-T1: whatever it is built from, a bot chooses a legal action; a seed gives the
    same choices as a generator seeded alike."""
    state = new_game(2, seed=1)
    assert bot_class().choose(state) in legal_actions(state)
    seeded = [bot_class(seed=7).choose(state) for _ in range(2)]
    assert seeded == [bot_class(random.Random(7)).choose(state)] * 2
    with pytest.raises(ValueError, match="rng= or seed=, not both"):
        bot_class(random.Random(1), seed=1)
    with pytest.raises(TypeError, match="seed: expected an int"):
        bot_class(seed="7")  # type: ignore[arg-type]


@pytest.mark.parametrize("bot", [RandomBot(), RandomBot(seed=3), GreedyBot(seed=4),
                                 MctsBot(), MctsBot(seed=2, iterations=50, paired=False),
                                 make_bot("mcts:20", 5)], ids=repr)
def test_a_bots_repr_is_the_code_that_builds_it_again(bot: object) -> None:
    text = repr(bot)
    namespace = {"RandomBot": RandomBot, "GreedyBot": GreedyBot, "MctsBot": MctsBot}
    assert repr(eval(text, namespace)) == text
    assert repr(MctsBot(iterations=100)) == "MctsBot(iterations=100)"
