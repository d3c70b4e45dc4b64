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
from .._support.i18n import DEFAULT, Texts, texts
from .._support.wording import plural
from ..errors import IllegalActionError
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
from .text import layout_title, player_namer, tile_description, winner_text

__all__ = [
    "describe_action",
    "describe_events",
    "places_text",
    "refusal_text",
    "results_text",
    "variant_labels",
    "variants_text",
]

#: How a player is named in a line: ``who(player)``.
_Namer = Callable[[int], str]


def _points(points: Sequence[int], who: _Namer, t: Texts) -> str:
    gained = [f"{who(p)} +{t.number(n)}" for p, n in enumerate(points) if n]
    return ", ".join(gained) if gained else t.gettext("nobody scores")


def _segment_label(state: GameState, position: Position, segment: int, lang: str | None) -> str:
    t = texts(lang)
    placement = state.board.placement_at(position)
    if placement is None:
        return t.gettext("segment {number}").format(number=segment)
    words = segment_name(placement.tile.layout, placement.rotation, segment, lang=lang)
    return t.gettext("{segment} of {tile}").format(segment=words, tile=placement.tile.name)


def describe_action(state: GameState, action: Action | str, *, lang: str | None = None) -> str:
    """What the legal action ``action`` does in ``state``, in words (for menus), in
    ``lang`` (``None``: English).

    ``action`` may be its text, read as :func:`~carcassonne_amazonas.rules.engine.apply_action`
    reads it (``"m0,4,E"``; a :class:`~carcassonne_amazonas.errors.NotationError` says
    where it is not an action).  Raises the engine's
    :class:`~carcassonne_amazonas.errors.IllegalActionError` (its message, rule and code)
    when ``action`` is not legal in ``state``: a ``Pass()`` in the tile phase is not
    described as if it were."""
    check_exact(state, GameState, "state")
    t = texts(lang)
    if isinstance(action, str):
        action = parse_action(action, state)
    if action not in legal_actions(state):
        apply_action(state, action)  # raises the engine's IllegalActionError
    if isinstance(action, PlaceTile):
        return t.gettext("put the tile at ({position}) turned {degrees}°").format(
            position=action.position, degrees=action.rotation.degrees)
    if isinstance(action, ChooseDouble):
        tile = state.rules.tileset.tile(action.tile)
        return t.gettext("take {tile}").format(tile=tile_description(tile, lang))
    if isinstance(action, (PlaceMeeple, PlaceCamp)):
        return _piece_text(state, action, t)
    if isinstance(action, Pass):
        boat = state.players[state.current_player].boat
        return t.gettext("no piece: the boat advances 1 (from space {space})").format(space=boat)
    if isinstance(action, DrawTile):
        return t.gettext("draw tile {tile}").format(tile=state.rules.tileset.tile(action.tile).name)
    return str(action)  # pragma: no cover


def _piece_text(state: GameState, action: PlaceMeeple | PlaceCamp, t: Texts) -> str:
    """A meeple or a camp on a segment, with the facts of its feature."""
    placement = state.board.placements[state.piece_placement]
    segment = placement.tile.layout.segments[action.segment]
    feature = state.feature_at(placement.position, action.segment)
    facts = [t.count(feature.tile_count, "{n} tile", "{n} tiles")]
    if segment.terrain is Terrain.JUNGLE:
        facts.append(t.count(feature.animals, "{n} animal", "{n} animals"))
    else:
        facts.append(t.count(feature.fruit, "{n} Fruit icon", "{n} Fruit icons"))
        if segment.terrain is Terrain.TRIBUTARY:
            facts.append(t.count(feature.boats, "{n} Boat icon", "{n} Boat icons"))
        if feature.is_completed:
            facts.append(t.gettext("completed"))
    words = segment_name(placement.tile.layout, placement.rotation, action.segment, lang=t.lang)
    what = (t.gettext("a meeple on {segment} ({facts})") if isinstance(action, PlaceMeeple)
            else t.gettext("a camp in {segment} ({facts})"))
    return what.format(segment=words, facts=", ".join(facts))


def describe_events(before: GameState, action: Action, events: Sequence[ev.Event], *,
                    names: Sequence[str] | None = None, lang: str | None = None) -> list[str]:
    """One line per thing that happened when ``action`` was played in ``before``.

    ``names``: one per player, used instead of the colours (an empty name keeps the
    colour); the web app passes its seat names.  ``lang``: the language of the lines
    (``None``: English; ``"fr"``: French, in the French rulebook's terms).
    """
    check_exact(before, GameState, "before")
    t = texts(lang)
    who = player_namer(names, before.num_players, lang)
    lines: list[str] = []
    passed = isinstance(action, Pass)
    moved = False
    for event in events:
        if isinstance(event, ev.BoatAdvanced):
            moved = moved or event.reason is ev.BoatReason.NO_PIECE
        line = _event_line(event, before, who, names, t)
        if line is not None:
            lines.append(line)
    if passed and not moved:
        lines.insert(0, t.gettext("{who} places no piece; the boat is at the end of the explored "
                                  "river and stays (R-T5c, R-T9)").format(
                                      who=who(before.current_player)))
    return lines


def _event_line(event: ev.Event, before: GameState, who: _Namer,
                names: Sequence[str] | None, t: Texts) -> str | None:
    """The line of one event; None for a draw (the next turn's heading shows it)."""
    tileset = before.rules.tileset
    if isinstance(event, ev.TilePlaced):
        tile = tileset.tile(event.tile)
        return t.gettext("{who} places {tile} \u201c{title}\u201d at ({position}) turned "
                         "{degrees}°").format(who=who(event.player), tile=tile.name,
                                              title=layout_title(tile.layout, t.lang),
                                              position=event.position,
                                              degrees=event.rotation.degrees)
    if isinstance(event, ev.DoubleChosen):
        return t.gettext("{who} takes the double tile {tile} (R-T3)").format(
            who=who(event.player), tile=tile_description(tileset.tile(event.tile), t.lang))
    if isinstance(event, ev.PiecePlaced):
        label = _segment_label(before, event.position, event.segment, t.lang)
        what = (t.gettext("{who} sets up a camp in {segment} (R-T5)") if event.camp
                else t.gettext("{who} puts a meeple on {segment} (R-T5)"))
        return what.format(who=who(event.player), segment=label)
    if isinstance(event, ev.BoatAdvanced):
        return _boat_line(event, who, t)
    if isinstance(event, ev.FeatureScored):
        return _feature_line(event, who, t)
    if isinstance(event, ev.AmazonScored):
        return _amazon_line(event, tileset, before.num_players, who, t)
    if isinstance(event, ev.JungleScored):
        return _jungle_line(event, who, t)
    if isinstance(event, ev.RiverScored):
        ranks = ", ".join(f"{who(p)} {_ordinal(r, t)}" for p, r in enumerate(event.ranks))
        return t.gettext("final scoring: the river, boats ranked {ranks}: {points} "
                         "(R-E5)").format(ranks=ranks, points=_points(event.points, who, t))
    if isinstance(event, ev.GameOver):
        return t.gettext("game over: {winner} (R-E6)").format(
            winner=winner_text(event.scores, event.winners, names=names, lang=t.lang))
    if isinstance(event, ev.TileRemoved):
        tile = tileset.tile(event.tile)
        return t.gettext("{who} drew {tile} \u201c{title}\u201d, which fits nowhere: it leaves "
                         "the game and the same player draws again (R-G7)").format(
                             who=who(event.player), tile=tile.name,
                             title=layout_title(tile.layout, t.lang))
    return None  # TileDrawn: the next turn's heading shows the tile in hand


def _ordinal(rank: int, t: Texts) -> str:
    if rank == 1:
        return t.gettext("1st")
    if rank == 2:
        return t.gettext("2nd")
    if rank == 3:
        return t.gettext("3rd")
    return t.gettext("{n}th").format(n=rank)


def _ordinal_word(rank: int, t: Texts) -> str:
    words = {1: t.gettext("first"), 2: t.gettext("second"), 3: t.gettext("third"),
             4: t.gettext("fourth"), 5: t.gettext("fifth")}
    return words.get(rank) or _ordinal(rank, t)


def variant_labels(lang: str | None = None) -> dict[str, dict[str, object]]:
    """Each rule variant of :attr:`~carcassonne_amazonas.rules.options.Rules.VARIANTS`
    in a player's words, in ``lang`` (``None``: English): the one home of the variants'
    labels, which the web page shows.  By option: its ``rule`` id, its ``label`` (the
    question it answers) and, by value as the option writes it, the ``choices``'
    labels (the default first)."""
    t = texts(lang)
    labels = {
        "amazon_ranking": (t.gettext("After a tie for first in an Amazon scoring, the next "
                                     "boat is"),
                           {"dense": t.gettext("second (standard)"),
                            "competition": t.gettext("third (competition ranking)")}),
        "camp_scoring": (t.gettext("A jungle pays its animals to its camps"),
                         {"per-jungle": t.gettext("once (standard)"),
                          "per-camp": t.gettext("once per camp")}),
        "bonus_river": (t.gettext("Add the two Amazon Bonus River double tiles"),
                        {"false": t.gettext("no (standard)"), "true": t.gettext("yes")}),
    }
    return {name: {"rule": option.rule, "label": labels[name][0], "choices": labels[name][1],
                   "chosen": _chosen_text(name, t)}
            for name, option in Rules.VARIANTS.items()}


def _chosen_text(name: str, t: Texts) -> str:
    """How a game's rules line names the variant ``name`` when it is chosen."""
    return {"amazon_ranking": t.gettext("competition ranking in Amazon scorings (R-V1)"),
            "camp_scoring": t.gettext("camps score per camp (R-V2)"),
            "bonus_river": t.gettext("Amazon Bonus River tiles (R-V3)")}[name]


def variants_text(rules: Rules, *, lang: str | None = None) -> str:
    """The variants a game plays with (R-V1–R-V3), such as ``variants: competition ranking
    (R-V1), Amazon Bonus River tiles (R-V3)``; empty for the standard rules; in ``lang``
    (``None``: English).  ``TypeError`` unless ``rules`` is exactly a ``Rules``."""
    check_exact(rules, Rules, "rules")
    t = texts(lang)
    chosen = []
    if rules.amazon_ranking is AmazonRanking.COMPETITION:
        chosen.append(_chosen_text("amazon_ranking", t))
    if rules.camp_scoring is CampScoring.PER_CAMP:
        chosen.append(_chosen_text("camp_scoring", t))
    if rules.bonus_river:
        chosen.append(_chosen_text("bonus_river", t))
    return t.gettext("variants: {variants}").format(variants=", ".join(chosen)) if chosen else ""


def _jungle_line(event: ev.JungleScored, who: _Namer, t: Texts) -> str:
    camps = ", ".join(f"{who(p)} {n}" for p, n in enumerate(event.camps) if n)
    animals = t.count(event.animals, "{n} animal", "{n} animals")
    note = ""
    if event.camp_scoring is CampScoring.PER_CAMP:
        # R-V2 changed the result where a scoring player has more than one camp there.
        doubled = [p for p, (n, points) in enumerate(zip(event.camps, event.points))
                   if points and n > 1]
        if doubled:
            each = "; ".join(t.gettext("{who}'s {camps} camps score {animals} each").format(
                                 who=who(p), camps=event.camps[p], animals=animals)
                             for p in doubled)
            note = t.gettext("; per-camp scoring: {each}").format(each=each)
    rules = "R-E4, R-V2" if note else "R-E4"
    return t.gettext("final scoring: jungle of {tiles} with {animals}, camps {camps}: "
                     "{points}{note} ({rules})").format(
                         tiles=t.count(len(event.tiles), "{n} tile", "{n} tiles"),
                         animals=animals, camps=camps, points=_points(event.points, who, t),
                         note=note, rules=rules)


def _boat_line(event: ev.BoatAdvanced, namer: _Namer, t: Texts) -> str:
    who = namer(event.player)
    where = {"who": who, "start": event.from_space, "end": event.to_space}
    if event.reason is ev.BoatReason.NO_PIECE:
        return t.gettext("{who} places no piece: boat {start} \u2192 {end} (R-T5c)").format(**where)
    if event.reason is ev.BoatReason.BOAT_ICONS_MEEPLE:
        return t.gettext("{who}'s boat {start} \u2192 {end}: the meeple's tributary carries "
                         "Boat icons (R-T6)").format(**where)
    if event.reason is ev.BoatReason.BOAT_ICONS_JOINED:
        return t.gettext("{who}'s boat {start} \u2192 {end}: Boat icons newly connected to "
                         "{who}'s meeples (R-T4)").format(**where)
    return t.gettext("{who}'s boat {start} \u2192 {end}: {who} scored nothing in the Amazon "
                     "scoring (R-A4)").format(**where)


def _feature_line(event: ev.FeatureScored, who: _Namer, t: Texts) -> str:
    tiles = len(event.tiles)
    where = " ".join(f"({p})" for p in event.tiles[:4]) + (" ..." if tiles > 4 else "")
    name = (t.gettext("tributary") if event.terrain is Terrain.TRIBUTARY
            else t.gettext("village"))
    facts = {"feature": name, "where": where,
             "tiles": t.count(tiles, "{n} tile", "{n} tiles"),
             "fruit": t.count(event.fruit, "{n} Fruit icon", "{n} Fruit icons")}
    value = max(event.points) if event.points else 0
    if event.final:
        head = t.gettext("final scoring: unfinished {feature} at {where} of {tiles} and {fruit} "
                         "is worth {worth}").format(worth=f"{tiles} + {event.fruit}", **facts)
        rule = "R-E2" if event.terrain is Terrain.TRIBUTARY else "R-E3"
    else:
        per = 2 if event.terrain is Terrain.VILLAGE else 1
        worth = f"{per} \u00d7 {tiles} + {event.fruit}" if per > 1 else f"{tiles} + {event.fruit}"
        head = t.gettext("completed {feature} at {where} of {tiles} and {fruit} is worth "
                         "{worth}").format(worth=worth, **facts)
        rule = "R-T7, R-M1"
    if value:
        result = t.gettext(" = {value}: {points}").format(value=value,
                                                           points=_points(event.points, who, t))
    else:
        result = t.gettext(": no meeples on it, nobody scores")
    back = ", ".join(f"{who(p)} {n}" for p, n in enumerate(event.meeples_returned) if n)
    returned = (t.gettext("; meeples back to the supply: {players}").format(players=back)
                if back else "")
    return f"{head}{result}{returned} ({rule})"


def _competition_note(event: ev.AmazonScored, namer: _Namer, t: Texts) -> str:
    """What R-V1 changed: the boats that dense ranking (R-A1) would make second."""
    distinct = sorted(set(event.ranks))
    skipped = [p for p, rank in enumerate(event.ranks)
               if rank > 2 and distinct.index(rank) + 1 == 2]
    if not skipped:
        return ""
    who = namer(skipped[0])
    for player in skipped[1:]:
        who = t.gettext("{first} and {last}").format(first=who, last=namer(player))
    rank = _ordinal_word(event.ranks[skipped[0]], t)
    if len(skipped) == 1:
        return t.gettext("; competition ranking: {who} is {rank}, not second, and scores "
                         "nothing").format(who=who, rank=rank)
    return t.gettext("; competition ranking: {who} are {rank}, not second, and score "
                     "nothing").format(who=who, rank=rank)


def _amazon_line(event: ev.AmazonScored, tileset: TileSet, players: int, namer: _Namer,
                 t: Texts) -> str:
    tile = tileset.tile(event.tile)
    ranks = ", ".join(f"{namer(p)} {_ordinal(r, t)}" for p, r in enumerate(event.ranks))
    first = event.caimans + event.piranhas
    note = ""
    rules = "R-A1\u2013R-A3"
    if players == 2 and 2 in event.ranks and event.piranhas and not any(
            points and rank == 2 for points, rank in zip(event.points, event.ranks)):
        note = t.gettext("; 2 players: second place scores only directly behind the leader "
                         "(R-A3)")
    if event.ranking is AmazonRanking.COMPETITION and event.piranhas:
        competition = _competition_note(event, namer, t)
        if competition:
            note += competition
            rules += ", R-V1"
    return t.gettext("Amazon scoring of {tile} ({caimans}, {piranhas}): boats ranked {ranks}; "
                     "first place scores {first}, second place {second}: {points}{note} "
                     "({rules})").format(
                         tile=tile.name,
                         caimans=t.count(event.caimans, "{n} caiman", "{n} caimans"),
                         piranhas=t.count(event.piranhas, "{n} piranha", "{n} piranhas"),
                         ranks=ranks, first=first, second=event.piranhas,
                         points=_points(event.points, namer, t), note=note, rules=rules)


def places_text(scores: Sequence[int], *, names: Sequence[str] | None = None,
                lang: str | None = None) -> list[str]:
    """Every player's place at the end, best first, one line each: ``1st: Red, 52
    points``; players with the same score share a place (``2nd (tie): ...``) and the
    next place is counted past them (1st, 2nd, 2nd, 4th), as the shared victory of R-E6
    shares the first; ``names`` as for :func:`describe_events`; in ``lang`` (``None``:
    English)."""
    t = texts(lang)
    who = player_namer(names, len(scores), lang)
    order = sorted(range(len(scores)), key=lambda p: (-scores[p], p))
    lines = []
    for player in order:
        place = 1 + sum(1 for other in scores if other > scores[player])
        tied = sum(1 for other in scores if other == scores[player]) > 1
        lines.append(t.gettext("{place}{tie}: {who}, {points}").format(
            place=_ordinal(place, t), tie=t.gettext(" (tie)") if tied else "",
            who=who(player), points=t.count(scores[player], "{n} point", "{n} points")))
    return lines


def results_text(state: GameState, kinds: Sequence[str] | None = None, *,
                 lang: str | None = None) -> str:
    """Final scores by category, scored in play (R-F3, R-F4, R-A1) and at the final
    scoring (R-E2–R-E5), and the winner(s); about 90 characters wide; in ``lang``
    (``None``: English).

    ``TypeError`` unless ``state`` is exactly a ``GameState``; ``ValueError`` if the game
    is not over (R-E1): there are no results before the final scoring."""
    check_exact(state, GameState, "state")
    if state.final_scoring is None:
        raise ValueError(f"state: the game is not over ({plural(state.tiles_left, 'tile')} "
                         "left to draw), so it has no results yet; results_text takes a "
                         "finished game (R-E1)")
    t = texts(lang)
    kind_width = max([7, *(len(kind) + 1 for kind in kinds or ())])
    player_word, score_word = t.gettext("player"), t.gettext("score")
    title, scored = t.gettext("Final scores"), t.gettext("scored in play")
    head = f"  {player_word:<8} {'':<{kind_width}}{score_word:>5}   "
    in_play = t.gettext("tributaries villages Amazon")
    lines = [f"{title:<{len(head)}}{scored:<{len(in_play)}}   "
             + t.gettext("at the final scoring"),
             f"{head}{in_play}   " + t.gettext("tributaries villages camps river")]
    for index, (player, final) in enumerate(zip(state.players, state.final_scoring)):
        b = player.breakdown
        kind = kinds[index] if kinds else ""
        mark = "*" if index in state.winners else " "
        name = colour(index, lang=lang)
        lines.append(f"{mark} {name:<8} {kind:<{kind_width}}{player.score:>5}   "
                     f"{b.tributaries - final.tributaries:>11} "
                     f"{b.villages - final.villages:>8} {b.amazon:>6}   "
                     f"{final.tributaries:>11} {final.villages:>8} {final.camps:>5} "
                     f"{final.river:>5}")
    winner = winner_text(state.scores, state.winners, lang=lang)
    lines.append(winner[0].upper() + winner[1:] + ".")
    return "\n".join(lines)


def _refusals(t: Texts) -> dict[str, str]:
    """Why an action is refused, per :data:`~carcassonne_amazonas.errors.ILLEGAL_ACTION_CODES`
    code, in a player's words."""
    return {
        "game-over": t.gettext("the game is over: no action is legal"),
        "wrong-phase": t.gettext("that action belongs to another step of the turn"),
        "rotation-not-allowed": t.gettext("an Amazon or double tile is never turned 90° or 270°"),
        "river-tile-elsewhere": t.gettext("an Amazon or double tile goes just below the river end"),
        "cell-occupied": t.gettext("another tile already covers that cell"),
        "cell-not-adjacent": t.gettext("a tile must touch a placed tile"),
        "downstream-of-river-end": t.gettext("a standard tile never goes below the river end"),
        "edge-mismatch": t.gettext("an edge of the tile does not match its neighbour"),
        "double-not-set-aside": t.gettext("that double tile is not among those set aside"),
        "not-the-placed-tile": t.gettext("a piece goes only on the tile just placed"),
        "no-such-segment": t.gettext("the tile has no such part"),
        "wrong-terrain": t.gettext("a meeple goes on a tributary or a village, a camp in a "
                                   "jungle"),
        "on-the-amazon": t.gettext("no piece may stand on the Amazon"),
        "no-piece-left": t.gettext("you have no such piece left"),
        "feature-occupied": t.gettext("that feature already holds a piece"),
        "tile-not-in-pile": t.gettext("that tile is not in the pile"),
        "not-the-listed-copy": t.gettext("that copy is drawn by the listed copy's id"),
        "slice-quota": t.gettext("the current slice of the pile has no room for that tile"),
        "not-a-chance-node": t.gettext("no tile is to be drawn now"),
        "outside-board-window": t.gettext("no tile can reach that cell"),
        "not-a-double-tile": t.gettext("that tile is not a double tile"),
        "not-a-land-tile": t.gettext("that tile is not a land tile"),
        "index-out-of-range": t.gettext("that action number does not exist"),
        "no-piece-step": t.gettext("it is not the piece step"),
    }


def refusal_text(error: IllegalActionError, *, lang: str | None = None) -> str:
    """The engine's refusal ``error`` as a player reads it, in ``lang``: in English the
    error's own message, unchanged; in another language why the rules refuse the action,
    by its ``code``, with its rule id (``une tuile doit toucher une tuile posée (R-G2)``).
    The exception itself stays in English, as Python's do."""
    t = texts(lang)
    if t.lang == DEFAULT:
        return str(error)
    reason = _refusals(t).get(error.code)
    if reason is None:  # pragma: no cover - every code has its words (tests/render)
        return str(error)
    return reason if error.rule is None else f"{reason} ({error.rule})"
