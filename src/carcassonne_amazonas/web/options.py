"""What a new game may ask for: the seat kinds (from the bots module, with a cap on the
bots' thinking) and the rule variants (R-V1 to R-V3).

**Seat kinds** are read from :data:`carcassonne_amazonas.ai.bots.BOT_KINDS` each time they
are needed, so a bot kind the bots module gains (``mcts``, say) is offered by the server
at once, with no list here to update.  A bot kind that takes a budget, written
``kind:N`` (for ``mcts``: N search iterations per move), is recognised by asking
:func:`~carcassonne_amazonas.ai.bots.make_bot` for ``kind:1``.  Since bots move while a
request waits, the server caps that budget (:data:`DEFAULT_MAX_BOT_BUDGET`, ``serve
--max-bot-budget``): a seat asks for ``kind`` (the cap itself) or ``kind:N`` with N at
most the cap, and a stored ``kind:N`` over the cap (from a server with a higher one)
thinks no longer than the cap allows.  A fixed number of iterations, not a time budget,
so that a game's bot moves stay the same on any machine.

**Rule options** are the variants of :attr:`Rules.VARIANTS
<carcassonne_amazonas.rules.state.Rules.VARIANTS>` (R-V1 to R-V3), spelt as the command
line's flags and the snapshot's JSON, and read by :meth:`Rules.from_options
<carcassonne_amazonas.rules.state.Rules.from_options>`.
"""

from __future__ import annotations

from ..ai import bots
from .seats import HUMAN

__all__ = [
    "DEFAULT_MAX_BOT_BUDGET",
    "bot_for",
    "budgeted_kinds",
    "seat_kind_problem",
    "seat_kinds",
]

#: The most a bot that takes a budget may spend per move unless the server says
#: otherwise: 100 MCTS iterations, a median of 0.2 s per decision in a 2-player game and
#: 0.9 s with 4 players, measured on a busy shared 2-core machine (a turn takes 2 or 3
#: decisions).
DEFAULT_MAX_BOT_BUDGET = 100


def seat_kinds() -> tuple[str, ...]:
    """The kinds a seat may be: ``human`` first, then the bots module's kinds."""
    return (HUMAN, *(kind for kind in bots.BOT_KINDS if kind != HUMAN))


def _takes_budget(kind: str) -> bool:
    try:
        bots.make_bot(f"{kind}:1", 0)
    except ValueError:
        return False
    return True


def budgeted_kinds() -> tuple[str, ...]:
    """The bot kinds that take a budget (``kind:N``)."""
    return tuple(kind for kind in seat_kinds() if kind != HUMAN and _takes_budget(kind))


def seat_kind_problem(text: str, max_budget: int) -> str | None:
    """Why ``text`` is not a seat kind this server accepts, or None if it is one: a kind
    of :func:`seat_kinds`, or ``kind:N`` for a kind that takes a budget, N from 1 to
    ``max_budget``."""
    kinds = seat_kinds()
    if text in kinds:
        return None
    kind, colon, budget = text.partition(":")
    names = ", ".join(kinds)
    if not colon or kind not in kinds:
        return f"not one of {names}"
    if kind not in budgeted_kinds():
        return f"not one of {names} ({kind} takes no budget)"
    if not (budget.isascii() and budget.isdigit()) or not 1 <= int(budget) <= max_budget:
        return f"not {kind} or {kind}:N with N from 1 to {max_budget}, this server's limit"
    return None


def bot_for(kind: str, seed: int, max_budget: int) -> bots.Bot:
    """The bot of a seat of ``kind`` seeded with ``seed``, its budget capped at
    ``max_budget``: a kind that takes a budget plays with the cap when none is given,
    and never with more.  ValueError for ``human`` or a kind the bots module lacks."""
    name, colon, budget = kind.partition(":")
    if name in budgeted_kinds():
        wanted = int(budget) if colon and budget.isascii() and budget.isdigit() else max_budget
        kind = f"{name}:{max(1, min(wanted, max_budget))}"
    bot = bots.make_bot(kind, seed)
    if bot is None:
        raise ValueError("a human seat has no bot")
    return bot
