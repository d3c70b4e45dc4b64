"""``serve``'s arguments, read as the other commands read theirs, and its command module,
which imports in a fresh interpreter before the ``cli`` package or after it. The web app
it serves has its own tests, ``test_web_*.py``."""

from __future__ import annotations

import subprocess
import sys

import pytest

from carcassonne_amazonas.cli import build_parser, main
from cli_helpers import ENV


def test_serve_reads_its_numbers_as_the_other_commands_do(
        capsys: pytest.CaptureFixture[str]) -> None:
    for args, message in ((["--port", "70000"], "the port must be from 0 to 65535, not 70000"),
                          (["--port", "http"], "'http' is not a whole number"),
                          (["--max-open-games", "0"], "must be at least 1, not 0"),
                          (["--max-bot-budget", "-3"], "must be at least 1, not -3"),
                          (["--create-limit", "0"], "must be at least 1, not 0"),
                          (["--expire-after", "7"], "'7' is not a duration: write a whole "
                                                    "number and a unit, s, m, h or d"),
                          (["--expire-after", "0s"], "a duration must be longer than 0"),
                          (["--allow-origin", "evil.example"], "'evil.example' is not an "
                                                               "origin: write http://host")):
        with pytest.raises(SystemExit) as exit_:
            main(["serve", *args])
        assert exit_.value.code == 2
        assert message in capsys.readouterr().err


def test_serve_options_default_to_a_server_safe_to_leave_running() -> None:
    args = build_parser().parse_args(["serve"])
    assert args.access_log is False and args.allow_origin == []
    assert args.expire_after == 7 * 24 * 3600 and args.create_limit == 20
    args = build_parser().parse_args(["serve", "--access-log", "--expire-after", "15m",
                                      "--allow-origin", "https://a.example:8443",
                                      "--allow-origin", "http://b.example"])
    assert args.access_log is True and args.expire_after == 900
    assert args.allow_origin == ["https://a.example:8443", "http://b.example"]


@pytest.mark.slow
def test_the_serve_command_module_imports_first_in_a_fresh_interpreter() -> None:
    # web.command uses cli.common: importing it before the cli package must work too.
    for first in ("carcassonne_amazonas.cli._serve", "carcassonne_amazonas.cli"):
        result = subprocess.run([sys.executable, "-c", f"import {first}; "
                                 "import carcassonne_amazonas.cli as c; c.build_parser()"],
                                capture_output=True, encoding="utf-8", env=ENV, timeout=60)
        assert result.returncode == 0, result.stderr
