"""Benchmark: what placing the pieces and icons of every tile costs the pictures (R-T5).

The spots of a tile in one rotation are computed once per process and cached
(``render._segment_spots``); a board picture or a web page pays for each tile and rotation
the first time it draws it.  This times that first time for every distinct tile shape of
the reference set with the bonus river (layout, icon kinds and rotation: the cache's
key), from fresh shapes and emptied caches so that nothing is cached, in CPU seconds:

- the total over all shapes, as a process that draws every tile would pay it;
- the median shape and the slowest one.

Run:  python benchmarks/bench_spots.py [--repeat N]

To compare two checkouts, run the script of one with the other's sources first on the
path (``PYTHONPATH=../main/src python benchmarks/bench_spots.py``), alternating.
Figures are medians of ``--repeat`` runs on a shared machine; quote them as such.
"""

from __future__ import annotations

import argparse
import statistics
import time

from carcassonne_amazonas import reference_tileset
from carcassonne_amazonas.render import _segment_spots
from carcassonne_amazonas.render._segment_spots import tile_spots
from carcassonne_amazonas.render._tile_shapes import TileShapes, tile_shapes


def one_run() -> tuple[float, float, float, str]:
    """(total, median shape, slowest shape) in CPU seconds, and the slowest's name."""
    tileset = reference_tileset(bonus_river=True)
    keys = {}
    for tile in tileset.tiles:
        for rotation in tile.layout.rotations:
            shapes = tile_shapes(tile, rotation)
            keys[(shapes.layout, shapes.icon_kinds, rotation)] = tile.name
    for value in vars(_segment_spots).values():  # the caches of this version, whichever
        if hasattr(value, "cache_clear"):
            value.cache_clear()
    times = []
    for (layout, kinds, rotation), name in keys.items():
        fresh = TileShapes(layout, kinds, rotation)
        start = time.process_time()
        tile_spots(fresh)
        times.append((time.process_time() - start, f"{name} {rotation.degrees}°"))
    slowest = max(times)
    return (sum(t for t, _ in times), statistics.median(t for t, _ in times), slowest[0],
            slowest[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs (default 5)")
    args = parser.parse_args()
    runs = [one_run() for _ in range(args.repeat)]
    total = statistics.median(r[0] for r in runs)
    median = statistics.median(r[1] for r in runs)
    slow = statistics.median(r[2] for r in runs)
    names = sorted({r[3] for r in runs})
    print(f"every shape: {total * 1000:.0f} ms; median shape {median * 1000:.2f} ms; "
          f"slowest {slow * 1000:.1f} ms ({', '.join(names)}); medians of {args.repeat} runs")


if __name__ == "__main__":
    main()
