"""How fast a failing property test fails: the CPU time to find each planted bug and to shrink it.

Each case is a property of the kind a frontend or AI author writes about their own code,
with a bug planted in that code; Hypothesis runs it as a test would (``@given``, no
example database, no deadline) with a fixed seed per run, under its default settings
(the explain phase on, as users run it) and with the explain phase off, and the script
prints a Markdown table for the testing guide (``docs/guides/testing.md``)::

    nice -n 19 python benchmarks/shrink.py                 # seeds 1 2 3, explain on and off
    python benchmarks/shrink.py --seeds 1 --explain on     # a quick check
    python benchmarks/shrink.py --case P8                  # the cases whose name has P8

"find" is the process CPU time until the test first fails, "shrink" the time from there
until Hypothesis reports (the explain phase included); "Shrunk to" is the first line of
each seed's shrunk example (a ``replay_game(...)`` call for states, the machine's first
step for ``GameMachine``).  The cases P1, P2b and P8 are issue 39's: with the explain
phase on, each bug is found and shrunk within 10 s, 10 s and 20 s of CPU under seeds
1-3; the save-and-load bug shrinks to the same fewest-turn game under every seed.
"""

from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import time
from collections.abc import Callable
from contextlib import redirect_stdout

from hypothesis import Phase as HypothesisPhase
from hypothesis import given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test

from carcassonne_amazonas import Action, GameState, Phase, PieceKind, apply_action
from carcassonne_amazonas.errors import RecordError
from carcassonne_amazonas.formats.snapshot import state_from_json, state_to_json
from carcassonne_amazonas.rules.events import AmazonScored, Event
from carcassonne_amazonas.testing import GameMachine, game_states, legal_actions_of, state_actions

#: The settings of every run: Hypothesis's defaults but no example database (each run
#: starts afresh), no deadline (a loaded machine) and the ``max_examples`` a bug needs;
#: ``--explain off`` also drops the explain phase.
_EXPLAIN_ON = settings(database=None, deadline=None, max_examples=2000)
_EXPLAIN_OFF = settings(_EXPLAIN_ON, phases=set(HypothesisPhase) - {HypothesisPhase.explain})


# ---------------------------------------------------------------- the user code, bugs planted

_FAILED: list[float] = []  # when each planted bug showed, for the "find" column


def expect(condition: bool, message: str) -> None:
    """``assert condition, message``, noting when it first failed."""
    if not condition:
        _FAILED.append(time.process_time())
        raise AssertionError(message)


def score_line(state: GameState) -> str:
    """B1, a frontend's score display: one digit per score, wrong from 10 points on."""
    return " / ".join(str(score)[-1] for score in state.scores)


def save(state: GameState) -> str:
    """B5, a saver that tidies the snapshot: it resets the camps in supply, so a
    game with a camp on the board loads wrong (or not at all)."""
    doc = json.loads(state_to_json(state))
    for player in doc["players"]:
        player["camps"] = 2
    return json.dumps(doc)


def boat_label(state: GameState) -> str:
    """A frontend's boat label: wrong once a boat passes space 7."""
    furthest = max(player.boat for player in state.players)
    return "far ahead" if furthest > 7 else f"space {furthest}"


def meeples_shown(state: GameState) -> int:
    """A frontend's count of meeples on the board: forgets the second player's."""
    return sum(1 for piece in state.pieces()
               if piece.kind is PieceKind.MEEPLE and piece.player != 1)


def score_after(state: GameState, action: Action) -> int:
    """A bot's forecast of the total score after an action: wrong from 6 points on."""
    total = sum(apply_action(state, action).scores)
    return total if total < 6 else 0


def double_hint(state: GameState) -> str:
    """B4, a hint for placing a double tile: empty once a player has scored 4 points."""
    return "" if max(state.scores) >= 4 else "place the double tile"


def scored(event: Event, num_players: int) -> list[int]:
    """A score tracker's points per player of an event: forgets the last player's
    Amazon points."""
    points = list(getattr(event, "points", ()) or [0] * num_players)
    if isinstance(event, AmazonScored):
        points[-1] = 0
    return points


class ScoreTracker(GameMachine):
    """A score tracker that adds up the points of the events (bug in :func:`scored`)."""

    num_players = 3

    def on_start(self, state: GameState) -> None:
        self.tracked = list(state.scores)

    def on_action(self, before: GameState, action: Action, after: GameState,
                  events: tuple[Event, ...]) -> None:
        for event in events:
            for player, points in enumerate(scored(event, after.num_players)):
                self.tracked[player] += points
        expect(tuple(self.tracked) == after.scores, "tracked scores differ")


class ScoreDisplay(GameMachine):
    """P8: a frontend's score display checked after every action (bug B1 in
    :func:`score_line`)."""

    num_players = 3

    def on_action(self, before: GameState, action: Action, after: GameState,
                  events: tuple[Event, ...]) -> None:
        expect(score_line(after) == " / ".join(map(str, after.scores)), "score display")


# ---------------------------------------------------------------- the properties

def _case_display(run: int, options: settings) -> Callable[[], None]:
    @given(game_states())
    def test(state: GameState) -> None:
        expect(score_line(state) == " / ".join(map(str, state.scores)), "score display")
    return _seeded(run, options, test)


def _case_save(run: int, options: settings) -> Callable[[], None]:
    @given(game_states())
    def test(state: GameState) -> None:
        try:
            loaded = state_from_json(save(state))
        except RecordError:
            loaded = None
        expect(loaded == state, "save and load")
    return _seeded(run, options, test)


def _case_display_machine(run: int, options: settings) -> Callable[[], None]:
    class Seeded(ScoreDisplay):
        pass  # hypothesis.seed marks the class it decorates: a fresh one per run

    machine = settings(options, max_examples=500, stateful_step_count=30)
    seeded = hypothesis_seed(run)(Seeded)
    return lambda: run_state_machine_as_test(seeded, settings=machine)


def _case_boat(run: int, options: settings) -> Callable[[], None]:
    @given(game_states())
    def test(state: GameState) -> None:
        expect(boat_label(state).startswith("space"), "boat label")
    return _seeded(run, options, test)


def _case_meeples(run: int, options: settings) -> Callable[[], None]:
    @given(game_states(num_players=2))
    def test(state: GameState) -> None:
        on_board = sum(4 - player.meeples_in_supply for player in state.players)
        expect(meeples_shown(state) == on_board, "meeples shown")
    return _seeded(run, options, test)


def _case_forecast(run: int, options: settings) -> Callable[[], None]:
    @given(game_states(non_terminal=True), st.data())
    def test(state: GameState, data: st.DataObject) -> None:
        action = data.draw(legal_actions_of(state))
        expect(score_after(state, action) == sum(apply_action(state, action).scores),
               "forecast")
    return _seeded(run, options, test)


def _case_pair(run: int, options: settings) -> Callable[[], None]:
    @given(state_actions())
    def test(pair: tuple[GameState, Action]) -> None:
        state, action = pair
        expect(score_after(state, action) == sum(apply_action(state, action).scores),
               "forecast")
    return _seeded(run, options, test)


def _case_double(run: int, options: settings) -> Callable[[], None]:
    @given(game_states(phase=Phase.PLACE_DOUBLE))
    def test(state: GameState) -> None:
        expect(double_hint(state) != "", "double hint")
    return _seeded(run, options, test)


def _case_machine(run: int, options: settings) -> Callable[[], None]:
    class Seeded(ScoreTracker):
        pass  # hypothesis.seed marks the class it decorates: a fresh one per run

    machine = settings(options, max_examples=500, stateful_step_count=30)
    seeded = hypothesis_seed(run)(Seeded)
    return lambda: run_state_machine_as_test(seeded, settings=machine)


def _seeded(run: int, options: settings, test: Callable[..., None]) -> Callable[[], None]:
    seeded: Callable[[], None] = hypothesis_seed(run)(options(test))
    return seeded


_Case = Callable[[int, settings], Callable[[], None]]
CASES: dict[str, tuple[str, _Case]] = {
    "P1 score display, B1 (`game_states()`)": ("@given", _case_display),
    "P2b double-tile hint, B4 (`phase=PLACE_DOUBLE`)": ("phase-steered", _case_double),
    "P8 score display, B1 (`GameMachine`)": ("GameMachine", _case_display_machine),
    "save and load, B5 (`game_states()`)": ("@given", _case_save),
    "boat label (`game_states()`)": ("@given", _case_boat),
    "meeple count (`game_states(num_players=2)`)": ("@given", _case_meeples),
    "score forecast (`game_states` + `legal_actions_of`)": ("@given", _case_forecast),
    "score forecast (`state_actions()`)": ("@given", _case_pair),
    "score tracker (`GameMachine`)": ("GameMachine", _case_machine),
}


def measure(make: _Case, run: int, options: settings) -> tuple[float, float, str]:
    """CPU seconds to the first failure and from there to the report, and the report's
    line with the ``replay_game(...)`` call."""
    test = make(run, options)
    _FAILED.clear()
    out = io.StringIO()
    start = time.process_time()
    try:
        with redirect_stdout(out):
            test()
    except AssertionError as error:
        notes = "\n".join(getattr(error, "__notes__", []))
    else:
        return float("nan"), float("nan"), "not found"
    end = time.process_time()
    first = _FAILED[0] if _FAILED else end
    return first - start, end - first, _example_line(notes + "\n" + out.getvalue())


def _example_line(text: str) -> str:
    """How the report starts its example: the ``replay_game(...)`` call's player count
    and number of actions, and for a machine its number of steps."""
    for line in text.splitlines():
        if "replay_game(" in line:
            call = line[line.index("replay_game("):]
            actions = call.split("'")[1].split() if "'" in call else []
            steps = sum(1 for each in text.splitlines() if each.startswith("state."))
            shown = f"replay_game({call[12]}, <{len(actions)} actions>, ...)"
            return shown + (f", then {steps - 1} steps" if steps else "")
    return "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3],
                        help="the Hypothesis seeds, one run each (default 1 2 3)")
    parser.add_argument("--explain", choices=("on", "off", "both"), default="both",
                        help="run with the explain phase on (the default settings), off "
                             "or both (default)")
    parser.add_argument("--case", default="", help="only the cases whose name contains this")
    args = parser.parse_args(argv)
    modes = {"on": (True,), "off": (False,), "both": (True, False)}[args.explain]
    print("| Bug | Kind | Explain | Find (s) | Shrink (s) | Total (s) | per seed (s) "
          "| Shrunk to |")
    print("|---|---|---|---:|---:|---:|---|---|")
    for name, (kind, make) in CASES.items():
        if args.case not in name:
            continue
        for explain in modes:
            options = _EXPLAIN_ON if explain else _EXPLAIN_OFF
            results = [measure(make, seed, options) for seed in args.seeds]
            find = statistics.median(r[0] for r in results)
            shrink = statistics.median(r[1] for r in results)
            total = statistics.median(r[0] + r[1] for r in results)
            each = " / ".join(f"{r[0] + r[1]:.1f}" for r in results)
            shrunk = "; ".join(sorted({f"`{r[2]}`" for r in results}))
            print(f"| {name} | {kind} | {'on' if explain else 'off'} | {find:.2f} | "
                  f"{shrink:.2f} | {total:.2f} | {each} | {shrunk} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
