"""``play --table``: the terminal keeps the score of a game played with the box.

The players draw the tiles from the box and type each one's name (``S01.4``, or
its layout's, ``S01``, when that leaves one tile to choose); then its placement and piece as
in ``play``.  The library does the rest and says what each step did.  ``undo`` takes
the last entry back, one at a time; ``--save`` keeps the record, ``--resume`` goes on
with one.  Every word is in the chosen language (``--lang``, or the locale).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO

import attrs

from .._support.i18n import Texts, texts
from ..errors import IllegalActionError, NotationError
from ..formats.game import Game
from ..render.explain import refusal_text, results_text, variants_text
from ..render.text import board_text, tile_description
from ..rules.actions import TURN_END, Action, DrawTile
from ..rules.chance import chance_outcomes
from ..rules.engine import apply_action, new_game
from ..rules.notation import parse_action
from ..rules.pile import Shuffle
from ..rules.players import colour
from ..rules.state import GameState
from ._common import (
    CliError,
    lang_of,
    load_record,
    player_count,
    rules_clashes,
    rules_from_args,
    say,
)
from ._human import StopGame, UndoRequest, ask_human, show_position
from ._turns import current_turn, step_lines

__all__ = ["ask_draw", "drawn_tile", "run_table", "table_help"]


def table_help(lang: str | None = None) -> str:
    """What ``help`` at the table's prompt says: how to name a tile and the commands, in
    ``lang``."""
    return texts(lang).gettext("""\
Type the name of the tile drawn from the box, as the list writes it: S01.4, A3.2 (the
layout's name, S01, when the bag holds only one kind of that layout), or a draw
in notation, *17.
Other commands: list (the tiles left in the bag), board (show the board), help,
undo (take back the last entry, one at a time), quit (stop; with --save the record is
saved). End of input stops too.""")


def _left(state: GameState) -> list[tuple[DrawTile, int]]:
    """The legal draws (:func:`~carcassonne_amazonas.rules.chance.chance_outcomes`) with
    how many identical copies of each are left in the pile."""
    counts: dict[object, int] = {}
    for tile in state.pile.tiles:
        counts[tile.design] = counts.get(tile.design, 0) + 1
    tileset = state.rules.tileset
    return [(action, counts.get(tileset.tile(action.tile).design, 0))
            for action, _ in chance_outcomes(state)]


def drawn_tile(state: GameState, text: str, lang: str | None = None) -> DrawTile:
    """The draw that ``text`` names at chance node ``state``: a tile's name (``A3.2``;
    any copy of identical tiles names them all), a layout's name (``S01``) when one tile
    of it is left, or a draw in notation (``*17``).  ``ValueError`` with a message a
    player can act on otherwise, in ``lang``; for a tile the rules do not let be drawn
    now, the library's refusal with its rule id (R-T1)."""
    t = texts(lang)
    tileset = state.rules.tileset
    if text.startswith("*"):
        try:
            action = parse_action(text)
        except NotationError:
            raise ValueError(t.gettext("{text} is not a draw: type * and a tile's number, "
                                       "such as *17").format(text=repr(text))) from None
        if not isinstance(action, DrawTile):
            raise ValueError(t.gettext("{text} is not a draw: type a tile's name such as "
                                       "S01.4").format(text=repr(text)))
        return _checked(state, action, t)
    for name in dict.fromkeys((text, text.upper())):
        try:
            return _checked(state, DrawTile(tileset.tile_named(name).id), t)
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
            raise ValueError(t.gettext("no {layout} tile is left in the bag (R-T1); 'list' "
                                       "shows the tiles left").format(layout=layout.name))
        if len(found) > 1:
            tiles = "; ".join(tile_description(tileset.tile(a.tile), t.lang) for a in found)
            raise ValueError(t.gettext("the bag holds {count} different {layout} tiles: "
                                       "{tiles}; type one's name").format(
                count=len(found), layout=layout.name, tiles=tiles))
        return found[0]
    raise ValueError(t.gettext("{text} names no tile of the set {tileset}: type a tile's "
                               "name such as S01.4 or A3.2; 'list' shows the tiles left")
                     .format(text=repr(text), tileset=repr(tileset.name)))


def _checked(state: GameState, action: DrawTile, t: Texts) -> DrawTile:
    """``action``, or the draw of the copy that stands for the identical ones (R-T1);
    ``ValueError`` with the library's refusal for a tile not to be drawn now."""
    try:
        apply_action(state, action)
    except IllegalActionError as error:
        if error.code == "not-the-listed-copy":
            return DrawTile(state.pile.canonical(state.rules.tileset.tile(action.tile)).id)
        raise ValueError(t.gettext("Illegal: {error}").format(
            error=refusal_text(error, lang=t.lang))) from None
    return action


def ask_draw(state: GameState, read: Callable[[str], str], out: TextIO, *,
             can_undo: bool, lang: str | None = None) -> DrawTile:
    """The tile the players say was drawn; asks again after a name it cannot read or a
    tile not in the bag; :class:`~carcassonne_amazonas.cli._human.StopGame` on
    ``quit``, :class:`~carcassonne_amazonas.cli._human.UndoRequest` on ``undo`` when
    ``can_undo``.  Its words are in ``lang`` (the commands stay as they are)."""
    t = texts(lang)
    player = colour(state.current_player, lang=lang)
    say(out, t.gettext("{who} draws a tile from the box: which one? ('list' shows the "
                       "{tiles} left, 'help' explains)").format(
        who=player, tiles=t.count(state.tiles_left, "{n} tile", "{n} tiles")))
    while True:
        text = read(t.gettext("{who} drew> ").format(who=player)).strip()
        word = text.lower()
        if word in ("help", "?", "h") or not text:
            say(out, table_help(lang))
        elif word in ("list", "l"):
            tileset = state.rules.tileset
            for action, count in _left(state):
                say(out, f"  {count} \u00d7 "
                         f"{tile_description(tileset.tile(action.tile), lang)}")
        elif word in ("board", "b"):
            show_position(state, out, lang)
        elif word in ("quit", "exit", "q"):
            raise StopGame
        elif word in ("undo", "u"):
            if can_undo:
                raise UndoRequest
            say(out, t.gettext("Nothing to undo: nothing has been entered yet."))
        else:
            try:
                return drawn_tile(state, text, lang)
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
    lang = lang_of(args)
    t = texts(lang)
    game = _table_game(args)
    players = game.state.num_players
    say(out, t.gettext("Carcassonne \u2013 Amazonas at the table: {players} ({colours}); "
                       "type the tiles you draw.").format(
        players=t.count(players, "{n} player", "{n} players"),
        colours=", ".join(colour(p, lang=lang) for p in range(players))))
    variants = variants_text(game.state.rules, lang=lang)
    if variants:
        say(out, variants)
    stopped = ""
    try:
        _play_entries(game, read, out, t)
    except EOFError:
        stopped = t.gettext("end of input")
    except KeyboardInterrupt:
        stopped = t.gettext("interrupted")
    except StopGame:
        stopped = t.gettext("stopped by the player")
    if stopped:
        entries = t.count(len(game), "{n} entry", "{n} entries")
        say(out, "\n" + t.gettext("Stopped ({why}) after {entries}; the game is not "
                                  "finished.").format(why=stopped, entries=entries))
    else:
        say(out)
        say(out, board_text(game.state, legend=False, lang=lang))
        say(out)
        say(out, results_text(game.state, lang=lang))
    keep(out, game, stopped)
    return 0


def _play_entries(game: Game, read: Callable[[str], str], out: TextIO, t: Texts) -> None:
    """The players' entries until the game ends, each explained, in the language of ``t``;
    ``undo`` takes the last one back."""
    lang = t.lang
    while not game.state.is_terminal:
        state = game.state
        if not game.actions or isinstance(game.actions[-1], TURN_END):
            say(out, "\n" + t.gettext("Turn {number}: {who}").format(
                number=current_turn(game.actions), who=colour(state.current_player, lang=lang)))
        try:
            action: Action = (
                ask_draw(state, read, out, can_undo=bool(game.actions), lang=lang)
                if state.is_chance_node else
                ask_human(state, read, out, can_undo=bool(game.actions), lang=lang))
        except UndoRequest:
            player = game.states[-2].current_player
            say(out, "\n" + t.gettext("Undone: {who} {action}").format(
                who=colour(player, lang=lang), action=game.undo()))
            continue
        game.play(action)
        for line in step_lines(state, action, game.last_events, lang):
            say(out, line)
