"""The wheel carries the web app's page: ``web/static/*`` is package data; and the
compiled translation catalogs (``locale/*/LC_MESSAGES/*.mo``).

The wheel is built in-process with hatchling, the project's build backend (well under
a second, no network), and then:

- every file of ``src/carcassonne_amazonas/web/static`` is in it, and every asset the
  page names (``/static/...``) is among them;
- unpacked into a folder of its own (what installing a pure-Python wheel does), a
  fresh interpreter imports the package from there, not from the checkout, finds the
  page with :mod:`importlib.resources`, and the app serves the page and its assets.

``.ci/check-dist`` also installs the built wheel with the ``[web]`` extra into a fresh virtual
environment and starts ``carcassonne-amazonas serve`` from it (``.ci/check-web-wheel``).
"""

from __future__ import annotations

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web app needs the [web] extra")
wheel_builder = pytest.importorskip("hatchling.builders.wheel",
                                    reason="needs hatchling, the build backend ([test])")

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "src" / "carcassonne_amazonas" / "web" / "static"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("wheel")
    built = list(wheel_builder.WheelBuilder(str(ROOT)).build(directory=str(folder),
                                                              versions=["standard"]))
    assert len(built) == 1
    return Path(built[0])


def test_the_wheel_holds_every_file_of_the_page(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    static = sorted(path.name for path in STATIC.iterdir()
                    if path.is_file() and not path.name.startswith("."))
    assert {"index.html", "app.js", "app.css"} <= set(static)
    for name in static:
        assert f"carcassonne_amazonas/web/static/{name}" in names, name
    page = (STATIC / "index.html").read_text("utf-8")
    assets = re.findall(r'"/static/([^"]+)"', page)
    assert assets and all(f"carcassonne_amazonas/web/static/{a}" in names for a in assets)


def test_the_wheel_holds_the_compiled_catalogs(wheel: Path) -> None:
    """Every language's compiled catalogs (the .mo files the package reads with the
    standard library's gettext, so Babel is not needed at run time) are in the wheel,
    byte for byte."""
    locale = ROOT / "src" / "carcassonne_amazonas" / "locale"
    compiled = sorted(locale.glob("*/LC_MESSAGES/*.mo"))
    assert {path.stem for path in compiled} == {"carcassonne_amazonas", "page"}
    with zipfile.ZipFile(wheel) as archive:
        for path in compiled:
            name = f"carcassonne_amazonas/{path.relative_to(locale.parent).as_posix()}"
            assert archive.read(name) == path.read_bytes(), name


SERVE_FROM_THE_WHEEL = """
import pathlib, sys, tempfile
from importlib import resources
import carcassonne_amazonas
from carcassonne_amazonas.web.app import create_app
from starlette.testclient import TestClient
where = pathlib.Path(carcassonne_amazonas.__file__).resolve()
assert where.is_relative_to(pathlib.Path(sys.argv[1]).resolve()), where
page = resources.files("carcassonne_amazonas.web") / "static" / "index.html"
assert "/static/app.js" in page.read_text("utf-8")
with TestClient(create_app(pathlib.Path(tempfile.mkdtemp()) / "g.sqlite3")) as client:
    for path in ("/", "/static/app.js", "/static/app.css"):
        answer = client.get(path)
        assert answer.status_code == 200 and answer.text, path
print("served from", where.parent)
"""


def test_an_unpacked_wheel_serves_the_page(wheel: Path, tmp_path: Path) -> None:
    installed = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(installed)
    result = subprocess.run(
        [sys.executable, "-c", SERVE_FROM_THE_WHEEL, str(installed)],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
        env={"PYTHONPATH": str(installed), "PATH": "/usr/bin:/bin"})
    assert result.returncode == 0, result.stderr
    assert f"served from {installed.resolve()}" in result.stdout
