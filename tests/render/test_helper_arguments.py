"""The drawing, placement and explanation helpers refuse what they cannot use with the
documented exception and a message that says what is expected (never an
``AttributeError`` from deep inside), and count in words that agree with the number."""

from __future__ import annotations

import ast
import math
import re
from pathlib import Path
from typing import Any

import pytest

import carcassonne_amazonas.render.explain as explain
from carcassonne_amazonas import (
    IllegalActionError,
    Pass,
    PlaceMeeple,
    Position,
    Rotation,
    apply_action,
    legal_actions,
    new_game,
    reference_tileset,
)
from carcassonne_amazonas.render.explain import describe_action, describe_events
from carcassonne_amazonas.render.placement_options import footprint
from carcassonne_amazonas.render.svg import board_svg, tile_svg
from carcassonne_amazonas.render.text import winner_text
from carcassonne_amazonas.tiles.tileset import Tile

STATE = new_game(2, seed=1)
_HAND = STATE.tile_in_hand
assert _HAND is not None
TILE: Tile = _HAND


def wrong(value: object) -> Any:
    """``value`` as a wrong argument, past the type checker."""
    return value


# ------------------------------------------------------------------------------- Rotation

def test_rotation_from_degrees() -> None:
    for rotation in Rotation:
        assert Rotation.from_degrees(rotation.degrees) is rotation
    assert Rotation.from_degrees(90) is Rotation.R90 is Rotation(1)
    with pytest.raises(ValueError, match=r"0, 90, 180 or 270 degrees clockwise, not 45 "):
        Rotation.from_degrees(45)
    with pytest.raises(ValueError, match="not 360"):
        Rotation.from_degrees(360)
    for value in ("90", 90.0, True):
        with pytest.raises(TypeError,
                           match=r"^degrees: expected an int \(0, 90, 180 or 270\), not "):
            Rotation.from_degrees(wrong(value))
    assert "quarter turns" in (Rotation.__doc__ or "")
    assert "from_degrees" in (Rotation.__doc__ or "")


# ---------------------------------------------------------------------------- pictures

@pytest.mark.parametrize("call, message", [
    (lambda: board_svg(wrong(None)), "state: expected a GameState, not NoneType"),
    (lambda: board_svg(wrong("state")), "state: expected a GameState, not str"),
    (lambda: board_svg(STATE, highlight_cells=wrong([(0, 0)])),
     "highlight_cells: expected Position values, not tuple (0, 0); Position(x, y) makes one"),
    (lambda: board_svg(STATE, highlight_cells=wrong(5)),
     "highlight_cells: expected an iterable of Position values, not int"),
    (lambda: board_svg(STATE, highlight_feature=wrong((0, 4))),
     "highlight_feature: expected (Position, segment), a FeatureGeometry or None, not tuple"),
    (lambda: tile_svg(TILE, wrong(90)),
     "rotation: expected a Rotation (degrees: Rotation.from_degrees(90) gives "
     "Rotation.R90), not int"),
    (lambda: tile_svg(wrong("A4.3")),
     "tile: expected a Tile (a tile's name: tileset.tile_named(name) gives the tile), not str"),
    (lambda: footprint(TILE, wrong((0, 0)), Rotation.R0),
     "position: expected a Position (Position(x, y) makes one), not tuple"),
    (lambda: footprint(TILE, Position(0, 0), wrong(0)), "rotation: expected a Rotation"),
    (lambda: footprint(wrong(3), Position(0, 0), Rotation.R0), "tile: expected a Tile, not int"),
    (lambda: board_svg(STATE, cell_size=wrong("64")), "cell_size: expected a number, not str"),
    (lambda: tile_svg(TILE, cell_size=wrong("64")), "cell_size: expected a number, not str"),
    (lambda: tile_svg(TILE, cell_size=wrong(True)), "cell_size: expected a number, not bool"),
])
def test_wrong_types_are_a_type_error_saying_what_is_expected(call: Any, message: str) -> None:
    with pytest.raises(TypeError) as error:
        call()
    assert str(error.value).startswith(message)


@pytest.mark.parametrize("size", [0, -1, 0.0, math.nan, math.inf, -math.inf])
def test_board_and_tile_pictures_check_the_cell_size_alike(size: float) -> None:
    message = re.escape(f"cell_size must be a finite number above 0, not {size!r}")
    with pytest.raises(ValueError, match=message):
        board_svg(STATE, cell_size=size)
    with pytest.raises(ValueError, match=message):
        tile_svg(TILE, cell_size=size)


def test_whole_and_fractional_cell_sizes_draw() -> None:
    for size in (1, 40, 12.5):
        assert f'data-cell-size="{size:g}"' in board_svg(STATE, cell_size=size)
        assert 'width="nan"' not in tile_svg(TILE, cell_size=size)


def test_the_board_picture_counts_its_tiles_in_words_as_the_state_does() -> None:
    # The start tile lies there from the setup: 0 tiles placed, then 1 tile (R-C5).
    after = apply_action(STATE, legal_actions(STATE)[0])
    for state, placed in ((STATE, "0 tiles placed"), (after, "1 tile placed")):
        picture = board_svg(state)
        assert f"<title>Carcassonne – Amazonas: 2 players, {placed} (and the start tile)," \
            in picture
        assert f"{placed}, " in picture  # the heading above the score table
        assert f", {placed}, " in repr(state)
    assert repr(STATE.board).startswith("<Board: 1 tile, river column")
    assert repr(after.board).startswith("<Board: 2 tiles, river column")


# -------------------------------------------------------------------------- explanations

def test_an_illegal_action_is_not_described_as_if_it_were_legal() -> None:
    with pytest.raises(IllegalActionError) as error:
        describe_action(STATE, Pass())  # the tile phase
    assert error.value.code == "wrong-phase"
    with pytest.raises(IllegalActionError) as error:
        apply_action(STATE, Pass())
    engine_message = str(error.value)
    with pytest.raises(IllegalActionError, match=re.escape(engine_message)):
        describe_action(STATE, Pass())
    piece_step = apply_action(STATE, legal_actions(STATE)[0])
    with pytest.raises(IllegalActionError):
        describe_action(piece_step, PlaceMeeple(Position(5, 5), 0))
    for action in legal_actions(piece_step):
        assert describe_action(piece_step, action)


def test_names_replace_the_colours_in_explanations() -> None:
    state = apply_action(STATE, legal_actions(STATE)[0])
    from carcassonne_amazonas import apply_action_with_events

    action = next(a for a in legal_actions(state) if isinstance(a, PlaceMeeple))
    _, events = apply_action_with_events(state, action)
    plain = describe_events(state, action, events)
    named = describe_events(state, action, events, names=("Ann", "Bo"))
    assert plain[0].startswith("yellow ") and named[0].startswith("Ann ")
    assert [line.replace("yellow", "Ann").replace("red", "Bo") for line in plain] == named
    assert describe_events(state, action, events, names=("", "")) == plain
    with pytest.raises(ValueError, match="one string per player"):
        describe_events(state, action, events, names=("Ann",))
    assert winner_text((1, 0), (0,)) == "the winner is yellow with 1 point"
    assert winner_text((5, 5), (0, 1), names=("Ann", "")) == \
        "shared victory: Ann and red with 5 points each"


def test_explain_exports_exactly_its_own_functions() -> None:
    # __all__ is what explain defines, with no re-exports (a player's colour is
    # rules.players.colour, the text helpers are render.text's); every other public name
    # of dir(explain) is one of its imports.
    source = ast.parse(Path(explain.__file__).read_text(encoding="utf-8"))
    imported = {alias.asname or alias.name.split(".")[0] for node in source.body
                if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names}
    defined = {node.name for node in source.body
               if isinstance(node, (ast.FunctionDef, ast.ClassDef))
               and not node.name.startswith("_")}
    assert set(explain.__all__) == defined
    public = {name for name in dir(explain) if not name.startswith("_")}
    assert public - set(explain.__all__) <= imported, public - set(explain.__all__) - imported


def test_the_reference_tiles_draw_in_every_allowed_rotation() -> None:
    for tile in reference_tileset().tiles[:5]:
        for rotation in tile.layout.rotations:
            assert tile_svg(tile, Rotation.from_degrees(rotation.degrees))
