"""Steering a game to the phase and turn :func:`game_states` wants (private).

Part of the property-testing tools, :mod:`carcassonne_amazonas.testing` (extra
``[testing]``): the strategies of :mod:`~carcassonne_amazonas.testing._strategies` draw a
game's setup and one number, and this module plays the game from there.  It holds

- :class:`GameSpec`, the checked options of :func:`game_states` (the player counts,
  R-C1 and R-C8; the phases wanted, in the order of :data:`PHASES`; the turns, the draw
  modes and the rules), which refuses at once options that no state can satisfy;
- :class:`Steering`, which plays legal actions (draws included, R-T1) chosen by the
  drawn number until the wanted phase comes in the wanted turn or later, and steers to
  the phases random play rarely stops in: ``CHOOSE_DOUBLE`` and ``PLACE_DOUBLE`` need a
  "!" Amazon tile in hand (R-T3), found with explicit draws by choosing the chance
  outcomes (within the pile's slice quota, R-C7) and with seeded draws by
  :func:`seed_bringing_exclamation`; ``GAME_OVER`` plays to the end (R-E1), and a game
  that ends early (R-G7) falls back to the last state of the wanted phase.

It is private, as the rest of the strategies' machinery: of its names only
:data:`PHASES` is public, exported by :mod:`carcassonne_amazonas.testing`.
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
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise missing_extra(__name__, "testing", error) from error

from .._support.reprs import repr_pretty
from ..rules.actions import Action
from ..rules.chance import chance_outcomes
from ..rules.engine import legal_actions, new_game
from ..rules.options import Rules
from ..rules.pile import DRAW_MODES, Draws, as_draws
from ..rules.state import GameState, Phase
from ..tiles.reference import reference_tileset
from ..tiles.tileset import Tile, TileSet
from ._replay import step

__all__ = ["DOUBLE_PHASES", "PHASES", "GameSpec", "Steering", "seed_bringing_exclamation"]

#: Every phase, in the order :func:`game_states` shrinks towards (the first is simplest).
PHASES: Final = (Phase.PLACE_TILE, Phase.PLACE_PIECE, Phase.DRAW_TILE, Phase.CHOOSE_DOUBLE,
                 Phase.PLACE_DOUBLE, Phase.GAME_OVER)

#: The phases that need a "!" tile in hand (R-T3), steered to.
DOUBLE_PHASES = (Phase.CHOOSE_DOUBLE, Phase.PLACE_DOUBLE)
# The seeded steering looks for a "!" tile this many draws from the turn drawn; the
# seeds it tries before giving up (the chance of a hit per seed is about 1 in 4).
_WINDOW = 8
_SEED_TRIES = 400


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
            check_exact(rules, Rules, "rules", "a Rules or None")
        if type(variants) is not bool:
            check_exact(variants, bool, "variants", "True or False")
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
        raise TypeError(f"phase: expected a Phase, a collection of Phase or None, not "
                        f"{type(phase).__name__}")
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
    if phase in DOUBLE_PHASES and not (tileset.double_tiles and any(
            t.layout.exclamation for t in tileset.land_tiles)):
        return "the tile set has no \"!\" tile or no double tile"
    return None


# ---------------------------------------------------------------------------- steering

def seed_bringing_exclamation(players: int, rules: Rules, seed: int, target: int,
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


class Steering:
    """Plays one game towards a phase in turn ``target`` or later (see the module)."""

    def __init__(self, play: int, spec: GameSpec, phase: Phase, target: int | None) -> None:
        self.rng = random.Random(play) if play else None
        self.spec = spec
        self.phase = phase
        self.target = target

    def play(self, state: GameState) -> tuple[GameState, tuple[Action, ...]]:
        """The state of the wanted phase reached from ``state``, and the actions played to
        it; Hypothesis rejects the example when the game ends or passes ``max_turns``
        before that phase comes (tiles that fit nowhere shorten a game, R-G7)."""
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
        """The next action after ``turns`` complete turns: a legal action, or a draw at a
        chance node (R-T1), where a "!" tile (R-T3) is avoided before the target turn and
        taken from it on when a double phase is wanted."""
        if not state.is_chance_node:
            return self.pick(legal_actions(state))
        outcomes = [action for action, _ in chance_outcomes(state)]
        if self.phase in DOUBLE_PHASES and self.target is not None:
            tileset = state.rules.tileset
            bang = [a for a in outcomes if tileset.tile(a.tile).layout.exclamation]
            others = [a for a in outcomes if a not in bang]
            preferred = bang if turns >= self.target else others
            outcomes = preferred or outcomes
        return self.pick(outcomes)

    def pick(self, choices: Sequence[Action]) -> Action:
        """One of ``choices`` by the drawn number (the first when it is 0)."""
        if len(choices) == 1 or self.rng is None:
            return choices[0]
        return choices[self.rng.randrange(len(choices))]
