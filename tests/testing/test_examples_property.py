"""examples/property_testing.py runs as users would run it: with pytest, on its own,
its ``GameMachine`` subclass included."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # runs the example's properties under pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "property_testing.py"


def test_property_testing_example_passes_under_pytest(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("HYPOTHESIS_PROFILE", None)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "--rootdir",
         str(tmp_path), str(EXAMPLE)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    tree = ast.parse(EXAMPLE.read_text(encoding="utf-8"))
    tests = [node.name for node in tree.body
             if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")]
    assert len(tests) >= 8
    for name in [*tests, "TestScoreBoard::runTest"]:
        assert f"::{name} PASSED" in result.stdout, (name, result.stdout)
    assert f"{len(tests) + 1} passed" in result.stdout, result.stdout
