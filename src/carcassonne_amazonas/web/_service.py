"""The web app's games: create, load, play, with the server's draws and bot moves.

Everything here goes through the library's public API, and nothing here knows HTTP
beyond the status each :class:`~carcassonne_amazonas.web._requests.ApiError` carries
(the JSON views are :mod:`~carcassonne_amazonas.web._views`; a game, its seats, draws
and bots are :mod:`~carcassonne_amazonas.web._served`).  Nothing is stored until a
player's action and the draws (and, without a bot pool, the bot moves) after it have all
been applied, so an error never leaves a game half-changed.  With a bot pool
(:mod:`~carcassonne_amazonas.web._bots`) each bot move is thought in a worker process
and stored by itself.
"""

from __future__ import annotations

import collections
import datetime
import math
import secrets
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import attrs

from .._support.wording import plural
from ..ai.bots import HUMAN
from ..errors import IllegalActionError, NotationError
from ..formats.game import Game
from ..formats.records import GameRecord
from ..formats.snapshot import state_to_json
from ..render.anchors import segment_at
from ..rules.actions import Action, DrawTile
from ..rules.engine import new_game
from ..rules.notation import parse_action
from ..rules.pile import Shuffle
from ._bots import BotPool, is_search
from ._options import (
    DEFAULT_EXPIRE_AFTER,
    DEFAULT_MAX_BOT_BUDGET,
    DEFAULT_MAX_GAMES_PER_CLIENT,
    MAX_RETRY_AFTER,
)
from ._requests import ActionRequest, ApiError, NewGameRequest
from ._served import (
    ServedGame,
    hash_token,
    is_game_id,
    new_draw_seed,
    new_token,
    replay,
    seat_of_token,
)
from ._storage import (
    DEFAULT_MAX_OPEN_GAMES,
    GameStore,
    ReadOnlyDatabaseError,
    StaleWriteError,
    StoreBusyError,
    StoredSeat,
)

__all__ = ["GameLocks", "GameService"]

_CACHE_SIZE = 64

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
    against ``max_open_games``, and against ``max_games_per_client`` for the client that
    creates it (:meth:`expire`).
    """

    def __init__(self, store: GameStore, *, max_open_games: int = DEFAULT_MAX_OPEN_GAMES,
                 max_games_per_client: int = DEFAULT_MAX_GAMES_PER_CLIENT,
                 max_bot_budget: int = DEFAULT_MAX_BOT_BUDGET,
                 expire_after: float = DEFAULT_EXPIRE_AFTER, bot_workers: int = 0) -> None:
        self.store = store
        self.bots = BotPool(bot_workers, self.bot_step) if bot_workers else None
        """The worker processes of the bots (:mod:`~carcassonne_amazonas.web._bots`);
        None: bots move inside the request that made it their turn."""
        self.max_open_games = max_open_games
        self.max_games_per_client = max_games_per_client
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
        except ReadOnlyDatabaseError as error:
            raise ApiError(503, f"nothing was changed: {error}",
                           retry_after=MAX_RETRY_AFTER) from None

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
        seat = game.bot_to_move()
        if self.bots is not None and seat is not None:
            self.bots.schedule(game.id, seat.kind)

    def resume_bots(self) -> int:
        """Queue every unfinished game with a bot seat for its bot's move (the pool moves
        only those where a bot is to move): after a restart, a game waiting on a bot goes
        on by itself.  The workers are started first.  How many games were queued."""
        if self.bots is None:
            return 0
        self.bots.warm_up()
        seats = {game.id: [seat.kind for seat in game.seats if seat.kind != HUMAN]
                 for game in self.store.summaries() if not game.finished}
        queued = 0
        for game_id in self.store.unfinished_ids():  # the longest idle first
            bots = sorted(seats.get(game_id, ()), key=is_search, reverse=True)
            if bots:  # in the search lane if a seat searches, else in the cheap one
                self.bots.schedule(game_id, bots[0])
                queued += 1
        return queued

    def bot_status(self, game_id: str) -> dict[str, object] | None:
        """Whether game ``game_id``'s bot is queued (``{"queued": N}``, N games ahead) or
        thinking (``{"thinking": true, "since": TIME}``); None when no bot move is under
        way (:meth:`~carcassonne_amazonas.web._bots.BotPool.status`)."""
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
        :class:`~carcassonne_amazonas.web._requests.ApiError` 404 if unknown.  A game
        replayed before is checked with one quick query (its count of actions and its
        draw seed: actions are only ever appended), not read whole again."""
        with self._cache_lock:
            cached = self._cache.get(game_id)
        if cached is not None and self.store.stamp(game_id) == (cached.seq, cached.draw_seed):
            self._remember(cached)
            return cached
        stored = self.store.load(game_id) if is_game_id(game_id) else None
        if stored is None:
            raise ApiError(404, f"there is no game {game_id[:40]!r}")
        if cached is None or cached.draw_seed != stored.draw_seed \
                or cached.action_texts != stored.actions:
            cached = replay(stored, cached)
        self._remember(cached)
        return cached

    def _retry_after(self, client: str | None) -> int:
        """Seconds until the first unfinished game (of ``client``) expires, from 1 to
        :data:`~carcassonne_amazonas.web._options.MAX_RETRY_AFTER` (games also end or are
        deleted sooner)."""
        oldest = self.store.oldest_move(client)
        if oldest is None:
            return 1
        expires = oldest + datetime.timedelta(seconds=self.expire_after)
        wait = (expires - datetime.datetime.now(datetime.timezone.utc)).total_seconds()
        return max(1, min(MAX_RETRY_AFTER, math.ceil(wait)))

    def _check_room(self, client: str | None) -> None:
        """503 when the server holds ``max_open_games`` unfinished games, 429 when
        ``client`` does ``max_games_per_client``; both with ``Retry-After``."""
        self.expire()
        if self.store.open_games() >= self.max_open_games:
            raise ApiError(503, f"the server already holds {self.max_open_games} "
                                "unfinished games, its limit; finish some or try later",
                           retry_after=self._retry_after(None))
        if client is not None and \
                self.store.open_games(client) >= self.max_games_per_client:
            raise ApiError(429, f"your address already has {self.max_games_per_client} "
                                "unfinished games, the most one address may hold; finish "
                                "some or wait for idle ones to expire",
                           retry_after=self._retry_after(client))

    def create(self, request: NewGameRequest, client: str | None = None) -> dict[str, Any]:
        """A new game (``POST /api/games``): its id and one token per human seat.  The
        first tile is drawn, and bot seats that move first have already moved.
        ``client`` (:func:`~carcassonne_amazonas.web._guards.client_key`) is who asks,
        whose unfinished games are capped; None: anyone's, only the total is.

        The game has the request's rule options and draws its tiles explicitly with the
        request's seed, or a fresh secret one (:func:`new_draw_seed`).  A table game
        (``request.table``) draws nothing: its seats share one token, and the players
        enter each draw (:mod:`~carcassonne_amazonas.web._table`), from a pile shuffled
        without slice quotas (``Shuffle.UNIFORM``, R-C7), as the box's is.
        """
        self._check_room(client)  # refuse at once, before the bots think
        # The box's pile keeps no slice quotas (R-C7): a table game's draws are uniform,
        # so that no tile really drawn is refused.
        rules = attrs.evolve(request.rules, shuffle=Shuffle.UNIFORM) if request.table \
            else request.rules
        initial = new_game(request.players, rules=rules, draws="explicit")
        game_id = secrets.token_urlsafe(9)
        draw_seed = request.seed if request.seed is not None else new_draw_seed()
        table_token = new_token() if request.table else None  # one for the whole table
        tokens = {player: table_token or new_token()
                  for player, kind in enumerate(request.seats) if kind == HUMAN}
        seats = tuple(
            StoredSeat(player, kind, request.names[player],
                       hash_token(tokens[player]) if player in tokens else None)
            for player, kind in enumerate(request.seats))
        game = ServedGame(game_id, seats, draw_seed, Game(initial))
        game.play_server_moves(self.max_bot_budget, bots=self.bots is None)
        with self._create_lock, self._writing():
            self._check_room(client)
            self.store.create_game(game_id, GameRecord.from_game(initial, ()).to_json(), seats,
                                   game.action_texts, game.state.is_terminal, draw_seed,
                                   client)
        self._remember(game)
        self._stored(game)
        return {"game": game_id, "table": request.table,
                "seats": [{"player": seat.player, "kind": seat.kind,
                           "token": tokens.get(seat.player)} for seat in seats]}

    def act(self, game_id: str, request: ActionRequest) -> ServedGame:
        """Play a seat's actions (one, or the moves of one turn: the tile, then the
        piece) and the bot moves that follow (``POST /api/games/{ID}/actions``).

        Raises :class:`~carcassonne_amazonas.web._requests.ApiError`: 404 unknown game,
        403 a token that opens no human seat of the game, 400 text that is not notation,
        409 an action that is not legal now (the game is over, another player's turn, a
        stale ``seq``, a draw, which only the server makes, an action after the turn
        has ended, or the library's
        :class:`~carcassonne_amazonas.errors.IllegalActionError` message); nothing is
        stored then.
        """
        with self._locks.hold(game_id):
            game = self.load(game_id)
            player = self._seat(game, request.token)
            if request.seq is not None and request.seq != game.seq:
                raise ApiError(409, f"the game has moved on: {plural(game.seq, 'action')} "
                                    f"played, the request was made after {request.seq}; "
                                    "reload the game")
            after = self._played(game, player, request.actions)
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

    def preview(self, game_id: str, actions: tuple[str, ...]) -> ServedGame:
        """``game`` as it would be after the player to move played ``actions`` (their
        tile, say, to see where a piece may go), stored nowhere and with no draw after
        them, so it tells nothing a player could not work out (R-T1).  The errors of
        :meth:`act` for the actions (409, 400)."""
        game = self.load(game_id)
        if game.state.is_terminal or game.state.is_chance_node:
            raise ApiError(409, "the game is over (R-E1)")
        return self._played(game, game.state.current_player, actions)

    def seat_of(self, game_id: str, token: str) -> int:
        """The seat ``token`` opens (``POST /api/games/{ID}/seat``); 403 for none."""
        return self._seat(self.load(game_id), token)

    @staticmethod
    def _seat(game: ServedGame, token: str) -> int:
        """The seat ``token`` opens (403 for none); a table game's one token opens the
        seat of whoever is to move."""
        player = seat_of_token(game.seats, token)
        if player is None:
            raise ApiError(403, "this token opens no seat of the game")
        return game.state.current_player if game.table else player

    def take_back(self, game_id: str, token: str, seq: int | None) -> ServedGame:
        """Take back a table game's last entry (``POST /api/games/{ID}/undo``): a tile
        drawn, placed or a piece; the game after it.  409 for a game that is not a table
        game, one with nothing entered, or a stale ``seq``; 403 for a token that opens no
        seat.  The game gets a new revision (see :mod:`~carcassonne_amazonas.web._table`)."""
        with self._locks.hold(game_id):
            game = self.load(game_id)
            self._seat(game, token)
            if not game.table:
                raise ApiError(409, "only a table game takes entries back; in a game "
                                    "with seats, take back your move before confirming it")
            if seq is not None and seq != game.seq:
                raise ApiError(409, f"the game has moved on: {plural(game.seq, 'action')} "
                                    f"played, the request was made after {seq}; reload the "
                                    "game")
            if not game.seq:
                raise ApiError(409, "nothing to undo: nothing has been entered yet")
            after = game.copy()
            after.history.undo()
            after.log.pop()
            after.draw_seed = new_draw_seed()
            try:
                with self._writing():
                    self.store.take_back(game_id, game.seq, after.draw_seed)
            except StaleWriteError:
                raise ApiError(409, "another entry was stored at the same time; reload "
                                    "the game") from None
        self._remember(after)
        return after

    @staticmethod
    def _played(game: ServedGame, player: int, actions: tuple[str, ...]) -> ServedGame:
        """A copy of ``game`` with ``player``'s ``actions`` played (no draw, no bot);
        :class:`~carcassonne_amazonas.web._requests.ApiError` for one they may not play."""
        after = game.copy()
        for number, text in enumerate(actions):
            if number and after.state.is_chance_node:
                raise ApiError(409, f"the turn ended after {plural(number, 'action')}; "
                                    f"{text!r} comes too late")
            action = GameService._checked_action(after, player, text)
            try:
                after.play(action)
            except IllegalActionError as error:
                raise ApiError(409, str(error), refused=error) from None
        return after

    @staticmethod
    def _checked_action(game: ServedGame, player: int, text: str) -> Action:
        """The action ``text`` if ``player`` may play now (not yet whether the rules
        allow it); :class:`~carcassonne_amazonas.web._requests.ApiError` otherwise."""
        try:
            action = parse_action(text)
        except NotationError as error:
            raise ApiError(400, f"not an action in notation: {error}") from None
        state = game.state
        if state.is_terminal:
            raise ApiError(409, "the game is over (R-E1)")
        if state.current_player != player:
            raise ApiError(409, f"it is {game.player_name(state.current_player)}'s turn, "
                                f"not {game.player_name(player)}'s")
        if isinstance(action, DrawTile) and not game.table:
            raise ApiError(409, "the server draws the tiles (R-T1); send a tile "
                                "placement, a piece, a pass or a double tile")
        return action

    def segment_at(self, game_id: str, x: float, y: float,
                   after: tuple[str, ...] = ()) -> dict[str, Any]:
        """The tile and segment under board point ``(x, y)`` (hit-testing a click), in
        the game as it stands or, with ``after``, as :meth:`preview` shows it."""
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ApiError(400, "x and y must be finite numbers")
        game = self.preview(game_id, after) if after else self.load(game_id)
        found = segment_at(game.state, x, y)
        if found is None:
            return {"x": None, "y": None, "segment": None}
        position, segment = found
        return {"x": position.x, "y": position.y, "segment": segment}
