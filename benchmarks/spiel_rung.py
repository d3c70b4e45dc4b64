"""OpenSpiel's generic MCTS as a rung of the ladder (needs the ``[openspiel]`` extra).

``openspiel:N`` is ``open_spiel.python.algorithms.mcts.MCTSBot`` with ``N`` simulations
per move, UCT constant 2 and one random rollout per leaf (``RandomRolloutEvaluator``),
playing through the project's OpenSpiel adapter: it sees the game exactly as any
OpenSpiel algorithm does (explicit chance nodes for the draws, win/draw/loss returns).
The library's bots play the same games by reading the adapter's ``game_state()`` and
answering with ``encode_action``.  A game is seeded by ``(seed, index)`` only, as in
``simulate``, and the result has ``simulate --json``'s shape, so that ``ladder.py``
tables it with the others.
"""

from __future__ import annotations

import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

PREFIX = "openspiel:"


def is_spiel_kind(kind: str) -> bool:
    """Whether ``kind`` names OpenSpiel's MCTS (``openspiel:N``)."""
    return kind.startswith(PREFIX)


def _players(game: Any, kinds: tuple[str, ...], seed: int) -> list[Any]:
    import numpy
    from open_spiel.python.algorithms import mcts

    from carcassonne_amazonas.ai.bots import derive_seed, make_bot

    players: list[Any] = []
    for seat, kind in enumerate(kinds):
        bot_seed = derive_seed(seed, "bot", seat) % 2**32
        if is_spiel_kind(kind):
            rng = numpy.random.RandomState(bot_seed)
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
            players.append(mcts.MCTSBot(game, uct_c=2.0, max_simulations=int(kind[len(PREFIX):]),
                                        evaluator=evaluator, solve=False, random_state=rng))
        else:
            players.append(make_bot(kind, bot_seed))
    return players


def play_game(task: tuple[int, int, tuple[str, ...]]) -> dict[str, Any]:
    """One game of ``kinds`` seeded by ``(seed, index)``: scores, winners, decisions and
    processor seconds per seat."""
    import numpy
    import pyspiel

    from carcassonne_amazonas.ai.bots import derive_seed
    from carcassonne_amazonas.ai.encoding import encode_action
    from carcassonne_amazonas.integrations import openspiel

    index, seed, kinds = task
    game = pyspiel.load_game(openspiel.GAME_NAME, {"players": len(kinds)})
    game_seed = derive_seed(seed, "game", index)
    players = _players(game, kinds, game_seed)
    chance = numpy.random.RandomState(game_seed % 2**32)
    decisions, seconds = [0] * len(kinds), [0.0] * len(kinds)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes())
            state.apply_action(int(chance.choice(actions, p=probabilities)))
            continue
        seat = state.current_player()
        player = players[seat]
        started = time.process_time()
        if is_spiel_kind(kinds[seat]):
            action = int(player.step(state))
        else:
            position = state.game_state
            action = encode_action(position, player.choose(position))
        seconds[seat] += time.process_time() - started
        decisions[seat] += 1
        state.apply_action(action)
    final = state.game_state
    return {"scores": list(final.scores), "winners": list(final.winners),
            "decisions": decisions, "seconds": seconds}


def simulate(kinds: tuple[str, ...], games: int, seed: int, jobs: int,
             indices: list[int] | None = None) -> dict[str, Any]:
    """``games`` games of ``kinds`` (game i of ``indices``, by default 0 to ``games`` - 1)
    in ``jobs`` processes, summarised as ``simulate --json`` does (the fields the ladder
    reads), with each game under ``"games_played"``."""
    from carcassonne_amazonas.ai.bots import derive_seed

    chosen = list(range(games)) if indices is None else indices
    games = len(chosen)
    tasks = [(index, seed, kinds) for index in chosen]
    with ProcessPoolExecutor(max(1, jobs)) as pool:
        results = list(pool.map(play_game, tasks))
    seats = range(len(kinds))
    wins = [sum(1 / len(r["winners"]) for r in results if seat in r["winners"]) for seat in seats]
    decisions = [sum(r["decisions"][seat] for r in results) for seat in seats]
    spent = [sum(r["seconds"][seat] for r in results) for seat in seats]
    return {"games": games, "bots": list(kinds), "seed": seed, "wins": wins,
            "scores": [{"total": {"mean": sum(r["scores"][seat] for r in results) / games}}
                       for seat in seats],
            "decisions": decisions,
            "seconds_per_decision": [t / d if d else None for t, d in zip(spent, decisions)],
            "games_played": [{"index": index, "shuffle_seed": derive_seed(seed, "game", index),
                              **result} for index, result in zip(chosen, results)]}
