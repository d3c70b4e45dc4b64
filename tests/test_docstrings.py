"""Every module of the package, and every public class, function, method and property
defined in it, has a docstring (the API reference of ``docs/`` is built from them).

A module's public names are those in its ``__all__`` and every other name not starting
with ``_``; of the latter, only objects *defined* in that module count (not names it
imports), while everything in ``__all__`` counts (the package re-exports its API).  Modules of
``integrations`` whose framework (pyspiel, pettingzoo, ray, numpy ...) is not installed
are skipped.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest

import carcassonne_amazonas

# Modules that import an optional dependency (an extra) at import time.
OPTIONAL = ("carcassonne_amazonas.integrations.", "carcassonne_amazonas.testing",
            "carcassonne_amazonas.web.", "carcassonne_amazonas.testing._strategies",
            "carcassonne_amazonas.testing._record_strategies")


def module_names() -> list[str]:
    """The package and every module under it, sorted."""
    names = [carcassonne_amazonas.__name__]
    names += [info.name for info in pkgutil.walk_packages(carcassonne_amazonas.__path__,
                                                          carcassonne_amazonas.__name__ + ".")]
    return sorted(names)


def import_module(name: str) -> ModuleType:
    """The module, or a skip when it needs a framework that is not installed."""
    try:
        return importlib.import_module(name)
    except ImportError as error:
        if name.startswith(OPTIONAL):
            pytest.skip(f"{name} needs {error.name or error}, which is not installed")
        raise


def public_names(module: ModuleType) -> list[str]:
    """The names in ``__all__`` and every other name that does not start with ``_``."""
    names = list(getattr(module, "__all__", ()))
    return names + [name for name in vars(module) if not name.startswith("_")
                    and name not in names]


def module_all(module: ModuleType) -> tuple[str, ...]:
    """The module's ``__all__`` (empty without one)."""
    return tuple(getattr(module, "__all__", ()))


def has_doc(obj: object) -> bool:
    """Whether ``obj`` has a non-empty docstring of its own."""
    return bool((getattr(obj, "__doc__", None) or "").strip())


def undocumented_members(cls: type, where: str) -> list[str]:
    """Public methods and properties defined in the class itself without a docstring."""
    missing = []
    for name, attribute in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(attribute, (staticmethod, classmethod)):
            function: object = attribute.__func__
        elif isinstance(attribute, property):
            function = attribute.fget
        else:
            function = attribute
        if (inspect.isfunction(function) or isinstance(attribute, property)) \
                and not has_doc(function):
            missing.append(f"{where}.{name}")
    return missing


def test_every_module_is_found() -> None:
    names = module_names()
    for expected in ("rules.engine", "tiles.tilefile", "render.svg", "rules.chance",
                     "formats.records", "testing"):
        assert f"carcassonne_amazonas.{expected}" in names


@pytest.mark.parametrize("name", module_names())
def test_every_public_name_has_a_docstring(name: str) -> None:
    module = import_module(name)
    missing = [] if has_doc(module) else [f"module {name}"]
    for public in public_names(module):
        obj = getattr(module, public)
        if not (inspect.isclass(obj) or inspect.isfunction(obj)):
            continue  # constants are documented with #: comments in the source
        if getattr(obj, "__module__", None) != name and public not in module_all(module):
            continue  # imported from where it is defined, and checked there
        if not has_doc(obj):
            missing.append(f"{name}.{public}")
        if inspect.isclass(obj):
            missing += undocumented_members(obj, f"{name}.{public}")
    assert missing == [], "public names without a docstring: " + ", ".join(missing)
