"""Play a saved pairing again on the current code: the same shuffles, the same seats.

A figure of the bots guide comes from a results file of ``benchmarks/results``, saved by
``ladder.py`` (JSON: pairs of bot kinds, each seating with its ``simulate`` seed) or by
``mcts_match.py`` (JSON Lines: one game per line, two bots (``MctsBot`` option sets
or bot kinds), the player count, 2 to 5, the shuffle and A's seat).  This plays the
same games with the code it runs on, each with the seeds of the saved one, prints the
saved summary and the new one, with the code each measured, and how many games came
out exactly as saved (the same scores, or the same margin for ``mcts_match.py``; old
ladder files kept no games, only their totals).
With the same code, every game comes out the same: a figure replicates exactly, and a
difference says the code plays otherwise.

Run (the first 5 shuffles of a pairing; ``--shuffles`` off plays all of them):

    python benchmarks/replicate.py benchmarks/results/ladder-2026-11-27-100v25-1.json \\
        --shuffles 5 --jobs 2
    python benchmarks/replicate.py \\
        benchmarks/results/mcts-match-2026-11-27-tree2-400v100.jsonl --shuffles 5 --jobs 2

``--save`` writes the new games in the format of the script that saved the old ones,
with the current code's record, so that ``--load`` reprints them.
"""

from __future__ import annotations

import argparse
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import ladder
import mcts_match
from fingerprint import code_label, code_record


def _same_code_line(saved: Any, options: Any) -> str:
    """The code the saved games measured and the code that replayed them."""
    now = code_record(options)
    return (f"saved: {code_label(saved)}\n"
            f"replayed: commit {now['commit'][:10]}{now['commit'][40:]}, source "
            f"{now['source']}")


def replicate_ladder(path: Path, pair: list[str] | None, shuffles: int | None,
                     jobs: int) -> tuple[str, dict[str, Any]]:
    """The saved pair of a ``ladder.py`` file (``pair``, or its only one) played again,
    each seating on its seed's first ``shuffles`` games (all when None): the report
    and the new entry."""
    entries = json.loads(path.read_text(encoding="utf-8"))["pairs"]
    pairs = {frozenset(entry["pair"]): entry for entry in ladder.joined(entries)}
    if pair is None and len(pairs) != 1:
        names = "; ".join(" ".join(entry["pair"]) for entry in pairs.values())
        raise ValueError(f"{path} holds {len(pairs)} pairs: choose one with --pair ({names})")
    key = frozenset(pair) if pair is not None else next(iter(pairs))
    if key not in pairs:
        raise ValueError(f"{path} holds no pair {' '.join(pair or [])}")
    saved = pairs[key]
    codes = [entry.get("code") for entry in entries if frozenset(entry["pair"]) == key]
    runs, same, compared = [], 0, 0
    for run in saved["runs"]:
        count = run["games"] if shuffles is None else min(shuffles, run["games"])
        new = ladder.simulate(tuple(run["bots"]), count, run["seed"], jobs)
        by_index = {game["index"]: game for game in run.get("games_played", [])}
        for game in new["games_played"]:
            old = by_index.get(game["index"])
            if old is not None:
                compared += 1
                same += old["scores"] == game["scores"]
        runs.append(new)
    entry = {"pair": saved["pair"], "code": code_record(saved["pair"]), "runs": runs}
    played = sum(run["games"] for run in runs)
    lines = [_same_code_line(codes[0], saved["pair"]), "",
             f"Saved ({ladder.games_of(saved)} games):", "", ladder.tables([saved]), "",
             f"Replayed on the current code ({played} games):", "", ladder.tables([entry]),
             ""]
    lines.append(f"{same} of {compared} games came out exactly as saved." if compared else
                 "The saved file kept no games, only their totals: compare the tables.")
    return "\n".join(lines), entry


def _replay(game: dict[str, Any]) -> dict[str, Any]:
    """A saved ``mcts_match.py`` game played again (a module-level function, for the
    worker processes)."""
    return mcts_match.play(game["a"], game["b"], game["shuffle"], game["a_seat"],
                           game.get("players", 2))


def replicate_match(path: Path, shuffles: int | None, jobs: int,
                    ) -> tuple[str, list[dict[str, Any]]]:
    """The saved games of a ``mcts_match.py`` file on their first ``shuffles`` shuffles
    (all when None) played again: the report and the new games."""
    saved = mcts_match.load_games([path])
    if not saved or "a" not in saved[0]:
        raise ValueError(f"{path} holds no games with their option sets")
    chosen = sorted({game["shuffle"] for game in saved})[:shuffles]
    saved = sorted((game for game in saved if game["shuffle"] in chosen),
                   key=lambda game: (game["shuffle"], game["a_seat"]))
    if jobs <= 1:
        new = [_replay(game) for game in saved]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            new = list(pool.map(_replay, saved))
    same = sum(old["margin"] == game["margin"] for old, game in zip(saved, new))
    options = mcts_match.bots_record(saved[0]["a"], saved[0]["b"],
                                     saved[0].get("players", 2))
    lines = [_same_code_line(saved[0].get("code"), options), "",
             f"Saved: {mcts_match.summary(saved)}",
             f"Replayed on the current code: {mcts_match.summary(new)}", "",
             f"{same} of {len(saved)} games came out exactly as saved (the same margin)."]
    return "\n".join(lines), new


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("saved", type=Path,
                        help="a results file of ladder.py (.json) or mcts_match.py (.jsonl)")
    parser.add_argument("--pair", nargs=2, metavar=("A", "B"),
                        help="the pair to play of a ladder file that holds several")
    parser.add_argument("--shuffles", type=int,
                        help="play only the first N shuffles (of each seating's seed for a "
                             "ladder file); default: all")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--save", type=Path, help="write the new games to this file")
    args = parser.parse_args()
    if (args.shuffles is not None and args.shuffles < 1) or args.jobs < 1:
        parser.error("--shuffles and --jobs must be at least 1")
    try:
        if args.saved.suffix == ".jsonl":
            if args.pair:
                parser.error("--pair chooses among the pairs of a ladder file")
            report, games = replicate_match(args.saved, args.shuffles, args.jobs)
            text = "".join(json.dumps(game) + "\n" for game in games)
        else:
            report, entry = replicate_ladder(args.saved, args.pair, args.shuffles, args.jobs)
            seeds = sorted({run["seed"] for run in entry["runs"]})
            text = json.dumps({"seed": seeds[0], "pairs": [entry]})
    except (OSError, ValueError, KeyError) as error:
        parser.error(f"cannot replicate {args.saved}: {error!r}"
                     if isinstance(error, KeyError) else f"cannot replicate: {error}")
    print(report)
    if args.save:
        args.save.write_text(text, encoding="utf-8")
        print(f"saved to {args.save}", file=sys.stderr)


if __name__ == "__main__":
    main()
