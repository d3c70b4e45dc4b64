"""The options of the SVG board: board units on the root, coordinates, legend, last move,
highlighted cells and features, compact mode, segment labels and the Jupyter reprs.
Every check parses the SVG with ElementTree and reads elements and attributes."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from carcassonne_amazonas import (
    GameState,
    PlaceTile,
    Position,
    Rotation,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.render.anchors import segment_anchor
from carcassonne_amazonas.render.feature_geometry import feature_geometry
from carcassonne_amazonas.render.placement_options import placement_options
from carcassonne_amazonas.render.svg import (
    COMPACT_CELL_SIZE,
    ICON_STYLES,
    MAX_DEFAULT_HEIGHT,
    MIN_FITTED_CELL_SIZE,
    SvgDocument,
    board_svg,
    tile_svg,
    tileset_svg,
)
from carcassonne_amazonas.rules.state import Phase
from games import play_random

NS = "{http://www.w3.org/2000/svg}"

GAME = play_random(new_game(2, seed=4), random.Random(4))
FINAL = GAME.states[-1]
MIDDLE = next(s for s in GAME.states[80:] if s.phase is Phase.PLACE_TILE)


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def find(root: ET.Element, tag: str, name: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}") if name in e.get("class", "").split()]


def board_units(root: ET.Element) -> tuple[float, float, float]:
    return (float(root.attrib["data-cell-size"]), float(root.attrib["data-origin-x"]),
            float(root.attrib["data-origin-y"]))


def drawn_cells(state: GameState, *, ring: bool) -> list[Position]:
    cells = [c for placement in state.board.placements for c in placement.cells]
    if ring and not state.is_terminal:
        board = state.board
        cells += [p for p in board.open_positions if p.y <= board.river_end_row]
        cells.append(board.next_river_position)
    return cells


@pytest.mark.parametrize("compact", [False, True])
@pytest.mark.parametrize("state", [GAME.states[0], MIDDLE, FINAL],
                         ids=["start", "middle", "end"])
def test_the_root_maps_svg_points_to_board_units(state: GameState, compact: bool) -> None:
    root = parse(board_svg(state, compact=compact, cell_size=40))
    cell, ox, oy = board_units(root)
    assert cell == 40
    assert "board" in root.attrib["class"].split()
    for group in find(root, "g", "tile"):
        x, y = int(group.attrib["data-x"]), int(group.attrib["data-y"])
        first = find(group, "rect", "jungle")[0]   # the anchor cell comes first
        assert float(first.attrib["x"]) == pytest.approx(ox + x * cell, abs=0.01)
        assert float(first.attrib["y"]) == pytest.approx(oy + y * cell, abs=0.01)
    # Everything of the board lies inside the picture.
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    for position in drawn_cells(state, ring=not compact):
        assert ox + position.x * cell >= 0 and ox + (position.x + 1) * cell <= width + 1e-6
        assert oy + position.y * cell >= 0 and oy + (position.y + 1) * cell <= height + 1e-6


def test_coordinates_label_exactly_the_drawn_rows_and_columns() -> None:
    for state, compact in ((MIDDLE, False), (MIDDLE, True), (FINAL, True)):
        root = parse(board_svg(state, compact=compact))
        cell, ox, oy = board_units(root)
        cells = drawn_cells(state, ring=not compact)
        labels = find(root, "text", "coordinate")
        columns = {int(t.attrib["data-x"]): t for t in labels if "data-x" in t.attrib}
        rows = {int(t.attrib["data-y"]): t for t in labels if "data-y" in t.attrib}
        assert sorted(columns) == list(range(min(c.x for c in cells), max(c.x for c in cells)
                                             + 1))
        assert sorted(rows) == list(range(min(c.y for c in cells), max(c.y for c in cells) + 1))
        for x, text in columns.items():
            assert text.text == str(x)
            assert float(text.attrib["x"]) == pytest.approx(ox + (x + 0.5) * cell, abs=0.01)
            assert float(text.attrib["y"]) < oy + min(rows) * cell
        for y, text in rows.items():
            assert text.text == str(y)
            assert float(text.attrib["x"]) < ox + min(columns) * cell
            assert oy + y * cell < float(text.attrib["y"]) < oy + (y + 1) * cell
    assert find(parse(board_svg(MIDDLE, coordinates=False)), "text", "coordinate") == []


def test_the_legend_explains_icons_pieces_and_the_marks_drawn() -> None:
    plain = parse(board_svg(FINAL, last_move=False))
    kinds = [g.attrib["data-kind"] for g in find(plain, "g", "legend-item")]
    assert kinds == [f"icon-{kind}" for kind in ICON_STYLES] + ["meeple", "camp", "boat"]
    state = MIDDLE
    options = list(placement_options(state))
    root = parse(board_svg(state, highlight_cells=options,
                           highlight_feature=(Position(0, 0), 0)))
    kinds = [g.attrib["data-kind"] for g in find(root, "g", "legend-item")]
    for mark in ("open", "next-river", "last-move", "highlight", "feature", "open-edge"):
        assert mark in kinds
    # The legend's samples are not counted as pieces, icons or boats of the board.
    legend = find(root, "g", "legend")[0]
    assert not [g for g in legend.iter(f"{NS}g")
                if {"piece", "icon", "boat"} & set(g.get("class", "").split())]
    assert find(parse(board_svg(state, legend=False)), "g", "legend") == []


def test_the_last_move_marks_the_tile_placed_last_in_its_players_colour() -> None:
    assert find(parse(board_svg(GAME.states[0])), "g", "last-move") == []
    placer = None
    checked = 0
    for state, action in zip(GAME.states[:120], GAME.actions[:120]):
        if len(state.board) > 1:
            marks = find(parse(board_svg(state, compact=True, legend=False)), "g", "last-move")
            assert len(marks) == 1
            last = state.board.placements[-1].position
            assert (int(marks[0].attrib["data-x"]), int(marks[0].attrib["data-y"])) == (
                last.x, last.y)
            assert int(marks[0].attrib["data-player"]) == placer
            checked += 1
        if isinstance(action, PlaceTile):
            placer = state.current_player
    assert checked > 100
    assert find(parse(board_svg(MIDDLE, last_move=False)), "g", "last-move") == []


def test_highlighted_cells_are_marked_and_fit_in_the_picture() -> None:
    options = list(placement_options(MIDDLE))
    far = Position(9, -9)  # a cell nowhere near the tiles still fits in the crop
    root = parse(board_svg(MIDDLE, compact=True, highlight_cells=[*options, far, far]))
    marks = find(root, "rect", "highlight")
    assert [Position(int(r.attrib["data-x"]), int(r.attrib["data-y"])) for r in marks] == [
        *options, far]
    cell, ox, oy = board_units(root)
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    for rect in marks:
        x, y = float(rect.attrib["x"]), float(rect.attrib["y"])
        assert x >= 0 and x + float(rect.attrib["width"]) <= width
        assert y >= 0 and y + float(rect.attrib["height"]) <= height
        assert int(rect.attrib["data-x"]) == int((x - ox) // cell)
        assert int(rect.attrib["data-y"]) == int((y - oy) // cell)


def test_a_highlighted_feature_shows_its_cells_and_open_edges() -> None:
    placement = FINAL.board.placements[40]
    for segment in range(len(placement.tile.layout.segments)):
        geometry = feature_geometry(FINAL, placement.position, segment)
        by_segment = board_svg(FINAL, highlight_feature=(placement.position, segment))
        assert board_svg(FINAL, highlight_feature=geometry) == by_segment
        group = find(parse(by_segment), "g", "feature-highlight")
        assert len(group) == 1
        assert group[0].attrib["data-terrain"] == geometry.terrain.label
        cells = [Position(int(r.attrib["data-x"]), int(r.attrib["data-y"]))
                 for r in find(group[0], "rect", "feature-cell")]
        assert cells == list(geometry.cells)
        edges = [(Position(int(e.attrib["data-x"]), int(e.attrib["data-y"])),
                  e.attrib["data-side"]) for e in find(group[0], "line", "open-edge")]
        assert edges == [(c, side.letter) for c, side in geometry.open_edges]
    with pytest.raises(ValueError, match="no tile covers"):
        board_svg(FINAL, highlight_feature=(Position(99, 99), 0))


def test_compact_mode_crops_to_the_tiles_with_readable_icons() -> None:
    full = parse(board_svg(FINAL, cell_size=64))
    compact = parse(board_svg(FINAL, compact=True))
    area = float(compact.attrib["width"]) * float(compact.attrib["height"])
    assert area < 0.75 * float(full.attrib["width"]) * float(full.attrib["height"])
    assert find(compact, "g", "scores") == [] and find(compact, "rect", "open") == []
    assert len(find(compact, "g", "tile")) == len(FINAL.board)
    assert len(find(compact, "g", "track")) == 1 and len(find(compact, "g", "boat")) == 2
    assert "compact" in compact.attrib["class"].split()
    # At 1× an icon is a disc of at least 11 pixels across with an 8-pixel letter, where
    # no long river makes the cells smaller (to fit MAX_DEFAULT_HEIGHT, as FINAL's does).
    middle = parse(board_svg(MIDDLE, compact=True))
    assert float(middle.attrib["data-cell-size"]) == COMPACT_CELL_SIZE
    assert MIN_FITTED_CELL_SIZE <= float(compact.attrib["data-cell-size"]) < COMPACT_CELL_SIZE
    for icon in find(middle, "g", "icon")[:50]:
        disc, letter = icon.find(f"{NS}circle"), icon.find(f"{NS}text")
        assert disc is not None and letter is not None
        assert 2 * float(disc.attrib["r"]) >= 11
        assert float(letter.attrib["font-size"]) >= 8
    # The open cells of a game in progress only when asked for.
    assert find(parse(board_svg(MIDDLE, compact=True)), "rect", "open") == []
    assert find(parse(board_svg(MIDDLE, compact=True, show_open=True)), "rect", "open")
    assert find(parse(board_svg(MIDDLE, compact=True, scores=True)), "g", "scores")


def test_a_whole_game_fits_about_1600_pixels_and_the_tile_in_hand_is_shown() -> None:
    """R-T2: while a tile is to be placed, the picture shows it, by name, beside the
    board; a whole game's long river still fits a screen at the default size, in the
    full picture, the compact one and the notebook's (compact with the scores)."""
    notebook = FINAL._repr_svg_()
    assert notebook is not None
    for picture in (board_svg(FINAL), board_svg(FINAL, compact=True), notebook):
        assert float(parse(picture).attrib["height"]) <= MAX_DEFAULT_HEIGHT
        assert find(parse(picture), "g", "hand") == []  # the game is over
    # Fitted: at the sizes where the icons read best, the river is taller.
    assert float(parse(board_svg(FINAL, cell_size=64)).attrib["height"]) > MAX_DEFAULT_HEIGHT
    assert float(parse(board_svg(FINAL, compact=True, scores=True, cell_size=52))
                 .attrib["height"]) > MAX_DEFAULT_HEIGHT
    tile = MIDDLE.tile_in_hand
    assert tile is not None
    for picture in (board_svg(MIDDLE), board_svg(MIDDLE, compact=True)):
        hands = find(parse(picture), "g", "hand")
        assert len(hands) == 1 and hands[0].attrib["data-tile"] == tile.name
        assert tile.name in "".join(hands[0].itertext())
        assert len(find(parse(picture), "g", "tile")) == len(MIDDLE.board)
    assert find(parse(board_svg(MIDDLE, hand=False)), "g", "hand") == []


def test_without_open_cells_the_full_picture_keeps_their_room() -> None:
    shown, hidden = parse(board_svg(MIDDLE)), parse(board_svg(MIDDLE, show_open=False))
    assert find(hidden, "rect", "open") == []
    assert (hidden.attrib["width"], hidden.attrib["height"]) == (
        shown.attrib["width"], shown.attrib["height"])
    assert board_units(hidden) == board_units(shown)


def test_a_cell_size_must_be_positive() -> None:
    with pytest.raises(ValueError, match="cell_size must be a finite number above 0"):
        board_svg(MIDDLE, cell_size=0)


def test_segment_labels_stand_at_the_anchors() -> None:
    tileset = reference_tileset()
    for tile in (tileset.start_tile, tileset.tile_named("S08.1"), tileset.double_tiles[2]):
        for rotation in tile.layout.rotations:
            size, pad = 100.0, 10.0
            root = parse(tile_svg(tile, rotation, cell_size=size, segment_labels=True))
            labels = find(root, "g", "segment-label")
            assert [int(g.attrib["data-segment"]) for g in labels] == list(
                range(len(tile.layout.segments)))
            for group in labels:
                segment = int(group.attrib["data-segment"])
                circle, text = group.find(f"{NS}circle"), group.find(f"{NS}text")
                assert circle is not None and text is not None and text.text == str(segment)
                x, y = segment_anchor(tile, rotation, segment)
                assert float(circle.attrib["cx"]) == pytest.approx(pad + x * size, abs=0.01)
                assert float(circle.attrib["cy"]) == pytest.approx(pad + y * size, abs=0.01)
    assert find(parse(tile_svg(tileset.start_tile)), "g", "segment-label") == []
    assert find(parse(tile_svg(tileset.start_tile, Rotation.R0)), "g", "segment-labels") == []


def test_pictures_display_in_jupyter(monkeypatch: pytest.MonkeyPatch) -> None:
    picture = board_svg(MIDDLE)
    assert isinstance(picture, SvgDocument) and isinstance(picture, str)
    assert picture._repr_svg_() == picture
    assert picture._repr_html_().startswith("<div") and str(picture) in picture._repr_html_()
    svg = MIDDLE._repr_svg_()
    assert svg is not None
    root = parse(svg)
    assert "compact" in root.attrib["class"].split()
    assert len(find(root, "g", "tile")) == len(MIDDLE.board)
    html = MIDDLE._repr_html_()
    assert html is not None and svg in html
    # A display hook never raises: if the picture cannot be drawn, the text repr is used.
    import carcassonne_amazonas.render.svg as svg_module

    def broken(*args: object, **kwargs: object) -> str:
        raise RuntimeError("no picture")

    monkeypatch.setattr(svg_module, "board_svg", broken)
    assert MIDDLE._repr_svg_() is None and MIDDLE._repr_html_() is None


def test_a_tile_and_a_tile_set_display_as_pictures_in_a_notebook() -> None:
    """R-F7: the set's sheet shows every design once, with its number of copies."""
    tileset = reference_tileset(bonus_river=True)
    tile = tileset.tile_named("A4.3")
    assert parse(tile._repr_svg_()).findall(f".//{NS}g")[0].attrib["data-tile"] == "A4.3"
    sheet = parse(tileset._repr_svg_())
    designs = {t.design for t in tileset.tiles}
    assert len(find(sheet, "g", "tile")) == len(designs)
    assert "S01.1 ×3" in "".join(sheet.itertext())
    with pytest.raises(TypeError, match="tileset: expected a TileSet"):
        tileset_svg(tile)  # type: ignore[arg-type]
