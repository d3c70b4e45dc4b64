"""Explanations in words: what an action does, what its events mean, the results.

Used by the command-line tool's ``play`` and ``replay``, and by frontends that
want a readable log.  Every line cites the rule it applies.  Players are named by
their colours (R-C1), or by the ``names`` a frontend gives (the web app's seat names).
The words for icons and tiles are in :mod:`~carcassonne_amazonas.render.text`, those
for a tile's segments in :mod:`~carcassonne_amazonas.tiles.segment_names`.
Every function that takes a state refuses anything but exactly a
:class:`~carcassonne_amazonas.rules.state.GameState` (a subclass too, since it could
override what is read) with a ``TypeError`` naming the parameter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .._support.exact import check_exact
from .._support.wording import plural
from ..rules import events as ev
from ..rules.actions import Action, ChooseDouble, DrawTile, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from ..rules.boat_track import AmazonRanking
from ..rules.engine import apply_action, legal_actions
from ..rules.notation import parse_action
from ..rules.options import Rules
from ..rules.players import colour
from ..rules.scoring import CampScoring
from ..rules.state import GameState
from ..tiles.geometry import Position
from ..tiles.layout import Terrain
from ..tiles.segment_names import segment_name
from ..tiles.tileset import TileSet
from .text import tile_description

__all__ = [
    "describe_action",
    "describe_events",
    "places_text",
    "results_text",
    "variants_text",
    "winner_text",
]

#: How a player is named in a line: ``who(player)``.
_Namer = Callable[[int], str]


def _namer(names: Sequence[str] | None, players: int) -> _Namer:
    """``who(player)``: the player's name in ``names`` when given and not empty, else
    their colour; ``ValueError`` for names that are not one string per player."""
    if names is None:
        return colour
    chosen = tuple(names)
    if len(chosen) != players or not all(isinstance(name, str) for name in chosen):
        raise ValueError(f"names must be one string per player ({players}), not {chosen!r}"[:200])
    return lambda player: chosen[player] or colour(player)


def _names(players: Sequence[int], who: _Namer) -> str:
    names = [who(p) for p in players]
    if len(names) <= 1:
        return "".join(names) or "nobody"
    return ", ".join(names[:-1]) + " and " + names[-1]


def _points(points: Sequence[int], who: _Namer) -> str:
    gained = [f"{who(p)} +{n}" for p, n in enumerate(points) if n]
    return ", ".join(gained) if gained else "nobody scores"


def _segment_label(state: GameState, position: Position, segment: int) -> str:
    placement = state.board.placement_at(position)
    if placement is None:
        return f"segment {segment}"
    words = segment_name(placement.tile.layout, placement.rotation, segment)
    return f"{words} of {placement.tile.name}"


def describe_action(state: GameState, action: Action | str) -> str:
    """What the legal action ``action`` does in ``state``, in words (for menus).

    ``action`` may be its text, read as :func:`~carcassonne_amazonas.rules.engine.apply_action`
    reads it (``"m0,4,E"``; a :class:`~carcassonne_amazonas.errors.NotationError` says
    where it is not an action).  Raises the engine's
    :class:`~carcassonne_amazonas.errors.IllegalActionError` (its message, rule and code)
    when ``action`` is not legal in ``state``: a ``Pass()`` in the tile phase is not
    described as if it were."""
    check_exact(state, GameState, "state")
    if isinstance(action, str):
        action = parse_action(action, state)
    if action not in legal_actions(state):
        apply_action(state, action)  # raises the engine's IllegalActionError
    if isinstance(action, PlaceTile):
        return f"put the tile at ({action.position}) turned {action.rotation.degrees}°"
    if isinstance(action, ChooseDouble):
        tile = state.rules.tileset.tile(action.tile)
        return f"take {tile_description(tile)}"
    if isinstance(action, (PlaceMeeple, PlaceCamp)):
        placement = state.board.placements[state.piece_placement]
        segment = placement.tile.layout.segments[action.segment]
        feature = state.feature_at(placement.position, action.segment)
        what = "a meeple on" if isinstance(action, PlaceMeeple) else "a camp in"
        facts = [plural(feature.tile_count, "tile")]
        if segment.terrain is Terrain.JUNGLE:
            facts.append(plural(feature.animals, "animal"))
        else:
            facts.append(plural(feature.fruit, "Fruit icon"))
            if segment.terrain is Terrain.TRIBUTARY:
                facts.append(plural(feature.boats, "Boat icon"))
            if feature.is_completed:
                facts.append("completed")
        words = segment_name(placement.tile.layout, placement.rotation, action.segment)
        return f"{what} {words} ({', '.join(facts)})"
    if isinstance(action, Pass):
        boat = state.players[state.current_player].boat
        return f"no piece: the boat advances 1 (from space {boat})"
    if isinstance(action, DrawTile):
        return f"draw tile {state.rules.tileset.tile(action.tile).name}"
    return str(action)  # pragma: no cover


def describe_events(before: GameState, action: Action, events: Sequence[ev.Event], *,
                    names: Sequence[str] | None = None) -> list[str]:
    """One line per thing that happened when ``action`` was played in ``before``.

    ``names``: one per player, used instead of the colours (an empty name keeps the
    colour); the web app passes its seat names.
    """
    check_exact(before, GameState, "before")
    who = _namer(names, before.num_players)
    tileset = before.rules.tileset
    lines: list[str] = []
    passed = isinstance(action, Pass)
    moved = False
    for event in events:
        if isinstance(event, ev.TilePlaced):
            tile = tileset.tile(event.tile)
            lines.append(f"{who(event.player)} places {tile.name} "
                         f"\u201c{tile.layout.title}\u201d at ({event.position}) "
                         f"turned {event.rotation.degrees}°")
        elif isinstance(event, ev.DoubleChosen):
            lines.append(f"{who(event.player)} takes the double tile "
                         f"{tile_description(tileset.tile(event.tile))} (R-T3)")
        elif isinstance(event, ev.PiecePlaced):
            what = "sets up a camp in" if event.camp else "puts a meeple on"
            label = _segment_label(before, event.position, event.segment)
            lines.append(f"{who(event.player)} {what} {label} (R-T5)")
        elif isinstance(event, ev.BoatAdvanced):
            moved = moved or event.reason is ev.BoatReason.NO_PIECE
            lines.append(_boat_line(event, who))
        elif isinstance(event, ev.FeatureScored):
            lines.append(_feature_line(event, who))
        elif isinstance(event, ev.AmazonScored):
            lines.append(_amazon_line(event, tileset, before.num_players, who))
        elif isinstance(event, ev.JungleScored):
            lines.append(_jungle_line(event, who))
        elif isinstance(event, ev.RiverScored):
            ranks = ", ".join(f"{who(p)} {_ordinal(r)}" for p, r in enumerate(event.ranks))
            lines.append(f"final scoring: the river, boats ranked {ranks}: "
                         f"{_points(event.points, who)} (R-E5)")
        elif isinstance(event, ev.GameOver):
            lines.append(f"game over: {winner_text(event.scores, event.winners, names=names)} "
                         "(R-E6)")
        elif isinstance(event, ev.TileRemoved):
            tile = tileset.tile(event.tile)
            lines.append(f"{who(event.player)} drew {tile.name} "
                         f"\u201c{tile.layout.title}\u201d, which fits nowhere: it leaves "
                         "the game and the same player draws again (R-G7)")
        elif isinstance(event, ev.TileDrawn):
            continue  # the next turn's heading shows the tile in hand
    if passed and not moved:
        lines.insert(0, f"{who(before.current_player)} places no piece; the boat is at the "
                        "end of the explored river and stays (R-T5c, R-T9)")
    return lines


def _ordinal(rank: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(rank, f"{rank}th")


def _ordinal_word(rank: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}.get(rank,
                                                                              _ordinal(rank))


def variants_text(rules: Rules) -> str:
    """The variants a game plays with (R-V1–R-V3), such as ``variants: competition ranking
    (R-V1), Amazon Bonus River tiles (R-V3)``; empty for the standard rules.
    ``TypeError`` unless ``rules`` is exactly a ``Rules``."""
    check_exact(rules, Rules, "rules")
    chosen = []
    if rules.amazon_ranking is AmazonRanking.COMPETITION:
        chosen.append("competition ranking in Amazon scorings (R-V1)")
    if rules.camp_scoring is CampScoring.PER_CAMP:
        chosen.append("camps score per camp (R-V2)")
    if rules.bonus_river:
        chosen.append("Amazon Bonus River tiles (R-V3)")
    return "variants: " + ", ".join(chosen) if chosen else ""


def _jungle_line(event: ev.JungleScored, who: _Namer) -> str:
    camps = ", ".join(f"{who(p)} {n}" for p, n in enumerate(event.camps) if n)
    note = ""
    if event.camp_scoring is CampScoring.PER_CAMP:
        # R-V2 changed the result where a scoring player has more than one camp there.
        doubled = [p for p, (n, points) in enumerate(zip(event.camps, event.points))
                   if points and n > 1]
        if doubled:
            each = "; ".join(f"{who(p)}'s {event.camps[p]} camps score "
                             f"{plural(event.animals, 'animal')} each" for p in doubled)
            note = f"; per-camp scoring: {each}"
    rules = "R-E4, R-V2" if note else "R-E4"
    return (f"final scoring: jungle of {plural(len(event.tiles), 'tile')} with "
            f"{plural(event.animals, 'animal')}, camps {camps}: "
            f"{_points(event.points, who)}{note} ({rules})")


def _boat_line(event: ev.BoatAdvanced, namer: _Namer) -> str:
    who = namer(event.player)
    move = f"{who}'s boat {event.from_space} \u2192 {event.to_space}"
    if event.reason is ev.BoatReason.NO_PIECE:
        return f"{who} places no piece: boat {event.from_space} \u2192 {event.to_space} (R-T5c)"
    if event.reason is ev.BoatReason.BOAT_ICONS_MEEPLE:
        return f"{move}: the meeple's tributary carries Boat icons (R-T6)"
    if event.reason is ev.BoatReason.BOAT_ICONS_JOINED:
        return f"{move}: Boat icons newly connected to {who}'s meeples (R-T4)"
    return f"{move}: {who} scored nothing in the Amazon scoring (R-A4)"


def _feature_line(event: ev.FeatureScored, who: _Namer) -> str:
    tiles = len(event.tiles)
    where = " ".join(f"({p})" for p in event.tiles[:4]) + (" ..." if tiles > 4 else "")
    terrain = f"{event.terrain.label} at {where}"
    value = max(event.points) if event.points else 0
    if event.final:
        head = (f"final scoring: unfinished {terrain} of {plural(tiles, 'tile')} and "
                f"{plural(event.fruit, 'Fruit icon')} is worth {tiles} + {event.fruit}")
        rule = "R-E2" if event.terrain is Terrain.TRIBUTARY else "R-E3"
    else:
        per = 2 if event.terrain is Terrain.VILLAGE else 1
        worth = f"{per} \u00d7 {tiles} + {event.fruit}" if per > 1 else f"{tiles} + {event.fruit}"
        head = (f"completed {terrain} of {plural(tiles, 'tile')} and "
                f"{plural(event.fruit, 'Fruit icon')} is worth {worth}")
        rule = "R-T7, R-M1"
    if value:
        result = f" = {value}: {_points(event.points, who)}"
    else:
        result = ": no meeples on it, nobody scores"
    back = ", ".join(f"{who(p)} {n}" for p, n in enumerate(event.meeples_returned) if n)
    returned = f"; meeples back to the supply: {back}" if back else ""
    return f"{head}{result}{returned} ({rule})"


def _amazon_line(event: ev.AmazonScored, tileset: TileSet, players: int, namer: _Namer) -> str:
    tile = tileset.tile(event.tile)
    ranks = ", ".join(f"{namer(p)} {_ordinal(r)}" for p, r in enumerate(event.ranks))
    first = event.caimans + event.piranhas
    note = ""
    rules = "R-A1\u2013R-A3"
    if players == 2 and 2 in event.ranks and event.piranhas and not any(
            points and rank == 2 for points, rank in zip(event.points, event.ranks)):
        note = "; 2 players: second place scores only directly behind the leader (R-A3)"
    if event.ranking is AmazonRanking.COMPETITION and event.piranhas:
        # R-V1 changed the result for the boats that dense ranking (R-A1) would make second.
        distinct = sorted(set(event.ranks))
        skipped = [p for p, rank in enumerate(event.ranks)
                   if rank > 2 and distinct.index(rank) + 1 == 2]
        if skipped:
            who = " and ".join(namer(p) for p in skipped)
            verb, scores = ("is", "scores") if len(skipped) == 1 else ("are", "score")
            note += (f"; competition ranking: {who} {verb} "
                     f"{_ordinal_word(event.ranks[skipped[0]])}, not second, and "
                     f"{scores} nothing")
            rules += ", R-V1"
    return (f"Amazon scoring of {tile.name} ({plural(event.caimans, 'caiman')}, "
            f"{plural(event.piranhas, 'piranha')}): boats ranked {ranks}; first place "
            f"scores {first}, second place {event.piranhas}: {_points(event.points, namer)}"
            f"{note} ({rules})")


def winner_text(scores: Sequence[int], winners: Sequence[int], *,
                names: Sequence[str] | None = None) -> str:
    """Who won and with how many points, or the shared victory of tied players (R-E6);
    ``names`` as for :func:`describe_events`."""
    who = _namer(names, len(scores))
    best = plural(max(scores), "point")
    if len(winners) == 1:
        return f"the winner is {who(winners[0])} with {best}"
    return f"shared victory: {_names(winners, who)} with {best} each"


def places_text(scores: Sequence[int], *, names: Sequence[str] | None = None) -> list[str]:
    """Every player's place at the end, best first, one line each: ``1st: Red, 52
    points``; players with the same score share a place (``2nd (tie): ...``) and the
    next place is counted past them (1st, 2nd, 2nd, 4th), as the shared victory of R-E6
    shares the first; ``names`` as for :func:`describe_events`."""
    who = _namer(names, len(scores))
    order = sorted(range(len(scores)), key=lambda p: (-scores[p], p))
    lines = []
    for player in order:
        place = 1 + sum(1 for other in scores if other > scores[player])
        tied = sum(1 for other in scores if other == scores[player]) > 1
        lines.append(f"{_ordinal(place)}{' (tie)' if tied else ''}: {who(player)}, "
                     f"{plural(scores[player], 'point')}")
    return lines


def results_text(state: GameState, kinds: Sequence[str] | None = None) -> str:
    """Final scores by category, scored in play (R-F3, R-F4, R-A1) and at the final
    scoring (R-E2–R-E5), and the winner(s); about 90 characters wide.

    ``TypeError`` unless ``state`` is exactly a ``GameState``; ``ValueError`` if the game
    is not over (R-E1): there are no results before the final scoring."""
    check_exact(state, GameState, "state")
    if state.final_scoring is None:
        raise ValueError(f"state: the game is not over ({plural(state.tiles_left, 'tile')} "
                         "left to draw), so it has no results yet; results_text takes a "
                         "finished game (R-E1)")
    kind_width = max([7, *(len(kind) + 1 for kind in kinds or ())])
    head = f"  {'player':<8} {'':<{kind_width}}{'score':>5}   "
    in_play = "tributaries villages Amazon"
    lines = [f"{'Final scores':<{len(head)}}{'scored in play':<{len(in_play)}}   "
             "at the final scoring",
             f"{head}{in_play}   tributaries villages camps river"]
    for index, (player, final) in enumerate(zip(state.players, state.final_scoring)):
        b = player.breakdown
        kind = kinds[index] if kinds else ""
        mark = "*" if index in state.winners else " "
        lines.append(f"{mark} {colour(index):<8} {kind:<{kind_width}}{player.score:>5}   "
                     f"{b.tributaries - final.tributaries:>11} "
                     f"{b.villages - final.villages:>8} {b.amazon:>6}   "
                     f"{final.tributaries:>11} {final.villages:>8} {final.camps:>5} "
                     f"{final.river:>5}")
    winner = winner_text(state.scores, state.winners)
    lines.append(winner[0].upper() + winner[1:] + ".")
    return "\n".join(lines)
