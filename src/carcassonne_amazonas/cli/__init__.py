"""The command-line tool ``carcassonne-amazonas`` (also ``python -m carcassonne_amazonas``).

Commands (``carcassonne-amazonas COMMAND --help`` describes each):

``play``
    A full game in the terminal with any mix of ``human``, ``random`` and
    ``greedy`` players; ``--save`` writes the game record (JSON), ``--resume``
    continues an unfinished one.
``simulate``
    Many games between bots, in parallel with ``--jobs``: win rates, scores
    by category, game length, speed; ``--json`` for machines.
``replay``
    A game record turn by turn, explaining every point; ``--turn K`` stops
    after turn K and shows the board.
``render``
    An SVG picture of a game record's board, at the end or after turn K.
``tileset show``
    The reference tile set shipped with the package (or another file), to
    start your own.
``validate-tileset``
    Check a custom tile-set file and list its problems.
``serve``
    The web app (extra ``[web]``): see :mod:`carcassonne_amazonas.cli._serve`.
``games``
    The web app's stored games: ``list``, ``show ID``, ``delete ID``, ``prune``.

Exit codes: 0 success, 2 usage errors (argparse), 1 any other error (a file
that cannot be read, an invalid record or tile set), always with a one-line
message on standard error and never a traceback; 130 when Ctrl-C interrupts a
command (except ``play``, where Ctrl-C ends the game cleanly: 0).

Each command lives in a module of this package with an ``add_command`` (or
``add_commands``) function that adds its parser; :data:`COMMANDS` lists them in
the order ``--help`` shows, so a new command is a new module and one line there.
Options that choose the rules are added by
:func:`~carcassonne_amazonas.cli._common.add_rules_options` to every command
that starts games.  The bots are described in :mod:`carcassonne_amazonas.ai.bots`.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from .. import __version__
from . import _games, _play, _replay, _serve, _simulate, _tileset
from ._common import PROG, AddCommand, CliError, error_line, one_line

__all__ = ["COMMANDS", "build_parser", "main"]

#: The functions that add the commands to the parser, in the order of ``--help``.
COMMANDS: tuple[Callable[[AddCommand], object], ...] = (
    _play.add_command,
    _simulate.add_command,
    _replay.add_commands,       # replay and render
    _tileset.add_commands,      # tileset show and validate-tileset
    _serve.add_command,         # serve: the web app (carcassonne_amazonas.web)
    _games.add_command,         # games: the web app's stored games
)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``carcassonne-amazonas`` and its commands."""
    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Carcassonne \u2013 Amazonas in the terminal: play, simulate bot games, "
                    "replay and render game records, show and check tile-set files.",
        epilog=f"'{PROG} COMMAND --help' describes each command. Exit codes: 0 success, "
               "2 usage error, 1 other errors.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for add_command in COMMANDS:
        add_command(commands.add_parser)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tool with ``argv`` (default: the command line); returns the exit code."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        # Never fail on a terminal that cannot show a character (→, “, ★), nor on
        # input that is not valid text (it is then not understood, and asked again).
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except CliError as error:
        error_line(str(error))
        return 1
    except KeyboardInterrupt:
        error_line("interrupted")
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Python's docs advise.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except Exception as error:  # a last guard: one line, never a traceback
        if os.environ.get("CARCASSONNE_AMAZONAS_DEBUG"):
            raise
        error_line(f"unexpected {type(error).__name__}: {one_line(error)} "
                   "(set CARCASSONNE_AMAZONAS_DEBUG=1 for the traceback)")
        return 1
