"""The HTTP API as an OpenAPI 3.1 document, served at ``GET /api/openapi.json``.

:data:`OPERATIONS` describes each operation: its parameters, request body, and every
status it answers with, each with its content type and JSON Schema (2020-12, as OpenAPI
3.1 uses).  :func:`openapi_document` builds the document from the app's routes and
refuses (``ValueError``) a route it has no description for, or a description of no
route, so the document cannot drift from the code: the app is built with it.  The tests
check the answers against it with schemathesis, on a live server.

The game view's ``state`` is the snapshot of
:func:`~carcassonne_amazonas.formats.snapshot.state_to_json` and the record's body the
:class:`~carcassonne_amazonas.formats.records.GameRecord` JSON: both are described here
as JSON objects, their formats being the library's.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from ..ai.bots import BOT_KINDS
from ..formats.schemas import schema
from ._requests import MAX_NAME_LENGTH, MAX_SEED, MAX_TURN_ACTIONS

__all__ = ["OPERATIONS", "openapi_document"]

Json = dict[str, Any]

_INT = {"type": "integer"}
_STR = {"type": "string"}
_BOOL = {"type": "boolean"}
_NULLABLE_INT = {"type": ["integer", "null"]}
_OBJECT = {"type": "object"}
_INTS = {"type": "array", "items": _INT}


def _ref(name: str) -> Json:
    return {"$ref": f"#/components/schemas/{name}"}


def _closed(properties: Json, required: Iterable[str] | None = None) -> Json:
    """An object with exactly ``properties`` (all required unless ``required`` says)."""
    return {"type": "object", "properties": properties,
            "required": list(properties if required is None else required),
            "additionalProperties": False}


_BREAKDOWN = {"type": "object", "additionalProperties": {"type": "integer"}}
_LOG_ENTRY = _closed({"seq": _INT, "player": _NULLABLE_INT, "action": _STR,
                      "lines": {"type": "array", "items": _STR}})
_PIECE_ROW = _closed({"placement": _INT, "segment": _INT, "player": _INT,
                      "kind": {"enum": ["meeple", "camp"]}, "x": _INT, "y": _INT,
                      "anchor": {"type": "array", "items": {"type": "number"},
                                 "minItems": 2, "maxItems": 2},
                      "scale": {"type": "number"}})
_BOT = {"oneOf": [
    {"type": "null"},
    _closed({"queued": {"type": "integer", "minimum": 0}}),
    _closed({"thinking": {"const": True}, "since": {"type": "string", "format": "date-time"}}),
]}

SCHEMAS: Json = {
    "Error": {**_closed({"error": _STR}),
              "description": "Every refusal and failure: what went wrong, in words."},
    "NewGame": {
        **_closed({
            "players": {"type": "integer", "minimum": 2, "maximum": 5},
            "seats": {"type": "array", "minItems": 2, "maxItems": 5,
                      "items": {"type": "string", "pattern": "^[a-z]+(:[0-9]+)?$",
                                "examples": list(BOT_KINDS)},
                      "description": "One kind per player: human or a bot kind (kind:N "
                                     "for a kind that takes a budget); at least one human."},
            "seed": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_SEED},
            "names": {"type": ["array", "null"],
                      "items": {"type": "string", "maxLength": MAX_NAME_LENGTH}},
            "rules": {"type": ["object", "null"],
                      "properties": {"amazon_ranking": {"enum": ["dense", "competition"]},
                                     "camp_scoring": {"enum": ["per-jungle", "per-camp"]},
                                     "bonus_river": _BOOL},
                      "additionalProperties": False},
            "table": {**_BOOL, "description": "A table game: the players enter each tile "
                                              "drawn; every seat human, one token."},
        }, required=["players"]),
    },
    "Created": _closed({
        "game": _STR, "table": _BOOL,
        "seats": {"type": "array", "items": _closed({
            "player": _INT, "kind": _STR, "token": {"type": ["string", "null"]}})},
    }),
    "Actions": {
        "description": "A seat's token and one action in notation (action) or the moves "
                       "of one turn (actions: the tile, then the piece), not both; seq: "
                       "the number of actions the client has seen.",
        "type": "object",
        "properties": {"token": {"type": "string", "maxLength": 200},
                       "action": {"type": "string", "maxLength": 64},
                       "actions": {"type": "array", "minItems": 1, "maxItems": MAX_TURN_ACTIONS,
                                   "items": {"type": "string", "maxLength": 64}},
                       "seq": {"type": ["integer", "null"], "minimum": 0,
                               "maximum": 1_000_000}},
        "required": ["token"],
        "oneOf": [{"required": ["action"]}, {"required": ["actions"]}],
        "additionalProperties": False,
    },
    "Token": _closed({"token": {"type": "string"}}),
    "Undo": _closed({"token": {"type": "string", "maxLength": 200},
                     "seq": {"type": ["integer", "null"], "minimum": 0,
                             "maximum": 1_000_000}}, required=["token"]),
    "Seat": _closed({"player": _INT}),
    "Segment": _closed({"x": _NULLABLE_INT, "y": _NULLABLE_INT, "segment": _NULLABLE_INT}),
    "Config": _closed({
        "version": _STR, "kinds": {"type": "array", "items": _STR},
        "budgeted_kinds": {"type": "array", "items": _STR}, "max_bot_budget": _INT,
        "rules": {"type": "object", "additionalProperties": {"type": "array"}},
        "min_players": _INT, "max_players": _INT,
        "colours": {"type": "array", "items": _STR}, "max_name_length": _INT,
        "table": {"type": "object", "additionalProperties": _STR,
                  "description": "The page's words for table games, by key."},
        "menu": {"type": "array", "items": _closed(
            {"kind": _STR, "label": _STR, "detail": _STR})},
        # The page's words, in the request's language (cookie, else Accept-Language).
        "lang": _STR, "languages": {"type": "array", "items": _STR},
        "language_names": {"type": "object", "additionalProperties": _STR},
        "colour_names": {"type": "array", "items": _STR},
        "kind_names": {"type": "object", "additionalProperties": _STR},
        "variants": {"type": "object", "additionalProperties": _closed(
            {"rule": _STR, "label": _STR,
             "choices": {"type": "object", "additionalProperties": _STR},
             "chosen": _STR})},
        "messages": _closed({
            "lang": _STR,
            "messages": {"type": "object", "additionalProperties": {
                "oneOf": [_STR, {"type": "array", "items": _STR}]}}})}),
    "View": {
        **_closed({
            "game": _STR, "seq": _INT, "phase": _STR, "to_move": _NULLABLE_INT,
            "scores": _INTS, "is_terminal": _BOOL, "winners": _INTS,
            "legal": {"type": "array", "items": _STR},
            "state": {**_ref("State"), "description": "The snapshot (state_to_json)."},
            "projected": {"type": "array", "items": _BREAKDOWN},
            "seats": {"type": "array", "items": _closed({
                "player": _INT, "kind": _STR, "name": _STR, "colour": _STR})},
            "players": {"type": "array", "items": _closed({
                "player": _INT, "score": _INT, "boat": _INT, "meeples": _INT, "camps": _INT,
                "breakdown": _BREAKDOWN})},
            "rules": _OBJECT, "track_length": _INT, "tiles_left": _INT,
            "hand": {"type": ["object", "null"]},
            "placements": {"type": "array", "items": _OBJECT},
            "piece_position": {"type": ["array", "null"], "items": _INT},
            "piece_cells": {"type": ["array", "null"], "items": _INTS},
            "pieces": {"type": "array", "items": _OBJECT},
            "pass": {"type": ["string", "null"]},
            "doubles": {"type": "array", "items": _OBJECT},
            "log": {"type": "array", "items": _LOG_ENTRY},
            "log_after": _INT,
            "final_scoring": {"type": ["array", "null"], "items": _closed({
                "tributaries": _INT, "villages": _INT, "camps": _INT, "river": _INT,
                "total": _INT})},
            "result": {"type": ["string", "null"]},
            "seed": _NULLABLE_INT,
            "bot": _BOT,
            "table": {"oneOf": [{"type": "null"}, _closed({
                "draws": {"type": "array", "items": _closed({
                    "action": _STR, "id": _INT, "name": _STR, "text": _STR,
                    "kind": {"enum": ["amazon", "standard"]},
                    "count": {"type": "integer", "minimum": 1}, "picture": _STR})},
                "last": {"oneOf": [{"type": "null"}, _closed({
                    "action": _STR, "lines": {"type": "array", "items": _STR}})]}})],
                "description": "A table game's tiles that may be drawn now and its last "
                               "entry (null for other games)."},
            "turns": {"type": "array", "description": "The last turns, oldest first, one "
                      "per seat: what a page shows of the other players' moves.",
                      "items": _closed({
                          "player": _INT, "first": _INT, "seq": _INT, "done": _BOOL,
                          "cells": {"type": "array", "items": _INTS},
                          "pieces": {"type": "array", "items": _closed({
                              "kind": {"enum": ["meeple", "camp"]}, "x": _INT, "y": _INT,
                              "segment": _INT,
                              "anchor": {"type": "array", "items": {"type": "number"},
                                         "minItems": 2, "maxItems": 2}})},
                          "points": _INTS, "text": _STR,
                          "lines": {"type": "array", "items": _STR}})},
            "places": {"oneOf": [{"type": "null"}, {"type": "array", "items": _closed({
                "player": _INT, "place": {"type": "integer", "minimum": 1},
                "colour": _STR, "text": _STR})}],
                "description": "Every player's place once the game is over, best first "
                               "(null before)."},
            "board_svg": _STR,
        }, required=["game", "seq", "phase", "to_move", "scores", "is_terminal", "winners",
                     "legal", "state", "projected", "seats", "players", "rules", "log",
                     "log_after", "seed", "bot"]),
        "description": "A game as a page draws it; board_svg with ?board=1.",
    },
    "Step": _closed({
        "game": _STR, "seq": _INT, "since": _INT,
        "log": {"type": "array", "items": _LOG_ENTRY},
        "tiles": {"type": "array", "items": {"type": "array"}},
        "pictures": {"type": "array", "items": _OBJECT},
        "pieces_added": {"type": "array", "items": _PIECE_ROW},
        "pieces_removed": {"type": "array", "items": _PIECE_ROW},
        "scores": _INTS, "boats": _INTS, "phase": _STR, "to_move": _NULLABLE_INT,
        "is_terminal": _BOOL, "tiles_left": _INT, "bot": _BOT}),
}


def _json_of(name: str, description: str, headers: Json | None = None) -> Json:
    answer: Json = {"description": description,
                    "content": {"application/json": {"schema": _ref(name)}}}
    if headers:
        answer["headers"] = headers
    return answer


_RETRY = {"Retry-After": {"description": "Seconds to wait before trying again.",
                          "required": True, "schema": {"type": "string", "pattern": "^[0-9]+$"}}}
_ETAG = {"ETag": {"description": "Changes with every action stored.",
                  "schema": {"type": "string"}}}


def _error(description: str, retry: bool = False) -> Json:
    return _json_of("Error", description, _RETRY if retry else None)


_BAD = _error("A body, address or query that is not what the API accepts (text that is "
              "not Unicode among it, a Host that is not the server's).")
_FAILED = _error("A failure of the server; the game is as it was.")
_UNKNOWN = _error("No such game.")
_POST_ERRORS = {
    "403": _error("An Origin that is neither the server's own nor allowed."),
    "413": _error("A body over 64 KiB."),
    "415": _error("A body that is not application/json."),
}
_GAME_ID = {"name": "game_id", "in": "path", "required": True,
            "schema": {"type": "string"}, "description": "The game's id (as in its link)."}
_AFTER = {"name": "after", "in": "query", "required": False, "style": "form", "explode": True,
          "schema": {"type": "array", "maxItems": MAX_TURN_ACTIONS,
                     "items": {"type": "string", "maxLength": 64}},
          "description": "Actions the player to move would play (repeated, in order): the "
                         "answer is about the game as it would be after them, stored nowhere."}
_VIEW_QUERY = [
    {"name": "board", "in": "query", "required": False,
     "schema": {"enum": ["1", "true", "0", "false", ""]},
     "description": "1 or true: the view holds the board picture (board_svg)."},
    {"name": "log_after", "in": "query", "required": False,
     "schema": {"type": "string", "pattern": "^[0-9]{1,9}$"},
     "description": "Leave the first N log entries out."},
]
_SVG = {"image/svg+xml": {"schema": {"type": "string"}}}


def _body(name: str) -> Json:
    return {"required": True, "content": {"application/json": {"schema": _ref(name)}}}


#: Every operation of the API, by path and method (lower case), as OpenAPI operation
#: objects; ``"400"`` and ``"500"`` are added to each by :func:`openapi_document`.
OPERATIONS: dict[str, dict[str, Json]] = {
    "/": {"get": {
        "summary": "The page.", "operationId": "page",
        "responses": {"200": {"description": "The page.",
                              "content": {"text/html": {"schema": _STR}}}}}},
    "/api/openapi.json": {"get": {
        "summary": "This document.", "operationId": "openapi",
        "responses": {"200": {"description": "The OpenAPI document.",
                              "content": {"application/json": {"schema": _OBJECT}}}}}},
    "/api/config": {"get": {
        "summary": "What a new game may ask for, and the server's version.",
        "operationId": "config",
        "responses": {"200": _json_of("Config", "The seat kinds, rule options and player "
                                                "counts the server accepts.")}}},
    "/api/games": {"post": {
        "summary": "A new game.", "operationId": "createGame", "requestBody": _body("NewGame"),
        "responses": {
            "201": _json_of("Created", "The game's id and one secret token per human seat, "
                                       "shown only here."),
            "429": _error("Too many new games from this address in a minute, or too many of "
                          "its games unfinished.", retry=True),
            "503": _error("Too many unfinished games on the server, or a database the server "
                          "cannot write now.", retry=True),
            **_POST_ERRORS}}},
    "/api/games/{game_id}": {"get": {
        "summary": "The view of a game.", "operationId": "showGame",
        "parameters": [_GAME_ID, *_VIEW_QUERY, _AFTER,
                       {"name": "If-None-Match", "in": "header", "required": False,
                        "schema": _STR, "description": "A view's ETag: 304 while it is "
                                                       "still current."}],
        "responses": {
            "200": _json_of("View", "The view.", _ETAG),
            "304": {"description": "The view of the ETag sent is still current.",
                    "headers": _ETAG},
            "404": _UNKNOWN,
            "409": _error("An action of after that is not legal now."),
        }}},
    "/api/games/{game_id}/actions": {"post": {
        "summary": "Play a seat's action, or the moves of its turn.", "operationId": "play",
        "parameters": [_GAME_ID, *_VIEW_QUERY], "requestBody": _body("Actions"),
        "responses": {
            "200": _json_of("View", "The view after the actions and the server's draws.",
                            _ETAG),
            "404": _UNKNOWN,
            "409": _error("An action that is not legal now (the library's message), or a "
                          "stale seq."),
            "503": _error("A database held by another process past the write timeout, or "
                          "one the server cannot write.", retry=True),
            **_POST_ERRORS,
        }}},
    "/api/games/{game_id}/events": {"get": {
        "summary": "The live stream of a game (Server-Sent Events).", "operationId": "events",
        "parameters": [_GAME_ID,
                       {"name": "after", "in": "query", "required": False,
                        "schema": {"type": "string", "pattern": "^[0-9]*$"},
                        "description": "Start after this many actions (empty or left out: "
                                       "now)."},
                       {"name": "Last-Event-ID", "in": "header", "required": False,
                        "schema": {"type": "string", "pattern": "^[0-9]*$"},
                        "description": "What a browser sends when it reconnects: go on "
                                       "after this event (before after)."}],
        "responses": {
            "200": {"description": "One step event (a Step as JSON, its id the number of "
                                   "actions) per stored change; gone when the game is "
                                   "deleted, or a table game's entry is taken back "
                                   "(fetch the game whole). The schema is an event's.",
                    "content": {"text/event-stream": {"schema": {
                        "type": "object",
                        "properties": {
                            "event": {"enum": ["step", "gone"]},
                            "id": {"type": "string", "pattern": "^[0-9]+$"},
                            "data": {"type": "string", "contentMediaType": "application/json",
                                     "contentSchema": {"oneOf": [
                                         _ref("Step"), _closed({})]}}},
                        "required": ["event", "data"]}}}},
            "204": {"description": "A finished game with nothing new: the stream ends."},
            "404": _UNKNOWN}}},
    "/api/games/{game_id}/record": {"get": {
        "summary": "The game record.", "operationId": "record", "parameters": [_GAME_ID],
        "responses": {
            "200": {"description": "The GameRecord JSON.",
                    "content": {"application/json": {"schema": _ref("Record")}}},
            "404": _UNKNOWN}}},
    "/api/games/{game_id}/board.svg": {"get": {
        "summary": "The board picture.", "operationId": "board", "parameters": [_GAME_ID],
        "responses": {"200": {"description": "The board as SVG.", "content": _SVG},
                      "404": _UNKNOWN}}},
    "/api/games/{game_id}/segment": {"get": {
        "summary": "The tile and segment under a board point (hit-testing).",
        "operationId": "segment",
        "parameters": [_GAME_ID,
                       {"name": "x", "in": "query", "required": True,
                        "schema": {"type": "number"}},
                       {"name": "y", "in": "query", "required": True,
                        "schema": {"type": "number"}}, _AFTER],
        "responses": {"200": _json_of("Segment", "The cell and segment, or nulls."),
                      "404": _UNKNOWN,
                      "409": _error("An action of after that is not legal now.")}}},
    "/api/games/{game_id}/seat": {"post": {
        "summary": "The seat a token opens.", "operationId": "seat",
        "parameters": [_GAME_ID], "requestBody": _body("Token"),
        "responses": {"200": _json_of("Seat", "The seat's player."),
                      "403": _error("A token that opens no seat, or a foreign Origin."),
                      "404": _UNKNOWN,
                      "413": _POST_ERRORS["413"], "415": _POST_ERRORS["415"]}}},
    "/api/games/{game_id}/undo": {"post": {
        "summary": "Take back a table game's last entry.", "operationId": "undo",
        "parameters": [_GAME_ID, *_VIEW_QUERY], "requestBody": _body("Undo"),
        "responses": {
            "200": _json_of("View", "The view with the last entry taken back.", _ETAG),
            "404": _UNKNOWN,
            "409": _error("Not a table game, nothing entered yet, or a stale seq."),
            "503": _error("A database held by another process past the write timeout, or "
                          "one the server cannot write.", retry=True),
            **_POST_ERRORS,
            "403": _error("A token that opens no seat, or a foreign Origin."),
        }}},
    "/api/tiles/{key}/{tile}/{name}": {"get": {
        "summary": "A tile's picture, at the address a view or a step gives.",
        "operationId": "tilePicture",
        "parameters": [{"name": key, "in": "path", "required": True, "schema": _STR}
                       for key in ("key", "tile", "name")],
        "responses": {"200": {"description": "The picture (cached by the browser for good "
                                             "when the address names the tile set's "
                                             "version).", "content": _SVG},
                      "304": {"description": "The picture the browser holds is current."},
                      "404": _error("No such tile set, tile or rotation.")}}},
}


def _route_operations(routes: Iterable[Any]) -> set[tuple[str, str]]:
    """The (path, method) pairs of Starlette ``routes`` that have a path and methods
    (``Mount`` s, the static files, are left out); HEAD goes with GET."""
    found = set()
    for route in routes:
        methods = getattr(route, "methods", None)
        if methods is None:
            continue
        found |= {(route.path, method.lower()) for method in methods if method != "HEAD"}
    return found


def _embedded(name: str, component: str) -> Json:
    """The file format ``name``'s JSON Schema (:func:`~..formats.schemas.schema`) as the
    component ``component``: its references, made against the ``$id`` of the schema
    (or of a schema bundled in it), rewritten as pointers into this document, so that a
    tool reading the document needs to know nothing about ``$id``."""
    document = schema(name)
    where: dict[str, str] = {}

    def collect(node: Any, pointer: str) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("$id"), str):
                where[node["$id"]] = pointer
            for key, value in node.items():
                collect(value, f"{pointer}/{key}")
        elif isinstance(node, list):
            for index, value in enumerate(node):
                collect(value, f"{pointer}/{index}")

    def rewrite(node: Any, base: str) -> Any:
        if isinstance(node, list):
            return [rewrite(value, base) for value in node]
        if not isinstance(node, dict):
            return node
        base = where.get(node.get("$id", ""), base)
        out = {}
        for key, value in node.items():
            if key in ("$id", "$schema"):
                continue
            if key == "$ref" and isinstance(value, str):
                resource, _, fragment = value.partition("#")
                value = (where[resource] if resource else base) + fragment
            out[key] = rewrite(value, base)
        return out

    root = f"#/components/schemas/{component}"
    collect(document, root)
    return dict(rewrite(document, root))


def openapi_document(routes: Iterable[Any], version: str) -> Json:
    """The OpenAPI 3.1 document of ``routes`` (the app's, :data:`OPERATIONS`
    describing each), for server version ``version``.  ``ValueError`` naming a route
    without a description, or a description of no route."""
    described = {(path, method) for path, methods in OPERATIONS.items() for method in methods}
    routed = _route_operations(routes)
    if described != routed:
        missing = sorted(routed - described)
        extra = sorted(described - routed)
        raise ValueError(f"the OpenAPI document and the routes differ: routes not described "
                         f"{missing}, descriptions of no route {extra}")
    paths: Json = {}
    for path, methods in OPERATIONS.items():
        paths[path] = {}
        for method, operation in methods.items():
            described_operation = copy.deepcopy(operation)
            described_operation["responses"] = {"400": _BAD, **operation["responses"],
                                                "500": _FAILED}
            paths[path][method] = described_operation
    return {
        "openapi": "3.1.0",
        "info": {"title": "Carcassonne – Amazonas web app", "version": version,
                 "description": "Play Carcassonne – Amazonas with friends and bots. All "
                                "JSON; every error is {\"error\": message}."},
        "paths": paths,
        # The snapshot and the record are the library's file formats: their own JSON
        # Schemas (formats.schemas), not a second description of them.
        "components": {"schemas": {**copy.deepcopy(SCHEMAS),
                                   "State": _embedded("state", "State"),
                                   "Record": _embedded("record", "Record")}},
    }
