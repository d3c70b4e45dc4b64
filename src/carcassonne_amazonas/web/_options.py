"""What a new game may ask for: the seat kinds (the bots module's, with a cap on the
bots' thinking) and the rule variants (R-V1 to R-V3).

**Seat kinds** are the bots module's (:data:`~carcassonne_amazonas.ai.bots.BOT_KINDS`,
read by :func:`~carcassonne_amazonas.ai.bots.parse_bot_spec`), so a bot kind it gains is
offered by the server at once, with no list here to update.  A kind that takes a
budget is written ``kind:N`` (for ``mcts``: N search iterations per move); plain
``kind`` means the library's default (for ``mcts``,
:data:`~carcassonne_amazonas.ai.mcts.DEFAULT_ITERATIONS`).  Since bots think on the
server's processors, the server caps that budget (:data:`DEFAULT_MAX_BOT_BUDGET`,
``serve --max-bot-budget``): a seat asks for ``kind`` or ``kind:N`` with N at most the
cap, plain ``kind`` plays the library's default or the cap if that is lower, and a
stored ``kind:N`` over the cap (from a server with a higher one) thinks no longer than
the cap allows (:func:`~carcassonne_amazonas.web._served.bot_for`).  A fixed number of
iterations, not a time budget, so that a game's bot moves stay the same on any machine.

**Rule options** are spelt as the command line's flags and the snapshot's JSON, and read
by the one reader of the options,
:meth:`Rules.from_options <carcassonne_amazonas.rules.options.Rules.from_options>`
(:attr:`Rules.VARIANTS <carcassonne_amazonas.rules.options.Rules.VARIANTS>` lists them).
"""

from __future__ import annotations

import os
import re

__all__ = ["DEFAULT_CREATE_LIMIT", "DEFAULT_EXPIRE_AFTER", "DEFAULT_MAX_BOT_BUDGET",
           "default_bot_workers", "parse_duration"]

#: The most a bot that takes a budget may spend per move unless the server says
#: otherwise: 100 MCTS iterations, a median of 0.2 s per decision in a 2-player game and
#: 0.9 s with 4 players, measured on a busy shared 2-core machine (a turn takes 2 or 3
#: decisions).
DEFAULT_MAX_BOT_BUDGET = 100

#: An unfinished game with no move for this long (seconds: 7 days) is deleted
#: (``serve --expire-after``).
DEFAULT_EXPIRE_AFTER = 7 * 24 * 3600.0
#: How many new games one client address may create per minute (``serve --create-limit``).
DEFAULT_CREATE_LIMIT = 20


def default_bot_workers() -> int:
    """One worker process per CPU core but one (for the server itself), at least 1 and
    at most 4: ``serve --bot-workers``'s default."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 24 * 3600}
_DURATION = re.compile(r"([0-9]{1,9})([smhd])")


def parse_duration(text: str) -> float:
    """Seconds in a duration written as a whole number and a unit: ``30s``, ``15m``,
    ``12h``, ``7d``.  ``ValueError`` saying how to write one otherwise, or for 0."""
    match = _DURATION.fullmatch(text.strip().lower())
    if match is None:
        raise ValueError(f"{text[:40]!r} is not a duration: write a whole number and a unit, "
                         "s, m, h or d (30s, 15m, 12h, 7d)")
    seconds = int(match.group(1)) * _UNITS[match.group(2)]
    if seconds == 0:
        raise ValueError("a duration must be longer than 0")
    return float(seconds)
