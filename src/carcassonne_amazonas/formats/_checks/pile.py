"""The checks of where the tiles are, the pile and the removed tiles (R-C3–R-C5, R-C7,
R-T1, R-T8, R-G7): part of :func:`~carcassonne_amazonas.formats.problems.state_problems`.

Every tile of the set is exactly once on the board, in hand, in the pile, removed or
set aside, each where its kind may be.  The pile's slice plan is the rules' plan, its
counters count the tiles drawn, the draws so far (and a seeded shuffle's whole order)
keep the slices' Amazon quotas, and each removed tile fitted nowhere when it could have
been drawn.

What the state shows of the order in which land tiles were drawn is a
:class:`DrawHistory`: the placed land tiles were drawn in the order they were placed,
and the tile in hand last; the tiles removed under R-G7 were drawn at moments the state
does not show, in the order listed.  It decides whether some such moments make every
slice keep its Amazon quota, and, with a test of "fitted nowhere then", whether each
removed tile can have been unplaceable when it was drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ..._support.wording import plural
from ...rules.pile import plan_for
from ...rules.state import Phase
from ...tiles.layout import TileKind
from ...tiles.tileset import Tile
from .derivation import Derivation
from .facts import LAND_KINDS, Facts, Problem, problem

__all__ = ["DrawHistory", "pile_problems", "tile_problems"]

_RULE_OF_KIND = {TileKind.STANDARD: "R-C3", TileKind.AMAZON: "R-C3", TileKind.DOUBLE: "R-C4",
                 TileKind.START: "R-C5"}


# ---------------------------------------------------------------------------- the tiles

def tile_problems(facts: Facts) -> Iterator[Problem]:
    """R-C3–R-C5, R-G7, R-T8: every tile once, each where its kind may be."""
    state = facts.state
    seen: dict[int, str] = {}
    places: list[tuple[str, Iterable[Tile], tuple[TileKind, ...]]] = [
        ("board.placements", (p.tile for p in facts.placements), tuple(TileKind)),
        ("pile.tiles", state.pile.tiles, LAND_KINDS),
        ("removed", state.removed, (TileKind.STANDARD,)),
        ("doubles_left", state.doubles_left, (TileKind.DOUBLE,)),
    ]
    for field, tiles, kinds in places:
        for index, tile in enumerate(tiles):
            where = f"{field}[{index}]"
            if tile.kind not in kinds:
                rule = "R-G7" if field == "removed" else _RULE_OF_KIND[tile.kind]
                yield problem(where, f"{tile.name} is {tile.kind.value}; only "
                              f"{' or '.join(k.value for k in kinds)} tiles lie here", rule)
            yield from _once(seen, tile, where)
    if state.tile_in_hand is not None:
        yield from _once(seen, state.tile_in_hand, "tile_in_hand")
    missing = [t for t in facts.tileset.tiles if t.id not in seen]
    if missing:
        names = ", ".join(t.name for t in missing[:5]) + (", ..." if len(missing) > 5 else "")
        rules = sorted({_RULE_OF_KIND[t.kind] for t in missing})
        verb = "is" if len(missing) == 1 else "are"
        yield problem("state", f"{plural(len(missing), 'tile')} of the tile set {verb} "
                      "nowhere (not placed, in hand, in the pile, removed or set aside): "
                      f"{names}", *rules)
    for index, tile in enumerate(state.pending_amazon):
        if not tile.kind.is_river:
            yield problem(f"pending_amazon[{index}]", f"{tile.name} is not a river tile; only "
                          "Amazon and double tiles await an Amazon scoring", "R-T8")


def _once(seen: dict[int, str], tile: Tile, where: str) -> Iterator[Problem]:
    """R-C3–R-C5: ``tile`` (at ``where``) is not also elsewhere (``seen``)."""
    if tile.id in seen:
        yield problem(where, f"{tile.name} is also at {seen[tile.id]}; every tile exists "
                      "once", _RULE_OF_KIND[tile.kind])
    else:
        seen[tile.id] = where


# ---------------------------------------------------------------------------- the pile

def pile_problems(facts: Facts, derivation: Derivation | None) -> Iterator[Problem]:
    """R-C7, R-T1, R-G7: plan, counters, order, quotas, removed tiles (``derivation`` is the
    placements' when complete, else None)."""
    state = facts.state
    pile = state.pile
    rules = state.rules
    plan = plan_for(facts.tileset.land_tiles, rules.shuffle, rules.slices)
    if pile.plan != plan:
        yield problem("pile.plan", "is not the slice plan of the rules' shuffle", "R-C7")
        return
    hand = state.tile_in_hand
    hand_last = hand is not None and hand.kind in LAND_KINDS
    sequence = [p.tile for p in facts.placements[1:] if p.tile.kind in LAND_KINDS]
    if hand is not None and hand_last:
        sequence.append(hand)
    counted = _counter_problem(facts, sequence)
    if counted is not None:
        yield counted
        return
    yield from _order_problems(facts)
    quotas = pile.explicit or pile.seed is not None
    if not state.removed and not quotas:
        return
    history = DrawHistory(sequence, state.removed, plan, hand_last=hand_last,
                          turn_under_way=facts.in_turn)
    if quotas and not history.feasible(quotas=True, no_room=None):
        yield problem("pile", "the tiles drawn so far break the slices' Amazon quotas of the "
                      "stratified shuffle", "R-C7")
        return
    if quotas and not pile.explicit and not history.future_keeps_quotas(pile.tiles):
        yield problem("pile.tiles", "the order left breaks the slices' Amazon quotas of the "
                      "stratified shuffle", "R-C7")
    if state.removed and derivation is not None:
        yield from _removed_problems(facts, history, derivation, quotas)


def _counter_problem(facts: Facts, sequence: list[Tile]) -> Problem | None:
    """R-C7, R-T1: the pile counts the land tiles placed, in hand and removed."""
    pile = facts.state.pile
    drawn = len(sequence) + len(facts.state.removed)
    amazon = sum(1 for t in sequence if t.kind is TileKind.AMAZON)
    if pile.drawn == drawn and pile.amazon_drawn == amazon:
        return None
    return problem("pile", f"counts {plural(pile.drawn, 'tile')} drawn, "
                   f"{plural(pile.amazon_drawn, 'Amazon tile')} among them, but the board, "
                   f"the hand and the removed tiles hold {plural(drawn, 'land tile')}, "
                   f"{plural(amazon, 'Amazon tile')} among them", "R-C7", "R-T1")


def _order_problems(facts: Facts) -> Iterator[Problem]:
    """R-C7, R-T1: an explicit pile lists its tiles by id; a chance node has one."""
    pile = facts.state.pile
    if pile.explicit and any(a.id >= b.id for a, b in zip(pile.tiles, pile.tiles[1:])):
        yield problem("pile.tiles", "an explicit pile (chance mode) lists its tiles by id, "
                      "each once", "R-C7")
    if facts.state.phase is Phase.DRAW_TILE and not pile.explicit:
        yield problem("phase", "a chance node needs an explicit pile (draws=\"explicit\")",
                      "R-T1")


def _removed_problems(facts: Facts, history: DrawHistory, derivation: Derivation,
                      quotas: bool) -> Iterator[Problem]:
    """R-G7: a removed tile fitted nowhere when it was drawn."""
    boards = derivation.boards_after_turn
    removed = facts.state.removed
    cache: dict[tuple[int, int], bool] = {}

    def no_room(turns: int, index: int) -> bool:
        key = (turns, index)
        if key not in cache:
            cache[key] = not boards[turns].has_room_for(removed[index])
        return cache[key]

    for index, tile in enumerate(removed):
        if not any(no_room(turns, index) for turns in range(len(boards))):
            yield problem(f"removed[{index}]", f"{tile.name} has a legal placement on every "
                          "board of the game so far, so it was never unplaceable", "R-G7")
            return
    if not history.feasible(quotas=quotas, no_room=no_room):
        yield problem("removed", "the removed tiles cannot have been drawn in this order, "
                      "each when it fitted nowhere", "R-G7")


# ---------------------------------------------------------------------------- the draws

class DrawHistory:
    """The land tiles drawn so far, in the order they were drawn as far as the state
    shows it: the placed land tiles in placement order (then the tile in hand, drawn
    last), with the removed tiles (R-G7) drawn at unknown moments in between, in order."""

    def __init__(self, sequence: list[Tile], removed: tuple[Tile, ...],
                 plan: tuple[tuple[int, int], ...], hand_last: bool,
                 turn_under_way: bool) -> None:
        self.amazon_before = [0]
        for tile in sequence:
            self.amazon_before.append(self.amazon_before[-1] + (tile.kind is TileKind.AMAZON))
        self.length = len(sequence)
        self.removed = len(removed)
        self.hand_last = hand_last
        self.turn_under_way = turn_under_way
        self.plan = plan
        # For each draw count t (1-based), the slice it ends in: start, size, quota, quota before.
        self.slice_of: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
        start = before = 0
        for size, quota in plan:
            self.slice_of.extend([(start, size, quota, before)] * size)
            start += size
            before += quota

    def ok(self, drawn: int, amazon: int) -> bool:
        """The first ``drawn`` draws, ``amazon`` of them Amazon tiles, overfill no slice."""
        if drawn >= len(self.slice_of):
            return False  # more draws than land tiles
        start, size, quota, before = self.slice_of[drawn]
        in_slice = amazon - before
        return 0 <= in_slice <= quota and 0 <= drawn - start - in_slice <= size - quota

    def feasible(self, quotas: bool, no_room: Callable[[int, int], bool] | None) -> bool:
        """Whether the removed tiles can be placed among the draws so that every slice keeps
        its quota (if ``quotas``) and each removed tile fitted nowhere on the board of its
        moment (``no_room(turns played, removed index)``, if given)."""
        m, r_total = self.length, self.removed
        # reachable[r] after consuming i tiles of the sequence and r removed tiles
        reachable = [False] * (r_total + 1)
        reachable[0] = True
        for i in range(m + 1):
            for r in range(r_total + 1):
                if not reachable[r] or r == r_total:
                    continue
                # draw removed tile r now, before sequence tile i
                if i == m and (self.turn_under_way or self.hand_last):
                    continue
                if no_room is not None and not no_room(i, r):
                    continue
                if quotas and not self.ok(i + r + 1, self.amazon_before[i]):
                    continue
                reachable[r + 1] = True
            if i == m:
                break
            following = [False] * (r_total + 1)
            for r in range(r_total + 1):
                if not reachable[r]:
                    continue
                if self.hand_last and i == m - 1 and r != r_total:
                    continue  # the tile in hand is the last draw
                if quotas and not self.ok(i + 1 + r, self.amazon_before[i + 1]):
                    continue
                following[r] = True
            reachable = following
        return reachable[r_total]

    def future_keeps_quotas(self, future: tuple[Tile, ...]) -> bool:
        """A seeded pile's order left keeps every slice's quota."""
        drawn = self.length + self.removed
        amazon = self.amazon_before[-1]
        for tile in future:
            drawn += 1
            amazon += tile.kind is TileKind.AMAZON
            if not self.ok(drawn, amazon):
                return False
        return True
