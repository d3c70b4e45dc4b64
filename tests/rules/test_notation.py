"""The action notation: ``format_action`` and ``parse_action``.

Every action has one text and the text gives the action back, for arbitrary
actions and for every legal action met in random games of both draw modes
(chance draws ``*<id>`` included).  Bad text raises :class:`NotationError`
saying at which character and why; a value that is not a ``str`` raises
``TypeError``.
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from carcassonne_amazonas import (
    Action,
    ChooseDouble,
    DrawTile,
    GameState,
    NotationError,
    Pass,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
    Position,
    Rotation,
    Rules,
    Shuffle,
    TileId,
    apply_action,
    format_action,
    legal_actions,
    new_game,
    parse_action,
)
from carcassonne_amazonas.rules.actions import MAX_NOTATION_NUMBER
from carcassonne_amazonas.testing import actions as library_actions
from games import random_action

# The notation writes at most 9 digits per number; the action constructors refuse larger
# values, so that every action the library can make is written and read back.
MAX_NUMBER = MAX_NOTATION_NUMBER
assert MAX_NUMBER == 10**9 - 1

coordinates = st.integers(min_value=-MAX_NUMBER, max_value=MAX_NUMBER)
naturals = st.integers(min_value=0, max_value=MAX_NUMBER)
positions = st.builds(Position, coordinates, coordinates)
tile_ids = naturals.map(TileId)

actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(PlaceTile, positions, st.sampled_from(Rotation)),
    st.builds(ChooseDouble, tile_ids),
    st.builds(PlaceMeeple, positions, naturals),
    st.builds(PlaceCamp, positions, naturals),
    st.just(Pass()),
    st.builds(DrawTile, tile_ids),
)

games = settings(max_examples=max(3, settings().max_examples // 2),
                 suppress_health_check=[HealthCheck.too_slow])

# The shape of a well-formed, canonical action text.
_NUMBER = r"(?:0|-?[1-9][0-9]*)"
_NATURAL = r"(?:0|[1-9][0-9]*)"
CANONICAL = re.compile(
    rf"t{_NUMBER},{_NUMBER},(?:0|90|180|270)|[mc]{_NUMBER},{_NUMBER},{_NATURAL}"
    rf"|[d*]{_NATURAL}|p"
)


# ---------------------------------------------------------------------------- round trips

@given(actions)
def test_parse_gives_back_every_formatted_action(action: Action) -> None:
    text = format_action(action)
    assert isinstance(text, str)
    assert parse_action(text) == action
    assert type(parse_action(text)) is type(action)
    assert format_action(parse_action(text)) == text


@given(actions)
def test_formatted_text_is_one_canonical_word(action: Action) -> None:
    text = format_action(action)
    assert CANONICAL.fullmatch(text), text
    assert not any(c.isspace() for c in text)


# The whole action space, its extremes included: every bound and its neighbours.
_EDGE_COORDINATES = st.sampled_from([-MAX_NUMBER, -MAX_NUMBER + 1, -1, 0, 1, MAX_NUMBER - 1,
                                     MAX_NUMBER])
_EDGE_NATURALS = st.sampled_from([0, 1, 9, 10, MAX_NUMBER - 1, MAX_NUMBER])
_edge_positions = st.builds(Position, _EDGE_COORDINATES, _EDGE_COORDINATES)
edge_actions: st.SearchStrategy[Action] = st.one_of(
    st.builds(PlaceTile, _edge_positions, st.sampled_from(Rotation)),
    st.builds(ChooseDouble, _EDGE_NATURALS.map(TileId)),
    st.builds(PlaceMeeple, _edge_positions, _EDGE_NATURALS),
    st.builds(PlaceCamp, _edge_positions, _EDGE_NATURALS),
    st.builds(DrawTile, _EDGE_NATURALS.map(TileId)),
)
_PASTE = {kind.__name__: kind for kind in (PlaceTile, ChooseDouble, PlaceMeeple, PlaceCamp,
                                           Pass, DrawTile)}


@given(st.one_of(actions, edge_actions, library_actions()))
def test_every_action_the_library_can_make_round_trips_and_pastes_back(action: Action) -> None:
    """Issue 36: ``PlaceTile.from_notation('t-231391044495,0,0')`` was a repr that raised
    when pasted back, and ``testing.actions()`` drew such actions.  Over the whole action
    space (the library's own strategy, and every bound): ``parse_action`` after
    ``format_action`` is the identity, and the repr is code that gives the action back."""
    text = format_action(action)
    assert parse_action(text) == action
    assert type(parse_action(text)) is type(action)
    assert format_action(parse_action(text)) == text
    pasted = eval(repr(action), {"__builtins__": {}}, _PASTE)  # our own repr
    assert pasted == action and type(pasted) is type(action)


@pytest.mark.parametrize("build, words", [
    (lambda: PlaceTile(Position(-231391044495, 0), Rotation.R0),
     "a position's coordinates lie from -999999999 to 999999999"),
    (lambda: PlaceTile(Position(0, MAX_NUMBER + 1), Rotation.R0), "not 0 and 1000000000"),
    (lambda: PlaceMeeple(Position(-(MAX_NUMBER + 1), 0), 0), "coordinates lie from"),
    (lambda: PlaceCamp(Position(0, 0), -1), "a segment lies from 0 to 999999999"),
    (lambda: PlaceMeeple(Position(0, 0), MAX_NUMBER + 1), "not 1000000000"),
    (lambda: ChooseDouble(TileId(-1)), "a tile id lies from 0 to 999999999"),
    (lambda: DrawTile(TileId(10**30)), "not a number of about 31 digits"),
])
def test_actions_the_notation_cannot_write_cannot_be_made(build: object, words: str) -> None:
    """The bound is where actions are made: a number of more than 9 digits, or a negative
    segment or tile id, is a ValueError naming the field, and no repr that raises when
    pasted back can exist."""
    assert callable(build)
    with pytest.raises(ValueError, match=re.escape(words)):
        build()
    for text in ("t-1000000000,0,0", "m0,0,-1", "d1000000000", "*-1"):
        with pytest.raises(NotationError):
            parse_action(text)


@given(actions, actions)
def test_distinct_actions_have_distinct_texts(first: Action, second: Action) -> None:
    assert (format_action(first) == format_action(second)) == (first == second)


def test_a_meeple_and_a_camp_on_the_same_segment_stay_distinct() -> None:
    """They share a private base class, not an identity: equality, hashing, ``match``
    and the repr tell them apart (R-T5a, R-T5b)."""
    meeple: Action = PlaceMeeple(Position(-1, 2), 1)
    camp: Action = PlaceCamp(Position(-1, 2), 1)
    assert meeple != camp and len({meeple, camp}) == 2
    assert (repr(meeple), repr(camp)) == ("PlaceMeeple.from_notation('m-1,2,1')",
                                          "PlaceCamp.from_notation('c-1,2,1')")
    kinds = []
    for action in (meeple, camp):
        match action:
            case PlaceMeeple(position=Position(x, y), segment=segment):
                kinds.append(("meeple", x, y, segment))
            case PlaceCamp(position=Position(x, y), segment=segment):
                kinds.append(("camp", x, y, segment))
    assert kinds == [("meeple", -1, 2, 1), ("camp", -1, 2, 1)]
    assert not isinstance(camp, PlaceMeeple) and not isinstance(meeple, PlaceCamp)


@given(st.lists(actions, max_size=20))
def test_a_game_is_its_actions_joined_by_spaces(sequence: list[Action]) -> None:
    line = " ".join(format_action(a) for a in sequence)
    assert [parse_action(word) for word in line.split()] == sequence


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("t-1,2,90", PlaceTile(Position(-1, 2), Rotation.R90)),
        ("t0,4,180", PlaceTile(Position(0, 4), Rotation.R180)),
        ("t3,-7,270", PlaceTile(Position(3, -7), Rotation.R270)),
        ("t0,0,0", PlaceTile(Position(0, 0), Rotation.R0)),
        ("d82", ChooseDouble(TileId(82))),
        ("m-1,2,0", PlaceMeeple(Position(-1, 2), 0)),
        ("c-1,2,1", PlaceCamp(Position(-1, 2), 1)),
        ("p", Pass()),
        ("*17", DrawTile(TileId(17))),
        ("*0", DrawTile(TileId(0))),
        ("t-999999999,999999999,90", PlaceTile(Position(-MAX_NUMBER, MAX_NUMBER), Rotation.R90)),
    ],
)
def test_the_documented_examples(text: str, action: Action) -> None:
    assert parse_action(text) == action
    assert format_action(action) == text


def _random_game_actions(state: GameState, rng: random.Random) -> list[tuple[Action, ...]]:
    """The legal actions of every state of a random game from ``state``."""
    seen = []
    while not state.is_terminal:
        legal = legal_actions(state)
        seen.append(legal)
        state = apply_action(state, random_action(state, rng))
    return seen


@pytest.mark.slow  # whole games
@games
@given(
    num_players=st.integers(min_value=2, max_value=5),
    draws=st.sampled_from(["seeded", "explicit"]),
    shuffle=st.sampled_from(Shuffle),
    seed=st.integers(min_value=0, max_value=2**63 - 1),
)
def test_every_legal_action_of_random_games_round_trips(
    num_players: int, draws: str, shuffle: Shuffle, seed: int
) -> None:
    rules = Rules(shuffle=shuffle)
    if draws == "explicit":
        state = new_game(num_players, rules=rules, draws="explicit")
    else:
        state = new_game(num_players, seed=seed, rules=rules)
    kinds: set[type] = set()
    for legal in _random_game_actions(state, random.Random(seed)):
        texts = [format_action(a) for a in legal]
        assert len(set(texts)) == len(texts)  # one text per legal action
        for action, text in zip(legal, texts):
            assert CANONICAL.fullmatch(text), text
            assert parse_action(text) == action
            kinds.add(type(action))
    assert {PlaceTile, Pass} <= kinds
    if draws == "explicit":
        assert DrawTile in kinds


# ---------------------------------------------------------------------------- canonical text

@pytest.mark.parametrize("text", ["t01,2,0", "t-0,2,0", "t0,2,090", "d082", "*007", "m0,0,00"])
def test_only_canonical_text_parses(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError:
        return
    assert format_action(action) == text


@given(st.text(alphabet="tdmcp*-,0123456789 x", max_size=14))
def test_text_that_parses_is_a_valid_action_shape(text: str) -> None:
    """Whatever parses has the shape of an action, whatever does not raises NotationError."""
    try:
        action = parse_action(text)
    except NotationError as error:
        assert error.text == text
        assert 0 <= error.index <= len(text)
        return
    assert re.fullmatch(r"t-?\d+,-?\d+,\d+|[mc]-?\d+,-?\d+,\d+|[d*]\d+|p", text), text
    assert parse_action(format_action(action)) == action


# ---------------------------------------------------------------------------- errors

@pytest.mark.parametrize(
    ("text", "index", "reason"),
    [
        ("", 0, "empty text"),
        ("x1", 0, "unknown action letter 'x' (expected t, d, m, c, p or *)"),
        ("T1,2,0", 0, "unknown action letter 'T'"),
        (" p", 0, "unknown action letter ' '"),
        ("t", 1, "expected a number, found the end"),
        ("t1", 2, "expected ',', found the end"),
        ("t1;2,0", 2, "expected ',', found ';'"),
        ("t1,2,", 5, "expected a number, found the end"),
        ("t1,2,45", 5, "rotation must be 0, 90, 180 or 270 degrees, not 45"),
        ("t1,2,-90", 5, "expected a number, found '-'"),
        ("t--1,0,0", 2, "expected a number, found '-'"),
        ("t-,0,0", 2, "expected a number, found ','"),
        ("t1,2,0 ", 6, "unexpected ' ' after the action"),
        ("t1,2,0,", 6, "unexpected ',' after the action"),
        ("c1,2,3,4", 6, "unexpected ',4' after the action"),
        ("m0,0,-1", 5, "expected a number, found '-'"),
        ("pp", 1, "unexpected 'p' after 'p'"),
        ("p ", 1, "unexpected ' ' after 'p'"),
        ("d", 1, "expected a number, found the end"),
        ("d-1", 1, "expected a number, found '-'"),
        ("*", 1, "expected a number, found the end"),
        ("*12x", 3, "unexpected 'x' after the action"),
        ("t1234567890,0,0", 1, "number too long"),
        ("m0,-1234567890,0", 4, "number too long"),
        ("t\u0661,2,0", 1, "expected a number, found '\u0661'"),  # a non-ASCII digit
        ("t\uff11,2,0", 1, "expected a number, found '\uff11'"),  # a full-width digit
    ],
)
def test_notation_error_says_where_and_why(text: str, index: int, reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(text)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.text == text
    assert error.index == index
    assert reason in error.reason
    assert str(error).startswith(f"bad action {text!r} at character {index + 1}: ")
    assert reason in str(error)


@given(st.text(max_size=30))
def test_any_text_parses_or_raises_notation_error(text: str) -> None:
    try:
        action = parse_action(text)
    except NotationError as error:
        assert error.text == text
        assert 0 <= error.index <= len(text)
        assert f"at character {error.index + 1}:" in str(error)
        assert error.reason
    else:
        assert parse_action(format_action(action)) == action


@pytest.mark.parametrize("value", [b"p", bytearray(b"p"), None, 1, 1.5, ["p"], Pass()])
def test_parse_action_of_a_non_str_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="expected a str"):
        parse_action(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", ["p", None, 3, Position(0, 0), Rotation.R0, (Pass(),)])
def test_format_action_of_a_non_action_is_a_type_error(value: object) -> None:
    with pytest.raises(TypeError, match="expected an action"):
        format_action(value)  # type: ignore[arg-type]


def test_a_subclass_of_str_is_refused() -> None:
    """Types are exact: a subclass of str could lie in ``__getitem__`` or
    ``__eq__`` and make other text read as an action."""
    class Word(str):
        pass

    with pytest.raises(TypeError, match="not Word \\(a subclass of str"):
        parse_action(Word("t1,2,90"))
