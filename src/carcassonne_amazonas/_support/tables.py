"""Tables that one loader alone holds: :class:`OwnedDict`.

The board and the feature graph are immutable values: placing a tile copies their
tables and leaves the old value as it was, which costs time in proportion to the
board.  A loader that replays a whole board (R-G2–R-G6, R-F1–R-F5) holds the only
reference to the values it builds, so it gives them tables whose ``copy`` is the table
itself: the same placement code, the engine's hot path unchanged, then updates them in
place, and the replay costs time in proportion to the placements, not to their square.
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["OwnedDict"]

K = TypeVar("K")
V = TypeVar("V")


class OwnedDict(dict[K, V]):
    """A dict whose :meth:`copy` is itself.  The values built on it share it: only the
    last one is right, so the loader turns it back into a plain ``dict`` when done."""

    __slots__ = ()

    def copy(self) -> OwnedDict[K, V]:
        """This very table (see the module docstring)."""
        return self
