"""The web app's games: create, replay, play, with the server's draws and bot moves.

Everything here goes through the library's public API, and nothing here knows HTTP
beyond the status each :class:`~carcassonne_amazonas.web._requests.ApiError` carries
(the JSON views are :mod:`~carcassonne_amazonas.web._views`):

- **Storage.** A stored game (:mod:`~carcassonne_amazonas.web._storage`) is replayed
  from its :class:`~carcassonne_amazonas.formats.records.GameRecord` setup and its
  actions into a :class:`ServedGame`, whose history is a
  :class:`~carcassonne_amazonas.formats.game.Game`.  Nothing is stored until a
  player's action and the draws and bot moves after it have all been applied, so an
  error never leaves a game half-changed.
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
- **Bots.** After every human action the bot seats move
  (:func:`~carcassonne_amazonas.ai.bots.make_bot`, their kinds read by
  :func:`~carcassonne_amazonas.ai.bots.parse_bot_spec`), each bot seeded from the
  draw seed and the move number, until a person is to move; the budget of a kind that
  takes one is capped by the server (:func:`bot_for`).
"""

from __future__ import annotations

import collections
import datetime
import hashlib
import math
import random
import secrets
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import attrs

from .._support.reprs import repr_pretty
from .._support.wording import plural
from ..ai import bots
from ..ai.bots import HUMAN, derive_seed
from ..errors import IllegalActionError, NotationError, RecordError
from ..formats.game import Game
from ..formats.records import GameRecord
from ..formats.snapshot import state_to_json
from ..render.anchors import segment_at
from ..render.explain import describe_events
from ..rules.actions import Action, DrawTile
from ..rules.chance import sample_draw
from ..rules.engine import new_game
from ..rules.notation import format_action, parse_action
from ..rules.state import GameState, colour
from ._bots import BotPool
from ._options import DEFAULT_EXPIRE_AFTER, DEFAULT_MAX_BOT_BUDGET
from ._requests import MAX_SEED, ActionRequest, ApiError, NewGameRequest
from ._storage import (
    DEFAULT_MAX_OPEN_GAMES,
    GameStore,
    StaleWriteError,
    StoreBusyError,
    StoredGame,
    StoredSeat,
)

__all__ = [
    "GameService",
    "LogEntry",
    "ServedGame",
    "bot_for",
    "draw_random",
    "hash_token",
    "is_game_id",
    "new_draw_seed",
    "new_token",
    "seat_of_token",
]

_CACHE_SIZE = 64
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


def bot_for(kind: str, seed: int, max_budget: int) -> bots.Bot:
    """The bot of a seat of ``kind`` seeded with ``seed``, its budget capped at
    ``max_budget``: a kind that takes a budget plays with the cap when none is given,
    and never with more (a stored ``kind:N`` from a server with a higher cap thinks no
    longer than this one allows).  ``ValueError`` for :data:`~carcassonne_amazonas.ai.bots.HUMAN`
    or a kind the bots module does not know."""
    spec = bots.parse_bot_spec(kind)
    if spec.kind in bots.BUDGETED_KINDS:
        spec = attrs.evolve(spec, budget=min(spec.budget or max_budget, max_budget))
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

    __slots__ = ("draw_seed", "history", "id", "log", "seats")

    def __init__(self, game_id: str, seats: tuple[StoredSeat, ...], draw_seed: int,
                 history: Game, log: Sequence[LogEntry] = ()) -> None:
        self.id = game_id
        self.seats = seats
        self.draw_seed = draw_seed
        """The secret seed of the server's draws."""
        self.history = history
        self.log = list(log)
        """One entry per action of :attr:`history`."""

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

    def player_name(self, player: int) -> str:
        """How the log names ``player``: the seat's name, or its colour without one."""
        return self.seats[player].name or colour(player)

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
        lines = describe_events(before, action, self.history.last_events, names=self.names)
        if isinstance(action, DrawTile) and not lines:
            tile = before.rules.tileset.tile(action.tile)
            lines = [f"{self.player_name(before.current_player)} draws {tile.name} "
                     f"\u201c{tile.layout.title}\u201d (R-T1)"]
        self.log.append(LogEntry(self.seq, before.current_player, format_action(action),
                                 tuple(lines)))

    def play_server_moves(self, max_bot_budget: int = DEFAULT_MAX_BOT_BUDGET, *,
                          bots: bool = True) -> None:
        """Play the server's draws and, with ``bots``, the bot seats' moves until a
        human is to move or the game is over (without ``bots``: until anyone who is not
        the server is), so that no view is ever at a chance node.

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


def _replay(stored: StoredGame, start: ServedGame | None) -> ServedGame:
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


class GameLocks:
    """One lock per game, made when a request needs it and dropped when no request
    holds or waits for it: writes to one game never wait for another game's."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._locks: dict[str, tuple[threading.Lock, list[int]]] = {}

    def __len__(self) -> int:
        """How many games' locks are held or waited for now."""
        with self._guard:
            return len(self._locks)

    @contextmanager
    def hold(self, game_id: str) -> Iterator[None]:
        """Hold game ``game_id``'s lock for the ``with`` block."""
        with self._guard:
            lock, users = self._locks.setdefault(game_id, (threading.Lock(), [0]))
            users[0] += 1
        try:
            with lock:
                yield
        finally:
            with self._guard:
                users[0] -= 1
                if not users[0]:
                    del self._locks[game_id]


class GameService:
    """The app's games: a :class:`~carcassonne_amazonas.web._storage.GameStore` plus the
    rules of the API.

    Safe to call from several threads: writes to one game are serialised by that game's
    lock (:class:`GameLocks`), and the store refuses an append that does not follow the
    actions it holds.  Replayed games are cached, keyed by their id and checked against
    the stored actions on every use; a cached game is never changed.  An unfinished game
    with no move for ``expire_after`` seconds is deleted before a new game is counted
    against ``max_open_games`` (:meth:`expire`).
    """

    def __init__(self, store: GameStore, *, max_open_games: int = DEFAULT_MAX_OPEN_GAMES,
                 max_bot_budget: int = DEFAULT_MAX_BOT_BUDGET,
                 expire_after: float = DEFAULT_EXPIRE_AFTER, bot_workers: int = 0) -> None:
        self.store = store
        self.bots = BotPool(bot_workers, self.bot_step) if bot_workers else None
        """The worker processes of the bots (:mod:`~carcassonne_amazonas.web._bots`);
        None: bots move inside the request that made it their turn."""
        self.max_open_games = max_open_games
        self.max_bot_budget = max_bot_budget
        self.expire_after = expire_after
        self._cache: collections.OrderedDict[str, ServedGame] = collections.OrderedDict()
        self._cache_lock = threading.Lock()
        self._create_lock = threading.Lock()
        self._locks = GameLocks()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """Turn the store's refusals of a write into the API's: 503 with ``Retry-After``
        while another process holds the database."""
        try:
            yield
        except StoreBusyError as error:
            raise ApiError(503, f"{error}; nothing was changed, try again in a moment",
                           retry_after=max(1, math.ceil(self.store.write_timeout))) from None

    def expire(self) -> list[str]:
        """Delete the unfinished games with no move for :attr:`expire_after` seconds;
        their ids."""
        idle_since = datetime.datetime.now(datetime.timezone.utc) - \
            datetime.timedelta(seconds=self.expire_after)
        with self._writing():
            return self.store.prune(idle_since)

    def _remember(self, game: ServedGame) -> None:
        with self._cache_lock:
            self._cache[game.id] = game
            self._cache.move_to_end(game.id)
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)

    def close(self) -> None:
        """Stop the bots' workers, then close the store."""
        if self.bots is not None:
            self.bots.close()
        self.store.close()

    def _stored(self, game: ServedGame) -> None:
        """Queue ``game`` for its bot's move if a bot is to move (with a pool)."""
        if self.bots is not None and game.bot_to_move() is not None:
            self.bots.schedule(game.id)

    def resume_bots(self) -> int:
        """Queue every unfinished game for its bot's move (the pool moves only those
        where a bot is to move): after a restart, a game waiting on a bot goes on by
        itself.  How many games were queued."""
        if self.bots is None:
            return 0
        ids = self.store.unfinished_ids()
        for game_id in ids:
            self.bots.schedule(game_id)
        return len(ids)

    def bot_status(self, game_id: str) -> dict[str, object] | None:
        """Whether game ``game_id``'s bot is queued (``{"queued": N}``, N games ahead) or
        thinking (``{"thinking": true}``); None when no bot move is under way."""
        return None if self.bots is None else self.bots.status(game_id)

    def bot_step(self, game_id: str) -> None:
        """Make and store the move of the bot to move in game ``game_id``, thought in a
        worker process while no lock is held, then the server's draws after it; queue the
        game again if another bot is then to move.  Nothing happens if the game is gone,
        or a person is to move, or the game moved on meanwhile."""
        assert self.bots is not None
        try:
            game = self.load(game_id)
        except ApiError:
            return
        seat = game.bot_to_move()
        if seat is None:
            return
        text = self.bots.run(state_to_json(game.state), seat.kind, game.bot_seed(),
                             self.max_bot_budget)
        with self._locks.hold(game_id):
            before = self.load(game_id)
            if before.seq != game.seq:
                return
            after = before.copy()
            after.play(parse_action(text))
            after.play_server_moves(self.max_bot_budget, bots=False)
            with self._writing():
                self.store.append_actions(game_id, before.seq, after.action_texts[before.seq:],
                                          after.state.is_terminal)
        self._remember(after)
        self._stored(after)

    def action_count(self, game_id: str) -> int | None:
        """How many actions game ``game_id`` holds, None if there is no such game: one
        quick query, what a client polling for changes needs."""
        return self.store.action_count(game_id) if is_game_id(game_id) else None

    def load(self, game_id: str) -> ServedGame:
        """The game, replayed from the store (not to be changed: see :class:`ServedGame`);
        :class:`~carcassonne_amazonas.web._requests.ApiError` 404 if unknown."""
        stored = self.store.load(game_id) if is_game_id(game_id) else None
        if stored is None:
            raise ApiError(404, f"there is no game {game_id[:40]!r}")
        with self._cache_lock:
            cached = self._cache.get(game_id)
        if cached is None or cached.draw_seed != stored.draw_seed \
                or cached.action_texts != stored.actions:
            cached = _replay(stored, cached)
        self._remember(cached)
        return cached

    def _check_room(self) -> None:
        self.expire()
        if self.store.open_games() >= self.max_open_games:
            raise ApiError(503, f"the server already holds {self.max_open_games} "
                                "unfinished games, its limit; finish some or try later")

    def create(self, request: NewGameRequest) -> dict[str, Any]:
        """A new game (``POST /api/games``): its id and one token per human seat.  The
        first tile is drawn, and bot seats that move first have already moved.

        The game has the request's rule options and draws its tiles explicitly with the
        request's seed, or a fresh secret one (:func:`new_draw_seed`).
        """
        self._check_room()  # refuse at once, before the bots think
        initial = new_game(request.players, rules=request.rules, draws="explicit")
        game_id = secrets.token_urlsafe(9)
        draw_seed = request.seed if request.seed is not None else new_draw_seed()
        tokens = {player: new_token() for player, kind in enumerate(request.seats)
                  if kind == HUMAN}
        seats = tuple(
            StoredSeat(player, kind, request.names[player],
                       hash_token(tokens[player]) if player in tokens else None)
            for player, kind in enumerate(request.seats))
        game = ServedGame(game_id, seats, draw_seed, Game(initial))
        game.play_server_moves(self.max_bot_budget, bots=self.bots is None)
        with self._create_lock, self._writing():
            self._check_room()
            self.store.create_game(game_id, GameRecord.from_game(initial, ()).to_json(), seats,
                                   game.action_texts, game.state.is_terminal, draw_seed)
        self._remember(game)
        self._stored(game)
        return {"game": game_id,
                "seats": [{"player": seat.player, "kind": seat.kind,
                           "token": tokens.get(seat.player)} for seat in seats]}

    def act(self, game_id: str, request: ActionRequest) -> ServedGame:
        """Play a seat's action and the bot moves that follow
        (``POST /api/games/{ID}/actions``).

        Raises :class:`~carcassonne_amazonas.web._requests.ApiError`: 404 unknown game,
        403 a token that opens no human seat of the game, 400 text that is not notation,
        409 an action that is not legal now (the game is over, another player's turn, a
        stale ``seq``, a draw, which only the server makes, or the library's
        :class:`~carcassonne_amazonas.errors.IllegalActionError` message).
        """
        with self._locks.hold(game_id):
            game = self.load(game_id)
            action = self._checked_action(game, request)
            after = game.copy()
            try:
                after.play(action)
            except IllegalActionError as error:
                raise ApiError(409, str(error)) from None
            after.play_server_moves(self.max_bot_budget, bots=self.bots is None)
            try:
                with self._writing():
                    self.store.append_actions(game_id, game.seq,
                                              after.action_texts[game.seq:],
                                              after.state.is_terminal)
            except StaleWriteError:
                raise ApiError(409, "another move was stored at the same time; reload "
                                    "the game") from None
        self._remember(after)
        self._stored(after)
        return after

    @staticmethod
    def _checked_action(game: ServedGame, request: ActionRequest) -> Action:
        """The action of ``request`` if its seat may play now (not yet whether the rules
        allow it); :class:`~carcassonne_amazonas.web._requests.ApiError` otherwise."""
        player = seat_of_token(game.seats, request.token)
        if player is None:
            raise ApiError(403, "this token opens no seat of the game")
        try:
            action = parse_action(request.action)
        except NotationError as error:
            raise ApiError(400, f"not an action in notation: {error}") from None
        state = game.state
        if request.seq is not None and request.seq != game.seq:
            raise ApiError(409, f"the game has moved on: {plural(game.seq, 'action')} "
                                f"played, the request was made after {request.seq}; "
                                "reload the game")
        if state.is_terminal:
            raise ApiError(409, "the game is over (R-E1)")
        if state.current_player != player:
            raise ApiError(409, f"it is {game.player_name(state.current_player)}'s turn, "
                                f"not {game.player_name(player)}'s")
        if isinstance(action, DrawTile):
            raise ApiError(409, "the server draws the tiles (R-T1); send a tile "
                                "placement, a piece, a pass or a double tile")
        return action

    def segment_at(self, game_id: str, x: float, y: float) -> dict[str, Any]:
        """The tile and segment under board point ``(x, y)`` (hit-testing a click)."""
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ApiError(400, "x and y must be finite numbers")
        found = segment_at(self.load(game_id).state, x, y)
        if found is None:
            return {"x": None, "y": None, "segment": None}
        position, segment = found
        return {"x": position.x, "y": position.y, "segment": segment}
