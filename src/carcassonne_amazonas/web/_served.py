"""A game of the web app (:class:`ServedGame`), its seats' tokens, the server's draws and
the bots' seeds.

Everything here goes through the library's public API, and nothing here knows HTTP
beyond the status each :class:`~carcassonne_amazonas.web._requests.ApiError` carries
(the JSON views are :mod:`~carcassonne_amazonas.web._views`):

- **Storage.** A stored game (:mod:`~carcassonne_amazonas.web._storage`) is replayed
  from its :class:`~carcassonne_amazonas.formats.records.GameRecord` setup and its
  actions into a :class:`ServedGame`, whose history is a
  :class:`~carcassonne_amazonas.formats.game.Game`.
- **Seats.** A human seat has a secret token (:func:`new_token`), made once when the
  game is created and shown only in that response; the page carries it in the URL
  fragment, which browsers never send to the server nor put in ``Referer``.  The store
  keeps its SHA-256 digest (:func:`hash_token`), compared with
  :func:`secrets.compare_digest`, which takes the same time wherever the first
  difference lies.
- **Draws.** A game in the default seeded mode holds the order of the whole pile, and
  its snapshot (which the view includes) lists it.  So the app's games draw explicitly
  (``new_game(n, draws="explicit")``, see :mod:`~carcassonne_amazonas.rules.chance`): a
  state holds no future order and each draw (R-T1) is a chance node, which the server
  resolves at once, before anyone sees the state.  The ``k``-th draw of a game
  (``k`` = 0, 1, ...) is the library's exact sampler,
  :func:`~carcassonne_amazonas.rules.chance.sample_draw` (the probabilities of R-C7),
  with the generator :func:`draw_random` seeded from the game's secret *draw seed* and
  ``k``.  The draw is then an ordinary action (``*<tile id>`` in the record), so a game
  replays from its record alone, and the seed, kept in the database, makes the next
  draws reproducible too.  The ``k``-th draw depends only on the seed and the tiles
  drawn before it, so two games with the same seed draw the same tiles in the same
  order however they are played.  The seed is never sent while the game is on (the
  view shows it once the game is over); a game's creator who chose it knows it, so
  games among friends should let the server pick one (:func:`new_draw_seed`).
- **Bots.** A bot seat moves with :func:`~carcassonne_amazonas.ai.bots.make_bot` (its
  kind read by :func:`~carcassonne_amazonas.ai.bots.parse_bot_spec`), seeded from the
  draw seed and the move number (:meth:`ServedGame.bot_seed`), in the server's process
  (:meth:`ServedGame.play_server_moves`) or a worker's
  (:mod:`~carcassonne_amazonas.web._bots`): the same move either way; the budget of a
  kind that takes one is capped by the server (:func:`bot_for`).
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence

import attrs

from .._support.i18n import DEFAULT, texts
from .._support.reprs import repr_pretty
from .._support.wording import plural
from ..ai import bots
from ..ai.bots import HUMAN, derive_seed
from ..ai.mcts import DEFAULT_ITERATIONS
from ..errors import IllegalActionError, NotationError, RecordError
from ..formats.game import Game
from ..formats.records import GameRecord
from ..render.explain import describe_events
from ..render.text import layout_title, player_namer
from ..rules.actions import Action, DrawTile
from ..rules.chance import sample_draw
from ..rules.engine import apply_action_with_events
from ..rules.events import Event
from ..rules.notation import format_action, parse_action
from ..rules.players import colour
from ..rules.state import GameState
from ._options import DEFAULT_MAX_BOT_BUDGET
from ._requests import MAX_SEED, ApiError
from ._storage import StoredGame, StoredSeat

__all__ = [
    "LIBRARY_BUDGETS",
    "LogEntry",
    "ServedGame",
    "bot_for",
    "draw_random",
    "hash_token",
    "is_game_id",
    "new_draw_seed",
    "new_token",
    "replay",
    "seat_of_token",
]

_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def is_game_id(text: str) -> bool:
    """Whether ``text`` has the shape of a game id (URL-safe, at most 32 characters)."""
    return 0 < len(text) <= 32 and all(char in _ID_CHARS for char in text)


# -- seats ----------------------------------------------------------------------------------

def new_token() -> str:
    """A fresh secret seat token (256 random bits, URL-safe text)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The SHA-256 hex digest stored in place of ``token``."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_of_token(seats: Sequence[StoredSeat], token: str) -> int | None:
    """The player whose human seat ``token`` opens, or None.  Every seat is compared,
    so the time taken does not tell which seat came close."""
    digest = hash_token(token)
    found = None
    for seat in seats:
        if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, digest):
            found = seat.player
    return found


# -- draws and bots ---------------------------------------------------------------------------

def new_draw_seed() -> int:
    """A fresh secret draw seed, from 0 to :data:`~carcassonne_amazonas.web._requests.MAX_SEED`
    (63 bits), from the operating system's random source."""
    return secrets.randbelow(MAX_SEED + 1)


def draw_random(draw_seed: int, index: int) -> random.Random:
    """The generator of the ``index``-th draw (from 0) of a game with draw seed
    ``draw_seed``, which :func:`~carcassonne_amazonas.rules.chance.sample_draw` draws
    with (R-T1, R-C7): the same on every machine and Python version."""
    return random.Random(derive_seed("web-draw", draw_seed, index))


#: The budget a kind that takes one plays with when a seat names none: the library's
#: default (:data:`~carcassonne_amazonas.ai.mcts.DEFAULT_ITERATIONS` for ``mcts``).
LIBRARY_BUDGETS = {"mcts": DEFAULT_ITERATIONS}


def bot_for(kind: str, seed: int, max_budget: int) -> bots.Bot:
    """The bot of a seat of ``kind`` seeded with ``seed``, its budget capped at
    ``max_budget``: a kind that takes a budget plays with the library's default when none
    is given (:data:`LIBRARY_BUDGETS`; the cap for a kind without one there), and never
    with more than the cap (a stored ``kind:N`` from a server with a higher cap thinks no
    longer than this one allows).  ``ValueError`` for :data:`~carcassonne_amazonas.ai.bots.HUMAN`
    or a kind the bots module does not know."""
    spec = bots.parse_bot_spec(kind)
    if spec.kind in bots.BUDGETED_KINDS:
        wanted = spec.budget or LIBRARY_BUDGETS.get(spec.kind, max_budget)
        spec = attrs.evolve(spec, budget=min(wanted, max_budget))
    bot = bots.make_bot(spec, seed)
    if bot is None:
        raise ValueError("a human seat has no bot")
    return bot


# -- the games --------------------------------------------------------------------------------

@attrs.frozen
class LogEntry:
    """One action of the game and what it did, in words."""

    _repr_pretty_ = repr_pretty

    seq: int
    """How many actions had been played after this one (1 for the first)."""
    player: int
    action: str
    """The action in notation."""
    lines: tuple[str, ...]
    """The library's explanation of the action's events
    (:func:`~carcassonne_amazonas.render.explain.describe_events`)."""


class ServedGame:
    """A game of the web app: its history (a :class:`~carcassonne_amazonas.formats.game.Game`),
    its id, seats and secret draw seed, and its log in words.

    Like the :class:`~carcassonne_amazonas.formats.game.Game` it holds, it grows with
    :meth:`play`.  The :class:`GameService` never changes one it has handed out or
    cached: it plays on a :meth:`copy`.
    """

    __slots__ = ("_logs", "draw_seed", "history", "id", "log", "seats")

    def __init__(self, game_id: str, seats: tuple[StoredSeat, ...], draw_seed: int,
                 history: Game, log: Sequence[LogEntry] = ()) -> None:
        self.id = game_id
        self.seats = seats
        self.draw_seed = draw_seed
        """The secret seed of the server's draws."""
        self.history = history
        self.log = list(log)
        """One entry per action of :attr:`history`."""
        self._logs: dict[str, list[LogEntry]] = {}

    def __repr__(self) -> str:
        return f"<ServedGame {self.id}: {plural(self.seq, 'action')} played>"

    _repr_pretty_ = repr_pretty

    @property
    def state(self) -> GameState:
        """The current state."""
        return self.history.state

    @property
    def seq(self) -> int:
        """How many actions have been played."""
        return len(self.history)

    @property
    def action_texts(self) -> tuple[str, ...]:
        """The actions in notation, as the store keeps them."""
        return tuple(entry.action for entry in self.log)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names (empty where none was given), for the log's lines."""
        return tuple(seat.name for seat in self.seats)

    def player_name(self, player: int, lang: str | None = None) -> str:
        """How the log names ``player``: the seat's name, or its colour without one."""
        return player_namer(self.names, len(self.seats), lang)(player)

    def log_in(self, lang: str) -> list[LogEntry]:
        """:attr:`log` with its lines in ``lang``: the log itself in English, else worked
        out from the history once per entry and kept."""
        if lang == DEFAULT:
            return self.log
        entries = self._logs.setdefault(lang, [])
        states, actions = self.history.states, self.history.actions
        for index in range(len(entries), len(self.log)):
            before, action = states[index], actions[index]
            _, events = apply_action_with_events(before, action)
            entry = self.log[index]
            entries.append(LogEntry(entry.seq, entry.player, entry.action,
                                    self._lines(before, action, events, lang)))
        return entries

    def _lines(self, before: GameState, action: Action, events: Sequence[Event],
               lang: str) -> tuple[str, ...]:
        """What ``action`` did in ``before``, in ``lang``: the explanation of its events,
        or, for the server's draw, who drew which tile."""
        lines = describe_events(before, action, events, names=self.names, lang=lang)
        if isinstance(action, DrawTile) and not lines:
            tile = before.rules.tileset.tile(action.tile)
            lines = [texts(lang).gettext("{who} draws {tile} \u201c{title}\u201d (R-T1)").format(
                who=self.player_name(before.current_player, lang), tile=tile.name,
                title=layout_title(tile.layout, lang))]
        return tuple(lines)

    @property
    def table(self) -> bool:
        """Whether this is a table game (:mod:`~carcassonne_amazonas.web._table`): two or
        more human seats sharing one token, whose draws the players enter."""
        hashes = {seat.token_hash for seat in self.seats}
        return (len(self.seats) > 1 and all(seat.kind == HUMAN for seat in self.seats)
                and len(hashes) == 1 and None not in hashes)

    def copy(self) -> ServedGame:
        """This game, to play on while this one stays as it is."""
        return ServedGame(self.id, self.seats, self.draw_seed, self.history.copy(), self.log)

    def record(self) -> GameRecord:
        """The game record of the game so far."""
        return self.history.record()

    def play(self, action: Action) -> None:
        """Play ``action`` (the library's errors if it is illegal, and then the game is
        unchanged) and log it, naming the players by their seats' names."""
        before = self.state
        self.history.play(action)
        lines = self._lines(before, action, self.history.last_events, DEFAULT)
        self.log.append(LogEntry(self.seq, before.current_player, format_action(action),
                                 lines))

    def play_server_moves(self, max_bot_budget: int = DEFAULT_MAX_BOT_BUDGET, *,
                          bots: bool = True) -> None:
        """Play the server's draws and, with ``bots``, the bot seats' moves until a
        human is to move or the game is over (without ``bots``: until anyone who is not
        the server is), so that no view is ever at a chance node; a table game
        (:attr:`table`) stops at a chance node instead, for the players to say which
        tile they drew.

        The ``k``-th draw is :func:`~carcassonne_amazonas.rules.chance.sample_draw` with
        :func:`draw_random` of the draw seed and ``k``; a bot is seeded with
        :meth:`bot_seed`, so a game's moves do not depend on the server's history, and
        two games with the same seed in which the people play the same moves are the
        same game.  A bot that takes a budget thinks at most ``max_bot_budget``
        (:func:`bot_for`).  :class:`~carcassonne_amazonas.web._requests.ApiError` 500 for
        a seat of a bot kind this server does not know.
        """
        draws = sum(isinstance(action, DrawTile) for action in self.history.actions)
        while not self.state.is_terminal:
            state = self.state
            if state.is_chance_node:
                if self.table:  # the players enter the tile drawn
                    break
                self.play(sample_draw(state, draw_random(self.draw_seed, draws)))
                draws += 1
                continue
            seat = self.seats[state.current_player]
            if seat.kind == HUMAN or not bots:
                break
            try:
                bot = bot_for(seat.kind, self.bot_seed(), max_bot_budget)
            except ValueError:
                raise ApiError(500, f"stored game {self.id}: {colour(seat.player)} is a "
                                    f"{seat.kind!r} bot, a kind this server does not "
                                    "know") from None
            self.play(bot.choose(state))

    def bot_seed(self) -> int:
        """The seed of the bot that moves now: from the draw seed and the move number."""
        return derive_seed("web-bot", self.draw_seed, self.seq)

    def bot_to_move(self) -> StoredSeat | None:
        """The seat of the bot to move now, None when a person is to move or the game is
        over."""
        state = self.state
        if state.is_terminal or state.is_chance_node:
            return None
        seat = self.seats[state.current_player]
        return None if seat.kind == HUMAN else seat


def replay(stored: StoredGame, start: ServedGame | None) -> ServedGame:
    """``stored`` replayed, on a copy of ``start`` when it holds a prefix of its actions."""
    if start is not None and start.draw_seed == stored.draw_seed \
            and stored.actions[:start.seq] == start.action_texts:
        game = start.copy()
    else:
        try:
            initial = GameRecord.from_json(stored.setup).initial_state()
        except RecordError as error:
            raise ApiError(500, f"stored game {stored.id} cannot be loaded: {error}") from None
        game = ServedGame(stored.id, stored.seats, stored.draw_seed, Game(initial))
    for number, text in enumerate(stored.actions[game.seq:], start=game.seq + 1):
        try:
            game.play(parse_action(text))
        except (NotationError, IllegalActionError) as error:
            raise ApiError(500, f"stored game {stored.id} cannot be replayed: action "
                                f"{number} ({text}): {error}") from None
    return game


