"""Sphinx extension: the pictures of the tile overview and of "How the game plays".

On ``builder-inited`` it draws, with the library's own renderers, into
``docs/_generated/pictures/``: ``overview.svg``, the sheet of the reference set
(:func:`carcassonne_amazonas.render.svg.tileset_svg`), and the positions of one
scripted game (:data:`MOMENTS`, :func:`carcassonne_amazonas.render.svg.board_svg`).
``docs/_generated/`` is git-ignored; files are only rewritten when they change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from carcassonne_amazonas import Game, reference_tileset
from carcassonne_amazonas.ai.bots import GreedyBot
from carcassonne_amazonas.render.svg import board_svg, tileset_svg

FOLDER = Path("_generated") / "pictures"
#: The game the page follows: 2 players, seed 1, both played by a seeded GreedyBot;
#: a picture after each of these numbers of actions.
MOMENTS = {"start": 0, "first-tile": 2, "turn-7": 14, "end": None}


def _write_if_changed(path: Path, text: str) -> None:
    if not (path.exists() and path.read_text(encoding="utf-8") == text):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def on_builder_inited(app: Sphinx) -> None:
    """Draw the pictures before Sphinx reads the pages that show them."""
    folder = Path(app.srcdir) / FOLDER
    _write_if_changed(folder / "overview.svg", str(tileset_svg(reference_tileset())))
    game, bot = Game.new(2, seed=1), GreedyBot(seed=1)
    states = [game.state]
    while not game.state.is_terminal:
        game.play(bot.choose(game.state))
        states.append(game.state)
    for name, moment in MOMENTS.items():
        state = states[-1] if moment is None else states[moment]
        _write_if_changed(folder / f"{name}.svg", str(board_svg(state, compact=moment is None)))


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the event handler."""
    app.connect("builder-inited", on_builder_inited)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
