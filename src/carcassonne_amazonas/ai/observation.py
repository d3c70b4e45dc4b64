"""What one player can see, as a fixed-shape vector of floats and as text.

For learning agents (OpenSpiel, PettingZoo, your own code):
:func:`observation_tensor` encodes everything a player can see in a flat
``list[float]`` whose length depends only on the tile set (not on the number
of players, the phase or the moment of the game); :func:`observation_string`
says the same in human-readable text.  Neither reveals anything hidden: the
order of the pile is never read (only how many tiles of each layout are
left), so two states that differ only in the pile order give identical
observations.  Pure Python, no numpy: ``numpy.asarray(tensor, numpy.float32)``
or :func:`observation_sparse` (the non-zero entries) feed an array.

Shape
-----
``observation_shape(rules) == (size,)`` with ``size = P * H * W + V`` (see
:class:`ObservationLayout`, from :func:`observation_layout`): first the
*board*, ``P`` planes of ``H`` × ``W`` cells in row-major order (index
``(plane * H + row) * W + column``, so ``tensor[:P*H*W]`` reshapes to
``(P, H, W)``, channels first), then a *vector* of ``V`` values.  The cells are
the board window of :mod:`~carcassonne_amazonas.ai.encoding` (every cell a legal
game can reach; ``row = y - y_min``, ``column = x - x_min``): 90 rows × 132
columns for the reference set, where ``P = 38``, ``V = 106`` and ``size =
451546``.

The compact observation
-----------------------
``observation_tensor(state, player, compact=True)`` has the same planes and
the same vector fields, on a smaller window, plus one more field at the end:

- the window: :data:`COMPACT_MARGIN`
  (15) cells west, east and north of the start tile, and south down to the last
  row the river can reach (as in the full window): columns ``-15 .. 16`` and rows
  ``-15 .. 24``, 40 rows × 32 columns for the reference set, so ``size = 38 * 40
  * 32 + 107 = 48747``;
- ``outside`` (1 value): how many cells of placed tiles lie outside the window.

Overflow: a tile (or piece, open cell, icon) outside the window is left out of
the board planes, and ``outside`` counts its cells; nothing else changes (the
vector still has every score, supply and count, and the action encoding and
masks are those of the full window).  Measured with
``benchmarks/observation_overflow.py``: in 1,000 random games (250 for each of 2–5
players, 166,976 states) no tile came further than 12 cells from the start tile
and no state overflowed; in 100 greedy games, no further than 9 cells (see
``docs/ai-frameworks.md``).

Players are *relative to the observer*: slot ``r`` is player ``(observer + r)
% num_players``, so the observer is always slot 0 and the next player to play
after them slot 1.  There are always :data:`MAX_PLAYERS` (5) slots; those
beyond the number of players stay 0.

Board planes (per cell; 0 where no tile lies unless said otherwise):

=====  ===========================================================================
0      occupied: a tile covers the cell
1-16   edge terrain one-hot, plane ``1 + 4 * side + terrain - 1`` for side N, E,
       S, W (0..3) and terrain jungle, tributary, village, Amazon (1..4): what the
       cell shows on that side (nothing on sides inside a big tile's footprint)
17     river: the Amazon flows through the cell (the start tile's river column,
       Amazon tiles, double tiles)
18     Boat icons on the cell (a count; a segment's icons lie on the first cell,
       row by row, that the segment touches)
19     Fruit icons (a count, as plane 18)
20     animals in the jungles (a count, as plane 18)
21-25  meeple of relative player ``r`` (plane ``21 + r``) on a segment touching the cell
26-30  camp of relative player ``r`` (plane ``26 + r``) on a segment touching the cell
31-34  the segment holding the cell's piece (meeple or camp) touches side N, E,
       S, W of the cell
35     the tile that may take a piece in the piece step (R-T5) covers the cell
36     open: an empty cell next to a tile where a standard tile may go (R-G2)
37     the cell where the next Amazon or double tile goes (R-G6)
=====  ===========================================================================

Vector (after the board; ``r`` runs over the 5 relative player slots):

==================  ====  =====================================================
field               size  value
==================  ====  =====================================================
``present``         5     1 if slot ``r`` is a player of this game
``scores``          5     score
``boats``           5     boat space (1 is the source, R-C9)
``meeples``         5     meeples in supply
``camps``           5     camps in supply
``track_length``    1     explored river spaces (R-T9)
``current_player``  5     one-hot slot of the player to act (at a chance node:
                          the player about to draw; all 0 once the game is over)
``phase``           6     one-hot :class:`~carcassonne_amazonas.rules.state.Phase`, in
                          its order: place tile, choose double, place double,
                          place piece, draw tile, game over
``hand_layout``     L     one-hot layout of the tile in hand (tile-set order)
``hand_icons``      5     its icons: boats, fruit, animals, caimans, piranhas
                          (rotation-independent totals)
``tiles_left``      L     land tiles left to draw, by layout
``pile_size``       1     land tiles left to draw
``removed``         1     tiles removed from the game (R-G7)
``doubles_left``    D     1 for each double tile still set aside (by id order)
``outside``         1     compact only: cells of placed tiles outside the window
==================  ====  =====================================================

``L`` is the number of layouts of the tile set (29 for the reference set, the
start tile included so that indices follow the tile-set file) and ``D`` the
number of double tiles (4); with the bonus river tiles (variant R-V3) ``L = 31``,
``D = 6`` and ``size = 451552``.  Counts are raw numbers (scale them as you like,
e.g. by :func:`observation_upper_bounds`); every value is finite, at least 0
and at most its bound there.

The module is split by concern: the layout and window in
:mod:`~carcassonne_amazonas.ai._observation_layout`, the board planes in
:mod:`~carcassonne_amazonas.ai._observation_board`, the bounds in
:mod:`~carcassonne_amazonas.ai._observation_bounds` and the text in
:mod:`~carcassonne_amazonas.ai._observation_text`; this module puts them together
and exports them all.
"""

from __future__ import annotations

from ..rules.state import GameState
from ._observation_board import board_entries
from ._observation_bounds import observation_upper_bounds
from ._observation_layout import (
    COMPACT_MARGIN,
    MAX_PLAYERS,
    PHASES,
    BoardPlane,
    ObservationLayout,
    check_observer,
    double_indices,
    layout_indices,
    observation_layout,
    observation_shape,
)
from ._observation_text import observation_string

__all__ = [
    "COMPACT_MARGIN",
    "MAX_PLAYERS",
    "BoardPlane",
    "ObservationLayout",
    "observation_layout",
    "observation_shape",
    "observation_sparse",
    "observation_string",
    "observation_tensor",
    "observation_upper_bounds",
]


def observation_sparse(state: GameState, player: int,
                       compact: bool = False) -> tuple[list[int], list[float]]:
    """The non-zero entries of :func:`observation_tensor`: indices and values.

    Useful to fill a preallocated array (``array[indices] = values``) without
    building the dense list.  An index may appear more than once only with the
    same value.
    """
    check_observer(state, player)
    tileset = state.rules.tileset
    layout = observation_layout(state.rules, compact)
    indices: list[int] = []
    values: list[float] = []
    add_index, add_value = indices.append, values.append
    n = state.num_players
    outside = board_entries(state, player, layout, add_index, add_value)

    # -- the vector
    fields = layout.fields
    layout_index = layout_indices(tileset)
    double_index = double_indices(tileset)
    for name, attribute in (("scores", "score"), ("boats", "boat"),
                            ("meeples", "meeples_in_supply"), ("camps", "camps_in_supply")):
        offset = fields[name][0]
        for slot in range(n):
            value = getattr(state.players[(player + slot) % n], attribute)
            if value:
                add_index(offset + slot)
                add_value(float(value))
    offset = fields["present"][0]
    for slot in range(n):
        add_index(offset + slot)
        add_value(1.0)
    add_index(fields["track_length"][0])
    add_value(float(state.track_length))
    if not state.is_terminal:
        add_index(fields["current_player"][0] + (state.current_player - player) % n)
        add_value(1.0)
    add_index(fields["phase"][0] + PHASES.index(state.phase))
    add_value(1.0)
    hand = state.tile_in_hand
    if hand is not None:
        add_index(fields["hand_layout"][0] + layout_index[hand.layout])
        add_value(1.0)
        icons = hand.total_icons
        offset = fields["hand_icons"][0]
        for index, count in enumerate((icons.boats, icons.fruit, icons.animals,
                                       icons.caimans, icons.piranhas)):
            if count:
                add_index(offset + index)
                add_value(float(count))
    left: dict[int, int] = {}
    for tile in state.pile.tiles:  # only counted: the order is never read
        index = layout_index[tile.layout]
        left[index] = left.get(index, 0) + 1
    offset = fields["tiles_left"][0]
    for index in sorted(left):
        add_index(offset + index)
        add_value(float(left[index]))
    if len(state.pile):
        add_index(fields["pile_size"][0])
        add_value(float(len(state.pile)))
    if state.removed:
        add_index(fields["removed"][0])
        add_value(float(len(state.removed)))
    offset = fields["doubles_left"][0]
    for tile in state.doubles_left:
        add_index(offset + double_index[int(tile.id)])
        add_value(1.0)
    if outside and compact:
        add_index(fields["outside"][0])
        add_value(float(outside))
    return indices, values


def observation_tensor(state: GameState, player: int, compact: bool = False) -> list[float]:
    """What ``player`` sees in ``state``, as ``observation_shape(state.rules, compact)[0]``
    floats: the full observation, or with ``compact=True`` the compact one.

    The layout is documented in the module docstring and by
    :func:`observation_layout`.  Nothing hidden is encoded (never the pile order).
    """
    indices, values = observation_sparse(state, player, compact)
    tensor = [0.0] * observation_layout(state.rules, compact).size
    for index, value in zip(indices, values):
        tensor[index] = value
    return tensor
