"""The forged-snapshot corpus: real snapshots, and small JSON edits that make each one a
game the rules cannot reach.

``tests/data/forged_snapshots.json`` holds a few real snapshots (``bases``) and, for
every consistency check of the snapshot loader, a case: which base, the edit (a JSON
Patch, RFC 6902, of ``replace``, ``add`` and ``remove`` operations), the rule it breaks
and the exact message of the :class:`~carcassonne_amazonas.RecordError` that loading
it raises.  ``test_forged_snapshots.py`` replays them from the data alone.

The bases are found in ``forged_bases.py`` and the edits written as functions of
the base in ``forged_edits.py``; after a deliberate change of the
snapshot layout or of a message, regenerate the file and review the diff::

    python tests/forged_corpus.py          # rewrite tests/data/forged_snapshots.json
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import forged_edits as edit
from carcassonne_amazonas import GameState, RecordError, state_from_json, state_to_json
from forged_bases import Patch, apply_patch, bases

DATA_FILE = Path(__file__).parent / "data" / "forged_snapshots.json"


# ---------------------------------------------------------------------------- cases

class Case(NamedTuple):
    name: str
    check: str
    base: str
    edit: Callable[[dict[str, Any], GameState], Patch]
    rule: str



CASES: tuple[Case, ...] = (
    Case("a tile that touches no other", "open cells from the placed tiles", "piece step",
         edit.standard_far_from, "R-G2"),
    Case("a standard tile below the river end", "river end from the placed tiles", "piece step",
         edit.standard_downstream, "R-G2"),
    Case("an edge that does not match", "features from the placed tiles", "piece step",
         edit.mismatched_edge, "R-G4"),
    Case("an Amazon tile off the river", "river end from the placed tiles", "piece step",
         edit.amazon_off_the_river, "R-G6"),
    Case("a track one space too long", "track length from the placed tiles", "piece step",
         edit.track, "R-T9"),
    Case("a meeple too many", "supplies", "piece step", edit.extra_meeple, "R-C2"),
    Case("a meeple left on a completed feature", "no meeple on a completed tributary or village",
         "piece step", edit.meeple_on_completed, "R-T7"),
    Case("a piece of a player whose turn it was not", "pieces against the turns", "piece step",
         edit.piece_of_another_player, "R-T5"),
    Case("a piece before the piece step", "the tile that may take a piece", "piece step",
         edit.piece_before_its_step, "R-T5"),
    Case("a piece on a feature that held one", "pieces against the turns", "piece step",
         edit.piece_on_occupied, "R-T5"),
    Case("a piece on the Amazon", "pieces", "piece step", edit.piece_on_the_amazon, "R-F6"),
    Case("the next player's turn", "the current player against the turns played", "piece step",
         edit.next_player, "R-C8"),
    Case("a piece step on an older tile", "the tile that may take a piece", "piece step",
         edit.piece_step_on_an_older_tile, "R-T5"),
    Case("a phase that needs a tile in hand", "the phase against the tile in hand",
         "choose double", edit.hand_in_a_draw, "R-T3"),
    Case("an Amazon scoring forgotten", "the pending Amazon scorings", "after an Amazon tile",
         edit.amazon_pending_dropped, "R-T8"),
    Case("Amazon scorings out of order", "the pending Amazon scorings", "after a double",
         edit.pending_reversed, "R-T8"),
    Case("an Amazon scoring twice", "the pending Amazon scorings", "after an Amazon tile",
         edit.pending_twice, "R-T8"),
    Case("more Amazon scorings than a turn has", "the pending Amazon scorings",
         "after a double", edit.pending_twice, "R-T8"),
    Case("an Amazon scoring of an earlier turn", "the pending Amazon scorings", "piece step",
         edit.pending_of_an_earlier_turn, "R-T8"),
    Case("a double chosen after a standard tile", "a double only after a \"!\" tile",
         "piece step", edit.double_without_bang, "R-T3"),
    Case("a \"!\" tile without its double", "a double only after a \"!\" tile, while any is left",
         "choose double", edit.bang_without_double, "R-T3"),
    Case("a double tile before its \"!\" tile", "double tiles on the board only after \"!\" tiles",
         "after a double", edit.double_before_bang, "R-T3"),
    Case("a tile counted twice", "the tiles", "piece step", edit.duplicate_tile, "R-C3"),
    Case("a double tile lost", "the tiles", "piece step", edit.missing_double, "R-C4"),
    Case("a draw not counted", "the pile's counts", "piece step", edit.pile_counter, "R-C7"),
    Case("an Amazon draw not counted", "the pile's counts", "chance node", edit.amazon_counter,
         "R-C7"),
    Case("draws that break the slice quotas", "the stratified-slice quotas", "chance node",
         edit.other_slices, "R-C7"),
    Case("a seeded order that breaks the slice quotas", "the stratified-slice quotas",
         "piece step", edit.amazon_tiles_last, "R-C7"),
    Case("an explicit pile out of order", "the pile's order", "chance node",
         edit.explicit_out_of_order, "R-C7"),
    Case("a removed tile that fits", "removed tiles that would fit", "chance node",
         edit.removed_that_fits, "R-G7"),
    Case("river points during play", "camp and river points only after the end", "piece step",
         edit.points(1, "river", 6), "R-E5"),
    Case("camp points during play", "camp and river points only after the end", "chance node",
         edit.points(0, "camps", 3), "R-E4"),
    Case("a final scoring the board does not give", "the final scoring", "game over",
         edit.final_camps, "R-E4"),
    Case("river points the final scoring did not give", "the final scoring", "game over",
         edit.breakdown_off_final, "R-E5"),
    Case("a score that is not its breakdown's sum", "scores against categories", "piece step",
         edit.score_off_breakdown, "R-T7"),
    Case("over with tiles left", "finished exactly when the pile is empty and the turn done",
         "chance node", edit.over_with_tiles_left, "R-E1"),
    Case("not over with an empty pile",
         "finished exactly when the pile is empty and the turn done", "game over",
         edit.not_over_with_empty_pile, "R-E1"),
    Case("a tile in hand that fits nowhere", "a legal action in every state not over",
         "no room", edit.hand_that_fits_nowhere, "R-G7"),
    Case("completed-feature points before any feature was completed", "score bounds", "early",
         edit.points(0, "tributaries", 3), "R-T7"),
    Case("Amazon points before any Amazon tile", "score bounds", "early",
         edit.points(1, "amazon", 2), "R-A2"),
    Case("village points no completed village pays", "score bounds", "piece step",
         edit.village_point_nobody_paid, "R-T7"),
    Case("first places of Amazon scorings unpaid", "score bounds", "piece step",
         edit.leader_without_amazon_points, "R-A2"),
    Case("a boat further than the game can have moved it", "boats against what the game paid",
         "early", edit.boat_too_far, "R-T4"),
)


# ---------------------------------------------------------------------------- writing

def build() -> dict[str, Any]:
    states = bases()
    snapshots = {name: json.loads(state_to_json(state)) for name, state in states.items()}
    cases = []
    for case in CASES:
        base = snapshots[case.base]
        patch = case.edit(base, states[case.base])
        try:
            state_from_json(json.dumps(apply_patch(base, patch)))
        except RecordError as error:
            message = str(error)
        else:
            raise AssertionError(f"{case.name}: the forged snapshot loads")
        if f"{case.rule}" not in message:
            raise AssertionError(f"{case.name}: {message!r} does not cite {case.rule}")
        cases.append({"name": case.name, "check": case.check, "base": case.base,
                      "patch": patch, "rule": case.rule, "message": message})
    return {"about": "Forged snapshots: real snapshots (bases) and JSON Patch edits that make "
                     "each a game the rules cannot reach, with the message the loader gives. "
                     "Made by tests/forged_corpus.py.",
            "bases": snapshots, "cases": cases}


def main() -> None:
    corpus = build()
    DATA_FILE.write_text(json.dumps(corpus, ensure_ascii=False, indent=1) + "\n",
                         encoding="utf-8")
    for case in corpus["cases"]:
        print(f"{case['name']}:\n    {case['message']}")
    print(f"wrote {len(corpus['cases'])} cases to {DATA_FILE}", file=sys.stderr)


if __name__ == "__main__":
    main()
