"""What the state shows of the order in which land tiles were drawn, and whether that
order can have kept the stratified shuffle's slice quotas (R-C7, R-T1, R-G7).

The placed land tiles were drawn in the order they were placed, and the tile in hand
last; the tiles removed under R-G7 were drawn at moments the state does not show, in the
order listed.  :class:`DrawHistory` decides whether some such moments make every slice
keep its Amazon quota, and, with a test of "fitted nowhere then", whether each removed
tile can have been unplaceable when it was drawn.
"""

from __future__ import annotations

from collections.abc import Callable

from ...tiles.tileset import Tile, TileKind

__all__ = ["DrawHistory"]


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
