"""``play --table``: the terminal keeps the score of a game played with the box.

The players draw the tiles from the box and type each one's name (``A3.2``, or its
layout's, ``A3``, when that leaves one tile to choose); then its placement and piece as
in ``play``.  The library does the rest and says what each step did.  ``undo`` takes
the last entry back, one at a time; ``--save`` keeps the record, ``--resume`` goes on
with one.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO

import attrs

from .._support.wording import plural
from ..errors import IllegalActionError, NotationError
from ..formats.game import Game
from ..render.explain import results_text, variants_text
from ..render.text import board_text, tile_description
from ..rules.actions import TURN_END, Action, DrawTile
from ..rules.chance import chance_outcomes
from ..rules.engine import apply_action, new_game
from ..rules.notation import parse_action
from ..rules.pile import Shuffle
from ..rules.players import colour
from ..rules.state import GameState
from ._common import CliError, load_record, player_count, rules_clashes, rules_from_args, say
from ._human import StopGame, UndoRequest, ask_human, show_position
from ._turns import current_turn, step_lines

__all__ = ["TABLE_HELP", "ask_draw", "drawn_tile", "run_table"]

TABLE_HELP = """\
Type the name of the tile drawn from the box, as the list writes it: S01.4, A3.2 (the
layout's name, S01 or A3, when the bag holds only one kind of that layout), or a draw
in notation, *17.
Other commands: list (the tiles left in the bag), board (show the board), help,
undo (take back the last entry, one at a time), quit (stop; with --save the record is
saved). End of input stops too."""


def _left(state: GameState) -> list[tuple[DrawTile, int]]:
    """The legal draws (:func:`~carcassonne_amazonas.rules.chance.chance_outcomes`) with
    how many identical copies of each are left in the pile."""
    counts: dict[object, int] = {}
    for tile in state.pile.tiles:
        counts[tile.design] = counts.get(tile.design, 0) + 1
    tileset = state.rules.tileset
    return [(action, counts.get(tileset.tile(action.tile).design, 0))
            for action, _ in chance_outcomes(state)]


def drawn_tile(state: GameState, text: str) -> DrawTile:
    """The draw that ``text`` names at chance node ``state``: a tile's name (``A3.2``;
    any copy of identical tiles names them all), a layout's name (``A3``) when one tile
    of it is left, or a draw in notation (``*17``).  ``ValueError`` with a message a
    player can act on otherwise; for a tile the rules do not let be drawn now, the
    library's message with its rule id (R-T1)."""
    tileset = state.rules.tileset
    if text.startswith("*"):
        try:
            action = parse_action(text)
        except NotationError as error:
            raise ValueError(f"not a draw: {error}") from None
        if not isinstance(action, DrawTile):
            raise ValueError(f"{text!r} is not a draw: type a tile's name such as S01.4")
        return _checked(state, action)
    for name in dict.fromkeys((text, text.upper())):
        try:
            return _checked(state, DrawTile(tileset.tile_named(name).id))
        except KeyError:
            pass
    for name in dict.fromkeys((text, text.upper())):
        try:
            layout = tileset.layout_named(name)
        except KeyError:
            continue
        found = [action for action, _ in _left(state)
                 if tileset.tile(action.tile).layout.name == layout.name]
        if not found:
            raise ValueError(f"no {layout.name} tile is left in the bag (R-T1); 'list' "
                             "shows the tiles left")
        if len(found) > 1:
            raise ValueError(f"the bag holds {len(found)} different {layout.name} tiles: "
                             + "; ".join(tile_description(tileset.tile(a.tile))
                                         for a in found) + "; type one's name")
        return found[0]
    raise ValueError(f"{text!r} names no tile of the set {tileset.name!r}: type a tile's "
                     "name such as S01.4 or A3.2; 'list' shows the tiles left")


def _checked(state: GameState, action: DrawTile) -> DrawTile:
    """``action``, or the draw of the copy that stands for the identical ones (R-T1);
    ``ValueError`` with the library's message for a tile not to be drawn now."""
    try:
        apply_action(state, action)
    except IllegalActionError as error:
        if error.code == "not-the-listed-copy":
            return DrawTile(state.pile.canonical(state.rules.tileset.tile(action.tile)).id)
        raise ValueError(f"Illegal: {error}") from None
    return action


def ask_draw(state: GameState, read: Callable[[str], str], out: TextIO, *,
             can_undo: bool) -> DrawTile:
    """The tile the players say was drawn; asks again after a name it cannot read or a
    tile not in the bag; :class:`~carcassonne_amazonas.cli._human.StopGame` on
    ``quit``, :class:`~carcassonne_amazonas.cli._human.UndoRequest` on ``undo`` when
    ``can_undo``."""
    player = colour(state.current_player)
    say(out, f"{player} draws a tile from the box: which one? ('list' shows the "
             f"{plural(state.tiles_left, 'tile')} left, 'help' explains)")
    while True:
        text = read(f"{player} drew> ").strip()
        word = text.lower()
        if word in ("help", "?", "h") or not text:
            say(out, TABLE_HELP)
        elif word in ("list", "l"):
            tileset = state.rules.tileset
            for action, count in _left(state):
                say(out, f"  {count} \u00d7 {tile_description(tileset.tile(action.tile))}")
        elif word in ("board", "b"):
            show_position(state, out)
        elif word in ("quit", "exit", "q"):
            raise StopGame
        elif word in ("undo", "u"):
            if can_undo:
                raise UndoRequest
            say(out, "Nothing to undo: nothing has been entered yet.")
        else:
            try:
                return drawn_tile(state, text)
            except ValueError as error:
                say(out, str(error))


def _table_game(args: argparse.Namespace) -> Game:
    """The game to keep: new (explicit draws), or resumed from ``--resume``."""
    if args.bots is not None or args.seed is not None:
        raise CliError("--table: the players at the table play every seat and draw the "
                       "tiles; leave out --bots and --seed")
    if args.resume is None:
        # The box's pile keeps no slice quotas (R-C7): uniform draws refuse no tile.
        rules = attrs.evolve(rules_from_args(args), shuffle=Shuffle.UNIFORM)
        return Game(new_game(player_count(args, 2), rules=rules, draws="explicit"))
    record = load_record(args.resume, args.tileset)
    if record.draws != "explicit":
        raise CliError(f"--table --resume {args.resume}: that game's tiles were drawn by "
                       "its seed; resume it without --table")
    clashes = rules_clashes(args, record.rules)
    if clashes:
        raise CliError("; ".join(clashes) + f" (a resumed game keeps the rules saved in "
                       f"{args.resume}: leave the option out)")
    game = Game.from_record(record)
    if game.state.is_terminal:
        raise CliError(f"{args.resume}: the game is finished; "
                       f"'carcassonne-amazonas replay {args.resume}' shows it")
    return game


def run_table(args: argparse.Namespace, read: Callable[[str], str],
              keep: Callable[[TextIO, Game, str], None]) -> int:
    """Keep the score of a table game (``play --table``); ``read`` reads a line after a
    prompt and ``keep`` saves the record (``play``'s)."""
    out: TextIO = sys.stdout
    game = _table_game(args)
    players = game.state.num_players
    say(out, f"Carcassonne \u2013 Amazonas at the table: {players} players "
             f"({', '.join(colour(p) for p in range(players))}); type the tiles you draw.")
    if variants_text(game.state.rules):
        say(out, variants_text(game.state.rules))
    stopped = ""
    try:
        while not game.state.is_terminal:
            state = game.state
            if not game.actions or isinstance(game.actions[-1], TURN_END):
                say(out, f"\nTurn {current_turn(game.actions)}: {colour(state.current_player)}")
            try:
                action: Action = (
                    ask_draw(state, read, out, can_undo=bool(game.actions))
                    if state.is_chance_node else
                    ask_human(state, read, out, can_undo=bool(game.actions)))
            except UndoRequest:
                player = game.states[-2].current_player
                say(out, f"\nUndone: {colour(player)} {game.undo()}")
                continue
            game.play(action)
            for line in step_lines(state, action, game.last_events):
                say(out, line)
    except EOFError:
        stopped = "end of input"
    except KeyboardInterrupt:
        stopped = "interrupted"
    except StopGame:
        stopped = "stopped by the player"
    if stopped:
        entries = plural(len(game), "entry", "entries")
        say(out, f"\nStopped ({stopped}) after {entries}; the game is not finished.")
    else:
        say(out)
        say(out, board_text(game.state, legend=False))
        say(out)
        say(out, results_text(game.state))
    keep(out, game, stopped)
    return 0
