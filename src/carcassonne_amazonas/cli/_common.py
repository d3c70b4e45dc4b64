"""What the commands of the tool share: errors, files, argument types, rule options.

Every command reports a failure by raising :class:`CliError`; ``main`` prints it as
one line on standard error and exits with code 1.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import sys
import textwrap
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TextIO

from .._support.i18n import environment_language, languages
from .._support.wording import plural
from ..ai.bots import parse_bot_spec
from ..ai.simulation import RulesSpec, rules_for
from ..errors import RecordError, TileSetError
from ..formats.records import GameRecord
from ..rules.options import Rules
from ..tiles.tilefile import parse_tileset
from ..tiles.tileset import TileSet

__all__ = [
    "PROG",
    "AddCommand",
    "CliError",
    "add_lang_option",
    "add_rules_options",
    "bot_kinds",
    "check_writable",
    "error_line",
    "int_in",
    "json_instead_of_tileset",
    "lang_of",
    "line_width",
    "load_record",
    "load_tileset_file",
    "looks_like_json",
    "looks_like_tileset",
    "one_line",
    "read_text",
    "rules_clashes",
    "rules_from_args",
    "rules_spec_from_args",
    "say",
    "silence_output",
    "wrapped",
    "write_text",
]

#: The tool's name, in messages and help.
PROG = "carcassonne-amazonas"

class AddCommand(Protocol):
    """``add_subparsers().add_parser``: what a command module's ``add_command`` receives."""

    def __call__(self, name: str, **options: Any) -> argparse.ArgumentParser:
        """Add the subcommand ``name`` and return its parser."""


class CliError(Exception):
    """An error reported as one line on standard error, with exit code 1."""


def one_line(error: BaseException) -> str:
    """An exception's message on one line (several lines joined by ``;``)."""
    lines = [line.strip() for line in str(error).strip().splitlines() if line.strip()]
    return "; ".join(lines) if lines else type(error).__name__


def say(out: TextIO, text: str = "") -> None:
    """Print a line and flush it (the game is interactive).

    When the reader of ``out`` has gone away (``play ... | head``), the rest of the
    output is thrown away (:func:`silence_output`) and the command goes on, so that a
    game still ends and its record is still saved.
    """
    try:
        print(text, file=out, flush=True)
    except BrokenPipeError:
        silence_output(out)


def line_width(requested: int | None) -> int:
    """The width to wrap to: ``--width``, else the terminal's (or ``$COLUMNS``); 0 (no
    wrapping) when writing into a pipe or a file."""
    if requested is not None:
        return requested
    if os.environ.get("COLUMNS", "").isdigit() or sys.stdout.isatty():
        return shutil.get_terminal_size().columns
    return 0


def wrapped(line: str, width: int, indent: int) -> list[str]:
    """``line`` wrapped to ``width`` (0: not at all), its continuations indented."""
    if width <= indent + 20 or len(line) <= width:
        return [line]
    return textwrap.wrap(line, width, subsequent_indent=" " * indent,
                         break_on_hyphens=False) or [line]


def silence_output(out: TextIO) -> None:
    """Send what is still written to ``out`` (a stream whose reader has gone away) to
    the null device, as Python's documentation advises for a broken pipe, so that
    neither the command nor the interpreter's exit fails on it."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, out.fileno())
    finally:
        os.close(devnull)


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


def check_writable(path: str, what: str) -> None:
    """:class:`CliError` unless a file can be written at ``path`` (checked before a long
    command starts, not after it).  The file is opened for appending, which changes
    nothing in a file that exists; one that did not exist is removed again."""
    existed = os.path.lexists(path)
    try:
        with open(path, "a", encoding="utf-8"):
            pass
    except IsADirectoryError:
        raise CliError(f"cannot write {what} {path!r}: it is a directory") from None
    except OSError as error:
        raise CliError(f"cannot write {what} {path!r}: {error.strerror or error}") from None
    if not existed:
        with contextlib.suppress(OSError):  # removed meanwhile: written at the end anyway
            os.remove(path)


def looks_like_json(text: str) -> bool:
    """Whether a file that should be a tile set looks like JSON (a record, a snapshot)."""
    return text.lstrip().startswith(("{", "["))


def json_instead_of_tileset(path: str) -> str:
    """The message for a file given as a tile set that looks like JSON."""
    return (f"{path}: not a tile-set file: it looks like JSON, such as a game record or a "
            f"snapshot; '{PROG} tileset show' prints a tile-set file")


_TILESET_LINE = re.compile(r"^\s*(tileset|layout)\s+\S", re.MULTILINE)


def looks_like_tileset(text: str) -> bool:
    """Whether a file that should be a game record looks like a tile-set file (it is not
    JSON and has a ``tileset`` or ``layout`` line)."""
    return not looks_like_json(text) and _TILESET_LINE.search(text) is not None


def load_tileset_file(path: str | None) -> TileSet | None:
    """The tile set in the file at ``path`` (None for None); :class:`CliError` if invalid."""
    if path is None:
        return None
    text = read_text(path, "tile set")
    if looks_like_json(text):
        raise CliError(json_instead_of_tileset(path))
    try:
        return parse_tileset(text, path)
    except TileSetError as error:
        raise CliError(f"{path}: not a valid tile set ({plural(len(error.problems), 'problem')}"
                       f"; '{PROG} validate-tileset {path}' lists them)") from None


#: How the library's loader asks for a record's tile set (the Python keyword), and how
#: the command line asks for it.
_TILESET_KEYWORD_HINT = "; pass that tile set as tileset="
_TILESET_OPTION_HINT = "; pass its tile-set file with --tileset FILE"


def load_record(path: str, tileset_path: str | None) -> GameRecord:
    """The game record in the file at ``path``, checked; :class:`CliError` if invalid."""
    text = read_text(path, "game record")
    tileset = load_tileset_file(tileset_path)
    try:
        return GameRecord.from_json(text, tileset)
    except RecordError as error:
        if looks_like_tileset(text):
            raise CliError(f"{path}: not a game record (JSON): it looks like a tile-set file; "
                           f"'{PROG} play --tileset {path}' plays with it, "
                           f"'{PROG} validate-tileset {path}' checks it") from None
        message = one_line(error).replace(_TILESET_KEYWORD_HINT, _TILESET_OPTION_HINT)
        raise CliError(f"{path}: {message}") from None


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang``: the language of what the command writes for a player to read."""
    parser.add_argument("--lang", choices=languages(), metavar="LANG",
                        help=f"the language of the game's texts: {', '.join(languages())} "
                             "(default: the locale's, from $LANGUAGE, $LC_ALL, $LC_MESSAGES "
                             "or $LANG, else en); error messages stay in English")


def lang_of(args: argparse.Namespace) -> str:
    """The language ``--lang`` chose, else the locale's (see :func:`add_lang_option`)."""
    chosen: str | None = args.lang
    return chosen if chosen is not None else environment_language()


def _flag(name: str) -> str:
    """The command line's flag of a rule variant: ``--camp-scoring``."""
    return "--" + name.replace("_", "-")


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """The options that choose a game's rules, read back by :func:`rules_spec_from_args`
    and :func:`rules_from_args`: ``--tileset`` and a flag for each variant of
    :attr:`Rules.VARIANTS <carcassonne_amazonas.rules.options.Rules.VARIANTS>`
    (``--amazon-ranking``, ``--camp-scoring`` and ``--bonus-river``, R-V1–R-V3)."""
    parser.add_argument("--tileset", metavar="FILE", help="play with a custom tile-set file")
    # No defaults here (None: not given), so that play --resume can tell an option given
    # on the command line, which must agree with the record, from one left out.
    for name, option in Rules.VARIANTS.items():
        if option.values == (False, True):
            parser.add_argument(_flag(name), action="store_true", default=None,
                                help=f"{option.help} ({option.rule})")
        else:
            parser.add_argument(_flag(name), choices=option.values,
                                help=f"{option.help} ({option.rule})")


def _given_variants(args: argparse.Namespace) -> dict[str, object]:
    """The variants given on the command line, by name (those left out are None)."""
    return {name: value for name in Rules.VARIANTS
            if (value := getattr(args, name)) is not None}


def rules_spec_from_args(args: argparse.Namespace) -> RulesSpec:
    """The rules the options of :func:`add_rules_options` ask for, as a picklable
    :class:`~carcassonne_amazonas.ai.simulation.RulesSpec` (a usage error if they clash:
    ``--bonus-river`` with ``--tileset``, R-V3)."""
    parser: argparse.ArgumentParser = args.parser
    try:
        return RulesSpec(args.tileset, _given_variants(args))
    except ValueError as error:
        parser.error(str(error))


def rules_clashes(args: argparse.Namespace, rules: Rules) -> list[str]:
    """The options of :func:`add_rules_options` given on the command line that ask for
    other rules than ``rules`` (a saved game's), each as ``--option value: why``; the
    tile set of ``--tileset`` is checked when the record is loaded with it."""
    played = rules.options()
    clashes = []
    for name, given in _given_variants(args).items():
        if given != played[name]:
            rule = Rules.VARIANTS[name].rule
            asked = _flag(name) if given is True else f"{_flag(name)} {given}"
            setting = "off" if played[name] is False else played[name]
            clashes.append(f"{asked}: the game is played with {_flag(name)} {setting} ({rule})")
    return clashes


def rules_from_args(args: argparse.Namespace) -> Rules:
    """The rules the options of :func:`add_rules_options` ask for; :class:`CliError` if the
    tile set cannot be loaded."""
    spec = rules_spec_from_args(args)
    load_tileset_file(spec.tileset_path)  # says what is wrong with the file, before anything
    try:
        return rules_for(spec)  # the same set, cached for the process
    except (OSError, TileSetError) as error:  # pragma: no cover - the file changed meanwhile
        raise CliError(f"{spec.tileset_path}: {one_line(error)}") from None


#: A whole number on the command line: ASCII digits and an optional minus sign.
_WHOLE = re.compile(r"-?[0-9]+")


def int_in(low: int, high: int | None, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (no bound if None),
    written as the notation writes numbers: ASCII digits, with an optional ``-`` (not
    ``١٢``, not ``1_0``, not ``+1`` or `` 1``, all of which Python's ``int`` reads)."""

    def parse(text: str) -> int:
        if _WHOLE.fullmatch(text) is None:
            raise argparse.ArgumentTypeError(
                f"{text[:40]!r} is not a whole number (ASCII digits 0-9, nothing else)")
        try:
            value = int(text)
        except ValueError:  # more than Python's 4300 digits
            raise argparse.ArgumentTypeError(f"{what}: {len(text)} digits is too long") from None
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{what} must be {bound}, not {value}")
        return value

    return parse


def bots_help(kinds: Sequence[str], default: str) -> str:
    """The help text of ``--bots`` offering ``kinds``, with ``default`` said last."""
    return ("comma-separated player kinds, one per player (or one for all): "
            f"{', '.join(kinds)}; greedy plays the best immediate score + boat gain, mcts "
            f"searches (mcts:N: N iterations per decision) (default: {default})")


def player_count(args: argparse.Namespace, default: int) -> int:
    """The number of players of a new game (R-C1): ``--players`` if given, else one per
    kind of a ``--bots`` list of two or more kinds, else ``default``; a usage error (exit
    code 2) for a ``--bots`` list that no game of 2 to 5 players fits."""
    if args.players is not None:
        return int(args.players)
    count = 0 if args.bots is None else len(args.bots.split(","))
    if count < 2:  # no list, or one kind for all
        return default
    if count > 5:
        args.parser.error(f"argument --bots: {count} player kinds; a game has 2 to 5 "
                          "players, one kind each (or one kind for all)")
    return count


def bot_kinds(parser: argparse.ArgumentParser, text: str | None, players: int,
              default: Sequence[str], allowed: Sequence[str]) -> list[str]:
    """The player kinds of ``--bots``: one per player, or one for all, each one of
    ``allowed`` or ``kind:N`` for a kind that takes a budget
    (:func:`~carcassonne_amazonas.ai.bots.parse_bot_spec` reads them); a usage error
    (exit code 2) for an unknown kind, a malformed budget or a wrong count."""
    if text is None:
        return list(default)
    kinds = [k.strip().lower() for k in text.split(",")]
    for kind in kinds:
        try:
            parse_bot_spec(kind, kinds=allowed)
        except ValueError as error:
            parser.error(f"argument --bots: {error}")
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        parser.error(f"argument --bots: {len(kinds)} player kinds for {players} players; "
                     "give one per player (or one for all)")
    return kinds


def error_line(message: str) -> None:
    """Print ``carcassonne-amazonas: error: MESSAGE`` on standard error."""
    print(f"{PROG}: error: {message}", file=sys.stderr)
