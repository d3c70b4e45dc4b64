"""``tileset show`` and ``validate-tileset``: the tile-set files of the tool.

``tileset show`` prints the reference set shipped inside the package, so that
``carcassonne-amazonas tileset show > my-box.tiles`` gives the owner of a box a file to
correct, without a checkout; ``tileset show PATH`` prints another file once it is
valid.  ``validate-tileset`` checks a file and lists its problems in line order.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Callable

from .._support.wording import plural
from ..errors import TileSetError
from ..render.text import icons_text
from ..tiles.layout import TileKind
from ..tiles.reference import reference_text
from ..tiles.tilefile import parse_tileset
from ..tiles.tileset import TileSet
from ._common import (
    AddCommand,
    CliError,
    json_instead_of_tileset,
    load_tileset_file,
    looks_like_json,
    read_text,
)

__all__ = ["MAX_PROBLEMS_SHOWN", "SHIPPED_SETS", "add_commands", "run_show", "run_validate",
           "tileset_summary"]

#: ``validate-tileset`` lists this many problems, then how many more there are.
MAX_PROBLEMS_SHOWN = 20

#: The tile sets shipped in the package, by name: the text of each file.  ``tileset
#: show`` prints the reference set by default and any other with ``--NAME`` (a set
#: added here, such as a bonus set, gets its flag).
SHIPPED_SETS: dict[str, Callable[[], str]] = {
    "reference": reference_text,
    # The reference set followed by the Amazon Bonus River tiles' add-on (R-V3): one file
    # that loads as the whole bonus set; --bonus-river, as in play and simulate.
    "bonus-river": functools.partial(reference_text, bonus_river=True),
}


_HELP = {"bonus-river": "print the reference set with the two Amazon Bonus River double "
                        "tiles (R-V3), the set of --bonus-river"}
#: Other spellings of the flags of :data:`SHIPPED_SETS` (``--bonus``, the flag's first name).
_ALIASES: dict[str, tuple[str, ...]] = {"bonus-river": ("--bonus",)}


def add_commands(add: AddCommand) -> None:
    """Add ``tileset`` (with ``show``) and ``validate-tileset`` to the tool's commands."""
    tileset = add("tileset", help="print tile-set files (the shipped reference set)",
                  description="Tile-set files: the format of carcassonne_amazonas.tiles.tilefile.")
    # 'tileset' alone is 'tileset show': the reference set.
    actions = tileset.add_subparsers(dest="tileset_command", metavar="ACTION")
    tileset.set_defaults(func=run_show, parser=tileset, path=None, shipped="reference")
    show = actions.add_parser(
        "show", help="print the reference tile set, or another tile-set file",
        description="Print the reference tile set shipped with the package (by default, "
                    "and for 'tileset' alone), "
                    "for example to start your own file: 'tileset show > my-box.tiles'; "
                    "or print the tile-set file PATH once it is valid.")
    which = show.add_mutually_exclusive_group()
    which.add_argument("path", metavar="PATH", nargs="?", help="a tile-set file to print")
    for name in SHIPPED_SETS:
        if name != "reference":
            which.add_argument(f"--{name}", *_ALIASES.get(name, ()), dest="shipped",
                               action="store_const", const=name,
                               help=_HELP[name])
    show.set_defaults(func=run_show, parser=show, shipped="reference")

    val = add(
        "validate-tileset", help="check a tile-set file and list every problem",
        description="Check a tile-set file (the format of carcassonne_amazonas.tiles.tilefile). "
                    "Valid: a short summary and exit code 0. Not valid: its problems in line "
                    f"order (the first {MAX_PROBLEMS_SHOWN} and how many more), each with "
                    "its line, layout and port, and exit code 1.")
    val.add_argument("file", metavar="FILE", help="the tile-set file")
    val.set_defaults(func=run_validate, parser=val)


def run_show(args: argparse.Namespace) -> int:
    """Print a tile-set file; returns the exit code."""
    if args.path is None:
        print(SHIPPED_SETS[args.shipped](), end="")
        return 0
    load_tileset_file(args.path)  # only a valid file is printed
    text = read_text(args.path, "tile set")
    print(text, end="" if text.endswith("\n") else "\n")
    return 0


def tileset_summary(tileset: TileSet) -> list[str]:
    """A short description of a valid tile set: tiles by kind, icons, start sides."""
    lines = [f"tile set {tileset.name!r}: {tileset.title}",
             f"  checksum {tileset.checksum}"]
    parts = []
    for kind, label in ((TileKind.STANDARD, "standard"), (TileKind.AMAZON, "Amazon"),
                        (TileKind.DOUBLE, "double"), (TileKind.START, "start")):
        tiles = tileset.of_kind(kind)
        layouts = {t.layout.name for t in tiles}
        text = f"{len(tiles)} {label} ({plural(len(layouts), 'layout')}"
        if kind is TileKind.AMAZON:
            text += f", {sum(1 for t in tiles if t.layout.exclamation)} with \"!\""
        parts.append(text + ")")
    lines.append(f"  tiles: {len(tileset.tiles)} = " + ", ".join(parts))
    lines.append(f"  icons: {icons_text(tileset.icon_totals)}")
    for side in tileset.start_sides:
        mouth = "/".join(str(p) for p in side.mouth_points)
        lines.append(f"  {side.min_players}\u2013{side.max_players} players: "
                     f"{side.river_spaces} river spaces on the start tile, mouth {mouth}")
    return lines


def run_validate(args: argparse.Namespace) -> int:
    """Print a tile-set file's summary or its problems; returns the exit code."""
    text = read_text(args.file, "tile set")
    if looks_like_json(text):
        raise CliError(json_instead_of_tileset(args.file))  # not hundreds of problems
    try:
        tileset = parse_tileset(text, args.file)
    except TileSetError as error:
        problems = error.problems
        print(f"{args.file}: {plural(len(problems), 'problem')}:")
        for problem in problems[:MAX_PROBLEMS_SHOWN]:
            print(f"  - {problem}")
        if len(problems) > MAX_PROBLEMS_SHOWN:
            print(f"  ... and {plural(len(problems) - MAX_PROBLEMS_SHOWN, 'more problem')}")
        raise CliError(f"{args.file}: not a valid tile set "
                       f"({plural(len(problems), 'problem')})") from None
    print(f"{args.file}: valid")
    for line in tileset_summary(tileset):
        print(line)
    return 0
