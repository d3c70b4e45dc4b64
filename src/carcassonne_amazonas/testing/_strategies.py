"""Hypothesis strategies for game states and actions, steered to any phase and depth.

Part of the property-testing tools; import them from
:mod:`carcassonne_amazonas.testing` (extra ``[testing]``).

How :func:`game_states` builds a state: it draws the player count, the phase
wanted, the draw mode, the rule options (the first player, the shuffle and, unless
``variants=False``, the variants R-V1–R-V3: the Amazon ranking, the camp scoring and
the bonus river tiles) and the number of complete turns ``T`` (see
:func:`turns_played`), then plays legal actions chosen by Hypothesis from a new game
until the wanted phase is reached in turn ``T`` or later.  Phases that random play
rarely stops in are steered to, never filtered for:

- ``CHOOSE_DOUBLE`` and ``PLACE_DOUBLE`` need a "!" Amazon tile in hand (R-T3).
  With seeded draws the drawn seed is moved to the nearest seed whose shuffle
  brings a "!" tile within a few turns after ``T``; with explicit draws the
  chance choices before ``T`` avoid "!" tiles and the first draw from ``T`` on
  takes one as soon as the pile's slice quota allows (R-C7).
- ``DRAW_TILE`` is the start of a turn with explicit draws (R-T1).
- ``GAME_OVER`` plays to the end (R-E1).

The game itself is one drawn number: it seeds the random choice of every action (and of
every draw at a chance node), and 0 plays the first legal action each time.  Hypothesis
shrinks a handful of numbers instead of one per action, and the games it replays while
shrinking share their prefixes, which are cached; so a failing example
shrinks in about a second to fewer turns, smaller seeds, fewer players, the first
phases and the default rule options.  Hypothesis reports it as the :func:`replay_game`
call that rebuilds it, variants included
(``replay_game(2, 't0,4,0 d85', seed=0, bonus_river=True)``).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection, Sequence
from typing import Final

import attrs

from .._support.exact import check_exact
from .._support.extras import missing_extra

try:
    from hypothesis import assume
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise missing_extra(__name__, "testing", error) from error

from .._support.provenance import remember
from .._support.reprs import repr_pretty
from ..rules.actions import Action, ChooseDouble, DrawTile, Pass, PlaceCamp, PlaceMeeple, PlaceTile
from ..rules.chance import chance_outcomes
from ..rules.engine import apply_action, legal_actions, new_game
from ..rules.notation import format_action, parse_action
from ..rules.options import Rules
from ..rules.pile import DRAW_MODES, Draws, Shuffle, as_draws
from ..rules.state import GameState, Phase
from ..tiles.geometry import Position, Rotation
from ..tiles.reference import reference_tileset
from ..tiles.tileset import Tile, TileId, TileKind, TileSet
from ._replay import new_game_of, step

__all__ = [
    "PHASES",
    "GameSpec",
    "PlayedGame",
    "actions",
    "game_states",
    "legal_actions_of",
    "played_games",
    "replay_game",
    "replay_keywords",
    "turns_played",
    "variant_rules",
]

#: Every phase, in the order :func:`game_states` shrinks towards (the first is simplest).
PHASES: Final = (Phase.PLACE_TILE, Phase.PLACE_PIECE, Phase.DRAW_TILE, Phase.CHOOSE_DOUBLE,
                 Phase.PLACE_DOUBLE, Phase.GAME_OVER)

_IN_TURN = (Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE, Phase.PLACE_PIECE)
_DOUBLE_PHASES = (Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE)
_LAND = (TileKind.STANDARD, TileKind.AMAZON)
# The seeded steering looks for a "!" tile this many draws from the turn drawn; the
# seeds it tries before giving up (the chance of a hit per seed is about 1 in 4).
_WINDOW = 8
_SEED_TRIES = 400


def turns_played(state: GameState) -> int:
    """How many turns of ``state``'s game are complete (R-T1–R-T8).

    A turn is complete once its piece step is done (R-T5); tiles removed because
    they fit nowhere (R-G7) make no turn.  So a new game has played 0 turns, and a
    state in the piece step (or choosing or placing a double tile) of the first
    turn still 0; at the end of the game it is the number of land tiles placed.
    :func:`game_states`' ``min_turns`` and ``max_turns`` bound this number.  A subclass
    of ``GameState`` is a ``TypeError`` (types are exact: a subclass can lie).
    """
    check_exact(state, GameState)  # exact: a subclass can lie in __eq__
    land = sum(1 for placement in state.board.placements if placement.tile.kind in _LAND)
    return land - 1 if state.phase in _IN_TURN else land


# ---------------------------------------------------------------------------- the knobs

@attrs.frozen
class GameSpec:
    """The checked options of :func:`game_states` (also used by the record strategies).

    ``players`` are the player counts to draw from, ``phases`` the phases wanted
    (each reachable under the options), ``draws`` the draw modes to draw from,
    ``rules`` the fixed rules (None: drawn, with the variants R-V1–R-V3 when
    ``variants``), ``last_turn`` the highest complete-turn count a state not yet over
    may have.
    """

    players: tuple[int, ...]
    min_turns: int
    max_turns: int | None
    phases: tuple[Phase, ...]
    draws: tuple[Draws, ...]
    rules: Rules | None
    last_turn: int
    variants: bool = True

    @classmethod
    def of(cls, num_players: int | None = None, *, min_turns: int = 0,
           max_turns: int | None = None, phase: Phase | Collection[Phase] | None = None,
           non_terminal: bool = False, draws: Draws | None = "seeded",
           rules: Rules | None = None, variants: bool = True) -> GameSpec:
        """Check the options of :func:`game_states`; ``ValueError`` or ``TypeError`` says
        which one is wrong and why."""
        if rules is not None:
            check_exact(rules, Rules, "rules to be a Rules or None")
        if type(variants) is not bool:
            raise TypeError(f"variants must be True or False, not {variants!r}")
        players = _player_counts(num_players, rules)
        _check_turns(min_turns, max_turns)
        modes = DRAW_MODES if draws is None else (as_draws(draws),)
        tileset = reference_tileset() if rules is None else rules.tileset
        land = len(tileset.land_tiles)
        last_turn = land - 1 if max_turns is None else min(max_turns, land - 1)
        wanted = _wanted_phases(phase)
        reachable = {p: _unreachable(p, modes, tileset, min_turns, max_turns, non_terminal)
                     for p in wanted}
        phases = tuple(p for p in wanted if reachable[p] is None)
        if phase is not None and len(phases) < len(wanted):
            reasons = "; ".join(f"{p.name}: {why}" for p, why in reachable.items() if why)
            raise ValueError(f"game_states cannot reach every phase asked for ({reasons})")
        if not phases:
            raise ValueError("no phase is reachable with these options "
                             f"(min_turns={min_turns}, max_turns={max_turns}, "
                             f"non_terminal={non_terminal})")
        return cls(players, min_turns, max_turns, phases, modes, rules, last_turn, variants)

    _repr_pretty_ = repr_pretty

    def modes_for(self, phase: Phase) -> tuple[Draws, ...]:
        """The draw modes in which ``phase`` can be reached."""
        return ("explicit",) if phase is Phase.DRAW_TILE else self.draws


def _is_int(value: object) -> bool:
    return type(value) is int  # exact: neither a bool nor an int subclass


def _player_counts(num_players: int | None, rules: Rules | None) -> tuple[int, ...]:
    """The player counts to draw from: ``num_players``, or every count (R-C1) whose
    players include ``rules.first_player`` (R-C8) when it is None."""
    lowest = 2 if rules is None else max(2, rules.first_player + 1)
    if num_players is None:
        return tuple(range(lowest, 6))
    if not _is_int(num_players) or not 2 <= num_players <= 5:
        raise ValueError(f"num_players must be None or 2 to 5, not {num_players!r} (R-C1)")
    if num_players < lowest:
        raise ValueError(f"rules.first_player {rules.first_player if rules else 0} is not a "
                         f"player of a {num_players}-player game (R-C8)")
    return (num_players,)


def _check_turns(min_turns: int, max_turns: int | None) -> None:
    if not _is_int(min_turns) or min_turns < 0:
        raise ValueError(f"min_turns must be a non-negative int, not {min_turns!r}")
    if max_turns is not None and (not _is_int(max_turns) or max_turns < min_turns):
        raise ValueError(f"max_turns must be None or an int >= min_turns ({min_turns}), "
                         f"not {max_turns!r}")


def _wanted_phases(phase: Phase | Collection[Phase] | None) -> tuple[Phase, ...]:
    if phase is None:
        return PHASES
    chosen = (phase,) if isinstance(phase, Phase) else tuple(phase)
    if not chosen or not all(isinstance(p, Phase) for p in chosen):
        raise TypeError(f"phase must be a Phase, a collection of Phase or None, not {phase!r}")
    return tuple(p for p in PHASES if p in chosen)


def _unreachable(phase: Phase, modes: tuple[Draws, ...], tileset: TileSet, min_turns: int,
                 max_turns: int | None, non_terminal: bool) -> str | None:
    """Why no state of ``phase`` satisfies the options, or None if some does."""
    land = len(tileset.land_tiles)
    if phase is Phase.GAME_OVER:
        if non_terminal:
            return "non_terminal=True"
        if max_turns is not None and max_turns < land:
            return (f"a game is over after one turn per land tile ({land} unless some fit "
                    f"nowhere), more than max_turns={max_turns}")
        return f"min_turns={min_turns} is more than a game has" if min_turns > land else None
    if min_turns > land - 1:
        return f"a game is over after at most {land} turns, and min_turns={min_turns}"
    if phase is Phase.DRAW_TILE and "explicit" not in modes:
        return "a draw is a decision only with draws='explicit'"
    if phase in _DOUBLE_PHASES and not (tileset.double_tiles and any(
            t.layout.exclamation for t in tileset.land_tiles)):
        return "the tile set has no \"!\" tile or no double tile"
    return None


# ---------------------------------------------------------------------------- game states

def game_states(num_players: int | None = None, *, min_turns: int = 0,
                max_turns: int | None = None,
                phase: Phase | Collection[Phase] | None = None, non_terminal: bool = False,
                draws: Draws | None = "seeded", rules: Rules | None = None,
                variants: bool = True) -> st.SearchStrategy[GameState]:
    """States reached by legal play from a new game (R-C1–R-E6).

    - ``num_players``: 2 to 5, or None to draw it.
    - ``min_turns`` and ``max_turns`` bound :func:`turns_played` (complete turns).
    - ``phase``: a :class:`~carcassonne_amazonas.rules.state.Phase`, a collection of
      them, or None for any phase the other options allow; each wanted phase is
      about equally likely, the rare ones (``CHOOSE_DOUBLE``, ``PLACE_DOUBLE``,
      ``DRAW_TILE``, ``GAME_OVER``) included.
    - ``non_terminal=True`` leaves out finished games.
    - ``draws``: ``"seeded"`` (the pile shuffled with a drawn seed), ``"explicit"``
      (every draw a chance node, whose outcome is drawn too) or None to draw the
      mode; ``DRAW_TILE`` states always have explicit draws.
    - ``rules``: fixed :class:`~carcassonne_amazonas.rules.options.Rules` (tile set,
      shuffle, first player, variant options), or None to draw them: the first
      player and the shuffle, and with ``variants`` the rule variants too.
    - ``variants`` (used when ``rules`` is None): True draws each variant option
      independently, each reading half the time: the Amazon ranking (R-V1,
      ``DENSE`` or ``COMPETITION``), the camp scoring (R-V2, ``PER_JUNGLE`` or
      ``PER_CAMP``) and the tile set (R-V3, the reference set or the one with the
      bonus river tiles, six double tiles instead of four); False plays the
      default options over the reference set.  To pin some options, give
      ``rules``.

    A finished game needs ``max_turns`` of None or at least the number of land
    tiles (80).  Options that no state can satisfy raise ``ValueError`` at once.
    Hypothesis shows a failing state as the :func:`replay_game` call that
    rebuilds it, and shrinks towards the default rule options.
    """
    spec = GameSpec.of(num_players, min_turns=min_turns, max_turns=max_turns, phase=phase,
                       non_terminal=non_terminal, draws=draws, rules=rules, variants=variants)
    return played_games(spec).map(_remembered_state)


def _remembered_state(game: PlayedGame) -> GameState:
    # Hypothesis then prints the state as the call that rebuilds it (see provenance.py).
    remember(game.final, game.replay_code("replay_game"))
    return game.final


@attrs.frozen
class PlayedGame:
    """A game :func:`played_games` drew: its setup, the actions played and the state
    reached (``final``)."""

    num_players: int
    rules: Rules
    draws: Draws
    seed: int | None
    actions: tuple[Action, ...]
    final: GameState = attrs.field(repr=False)

    @property
    def initial(self) -> GameState:
        """The new game the actions start from."""
        if self.draws == "explicit":
            return new_game(self.num_players, rules=self.rules, draws="explicit")
        return new_game(self.num_players, seed=self.seed, rules=self.rules)

    _repr_pretty_ = repr_pretty

    def replay_code(self, function: str) -> str:
        """The call of ``function`` (:func:`replay_game`, or a function with its
        parameters) that rebuilds this game: ``replay_game(2, 't0,4,0 p', seed=3)``."""
        text = " ".join(format_action(action) for action in self.actions)
        args = [repr(self.num_players)] + ([repr(text)] if text else [])
        keywords = replay_keywords(self.rules, self.draws, self.seed)
        args += [f"{name}={value!r}" for name, value in keywords.items()]
        return f"{function}({', '.join(args)})"


def replay_keywords(rules: Rules, draws: Draws, seed: int | None) -> dict[str, object]:
    """The keyword arguments of :func:`replay_game` for this setup, defaults left out:
    the rule options by name as plain values, as :meth:`Rules.options
    <carcassonne_amazonas.rules.options.Rules.options>` writes them
    (``amazon_ranking='competition'``, ``bonus_river=True``, R-V1–R-V3), and ``rules``
    only for a tile set not shipped with the package."""
    keywords: dict[str, object] = {}
    if draws == "seeded":
        keywords["seed"] = seed
    else:
        keywords["draws"] = draws
    if not rules.bonus_river and rules.tileset != reference_tileset():
        keywords["rules"] = rules
        return keywords
    keywords.update(rules.options(changed=True))
    return keywords


def played_games(spec: GameSpec) -> st.SearchStrategy[PlayedGame]:
    """Games played from a new game to a state that ``spec`` wants (see the module)."""
    return _played_games(spec)


@st.composite
def _played_games(draw: st.DrawFn, spec: GameSpec) -> PlayedGame:
    players = draw(st.sampled_from(spec.players), label="num_players")
    phase = draw(st.sampled_from(spec.phases), label="phase")
    modes = spec.modes_for(phase)
    mode = draw(st.sampled_from(modes), label="draws") if len(modes) > 1 else modes[0]
    rules = spec.rules if spec.rules is not None else _drawn_rules(draw, players, spec.variants)
    target = None if phase is Phase.GAME_OVER else \
        draw(st.integers(spec.min_turns, spec.last_turn), label="turns")
    seed: int | None = None
    if mode == "seeded":
        seed = draw(st.integers(0, 2**32 - 1), label="seed")
        if target is not None and phase in _DOUBLE_PHASES:
            seed = _seed_bringing_exclamation(players, rules, seed, target, spec.last_turn)
    state = new_game_of(players, seed, rules, mode)
    # One number picks every action (a Hypothesis draw per action made each shrink step
    # replay a long choice sequence); 0 plays the first legal action every time.
    play = draw(st.integers(0, 2**32 - 1), label="play")
    final, played = _Steering(play, spec, phase, target).play(state)
    return PlayedGame(players, rules, mode, seed, played, final)


def _drawn_rules(draw: st.DrawFn, players: int, variants: bool) -> Rules:
    """Rules over a shipped tile set: any first player and shuffle, and with ``variants``
    any reading of R-V1–R-V3 (:func:`variant_rules`)."""
    first_player = draw(st.integers(0, players - 1), label="first_player")
    shuffle = draw(st.sampled_from(Shuffle), label="shuffle")
    if not variants:
        return Rules(first_player=first_player, shuffle=shuffle)
    chosen = draw(variant_rules(), label="variants")
    return attrs.evolve(chosen, first_player=first_player, shuffle=shuffle)


def variant_rules() -> st.SearchStrategy[Rules]:
    """The default rules under any reading of the variants R-V1–R-V3: each of
    :attr:`Rules.VARIANTS <carcassonne_amazonas.rules.options.Rules.VARIANTS>` drawn from
    its values, read by :meth:`Rules.from_options
    <carcassonne_amazonas.rules.options.Rules.from_options>` (each shrinks to its
    default, the first value)."""
    return st.fixed_dictionaries({name: st.sampled_from(option.values)
                                  for name, option in Rules.VARIANTS.items()}
                                 ).map(Rules.from_options)


def _seed_bringing_exclamation(players: int, rules: Rules, seed: int, target: int,
                               last_turn: int) -> int:
    """The first seed from ``seed`` on whose pile brings a "!" tile (R-T3) in one of the
    draws ``target`` .. ``target + _WINDOW - 1`` (at most ``last_turn``)."""
    found = _seed_search(players, rules, seed, target, min(target + _WINDOW - 1, last_turn))
    assume(found is not None)  # pragma: no branch - a tile set where "!" tiles never come
    assert found is not None
    return found


@functools.lru_cache(maxsize=4096)
def _seed_search(players: int, rules: Rules, seed: int, target: int, top: int) -> int | None:
    # Cached: the shrinker asks again for the seeds it has seen (each try is a new game).
    for candidate in range(seed, seed + _SEED_TRIES):
        order = _land_order(players, rules, candidate)
        if any(t is not None and t.layout.exclamation for t in order[target:top + 1]):
            return candidate
    return None  # pragma: no cover - a tile set where "!" tiles almost never come there


@functools.lru_cache(maxsize=4096)
def _land_order(players: int, rules: Rules, seed: int) -> tuple[Tile | None, ...]:
    state = new_game(players, seed=seed, rules=rules)
    return (state.tile_in_hand, *state.pile.tiles)


class _Steering:
    """Plays one game towards a phase in turn ``target`` or later (see the module)."""

    def __init__(self, play: int, spec: GameSpec, phase: Phase, target: int | None) -> None:
        self.rng = random.Random(play) if play else None
        self.spec = spec
        self.phase = phase
        self.target = target

    def play(self, state: GameState) -> tuple[GameState, tuple[Action, ...]]:
        spec, phase, target = self.spec, self.phase, self.target
        played: list[Action] = []
        turns = 0
        fallback: tuple[GameState, int] | None = None
        while True:
            if state.phase is phase and turns >= spec.min_turns \
                    and (spec.max_turns is None or turns <= spec.max_turns):
                if target is None or turns >= target:
                    return state, tuple(played)
                fallback = (state, len(played))
            if state.is_terminal or (spec.max_turns is not None and turns > spec.max_turns):
                break
            action = self.choose(state, turns)
            if state.phase is Phase.PLACE_PIECE:
                turns += 1
            state = step(state, action)[0]
            played.append(action)
        # The game ended (tiles that fit nowhere shorten it, R-G7) or "!" tiles came too
        # late: the last state of the wanted phase seen on the way, if any.
        assume(fallback is not None)
        assert fallback is not None
        return fallback[0], tuple(played[:fallback[1]])

    def choose(self, state: GameState, turns: int) -> Action:
        if not state.is_chance_node:
            return self.pick(legal_actions(state))
        outcomes = [action for action, _ in chance_outcomes(state)]
        if self.phase in _DOUBLE_PHASES and self.target is not None:
            tileset = state.rules.tileset
            bang = [a for a in outcomes if tileset.tile(a.tile).layout.exclamation]
            others = [a for a in outcomes if a not in bang]
            preferred = bang if turns >= self.target else others
            outcomes = preferred or outcomes
        return self.pick(outcomes)

    def pick(self, choices: Sequence[Action]) -> Action:
        if len(choices) == 1 or self.rng is None:
            return choices[0]
        return choices[self.rng.randrange(len(choices))]


def replay_game(num_players: int, actions: str = "", *, seed: int | None = None,
                draws: Draws = "seeded", rules: Rules | None = None,
                **options: object) -> GameState:
    """The state reached by ``actions`` (in the game notation of
    :mod:`~carcassonne_amazonas.rules.notation`, separated by spaces) from a new game.

    :func:`game_states` reports each state it draws as a call of this function, so a
    failing example is replayed by pasting it.  ``seed`` is the shuffle's seed for
    ``draws="seeded"`` and must be None for ``draws="explicit"`` (the draws are
    among the actions).  ``options`` are the rule options by name, as
    :meth:`Rules.from_options <carcassonne_amazonas.rules.options.Rules.from_options>`
    reads them (their values or enum members): ``first_player`` (R-C8), ``shuffle`` and
    ``slices`` (R-C7), and the variants ``amazon_ranking`` (R-V1), ``camp_scoring``
    (R-V2) and ``bonus_river`` (R-V3: the reference set with the Amazon Bonus River
    tiles); ``ValueError`` for a wrong one.  ``rules`` replaces them all (a custom tile
    set, say).  An illegal action raises
    :class:`~carcassonne_amazonas.errors.IllegalActionError`.
    """
    if rules is None:
        rules = Rules.from_options(options)
    elif options:
        raise ValueError(f"give either rules or the options {', '.join(options)}, not both")
    if as_draws(draws) == "explicit":
        state = new_game(num_players, rules=rules, draws="explicit", seed=seed)
    else:
        state = new_game(num_players, seed=seed, rules=rules)
    for text in actions.split():
        state = apply_action(state, parse_action(text))
    return state


# ---------------------------------------------------------------------------- actions

def legal_actions_of(state: GameState) -> st.SearchStrategy[Action]:
    """One legal action of ``state`` (shrinking towards the first in
    :func:`~carcassonne_amazonas.rules.engine.legal_actions` order).

    At a chance node (explicit draws) the legal actions are the draws.
    Raises ``ValueError`` for a state with no legal action (the game is over), and
    ``TypeError`` for anything but a ``GameState`` (a subclass too: types are exact).
    """
    check_exact(state, GameState)  # exact: a subclass can lie in __eq__
    choices = legal_actions(state)
    if not choices:
        raise ValueError("the game is over: the state has no legal action")
    return st.sampled_from(choices)


def actions() -> st.SearchStrategy[Action]:
    """Arbitrary actions of every class, mostly illegal in any given state.

    Positions are mostly near a board's tiles, sometimes anywhere (huge or
    negative coordinates); rotations are any of the four; segments and tile
    ids are mostly small, sometimes negative or huge.  A third of the double-tile
    choices name one of the six double tiles of the shipped sets (the bonus
    river's two included, R-V3), and a third of the draws a land tile.  An action
    drawn here may by chance be legal in the state it is applied to.
    """
    near = st.integers(-20, 40)
    coordinate = st.one_of(near, near, near, st.integers())
    position = st.builds(Position, coordinate, coordinate)
    rotation = st.sampled_from(Rotation)
    segment = st.one_of(st.integers(-2, 12), st.integers(-2, 12), st.integers())
    small_id, any_id = st.integers(-5, 100).map(TileId), st.integers().map(TileId)
    shipped = reference_tileset(bonus_river=True)
    double_id = st.sampled_from([tile.id for tile in shipped.double_tiles])
    land_id = st.sampled_from([tile.id for tile in shipped.land_tiles])
    return st.one_of(
        st.builds(PlaceTile, position, rotation),
        st.builds(ChooseDouble, st.one_of(double_id, small_id, any_id)),
        st.builds(PlaceMeeple, position, segment),
        st.builds(PlaceCamp, position, segment),
        st.just(Pass()),
        st.builds(DrawTile, st.one_of(land_id, small_id, any_id)),
    )
