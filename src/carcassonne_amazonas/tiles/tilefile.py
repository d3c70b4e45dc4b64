"""The tile-set file format: parsing and validation.

A tile-set file is plain text, one directive per line; ``#`` starts a comment.
The reference set, ``data/amazonas.tiles``, is the worked example; it begins
like this (its first layout shortened here to show the forms of ``copy``)::

    tileset amazonas-reference
    title "Carcassonne – Amazonas (reconstructed reference set)"
    start-side 2-3 river-spaces 16 mouth 6 3        # R-C5, R-C6, R-E5
    start-side 4-5 river-spaces 8 mouth 7 4 1
    expect standard 65 amazon 15 double 4           # checked on load
    icon-totals boats 16 fruit 21 animals 36 caimans 32 piranhas 11  # checked too

    layout S01 standard x10 "straight tributary"
      tributary t  N S           # a side alone: its middle port (N2, S2)
      jungle    w  N1 W S3       # a side alone: all three ports
      jungle    e  N3 E S1
      copy x6                    # six copies without icons
      copy t:boat                # one copy with a Boat icon on segment t
      copy w:animal*2            # one copy with two animals in jungle w

A layout header is ``layout NAME KIND [WxH] [xCOUNT] ["TITLE"]`` with KIND one
of ``standard``, ``amazon``, ``amazon!`` (the "!" tiles), ``double`` and
``start``.  Ports are named as in :mod:`~carcassonne_amazonas.tiles.geometry`
(``N1``..``W3``); on multi-cell tiles a port names its cell: ``S2@0,3``.
Icons are ``boat``, ``fruit``, ``animal``, ``caiman`` and ``piranha``.

:func:`parse_tileset` reads the lines (:mod:`~carcassonne_amazonas.tiles._tilefile_lines`),
checks every rule of the format (:mod:`~carcassonne_amazonas.tiles._tilefile_checks`; the
documentation's tile-set page lists them) and raises
:class:`~carcassonne_amazonas.errors.TileSetError` listing *all* problems in line
order, each with its line number, layout and port.
"""

from __future__ import annotations

import hashlib
import os

from .._support.exact import check_exact
from ..errors import TileSetError
from ._tilefile_checks import check_copies, check_layout, check_whole_set
from ._tilefile_lines import MAX_TILES, ProblemLog, read_lines
from .layout import Layout, build_variants
from .tileset import Tile, TileId, TileSet

__all__ = ["MAX_TEXT", "load_tileset", "parse_tileset", "tileset_problems"]

MAX_TEXT = 1_000_000
"""The longest tile-set file read, in characters (the reference set has 9,000)."""


def tileset_problems(text: str) -> list[str]:
    """Every problem in a tile-set file's text (empty when the file is valid)."""
    try:
        parse_tileset(text)
    except TileSetError as error:
        return list(error.problems)
    return []


def parse_tileset(text: str, source_name: str = "tile set") -> TileSet:
    """Read and validate a tile set from the text of a tile-set file.

    Raises :class:`~carcassonne_amazonas.errors.TileSetError` listing every problem found.
    """
    check_exact(text, str, "text", "a tile-set file's text, a str")
    if len(text) > MAX_TEXT:
        raise TileSetError([f"{len(text)} characters is too long for a tile-set file (at most "
                            f"{MAX_TEXT})"], source_name)
    reader = ProblemLog()
    file = read_lines(text, reader)
    copies_in_all = sum(count for draft in file.layouts for _, count, _ in draft.copies)
    if copies_in_all > MAX_TILES:
        reader.problem(0, f"at most {MAX_TILES} tiles are supported, this set has "
                          f"{copies_in_all}")

    layouts: list[Layout] = []
    tiles: list[Tile] = []
    for draft in file.layouts:
        sound = check_layout(draft, reader)
        segments = tuple(segment for _, segment in draft.segments)
        # Copies are checked even on a broken layout, so that every problem shows at once;
        # a broken layout gets no variants, and the set is not returned anyway.
        # Over the tile limit the set is refused anyway: no list of many copies is made.
        copies = check_copies(draft, segments, reader, build=copies_in_all <= MAX_TILES)
        variants = build_variants(draft.kind, draft.width, draft.height, segments) if sound else ()
        layout = Layout(draft.name, draft.kind, draft.title, draft.width, draft.height, segments,
                        draft.exclamation, variants)
        layouts.append(layout)
        for k, icons in enumerate(copies, start=1):
            tiles.append(Tile(TileId(len(tiles)), f"{draft.name}.{k}", layout, icons))
    check_whole_set(tiles, file.start_sides, file.expect, file.totals, reader)
    if reader.count:
        raise TileSetError(reader.in_line_order(), source_name)
    checksum = hashlib.sha256("\n".join(text.splitlines()).encode("utf-8")).hexdigest()
    return TileSet(file.name, file.title, tuple(layouts), tuple(tiles), tuple(file.start_sides),
                   checksum, text)


def load_tileset(path: str | os.PathLike[str]) -> TileSet:
    """Read and validate a tile-set file.  Raises
    :class:`~carcassonne_amazonas.errors.TileSetError` for any content (text that is not
    UTF-8 or longer than :data:`MAX_TEXT` included), ``OSError`` when the file cannot be
    read."""
    name = os.fspath(path)
    with open(path, encoding="utf-8") as handle:
        try:
            text = handle.read(MAX_TEXT + 1)
        except UnicodeDecodeError as error:
            raise TileSetError([f"not UTF-8 text ({error.reason} at byte {error.start})"],
                               str(name)) from None
    return parse_tileset(text, str(name))

