"""The reconstructed reference tile set shipped with the package, and its add-on.

The set is the text file ``data/amazonas.tiles`` inside the package (the format
of :mod:`~carcassonne_amazonas.tiles.tilefile`; the documentation's tile-set page says
what is reconstructed and how to encode the printed tiles).  The Amazon Bonus
River tiles (variant R-V3) are the add-on file ``data/amazonas-bonus-river.tiles``,
read after it as one text.  :func:`reference_tileset` loads either once per
process; :func:`reference_text` gives the files' text, which
``carcassonne-amazonas tileset show`` prints as a starting point for a box owner's
own file; :func:`shipped_tileset` recognises the shipped sets by checksum, so
snapshots and records of games played with them load without being given the set.

This module sits above :mod:`~carcassonne_amazonas.tiles.tileset` (the data model) and
:mod:`~carcassonne_amazonas.tiles.tilefile` (the file format), which therefore need not
import each other.
"""

from __future__ import annotations

import functools
import importlib.resources

from .._support.exact import check_exact
from .._support.provenance import remember
from .tilefile import parse_tileset
from .tileset import TileSet

__all__ = ["BONUS_RIVER_FILE", "REFERENCE_FILE", "reference_text", "reference_tileset",
           "shipped_tileset"]

#: The reference set's file name in the package's ``data`` folder.
REFERENCE_FILE = "amazonas.tiles"
#: The Amazon Bonus River tiles' add-on file, read after :data:`REFERENCE_FILE` (R-V3).
BONUS_RIVER_FILE = "amazonas-bonus-river.tiles"

def _data_text(name: str) -> str:
    resource = importlib.resources.files(__package__) / "data" / name
    return resource.read_text(encoding="utf-8")


def reference_text(*, bonus_river: bool = False) -> str:
    """The text of the reference set's file, exactly as shipped; with ``bonus_river``
    followed by the add-on file of the Amazon Bonus River tiles (R-V3)."""
    if not bonus_river:
        return _data_text(REFERENCE_FILE)
    return _data_text(REFERENCE_FILE) + "\n" + _data_text(BONUS_RIVER_FILE)


def reference_tileset(*, bonus_river: bool = False) -> TileSet:
    """The reconstructed reference tile set shipped with the package, loaded once and
    cached (every copy of :class:`~carcassonne_amazonas.rules.options.Rules` shares it);
    ``bonus_river=True`` adds the two Amazon Bonus River double tiles (variant R-V3)."""
    check_exact(bonus_river, bool, "bonus_river")
    return _load(bonus_river)


@functools.cache
def _load(bonus_river: bool) -> TileSet:
    name = f"{REFERENCE_FILE} + {BONUS_RIVER_FILE}" if bonus_river else REFERENCE_FILE
    tileset = parse_tileset(reference_text(bonus_river=bonus_river), name)
    # Its repr (and so the repr of Rules over it) is then this call, which evaluates back.
    remember(tileset, "reference_tileset(bonus_river=True)" if bonus_river
             else "reference_tileset()")
    return tileset


def shipped_tileset(checksum: str) -> TileSet | None:
    """The tile set shipped with the package whose checksum is ``checksum`` (the
    reference set, with or without the bonus river tiles), or None.  ``TypeError``
    unless ``checksum`` is exactly a ``str`` (a subclass could equal every checksum)."""
    check_exact(checksum, str, "checksum")
    for bonus_river in (False, True):
        tileset = _load(bonus_river)
        if tileset.checksum == checksum:
            return tileset
    return None
