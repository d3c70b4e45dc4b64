"""Benchmark: the worst load of crafted hostile snapshots and records, next to
``json.loads`` of the same text (the target: a ratio of at most 5).

Each crafted input is a real snapshot or record grown to a target size by one hostile
part: oversize lists (the 1.4 million pending tiles and 3.3 million empty players of
the issue, placements, pieces, pile, actions), long strings, numbers of 4,300 digits,
deep nesting, thousands of unknown keys (refused at the first), or plain whitespace
around a valid document (which then loads and is checked in full).

Two tables:

- **as shipped**: inputs of 1 MB and 10 MB.  Both are over the loaders' size limit
  (``jsonio.MAX_DOCUMENT``, 500,000 characters), so they are refused before parsing.
- **limit raised**: the same inputs with the limit raised to 10 MB for the run, to
  measure what the loader does after ``json.loads`` with big inputs: every oversize
  list is refused by its bound before any item is read.  A valid document padded with
  whitespace shows the fixed cost of loading a whole game (replaying it, for a record),
  which does not grow with the text.

A third table, **custom tile sets**, loads the game-over snapshot and the record of a game
played on a crafted tile set, and runs ``state_problems`` on its state, next to the same
calls on the reference set (the target: within 5x of them, or refused up front):

- the crafted set whose Amazon tiles carry many ``caiman*999999`` tokens (45 million
  points on one copy): refused by ``parse_tileset``, a copy carrying at most
  ``MAX_COPY_ICONS`` icons in all;
- sets at that limit (every river copy with 99 caimans and piranhas, every straight
  tributary with 99 Fruit icons), of 85, 169 and 337 tiles (each set's layouts copied 1, 2
  and 4 times, so each document about doubles) and of 400 tiles (the format's maximum).
  Loading a snapshot, loading a record, replaying a record into all its states and
  ``state_problems`` are timed; the time ratio of each doubling is printed (a linear
  loader: about 2), then the worst crafted load in CPU seconds (the target: under 1 s).

Run:  python benchmarks/bench_loading.py [--repeat N] [--smoke]

Figures are medians of ``--repeat`` runs on a shared machine; quote them as such.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import itertools
import json
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from carcassonne_amazonas import (
    GameRecord,
    RecordError,
    Rules,
    TileSet,
    TileSetError,
    apply_action,
    legal_actions,
    new_game,
    parse_tileset,
    reference_tileset,
    state_from_json,
    state_problems,
    state_to_json,
)
from carcassonne_amazonas.formats import _json as jsonio

MB = 1_000_000


def _game() -> tuple[dict[str, Any], dict[str, Any]]:
    """A real snapshot (mid-game) and a real record (a whole game)."""
    initial = new_game(3, seed=7)
    rng = random.Random(7)
    state, actions = initial, []
    middle = None
    while not state.is_terminal:
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply_action(state, action)
        if len(actions) == 90:
            middle = state
    assert middle is not None
    record = json.loads(GameRecord.from_game(initial, actions).to_json())
    return json.loads(state_to_json(middle)), record


def _grow(document: dict[str, Any], key: tuple[str, ...], item: Any, size: int) -> str:
    """``document`` with the list at ``key`` made of copies of ``item``, about ``size``
    characters long."""
    base = len(json.dumps(document, separators=(",", ":")))
    each = len(json.dumps(item, separators=(",", ":"))) + 1
    data = json.loads(json.dumps(document))
    parent = data
    for step in key[:-1]:
        parent = parent[step]
    parent[key[-1]] = [item] * max(1, (size - base) // each)
    return json.dumps(data, separators=(",", ":"))


def _with_text(document: dict[str, Any], key: tuple[Any, ...], size: int) -> str:
    data = json.loads(json.dumps(document))
    parent = data
    for step in key[:-1]:
        parent = parent[step]
    parent[key[-1]] = "x" * max(1, size - len(json.dumps(document)))
    return json.dumps(data, separators=(",", ":"))


def _padded(document: dict[str, Any], size: int) -> str:
    text = json.dumps(document, separators=(",", ":"))
    return text[:-1] + " " * max(0, size - len(text)) + "}"


def _big_numbers(document: dict[str, Any], size: int) -> str:
    number = "9" * 4300
    count = max(1, size // (len(number) + 1))
    text = json.dumps(document, separators=(",", ":"))
    return text[:-1] + ',"junk":[' + ",".join([number] * count) + "]}"


def _unknown_keys(document: dict[str, Any], size: int) -> str:
    data = json.loads(json.dumps(document))
    for index in range(max(1, size // 14)):
        data[f"k{index:08d}"] = 0
    return json.dumps(data, separators=(",", ":"))


def inputs(snapshot: dict[str, Any], record: dict[str, Any],
           size: int) -> list[tuple[str, str, str]]:
    """(name, 'state' or 'record', text) of every crafted input of about ``size``."""
    return [
        ("pending tiles", "state", _grow(snapshot, ("pending_amazon",), "A1.1", size)),
        ("empty players", "state", _grow(snapshot, ("players",), {}, size)),
        ("placements", "state", _grow(snapshot, ("placements",), ["S01.1", 5, 5, 90], size)),
        ("pieces", "state", _grow(snapshot, ("pieces",), [1, 1, 0], size)),
        ("pile tiles", "state", _grow(snapshot, ("pile", "tiles"), "S01.1", size)),
        ("removed tiles", "state", _grow(snapshot, ("removed",), "S01.1", size)),
        ("long schema", "state", _with_text(snapshot, ("schema",), size)),
        ("long tile name", "state", _with_text(snapshot, ("placements", 1, 0), size)),
        ("4300-digit numbers", "state", _big_numbers(snapshot, size)),
        ("deep nesting", "state", "[" * size),
        ("unknown keys", "state", _unknown_keys(snapshot, size)),
        ("valid, padded", "state", _padded(snapshot, size)),
        ("actions", "record", _grow(record, ("actions",), "p", size)),
        ("long action", "record", _with_text(record, ("actions", 0), size)),
        ("record pile", "record", _grow(record, ("pile",), "S01.1", size)),
        ("start players", "record", _grow(dict(record, start=snapshot), ("start", "players"),
                                          {}, size)),
        ("valid record, padded", "record", _padded(record, size)),
    ]


def _median(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _load(kind: str, text: str) -> str:
    try:
        if kind == "state":
            state_from_json(text)
        else:
            GameRecord.from_json(text).replay()
    except RecordError as error:
        return str(error)[:60]
    return "loaded"


def _json(text: str) -> None:
    with contextlib.suppress(ValueError, RecursionError):
        json.loads(text)


def table(title: str, sizes: tuple[int, ...], repeat: int, snapshot: dict[str, Any],
          record: dict[str, Any]) -> float:
    print(f"\n{title}")
    print(f"{'input':22} {'size':>9} {'json.loads':>11} {'load':>10} {'ratio':>6}  outcome")
    worst = 0.0
    for size in sizes:
        for name, kind, text in inputs(snapshot, record, size):
            outcome = _load(kind, text)
            parse = _median(functools.partial(_json, text), repeat)
            load = _median(functools.partial(_load, kind, text), repeat)
            ratio = load / parse
            worst = max(worst, ratio)
            print(f"{name:22} {len(text) / MB:8.2f}M {parse * 1e3:9.2f}ms {load * 1e3:8.2f}ms "
                  f"{ratio:6.2f}  {outcome}")
    print(f"worst ratio: {worst:.2f}")
    return worst


# ---------------------------------------------------------------------------- custom tile sets

def crafted_tileset(copies: int = 1, extra: int = 0, river: str = "river:caiman*50 "
                    "river:piranha*49", fruit: str = "t:fruit*99") -> str:
    """The reference set's file with each layout's copy lines repeated ``copies`` times (the
    start tile's excepted), ``extra`` more straight tributaries, every river copy carrying
    ``river`` and every straight tributary ``fruit``; no ``expect`` or ``icon-totals``."""
    lines, name, kind = ["tileset crafted"], "", ""
    for line in reference_tileset().source.splitlines():
        words = line.split()
        if not words or words[0] in ("tileset", "expect", "icon-totals"):
            continue
        if words[0] == "layout":
            name, kind = words[1], words[2].rstrip("!")
            line = re.sub(r" x[0-9]+ ", " ", line)
        elif words[0] == "copy":
            count = int(words[1][1:]) if re.fullmatch(r"x[0-9]+", words[1:2][0] if
                                                      words[1:] else "") else 1
            icons = " ".join(words[2 if count > 1 or "x1" in words else 1:])
            if kind in ("amazon", "double"):
                icons = river
            elif name == "S01":
                icons = fruit
            line = f"  copy x{count * (1 if kind == 'start' else copies)} {icons}"
            if name == "S01" and extra:
                lines.append(f"  copy x{extra} {fruit}")
                extra = 0
        lines.append(line)
    return "\n".join(lines)


def _tileset_game(tileset: TileSet) -> tuple[str, str, Any]:
    """The game-over snapshot and the record of a random two-player game on ``tileset``,
    and its final state."""
    initial = state = new_game(2, seed=5, rules=Rules(tileset=tileset))
    rng, actions = random.Random(5), []
    while not state.is_terminal:
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state = apply_action(state, action)
    return state_to_json(state), GameRecord.from_game(initial, actions).to_json(), state


def _cpu(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.process_time()
        run()
        times.append(time.process_time() - started)
    return statistics.median(times)


def tileset_table(repeat: int, sizes: tuple[int, ...], doublings: tuple[int, ...]) -> float:
    """The custom-tile-set table; returns the worst CPU time of one load, in seconds.

    The issue's set is parsed as it is and with its copy lines repeated ``doublings``
    times (each about doubling the file, up to the 1,000,000-character limit)."""
    print("\ncustom tile sets (CPU seconds, medians; x ref: over the reference set's time)")
    hostile = crafted_tileset(river=" ".join(["river:caiman*999999"] * 45))
    copies = "\n".join(line for line in hostile.splitlines() if line.startswith("  copy"))
    worst, previous = 0.0, 0.0
    for times in doublings:
        text = hostile + f"\n{copies}" * (times - 1)
        try:
            parse_tileset(text)
            outcome = "loaded"
        except TileSetError as error:
            outcome = f"refused: {error.problems[0][:50]}"
        load = _cpu(functools.partial(_parse_tileset, text), repeat)
        worst = max(worst, load)
        doubling = f"x{load / previous:.2f}" if previous else ""
        previous = load
        print(f"issue-22 set x{times:<2} ({len(text) / 1000:4.0f} kB) parse_tileset "
              f"{load * 1e3:6.1f}ms {doubling:>5}  {outcome}")
    return max(worst, _game_table(repeat, sizes))


def _replay(record: str, tileset: TileSet) -> None:
    GameRecord.from_json(record, tileset).replay()


def _parse_tileset(text: str) -> None:
    with contextlib.suppress(TileSetError):
        parse_tileset(text)


def _game_table(repeat: int, sizes: tuple[int, ...]) -> float:
    """Loads of a game on the reference set and on sets at the icon limit, every load
    timed once per round, round after round (so that load on a shared machine comes and
    goes alike for every size); medians of ``repeat`` rounds."""
    sets = [("reference", reference_tileset())] + [
        (f"limit x{k}", parse_tileset(crafted_tileset(k))) for k in sizes] + [
        ("limit, 400 tiles", parse_tileset(crafted_tileset(4, extra=63)))]
    rows: list[tuple[str, int, str, str, Callable[[], object]]] = []
    for name, tileset in sets:
        snapshot, record, final = _tileset_game(tileset)
        rows += [
            (name, len(tileset.tiles), "state_from_json", snapshot,
             functools.partial(state_from_json, snapshot, tileset)),
            (name, len(tileset.tiles), "record from_json", record,
             functools.partial(GameRecord.from_json, record, tileset)),
            (name, len(tileset.tiles), "record replay", record,
             functools.partial(_replay, record, tileset)),
            (name, len(tileset.tiles), "state_problems", snapshot,
             functools.partial(state_problems, final))]
    loads: list[list[float]] = [[] for _ in rows]
    parses: list[list[float]] = [[] for _ in rows]
    for _ in range(repeat):
        for index, (_, _, _, text, run) in enumerate(rows):
            loads[index].append(_cpu(run, 1))
            parses[index].append(_cpu(functools.partial(_json, text), 1))
    print(f"{'tile set':16} {'tiles':>5} {'call':16} {'size':>7} {'json.loads':>10} "
          f"{'load':>9} {'ratio':>6} {'x ref':>6}")
    reference: dict[str, float] = {}
    at_limit: dict[str, list[tuple[int, float]]] = {}
    worst = 0.0
    for (name, tiles, call, text, _), times, parse_times in zip(rows, loads, parses):
        load, parse = statistics.median(times), statistics.median(parse_times)
        reference.setdefault(call, load)
        worst = max(worst, load)
        if name.startswith("limit x"):
            at_limit.setdefault(call, []).append((tiles, load))
        print(f"{name:16} {tiles:5} {call:16} {len(text) / 1000:6.1f}k {parse * 1e3:8.2f}ms "
              f"{load * 1e3:7.1f}ms {load / parse:6.0f} {load / reference[call]:6.2f}")
    print("doubling the tiles (sets at the limit), time ratio per doubling (linear: about 2; "
          "'record replay' makes every state, each with its own board):")
    for call, points in at_limit.items():
        steps = ", ".join(f"{a}->{b} tiles x{tb / ta:.2f}"
                          for (a, ta), (b, tb) in itertools.pairwise(points))
        print(f"  {call:16} {steps}")
    print(f"worst crafted load: {worst:.3f} s CPU")
    return worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per input (median)")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one run")
    args = parser.parse_args()
    sizes = (20_000, 100_000) if args.smoke else (MB, 10 * MB)
    repeat = 1 if args.smoke else args.repeat
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    snapshot, record = _game()
    print(f"size limit (jsonio.MAX_DOCUMENT): {jsonio.MAX_DOCUMENT} characters; "
          f"medians of {repeat} run(s)")
    shipped = table("as shipped", sizes, repeat, snapshot, record)
    limit = jsonio.MAX_DOCUMENT
    jsonio.MAX_DOCUMENT = 11 * MB
    try:
        raised = table("limit raised to 11,000,000 characters", sizes, repeat, snapshot,
                       record)
    finally:
        jsonio.MAX_DOCUMENT = limit
    print(f"\nworst ratio as shipped {shipped:.2f}; with the limit raised {raised:.2f}")
    slowest = tileset_table(repeat, (1, 2) if args.smoke else (1, 2, 4),
                            (1, 2) if args.smoke else (1, 2, 4, 8, 16, 32, 56))
    print(f"worst custom-tile-set load: {slowest:.3f} s CPU")


if __name__ == "__main__":
    main()
