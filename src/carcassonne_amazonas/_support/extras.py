"""Optional dependencies: which extra to install for which part of the package.

The core library needs only ``attrs`` and ``typing-extensions``.  The AI framework
adapters (:mod:`carcassonne_amazonas.integrations`) and the property-testing tools
(:mod:`carcassonne_amazonas.testing`) import a framework when they are imported;
without it they raise the :class:`ImportError` of :func:`missing_extra`, which names
the extra that installs it, with :func:`install_hint`::

    ImportError: carcassonne_amazonas.integrations.openspiel needs numpy, which is not
    installed: python -m pip install '.[openspiel]' in a checkout of the project, or
    python -m pip install 'carcassonne-amazonas[openspiel]' where it is installed

The package is on no index, so the hint gives the command that works from a checkout
first; the second form installs the extra's dependencies beside an installed copy.
Every message that tells a person how to install an extra words it with
:func:`install_hint`, its one home.
"""

from __future__ import annotations

__all__ = ["EXTRAS", "install_hint", "missing_extra"]

#: Each extra of ``pyproject.toml`` and the modules that need it.
EXTRAS: dict[str, tuple[str, ...]] = {
    "testing": ("carcassonne_amazonas.testing", "carcassonne_amazonas.testing._strategies",
                "carcassonne_amazonas.testing._steering",
                "carcassonne_amazonas.testing._record_strategies",
                "carcassonne_amazonas.testing._from_type",
                "carcassonne_amazonas.testing._public_types",
                "carcassonne_amazonas.testing._illegal",
                "carcassonne_amazonas.testing._text_strategies",
                "carcassonne_amazonas.testing._check_bot",
                "carcassonne_amazonas.testing._machine"),
    "openspiel": ("carcassonne_amazonas.integrations.openspiel",
                  "carcassonne_amazonas.integrations.selfplay"),
    "pettingzoo": ("carcassonne_amazonas.integrations.pettingzoo",),
    "ray": ("carcassonne_amazonas.integrations.ray_backend",),
}


def install_hint(extra: str) -> str:
    """How to install ``extra``: from a checkout, or beside an installed copy.

    ``install_hint("web")`` is ``python -m pip install '.[web]' in a checkout of the
    project, or python -m pip install 'carcassonne-amazonas[web]' where it is installed``.
    """
    return (f"python -m pip install '.[{extra}]' in a checkout of the project, or "
            f"python -m pip install 'carcassonne-amazonas[{extra}]' where it is installed")


def missing_extra(module: str, extra: str, error: ImportError) -> ImportError:
    """The error to raise when ``module`` cannot import a dependency of ``extra``.

    ``error`` is the original failure; its missing module name is kept as the new
    error's ``name``, so ``except ImportError as e: e.name`` still says what is missing.
    """
    missing = error.name or str(error)
    return ImportError(f"{module} needs {missing}, which is not installed: "
                       f"{install_hint(extra)}", name=error.name)
