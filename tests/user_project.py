"""A user's own test suite, run in a subprocess: what the failure-report tests read.

``tests/testing/test_failure_reports.py`` and
``tests/testing/test_failure_reports_variants.py`` write a test file as a user of the
library would, run pytest on it with every warning an error, and check what pytest
prints for each failing property.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path


def failure_sections(folder: Path, source: str, failures: int) -> dict[str, str]:
    """Run the test file ``source`` (dedented) in ``folder`` with pytest, check that
    exactly ``failures`` tests fail, and return pytest's report section by test name
    (a unittest case, such as a state machine's ``test_machine.runTest``, by the name
    before the dot)."""
    (folder / "test_user.py").write_text(textwrap.dedent(source), encoding="utf-8")
    # Without schemathesis's pytest plugin, which the [test] extra installs: loaded, it
    # blanks Hypothesis's printed examples (docs/guides/testing.md says so to users).
    (folder / "pytest.ini").write_text(
        "[pytest]\naddopts = -p no:schemathesis\nfilterwarnings =\n    error\n",
        encoding="utf-8")
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("HYPOTHESIS_PROFILE", None)
    result = subprocess.run(
        [sys.executable, "-W", "error", "-m", "pytest", "-W", "error", "-p", "no:cacheprovider",
         "--tb=short", "-q", "test_user.py"],
        cwd=folder, env=env, capture_output=True, text=True, timeout=600, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 1, output
    assert f"{failures} failed" in output, output
    # The summary repeats every failure and belongs to no single test: without this cut
    # the last test's section would carry all of them (and outgrow any size limit).
    failures_part = re.split(r"^=+ short test summary info =+$", output, flags=re.MULTILINE)[0]
    sections = re.split(r"^_{3,} (\S+) _{3,}$", failures_part, flags=re.MULTILINE)
    return {name.split(".")[0]: text for name, text in zip(sections[1::2], sections[2::2])}
