"""Feature geometry: cells, segments, open edges, icons, pieces and completion of every
feature of many positions, checked against the feature graph and the board
(R-F1–R-F8, R-M1)."""

from __future__ import annotations

import random

import attrs
import pytest

from carcassonne_amazonas import (
    CampScoring,
    GameState,
    PieceKind,
    PlaceCamp,
    Position,
    Rules,
    Side,
    Terrain,
    apply_action,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.render.feature_geometry import FeatureGeometry, feature_geometry
from carcassonne_amazonas.rules.features import Feature, placement_of, segment_of
from carcassonne_amazonas.rules.scoring import (
    completed_points,
    jungle_points,
    score_jungle,
    unfinished_points,
)
from carcassonne_amazonas.tiles.geometry import port_side
from carcassonne_amazonas.tiles.tileset import Icons
from games import play_random

GAMES = [play_random(new_game(players, seed=seed), random.Random(seed)).states
         for players, seed in ((2, 7), (4, 8))]
STATES = [states[i] for states in GAMES for i in (0, 1, 30, 90, 200, len(states) - 1)
          if i < len(states)]


def segment_index(name: str, layout_name: str = "START") -> int:
    layout = reference_tileset().layout_named(layout_name)
    return next(i for i, s in enumerate(layout.segments) if s.name == name)


def all_geometries(state: GameState) -> list[tuple[Position, int, FeatureGeometry]]:
    return [(placement.position, index, feature_geometry(state, placement.position, index))
            for placement in state.board.placements
            for index in range(len(placement.tile.layout.segments))]


def check_the_geometry_summarises_the_feature(geometry: FeatureGeometry, feature: Feature,
                                              segment: tuple[Position, int]) -> None:
    """Terrain, segments, tiles, completion, majority and icons are the feature's; cells
    and open edges are sorted without repeats."""
    assert geometry.terrain is feature.terrain
    assert segment in geometry.segments
    assert len(geometry.segments) == len(feature.nodes)
    assert len(geometry.tiles) == feature.tile_count
    assert geometry.is_completed == feature.is_completed
    assert geometry.majority == feature.majority()
    icons = geometry.icons
    assert (icons.boats, icons.fruit, icons.animals) == (
        feature.boats, feature.fruit, feature.animals)
    assert list(geometry.cells) == sorted(set(geometry.cells))
    assert list(geometry.open_edges) == sorted(set(geometry.open_edges))


def check_the_cells_and_open_edges(state: GameState, geometry: FeatureGeometry,
                                   feature: Feature) -> None:
    """Cells are covered by the feature's tiles; open edges face empty cells and hold
    exactly the feature's open ports (R-F3, R-F4)."""
    board = state.board
    # Cells are covered by the feature's tiles; open edges face empty cells.
    tiles_cells = {c for anchor in geometry.tiles
                   for c in board.placement_at(anchor).cells}  # type: ignore[union-attr]
    assert set(geometry.cells) <= tiles_cells
    for cell, side in geometry.open_edges:
        assert cell in geometry.cells
        assert board.placement_at(cell.neighbour(side)) is None
        assert board.is_open(cell.neighbour(side))
    # The open edges hold exactly the feature's open ports (R-F3, R-F4).
    assert open_ports(state, geometry) == feature.open_ports
    assert (geometry.open_edges == ()) == (feature.open_ports == 0)


@pytest.mark.parametrize("state", STATES, ids=lambda s: f"{s.num_players}p-{len(s.board)}tiles")
def test_geometry_matches_the_feature_graph_F1_F8(state: GameState) -> None:
    for position, index, geometry in all_geometries(state):
        feature = state.feature_at(position, index)
        check_the_geometry_summarises_the_feature(geometry, feature, (position, index))
        # Every segment gives the same feature, hence the same geometry.
        for other_position, other_index in geometry.segments:
            assert feature_geometry(state, other_position, other_index) == geometry
        check_the_cells_and_open_edges(state, geometry, feature)


def open_ports(state: GameState, geometry: FeatureGeometry) -> int:
    """How many ports of the feature's segments lie on its open edges."""
    count = 0
    open_edges = set(geometry.open_edges)
    for anchor, index in geometry.segments:
        placement = state.board.placement_at(anchor)
        assert placement is not None
        for cell in placement.variant.cells:
            where = Position(anchor.x + cell.dx, anchor.y + cell.dy)
            count += sum(1 for port, owner in enumerate(cell.port_segments)
                         if owner == index and (where, port_side(port)) in open_edges)
    return count


@pytest.mark.parametrize("state", STATES, ids=lambda s: f"{s.num_players}p-{len(s.board)}tiles")
def test_pieces_and_values_M1_T7_E2_E4(state: GameState) -> None:
    on_board = list(state.pieces())
    for position, index, geometry in all_geometries(state):
        expected = sorted((p for p in on_board if (p.position, p.segment) in geometry.segments),
                          key=lambda p: (p.position, p.segment, p.player))
        assert list(geometry.pieces) == expected
        kinds = {p.kind for p in geometry.pieces}
        assert kinds <= ({PieceKind.CAMP} if geometry.terrain is Terrain.JUNGLE
                         else {PieceKind.MEEPLE})
        feature = state.feature_at(position, index)
        if geometry.terrain is Terrain.JUNGLE:
            assert geometry.value == jungle_points(feature)
        elif geometry.terrain is Terrain.AMAZON:
            assert geometry.value == 0 and not geometry.pieces
        elif geometry.is_completed:
            assert geometry.value == completed_points(feature)
        else:
            assert geometry.value == unfinished_points(feature)


def test_the_start_tile_at_setup_C5_F1() -> None:
    state = new_game(2, seed=0)
    origin = Position(0, 0)
    village = feature_geometry(state, Position(1, 2), segment_index("village"))
    assert village.terrain is Terrain.VILLAGE
    assert village.cells == (Position(1, 2),)
    assert village.open_edges == ((Position(1, 2), Side.EAST),)
    assert village.segments == ((origin, segment_index("village")),)
    assert village.tiles == (origin,)
    assert not village.is_completed and village.pieces == () and village.majority == ()
    # The Amazon flows down the river column from its source (R-G1).
    amazon = feature_geometry(state, origin, segment_index("river"))
    assert amazon.cells == tuple(Position(0, y) for y in range(4))
    assert amazon.open_edges == ((Position(0, 3), Side.SOUTH),)
    assert amazon.value == 0
    # The source jungle wraps round the source: north and west sides of the river column.
    source = feature_geometry(state, origin, segment_index("source"))
    assert source.cells == (Position(0, 0), Position(0, 1), Position(0, 2), Position(1, 0))
    assert (Position(0, 0), Side.NORTH) in source.open_edges
    assert (Position(1, 0), Side.NORTH) in source.open_edges
    assert (Position(0, 1), Side.WEST) in source.open_edges
    start = reference_tileset().start_tile
    total = Icons()
    for icons in start.icons:
        total = total + icons
    assert sum((feature_geometry(state, origin, i).icons for i in range(len(start.icons))),
               Icons()) == total


def test_any_cell_of_a_big_tile_names_it_F8() -> None:
    state = new_game(3, seed=1)
    index = segment_index("northeast")
    first = feature_geometry(state, Position(0, 0), index)
    for x in (0, 1):
        for y in range(4):
            assert feature_geometry(state, Position(x, y), index) == first


def test_no_tile_or_no_such_segment_is_a_value_error() -> None:
    state = new_game(2, seed=0)
    with pytest.raises(ValueError, match=r"no tile covers \(5,5\)"):
        feature_geometry(state, Position(5, 5), 0)
    with pytest.raises(ValueError, match=r"has segments 0\.\.8, not 9"):
        feature_geometry(state, Position(0, 0), 9)
    with pytest.raises(ValueError, match="not -1"):
        feature_geometry(state, Position(1, 1), -1)


def test_a_jungles_value_follows_the_camp_scoring_option_E4_V2() -> None:
    """Regression: ``value`` ignored per-camp scoring (R-V2).  Seed 3 with camps placed
    whenever possible joins two camps of one player in a jungle with animals."""
    rng = random.Random(3)
    state = new_game(2, seed=3, rules=Rules(camp_scoring=CampScoring.PER_CAMP))
    doubled = None
    while doubled is None and not state.is_terminal:
        choices = legal_actions(state)
        camps = [a for a in choices if isinstance(a, PlaceCamp)]
        state = apply_action(state, rng.choice(camps or list(choices)))
        doubled = next((f for f in state.features if f.terrain is Terrain.JUNGLE and f.animals
                        and f.majority() and f.pieces_of(f.majority()[0]) >= 2), None)
    assert doubled is not None
    node = doubled.nodes[0]
    position = state.board.placements[placement_of(node)].position
    per_camp = feature_geometry(state, position, segment_of(node))
    holder_camps = doubled.pieces_of(doubled.majority()[0])
    assert per_camp.value == holder_camps * doubled.animals != doubled.animals
    # What the majority holder would score for it at the end (R-E4, R-V2).
    result = score_jungle(doubled, state.num_players, CampScoring.PER_CAMP)
    assert per_camp.value == max(result.points)
    per_jungle = attrs.evolve(state, rules=Rules(camp_scoring=CampScoring.PER_JUNGLE))
    assert feature_geometry(per_jungle, position, segment_of(node)).value == doubled.animals
