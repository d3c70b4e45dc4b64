"""Piece anchors and hit-testing (R-F1, R-F6, R-T5).

- every segment of every layout, rotation and copy of the reference set: its anchor
  hits back to itself (the Amazon, which takes no piece, hits nothing), on the tile
  alone and through ``segment_at`` on a real board;
- the hit regions agree with the picture: the tile is drawn with ``tile_svg``, its
  paths are read back from the SVG and rasterised, and every point is checked: on the
  drawn Amazon None, on a drawn tributary that tributary, inside a drawn village that
  village, and in the jungle the segment whose ports a flood fill of the jungle
  area reaches.
"""

from __future__ import annotations

import itertools
import math
import random
import re
import xml.etree.ElementTree as ET
from collections import deque

import attrs
import pytest

from carcassonne_amazonas import (
    GameState,
    Position,
    Rotation,
    Terrain,
    Tile,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.render._segment_shapes import TRIBUTARY_REACH
from carcassonne_amazonas.render.anchors import (
    piece_anchor,
    segment_anchor,
    segment_at,
    tile_segment_at,
)
from carcassonne_amazonas.render.svg import board_svg, tile_svg
from carcassonne_amazonas.tiles.geometry import cell_key
from games import play_random

NS = "{http://www.w3.org/2000/svg}"
TILESET = reference_tileset()
Point = tuple[float, float]


def copies_and_rotations() -> list[tuple[Tile, Rotation]]:
    return [(tile, rotation) for tile in TILESET.tiles for rotation in tile.layout.rotations]


def expected_hit(tile: Tile, segment: int) -> int | None:
    return None if tile.layout.segments[segment].terrain is Terrain.AMAZON else segment


def test_every_anchor_hits_its_own_segment_F1_F6() -> None:
    checked = 0
    for tile, rotation in copies_and_rotations():
        width = max(c.dx for c in tile.layout.variant(rotation).cells) + 1
        height = max(c.dy for c in tile.layout.variant(rotation).cells) + 1
        for segment in range(len(tile.layout.segments)):
            x, y = segment_anchor(tile, rotation, segment)
            assert 0 < x < width and 0 < y < height, (tile.name, rotation, segment)
            assert tile_segment_at(tile, rotation, x, y) == expected_hit(tile, segment), (
                tile.name, rotation.degrees, segment, (x, y))
            checked += 1
    assert checked > 1000


def board_with_every_copy() -> tuple[GameState, list[tuple[Tile, Rotation, Position]]]:
    """A state whose board holds, besides the start tile, every copy of the set in every
    rotation its kind allows, each at its own place (some at negative coordinates);
    the board is built with ``Board.place``, which does not check the rules, so that
    every copy and rotation lies on one real board."""
    state = new_game(2, seed=0)
    board = state.board
    placed = []
    for index, (tile, rotation) in enumerate(copies_and_rotations()):
        if tile.kind.value == "start":
            continue
        position = Position(-40 + 3 * (index % 27), -40 + 3 * (index // 27))
        board, _ = board.place(tile, rotation, cell_key(position.x, position.y))
        placed.append((tile, rotation, position))
    return attrs.evolve(state, board=board), placed


def test_every_anchor_hits_back_through_segment_at_on_a_board() -> None:
    state, placed = board_with_every_copy()
    for tile, rotation, position in placed:
        for segment in range(len(tile.layout.segments)):
            x, y = piece_anchor(state, position, segment)
            local = segment_anchor(tile, rotation, segment)
            assert (x, y) == (position.x + local[0], position.y + local[1])
            hit = segment_at(state, x, y)
            expected = expected_hit(tile, segment)
            assert hit == (None if expected is None else (position, expected)), (
                tile.name, rotation.degrees, segment)


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (5, 12)])
def test_anchors_of_a_played_game_hit_back(players: int, seed: int) -> None:
    state = play_random(new_game(players, seed=seed), random.Random(seed)).states[-1]
    for placement in state.board.placements:
        for segment in range(len(placement.tile.layout.segments)):
            x, y = piece_anchor(state, placement.position, segment)
            expected = expected_hit(placement.tile, segment)
            assert segment_at(state, x, y) == (
                None if expected is None else (placement.position, expected))
            # Any cell of a big tile gives the same anchor.
            for cell in placement.cells:
                assert piece_anchor(state, cell, segment) == (x, y)


def test_segment_at_off_the_tiles_on_the_amazon_and_bad_input_F6() -> None:
    state = new_game(3, seed=2)
    assert segment_at(state, -0.5, 0.5) is None           # left of the start tile
    assert segment_at(state, 0.5, 4.5) is None            # the next river cell, empty
    assert segment_at(state, 1e9, -1e9) is None
    assert segment_at(state, math.nan, 0.5) is None
    assert segment_at(state, math.inf, 0.5) is None
    for y in (1.0, 2.2, 3.9):                             # the Amazon in the river column
        assert segment_at(state, 0.5, y) is None
    assert segment_at(state, 1.5, 1.5) is not None
    assert segment_at(state, 1, 1) == segment_at(state, 1.0, 1.0)
    with pytest.raises(TypeError, match=r"^x: expected a number, not str$"):
        segment_at(state, "1", 2)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^y: expected a number, not bool$"):
        segment_at(state, 1.0, True)


def test_anchor_errors() -> None:
    state = new_game(2, seed=0)
    with pytest.raises(ValueError, match=r"no tile covers \(3,3\)"):
        piece_anchor(state, Position(3, 3), 0)
    with pytest.raises(ValueError, match="has segments"):
        piece_anchor(state, Position(0, 0), 99)
    with pytest.raises(ValueError, match="has segments"):
        segment_anchor(TILESET.tiles[1], Rotation.R0, -1)
    with pytest.raises(ValueError, match="cannot be turned"):
        segment_anchor(TILESET.double_tiles[0], Rotation.R90, 0)


# ---------------------------------------------------------------------------- the picture

TOKEN = re.compile(r"([MLQZ])|(-?\d+(?:\.\d+)?)")


def path_points(d: str, scale: float, pad: float) -> list[list[Point]]:
    """The subpaths of an SVG path (M, L, Q, Z only), curves flattened, in tile units."""
    numbers: list[float] = []
    commands: list[tuple[str, list[float]]] = []
    for letter, value in TOKEN.findall(d):
        if letter:
            commands.append((letter, []))
        else:
            commands[-1][1].append((float(value) - pad) / scale)
    subpaths: list[list[Point]] = []
    for letter, numbers in commands:
        if letter == "M":
            subpaths.append([(numbers[0], numbers[1])])
        elif letter == "L":
            subpaths[-1].append((numbers[0], numbers[1]))
        elif letter == "Q":
            (x0, y0), (cx, cy), (x1, y1) = subpaths[-1][-1], numbers[:2], numbers[2:]
            for k in range(1, 21):
                t = k / 20
                subpaths[-1].append(((1 - t) ** 2 * x0 + 2 * t * (1 - t) * cx + t * t * x1,
                                     (1 - t) ** 2 * y0 + 2 * t * (1 - t) * cy + t * t * y1))
    return subpaths


def distance(point: Point, line: list[Point]) -> float:
    """The distance from ``point`` to the polyline ``line`` (written for speed: the test
    of the hit regions asks for it hundreds of thousands of times)."""
    px, py = point
    best = math.inf
    for (ax, ay), (bx, by) in itertools.pairwise(line):
        dx, dy = bx - ax, by - ay
        length2 = dx * dx + dy * dy
        t = ((px - ax) * dx + (py - ay) * dy) / length2 if length2 else 0.0
        t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
        here = math.hypot(px - ax - t * dx, py - ay - t * dy)
        if here < best:
            best = here
    return best


def inside(point: Point, polygon: list[Point]) -> bool:
    x, y = point
    result = False
    for (ax, ay), (bx, by) in zip(polygon, polygon[1:] + polygon[:1]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            result = not result
    return result


@attrs.frozen
class Drawing:
    """The shapes of one drawn tile, read back from its SVG, in tile units."""

    cells: frozenset[tuple[int, int]]
    amazon: list[tuple[list[Point], float]]               # centre line, half width
    source: list[tuple[Point, float]]                     # centre, radius
    tributaries: list[tuple[int, list[Point], float]]     # segment, line, half width
    villages: list[tuple[int, list[Point]]]               # segment, outline

    def what(self, point: Point) -> tuple[str, int | None]:
        """What the picture shows at a point: the drawn layer on top."""
        if any(distance(point, line) <= half for line, half in self.amazon) or any(
                math.dist(point, centre) <= radius for centre, radius in self.source):
            return ("amazon", None)
        near = [(away, s) for s, line, half in self.tributaries
                if (away := distance(point, line)) <= half]
        if near:  # where drawn tributaries overlap (at a junction), the nearest line
            return ("tributary", min(near)[1])
        for segment, outline in self.villages:
            if inside(point, outline):
                return ("village", segment)
        return ("jungle", None)

    def tributary_distances(self, point: Point) -> dict[int, float]:
        """Each tributary's distance from a point."""
        found: dict[int, float] = {}
        for segment, line, _ in self.tributaries:
            found[segment] = min(found.get(segment, math.inf), distance(point, line))
        return found

    def margin(self, point: Point) -> float:
        """How far a point is from every drawn boundary."""
        edges = [distance(point, line) - half for line, half in self.amazon]
        edges += [math.dist(point, c) - r for c, r in self.source]
        edges += [distance(point, line) - TRIBUTARY_REACH for _, line, _ in self.tributaries]
        edges += [distance(point, outline + outline[:1]) for _, outline in self.villages]
        return min((abs(e) for e in edges), default=math.inf)


def read_drawing(tile: Tile, rotation: Rotation) -> Drawing:
    scale, pad = 100.0, 10.0
    root = ET.fromstring(tile_svg(tile, rotation, cell_size=scale, label=False))
    group = next(g for g in root.iter(f"{NS}g") if "tile" in g.get("class", "").split())
    cells = frozenset((round((float(r.attrib["x"]) - pad) / scale),
                       round((float(r.attrib["y"]) - pad) / scale))
                      for r in group.iter(f"{NS}rect") if r.get("class") == "jungle")
    drawing = Drawing(cells, [], [], [], [])
    for element in group.iter():
        css = element.get("class", "")
        half = float(element.get("stroke-width", "0")) / scale / 2
        if element.tag == f"{NS}path" and css == "amazon-bank":
            drawing.amazon.extend((line, half) for line in path_points(element.attrib["d"],
                                                                         scale, pad))
        elif element.tag == f"{NS}circle" and css == "source":
            centre = ((float(element.attrib["cx"]) - pad) / scale,
                      (float(element.attrib["cy"]) - pad) / scale)
            drawing.source.append((centre, float(element.attrib["r"]) / scale + half))
        elif element.tag == f"{NS}path" and css == "tributary-bank":
            segment = int(element.attrib["data-segment"])
            drawing.tributaries.extend((segment, line, half) for line in path_points(
                element.attrib["d"], scale, pad))
        elif css == "village" and element.tag == f"{NS}path":
            for outline in path_points(element.attrib["d"], scale, pad):
                drawing.villages.append((int(element.attrib["data-segment"]), outline))
        elif css == "village" and element.tag == f"{NS}rect":
            x0 = (float(element.attrib["x"]) - pad) / scale
            y0 = (float(element.attrib["y"]) - pad) / scale
            x1 = x0 + float(element.attrib["width"]) / scale
            y1 = y0 + float(element.attrib["height"]) / scale
            drawing.villages.append((int(element.attrib["data-segment"]),
                                     [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]))
    return drawing


def layouts_and_rotations() -> list[tuple[Tile, Rotation]]:
    firsts: dict[str, Tile] = {}
    for tile in TILESET.tiles:
        firsts.setdefault(tile.layout.name, tile)
    return [(tile, rotation) for tile in firsts.values() for rotation in tile.layout.rotations]


@pytest.mark.parametrize(("tile", "rotation"), layouts_and_rotations(),
                         ids=lambda v: v.layout.name if isinstance(v, Tile) else f"{v.degrees}")
def test_hit_regions_agree_with_the_picture_F1(tile: Tile, rotation: Rotation) -> None:
    drawing = read_drawing(tile, rotation)
    steps = 24
    width = max(x for x, _ in drawing.cells) + 1
    height = max(y for _, y in drawing.cells) + 1
    grid = {(i, j): ((i + 0.5) / steps, (j + 0.5) / steps)
            for i in range(width * steps) for j in range(height * steps)}
    shown = {key: drawing.what(point) for key, point in grid.items()}
    segments = tile.layout.segments
    reached = jungle_reach(tile, rotation, shown, steps, (width, height))
    checked = {"tributary": 0, "village": 0, "jungle": 0, "amazon": 0}
    for key, point in grid.items():
        if drawing.margin(point) < 1.5 / steps:
            continue  # too close to a drawn edge for a pixel grid to say
        if pixel_agrees(drawing, tile, rotation, point, shown[key], reached.get(key, set())):
            checked[shown[key][0]] += 1
    for terrain, kind in ((Terrain.TRIBUTARY, "tributary"), (Terrain.VILLAGE, "village"),
                          (Terrain.AMAZON, "amazon"), (Terrain.JUNGLE, "jungle")):
        if any(s.terrain is terrain for s in segments):
            assert checked[kind] > 0, kind


def jungle_reach(tile: Tile, rotation: Rotation,
                 shown: dict[tuple[int, int], tuple[str, int | None]], steps: int,
                 size: tuple[int, int]) -> dict[tuple[int, int], set[int]]:
    """Flood fill the jungle area from every jungle port: which jungles reach a pixel."""
    width, height = size
    segments = tile.layout.segments
    reached: dict[tuple[int, int], set[int]] = {}
    for cell in tile.layout.variant(rotation).cells:
        for port, owner in enumerate(cell.port_segments):
            if owner < 0 or segments[owner].terrain is not Terrain.JUNGLE:
                continue
            px, py = port_position(port)
            start = (min(int((cell.dx + px) * steps), width * steps - 1),
                     min(int((cell.dy + py) * steps), height * steps - 1))
            flood(start, owner, shown, reached)
    return reached


def pixel_agrees(drawing: Drawing, tile: Tile, rotation: Rotation, point: Point,
                 shown: tuple[str, int | None], owners: set[int]) -> bool:
    """The hit test at ``point`` names what the picture shows there (``shown``, and the
    jungles that reach it, ``owners``); False where it cannot say (a jungle area no
    port, or several jungles' ports, reach)."""
    kind, segment = shown
    hit = tile_segment_at(tile, rotation, *point)
    if kind == "jungle":
        if len(owners) != 1:
            return False
        assert hit == next(iter(owners)), (kind, point)
    elif kind == "amazon":
        assert hit is None, point
    elif kind == "tributary":
        lines = drawing.tributary_distances(point)
        assert hit is not None and lines[hit] <= min(lines.values()) + 1e-9, (kind, point)
    else:
        assert hit == segment, (kind, point)
    return True


def port_position(port: int) -> Point:
    """A port's point, nudged into its cell."""
    side, index = divmod(port, 3)
    t = (2 * index + 1) / 6
    return [(t, 0.01), (0.99, t), (1 - t, 0.99), (0.01, 1 - t)][side]


def flood(start: tuple[int, int], owner: int, shown: dict[tuple[int, int], tuple[str, int | None]],
          reached: dict[tuple[int, int], set[int]]) -> None:
    if shown.get(start, ("none", None))[0] != "jungle":
        return
    queue = deque([start])
    seen = {start}
    while queue:
        i, j = queue.popleft()
        reached.setdefault((i, j), set()).add(owner)
        for neighbour in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if neighbour not in seen and shown.get(neighbour, ("none", None))[0] == "jungle":
                seen.add(neighbour)
                queue.append(neighbour)


def test_pieces_are_drawn_at_their_anchors() -> None:
    state = play_random(new_game(4, seed=21), random.Random(21)).states[-1]
    root = ET.fromstring(board_svg(state))
    cell = float(root.attrib["data-cell-size"])
    ox, oy = float(root.attrib["data-origin-x"]), float(root.attrib["data-origin-y"])
    drawn = 0
    for group in root.iter(f"{NS}g"):
        if "piece" not in group.get("class", "").split():
            continue
        position = Position(int(group.attrib["data-x"]), int(group.attrib["data-y"]))
        x, y = piece_anchor(state, position, int(group.attrib["data-segment"]))
        shape = group.find(f"{NS}path")
        assert shape is not None
        values = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", shape.attrib["d"])]
        xs, ys = values[::2], values[1::2]
        assert (min(xs) + max(xs)) / 2 == pytest.approx(ox + x * cell, abs=0.02)
        assert min(ys) < oy + y * cell < max(ys)
        # A click on the anchor, mapped back to board units, selects the piece's segment.
        assert segment_at(state, x, y) == (position, int(group.attrib["data-segment"]))
        drawn += 1
    assert drawn == sum(1 for _ in state.pieces()) > 0
