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

The checked options (``GameSpec``) and the play that steers live in the private
:mod:`~carcassonne_amazonas.testing._steering`; this module draws the setup and the
number the play starts from, and makes the strategies.

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

from collections.abc import Collection
from typing import Any

import attrs

from .._support.exact import check_exact
from .._support.extras import missing_extra

try:
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise missing_extra(__name__, "testing", error) from error

from .._support.provenance import remember
from .._support.reprs import repr_pretty
from .._support.tracing import untraced
from ..rules.actions import (
    MAX_NOTATION_NUMBER,
    Action,
    ChooseDouble,
    DrawTile,
    Pass,
    PlaceCamp,
    PlaceMeeple,
    PlaceTile,
)
from ..rules.engine import apply_action, legal_actions, new_game
from ..rules.notation import format_action, parse_action
from ..rules.options import Rules
from ..rules.pile import Draws, Shuffle, as_draws
from ..rules.state import GameState, Phase
from ..tiles.geometry import Position, Rotation
from ..tiles.layout import TileKind
from ..tiles.reference import reference_tileset
from ..tiles.tileset import TileId
from ._replay import new_game_of
from ._steering import DOUBLE_PHASES, GameSpec, Steering, seed_bringing_exclamation

__all__ = [
    "PlayedGame",
    "actions",
    "game_states",
    "legal_actions_of",
    "played_games",
    "played_games_for",
    "replay_game",
    "replay_keywords",
    "rules",
    "turns_played",
    "variant_rules",
]

_IN_TURN = (Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE, Phase.PLACE_PIECE)
_LAND = (TileKind.STANDARD, TileKind.AMAZON)


def turns_played(state: GameState) -> int:
    """How many turns of ``state``'s game are complete (R-T1–R-T8).

    A turn is complete once its piece step is done (R-T5); tiles removed because
    they fit nowhere (R-G7) make no turn.  So a new game has played 0 turns, and a
    state in the piece step (or choosing or placing a double tile) of the first
    turn still 0; at the end of the game it is the number of land tiles placed.
    :func:`game_states`' ``min_turns`` and ``max_turns`` bound this number.  A subclass
    of ``GameState`` is a ``TypeError`` (types are exact: a subclass can lie).
    """
    check_exact(state, GameState, "state")  # exact: a subclass can lie in __eq__
    land = sum(1 for placement in state.board.placements if placement.tile.kind in _LAND)
    return land - 1 if state.phase in _IN_TURN else land


# ---------------------------------------------------------------------------- game states

def game_states(num_players: int | st.SearchStrategy[int] | None = None, *,
                min_turns: int = 0, max_turns: int | None = None,
                phase: Phase | Collection[Phase] | None = None, non_terminal: bool = False,
                draws: Draws | None = "seeded",
                rules: Rules | st.SearchStrategy[Rules] | None = None,
                variants: bool = True) -> st.SearchStrategy[GameState]:
    """States reached by legal play from a new game (R-C1–R-E6).

    - ``num_players``: 2 to 5, or None to draw it; or a strategy of player counts
      (``st.integers(2, 3)``), each drawn count checked like a fixed one.
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
      player and the shuffle, and with ``variants`` the rule variants too; or a
      strategy of rules (:func:`rules`, ``st.sampled_from([...])``), each drawn value
      used as a fixed one (a first player the drawn player count lacks is skipped).
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
    options: dict[str, Any] = {
        "min_turns": min_turns, "max_turns": max_turns, "phase": phase,
        "non_terminal": non_terminal, "draws": draws, "variants": variants}
    return played_games_for(num_players, rules, options).map(_remembered_state)


def played_games_for(num_players: int | st.SearchStrategy[int] | None,
                     rules: Rules | st.SearchStrategy[Rules] | None,
                     options: dict[str, Any]) -> st.SearchStrategy[PlayedGame]:
    """The games :func:`played_games` draws for the options of :func:`game_states`, the
    player count and the rules fixed or drawn from strategies (each drawn value checked
    as a fixed one, a first player the drawn count lacks skipped)."""
    if not isinstance(num_players, st.SearchStrategy) \
            and not isinstance(rules, st.SearchStrategy):
        return played_games(GameSpec.of(num_players, rules=rules, **options))
    GameSpec.of(None, **options)  # the other options are checked at once
    players = num_players if isinstance(num_players, st.SearchStrategy) \
        else st.just(num_players)
    chosen = rules if isinstance(rules, st.SearchStrategy) else st.just(rules)

    def games_of(pair: tuple[int | None, Rules | None]) -> st.SearchStrategy[PlayedGame]:
        count, drawn = pair
        if drawn is not None and type(count) is int and drawn.first_player >= count:
            return st.nothing()  # this first player is not a player of the drawn count
        return played_games(GameSpec.of(count, rules=drawn, **options))
    return st.tuples(players, chosen).flatmap(games_of)


def rules(*, variants: bool = True) -> st.SearchStrategy[Rules]:
    """Rules over a shipped tile set (R-V3, with ``variants``): any reading of the rule
    variants R-V1 and R-V2 (with ``variants``; False keeps the defaults), a first
    player of any game (0 or 1, R-C8), any shuffle and 1 to 8 slices (R-C7).  Each
    prints as code that evaluates back, and shrinks to the default rules.  For
    :func:`game_states`' ``rules``, or ``st.from_type(Rules)``."""
    base = variant_rules() if variants else st.just(Rules())
    return st.builds(attrs.evolve, base, first_player=st.integers(0, 1),
                     shuffle=st.sampled_from(Shuffle), slices=st.integers(1, 8))


def _remembered_state(game: PlayedGame) -> GameState:
    # Hypothesis then prints the state as the call that rebuilds it (see provenance.py).
    with untraced():
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
    # Untraced: replaying the game is the library's work, not the test's; traced by
    # Hypothesis's explain phase it costs several times as much (see _support/tracing.py).
    with untraced():
        return _play(draw, spec)


def _play(draw: st.DrawFn, spec: GameSpec) -> PlayedGame:
    players = draw(st.sampled_from(spec.players), label="num_players")
    phase = draw(st.sampled_from(spec.phases), label="phase")
    # The turn comes before the setup: Hypothesis prefers smaller choices in order, so
    # a shorter game beats one with fewer rule options (the explain phase, which tries
    # random examples, keeps any it finds smaller).  A finished game draws its turn
    # too, as the last turn: when the shrinker moves the phase to an earlier one, the
    # choices that follow keep their meaning (the game stays the same up to that turn)
    # and the turn shrinks from there.
    last = spec.last_turn
    turns = draw(st.integers(last, last) if phase is Phase.GAME_OVER
                 else st.integers(spec.min_turns, last), label="turns")
    target = None if phase is Phase.GAME_OVER else turns
    modes = spec.modes_for(phase)
    mode = draw(st.sampled_from(modes), label="draws") if len(modes) > 1 else modes[0]
    rules = spec.rules if spec.rules is not None else _drawn_rules(draw, players, spec.variants)
    seed: int | None = None
    if mode == "seeded":
        seed = draw(st.integers(0, 2**32 - 1), label="seed")
        if target is not None and phase in DOUBLE_PHASES:
            seed = seed_bringing_exclamation(players, rules, seed, target, spec.last_turn)
    state = new_game_of(players, seed, rules, mode)
    # One number picks every action (a Hypothesis draw per action made each shrink step
    # replay a long choice sequence); 0 plays the first legal action every time.
    play = draw(st.integers(0, 2**32 - 1), label="play")
    final, played = Steering(play, spec, phase, target).play(state)
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
    check_exact(state, GameState, "state")  # exact: a subclass can lie in __eq__
    with untraced():
        choices = legal_actions(state)
    if not choices:
        raise ValueError("the game is over: the state has no legal action")
    return st.sampled_from(choices)


def actions() -> st.SearchStrategy[Action]:
    """Arbitrary actions of every class, mostly illegal in any given state.

    Positions are mostly near a board's tiles, sometimes anywhere an action can
    name (huge or negative coordinates, up to the notation's 9 digits,
    ``MAX_NOTATION_NUMBER``); rotations are any of the four; segments and tile ids
    are mostly small, sometimes huge.  A third of the double-tile choices name one of
    the six double tiles of the shipped sets (the bonus river's two included, R-V3),
    and a third of the draws a land tile.  Every action drawn here is one the library
    can make, so its notation reads back; it may by chance be legal in the state it is
    applied to.
    """
    near = st.integers(-20, 40)
    coordinate = st.one_of(near, near, near,
                           st.integers(-MAX_NOTATION_NUMBER, MAX_NOTATION_NUMBER))
    position = st.builds(Position, coordinate, coordinate)
    rotation = st.sampled_from(Rotation)
    small, natural = st.integers(0, 12), st.integers(0, MAX_NOTATION_NUMBER)
    segment = st.one_of(small, small, natural)
    small_id, any_id = st.integers(0, 100).map(TileId), natural.map(TileId)
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
