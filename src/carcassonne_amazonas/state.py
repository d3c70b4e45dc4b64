"""The game state, the players' state and the rule options.

Everything here is immutable and compares by value: two states are equal when
everything that decides the rest of the game is equal.  The engine
(:mod:`~carcassonne_amazonas.engine`) makes new states; nothing changes one.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

import attrs

from .actions import PlaceTile
from .board import Board, Placement
from .features import Feature, FeatureGraph, node_of, placement_of, segment_of
from .geometry import Position
from .pile import Pile, Shuffle
from .tiles import Terrain, Tile, TileSet, reference_tileset

__all__ = [
    "PLAYER_COLOURS",
    "FinalScore",
    "GameState",
    "Phase",
    "PieceKind",
    "PlacedPiece",
    "PlayerState",
    "Rules",
    "ScoreBreakdown",
]

#: Colours of players 0..4 (C1).
PLAYER_COLOURS = ("yellow", "red", "green", "blue", "black")


class Phase(enum.Enum):
    """Where the current turn stands (RULES T1–T8)."""

    PLACE_TILE = "place tile"
    """The current player places the tile in hand (T2, T3)."""
    CHOOSE_DOUBLE = "choose double"
    """After a "!" tile: the player chooses a double tile (T3)."""
    PLACE_DOUBLE = "place double"
    """The player places the chosen double tile downstream of the "!" tile (T3)."""
    PLACE_PIECE = "place piece"
    """The piece step: a meeple, a camp, or pass and advance the boat (T5)."""
    DRAW_TILE = "draw tile"
    """A chance node (only with ``draws="explicit"``): the next tile is drawn (T1)."""
    GAME_OVER = "game over"
    """The last land tile has been placed and final scoring is done (E1)."""


class PieceKind(enum.Enum):
    """Meeples stand on tributaries and villages, camps in jungles (C2, T5)."""

    MEEPLE = "meeple"
    CAMP = "camp"


def _whole_number(_instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"Rules.{attribute.name} must be an int, not {type(value).__name__}")


@attrs.frozen(slots=True)
class Rules:
    """Rule options of a game (RULES C7, C8; Decisions documented per option).

    ``first_player`` starts (C8); ``shuffle`` and ``slices`` choose how the
    pile is shuffled (C7: stratified into ``slices`` equal slices by default);
    ``tileset`` is the reference set unless a custom one is given.
    """

    tileset: TileSet = attrs.field(factory=reference_tileset,
                                   validator=attrs.validators.instance_of(TileSet))
    first_player: int = attrs.field(default=0, validator=_whole_number)
    shuffle: Shuffle = attrs.field(default=Shuffle.STRATIFIED,
                                   validator=attrs.validators.instance_of(Shuffle))
    slices: int = attrs.field(default=5, validator=_whole_number)


@attrs.frozen(slots=True)
class ScoreBreakdown:
    """A player's points by where they came from, over the whole game."""

    tributaries: int = 0
    """Completed tributaries (T7) and, at the end, unfinished ones (E2)."""
    villages: int = 0
    """Completed villages (T7) and, at the end, unfinished ones (E3)."""
    amazon: int = 0
    """Amazon scorings (A2)."""
    camps: int = 0
    """Jungles with camps at the end (E4)."""
    river: int = 0
    """The river ranking at the end (E5)."""

    @property
    def total(self) -> int:
        """All points."""
        return self.tributaries + self.villages + self.amazon + self.camps + self.river

    def plus(self, **points: int) -> ScoreBreakdown:
        """This breakdown with points added to the named categories."""
        tributaries, villages, amazon, camps, river = (
            self.tributaries, self.villages, self.amazon, self.camps, self.river)
        for category, added in points.items():
            # One branch per category: this runs at every score, attrs.evolve is slower.
            if category == "tributaries":
                tributaries += added
            elif category == "villages":
                villages += added
            elif category == "amazon":
                amazon += added
            elif category == "camps":
                camps += added
            elif category == "river":
                river += added
            else:
                getattr(self, category)  # raises AttributeError, as it always did
        return ScoreBreakdown(tributaries, villages, amazon, camps, river)


@attrs.frozen(slots=True)
class FinalScore:
    """One player's final scoring, by category (E2–E5)."""

    tributaries: int = 0
    villages: int = 0
    camps: int = 0
    river: int = 0

    @property
    def total(self) -> int:
        """All final-scoring points."""
        return self.tributaries + self.villages + self.camps + self.river


@attrs.frozen(slots=True)
class PlayerState:
    """One player's score, boat and supply (C2, C9)."""

    score: int = 0
    boat: int = 1
    """The boat's river space; 1 is the source (C9)."""
    meeples_in_supply: int = 4
    camps_in_supply: int = 2
    breakdown: ScoreBreakdown = ScoreBreakdown()


@attrs.frozen(slots=True)
class PlacedPiece:
    """A meeple or camp on the board: on ``segment`` of the tile anchored at ``position``."""

    player: int
    kind: PieceKind
    position: Position
    segment: int


@attrs.frozen(slots=True, cache_hash=True)
class GameState:
    """A complete, immutable game position.

    Read it through its attributes and properties; make the next one with
    :func:`~carcassonne_amazonas.engine.apply_action`.
    """

    rules: Rules
    """The rule options and the tile set of this game."""
    num_players: int
    """2 to 5 (C1)."""
    phase: Phase
    """Which decision is due (see :class:`Phase`)."""
    current_player: int
    """The player to act (at a chance node: the player about to draw)."""
    players: tuple[PlayerState, ...]
    """Every player's score, boat and supply, by player index."""
    track_length: int
    """Explored river spaces: start tile + Amazon tiles + 2 per double tile (T9)."""
    board: Board
    """The placed tiles, the open cells and the river."""
    features: FeatureGraph = attrs.field(repr=False)
    """The features of the board and the pieces on them (see :meth:`feature_at`)."""
    tile_in_hand: Tile | None
    """The tile the current player must place (the drawn tile, or the chosen double)."""
    pile: Pile = attrs.field(repr=False)
    """The land tiles left to draw.  In seeded mode it holds their hidden order, which
    players and search code must not read (see :func:`~carcassonne_amazonas.chance.determinize`)."""
    removed: tuple[Tile, ...]
    """Standard tiles drawn with no legal placement and removed from the game (G7)."""
    doubles_left: tuple[Tile, ...]
    """Double tiles still set aside (C4)."""
    piece_placement: int
    """Index in ``board.placements`` of the tile that may take a piece, -1 if none."""
    pending_amazon: tuple[Tile, ...]
    """River tiles placed this turn whose Amazon scoring is due (T8)."""
    final_scoring: tuple[FinalScore, ...] | None = None
    """Each player's final scoring by category, once the game is over (E2–E5)."""
    # Legal tile placements, worked out by the first legal_actions call (a cache).
    tile_actions: tuple[PlaceTile, ...] | None = attrs.field(default=None, eq=False, repr=False)

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
        """The players with the highest score once the game is over (E6: ties share
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
        (F1): its terrain, tiles, icons, open ends and pieces.

        Raises ``ValueError`` when no tile covers ``position`` or it has no such segment.
        """
        index = self.board.placement_index_at(position)
        if index is None:
            raise ValueError(f"no tile covers ({position})")
        segments = self.board.placements[index].tile.layout.segments
        if not isinstance(segment, int) or not 0 <= segment < len(segments):
            raise ValueError(f"the tile at ({position}) has segments 0..{len(segments) - 1}, "
                             f"not {segment}")
        return self.features.feature_of(node_of(index, segment))

    def pieces(self) -> Iterator[PlacedPiece]:
        """Every meeple and camp on the board."""
        for feature in self.features:
            kind = PieceKind.CAMP if feature.terrain is Terrain.JUNGLE else PieceKind.MEEPLE
            for node, player in feature.pieces:
                placement: Placement = self.board.placements[placement_of(node)]
                yield PlacedPiece(player, kind, placement.position, segment_of(node))

