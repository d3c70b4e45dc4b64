"""What the HTTP API accepts and how it refuses: the JSON bodies, checked field by
field, and :class:`ApiError`, the one error the API answers with.

Every check raises :class:`ApiError` 400 with a message a person can act on; a body that
passes is turned into a frozen value.  Unknown fields are refused too, so that a
misspelt ``"seed"`` is not silently ignored.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Any

import attrs

from .._support import json_text
from .._support.exact import check_whole, json_kind
from .._support.reprs import repr_pretty
from .._support.wording import plural
from ..ai import bots
from ..ai.bots import HUMAN
from ..errors import IllegalActionError
from ..rules.options import Rules
from ..rules.players import PLAYER_COLOURS
from ._options import DEFAULT_MAX_BOT_BUDGET

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_NAME_LENGTH",
    "MAX_SEED",
    "MAX_TURN_ACTIONS",
    "ActionRequest",
    "ApiError",
    "NewGameRequest",
    "parse_action_list",
    "parse_action_request",
    "parse_json_object",
    "parse_new_game_request",
    "parse_undo_request",
]

#: Request bodies longer than this are refused with status 413 (64 KiB).
MAX_BODY_BYTES = 64 * 1024
#: The longest player name, in characters.
MAX_NAME_LENGTH = 24
#: Draw seeds are whole numbers from 0 to this (they fit an SQLite integer).
MAX_SEED = 2**63 - 1
_MAX_TOKEN_LENGTH = 200
_MAX_ACTION_LENGTH = 64


class ApiError(Exception):
    """An error the API answers with HTTP status ``status`` and ``{"error": message}``:
    400 a request that is not what the API accepts, 403 a token that opens no seat or
    an origin that is not the server's, 404 an unknown game, 409 an action that is not
    legal now, 413 a body too large, 415 a body that is not JSON, 429 too many new games
    from one address, 503 too many unfinished games or a database held by another
    process, 500 a stored game the server cannot go on with.  ``retry_after`` (seconds)
    becomes a ``Retry-After`` header (429, 503)."""

    def __init__(self, status: int, message: str, *, retry_after: int | None = None,
                 refused: IllegalActionError | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after
        self.refused = refused
        """The engine's refusal behind a 409, which the page shows in its language."""

    @property
    def headers(self) -> dict[str, str] | None:
        """The answer's extra headers: ``Retry-After`` when there is one."""
        return None if self.retry_after is None else {"retry-after": str(self.retry_after)}


@attrs.frozen
class NewGameRequest:
    """``POST /api/games``: the number of players, one kind per seat, an optional seed,
    optional names, optional rule options, and whether it is a table game (every seat
    human, one token, the players enter the draws: :mod:`~carcassonne_amazonas.web._table`)."""

    _repr_pretty_ = repr_pretty

    players: int
    seats: tuple[str, ...]
    seed: int | None
    names: tuple[str, ...]
    rules: Rules = attrs.field(factory=Rules)
    table: bool = False


@attrs.frozen
class ActionRequest:
    """``POST /api/games/{ID}/actions``: a seat's token, the actions in notation (one,
    or the moves of one turn in order: the tile, then the piece or the pass) and
    optionally the number of actions the client has seen (``seq``)."""

    _repr_pretty_ = repr_pretty

    token: str
    actions: tuple[str, ...]
    seq: int | None


#: The most actions one request may play: a turn's tile, double tile and piece.
MAX_TURN_ACTIONS = 3


def parse_json_object(body: bytes) -> dict[str, Any]:
    """The body as a JSON object (UTF-8); :class:`ApiError` 400 otherwise, also for a
    key given twice in an object (named in the message)."""
    try:
        data = json_text.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise ApiError(400, "the body is not UTF-8 text") from None
    except (ValueError, RecursionError) as error:
        raise ApiError(400, f"the body is not valid JSON: {error}") from None
    if not isinstance(data, dict):
        raise ApiError(400, f"the body must be a JSON object, not {json_kind(data)}")
    try:  # a lone surrogate ("\\ud800") is valid JSON but no Unicode text
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise ApiError(400, "the body holds a \\u escape that is no Unicode character "
                            "(a lone surrogate)") from None
    return data


def _only(data: dict[str, Any], allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise ApiError(400, f"unknown field {unknown[0]!r}; the fields are "
                            + ", ".join(repr(name) for name in allowed))


def _whole(value: object, field: str, low: int, high: int) -> int:
    """A whole number (exactly an int: not ``2.0``, not ``1e3``, not ``true``, the one rule
    of every document and option) from ``low`` to ``high``."""
    number = check_whole(value, field, lambda message: ApiError(400, message))
    if not low <= number <= high:
        raise ApiError(400, f"{field!r} must be from {low} to {high}, not {number}")
    return number


def _text(value: object, field: str, longest: int) -> str:
    if not isinstance(value, str):
        raise ApiError(400, f"{field!r} must be a string, not {json_kind(value)}")
    if len(value) > longest:
        raise ApiError(400, f"{field!r} is {len(value)} characters long, more than {longest}")
    return value


def _name(value: object, index: int) -> str:
    """A seat's name: NFC-normalised text of at most :data:`MAX_NAME_LENGTH` characters,
    no control or unassigned character, not only combining marks (which would smear
    over the rows around it), and not the colour of another seat (R-C1)."""
    field = f"names[{index}]"
    if isinstance(value, str):
        value = unicodedata.normalize("NFC", value)
    name = _text(value, field, MAX_NAME_LENGTH).strip()
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise ApiError(400, f"{field!r} contains a control or unassigned character")
    if name and all(unicodedata.category(char).startswith("M") for char in name):
        raise ApiError(400, f"{field!r} is only combining marks: give letters too")
    taken = [seat for seat, colour in enumerate(PLAYER_COLOURS)
             if colour == name.casefold() and seat != index]
    if taken:
        raise ApiError(400, f"{field!r} is {name!r}, the colour of player {taken[0] + 1}'s "
                            "seat: choose another name (R-C1)")
    return name


def _seats(value: object, players: int, max_budget: int) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise ApiError(400, f"'seats' must be a list, not {json_kind(value)}")
    if len(value) != players:
        raise ApiError(400, f"'seats' lists {plural(len(value), 'kind')} for {players} players")
    for index, kind in enumerate(value):
        if not isinstance(kind, str):
            raise ApiError(400, f"'seats[{index}]' is {json.dumps(kind)[:40]}: not a string")
        try:
            bots.parse_bot_spec(kind, max_budget=max_budget)
        except ValueError as error:
            raise ApiError(400, f"'seats[{index}]': {error}") from None
    if HUMAN not in value:
        raise ApiError(400, "at least one seat must be 'human': bot seats move by themselves")
    return tuple(value)


def _rules(value: object) -> Rules:
    if value is None:
        return Rules()
    if not isinstance(value, dict):
        raise ApiError(400, f"'rules' must be an object, not {json_kind(value)}")
    unknown = sorted(set(value) - set(Rules.VARIANTS))
    if unknown:
        raise ApiError(400, f"unknown rule option {json.dumps(unknown[0])[:40]}; the options "
                            "are " + ", ".join(repr(name) for name in Rules.VARIANTS))
    for name, given in value.items():
        try:
            Rules.from_options({name: given})
        except ValueError:
            option = Rules.VARIANTS[name]
            allowed = " or ".join(json.dumps(choice) for choice in option.values)
            raise ApiError(400, f"'rules.{name}' is {json.dumps(given)[:40]}, not {allowed} "
                                f"({option.rule})") from None
    return Rules.from_options(value)


def parse_new_game_request(data: dict[str, Any], *,
                           max_budget: int = DEFAULT_MAX_BOT_BUDGET) -> NewGameRequest:
    """Check a ``POST /api/games`` body: ``players`` 2 to 5, ``seats`` one kind per player
    (a kind of :data:`~carcassonne_amazonas.ai.bots.BOT_KINDS`, ``kind:N`` for a kind
    that takes a budget, N at most ``max_budget``, read by
    :func:`~carcassonne_amazonas.ai.bots.parse_bot_spec`; at least one human), ``seed``
    null or 0 to :data:`MAX_SEED`,
    ``names`` (optional) one name per player, ``rules`` (optional) the options of
    :attr:`Rules.VARIANTS <carcassonne_amazonas.rules.options.Rules.VARIANTS>` (R-V1 to
    R-V3), ``table`` (optional) true for a table game: then ``seats``, if given, are all
    ``human``, and there is no ``seed`` (the players draw, R-T1)."""
    _only(data, ("players", "seats", "seed", "names", "rules", "table"))
    if "players" not in data:
        raise ApiError(400, "missing field 'players' (the number of players, 2 to 5)")
    players = _whole(data["players"], "players", 2, 5)
    table = data.get("table", False)
    if not isinstance(table, bool):
        raise ApiError(400, f"'table' must be true or false, not {json_kind(table)}")
    if table:
        if data.get("seed") is not None:
            raise ApiError(400, "a table game has no 'seed': the players draw the tiles (R-T1)")
        given = data.get("seats")
        if isinstance(given, list) and any(kind != HUMAN for kind in given):
            raise ApiError(400, "every seat of a table game is 'human': the players at the "
                                "table play them all")
        data = {**data, "seats": data.get("seats") or [HUMAN] * players}
    if "seats" not in data:
        raise ApiError(400, f"missing field 'seats': one of {', '.join(bots.BOT_KINDS)} "
                            "per player")
    seats = _seats(data["seats"], players, max_budget)
    seed = data.get("seed")
    if seed is not None:
        seed = _whole(seed, "seed", 0, MAX_SEED)
    names: tuple[str, ...] = ("",) * players
    if data.get("names") is not None:
        given = data["names"]
        if not isinstance(given, list) or len(given) != players:
            raise ApiError(400, f"'names' must be a list of {players} strings")
        names = tuple(_name(name, index) for index, name in enumerate(given))
    return NewGameRequest(players, seats, seed, names, _rules(data.get("rules")), table)


def parse_action_request(data: dict[str, Any]) -> ActionRequest:
    """Check a ``POST /api/games/{ID}/actions`` body: a ``token`` string, ``action`` an
    action in notation or ``actions`` a list of 1 to :data:`MAX_TURN_ACTIONS` of them
    (not both), ``seq`` (optional) a whole number."""
    _only(data, ("token", "action", "actions", "seq"))
    if "token" not in data:
        raise ApiError(400, "missing field 'token'")
    if "action" in data and "actions" in data:
        raise ApiError(400, "give 'action' (one action) or 'actions' (a list), not both")
    if "actions" in data:
        actions = parse_action_list(data["actions"], "actions")
    elif "action" in data:
        actions = (_text(data["action"], "action", _MAX_ACTION_LENGTH),)
    else:
        raise ApiError(400, "missing field 'action'")
    token = _text(data["token"], "token", _MAX_TOKEN_LENGTH)
    seq = data.get("seq")
    if seq is not None:
        seq = _whole(seq, "seq", 0, 1_000_000)
    return ActionRequest(token, actions, seq)


def parse_action_list(value: object, field: str) -> tuple[str, ...]:
    """A list of 1 to :data:`MAX_TURN_ACTIONS` actions in notation (``actions`` of a
    ``POST``, or the ``after`` of a query); :class:`ApiError` 400 otherwise."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_TURN_ACTIONS:
        raise ApiError(400, f"{field!r} must be a list of 1 to {MAX_TURN_ACTIONS} actions "
                            f"in notation, not {json_kind(value)}"
                            + (f" of {len(value)}" if isinstance(value, list) else ""))
    return tuple(_text(item, field, _MAX_ACTION_LENGTH) for item in value)


def parse_undo_request(data: dict[str, Any]) -> tuple[str, int | None]:
    """Check a ``POST /api/games/{ID}/undo`` body (a table game's correction): a
    ``token`` string and ``seq`` (optional) the number of actions the client has seen;
    the token and the seq."""
    _only(data, ("token", "seq"))
    if "token" not in data:
        raise ApiError(400, "missing field 'token'")
    token = _text(data["token"], "token", _MAX_TOKEN_LENGTH)
    seq = data.get("seq")
    if seq is not None:
        seq = _whole(seq, "seq", 0, 1_000_000)
    return token, seq
