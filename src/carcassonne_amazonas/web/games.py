"""The games of the web app: create, replay, play, and the JSON view a page draws.

Everything here goes through the library's public API: a stored game is replayed from
its :class:`~carcassonne_amazonas.formats.records.GameRecord` setup and its actions with
:func:`~carcassonne_amazonas.rules.engine.apply_action_with_events`; a player's action is
parsed with :func:`~carcassonne_amazonas.rules.notation.parse_action` and checked by
:func:`~carcassonne_amazonas.rules.engine.apply_action`; then the server draws the next tiles
(:mod:`~carcassonne_amazonas.web.draws`: games use explicit draws, so no response holds
the order of the tiles to come) and the bot seats move with
:func:`~carcassonne_amazonas.ai.bots.make_bot`, until a person is to move; the event log
is the library's explanations (:mod:`~carcassonne_amazonas.render.explain`).

Errors are :class:`ApiError` values carrying the HTTP status the app answers with.
Nothing is stored until an action and the bot moves after it have all been applied, so
an error never leaves a game half-changed.
"""

from __future__ import annotations

import collections
import functools
import json
import math
import secrets
import threading
import zlib
from collections.abc import Sequence
from typing import Any

import attrs

from .._support.reprs import repr_pretty
from .._support.wording import plural
from ..ai.bots import derive_seed
from ..errors import IllegalActionError, NotationError, RecordError
from ..formats.records import GameRecord
from ..formats.snapshot import state_to_json
from ..render.anchors import piece_anchor, segment_at
from ..render.explain import describe_action, describe_events, winner_text
from ..render.placement_options import footprint, placement_options
from ..render.svg import board_svg, tile_svg
from ..render.text import tile_description
from ..rules.actions import Action, ChooseDouble, DrawTile, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from ..rules.engine import apply_action_with_events, legal_actions, new_game
from ..rules.final_scoring import projected_scores
from ..rules.notation import format_action, parse_action
from ..rules.scoring import ScoreBreakdown
from ..rules.state import GameState, Phase, colour
from ..tiles.geometry import Rotation
from ..tiles.tileset import Tile
from .draws import new_draw_seed, server_draw
from .options import DEFAULT_MAX_BOT_BUDGET, RuleOptions, bot_for
from .requests import ActionRequest, NewGameRequest
from .seats import HUMAN, hash_token, new_token, seat_of_token
from .storage import DEFAULT_MAX_OPEN_GAMES, GameStore, StaleWriteError, StoredGame, StoredSeat

__all__ = [
    "ApiError",
    "GameService",
    "LoadedGame",
    "LogEntry",
    "is_game_id",
]

_CACHE_SIZE = 64
_LOCKS = 64
_ID_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
_BOARD_CELL = 64


class ApiError(Exception):
    """An error the API answers with ``status`` and ``{"error": message}``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def is_game_id(text: str) -> bool:
    """Whether ``text`` has the shape of a game id (URL-safe, at most 32 characters)."""
    return 0 < len(text) <= 32 and all(char in _ID_CHARS for char in text)


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


@attrs.frozen
class LoadedGame:
    """A game replayed from the store: every state, the actions and their log."""

    _repr_pretty_ = repr_pretty

    id: str
    seats: tuple[StoredSeat, ...]
    draw_seed: int | None
    """The secret seed of the server's draws (:mod:`~carcassonne_amazonas.web.draws`);
    None for a game stored with a seeded pile, before the server drew the tiles."""
    states: tuple[GameState, ...]
    """The initial state first, then the state after each action."""
    actions: tuple[Action, ...]
    log: tuple[LogEntry, ...]

    @property
    def state(self) -> GameState:
        """The current state."""
        return self.states[-1]

    @property
    def seq(self) -> int:
        """How many actions have been played."""
        return len(self.actions)

    @property
    def draws_made(self) -> int:
        """How many tiles the server has drawn (the index of the next draw)."""
        return sum(isinstance(action, DrawTile) for action in self.actions)

    @property
    def action_texts(self) -> tuple[str, ...]:
        """The actions in notation."""
        return tuple(entry.action for entry in self.log)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names (empty where none was given), for the log's lines."""
        return tuple(seat.name for seat in self.seats)

    def player_name(self, player: int) -> str:
        """How the log names ``player``: the seat's name, or its colour without one."""
        return self.seats[player].name or colour(player)

    def played(self, action: Action) -> LoadedGame:
        """This game after ``action`` (raises the library's errors if it is illegal); its
        log line names the players by their seats' names."""
        before = self.state
        after, events = apply_action_with_events(before, action)
        lines = describe_events(before, action, events, names=self.names)
        if isinstance(action, DrawTile) and not lines:
            tile = before.rules.tileset.tile(action.tile)
            lines = [f"{self.player_name(before.current_player)} draws {tile.name} "
                     f"\u201c{tile.layout.title}\u201d (R-T1)"]
        entry = LogEntry(self.seq + 1, before.current_player, format_action(action),
                         tuple(lines))
        return attrs.evolve(self, states=(*self.states, after),
                            actions=(*self.actions, action), log=(*self.log, entry))

    def with_server_moves(self, max_bot_budget: int = DEFAULT_MAX_BOT_BUDGET
                          ) -> LoadedGame:
        """This game after the server's draws and the bot seats' moves, until a human is
        to move or the game is over: no view is ever at a chance node.

        Each draw comes from :func:`~carcassonne_amazonas.web.draws.server_draw` with the
        game's draw seed; each bot move from a bot seeded from the draw seed and the move
        number (games stored before the draw seed: the game id), so a game's moves do not
        depend on the server's history, and two games with the same seed in which the
        people play the same moves are the same game.  A bot that takes a budget thinks
        at most ``max_bot_budget`` (:func:`~carcassonne_amazonas.web.options.bot_for`).
        """
        game = self
        while not game.state.is_terminal:
            state = game.state
            if state.is_chance_node:
                if game.draw_seed is None:
                    raise ApiError(500, f"stored game {game.id} draws its tiles explicitly "
                                        "but has no draw seed")
                game = game.played(server_draw(state, game.draw_seed, game.draws_made))
                continue
            seat = game.seats[state.current_player]
            if seat.kind == HUMAN:
                break
            seed = derive_seed("web", game.id, game.seq) if game.draw_seed is None \
                else derive_seed("web-bot", game.draw_seed, game.seq)
            try:
                bot = bot_for(seat.kind, seed, max_bot_budget)
            except ValueError:
                raise ApiError(500, f"stored game {game.id}: {colour(seat.player)} is a "
                                    f"{seat.kind!r} bot, a kind this server does not "
                                    "know") from None
            game = game.played(bot.choose(state))
        return game

    def record(self) -> GameRecord:
        """The game record of the game so far."""
        return GameRecord.from_game(self.states[0], self.actions)


def _replay(stored: StoredGame, start: LoadedGame | None) -> LoadedGame:
    """``stored`` replayed, reusing ``start`` when it holds a prefix of its actions."""
    if start is None or start.draw_seed != stored.draw_seed \
            or stored.actions[:start.seq] != start.action_texts:
        try:
            initial = GameRecord.from_json(stored.setup).initial_state()
        except RecordError as error:
            raise ApiError(500, f"stored game {stored.id} cannot be loaded: {error}") from None
        start = LoadedGame(stored.id, stored.seats, stored.draw_seed, (initial,), (), ())
    game = start
    for number, text in enumerate(stored.actions[game.seq:], start=game.seq + 1):
        try:
            game = game.played(parse_action(text))
        except (NotationError, IllegalActionError) as error:
            raise ApiError(500, f"stored game {stored.id} cannot be replayed: action "
                                f"{number} ({text}): {error}") from None
    return game


def _breakdown(breakdown: ScoreBreakdown) -> dict[str, int]:
    return {"tributaries": breakdown.tributaries, "villages": breakdown.villages,
            "amazon": breakdown.amazon, "camps": breakdown.camps, "river": breakdown.river,
            "total": breakdown.total}


def _placements(state: GameState) -> list[dict[str, Any]]:
    """The legal cells for the tile in hand and, per cell, each legal rotation with the
    action that plays it and the cells the tile then covers."""
    tile = state.tile_in_hand
    if tile is None:
        return []
    options = []
    for position, rotations in placement_options(state).items():
        options.append({
            "x": position.x, "y": position.y,
            "rotations": [{"degrees": rotation.degrees,
                           "action": format_action(PlaceTile(position, rotation)),
                           "cells": [[c.x, c.y] for c in footprint(tile, position, rotation)]}
                          for rotation in rotations]})
    return options


@functools.lru_cache(maxsize=1024)
def _tile_picture(tile: Tile, rotation: Rotation) -> str:
    """A tile's picture without its label (the same for every game: cached)."""
    return str(tile_svg(tile, rotation, label=False))


def _hand(state: GameState, placements: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The tile in hand: its name, its description and a picture per legal rotation."""
    tile = state.tile_in_hand
    if tile is None or state.phase not in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
        return None
    degrees = sorted({r["degrees"] for option in placements for r in option["rotations"]})
    return {"id": int(tile.id), "name": tile.name, "text": tile_description(tile),
            "svg": {str(d): _tile_picture(tile, Rotation.from_degrees(d)) for d in degrees}}


def _pieces(state: GameState, legal: Sequence[Action]) -> list[dict[str, Any]]:
    """The legal meeple and camp placements with the point where each piece is drawn."""
    options = []
    for action in legal:
        if isinstance(action, (PlaceMeeple, PlaceCamp)):
            x, y = piece_anchor(state, action.position, action.segment)
            options.append({"action": format_action(action),
                            "kind": "meeple" if isinstance(action, PlaceMeeple) else "camp",
                            "x": action.position.x, "y": action.position.y,
                            "segment": action.segment, "anchor": [x, y],
                            "text": describe_action(state, action)})
    return options


def _doubles(state: GameState, legal: Sequence[Action]) -> list[dict[str, Any]]:
    tileset = state.rules.tileset
    options = []
    for action in legal:
        if isinstance(action, ChooseDouble):
            tile = tileset.tile(action.tile)
            options.append({"action": format_action(action), "id": int(action.tile),
                            "name": tile.name, "text": tile_description(tile),
                            "svg": _tile_picture(tile, Rotation.R0)})
    return options


def view_of(game: LoadedGame, *, board: bool = False) -> dict[str, Any]:
    """The JSON view of ``game`` (``GET /api/games/{ID}``): the fields of the API
    contract (``phase``, ``to_move``, ``scores``, ``is_terminal``, ``legal``, ``state``,
    ``projected``) and what a page needs to draw and play it (seats, options with
    anchors, the tile in hand, the event log, the final scoring; the board SVG when
    ``board``).

    Nothing in it tells the tiles to come: the snapshot of an explicit-draws game lists
    the tiles left sorted by id, and the draw seed (``seed``) is shown only once the game
    is over.
    """
    state = game.state
    legal = legal_actions(state)
    placements = _placements(state) if state.phase in (Phase.PLACE_TILE,
                                                       Phase.PLACE_DOUBLE) else []
    final = None
    if state.final_scoring is not None:
        final = [{"tributaries": f.tributaries, "villages": f.villages, "camps": f.camps,
                  "river": f.river, "total": f.total} for f in state.final_scoring]
    piece_at = state.piece_position
    holder = state.board.placement_at(piece_at) if piece_at is not None else None
    view: dict[str, Any] = {
        "game": game.id,
        "seq": game.seq,
        "phase": state.phase.value,
        "to_move": None if state.is_terminal else state.current_player,
        "scores": list(state.scores),
        "is_terminal": state.is_terminal,
        "winners": list(state.winners),
        "legal": [format_action(action) for action in legal],
        "state": json.loads(state_to_json(state)),
        "projected": [_breakdown(b) for b in projected_scores(state)],
        "seats": [{"player": seat.player, "kind": seat.kind, "name": seat.name,
                   "colour": colour(seat.player)} for seat in game.seats],
        "players": [{"player": index, "score": player.score, "boat": player.boat,
                     "meeples": player.meeples_in_supply, "camps": player.camps_in_supply,
                     "breakdown": _breakdown(player.breakdown)}
                    for index, player in enumerate(state.players)],
        "rules": RuleOptions.of(state.rules).to_json(),
        "track_length": state.track_length,
        "tiles_left": state.tiles_left,
        "hand": _hand(state, placements),
        "placements": placements,
        "piece_position": None if piece_at is None else [piece_at.x, piece_at.y],
        "piece_cells": None if holder is None else [[c.x, c.y] for c in holder.cells],
        "pieces": _pieces(state, legal),
        "pass": (describe_action(state, Pass())
                 if any(isinstance(action, Pass) for action in legal) else None),
        "doubles": _doubles(state, legal),
        "log": [attrs.asdict(entry) for entry in game.log],
        "final_scoring": final,
        "result": (winner_text(state.scores, state.winners, names=game.names)
                   if state.is_terminal else None),
        # The draw seed is secret while the game is on: it decides the tiles to come.
        "seed": game.draw_seed if state.is_terminal else None,
    }
    if board:
        view["board_svg"] = render_board(game)
    return view


def render_board(game: LoadedGame) -> str:
    """The board as SVG, as the page shows it: coordinates, legend and the last move
    marked, no score table (the page shows the scores); the legal cells are drawn by the
    page itself."""
    return str(board_svg(game.state, cell_size=_BOARD_CELL, show_open=False,
                         coordinates=True, legend=True, last_move=True, scores=False))


class GameService:
    """The app's games: a :class:`GameStore` plus the rules of the API.

    Safe to call from several threads: writes to one game are serialised by a lock (one
    of a fixed set, chosen by the game id), and the store refuses an append that does not
    follow the actions it holds.  Replayed games are cached, keyed by their id and
    checked against the stored actions on every use.
    """

    def __init__(self, store: GameStore, *, max_open_games: int = DEFAULT_MAX_OPEN_GAMES,
                 max_bot_budget: int = DEFAULT_MAX_BOT_BUDGET) -> None:
        self.store = store
        self.max_open_games = max_open_games
        self.max_bot_budget = max_bot_budget
        self._cache: collections.OrderedDict[str, LoadedGame] = collections.OrderedDict()
        self._cache_lock = threading.Lock()
        self._create_lock = threading.Lock()
        self._locks = tuple(threading.Lock() for _ in range(_LOCKS))

    def _lock(self, game_id: str) -> threading.Lock:
        return self._locks[zlib.crc32(game_id.encode()) % _LOCKS]

    def _remember(self, game: LoadedGame) -> None:
        with self._cache_lock:
            self._cache[game.id] = game
            self._cache.move_to_end(game.id)
            while len(self._cache) > _CACHE_SIZE:
                self._cache.popitem(last=False)

    def load(self, game_id: str) -> LoadedGame:
        """The game, replayed from the store; :class:`ApiError` 404 if unknown."""
        stored = self.store.load(game_id) if is_game_id(game_id) else None
        if stored is None:
            raise ApiError(404, f"there is no game {game_id[:40]!r}")
        with self._cache_lock:
            cached = self._cache.get(game_id)
        fresh = cached is not None and cached.draw_seed == stored.draw_seed \
            and cached.action_texts == stored.actions
        game = cached if cached is not None and fresh else _replay(stored, cached)
        self._remember(game)
        return game

    def _check_room(self) -> None:
        if self.store.open_games() >= self.max_open_games:
            raise ApiError(503, f"the server already holds {self.max_open_games} "
                                "unfinished games, its limit; finish some or try later")

    def create(self, request: NewGameRequest) -> dict[str, Any]:
        """A new game (``POST /api/games``): its id and one token per human seat.  The
        first tile is drawn, and bot seats that move first have already moved.

        The game has the request's rule options and draws its tiles explicitly
        (:mod:`~carcassonne_amazonas.web.draws`) with the request's seed, or a fresh
        secret one.
        """
        self._check_room()  # refuse at once, before the bots think
        initial = new_game(request.players, rules=request.rules.rules(), draws="explicit")
        setup = GameRecord.from_game(initial, ()).to_json()
        game_id = secrets.token_urlsafe(9)
        draw_seed = request.seed if request.seed is not None else new_draw_seed()
        tokens = {player: new_token() for player, kind in enumerate(request.seats)
                  if kind == HUMAN}
        seats = tuple(
            StoredSeat(player, kind, request.names[player],
                       hash_token(tokens[player]) if player in tokens else None)
            for player, kind in enumerate(request.seats))
        game = LoadedGame(game_id, seats, draw_seed, (initial,), (), ()) \
            .with_server_moves(self.max_bot_budget)
        with self._create_lock:
            self._check_room()
            self.store.create_game(game_id, setup, seats, game.action_texts,
                                   game.state.is_terminal, draw_seed)
        self._remember(game)
        return {"game": game_id,
                "seats": [{"player": seat.player, "kind": seat.kind,
                           "token": tokens.get(seat.player)} for seat in seats]}

    def act(self, game_id: str, request: ActionRequest) -> LoadedGame:
        """Play a seat's action and the bot moves that follow
        (``POST /api/games/{ID}/actions``).

        Raises :class:`ApiError`: 404 unknown game, 403 a token that opens no human seat
        of the game, 400 text that is not notation, 409 an action that is not legal now
        (the game is over, another player's turn, a stale ``seq``, a draw, which only
        the server makes, or the library's
        :class:`~carcassonne_amazonas.errors.IllegalActionError` message).
        """
        with self._lock(game_id):
            game = self.load(game_id)
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
            try:
                after = game.played(action)
            except IllegalActionError as error:
                raise ApiError(409, str(error)) from None
            after = after.with_server_moves(self.max_bot_budget)
            try:
                self.store.append_actions(game_id, game.seq, after.action_texts[game.seq:],
                                          after.state.is_terminal)
            except StaleWriteError:
                raise ApiError(409, "another move was stored at the same time; reload "
                                    "the game") from None
        self._remember(after)
        return after

    def segment_at(self, game_id: str, x: float, y: float) -> dict[str, Any]:
        """The tile and segment under board point ``(x, y)`` (hit-testing a click)."""
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ApiError(400, "x and y must be finite numbers")
        found = segment_at(self.load(game_id).state, x, y)
        if found is None:
            return {"x": None, "y": None, "segment": None}
        position, segment = found
        return {"x": position.x, "y": position.y, "segment": segment}

