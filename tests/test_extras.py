"""Each optional part of the package names the extra that installs what it needs.

Importing the testing tools without Hypothesis, or an AI framework adapter without its
framework, raises an ``ImportError`` whose message is the ``pip install`` command to run, in the
form that works from a checkout (the package is on no index) and the form that works
beside an installed copy.
Each case runs in a fresh interpreter in which the dependency is made unimportable, so
the test means the same whether or not the extras are installed here.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from carcassonne_amazonas._support.extras import EXTRAS, install_hint

ROOT = Path(__file__).resolve().parent.parent

# A module of each extra, and a dependency to hide from it.
CASES = [
    ("carcassonne_amazonas.testing", "hypothesis", "testing"),
    ("carcassonne_amazonas.integrations.openspiel", "numpy", "openspiel"),
    ("carcassonne_amazonas.integrations.openspiel", "pyspiel", "openspiel"),
    ("carcassonne_amazonas.integrations.selfplay", "numpy", "openspiel"),
    ("carcassonne_amazonas.integrations.pettingzoo", "gymnasium", "pettingzoo"),
    ("carcassonne_amazonas.integrations.pettingzoo", "pettingzoo", "pettingzoo"),
    ("carcassonne_amazonas.integrations.ray_backend", "ray", "ray"),
]


def import_without(module: str, hidden: str) -> str:
    """The ImportError message of importing ``module`` when ``hidden`` cannot be imported."""
    code = textwrap.dedent(f"""
        import sys
        sys.modules[{hidden!r}] = None  # "import {hidden}" now raises ImportError
        try:
            import {module}
        except ImportError as error:
            print(error.name)
            print(error)
        else:
            print("imported")
    """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120, check=True)
    return result.stdout


@pytest.mark.parametrize(("module", "hidden", "extra"), CASES, ids=lambda v: str(v))
def test_a_missing_dependency_names_the_extra(module: str, hidden: str, extra: str) -> None:
    output = import_without(module, hidden)
    name, message = output.splitlines()[:2]
    # The hidden module, or another dependency of the extra that is not installed here.
    assert name == hidden or importlib.util.find_spec(name) is None, name
    assert message.startswith(f"{module} needs {name}, which is not installed")
    assert message.endswith(install_hint(extra))
    assert f"python -m pip install '.[{extra}]' in a checkout" in message


def test_the_core_needs_no_extra() -> None:
    assert import_without("carcassonne_amazonas", "hypothesis") == "imported\n"
    assert import_without("carcassonne_amazonas.integrations", "numpy") == "imported\n"


def test_every_extra_named_exists_and_testing_installs_only_hypothesis() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    assert set(EXTRAS) <= set(extras)
    assert [requirement.split(">")[0] for requirement in extras["testing"]] == ["hypothesis"]
    named = {extra for _, _, extra in CASES}
    assert named == set(EXTRAS)
    for module, _, extra in CASES:
        assert module in EXTRAS[extra]


def test_the_hint_installs_from_a_checkout_first() -> None:
    """The package is on no index: ``pip install 'carcassonne-amazonas[web]'`` alone fails
    in a fresh environment, so every hint starts with the checkout's command."""
    assert install_hint("web") == (
        "python -m pip install '.[web]' in a checkout of the project, or "
        "python -m pip install 'carcassonne-amazonas[web]' where it is installed")


def test_simulate_on_ray_without_the_extra_says_what_to_install() -> None:
    code = textwrap.dedent("""
        import runpy, sys
        sys.modules["ray"] = None
        sys.argv = ["carcassonne-amazonas", "simulate", "--games", "1", "--backend", "ray"]
        runpy.run_module("carcassonne_amazonas", run_name="__main__")
    """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 1
    assert install_hint("ray") in result.stderr


def test_simulate_dataset_without_numpy_says_what_to_install(tmp_path: Path) -> None:
    code = textwrap.dedent(f"""
        import runpy, sys
        sys.modules["numpy"] = None
        sys.argv = ["carcassonne-amazonas", "simulate", "--games", "1", "--players", "2",
                    "--dataset", {str(tmp_path / "games.npz")!r}]
        runpy.run_module("carcassonne_amazonas", run_name="__main__")
    """)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=120, check=False)
    assert result.returncode == 1
    assert "--dataset: carcassonne_amazonas.integrations.selfplay needs numpy" in result.stderr
    assert install_hint("openspiel") in result.stderr
    assert not (tmp_path / "games.npz").exists()
