"""The game state (:class:`GameState`) and its phases (:class:`Phase`, R-T1–R-T8, R-E1).
The players' colours, pieces and supplies live in :mod:`~carcassonne_amazonas.rules.players`,
the rule options a state is played under in :mod:`~carcassonne_amazonas.rules.options`.

Everything here is immutable and compares by value: two states are equal when
everything that decides the rest of the game is equal.  The engine
(:mod:`~carcassonne_amazonas.rules.engine`) makes new states; nothing changes one.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator

import attrs

from .._support.exact import check_exact
from .._support.i18n import texts
from .._support.reprs import ShortEnumRepr, repr_pretty
from .._support.wording import plural
from ..tiles.geometry import Position
from ..tiles.layout import Terrain
from ..tiles.tileset import Tile
from .actions import PlaceTile
from .board import Board, Placement
from .features import Feature, FeatureGraph, node_of, placement_of, segment_of
from .options import Rules
from .pile import Pile
from .players import PieceKind, PlacedPiece, PlayerState, colour
from .scoring import FinalScore

__all__ = ["GameState", "Phase"]


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
        check_exact(position, Position, "position")
        check_exact(segment, int, "segment")
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
        return (f"<GameState: {self.num_players} players, {self.to_do()}, "
                f"{plural(placed, 'tile')} placed, scores {self.scores}>")

    _repr_pretty_ = repr_pretty

    def to_do(self, *, lang: str | None = None) -> str:
        """Who is to do what, in a few words: ``yellow to place A4.3``, ``red to draw a
        tile``, ``game over, won by red``; the one wording of the repr and of the command
        line's stopping point.  ``lang``: the language (``None``: English).  Never
        raises, even for a malformed state."""
        t = texts(lang)
        if self.is_terminal:
            names = [colour(p, lang=lang) for p in self.winners] if self.players else []
            winners = names[0] if names else ""
            for name in names[1:]:
                winners = t.gettext("{first} and {last}").format(first=winners, last=name)
            return t.gettext("game over, won by {winners}").format(
                winners=winners or t.gettext("nobody"))
        who = colour(self.current_player, lang=lang)
        if self.phase is Phase.DRAW_TILE:
            return t.gettext("{who} to draw a tile").format(who=who)
        if self.phase is Phase.CHOOSE_DOUBLE:
            return t.gettext("{who} to choose a double tile").format(who=who)
        if self.phase is Phase.PLACE_PIECE:
            return t.gettext("{who} to place a piece or pass").format(who=who)
        tile = (self.tile_in_hand.name if self.tile_in_hand is not None
                else t.gettext("a tile"))
        return t.gettext("{who} to place {tile}").format(who=who, tile=tile)

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
