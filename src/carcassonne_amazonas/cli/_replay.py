"""``replay`` and ``render``: a saved game turn by turn in words, or its board as SVG."""

from __future__ import annotations

import argparse
import pathlib
import sys

from .._support.i18n import texts
from ..render.explain import results_text, variants_text
from ..render.svg import board_svg
from ..render.text import board_text, players_text, tile_description
from ..rules.players import colour
from ._common import (
    AddCommand,
    CliError,
    add_lang_option,
    int_in,
    lang_of,
    line_width,
    load_record,
    wrapped,
    write_text,
)
from ._turns import record_origin, state_after_turn, status, step_lines, stop_point, turns_of

__all__ = ["add_commands", "run_render", "run_replay"]

#: Where an action's explanation starts in a replay line (after the notation column).
_TEXT_COLUMN = 13


def add_commands(add: AddCommand) -> None:
    """Add ``replay`` and ``render`` to the tool's commands."""
    turn = int_in(0, None, "the turn")
    rep = add(
        "replay", help="print a saved game turn by turn, explaining every score",
        description="Print a game record turn by turn (a turn: the tile placement through "
                    "the piece step), explaining every point, boat move and scoring, then "
                    "the board; says whether the game is finished.")
    rep.add_argument("file", metavar="FILE", help="a game record (JSON)")
    rep.add_argument("--turn", type=turn, metavar="K",
                     help="stop after turn K and show the board then (0: the setup)")
    rep.add_argument("--width", type=int_in(0, None, "the width"), metavar="COLUMNS",
                     help="wrap lines to COLUMNS characters (0: never; default: the "
                          "terminal's width, or $COLUMNS, and no wrapping into a pipe)")
    rep.add_argument("--tileset", metavar="FILE",
                     help="the tile-set file, for records made with a custom set")
    add_lang_option(rep)
    rep.set_defaults(func=run_replay, parser=rep)

    ren = add(
        "render", help="draw the board of a saved game as SVG",
        description="Write an SVG picture of a game record's board (river, tiles, icons, "
                    "pieces, boats) at the end or after turn K; says whether the game is "
                    "finished.")
    ren.add_argument("file", metavar="FILE", help="a game record (JSON)")
    ren.add_argument("--svg", metavar="OUT",
                     help="the SVG file to write (default: FILE with the suffix .svg, "
                          "game.json -> game.svg; '-': standard output, and the summary "
                          "line on standard error)")
    ren.add_argument("--turn", type=turn, metavar="K", help="draw the board after turn K")
    ren.add_argument("--cell-size", type=int_in(8, 1000, "the cell size"), default=64,
                     metavar="PX", help="pixels per cell (default 64)")
    ren.add_argument("--tileset", metavar="FILE",
                     help="the tile-set file, for records made with a custom set")
    add_lang_option(ren)
    ren.set_defaults(func=run_render, parser=ren)


def run_replay(args: argparse.Namespace) -> int:
    """Print the record turn by turn; returns the exit code."""
    record = load_record(args.file, args.tileset)
    initial = record.initial_state()
    turns = turns_of(initial, record.actions)
    width = line_width(args.width)
    try:
        final = state_after_turn(initial, turns, args.turn)
    except ValueError as error:
        raise CliError(str(error)) from None
    last = turns[-1].after if turns else initial
    lang = lang_of(args)
    t = texts(lang)

    def show(line: str, indent: int) -> None:
        for part in wrapped(line, width, indent):
            print(part)

    variants = variants_text(record.rules, lang=lang)
    show(t.gettext("{file}: {players} players, tile set {tileset}, {origin}; {actions} in "
                   "{turns}; {status}").format(
             file=args.file, players=record.num_players, tileset=repr(record.rules.tileset.name),
             origin=record_origin(record, lang),
             actions=t.count(len(record.actions), "{n} action", "{n} actions"),
             turns=t.count(len(turns), "{n} turn", "{n} turns"),
             status=status(last, record.actions, lang))
         + (t.pgettext("separator", "; ") + variants if variants else ""), 2)
    for turn in turns if args.turn is None else turns[:args.turn]:
        tile = turn.before.tile_in_hand
        who = colour(turn.player, lang=lang)
        print()
        show(t.gettext("Turn {number}: {who} with {tile}").format(
                 number=turn.number, who=who, tile=tile_description(tile, lang))
             if tile is not None else
             t.gettext("Turn {number}: {who}").format(number=turn.number, who=who), 2)
        for step in turn.steps:
            for line in step_lines(step.before, step.action, step.events, lang):
                show(line, _TEXT_COLUMN)
        scores = ", ".join(f"{colour(p, lang=lang)} {s}"
                           for p, s in enumerate(turn.after.scores))
        show(f"  {'':<10} " + t.gettext("scores: {scores}").format(scores=scores),
             _TEXT_COLUMN)
    print()
    print(t.gettext("The board at the end:") if args.turn is None
          else t.gettext("The board after turn {turn}:").format(turn=args.turn))
    print(board_text(final, legend=False, lang=lang))
    print(players_text(final, lang=lang))
    if final.is_terminal:
        print()
        print(results_text(final, lang=lang))
    elif args.turn is None:
        print()
        show(t.gettext("The game is not finished: {where}.").format(
            where=stop_point(final, record.actions, lang)), 2)
    return 0


def run_render(args: argparse.Namespace) -> int:
    """Write the SVG of the board; returns the exit code."""
    record = load_record(args.file, args.tileset)
    initial = record.initial_state()
    turns = turns_of(initial, record.actions)
    try:
        state = state_after_turn(initial, turns, args.turn)
    except ValueError as error:
        raise CliError(str(error)) from None
    lang = lang_of(args)
    t = texts(lang)
    picture = board_svg(state, cell_size=args.cell_size, lang=lang)
    if args.svg is None:
        args.svg = str(pathlib.Path(args.file).with_suffix(".svg"))
    to_stdout = args.svg == "-"
    if to_stdout:
        sys.stdout.write(picture)
        sys.stdout.flush()
    else:
        write_text(args.svg, picture, "SVG file")
    summary = sys.stderr if to_stdout else sys.stdout  # never mixed into the picture
    label = (t.gettext("the board at the end") if args.turn is None
             else t.gettext("the board after turn {turn}").format(turn=args.turn))
    pieces = sum(1 for _ in state.pieces())
    print(t.gettext("{file}: {board} ({placed}, {pieces})").format(
        file=t.gettext("the SVG") if to_stdout else args.svg, board=label,
        placed=t.count(len(state.board) - 1, "{n} tile placed", "{n} tiles placed"),
        pieces=t.count(pieces, "{n} piece", "{n} pieces")), file=summary)
    last = turns[-1].after if turns else initial
    if not last.is_terminal:
        print(t.gettext("{file}: the game is {status}").format(
            file=args.file, status=status(last, record.actions, lang)), file=summary)
    return 0
