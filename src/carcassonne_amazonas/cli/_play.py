"""``play``: a game in the terminal between humans and bots, new or resumed from a record."""

from __future__ import annotations

import argparse
import os
import random
import shlex
import sys
from collections.abc import Sequence
from typing import TextIO

from .._support.i18n import Texts, texts
from ..ai.bots import BOT_KINDS, HUMAN, Bot, derive_seed, kind_name, make_bot
from ..formats.game import Game
from ..render.explain import results_text, variants_text
from ..render.text import board_text, tile_description
from ..rules.actions import TURN_END, Action
from ..rules.chance import sample_draw
from ..rules.players import colour
from ._common import (
    AddCommand,
    CliError,
    add_lang_option,
    add_rules_options,
    bot_kinds,
    bots_help,
    check_writable,
    int_in,
    lang_of,
    line_width,
    load_record,
    player_count,
    rules_clashes,
    rules_from_args,
    say,
    silence_output,
    wrapped,
    write_text,
)
from ._human import StopGame, UndoRequest, ask_human
from ._table import run_table
from ._turns import current_turn, record_origin, status, step_lines

__all__ = ["add_command", "run", "take_back"]


def add_command(add: AddCommand) -> None:
    """Add ``play`` to the tool's commands."""
    play = add(
        "play", help="play a game in the terminal (humans and/or bots), or resume one",
        description="A full game in the terminal. A human chooses from the numbered legal "
                    "actions or types one in notation (t-1,0,90, m0,1,2, c0,1,1, p, d82; a "
                    "piece's segment also by compass point: m0,1,E, c0,1,NE); "
                    "'help' at the prompt explains, 'undo' takes back your last decision. "
                    "End of input, 'quit' or Ctrl-C stop the game (the record is saved "
                    "with --save); --resume continues it.")
    play.add_argument("--players", type=int_in(2, 5, "the number of players"), metavar="N",
                      help="2 to 5 players (default: one per kind of a --bots list, else 2; "
                           "with --resume, the record's)")
    play.add_argument("--bots", metavar="LIST",
                      help=bots_help(BOT_KINDS, "human, then greedy"))
    play.add_argument("--seed", type=int_in(0, None, "the seed"), metavar="S",
                      help="shuffle and bot seed (default: a random one, printed); with "
                           "--resume only the bots' seed")
    play.add_argument("--save", metavar="FILE",
                      help="save the game record (JSON) to FILE, also when the game is "
                           "stopped; an existing FILE is kept unless --force is given")
    play.add_argument("--force", action="store_true",
                      help="let --save replace an existing file")
    play.add_argument("--resume", metavar="FILE",
                      help="continue the unfinished game saved in FILE, with its players, "
                           "rules and actions (rule options, if given, must be the "
                           "record's; --tileset names the file of a custom set); it is "
                           "saved back to FILE unless --save names another file")
    play.add_argument("--table", action="store_true",
                      help="keep the score of a game played with the box: type each tile "
                           "drawn by name (A3.2), then its placement and piece; 'undo' "
                           "takes back one entry at a time")
    add_rules_options(play)
    add_lang_option(play)
    play.set_defaults(func=run, parser=play)


def _game(args: argparse.Namespace, seed: int, t: Texts) -> tuple[Game, str]:
    """The game to play and the line that introduces it."""
    if args.resume is None:
        players = player_count(args, 2)
        game = Game.new(players, seed=seed, rules=rules_from_args(args))
        return game, t.gettext("{players} players, seed {seed}").format(players=players,
                                                                          seed=seed)
    record = load_record(args.resume, args.tileset)
    game = Game.from_record(record)
    if game.state.is_terminal:
        raise CliError(f"{args.resume}: the game is finished; "
                       f"'carcassonne-amazonas replay {args.resume}' shows it")
    if args.players is not None and args.players != record.num_players:
        raise CliError(f"--players {args.players}: the game in {args.resume} has "
                       f"{record.num_players} players")
    clashes = rules_clashes(args, record.rules)
    if clashes:
        raise CliError("; ".join(clashes) + f" (a resumed game keeps the rules saved in "
                       f"{args.resume}: leave the option out)")
    return game, t.gettext("resuming {file}: {players} players, {origin}, {actions} played; "
                           "bot seed {seed}").format(
        file=args.resume, players=record.num_players, origin=record_origin(record, t.lang),
        actions=t.count(len(game), "{n} action", "{n} actions"), seed=seed)


def _read(prompt: str) -> str:
    """A line of the human's input after ``prompt``; the prompt is lost, not the game,
    when nobody reads the output any more (a broken pipe)."""
    try:
        return input(prompt)
    except BrokenPipeError:
        silence_output(sys.stdout)
        return input()


def _last_human_choice(game: Game, kinds: Sequence[str]) -> int | None:
    """The index of the last action of ``game`` that a human player chose (not a draw,
    not a bot's move), None before any."""
    states = game.states
    for index in range(len(game) - 1, -1, -1):
        before = states[index]
        if not before.is_chance_node and kinds[before.current_player] == HUMAN:
            return index
    return None


def take_back(game: Game, kinds: Sequence[str]) -> list[tuple[int, Action]]:
    """Undo ``game``'s actions back to, and including, the last one a human player chose
    (``kinds[player]`` is ``human``) with :meth:`~carcassonne_amazonas.formats.game.Game.undo`:
    the bot moves and draws after it go too.  Returns the undone actions with the player
    of each, in the order they were played; empty (and nothing undone) when no human has
    chosen an action yet."""
    last = _last_human_choice(game, kinds)
    undone: list[tuple[int, Action]] = []
    while last is not None and len(game) > last:
        player = game.states[-2].current_player
        undone.append((player, game.undo()))
    return undone[::-1]


def _turn_heading(game: Game, kinds: Sequence[str], t: Texts) -> str:
    """The line that opens a turn: who plays, what they hold, how many tiles are left."""
    state = game.state
    player = state.current_player
    holds = (t.gettext("has {tile}").format(tile=tile_description(state.tile_in_hand, t.lang))
             if state.tile_in_hand is not None else t.gettext("draws a tile"))
    return "\n" + t.gettext("Turn {number}: {who} ({kind}) {holds}; {tiles} left to draw").format(
        number=current_turn(game.actions), who=colour(player, lang=t.lang),
        kind=kind_name(kinds[player], t.lang),
        holds=holds, tiles=t.count(state.tiles_left, "{n} tile", "{n} tiles"))


def _next_action(game: Game, kinds: Sequence[str], bots: Sequence[Bot | None],
                 draws: random.Random, out: TextIO, t: Texts) -> Action | None:
    """The next action of ``game``: the table's draw at a chance node, else the bot's or
    the human's choice; None when the human took back their last decision instead."""
    state = game.state
    if state.is_chance_node:
        return sample_draw(state, draws)  # exact: no float weights
    bot = bots[state.current_player]
    if bot is not None:
        return bot.choose(state)
    try:
        return ask_human(state, _read, out, can_undo=_last_human_choice(game, kinds) is not None,
                         lang=t.lang)
    except UndoRequest:
        undone = take_back(game, kinds)
        say(out, "\n" + t.gettext("Undone ({actions}): {list}").format(
            actions=t.count(len(undone), "{n} action", "{n} actions"),
            list=", ".join(f"{colour(p, lang=t.lang)} {a}" for p, a in undone)))
        return None


def _say_end(out: TextIO, game: Game, kinds: Sequence[str], stopped: str, t: Texts) -> None:
    """How the game ended: where it was ``stopped``, or the board and the results."""
    if stopped:
        say(out, "\n" + t.gettext("Game stopped ({why}) after {actions}, in turn {turn}; it is "
                                  "not finished.").format(
            why=stopped, actions=t.count(len(game), "{n} action", "{n} actions"),
            turn=current_turn(game.actions)))
        return
    say(out)
    say(out, board_text(game.state, legend=False, lang=t.lang))
    say(out)
    say(out, results_text(game.state, [kind_name(kind, t.lang) for kind in kinds],
                          lang=t.lang))


def run(args: argparse.Namespace) -> int:
    """Play the game; returns the exit code."""
    out: TextIO = sys.stdout
    t = texts(lang_of(args))
    if args.table:  # the players draw: _table
        target = _save_target(args)
        return run_table(args, _read,
                         lambda out, game, stopped: _keep(out, game, target, stopped, t))
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    game, intro = _game(args, seed, t)
    target = _save_target(args)
    players = game.state.num_players
    kinds = bot_kinds(args.parser, args.bots, players, [HUMAN] + ["greedy"] * (players - 1),
                      BOT_KINDS)
    bots = [make_bot(kind, derive_seed(seed, "bot", p)) for p, kind in enumerate(kinds)]
    draws = random.Random(derive_seed(seed, "draws"))  # the table's draws, explicit games
    who = ", ".join(f"{colour(p, lang=t.lang)} {kind_name(kind, t.lang)}"
                    for p, kind in enumerate(kinds))
    say(out, f"Carcassonne \u2013 Amazonas: {intro} ({who})")
    if variants_text(game.state.rules):
        say(out, variants_text(game.state.rules, lang=t.lang))
    if game.actions and not isinstance(game.actions[-1], TURN_END):
        say(out, "\n" + t.gettext("Turn {number}, resumed: {status}").format(
            number=current_turn(game.actions), status=status(game.state, game.actions, t.lang)))
    stopped = ""
    width = line_width(None)  # the terminal's; a pipe or a file is not wrapped
    try:
        while not game.state.is_terminal:
            state = game.state
            if not game.actions or isinstance(game.actions[-1], TURN_END):
                say(out, _turn_heading(game, kinds, t))
            action = _next_action(game, kinds, bots, draws, out, t)
            if action is None:  # the human took back their last decision
                continue
            game.play(action)
            for line in step_lines(state, action, game.last_events, t.lang):
                for part in wrapped(line, width, 6):
                    say(out, part)
    except EOFError:
        stopped = t.gettext("end of input")
    except KeyboardInterrupt:
        stopped = t.gettext("interrupted")
    except StopGame:
        stopped = t.gettext("stopped by the player")
    _say_end(out, game, kinds, stopped, t)
    _keep(out, game, target, stopped, t)
    return 0


def _save_target(args: argparse.Namespace) -> str | None:
    """The file the record goes to (``--save``, else ``--resume``), checked now, not after
    a whole game: writable, and not an existing file unless ``--force`` (or the file the
    game is resumed from)."""
    target: str | None = args.save or args.resume
    if args.save and args.save != args.resume and os.path.isfile(args.save) and not args.force:
        raise CliError(f"{args.save} exists: --force replaces it, or --save names another "
                       f"file ({_resume_hint(args.save, 'the game it holds')})")
    if target:
        check_writable(target, "game record")
    return target


def _resume_hint(path: str, game: str | None = None, *, t: Texts | None = None) -> str:
    """The one wording of how to continue the game saved in ``path`` (``game``: how it
    is named, ``it`` by default)."""
    t = t or texts()
    return t.gettext("--resume {file} continues {game}").format(
        file=shlex.quote(path), game=game or t.gettext("it"))


def _keep(out: TextIO, game: Game, target: str | None, stopped: str, t: Texts) -> None:
    """Save the record to ``target``, and say how to continue a stopped game; without a
    target, say how to keep one."""
    if target:
        write_text(target, game.record().to_json(), "game record")
        hint = f" ({_resume_hint(target, t=t)})" if stopped else ""
        say(out, t.gettext("Game record saved to {file}{hint}.").format(file=target, hint=hint))
    elif stopped:
        say(out, t.gettext("The game was not saved: start it with --save FILE to keep a stopped "
                           "game\n(then {hint}).").format(hint=_resume_hint("FILE", t=t)))
