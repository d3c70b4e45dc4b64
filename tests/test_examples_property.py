"""examples/property_testing.py runs as users would run it: with pytest, on its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # runs the example's properties under pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "property_testing.py"


def test_property_testing_example_passes_under_pytest(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("HYPOTHESIS_PROFILE", None)
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir",
         str(tmp_path), str(EXAMPLE)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "5 passed" in result.stdout, result.stdout
