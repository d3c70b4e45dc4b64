"""The reconstructed reference tile set shipped with the package.

The set is the text file ``data/amazonas.tiles`` inside the package (the format
of :mod:`~carcassonne_amazonas.tilefile`; the documentation's tile-set page says
what is reconstructed and how to encode the printed tiles).
:func:`reference_tileset` loads it once per process; :func:`reference_text` gives
the file's text, which ``carcassonne-amazonas tileset show`` prints as a starting
point for a box owner's own file.

This module sits above :mod:`~carcassonne_amazonas.tiles` (the data model) and
:mod:`~carcassonne_amazonas.tilefile` (the file format), which therefore need not
import each other.
"""

from __future__ import annotations

import functools
import importlib.resources

from .tilefile import parse_tileset
from .tiles import TileSet

__all__ = ["REFERENCE_FILE", "reference_text", "reference_tileset"]

#: The reference set's file name in the package's ``data`` folder.
REFERENCE_FILE = "amazonas.tiles"


def reference_text() -> str:
    """The text of the reference set's file, exactly as shipped."""
    resource = importlib.resources.files(__package__) / "data" / REFERENCE_FILE
    return resource.read_text(encoding="utf-8")


@functools.cache
def reference_tileset() -> TileSet:
    """The reconstructed reference tile set shipped with the package, loaded once and
    cached (every copy of :class:`~carcassonne_amazonas.state.Rules` shares it)."""
    return parse_tileset(reference_text(), REFERENCE_FILE)
