"""SVG pictures of a game position and of single tiles, drawn from the tile-set data with
the standard library only.

:func:`board_svg` draws a whole position: every placed tile with its icons, the
pieces, the open cells, the boat track beside the river, coordinates along the
edges, a legend, the tile placed last, optional highlights of cells and of a
feature, and a score table with each player's projected total.  ``compact=True``
crops the picture to the tiles, with the boat track beside them.  :func:`tile_svg`
(from :mod:`~carcassonne_amazonas.render._svg_tiles`) draws one tile, :func:`tileset_svg`
a sheet of a whole tile set.  Both return an
:class:`~carcassonne_amazonas.render._svg_document.SvgDocument`: the text of a complete
``<svg>`` document (a ``str``), which Jupyter displays as a picture.

Board units and SVG units: the root ``<svg>`` carries ``data-cell-size`` (the SVG
size of one cell) and ``data-origin-x``, ``data-origin-y`` (the SVG point of board
point ``(0, 0)``, the top-left corner of cell ``(0, 0)``), so the SVG point
``(sx, sy)`` is the board point ``((sx - ox) / cell, (sy - oy) / cell)``; ask
:func:`carcassonne_amazonas.render.anchors.segment_at` which segment lies there.  Pieces are
drawn at :func:`carcassonne_amazonas.render.anchors.piece_anchor`, at the size
:func:`carcassonne_amazonas.render.anchors.piece_scale` gives (smaller on a crowded tile).

Elements carry classes and data for styling, tests and pages: ``g.tile``
(``data-tile``, ``data-layout``, ``data-rotation``, ``data-x``, ``data-y``),
``g.piece`` (``meeple`` or ``camp``, ``data-player``, ``data-x``, ``data-y``,
``data-segment``), ``g.icon``, ``rect.open`` (``next-river`` for the river cell;
``data-x``, ``data-y``), ``g.last-move`` (``data-x``, ``data-y``, ``data-player``),
``rect.highlight`` (``data-x``, ``data-y``), ``g.feature-highlight``
(``data-terrain``; ``rect.feature-cell`` and ``line.open-edge`` with ``data-side``),
``g.track`` with ``g.boat`` (``data-player``, ``data-space``), ``g.coordinates``
(``text.coordinate`` with ``data-x`` or ``data-y``), ``g.legend``
(``g.legend-item``, ``data-kind``), ``g.scores`` (``g.score-row``,
``data-player``) and ``g.hand`` (the tile in hand, ``data-tile``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from .._support.exact import check_exact
from .._support.i18n import texts
from ..rules.state import GameState, Phase
from ..tiles.geometry import Position
from ._svg_board import marks, pieces, placed_tiles
from ._svg_document import Pen, SvgDocument, check_cell_size, number, svg_document
from ._svg_panels import coordinates as coordinate_labels
from ._svg_panels import hand as hand_panel
from ._svg_panels import legend as legend_panel
from ._svg_panels import (
    legend_height,
    legend_items,
    phase_words,
    score_table,
    score_table_size,
    text_width,
    track,
    track_width,
)
from ._svg_tiles import ICON_STYLES, tile_svg, tileset_svg
from .feature_geometry import FeatureGeometry, feature_geometry

__all__ = ["COMPACT_CELL_SIZE", "DEFAULT_CELL_SIZE", "ICON_STYLES", "MAX_DEFAULT_HEIGHT",
           "MIN_FITTED_CELL_SIZE", "SvgDocument", "board_svg", "tile_svg", "tileset_svg"]

#: The default size of a cell in SVG units (pixels at 1×): an icon's disc is 14 pixels
#: across, its letter 10 pixels high.
DEFAULT_CELL_SIZE = 64.0
#: The default size of a cell in compact mode: icons of 11 pixels, letters of 8.
COMPACT_CELL_SIZE = 52.0
#: Without a ``cell_size``, a picture taller than this (a long river) gets smaller cells,
#: down to :data:`MIN_FITTED_CELL_SIZE`, so that a whole game fits on a screen or a page:
#: the full picture, the compact one and the notebook's (compact, with the scores).
MAX_DEFAULT_HEIGHT = 1600.0
#: The smallest cell that fitting a long river picks: icons and letters still read.
MIN_FITTED_CELL_SIZE = 36.0


def _open_cells(state: GameState) -> list[Position]:
    """The empty cells a tile may still go to: beside a tile up to the river end (R-G2),
    and the next river cell (R-G6); none once the game is over."""
    if state.is_terminal:
        return []
    board = state.board
    cells = [p for p in board.open_positions if p.y <= board.river_end_row]
    cells.append(board.next_river_position)
    return cells


def _feature(state: GameState, feature: tuple[Position, int] | FeatureGeometry | None
             ) -> FeatureGeometry | None:
    if feature is None or isinstance(feature, FeatureGeometry):
        return feature
    if not (isinstance(feature, tuple) and len(feature) == 2
            and type(feature[0]) is Position and type(feature[1]) is int):
        raise TypeError(f"highlight_feature: expected (Position, segment), a FeatureGeometry "
                        f"or None, not {_shown(feature)}")
    position, segment = feature
    return feature_geometry(state, position, segment)


def _shown(value: object) -> str:
    """A wrong argument in a message: its type, and its value when short."""
    text = repr(value)
    return type(value).__name__ + (f" {text}" if len(text) <= 40 else "")


def _check_state(state: object) -> None:
    check_exact(state, GameState, "state")


def _cells(cells: object) -> list[Position]:
    """``highlight_cells`` as a list without repeats; ``TypeError`` unless they are
    :class:`~carcassonne_amazonas.tiles.geometry.Position` values."""
    if isinstance(cells, (str, bytes)) or not hasattr(cells, "__iter__"):
        raise TypeError(f"highlight_cells: expected an iterable of Position values, not "
                        f"{type(cells).__name__}")
    marked = list(dict.fromkeys(cells))
    for cell in marked:
        if type(cell) is not Position:
            hint = "; Position(x, y) makes one" if isinstance(cell, tuple) else ""
            raise TypeError(f"highlight_cells: expected Position values, not "
                            f"{_shown(cell)}{hint}")
    return marked


def board_svg(state: GameState, *, cell_size: float | None = None,
              show_open: bool | None = None, coordinates: bool = True, legend: bool = True,
              last_move: bool = True, highlight_cells: Iterable[Position] = (),
              highlight_feature: tuple[Position, int] | FeatureGeometry | None = None,
              compact: bool = False, scores: bool | None = None,
              hand: bool = True, lang: str | None = None) -> SvgDocument:
    """An SVG document of the whole position.

    - ``cell_size``: SVG units (pixels at 1×) per cell; 64 by default, 52 in compact
      mode, sizes at which the icons read at 1×; by default a picture, full or compact,
      that would be taller than :data:`MAX_DEFAULT_HEIGHT` (a whole game's long river)
      gets cells small enough to fit it, down to :data:`MIN_FITTED_CELL_SIZE`.
    - ``show_open``: draw the open cells where a tile may go (dashed; the next river
      cell in blue).  Default: yes, except in compact mode.
    - ``coordinates``: label every drawn column above the board and every drawn row
      left of it, with the numbers of the notation.
    - ``legend``: explain the icons, pieces and marks under the board.
    - ``last_move``: outline the tile placed last in its player's colour.
    - ``highlight_cells``: cells to mark (for example the legal cells of the tile in
      hand, :func:`~carcassonne_amazonas.render.placement_options.placement_options`).
    - ``highlight_feature``: a feature to mark, as ``(position, segment)`` or a
      :class:`~carcassonne_amazonas.render.feature_geometry.FeatureGeometry`: its cells are
      lightened and its open edges drawn in red.
    - ``compact``: crop to the tiles (and any highlighted cells), with the boat track
      beside them and no score table.
    - ``scores``: the score table above the board; default: yes, except in compact
      mode.
    - ``hand``: while a tile is to be placed, draw the tile in hand (``g.hand``) right
      of the board with its name (R-T2); a page that shows it itself passes False.
    - ``lang``: the language of the words a person reads (the titles, the legend, the
      score table; ``None``: English, :func:`~carcassonne_amazonas._support.i18n.languages`
      lists the others); classes, data and fill colours stay as they are.

    Outside compact mode the picture always has room for the open cells, drawn or not,
    so a page can draw its own marks there.  Raises ``ValueError`` for a
    ``highlight_feature`` that names no placed segment and for a ``cell_size`` that is
    not finite and above 0 and for an unknown ``lang``, and ``TypeError`` for arguments of
    the wrong type (a
    ``state`` that is not a :class:`~carcassonne_amazonas.rules.state.GameState`, cells that
    are not :class:`~carcassonne_amazonas.tiles.geometry.Position` values, a ``cell_size``
    that is not a number).
    """
    _check_state(state)
    texts(lang)  # an unknown language fails here, before any drawing
    size = check_cell_size(cell_size if cell_size is not None else
                           COMPACT_CELL_SIZE if compact else DEFAULT_CELL_SIZE)
    show_open = not compact if show_open is None else show_open
    scores = not compact if scores is None else scores
    board = state.board
    marked = _cells(highlight_cells)
    feature = _feature(state, highlight_feature)
    open_cells = _open_cells(state)
    cells = [c for placement in board.placements for c in placement.cells] + marked
    if not compact or show_open:
        cells += open_cells
    last = board.placements[-1] if last_move and len(board) > 1 else None
    items = legend_items(open_cells=show_open and bool(open_cells), last_move=last is not None,
                         highlight=bool(marked), feature=feature is not None, lang=lang)

    def layout(size: float) -> tuple[_Frame, float, float]:
        frame = _Frame.around(state, cells, size, compact=compact, coordinates=coordinates,
                              scores=scores, hand=hand, lang=lang)
        legend_top = frame.top + len(frame.rows) * size + size * 0.15
        height = legend_top + (legend_height(items, size, frame.width - 2 * frame.margin)
                               if legend else 0.0)
        return frame, legend_top, max(height, frame.hand_bottom) + frame.margin

    size, (frame, legend_top, height) = _fitted(layout, size, cell_size is None)
    inner_width = frame.width - 2 * frame.margin

    pen = frame.pen
    body: list[str] = []
    if scores:
        body.append(score_table(state, frame.margin, frame.margin, frame.font, lang))
        rule_y = number(frame.top - size * (0.45 if coordinates else 0.1))
        body.append(f'<line class="scores-rule" x1="{number(frame.margin)}" y1="{rule_y}" '
                    f'x2="{number(frame.width - frame.margin)}" y2="{rule_y}" '
                    f'stroke="#b9b09a" stroke-width="1"/>')
    if frame.hand_left is not None:
        body.append(hand_panel(state, frame.hand_left, frame.top, size, lang))
    if coordinates:
        body.append(coordinate_labels(pen, frame.columns, frame.rows, frame.left - size * 0.1,
                                      frame.top))
    body.append(placed_tiles(pen, board.placements, lang))
    body.extend(marks(state, pen, open_cells if show_open else [], feature, marked, last,
                      lang))
    body.append(pieces(state, pen, lang))
    body.append(track(state, pen, frame.margin, lang))
    if legend:
        body.append(legend_panel(items, size, frame.margin, legend_top, inner_width, lang))
    attributes = {"class": "board" + (" compact" if compact else ""),
                  "data-cell-size": number(size), "data-origin-x": number(pen.x),
                  "data-origin-y": number(pen.y)}
    return svg_document(frame.width, height, body, _title(state, lang), attributes)


def _fitted(layout: Callable[[float], tuple[_Frame, float, float]], size: float,
            fit: bool) -> tuple[float, tuple[_Frame, float, float]]:
    """The cell size and the ``layout`` at it: ``size``, or, when ``fit`` and the picture
    would be taller than :data:`MAX_DEFAULT_HEIGHT`, a smaller whole number of units down
    to :data:`MIN_FITTED_CELL_SIZE` (two tries: the panels do not scale exactly)."""
    laid = layout(size)
    for _ in range(2):
        if fit and laid[2] > MAX_DEFAULT_HEIGHT and size > MIN_FITTED_CELL_SIZE:
            size = max(float(int(size * MAX_DEFAULT_HEIGHT / laid[2])), MIN_FITTED_CELL_SIZE)
            laid = layout(size)
    return size, laid


@attrs.frozen
class _Frame:
    """Where the parts of a board picture go: the drawn columns and rows, the margin,
    the score table's font, the board's top-left corner (``left``, ``top``), the
    picture's width, and the pen that draws board points."""

    columns: range
    rows: range
    margin: float
    font: float
    left: float
    top: float
    width: float
    pen: Pen
    hand_left: float | None
    """Where the tile in hand is drawn, right of the board (None: no tile in hand)."""
    hand_bottom: float
    """The bottom of the tile in hand with its label (0 without one)."""

    @classmethod
    def around(cls, state: GameState, cells: list[Position], size: float, *, compact: bool,
               coordinates: bool, scores: bool, hand: bool, lang: str | None) -> _Frame:
        """The frame of a picture that draws ``cells`` with ``size`` units a cell, beside
        the boat track, under the score table when ``scores``, with room for the
        coordinates when ``coordinates``."""
        min_x, max_x = min(p.x for p in cells), max(p.x for p in cells)
        min_y, max_y = min(p.y for p in cells), max(p.y for p in cells)
        columns, rows = range(min_x, max_x + 1), range(min_y, max_y + 1)
        margin = size * (0.1 if compact else 0.2)
        font = min(max(size * 0.2, 11.0), 15.0)
        table_width, table_height = (score_table_size(state, font, lang) if scores
                                     else (0.0, 0.0))
        label_width = (max(text_width(str(v), size * 0.2) for v in (*columns, *rows))
                       + size * 0.08)
        left = margin + track_width(state) * size + size * 0.12
        top = margin + (table_height + size * 0.15 if scores else 0.0)
        if coordinates:
            left += label_width
            top += size * 0.3
        if scores:  # the coordinates stand apart from the score table, under a rule
            top += size * 0.25
        board_right = left + len(columns) * size
        hand_left, hand_bottom = None, 0.0
        tile = state.tile_in_hand if hand else None
        if tile is not None:
            hand_left = board_right + size * 0.4
            footprint = tile.layout.variant(tile.layout.rotations[0]).cells
            board_right = hand_left + max(max(c.dx for c in footprint) + 1, 1.6) * size
            hand_bottom = top + (max(c.dy for c in footprint) + 1 + 0.45) * size
        width = max(board_right + margin, margin + table_width + margin)
        return cls(columns, rows, margin, font, left, top, width,
                   Pen(left - min_x * size, top - min_y * size, size), hand_left, hand_bottom)


def _title(state: GameState, lang: str | None) -> str:
    t = texts(lang)
    phase = phase_words(Phase.GAME_OVER if state.is_terminal else state.phase, t)
    return t.gettext("Carcassonne – Amazonas: {players}, {placed} (and the start tile), "
                     "{left} to draw, {phase}").format(
        players=t.count(state.num_players, "{n} player", "{n} players"),
        placed=t.count(max(len(state.board) - 1, 0), "{n} tile placed", "{n} tiles placed"),
        left=t.number(state.tiles_left), phase=phase)
