"""Two option sets of the MCTS player against each other: 2-player games, seats swapped.

``ladder.py`` plays the bot kinds of the command line (``mcts:N``); this plays any
options of :class:`~carcassonne_amazonas.ai.mcts.MctsBot`, given as JSON, so that a
variant can be measured before it becomes a default.  Each shuffle is played twice,
A first and then B first; a shared victory counts 1/2.  Every game is one line of a
JSON Lines file (both option sets, the shuffle and the seed of its deal, A's seat, A's
win and margin, both bots' processor time per decision, and the code it measured:
``"code"``, the commit and a fingerprint of the bots' code and the two option sets,
see ``fingerprint.py``), written as soon as it ends: a long run can stop and go on
later with ``--start`` past the shuffles it played, and ``--load`` checks saved games
(one pair of option sets, no game twice) and prints their summary again without
playing: by default only the games measured on the current code, saying what it left
out and on which code that was measured (``--all`` includes them).  The summary counts
only shuffles with both seatings played.  ``replicate.py`` plays saved games again on
the current code.

The two-turn tree of ``docs/guides/bots.md`` was measured this way (the two chunks of
shuffles 8000 to 8049, saved in ``benchmarks/results/``):

    python benchmarks/mcts_match.py '{"iterations": 400, "tree_turns": 2}' \\
        '{"iterations": 100}' --start 8000 --shuffles 50 --jobs 2 --save games.jsonl
    python benchmarks/mcts_match.py --all --load \\
        benchmarks/results/mcts-match-2026-11-27-tree2-400v100.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from fingerprint import code_record, is_current, left_out_note
from intervals import wilson

from carcassonne_amazonas import apply_action, new_game
from carcassonne_amazonas.ai.bots import derive_seed
from carcassonne_amazonas.ai.mcts import MctsBot

#: The label that derives each shuffle's seed (``derive_seed(label, shuffle)``).
SHUFFLE_LABEL = "match12"
#: What every saved game holds, with its type ("a" and "b", the option sets, too).
FIELDS = {"shuffle": int, "a_seat": int, "win": float, "margin": int, "cpu_a": float,
          "cpu_b": float}


def play(a_options: dict[str, Any], b_options: dict[str, Any], shuffle: int,
         a_seat: int) -> dict[str, Any]:
    """One game of the shuffle with A in ``a_seat``; A's result and both bots' times."""
    deal = derive_seed(SHUFFLE_LABEL, shuffle)
    state = new_game(2, seed=deal)
    options = [b_options, b_options]
    options[a_seat] = a_options
    bots = [MctsBot(seed=derive_seed("bot", shuffle, a_seat, seat), **options[seat])
            for seat in range(2)]
    spent = [0.0, 0.0]
    decisions = [0, 0]
    while not state.is_terminal:
        seat = state.current_player
        started = time.process_time()
        action = bots[seat].choose(state)
        spent[seat] += time.process_time() - started
        decisions[seat] += 1
        state = apply_action(state, action)
    b_seat = 1 - a_seat
    return {"a": a_options, "b": b_options, "shuffle": shuffle, "shuffle_seed": deal,
            "a_seat": a_seat,
            "win": 1 / len(state.winners) if a_seat in state.winners else 0.0,
            "margin": state.scores[a_seat] - state.scores[b_seat],
            "cpu_a": spent[a_seat] / max(1, decisions[a_seat]),
            "cpu_b": spent[b_seat] / max(1, decisions[b_seat]),
            "code": code_record({"a": a_options, "b": b_options})}


def summary(games: list[dict[str, Any]]) -> str:
    """A's win share with its 95% Wilson interval, the mean margin with its standard
    error, and the time per decision, over the shuffles played in both seatings."""
    seatings: dict[int, set[int]] = {}
    for game in games:
        seatings.setdefault(game["shuffle"], set()).add(game["a_seat"])
    paired = [game for game in games if len(seatings[game["shuffle"]]) == 2]
    count = len(paired)
    if count < 2:
        return f"{count} paired games: too few for a summary"
    players = ""
    if "a" in paired[0]:
        players = f"A {json.dumps(paired[0]['a'])} against B {json.dumps(paired[0]['b'])}: "
    wins = sum(game["win"] for game in paired)
    low, high = wilson(wins, count)
    margins = [game["margin"] for game in paired]
    mean = sum(margins) / count
    error = math.sqrt(sum((m - mean) ** 2 for m in margins) / (count - 1) / count)
    cpu_a = sum(game["cpu_a"] for game in paired) / count
    cpu_b = sum(game["cpu_b"] for game in paired) / count
    shuffles = f"{count // 2} shuffle{'s' if count > 2 else ''}"
    return (f"{players}{count} games ({shuffles}, seats swapped): A won "
            f"{100 * wins / count:.1f}% ({100 * low:.1f}–{100 * high:.1f}%), margin "
            f"{mean:+.1f} ± {error:.1f} points a game, {cpu_a:.2f} s / {cpu_b:.2f} s of "
            "processor time per decision (A / B)")


def checked_options(parser: argparse.ArgumentParser, text: str) -> dict[str, Any]:
    """The options a JSON object gives, or the parser's error before any game is played."""
    try:
        options = json.loads(text)
        if not isinstance(options, dict):
            raise TypeError("the options must be a JSON object")
        if "seed" in options or "rng" in options:
            raise TypeError("each game seeds its bots itself: leave out seed and rng")
        MctsBot(**options)
    except (ValueError, TypeError) as error:  # json's decode error is a ValueError
        parser.error(f"bad MctsBot options {text}: {error}")
    return options


def load_games(paths: list[Path]) -> list[dict[str, Any]]:
    """The games saved in ``paths``, checked: each line a game with every field of
    :data:`FIELDS`, one pair of option sets throughout, no shuffle and seat twice.
    Raises ``ValueError`` (or ``OSError`` for a file that cannot be read) saying where."""
    games: list[dict[str, Any]] = []
    seen: set[tuple[int, int]] = set()
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            where = f"{path}, line {number}"
            try:
                game = json.loads(line)
            except ValueError as error:
                raise ValueError(f"{where}: not JSON ({error})") from None
            if not isinstance(game, dict) or any(
                    not isinstance(game.get(name), kind) and not (
                        kind is float and isinstance(game.get(name), int))
                    for name, kind in FIELDS.items()):
                raise ValueError(f"{where}: not a saved game (it needs {', '.join(FIELDS)})")
            key = (game["shuffle"], game["a_seat"])
            if key in seen:
                raise ValueError(f"{where}: shuffle {key[0]} with A in seat {key[1]} again")
            seen.add(key)
            if games and (game.get("a"), game.get("b")) != (games[0].get("a"),
                                                            games[0].get("b")):
                raise ValueError(f"{where}: other option sets than the first game's")
            games.append(game)
    return games


def current_games(games: list[dict[str, Any]], everything: bool,
                  ) -> tuple[list[dict[str, Any]], str]:
    """The saved games measured on the current code (all of them when ``everything``)
    and a note on the others: how many, on which code."""
    current = [is_current(game.get("code"), {"a": game.get("a"), "b": game.get("b")})
               for game in games]
    note = left_out_note([game.get("code") for game, now in zip(games, current)
                          if not now], "games")
    if everything or not note:
        return games, note.replace("Left out", "Included").replace(
            ", --all includes them:", ":")
    return [game for game, now in zip(games, current) if now], note


def play_all(args: argparse.Namespace, a_options: dict[str, Any],
             b_options: dict[str, Any]) -> list[dict[str, Any]]:
    """Every shuffle in both seatings, each game saved as soon as it ends."""
    games = []
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(play, a_options, b_options, shuffle, seat)
                   for shuffle in range(args.start, args.start + args.shuffles)
                   for seat in (0, 1)]
        for future in as_completed(futures):
            game = future.result()
            games.append(game)
            if args.save:
                with args.save.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(game) + "\n")
            print(f"  shuffle {game['shuffle']}, A in seat {game['a_seat']}: "
                  f"{game['margin']:+d}", file=sys.stderr, flush=True)
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", nargs="?", help="A's MctsBot options, as a JSON object")
    parser.add_argument("b", nargs="?", help="B's MctsBot options, as a JSON object")
    parser.add_argument("--start", type=int, default=0, help="the first shuffle")
    parser.add_argument("--shuffles", type=int, default=10,
                        help="shuffles to play, each in both seatings")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--save", type=Path, help="append each game to this JSON Lines file")
    parser.add_argument("--load", type=Path, action="append",
                        help="print the summary of saved games instead of playing "
                             "(repeatable: the files are joined); only those measured "
                             "on the current code")
    parser.add_argument("--all", action="store_true",
                        help="with --load: include the games measured on other code")
    args = parser.parse_args()
    if args.load:
        if args.a is not None or args.save:
            parser.error("--load prints saved games: it takes no options and no --save")
        try:
            games, note = current_games(load_games(args.load), args.all)
        except (OSError, ValueError) as error:  # json's decode error is a ValueError
            parser.error(f"cannot load the games: {error}")
        shown = summary(games) if games else (
            "No saved games were measured on the current code.")
        print(f"{note}\n\n{shown}" if note else shown)
        return
    if args.all:
        parser.error("--all goes with --load")
    if args.a is None or args.b is None:
        parser.error("give A's and B's options (or --load)")
    if args.shuffles < 1 or args.jobs < 1:
        parser.error("--shuffles and --jobs must be at least 1")
    a_options, b_options = checked_options(parser, args.a), checked_options(parser, args.b)
    print(summary(play_all(args, a_options, b_options)))


if __name__ == "__main__":
    main()
