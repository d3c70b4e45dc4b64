"""Draw a game's board as an SVG picture (and, optionally, every tile of the set).

Plays a seeded game between a greedy bot and random bots, then writes
``carcassonne_amazonas.render.svg.board_svg`` of the final position (or of the position after
``--actions N`` actions): the river with its boat track, every tile with its icons,
the meeples and camps in their players' colours, the open cells and the scores.
Open the file in any web browser.  ``--tiles DIR`` also writes one picture per layout of
the tile set with ``tile_svg``.

Run:  python examples/render_svg.py [--out board.svg] [--players N] [--seed S]
                                    [--actions N] [--tiles DIR]
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from carcassonne_amazonas import Rotation, new_game, reference_tileset
from carcassonne_amazonas.ai.bots import GreedyBot, RandomBot
from carcassonne_amazonas.render.svg import board_svg, tile_svg
from carcassonne_amazonas.rules.engine import apply_action


def main(argv: list[str] | None = None) -> None:
    """Play, draw and write the pictures."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=Path("board.svg"),
                        help="the SVG file to write (default board.svg)")
    parser.add_argument("--players", type=int, default=3, choices=range(2, 6),
                        help="2 to 5 (default 3)")
    parser.add_argument("--seed", type=int, default=11, help="shuffle and choices seed")
    parser.add_argument("--actions", type=int, default=None,
                        help="stop after this many actions (default: play to the end)")
    parser.add_argument("--tiles", type=Path, default=None,
                        help="also write one SVG per layout of the tile set into this folder")
    args = parser.parse_args(argv)

    state = new_game(args.players, seed=args.seed)
    bots = [GreedyBot(random.Random(args.seed))] + [
        RandomBot(random.Random(args.seed + p)) for p in range(1, args.players)]
    played = 0
    while not state.is_terminal and (args.actions is None or played < args.actions):
        state = apply_action(state, bots[state.current_player].choose(state))
        played += 1

    svg = board_svg(state)
    args.out.write_text(svg, encoding="utf-8")
    where = "the end of the game" if state.is_terminal else f"action {played}"
    print(f"wrote {args.out}: the board at {where}, {len(state.board) - 1} tiles placed, "
          f"scores {state.scores} ({len(svg) // 1024} KiB)")

    if args.tiles is not None:
        args.tiles.mkdir(parents=True, exist_ok=True)
        tileset = reference_tileset()
        for layout in tileset.layouts:
            first = next(tile for tile in tileset.tiles if tile.layout is layout)
            (args.tiles / f"{layout.name}.svg").write_text(tile_svg(first, Rotation.R0),
                                                           encoding="utf-8")
        print(f"wrote {len(tileset.layouts)} tile pictures into {args.tiles}")


if __name__ == "__main__":
    main()
