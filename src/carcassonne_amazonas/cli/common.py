"""What the commands of the tool share: errors, files, argument types, rule options.

Every command reports a failure by raising :class:`CliError`; ``main`` prints it as
one line on standard error and exits with code 1.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from ..errors import RecordError, TileSetError
from ..records import GameRecord
from ..simulation import rules_for
from ..state import Rules
from ..text import plural
from ..tilefile import parse_tileset
from ..tiles import TileSet

__all__ = ["PROG", "AddCommand", "CliError", "add_rules_options", "bot_kinds", "error_line",
           "int_in", "load_record", "load_tileset_file", "looks_like_json", "one_line", "read_text",
           "rules_from_args", "say", "write_text"]

#: The tool's name, in messages and help.
PROG = "carcassonne-amazonas"

#: ``add_subparsers().add_parser``: what a command module's ``add_command`` receives.
AddCommand = Callable[..., argparse.ArgumentParser]


class CliError(Exception):
    """An error reported as one line on standard error, with exit code 1."""


def one_line(error: BaseException) -> str:
    """An exception's message on one line (several lines joined by ``;``)."""
    lines = [line.strip() for line in str(error).strip().splitlines() if line.strip()]
    return "; ".join(lines) if lines else type(error).__name__


def say(out: TextIO, text: str = "") -> None:
    """Print a line and flush it (the game is interactive)."""
    print(text, file=out, flush=True)


def read_text(path: str, what: str) -> str:
    """The text of a UTF-8 file; :class:`CliError` saying why it cannot be read."""
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise CliError(f"{what} {path!r} does not exist") from None
    except IsADirectoryError:
        raise CliError(f"{what} {path!r} is a directory") from None
    except UnicodeDecodeError:
        raise CliError(f"{what} {path!r} is not UTF-8 text") from None
    except OSError as error:
        raise CliError(f"cannot read {what} {path!r}: {error.strerror or error}") from None


def write_text(path: str, text: str, what: str) -> None:
    """Write a UTF-8 file; :class:`CliError` saying why it cannot be written."""
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        raise CliError(f"cannot write {what} {path!r}: {error.strerror or error}") from None


def looks_like_json(text: str) -> bool:
    """Whether a file that should be a tile set looks like JSON (a record, a snapshot)."""
    return text.lstrip().startswith(("{", "["))


def load_tileset_file(path: str | None) -> TileSet | None:
    """The tile set in the file at ``path`` (None for None); :class:`CliError` if invalid."""
    if path is None:
        return None
    text = read_text(path, "tile set")
    try:
        return parse_tileset(text, path)
    except TileSetError as error:
        json_note = "; it looks like JSON, not a tile-set file" if looks_like_json(text) else ""
        raise CliError(f"{path}: not a valid tile set ({plural(len(error.problems), 'problem')}"
                       f"{json_note}; '{PROG} validate-tileset {path}' lists them)") from None


def load_record(path: str, tileset_path: str | None) -> GameRecord:
    """The game record in the file at ``path``, checked; :class:`CliError` if invalid."""
    text = read_text(path, "game record")
    tileset = load_tileset_file(tileset_path)
    try:
        return GameRecord.from_json(text, tileset)
    except RecordError as error:
        raise CliError(f"{path}: {one_line(error)}") from None


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """The options that choose a game's rules (``--tileset``; rule variants go here too),
    read back by :func:`rules_from_args`."""
    parser.add_argument("--tileset", metavar="FILE", help="play with a custom tile-set file")


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules the options of :func:`add_rules_options` ask for; :class:`CliError` if the
    tile set cannot be loaded."""
    path: str | None = args.tileset
    load_tileset_file(path)  # says what is wrong with the file, before anything starts
    try:
        return rules_for(path)  # the same set, cached for the process
    except (OSError, TileSetError) as error:  # pragma: no cover - the file changed meanwhile
        raise CliError(f"{path}: {one_line(error)}") from None


def int_in(low: int, high: int | None, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (no bound if None)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{what} must be {bound}, not {value}")
        return value

    return parse


def bot_kinds(parser: argparse.ArgumentParser, text: str | None, players: int,
              default: Sequence[str], allowed: Sequence[str]) -> list[str]:
    """The player kinds of ``--bots``: one per player, or one for all; a usage error
    (exit code 2) for an unknown kind or a wrong count."""
    if text is None:
        return list(default)
    kinds = [k.strip().lower() for k in text.split(",")]
    for kind in kinds:
        if kind not in allowed:
            parser.error(f"argument --bots: unknown player kind {kind!r} "
                         f"(choose from {', '.join(allowed)})")
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        parser.error(f"argument --bots: {len(kinds)} player kinds for {players} players; "
                     "give one per player (or one for all)")
    return kinds


def error_line(message: str) -> None:
    """Print ``carcassonne-amazonas: error: MESSAGE`` on standard error."""
    print(f"{PROG}: error: {message}", file=sys.stderr)
