"""The forged-snapshot corpus's edits: for each consistency check of the snapshot loader, a
function of a base snapshot (its JSON data and its state) that returns the JSON Patch
making it a game the rules cannot reach.  ``forged_corpus.py`` pairs each with its check
and rule.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from carcassonne_amazonas import (
    Board,
    GameState,
    PlaceCamp,
    PlaceMeeple,
    RecordError,
    Rotation,
    TileKind,
    apply_action,
    legal_actions,
    state_from_json,
)
from carcassonne_amazonas.formats._checks.derivation import derive
from carcassonne_amazonas.rules.features import node_of
from forged_bases import Patch, add, apply_patch, remove, replace


def _tile_index(data: dict[str, Any], kind: Callable[[str], bool]) -> int:
    return next(i for i, row in enumerate(data["placements"]) if kind(row[0]))


def standard_far_from(data: dict[str, Any], state: GameState) -> Patch:
    """A standard tile moved to a cell that touches no tile."""
    index = len(data["placements"]) - 1
    return [replace(f"/placements/{index}/1", 40), replace(f"/placements/{index}/2", -30)]


def standard_downstream(data: dict[str, Any], state: GameState) -> Patch:
    """The last standard tile moved into the open cell below the river end (where only the
    next river tile may go)."""
    index = max(i for i, p in enumerate(state.board.placements)
                if p.tile.kind is TileKind.STANDARD)
    below = state.board.next_river_position
    return [replace(f"/placements/{index}/1", below.x),
            replace(f"/placements/{index}/2", below.y)]


def mismatched_edge(data: dict[str, Any], state: GameState) -> Patch:
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


def amazon_off_the_river(data: dict[str, Any], state: GameState) -> Patch:
    index = _tile_index(data, lambda name: name.startswith("A"))
    return [replace(f"/placements/{index}/1", 1)]


def meeple_on_completed(data: dict[str, Any], state: GameState) -> Patch:
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


def piece_of_another_player(data: dict[str, Any], state: GameState) -> Patch:
    row = data["pieces"][0]
    owner = row[2]
    other = (owner + 1) % state.num_players
    kind = "meeples" if state.board.placements[row[0]].tile.layout.segments[
        row[1]].terrain.label != "jungle" else "camps"
    return [replace("/pieces/0/2", other),
            replace(f"/players/{owner}/{kind}", data["players"][owner][kind] + 1),
            replace(f"/players/{other}/{kind}", data["players"][other][kind] - 1)]


def piece_before_its_step(data: dict[str, Any], state: GameState) -> Patch:
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


def piece_on_occupied(data: dict[str, Any], state: GameState) -> Patch:
    return _search(data, _piece_candidates(data, state, lambda t: t != "amazon"),
                   "that already held a piece")


def piece_on_the_amazon(data: dict[str, Any], state: GameState) -> Patch:
    return _search(data, _piece_candidates(data, state, lambda t: t == "amazon"),
                   "on the Amazon")


def score_off_breakdown(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/players/2/score", data["players"][2]["score"] + 1)]


def breakdown_off_final(data: dict[str, Any], state: GameState) -> Patch:
    row = data["players"][1]
    return [replace("/players/1/breakdown/river", row["breakdown"]["river"] + 3),
            replace("/players/1/score", row["score"] + 3)]


def extra_meeple(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/players/0/meeples", data["players"][0]["meeples"] + 1)] \
        if data["players"][0]["meeples"] < 4 else \
        [replace("/players/0/meeples", data["players"][0]["meeples"] - 1)]


def next_player(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/current_player", (state.current_player + 1) % state.num_players)]


def amazon_pending_dropped(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/pending_amazon", [])]


def pending_reversed(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/pending_amazon", list(reversed(data["pending_amazon"])))]


def pending_twice(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/pending_amazon", data["pending_amazon"] * 2)]


def pending_of_an_earlier_turn(data: dict[str, Any], state: GameState) -> Patch:
    earlier = next(p.tile.name for p in state.board.placements
                   if p.tile.kind is TileKind.AMAZON)
    return [replace("/pending_amazon", [earlier])]


def piece_step_on_an_older_tile(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/piece_placement", state.piece_placement - 1)]


def hand_in_a_draw(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/phase", "place double")]


def double_without_bang(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/phase", "choose double"), replace("/piece_placement", -1)]


def bang_without_double(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/phase", "place piece"),
            replace("/piece_placement", len(data["placements"]) - 1)]


def double_before_bang(data: dict[str, Any], state: GameState) -> Patch:
    last = len(data["placements"]) - 1
    return [replace(f"/placements/{last - 1}", data["placements"][last]),
            replace(f"/placements/{last}", data["placements"][last - 1])]


def pile_counter(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/pile/drawn", data["pile"]["drawn"] + 1)]


def amazon_counter(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/pile/amazon_drawn", data["pile"]["amazon_drawn"] - 1)]


def other_slices(data: dict[str, Any], state: GameState) -> Patch:
    """The rules claim another slice count, whose quotas the draws so far break."""
    for slices in (4, 6, 3, 7, 2, 8):
        forged = apply_patch(data, [replace("/rules/slices", slices)])
        try:
            state_from_json(json.dumps(forged))
        except RecordError as error:
            if "quotas" in str(error):
                return [replace("/rules/slices", slices)]
    raise AssertionError("every slice count fits")


def amazon_tiles_last(data: dict[str, Any], state: GameState) -> Patch:
    """A seeded pile's order left with every Amazon tile at the bottom."""
    tiles = data["pile"]["tiles"]
    amazon = [t for t in tiles if t.startswith("A")]
    return [replace("/pile/tiles", [t for t in tiles if not t.startswith("A")] + amazon)]


def explicit_out_of_order(data: dict[str, Any], state: GameState) -> Patch:
    tiles = data["pile"]["tiles"]
    return [replace("/pile/tiles/0", tiles[1]), replace("/pile/tiles/1", tiles[0])]


def removed_that_fits(data: dict[str, Any], state: GameState) -> Patch:
    """A standard tile of the pile said to have fitted nowhere, although it fits
    everywhere it could have been drawn."""
    index = next(i for i, name in enumerate(data["pile"]["tiles"]) if name.startswith("S"))
    return [remove(f"/pile/tiles/{index}"), add("/removed/-", data["pile"]["tiles"][index]),
            replace("/pile/drawn", data["pile"]["drawn"] + 1)]


def hand_that_fits_nowhere(data: dict[str, Any], state: GameState) -> Patch:
    """The tile in hand swapped with a pile tile that fits nowhere."""
    index, stuck = next((i, t) for i, t in enumerate(state.pile.tiles)
                        if t.kind is TileKind.STANDARD and not state.board.has_room_for(t))
    return [replace("/tile_in_hand", stuck.name),
            replace(f"/pile/tiles/{index}", data["tile_in_hand"])]


def points(player: int, category: str, points: int) -> Callable[[dict[str, Any], GameState],
                                                                   Patch]:
    def edit(data: dict[str, Any], state: GameState) -> Patch:
        row = data["players"][player]
        return [replace(f"/players/{player}/breakdown/{category}",
                        row["breakdown"][category] + points),
                replace(f"/players/{player}/score", row["score"] + points)]
    return edit


def village_point_nobody_paid(data: dict[str, Any], state: GameState) -> Patch:
    """One village point more than any choice of the completed villages pays."""
    row = data["players"][0]
    villages = row["breakdown"]["villages"]
    for extra in range(1, 40):
        forged = apply_patch(data, points(0, "villages", extra)(data, state))
        try:
            state_from_json(json.dumps(forged))
        except RecordError as error:
            if "breakdown.villages" in str(error):
                return points(0, "villages", extra)(data, state)
    raise AssertionError(f"every village total from {villages} is payable")


def leader_without_amazon_points(data: dict[str, Any], state: GameState) -> Patch:
    """The Amazon points of every player taken away: the first places were paid."""
    patch: Patch = []
    for player, row in enumerate(data["players"]):
        amazon = row["breakdown"]["amazon"]
        patch += [replace(f"/players/{player}/breakdown/amazon", 0),
                  replace(f"/players/{player}/score", row["score"] - amazon)]
    return patch


def boat_too_far(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/players/1/boat", state.track_length)]


def final_camps(data: dict[str, Any], state: GameState) -> Patch:
    row = data["players"][0]
    return [replace("/final_scoring/0/2", data["final_scoring"][0][2] + 1),
            replace("/players/0/breakdown/camps", row["breakdown"]["camps"] + 1),
            replace("/players/0/score", row["score"] + 1)]


def over_with_tiles_left(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/phase", "game over")]


def not_over_with_empty_pile(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/phase", "draw tile"), replace("/pile/explicit", True),
            replace("/final_scoring", None)]


def duplicate_tile(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/pile/tiles/1", data["pile"]["tiles"][0])]


def missing_double(data: dict[str, Any], state: GameState) -> Patch:
    return [remove("/doubles_left/0")]


def track(data: dict[str, Any], state: GameState) -> Patch:
    return [replace("/track_length", data["track_length"] + 1)]
