"""The JSON views of the web app: what a page draws and plays a game with.

:func:`view_of` is the answer of ``GET /api/games/{ID}`` (and of a played action), built
from a :class:`~carcassonne_amazonas.web._served.ServedGame` with the library's public
API: the snapshot (:func:`~carcassonne_amazonas.formats.snapshot.state_to_json`), the
legal actions in notation, the placement help
(:mod:`~carcassonne_amazonas.render.placement_options`, the piece anchors of
:mod:`~carcassonne_amazonas.render.anchors`), the pictures
(:mod:`~carcassonne_amazonas.render.svg`) and the explanations
(:mod:`~carcassonne_amazonas.render.explain`).  :func:`render_board` is the board
picture.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Sequence
from typing import Any

from .._support.i18n import DEFAULT
from ..formats.snapshot import state_to_json
from ..render.anchors import piece_anchor, piece_scale, tile_piece_scale
from ..render.explain import describe_action
from ..render.placement_options import footprint
from ..render.svg import board_svg
from ..render.text import tile_description, winner_text
from ..rules.actions import Action, ChooseDouble, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from ..rules.engine import legal_actions
from ..rules.features import placement_of, segment_of
from ..rules.final_scoring import projected_scores
from ..rules.notation import format_action
from ..rules.options import Rules
from ..rules.players import colour
from ..rules.scoring import ScoreBreakdown
from ..rules.state import GameState, Phase
from ..tiles.geometry import Position, Rotation
from ..tiles.layout import Terrain
from ._moves import places, recent_turns
from ._pictures import picture_url
from ._served import LogEntry, ServedGame
from ._table import table_view

__all__ = ["render_board", "view_of"]

_BOARD_CELL = 64
_ORIGIN = Position(0, 0)


def _breakdown(breakdown: ScoreBreakdown) -> dict[str, int]:
    return {"tributaries": breakdown.tributaries, "villages": breakdown.villages,
            "amazon": breakdown.amazon, "camps": breakdown.camps, "river": breakdown.river,
            "total": breakdown.total}


def _placements(state: GameState, legal: Sequence[Action]) -> list[dict[str, Any]]:
    """The legal cells for the tile in hand and, per cell, each legal rotation with the
    action that plays it and the cells the tile then covers (R-T2, R-G2–R-G6): the
    cells and rotations of :func:`~carcassonne_amazonas.render.placement_options.placement_options`,
    in its order, read from the legal actions ``legal`` the view has already listed, and
    each rotation's :func:`~carcassonne_amazonas.render.placement_options.footprint`
    found once and moved to each cell."""
    tile = state.tile_in_hand
    if tile is None:
        return []
    shapes: dict[Rotation, list[tuple[int, int]]] = {}
    options: dict[Position, list[dict[str, Any]]] = {}
    for action in legal:
        if not isinstance(action, PlaceTile):
            continue
        rotation, x, y = action.rotation, action.position.x, action.position.y
        shape = shapes.get(rotation)
        if shape is None:
            shape = shapes[rotation] = [(c.x, c.y) for c in footprint(tile, _ORIGIN, rotation)]
        options.setdefault(action.position, []).append(
            {"degrees": rotation.degrees, "action": format_action(action),
             "cells": [[x + dx, y + dy] for dx, dy in shape]})
    return [{"x": position.x, "y": position.y, "rotations": rotations}
            for position, rotations in options.items()]


def _hand(state: GameState, placements: list[dict[str, Any]], lang: str) -> dict[str, Any] | None:
    """The tile in hand: its name, its description and the address of its picture per
    legal rotation (:func:`~carcassonne_amazonas.web._pictures.picture_url`)."""
    tile = state.tile_in_hand
    if tile is None or state.phase not in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
        return None
    degrees = sorted({r["degrees"] for option in placements for r in option["rotations"]})
    return {"id": int(tile.id), "name": tile.name, "text": tile_description(tile, lang),
            "pictures": {str(d): picture_url(state.rules.tileset, tile, Rotation.from_degrees(d))
                         for d in degrees}}


def _pieces(state: GameState, legal: Sequence[Action], lang: str) -> list[dict[str, Any]]:
    """The legal meeple and camp placements with the point where each piece is drawn
    and at what size (``scale``, a fraction of full size: smaller on a crowded tile,
    :func:`~carcassonne_amazonas.render.anchors.piece_scale`, R-T5)."""
    options = []
    scales: dict[Position, float] = {}
    for action in legal:
        if isinstance(action, (PlaceMeeple, PlaceCamp)):
            x, y = piece_anchor(state, action.position, action.segment)
            scale = scales.get(action.position)
            if scale is None:
                scale = scales[action.position] = piece_scale(state, action.position)
            options.append({"action": format_action(action),
                            "kind": "meeple" if isinstance(action, PlaceMeeple) else "camp",
                            "x": action.position.x, "y": action.position.y,
                            "segment": action.segment, "anchor": [x, y], "scale": scale,
                            "text": describe_action(state, action, lang=lang)})
    return options


def _doubles(state: GameState, legal: Sequence[Action], lang: str) -> list[dict[str, Any]]:
    tileset = state.rules.tileset
    options = []
    for action in legal:
        if isinstance(action, ChooseDouble):
            tile = tileset.tile(action.tile)
            options.append({"action": format_action(action), "id": int(action.tile),
                            "name": tile.name, "text": tile_description(tile, lang),
                            "picture": picture_url(tileset, tile, Rotation.R0)})
    return options


def _log(entries: Sequence[LogEntry]) -> list[dict[str, Any]]:
    """Log entries as JSON objects (``seq``, ``player``, ``action``, ``lines``), written
    out by hand: ``attrs.asdict`` took a third of a mid-game view's time."""
    return [{"seq": e.seq, "player": e.player, "action": e.action, "lines": list(e.lines)}
            for e in entries]


@functools.lru_cache(maxsize=64)
def _variants(rules: Rules) -> dict[str, Any]:
    """The variants of ``rules`` by name, every one of :attr:`Rules.VARIANTS
    <carcassonne_amazonas.rules.options.Rules.VARIANTS>` (R-V1–R-V3); cached (a view
    copies it)."""
    options = rules.options()
    return {name: options[name] for name in Rules.VARIANTS}


def view_of(game: ServedGame, *, board: bool = False, log_after: int = 0,
            lang: str = DEFAULT) -> dict[str, Any]:
    """The JSON view of ``game`` (``GET /api/games/{ID}``): the fields of the API
    contract (``phase``, ``to_move``, ``scores``, ``is_terminal``, ``legal``, ``state``,
    ``projected``) and what a page needs to draw and play it (seats, options with
    anchors, the tile in hand, the event log, the final scoring; the board SVG when
    ``board``).  The log holds the entries after the first ``log_after`` (a page that
    shows those already asks for the rest only), and ``log_after`` says so.

    Nothing in it tells the tiles to come: the snapshot of an explicit-draws game lists
    the tiles left sorted by id, and the draw seed (``seed``) is shown only once the game
    is over.

    Its texts (the tile in hand, the pieces, the doubles, the log, the result) are in
    ``lang``; the rest is data, the same in every language.
    """
    state = game.state
    legal = legal_actions(state)
    placements = _placements(state, legal) if state.phase in (Phase.PLACE_TILE,
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
        "rules": dict(_variants(state.rules)),
        "track_length": state.track_length,
        "tiles_left": state.tiles_left,
        "hand": _hand(state, placements, lang),
        "placements": placements,
        "piece_position": None if piece_at is None else [piece_at.x, piece_at.y],
        "piece_cells": None if holder is None else [[c.x, c.y] for c in holder.cells],
        "pieces": _pieces(state, legal, lang),
        "pass": (describe_action(state, Pass(), lang=lang)
                 if any(isinstance(action, Pass) for action in legal) else None),
        "doubles": _doubles(state, legal, lang),
        "log": _log(game.log_in(lang)[log_after:]),
        "log_after": min(log_after, game.seq),
        "final_scoring": final,
        "result": (winner_text(state.scores, state.winners, names=game.names, lang=lang)
                   if state.is_terminal else None),
        "places": places(game, lang),
        "turns": recent_turns(game, lang),
        # The draw seed is secret while the game is on: it decides the tiles to come.
        "seed": game.draw_seed if state.is_terminal and not game.table else None,
        "table": table_view(game),
    }
    if board:
        view["board_svg"] = render_board(game, lang)
    return view


def _piece_rows(state: GameState, pieces: set[tuple[int, int]]) -> list[dict[str, Any]]:
    """Pieces by the snapshot's numbers (``placement`` index, ``segment``, ``player``),
    with their ``kind``, the cell of their tile (``x``, ``y``), the point where each
    is drawn (``anchor``, board units,
    :func:`~carcassonne_amazonas.render.anchors.piece_anchor`) and at what size
    (``scale``, a fraction of full size: smaller on a crowded tile,
    :func:`~carcassonne_amazonas.render.anchors.tile_piece_scale`, R-T5)."""
    rows = []
    for node, player in sorted(pieces):
        index, segment = placement_of(node), segment_of(node)
        placement = state.board.placements[index]
        x, y = piece_anchor(state, placement.position, segment)
        terrain = placement.tile.layout.segments[segment].terrain
        rows.append({"placement": index, "segment": segment, "player": player,
                     "kind": "camp" if terrain is Terrain.JUNGLE else "meeple",
                     "x": placement.position.x, "y": placement.position.y, "anchor": [x, y],
                     "scale": tile_piece_scale(placement.tile, placement.rotation)})
    return rows


def update_of(game: ServedGame, since: int) -> dict[str, Any]:
    """What changed in ``game`` since it held ``since`` actions (an event of
    ``GET /api/games/{ID}/events``): the new log entries, the tiles placed since (as the
    snapshot's ``placements`` rows, and in ``pictures`` each one's cells and the address
    of its picture, :func:`~carcassonne_amazonas.web._pictures.picture_url`),
    the pieces put down and taken back since (see :func:`_piece_rows`; pieces go back to
    their owners when a feature scores, R-T7), and the scores, boats, phase and whose
    turn it is: enough for a page to add to the board it shows.  Its size does not
    grow with the game, only with what changed."""
    state = game.state
    tileset = state.rules.tileset
    before = game.history.states[since]
    now, then = set(state.features.piece_set()), set(before.features.piece_set())
    placed = state.board.placements[len(before.board.placements):]
    return {
        "game": game.id,
        "seq": game.seq,
        "since": since,
        "log": _log(game.log[since:]),
        "tiles": [[p.tile.name, p.position.x, p.position.y, p.rotation.degrees]
                  for p in placed],
        "pictures": [{"cells": [[c.x, c.y] for c in p.cells],
                      "url": picture_url(tileset, p.tile, p.rotation)} for p in placed],
        "pieces_added": _piece_rows(state, now - then),
        "pieces_removed": _piece_rows(before, then - now),
        "scores": list(state.scores),
        "boats": [player.boat for player in state.players],
        "phase": state.phase.value,
        "to_move": None if state.is_terminal else state.current_player,
        "is_terminal": state.is_terminal,
        "tiles_left": state.tiles_left,
    }


def render_board(game: ServedGame, lang: str = DEFAULT) -> str:
    """The board as SVG, as the page shows it: coordinates, legend and the last move
    marked, no score table and no tile in hand (the page shows both, and keeps them up
    to date as the live stream adds to the board); the legal cells are drawn by the page
    itself.  Its titles and legend are in ``lang``."""
    return str(board_svg(game.state, cell_size=_BOARD_CELL, show_open=False,
                         coordinates=True, legend=True, last_move=True, scores=False,
                         hand=False, lang=lang))

