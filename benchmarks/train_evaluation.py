"""Train the learned evaluation from self-play, and measure it: one command.

The MCTS player values the positions its rollouts reach by
:func:`~carcassonne_amazonas.ai.evaluation.heuristic_scores`: each player's score plus
their features (:data:`~carcassonne_amazonas.ai.evaluation.FEATURES`: the unfinished
tributaries, villages and jungles they hold, the river, the Amazon scorings, their supply,
...) times coefficients, and :func:`~carcassonne_amazonas.ai.evaluation.win_value`, a
logistic function of the lead.  This script fits those numbers to self-play:

1. **Self-play.**  ``--games`` games of ``--bots`` (``simulate``'s player kinds; the
   player counts of ``--players`` in turn), on worker processes or on Ray
   (``--backend ray``, as ``carcassonne-amazonas simulate``).  At each tile placement
   the features of every player are recorded, with the score then and the tiles left;
   at the end, the final scores and who won.
2. **Fit** (scikit-learn, the ``[train]`` extra).  The coefficients: ridge regression of
   the points a player still scored after the position (final score less score then)
   on their features, both less their mean over the position's players: a lead
   depends on how the players differ, and what every player is still to score (the
   tiles to come) cancels in it.  The spread of ``win_value``: the
   ``margin_spread`` and ``margin_spread_per_tile`` under which the logistic function
   of the fitted lead best predicts who won (log-likelihood, over a grid).  The other
   numbers stay the defaults' (``lead_sharpness``, on which the river's features
   depend).  Written with :func:`~carcassonne_amazonas.ai.learned.weights_document` to
   ``--out`` (by default the package's shipped ``ai/data/learned_weights.json``).
3. **Learning curve** (``--curve``): the fit again on the first 1/8, 1/4, 1/2 and all of
   the games, each fit played against the default evaluation (``mcts_match.py``'s
   games, seats swapped, ``--curve-shuffles`` shuffles from ``--curve-start``, the
   player's prior policy: ``{"iterations": 1}``, a quick measure of the evaluation
   alone).  The strength at equal time is measured after, with ``mcts_match.py`` and
   ``"weights": "learned"`` (the bots guide has the commands and the figures).

Run (what made the shipped weights; about 8 minutes on 2 cores):

    python benchmarks/train_evaluation.py --games 2000 --explore 0.1 --jobs 2 --curve
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

import attrs
from fingerprint import code_record
from mcts_match import play as play_match
from mcts_match import summary as match_summary

import carcassonne_amazonas
from carcassonne_amazonas import apply_action, legal_actions, new_game
from carcassonne_amazonas.ai.bots import derive_seed, make_bot, parse_bot_spec
from carcassonne_amazonas.ai.evaluation import (
    DEFAULT_WEIGHTS,
    FEATURES,
    Weights,
    evaluation_features,
)
from carcassonne_amazonas.ai.learned import weights_document
from carcassonne_amazonas.ai.simulation import run_games
from carcassonne_amazonas.rules.state import Phase

try:
    import numpy as np
    from sklearn.linear_model import Ridge  # type: ignore[import-untyped]
except ImportError as error:  # pragma: no cover - depends on the environment
    sys.exit(f"train_evaluation.py needs the [train] extra (numpy, scikit-learn): {error}")

#: The shipped weights, where ``--out`` writes by default.
SHIPPED = Path(carcassonne_amazonas.__file__).parent / "ai" / "data" / "learned_weights.json"
#: The ridge penalty per row, towards the hand-set weights.
RIDGE_ALPHA = 1.0
#: The features whose coefficients are fitted; the supply's (``meeple``, ``camp``) keep
#: the hand-set values: a player's supply shrinks when they choose to place a piece,
#: and the self-play's players placed one where it paid, so the games credit the choice
#: to the supply (a fit gave a camp in the supply -21 points, and its player lost every
#: game by 56 points).
LEARNED = ("tributary", "village", "village_completion", "jungle", "amazon", "river",
           "shared", "open_tributary", "open_village", "open_jungle")
#: The grid of win_value's spread: margin_spread, and margin_spread_per_tile.
SPREADS = np.linspace(1.0, 16.0, 61)
SPREADS_PER_TILE = np.linspace(0.0, 0.6, 61)

#: One game's records: per tile placement, (tiles left, scores, features per player);
#: and the final scores and each player's share of the victory.
Positions = list[tuple[int, tuple[int, ...], tuple[tuple[float, ...], ...]]]
GameData = tuple[Positions, tuple[int, ...], tuple[float, ...]]


#: A self-play task: ``simulate_game``'s (index, seed, player kinds, rules) and the
#: share of decisions explored.
Task = tuple[int, int, tuple[str, ...], None, float]


def record_game(task: Task) -> GameData:
    """Play one self-play game and record it (a module-level function, for worker
    processes and Ray).  The deal and the bots are seeded as ``simulate_game`` seeds
    them.  With ``explore`` 0 the record is every player's features at each tile
    placement; otherwise each decision is, that often, a legal action drawn at random,
    and the record is the position right after each of those: the features there were
    not chosen for being good, so the game's outcome says what they are worth."""
    index, seed, kinds, _, explore = task
    state = new_game(len(kinds), seed=derive_seed(seed, "game", index))
    bots = [make_bot(kind, derive_seed(seed, "bot", index, p)) for p, kind in enumerate(kinds)]
    rng = random.Random(derive_seed(seed, "explore", index))
    positions: Positions = []
    while not state.is_terminal:
        bot = bots[state.current_player]
        assert bot is not None
        explored = not state.is_chance_node and explore > 0 and rng.random() < explore
        if explore == 0 and state.phase is Phase.PLACE_TILE and not state.is_chance_node:
            positions.append((len(state.pile), state.scores, evaluation_features(state)))
        action = rng.choice(legal_actions(state)) if explored else bot.choose(state)
        state = apply_action(state, action)
        if explored and not state.is_terminal:
            positions.append((len(state.pile), state.scores, evaluation_features(state)))
    shares = tuple(1 / len(state.winners) if p in state.winners else 0.0
                   for p in range(state.num_players))
    return positions, state.scores, shares


def self_play(args: argparse.Namespace) -> list[GameData]:
    """The games of the command line, played on processes or on Ray."""
    counts = [int(n) for n in args.players.split(",")]
    tasks: list[Task] = [
        (index, args.seed, (args.bots,) * counts[index % len(counts)], None, args.explore)
        for index in range(args.games)]
    if args.backend == "ray":
        from carcassonne_amazonas.integrations.ray_backend import run_games_on_ray
        return run_games_on_ray(record_game, tasks, address=args.ray_address,
                                num_cpus=args.jobs)
    return list(run_games(tasks, args.jobs, record_game))


def arrays(games: list[GameData]) -> dict[str, Any]:
    """The records as arrays, one row per player and position: ``features``, ``left``,
    ``rest`` (points still scored), ``score`` (then), ``share`` (of the victory), and
    ``position`` (the row's position, to find the others in it)."""
    features, left, rest, score, share, position = [], [], [], [], [], []
    number = 0
    for positions, final, shares in games:
        for tiles_left, scores, rows in positions:
            for player, row in enumerate(rows):
                features.append(row)
                left.append(tiles_left)
                rest.append(final[player] - scores[player])
                score.append(scores[player])
                share.append(shares[player])
                position.append(number)
            number += 1
    return {"features": np.asarray(features), "left": np.asarray(left, float),
            "rest": np.asarray(rest, float), "score": np.asarray(score, float),
            "share": np.asarray(share), "position": np.asarray(position)}


def leads(data: dict[str, Any], coefficients: Any) -> Any:
    """Each row's lead in the evaluation: its expected final score less the best other
    player's in the same position."""
    expected = data["score"] + data["features"] @ coefficients
    position = data["position"]
    best = np.full(position.max() + 1, -np.inf)
    second = np.full(position.max() + 1, -np.inf)
    for value, at in zip(expected, position):  # the two best per position
        if value > best[at]:
            second[at], best[at] = best[at], value
        elif value > second[at]:
            second[at] = value
    other = np.where(expected >= best[position], second[position], best[position])
    return expected - other


def fit(games: list[GameData], alpha: float = RIDGE_ALPHA) -> tuple[Weights, dict[str, Any]]:
    """The weights fitted to ``games``, and the fit's figures on those games: the share of
    the variance of the points still scored (less the position's mean) that the learned
    and the hand-set coefficients explain (``r2``), and the log-loss of who won under the
    learned and the hand-set evaluation (``win_log_loss``)."""
    data = arrays(games)
    features, rest = _demeaned(data)
    # The fit is a correction to the hand-set weights, pulled towards them by the ridge
    # penalty: the games show what a feature is worth where the self-play's players
    # chose it, and the search asks it everywhere (a coefficient far from its default
    # would steer it where the games never went).
    default = np.asarray(DEFAULT_WEIGHTS.coefficients)
    learned = [FEATURES.index(name) for name in LEARNED]
    residual = rest - features @ default
    model = Ridge(alpha=alpha * len(rest), fit_intercept=False).fit(
        features[:, learned], residual)
    coefficients = default.copy()
    coefficients[learned] += model.coef_
    lead = leads(data, coefficients)
    best = (math.inf, DEFAULT_WEIGHTS.margin_spread, DEFAULT_WEIGHTS.margin_spread_per_tile)
    for spread in SPREADS:
        for per_tile in SPREADS_PER_TILE:
            loss = _win_log_loss(data, lead, spread, per_tile)
            if loss < best[0]:
                best = (loss, float(spread), float(per_tile))
    fields = {name: round(float(c), 4) for name, c in zip(FEATURES, coefficients)}
    weights = Weights(lead_sharpness=DEFAULT_WEIGHTS.lead_sharpness,
                      margin_spread=best[1], margin_spread_per_tile=best[2], **fields)
    figures = {"games": len(games), "positions": int(data["position"].max() + 1),
               "rows": len(data["rest"]), "alpha": alpha, **scores(weights, data)}
    return weights, figures


def scores(weights: Weights, data: dict[str, Any]) -> dict[str, float]:
    """How well ``weights`` and the hand-set ones predict the games of ``data``: ``r2``
    and ``default_r2``, ``win_log_loss`` and ``default_win_log_loss``."""
    features, rest = _demeaned(data)
    total = float(np.sum(rest ** 2))
    figures = {}
    for name, chosen in (("", weights), ("default_", DEFAULT_WEIGHTS)):
        coefficients = np.asarray(chosen.coefficients)
        figures[f"{name}r2"] = round(
            1 - float(np.sum((rest - features @ coefficients) ** 2)) / total, 4)
        figures[f"{name}win_log_loss"] = round(_win_log_loss(
            data, leads(data, coefficients), chosen.margin_spread,
            chosen.margin_spread_per_tile), 4)
    return figures


def _demeaned(data: dict[str, Any]) -> tuple[Any, Any]:
    """The features and the points still scored, less their mean over each position's
    players: what a lead depends on is how the players differ, not the points every
    player is still to score (those cancel)."""
    return (data["features"] - _position_means(data, data["features"]),
            data["rest"] - _position_means(data, data["rest"]))


def _win_log_loss(data: dict[str, Any], lead: Any, spread: float, per_tile: float) -> float:
    """The log-likelihood loss of who won (each row's share of the victory) under a
    logistic function of ``lead`` with this spread."""
    value = 1 / (1 + np.exp(-lead / (spread + per_tile * data["left"])))
    value = np.clip(value, 1e-9, 1 - 1e-9)
    share = data["share"]
    return float(-np.mean(share * np.log(value) + (1 - share) * np.log(1 - value)))


def held_out(games: list[GameData], alpha: float) -> dict[str, Any]:
    """The fit on the first nine tenths of the games, scored on the last tenth (games
    it never saw), beside the hand-set weights on the same games."""
    cut = len(games) * 9 // 10
    if cut < 1 or cut == len(games):
        return {}
    weights, _ = fit(games[:cut], alpha)
    return {"fitted_on_games": cut, "scored_on_games": len(games) - cut,
            **scores(weights, arrays(games[cut:]))}


def _position_means(data: dict[str, Any], values: Any) -> Any:
    """Each row's position's mean of ``values`` (rows or arrays of rows)."""
    position = data["position"]
    counts = np.bincount(position).astype(float)
    if values.ndim == 1:
        return (np.bincount(position, values) / counts)[position]
    means = np.column_stack([np.bincount(position, column) / counts for column in values.T])
    return means[position]


def curve(args: argparse.Namespace, games: list[GameData]) -> list[dict[str, Any]]:
    """The learning curve: fits on more and more of the games, each against the default
    evaluation at the prior policy (``iterations`` 1), seats swapped."""
    from concurrent.futures import ProcessPoolExecutor
    points = []
    for part in (8, 4, 2, 1):
        used = games[:max(1, len(games) // part)]
        weights, figures = fit(used, args.alpha)
        options = {"iterations": 1, "weights": _fields(weights)}
        base = {"iterations": 1}
        with ProcessPoolExecutor(args.jobs) as pool:
            played = list(pool.map(play_match, [options] * (2 * args.curve_shuffles),
                                   [base] * (2 * args.curve_shuffles),
                                   [s for s in range(args.curve_start,
                                                     args.curve_start + args.curve_shuffles)
                                    for _ in (0, 1)],
                                   [0, 1] * args.curve_shuffles))
        wins = sum(game["win"] for game in played) / len(played)
        margin = sum(game["margin"] for game in played) / len(played)
        points.append({"games": len(used), "positions": figures["positions"],
                       "share": round(wins, 4),
                       "margin": round(margin, 2), "summary": match_summary(played)})
        print(f"  {len(used)} games: {match_summary(played)}", file=sys.stderr, flush=True)
    return points


def _fields(weights: Weights) -> dict[str, float]:
    """The weights as the JSON object ``mcts_match.py``'s options take."""
    return {field.name: getattr(weights, field.name) for field in attrs.fields(Weights)}


def games_of(args: argparse.Namespace) -> tuple[list[GameData], float]:
    """The self-play games of the command line and the seconds their play took: played
    now, or read from ``--games-file`` (which keeps the time they took), then written
    there."""
    if args.games_file is not None and args.games_file.exists():
        kept = json.loads(args.games_file.read_text(encoding="utf-8"))
        for name in ("games", "bots", "players", "seed", "explore"):
            setattr(args, name, kept[name])
        games = [(([(left, tuple(scores), tuple(map(tuple, rows)))
                    for left, scores, rows in positions]), tuple(final), tuple(shares))
                 for positions, final, shares in kept["records"]]
        return games, kept["self_play_seconds"]
    started = time.perf_counter()
    games = self_play(args)
    played = round(time.perf_counter() - started, 1)
    if args.games_file is not None:
        args.games_file.write_text(json.dumps(
            {"games": args.games, "bots": args.bots, "players": args.players,
             "seed": args.seed, "explore": args.explore, "self_play_seconds": played,
             "records": games}), encoding="utf-8")
    return games, played


def _command(arguments: list[str]) -> str:
    """The command that trains these weights again: this one without where it kept the
    games and wrote the weights (``--games-file``, ``--out``), which change nothing."""
    kept, skip = [], False
    for argument in arguments:
        if skip:
            skip = False
        elif argument in ("--games-file", "--out"):
            skip = True
        elif not argument.startswith(("--games-file=", "--out=")):
            kept.append(argument)
    return " ".join(["python benchmarks/train_evaluation.py", *kept])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000, help="self-play games")
    parser.add_argument("--bots", default="greedy", help="the self-play player kind")
    parser.add_argument("--players", default="2,3,4,5",
                        help="player counts, in turn (comma-separated)")
    parser.add_argument("--seed", type=int, default=31000, help="the self-play's base seed")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (or Ray CPUs)")
    parser.add_argument("--backend", choices=("processes", "ray"), default="processes")
    parser.add_argument("--ray-address", help="with --backend ray: a running cluster")
    parser.add_argument("--explore", type=float, default=0.1,
                        help="the share of decisions played at random and recorded")
    parser.add_argument("--out", type=Path, default=SHIPPED, help="the weights file to write")
    parser.add_argument("--alpha", type=float, default=RIDGE_ALPHA,
                        help="the ridge penalty per row, towards the hand-set weights")
    parser.add_argument("--games-file", type=Path,
                        help="keep the self-play games in this JSON file: read them from it "
                             "when it exists (then --games, --bots, --players and --seed "
                             "are its), else write them to it")
    parser.add_argument("--curve", action="store_true", help="measure the learning curve")
    parser.add_argument("--curve-shuffles", type=int, default=100)
    parser.add_argument("--curve-start", type=int, default=32000)
    args = parser.parse_args()
    parse_bot_spec(args.bots)
    games, played = games_of(args)
    weights, figures = fit(games, args.alpha)
    training = {"code": code_record({"train": "evaluation"}), "games": args.games,
                "bots": args.bots, "players": args.players, "explore": args.explore,
                "seed": args.seed, "self_play_seconds": played,
                "on_the_training_games": figures,
                "held_out": held_out(games, args.alpha), "command": _command(sys.argv[1:])}
    if args.curve:
        training["curve"] = curve(args, games)
    args.out.write_text(weights_document(weights, training), encoding="utf-8")
    print(json.dumps(training, indent=1))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
