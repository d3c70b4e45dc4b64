"""The Amazon Bonus River tiles (variant R-V3): ``reference_tileset(bonus_river=True)``.

The mini-expansion adds two Amazon double tiles to the double tiles set aside
(R-C4), from which a player chooses after a "!" tile (R-T3).  The library ships
them as a labelled reconstruction, an add-on file read after the reference set
and validated with it.  Tested here: the data, the choice of six doubles, the
track (R-T9: 2 spaces per double placed; with three "!" tiles at most three
doubles, so the final track is as long as in the base game and the unused
doubles stay aside), the sizes derived from the tile set (action encoding,
observation), chance probabilities, snapshots and records that load without
being given the tile set, and the pictures.
"""

from __future__ import annotations

import importlib.resources
import random
from pathlib import Path

import pytest

from carcassonne_amazonas import (
    Action,
    ChooseDouble,
    DoubleChosen,
    GameRecord,
    Pass,
    Phase,
    PlaceTile,
    Position,
    RecordError,
    Rules,
    TileKind,
    apply_action,
    chance_outcomes,
    legal_actions,
    load_tileset,
    new_game,
    parse_tileset,
    reference_tileset,
    state_from_json,
    state_to_json,
    tileset_problems,
)
from carcassonne_amazonas.ai.encoding import (
    NUM_DISTINCT_ACTIONS,
    action_space,
    decode_action,
    encode_action,
    legal_action_mask,
    num_distinct_actions,
)
from carcassonne_amazonas.ai.observation import (
    observation_layout,
    observation_tensor,
    observation_upper_bounds,
)
from carcassonne_amazonas.render.svg import tile_svg
from carcassonne_amazonas.render.text import board_text
from carcassonne_amazonas.tiles.reference import shipped_tileset
from games import play_random
from perft import POSITIONS, perft, start_position
from scenario import R0, play, start_game

BASE = reference_tileset()
BONUS = reference_tileset(bonus_river=True)
BONUS_RULES = Rules(tileset=BONUS)
DATA = importlib.resources.files("carcassonne_amazonas.tiles") / "data"


# ---------------------------------------------------------------------------- the data

def test_the_bonus_set_is_the_reference_set_plus_two_double_tiles() -> None:
    """R-V3, R-C4: 6 double tiles (the base 4 and D5, D6), all different, each 1x2 with
    2 river spaces; every other tile is the base set's, with the same name, id and
    icons, so land-tile ids (and their action numbers) are shared."""
    assert BONUS.name == "amazonas-bonus-river"
    assert "Bonus River" in BONUS.title and "reconstructed" in BONUS.title
    assert [t.name for t in BONUS.double_tiles] == ["D1.1", "D2.1", "D3.1", "D4.1", "D5.1",
                                                   "D6.1"]
    assert len({t.layout.name for t in BONUS.double_tiles}) == 6
    assert all((t.layout.width, t.layout.height, t.layout.river_spaces) == (1, 2, 2)
               for t in BONUS.double_tiles)
    for tile in BASE.tiles:
        twin = BONUS.tile(tile.id)
        assert (twin.name, twin.icons, twin.layout.name) == (tile.name, tile.icons,
                                                              tile.layout.name)
    assert [t.id for t in BONUS.land_tiles] == [t.id for t in BASE.land_tiles]
    assert BONUS.start_sides == BASE.start_sides
    assert len(BONUS.tiles) == len(BASE.tiles) + 2
    assert BONUS != BASE and BONUS.checksum != BASE.checksum


def test_the_bonus_tiles_are_a_labelled_reconstruction_with_river_and_icons() -> None:
    """R-V3, R-F7: the add-on file says it is a reconstruction; each bonus double
    shows caimans or piranhas in the Amazon, and its icons add to the totals the
    file states (checked on load by 'icon-totals')."""
    text = (DATA / "amazonas-bonus-river.tiles").read_text(encoding="utf-8")
    assert "THIS IS A RECONSTRUCTION" in text
    assert "icon-totals boats 17 fruit 22 animals 38 caimans 36 piranhas 14" in text
    for name in ("D5.1", "D6.1"):
        icons = BONUS.tile_named(name).total_icons
        assert icons.caimans + icons.piranhas > 0
    totals = BONUS.icon_totals
    assert (totals.boats, totals.fruit, totals.animals, totals.caimans, totals.piranhas) == (
        17, 22, 38, 36, 14)
    assert max(len(t.layout.segments) for t in BONUS.tiles if t.kind is not TileKind.START) == \
        max(len(t.layout.segments) for t in BASE.tiles if t.kind is not TileKind.START)


def test_the_add_on_is_validated_with_the_base_set() -> None:
    """The add-on is read after the base file as one text (later 'tileset', 'title',
    'expect' and 'icon-totals' lines replace earlier ones); it is not a set alone, and
    a mistake in it is reported like any other."""
    base = (DATA / "amazonas.tiles").read_text(encoding="utf-8")
    addon = (DATA / "amazonas-bonus-river.tiles").read_text(encoding="utf-8")
    assert tileset_problems(base + "\n" + addon) == []
    assert parse_tileset(BONUS.source).checksum == BONUS.checksum
    assert any("start tile" in p for p in tileset_problems(addon))
    broken = addon.replace("river:caiman river:piranha*2", "river:caiman v:boat")
    problems = tileset_problems(base + "\n" + broken)
    assert any("layout D5" in p and "boat icon cannot lie on village" in p for p in problems)
    assert any("icon-totals" in p for p in problems)


def test_reference_tileset_options() -> None:
    assert reference_tileset(bonus_river=False) is BASE
    assert reference_tileset(bonus_river=True) is BONUS
    with pytest.raises(TypeError, match="bonus_river: expected a bool"):
        reference_tileset(bonus_river=1)  # type: ignore[arg-type]


def test_the_shipped_sets_are_recognised_by_checksum(tmp_path: Path) -> None:
    assert shipped_tileset(BASE.checksum) is BASE
    assert shipped_tileset(BONUS.checksum) is BONUS
    assert shipped_tileset("ab" * 32) is None
    path = tmp_path / "bonus.tiles"
    path.write_text(BONUS.source, encoding="utf-8")
    assert load_tileset(path) == BONUS


# ---------------------------------------------------------------------------- in play

def test_the_choice_at_the_first_exclamation_tile_offers_six_doubles() -> None:
    """R-V3 with R-T3: after the first "!" tile the player chooses among all six double
    tiles (four without the bonus tiles)."""
    for tileset, count in ((BONUS, 6), (BASE, 4)):
        state = start_game(3, "A3.1", tileset=tileset)
        state = apply_action(state, PlaceTile(Position(0, 4), R0))
        assert state.phase is Phase.CHOOSE_DOUBLE
        choices = legal_actions(state)
        assert choices == tuple(ChooseDouble(t.id) for t in tileset.double_tiles)
        assert len(choices) == count


def test_three_exclamation_tiles_place_at_most_three_doubles() -> None:
    """R-V3 with R-T3, R-T9, worked by hand for 3 players (16 start spaces): each
    player in turn places a "!" tile (+1 space) and a double (+2 spaces): the track
    grows 16 -> 19 -> 22 -> 25, the choice shrinks 6 -> 5 -> 4, and three doubles
    stay aside.  Played to the end, the track is 16 + 15 Amazon tiles + 2 x 3 = 37,
    as in a base game, and the three unused doubles are still aside."""
    state = start_game(3, "A3.1", "A3.2", "A3.3", tileset=BONUS)
    chosen = ["D5.1", "D6.1", "D1.1"]
    row = 4
    for turn, name in enumerate(chosen):
        assert state.track_length == 16 + 3 * turn
        state = apply_action(state, PlaceTile(Position(0, row), R0))
        assert state.track_length == 16 + 3 * turn + 1
        assert len(legal_actions(state)) == 6 - turn
        state, events = play(state, ChooseDouble(BONUS.tile_named(name).id),
                             PlaceTile(Position(0, row + 1), R0))
        assert [e.tile for e in events if isinstance(e, DoubleChosen)] == [
            BONUS.tile_named(name).id]
        assert state.track_length == 16 + 3 * turn + 3       # 2 spaces for the double
        state = apply_action(state, Pass())
        row += 3
    assert state.track_length == 25
    assert [t.name for t in state.doubles_left] == ["D2.1", "D3.1", "D4.1"]
    final = play_random(state, random.Random(1)).states[-1]
    assert final.is_terminal
    assert final.track_length == 16 + 15 + 2 * 3 == 37
    assert [t.name for t in final.doubles_left] == ["D2.1", "D3.1", "D4.1"]
    placed = [p.tile.name for p in final.board.placements if p.tile.kind is TileKind.DOUBLE]
    assert placed == chosen


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_whole_bonus_games_end_with_the_base_track_length(num_players: int) -> None:
    """R-V3, R-T9: in any complete game the track is start spaces + 15 + 2 x 3, with or
    without the bonus tiles; 3 doubles are placed and the others stay aside."""
    for tileset in (BASE, BONUS):
        state = new_game(num_players, seed=num_players, rules=Rules(tileset=tileset))
        final = play_random(state, random.Random(num_players)).states[-1]
        start = tileset.start_side(num_players).river_spaces
        assert final.track_length == start + 15 + 6
        placed = [p.tile for p in final.board.placements if p.tile.kind is TileKind.DOUBLE]
        assert len(placed) == 3
        assert len(final.doubles_left) == len(tileset.double_tiles) - 3
        assert set(placed).isdisjoint(final.doubles_left)


# ---------------------------------------------------------------------------- derived sizes

def test_the_action_encoding_grows_by_the_two_choices() -> None:
    """Every size is derived from the tile set: the same board window (3 "!" tiles
    still bring in 3 doubles at most), the same piece blocks (the bonus doubles have
    at most 8 segments), 2 more ChooseDouble actions; the land tiles keep their
    DrawTile numbers."""
    base, bonus = action_space(), action_space(BONUS_RULES)
    assert (bonus.width, bonus.height, bonus.max_segments) == (base.width, base.height,
                                                               base.max_segments)
    assert bonus.double_ids == tuple(t.id for t in BONUS.double_tiles)
    assert num_distinct_actions(BONUS_RULES) == NUM_DISTINCT_ACTIONS + 2 == bonus.size
    assert bonus.draw_base == base.draw_base + 2
    state = start_game(2, "A3.1", tileset=BONUS)
    state = apply_action(state, PlaceTile(Position(0, 4), R0))
    for action in legal_actions(state):
        index = encode_action(state, action)
        assert base.double_base <= index < bonus.draw_base
        assert decode_action(state, index) == action
    mask = legal_action_mask(state)
    assert len(mask) == bonus.size and sum(mask) == 6


def test_the_observation_grows_by_two_layouts_and_two_doubles() -> None:
    """observation: 2 more layouts in hand_layout and tiles_left, 2 more doubles_left
    entries; the bounds follow (the track is at most 16 + 15 + 6 with either set)."""
    base, bonus = observation_layout(), observation_layout(BONUS_RULES)
    assert bonus.size == base.size + 6
    assert bonus.fields["hand_layout"][1] == base.fields["hand_layout"][1] + 2
    assert bonus.fields["doubles_left"][1] == 6
    state = start_game(2, "A3.1", tileset=BONUS)
    tensor = observation_tensor(state, 0)
    assert len(tensor) == bonus.size
    assert tensor[bonus.field("doubles_left")] == [1.0] * 6
    bounds = observation_upper_bounds(BONUS_RULES)
    assert bounds[bonus.field("track_length")] == [37.0]
    assert observation_upper_bounds()[base.field("track_length")] == [37.0]
    assert all(0 <= value <= bound for value, bound in zip(tensor, bounds))


def test_chance_probabilities_are_those_of_the_base_game() -> None:
    """Double tiles are chosen, never drawn: played with the same actions (a base
    double whenever one is chosen), an explicit-draws bonus game has the base game's
    chance outcomes at every draw, tile for tile, adding up to 1, and the same end."""
    bonus = new_game(4, draws="explicit", rules=BONUS_RULES)
    base = new_game(4, draws="explicit")
    rng = random.Random(4)
    draws = 0
    while not base.is_terminal:
        if base.is_chance_node:
            outcomes = chance_outcomes(bonus)
            assert outcomes == chance_outcomes(base)
            assert sum(p for _, p in outcomes) == 1
            draws += 1
            action: Action = rng.choices([a for a, _ in outcomes],
                                         [float(p) for _, p in outcomes])[0]
        else:
            action = rng.choice(legal_actions(base))
        base, bonus = apply_action(base, action), apply_action(bonus, action)
    assert draws == len(BASE.land_tiles)
    assert bonus.is_terminal and bonus.scores == base.scores
    assert len(bonus.doubles_left) == len(base.doubles_left) + 2


# ---------------------------------------------------------------------------- saved games

def test_snapshots_and_records_of_bonus_games_load_without_the_tile_set() -> None:
    """The shipped sets are recognised by checksum, so a bonus game's documents load
    with no tileset argument; a wrong set given by hand is refused."""
    initial = new_game(3, seed=9, rules=BONUS_RULES)
    game = play_random(initial, random.Random(9))
    final = game.states[-1]
    assert state_from_json(state_to_json(final)) == final
    middle = game.states[len(game.states) // 2]
    assert state_from_json(state_to_json(middle)).rules.tileset is BONUS
    record = GameRecord.from_game(initial, game.actions)
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record and loaded.final_state() == final
    with pytest.raises(RecordError, match="the game uses tile set 'amazonas-bonus-river'"):
        GameRecord.from_json(record.to_json(), BASE)
    explicit = new_game(2, draws="explicit", rules=BONUS_RULES)
    assert state_from_json(state_to_json(explicit)) == explicit


def test_bonus_doubles_are_drawn() -> None:
    """The pictures handle the new layouts: the SVG of each rotation, and the text
    board of a game where a bonus double lies on the river."""
    for name in ("D5.1", "D6.1"):
        tile = BONUS.tile_named(name)
        for rotation in tile.layout.rotations:
            assert tile_svg(tile, rotation).startswith("<svg")
    state = start_game(2, "A3.1", tileset=BONUS)
    state, _ = play(state, PlaceTile(Position(0, 4), R0),
                    ChooseDouble(BONUS.tile_named("D6.1").id), PlaceTile(Position(0, 5), R0))
    assert board_text(state)


def test_perft_of_the_bonus_positions_by_hand() -> None:
    """The golden perft positions of the bonus set (tests/data/perft.json) start
    with what can be counted by hand: 2 rotations of the "!" tile x 6 doubles = 12
    sequences of 2 actions (8 with the base set's 4); in the 2-player position the
    second "!" tile finds only 5 doubles left, so depth 6 is 5 x depth 5."""
    positions = {p["name"]: p for p in POSITIONS}
    bonus = start_position(positions["3p-bonus-exclamation-first"])
    base = start_position(positions["3p-exclamation-first"])
    assert (perft(bonus, 1), perft(bonus, 2), perft(bonus, 3)) == (2, 2 * 6, 2 * 6 * 2)
    assert (perft(base, 1), perft(base, 2)) == (2, 2 * 4)
    two = start_position(positions["2p-bonus-two-exclamations"])
    assert perft(two, 6) == 5 * perft(two, 5)
