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
``replicate.py`` plays a saved pair again on the current code.

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
    wins = games = 0.0
    scores = {first: 0.0, second: 0.0}
    spent = {first: 0.0, second: 0.0}
    decisions = {first: 0, second: 0}
    for run in entry["runs"]:
        seat = run["bots"].index(first)
        other = 1 - seat
        games += run["games"]
        wins += run["wins"][seat]
        scores[first] += run["scores"][seat]["total"]["mean"] * run["games"]
        scores[second] += run["scores"][other]["total"]["mean"] * run["games"]
        for bot, index in ((first, seat), (second, other)):
            count = run["decisions"][index]
            decisions[bot] += count
            spent[bot] += (run["seconds_per_decision"][index] or 0.0) * count
    return {"first": first, "second": second, "games": int(games), "wins": wins,
            "scores": {bot: total / games for bot, total in scores.items()},
            "spent": spent, "decisions": decisions,
            "other_code": any(run.get("other_code") for run in entry["runs"])}


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
        if is_current(entry.get("code"), entry["pair"]):
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
             "B's mean score |", "|---|---|---|---|---|---|---|"]
    share: dict[tuple[str, str], float] = {}
    for result in results:
        games, wins = result["games"], result["wins"]
        low, high = wilson(wins, games)
        first, second = result["first"], result["second"]
        share[(first, second)] = wins / games
        share[(second, first)] = 1 - wins / games
        mark = " (other code)" if result["other_code"] else ""
        lines.append(f"| {first}{mark} | {second} | {games} | {100 * wins / games:.1f}% | "
                     f"{100 * low:.1f}–{100 * high:.1f}% | {result['scores'][first]:.1f} | "
                     f"{result['scores'][second]:.1f} |")
    lines += ["", "Win share of the row's bot against the column's bot:", "",
              "| | " + " | ".join(bots) + " |", "|---" * (len(bots) + 1) + "|"]
    for row in bots:
        cells = ["—" if row == column else
                 (f"{100 * share[(row, column)]:.0f}%" if (row, column) in share else "")
                 for column in bots]
        lines.append(f"| **{row}** | " + " | ".join(cells) + " |")
    spent = dict.fromkeys(bots, 0.0)
    decisions = dict.fromkeys(bots, 0)
    for result in results:
        for bot in (result["first"], result["second"]):
            spent[bot] += result["spent"][bot]
            decisions[bot] += result["decisions"][bot]
    lines += ["", *ratings_table(results, bots)]
    lines += ["", "| bot | processor time per decision | decisions timed |", "|---|---|---|"]
    for bot in bots:
        per = spent[bot] / decisions[bot] if decisions[bot] else 0.0
        shown = f"{1000 * per:.2f} ms" if per < 1 else f"{per:.2f} s"
        lines.append(f"| {bot} | {shown} | {decisions[bot]:,} |")
    return "\n".join(lines)


def reprint(paths: list[Path], everything: bool) -> str:
    """The tables of the pairs saved in ``paths`` measured on the current code (all of
    them, marked, when ``everything``), after a note on what was left out."""
    entries = [entry for path in paths
               for entry in json.loads(path.read_text(encoding="utf-8"))["pairs"]]
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
        print(reprint(args.load, args.all))
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
