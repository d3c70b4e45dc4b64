"""What a page needs to follow the other players: their last turns, and the places at
the end.

:func:`recent_turns` is the view's ``turns``: the last turn of each seat, each with the
cells of the tiles it placed, the pieces it put down, what everyone scored in it, and one
line in the words of the library's explanations
(:func:`~carcassonne_amazonas.render.explain.describe_events`, as in the log), so that a
page highlights on the board every move made since its player's last turn and says what
each one scored.  :func:`places` is the view's ``places``: every place at the end, 1st
to Nth, ties shared (:func:`~carcassonne_amazonas.render.explain.places_text`, R-E6).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .._support.i18n import DEFAULT, Texts, texts
from ..render.anchors import piece_anchor
from ..render.explain import places_text
from ..rules.actions import Action, DrawTile, PlaceCamp, PlaceMeeple
from ..rules.players import colour
from ..rules.state import GameState
from ._served import LogEntry, ServedGame

__all__ = ["places", "recent_turns"]

# What the one line of a turn leaves to the log: a parenthesis that holds only rule ids,
# "(R-T5)", "(R-A1–R-A3, R-V1)"; a tile's title, "“village cap”"; its turn, " turned 90°";
# a double tile's icons, "(double tile; 3 caimans, ...)".
_LEFT_TO_THE_LOG = re.compile(r"\s*\((?:R-[A-Z]+[0-9]+[a-z]?(?:\s*[–,-]\s*)?)+\)"
                              r"| \u201c[^\u201d]*\u201d| turned [0-9]+\u00b0"
                              r"| \([^()]*;[^()]*\)")


def _runs(actions: Sequence[Action]) -> list[tuple[int, int]]:
    """The turns among ``actions`` as ``(first, end)`` index ranges: the runs of moves
    between the server's draws (a draw starts each turn; a tile that fits nowhere is a
    draw followed by another, R-G7, and makes no run)."""
    runs: list[tuple[int, int]] = []
    start = None
    for index, action in enumerate(actions):
        if isinstance(action, DrawTile):
            if start is not None:
                runs.append((start, index))
            start = None
        elif start is None:
            start = index
    if start is not None:
        runs.append((start, len(actions)))
    return runs


def _points_text(points: Sequence[int], player: int, game: ServedGame, t: Texts) -> str:
    """``+7`` when only ``player`` scored, ``red +7, green +3`` when others did too, in
    ``t``'s language."""
    gained = [(p, n) for p, n in enumerate(points) if n]
    if not gained:
        return t.gettext("no points")
    if [p for p, _ in gained] == [player]:
        return f"+{gained[0][1]}"
    return ", ".join(f"{game.player_name(p, t.lang)} +{n}" for p, n in gained)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _turn(game: ServedGame, states: Sequence[GameState], actions: Sequence[Action],
          run: tuple[int, int], done: bool, t: Texts) -> dict[str, Any]:
    first, end = run
    before, after = states[first], states[end]
    log: Sequence[LogEntry] = game.log_in(t.lang)[first:end]
    placed = after.board.placements[len(before.board.placements):]
    pieces = []
    for index in range(first, end):
        action = actions[index]
        if isinstance(action, (PlaceMeeple, PlaceCamp)):
            x, y = piece_anchor(states[index], action.position, action.segment)
            pieces.append({"kind": "meeple" if isinstance(action, PlaceMeeple) else "camp",
                           "x": action.position.x, "y": action.position.y,
                           "segment": action.segment, "anchor": [x, y]})
    points = [now - then for now, then in zip(after.scores, before.scores)]
    if after.final_scoring is not None:  # the last turn: the final scoring is not its own
        points = [p - final.total for p, final in zip(points, after.final_scoring)]
    # Who, what it scored, then the turn's own lines (each action's first: the tile, the
    # double, the piece or the pass) without the player's name; the scoring's reasons,
    # the tiles' titles and turns stay in the log.
    player = log[0].player
    name = game.player_name(player, t.lang) + " "
    said = [_LEFT_TO_THE_LOG.sub("", entry.lines[0]) for entry in log if entry.lines]
    said = [line[len(name):] if line.startswith(name) else line for line in said]
    return {"player": player, "first": log[0].seq, "seq": log[-1].seq, "done": done,
            "cells": [[c.x, c.y] for p in placed for c in p.cells],
            "pieces": pieces, "points": points,
            "text": _capitalised(f"{name.strip()}: {_points_text(points, player, game, t)}; "
                                 + "; ".join(said)),
            "lines": [line for entry in log for line in entry.lines]}


def recent_turns(game: ServedGame, lang: str = DEFAULT) -> list[dict[str, Any]]:
    """The last turns of ``game``, oldest first, as many as it has seats (so every move
    since a seat's own last turn is among them): per turn the ``player``, the ``seq`` of
    its first and last actions (``first``, ``seq``), whether it is over (``done``: the
    tile is placed but the piece not yet, otherwise), the ``cells`` its tiles cover, the
    ``pieces`` put down (kind, cell, segment and ``anchor`` in board units), each
    player's ``points`` from it, ``text`` (one line: who, what they scored, what they
    placed: ``Red: +5; places S18.1 at (0,-2); puts a meeple on the village of S18.1``)
    and ``lines`` (the explanations of its actions, as in the log); in ``lang``."""
    t = texts(lang)
    actions = game.history.actions
    runs = _runs(actions)[-len(game.seats):]
    if not runs:
        return []
    states = game.history.states
    state = game.state
    return [_turn(game, states, actions, run,
                  state.is_terminal or run[1] < len(actions)
                  or state.current_player != game.log[run[0]].player, t)
            for run in runs]


def places(game: ServedGame, lang: str = DEFAULT) -> list[dict[str, Any]] | None:
    """Every player's place once ``game`` is over, best first (``None`` before): the
    ``player``, the ``place`` (1 for the first; tied players share one, R-E6), its
    ``colour`` and ``text``
    (:func:`~carcassonne_amazonas.render.explain.places_text`, in ``lang``)."""
    state = game.state
    if not state.is_terminal:
        return None
    scores = state.scores
    order = sorted(range(len(scores)), key=lambda p: (-scores[p], p))
    return [{"player": player, "place": 1 + sum(1 for s in scores if s > scores[player]),
             "colour": colour(player), "text": text}
            for player, text in zip(order, places_text(scores, names=game.names, lang=lang))]
