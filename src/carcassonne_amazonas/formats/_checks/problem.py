"""One inconsistency of a game state, and how values are shown in its message.

:class:`Problem` is what :func:`~carcassonne_amazonas.formats.problems.find_problems`
reports: the field of the :class:`~carcassonne_amazonas.rules.state.GameState` that is
wrong, why, and the ids of the rules it breaks (see the rules reference).  The
snapshot loader turns a problem into a
:class:`~carcassonne_amazonas.errors.RecordError` naming the snapshot's field.  Its
reason words numbers, counts and players with :mod:`~carcassonne_amazonas._support.wording`.
"""

from __future__ import annotations

import attrs

from ..._support.reprs import repr_pretty

__all__ = ["Problem"]


@attrs.frozen(slots=True)
class Problem:
    """An inconsistency: ``field`` (a path into the state, such as
    ``players[1].boat`` or ``board.placements[3]``), the ``reason`` and the ``rules``
    broken (ids such as ``R-T7``; empty for a value of the wrong type)."""

    _repr_pretty_ = repr_pretty

    field: str
    reason: str
    rules: tuple[str, ...] = ()

    def __str__(self) -> str:
        ids = f" ({', '.join(self.rules)})" if self.rules else ""
        return f"{self.field}: {self.reason}{ids}"
