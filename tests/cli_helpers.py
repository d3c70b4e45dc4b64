"""Helpers of the command-line tool's tests (``tests/test_cli*.py``).

Three ways to run the tool: :func:`run` starts ``python -m carcassonne_amazonas`` in a
subprocess (slow: a fresh interpreter each time; each command keeps at least one test
that runs it so), :func:`run_here` gives the same result from
:func:`~carcassonne_amazonas.cli.main` called in this process, and :func:`run_main`
does that with pytest's ``capsys``. :func:`assert_clean_error` and
:func:`error_of` check a refusal's one line on stderr. The fixtures built with these
(``record_file``, ``stopped_game``, ``stopped``) are in ``conftest.py``.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest

from carcassonne_amazonas import GameRecord
from carcassonne_amazonas.cli import main
from carcassonne_amazonas.tiles.reference import REFERENCE_FILE

#: The SVG namespace, as ElementTree spells the tags of a rendered picture.
SVG = "{http://www.w3.org/2000/svg}"
#: The reference tile set's file in the source tree.
REFERENCE_TILES = Path(__file__).resolve().parents[1] / "src" / "carcassonne_amazonas" / \
    "tiles" / "data" / REFERENCE_FILE
#: The environment of the tool's subprocesses: UTF-8 output, no debugging tracebacks, and
#: no terminal width (pytest-xdist's workers set COLUMNS=80, and ``replay`` would wrap to it).
ENV = {**os.environ, "PYTHONIOENCODING": "utf-8"}
ENV.pop("CARCASSONNE_AMAZONAS_DEBUG", None)
ENV.pop("COLUMNS", None)
# The tool writes in the locale's language: the tests read English unless they ask.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
for _variable in LOCALE_VARIABLES:
    ENV.pop(_variable, None)
#: A turn's heading in the output of ``play`` and ``replay``: its number and colour.
TURN_HEADING = re.compile(r"^Turn (\d+): (\w+)", re.MULTILINE)


def run(*args: str, stdin: str | None = None, timeout: float = 120,
        cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m carcassonne_amazonas ARGS`` with ``stdin`` (end of input after it),
    run in ``cwd`` (default: this process's folder)."""
    return subprocess.run([sys.executable, "-m", "carcassonne_amazonas", *args],
                          input=stdin if stdin is not None else "", capture_output=True,
                          encoding="utf-8", env=ENV, timeout=timeout, cwd=cwd)


def run_here(*args: str, stdin: str | None = None,
             cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """What :func:`run` gives (exit code, stdout, stderr), from ``main(args)`` called in
    this process, in ``cwd``, with ``stdin`` and without ``COLUMNS``, as the subprocess
    has it: for the tests of what a command does, not of its process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.ExitStack() as stack:
        stack.enter_context(mock.patch.object(sys, "stdin", io.StringIO(stdin or "")))
        stack.enter_context(mock.patch.dict(os.environ))
        os.environ.pop("COLUMNS", None)
        os.environ.pop("CARCASSONNE_AMAZONAS_DEBUG", None)
        for variable in LOCALE_VARIABLES:
            os.environ.pop(variable, None)
        if cwd is not None:  # contextlib.chdir is Python 3.11's
            stack.callback(os.chdir, os.getcwd())
            os.chdir(cwd)
        stack.enter_context(contextlib.redirect_stdout(out))
        stack.enter_context(contextlib.redirect_stderr(err))
        try:
            code = main(list(args))
        except SystemExit as exit_:  # argparse's usage errors
            code = exit_.code if isinstance(exit_.code, int) else 1
    return subprocess.CompletedProcess(["carcassonne-amazonas", *args], code,
                                       out.getvalue(), err.getvalue())


def assert_clean_error(result: subprocess.CompletedProcess[str], code: int) -> str:
    """The exit code, no traceback, and (for code 1) exactly one line on stderr."""
    assert result.returncode == code, (result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    if code == 1:
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, result.stderr
        assert lines[0].startswith("carcassonne-amazonas: error: ")
    return result.stderr


def run_main(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
             *args: str, stdin: str = "") -> tuple[int, str, str]:
    """``main(args)`` in this process with ``stdin``: the exit code, stdout and stderr."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def error_of(err: str) -> str:
    """The one error line's message."""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("carcassonne-amazonas: error: "), err
    return lines[0].removeprefix("carcassonne-amazonas: error: ")


def record_of(path: Path) -> GameRecord:
    """The record saved at ``path``."""
    return GameRecord.from_json(path.read_text(encoding="utf-8"))
