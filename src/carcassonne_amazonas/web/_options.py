"""What a new game may ask for: the seat kinds (the bots module's, with a cap on the
bots' thinking) and the rule variants (R-V1 to R-V3).

**Seat kinds** are the bots module's (:data:`~carcassonne_amazonas.ai.bots.BOT_KINDS`,
read by :func:`~carcassonne_amazonas.ai.bots.parse_bot_spec`), so a bot kind it gains is
offered by the server at once, with no list here to update.  A kind that takes a
budget is written ``kind:N`` (for ``mcts``: N search iterations per move).  Since bots
move while a request waits, the server caps that budget (:data:`DEFAULT_MAX_BOT_BUDGET`,
``serve --max-bot-budget``): a seat asks for ``kind`` (the cap itself) or ``kind:N``
with N at most the cap, and a stored ``kind:N`` over the cap (from a server with a
higher one) thinks no longer than the cap allows
(:func:`~carcassonne_amazonas.web._service.bot_for`).  A fixed number of iterations, not
a time budget, so that a game's bot moves stay the same on any machine.

**Rule options** are spelt as the command line's flags and the snapshot's JSON, and read
by the one reader of the options,
:meth:`Rules.from_options <carcassonne_amazonas.rules.state.Rules.from_options>`
(:attr:`Rules.VARIANTS <carcassonne_amazonas.rules.state.Rules.VARIANTS>` lists them).
"""

from __future__ import annotations

__all__ = ["DEFAULT_MAX_BOT_BUDGET"]

#: The most a bot that takes a budget may spend per move unless the server says
#: otherwise: 100 MCTS iterations, a median of 0.2 s per decision in a 2-player game and
#: 0.9 s with 4 players, measured on a busy shared 2-core machine (a turn takes 2 or 3
#: decisions).
DEFAULT_MAX_BOT_BUDGET = 100
