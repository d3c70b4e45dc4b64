"""Perft for Carcassonne – Amazonas, as chess engines keep it.

``perft(state, depth)`` counts the sequences of exactly ``depth`` legal
actions from ``state`` (every action counts: tile placements, the choice and
placement of a double tile, and piece steps; a game that ends sooner adds 0).
In seeded mode the draw order is fixed by the seed, so a starting position
(player count, seed or explicit pile order, rule options) fixes the whole
tree.  ``divide`` splits the count by first action, in the game notation.

The golden numbers live in ``tests/data/perft.json``; ``test_perft.py``
checks them.  After a deliberate rule change, regenerate the file with::

    python tests/perft.py            # rewrite tests/data/perft.json
    python tests/perft.py --divide NAME DEPTH   # print one position's divide

and review the diff: a changed count is a changed rule.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from carcassonne_amazonas import (
    GameState,
    Rules,
    Shuffle,
    apply_action,
    format_action,
    legal_actions,
    new_game,
    reference_tileset,
)

DATA_FILE = Path(__file__).parent / "data" / "perft.json"

# Starting positions: name, players, seed or pile_top (the draw order starts
# with these tile copies, the rest follow in id order), rule options (and
# bonus_river for the tile set with the bonus river tiles, R-V3) and the deepest
# depth stored (kept so that the whole check takes a few seconds).
POSITIONS: list[dict[str, Any]] = [
    {"name": "2p-seed1-amazon-first", "players": 2, "seed": 1, "depth": 7},
    {"name": "3p-seed7", "players": 3, "seed": 7, "depth": 6},
    {"name": "4p-seed2016-uniform-first2", "players": 4, "seed": 2016, "shuffle": "uniform",
     "first_player": 2, "depth": 5},
    {"name": "5p-seed42", "players": 5, "seed": 42, "depth": 6},
    {"name": "3p-exclamation-first", "players": 3,
     "pile_top": ["A3.1", "S08.1", "S03.1", "S20.1"], "depth": 6},
    # The Amazon Bonus River tiles (R-V3): six doubles to choose from after a "!" tile.
    {"name": "3p-bonus-exclamation-first", "players": 3, "bonus_river": True,
     "pile_top": ["A3.1", "S08.1", "S03.1", "S20.1"], "depth": 6},
    {"name": "2p-bonus-two-exclamations", "players": 2, "bonus_river": True,
     "pile_top": ["A3.2", "A3.3", "S01.1"], "depth": 8},
]


def start_position(spec: dict[str, Any]) -> GameState:
    """The starting state a position entry describes."""
    tileset = reference_tileset(bonus_river=spec.get("bonus_river", False))
    rules = Rules(tileset=tileset, first_player=spec.get("first_player", 0),
                  shuffle=Shuffle(spec.get("shuffle", "stratified")))
    if "pile_top" in spec:
        first = [tileset.tile_named(name) for name in spec["pile_top"]]
        chosen = {t.id for t in first}
        pile = first + [t for t in tileset.land_tiles if t.id not in chosen]
        return new_game(spec["players"], pile=pile, rules=rules)
    return new_game(spec["players"], seed=spec["seed"], rules=rules)


def perft(state: GameState, depth: int) -> int:
    """The number of sequences of exactly ``depth`` legal actions from ``state``."""
    if depth == 0:
        return 1
    actions = legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(apply_action(state, action), depth - 1) for action in actions)


def divide(state: GameState, depth: int) -> dict[str, int]:
    """``perft`` split by first action (notation text -> count), in legal-action order."""
    return {format_action(action): perft(apply_action(state, action), depth - 1)
            for action in legal_actions(state)}


def generate() -> dict[str, Any]:
    """The golden data: per position, perft for every depth and the divide for depth >= 2."""
    positions = []
    for spec in POSITIONS:
        state = start_position(spec)
        counts: dict[str, int] = {}
        divides: dict[str, dict[str, int]] = {}
        for depth in range(1, spec["depth"] + 1):
            began = time.perf_counter()
            split = divide(state, depth)
            counts[str(depth)] = sum(split.values())
            if depth >= 2:
                divides[str(depth)] = split
            print(f"{spec['name']}: depth {depth}: {counts[str(depth)]} "
                  f"({time.perf_counter() - began:.2f} s)", file=sys.stderr)
        entry = {k: v for k, v in spec.items() if k != "depth"}
        positions.append({**entry, "perft": counts, "divide": divides})
    return {
        "description": "Perft of Carcassonne - Amazonas (reference tile set, with the bonus "
                       "river tiles where a position says bonus_river): the number of "
                       "sequences of exactly N legal actions (tile placements, double "
                       "choices and piece steps all count) from each starting position; "
                       "'divide' splits the count by first action in the game notation. "
                       "Regenerate with: python tests/perft.py",
        "positions": positions,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--divide", nargs=2, metavar=("NAME", "DEPTH"),
                        help="print the divide of one position instead of regenerating")
    args = parser.parse_args()
    if args.divide:
        name, depth = args.divide[0], int(args.divide[1])
        spec = next(p for p in POSITIONS if p["name"] == name)
        split = divide(start_position(spec), depth)
        for text, count in split.items():
            print(f"{text:<14} {count}")
        print(f"{'total':<14} {sum(split.values())}")
        return
    data = generate()
    DATA_FILE.parent.mkdir(exist_ok=True)
    DATA_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {DATA_FILE}", file=sys.stderr)


if __name__ == "__main__":
    main()
