"""The checks of a state's pile and removed tiles (R-C7, R-T1, R-G7): part of
:func:`~carcassonne_amazonas.formats.problems.state_problems`.

The pile's slice plan is the rules' plan, its counters count the tiles drawn, the
draws so far (and a seeded shuffle's whole order) keep the slices' Amazon quotas
(:class:`~carcassonne_amazonas.formats._checks.draw_history.DrawHistory`), and each removed tile
fitted nowhere when it could have been drawn.
"""

from __future__ import annotations

from ..._support.wording import plural
from ...rules.pile import plan_for
from ...rules.state import Phase
from ...tiles.tileset import TileKind
from .context import LAND_KINDS, CheckContext
from .derivation import Derivation
from .draw_history import DrawHistory

__all__ = ["PileChecks"]


class PileChecks(CheckContext):
    """The pile checks (see the module docstring)."""

    # -- the pile -----------------------------------------------------------------------------

    def pile(self, derivation: Derivation | None) -> None:
        """R-C7, R-T1, R-G7: plan, counters, order, quotas, removed tiles."""
        state = self.state
        pile = state.pile
        rules = state.rules
        land = self.tileset.land_tiles
        plan = plan_for(land, rules.shuffle, rules.slices)
        if pile.plan != plan:
            self.problem("pile.plan", "is not the slice plan of the rules' shuffle", "R-C7")
            return
        hand = state.tile_in_hand
        sequence = [p.tile for p in self.placements[1:] if p.tile.kind in LAND_KINDS]
        if hand is not None and hand.kind in LAND_KINDS:
            sequence.append(hand)
        removed = state.removed
        drawn = len(sequence) + len(removed)
        amazon = sum(1 for t in sequence if t.kind is TileKind.AMAZON)
        if pile.drawn != drawn or pile.amazon_drawn != amazon:
            self.problem("pile", f"counts {plural(pile.drawn, 'tile')} drawn, "
                         f"{plural(pile.amazon_drawn, 'Amazon tile')} among them, but the board, "
                         f"the hand and the removed tiles hold {plural(drawn, 'land tile')}, "
                         f"{plural(amazon, 'Amazon tile')} among them", "R-C7", "R-T1")
            return
        if pile.explicit and any(a.id >= b.id for a, b in zip(pile.tiles, pile.tiles[1:])):
            self.problem("pile.tiles", "an explicit pile (chance mode) lists its tiles by id, "
                         "each once", "R-C7")
        if state.phase is Phase.DRAW_TILE and not pile.explicit:
            self.problem("phase", "a chance node needs an explicit pile (draws=\"explicit\")",
                         "R-T1")
        if not removed and not (pile.explicit or pile.seed is not None):
            return
        history = DrawHistory(sequence, removed, plan, hand_last=hand is not None and hand.kind
                               in LAND_KINDS, turn_under_way=self.in_turn)
        quotas = pile.explicit or pile.seed is not None
        if quotas and not history.feasible(quotas=True, no_room=None):
            self.problem("pile", "the tiles drawn so far break the slices' Amazon quotas of the "
                         "stratified shuffle", "R-C7")
            return
        if quotas and not pile.explicit and not history.future_keeps_quotas(pile.tiles):
            self.problem("pile.tiles", "the order left breaks the slices' Amazon quotas of the "
                         "stratified shuffle", "R-C7")
        if removed and derivation is not None and derivation.complete:
            self.removed_tiles(history, derivation, quotas)

    def removed_tiles(self, history: DrawHistory, derivation: Derivation,
                      quotas: bool) -> None:
        """R-G7: a removed tile fitted nowhere when it was drawn."""
        boards = derivation.boards_after_turn
        cache: dict[tuple[int, int], bool] = {}

        def no_room(turns: int, index: int) -> bool:
            key = (turns, index)
            if key not in cache:
                cache[key] = not boards[turns].has_room_for(self.state.removed[index])
            return cache[key]

        for index, tile in enumerate(self.state.removed):
            if not any(no_room(turns, index) for turns in range(len(boards))):
                self.problem(f"removed[{index}]", f"{tile.name} has a legal placement on every "
                             "board of the game so far, so it was never unplaceable", "R-G7")
                return
        if not history.feasible(quotas=quotas, no_room=no_room):
            self.problem("removed", "the removed tiles cannot have been drawn in this order, "
                         "each when it fitted nowhere", "R-G7")
