"""The game state, the players' state and the rule options (:class:`Rules`, which also
reads and writes the options by name for every document and interface).

Everything here is immutable and compares by value: two states are equal when
everything that decides the rest of the game is equal.  The engine
(:mod:`~carcassonne_amazonas.rules.engine`) makes new states; nothing changes one.
"""

from __future__ import annotations

import enum
import functools
import reprlib
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, TypeVar

import attrs

from .._support.reprs import ShortEnumRepr, changed_fields_repr, fields_repr_showing, repr_pretty
from .._support.wording import plural, show_int, show_text
from ..errors import RecordError
from ..tiles.geometry import Position
from ..tiles.reference import reference_tileset
from ..tiles.tileset import Terrain, Tile, TileSet
from .actions import PlaceTile
from .board import Board, Placement
from .boat_track import AmazonRanking
from .features import Feature, FeatureGraph, node_of, placement_of, segment_of
from .pile import MAX_SLICES, Pile, Shuffle
from .scoring import NO_POINTS, CampScoring, FinalScore, ScoreBreakdown

__all__ = [
    "CAMPS_PER_PLAYER",
    "MEEPLES_PER_PLAYER",
    "PLAYER_COLOURS",
    "GameState",
    "Phase",
    "PieceKind",
    "PlacedPiece",
    "PlayerState",
    "Rules",
    "VariantOption",
    "colour",
]


class Phase(ShortEnumRepr, enum.Enum):
    """Where the current turn stands (R-T1–R-T8)."""

    PLACE_TILE = "place tile"
    """The current player places the tile in hand (R-T2, R-T3)."""
    CHOOSE_DOUBLE = "choose double"
    """After a "!" tile: the player chooses a double tile (R-T3)."""
    PLACE_DOUBLE = "place double"
    """The player places the chosen double tile downstream of the "!" tile (R-T3)."""
    PLACE_PIECE = "place piece"
    """The piece step: a meeple, a camp, or pass and advance the boat (R-T5)."""
    DRAW_TILE = "draw tile"
    """A chance node (only with ``draws="explicit"``): the next tile is drawn (R-T1)."""
    GAME_OVER = "game over"
    """The last land tile has been placed and final scoring is done (R-E1)."""


#: Colours of players 0..4 (R-C1).
PLAYER_COLOURS = ("yellow", "red", "green", "blue", "black")

#: Each player's meeples (R-C2).
MEEPLES_PER_PLAYER = 4
#: Each player's camps (R-C2).
CAMPS_PER_PLAYER = 2


def colour(player: int) -> str:
    """The colour of player ``player`` (R-C1): ``yellow``, ``red``, ``green``, ``blue``,
    ``black``; ``player N`` for a number that is no player's."""
    if 0 <= player < len(PLAYER_COLOURS):
        return PLAYER_COLOURS[player]
    return f"player {show_int(player)}"


class PieceKind(ShortEnumRepr, enum.Enum):
    """Meeples stand on tributaries and villages, camps in jungles (R-C2, R-T5)."""

    MEEPLE = "meeple"
    CAMP = "camp"


@attrs.frozen(slots=True)
class PlacedPiece:
    """A meeple or camp on the board: on ``segment`` of the tile anchored at ``position``."""

    player: int
    kind: PieceKind
    position: Position
    segment: int

    _repr_pretty_ = repr_pretty


def _exactly(kind: type, choices: str) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """A validator that takes exactly ``kind`` (not a subclass, not a look-alike) and
    otherwise raises a one-line TypeError naming the field and ``choices``."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not kind:
            article = "an" if kind.__name__[0] in "AEIOU" else "a"
            raise TypeError(f"Rules.{attribute.name} must be {article} {kind.__name__}"
                            f"{choices}, not {type(value).__name__}")

    return check


def _whole_number(low: int, high: int) -> Callable[[object, attrs.Attribute[int], int], None]:
    """A validator of an int (exactly: not a bool, not a subclass that could lie) from
    ``low`` to ``high``: TypeError or ValueError, one line each."""

    def check(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int:
            raise TypeError(f"Rules.{attribute.name} must be an int, not "
                            f"{type(value).__name__}")
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
        try:
            return kind(value)
        except (ValueError, TypeError):
            raise ValueError(f"must be one of {allowed}, not {_shown(value)} ({rule})") from None

    return read


def _whole(low: int, high: int, rule: str) -> Callable[[object], int]:
    """The reader of an option that takes an int (exactly) from ``low`` to ``high``."""

    def read(value: object) -> int:
        if type(value) is not int or not low <= value <= high:
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

    ``first_player`` starts (R-C8: a player index, 0 to 4; :func:`~carcassonne_amazonas.
    engine.new_game` checks it against the player count); ``shuffle`` and ``slices``
    choose how the pile is shuffled (R-C7: stratified into ``slices`` equal slices by
    default, 1 to :data:`~carcassonne_amazonas.rules.pile.MAX_SLICES`); ``tileset`` is the
    reference set unless a custom one is given (``reference_tileset(bonus_river=True)``
    adds the Amazon Bonus River tiles, R-V3).

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
        """
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


@attrs.frozen(slots=True, repr=False)
class PlayerState:
    """One player's score, boat and supply (R-C2, R-C9); ``repr`` shows the score and
    the boat and names what else differs from the start of a game:
    ``PlayerState(score=0, boat=1)``, ``PlayerState(score=4, boat=3, camps_in_supply=1)``."""

    score: int = 0
    boat: int = 1
    """The boat's river space; 1 is the source (R-C9)."""
    meeples_in_supply: int = MEEPLES_PER_PLAYER
    camps_in_supply: int = CAMPS_PER_PLAYER
    breakdown: ScoreBreakdown = NO_POINTS

    __repr__ = fields_repr_showing("score", "boat")
    _repr_pretty_ = repr_pretty


@attrs.frozen(slots=True, cache_hash=True, repr=False)
class GameState:
    """A complete, immutable game position.

    Read it through its attributes and properties; make the next one with
    :func:`~carcassonne_amazonas.rules.engine.apply_action`.  ``print(state)`` shows the
    board as text with the scores and the tile in hand
    (:func:`~carcassonne_amazonas.render.text.state_text`); ``repr(state)`` is one line:
    the players, who is to do what, the tiles placed and the scores.
    """

    rules: Rules
    """The rule options and the tile set of this game."""
    num_players: int
    """2 to 5 (R-C1)."""
    phase: Phase
    """Which decision is due (see :class:`Phase`)."""
    current_player: int
    """The player to act (at a chance node: the player about to draw)."""
    players: tuple[PlayerState, ...]
    """Every player's score, boat and supply, by player index."""
    track_length: int
    """Explored river spaces: start tile + Amazon tiles + 2 per double tile (R-T9)."""
    board: Board
    """The placed tiles, the open cells and the river."""
    features: FeatureGraph = attrs.field(repr=False)
    """The features of the board and the pieces on them (see :meth:`feature_at`)."""
    tile_in_hand: Tile | None
    """The tile the current player must place (the drawn tile, or the chosen double)."""
    pile: Pile = attrs.field(repr=False)
    """The land tiles left to draw.  In seeded mode it holds their hidden order, which
    players and search code must not read (see
    :func:`~carcassonne_amazonas.rules.chance.determinize`)."""
    removed: tuple[Tile, ...]
    """Standard tiles drawn with no legal placement and removed from the game (R-G7)."""
    doubles_left: tuple[Tile, ...]
    """Double tiles still set aside (R-C4)."""
    piece_placement: int
    """Index in ``board.placements`` of the tile that may take a piece, -1 if none."""
    pending_amazon: tuple[Tile, ...]
    """River tiles placed this turn whose Amazon scoring is due (R-T8)."""
    final_scoring: tuple[FinalScore, ...] | None = None
    """Each player's final scoring by category, once the game is over (R-E2–R-E5)."""
    tile_actions: tuple[PlaceTile, ...] | None = attrs.field(default=None, init=False,
                                                             eq=False, repr=False)
    """The legal tile placements, once the first
    :func:`~carcassonne_amazonas.rules.engine.legal_actions` call has worked them out (a cache;
    None before).  No constructor argument: a state made by ``attrs.evolve`` or by hand
    starts without it, so it never lists another state's placements."""

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.phase is Phase.GAME_OVER

    @property
    def is_chance_node(self) -> bool:
        """True when the next action is a draw chosen by chance (``draws="explicit"``)."""
        return self.phase is Phase.DRAW_TILE

    @property
    def scores(self) -> tuple[int, ...]:
        """Every player's score, by player index."""
        return tuple(p.score for p in self.players)

    @property
    def boats(self) -> tuple[int, ...]:
        """Every player's boat space, by player index."""
        return tuple(p.boat for p in self.players)

    @property
    def tiles_left(self) -> int:
        """How many land tiles are still to draw."""
        return len(self.pile)

    @property
    def winners(self) -> tuple[int, ...]:
        """The players with the highest score once the game is over (R-E6: ties share
        the victory); empty before."""
        if not self.is_terminal:
            return ()
        best = max(self.scores)
        return tuple(p for p, s in enumerate(self.scores) if s == best)

    @property
    def piece_position(self) -> Position | None:
        """Anchor of the tile that may take a piece in the piece step, or None."""
        if self.piece_placement < 0:
            return None
        return self.board.placements[self.piece_placement].position

    def feature_at(self, position: Position, segment: int) -> Feature:
        """The feature that segment ``segment`` of the tile covering ``position`` is part of
        (R-F1): its terrain, tiles, icons, open ends and pieces.

        Raises ``ValueError`` when no tile covers ``position`` or it has no such segment,
        ``TypeError`` unless they are exactly a Position and an int.
        """
        if type(position) is not Position or type(segment) is not int:
            raise TypeError(f"expected a Position and an int, not {type(position).__name__} "
                            f"and {type(segment).__name__}")
        index = self.board.placement_index_at(position)
        if index is None:
            raise ValueError(f"no tile covers ({position})")
        segments = self.board.placements[index].tile.layout.segments
        if not 0 <= segment < len(segments):
            raise ValueError(f"the tile at ({position}) has segments 0..{len(segments) - 1}, "
                             f"not {segment}")
        return self.features.feature_of(node_of(index, segment))

    def __str__(self) -> str:
        from ..render.text import state_text  # lazy: the renderer is not needed to play

        return state_text(self)

    def __repr__(self) -> str:
        # Never raises, even for a malformed state (a failing test may print one).
        placed = max(len(self.board) - 1, 0)  # the start tile lies there from the setup
        return (f"<GameState: {self.num_players} players, {self._doing()}, "
                f"{plural(placed, 'tile')} placed, scores {self.scores}>")

    _repr_pretty_ = repr_pretty

    def _doing(self) -> str:
        """Who is to do what, in a few words (for the repr)."""

        def name(player: int) -> str:
            return PLAYER_COLOURS[player] if 0 <= player < len(PLAYER_COLOURS) \
                else f"player {player}"

        if self.is_terminal:
            winners = " and ".join(name(p) for p in self.winners) if self.players else ""
            return f"game over, won by {winners or 'nobody'}"
        who = name(self.current_player)
        if self.phase is Phase.DRAW_TILE:
            return f"{who} to draw a tile"
        if self.phase is Phase.CHOOSE_DOUBLE:
            return f"{who} to choose a double tile"
        if self.phase is Phase.PLACE_PIECE:
            return f"{who} to place a piece or pass"
        tile = self.tile_in_hand.name if self.tile_in_hand is not None else "a tile"
        return f"{who} to place {tile}"

    def pieces(self) -> Iterator[PlacedPiece]:
        """Every meeple and camp on the board."""
        for feature in self.features:
            kind = PieceKind.CAMP if feature.terrain is Terrain.JUNGLE else PieceKind.MEEPLE
            for node, player in feature.pieces:
                placement: Placement = self.board.placements[placement_of(node)]
                yield PlacedPiece(player, kind, placement.position, segment_of(node))


    # -- pictures for Jupyter ------------------------------------------------------------

    def _repr_svg_(self) -> str | None:
        """The board as a compact SVG picture, for Jupyter and IPython
        (:func:`carcassonne_amazonas.render.svg.board_svg` with ``compact=True``); None, so that
        the text repr is shown instead, if it cannot be drawn."""
        try:
            from ..render.svg import board_svg  # lazy: the renderer is not needed to play

            return str(board_svg(self, compact=True, scores=True))
        except Exception:  # a display hook must never raise
            return None

    def _repr_html_(self) -> str | None:
        """The picture of :meth:`_repr_svg_` in a scrolling box, for HTML frontends."""
        svg = self._repr_svg_()
        return None if svg is None else f'<div style="max-width:100%;overflow:auto">{svg}</div>'
