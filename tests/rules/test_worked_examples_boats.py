"""The worked examples of docs/rules.md about boats and Amazon scorings, each played
through the engine: a meeple on a Boat icon (example 1, R-T6), joined icons and a pass
(example 2, R-T4, R-T5c), and Amazon scorings with four players and with two (examples 5
and 10, R-A1–R-A4).  The examples about features and the final scoring are in
``test_worked_examples.py``.

Where an example's exact numbers are about ranking arithmetic, they are also checked on
the pure rule functions (``boat_track``, ``scoring``).  Positions follow README's
conventions; see ``tests/scenario.py``.
"""

from __future__ import annotations

from carcassonne_amazonas import Pass, PlaceTile, Position, legal_actions
from carcassonne_amazonas.rules.boat_track import amazon_scoring, dense_ranks
from carcassonne_amazonas.rules.events import AmazonScored, BoatAdvanced, BoatReason, FeatureScored
from carcassonne_amazonas.rules.scoring import river_points
from scenario import (
    R0,
    R90,
    R180,
    events_of,
    play,
    start_game,
    tile_named,
    turn,
)

MEEPLE = BoatReason.BOAT_ICONS_MEEPLE
JOINED = BoatReason.BOAT_ICONS_JOINED
NO_PIECE = BoatReason.NO_PIECE
AMAZON = BoatReason.AMAZON_SCORING


# ---------------------------------------------------------------------------- example 1


def test_example_1_meeple_on_tributary_with_one_boat_icon_advances_boat_one_space() -> None:
    """Worked example 1 (R-T6): a meeple placed on a tributary with 1 Boat icon
    advances its owner's boat by 1 at once; placing it is the piece step, so
    there is no R-T5c advance on top."""
    state = start_game(2, "S01.4")
    assert state.tile_in_hand is not None
    assert state.tile_in_hand.total_icons.boats == 1
    # (2,0): west jungle against the start tile; the tributary runs N-S, touching nothing.
    after, events = turn(state, 2, 0, R0, meeple="t")
    assert events_of(events, BoatAdvanced) == [BoatAdvanced(0, MEEPLE, 1, 2)]
    assert after.boats == (2, 1)
    assert after.players[0].meeples_in_supply == 3
    assert after.scores == (0, 0)
    assert after.current_player == 1


def test_example_1_boat_icon_elsewhere_on_the_tributary_counts_too() -> None:
    """Worked example 1, R-T6 "every Boat icon on that whole tributary": the icon
    is on the start tile's north creek, the meeple on an icon-free tile joined to it."""
    state = start_game(2, "S01.1")
    after, events = turn(state, 1, -1, R0, meeple="t")
    assert events_of(events, BoatAdvanced) == [BoatAdvanced(0, MEEPLE, 1, 2)]
    assert after.boats == (2, 1)


def test_example_1_contrast_meeple_on_tributary_without_boat_icons_does_not_move() -> None:
    """R-T6 contrast: no Boat icon on the tributary, no advance (and no R-T5c advance)."""
    state = start_game(2, "S01.1")
    after, events = turn(state, 2, 0, R0, meeple="t")
    assert events_of(events, BoatAdvanced) == []
    assert after.boats == (1, 1)


# ---------------------------------------------------------------------------- example 2


def test_example_2_tile_connects_two_boat_icons_and_no_piece_advances_three() -> None:
    """Worked example 2 (R-T4, R-T5c): player 0's meeple is on a tributary without
    icons; player 0 adds a tile (1 Boat icon) that also joins the north creek
    (1 Boat icon): 2 icons newly connected, +2, and no piece, +1: 3 spaces."""
    state = start_game(2, "S01.1", "S01.2", "S03.6")
    # Player 0: straight E-W tributary above the source, meeple on it (0 icons).
    state, events = turn(state, 0, -1, R90, meeple="t")
    assert events_of(events, BoatAdvanced) == []
    # Player 1 places elsewhere and passes.
    state, events = turn(state, 2, 0, R0)
    assert events_of(events, BoatAdvanced) == [BoatAdvanced(1, NO_PIECE, 1, 2)]
    # Player 0: a curve with a Boat icon joins the meeple's tributary (west) and
    # the start tile's north creek (south, 1 Boat icon).
    assert state.tile_in_hand == tile_named("S03.6")
    state, events = turn(state, 1, -1, R0)
    assert events_of(events, BoatAdvanced) == [
        BoatAdvanced(0, JOINED, 1, 3),
        BoatAdvanced(0, NO_PIECE, 3, 4),
    ]
    assert state.boats == (4, 2)
    # The tributary is still open at the west end of (0,-1): nothing scored.
    assert events_of(events, FeatureScored) == []
    assert state.scores == (0, 0)
    assert state.players[0].meeples_in_supply == 3


# ---------------------------------------------------------------------------- example 5


def test_example_5_amazon_scoring_four_players() -> None:
    """Worked example 5 (R-A1, R-A2, R-A4), four players: an Amazon tile with
    3 caimans and 1 piranha; the leader scores 4, two boats tied for second
    score 1 each, the last player scores 0 and advances 1."""
    state = start_game(4, "S01.1", "S01.2", "S01.3", "S01.8", "A1.1")
    state, _ = turn(state, 2, 0, R0)                       # player 0 passes: 2
    state, _ = turn(state, -1, 0, R0)                      # player 1 passes: 2
    state, _ = turn(state, 0, -1, R90)                     # player 2 passes: 2
    state, events = turn(state, 2, 1, R0, meeple="t")      # player 3 places a meeple: 1
    assert events_of(events, BoatAdvanced) == []
    assert state.boats == (2, 2, 2, 1)
    amazon_tile = tile_named("A1.1")
    assert state.tile_in_hand == amazon_tile
    icons = amazon_tile.total_icons
    assert (icons.caimans, icons.piranhas) == (3, 1)
    # R-G6: an Amazon tile goes only just downstream of the river end, 0° or 180°.
    assert set(legal_actions(state)) == {PlaceTile(Position(0, 4), R0),
                                         PlaceTile(Position(0, 4), R180)}
    state, events = play(state, PlaceTile(Position(0, 4), R0), Pass())
    assert events_of(events, AmazonScored) == [
        AmazonScored(amazon_tile.id, 3, 1, (1, 2, 2, 3), (4, 1, 1, 0))]
    assert events_of(events, BoatAdvanced) == [
        BoatAdvanced(0, NO_PIECE, 2, 3),
        BoatAdvanced(3, AMAZON, 1, 2),
    ]
    assert state.scores == (4, 1, 1, 0)
    assert state.boats == (3, 2, 2, 2)
    assert state.track_length == 8 + 1
    assert [p.breakdown.amazon for p in state.players] == [4, 1, 1, 0]


def test_example_5_arithmetic() -> None:
    """Worked example 5 (R-A1, R-A2) on the boat-track functions."""
    boats = (7, 5, 5, 2)
    assert dense_ranks(boats) == (1, 2, 2, 3)
    assert amazon_scoring(boats, 3, 1) == (4, 1, 1, 0)
    # R-A1: distances do not matter, only the order of occupied spaces.
    assert amazon_scoring((12, 3, 3, 2), 3, 1) == (4, 1, 1, 0)


# ---------------------------------------------------------------------------- example 10


def test_example_10_arithmetic() -> None:
    """Worked example 10 (R-A3, R-A2), two players: the second boat scores only
    when directly behind the first; two spaces behind it scores 0."""
    red, blue = 5, 3
    assert amazon_scoring((red, blue), 3, 1) == (4, 0)
    assert amazon_scoring((red, red - 1), 3, 1) == (4, 1)   # directly behind: piranhas
    assert amazon_scoring((red, red), 3, 1) == (4, 4)       # same space: both first
    assert river_points((red, blue), (6, 3)) == (6, 0)      # R-E5 with R-A3


def test_example_10_two_players_second_boat_two_behind_scores_zero_and_advances() -> None:
    """Worked example 10 (R-A3, R-A4): player 0 (Red) leads, player 1 (Blue) is
    two spaces behind when an Amazon tile is scored: Red scores 3 + 1, Blue
    scores 0 and advances 1."""
    state = start_game(2, "S01.1", "S01.8", "A1.1")
    state, _ = turn(state, 2, 0, R0)                     # Red passes: 2
    state, _ = turn(state, 2, 1, R0, meeple="t")         # Blue places a meeple: 1
    state, events = play(state, PlaceTile(Position(0, 4), R0), Pass())   # Red passes: 3
    amazon_tile = tile_named("A1.1")
    assert events_of(events, AmazonScored) == [
        AmazonScored(amazon_tile.id, 3, 1, (1, 2), (4, 0))]
    assert events_of(events, BoatAdvanced) == [
        BoatAdvanced(0, NO_PIECE, 2, 3),
        BoatAdvanced(1, AMAZON, 1, 2),
    ]
    assert state.scores == (4, 0)
    assert state.boats == (3, 2)


def test_example_10_contrast_directly_behind_scores_the_piranhas() -> None:
    """R-A3 contrast: Blue directly behind Red scores second place (1 piranha)
    and so does not advance (R-A4)."""
    state = start_game(2, "S01.1", "S01.8", "A1.1")
    state, _ = turn(state, 2, 0, R0)                     # Red passes: 2
    state, _ = turn(state, 2, 1, R0)                     # Blue passes: 2
    state, events = play(state, PlaceTile(Position(0, 4), R0), Pass())   # Red: 3
    assert events_of(events, AmazonScored)[0].points == (4, 1)
    assert events_of(events, BoatAdvanced) == [BoatAdvanced(0, NO_PIECE, 2, 3)]
    assert state.scores == (4, 1)
    assert state.boats == (3, 2)
