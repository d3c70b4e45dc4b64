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
from collections.abc import Callable, Iterable, Sequence

from .._support.exact import check_exact
from .._support.i18n import Texts, texts
from ..rules.board import Placement
from ..rules.final_scoring import projected_scores
from ..rules.players import PieceKind, colour
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
    "layout_title",
    "player_namer",
    "players_text",
    "series",
    "side_by_side",
    "state_text",
    "tile_description",
    "tile_pictures",
    "tile_text",
    "track_text",
    "winner_text",
]

#: One letter per player colour (yellow, red, green, blue, black).
PLAYER_LETTERS = "YRGBK"

#: Marks the river column under the x coordinates (not a player's letter).
RIVER_MARK = "~"

_MIDDLE = 1  # offset of a side's middle port from its first port
_CORNERS = ((Side.NORTH, 0, Side.WEST, 2), (Side.NORTH, 2, Side.EAST, 0),
            (Side.SOUTH, 2, Side.WEST, 0), (Side.SOUTH, 0, Side.EAST, 2))


def _legend(t: Texts) -> list[str]:
    """The legend of the board's signs."""
    return [t.gettext("legend: . jungle  | - tributary  + junction or bend  o rock  # village  "
                      "~ Amazon"),
            t.gettext("        [ ] open cell  [v] next river cell  Y R G B K meeples  "
                      "y r g b k camps"),
            t.gettext("        boats: the explored track, a boat as its player's letter (2-5: "
                      "boats sharing a space)")]


def player_namer(names: Sequence[str] | None, players: int,
                 lang: str | None = None) -> Callable[[int], str]:
    """``who(player)``: how a text names a player, the one rule of every text a player
    reads: the player's name in ``names`` when given and not empty, else their colour
    (:func:`~carcassonne_amazonas.rules.players.colour`, in ``lang``).  ``TypeError``
    for a name that is not exactly a ``str``, ``ValueError`` for names that are not one
    per player."""
    if names is None:
        return lambda player: colour(player, lang=lang)
    chosen = tuple(names)
    for name in chosen:
        check_exact(name, str, "names", "a str for each player")
    if len(chosen) != players:
        raise ValueError(f"names must be one string per player ({players}), not {chosen!r}"[:200])
    return lambda player: chosen[player] or colour(player, lang=lang)


def series(words: Sequence[str], lang: str | None = None) -> str:
    """``a``, ``a and b``, ``a, b and c`` in ``lang`` (``nobody`` for none)."""
    t = texts(lang)
    if len(words) <= 1:
        return "".join(words) or t.gettext("nobody")
    return t.gettext("{first} and {last}").format(first=", ".join(words[:-1]), last=words[-1])


def winner_text(scores: Sequence[int], winners: Sequence[int], *,
                names: Sequence[str] | None = None, lang: str | None = None) -> str:
    """Who won and with how many points, or the shared victory of tied players (R-E6):
    the one winner line of every text.  ``names`` as for
    :func:`~carcassonne_amazonas.render.explain.describe_events`; ``lang`` the language
    (``None``: English)."""
    t = texts(lang)
    who = player_namer(names, len(scores), lang)
    best = t.count(max(scores), "{n} point", "{n} points")
    if len(winners) == 1:
        return t.gettext("the winner is {who} with {points}").format(who=who(winners[0]),
                                                                       points=best)
    return t.gettext("shared victory: {who} with {points} each").format(
        who=series([who(p) for p in winners], lang), points=best)


def icons_text(icons: Icons, lang: str | None = None) -> str:
    """The icons in words, such as ``1 Boat icon, 2 animals`` (empty for no icons), in
    ``lang`` (``None``: English)."""
    t = texts(lang)
    parts = [t.count(icons.boats, "{n} Boat icon", "{n} Boat icons"),
             t.count(icons.fruit, "{n} Fruit icon", "{n} Fruit icons"),
             t.count(icons.animals, "{n} animal", "{n} animals"),
             t.count(icons.caimans, "{n} caiman", "{n} caimans"),
             t.count(icons.piranhas, "{n} piranha", "{n} piranhas")]
    counts = (icons.boats, icons.fruit, icons.animals, icons.caimans, icons.piranhas)
    return ", ".join(part for n, part in zip(counts, parts) if n)


def layout_title(layout: Layout, lang: str | None = None) -> str:
    """A layout's title in ``lang``: the reference set's titles are in the catalogs; a
    custom tile set's title stays as its file writes it."""
    return texts(lang).pgettext("layout", layout.title)


def _kind_text(kind: TileKind, exclamation: bool, t: Texts) -> str:
    words = {TileKind.STANDARD: t.gettext("standard tile"),
             TileKind.AMAZON: t.gettext("Amazon tile"),
             TileKind.DOUBLE: t.gettext("double tile"), TileKind.START: t.gettext("start tile")}
    word = words[kind]
    return t.gettext('{kind} with "!"').format(kind=word) if exclamation else word


def tile_description(tile: Tile, lang: str | None = None) -> str:
    """A tile copy in words: its name, the layout's title, its kind and its icons, in
    ``lang`` (``None``: English; ``TypeError`` unless ``tile`` is a ``Tile``)."""
    check_exact(tile, Tile, "tile")
    t = texts(lang)
    icons = [t.gettext("{icons} on {segment}").format(
                 icons=icons_text(i, lang),
                 segment=segment_name(tile.layout, Rotation.R0, index, lang=lang))
             for index, i in enumerate(tile.icons) if i]
    words = {"name": tile.name, "title": layout_title(tile.layout, lang),
             "kind": _kind_text(tile.kind, tile.layout.exclamation, t)}
    if not icons:
        return t.gettext("{name} \u201c{title}\u201d ({kind})").format(**words)
    return t.gettext("{name} \u201c{title}\u201d ({kind}; {icons})").format(
        icons=t.pgettext("separator", "; ").join(icons), **words)


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


def board_text(state: GameState, *, legend: bool = True, lang: str | None = None) -> str:
    """The board as a character grid, then the river and the boat track.

    Each cell is a 3×3 glyph (see the module); open cells show ``[ ]``, the
    cell of the next river tile ``[v]``; the river column is marked ``~`` under
    the x coordinates.  The last lines locate the river end and show the boat
    track (:func:`track_text`).  ``lang``: the language of the words (``None``:
    English).
    """
    check_exact(state, GameState, "state")
    t = texts(lang)
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
    lines.append(t.gettext("river column x={column}, river end row {row}").format(
                     column=board.river_column, row=board.river_end_row)
                 + ("" if state.is_terminal else t.gettext(", next river tile at ({position})")
                    .format(position=board.next_river_position)))
    lines.append(track_text(state, lang=lang))
    if legend:
        lines.extend(_legend(t))
    return "\n".join(lines)


def track_text(state: GameState, *, lang: str | None = None) -> str:
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
    return texts(lang).gettext("boats  1 [{spaces}] {length}   ({where})").format(
        spaces="".join(spaces), length=state.track_length, where=where)


def players_text(state: GameState, *, lang: str | None = None) -> str:
    """A table of every player's score, boat, supply (meeples and camps) and points by
    category (R-E1: tributaries, villages and the Amazon in play; camps and the river at
    the end), at most 84 characters wide.

    ``*`` marks the player to move.  ``if end`` is the total the player would have if
    the game ended now (:func:`~carcassonne_amazonas.rules.final_scoring.projected_scores`:
    the final scoring of R-E2–R-E5 applied to the current board and boats); once the
    game is over it equals the score.  ``lang``: the language of the words (``None``:
    English).
    """
    check_exact(state, GameState, "state")
    t = texts(lang)
    projected = projected_scores(state)
    words = [t.gettext("player"), t.gettext("score"), t.gettext("if end"), t.gettext("boat"),
             t.gettext("meeples"), t.gettext("camps")]
    head = (f"  {words[0]:<8} {words[1]:>5} {words[2]:>6} {words[3]:>4} {words[4]:>7} "
            f"{words[5]:>5}   ")
    lines = [" " * len(head) + t.gettext("points from:"),
             head + t.gettext("tributaries villages Amazon camps river")]
    for index, player in enumerate(state.players):
        mark = "*" if index == state.current_player and not state.is_terminal else " "
        b = player.breakdown
        lines.append(f"{mark} {colour(index, lang=lang):<8} {player.score:>5} "
                     f"{projected[index].total:>6} {player.boat:>4} "
                     f"{player.meeples_in_supply:>7} {player.camps_in_supply:>5}   "
                     f"{b.tributaries:>11} {b.villages:>8} {b.amazon:>6} {b.camps:>5} "
                     f"{b.river:>5}")
    return "\n".join(lines)


def _decision_text(state: GameState, lang: str | None) -> list[str]:
    """Who is to do what, with the tile in hand and its pictures."""
    t = texts(lang)
    who = colour(state.current_player, lang=lang)
    left = t.count(state.tiles_left, "{n} tile", "{n} tiles")
    if state.is_terminal:
        return [t.gettext("game over; {winner}").format(
            winner=winner_text(state.scores, state.winners, lang=lang))]
    if state.is_chance_node:
        return [t.gettext("{who} to draw a tile ({tiles} left)").format(who=who, tiles=left)]
    tile = state.tile_in_hand
    if tile is not None:  # phases PLACE_TILE and PLACE_DOUBLE
        return [t.gettext("{who} to place {tile}; {tiles} left to draw").format(
                    who=who, tile=tile_description(tile, lang), tiles=left),
                *("  " + line for line in tile_pictures(tile))]
    if state.piece_position is not None:  # the piece step
        placement = state.board.placements[state.piece_placement]
        return [t.gettext("{who} to place a meeple or a camp on {tile} at ({position}), or "
                          "pass").format(who=who, tile=placement.tile.name,
                                         position=placement.position)]
    names = ", ".join(tile.name for tile in state.doubles_left)  # CHOOSE_DOUBLE
    return [t.gettext("{who} to choose a double tile to place downstream: {tiles}").format(
        who=who, tiles=names)]


def state_text(state: GameState, *, lang: str | None = None) -> str:
    """What ``str(state)`` shows: the board, the players' scores, boats and supplies, who
    is to do what, with the tile in hand, and last the legend of the board's signs; in
    ``lang`` (``None``: English; ``state_text(state, lang="fr")`` is the French
    ``str(state)``)."""
    check_exact(state, GameState, "state")
    return "\n".join([board_text(state, legend=False, lang=lang),
                      players_text(state, lang=lang), *_decision_text(state, lang),
                      *_legend(texts(lang))])
