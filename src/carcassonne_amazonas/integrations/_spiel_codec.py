"""The integers of an OpenSpiel game's actions, computed fast (private).

Part of the OpenSpiel adapter, :mod:`carcassonne_amazonas.integrations.openspiel`: every
state of a game shares one :class:`ActionCodec`.  The numbering is
:mod:`~carcassonne_amazonas.ai.encoding`'s; the codec only takes shortcuts to it, which
the adapter's tests check against the plain functions:

- legal placements (R-G2–R-G6, R-T2, R-T3) come straight from the engine's placement
  cells, which are already in id order, and the piece step's choices (R-T5a–R-T5c) from
  the engine's legal actions;
- chance outcomes (R-T1) are the tiles of the pile's draw distribution (R-C7), with
  their probabilities as floats, listed once per distribution;
- placements and draws decode to the engine's own interned actions.

It is private: its names may change with the adapter; the adapter is the API.  It needs
neither pyspiel nor numpy.
"""

from __future__ import annotations

from itertools import chain

from ..ai.encoding import ActionSpace, action_space, decode_action, encode_action
from ..errors import IllegalActionError
from ..rules.actions import Action, DrawTile, Pass, PlaceCamp, PlaceMeeple
from ..rules.draw_odds import DrawDistribution
from ..rules.engine import legal_actions
from ..rules.fast_path import place_tile_action, tile_placement_cells
from ..rules.options import Rules
from ..rules.state import GameState, Phase
from ..tiles.geometry import cell_key, position_of_key

__all__ = ["ActionCodec", "action_codec"]


class ActionCodec:
    """The integers of one game's actions, fast: legal actions and chance outcomes straight
    from the engine's building blocks, placements decoded to the engine's own (interned)
    actions.  One per action space, shared by every state of the game."""

    def __init__(self, space: ActionSpace) -> None:
        self.space = space
        # ActionSpace computes these on each access; the hot path reads them often.
        self.tile_actions, self.meeple_base = space.tile_actions, space.meeple_base
        self.camp_base, self.pass_index = space.camp_base, space.pass_index
        self.draw_base, self.size = space.draw_base, space.size
        self.cells = _CellNumbers(space)
        self.land_rank = {tile_id: rank for rank, tile_id in enumerate(space.land_ids)}
        self.draws: dict[int, DrawTile] = {}
        # id of a draw distribution -> (it, its outcomes as (action id, probability)),
        # the oldest dropped first; the distribution is kept so that its id stays its own.
        self.outcomes: dict[int, tuple[DrawDistribution, list[tuple[int, float]]]] = {}

    def legal(self, state: GameState) -> list[int]:
        """The sorted ids of ``legal_actions(state)``."""
        phase = state.phase
        if phase is Phase.PLACE_TILE or phase is Phase.PLACE_DOUBLE:
            assert state.tile_in_hand is not None
            # Cells come row by row and ids number the window row by row: already sorted.
            return list(chain.from_iterable(map(
                self.cells.__getitem__, tile_placement_cells(state.board, state.tile_in_hand))))
        if phase is Phase.PLACE_PIECE:
            found = []
            for action in legal_actions(state):
                if isinstance(action, Pass):
                    found.append(self.pass_index)
                else:
                    assert isinstance(action, (PlaceMeeple, PlaceCamp))
                    base = self.meeple_base if isinstance(action, PlaceMeeple) else self.camp_base
                    found.append(base + action.segment)
            return sorted(found)
        return sorted(encode_action(state, action) for action in legal_actions(state))

    def chance_outcomes(self, state: GameState) -> list[tuple[int, float]]:
        """``(action id, probability)`` of each possible draw, by id; computed once per pile
        composition and slice position (see ``Pile.distribution``)."""
        distribution = state.pile.distribution()
        found = self.outcomes.get(id(distribution))
        if found is None:
            base = self.draw_base
            rank = self.land_rank
            outcomes = sorted(zip([base + rank[tile.id] for tile in distribution.tiles],
                                  distribution.float_probabilities))
            if len(self.outcomes) >= _OUTCOMES_KEPT:
                del self.outcomes[next(iter(self.outcomes))]
            found = self.outcomes[id(distribution)] = (distribution, outcomes)
        return found[1]

    def decode(self, state: GameState, index: int) -> Action:
        """``decode_action(state, index)``; placements and draws without building actions."""
        if type(index) is int:
            if 0 <= index < self.tile_actions:
                space = self.space
                cell, rotation = divmod(index, 4)
                row, column = divmod(cell, space.width)
                return place_tile_action(cell_key(column + space.x_min, row + space.y_min),
                                         rotation)
            if self.draw_base <= index < self.size:
                draw = self.draws.get(index)
                if draw is None:
                    draw = self.draws[index] = DrawTile(
                        self.space.land_ids[index - self.draw_base])
                return draw
        return decode_action(state, index)


class _CellNumbers(dict[int, tuple[int, ...]]):
    """``cell key << 4 | mask of rotations`` (see ``tile_placement_cells``) -> the ids of
    those placements, filled on first use."""

    def __init__(self, space: ActionSpace) -> None:
        super().__init__()
        self.space = space

    def __missing__(self, code: int) -> tuple[int, ...]:
        space = self.space
        position = position_of_key(code >> 4)
        if not space.contains(position):
            raise IllegalActionError(f"cell {position} lies outside the board window",
                                     rule="R-G2", code="outside-board-window")
        cell = (position.y - space.y_min) * space.width + (position.x - space.x_min)
        mask = code & 15
        found = self[code] = tuple(cell * 4 + rotation for rotation in range(4)
                                   if mask >> rotation & 1)
        return found


#: Chance outcome lists kept per game (the oldest dropped first).
_OUTCOMES_KEPT = 4096
_CODECS: dict[ActionSpace, ActionCodec] = {}


def action_codec(rules: Rules) -> ActionCodec:
    """The codec of the action space of ``rules``, made once and shared."""
    space = action_space(rules)
    found = _CODECS.get(space)
    if found is None:
        found = _CODECS[space] = ActionCodec(space)
    return found
