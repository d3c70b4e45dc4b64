"""What one player sees, as text: for people, logs and string-keyed search tables.

:func:`observation_string` lists the players, the phase, the tile in hand, the pile
by layout (never its order), the double tiles set aside, the pieces and the placed
tiles, then draws the board with 3 × 3 characters per cell, the river and the boat
track, as :func:`~carcassonne_amazonas.render.text.board_text` draws them for people.
States that differ only in what is hidden give equal strings.
"""

from __future__ import annotations

from ..render.text import board_extent, board_text
from ..rules.players import PLAYER_COLOURS
from ..rules.state import GameState
from ..tiles.tileset import Tile
from ._observation_layout import check_observer

__all__ = ["observation_string"]

_TILE_TEXTS: dict[Tile, str] = {}


def _tile_text(tile: Tile) -> str:
    """A tile as a player sees it: its layout and its icons (copies with equal designs
    are interchangeable, so the copy number is not shown)."""
    text = _TILE_TEXTS.get(tile)
    if text is None:
        icons = tile.total_icons
        parts = [f"{name} {count}" for name, count in (
            ("boat", icons.boats), ("fruit", icons.fruit), ("animal", icons.animals),
            ("caiman", icons.caimans), ("piranha", icons.piranhas)) if count]
        marker = "!" if tile.layout.exclamation else ""
        text = f"{tile.layout.name}{marker}" + (f" ({', '.join(parts)})" if parts else "")
        _TILE_TEXTS[tile] = text
    return text


def _board_lines(state: GameState) -> list[str]:
    """The board as :func:`~carcassonne_amazonas.render.text.board_text` draws it (without
    its legend), under a line that gives the columns and rows it spans."""
    columns, rows = board_extent(state)
    return [f"board: columns {columns[0]}..{columns[-1]}, rows {rows[0]}..{rows[-1]}",
            board_text(state, legend=False)]


def observation_string(state: GameState, player: int) -> str:
    """What ``player`` sees in ``state``, as text for people (and for string-keyed
    search tables): players, phase, the tile in hand, the pile by layout (never its
    order), the pieces and the board.  Equal for states that differ only in what
    is hidden."""
    check_observer(state, player)
    n = state.num_players
    lines = [f"observer: player {player} ({PLAYER_COLOURS[player]})"]
    if state.is_terminal:
        winners = ", ".join(str(p) for p in state.winners)
        lines.append(f"phase: {state.phase.value}; winners: {winners}")
    else:
        lines.append(f"phase: {state.phase.value}; player to act: {state.current_player} "
                     f"({PLAYER_COLOURS[state.current_player]})")
    for p in range(n):
        info = state.players[p]
        lines.append(f"player {p} ({PLAYER_COLOURS[p]}): score {info.score}, boat {info.boat}"
                     f"/{state.track_length}, meeples {info.meeples_in_supply}, "
                     f"camps {info.camps_in_supply}")
    hand = state.tile_in_hand
    lines.append(f"in hand: {_tile_text(hand) if hand is not None else '-'}")
    left: dict[str, int] = {}
    for tile in sorted(state.pile.tiles, key=lambda t: t.id):  # counts only, never the order
        name = tile.layout.name
        left[name] = left.get(name, 0) + 1
    lines.append(f"pile: {len(state.pile)} left"
                 + (": " + " ".join(f"{name}x{count}" for name, count in left.items())
                    if left else ""))
    doubles = " ".join(_tile_text(t) for t in state.doubles_left) or "-"
    lines.append(f"doubles set aside: {doubles}")
    if state.removed:
        lines.append("removed: " + " ".join(_tile_text(t) for t in state.removed))
    pieces = sorted(state.pieces(), key=lambda p: (p.position.y, p.position.x, p.segment))
    if pieces:
        lines.append("pieces: " + " ".join(
            f"{piece.kind.value}:{piece.player}@{piece.position}/{piece.segment}"
            for piece in pieces))
    lines.append("tiles: " + " ".join(
        f"{_tile_text(p.tile)}@{p.position},{p.rotation.degrees}".replace(" ", "")
        for p in state.board.placements[1:]))
    lines.extend(_board_lines(state))
    return "\n".join(lines)
