"""The rule variants of a game as one value, read the same way everywhere.

The three variant options (docs/rules.md, Variants) are R-V1 ``amazon_ranking``
(``dense`` or ``competition``), R-V2 ``camp_scoring`` (``per-jungle`` or ``per-camp``)
and R-V3 ``bonus_river`` (true or false).  The command line, the web app, the
simulations and the AI-framework adapters all turn their options into
:class:`~carcassonne_amazonas.rules.state.Rules` through :class:`Variants`, so that each
option is read, checked and explained in one place::

    >>> Variants("competition", bonus_river=True)
    Variants(amazon_ranking=AmazonRanking.COMPETITION, bonus_river=True)
    >>> Variants.of(Variants(camp_scoring="per-camp").rules())
    Variants(camp_scoring=CampScoring.PER_CAMP)
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, TypeVar

import attrs

from .._support.reprs import changed_fields_repr, repr_pretty
from ..tiles.reference import reference_tileset
from ..tiles.tileset import TileSet
from .boat_track import AmazonRanking
from .pile import Shuffle
from .scoring import CampScoring
from .state import Rules

__all__ = ["RULE_IDS", "VARIANT_OPTIONS", "Variants", "choice", "to_amazon_ranking",
           "to_bonus_river", "to_camp_scoring"]

_E = TypeVar("_E", bound=enum.Enum)

#: Each variant option with the values it takes, the default first, as the command
#: line, the snapshot's JSON and the web app spell them.
VARIANT_OPTIONS: Mapping[str, tuple[Any, ...]] = MappingProxyType({
    "amazon_ranking": tuple(ranking.value for ranking in AmazonRanking),
    "camp_scoring": tuple(scoring.value for scoring in CampScoring),
    "bonus_river": (False, True),
})
#: The rule id of each variant option (docs/rules.md, Variants).
RULE_IDS: Mapping[str, str] = MappingProxyType({"amazon_ranking": "R-V1",
                                                "camp_scoring": "R-V2",
                                                "bonus_river": "R-V3"})


def choice(kind: type[_E], value: object, name: str, rule: str) -> _E:
    """``value`` as a member of the enum ``kind``: the member itself or its value
    (``"competition"``).  ``ValueError`` naming the option ``name``, the values allowed
    and the rule id, such as ``amazon_ranking must be one of 'dense', 'competition', not
    'olympic' (R-V1)``."""
    if isinstance(value, kind):
        return value
    try:
        return kind(value)
    except (ValueError, TypeError):
        allowed = ", ".join(repr(option.value) for option in kind)
        raise ValueError(f"{name} must be one of {allowed}, not {value!r} ({rule})") from None


def to_amazon_ranking(value: AmazonRanking | str) -> AmazonRanking:
    """R-V1: an :class:`~carcassonne_amazonas.rules.boat_track.AmazonRanking` or its value
    (``"dense"``, ``"competition"``); ``ValueError`` for anything else."""
    return choice(AmazonRanking, value, "amazon_ranking", RULE_IDS["amazon_ranking"])


def to_camp_scoring(value: CampScoring | str) -> CampScoring:
    """R-V2: a :class:`~carcassonne_amazonas.rules.scoring.CampScoring` or its value
    (``"per-jungle"``, ``"per-camp"``); ``ValueError`` for anything else."""
    return choice(CampScoring, value, "camp_scoring", RULE_IDS["camp_scoring"])


def to_bonus_river(value: bool) -> bool:
    """R-V3: ``True`` or ``False`` and nothing else (not ``1``, not ``"yes"``), so that a
    misread option is an error rather than a silent choice; ``ValueError`` otherwise."""
    if type(value) is not bool:
        raise ValueError(f"bonus_river must be true or false, not {value!r} "
                         f"({RULE_IDS['bonus_river']})")
    return value


@attrs.frozen(repr=False)
class Variants:
    """The rule variants of a game (R-V1–R-V3), each option given as its enum or its
    value; ``repr`` shows the options that differ from the default rules, as code that
    builds the same value.

    Each option is checked when the value is made: ``ValueError`` naming the option,
    the values it takes and its rule id (see :func:`choice`).
    """

    amazon_ranking: AmazonRanking = attrs.field(default=AmazonRanking.DENSE,
                                                converter=to_amazon_ranking)
    """R-V1: after a tie for first in an Amazon scoring, the next boat is second
    (``dense``, the default) or third (``competition``)."""
    camp_scoring: CampScoring = attrs.field(default=CampScoring.PER_JUNGLE,
                                            converter=to_camp_scoring)
    """R-V2: a jungle pays its animals once to its majority (``per-jungle``, the
    default) or once per camp of theirs there (``per-camp``)."""
    bonus_river: bool = attrs.field(default=False, converter=to_bonus_river)
    """R-V3: the two Amazon Bonus River double tiles join the reference tile set."""

    __repr__ = changed_fields_repr
    _repr_pretty_ = repr_pretty

    def rules(self, *, tileset: TileSet | None = None,
              shuffle: Shuffle | str = Shuffle.STRATIFIED, first_player: int = 0,
              slices: int | None = None) -> Rules:
        """The :class:`~carcassonne_amazonas.rules.state.Rules` of these variants: the reference
        tile set (with the bonus river tiles for R-V3) unless ``tileset`` is given, and
        the other options of ``Rules`` (``shuffle`` as its enum or its value, R-C7;
        ``first_player``, R-C8; ``slices``, R-C7, the default when None).

        ``ValueError`` for a ``tileset`` together with ``bonus_river`` (the bonus tiles
        extend the reference set; a custom set must hold them itself) or for an unknown
        shuffle; ``Rules`` checks the rest.
        """
        if tileset is not None and self.bonus_river:
            raise ValueError("the bonus river tiles extend the reference set; a custom tile "
                             "set must hold them itself (R-V3)")
        if tileset is None:
            tileset = reference_tileset(bonus_river=self.bonus_river)
        extra: dict[str, Any] = {} if slices is None else {"slices": slices}
        return Rules(tileset=tileset, first_player=first_player,
                     shuffle=choice(Shuffle, shuffle, "shuffle", "R-C7"),
                     amazon_ranking=self.amazon_ranking, camp_scoring=self.camp_scoring,
                     **extra)

    @classmethod
    def of(cls, rules: Rules) -> Variants:
        """The variants of ``rules``: ``bonus_river`` when its tile set is the reference
        set with the bonus river tiles (R-V3), the other options as they are."""
        bonus = rules.tileset.checksum == reference_tileset(bonus_river=True).checksum
        return cls(rules.amazon_ranking, rules.camp_scoring, bonus)

    def to_json(self) -> dict[str, Any]:
        """The variants as a JSON object, every option written (the names and values of
        :data:`VARIANT_OPTIONS`)."""
        return {"amazon_ranking": self.amazon_ranking.value,
                "camp_scoring": self.camp_scoring.value, "bonus_river": self.bonus_river}
