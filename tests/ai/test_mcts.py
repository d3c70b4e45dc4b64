"""The information-set MCTS player (``carcassonne_amazonas.ai.mcts``, bot kind ``mcts``).

It plays only legal actions, in every phase (including the double tile after a "!"
tile and chance nodes of explicit-draws games) and for 2-5 players; its budget
options work; it is deterministic for a seed; and it never reads the pile order:
two states that differ only in the hidden order give the same decisions.  Small
budgets keep the suite fast; nothing here measures time.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import attrs
import pytest

from carcassonne_amazonas import (
    AmazonRanking,
    CampScoring,
    ChooseDouble,
    DrawTile,
    GameState,
    Phase,
    Rules,
    Terrain,
    apply_action,
    chance_outcomes,
    determinize,
    legal_actions,
    new_game,
)
from carcassonne_amazonas.ai.bots import BOT_KINDS, BotSpec, MctsBot, make_bot, parse_bot_spec
from carcassonne_amazonas.ai.evaluation import Weights, heuristic_scores, win_value
from carcassonne_amazonas.ai.mcts import (
    DEEP_TREE_ITERATIONS,
    DEEP_TREE_SECONDS,
    DEFAULT_ITERATIONS,
    _automatic_tree_turns,
)
from carcassonne_amazonas.ai.simulation import simulate_game
from cli_helpers import run_main
from games import random_action


def play_with(bots: list[MctsBot], state: GameState) -> tuple[GameState, Counter[Phase]]:
    """Play to the end with ``bots`` (also drawing at chance nodes); count the phases
    the bots were asked in, and check each answer is legal."""
    asked: Counter[Phase] = Counter()
    while not state.is_terminal:
        bot = bots[state.current_player]
        action = bot.choose(state)
        assert action in legal_actions(state), (state.phase, action)
        asked[state.phase] += 1
        state = apply_action(state, action)
    return state, asked


@pytest.mark.parametrize("num_players", [2, 5])
def test_plays_only_legal_actions_in_every_phase(num_players: int) -> None:
    # The 2-player game uses the default rollout (three rounds); with 5 players, the
    # others' answers among 3 placements keep the test quick. The fewest and the most
    # players (R-C1), and 3 iterations: the test is about legality in every phase, not
    # about strength.
    bots = [MctsBot(random.Random(p), iterations=3) if num_players == 2 else
            MctsBot(random.Random(p), iterations=3, rollout_turns=num_players - 1,
                    rollout_width=3) for p in range(num_players)]
    final, asked = play_with(bots, new_game(num_players, seed=40 + num_players))
    assert final.is_terminal and len(final.board.placements) > 60
    # Every game has the three "!" tiles, so the double-tile phases come up too.
    assert {Phase.PLACE_TILE, Phase.PLACE_PIECE, Phase.CHOOSE_DOUBLE,
            Phase.PLACE_DOUBLE} <= set(asked)


def test_plays_explicit_draws_games_and_draws_at_chance_nodes() -> None:
    bots = [MctsBot(random.Random(p), iterations=2, rollout_turns=2, rollout_width=2)
            for p in range(3)]
    final, asked = play_with(bots, new_game(3, draws="explicit"))
    assert final.is_terminal
    assert asked[Phase.DRAW_TILE] >= 80  # every land tile is drawn at a chance node
    state = new_game(2, draws="explicit")
    draw = MctsBot(random.Random(1), iterations=1).choose(state)
    assert isinstance(draw, DrawTile)
    assert draw in {action for action, _ in chance_outcomes(state)}


def test_the_iteration_budget() -> None:
    state = new_game(2, seed=3)
    for iterations in (1, 7, 30):
        bot = MctsBot(random.Random(0), iterations=iterations)
        bot.choose(state)
        assert bot.last_iterations == iterations


def test_the_time_budget_ends_the_search() -> None:
    state = new_game(2, seed=3)
    bot = MctsBot(random.Random(0), iterations=None, seconds=0.05)
    assert bot.choose(state) in legal_actions(state)
    assert bot.last_iterations >= 1
    # With both, whichever ends first: here the iterations.
    both = MctsBot(random.Random(0), iterations=3, seconds=60.0)
    both.choose(state)
    assert both.last_iterations == 3


@pytest.mark.parametrize("options", [
    {"iterations": None, "seconds": None},
    {"iterations": 0},
    {"iterations": -2},
    {"iterations": None, "seconds": 0.0},
    {"iterations": None, "seconds": -1.0},
    {"iterations": 5, "exploration": -0.1},
    {"iterations": 5, "prior_weight": -1.0},
    {"iterations": 5, "tree_turns": 0},
    {"iterations": 5, "rollout_turns": -1},
    {"iterations": 5, "rollout_width": 0},
])
def test_bad_budgets_and_options_raise(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        MctsBot(random.Random(0), **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [
    {"iterations": True},
    {"iterations": 2.5},
    {"iterations": 5, "tree_turns": True},
    {"iterations": 5, "tree_turns": 1.5},
    {"iterations": 5, "rollout_width": 2.5},
])
def test_counts_that_are_not_whole_numbers_are_type_errors(options: dict[str, object]) -> None:
    """A count of the wrong type is a ``TypeError`` naming it, as every option's."""
    name = list(options)[-1]
    with pytest.raises(TypeError, match=rf"^{name}: expected a whole number, not "):
        MctsBot(random.Random(0), **options)  # type: ignore[arg-type]


def test_the_tree_spans_two_turns_from_the_deep_tree_budget_up() -> None:
    """Without ``tree_turns``, a budget of DEEP_TREE_ITERATIONS searches as
    ``tree_turns=2`` does, not as ``tree_turns=1``: the visits for the same seed.  A
    state near the end keeps the rollouts, and the test, short."""
    state = next(s for s in states_of_a_random_game(2, 11)
                 if s.tiles_left == 4 and s.phase is Phase.PLACE_TILE)

    def visits(tree_turns: int | None = None) -> object:
        bot = MctsBot(seed=4, iterations=DEEP_TREE_ITERATIONS, tree_turns=tree_turns)
        bot.choose(state)
        return bot.last_visits

    automatic = visits()
    assert automatic == visits(tree_turns=2)
    one_turn = visits(tree_turns=1)
    assert automatic != one_turn
    # The choice is made as each search starts: an option set afterwards counts.
    changed = MctsBot(seed=4, iterations=DEEP_TREE_ITERATIONS)
    changed.tree_turns = 1
    changed.choose(state)
    assert changed.last_visits == one_turn
    # The automatic choice is not an option the repr has to write.
    assert repr(MctsBot(iterations=DEEP_TREE_ITERATIONS)) == "MctsBot(iterations=400)"
    assert repr(MctsBot(tree_turns=1)) == "MctsBot(iterations=20, tree_turns=1)"


@pytest.mark.parametrize(("iterations", "seconds", "turns"), [
    (DEEP_TREE_ITERATIONS, None, 2), (DEEP_TREE_ITERATIONS - 1, None, 1),
    (DEFAULT_ITERATIONS, None, 1), (None, DEEP_TREE_SECONDS, 2),
    (None, DEEP_TREE_SECONDS / 2, 1), (10 * DEEP_TREE_ITERATIONS, DEEP_TREE_SECONDS / 2, 1),
    (DEEP_TREE_ITERATIONS, 60.0, 2), (DEFAULT_ITERATIONS, 60.0, 1)])
def test_the_automatic_tree_depth_follows_the_smaller_bound(
        iterations: int | None, seconds: float | None, turns: int) -> None:
    """Two turns only when neither bound of the budget stops the search short of what
    DEEP_TREE_ITERATIONS take (by time alone: DEEP_TREE_SECONDS)."""
    assert _automatic_tree_turns(iterations, seconds) == turns


def test_a_terminal_state_has_no_action() -> None:
    final = states_of_a_random_game(2, 5)[-1]  # the bots play whole games above
    with pytest.raises(ValueError, match="game is over"):
        MctsBot(random.Random(0), iterations=1).choose(final)


def states_of_a_random_game(num_players: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    state = new_game(num_players, seed=seed)
    states = [state]
    while not state.is_terminal:
        state = apply_action(state, random_action(state, rng))
        states.append(state)
    return states


@pytest.mark.parametrize("num_players", [2, 4])
def test_the_hidden_pile_order_changes_no_decision(num_players: int) -> None:
    """The same seed gives the same decisions in states that differ only in the pile
    order (here: reshuffled by determinize), so the real order is never read."""
    shuffler = random.Random(99)
    checked = 0
    for index, state in enumerate(states_of_a_random_game(num_players, 7)):
        if state.is_terminal or index % 12:
            continue
        other = determinize(state, shuffler)
        assert sorted(t.id for t in other.pile.tiles) == sorted(t.id for t in state.pile.tiles)
        assert other.pile.tiles != state.pile.tiles or len(state.pile) < 2
        first = MctsBot(random.Random(index), iterations=8)
        second = MctsBot(random.Random(index), iterations=8)
        assert first.choose(state) == second.choose(other)
        checked += 1
    assert checked > 10


def test_the_hidden_pile_order_changes_no_decision_within_a_turn() -> None:
    """Over a whole turn (where the player reuses its tree), too."""
    for seed in range(4):
        state = new_game(2, seed=seed)
        for _ in range(30):
            state = apply_action(state, legal_actions(state)[0])
        while state.phase is not Phase.PLACE_TILE:
            state = apply_action(state, legal_actions(state)[-1])
        other = determinize(state, random.Random(seed))
        first = MctsBot(random.Random(seed), iterations=10)
        second = MctsBot(random.Random(seed), iterations=10)
        one, two = state, other
        while not one.is_terminal and one.current_player == state.current_player:
            action = first.choose(one)
            assert action == second.choose(two)
            one, two = apply_action(one, action), apply_action(two, action)


def test_same_seed_same_decisions() -> None:
    games = []
    for _ in range(2):
        bots = [MctsBot(random.Random(10 + p), iterations=5, rollout_width=4)
                for p in range(2)]
        state = new_game(2, seed=12)
        actions = []
        for _ in range(60):
            action = bots[state.current_player].choose(state)
            actions.append(action)
            state = apply_action(state, action)
        games.append(actions)
    assert games[0] == games[1]


def test_the_double_tile_choice_is_legal_and_searched() -> None:
    for state in states_of_a_random_game(2, 3):
        if state.phase is Phase.CHOOSE_DOUBLE:
            break
    else:  # pragma: no cover - every game has "!" tiles
        pytest.fail("no CHOOSE_DOUBLE state")
    bot = MctsBot(random.Random(0), iterations=20)
    action = bot.choose(state)
    assert isinstance(action, ChooseDouble) and action in legal_actions(state)
    assert bot.last_iterations == 20


def test_bot_kinds_and_make_bot() -> None:
    assert "mcts" in BOT_KINDS
    default = make_bot("mcts", 1)
    assert isinstance(default, MctsBot) and default.iterations == DEFAULT_ITERATIONS
    small = make_bot("mcts:25", 1)
    assert isinstance(small, MctsBot) and small.iterations == 25
    assert parse_bot_spec("mcts:25") == BotSpec("mcts", 25)
    assert parse_bot_spec("mcts") == BotSpec("mcts")
    for bad in ("mcts:0", "mcts:", "mcts:x", "mcts:-3", "mcts:2.5"):
        with pytest.raises(ValueError, match="mcts:N takes a whole number of iterations"):
            make_bot(bad, 1)
    with pytest.raises(ValueError, match="unknown player kind 'greedy:4': greedy takes no"):
        make_bot("greedy:4", 1)


def test_evaluation_is_the_score_at_the_end_and_a_value_in_0_1() -> None:
    states = states_of_a_random_game(3, 2)
    for state in states[::20]:
        scores = heuristic_scores(state)
        assert len(scores) == 3
        assert all(score >= player.score for score, player in zip(scores, state.players))
        for player in range(3):
            assert 0.0 <= win_value(state, player) <= 1.0
    final = states[-1]
    assert heuristic_scores(final) == tuple(float(s) for s in final.scores)
    values = [win_value(final, p) for p in range(3)]
    assert sum(values) == pytest.approx(1.0)
    assert all(values[p] > 0 for p in final.winners)
    # The evaluation reads no hidden order either.
    for state in states[1:-1:25]:
        other = determinize(state, random.Random(1))
        assert heuristic_scores(other) == heuristic_scores(state)


def test_the_evaluation_follows_per_camp_scoring() -> None:
    """R-V2: under per-camp scoring a jungle held with two camps is worth its animals
    twice to its holder, in the evaluation as in the final scoring."""
    per_camp = Rules(camp_scoring=CampScoring.PER_CAMP)
    for seed in range(200):
        rng = random.Random(seed)
        state = new_game(2, seed=seed, rules=per_camp)
        while not state.is_terminal:
            state = apply_action(state, rng.choice(legal_actions(state)))
            graph = state.features
            for node, _ in graph.piece_set():
                jungle = graph.feature(graph.feature_id(node))
                if jungle.terrain is not Terrain.JUNGLE or not jungle.animals:
                    continue
                holder = jungle.majority()[0]
                if jungle.pieces_of(holder) < 2:
                    continue
                once = attrs.evolve(state, rules=attrs.evolve(
                    per_camp, camp_scoring=CampScoring.PER_JUNGLE))
                assert heuristic_scores(state)[holder] > heuristic_scores(once)[holder]
                return
    pytest.fail("no random game of 200 put two camps of one player in a jungle")


def test_the_evaluation_ranks_boats_by_the_games_ranking() -> None:
    """R-V1: with boats on spaces 9, 9 and 7 the third boat is second under dense ranking
    and third under competition ranking, and the river's points it can expect (R-E5)
    follow the game's ranking."""
    state = new_game(3, seed=4)
    rng = random.Random(4)
    while len(state.pile) > 6:  # late in the game, where the river's points weigh most
        state = apply_action(state, rng.choice(legal_actions(state)))
    boats = attrs.evolve(state, players=tuple(
        attrs.evolve(player, boat=boat) for player, boat in zip(state.players, (9, 9, 7))))
    dense = heuristic_scores(boats)
    competition = heuristic_scores(attrs.evolve(boats, rules=attrs.evolve(
        boats.rules, amazon_ranking=AmazonRanking.COMPETITION)))
    assert competition[:2] == dense[:2]
    assert competition[2] < dense[2]


def test_the_command_line_takes_mcts_and_mcts_n(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """In this process (tests/cli runs the tool's own process): ``simulate`` plays a whole
    game with ``mcts:2``; ``play`` lets ``mcts:1`` play red's first turn, until the end of
    input stops the game."""
    code, out, err = run_main(capsys, monkeypatch, "simulate", "--games", "1", "--players",
                              "2", "--bots", "mcts:2,random", "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert summary["bots"] == ["mcts:2", "random"]
    assert summary["decisions"][0] > 80
    assert all(s is not None and s >= 0 for s in summary["seconds_per_decision"])
    code, out, err = run_main(capsys, monkeypatch, "simulate", "--games", "1", "--players",
                              "2", "--bots", "random,mcts:1", "--seed", "5")
    assert code == 0, err
    assert "ms/decision" in out and "mcts:1" in out
    code, out, err = run_main(capsys, monkeypatch, "play", "--players", "2", "--bots",
                              "human,mcts:1", "--seed", "4", stdin="1\n1\n")
    assert code == 0, err
    assert "red mcts:1" in out and "Turn 2: red (mcts:1)" in out and "Game stopped" in out
    with pytest.raises(SystemExit) as exited:
        run_main(capsys, monkeypatch, "simulate", "--games", "1", "--players", "2",
                 "--bots", "mcts:zero")
    assert exited.value.code == 2
    assert "'mcts:zero': mcts:N takes a whole number of iterations" in capsys.readouterr().err


@pytest.mark.parametrize(("options", "error", "message"), [
    ({"rng": 42}, TypeError, "rng: expected a random.Random, not int"),
    ({"weights": {"meeple": 1}}, TypeError, "weights: expected an evaluation.Weights"),
    ({"iterations": None, "seconds": "0.5"}, TypeError, "seconds: expected a number"),
])
def test_the_constructor_checks_what_choose_would_trip_on(options: dict[str, object],
                                                         error: type[Exception],
                                                         message: str) -> None:
    arguments: dict[str, object] = {"rng": random.Random(1), **options}
    with pytest.raises(error, match=message):
        MctsBot(**arguments)  # type: ignore[arg-type]


@pytest.mark.parametrize("fields", [{"margin_spread": -1},
                                    {"margin_spread": 0, "margin_spread_per_tile": 0},
                                    {"camp": float("nan")}, {"camp": float("inf")}])
def test_weights_are_finite_numbers_and_the_margin_spread_positive(
        fields: dict[str, object]) -> None:
    with pytest.raises(ValueError, match=r"Weights\.[a-z_]+ must be"):
        Weights(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(("fields", "shown"), [
    ({"meeple": "x"}, "meeple: expected a number, not str"),
    ({"lead_sharpness": True}, "lead_sharpness: expected a number, not bool"),
])
def test_weights_of_the_wrong_type_are_type_errors(fields: dict[str, object], shown: str) -> None:
    with pytest.raises(TypeError, match=rf"^{shown}$"):
        Weights(**fields)  # type: ignore[arg-type]


def test_a_simulation_refuses_human_players_and_a_string_of_kinds() -> None:
    with pytest.raises(ValueError, match="no human players"):
        simulate_game(0, 1, ("human", "random"))
    with pytest.raises(TypeError, match=r"^kinds: expected a tuple of player kinds"):
        simulate_game(0, 1, "random,greedy")  # type: ignore[arg-type]
