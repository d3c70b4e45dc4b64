"""Unit tests of grid geometry: ports, rotations, footprints, cell keys (R-G1, R-G4, R-G5, R-F2)."""

from __future__ import annotations

import itertools

import pytest

from carcassonne_amazonas.tiles.geometry import (
    KEY_DELTAS,
    KEY_STRIDE,
    PORTS_PER_CELL,
    Position,
    Rotation,
    Side,
    cell_key,
    facing_port,
    make_port,
    port_index,
    port_name,
    port_side,
    position_of_key,
    rotate_offset,
    rotate_port,
)

ALL_PORTS = range(PORTS_PER_CELL)


def port(name: str) -> int:
    """The port called ``name`` (``N1`` .. ``W3``)."""
    return make_port(Side("NESW".index(name[0])), int(name[1]))


# ---------------------------------------------------------------------------- ports (R-F2)

def test_port_names_run_clockwise_with_the_middle_at_index_2_F2() -> None:
    """R-F2: each side has three ports; numbering is clockwise, 2 is the middle."""
    names = [port_name(p) for p in ALL_PORTS]
    assert names == ["N1", "N2", "N3", "E1", "E2", "E3", "S1", "S2", "S3", "W1", "W2", "W3"]
    for p in ALL_PORTS:
        assert port(port_name(p)) == p
        assert make_port(port_side(p), port_index(p)) == p
    assert {port_side(p) for p in ALL_PORTS if port_index(p) == 2} == set(Side)


@pytest.mark.parametrize(("name", "faces"), [
    ("N1", "S3"), ("N2", "S2"), ("N3", "S1"),
    ("E1", "W3"), ("E2", "W2"), ("E3", "W1"),
    ("S1", "N3"), ("S2", "N2"), ("S3", "N1"),
    ("W1", "E3"), ("W2", "E2"), ("W3", "E1"),
])
def test_facing_port_meets_the_same_point_of_the_shared_edge_G4(name: str, faces: str) -> None:
    """R-G4/R-F2: along a shared edge index i meets index 4 - i on the opposite side
    (N1, the west end of the north side, meets S3, the west end of the south side)."""
    assert port_name(facing_port(port(name))) == faces


def test_facing_port_is_an_involution_onto_the_opposite_side_G4() -> None:
    """R-G4: facing twice is the identity; the facing port lies on the opposite side."""
    for p in ALL_PORTS:
        assert facing_port(facing_port(p)) == p
        assert port_side(facing_port(p)) == port_side(p).opposite
        assert port_index(facing_port(p)) == 4 - port_index(p)


def test_facing_commutes_with_rotation_G4_G5() -> None:
    """R-G4, R-G5: turning two touching cells together keeps the same ports touching."""
    for p, rotation in itertools.product(ALL_PORTS, Rotation):
        assert facing_port(rotate_port(p, rotation)) == rotate_port(facing_port(p), rotation)


# ---------------------------------------------------------------------------- rotation (R-G5)

@pytest.mark.parametrize(("name", "rotation", "expected"), [
    ("N1", Rotation.R90, "E1"),
    ("N2", Rotation.R90, "E2"),
    ("N3", Rotation.R90, "E3"),
    ("E2", Rotation.R90, "S2"),
    ("S1", Rotation.R90, "W1"),
    ("W3", Rotation.R90, "N3"),
    ("N1", Rotation.R180, "S1"),
    ("E3", Rotation.R180, "W3"),
    ("N2", Rotation.R270, "W2"),
    ("S3", Rotation.R270, "E3"),
    ("W1", Rotation.R0, "W1"),
])
def test_rotate_port_turns_clockwise_G5(name: str, rotation: Rotation, expected: str) -> None:
    """R-G5: a clockwise quarter turn takes the north side to the east side, and the
    west end of the north side (N1) to the north end of the east side (E1)."""
    assert port_name(rotate_port(port(name), rotation)) == expected


def test_rotations_compose_and_four_quarter_turns_are_the_identity_G5() -> None:
    """R-G5: rotations add modulo 4; every rotation permutes the 12 ports and keeps the
    middle ports in the middle."""
    for p in ALL_PORTS:
        turned = p
        for _ in range(4):
            turned = rotate_port(turned, Rotation.R90)
        assert turned == p
        for a, b in itertools.product(Rotation, Rotation):
            assert rotate_port(rotate_port(p, a), b) == rotate_port(p, Rotation((a + b) % 4))
    for rotation in Rotation:
        assert sorted(rotate_port(p, rotation) for p in ALL_PORTS) == list(ALL_PORTS)
        assert all(port_index(rotate_port(p, rotation)) == port_index(p) for p in ALL_PORTS)
        assert all(port_side(rotate_port(p, rotation)) == Side((port_side(p) + rotation) % 4)
                   for p in ALL_PORTS)


@pytest.mark.parametrize(("offset", "rotation", "expected"), [
    ((1, 0), Rotation.R0, (1, 0)),
    ((1, 0), Rotation.R90, (0, 1)),     # east turns to south (y grows downstream)
    ((0, 1), Rotation.R90, (-1, 0)),    # south turns to west
    ((0, 1), Rotation.R180, (0, -1)),   # a double tile's lower cell goes above its anchor
    ((0, 1), Rotation.R270, (1, 0)),    # south turns to east
    ((1, 3), Rotation.R180, (-1, -3)),
    ((2, 1), Rotation.R90, (-1, 2)),
])
def test_rotate_offset_turns_footprint_cells_clockwise_G1_G5(
        offset: tuple[int, int], rotation: Rotation, expected: tuple[int, int]) -> None:
    """R-G1, R-G5: footprint offsets (x east, y downstream) turn clockwise like the ports."""
    assert rotate_offset(*offset, rotation) == expected


def test_rotate_offset_agrees_with_side_rotation_G5() -> None:
    """R-G5: the neighbour across side s, turned by r, is the neighbour across side s + r."""
    origin = Position(0, 0)
    for side, rotation in itertools.product(Side, Rotation):
        across = origin.neighbour(side)
        expected = origin.neighbour(Side((side + rotation) % 4))
        assert rotate_offset(across.x, across.y, rotation) == (expected.x, expected.y)


def test_rotation_degrees_and_side_helpers() -> None:
    """R-G5: four rotations of 0/90/180/270 degrees; sides and their opposites (R-G4)."""
    assert [r.degrees for r in Rotation] == [0, 90, 180, 270]
    assert [s.letter for s in Side] == ["N", "E", "S", "W"]
    assert [s.opposite for s in Side] == [Side.SOUTH, Side.WEST, Side.NORTH, Side.EAST]


# ---------------------------------------------------------------------------- positions, keys

def test_neighbours_follow_the_coordinate_convention_G1() -> None:
    """R-G1: x grows to the east, y grows downstream (south)."""
    p = Position(3, -2)
    assert p.neighbour(Side.NORTH) == Position(3, -3)
    assert p.neighbour(Side.EAST) == Position(4, -2)
    assert p.neighbour(Side.SOUTH) == Position(3, -1)
    assert p.neighbour(Side.WEST) == Position(2, -2)
    assert str(p) == "3,-2"


@pytest.mark.parametrize("x", [-2048, -2047, -100, -1, 0, 1, 5, 100, 2046, 2047])
@pytest.mark.parametrize("y", [-500, -3, -1, 0, 1, 4, 499])
def test_cell_keys_round_trip_G1(x: int, y: int) -> None:
    """R-G1: a cell key unpacks to the cell it was made from, also west of and upstream
    of the start tile; neighbour keys differ by KEY_DELTAS."""
    key = cell_key(x, y)
    assert position_of_key(key) == Position(x, y)
    for side in Side:
        neighbour = Position(x, y).neighbour(side)
        assert key + KEY_DELTAS[side] == cell_key(neighbour.x, neighbour.y)


def test_position_of_key_interns_positions() -> None:
    """The engine relies on unpacked positions being shared objects."""
    key = cell_key(-7, 11)
    assert position_of_key(key) is position_of_key(key)


def test_cell_keys_sort_row_by_row_G1() -> None:
    """R-G1: sorting keys sorts cells by row (downstream), then column (east)."""
    cells = [(x, y) for x in (-3, -1, 0, 2, 9) for y in (-2, 0, 1, 5)]
    by_key = sorted(cells, key=lambda c: cell_key(*c))
    assert by_key == sorted(cells, key=lambda c: (c[1], c[0]))
    assert KEY_DELTAS == (-KEY_STRIDE, 1, KEY_STRIDE, -1)


@pytest.mark.parametrize(("x", "y"), [("1", 2), (1, 2.0), (None, 0), (1.5, 1)])
def test_position_rejects_non_int_coordinates_with_type_error(x: object, y: object) -> None:
    """Positions validate their coordinates: a wrong type is a TypeError."""
    with pytest.raises(TypeError):
        Position(x, y)  # type: ignore[arg-type]


def test_positions_are_frozen_hashable_and_ordered() -> None:
    """Positions are values: equal by coordinates, usable as keys, ordered by (x, y)."""
    assert Position(1, 2) == Position(1, 2)
    assert len({Position(1, 2), Position(1, 2), Position(2, 1)}) == 2
    assert Position(0, 5) < Position(1, 0)
    with pytest.raises(AttributeError):
        Position(1, 2).x = 3  # type: ignore[misc]


@pytest.mark.parametrize("value", [True, False])
def test_position_rejects_bool_coordinates(value: bool) -> None:
    """A bool is an int to Python but never a coordinate (R-G1)."""
    with pytest.raises(TypeError, match=r"^x: expected a whole number, not a boolean$"):
        Position(value, 0)
    with pytest.raises(TypeError, match=r"^y: expected a whole number, not a boolean$"):
        Position(0, value)
    with pytest.raises(TypeError, match=r"^x: expected a whole number, not 1\.0$"):
        Position(1.0, 0)  # type: ignore[arg-type]
