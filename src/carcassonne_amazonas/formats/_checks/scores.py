"""The checks of a state's boats and scores (R-T9, R-C9, R-T4–R-T6, R-A1–R-A4, R-T7,
R-E2–R-E5): part of :func:`~carcassonne_amazonas.formats.problems.state_problems`.

The track length is the start side's spaces plus the river tiles'; every boat lies
on it, no further than the turns, icons and Amazon scorings so far can have moved it.
Each score is its breakdown's total; camp and river points come only with the final
scoring, which is exactly what :func:`~carcassonne_amazonas.rules.final_scoring.final_scoring`
gives for the board and boats; completed-feature and Amazon points are sums that the
completed features and the river tiles scored so far can have paid.

Those two checks are subset sums, a bit set as wide as the points at stake.  Its width is
bounded by the tile-set format, not by the snapshot: a game's tile set is what its own
source text gives (checked first, in ``types``), a set has at most 400 tiles and a copy at
most 99 icons in all (docs/tileset.md), so no feature or Amazon scoring is worth more than
a few hundred points and the bit set stays under 100,000 bits, whatever the numbers in
the snapshot (a score larger than the sum at stake is refused before the bit set is made).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterator

from ..._support.wording import plural, show_int
from ...rules.boat_track import advanced_space
from ...rules.final_scoring import final_scoring
from ...rules.players import PlayerState
from ...rules.scoring import (
    FINAL_SCORE_CATEGORIES,
    SCORE_CATEGORIES,
    FinalScore,
    ScoreBreakdown,
    completed_points,
)
from ...rules.state import GameState, Phase
from ...tiles.layout import Terrain
from ...tiles.tileset import Tile
from .derivation import Derivation, turn_player
from .facts import Facts, Problem, problem

__all__ = ["river_problems", "score_problems", "score_sum_problems"]


# ---------------------------------------------------------------------------- the river

def river_problems(facts: Facts, derivation: Derivation) -> Iterator[Problem]:
    """R-T9, R-C9 and the boats' bound (R-T4–R-T6, R-A4)."""
    state = facts.state
    start_spaces = facts.tileset.start_side(facts.num_players).river_spaces
    river_spaces = sum(p.tile.layout.river_spaces for p in facts.placements)
    track = start_spaces + river_spaces
    if state.track_length != track:
        yield problem("track_length", f"{show_int(state.track_length)}, but the start side "
                      f"({start_spaces} spaces) and the river tiles placed ({river_spaces}) "
                      f"give {track}", "R-T9")
    turns = derivation.turns
    done = len(turns) - (1 if facts.in_turn and turns else 0)
    # More pending scorings than river tiles is the pile checks' problem (R-T8): none here.
    scorings = max(0, sum(1 for p in facts.placements if p.tile.kind.is_river) -
                   len(state.pending_amazon))
    icons = sum(icons.boats for p in facts.placements for icons in p.tile.icons)
    own_pieces = Counter(player for feature in derivation.graph
                         for _, player in feature.pieces)
    for index, supply in enumerate(state.players):
        boat = supply.boat
        if not 1 <= boat <= track:
            yield problem(f"players[{index}].boat", f"space {show_int(boat)} is off the "
                          f"explored river, spaces 1..{track}", "R-C9", "R-T9")
            continue
        own_turns = sum(1 for t in range(done)
                        if turn_player(t, state.rules.first_player, facts.num_players) == index)
        most = advanced_space(1, own_turns - own_pieces[index] + scorings + icons, track)
        if boat > most:
            yield problem(f"players[{index}].boat", f"space {show_int(boat)}, but "
                          f"{plural(own_turns, 'turn')} with "
                          f"{plural(own_pieces[index], 'piece')} still down, "
                          f"{plural(scorings, 'Amazon scoring')} and "
                          f"{plural(icons, 'Boat icon')} move a boat to space {most} "
                          "at most", "R-T4", "R-T5", "R-T6", "R-A4")


# ---------------------------------------------------------------------------- scores

def score_sum_problems(facts: Facts) -> Iterator[Problem]:
    """R-T7, R-A2, R-E4, R-E5: what can be checked of the scores when the board could not
    be replayed."""
    for index, supply in enumerate(facts.state.players):
        yield from _score_sum_problems(facts.state, index, supply)


def _score_sum_problems(state: GameState, index: int, supply: PlayerState) -> Iterator[Problem]:
    """R-T7, R-A2, R-E2, R-E4, R-E5: a player's score is its breakdown's total, of no
    negative parts, with no camp or river points before the final scoring."""
    breakdown = supply.breakdown
    parts = [getattr(breakdown, k) for k in SCORE_CATEGORIES]
    if any(part < 0 for part in parts):
        yield problem(f"players[{index}].breakdown", "has negative points", "R-T7", "R-A2")
    elif supply.score != sum(parts):
        yield problem(f"players[{index}].score", f"{show_int(supply.score)} is not the sum "
                      f"of its breakdown ({show_int(sum(parts))})", "R-T7", "R-A2", "R-E2")
    elif state.phase is not Phase.GAME_OVER and (breakdown.camps or breakdown.river):
        yield problem(f"players[{index}].breakdown", "has camp or river points before the "
                      "final scoring", "R-E4", "R-E5")


def score_problems(facts: Facts, derivation: Derivation) -> Iterator[Problem]:
    """R-T7, R-A1, R-A2, R-E2–R-E5: what the board can have paid."""
    state = facts.state
    over = state.phase is Phase.GAME_OVER
    finals = final_scoring(state.rules, derivation.graph, state.boats).final_scores \
        if over else None
    if finals is not None and state.final_scoring != finals:
        shown = "; ".join(" ".join(show_int(getattr(f, k)) for k in FINAL_SCORE_CATEGORIES)
                          for f in finals)
        yield problem("final_scoring", "is not what the board and boats give at the end "
                      f"(tributaries villages camps river per player: {shown})",
                      "R-E2", "R-E3", "R-E4", "R-E5")
    completed = _completed_values(facts, derivation)
    river_tiles = [p.tile for p in facts.placements if p.tile.kind.is_river]
    scored = river_tiles[:max(0, len(river_tiles) - len(state.pending_amazon))]
    for index, supply in enumerate(state.players):
        wrong_sum = list(_score_sum_problems(state, index, supply))
        if wrong_sum:
            yield from wrong_sum
            continue
        final = finals[index] if finals is not None else FinalScore()
        yield from _paid_problems(index, supply.breakdown, final, over, completed, scored)
    amazon_total = sum(p.breakdown.amazon for p in state.players)
    least = sum(_amazon_place_points(t)[1] for t in scored)
    if amazon_total < least:
        yield problem("players", f"have {plural(amazon_total, 'Amazon point')} in all, but "
                      f"the first places of the {plural(len(scored), 'Amazon scoring')} so "
                      f"far paid {least}", "R-A1", "R-A2")


def _completed_values(facts: Facts, derivation: Derivation) -> dict[Terrain, list[int]]:
    """The points of each completed tributary and village scored so far (not those of the
    turn under way, whose scoring comes at its end), by terrain."""
    current = set(derivation.turns[-1]) if facts.in_turn and derivation.turns else set()
    completed: dict[Terrain, list[int]] = {Terrain.TRIBUTARY: [], Terrain.VILLAGE: []}
    for feature in derivation.graph:
        if feature.is_completed and not feature.placement_indices & current:
            completed[feature.terrain].append(completed_points(feature))
    return completed


def _paid_problems(index: int, breakdown: ScoreBreakdown, final: FinalScore, over: bool,
                   completed: dict[Terrain, list[int]], scored: list[Tile],
                   ) -> Iterator[Problem]:
    """R-T7, R-A2, R-E4, R-E5: one player's points are what the final scoring, the
    completed features and the Amazon scorings so far can have paid."""
    if over and (breakdown.camps, breakdown.river) != (final.camps, final.river):
        yield problem(f"players[{index}].breakdown", f"has {show_int(breakdown.camps)} camp "
                      f"and {show_int(breakdown.river)} river points, but the final scoring "
                      f"gives {final.camps} and {final.river}", "R-E4", "R-E5")
    for terrain, name, at_end in ((Terrain.TRIBUTARY, "tributaries", final.tributaries),
                                  (Terrain.VILLAGE, "villages", final.villages)):
        in_play = getattr(breakdown, name) - at_end
        values = completed[terrain]
        if _subset_sum(values, in_play):
            continue
        paid = f"{plural(in_play, 'point')} from completed {name}" + (
            f" (and {at_end} from the final scoring)" if over else "")
        if values:
            shown = ", ".join(map(str, values[:8])) + (", ..." if len(values) > 8 else "")
            why = (f"no combination of the completed {name} on the board "
                   f"({len(values)}, worth {shown}) adds up to that")
        else:
            why = f"none of the {name} on the board is completed"
        yield problem(f"players[{index}].breakdown.{name}", f"{paid}, but {why}", "R-T7")
    if not _amazon_sum(scored, breakdown.amazon):
        yield problem(f"players[{index}].breakdown.amazon",
                      f"{plural(breakdown.amazon, 'point')} from Amazon scorings, which the "
                      f"{plural(len(scored), 'river tile')} scored so far cannot pay", "R-A2")


@functools.lru_cache(maxsize=1024)
def _amazon_place_points(tile: Tile) -> tuple[int, int]:
    """(second place's points, first place's points) of a river tile's Amazon scoring (R-A2):
    its piranhas, and its caimans and piranhas."""
    icons = tile.total_icons
    return icons.piranhas, icons.caimans + icons.piranhas


def _subset_sum(values: list[int], total: int) -> bool:
    """Whether some of ``values`` (each used at most once) add up to ``total``."""
    if total < 0 or total > sum(values):
        return False
    reachable = 1
    for value in values:
        reachable |= reachable << value
    return bool(reachable >> total & 1)


def _amazon_sum(tiles: list[Tile], total: int) -> bool:
    """Whether one player's Amazon points can be ``total``: each scoring paid them the
    caimans and piranhas (first place), the piranhas (second) or nothing (R-A2)."""
    pairs = [_amazon_place_points(tile) for tile in tiles]
    if total < 0 or total > sum(first for _, first in pairs):
        return False
    reachable = 1
    for second, first in pairs:
        reachable |= reachable << second | reachable << first
    return bool(reachable >> total & 1)
