"""``serve``'s arguments, read as the other commands read theirs, and its command module,
which imports in a fresh interpreter before the ``cli`` package or after it. The web app
it serves has its own tests, ``test_web_*.py``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from carcassonne_amazonas.cli import main
from cli_helpers import ENV


def test_serve_reads_its_numbers_as_the_other_commands_do(
        capsys: pytest.CaptureFixture[str]) -> None:
    for args, message in ((["--port", "70000"], "the port must be from 0 to 65535, not 70000"),
                          (["--port", "http"], "'http' is not a whole number"),
                          (["--max-open-games", "0"], "must be at least 1, not 0"),
                          (["--max-bot-budget", "-3"], "must be at least 1, not -3")):
        with pytest.raises(SystemExit) as exit_:
            main(["serve", *args])
        assert exit_.value.code == 2
        assert message in capsys.readouterr().err


@pytest.mark.slow
def test_the_serve_command_module_imports_first_in_a_fresh_interpreter() -> None:
    # web.command uses cli.common: importing it before the cli package must work too.
    for first in ("carcassonne_amazonas.cli._serve", "carcassonne_amazonas.cli"):
        result = subprocess.run([sys.executable, "-c", f"import {first}; "
                                 "import carcassonne_amazonas.cli as c; c.build_parser()"],
                                capture_output=True, encoding="utf-8", env=ENV, timeout=60)
        assert result.returncode == 0, result.stderr
