"""The rule options of a game (:class:`Rules`): who begins (R-C8), how the pile is
shuffled (R-C7), the tile set, and the rule variants (R-V1–R-V3, each spelt and described
by a :class:`VariantOption`).  :class:`Rules` is also the one reader and writer of the
options by name, for every document and interface.
"""

from __future__ import annotations

import enum
import functools
import reprlib
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, TypeVar

import attrs

from .._support.exact import check_exact, check_optional, check_whole, is_whole
from .._support.reprs import changed_fields_repr, repr_pretty
from .._support.wording import show_int, show_text
from ..errors import RecordError
from ..tiles.reference import reference_tileset
from ..tiles.tileset import TileSet
from .boat_track import AmazonRanking
from .pile import MAX_SLICES, Shuffle
from .players import PLAYER_COLOURS
from .scoring import CampScoring

__all__ = ["Rules", "VariantOption"]

def _exactly(kind: type, choices: str) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """A validator that takes exactly ``kind`` (not a subclass, not a look-alike) and
    otherwise raises a one-line TypeError naming the field and ``choices``."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not kind:
            article = "an" if kind.__name__[0] in "AEIOU" else "a"
            check_exact(value, kind, attribute.name, f"{article} {kind.__name__}{choices}")

    return check


def _whole_number(low: int, high: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    """A validator of an int (exactly: not a bool, not a subclass that could lie) from
    ``low`` to ``high``: TypeError or ValueError, one line each."""

    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int:
            check_whole(value, attribute.name)
        if not low <= value <= high:
            raise ValueError(f"Rules.{attribute.name} must be from {low} to {high}, not "
                             f"{show_int(value)}")

    return check


def _members(kind: type[enum.Enum]) -> str:
    return " (" + " or ".join(f"{kind.__name__}.{member.name}" for member in kind) + ")"


class VariantOption(NamedTuple):
    """How one rule variant (R-V1–R-V3) is spelt and described, in
    :attr:`Rules.VARIANTS`: the values it takes as snapshots, records, the command line,
    the web app and the adapters spell them, the default first; its rule id; and what
    its values choose (the command line's help)."""

    values: tuple[Any, ...]
    rule: str
    help: str


_E = TypeVar("_E", bound=enum.Enum)
_SHOWN = 40  # the longest repr of a wrong value a message shows


def _shown(value: object) -> str:
    """A wrong value in a message: its repr, cut short (a document's value may be
    megabytes long, an int too long to print)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return show_int(value)
    if isinstance(value, str):
        return show_text(value)
    text = reprlib.repr(value)
    return text if len(text) <= _SHOWN else f"{text[:_SHOWN]}... ({type(value).__name__})"


def _choice(kind: type[_E], rule: str) -> Callable[[object], _E]:
    """The reader of an option that takes a member of ``kind`` or its value."""
    allowed = ", ".join(repr(member.value) for member in kind)

    def read(value: object) -> _E:
        if isinstance(value, kind):
            return value
        if isinstance(value, str):  # a subclass could pass for any value: TypeError
            check_exact(value, str, "options", "each option's value as a str or its enum")
        try:
            return kind(value)
        except (ValueError, TypeError):
            raise ValueError(f"must be one of {allowed}, not {_shown(value)} ({rule})") from None

    return read


def _whole(low: int, high: int, rule: str) -> Callable[[object], int]:
    """The reader of an option that takes a whole number (``is_whole``: exactly an int, the
    one rule of every document and option) from ``low`` to ``high``."""

    def read(value: object) -> int:
        if not is_whole(value) or not low <= value <= high:
            raise ValueError(f"must be a whole number from {low} to {high}, not "
                             f"{_shown(value)} ({rule})")
        return value

    return read


def _flag(rule: str) -> Callable[[object], bool]:
    """The reader of an option that takes ``True`` or ``False`` and nothing else (not
    ``1``, not ``"yes"``), so that a misread option is an error rather than a choice."""

    def read(value: object) -> bool:
        if type(value) is not bool:
            raise ValueError(f"must be true or false, not {_shown(value)} ({rule})")
        return value

    return read


# Each option of Rules.from_options, by name: its reader.  The options of a snapshot's or
# a record's rules (Rules.from_json), in the order written: those always written, then
# those written only when they differ from their defaults.
_READERS: Mapping[str, Callable[[object], Any]] = MappingProxyType({
    "first_player": _whole(0, len(PLAYER_COLOURS) - 1, "R-C8"),
    "shuffle": _choice(Shuffle, "R-C7"),
    "slices": _whole(1, MAX_SLICES, "R-C7"),
    "amazon_ranking": _choice(AmazonRanking, "R-V1"),
    "camp_scoring": _choice(CampScoring, "R-V2"),
    "bonus_river": _flag("R-V3"),
})
_DOCUMENT_ALWAYS = ("first_player", "shuffle", "slices")
_DOCUMENT_CHANGED = ("amazon_ranking", "camp_scoring")
_BONUS_RIVER = "bonus_river"


def _read_options(options: Mapping[str, object],
                  readers: Mapping[str, Callable[[object], Any]],
                  wrong: Callable[[str, str], Exception]) -> dict[str, Any]:
    """Each option read by its reader; ``wrong(name, reason)`` raised for the first
    wrong one."""
    read = {}
    for name, value in options.items():
        try:
            read[name] = readers[name](value)
        except ValueError as error:
            raise wrong(name, str(error)) from None
    return read


@functools.cache
def _defaults() -> Mapping[str, Any]:
    """The options of the default rules (see :meth:`Rules.options`)."""
    return MappingProxyType(Rules().options())


@attrs.frozen(slots=True, repr=False)
class Rules:
    """Rule options of a game (R-C7, R-C8; variants R-V1–R-V3; Decisions documented per
    option).

    ``first_player`` starts (R-C8: a player index, 0 to 4, one per colour of
    :data:`~carcassonne_amazonas.rules.players.PLAYER_COLOURS`;
    :func:`~carcassonne_amazonas.rules.engine.new_game` checks it against the player count);
    ``shuffle`` and ``slices`` choose how the pile is shuffled (R-C7: stratified into
    ``slices`` equal slices by default, 1 to
    :data:`~carcassonne_amazonas.rules.pile.MAX_SLICES`); ``tileset`` is the reference set
    unless a custom one is given (``reference_tileset(bonus_river=True)`` adds the Amazon
    Bonus River tiles, R-V3).

    ``amazon_ranking`` ranks the boats of an Amazon scoring after a tie
    (:class:`~carcassonne_amazonas.rules.boat_track.AmazonRanking`, R-V1): ``DENSE`` by
    default (the boat after a tie for first is second), ``COMPETITION`` makes it
    third.  ``camp_scoring`` says how camps score their jungle at the end
    (:class:`~carcassonne_amazonas.rules.scoring.CampScoring`, R-V2): ``PER_JUNGLE`` by
    default (once per jungle, R-E4), ``PER_CAMP`` once per camp of a majority holder.
    Each enum's docstring quotes the rulebook and gives the reason for its default.

    Each option is checked when the rules are made: a value of another type raises a
    ``TypeError``, a number out of range a ``ValueError``, each naming the option.

    ``Rules`` is also the one reader and writer of the options by name, as every
    document and interface spells them: :meth:`from_options` and :meth:`options` (the
    command line, the web app, the simulations, the AI-framework adapters and the
    testing tools' ``replay_game`` keywords), :meth:`from_json` and :meth:`to_json` (the
    ``rules`` of snapshots and records), and :attr:`VARIANTS` (the variants' values and
    rule ids)::

        >>> Rules.from_options({"amazon_ranking": "competition", "bonus_river": True})
        Rules(tileset=reference_tileset(bonus_river=True), amazon_ranking=AmazonRanking.COMPETITION)
        >>> Rules(camp_scoring=CampScoring.PER_CAMP).options(changed=True)
        {'camp_scoring': 'per-camp'}
    """

    VARIANTS: ClassVar[Mapping[str, VariantOption]] = MappingProxyType({
        "amazon_ranking": VariantOption(
            tuple(ranking.value for ranking in AmazonRanking), "R-V1",
            "after a tie for first in an Amazon scoring, the next boat is second (dense, the "
            "default) or third (competition)"),
        "camp_scoring": VariantOption(
            tuple(scoring.value for scoring in CampScoring), "R-V2",
            "a jungle pays its animals once to its majority (per-jungle, the default) or "
            "once per camp of theirs there (per-camp)"),
        _BONUS_RIVER: VariantOption(
            (False, True), "R-V3",
            "add the two Amazon Bonus River double tiles (reconstructed) to the reference set"),
    })
    """The rule variants by name (R-V1–R-V3), each with its values (the default first),
    its rule id and what it chooses: the names and values :meth:`from_options` reads and
    :meth:`options` writes."""

    tileset: TileSet = attrs.field(
        factory=reference_tileset,
        validator=_exactly(TileSet, " (reference_tileset() or a set from load_tileset)"))
    first_player: int = attrs.field(default=0,
                                    validator=_whole_number(0, len(PLAYER_COLOURS) - 1))
    shuffle: Shuffle = attrs.field(default=Shuffle.STRATIFIED,
                                   validator=_exactly(Shuffle, _members(Shuffle)))
    slices: int = attrs.field(default=5, validator=_whole_number(1, MAX_SLICES))
    amazon_ranking: AmazonRanking = attrs.field(
        default=AmazonRanking.DENSE, validator=_exactly(AmazonRanking, _members(AmazonRanking)))
    camp_scoring: CampScoring = attrs.field(
        default=CampScoring.PER_JUNGLE, validator=_exactly(CampScoring, _members(CampScoring)))

    __repr__ = changed_fields_repr
    _repr_pretty_ = repr_pretty

    @property
    def bonus_river(self) -> bool:
        """Whether the tile set is the reference set with the Amazon Bonus River tiles
        (R-V3); ``False`` for a custom tile set."""
        return self.tileset.checksum == reference_tileset(bonus_river=True).checksum

    @classmethod
    def from_options(cls, options: Mapping[str, object], *,
                     tileset: TileSet | None = None) -> Rules:
        """The rules of ``options``, each by name as :meth:`options` writes it or as its
        enum, the others at their defaults: ``first_player`` (R-C8), ``shuffle`` and
        ``slices`` (R-C7), and the variants of :attr:`VARIANTS`, ``amazon_ranking``
        (R-V1), ``camp_scoring`` (R-V2) and ``bonus_river`` (R-V3: the reference set
        with the bonus river tiles).  ``tileset`` replaces the reference set.

        ``ValueError`` naming the option, the values it takes and its rule id
        (``amazon_ranking must be one of 'dense', 'competition', not 'olympic'
        (R-V1)``), for an unknown option, and for a ``tileset`` with ``bonus_river``
        (the bonus tiles extend the reference set; a custom set must hold them itself).
        ``TypeError`` naming the parameter for ``options`` that is not a mapping, a name
        that is not exactly a ``str`` (a subclass could pass for another name), and a
        ``tileset`` that is not exactly a :class:`~carcassonne_amazonas.tiles.tileset.TileSet`.
        """
        if not isinstance(options, Mapping):
            raise TypeError(f"options: expected a mapping of option names to values, not "
                            f"{type(options).__name__}")
        for name in options:
            check_exact(name, str, "options", "each option's name to be a str")
        check_optional(tileset, TileSet, "tileset")
        unknown = [name for name in options if name not in _READERS]
        if unknown:
            raise ValueError(f"unknown rule option {_shown(unknown[0])}; the options are "
                             f"{', '.join(_READERS)}")
        read = _read_options(options, _READERS,
                             lambda name, reason: ValueError(f"{name} {reason}"))
        bonus_river = read.pop(_BONUS_RIVER, False)
        if bonus_river and tileset is not None:
            raise ValueError(f"{_BONUS_RIVER} with a tile set: the bonus river tiles extend "
                             "the reference set; a custom tile set must hold them itself (R-V3)")
        return cls(tileset=reference_tileset(bonus_river=bonus_river) if tileset is None
                   else tileset, **read)

    def options(self, *, changed: bool = False) -> dict[str, Any]:
        """Every option by name, as :meth:`from_options` reads it back (over the
        reference set, or the one with the bonus river tiles), each as a JSON value
        (``{'first_player': 0, 'shuffle': 'stratified', ...}``); with ``changed`` only
        those that differ from the default rules."""
        written = {"first_player": self.first_player, "shuffle": self.shuffle.value,
                   "slices": self.slices, "amazon_ranking": self.amazon_ranking.value,
                   "camp_scoring": self.camp_scoring.value, _BONUS_RIVER: self.bonus_river}
        if not changed:
            return written
        return {name: value for name, value in written.items() if value != _defaults()[name]}

    def to_json(self) -> dict[str, Any]:
        """The ``rules`` object of a snapshot or a record (the tile set is named beside
        it, by checksum, so R-V3 is not written here): ``first_player``, ``shuffle`` and
        ``slices``, and the variants R-V1 and R-V2 only where they differ from their
        defaults, so that the documents of default games stay as they were."""
        written = self.options()
        return {name: written[name] for name in _DOCUMENT_ALWAYS + _DOCUMENT_CHANGED
                if name in _DOCUMENT_ALWAYS or written[name] != _defaults()[name]}

    @classmethod
    def from_json(cls, data: Mapping[str, object], *, tileset: TileSet, num_players: int,
                  path: str) -> Rules:
        """The rules of the ``rules`` object ``data`` of a snapshot or a record at
        ``path``, over its ``tileset`` for ``num_players`` players (see :meth:`to_json`);
        a variant that is absent or null has its default (documents written before it
        existed).

        :class:`~carcassonne_amazonas.errors.RecordError` naming the field: for an
        unknown key (a misspelt or renamed variant must not load the game under the
        default rules), a missing option, or a wrong value (the values allowed and the
        rule id, as :meth:`from_options` says)."""
        known = _DOCUMENT_ALWAYS + _DOCUMENT_CHANGED
        unknown = [key for key in data if key not in known]
        if unknown:
            named = [f"{name} ({cls.VARIANTS[name].rule})" if name in cls.VARIANTS else name
                     for name in known]
            raise RecordError(f"{path}: unknown rule option {_shown(unknown[0])}; the options "
                              f"are {', '.join(named[:-1])} and {named[-1]}, and the tile set "
                              "says whether the bonus river tiles are in (R-V3)")
        missing = [name for name in _DOCUMENT_ALWAYS if name not in data]
        if missing:
            raise RecordError(f"{path}: missing field {missing[0]!r}")
        readers = {**_READERS, "first_player": _whole(0, num_players - 1, "R-C8")}
        given = {name: value for name, value in data.items() if value is not None
                 or name in _DOCUMENT_ALWAYS}
        read = _read_options(given, readers,
                             lambda name, reason: RecordError(f"{path}.{name}: {reason}"))
        return cls(tileset=tileset, **read)
