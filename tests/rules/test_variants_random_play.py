"""Random play under every combination of the options (R-V1 competition ranking, R-V2
per-camp scoring, R-V3 the bonus river tiles): a few whole games per combination,
seeded and with explicit draws, 2-5 players.  After every action: every invariant of
``check_invariants`` holds; the events account for every point and boat move; each
Amazon scoring ranks the boats by the game's option (R-V1) and scores by it
(R-A1–R-A3), and those who scored nothing advance (R-A4); the track is the start side
plus 1 per Amazon tile and 2 per double tile placed (R-T9), with at most one double per
"!" tile (R-T3).  At the end: each jungle pays by the game's camp scoring (R-V2, R-E4,
R-M1), the river stays dense (R-E5), the track is as long as in a base game, scores stay
within the observation's bound, and the game survives a snapshot and a record round
trip.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from carcassonne_amazonas import (
    AmazonRanking,
    AmazonScored,
    BoatAdvanced,
    BoatReason,
    CampScoring,
    FeatureScored,
    GameRecord,
    JungleScored,
    RiverScored,
    Rules,
    TileKind,
    apply_action_with_events,
    new_game,
    reference_tileset,
    state_from_json,
    state_to_json,
)
from carcassonne_amazonas.ai.observation import observation_layout, observation_upper_bounds
from carcassonne_amazonas.rules.boat_track import amazon_scoring, dense_ranks, ranks
from carcassonne_amazonas.rules.state import GameState
from carcassonne_amazonas.testing import check_invariants
from games import random_action

# ---------------------------------------------------------------------------- random play

COMBINATIONS = [(ranking, camps, bonus) for ranking in AmazonRanking for camps in CampScoring
                for bonus in (False, True)]
# Each combination once, with explicit draws when an odd number of its options differ
# from the defaults: each draw mode meets each value of each option (R-V1–R-V3), as the
# 16 setups of every combination in both modes did, in half the games.
SETUPS = [((ranking, camps, bonus),
           "explicit" if ((ranking is AmazonRanking.COMPETITION) + (camps is CampScoring.PER_CAMP)
                          + bonus) % 2 else "seeded")
          for ranking, camps, bonus in COMBINATIONS]


def _id(setup: tuple[tuple[AmazonRanking, CampScoring, bool], str]) -> str:
    (ranking, camps, bonus), draws = setup
    return f"{ranking.value}-{camps.value}-{'bonus' if bonus else 'base'}-{draws}"


@pytest.mark.parametrize("setup", SETUPS, ids=[_id(s) for s in SETUPS])
def test_random_play_under_every_combination_of_options(
        setup: tuple[tuple[AmazonRanking, CampScoring, bool], str]) -> None:
    (ranking, camp_scoring, bonus), draws = setup
    index = SETUPS.index(setup)
    num_players = 2 + index % 4
    rules = Rules(tileset=reference_tileset(bonus_river=bonus), amazon_ranking=ranking,
                  camp_scoring=camp_scoring)
    if draws == "explicit":
        state = new_game(num_players, draws="explicit", rules=rules)
    else:
        state = new_game(num_players, seed=900 + index, rules=rules)
    rng = random.Random(index)
    initial = state
    actions = []
    start = rules.tileset.start_side(num_players).river_spaces
    all_doubles = Counter(t.id for t in rules.tileset.double_tiles)
    while not state.is_terminal:
        action = random_action(state, rng)
        after, events = apply_action_with_events(state, action)
        _check_step(state, after, events, rules)
        assert check_invariants(after) == []
        kinds = Counter(p.tile.kind for p in after.board.placements)
        exclamations = sum(1 for p in after.board.placements if p.tile.layout.exclamation)
        assert after.track_length == start + kinds[TileKind.AMAZON] + 2 * kinds[TileKind.DOUBLE]
        assert kinds[TileKind.DOUBLE] <= exclamations
        placed = Counter(p.tile.id for p in after.board.placements
                         if p.tile.kind is TileKind.DOUBLE)
        hand = after.tile_in_hand
        in_hand = Counter([hand.id] if hand is not None and hand.kind is TileKind.DOUBLE else [])
        assert placed + in_hand + Counter(t.id for t in after.doubles_left) == all_doubles
        actions.append(action)
        state = after
    assert state.track_length == start + 15 + 2 * 3
    assert len(state.doubles_left) == len(rules.tileset.double_tiles) - 3
    layout = observation_layout(rules)
    bound = observation_upper_bounds(rules)[layout.field("scores")][0]
    assert max(state.scores) <= bound
    assert state_from_json(state_to_json(state)) == state
    record = GameRecord.from_json(GameRecord.from_game(initial, actions).to_json())
    assert record.rules == rules and record.final_state() == state


def _check_step(before: GameState, after: GameState, events: tuple[object, ...],
                rules: Rules) -> None:
    """The events of one action, read against the options."""
    boats = list(before.boats)
    gained = [0] * before.num_players
    for index, event in enumerate(events):
        if isinstance(event, BoatAdvanced):
            assert event.from_space == boats[event.player]
            boats[event.player] = event.to_space
        elif isinstance(event, AmazonScored):
            _check_amazon_scoring(event, tuple(boats), events[index + 1:], after, rules)
        elif isinstance(event, JungleScored):
            _check_jungle_scoring(event, rules)
        elif isinstance(event, RiverScored):
            assert event.ranks == dense_ranks(tuple(boats))  # R-E5 stays dense
        if isinstance(event, (AmazonScored, JungleScored, RiverScored, FeatureScored)):
            for player, points in enumerate(event.points):
                gained[player] += points
    assert tuple(boats) == after.boats
    assert [a - b for a, b in zip(after.scores, before.scores)] == gained


def _check_amazon_scoring(event: AmazonScored, boats: tuple[int, ...],
                          later_events: tuple[object, ...], after: GameState,
                          rules: Rules) -> None:
    """An Amazon scoring, with the boats before it, ranks and scores by the game's
    option (R-V1, R-A1–R-A3), and the events after it advance those who scored nothing."""
    assert event.ranking is rules.amazon_ranking  # R-V1
    assert event.ranks == ranks(boats, rules.amazon_ranking)
    assert event.points == amazon_scoring(boats, event.caimans, event.piranhas,
                                          rules.amazon_ranking)
    # R-A4: right after it, each player who scored nothing advances 1 (R-T9 may stop
    # a boat at the end of the track), and nobody else.
    nothing = {p for p, points in enumerate(event.points)
               if not points and boats[p] < after.track_length}
    advanced = set()
    for later in later_events:
        if not isinstance(later, BoatAdvanced):
            break
        assert later.reason is BoatReason.AMAZON_SCORING
        assert later.to_space == later.from_space + 1
        advanced.add(later.player)
    assert advanced == nothing


def _check_jungle_scoring(event: JungleScored, rules: Rules) -> None:
    """A jungle pays its majority by the game's camp scoring (R-V2, R-E4, R-M1)."""
    assert event.camp_scoring is rules.camp_scoring  # R-V2
    most = max(event.camps)
    for camps, points in zip(event.camps, event.points):
        per_camp = camps if rules.camp_scoring is CampScoring.PER_CAMP else 1
        assert points == (event.animals * per_camp if camps == most else 0)  # R-M1
