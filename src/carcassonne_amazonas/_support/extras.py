"""Optional dependencies: which extra to install for which part of the package.

The core library needs only ``attrs`` and ``typing-extensions``.  The AI framework
adapters (:mod:`carcassonne_amazonas.integrations`) and the property-testing tools
(:mod:`carcassonne_amazonas.testing`) import a framework when they are imported;
without it they raise the :class:`ImportError` of :func:`missing_extra`, which names
the extra that installs it::

    ImportError: carcassonne_amazonas.integrations.openspiel needs numpy, which is not
    installed: pip install 'carcassonne-amazonas[openspiel]'
"""

from __future__ import annotations

__all__ = ["EXTRAS", "missing_extra"]

#: Each extra of ``pyproject.toml`` and the modules that need it.
EXTRAS: dict[str, tuple[str, ...]] = {
    "testing": ("carcassonne_amazonas.testing", "carcassonne_amazonas.testing._strategies",
                "carcassonne_amazonas.testing._record_strategies"),
    "openspiel": ("carcassonne_amazonas.integrations.openspiel",
                  "carcassonne_amazonas.integrations.selfplay"),
    "pettingzoo": ("carcassonne_amazonas.integrations.pettingzoo",),
    "ray": ("carcassonne_amazonas.integrations.ray_backend",),
}


def missing_extra(module: str, extra: str, error: ImportError) -> ImportError:
    """The error to raise when ``module`` cannot import a dependency of ``extra``.

    ``error`` is the original failure; its missing module name is kept as the new
    error's ``name``, so ``except ImportError as e: e.name`` still says what is missing.
    """
    missing = error.name or str(error)
    return ImportError(f"{module} needs {missing}, which is not installed: "
                       f"pip install 'carcassonne-amazonas[{extra}]'", name=error.name)
