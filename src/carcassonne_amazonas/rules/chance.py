"""Draws as explicit chance events, and resampling what a player cannot know.

For search (MCTS, expectimax, ISMCTS) and for companion apps of the physical
game, :func:`~carcassonne_amazonas.rules.engine.new_game` with ``draws="explicit"``
makes every draw a *chance node*: ``state.is_chance_node`` is true, the state
holds no future order, :func:`chance_outcomes` lists the tiles that can come
next with exact probabilities, and applying a
:class:`~carcassonne_amazonas.rules.actions.DrawTile` draws that tile (a companion
app passes the tile really drawn).

For games in the default seeded mode, the state does hold the pile's order;
search code must not read it.  :func:`determinize` gives a copy whose hidden
order is resampled from what a player knows.
"""

from __future__ import annotations

import random
from fractions import Fraction

import attrs

from .._support.exact import check_exact, check_instance
from ..errors import IllegalActionError
from .actions import DrawTile
from .engine import apply_action
from .state import GameState

__all__ = ["chance_outcomes", "determinize", "sample_draw"]


def chance_outcomes(state: GameState) -> tuple[tuple[DrawTile, Fraction], ...]:
    """``(action, probability)`` for each distinct tile that can be drawn next.

    The probabilities are exact fractions that sum to 1 and follow the pile's
    shuffle option (for the stratified shuffle, R-C7: the Amazon-tile quota of
    the current slice).  Identical copies are one outcome.  Raises
    :class:`~carcassonne_amazonas.errors.IllegalActionError` if ``state`` is not a chance node.

    The result is computed once per pile composition and slice position and
    shared: no fraction arithmetic on repeated calls.  The same outcomes with
    integer weights and floats, for samplers and adapters, are
    ``state.pile.distribution()``
    (:meth:`~carcassonne_amazonas.rules.pile.Pile.distribution`).
    """
    return _at_chance_node(state).pile.distribution()._draw_outcomes()


def _at_chance_node(state: GameState) -> GameState:
    """``state``, checked to be a chance node (R-T1)."""
    check_exact(state, GameState, "state")
    if not state.is_chance_node:
        raise IllegalActionError(f"the state is not a chance node (phase {state.phase.value!r})",
                                 rule="R-T1", code="not-a-chance-node")
    return state


def sample_draw(state: GameState, rng: random.Random) -> DrawTile:
    """The next draw at a chance node, chosen with its exact probability of
    :func:`chance_outcomes` (R-T1, R-C7): the one exact sampler of the library
    (:meth:`~carcassonne_amazonas.rules.draw_odds.DrawDistribution.sample`), which the playout
    fast path uses too.

    No floating point: a whole number below the distribution's ``total`` is drawn with
    ``rng.getrandbits``, so the same seed draws the same tile in any process.  Raises
    :class:`~carcassonne_amazonas.errors.IllegalActionError` if ``state`` is not a chance
    node, ``TypeError`` unless ``rng`` is a ``random.Random``.
    """
    if not isinstance(rng, random.Random):  # inline: the hot path
        check_instance(rng, random.Random, "rng", "a random.Random")
    return _at_chance_node(state).pile.distribution().sample(rng)


def determinize(state: GameState, rng: random.Random) -> GameState:
    """A state equal in everything a player can see, with the unseen pile order
    drawn at random from what is known (the tiles left and the slice quotas).

    The result is always in seeded mode, so it can be played out with
    :func:`~carcassonne_amazonas.rules.engine.apply_action` alone.  For a seeded
    state only the order of the tiles left changes, and it never depends on
    the real order.  For an explicit-draws state at a chance node, the draw is
    resolved from the sampled order (as apply_action would in seeded mode).
    """
    check_exact(state, GameState, "state")
    if not isinstance(rng, random.Random):  # inline: the hot path
        check_instance(rng, random.Random, "rng", "a random.Random")
    if state.is_terminal:
        return state
    order = state.pile.resampled(rng)
    if not state.is_chance_node:
        return attrs.evolve(state, pile=order)
    while state.is_chance_node:
        sampled = order.tiles[0]
        drawn = state.pile.canonical(sampled)
        state = apply_action(state, DrawTile(drawn.id))
        # The engine draws the canonical copy of identical tiles: that copy leaves the
        # order and the sampled one takes its place (identical copies are interchangeable).
        rest = list(order.tiles[1:])
        if drawn is not sampled:
            rest[rest.index(drawn)] = sampled
        order = attrs.evolve(order, tiles=tuple(rest))
    return attrs.evolve(state, pile=attrs.evolve(state.pile, tiles=order.tiles, explicit=False))
