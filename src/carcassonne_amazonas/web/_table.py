"""Table games: the web app as a companion that keeps score for a game played with the box.

In a *table game* the server draws nothing: the box's tiles are the pile, and the
players say which tile was drawn (a :class:`~carcassonne_amazonas.rules.actions.DrawTile`
of the legal draws, :func:`~carcassonne_amazonas.rules.chance.chance_outcomes`, R-T1),
where it went and which piece was placed; the library does the rest (boats, features,
Amazon scorings, the final scoring with the river mouth) and explains each step in the
log (:func:`~carcassonne_amazonas.render.explain.describe_events`).

- **One device, one token.** A table game is created with ``"table": true``: every seat
  is human and has the same token, which opens the seat of whoever is to move
  (:attr:`~carcassonne_amazonas.web._served.ServedGame.table` tells a table game by
  that), so the device passed round the table plays every turn.
- **Corrections.** ``POST /api/games/{ID}/undo`` takes the last entry back, one at a
  time (:meth:`~carcassonne_amazonas.web._service.GameService.take_back`); only a table
  game allows it.  Each undo gives the game a new *revision* in the column of the draw
  seed, which a table game has no use for, so that every cache keyed by the number of
  actions and that column (the service's games, the views) sees the change.
- **Words.** The page's own sentences for table mode are :data:`TEXTS`, served in
  ``GET /api/config``; the page hard-codes none.  They are marked with :func:`N_` for
  extraction into a translation catalog.
"""

from __future__ import annotations

from typing import Any

from ..render.text import tile_description
from ..rules.chance import chance_outcomes
from ..rules.state import GameState
from ..tiles.geometry import Rotation
from ..tiles.layout import TileKind
from ._pictures import picture_url
from ._served import ServedGame

__all__ = ["N_", "TEXTS", "draw_options", "table_view"]


def N_(text: str) -> str:
    """Mark ``text`` for a translation catalog (``pybabel extract`` finds ``N_``) and
    return it as it is: the page's words for table mode have this one home."""
    return text


#: The page's words for table mode, by key (served in ``GET /api/config`` as ``table``).
TEXTS: dict[str, str] = {
    "option": N_("Table game: we play with the box's tiles, and this device keeps the "
                 "score"),
    "option_hint": N_("Every seat is a player at the table. Each turn, say which tile was "
                      "drawn, where it went and which piece was placed: the app does the "
                      "rest."),
    "status": N_("Table game {game} \u00b7 {tiles} tiles in the bag"),
    "draw_title": N_("{name} draws: which tile?"),
    "draw_help": N_("Tap the tile that was drawn. The number is how many copies are "
                    "still in the bag."),
    "copies_left": N_("{count} left"),
    "amazon": N_("Amazon tiles"),
    "standard": N_("Tributary and village tiles"),
    "undo": N_("Undo the last entry"),
    "undo_done": N_("Taken back: {action}"),  # the entry's words in the log
    "nothing_to_undo": N_("Nothing to undo yet."),
    "turn": N_("{name}: place the tile"),
    "piece": N_("{name}: a meeple, a camp, or none"),
    "double": N_("{name}: choose a double tile"),
}


def draw_options(state: GameState) -> list[dict[str, Any]]:
    """The tiles that may be drawn now (R-T1), one per distinct tile: the legal draws of
    :func:`~carcassonne_amazonas.rules.chance.chance_outcomes`, each with its ``action``
    (``*ID``), ``id``, ``name``, ``text``, ``kind`` (``amazon`` or ``standard``), how many
    identical copies are left in the pile (``count``) and the address of its picture;
    empty unless ``state`` is a chance node."""
    if not state.is_chance_node:
        return []
    tileset = state.rules.tileset
    left: dict[object, int] = {}
    for tile in state.pile.tiles:
        left[tile.design] = left.get(tile.design, 0) + 1
    options = []
    for action, _probability in chance_outcomes(state):
        tile = tileset.tile(action.tile)
        options.append({"action": str(action), "id": int(tile.id), "name": tile.name,
                        "text": tile_description(tile),
                        "kind": "amazon" if tile.kind is TileKind.AMAZON else "standard",
                        "count": left.get(tile.design, 0),
                        "picture": picture_url(tileset, tile, Rotation.R0)})
    return options


def table_view(game: ServedGame) -> dict[str, Any] | None:
    """What a view of a table game adds (``table`` in the view; None for another game):
    the tiles that may be drawn now (:func:`draw_options`) and the last entry, which
    ``undo`` would take back (its notation and its log lines), or None before any."""
    if not game.table:
        return None
    last = game.log[-1] if game.log else None
    return {"draws": draw_options(game.state),
            "last": None if last is None else {"action": last.action,
                                               "lines": list(last.lines)}}
