"""The code a strength figure measured (``benchmarks/fingerprint.py``): the fingerprint
ignores what does not change a game's decisions (comments, docstrings, blank lines, the
packages outside the bots' reach) and follows everything else; a saved result counts as
the current code's only with the current fingerprint of its options.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

PACKAGE = Path(__file__).parent.parent / "src" / "carcassonne_amazonas"


@pytest.fixture
def fingerprint(benchmark_script: Callable[[str], ModuleType]) -> ModuleType:
    return benchmark_script("fingerprint")


def test_comments_docstrings_and_blank_lines_do_not_count(fingerprint: ModuleType) -> None:
    code = 'def f(x):\n    return x + 1\n'
    noted = ('"""A module."""\n\n# a comment\ndef f(x):  # why\n    """Adds one."""\n\n'
             '    return x + \\\n        1\n')
    assert fingerprint.normalized_python(code) == fingerprint.normalized_python(noted)
    assert fingerprint.normalized_python(code) != fingerprint.normalized_python(
        code.replace("1", "2"))
    # A string that is a value, not a statement of its own, counts.
    assert fingerprint.normalized_python('x = "a"\n') != fingerprint.normalized_python(
        'x = "b"\n')


def test_an_f_string_is_one_token_on_every_python(fingerprint: ModuleType) -> None:
    text = 'x = f"a{b!r:>{w}} c" + f\'{d}\'\n'
    lines = fingerprint.normalized_python(text).splitlines()
    assert lines == ["x", "=", 'f"a{b!r:>{w}} c"', "+", "f'{d}'", "<newline>"]


def copy_package(target: Path) -> Path:
    """The parts of the package the fingerprint reads, and the web app's, in ``target``."""
    root = target / "carcassonne_amazonas"
    for part in ("ai", "rules", "tiles", "_support", "web"):
        shutil.copytree(PACKAGE / part, root / part,
                        ignore=shutil.ignore_patterns("__pycache__", "static"))
    shutil.copy(PACKAGE / "errors.py", root / "errors.py")
    return root


def test_the_source_fingerprint_follows_the_bots_code_only(
        fingerprint: ModuleType, tmp_path: Path) -> None:
    root = copy_package(tmp_path)
    first = fingerprint.source_fingerprint(root)
    assert first == fingerprint.source_fingerprint(PACKAGE)
    mcts = root / "ai" / "mcts.py"
    text = mcts.read_text(encoding="utf-8")
    mcts.write_text(text.replace('"""An information-set', '"""A reworded information-set')
                    + "\n# a comment at the end\n", encoding="utf-8")
    (root / "web" / "app.py").write_text("changed = True\n", encoding="utf-8")
    assert fingerprint.source_fingerprint(root) == first
    mcts.write_text(text.replace("_WIDENING = 2", "_WIDENING = 3"), encoding="utf-8")
    assert fingerprint.source_fingerprint(root) != first
    mcts.write_text(text, encoding="utf-8")
    tiles = root / "tiles" / "data" / "amazonas.tiles"
    tiles.write_text(tiles.read_text(encoding="utf-8") + "\n# one more line\n",
                     encoding="utf-8")
    assert fingerprint.source_fingerprint(root) != first


def test_a_saved_result_is_current_only_with_its_own_options(fingerprint: ModuleType) -> None:
    record = fingerprint.code_record(["mcts:100", "mcts:25"])
    assert set(record) == {"commit", "source", "fingerprint"}
    assert fingerprint.is_current(record, ["mcts:100", "mcts:25"])
    assert not fingerprint.is_current(record, ["mcts:100", "mcts:20"])
    assert not fingerprint.is_current(None, ["mcts:100", "mcts:25"])
    old = {"saved_with": "98d621a9a1e6", "source": "6886e298b4df3a58"}
    assert not fingerprint.is_current(old, ["mcts:100", "mcts:25"])
    note = fingerprint.left_out_note([old, old, None], "games")
    assert note.startswith("Left out 3 games measured on other code than the current")
    assert "- 2 on code not recorded when measured; saved with commit 98d621a9a1" in note
    assert "- 1 on code not recorded (saved before results named their code)" in note
    assert fingerprint.left_out_note([], "games") == ""
