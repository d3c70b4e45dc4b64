"""The forged-snapshot corpus: real snapshots, and small JSON edits that make each one a
game the rules cannot reach.

``tests/data/forged_snapshots.json`` holds a few real snapshots (``bases``) and, for
every consistency check of the snapshot loader, a case: which base, the edit (a JSON
Patch, RFC 6902, of ``replace``, ``add`` and ``remove`` operations), the rule it breaks
and the exact message of the :class:`~carcassonne_amazonas.RecordError` that loading
it raises.  ``test_forged_snapshots.py`` replays them from the data alone.

The edits are written below as functions of the base; after a deliberate change of the
snapshot layout or of a message, regenerate the file and review the diff::

    python tests/forged_corpus.py          # rewrite tests/data/forged_snapshots.json
"""

from __future__ import annotations

import copy
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from carcassonne_amazonas import (
    Board,
    GameState,
    Phase,
    PlaceCamp,
    PlaceMeeple,
    RecordError,
    Rotation,
    TileKind,
    apply_action,
    legal_actions,
    new_game,
    reference_tileset,
    state_from_json,
    state_to_json,
)
from carcassonne_amazonas.formats._checks.derivation import derive
from carcassonne_amazonas.rules.features import node_of
from games import play_random

DATA_FILE = Path(__file__).parent / "data" / "forged_snapshots.json"
TILESET = reference_tileset()

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


# ---------------------------------------------------------------------------- cases

class Case(NamedTuple):
    name: str
    check: str
    base: str
    edit: Callable[[dict[str, Any], GameState], Patch]
    rule: str


def _tile_index(data: dict[str, Any], kind: Callable[[str], bool]) -> int:
    return next(i for i, row in enumerate(data["placements"]) if kind(row[0]))


def _standard_far_from(data: dict[str, Any], state: GameState) -> Patch:
    """A standard tile moved to a cell that touches no tile."""
    index = len(data["placements"]) - 1
    return [replace(f"/placements/{index}/1", 40), replace(f"/placements/{index}/2", -30)]


def _standard_downstream(data: dict[str, Any], state: GameState) -> Patch:
    """The last standard tile moved into the open cell below the river end (where only the
    next river tile may go)."""
    index = max(i for i, p in enumerate(state.board.placements)
                if p.tile.kind is TileKind.STANDARD)
    below = state.board.next_river_position
    return [replace(f"/placements/{index}/1", below.x),
            replace(f"/placements/{index}/2", below.y)]


def _mismatched_edge(data: dict[str, Any], state: GameState) -> Patch:
    """The last tile turned so that an edge no longer matches its neighbour's."""
    index = len(data["placements"]) - 1
    placement = state.board.placements[index]
    board_before = _board_before_last(state)
    for rotation in (90, 180, 270):
        turned = (placement.rotation.degrees + rotation) % 360
        if not board_before.allows(placement.tile, placement.position, Rotation(turned // 90)):
            return [replace(f"/placements/{index}/3", turned)]
    raise AssertionError("every rotation fits")


def _board_before_last(state: GameState) -> Board:
    return derive(state.board.placements[:-1], [], num_players=state.num_players,
                  first_player=state.rules.first_player, double_count=4).board


def _amazon_off_the_river(data: dict[str, Any], state: GameState) -> Patch:
    index = _tile_index(data, lambda name: name.startswith("A"))
    return [replace(f"/placements/{index}/1", 1)]


def _meeple_on_completed(data: dict[str, Any], state: GameState) -> Patch:
    """A meeple put back on a completed (and scored) tributary or village."""
    pieces = {node >> 6 for node, _ in state.features.piece_set()}
    first = state.rules.first_player
    turn = -1
    for index, placement in enumerate(state.board.placements):
        kind = placement.tile.kind
        if kind in (TileKind.STANDARD, TileKind.AMAZON):
            turn += 1
        if kind is not TileKind.STANDARD or index in pieces or \
                index == len(state.board.placements) - 1:
            continue
        player = (first + turn) % state.num_players
        if not state.players[player].meeples_in_supply:
            continue
        for segment in range(len(placement.tile.layout.segments)):
            feature = state.features.feature_of(node_of(index, segment))
            if feature.is_completed and not feature.pieces:
                supply = state.players[player].meeples_in_supply
                return [add("/pieces/-", [index, segment, player]),
                        replace(f"/players/{player}/meeples", supply - 1)]
    raise AssertionError("no completed feature to forge a meeple on")


def _piece_of_another_player(data: dict[str, Any], state: GameState) -> Patch:
    row = data["pieces"][0]
    owner = row[2]
    other = (owner + 1) % state.num_players
    kind = "meeples" if state.board.placements[row[0]].tile.layout.segments[
        row[1]].terrain.label != "jungle" else "camps"
    return [replace("/pieces/0/2", other),
            replace(f"/players/{owner}/{kind}", data["players"][owner][kind] + 1),
            replace(f"/players/{other}/{kind}", data["players"][other][kind] - 1)]


def _piece_before_its_step(data: dict[str, Any], state: GameState) -> Patch:
    """The piece a legal piece step would put down, with the phase still before it."""
    action = next(a for a in legal_actions(state) if isinstance(a, (PlaceMeeple, PlaceCamp)))
    after = apply_action(state, action)
    index = len(data["placements"]) - 1
    player = state.current_player
    kind = "meeples" if isinstance(action, PlaceMeeple) else "camps"
    return [add("/pieces/-", [index, action.segment, player]),
            replace(f"/players/{player}/{kind}",
                    getattr(after.players[player], f"{kind}_in_supply"))]


def _search(data: dict[str, Any], candidates: list[Patch], words: str) -> Patch:
    """The first candidate edit that the loader rejects with ``words`` in the message."""
    for patch in candidates:
        try:
            state_from_json(json.dumps(apply_patch(data, patch)))
        except RecordError as error:
            if words in str(error):
                return patch
    raise AssertionError(f"no candidate gives {words!r}")


def _turn_players(state: GameState) -> dict[int, int]:
    """The player whose turn placed each tile (by placement index)."""
    owners: dict[int, int] = {}
    turn = -1
    for index, placement in enumerate(state.board.placements):
        if placement.tile.kind in (TileKind.STANDARD, TileKind.AMAZON):
            turn += 1
        owners[index] = (state.rules.first_player + turn) % state.num_players
    return owners


def _piece_candidates(data: dict[str, Any], state: GameState,
                      terrain: Callable[[str], bool]) -> list[Patch]:
    """A piece added on a segment of each earlier tile without one, by its turn's player."""
    taken = {node >> 6 for node, _ in state.features.piece_set()}
    owners = _turn_players(state)
    found = []
    for index, placement in enumerate(state.board.placements[1:-1], start=1):
        if index in taken:
            continue
        player = owners[index]
        for segment, seg in enumerate(placement.tile.layout.segments):
            if not terrain(seg.terrain.label):
                continue
            kind = "camps" if seg.terrain.label == "jungle" else "meeples"
            supply = data["players"][player][kind]
            if supply:
                found.append([add("/pieces/-", [index, segment, player]),
                              replace(f"/players/{player}/{kind}", supply - 1)])
    return found


def _piece_on_occupied(data: dict[str, Any], state: GameState) -> Patch:
    return _search(data, _piece_candidates(data, state, lambda t: t != "amazon"),
                   "that already held a piece")


def _piece_on_the_amazon(data: dict[str, Any], state: GameState) -> Patch:
    return _search(data, _piece_candidates(data, state, lambda t: t == "amazon"),
                   "on the Amazon")


def _score_off_breakdown(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/players/2/score", data["players"][2]["score"] + 1)]


def _breakdown_off_final(data: dict[str, Any], state: GameState) -> Patch:
    row = data["players"][1]
    return [replace("/players/1/breakdown/river", row["breakdown"]["river"] + 3),
            replace("/players/1/score", row["score"] + 3)]


def _extra_meeple(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/players/0/meeples", data["players"][0]["meeples"] + 1)] \
        if data["players"][0]["meeples"] < 4 else \
        [replace("/players/0/meeples", data["players"][0]["meeples"] - 1)]


def _next_player(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/current_player", (state.current_player + 1) % state.num_players)]


def _amazon_pending_dropped(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/pending_amazon", [])]


def _pending_reversed(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/pending_amazon", list(reversed(data["pending_amazon"])))]


def _pending_twice(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/pending_amazon", data["pending_amazon"] * 2)]


def _pending_of_an_earlier_turn(data: dict[str, Any], state: GameState) -> Patch:
    earlier = next(p.tile.name for p in state.board.placements
                   if p.tile.kind is TileKind.AMAZON)
    return [replace("/pending_amazon", [earlier])]


def _piece_step_on_an_older_tile(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/piece_placement", state.piece_placement - 1)]


def _hand_in_a_draw(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/phase", "place double")]


def _double_without_bang(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/phase", "choose double"), replace("/piece_placement", -1)]


def _bang_without_double(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/phase", "place piece"),
            replace("/piece_placement", len(data["placements"]) - 1)]


def _double_before_bang(data: dict[str, Any], state: GameState) -> Patch:
    last = len(data["placements"]) - 1
    return [replace(f"/placements/{last - 1}", data["placements"][last]),
            replace(f"/placements/{last}", data["placements"][last - 1])]


def _pile_counter(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/pile/drawn", data["pile"]["drawn"] + 1)]


def _amazon_counter(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/pile/amazon_drawn", data["pile"]["amazon_drawn"] - 1)]


def _other_slices(data: dict[str, Any], state: GameState) -> Patch:
    """The rules claim another slice count, whose quotas the draws so far break."""
    for slices in (4, 6, 3, 7, 2, 8):
        forged = apply_patch(data, [replace("/rules/slices", slices)])
        try:
            state_from_json(json.dumps(forged))
        except RecordError as error:
            if "quotas" in str(error):
                return [replace("/rules/slices", slices)]
    raise AssertionError("every slice count fits")


def _amazon_tiles_last(data: dict[str, Any], state: GameState) -> Patch:
    """A seeded pile's order left with every Amazon tile at the bottom."""
    tiles = data["pile"]["tiles"]
    amazon = [t for t in tiles if t.startswith("A")]
    return [replace("/pile/tiles", [t for t in tiles if not t.startswith("A")] + amazon)]


def _explicit_out_of_order(data: dict[str, Any], state: GameState) -> Patch:
    tiles = data["pile"]["tiles"]
    return [replace("/pile/tiles/0", tiles[1]), replace("/pile/tiles/1", tiles[0])]


def _removed_that_fits(data: dict[str, Any], state: GameState) -> Patch:
    """A standard tile of the pile said to have fitted nowhere, although it fits
    everywhere it could have been drawn."""
    index = next(i for i, name in enumerate(data["pile"]["tiles"]) if name.startswith("S"))
    return [remove(f"/pile/tiles/{index}"), add("/removed/-", data["pile"]["tiles"][index]),
            replace("/pile/drawn", data["pile"]["drawn"] + 1)]


def _hand_that_fits_nowhere(data: dict[str, Any], state: GameState) -> Patch:
    """The tile in hand swapped with a pile tile that fits nowhere."""
    index, stuck = next((i, t) for i, t in enumerate(state.pile.tiles)
                        if t.kind is TileKind.STANDARD and not state.board.has_room_for(t))
    return [replace("/tile_in_hand", stuck.name),
            replace(f"/pile/tiles/{index}", data["tile_in_hand"])]


def _points(player: int, category: str, points: int) -> Callable[[dict[str, Any], GameState],
                                                                   Patch]:
    def edit(data: dict[str, Any], state: GameState) -> Patch:
        row = data["players"][player]
        return [replace(f"/players/{player}/breakdown/{category}",
                        row["breakdown"][category] + points),
                replace(f"/players/{player}/score", row["score"] + points)]
    return edit


def _village_point_nobody_paid(data: dict[str, Any], state: GameState) -> Patch:
    """One village point more than any choice of the completed villages pays."""
    row = data["players"][0]
    villages = row["breakdown"]["villages"]
    for extra in range(1, 40):
        forged = apply_patch(data, _points(0, "villages", extra)(data, state))
        try:
            state_from_json(json.dumps(forged))
        except RecordError as error:
            if "breakdown.villages" in str(error):
                return _points(0, "villages", extra)(data, state)
    raise AssertionError(f"every village total from {villages} is payable")


def _leader_without_amazon_points(data: dict[str, Any], state: GameState) -> Patch:
    """The Amazon points of every player taken away: the first places were paid."""
    patch: Patch = []
    for player, row in enumerate(data["players"]):
        amazon = row["breakdown"]["amazon"]
        patch += [replace(f"/players/{player}/breakdown/amazon", 0),
                  replace(f"/players/{player}/score", row["score"] - amazon)]
    return patch


def _boat_too_far(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/players/1/boat", state.track_length)]


def _final_camps(data: dict[str, Any], state: GameState) -> Patch:
    row = data["players"][0]
    return [replace("/final_scoring/0/2", data["final_scoring"][0][2] + 1),
            replace("/players/0/breakdown/camps", row["breakdown"]["camps"] + 1),
            replace("/players/0/score", row["score"] + 1)]


def _over_with_tiles_left(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/phase", "game over")]


def _not_over_with_empty_pile(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/phase", "draw tile"), replace("/pile/explicit", True),
            replace("/final_scoring", None)]


def _duplicate_tile(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/pile/tiles/1", data["pile"]["tiles"][0])]


def _missing_double(data: dict[str, Any], state: GameState) -> Patch:
    return [remove("/doubles_left/0")]


def _track(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/track_length", data["track_length"] + 1)]


CASES: tuple[Case, ...] = (
    Case("a tile that touches no other", "open cells from the placed tiles", "piece step",
         _standard_far_from, "R-G2"),
    Case("a standard tile below the river end", "river end from the placed tiles", "piece step",
         _standard_downstream, "R-G2"),
    Case("an edge that does not match", "features from the placed tiles", "piece step",
         _mismatched_edge, "R-G4"),
    Case("an Amazon tile off the river", "river end from the placed tiles", "piece step",
         _amazon_off_the_river, "R-G6"),
    Case("a track one space too long", "track length from the placed tiles", "piece step",
         _track, "R-T9"),
    Case("a meeple too many", "supplies", "piece step", _extra_meeple, "R-C2"),
    Case("a meeple left on a completed feature", "no meeple on a completed tributary or village",
         "piece step", _meeple_on_completed, "R-T7"),
    Case("a piece of a player whose turn it was not", "pieces against the turns", "piece step",
         _piece_of_another_player, "R-T5"),
    Case("a piece before the piece step", "the tile that may take a piece", "piece step",
         _piece_before_its_step, "R-T5"),
    Case("a piece on a feature that held one", "pieces against the turns", "piece step",
         _piece_on_occupied, "R-T5"),
    Case("a piece on the Amazon", "pieces", "piece step", _piece_on_the_amazon, "R-F6"),
    Case("the next player's turn", "the current player against the turns played", "piece step",
         _next_player, "R-C8"),
    Case("a piece step on an older tile", "the tile that may take a piece", "piece step",
         _piece_step_on_an_older_tile, "R-T5"),
    Case("a phase that needs a tile in hand", "the phase against the tile in hand",
         "choose double", _hand_in_a_draw, "R-T3"),
    Case("an Amazon scoring forgotten", "the pending Amazon scorings", "after an Amazon tile",
         _amazon_pending_dropped, "R-T8"),
    Case("Amazon scorings out of order", "the pending Amazon scorings", "after a double",
         _pending_reversed, "R-T8"),
    Case("an Amazon scoring twice", "the pending Amazon scorings", "after an Amazon tile",
         _pending_twice, "R-T8"),
    Case("more Amazon scorings than a turn has", "the pending Amazon scorings",
         "after a double", _pending_twice, "R-T8"),
    Case("an Amazon scoring of an earlier turn", "the pending Amazon scorings", "piece step",
         _pending_of_an_earlier_turn, "R-T8"),
    Case("a double chosen after a standard tile", "a double only after a \"!\" tile",
         "piece step", _double_without_bang, "R-T3"),
    Case("a \"!\" tile without its double", "a double only after a \"!\" tile, while any is left",
         "choose double", _bang_without_double, "R-T3"),
    Case("a double tile before its \"!\" tile", "double tiles on the board only after \"!\" tiles",
         "after a double", _double_before_bang, "R-T3"),
    Case("a tile counted twice", "the tiles", "piece step", _duplicate_tile, "R-C3"),
    Case("a double tile lost", "the tiles", "piece step", _missing_double, "R-C4"),
    Case("a draw not counted", "the pile's counts", "piece step", _pile_counter, "R-C7"),
    Case("an Amazon draw not counted", "the pile's counts", "chance node", _amazon_counter,
         "R-C7"),
    Case("draws that break the slice quotas", "the stratified-slice quotas", "chance node",
         _other_slices, "R-C7"),
    Case("a seeded order that breaks the slice quotas", "the stratified-slice quotas",
         "piece step", _amazon_tiles_last, "R-C7"),
    Case("an explicit pile out of order", "the pile's order", "chance node",
         _explicit_out_of_order, "R-C7"),
    Case("a removed tile that fits", "removed tiles that would fit", "chance node",
         _removed_that_fits, "R-G7"),
    Case("river points during play", "camp and river points only after the end", "piece step",
         _points(1, "river", 6), "R-E5"),
    Case("camp points during play", "camp and river points only after the end", "chance node",
         _points(0, "camps", 3), "R-E4"),
    Case("a final scoring the board does not give", "the final scoring", "game over",
         _final_camps, "R-E4"),
    Case("river points the final scoring did not give", "the final scoring", "game over",
         _breakdown_off_final, "R-E5"),
    Case("a score that is not its breakdown's sum", "scores against categories", "piece step",
         _score_off_breakdown, "R-T7"),
    Case("over with tiles left", "finished exactly when the pile is empty and the turn done",
         "chance node", _over_with_tiles_left, "R-E1"),
    Case("not over with an empty pile",
         "finished exactly when the pile is empty and the turn done", "game over",
         _not_over_with_empty_pile, "R-E1"),
    Case("a tile in hand that fits nowhere", "a legal action in every state not over",
         "no room", _hand_that_fits_nowhere, "R-G7"),
    Case("completed-feature points before any feature was completed", "score bounds", "early",
         _points(0, "tributaries", 3), "R-T7"),
    Case("Amazon points before any Amazon tile", "score bounds", "early",
         _points(1, "amazon", 2), "R-A2"),
    Case("village points no completed village pays", "score bounds", "piece step",
         _village_point_nobody_paid, "R-T7"),
    Case("first places of Amazon scorings unpaid", "score bounds", "piece step",
         _leader_without_amazon_points, "R-A2"),
    Case("a boat further than the game can have moved it", "boats against what the game paid",
         "early", _boat_too_far, "R-T4"),
)


# ---------------------------------------------------------------------------- writing

def build() -> dict[str, Any]:
    states = bases()
    snapshots = {name: json.loads(state_to_json(state)) for name, state in states.items()}
    cases = []
    for case in CASES:
        base = snapshots[case.base]
        patch = case.edit(base, states[case.base])
        try:
            state_from_json(json.dumps(apply_patch(base, patch)))
        except RecordError as error:
            message = str(error)
        else:
            raise AssertionError(f"{case.name}: the forged snapshot loads")
        if f"{case.rule}" not in message:
            raise AssertionError(f"{case.name}: {message!r} does not cite {case.rule}")
        cases.append({"name": case.name, "check": case.check, "base": case.base,
                      "patch": patch, "rule": case.rule, "message": message})
    return {"about": "Forged snapshots: real snapshots (bases) and JSON Patch edits that make "
                     "each a game the rules cannot reach, with the message the loader gives. "
                     "Made by tests/forged_corpus.py.",
            "bases": snapshots, "cases": cases}


def main() -> None:
    corpus = build()
    DATA_FILE.write_text(json.dumps(corpus, ensure_ascii=False, indent=1) + "\n",
                         encoding="utf-8")
    for case in corpus["cases"]:
        print(f"{case['name']}:\n    {case['message']}")
    print(f"wrote {len(corpus['cases'])} cases to {DATA_FILE}", file=sys.stderr)


if __name__ == "__main__":
    main()
