"""Plain-text pictures for terminals: the board, single tiles, the boat track, the players.

:func:`state_text` is what ``str(state)`` shows: the board, the players, the
tile in hand and a legend.

:func:`board_text` draws the board as a grid of 3×3 character glyphs, one per
cell, with the x coordinates above (``~`` marks the river column) and the y
coordinates on the left.  The start of a game, after one Amazon tile::

       -1  0  1  2
           ~

    -1    [ ][ ]

          ....|.
     0 [ ].~..+.[ ]
          .~....
          .~....
     1 [ ].~....[ ]
          .~....
          .~...#
     2 [ ]-~...#[ ]
          .~...#
          .~....
     3 [ ].~..+-[ ]
          .~....
          .~.
     4 [ ].~.[ ]
          .~.

     5    [v]

    river column x=0, river end row 4, next river tile at (0,5)
    boats  1 [RY...............] 17   (Y 2, R 1)

Each glyph shows the cell's four edges in the middle of its sides, the corner
ports in its corners and what lies in its centre:

=======  ===================================================================
``.``    jungle
``|``    a tributary crossing a north or south edge (``-``: east or west)
``+``    tributaries meeting or bending in the cell
``o``    a rock: a tributary ends in the cell
``#``    village
``~``    the Amazon (every cell of the river column that the river covers)
``Y``    a meeple of player yellow (``R`` red, ``G`` green, ``B`` blue,
         ``K`` black); lower case is a camp
``[ ]``  an open cell: an empty cell where a standard tile may go
``[v]``  the empty cell where the next river tile goes
=======  ===================================================================

Only the standard library is used; the functions return text and print
nothing.  Every function that takes a state refuses anything but exactly a
:class:`~carcassonne_amazonas.rules.state.GameState` (a subclass too, since it could
override what is read) with a ``TypeError`` naming the parameter.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from .._support.exact import check_exact
from .._support.wording import plural
from ..rules.board import Placement
from ..rules.final_scoring import projected_scores
from ..rules.players import PLAYER_COLOURS, PieceKind
from ..rules.state import GameState
from ..tiles.geometry import PORTS_PER_SIDE, Position, Rotation, Side
from ..tiles.layout import Layout, Terrain, TileKind, VariantCell
from ..tiles.segment_names import segment_name
from ..tiles.tileset import Icons, Tile, check_tile_and_rotation

__all__ = [
    "PLAYER_LETTERS",
    "board_extent",
    "board_text",
    "icons_text",
    "players_text",
    "side_by_side",
    "state_text",
    "tile_description",
    "tile_pictures",
    "tile_text",
    "track_text",
]

#: One letter per player colour (yellow, red, green, blue, black).
PLAYER_LETTERS = "YRGBK"

#: Marks the river column under the x coordinates (not a player's letter).
RIVER_MARK = "~"

_MIDDLE = 1  # offset of a side's middle port from its first port
_CORNERS = ((Side.NORTH, 0, Side.WEST, 2), (Side.NORTH, 2, Side.EAST, 0),
            (Side.SOUTH, 2, Side.WEST, 0), (Side.SOUTH, 0, Side.EAST, 2))
_LEGEND = ("legend: . jungle  | - tributary  + junction or bend  o rock  # village  ~ Amazon",
           "        [ ] open cell  [v] next river cell  Y R G B K meeples  y r g b k camps",
           "        boats: the explored track, a boat as its player's letter (2-5: boats "
           "sharing a space)")


def icons_text(icons: Icons) -> str:
    """The icons in words, such as ``1 Boat icon, 2 animals`` (empty for no icons)."""
    parts = [(icons.boats, "Boat icon"), (icons.fruit, "Fruit icon"), (icons.animals, "animal"),
             (icons.caimans, "caiman"), (icons.piranhas, "piranha")]
    return ", ".join(plural(n, word) for n, word in parts if n)


_KIND_WORDS = {TileKind.STANDARD: "standard", TileKind.AMAZON: "Amazon",
               TileKind.DOUBLE: "double", TileKind.START: "start"}


def tile_description(tile: Tile) -> str:
    """A tile copy in words: its name, the layout's title, its kind and its icons
    (``TypeError`` unless ``tile`` is a ``Tile``)."""
    check_exact(tile, Tile, "tile")
    mark = ' with "!"' if tile.layout.exclamation else ""
    icons = [f"{icons_text(i)} on {segment_name(tile.layout, Rotation.R0, index)}"
             for index, i in enumerate(tile.icons) if i]
    return (f"{tile.name} \u201c{tile.layout.title}\u201d ({_KIND_WORDS[tile.kind]} tile{mark}"
            + (f"; {'; '.join(icons)}" if icons else "") + ")")


#: The 3×3 glyph of a cell: three rows of three characters.
Glyph = tuple[str, str, str]
_EMPTY: Glyph = ("   ", "   ", "   ")
# A board cell as (x, y): cheaper than a Position in the grid's tables.
_Cell = tuple[int, int]


def _terrain_at(layout: Layout, cell: VariantCell, port: int) -> Terrain | None:
    segment = cell.port_segments[port]
    return None if segment < 0 else layout.segments[segment].terrain


def _river_dx(layout: Layout, rotation: Rotation) -> int | None:
    """The footprint column the Amazon runs along, or None for tiles without it."""
    for cell in layout.variant(rotation).cells:
        for port in (Side.NORTH * PORTS_PER_SIDE + _MIDDLE, Side.SOUTH * PORTS_PER_SIDE + _MIDDLE):
            if _terrain_at(layout, cell, port) is Terrain.AMAZON:
                return cell.dx
    return None


def _glyph(layout: Layout, cell: VariantCell, river: bool) -> Glyph:
    """The 3×3 picture of one footprint cell of a placed (turned) tile, without pieces."""

    def middle(side: Side) -> str:
        terrain = _terrain_at(layout, cell, side * PORTS_PER_SIDE + _MIDDLE)
        if terrain is None:  # a side inside the footprint
            return "~" if river and side in (Side.NORTH, Side.SOUTH) else "."
        if terrain is Terrain.TRIBUTARY:
            return "|" if side in (Side.NORTH, Side.SOUTH) else "-"
        return {Terrain.VILLAGE: "#", Terrain.AMAZON: "~"}.get(terrain, ".")

    def corner(side_a: Side, offset_a: int, side_b: Side, offset_b: int) -> str:
        ports = (side_a * PORTS_PER_SIDE + offset_a, side_b * PORTS_PER_SIDE + offset_b)
        villages = [_terrain_at(layout, cell, p) is Terrain.VILLAGE for p in ports]
        return "#" if any(villages) else "."

    centre = "."
    tributary_sides: list[Side] = []
    rock = False
    village_sides: dict[int, int] = {}
    has_amazon = any(s.terrain is Terrain.AMAZON for s in layout.segments)
    for side in Side:
        for offset in range(PORTS_PER_SIDE):
            index = cell.port_segments[side * PORTS_PER_SIDE + offset]
            if index < 0:
                continue
            segment = layout.segments[index]
            if segment.terrain is Terrain.VILLAGE:
                village_sides[index] = village_sides.get(index, 0) | 1 << side
            elif segment.terrain is Terrain.TRIBUTARY and offset == _MIDDLE:
                tributary_sides.append(side)
                # A lone tributary end is a rock, unless the tile holds the Amazon
                # (then the tributary flows into it: drawn as a bend).
                rock = rock or (len(segment.ports) == 1 and not has_amazon)
    if river:
        centre = "~"
    elif tributary_sides:
        if rock:
            centre = "o"
        elif sorted(tributary_sides) == [Side.NORTH, Side.SOUTH]:
            centre = "|"
        elif sorted(tributary_sides) == [Side.EAST, Side.WEST]:
            centre = "-"
        else:
            centre = "+"
    elif any(bin(mask).count("1") >= 2 for mask in village_sides.values()):
        centre = "#"
    corners = [corner(*c) for c in _CORNERS]
    return (corners[0] + middle(Side.NORTH) + corners[1],
            middle(Side.WEST) + centre + middle(Side.EAST),
            corners[2] + middle(Side.SOUTH) + corners[3])


@functools.lru_cache(maxsize=4096)
def _layout_glyphs(layout: Layout, rotation: Rotation) -> tuple[tuple[int, int, Glyph], ...]:
    """``(dx, dy, glyph)`` of every footprint cell of ``layout`` turned by ``rotation``,
    without pieces (computed once)."""
    river_dx = _river_dx(layout, rotation)
    return tuple((cell.dx, cell.dy, _glyph(layout, cell, river_dx == cell.dx))
                 for cell in layout.variant(rotation).cells)


def _placement_glyphs(placement: Placement, pieces: dict[int, str]) -> dict[_Cell, Glyph]:
    """Glyphs of every cell ``(x, y)`` a placed tile covers; ``pieces`` maps a segment to
    the letter of the piece on it, drawn in the centre of the first cell the segment
    touches."""
    x, y = placement.position.x, placement.position.y
    glyphs = {(x + dx, y + dy): glyph
              for dx, dy, glyph in _layout_glyphs(placement.tile.layout, placement.rotation)}
    for segment, letter in pieces.items():
        (dx, dy), (row, column) = _piece_spot(placement, segment, glyphs)
        lines = list(glyphs[(x + dx, y + dy)])
        lines[row] = lines[row][:column] + letter + lines[row][column + 1:]
        glyphs[(x + dx, y + dy)] = (lines[0], lines[1], lines[2])
    return glyphs


# Where each port (side * 3 + index) sits in a cell's 3×3 glyph, as (row, column); the
# middle ports first, so that a piece beside the river stands on its tributary's mark.
_PORT_SPOTS = ((0, 0), (0, 1), (0, 2), (0, 2), (1, 2), (2, 2),
               (2, 2), (2, 1), (2, 0), (2, 0), (1, 0), (0, 0))
_PORTS_MIDDLE_FIRST = (1, 4, 7, 10, 0, 2, 3, 5, 6, 8, 9, 11)


def _piece_spot(placement: Placement, segment: int,
                glyphs: dict[_Cell, Glyph]) -> tuple[_Cell, tuple[int, int]]:
    """The footprint cell ``(dx, dy)`` and the glyph spot ``(row, column)`` of a piece on
    ``segment``: the centre of the first cell the segment touches outside the river
    column, else, in a river cell, one of the segment's own ports, so that no piece is
    ever drawn on the Amazon, where none may stand (R-F6)."""
    x, y = placement.position.x, placement.position.y
    touched = [cell for cell in placement.variant.cells if segment in cell.port_segments]
    for cell in touched:
        if glyphs[(x + cell.dx, y + cell.dy)][1][1] != RIVER_MARK:
            return (cell.dx, cell.dy), (1, 1)
    cell = touched[0]
    port = next(p for p in _PORTS_MIDDLE_FIRST if cell.port_segments[p] == segment)
    return (cell.dx, cell.dy), _PORT_SPOTS[port]


def tile_text(tile: Tile, rotation: Rotation = Rotation.R0) -> list[str]:
    """The tile turned by ``rotation`` as lines of 3×3 glyphs per cell (see the module);
    ``TypeError`` unless ``tile`` is a ``Tile`` and ``rotation`` a ``Rotation``."""
    check_tile_and_rotation(tile, rotation)
    placement = Placement(tile, Position(0, 0), rotation)
    glyphs = _placement_glyphs(placement, {})
    width = max(x for x, _ in glyphs) + 1
    height = max(y for _, y in glyphs) + 1
    lines = []
    for y in range(height):
        for row in range(3):
            lines.append("".join(glyphs[(x, y)][row] for x in range(width)))
    return lines


def side_by_side(blocks: Sequence[tuple[str, Sequence[str]]], gap: int = 4) -> list[str]:
    """Text blocks next to each other, each under its heading."""
    widths = [max([len(title), *map(len, lines)]) for title, lines in blocks]
    height = max(len(lines) for _, lines in blocks)
    rows = ["".join(title.ljust(w + gap) for (title, _), w in zip(blocks, widths)).rstrip()]
    for i in range(height):
        rows.append("".join((lines[i] if i < len(lines) else "").ljust(w + gap)
                            for (_, lines), w in zip(blocks, widths)).rstrip())
    return rows


def tile_pictures(tile: Tile) -> list[str]:
    """The tile in each rotation it may be placed in, side by side, headed by the angle
    (``TypeError`` unless ``tile`` is a ``Tile``)."""
    check_exact(tile, Tile, "tile")
    return side_by_side([(f"{r.degrees}°", tile_text(tile, r)) for r in tile.layout.rotations])


def _piece_letters(state: GameState) -> dict[Position, dict[int, str]]:
    """Per tile anchor: segment -> the letter of the piece on it (a meeple upper case,
    a camp lower case)."""
    letters: dict[Position, dict[int, str]] = {}
    for piece in state.pieces():
        letter = PLAYER_LETTERS[piece.player]
        letters.setdefault(piece.position, {})[piece.segment] = (
            letter if piece.kind is PieceKind.MEEPLE else letter.lower())
    return letters


def _open_glyphs(state: GameState) -> dict[_Cell, Glyph]:
    """``[ ]`` on the open cells up to the river end, ``[v]`` on the next river cell;
    none once the game is over."""
    if state.is_terminal:
        return {}
    board = state.board
    glyphs: dict[_Cell, Glyph] = {(position.x, position.y): ("   ", "[ ]", "   ")
                                  for position in board.open_positions
                                  if position.y <= board.river_end_row}
    river = board.next_river_position
    glyphs[(river.x, river.y)] = ("   ", "[v]", "   ")
    return glyphs


def board_extent(state: GameState) -> tuple[range, range]:
    """The columns (x) and rows (y) that :func:`board_text` draws: every placed tile and,
    while the game goes on, the open cells up to the river end and the next river
    cell."""
    check_exact(state, GameState, "state")
    cells = [(placement.position.x + dx, placement.position.y + dy)
             for placement in state.board.placements
             for dx, dy, _ in _layout_glyphs(placement.tile.layout, placement.rotation)]
    return _extent([*cells, *_open_glyphs(state)])


def _extent(cells: Iterable[_Cell]) -> tuple[range, range]:
    xs, ys = zip(*cells)
    return range(min(xs), max(xs) + 1), range(min(ys), max(ys) + 1)


def board_text(state: GameState, *, legend: bool = True) -> str:
    """The board as a character grid, then the river and the boat track.

    Each cell is a 3×3 glyph (see the module); open cells show ``[ ]``, the
    cell of the next river tile ``[v]``; the river column is marked ``~`` under
    the x coordinates.  The last lines locate the river end and show the boat
    track (:func:`track_text`).
    """
    check_exact(state, GameState, "state")
    board = state.board
    pieces = _piece_letters(state)
    glyphs: dict[_Cell, Glyph] = {}
    for placement in board.placements:
        glyphs.update(_placement_glyphs(placement, pieces.get(placement.position, {})))
    glyphs.update(_open_glyphs(state))
    columns, rows = _extent(glyphs)
    label = max(len(str(y)) for y in rows) + 1
    lines = [(" " * label + "".join(f"{x:^3}" for x in columns)).rstrip(),
             (" " * label + "".join(f" {RIVER_MARK} " if x == board.river_column else "   "
                                    for x in columns)).rstrip()]
    for y in rows:
        row = [glyphs.get((x, y), _EMPTY) for x in columns]
        for third in range(3):
            prefix = f"{y:>{label - 1}} " if third == 1 else " " * label
            lines.append((prefix + "".join([glyph[third] for glyph in row])).rstrip())
    lines.append(f"river column x={board.river_column}, river end row {board.river_end_row}"
                 + ("" if state.is_terminal else
                    f", next river tile at ({board.next_river_position})"))
    lines.append(track_text(state))
    if legend:
        lines.extend(_LEGEND)
    return "\n".join(lines)


def track_text(state: GameState) -> str:
    """The boat track on one line: spaces 1..explored, each boat as its player's letter.

    A space holding several boats shows how many (``2``..``5``); the line ends
    with each player's space.
    """
    check_exact(state, GameState, "state")
    spaces = ["."] * state.track_length
    counts = [0] * state.track_length
    for player, boat in enumerate(state.boats):
        index = min(boat, state.track_length) - 1
        counts[index] += 1
        spaces[index] = PLAYER_LETTERS[player] if counts[index] == 1 else str(counts[index])
    where = ", ".join(f"{PLAYER_LETTERS[p]} {boat}" for p, boat in enumerate(state.boats))
    return f"boats  1 [{''.join(spaces)}] {state.track_length}   ({where})"


def players_text(state: GameState) -> str:
    """A table of every player's score, boat, supply (meeples and camps) and points by
    category (R-E1: tributaries, villages and the Amazon in play; camps and the river at
    the end), at most 84 characters wide.

    ``*`` marks the player to move.  ``if end`` is the total the player would have if
    the game ended now (:func:`~carcassonne_amazonas.rules.final_scoring.projected_scores`:
    the final scoring of R-E2–R-E5 applied to the current board and boats); once the
    game is over it equals the score.
    """
    check_exact(state, GameState, "state")
    projected = projected_scores(state)
    head = (f"  {'player':<8} {'score':>5} {'if end':>6} {'boat':>4} {'meeples':>7} "
            f"{'camps':>5}   ")
    lines = [" " * len(head) + "points from:",
             head + "tributaries villages Amazon camps river"]
    for index, player in enumerate(state.players):
        mark = "*" if index == state.current_player and not state.is_terminal else " "
        b = player.breakdown
        lines.append(f"{mark} {PLAYER_COLOURS[index]:<8} {player.score:>5} "
                     f"{projected[index].total:>6} {player.boat:>4} "
                     f"{player.meeples_in_supply:>7} {player.camps_in_supply:>5}   "
                     f"{b.tributaries:>11} {b.villages:>8} {b.amazon:>6} {b.camps:>5} "
                     f"{b.river:>5}")
    return "\n".join(lines)


def _decision_text(state: GameState) -> list[str]:
    """Who is to do what, with the tile in hand and its pictures."""
    who = PLAYER_COLOURS[state.current_player]
    if state.is_terminal:
        best = max(state.scores)
        names = " and ".join(PLAYER_COLOURS[p] for p in state.winners)
        shared = "shared victory: " if len(state.winners) > 1 else "the winner is "
        return [f"game over; {shared}{names} with {plural(best, 'point')}"]
    if state.is_chance_node:
        return [f"{who} to draw a tile ({plural(state.tiles_left, 'tile')} left)"]
    tile = state.tile_in_hand
    if tile is not None:  # phases PLACE_TILE and PLACE_DOUBLE
        return [f"{who} to place {tile_description(tile)}; "
                f"{plural(state.tiles_left, 'tile')} left to draw",
                *("  " + line for line in tile_pictures(tile))]
    if state.piece_position is not None:  # the piece step
        placement = state.board.placements[state.piece_placement]
        return [f"{who} to place a meeple or a camp on {placement.tile.name} at "
                f"({placement.position}), or pass"]
    names = ", ".join(tile.name for tile in state.doubles_left)  # CHOOSE_DOUBLE
    return [f"{who} to choose a double tile to place downstream: {names}"]


def state_text(state: GameState) -> str:
    """What ``str(state)`` shows: the board, the players' scores, boats and supplies, who
    is to do what, with the tile in hand, and last the legend of the board's signs."""
    check_exact(state, GameState, "state")
    return "\n".join([board_text(state, legend=False), players_text(state),
                      *_decision_text(state), *_LEGEND])
