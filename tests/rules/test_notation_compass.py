"""A piece's segment by compass point (``m0,4,E``, ``c0,4,NE``), and text played in one
call (``apply_action(state, "t0,4,0")``).

Both forms of a piece name the same action, the canonical form (the number) is the one
that prints, and a compass point needs the state: it is read off the tile that may take
a piece (R-T5).  Bad text raises ``NotationError`` saying where, an illegal action
``IllegalActionError`` with its rule, and nothing changes.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from carcassonne_amazonas import (
    ChooseDouble,
    Game,
    GameRecord,
    GameState,
    IllegalActionError,
    NotationError,
    Pass,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    RecordError,
    Rotation,
    Rules,
    Terrain,
    apply_action,
    apply_action_with_events,
    legal_actions,
    new_game,
    parse_action,
    reference_tileset,
)
from carcassonne_amazonas.render.explain import describe_action
from carcassonne_amazonas.tiles.segment_names import COMPASS_POINTS, compass_points, segments_at
from games import random_action
from scenario import start_game


def first_piece_step() -> GameState:
    """Yellow's piece step after A4.3 at (0,4): tributary 1 leaves east, 2 west, jungle 5
    fills the north-east corner (R-T5)."""
    return apply_action(new_game(2, seed=1), PlaceTile(Position(0, 4), Rotation.R0))


def double_piece_step(double: str, rotation: Rotation = Rotation.R0) -> GameState:
    """The piece step on double tile ``double`` of the bonus set, placed at (0,5) after
    the "!" tile A3.1 (R-T3)."""
    tileset = reference_tileset(bonus_river=True)
    state = start_game(2, "A3.1", tileset=tileset)
    state = apply_action(state, PlaceTile(Position(0, 4), Rotation.R0))
    state = apply_action(state, ChooseDouble(tileset.tile_named(double).id))
    return apply_action(state, PlaceTile(Position(0, 5), rotation))


# ---------------------------------------------------------------------------- text in one call

def test_apply_action_takes_the_text_of_an_action() -> None:
    """As python-chess's ``push_san``: text and action give the same state and events."""
    start = new_game(2, seed=1)
    assert apply_action(start, "t0,4,0") == apply_action(start, PlaceTile(Position(0, 4),
                                                                          Rotation.R0))
    state = first_piece_step()
    by_text = apply_action_with_events(state, "m0,4,1")
    assert by_text == apply_action_with_events(state, PlaceMeeple(Position(0, 4), 1))
    assert apply_action_with_events(state, "m0,4,E") == by_text


@pytest.mark.slow  # whole games
@pytest.mark.parametrize("seed", range(3))
def test_every_action_of_a_random_game_plays_as_its_text(seed: int) -> None:
    rng = random.Random(seed)
    state = new_game(2 + seed, draws="explicit" if seed == 1 else "seeded", seed=None
                     if seed == 1 else seed)
    while not state.is_terminal:
        action = random_action(state, rng)
        after = apply_action(state, action)
        assert apply_action(state, str(action)) == after
        state = after


@pytest.mark.parametrize(("text", "index", "reason"), [
    ("", 0, "empty text"),
    ("t0,4,", 5, "expected a number, found the end"),
    ("t0,4,45", 5, "rotation must be 0, 90, 180 or 270 degrees"),
    ("x", 0, "unknown action letter 'x'"),
    ("p ", 1, "unexpected ' ' after 'p'"),
])
def test_bad_text_is_a_notation_error_and_changes_nothing(text: str, index: int,
                                                          reason: str) -> None:
    start = new_game(2, seed=1)
    before = hash(start)
    for apply in (apply_action, apply_action_with_events):
        with pytest.raises(NotationError) as refused:
            apply(start, text)
        assert (refused.value.text, refused.value.index) == (text, index)
        assert reason in refused.value.reason
    assert hash(start) == before and start == new_game(2, seed=1)


@pytest.mark.parametrize(("text", "rule", "code"), [
    ("t9,9,0", "R-G6", "river-tile-elsewhere"),   # A4.3, a river tile, away from the river
    ("t0,4,90", "R-G5", "rotation-not-allowed"),
    ("p", "R-T3", "wrong-phase"),                 # the Amazon tile's step
    ("m0,4,1", "R-T3", "wrong-phase"),
])
def test_illegal_text_is_an_illegal_action_error_with_its_rule(text: str, rule: str,
                                                               code: str) -> None:
    start = new_game(2, seed=1)
    with pytest.raises(IllegalActionError) as refused:
        apply_action(start, text)
    assert (refused.value.rule, refused.value.code) == (rule, code)
    assert str(refused.value).endswith(f"({rule})")
    assert start == new_game(2, seed=1)


@pytest.mark.parametrize("value", [b"p", 7, None, ["p"]])
def test_neither_an_action_nor_text_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError):
        apply_action(new_game(2, seed=1), value)  # type: ignore[arg-type]


def test_a_subclass_of_str_is_refused() -> None:
    """Types are exact: a subclass of str could lie in ``__eq__``."""
    class Word(str):
        pass

    with pytest.raises(TypeError, match="not Word \\(a subclass of str"):
        apply_action(new_game(2, seed=1), Word("t0,4,0"))


# ---------------------------------------------------------------------------- compass points

def test_both_forms_name_the_same_piece() -> None:
    """R-T5: E is the tributary leaving east, NE the jungle in the north-east corner; the
    action prints with the number either way."""
    state = first_piece_step()
    assert parse_action("m0,4,E", state) == PlaceMeeple(Position(0, 4), 1)
    assert parse_action("m0,4,W", state) == PlaceMeeple(Position(0, 4), 2)
    assert parse_action("c0,4,NE", state) == PlaceCamp(Position(0, 4), 5)
    assert repr(parse_action("c0,4,NE", state)) == "PlaceCamp.from_notation('c0,4,5')"
    assert str(parse_action("m0,4,E", state)) == "m0,4,1"
    # Numbers, and every other kind of action, read the same with or without a state.
    for text in ("m0,4,1", "c0,4,5", "p", "t0,5,180", "d82", "*17"):
        assert parse_action(text, state) == parse_action(text)


@pytest.mark.slow  # whole games
@pytest.mark.parametrize(("seed", "bonus_river"), [(1, False), (2, True), (3, True)])
def test_both_forms_name_the_same_piece_on_every_tile(seed: int, bonus_river: bool) -> None:
    """R-T5: at every piece step of random games, each legal meeple or camp is named by
    each compass point it answers to: the action itself, or, when the point names two
    segments the piece may take, a NotationError listing both numbers. Every one of them
    has a point that names it alone."""
    rng = random.Random(seed)
    state = new_game(2, seed=seed, rules=Rules(tileset=reference_tileset(bonus_river=bonus_river)))
    checked = 0
    while not state.is_terminal:
        for action in legal_actions(state):
            if isinstance(action, (PlaceMeeple, PlaceCamp)):
                _check_named(state, action)
                checked += 1
        state = apply_action(state, random_action(state, rng))
    assert checked > 30


def _check_named(state: GameState, action: PlaceMeeple | PlaceCamp) -> None:
    placement = state.board.placements[state.piece_placement]
    layout, rotation = placement.tile.layout, placement.rotation
    camp = isinstance(action, PlaceCamp)
    prefix = f"{str(action).rsplit(',', 1)[0]},"
    alone = []
    for point in compass_points(layout, rotation, action.segment):
        fitting = [i for i in segments_at(layout, rotation, point)
                   if (layout.segments[i].terrain is Terrain.JUNGLE) == camp
                   and layout.segments[i].terrain is not Terrain.AMAZON]
        assert action.segment in fitting
        if len(fitting) == 1:
            assert parse_action(prefix + point, state) == action
            alone.append(point)
        else:
            with pytest.raises(NotationError) as refused:
                parse_action(prefix + point, state)
            assert refused.value.index == len(prefix)
            assert f"({prefix}{action.segment})" in refused.value.reason
    assert alone, (placement.tile.name, rotation, action)


def test_a_point_on_another_terrain_is_refused_by_the_engine_with_its_rule() -> None:
    """R-F6 and R-T5: the point names a segment the piece may not take; the engine says
    why, as for its number."""
    state = first_piece_step()
    with pytest.raises(IllegalActionError) as amazon:
        apply_action(state, "m0,4,N")
    assert (amazon.value.rule, amazon.value.code) == ("R-F6", "on-the-amazon")
    with pytest.raises(IllegalActionError) as creek:
        apply_action(state, "c0,4,E")
    assert (creek.value.rule, creek.value.code) == ("R-T5", "wrong-terrain")
    assert "the tributary on the east edge" in str(creek.value)


def test_a_point_two_segments_answer_to_asks_for_the_number() -> None:
    """R-T5: on the bonus double tile D5 the west side holds a village and a tributary,
    both a meeple's; the text names neither, and the message gives both numbers."""
    state = double_piece_step("D5.1")
    with pytest.raises(NotationError) as refused:
        parse_action("m0,5,W", state)
    assert refused.value.index == 5
    assert "W names 2 segments of D5.1 a meeple may take" in refused.value.reason
    assert "(m0,5,1)" in refused.value.reason and "(m0,5,3)" in refused.value.reason
    # The north-west corner holds the village alone; a camp on W is the jungle there.
    assert parse_action("m0,5,NW", state) == PlaceMeeple(Position(0, 5), 1)
    assert parse_action("c0,5,W", state) == PlaceCamp(Position(0, 5), 4)


def test_a_point_on_a_turned_double_tile_reads_the_tile_as_it_lies() -> None:
    """R-G5: D2 turned 180° has its east creek on the west."""
    state = double_piece_step("D2.1", Rotation.R180)
    assert parse_action("m0,5,W", state) == PlaceMeeple(Position(0, 5), 1)
    assert parse_action("m0,5,E", state) == PlaceMeeple(Position(0, 5), 2)


def test_a_point_with_no_tile_to_read_it_off_is_illegal() -> None:
    """R-T5: outside the piece step, or at another cell than the tile just placed, a
    point names no segment."""
    start = new_game(2, seed=1)
    with pytest.raises(IllegalActionError) as no_step:
        apply_action(start, "m0,4,E")
    assert (no_step.value.rule, no_step.value.code) == ("R-T5", "no-piece-step")
    with pytest.raises(IllegalActionError) as elsewhere:
        apply_action(first_piece_step(), "c1,4,NE")
    assert (elsewhere.value.rule, elsewhere.value.code) == ("R-T5", "not-the-placed-tile")
    assert "a camp goes on the tile just placed, at (0,4), not at (1,4)" in str(elsewhere.value)


@pytest.mark.parametrize(("text", "index", "reason"), [
    ("m0,4,e", 5, "compass points are written in capitals: 'E', not 'e'"),
    ("c0,4,ne", 5, "compass points are written in capitals: 'NE', not 'ne'"),
    ("c0,4,EN", 5, "a corner is written north or south first: 'NE', not 'EN'"),
    ("c0,4,NNE", 5, "a segment is a number or a compass point (N, NE, E, SE, S, SW, W, NW)"),
    ("c0,4,NE5", 7, "unexpected '5' after the action"),
    ("c0,4,N E", 6, "unexpected ' E' after the action"),
    ("m0,4,1E", 6, "unexpected 'E' after the action"),
    ("m0,E", 3, "expected a number, found 'E'"),
    ("mE", 1, "expected a number, found 'E'"),
    ("m0,4,5,E", 6, "unexpected ',E' after the action"),
    ("m-,4,E", 2, "expected a number, found ','"),
    ("m0,,E", 3, "expected a number, found ','"),
    ("m0;4,E", 2, "expected ',', found ';'"),
    ("c0,4,\u00c9", 5, "expected a number, found '\u00c9'"),  # not an ASCII letter
])
def test_a_bad_point_is_a_notation_error_saying_where(text: str, index: int,
                                                      reason: str) -> None:
    state = first_piece_step()
    for context in (state, None):
        with pytest.raises(NotationError) as refused:
            parse_action(text, context)
        assert (refused.value.text, refused.value.index) == (text, index)
        assert reason in refused.value.reason


def test_without_the_state_a_point_is_a_notation_error() -> None:
    """The canonical text needs nothing but itself; a point needs the tile."""
    for read in (parse_action, PlaceCamp.from_notation):
        with pytest.raises(NotationError) as refused:
            read("c0,4,NE")
        assert refused.value.index == 5
        assert "'NE' names a segment by compass point, which only the game's state can " \
               "read" in refused.value.reason


def test_a_game_reads_points_and_its_record_keeps_the_numbers() -> None:
    """Game.play takes a point; the record writes the canonical number, and a record
    holding a point is refused (records need no state to read)."""
    game = Game.new(2, seed=1)
    game.play_all("t0,4,0 m0,4,E")
    assert game.actions == (PlaceTile(Position(0, 4), Rotation.R0),
                            PlaceMeeple(Position(0, 4), 1))
    text = game.record().to_json()
    assert '"m0,4,1"' in text
    assert GameRecord.from_json(text).actions == game.actions
    with pytest.raises(RecordError, match="action 2: bad action 'm0,4,E' at character 6"):
        GameRecord.from_json(text.replace('"m0,4,1"', '"m0,4,E"'))
    with pytest.raises(IllegalActionError):
        game.play("m0,4,E")  # the piece step is over
    assert len(game) == 2


def test_every_point_is_read() -> None:
    """Each of the eight points parses on the first piece step."""
    state = first_piece_step()
    for point in COMPASS_POINTS:
        for letter in "mc":
            try:
                action = parse_action(f"{letter}0,4,{point}", state)
            except NotationError:
                continue
            assert isinstance(action, PlaceMeeple if letter == "m" else PlaceCamp)
            assert point in compass_points(state.board.placements[-1].tile.layout,
                                           Rotation.R0, action.segment)
    assert Pass() in legal_actions(state)


@given(st.text(alphabet="mcpt0145,-NESWnew ", max_size=10))
def test_any_text_read_with_a_state_is_an_action_or_says_why(text: str) -> None:
    """With a state, text is an action (which prints in the canonical form and reads back
    without the state), a NotationError saying where, or, for a compass point with no
    tile to read it off, an IllegalActionError citing R-T5."""
    state = first_piece_step()
    try:
        action = parse_action(text, state)
    except NotationError as error:
        assert error.text == text and 0 <= error.index <= len(text)
    except IllegalActionError as error:
        assert (error.rule, error.code) == ("R-T5", "not-the-placed-tile")
    else:
        assert parse_action(str(action)) == action


@pytest.mark.parametrize("state", [42, "state", None.__class__])
def test_a_state_that_is_not_one_is_a_type_error(state: object) -> None:
    with pytest.raises(TypeError, match="GameState"):
        parse_action("p", state)  # type: ignore[arg-type]


def test_describe_action_reads_text_as_apply_action_does() -> None:
    """R-T5: the menu's words for a piece named by compass point are those of its number;
    bad text and illegal text are refused as apply_action refuses them."""
    state = first_piece_step()
    assert describe_action(state, "m0,4,E") == describe_action(state, PlaceMeeple(
        Position(0, 4), 1))
    assert describe_action(state, "p") == describe_action(state, Pass())
    with pytest.raises(NotationError):
        describe_action(state, "m0,4,e")
    with pytest.raises(IllegalActionError) as refused:
        describe_action(state, "t0,5,0")
    assert refused.value.code == "wrong-phase"


def test_a_record_holds_actions_not_their_text() -> None:
    """A record built with text is refused as before: records are read without a state."""
    record = GameRecord(2, Rules(), "seeded", 1, None, None, ("t0,4,0",))  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="action 1 \\('t0,4,0'\\): action: expected an action"):
        record.final_state()
