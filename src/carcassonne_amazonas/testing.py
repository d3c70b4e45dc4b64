"""Hypothesis strategies and invariant checks for property-based tests of code that
uses the library (bots, frontends, serialisers, AI wrappers).

This module needs `Hypothesis <https://hypothesis.readthedocs.io>`_, a
development dependency of the library (``pip install 'carcassonne-amazonas[dev]'``
or ``pip install hypothesis``); the library itself never imports it.

- :func:`game_states` draws states reached by legal play from a new game: any
  number of players, seeded or explicit draws, from the first action to the
  final scoring.  Hypothesis draws the number of actions and every choice
  among the legal actions, so a failing example shrinks to a short game whose
  choices are the first legal actions; it is shown as the :func:`replay_game`
  call that rebuilds it.
- :func:`legal_actions_of` draws one legal action of a state.
- :func:`actions` draws arbitrary actions of every class, mostly illegal ones,
  for tests of how code handles what the engine refuses.
- :func:`check_invariants` lists every invariant a state breaks (empty when
  all hold): tiles match along every shared edge, pieces are conserved, no
  feature keeps pieces it should have returned, boats lie on the explored
  river, every land tile is accounted for, scores add up.

Example (a complete test file is ``examples/property_testing.py``)::

    from hypothesis import assume, given, strategies as st
    from carcassonne_amazonas import apply_action
    from carcassonne_amazonas.testing import check_invariants, game_states, legal_actions_of

    @given(game_states(max_turns=20), st.data())
    def test_any_legal_action_keeps_the_invariants(state, data):
        assume(not state.is_terminal)
        after = apply_action(state, data.draw(legal_actions_of(state)))
        assert check_invariants(after) == []
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from hypothesis import strategies as st

from .actions import Action, ChooseDouble, DrawTile, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from .chance import chance_outcomes
from .engine import apply_action, legal_actions, new_game
from .features import placement_of, segment_of
from .geometry import PORTS_PER_SIDE, Position, Rotation, Side, facing_port
from .notation import format_action, parse_action
from .pile import Shuffle
from .state import PLAYER_COLOURS, GameState, Phase, Rules
from .text import plural
from .tiles import Terrain, TileId, TileKind, VariantCell

__all__ = ["actions", "check_invariants", "game_states", "legal_actions_of", "replay_game"]

#: Supplies at the start of the game (R-C2).
MEEPLES_PER_PLAYER = 4
CAMPS_PER_PLAYER = 2

# At most this many actions are played when ``max_turns`` is None: a complete
# game is about 166 actions with seeded draws and about 250 with explicit ones.
_MAX_GAME_ACTIONS = 600
# Actions in one turn: draw(s) in explicit mode, "!" tile, double, piece step.
_ACTIONS_PER_TURN = 8

_SCORED = (Terrain.TRIBUTARY, Terrain.VILLAGE)
_TURN_PHASES = (Phase.PLACE_PIECE, Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE)


# ---------------------------------------------------------------------------- strategies

def game_states(num_players: int | None = None, max_turns: int | None = None,
                draws: Literal["seeded", "explicit"] = "seeded",
                ) -> st.SearchStrategy[GameState]:
    """States reached by legal play from a new game.

    ``num_players`` fixes the player count (None: 2 to 5).  ``max_turns``
    bounds the number of complete turns played (None: up to the end of the
    game, so terminal states are drawn too).  ``draws="seeded"`` shuffles the
    pile with a drawn seed; ``draws="explicit"`` makes every draw a chance node
    at which one of :func:`~carcassonne_amazonas.chance.chance_outcomes` is
    chosen.  The first player and the shuffle option are drawn as well.

    The state may stand in any phase (a drawn number of actions may stop in
    the middle of a turn).  Shrinking gives fewer actions and earlier choices.
    A failing example is shown as the :func:`replay_game` call that rebuilds
    the state, with the actions in the game notation.
    """
    if num_players is not None and (not isinstance(num_players, int)
                                    or isinstance(num_players, bool)
                                    or not 2 <= num_players <= 5):
        raise ValueError(f"num_players must be None or 2 to 5, not {num_players!r} (R-C1)")
    if max_turns is not None and (not isinstance(max_turns, int) or isinstance(max_turns, bool)
                                  or max_turns < 0):
        raise ValueError(f"max_turns must be None or a non-negative int, not {max_turns!r}")
    if draws not in ("seeded", "explicit"):
        raise ValueError(f"draws must be 'seeded' or 'explicit', not {draws!r}")
    return _game_states(num_players, max_turns, draws)


@st.composite
def _game_states(draw: st.DrawFn, num_players: int | None, max_turns: int | None,
                 draws: str) -> GameState:
    players = draw(st.integers(2, 5), label="num_players") if num_players is None \
        else num_players
    first = draw(st.integers(0, players - 1), label="first_player")
    shuffle = draw(st.sampled_from(Shuffle), label="shuffle")
    rules = Rules(first_player=first, shuffle=shuffle)
    seed = draw(st.integers(0, 2**32 - 1), label="seed") if draws == "seeded" else None
    if seed is None:
        state = new_game(players, rules=rules, draws="explicit")
    else:
        state = new_game(players, seed=seed, rules=rules)
    limit = _MAX_GAME_ACTIONS if max_turns is None else _ACTIONS_PER_TURN * max_turns
    steps = draw(st.integers(0, limit), label="actions")
    played: list[str] = []
    turns = 0
    for _ in range(steps):
        if state.is_terminal or (max_turns is not None and turns >= max_turns):
            break
        choices: tuple[Action, ...]
        if state.is_chance_node:
            choices = tuple(action for action, _ in chance_outcomes(state))
        else:
            choices = legal_actions(state)
        index = draw(st.integers(0, len(choices) - 1)) if len(choices) > 1 else 0
        action = choices[index]
        if state.phase is Phase.PLACE_PIECE:
            turns += 1
        state = apply_action(state, action)
        played.append(format_action(action))
    # Built once more by replay_game, so that Hypothesis shows a failing example as
    # the call that replays it (a state's own repr runs to hundreds of kB).
    replayed = draw(st.builds(replay_game, st.just(players), st.just(" ".join(played)),
                              seed=st.just(seed), first_player=st.just(first),
                              shuffle=st.just(shuffle.value), draws=st.just(draws)))
    assert replayed == state
    return replayed


def replay_game(num_players: int, actions: str = "", *, seed: int | None = None,
                first_player: int = 0, shuffle: str = "stratified",
                draws: str = "seeded") -> GameState:
    """The state reached by ``actions`` (in the game notation of
    :mod:`~carcassonne_amazonas.notation`, separated by spaces) from a new game.

    :func:`game_states` reports each state it draws as a call of this function,
    so a failing example can be replayed by pasting it.  ``seed`` is the
    shuffle's seed for ``draws="seeded"`` and must be None for
    ``draws="explicit"`` (the draws are among the actions).
    """
    rules = Rules(first_player=first_player, shuffle=Shuffle(shuffle))
    if draws == "explicit":
        state = new_game(num_players, rules=rules, draws="explicit")
    else:
        state = new_game(num_players, seed=seed, rules=rules)
    for text in actions.split():
        state = apply_action(state, parse_action(text))
    return state


def legal_actions_of(state: GameState) -> st.SearchStrategy[Action]:
    """One legal action of ``state`` (shrinking towards the first in
    :func:`~carcassonne_amazonas.engine.legal_actions` order).

    At a chance node (explicit draws) the legal actions are the draws.
    Raises ``ValueError`` for a state with no legal action (the game is over).
    """
    if not isinstance(state, GameState):
        raise TypeError(f"expected a GameState, not {type(state).__name__}")
    choices = legal_actions(state)
    if not choices:
        raise ValueError("the game is over: the state has no legal action")
    return st.sampled_from(choices)


def actions() -> st.SearchStrategy[Action]:
    """Arbitrary actions of every class, mostly illegal in any given state.

    Positions are mostly near a board's tiles, sometimes anywhere (huge or
    negative coordinates); rotations are any of the four; segments and tile
    ids are mostly small, sometimes negative or huge.  An action drawn here
    may by chance be legal in the state it is applied to.
    """
    near = st.integers(-20, 40)
    coordinate = st.one_of(near, near, near, st.integers())
    position = st.builds(Position, coordinate, coordinate)
    rotation = st.sampled_from(Rotation)
    segment = st.one_of(st.integers(-2, 12), st.integers(-2, 12), st.integers())
    tile_id = st.one_of(st.integers(-5, 100), st.integers(-5, 100),
                        st.integers()).map(TileId)
    return st.one_of(
        st.builds(PlaceTile, position, rotation),
        st.builds(ChooseDouble, tile_id),
        st.builds(PlaceMeeple, position, segment),
        st.builds(PlaceCamp, position, segment),
        st.just(Pass()),
        st.builds(DrawTile, tile_id),
    )


# ---------------------------------------------------------------------------- invariants

def check_invariants(state: GameState) -> list[str]:
    """Every invariant ``state`` breaks, one message each; empty when all hold.

    - R-G4, R-F2: every two neighbouring tiles match (equal edges, and equal
      terrain at every pair of facing ports); no two tiles overlap; every
      tile but the start tile touches another; standard tiles lie in rows not
      downstream of the river end (R-G2).
    - R-C2, R-T10: each player's meeples on the board plus in supply are 4 and
      camps 2; meeples stand only on tributaries and villages, camps only in
      jungles, nothing on the Amazon (R-F6).
    - R-T7: no completed tributary or village holds a meeple, except, during
      the piece step, one that contains the tile just placed (it is scored at
      the end of the turn).
    - R-T9, R-C9: every boat lies on spaces 1 .. ``track_length``, which is the
      start side's river spaces + 1 per Amazon tile + 2 per double tile placed.
    - R-C3, R-C4, R-E1, R-G7: the land tiles placed, removed, left in the pile and in
      hand are exactly the tile set's land tiles (80 in the reference set);
      the double tiles set aside, in hand and placed are the set's doubles.
    - Scores: each score equals its breakdown's total; camps and river points
      appear only with the final scoring, which (once the game is over) agrees
      with the breakdown (R-E2–R-E5).
    - The pile's counters agree with the tiles drawn (R-C7, R-T1).
    - The phase agrees with the tile in hand and the piece step's tile, and a
      game that is not over has a legal action.
    """
    problems: list[str] = []
    _check_tiles(state, problems)
    _check_pieces(state, problems)
    _check_river(state, problems)
    _check_tile_accounting(state, problems)
    _check_scores(state, problems)
    _check_phase(state, problems)
    return problems


def _check_tiles(state: GameState, problems: list[str]) -> None:
    placements = state.board.placements
    cells: dict[tuple[int, int], tuple[int, VariantCell]] = {}
    for index, placement in enumerate(placements):
        for vc in placement.variant.cells:
            where = (placement.position.x + vc.dx, placement.position.y + vc.dy)
            if where in cells:
                other = placements[cells[where][0]]
                problems.append(f"{placement.tile.name} at ({placement.position}) and "
                                f"{other.tile.name} at ({other.position}) both cover cell "
                                f"{where[0]},{where[1]}")
                continue
            cells[where] = (index, vc)
    touching: set[int] = set()
    for (x, y), (index, vc) in cells.items():
        placement = placements[index]
        segments = placement.tile.layout.segments
        for side in Side:
            neighbour = Position(x, y).neighbour(side)
            entry = cells.get((neighbour.x, neighbour.y))
            if entry is None or entry[0] == index:
                continue
            touching.add(index)
            if side not in (Side.EAST, Side.SOUTH):
                continue  # each shared side once
            other_index, other_vc = entry
            other = placements[other_index]
            shown, facing = vc.edges[side], other_vc.edges[side.opposite]
            if shown != facing:
                problems.append(
                    f"{placement.tile.name} at ({placement.position}) shows "
                    f"{_edge_name(shown)} on its {side.name.lower()} side at cell {x},{y}, but "
                    f"{other.tile.name} at ({other.position}) shows {_edge_name(facing)} "
                    "there (R-G4)")
                continue
            other_segments = other.tile.layout.segments
            for port in range(side * PORTS_PER_SIDE, (side + 1) * PORTS_PER_SIDE):
                mine, theirs = vc.port_segments[port], other_vc.port_segments[facing_port(port)]
                if mine < 0 or theirs < 0 or \
                        segments[mine].terrain is not other_segments[theirs].terrain:
                    problems.append(
                        f"ports do not match between {placement.tile.name} at "
                        f"({placement.position}) and {other.tile.name} at ({other.position}) "
                        f"on the {side.name.lower()} side of cell {x},{y} (R-F2, R-G4)")
                    break
    for index, placement in enumerate(placements):
        if placement.tile.kind is not TileKind.START and index not in touching:
            problems.append(f"{placement.tile.name} at ({placement.position}) touches no "
                            "other tile (R-G2)")
    river_rows = [y for (_, y), (index, _) in cells.items()
                  if placements[index].tile.kind is not TileKind.STANDARD]
    river_end = max(river_rows, default=0)
    if placements and river_end != state.board.river_end_row:
        problems.append(f"the river ends in row {river_end}, but the board says "
                        f"{state.board.river_end_row} (R-G2, R-G6)")
    for placement in placements:
        if placement.tile.kind is TileKind.STANDARD and placement.position.y > river_end:
            problems.append(f"{placement.tile.name} at ({placement.position}) lies downstream "
                            f"of the river end, row {river_end} (R-G2)")


def _who(player: int) -> str:
    """A player's colour (R-C1), or its number when it is not a player of any game."""
    return PLAYER_COLOURS[player] if 0 <= player < len(PLAYER_COLOURS) else f"player {player}"


def _edge_name(edge: int) -> str:
    return "nothing" if edge == 0 else Terrain(edge).label


def _check_pieces(state: GameState, problems: list[str]) -> None:
    placements = state.board.placements
    n = state.num_players
    meeples = [0] * n
    camps = [0] * n
    just_placed = _tiles_of_current_turn(state)
    segments_seen = 0
    for feature in state.features:
        segments_seen += len(feature.nodes)
        for node, player in feature.pieces:
            if not 0 <= player < n:
                problems.append(f"a piece of player {player} is on the board of a "
                                f"{n}-player game")
                continue
            placement = placements[placement_of(node)]
            terrain = placement.tile.layout.segments[segment_of(node)].terrain
            if terrain is not feature.terrain:
                problems.append(f"segment {segment_of(node)} of {placement.tile.name} is "
                                f"{terrain.label} but lies in a {feature.terrain.label}")
            if terrain is Terrain.JUNGLE:
                camps[player] += 1
            elif terrain in _SCORED:
                meeples[player] += 1
            else:
                problems.append(f"{_who(player)} has a piece on the Amazon at "
                                f"({placement.position}) (R-F6)")
        if feature.is_completed and feature.pieces \
                and not (feature.placement_indices & just_placed):
            where = ", ".join(f"({placements[i].position})"
                              for i in sorted(feature.placement_indices))
            held = plural(len(feature.pieces), "meeple")
            problems.append(f"a completed {feature.terrain.label} on {where} still holds "
                            f"{held} that should have returned (R-T7)")
    expected_segments = sum(len(p.tile.layout.segments) for p in placements)
    if segments_seen != expected_segments:
        problems.append(f"the features hold {segments_seen} segments, the tiles on the "
                        f"board have {expected_segments} (R-F1)")
    for player, supply in enumerate(state.players):
        if supply.meeples_in_supply + meeples[player] != MEEPLES_PER_PLAYER:
            on_board = plural(meeples[player], "meeple")
            problems.append(f"{_who(player)} has {on_board} on the board and "
                            f"{supply.meeples_in_supply} in supply, not {MEEPLES_PER_PLAYER} "
                            "in all (R-C2)")
        if supply.camps_in_supply + camps[player] != CAMPS_PER_PLAYER:
            problems.append(f"{_who(player)} has {plural(camps[player], 'camp')} on the board and "
                            f"{supply.camps_in_supply} in supply, not {CAMPS_PER_PLAYER} "
                            "in all (R-C2, R-T10)")
        if supply.meeples_in_supply < 0 or supply.camps_in_supply < 0:
            problems.append(f"{_who(player)} has a negative supply")


def _tiles_of_current_turn(state: GameState) -> frozenset[int]:
    """Placement indices of the tiles placed in the turn under way (before its scoring)."""
    if state.phase not in _TURN_PHASES:
        return frozenset()
    placements = state.board.placements
    indices = {len(placements) - 1}
    if len(placements) >= 2 and placements[-1].tile.kind is TileKind.DOUBLE \
            and placements[-2].tile.layout.exclamation:
        indices.add(len(placements) - 2)
    return frozenset(indices)


def _check_river(state: GameState, problems: list[str]) -> None:
    kinds = Counter(p.tile.kind for p in state.board.placements)
    start_spaces = state.rules.tileset.start_side(state.num_players).river_spaces
    explored = start_spaces + kinds[TileKind.AMAZON] + 2 * kinds[TileKind.DOUBLE]
    if state.track_length != explored:
        problems.append(f"track_length is {state.track_length}, but {start_spaces} start "
                        f"spaces + {plural(kinds[TileKind.AMAZON], 'Amazon tile')} + 2 x "
                        f"{plural(kinds[TileKind.DOUBLE], 'double tile')} = {explored} (R-T9)")
    for player, supply in enumerate(state.players):
        if not 1 <= supply.boat <= state.track_length:
            problems.append(f"{_who(player)}'s boat is on space {supply.boat}, outside "
                            f"1..{state.track_length} (R-C9, R-T9)")


def _check_tile_accounting(state: GameState, problems: list[str]) -> None:
    tileset = state.rules.tileset
    hand = state.tile_in_hand
    placed = [p.tile for p in state.board.placements]
    land = [t for t in placed if t.kind in (TileKind.STANDARD, TileKind.AMAZON)]
    in_hand_land = [hand] if hand is not None and hand.kind is not TileKind.DOUBLE else []
    accounted = Counter(t.id for t in [*land, *state.removed, *state.pile.remaining,
                                       *in_hand_land])
    expected = Counter(t.id for t in tileset.land_tiles)
    if accounted != expected:
        missing = sorted((expected - accounted).elements())
        extra = sorted((accounted - expected).elements())
        problems.append(
            f"{len(land)} land tiles placed + {len(state.removed)} removed + "
            f"{len(state.pile)} left + {len(in_hand_land)} in hand = {sum(accounted.values())}"
            f", not the {len(tileset.land_tiles)} land tiles of the tile set "
            f"(missing ids {missing}, extra ids {extra}) (R-C3, R-E1, R-G7)")
    doubles = [t for t in placed if t.kind is TileKind.DOUBLE]
    in_hand_double = [hand] if hand is not None and hand.kind is TileKind.DOUBLE else []
    accounted_doubles = Counter(t.id for t in [*doubles, *state.doubles_left, *in_hand_double])
    if accounted_doubles != Counter(t.id for t in tileset.double_tiles):
        problems.append(f"{len(doubles)} double tiles placed + {len(state.doubles_left)} set "
                        f"aside + {len(in_hand_double)} in hand are not the "
                        f"{len(tileset.double_tiles)} double tiles of the tile set (R-C4, R-T3)")
    drawn = [*land, *state.removed, *in_hand_land]
    drawn_amazon = sum(1 for t in drawn if t.kind is TileKind.AMAZON)
    if state.pile.drawn != len(drawn) or state.pile.amazon_drawn != drawn_amazon:
        problems.append(f"the pile counts {state.pile.drawn} tiles drawn, "
                        f"{state.pile.amazon_drawn} of them Amazon tiles, but {len(drawn)} "
                        f"land tiles ({drawn_amazon} Amazon tiles) are placed, removed or in "
                        "hand (R-C7, R-T1)")
    for tile in state.removed:
        if tile.kind is not TileKind.STANDARD:
            problems.append(f"{tile.name} was removed, but only standard tiles can fit "
                            "nowhere (R-G6, R-G7)")


def _check_scores(state: GameState, problems: list[str]) -> None:
    for player, supply in enumerate(state.players):
        breakdown = supply.breakdown
        if supply.score != breakdown.total:
            problems.append(f"{_who(player)} has {supply.score} points, but the breakdown "
                            f"adds up to {breakdown.total}")
        if min(breakdown.tributaries, breakdown.villages, breakdown.amazon, breakdown.camps,
               breakdown.river) < 0:
            problems.append(f"{_who(player)} has negative points in the breakdown {breakdown}")
        if not state.is_terminal and (breakdown.camps or breakdown.river):
            problems.append(f"{_who(player)} has camp or river points before the final "
                            "scoring (R-E4, R-E5)")
    finals = state.final_scoring
    if not state.is_terminal:
        if finals is not None:
            problems.append("the final scoring is set before the game is over (R-E1)")
        return
    if finals is None or len(finals) != state.num_players:
        problems.append("the game is over but the final scoring is missing or incomplete (R-E1)")
        return
    for player, (supply, final) in enumerate(zip(state.players, finals)):
        breakdown = supply.breakdown
        if final.river != breakdown.river or final.camps != breakdown.camps:
            problems.append(f"{_who(player)}'s final scoring {final} disagrees with the "
                            f"breakdown {breakdown} on camps or river (R-E4, R-E5)")
        if not 0 <= final.tributaries <= breakdown.tributaries \
                or not 0 <= final.villages <= breakdown.villages:
            problems.append(f"{_who(player)}'s final tributary/village points {final} exceed "
                            f"those of the whole game {breakdown} (R-E2, R-E3)")


def _check_phase(state: GameState, problems: list[str]) -> None:
    phase = state.phase
    hand = state.tile_in_hand
    if not 0 <= state.current_player < state.num_players:
        problems.append(f"the current player {state.current_player} is not a player (R-C8)")
    if phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
        if hand is None:
            problems.append(f"phase {phase.value!r} but no tile in hand")
        elif (hand.kind is TileKind.DOUBLE) != (phase is Phase.PLACE_DOUBLE):
            problems.append(f"phase {phase.value!r} with {hand.name} in hand (R-T3)")
    elif hand is not None:
        problems.append(f"phase {phase.value!r} with {hand.name} still in hand")
    if (phase is Phase.PLACE_PIECE) != (state.piece_placement >= 0):
        problems.append(f"phase {phase.value!r} with piece_placement {state.piece_placement}")
    elif phase is Phase.PLACE_PIECE and state.piece_placement != len(state.board) - 1:
        problems.append("the piece step is not on the tile just placed (R-T5)")
    if phase is Phase.GAME_OVER and len(state.pile):
        problems.append(f"the game is over with {len(state.pile)} tiles still to draw (R-E1)")
    if phase is not Phase.GAME_OVER:
        try:
            choices = legal_actions(state)
        except Exception as error:  # a broken state may break the engine as well
            problems.append(f"legal_actions fails on this state: {error!r}")
        else:
            if not choices:
                problems.append("the game is not over but there is no legal action in "
                                f"phase {phase.value!r}")
