"""The repository owns its specification, and cites its rules in one form.

- every rule id cited in ``src/`` and ``tests/`` (and the docs, examples, benchmarks,
  README and changelog) is defined in ``docs/rules.md``;
- rule ids are written ``R-T5`` (``(R-T5)`` at the end of messages), never the old
  forms ``T5``, ``(T5)`` or ``RULES T5``;
- no file of the repository points to a file outside it (the rulebook
  digest or tile-set notes kept beside a checkout, absolute paths).

The checks live in ``tests/rule_ids.py``, which also runs alone
(``python tests/rule_ids.py``, with ``--fix`` to rewrite the old forms).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from carcassonne_amazonas import IllegalActionError, Pass, apply_action, new_game
from rule_ids import ROOT, converted, defined_ids, old_forms, problems, repository_files


def test_the_rules_reference_defines_every_rule_and_the_piece_step_choices() -> None:
    defined = defined_ids()
    families = {"C": 9, "G": 7, "F": 8, "T": 10, "M": 1, "A": 4, "E": 6}
    for family, count in families.items():
        for number in range(1, count + 1):
            assert f"{family}{number}" in defined
    assert {"T5a", "T5b", "T5c"} <= defined


def test_every_file_of_the_repository_is_checked() -> None:
    files = {str(path.relative_to(ROOT)) for path in repository_files()}
    for expected in ("src/carcassonne_amazonas/rules/engine.py",
                     "tests/rules/test_engine_setup.py", "docs/rules.md", "README.md",
                     "CHANGELOG.md", "examples/random_game.py", "benchmarks/bench.py",
                     "src/carcassonne_amazonas/tiles/data/amazonas.tiles"):
        assert expected in files


def test_no_old_forms_no_undefined_ids_and_nothing_outside_the_repository() -> None:
    found = problems()
    assert found == [], "\n".join(found[:40]) + (
        f"\n... and {len(found) - 40} more" if len(found) > 40 else "")


@pytest.mark.parametrize(("line", "expected"), [
    ("(T5)", "(R-T5)"),
    ("a meeple (RULES T5a, F6)", "a meeple (R-T5a, R-F6)"),
    ('"""A1–A3: ranks."""', '"""R-A1–R-A3: ranks."""'),
    ("(E2-E5)", "(R-E2–R-E5)"),
    ("G4/F2 and T10", "R-G4/R-F2 and R-T10"),
    ('f"(A1\\u2013A3)"', 'f"(R-A1\\u2013R-A3)"'),
    ("(R-T5) stays", "(R-T5) stays"),
    ("on a layout (F1).", "on a layout (R-F1)."),
    ("three *ports* (F2), numbered", "three *ports* (R-F2), numbered"),
    ("touches ``port`` (G4).", "touches ``port`` (R-G4)."),
])
def test_old_forms_are_rewritten(line: str, expected: str) -> None:
    assert converted(Path("x.py"), line) == expected


@pytest.mark.parametrize("line", [
    "the ports N1 N2 N3, E1 E2 E3, S1 S2 S3",   # port names
    "layout A1 amazon x7",                      # a layout name
    'tileset.layout_named("A2")',               # data in quotes
    "tile A4.1 and port E2@0,1, ports E1..E3",   # a tile, a cell's port, a range of ports
    'parse_action("T1,2,0")',                   # not an action either, but not a rule
    "test_start_tile_is_2_by_4_C5",             # part of a name
])
def test_tokens_that_are_not_rule_ids_are_left_alone(line: str) -> None:
    assert list(old_forms(Path("x.py"), line)) == []
    assert converted(Path("x.py"), line) == line


def test_tile_set_files_are_checked_only_in_their_comments() -> None:
    path = Path("set.tiles")
    assert list(old_forms(path, "  jungle w N1 W S3 E2")) == []
    assert converted(path, "start-side 2-3 river-spaces 16   # C5, C6") == \
        "start-side 2-3 river-spaces 16   # R-C5, R-C6"


def test_messages_name_players_by_colour_and_end_with_the_rule_id() -> None:
    with pytest.raises(IllegalActionError) as caught:
        apply_action(new_game(2, seed=1), Pass())
    assert str(caught.value).startswith("Pass is not legal in the 'place tile' phase; "
                                        "yellow must play PlaceTile")
    with pytest.raises(ValueError, match=r"for 2 to 5 players, not 6 \(R-C1\)$"):
        new_game(6)


def test_no_file_cites_an_issue_number() -> None:
    """An issue tracker is outside the repository: its numbers mean nothing to a reader."""
    cited = re.compile(r"\bissues? #\d+|\bPR #\d+", re.IGNORECASE)
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in repository_files()
             for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if cited.search(line)]
    assert found == []
