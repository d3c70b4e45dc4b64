"""The command-line tool ``carcassonne-amazonas`` (also ``python -m carcassonne_amazonas``).

Commands (``carcassonne-amazonas COMMAND --help`` describes each):

``play``
    A full game in the terminal with any mix of ``human``, ``random`` and
    ``greedy`` players; ``--save`` writes the game record (JSON).
``simulate``
    Many games between bots, in parallel with ``--jobs``: win rates, scores
    by category, game length, speed; ``--json`` for machines.
``replay``
    A game record turn by turn, explaining every point; ``--turn K`` stops
    after turn K and shows the board.
``render``
    An SVG picture of a game record's board, at the end or after turn K.
``validate-tileset``
    Check a custom tile-set file and list every problem.

Exit codes: 0 success, 2 usage errors (argparse), 1 any other error (a file
that cannot be read, an invalid record or tile set), always with a one-line
message on standard error and never a traceback; 130 when Ctrl-C interrupts a
command (except ``play``, where Ctrl-C ends the game cleanly: 0).

The bots are described in :mod:`carcassonne_amazonas.bots`.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

import attrs

from .actions import Action, PlaceTile
from .bots import BOT_KINDS, TURN_END, derive_seed, kind_name, make_bot
from .engine import apply_action, apply_action_with_events, legal_actions, new_game
from .errors import IllegalActionError, RecordError, TileSetError
from .events import Event
from .explain import (
    colour,
    describe_action,
    describe_events,
    icons_text,
    plural,
    results_text,
    tile_description,
)
from .notation import NotationError, format_action, parse_action
from .records import GameRecord
from .simulation import (
    GameResult,
    GameTask,
    Progress,
    rules_for,
    run_games,
    simulate_task,
    summarise,
    summary_text,
)
from .state import GameState, Phase, Rules
from .svg import board_svg
from .text import board_text, players_text, tile_text
from .tilefile import parse_tileset
from .tiles import Tile, TileKind, TileSet

__all__ = ["build_parser", "main"]


PROG = "carcassonne-amazonas"


class CliError(Exception):
    """An error reported as one line on standard error, with exit code 1."""


class _Stop(Exception):
    """The human asked to stop the game."""


def _error(message: str) -> None:
    print(f"{PROG}: error: {message}", file=sys.stderr)


def _one_line(error: BaseException) -> str:
    text = str(error).strip()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return "; ".join(lines) if lines else type(error).__name__


def _read_text(path: str, what: str) -> str:
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        raise CliError(f"{what} {path!r} does not exist") from None
    except IsADirectoryError:
        raise CliError(f"{what} {path!r} is a directory") from None
    except UnicodeDecodeError:
        raise CliError(f"{what} {path!r} is not UTF-8 text") from None
    except OSError as error:
        raise CliError(f"cannot read {what} {path!r}: {error.strerror or error}") from None


def _write_text(path: str, text: str, what: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as error:
        raise CliError(f"cannot write {what} {path!r}: {error.strerror or error}") from None


def _load_tileset(path: str | None) -> TileSet | None:
    if path is None:
        return None
    text = _read_text(path, "tile set")
    try:
        return parse_tileset(text, path)
    except TileSetError as error:
        raise CliError(f"{path}: not a valid tile set ({len(error.problems)} problem(s); "
                       f"'{PROG} validate-tileset {path}' lists them)") from None


def _rules_for(tileset_path: str | None) -> Rules:
    """Rules with the tile set at ``tileset_path``; CliError if it cannot be loaded."""
    try:
        return rules_for(tileset_path)
    except (OSError, TileSetError) as error:
        raise CliError(f"{tileset_path}: {_one_line(error)}") from None


def _load_record(path: str, tileset_path: str | None) -> GameRecord:
    text = _read_text(path, "game record")
    tileset = _load_tileset(tileset_path)
    try:
        return GameRecord.from_json(text, tileset)
    except RecordError as error:
        raise CliError(f"{path}: {_one_line(error)}") from None


def _side_by_side(blocks: Sequence[tuple[str, list[str]]], gap: int = 4) -> list[str]:
    """Text blocks with headings next to each other."""
    widths = [max([len(title), *map(len, lines)]) for title, lines in blocks]
    height = max(len(lines) for _, lines in blocks)
    rows = ["".join(title.ljust(w + gap) for (title, _), w in zip(blocks, widths)).rstrip()]
    for i in range(height):
        rows.append("".join((lines[i] if i < len(lines) else "").ljust(w + gap)
                            for (_, lines), w in zip(blocks, widths)).rstrip())
    return rows


def _tile_picture(tile: Tile) -> list[str]:
    return _side_by_side([(f"{r.degrees}°", tile_text(tile, r)) for r in tile.layout.rotations])


def _step_lines(before: GameState, action: Action, events: Sequence[Event]) -> list[str]:
    """An action in notation beside what it did, one event a line."""
    lines = describe_events(before, action, events) or [describe_action(before, action)]
    notation = format_action(action)
    return [f"  {notation if i == 0 else '':<10} {line}" for i, line in enumerate(lines)]


def _print(out: TextIO, text: str = "") -> None:
    print(text, file=out, flush=True)


def _menu(state: GameState, actions: Sequence[Action]) -> list[str]:
    """The numbered legal actions, compact for tile placements."""
    if state.phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
        by_cell: dict[str, list[str]] = {}
        for number, action in enumerate(actions, start=1):
            assert isinstance(action, PlaceTile)
            by_cell.setdefault(f"({action.position})", []).append(
                f"{number}={action.rotation.degrees}°")
        entries = [f"{cell:>8} {' '.join(choices)}" for cell, choices in by_cell.items()]
        width = max(len(e) for e in entries) + 3
        per_line = max(1, 96 // width)
        lines = ["Where? number = rotation (clockwise) at cell (x,y):"]
        for i in range(0, len(entries), per_line):
            lines.append("".join(e.ljust(width) for e in entries[i:i + per_line]).rstrip())
        return lines
    return [f"{number:>4}  {format_action(action):<12} {describe_action(state, action)}"
            for number, action in enumerate(actions, start=1)]


_HUMAN_HELP = """\
Type the number of an action from the list, or an action in notation:
  t<x>,<y>,<degrees>  place the tile with its top-left cell on (x,y), e.g. t-1,0,90
  d<tile id>          choose a double tile after a "!" tile, e.g. d82
  m<x>,<y>,<segment>  a meeple on segment <segment> of the tile just placed
  c<x>,<y>,<segment>  a camp on a jungle segment of the tile just placed
  p                   place no piece (your boat advances 1)
Other commands: board (show the board), list (the numbered actions), help,
quit (stop the game; with --save the record is saved). End of input stops too."""


def _show_position(state: GameState, out: TextIO) -> None:
    _print(out)
    _print(out, board_text(state))
    _print(out, players_text(state))


def _ask_human(state: GameState, read: Callable[[str], str], out: TextIO) -> Action:
    actions = legal_actions(state)
    player = state.current_player
    _show_position(state, out)
    if state.tile_in_hand is not None and state.phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
        _print(out, f"{colour(player)}, your tile: {tile_description(state.tile_in_hand)}")
        for line in _tile_picture(state.tile_in_hand):
            _print(out, "  " + line)
    elif state.phase is Phase.PLACE_PIECE:
        _print(out, f"{colour(player)}, the piece step: a meeple, a camp or no piece (T5)")
    elif state.phase is Phase.CHOOSE_DOUBLE:
        _print(out, f"{colour(player)}, choose a double tile to place downstream (T3)")
    menu = _menu(state, actions)
    for line in menu:
        _print(out, line)
    while True:
        text = read(f"{colour(player)}> ").strip()
        if not text:
            _print(out, "Type a number from the list, an action such as "
                        f"{format_action(actions[0])}, or 'help'.")
            continue
        word = text.lower()
        if word in ("help", "?", "h"):
            _print(out, _HUMAN_HELP)
            continue
        if word in ("board", "b"):
            _show_position(state, out)
            continue
        if word in ("list", "l"):
            for line in menu:
                _print(out, line)
            continue
        if word in ("quit", "exit", "q"):
            raise _Stop
        if re.fullmatch(r"[+-]?[0-9]+", text):
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            _print(out, f"There is no action {number}: choose a number from 1 to "
                        f"{len(actions)}.")
            continue
        try:
            action = parse_action(text)
        except NotationError as error:
            _print(out, f"Not understood: {error}. Type 'help' for the notation.")
            continue
        try:
            apply_action(state, action)
        except IllegalActionError as error:
            _print(out, f"Illegal: {error}.")
            continue
        return action


def _bot_list(parser: argparse.ArgumentParser, text: str | None, players: int,
              default: Sequence[str], allowed: Sequence[str]) -> list[str]:
    if text is None:
        return list(default)
    kinds = [k.strip().lower() for k in text.split(",")]
    for kind in kinds:
        if kind_name(kind) not in allowed:
            parser.error(f"argument --bots: unknown player kind {kind!r} "
                         f"(choose from {', '.join(allowed)}, mcts:N)")
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        parser.error(f"argument --bots: {len(kinds)} player kinds for {players} players; "
                     "give one per player (or one for all)")
    return kinds


def cmd_play(args: argparse.Namespace) -> int:
    """``play``: a game in the terminal between humans and bots; returns the exit code."""
    out: TextIO = sys.stdout
    players: int = args.players
    kinds = _bot_list(args.parser, args.bots, players, ["human"] + ["greedy"] * (players - 1),
                      BOT_KINDS)
    seed: int = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
    rules = _rules_for(args.tileset)
    state = new_game(players, seed=seed, rules=rules)
    initial = state
    bots = [make_bot(kind, derive_seed(seed, "bot", p)) for p, kind in enumerate(kinds)]
    who = ", ".join(f"{colour(p)} {kind}" for p, kind in enumerate(kinds))
    _print(out, f"Carcassonne \u2013 Amazonas: {players} players ({who}), seed {seed}")
    actions: list[Action] = []
    turn = 0
    stopped = ""
    try:
        while not state.is_terminal:
            player = state.current_player
            if state.phase is Phase.PLACE_TILE:
                turn += 1
                assert state.tile_in_hand is not None
                _print(out, f"\nTurn {turn}: {colour(player)} ({kinds[player]}) has "
                            f"{tile_description(state.tile_in_hand)}; "
                            f"{state.tiles_left} tiles left to draw")
            bot = bots[player]
            action = bot.choose(state) if bot is not None else _ask_human(state, input, out)
            after, events = apply_action_with_events(state, action)
            for line in _step_lines(state, action, events):
                _print(out, line)
            actions.append(action)
            state = after
    except EOFError:
        stopped = "end of input"
    except KeyboardInterrupt:
        stopped = "interrupted"
    except _Stop:
        stopped = "stopped by the player"
    if stopped:
        _print(out, f"\nGame stopped ({stopped}) after {plural(len(actions), 'action')}, "
                    f"in turn {turn}; it is not finished.")
    else:
        _print(out)
        _print(out, board_text(state, legend=False))
        _print(out)
        _print(out, results_text(state, kinds))
    if args.save:
        record = GameRecord.from_game(initial, actions)
        _write_text(args.save, record.to_json(), "game record")
        _print(out, f"Game record saved to {args.save}.")
    return 0


def _run_on_ray(tasks: list[GameTask], cpus: int | None,
                address: str | None) -> list[GameResult]:
    """The games as Ray tasks (extra ``[ray]``): the same results as local processes."""
    try:
        from .integrations.ray_backend import run_games_on_ray
    except ImportError:  # pragma: no cover - the module itself imports ray lazily
        raise CliError("--backend ray needs the [ray] extra") from None
    try:
        import ray  # noqa: F401
    except ImportError:
        raise CliError("--backend ray needs Ray: pip install 'carcassonne-amazonas[ray]'") \
            from None
    chunk = max(1, len(tasks) // (8 * (cpus or 2)))
    return run_games_on_ray(simulate_task, tasks, address=address, num_cpus=cpus,
                            chunk_size=chunk)


def cmd_simulate(args: argparse.Namespace) -> int:
    """``simulate``: many bot games and their statistics; returns the exit code."""
    players: int = args.players
    kinds = _bot_list(args.parser, args.bots, players, ["random"] * players,
                      BOT_KINDS[1:])
    jobs: int = args.jobs or (os.cpu_count() or 1)
    _rules_for(args.tileset)  # report a bad tile set once, before starting
    tasks: list[GameTask] = [(index, args.seed, tuple(kinds), args.tileset)
                             for index in range(args.games)]
    progress = Progress(args.games, sys.stderr)
    start = time.perf_counter()
    results: list[GameResult] = []
    try:
        if args.backend == "ray":
            results = _run_on_ray(tasks, jobs if args.jobs else None, args.ray_address)
            progress.update(len(results))
        else:
            for result in run_games(tasks, min(jobs, max(1, args.games))):
                results.append(result)
                progress.update(len(results))
    finally:
        progress.close()
    seconds = time.perf_counter() - start
    summary = summarise(results, kinds, args.seed, jobs, seconds, backend=args.backend)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
    else:
        print(summary_text(summary))
    return 0


@attrs.frozen
class _Step:
    before: GameState
    action: Action
    events: tuple[Event, ...]
    after: GameState


@attrs.frozen
class _Turn:
    number: int
    player: int
    steps: tuple[_Step, ...]

    @property
    def before(self) -> GameState:
        return self.steps[0].before

    @property
    def after(self) -> GameState:
        return self.steps[-1].after


def _turns(record: GameRecord) -> list[_Turn]:
    """The record's actions grouped into turns: tile placement through the piece step."""
    state = record.initial_state()
    turns: list[_Turn] = []
    steps: list[_Step] = []
    for action in record.actions:
        after, events = apply_action_with_events(state, action)
        steps.append(_Step(state, action, events, after))
        state = after
        if isinstance(action, TURN_END):
            turns.append(_Turn(len(turns) + 1, steps[0].before.current_player, tuple(steps)))
            steps = []
    if steps:  # an unfinished turn at the end of the record
        turns.append(_Turn(len(turns) + 1, steps[0].before.current_player, tuple(steps)))
    return turns


def _state_after_turn(record: GameRecord, turns: list[_Turn], turn: int | None) -> GameState:
    if turn is None:
        return turns[-1].after if turns else record.initial_state()
    if not 0 <= turn <= len(turns):
        raise CliError(f"--turn {turn}: the record has turns 0 to {len(turns)}")
    return record.initial_state() if turn == 0 else turns[turn - 1].after


def _record_heading(path: str, record: GameRecord, turns: list[_Turn]) -> str:
    if record.seed is not None:
        origin = f"seed {record.seed}"
    elif record.pile is not None:
        origin = "explicit draw order"
    elif record.draws == "explicit":
        origin = "draws recorded as actions"
    else:
        origin = "starting from a saved position"
    return (f"{path}: {record.num_players} players, tile set "
            f"{record.rules.tileset.name!r}, {origin}; {plural(len(record.actions), 'action')} "
            f"in {plural(len(turns), 'turn')}")


def cmd_replay(args: argparse.Namespace) -> int:
    """``replay``: a game record turn by turn, every point explained; returns the exit code."""
    record = _load_record(args.file, args.tileset)
    turns = _turns(record)
    final = _state_after_turn(record, turns, args.turn)
    print(_record_heading(args.file, record, turns))
    shown = turns if args.turn is None else turns[:args.turn]
    for turn in shown:
        tile = turn.before.tile_in_hand
        holds = f" with {tile_description(tile)}" if tile is not None else ""
        print(f"\nTurn {turn.number}: {colour(turn.player)}{holds}")
        for step in turn.steps:
            for line in _step_lines(step.before, step.action, step.events):
                print(line)
        scores = ", ".join(f"{colour(p)} {s}" for p, s in enumerate(turn.after.scores))
        print(f"  {'':<10} scores: {scores}")
    print()
    label = "at the end" if args.turn is None else f"after turn {args.turn}"
    print(f"The board {label}:")
    print(board_text(final, legend=False))
    print(players_text(final))
    if final.is_terminal:
        print()
        print(results_text(final))
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    """``render``: an SVG of a game record's board; returns the exit code."""
    record = _load_record(args.file, args.tileset)
    turns = _turns(record)
    state = _state_after_turn(record, turns, args.turn)
    svg = board_svg(state, cell_size=args.cell_size)
    _write_text(args.svg, svg, "SVG file")
    label = "at the end" if args.turn is None else f"after turn {args.turn}"
    print(f"{args.svg}: the board {label} ({plural(len(state.board), 'tile')}, "
          f"{sum(1 for _ in state.pieces())} pieces)")
    return 0


def tileset_summary(tileset: TileSet) -> list[str]:
    """A short description of a valid tile set: tiles by kind, icons, start sides."""
    lines = [f"tile set {tileset.name!r}: {tileset.title}",
             f"  checksum {tileset.checksum}"]
    parts = []
    for kind, label in ((TileKind.STANDARD, "standard"), (TileKind.AMAZON, "Amazon"),
                        (TileKind.DOUBLE, "double"), (TileKind.START, "start")):
        tiles = tileset.of_kind(kind)
        layouts = {t.layout.name for t in tiles}
        text = f"{len(tiles)} {label} ({plural(len(layouts), 'layout')}"
        if kind is TileKind.AMAZON:
            text += f", {sum(1 for t in tiles if t.layout.exclamation)} with \"!\""
        parts.append(text + ")")
    lines.append(f"  tiles: {len(tileset.tiles)} = " + ", ".join(parts))
    lines.append(f"  icons: {icons_text(tileset.icon_totals)}")
    for side in tileset.start_sides:
        mouth = "/".join(str(p) for p in side.mouth_points)
        lines.append(f"  {side.min_players}\u2013{side.max_players} players: "
                     f"{side.river_spaces} river spaces on the start tile, mouth {mouth}")
    return lines


def cmd_validate_tileset(args: argparse.Namespace) -> int:
    """``validate-tileset``: a tile-set file's summary or its problems; returns the exit code."""
    text = _read_text(args.file, "tile set")
    try:
        tileset = parse_tileset(text, args.file)
    except TileSetError as error:
        print(f"{args.file}: {plural(len(error.problems), 'problem')}:")
        for problem in error.problems:
            print(f"  - {problem}")
        raise CliError(f"{args.file}: not a valid tile set "
                       f"({plural(len(error.problems), 'problem')})") from None
    print(f"{args.file}: valid")
    for line in tileset_summary(tileset):
        print(line)
    return 0


def _int_in(low: int, high: int | None, what: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            bound = f"from {low} to {high}" if high is not None else f"at least {low}"
            raise argparse.ArgumentTypeError(f"{what} must be {bound}, not {value}")
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``carcassonne-amazonas`` and its commands."""
    from . import __version__

    parser = argparse.ArgumentParser(
        prog=PROG,
        description="Carcassonne \u2013 Amazonas in the terminal: play, simulate bot games, "
                    "replay and render game records, check tile-set files.",
        epilog=f"'{PROG} COMMAND --help' describes each command. Exit codes: 0 success, "
               "2 usage error, 1 other errors.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    players = _int_in(2, 5, "the number of players")
    kinds_help = ("comma-separated player kinds, one per player (or one for all): "
                  "{kinds}; greedy plays the best immediate score + boat gain, mcts searches "
                  "(mcts:N: N iterations per decision)")

    play = commands.add_parser(
        "play", help="play a game in the terminal (humans and/or bots)",
        description="A full game in the terminal. A human chooses from the numbered legal "
                    "actions or types one in notation (t-1,0,90, m0,1,2, c0,1,1, p, d82); "
                    "'help' at the prompt explains. End of input, 'quit' or Ctrl-C stop "
                    "the game (the record is saved with --save).")
    play.add_argument("--players", type=players, default=2, metavar="N",
                      help="2 to 5 players (default 2)")
    play.add_argument("--bots", metavar="LIST",
                      help=kinds_help.format(kinds="human, random, greedy, mcts")
                      + " (default: human, then greedy)")
    play.add_argument("--seed", type=_int_in(0, None, "the seed"), metavar="S",
                      help="shuffle and bot seed (default: a random one, printed)")
    play.add_argument("--save", metavar="FILE", help="save the game record (JSON) to FILE")
    play.add_argument("--tileset", metavar="FILE", help="play with a custom tile-set file")
    play.set_defaults(func=cmd_play, parser=play)

    sim = commands.add_parser(
        "simulate", help="run many bot games and print statistics",
        description="Run bot games (in parallel with --jobs) and print win rates, scores by "
                    "category (mean and standard deviation), game length and speed. Game i "
                    "is seeded from S and i only, so the results do not depend on --jobs. "
                    "A shared victory counts 1/k of a win for each of its k winners.")
    sim.add_argument("--games", type=_int_in(1, None, "the number of games"), default=100,
                     metavar="N", help="number of games (default 100)")
    sim.add_argument("--players", type=players, default=4, metavar="P",
                     help="2 to 5 players (default 4)")
    sim.add_argument("--bots", metavar="LIST",
                     help=kinds_help.format(kinds="random, greedy, mcts") + " (default random)")
    sim.add_argument("--seed", type=_int_in(0, None, "the seed"), default=0, metavar="S",
                     help="base seed (default 0)")
    sim.add_argument("--jobs", type=_int_in(0, None, "--jobs"), default=1, metavar="J",
                     help="worker processes (default 1; 0: one per CPU)")
    sim.add_argument("--backend", choices=("processes", "ray"), default="processes",
                     help="run games in local worker processes (default) or as Ray tasks "
                          "(extra [ray]; a local Ray instance with --jobs CPUs, or the "
                          "cluster at --ray-address)")
    sim.add_argument("--ray-address", metavar="ADDRESS",
                     help="with --backend ray: a running Ray cluster ('auto' or "
                          "'ray://host:10001'); default: start a local instance")
    sim.add_argument("--json", action="store_true",
                     help="print the statistics as one JSON object")
    sim.add_argument("--tileset", metavar="FILE", help="play with a custom tile-set file")
    sim.set_defaults(func=cmd_simulate, parser=sim)

    turn = _int_in(0, None, "the turn")
    rep = commands.add_parser(
        "replay", help="print a saved game turn by turn, explaining every score",
        description="Print a game record turn by turn (a turn: the tile placement through "
                    "the piece step), explaining every point, boat move and scoring, then "
                    "the board.")
    rep.add_argument("file", metavar="FILE", help="a game record (JSON)")
    rep.add_argument("--turn", type=turn, metavar="K",
                     help="stop after turn K and show the board then (0: the setup)")
    rep.add_argument("--tileset", metavar="FILE",
                     help="the tile-set file, for records made with a custom set")
    rep.set_defaults(func=cmd_replay, parser=rep)

    ren = commands.add_parser(
        "render", help="draw the board of a saved game as SVG",
        description="Write an SVG picture of a game record's board (river, tiles, icons, "
                    "pieces, boats) at the end or after turn K.")
    ren.add_argument("file", metavar="FILE", help="a game record (JSON)")
    ren.add_argument("--svg", metavar="OUT", required=True, help="the SVG file to write")
    ren.add_argument("--turn", type=turn, metavar="K", help="draw the board after turn K")
    ren.add_argument("--cell-size", type=_int_in(8, 1000, "the cell size"), default=64,
                     metavar="PX", help="pixels per cell (default 64)")
    ren.add_argument("--tileset", metavar="FILE",
                     help="the tile-set file, for records made with a custom set")
    ren.set_defaults(func=cmd_render, parser=ren)

    val = commands.add_parser(
        "validate-tileset", help="check a tile-set file and list every problem",
        description="Check a tile-set file (the format of carcassonne_amazonas.tilefile). "
                    "Valid: a short summary and exit code 0. Not valid: every problem with "
                    "its line, layout and port, and exit code 1.")
    val.add_argument("file", metavar="FILE", help="the tile-set file")
    val.set_defaults(func=cmd_validate_tileset, parser=val)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the tool with ``argv`` (default: the command line); returns the exit code."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        # Never fail on a terminal that cannot show a character (→, “, ★), nor on
        # input that is not valid text (it is then not understood, and asked again).
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except CliError as error:
        _error(str(error))
        return 1
    except KeyboardInterrupt:
        _error("interrupted")
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Python's docs advise.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except Exception as error:  # a last guard: one line, never a traceback
        if os.environ.get("CARCASSONNE_AMAZONAS_DEBUG"):
            raise
        _error(f"unexpected {type(error).__name__}: {_one_line(error)} "
               "(set CARCASSONNE_AMAZONAS_DEBUG=1 for the traceback)")
        return 1
