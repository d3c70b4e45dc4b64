"""How fast a failing property test fails: the time to find each planted bug and to shrink it.

Each case is a property of the kind a frontend or AI author writes about their own code,
with a bug planted in that code; Hypothesis runs it as a test would (``@given``, the
explain phase off, no example database) with a fixed seed per run, and the script prints
a Markdown table for the testing guide (``docs/guides/testing.md``)::

    python benchmarks/shrink.py              # 3 runs per case, medians
    python benchmarks/shrink.py --runs 1     # a quick check

"find" is the wall time until the test first fails, "shrink" the time from there until
Hypothesis reports; "report" is the first line of the shrunk example (a
``replay_game(...)`` call for states, the machine's first step for ``GameMachine``).
Targets: each ``@given`` bug found and shrunk in at most 10 s, the
phase-steered one included, the ``GameMachine`` one in at most 30 s.
"""

from __future__ import annotations

import argparse
import io
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
from carcassonne_amazonas.rules.events import AmazonScored, Event
from carcassonne_amazonas.testing import GameMachine, game_states, legal_actions_of, state_actions

_FAST = settings(database=None, deadline=None, max_examples=2000,
                 phases=set(HypothesisPhase) - {HypothesisPhase.explain})


# ---------------------------------------------------------------- the user code, bugs planted

_FAILED: list[float] = []  # when each planted bug showed, for the "find" column


def expect(condition: bool, message: str) -> None:
    """``assert condition, message``, noting when it first failed."""
    if not condition:
        _FAILED.append(time.perf_counter())
        raise AssertionError(message)


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
    """A hint for placing a double tile: empty once a player has scored 4 points."""
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


# ---------------------------------------------------------------- the properties

def _case_boat(run: int) -> Callable[[], None]:
    @given(game_states())
    def test(state: GameState) -> None:
        expect(boat_label(state).startswith("space"), "boat label")
    return _seeded(run, test)


def _case_meeples(run: int) -> Callable[[], None]:
    @given(game_states(num_players=2))
    def test(state: GameState) -> None:
        on_board = sum(4 - player.meeples_in_supply for player in state.players)
        expect(meeples_shown(state) == on_board, "meeples shown")
    return _seeded(run, test)


def _case_forecast(run: int) -> Callable[[], None]:
    @given(game_states(non_terminal=True), st.data())
    def test(state: GameState, data: st.DataObject) -> None:
        action = data.draw(legal_actions_of(state))
        expect(score_after(state, action) == sum(apply_action(state, action).scores),
               "forecast")
    return _seeded(run, test)


def _case_pair(run: int) -> Callable[[], None]:
    @given(state_actions())
    def test(pair: tuple[GameState, Action]) -> None:
        state, action = pair
        expect(score_after(state, action) == sum(apply_action(state, action).scores),
               "forecast")
    return _seeded(run, test)


def _case_double(run: int) -> Callable[[], None]:
    @given(game_states(phase=Phase.PLACE_DOUBLE))
    def test(state: GameState) -> None:
        expect(double_hint(state) != "", "double hint")
    return _seeded(run, test)


def _case_machine(run: int) -> Callable[[], None]:
    class Seeded(ScoreTracker):
        pass  # hypothesis.seed marks the class it decorates: a fresh one per run

    options = settings(_FAST, max_examples=500, stateful_step_count=30)
    seeded = hypothesis_seed(run)(Seeded)
    return lambda: run_state_machine_as_test(seeded, settings=options)


def _seeded(run: int, test: Callable[..., None]) -> Callable[[], None]:
    seeded: Callable[[], None] = hypothesis_seed(run)(_FAST(test))
    return seeded


CASES: dict[str, tuple[str, Callable[[int], Callable[[], None]]]] = {
    "boat label (`game_states()`)": ("@given", _case_boat),
    "meeple count (`game_states(num_players=2)`)": ("@given", _case_meeples),
    "score forecast (`game_states` + `legal_actions_of`)": ("@given", _case_forecast),
    "score forecast (`state_actions()`)": ("@given", _case_pair),
    "double-tile hint (`phase=PLACE_DOUBLE`)": ("phase-steered", _case_double),
    "score tracker (`GameMachine`)": ("GameMachine", _case_machine),
}


def measure(make: Callable[[int], Callable[[], None]], run: int) -> tuple[float, float, str]:
    """Seconds to the first failure and from there to the report, and the report's
    line with the ``replay_game(...)`` call."""
    test = make(run)
    _FAILED.clear()
    out = io.StringIO()
    start = time.perf_counter()
    try:
        with redirect_stdout(out):
            test()
    except AssertionError as error:
        notes = "\n".join(getattr(error, "__notes__", []))
    else:
        return float("nan"), float("nan"), "not found"
    end = time.perf_counter()
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
    parser.add_argument("--runs", type=int, default=3, help="seeded runs per case")
    args = parser.parse_args(argv)
    print("| Bug | Kind | Find (s) | Shrink (s) | Total (s) | Shrunk to |")
    print("|---|---|---:|---:|---:|---|")
    for name, (kind, make) in CASES.items():
        results = [measure(make, run) for run in range(args.runs)]
        find = statistics.median(r[0] for r in results)
        shrink = statistics.median(r[1] for r in results)
        total = statistics.median(r[0] + r[1] for r in results)
        print(f"| {name} | {kind} | {find:.2f} | {shrink:.2f} | {total:.2f} | "
              f"`{results[0][2]}` |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
