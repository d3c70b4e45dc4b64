"""``serve``'s arguments, read as the other commands read theirs, and its command module,
which imports in a fresh interpreter before the ``cli`` package or after it. The web app
it serves has its own tests, ``test_web_*.py``."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest

from carcassonne_amazonas.cli import build_parser, main
from carcassonne_amazonas.cli._serve import own_hosts
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
                                                               "origin: write http://host"),
                          (["--max-games-per-client", "0"], "must be at least 1, not 0"),
                          (["--allowed-host", "https://a.example"], "is not a host name: "
                                                                    "write games.example.org"),
                          (["--allowed-host", "a.example:80"], "no scheme or port"),
                          (["--trusted-proxy", "proxy.example"], "'proxy.example' is not an "
                                                                 "IP address or network")):
        with pytest.raises(SystemExit) as exit_:
            main(["serve", *args])
        assert exit_.value.code == 2
        assert message in capsys.readouterr().err


def test_serve_options_default_to_a_server_safe_to_leave_running() -> None:
    args = build_parser().parse_args(["serve"])
    assert args.access_log is False and args.allow_origin == []
    assert args.expire_after == 7 * 24 * 3600 and args.create_limit == 20
    assert args.max_games_per_client == 20
    assert args.allowed_host == [] and args.trusted_proxy == []  # no forwarded header believed
    args = build_parser().parse_args(["serve", "--access-log", "--expire-after", "15m",
                                      "--allow-origin", "https://a.example:8443",
                                      "--allow-origin", "http://b.example"])
    assert args.access_log is True and args.expire_after == 900
    assert args.allow_origin == ["https://a.example:8443", "http://b.example"]
    args = build_parser().parse_args(["serve", "--allowed-host", "Games.Example.org.",
                                      "--allowed-host", "*.example.net",
                                      "--trusted-proxy", "10.0.0.0/8"])
    assert args.allowed_host == ["games.example.org", "*.example.net"]
    assert args.trusted_proxy == ["10.0.0.0/8"]


def test_a_server_answers_to_its_own_names() -> None:
    assert own_hosts("127.0.0.1") == ()
    assert own_hosts("localhost") == ("localhost",)
    computer = socket.gethostname().lower()
    assert own_hosts("0.0.0.0") == (computer, f"{computer.partition('.')[0]}.local")
    assert own_hosts("games.example.org")[0] == "games.example.org"


@pytest.mark.slow
def test_the_serve_command_module_imports_first_in_a_fresh_interpreter() -> None:
    # web.command uses cli.common: importing it before the cli package must work too.
    for first in ("carcassonne_amazonas.cli._serve", "carcassonne_amazonas.cli"):
        result = subprocess.run([sys.executable, "-c", f"import {first}; "
                                 "import carcassonne_amazonas.cli as c; c.build_parser()"],
                                capture_output=True, encoding="utf-8", env=ENV, timeout=60)
        assert result.returncode == 0, result.stderr


def test_the_help_explains_hosts_and_proxies(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--allowed-host NAME" in shown and "DNS rebinding" in shown
    assert "--trusted-proxy ADDRESS" in shown and "ignored (by default: from all)" in shown
    assert "--max-games-per-client N" in shown and "Retry-After" in shown
    assert "deployment notes" in shown
