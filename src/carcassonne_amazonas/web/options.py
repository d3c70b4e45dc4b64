"""What a new game may ask for: the seat kinds (from the bots module, with a cap on the
bots' thinking) and the rule variants (R-V1 to R-V3).

**Seat kinds** are read from :data:`carcassonne_amazonas.bots.BOT_KINDS` each time they
are needed, so a bot kind the bots module gains (``mcts``, say) is offered by the server
at once, with no list here to update.  A bot kind that takes a budget, written
``kind:N`` (for ``mcts``: N search iterations per move), is recognised by asking
:func:`~carcassonne_amazonas.bots.make_bot` for ``kind:1``.  Since bots move while a
request waits, the server caps that budget (:data:`DEFAULT_MAX_BOT_BUDGET`, ``serve
--max-bot-budget``): a seat asks for ``kind`` (the cap itself) or ``kind:N`` with N at
most the cap, and a stored ``kind:N`` over the cap (from a server with a higher one)
thinks no longer than the cap allows.  A fixed number of iterations, not a time budget,
so that a game's bot moves stay the same on any machine.

**Rule options** are spelt as the command line's flags and the snapshot's JSON:
``amazon_ranking`` ``dense`` or ``competition`` (R-V1), ``camp_scoring`` ``per-jungle``
or ``per-camp`` (R-V2), ``bonus_river`` true or false (R-V3).
"""

from __future__ import annotations

from typing import Any

import attrs

# reference_tileset through the package's public names, not the module that defines it.
from .. import bots, reference_tileset
from ..boat_track import AmazonRanking
from ..reprs import repr_pretty
from ..scoring import CampScoring
from ..state import Rules
from .seats import HUMAN

__all__ = [
    "DEFAULT_MAX_BOT_BUDGET",
    "RULE_IDS",
    "RULE_OPTIONS",
    "RuleOptions",
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

#: Each rule option of a new game with its values, the default first.
RULE_OPTIONS: dict[str, tuple[Any, ...]] = {
    "amazon_ranking": tuple(ranking.value for ranking in AmazonRanking),
    "camp_scoring": tuple(scoring.value for scoring in CampScoring),
    "bonus_river": (False, True),
}
#: The rule id of each option (docs/rules.md, Variants).
RULE_IDS = {"amazon_ranking": "R-V1", "camp_scoring": "R-V2", "bonus_river": "R-V3"}


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


@attrs.frozen
class RuleOptions:
    """The rule options of a game, as the API spells them."""

    amazon_ranking: AmazonRanking = AmazonRanking.DENSE
    """R-V1: after a tie for first in an Amazon scoring, the next boat is second
    (``dense``) or third (``competition``)."""
    camp_scoring: CampScoring = CampScoring.PER_JUNGLE
    """R-V2: a jungle pays its majority once (``per-jungle``) or once per camp
    (``per-camp``)."""
    bonus_river: bool = False
    """R-V3: the two Amazon Bonus River double tiles join the reference set."""

    _repr_pretty_ = repr_pretty

    def rules(self) -> Rules:
        """The library's rules for these options."""
        return Rules(tileset=reference_tileset(bonus_river=self.bonus_river),
                     amazon_ranking=self.amazon_ranking, camp_scoring=self.camp_scoring)

    @classmethod
    def of(cls, rules: Rules) -> RuleOptions:
        """The options of ``rules`` (``bonus_river`` when its tile set is the reference
        set with the bonus tiles)."""
        bonus = rules.tileset.checksum == reference_tileset(bonus_river=True).checksum
        return cls(rules.amazon_ranking, rules.camp_scoring, bonus)

    def to_json(self) -> dict[str, Any]:
        """The options as a JSON object, every option written."""
        return {"amazon_ranking": self.amazon_ranking.value,
                "camp_scoring": self.camp_scoring.value, "bonus_river": self.bonus_river}
