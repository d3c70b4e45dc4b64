"""A heuristic evaluation of positions for search: what each player can expect to score.

Search (the MCTS player of :mod:`~carcassonne_amazonas.ai.mcts`) cannot play every
game to its end, so it cuts its playouts short and asks :func:`heuristic_scores`
how the game stands: each player's points so far plus what their pieces, their boat
and their supply are likely still to bring.  :func:`win_value` turns those estimates
into a value in 0..1 for one player (a win at a terminal state).

The estimate reads only what every player can see: the board, the pieces, the
scores and boats, the supplies and how many tiles of each kind are left (never the
pile's order).  It adds to each player's score:

- every unfinished tributary or village where the player has the majority (R-M1): its
  final value (R-E2, R-E3: 1 per tile and Fruit icon), and for a village a share of
  the bonus a completion would give (R-T7: 2 per tile);
- every jungle where the player has the majority of camps: its animals (R-E4), once
  per camp of theirs there under per-camp scoring (R-V2);
- the river (R-E5) and the Amazon scorings still to come (R-A1–R-A3): the mouth's
  points and the caimans and piranhas of the Amazon tiles left, shared out by how far
  each boat leads or trails, softly (boats keep moving);
- each meeple and camp still in the supply, worth a little while tiles are left.

Each of these is a *feature* (:data:`FEATURES`, :func:`evaluation_features`) times a
coefficient, so the estimate is linear in them; four more features (the value of the
features whose majority a player shares, and the open ports of the tributaries,
villages and jungles held, as the pile runs out) have the coefficient 0 by hand and are
there for a learned evaluation (:mod:`~carcassonne_amazonas.ai.learned`), whose
coefficients self-play sets.

The numbers that are not rules are the fields of :class:`Weights`.  The defaults
were chosen by measurement: ``benchmarks/tune_evaluation.py`` plays the MCTS
player's prior policy (``MctsBot(iterations=1)``) with one set of weights against
another, seats swapped, and the defaults won each comparison (see
``docs/guides/bots.md``).  A softer boat lead (``lead_sharpness`` 0.1, where 0.9
was the first guess) made the largest difference: a boat space is worth about the
same wherever the boats stand, since they keep moving.  Then 300 steps of SPSA
(``tune_evaluation.py --spsa``) lowered a camp in the supply from 2.5 points to
0.62 and moved the other three a little; those weights won 57.9% of 400 fresh
games against the earlier ones.
"""

from __future__ import annotations

import functools
import math

import attrs

from .._support.exact import check_exact, check_number
from .._support.reprs import repr_pretty
from .._support.wording import show_int
from ..rules.boat_track import AmazonRanking, rank_points
from ..rules.scoring import jungle_value
from ..rules.state import GameState
from ..tiles.layout import Terrain, TileKind
from ..tiles.tileset import TileSet

__all__ = ["DEFAULT_WEIGHTS", "FEATURES", "MAX_WEIGHT", "Weights", "evaluation_features",
           "heuristic_scores", "win_value"]

_TRIBUTARY = Terrain.TRIBUTARY
_VILLAGE = Terrain.VILLAGE
_JUNGLE = Terrain.JUNGLE

#: A village's expected share of its completion bonus (R-T7), by open ports left.
_VILLAGE_COMPLETION = {1: 0.6, 2: 0.45, 3: 0.35, 4: 0.3, 5: 0.2, 6: 0.2}


#: The evaluation's features, in the order :func:`evaluation_features` gives them: each
#: player's expected points beyond their score, by source (see the module docstring).
#: ``heuristic_scores`` adds each, times the :class:`Weights` field of the same name, to
#: the score.
FEATURES = ("tributary", "village", "village_completion", "jungle", "amazon", "river",
            "meeple", "camp", "shared", "open_tributary", "open_village", "open_jungle")

# The fields of Weights that are not feature coefficients: none of them may be negative.
_SHAPE_FIELDS = frozenset({"lead_sharpness", "margin_spread", "margin_spread_per_tile"})
#: The largest size of a weight: a feature is worth tens of points, so a coefficient far
#: beyond 1 is no estimate (and one near the float range would overflow the sums).
MAX_WEIGHT = 1000.0


@attrs.frozen(slots=True, cache_hash=True)  # hashed on the hot path (_coefficients)
class Weights:
    """The numbers of the evaluation that are not rules.

    Each feature of :data:`FEATURES` has a coefficient, the field of the same name:
    ``tributary``, ``village`` and ``jungle`` on the value of the unfinished features a
    player holds (1: their value as the final scoring would count it), ``village_completion``
    on a village's expected completion bonus, ``amazon`` and ``river`` on the points the
    Amazon scorings and the river are expected to bring, ``meeple`` and ``camp`` on a piece
    in the supply (its worth falls to 0 with the pile), ``shared`` on the value of the
    features whose majority the player shares (counted in full above), and the three
    ``open_*`` on the open ports of the features held, as the pile runs out.  The hand-set
    evaluation (:data:`DEFAULT_WEIGHTS`) counts the last four 0; the learned one
    (:func:`~carcassonne_amazonas.ai.learned.learned_weights`) sets them from self-play.

    The others shape the estimate: ``lead_sharpness``, how sharply a boat's lead turns
    into the first place of the scorings to come (logistic in the lead, in river
    spaces); ``margin_spread`` and ``margin_spread_per_tile``, the spread of the final
    margin in :func:`win_value`, in points, plus so much per tile left.

    ``TypeError`` for a field that is not a number; ``ValueError`` for one that is not
    finite or beyond :data:`MAX_WEIGHT` either way, a negative ``lead_sharpness`` or
    spread, and a spread that is 0 at the end.
    """

    meeple: float = 0.41
    camp: float = 0.62
    lead_sharpness: float = 0.11
    village_completion: float = 1.07
    margin_spread: float = 4.0
    margin_spread_per_tile: float = 0.12
    tributary: float = 1.0
    village: float = 1.0
    jungle: float = 1.0
    amazon: float = 1.0
    river: float = 1.0
    shared: float = 0.0
    open_tributary: float = 0.0
    open_village: float = 0.0
    open_jungle: float = 0.0

    _repr_pretty_ = repr_pretty

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(Weights):
            value = getattr(self, field.name)
            check_number(value, field.name)
            try:
                size = abs(float(value))
            except OverflowError:  # an int beyond the float range
                size = math.inf
            if not size <= MAX_WEIGHT:  # NaN too
                shown = f"{value!r}"[:40] if size != math.inf or isinstance(value, float) \
                    else "a number beyond the float range"
                raise ValueError(f"Weights.{field.name} must be a finite number from "
                                 f"-{MAX_WEIGHT:g} to {MAX_WEIGHT:g}, not {shown}")
            if field.name in _SHAPE_FIELDS and value < 0:
                raise ValueError(f"Weights.{field.name} must be a finite number >= 0, "
                                 f"not {value!r}")
        if not self.margin_spread > 0:
            raise ValueError("Weights.margin_spread must be > 0: the spread of the final "
                             f"margin, in points, not {self.margin_spread!r}")

    @property
    def coefficients(self) -> tuple[float, ...]:
        """The coefficients of :data:`FEATURES`, in their order."""
        return tuple(getattr(self, name) for name in FEATURES)


#: The weights the MCTS player uses unless told otherwise.
DEFAULT_WEIGHTS = Weights()


@functools.lru_cache(maxsize=16)
def _amazon_points(tileset: TileSet) -> tuple[float, float, int, int]:
    """Mean (caimans + piranhas) and mean piranhas of an Amazon land tile, the Amazon
    land tiles and all land tiles in the set."""
    amazon = tileset.of_kind(TileKind.AMAZON)
    land = len(tileset.land_tiles)
    if not amazon:
        return 0.0, 0.0, 0, land
    first = sum(t.total_icons.caimans + t.total_icons.piranhas for t in amazon) / len(amazon)
    second = sum(t.total_icons.piranhas for t in amazon) / len(amazon)
    return first, second, len(amazon), land


def _first_place_share(boats: tuple[int, ...], player: int, sharpness: float) -> float:
    """A soft chance that ``player``'s boat is first at a later scoring (R-A1), growing
    with its lead (tied boats are all first)."""
    lead = boats[player] - max(b for p, b in enumerate(boats) if p != player)
    return 1.0 / (1.0 + math.exp(-sharpness * (lead + 0.5)))


@functools.lru_cache(maxsize=4096)
def _river_terms(tileset: TileSet, ranking: AmazonRanking, boats: tuple[int, ...],
                 amazon_left: int, left: int,
                 sharpness: float) -> tuple[tuple[float, float], ...]:
    """Each player's expected points from the river (R-E5) and the Amazon scorings still
    to come (R-A1–R-A3), by the boats' places and what is left of the pile: asked after
    every step of a search, for a handful of distinct boat positions and pile sizes.  Per
    player, the Amazon scorings' part and the river's part."""
    n = len(boats)
    first, second, _, land = _amazon_points(tileset)
    progress = left / land if land else 0.0
    mouth = tileset.start_side(n).mouth_points
    settled = rank_points(boats, mouth, ranking)
    mean_mouth = sum(mouth) / n
    terms = []
    for player in range(n):
        share = _first_place_share(boats, player, sharpness)
        terms.append((amazon_left * (first * share + second * (1 - share) / max(1, n - 1)),
                      (1 - progress) * settled[player]
                      + progress * (mouth[0] * share + mean_mouth * (1 - share))))
    return tuple(terms)


def _expected_points(state: GameState, coefficients: tuple[float, ...], sharpness: float,
                     points: list[float]) -> list[float]:
    """``points`` (one number per player) plus each player's features (:data:`FEATURES`)
    times ``coefficients``: the points the evaluation expects beyond the score, before
    the end.  One pass, on the hot path of the searches; :func:`evaluation_features` reads
    the features one by one through it.  The terms are added in the order the hand-set
    evaluation always added them, so that its values stay the same to the last bit (a
    coefficient of 1 or 0 changes no sum)."""
    (tributary, village, completion_weight, jungle, amazon_weight, river_weight, meeple, camp,
     shared, open_tributary, open_village, open_jungle) = coefficients
    tileset = state.rules.tileset
    _, _, amazon, land = _amazon_points(tileset)
    left = len(state.pile)
    progress = left / land if land else 0.0
    completion_share = min(1.0, 4 * progress)
    camp_scoring = state.rules.camp_scoring
    # The open ports' coefficients as the pile stands, once rather than per feature.
    open_tributary *= progress
    open_village *= progress
    open_jungle *= progress
    for feature in state.features.held_features():
        pieces = feature.pieces
        terrain = feature.terrain
        if terrain is _JUNGLE:
            value = float(jungle_value(feature, camp_scoring))
            worth = jungle * value + open_jungle * feature.open_ports
        elif terrain is _TRIBUTARY:
            value = float(feature.tile_count + feature.fruit)
            worth = tributary * value + open_tributary * feature.open_ports
        elif terrain is _VILLAGE:
            tiles = feature.tile_count
            ports = feature.open_ports
            share = min(1.0, _VILLAGE_COMPLETION.get(ports, 0.1) * completion_share)
            value = tiles + feature.fruit + tiles * share  # for "shared"
            worth = (village * (tiles + feature.fruit) + tiles * completion_weight * share
                     + open_village * ports)
        else:
            continue
        if len(pieces) == 1:
            points[pieces[0][1]] += worth
            continue
        holders = feature.majority()
        if len(holders) > 1:
            worth += shared * value
        for player in holders:
            points[player] += worth
    boats = tuple(p.boat for p in state.players)
    amazon_left = amazon - state.pile.amazon_drawn  # a public count, not the order
    river = _river_terms(tileset, state.rules.amazon_ranking, boats, amazon_left, left,
                         sharpness)
    for player, supply in enumerate(state.players):
        points[player] += amazon_weight * river[player][0]
        points[player] += river_weight * river[player][1]
        points[player] += progress * (meeple * supply.meeples_in_supply
                                      + camp * supply.camps_in_supply)
    return points


#: Each feature alone, coefficient 1 (how evaluation_features reads them).
_UNIT_COEFFICIENTS = tuple(tuple(float(i == k) for i in range(len(FEATURES)))
                           for k in range(len(FEATURES)))


def evaluation_features(state: GameState,
                        weights: Weights = DEFAULT_WEIGHTS) -> tuple[tuple[float, ...], ...]:
    """Each player's features (:data:`FEATURES`, in that order): what the evaluation
    expects their unfinished features (R-E2–R-E4), the river and the Amazon scorings
    (R-E5, R-A1–R-A3) and their supply still to bring, before any coefficient; all 0 once
    the game is over.  ``weights`` gives ``lead_sharpness``, which the river's features
    depend on.  What the learned evaluation is trained on: :func:`heuristic_scores` is
    the score plus these features times the coefficients.

    ``TypeError`` unless ``state`` is exactly a ``GameState`` and ``weights`` a
    ``Weights``."""
    check_exact(state, GameState, "state")
    check_exact(weights, Weights, "weights", "an evaluation.Weights")
    if state.is_terminal:
        return tuple((0.0,) * len(FEATURES) for _ in state.players)
    columns = [_expected_points(state, unit, weights.lead_sharpness, [0.0] * len(state.players))
               for unit in _UNIT_COEFFICIENTS]
    return tuple(tuple(column[player] for column in columns)
                 for player in range(state.num_players))


def heuristic_scores(state: GameState, weights: Weights = DEFAULT_WEIGHTS) -> tuple[float, ...]:
    """Each player's expected final score: the score so far plus the features of
    :func:`evaluation_features` times their coefficients in ``weights`` (equal to the
    scores once the game is over).  ``TypeError`` unless ``state`` is exactly a
    ``GameState`` and ``weights`` a ``Weights``."""
    if type(state) is not GameState or type(weights) is not Weights:  # inline: the hot path
        check_exact(state, GameState, "state")
        check_exact(weights, Weights, "weights", "an evaluation.Weights")
    if state.is_terminal:
        return tuple(float(p.score) for p in state.players)
    return tuple(_expected_points(state, _coefficients(weights), weights.lead_sharpness,
                                  [float(seat.score) for seat in state.players]))


@functools.lru_cache(maxsize=64)
def _coefficients(weights: Weights) -> tuple[float, ...]:
    """``weights.coefficients``, worked out once per set of weights (the hot path)."""
    return weights.coefficients


def _check_player(state: GameState, player: int) -> None:
    """The refusals of :func:`win_value`'s arguments."""
    check_exact(state, GameState, "state")
    check_exact(player, int, "player")
    raise ValueError(f"player: expected a player of the game, 0 to {state.num_players - 1}, "
                     f"not {show_int(player)}")


def win_value(state: GameState, player: int, scores: tuple[float, ...] | None = None,
              weights: Weights = DEFAULT_WEIGHTS) -> float:
    """How good ``state`` is for ``player``, in 0..1.

    At the end: 1 for a sole win, ``1/k`` for a victory shared by ``k`` players
    (R-E6), 0 for a loss.  Before: a logistic function of the player's lead over the
    best other player in :func:`heuristic_scores` (or in ``scores`` when given), whose
    spread grows with the tiles left (both with ``weights``).

    ``TypeError`` unless ``state`` is exactly a ``GameState``, ``player`` an ``int`` and
    ``weights`` a ``Weights``; ``ValueError`` for a player not in the game.
    """
    if type(state) is not GameState or type(player) is not int \
            or not 0 <= player < state.num_players:  # inline: the hot path of the searches
        _check_player(state, player)
    if state.is_terminal:
        winners = state.winners
        return 1.0 / len(winners) if player in winners else 0.0
    if scores is None:
        scores = heuristic_scores(state, weights)
    if type(weights) is not Weights:  # inline: the hot path of the searches
        check_exact(weights, Weights, "weights", "an evaluation.Weights")
    best_other = max(s for p, s in enumerate(scores) if p != player)
    spread = weights.margin_spread + weights.margin_spread_per_tile * len(state.pile)
    lead = (scores[player] - best_other) / spread
    if lead < -700:  # math.exp would overflow: the value is 0 to a float's precision
        return 0.0
    return 1.0 / (1.0 + math.exp(-lead))
