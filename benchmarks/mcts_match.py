"""Two bots against each other, one in each seat in turn: 2 to 5 players.

``ladder.py`` plays the bot kinds of the command line (``mcts:N``) in 2-player games;
this plays any options of :class:`~carcassonne_amazonas.ai.mcts.MctsBot`, given as
JSON, so that a variant can be measured before it becomes a default, or a bot kind
(``greedy``, ``mcts``, ``mcts:100``: a JSON string, or bare), with 2 to 5 players
(``--players``).  Each shuffle is played once with A in each seat, the other seats all
B (each its own seed): twice with 2 players, A first and then B first, five times with
5.  A shared victory counts as A's share (1/2 of a win when A is one of two winners).
Every game is one line of a JSON Lines file (both bots, the player count, the shuffle
and the seed of its deal, A's seat, A's win and margin, both bots' processor time per
decision, and the code it measured: ``"code"``, the commit and a fingerprint of the
bots' code and the two bots, see ``fingerprint.py``), written as soon as it ends: a
long run can stop and go on later with ``--start`` past the shuffles it played, and
``--load`` checks saved games (one pair of bots and one player count, no game twice;
a line without ``"players"`` is a 2-player game) and prints their summary again
without playing: by default only the games measured on the current code, saying what
it left out and on which code that was measured (``--all`` includes them).  The
summary counts only shuffles played in every seating and states A's share of the
victories beside the fair share (1/N) when there are more than 2 players, and the
margin: A's score less B's with 2 players, less the mean of the others' scores with
more.  ``replicate.py`` plays saved games again on the current code.

The two-turn tree of ``docs/guides/bots.md`` was measured this way (the two chunks of
shuffles 8000 to 8049, saved in ``benchmarks/results/``):

    python benchmarks/mcts_match.py '{"iterations": 400, "tree_turns": 2}' \\
        '{"iterations": 100}' --start 8000 --shuffles 50 --jobs 2 --save games.jsonl
    python benchmarks/mcts_match.py --all --load \\
        benchmarks/results/mcts-match-2026-11-27-tree2-400v100.jsonl

With 3 and 5 players (3 and 5 games a shuffle), a budget against a smaller one and
the default MCTS player against the greedy one:

    python benchmarks/mcts_match.py --players 3 '{"iterations": 100}' \\
        '{"iterations": 25}' --start 30000 --shuffles 34 --jobs 2 --save games3.jsonl
    python benchmarks/mcts_match.py --players 5 mcts greedy --start 37000 \\
        --shuffles 20 --jobs 2 --save games5.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, TypeAlias

from fingerprint import code_record, is_current, left_out_note
from intervals import wilson

from carcassonne_amazonas import apply_action, new_game
from carcassonne_amazonas.ai.bots import HUMAN, Bot, derive_seed, make_bot, parse_bot_spec
from carcassonne_amazonas.ai.evaluation import Weights
from carcassonne_amazonas.ai.learned import learned_weights
from carcassonne_amazonas.ai.mcts import MctsBot

#: The label that derives each shuffle's seed (``derive_seed(label, shuffle)``).
SHUFFLE_LABEL = "match12"
#: What every saved game holds, with its type ("a" and "b", the bots, too, and
#: "players", 2 when absent); a float may be saved as an int, and the margin is one
#: with 2 players (A's score less B's).
FIELDS = {"shuffle": int, "a_seat": int, "win": float, "margin": float, "cpu_a": float,
          "cpu_b": float}
#: The player counts a match can have (R-C1).
PLAYER_COUNTS = range(2, 6)

#: A bot as a match takes it: MctsBot options (a JSON object) or a bot kind ("greedy").
BotChoice: TypeAlias = dict[str, Any] | str


def bot_options(options: dict[str, Any]) -> dict[str, Any]:
    """MctsBot's keyword arguments for a JSON option set: ``"weights"`` is ``"learned"``
    (the shipped :func:`~carcassonne_amazonas.ai.learned.learned_weights`) or an object
    of :class:`~carcassonne_amazonas.ai.evaluation.Weights` fields; the rest as given."""
    weights = options.get("weights")
    if weights is None:
        return options
    if weights == "learned":
        return {**options, "weights": learned_weights()}
    if isinstance(weights, dict):
        return {**options, "weights": Weights(**weights)}
    raise TypeError(f'weights: expected "learned" or an object of Weights fields, '
                    f"not {weights!r}")


def make(choice: BotChoice, seed: int) -> Bot:
    """The bot ``choice`` names, seeded with ``seed``: an ``MctsBot`` with the options of
    a dict, or :func:`~carcassonne_amazonas.ai.bots.make_bot`'s bot of a kind."""
    if isinstance(choice, str):
        bot = make_bot(choice, seed)
        if bot is None:
            raise ValueError(f"{HUMAN} is a person, not a bot: a match needs two bots")
        return bot
    return MctsBot(seed=seed, **bot_options(choice))


def bots_record(a: Any, b: Any, players: int) -> dict[str, Any]:
    """The bots of a match as its code record's fingerprint takes them: the two bots,
    and the player count when it is not 2 (2-player games keep their fingerprints)."""
    return {"a": a, "b": b} if players == 2 else {"a": a, "b": b, "players": players}


def play(a: BotChoice, b: BotChoice, shuffle: int, a_seat: int,
         players: int = 2) -> dict[str, Any]:
    """One ``players``-player game of the shuffle with A in ``a_seat`` and B in every
    other seat: A's result and both bots' times."""
    deal = derive_seed(SHUFFLE_LABEL, shuffle)
    state = new_game(players, seed=deal)
    bots = [make(a if seat == a_seat else b, derive_seed("bot", shuffle, a_seat, seat))
            for seat in range(players)]
    spent = [0.0] * players
    decisions = [0] * players
    while not state.is_terminal:
        seat = state.current_player
        started = time.process_time()
        action = bots[seat].choose(state)
        spent[seat] += time.process_time() - started
        decisions[seat] += 1
        state = apply_action(state, action)
    others = [seat for seat in range(players) if seat != a_seat]
    scores = state.scores
    margin: float = (scores[a_seat] - scores[others[0]] if players == 2 else
                     scores[a_seat] - sum(scores[seat] for seat in others) / len(others))
    return {"a": a, "b": b, "players": players, "shuffle": shuffle, "shuffle_seed": deal,
            "a_seat": a_seat,
            "win": 1 / len(state.winners) if a_seat in state.winners else 0.0,
            "margin": margin,
            "cpu_a": spent[a_seat] / max(1, decisions[a_seat]),
            "cpu_b": sum(spent[seat] for seat in others) / max(
                1, sum(decisions[seat] for seat in others)),
            "code": code_record(bots_record(a, b, players))}


def paired_games(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games of the shuffles played in every seating (both, with 2 players): the
    only ones a summary counts, so that no shuffle favours either bot."""
    players = games[0].get("players", 2) if games else 2
    seatings: dict[int, set[int]] = {}
    for game in games:
        seatings.setdefault(game["shuffle"], set()).add(game["a_seat"])
    return [game for game in games if len(seatings[game["shuffle"]]) == players]


def summary(games: list[dict[str, Any]]) -> str:
    """A's win share with its 95% Wilson interval (beside the fair share with more than
    2 players), the mean margin with its standard error, and the time per decision,
    over the shuffles played in every seating."""
    players = games[0].get("players", 2) if games else 2
    paired = paired_games(games)
    count = len(paired)
    if count < 2:
        return (f"{count} paired games: too few for a summary" if players == 2 else
                f"{count} games of shuffles played in all {players} seatings: too few "
                "for a summary")
    names = ""
    if "a" in paired[0]:
        names = f"A {json.dumps(paired[0]['a'])} against B {json.dumps(paired[0]['b'])}: "
    wins = sum(game["win"] for game in paired)
    low, high = wilson(wins, count)
    margins = [game["margin"] for game in paired]
    mean = sum(margins) / count
    error = math.sqrt(sum((m - mean) ** 2 for m in margins) / (count - 1) / count)
    cpu_a = sum(game["cpu_a"] for game in paired) / count
    cpu_b = sum(game["cpu_b"] for game in paired) / count
    shuffles = f"{count // players} shuffle{'s' if count > players else ''}"
    won = f"A won {100 * wins / count:.1f}% ({100 * low:.1f}–{100 * high:.1f}%)"
    if players == 2:
        return (f"{names}{count} games ({shuffles}, seats swapped): {won}, margin "
                f"{mean:+.1f} ± {error:.1f} points a game, {cpu_a:.2f} s / {cpu_b:.2f} s "
                "of processor time per decision (A / B)")
    return (f"{names}{count} {players}-player games ({shuffles}, A in each seat, B in "
            f"the others): {won}, the fair share {100 / players:.1f}%; margin (A's score "
            f"less the others' mean) {mean:+.1f} ± {error:.1f} points a game; "
            f"{_seconds(cpu_a)} / {_seconds(cpu_b)} of processor time per decision (A / B)")


def _seconds(spent: float) -> str:
    """A time per decision: in milliseconds below a tenth of a second (greedy's)."""
    return f"{spent:.2f} s" if spent >= 0.1 else f"{1000 * spent:.1f} ms"


def checked_options(parser: argparse.ArgumentParser, text: str) -> BotChoice:
    """The bot ``text`` names: MctsBot options (a JSON object) or a bot kind (a JSON
    string, or bare: ``greedy``, ``mcts:100``); the parser's error before any game is
    played when it is neither."""
    try:
        try:
            choice = json.loads(text)
        except ValueError:
            if text.lstrip()[:1] in ("{", '"'):
                raise
            choice = text  # a bare kind: greedy, mcts:100
        if isinstance(choice, str):
            if parse_bot_spec(choice).kind == HUMAN:
                raise ValueError(f"{HUMAN} is a person, not a bot")
            make(choice, 0)
            return choice
        if not isinstance(choice, dict):
            raise TypeError("give a JSON object of options or a bot kind")
        if "seed" in choice or "rng" in choice:
            raise TypeError("each game seeds its bots itself: leave out seed and rng")
        MctsBot(**bot_options(choice))
    except (ValueError, TypeError) as error:  # json's decode error is a ValueError
        parser.error(f"bad bot {text} (MctsBot options or a bot kind): {error}")
    return choice


def _checked_game(game: Any, where: str) -> dict[str, Any]:
    """A saved game's line read as JSON, checked for every field of :data:`FIELDS`, a
    player count of :data:`PLAYER_COUNTS` and A's seat among them."""
    if not isinstance(game, dict) or any(
            not isinstance(game.get(name), kind) and not (
                kind is float and isinstance(game.get(name), int))
            for name, kind in FIELDS.items()):
        raise ValueError(f"{where}: not a saved game (it needs {', '.join(FIELDS)})")
    players = game.get("players", 2)
    if not isinstance(players, int) or players not in PLAYER_COUNTS:
        raise ValueError(f"{where}: players must be 2 to 5, not {players!r}")
    if not 0 <= game["a_seat"] < players:
        raise ValueError(f"{where}: A's seat {game['a_seat']} is not one of a "
                         f"{players}-player game")
    return game


def load_games(paths: list[Path]) -> list[dict[str, Any]]:
    """The games saved in ``paths``, checked: each line a game with every field of
    :data:`FIELDS`, one pair of bots and one player count throughout (a line without
    ``"players"`` is a 2-player game), no shuffle and seat twice.  Raises
    ``ValueError`` (or ``OSError`` for a file that cannot be read) saying where."""
    games: list[dict[str, Any]] = []
    seen: set[tuple[int, int]] = set()
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            where = f"{path}, line {number}"
            try:
                game = _checked_game(json.loads(line), where)
            except json.JSONDecodeError as error:
                raise ValueError(f"{where}: not JSON ({error})") from None
            key = (game["shuffle"], game["a_seat"])
            if key in seen:
                raise ValueError(f"{where}: shuffle {key[0]} with A in seat {key[1]} again")
            seen.add(key)
            if games and (game.get("a"), game.get("b")) != (games[0].get("a"),
                                                            games[0].get("b")):
                raise ValueError(f"{where}: other option sets than the first game's")
            first = games[0].get("players", 2) if games else None
            if first is not None and game.get("players", 2) != first:
                raise ValueError(f"{where}: a {game.get('players', 2)}-player game after "
                                 f"{first}-player ones (keep one player count a file)")
            games.append(game)
    return games


def current_games(games: list[dict[str, Any]], everything: bool,
                  ) -> tuple[list[dict[str, Any]], str]:
    """The saved games measured on the current code (all of them when ``everything``)
    and a note on the others: how many, on which code."""
    current = [is_current(game.get("code"), bots_record(game.get("a"), game.get("b"),
                                                        game.get("players", 2)))
               for game in games]
    note = left_out_note([game.get("code") for game, now in zip(games, current)
                          if not now], "games")
    if everything or not note:
        return games, note.replace("Left out", "Included").replace(
            ", --all includes them:", ":")
    return [game for game, now in zip(games, current) if now], note


def play_all(args: argparse.Namespace, a: BotChoice, b: BotChoice,
             players: int) -> list[dict[str, Any]]:
    """Every shuffle with A in every seat, each game saved as soon as it ends."""
    games = []
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(play, a, b, shuffle, seat, players)
                   for shuffle in range(args.start, args.start + args.shuffles)
                   for seat in range(players)]
        for future in as_completed(futures):
            game = future.result()
            games.append(game)
            if args.save:
                with args.save.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(game) + "\n")
            margin = game["margin"]
            shown = f"{margin:+d}" if isinstance(margin, int) else f"{margin:+.2f}"
            print(f"  shuffle {game['shuffle']}, A in seat {game['a_seat']}: {shown}",
                  file=sys.stderr, flush=True)
    return games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    bot_help = ("'s bot: MctsBot options as a JSON object ('{\"iterations\": 100}'), or a "
                "bot kind, bare or as a JSON string (greedy, random, mcts, mcts:100)")
    parser.add_argument("a", nargs="?", help="A" + bot_help)
    parser.add_argument("b", nargs="?", help="B" + bot_help + "; B plays every seat but A's")
    parser.add_argument("--players", type=int,
                        help="players in a game, 2 to 5 (default 2); each shuffle is played "
                             "once with A in each seat")
    parser.add_argument("--start", type=int, default=0, help="the first shuffle")
    parser.add_argument("--shuffles", type=int, default=10,
                        help="shuffles to play, each with A in every seat (--players "
                             "games a shuffle)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--save", type=Path, help="append each game to this JSON Lines file")
    parser.add_argument("--load", type=Path, action="append",
                        help="print the summary of saved games instead of playing "
                             "(repeatable: the files are joined; one pair of bots and "
                             "one player count); only those measured on the current code")
    parser.add_argument("--all", action="store_true",
                        help="with --load: include the games measured on other code")
    args = parser.parse_args()
    if args.load:
        if args.a is not None or args.save or args.players is not None:
            parser.error("--load prints saved games: it takes no bots, no --players "
                         "and no --save")
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
        parser.error("give A's and B's bots (or --load)")
    if args.shuffles < 1 or args.jobs < 1:
        parser.error("--shuffles and --jobs must be at least 1")
    players = 2 if args.players is None else args.players
    if players not in PLAYER_COUNTS:
        parser.error(f"--players must be 2 to 5 (R-C1), not {players}")
    a, b = checked_options(parser, args.a), checked_options(parser, args.b)
    print(summary(play_all(args, a, b, players)))


if __name__ == "__main__":
    main()
