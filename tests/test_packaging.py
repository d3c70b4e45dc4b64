"""The package's metadata: the version is written once and its classifier matches it, the
licence file matches the declared licence, the classifiers name the Python versions CI
tests, and the extras split the tests from the tools.

Building the wheel and the sdist, ``twine check`` and installing the wheel into fresh
virtual environments outside the checkout, where the README tour, the examples and the
command-line tool run against it, are the release check of ``.ci/check-dist`` (run by
``.ci/run``).
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pyproject() -> dict[str, Any]:
    """The parsed ``pyproject.toml``."""
    if sys.version_info < (3, 11):
        pytest.skip("tomllib needs Python 3.11")
    tomllib = importlib.import_module("tomllib")  # mypy checks for 3.10, which lacks it
    with open(ROOT / "pyproject.toml", "rb") as handle:
        data: dict[str, Any] = tomllib.load(handle)
    return data


def test_the_version_is_written_once_and_the_status_matches_it() -> None:
    """``__version__`` is the one place: the wheel's metadata reads it (hatch's dynamic
    version), as do ``--version`` (tests/cli/test_cli.py), the web app and the docs."""
    from carcassonne_amazonas import __version__

    data = pyproject()
    project = data["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert data["tool"]["hatch"]["version"]["path"] == "src/carcassonne_amazonas/__init__.py"
    source = (ROOT / "src" / "carcassonne_amazonas" / "__init__.py").read_text(encoding="utf-8")
    assert re.findall(r'^__version__ = "(.*)"$', source, re.MULTILINE) == [__version__]
    match = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)(rc\d+)?", __version__)
    assert match, f"{__version__!r} is not a release version (1.2.3 or 1.2.3rc1)"
    status = [c for c in project["classifiers"] if c.startswith("Development Status ::")]
    if int(match.group(1)) >= 1 and not match.group(4):
        assert status == ["Development Status :: 5 - Production/Stable"]
    else:
        assert status and status != ["Development Status :: 5 - Production/Stable"]
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert f"\n## [{__version__}] - " in changelog, "CHANGELOG.md has no section for it"


def test_the_licence_file_matches_the_declared_licence() -> None:
    project = pyproject()["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Permission is hereby granted, free of charge" in text


def test_the_classifiers_name_the_python_versions_ci_tests() -> None:
    project = pyproject()["project"]
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    for version in ("3.10", "3.13"):  # the lowest and the highest, tested by .ci/run
        assert f"Programming Language :: Python :: {version}" in project["classifiers"]
        assert f"{version}." in run.split("for version in ")[1].split(";")[0], version
    assert project["requires-python"] == ">=3.10"
    assert "Environment :: Console" in project["classifiers"]
    # No project links until the project has a public home: none that lead nowhere.
    assert "urls" not in project


def test_the_test_extra_holds_the_tests_needs_and_dev_the_tools() -> None:
    extras = pyproject()["project"]["optional-dependencies"]
    names = {extra: {d.split(">")[0].split(";")[0].strip() for d in extras[extra]}
             for extra in ("test", "dev")}
    assert {"pytest", "pytest-xdist", "hypothesis", "playwright", "jsonschema"} <= names["test"]
    assert not {"mypy", "ruff", "build", "twine"} & names["test"]
    assert {"carcassonne-amazonas[test]", "mypy", "ruff"} <= names["dev"]


def test_the_release_check_runs_in_ci() -> None:
    """``.ci/check-dist`` installs the built wheel outside the checkout and runs what a
    user runs against it: ``--version``, the README tour, every example, the web app."""
    run = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    check = (ROOT / ".ci" / "check-dist").read_text(encoding="utf-8")
    assert "bash .ci/check-dist" in run
    for step in ("python -m build", "twine check", "amazonas.tiles", "py.typed",
                 "python -m venv", 'cd "$work"', "unset PYTHONPATH", '[web]" pytest',
                 "--version", "tests/test_readme.py::test_the_tour_runs_as_a_doctest",
                 "tests/test_examples.py", "examples/property_testing.py",
                 '[testing]" pytest', "simulate --games 5", ".ci/check-web-wheel"):
        assert step in check, step
    assert "serve --help" in (ROOT / ".ci" / "check-web-wheel").read_text(encoding="utf-8")
    dev = pyproject()["project"]["optional-dependencies"]["dev"]
    assert any(d.startswith("build") for d in dev) and any(d.startswith("twine") for d in dev)
