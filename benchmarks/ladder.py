"""The strength ladder of the built-in bots: every pair, 2-player games, seats swapped.

For each pair of bots (A, B) it plays the games of the command-line ``simulate``
twice with the same seed, ``--bots A,B`` and ``--bots B,A``: the same shuffles with
the seats swapped, so neither bot profits from moving first.  It prints Markdown
tables: A's win share against B (a shared victory counts 1/2) with its 95% Wilson
interval, the mean scores, and each bot's processor time per decision.  ``--save``
keeps the results (each seating as ``simulate --json`` summarises it, with every
game: its index, the seed of its shuffle, the scores, the winners and the bots' times)
and the code they measured (``"code"``: the commit and a fingerprint of the bots' code
and the pair, see ``fingerprint.py``).  ``--load`` prints the tables from saved
results again without playing: only those measured on the current code, saying what
it left out and on which code that was measured; ``--all`` includes them, marked.
``replicate.py`` plays a saved pair again on the current code.  ``--load`` also reads
the 2-player games of ``mcts_match.py`` (a ``.jsonl`` file), checked as that script
checks them, the shuffles played in both seatings only, its bots named ``mcts:N`` with
any other options as JSON, so that one reprint rates the budgets and the default
player together (those games record A's margin, not the scores, and each game's time
per decision, not its decisions: their rows say so):

    python benchmarks/ladder.py --load benchmarks/results/ladder-default-greedy-1865d08.json \
        --load benchmarks/results/mcts-match-100v25-1865d08.jsonl

Run (every pair of some bots, 100 games each):

    python benchmarks/ladder.py --bots random,greedy,mcts:20,mcts:100 --games 100 \\
        --jobs 2 --save ladder.json

The ladder of docs/guides/bots.md chose the games per pair with ``--pair`` (the command
is in the guide) and is reprinted from its saved results with
``python benchmarks/ladder.py --all --load benchmarks/results/ladder-2026-11-26.json``.

``--pair A B N`` plays N games for one pair only (repeatable), instead of all pairs.
The results of one pair in several files are joined, so a long pair runs in chunks
(each with its own ``--seed``, so that no shuffle is played twice):

    python benchmarks/ladder.py --pair mcts:400 mcts:100 20 --seed 1 --save c1.json
    python benchmarks/ladder.py --pair mcts:400 mcts:100 20 --seed 2 --save c2.json
    python benchmarks/ladder.py --load c1.json --load c2.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path
from typing import Any

import spiel_rung
from fingerprint import code_record, is_current, left_out_note
from intervals import bradley_terry, rating_groups, rating_intervals, wilson
from mcts_match import bots_record, load_games, paired_games

from carcassonne_amazonas.ai.bots import derive_seed, parse_bot_spec
from carcassonne_amazonas.ai.mcts import DEFAULT_ITERATIONS
from carcassonne_amazonas.ai.simulation import GameTask, run_games, summarise


def simulate(bots: tuple[str, ...], games: int, seed: int, jobs: int,
             indices: list[int] | None = None) -> dict[str, Any]:
    """The games of ``carcassonne-amazonas simulate --seed seed --bots ...`` (game i
    of ``indices``, by default 0 to ``games`` - 1) summarised as ``simulate --json``
    does, with each game under ``"games_played"`` (OpenSpiel's MCTS plays through
    :mod:`spiel_rung` instead)."""
    chosen = list(range(games)) if indices is None else indices
    if any(spiel_rung.is_spiel_kind(bot) for bot in bots):
        return spiel_rung.simulate(tuple(bots), games, seed, jobs, chosen)
    started = time.perf_counter()
    tasks: list[GameTask] = [(index, seed, tuple(bots), None) for index in chosen]
    results = list(run_games(tasks, min(jobs, len(tasks))))
    summary = summarise(results, bots, seed, jobs, time.perf_counter() - started)
    summary["games_played"] = [
        {"index": result.index, "shuffle_seed": derive_seed(seed, "game", result.index),
         "scores": list(result.scores), "winners": list(result.winners),
         "decisions": list(result.decisions),
         "seconds": [round(spent, 4) for spent in result.seconds]}
        for result in results]
    return summary


def play_pair(first: str, second: str, games: int, seed: int, jobs: int) -> dict[str, Any]:
    """Both seatings of a pair (``games`` split between them), as raw summaries, with
    the code they measured."""
    started = time.perf_counter()
    half = (games + 1) // 2
    runs = [simulate((first, second), half, seed, jobs),
            simulate((second, first), games - half, seed, jobs)]
    print(f"  {first} vs {second}: {games} games in {time.perf_counter() - started:.0f} s",
          file=sys.stderr, flush=True)
    return {"pair": [first, second], "code": code_record([first, second]), "runs": runs}


def pair_result(entry: dict[str, Any]) -> dict[str, Any]:
    """A's wins, games, mean scores and time per decision of both bots, from both seatings."""
    first, second = entry["pair"]
    wins = games = margin = 0.0
    scores: dict[str, float] | None = {first: 0.0, second: 0.0}
    timed: dict[str, dict[str, list[float]]] = {"decisions": {}, "games": {}}
    for run in entry["runs"]:
        seat = run["bots"].index(first)
        other = 1 - seat
        games += run["games"]
        wins += run["wins"][seat]
        if "margin" in run:  # a game of mcts_match.py: no scores, its time a game's mean
            margin += run["margin"] if seat == run["a_seat"] else -run["margin"]
            scores = None
            for bot, index in ((first, seat), (second, other)):
                _add_time(timed["games"], bot, run["seconds_per_decision"][index], 1)
            continue
        means = [run["scores"][index]["total"]["mean"] for index in (seat, other)]
        margin += (means[0] - means[1]) * run["games"]
        if scores is not None:
            scores[first] += means[0] * run["games"]
            scores[second] += means[1] * run["games"]
        for bot, index in ((first, seat), (second, other)):
            count = run["decisions"][index]
            _add_time(timed["decisions"], bot,
                      (run["seconds_per_decision"][index] or 0.0) * count, count)
    return {"first": first, "second": second, "games": int(games), "wins": wins,
            "scores": None if scores is None else {
                bot: total / games for bot, total in scores.items()},
            "margin": margin / games, "timed": timed,
            "other_code": any(run.get("other_code") for run in entry["runs"])}


def _add_time(timed: dict[str, list[float]], bot: str, spent: float, count: int) -> None:
    """Adds ``spent`` seconds over ``count`` units (decisions or games) to ``bot``'s."""
    total = timed.setdefault(bot, [0.0, 0])
    total[0] += spent
    total[1] += count


def strength_order(bot: str) -> tuple[int, int]:
    """Random, then greedy, then OpenSpiel's MCTS, then mcts, each by budget (``mcts`` is
    the default budget)."""
    name, _, budget = bot.partition(":")
    rank = {"random": 0, "greedy": 1, "openspiel": 2}.get(name, 3)
    return rank, int(budget) if budget.isdigit() else DEFAULT_ITERATIONS


def ratings_table(results: list[dict[str, Any]], bots: list[str]) -> list[str]:
    """Bradley–Terry ratings on the Elo scale with 95% bootstrap intervals: one table per
    group of bots linked by games (greedy at 0 in its group, otherwise the group's mean
    at 0), since no game compares bots of different groups."""
    games = [(r["first"], r["second"], r["wins"], r["games"]) for r in results]
    groups = rating_groups(games)
    lines = []
    if len(groups) > 1:
        lines += [f"The bots fall into {len(groups)} groups that played no games between "
                  "them, so each group has its own ratings, on a scale of its own.", ""]
    for group in sorted(groups, key=lambda members: min(map(strength_order, members))):
        played = [game for game in games if game[0] in group]
        lines += [*group_table(played, sorted(group, key=strength_order)), ""]
    return lines[:-1]


def group_table(games: list[tuple[str, str, float, int]], bots: list[str]) -> list[str]:
    """The ratings table of bots linked by ``games``."""
    anchor = "greedy" if "greedy" in bots else None
    ratings = bradley_terry(games, anchor)
    intervals = rating_intervals(games, anchor)
    played = dict.fromkeys(bots, 0)
    for first, second, _, count in games:
        played[first] += count
        played[second] += count
    where = "greedy at 0" if anchor else "mean 0"
    lines = [f"Ratings (Bradley–Terry, Elo scale, {where}; 95% bootstrap intervals):", "",
             "| bot | rating | 95% interval | games |", "|---|---|---|---|"]
    for bot in sorted(bots, key=lambda b: -ratings[b]):
        low, high = intervals[bot]
        lines.append(f"| {bot} | {ratings[bot]:+.0f} | {low:+.0f} to {high:+.0f} | "
                     f"{played[bot]:,} |")
    return lines


def bot_name(choice: Any) -> str:
    """A bot of ``mcts_match.py`` as the ladder names it: a kind as it is, MctsBot
    options as ``mcts:N`` (``mcts`` without ``"iterations"``), any other options after
    it as JSON."""
    if isinstance(choice, str):
        return choice
    options = dict(choice)
    iterations = options.pop("iterations", None)
    name = "mcts" if iterations is None else f"mcts:{iterations}"
    return f"{name} {json.dumps(options, sort_keys=True)}" if options else name


def match_entries(path: Path) -> list[dict[str, Any]]:
    """The games of an ``mcts_match.py`` file (JSON Lines, checked as its ``--load``
    checks them) as saved pairs, one a game, each with the code it measured: only the
    shuffles played in both seatings, and 2-player games only (``ValueError``
    otherwise)."""
    games = load_games([path])
    if games and games[0].get("players", 2) != 2:
        raise ValueError(f"{path}: {games[0]['players']}-player games: the ladder rates "
                         "2-player games (mcts_match.py --load reprints these)")
    entries = []
    for game in paired_games(games):
        a, b = bot_name(game.get("a", "A")), bot_name(game.get("b", "B"))
        seat = game["a_seat"]
        order = slice(None) if seat == 0 else slice(None, None, -1)  # seat order
        run = {"bots": [a, b][order], "games": 1, "wins": [game["win"], 1 - game["win"]][order],
               "a_seat": seat, "margin": game["margin"],
               "seconds_per_decision": [game["cpu_a"], game["cpu_b"]][order]}
        entries.append({"pair": [a, b], "code": game.get("code"),
                        "options": bots_record(game.get("a"), game.get("b"), 2),
                        "runs": [run]})
    return entries


def saved_entries(path: Path) -> list[dict[str, Any]]:
    """The saved pairs of one file: ``ladder.py --save``'s JSON, or ``mcts_match.py``'s
    games (a ``.jsonl`` file).  ``ValueError`` saying what is wrong otherwise."""
    if path.suffix == ".jsonl":
        return match_entries(path)
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not JSON ({error}); mcts_match.py's games are read "
                         "from a .jsonl file") from None
    if not isinstance(saved, dict) or not isinstance(saved.get("pairs"), list):
        raise ValueError(f'{path}: not the results of ladder.py --save (no "pairs" list)')
    for number, entry in enumerate(saved["pairs"], 1):
        if not (isinstance(entry, dict) and isinstance(entry.get("pair"), list)
                and len(entry["pair"]) == 2 and all(isinstance(bot, str) for bot in entry["pair"])
                and isinstance(entry.get("runs"), list)
                and all(isinstance(run, dict) for run in entry["runs"])):
            raise ValueError(f'{path}: pair {number} is not a saved pair (it needs "pair", '
                             'two bots, and "runs", a list of simulate --json summaries)')
    return list(saved["pairs"])


def joined(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries with those of one pair (the same two bots, in either order) joined:
    a long pair can run in chunks, each with its own ``--seed`` and ``--save`` file."""
    by_pair: dict[frozenset[str], dict[str, Any]] = {}
    for entry in entries:
        key = frozenset(entry["pair"])
        runs = [{**run, "other_code": True} if entry.get("other_code") else run
                for run in entry["runs"]]
        if key in by_pair:
            by_pair[key]["runs"].extend(runs)
        else:
            by_pair[key] = {"pair": list(entry["pair"]), "runs": runs}
    return list(by_pair.values())


def games_of(entry: dict[str, Any]) -> int:
    """How many games a saved pair holds."""
    return sum(int(run["games"]) for run in entry["runs"])


def current_entries(entries: list[dict[str, Any]], everything: bool,
                    ) -> tuple[list[dict[str, Any]], str]:
    """The saved pairs measured on the current code (all of them, those of other code
    marked ``other_code``, when ``everything``), and a note on those left out or
    marked: how many games, of which pairs, on which code."""
    kept, others = [], []
    for entry in entries:
        if is_current(entry.get("code"), entry.get("options", entry["pair"])):
            kept.append(entry)
        else:
            others.append(entry)
            if everything:
                kept.append({**entry, "other_code": True})
    if not others:
        return kept, ""
    names = ", ".join(dict.fromkeys(" vs ".join(entry["pair"]) for entry in others))
    codes = [entry.get("code") for entry in others for _ in range(games_of(entry))]
    note = left_out_note(codes, "games")
    if everything:
        note = note.replace("Left out", "Included, marked (other code),").replace(
            ", --all includes them:", ":")
    return kept, f"{note}\n(the pairs {names})"


def tables(entries: list[dict[str, Any]]) -> str:
    """The Markdown tables of the ladder (the entries of one pair joined)."""
    results = [pair_result(entry) for entry in joined(entries)]
    if not results:
        return "No saved results to show."
    bots = sorted({bot for result in results for bot in (result["first"], result["second"])},
                  key=strength_order)
    lines = ["| A | B | games | A's win share | 95% interval | A's mean score | "
             "B's mean score | A's margin a game |", "|---|---|---|---|---|---|---|---|"]
    share: dict[tuple[str, str], float] = {}
    for result in results:
        games, wins = result["games"], result["wins"]
        low, high = wilson(wins, games)
        first, second = result["first"], result["second"]
        share[(first, second)] = wins / games
        share[(second, first)] = 1 - wins / games
        mark = " (other code)" if result["other_code"] else ""
        means = ("— | —" if result["scores"] is None else
                 f"{result['scores'][first]:.1f} | {result['scores'][second]:.1f}")
        lines.append(f"| {first}{mark} | {second} | {games} | {100 * wins / games:.1f}% | "
                     f"{100 * low:.1f}–{100 * high:.1f}% | {means} | "
                     f"{result['margin']:+.1f} |")
    lines += ["", "Win share of the row's bot against the column's bot:", "",
              "| | " + " | ".join(bots) + " |", "|---" * (len(bots) + 1) + "|"]
    for row in bots:
        cells = ["—" if row == column else
                 (f"{100 * share[(row, column)]:.0f}%" if (row, column) in share else "")
                 for column in bots]
        lines.append(f"| **{row}** | " + " | ".join(cells) + " |")
    lines += ["", *ratings_table(results, bots)]
    return "\n".join([*lines, "", *time_table(results, bots)])


def time_table(results: list[dict[str, Any]], bots: list[str]) -> list[str]:
    """Each bot's processor time per decision: over the decisions of the ladder's games,
    and apart, the mean of each game's mean over ``mcts_match.py``'s games (which do not
    count their decisions)."""
    lines = ["| bot | processor time per decision | timed over |", "|---|---|---|"]
    for bot in bots:
        for unit in ("decisions", "games"):
            totals = [result["timed"][unit][bot] for result in results
                      if bot in result["timed"][unit]]
            spent, count = sum(t[0] for t in totals), int(sum(t[1] for t in totals))
            if count:
                per = spent / count
                shown = f"{1000 * per:.2f} ms" if per < 1 else f"{per:.2f} s"
                what = f"{count:,} decisions" if unit == "decisions" else (
                    f"{count:,} games of mcts_match.py (each game's mean)")
                lines.append(f"| {bot} | {shown} | {what} |")
    return lines


def reprint(paths: list[Path], everything: bool) -> str:
    """The tables of the pairs saved in ``paths`` measured on the current code (all of
    them, marked, when ``everything``), after a note on what was left out."""
    entries = [entry for path in paths for entry in saved_entries(path)]
    entries, note = current_entries(entries, everything)
    shown = tables(entries) if entries else (
        "No saved results were measured on the current code.")
    return f"{note}\n\n{shown}" if note else shown


def planned(parser: argparse.ArgumentParser, args: argparse.Namespace,
            ) -> list[tuple[str, str, int]]:
    """The pairs to play and their games, each bot kind checked before any game."""
    if args.pair:
        plan = [(a, b, int(n)) for a, b, n in args.pair]
    else:
        bots = [bot.strip() for bot in args.bots.split(",")]
        plan = [(a, b, args.games) for a, b in itertools.combinations(bots, 2)]
    for bot in sorted({bot for first, second, _ in plan for bot in (first, second)}):
        if not spiel_rung.is_spiel_kind(bot):
            try:
                parse_bot_spec(bot)
            except ValueError as error:
                parser.error(str(error))
    return plan


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bots", default="random,greedy,mcts:50,mcts:200",
                        help="comma-separated bot kinds; every pair plays")
    parser.add_argument("--games", type=int, default=100, help="games per pair (both seatings)")
    parser.add_argument("--pair", nargs=3, action="append", metavar=("A", "B", "N"),
                        help="play only this pair, N games (repeatable)")
    parser.add_argument("--seed", type=int, default=2024, help="simulate's base seed")
    parser.add_argument("--jobs", type=int, default=1, help="simulate's worker processes")
    parser.add_argument("--save", type=Path, help="write the raw results to this JSON file")
    parser.add_argument("--load", type=Path, action="append",
                        help="print the tables of saved results instead of playing "
                             "(repeatable: the files are joined); only those measured "
                             "on the current code")
    parser.add_argument("--all", action="store_true",
                        help="with --load: include the results measured on other code, "
                             "marked (other code)")
    args = parser.parse_args()
    if args.all and not args.load:
        parser.error("--all goes with --load")
    if args.load:
        try:
            text = reprint(args.load, args.all)
        except (OSError, ValueError, KeyError, TypeError, IndexError) as error:
            parser.error(f"cannot reprint the saved results: a run lacks the field {error}"
                         if isinstance(error, KeyError) else
                         f"cannot reprint the saved results: {error}")
        print(text)
        return
    entries = []
    for first, second, games in planned(parser, args):
        entries.append(play_pair(first, second, games, args.seed, args.jobs))
        if args.save:  # after every pair, so that an interrupted run keeps its results
            args.save.write_text(json.dumps({"seed": args.seed, "pairs": entries}),
                                 encoding="utf-8")
    print(tables(entries))


if __name__ == "__main__":
    main()
