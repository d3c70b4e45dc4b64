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
The lobby offers the kinds as a menu (:func:`bot_menu`) whose labels say how strong each
is, from the measurements of the bots guide, up to the strongest bot within the cap.

**Rule options** are spelt as the command line's flags and the snapshot's JSON, and read
by the one reader of the options,
:meth:`Rules.from_options <carcassonne_amazonas.rules.options.Rules.from_options>`
(:attr:`Rules.VARIANTS <carcassonne_amazonas.rules.options.Rules.VARIANTS>` lists them).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from .._support.i18n import Texts, texts
from ..ai.bots import kind_name, parse_bot_spec

__all__ = ["BOT_MENU", "DEFAULT_CREATE_LIMIT", "DEFAULT_EXPIRE_AFTER", "DEFAULT_MAX_BOT_BUDGET",
           "DEFAULT_MAX_GAMES_PER_CLIENT", "MAX_RETRY_AFTER", "bot_menu", "default_bot_workers",
           "parse_duration"]

#: The most a bot that takes a budget may spend per move unless the server says
#: otherwise: 100 MCTS iterations, a median of 0.2 s per decision in a 2-player game and
#: 0.9 s with 4 players, measured on a busy shared 2-core machine (a turn takes 2 or 3
#: decisions).
DEFAULT_MAX_BOT_BUDGET = 100

#: The seat choices the lobby offers first, in this order: :func:`bot_menu` words each
#: with how strong it is and the measurement behind it (``docs/guides/bots.md``, 2-player
#: games, with the commit they were measured on).  ``mcts:100`` is the strongest player
#: whose move fits about 1 s on one core: 0.2 to 0.4 s a decision with 2 players, 0.9 s
#: with 4, where ``mcts:400`` takes 1 to 1.5 s with 2 players.  Kinds the bots module has
#: and this list does not follow it by their names alone.
BOT_MENU: tuple[str, ...] = ("human", "random", "greedy", "mcts", "mcts:100")

#: An unfinished game with no move for this long (seconds: 7 days) is deleted
#: (``serve --expire-after``).
DEFAULT_EXPIRE_AFTER = 7 * 24 * 3600.0
#: How many new games one client address may create per minute (``serve --create-limit``).
DEFAULT_CREATE_LIMIT = 20
#: How many unfinished games one client address may hold at once
#: (``serve --max-games-per-client``): with the default cap of 500 on all unfinished
#: games, it takes 25 addresses to fill the server.
DEFAULT_MAX_GAMES_PER_CLIENT = 20
#: The longest ``Retry-After`` (seconds: 1 hour) of a full server or client: the first
#: unfinished game expires later than that, but games end, or are deleted, any time.
MAX_RETRY_AFTER = 3600


def _usable_cpus() -> int:
    """The processors this process may run on (its affinity, where the system says;
    else every one)."""
    affinity = getattr(os, "sched_getaffinity", None)
    if affinity is not None:
        return max(1, len(affinity(0)))
    return max(1, os.cpu_count() or 1)


def default_bot_workers() -> int:
    """The search lane's worker processes: one per processor this process may use but
    one (for the server and the cheap lane), at least 1 (``serve --bot-workers``'s
    default)."""
    return max(1, _usable_cpus() - 1)


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


#: The measurements the menu states (2-player games, ``docs/guides/bots.md``), apart
#: from its words so that a new measurement needs no new translation: games won (a
#: shared victory counts 1/k) of games played, and the commit measured.
_MENU_FIGURES: dict[str, dict[str, object]] = {
    "random": {"won": 0, "games": 200, "commit": "482e4bd"},  # against greedy
    "greedy": {"won": 5, "games": 200, "commit": "b0cc468"},  # against mcts
    "mcts": {"won": 195, "games": 200, "milliseconds": 29, "commit": "b0cc468"},
    "mcts:100": {"percent": 53, "points": 2, "games": 200, "commit": "b0cc468"},  # against 25
}


def _menu_words(t: Texts) -> dict[str, tuple[str, str]]:
    """Each kind of :data:`BOT_MENU` as the lobby words it: its label and the
    measurement behind it (:data:`_MENU_FIGURES`), in ``t``'s language."""
    figures = _MENU_FIGURES
    return {
        "human": (t.pgettext("seat", "human"), t.gettext("a person at a browser")),
        "random": (t.gettext("random (weakest)"),
                   t.gettext("any legal move: won {won} of {games} games against greedy "
                             "(commit {commit})").format(**figures["random"])),
        "greedy": (t.gettext("greedy (weak)"),
                   t.gettext("the best score at once: won {won} of {games} games against "
                             "mcts (commit {commit})").format(**figures["greedy"])),
        "mcts": (t.gettext("mcts (strong)"),
                 t.gettext("searches 20 iterations, about {milliseconds} ms a move: won "
                           "{won} of {games} games against greedy (commit {commit})").format(
                               **figures["mcts"])),
        "mcts:100": (t.gettext("mcts:100 (strongest)"),
                     t.gettext("searches 100 iterations, up to about 1 s a move: about "
                               "{points} points a game more than 25 iterations, {percent} "
                               "percent of {games} games (commit {commit})").format(
                                   **figures["mcts:100"])),
    }


def bot_menu(kinds: Sequence[str], max_budget: int,
             lang: str | None = None) -> list[dict[str, str]]:
    """The lobby's seat choices: those of :data:`BOT_MENU` that ``kinds`` (the bots
    module's) and the server's cap ``max_budget`` allow, in its order, then any other
    kind of ``kinds`` by its name; each as ``{"kind": ..., "label": ..., "detail": ...}``,
    in ``lang``'s words (``None``: English)."""
    words = _menu_words(texts(lang))
    menu = []
    for kind in BOT_MENU:
        try:
            parse_bot_spec(kind, kinds=kinds, max_budget=max_budget)
        except ValueError:
            continue
        label, detail = words[kind]
        menu.append({"kind": kind, "label": label, "detail": detail})
    offered = {choice["kind"] for choice in menu}
    menu += [{"kind": kind, "label": kind_name(kind, lang), "detail": ""} for kind in kinds
             if kind not in offered]
    return menu
