"""The SVG renderer: every tile of the reference set in every rotation it may take,
and boards of random games at several stages, parsed back with ElementTree."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from carcassonne_amazonas import (
    GameState,
    PieceKind,
    Rotation,
    Terrain,
    Tile,
    TileKind,
    apply_action,
    legal_actions,
    new_game,
    projected_scores,
    reference_tileset,
)
from carcassonne_amazonas.render.svg import ICON_STYLES, board_svg, tile_svg

NS = "{http://www.w3.org/2000/svg}"
TILESET = reference_tileset()


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    assert root.attrib["viewBox"] == f"0 0 {root.attrib['width']} {root.attrib['height']}"
    assert width > 0 and height > 0
    return root


def with_class(root: ET.Element, tag: str, name: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{NS}{tag}") if name in e.get("class", "").split()]


def numbers(text: str) -> list[float]:
    return [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", text)]


def tiles_and_rotations() -> list[tuple[Tile, Rotation]]:
    return [(tile, rotation) for tile in TILESET.tiles for rotation in tile.layout.rotations]


@pytest.mark.parametrize(("tile", "rotation"), tiles_and_rotations(),
                         ids=lambda v: v.name if isinstance(v, Tile) else f"{v.degrees}")
def test_every_tile_in_every_rotation(tile: Tile, rotation: Rotation) -> None:
    root = parse(tile_svg(tile, rotation))
    groups = with_class(root, "g", "tile")
    assert len(groups) == 1
    group = groups[0]
    assert group.get("data-tile") == tile.name
    assert group.get("data-rotation") == str(rotation.degrees)
    layout = tile.layout
    terrains = [s.terrain for s in layout.segments]
    # One jungle square per footprint cell, one tributary path per tributary segment.
    assert len(with_class(group, "rect", "jungle")) == layout.width * layout.height
    assert len(with_class(group, "path", "tributary")) == terrains.count(Terrain.TRIBUTARY)
    villages = with_class(group, "path", "village")
    assert len(villages) >= terrains.count(Terrain.VILLAGE)
    assert len(with_class(group, "path", "amazon")) == terrains.count(Terrain.AMAZON)
    assert bool(with_class(group, "circle", "source")) == (tile.kind is TileKind.START)
    # Every icon is drawn, with its count.
    drawn: dict[str, int] = {}
    for icon in with_class(group, "g", "icon"):
        kind = next(c[5:] for c in icon.get("class", "").split() if c.startswith("icon-"))
        drawn[kind] = drawn.get(kind, 0) + int(icon.get("data-count", "0"))
    total = tile.total_icons
    expected = {kind: getattr(total, style[0]) for kind, style in ICON_STYLES.items()
                if getattr(total, style[0])}
    assert drawn == expected
    assert bool(with_class(group, "text", "exclamation")) == layout.exclamation
    label = with_class(root, "text", "label")
    assert label and tile.name in (label[0].text or "")


def test_icons_stay_inside_their_tile() -> None:
    for tile, rotation in tiles_and_rotations():
        root = parse(tile_svg(tile, rotation, cell_size=100, label=False))
        outline = with_class(root, "rect", "outline")[0]
        x0, y0 = float(outline.attrib["x"]), float(outline.attrib["y"])
        x1 = x0 + float(outline.attrib["width"])
        y1 = y0 + float(outline.attrib["height"])
        for icon in with_class(root, "g", "icon"):
            circle = icon.find(f"{NS}circle")
            assert circle is not None
            cx, cy, r = (float(circle.attrib[k]) for k in ("cx", "cy", "r"))
            assert x0 <= cx - r and cx + r <= x1, (tile.name, rotation)
            assert y0 <= cy - r and cy + r <= y1, (tile.name, rotation)


def test_rotation_turns_the_drawing_clockwise() -> None:
    cap = TILESET.tile_named("S05.1")          # a village cap on the north edge
    size, pad = 100.0, 10.0

    def village_points(rotation: Rotation) -> list[tuple[float, float]]:
        root = parse(tile_svg(cap, rotation, cell_size=size, label=False))
        values = numbers(with_class(root, "path", "village")[0].attrib["d"])
        return list(zip(values[::2], values[1::2]))

    # The cap's straight side lies on the north edge, then east, south and west.
    def on_edge(rotation: Rotation, x: float, y: float) -> bool:
        coordinate, value = {Rotation.R0: (y, pad), Rotation.R90: (x, pad + size),
                             Rotation.R180: (y, pad + size), Rotation.R270: (x, pad)}[rotation]
        return coordinate == value

    for rotation in Rotation:
        points = village_points(rotation)
        assert sum(1 for x, y in points if on_edge(rotation, x, y)) >= 2, rotation
    # A straight tributary: vertical at 0°, horizontal at 90°.
    straight = TILESET.tile_named("S01.1")
    for rotation, axis in ((Rotation.R0, 0), (Rotation.R90, 1)):
        root = parse(tile_svg(straight, rotation, cell_size=size, label=False))
        values = numbers(with_class(root, "path", "tributary")[0].attrib["d"])
        coordinates = values[axis::2]
        assert max(coordinates) - min(coordinates) < 1e-6


def test_a_rotation_the_kind_does_not_allow_is_refused() -> None:
    with pytest.raises(ValueError, match="cannot be turned"):
        tile_svg(TILESET.of_kind(TileKind.AMAZON)[0], Rotation.R90)


def game_states(num_players: int, seed: int, stages: tuple[int, ...]) -> list[GameState]:
    """States of one random game after the given numbers of actions (-1: the end)."""
    rng = random.Random(seed)
    state = new_game(num_players, seed=seed)
    found: list[GameState] = []
    count = 0
    wanted = sorted(s for s in stages if s >= 0)
    while not state.is_terminal:
        if wanted and count == wanted[0]:
            found.append(state)
            wanted.pop(0)
        state = apply_action(state, rng.choice(legal_actions(state)))
        count += 1
    if -1 in stages:
        found.append(state)
    return found


STATES = [state for players, seed in ((2, 1), (4, 2), (5, 3))
          for state in game_states(players, seed, (0, 1, 9, 40, 100, -1))]


def check_the_tiles(root: ET.Element, state: GameState) -> None:
    """One tile group per placement, in board order, naming its tile, cell and rotation."""
    tiles = with_class(root, "g", "tile")
    assert len(tiles) == len(state.board)
    for group, placement in zip(tiles, state.board.placements):
        assert group.get("data-tile") == placement.tile.name
        assert group.get("data-x") == str(placement.position.x)
        assert group.get("data-y") == str(placement.position.y)
        assert group.get("data-rotation") == str(placement.rotation.degrees)


def check_the_pieces_and_boats(root: ET.Element, state: GameState) -> None:
    """Every meeple and camp of every player, and each boat on its space of one track."""
    pieces = list(state.pieces())
    meeples = with_class(root, "g", "meeple")
    camps = with_class(root, "g", "camp")
    assert len(meeples) == sum(1 for p in pieces if p.kind is PieceKind.MEEPLE)
    assert len(camps) == sum(1 for p in pieces if p.kind is PieceKind.CAMP)
    assert sorted(int(g.attrib["data-player"]) for g in meeples + camps) == sorted(
        p.player for p in pieces)
    boats = with_class(root, "g", "boat")
    assert [(int(b.attrib["data-player"]), int(b.attrib["data-space"])) for b in boats] == list(
        enumerate(state.boats))
    assert len(with_class(root, "g", "track")) == 1


def check_the_open_cells(root: ET.Element, state: GameState) -> None:
    """The open cells a land tile may take, plus the next river cell; none once the game
    is over."""
    open_cells = with_class(root, "rect", "open")
    if state.is_terminal:
        assert open_cells == []
    else:
        board = state.board
        allowed = [p for p in board.open_positions if p.y <= board.river_end_row]
        assert len(open_cells) == len(allowed) + 1
        assert len(with_class(root, "rect", "next-river")) == 1


def check_the_score_rows(root: ET.Element, state: GameState) -> None:
    """One row per player: score, projected total, boat space and meeples in supply."""
    rows = with_class(root, "g", "score-row")
    assert [int(row.attrib["data-player"]) for row in rows] == list(range(state.num_players))
    projected = projected_scores(state)
    for row, player, breakdown in zip(rows, state.players, projected):
        cells = {text.get("class"): text.text for text in row.iter(f"{NS}text")}
        assert cells["score"] == str(player.score)
        assert cells["if-end"] == str(breakdown.total)
        assert cells["boat"] == str(player.boat)
        assert cells["meeples"] == str(player.meeples_in_supply)


@pytest.mark.parametrize("state", STATES,
                         ids=lambda s: f"{s.num_players}p-{len(s.board)}tiles-{s.phase.name}")
def test_board_svg_draws_the_whole_position(state: GameState) -> None:
    root = parse(board_svg(state))
    check_the_tiles(root, state)
    check_the_pieces_and_boats(root, state)
    check_the_open_cells(root, state)
    check_the_score_rows(root, state)


def test_everything_drawn_lies_inside_the_picture() -> None:
    state = STATES[-1]
    root = parse(board_svg(state, cell_size=40))
    width, height = float(root.attrib["width"]), float(root.attrib["height"])
    for rect in root.iter(f"{NS}rect"):
        x, y = float(rect.attrib["x"]), float(rect.attrib["y"])
        assert x >= 0 and x + float(rect.attrib["width"]) <= width + 1e-6
        assert y >= 0 and y + float(rect.attrib["height"]) <= height + 1e-6


def test_board_svg_without_open_cells() -> None:
    state = STATES[3]
    assert not state.is_terminal
    root = parse(board_svg(state, show_open=False))
    assert with_class(root, "rect", "open") == []
