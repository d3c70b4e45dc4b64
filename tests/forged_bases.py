"""The forged-snapshot corpus's tools: JSON Patch edits and the real states they start from.

A case of ``tests/data/forged_snapshots.json`` is a real snapshot (a *base*, one per
situation, found in seeded random games by :func:`bases`) and a JSON Patch (RFC 6902,
``replace``, ``add`` and ``remove`` operations only) that :func:`apply_patch` applies.
``forged_edits.py`` writes the patches and ``forged_corpus.py`` the file.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

from carcassonne_amazonas import GameState, Phase, TileKind, legal_actions, new_game
from games import play_random

Patch = list[dict[str, Any]]


# ---------------------------------------------------------------------------- JSON Patch

def _steps(path: str) -> list[str | int]:
    return [int(part) if part.isdigit() else part for part in path.lstrip("/").split("/")]


def apply_patch(document: Any, patch: Patch) -> Any:
    """``document`` (a copy) with the RFC 6902 ``add``, ``remove`` and ``replace``
    operations of ``patch`` applied."""
    result = copy.deepcopy(document)
    for op in patch:
        *parents, last = _steps(op["path"])
        node = result
        for step in parents:
            node = node[step]
        if op["op"] == "replace":
            node[last] = op["value"]
        elif op["op"] == "remove":
            del node[last]
        elif op["op"] == "add":
            if isinstance(node, list):
                node.insert(len(node) if last == "-" else int(last), op["value"])
            else:
                node[last] = op["value"]
        else:
            raise ValueError(f"unsupported operation {op['op']!r}")
    return result


def replace(path: str, value: Any) -> dict[str, Any]:
    return {"op": "replace", "path": path, "value": value}


def add(path: str, value: Any) -> dict[str, Any]:
    return {"op": "add", "path": path, "value": value}


def remove(path: str) -> dict[str, Any]:
    return {"op": "remove", "path": path}


# ---------------------------------------------------------------------------- bases

def _find(predicate: Callable[[GameState], bool], players: int, explicit: bool = False,
          seeds: range = range(400)) -> GameState:
    for seed in seeds:
        initial = new_game(players, draws="explicit") if explicit else new_game(players,
                                                                                 seed=seed)
        for state in play_random(initial, random.Random(seed)).states:
            if predicate(state):
                return state
    raise AssertionError("no such state")


def _placed_kinds(state: GameState) -> list[TileKind]:
    return [p.tile.kind for p in state.board.placements]


def _scored(state: GameState) -> bool:
    return any(p.breakdown.tributaries and p.breakdown.villages and p.breakdown.amazon
               for p in state.players)


def _no_room_in_pile(state: GameState) -> bool:
    """A 'place tile' state with a standard tile in the pile that fits nowhere."""
    return state.phase is Phase.PLACE_TILE and state.tile_in_hand is not None and \
        state.tile_in_hand.kind is TileKind.STANDARD and any(
            t.kind is TileKind.STANDARD and not state.board.has_room_for(t)
            for t in state.pile.tiles)


def bases() -> dict[str, GameState]:
    """Real states, one per situation the cases need."""
    return {
        "piece step": _find(lambda s: s.phase is Phase.PLACE_PIECE and s.pile.drawn > 30
                            and _placed_kinds(s)[-1] is TileKind.STANDARD and _scored(s)
                            and len(s.features.piece_set()) >= 4 and len(legal_actions(s)) > 1,
                            3),
        "after an Amazon tile": _find(lambda s: s.phase is Phase.PLACE_PIECE
                                      and len(s.pending_amazon) == 1
                                      and not s.pending_amazon[0].layout.exclamation
                                      and s.pile.drawn > 20, 3),
        "choose double": _find(lambda s: s.phase is Phase.CHOOSE_DOUBLE and s.pile.drawn > 10,
                               3),
        "after a double": _find(lambda s: s.phase is Phase.PLACE_PIECE
                                and len(s.pending_amazon) == 2, 3),
        "early": _find(lambda s: s.phase is Phase.PLACE_TILE and s.pile.drawn == 4
                       and TileKind.AMAZON not in _placed_kinds(s)
                       and not any(f.is_completed for f in s.features), 2),
        "chance node": _find(lambda s: s.is_chance_node and s.pile.drawn > 20 and _scored(s),
                             4, explicit=True),
        "game over": _find(lambda s: s.is_terminal and any(f.camps for f in s.final_scoring or ())
                           , 2),
        "no room": _find(_no_room_in_pile, 2, seeds=range(2000)),
    }
