"""Sphinx configuration of the carcassonne-amazonas documentation.

Build (warnings are errors)::

    python -m pip install -e '.[docs]'
    python -m sphinx -W --keep-going -b html docs docs/_build/html

The build needs no network: no intersphinx, and the optional AI frameworks are
mocked for autodoc.  The tile gallery is generated from the tile-set data by the
local extension ``docs/_ext/tileset_gallery.py`` into ``docs/_generated/``, and the API
reference (``docs/api/``, one page per public module, from its ``__all__``) by
``docs/_ext/generated_pages.py``; neither folder is committed.
"""

from __future__ import annotations

import re
import sys
import textwrap
import warnings
from pathlib import Path

from sphinx.application import Sphinx

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))
# The package from this checkout, even when it is not installed (its dependencies must be).
sys.path.insert(0, str(HERE.parent / "src"))

import carcassonne_amazonas  # noqa: E402

# sphinx-autodoc-typehints 3.6 calls an API that Sphinx 9 deprecates: not our warning to fix.
warnings.filterwarnings("ignore", message=".*set_application.*")

project = "carcassonne-amazonas"
author = "carcassonne-amazonas maintainers"
copyright = "carcassonne-amazonas maintainers"
release = carcassonne_amazonas.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "sphinx_autodoc_typehints",
    "myst_parser",
    "tileset_gallery",
    "game_pictures",
    "rule_ids",
    "generated_pages",
]

# Every cross-reference must reach its target (the build runs with -W), except those to
# private modules (not in the reference by design, they show as code) and to other
# projects, which the build has no inventory of (it runs offline).
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"carcassonne_amazonas\.(.*\.)?_.*"),
    (r"py:.*", r"(typing|collections\.abc|fractions|argparse|pathlib|datetime|sqlite3|hypothesis|starlette)\..*"),
    (r"py:data", r"Ellipsis"),
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_generated/*.md", "Thumbs.db", ".DS_Store"]
templates_path: list[str] = []

# -- MyST -------------------------------------------------------------------------------
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# -- autodoc ----------------------------------------------------------------------------
# The API reference documents exactly the names of each module's __all__: the generated
# pages (docs/_ext/generated_pages.py) list them in ``:members:``, so no default adds others.
autodoc_default_options = {
    "member-order": "bysource",
}
autodoc_member_order = "bysource"
autodoc_class_signature = "mixed"
add_module_names = False
autoclass_content = "class"
# The AI frameworks of the optional integrations and the web server are never needed to
# build the docs.
autodoc_mock_imports = ["pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy", "ray",
                        "starlette", "uvicorn"]

# sphinx-autodoc-typehints: types go into the parameter descriptions.
typehints_fully_qualified = False
always_document_param_types = False
typehints_document_rtype = True

# -- HTML -------------------------------------------------------------------------------
html_theme = "furo"
html_title = f"carcassonne-amazonas {release}"
html_static_path = ["_static"]
html_theme_options = {
    "navigation_with_keys": True,
}


# -- attrs and postponed annotations ------------------------------------------------------
# attrs compiles each class's __init__ with a snapshot of the module's globals taken when
# the class is created, so an annotation naming a class defined further down the module
# (``graph: FeatureGraph`` in features.PlacementResult) cannot be resolved from it.  Before
# sphinx-autodoc-typehints reads such a method, complete that snapshot from the module.


def _complete_attrs_globals(obj: object) -> None:
    cls = obj if isinstance(obj, type) else None
    init = getattr(cls, "__init__", None) if cls is not None else obj
    module = sys.modules.get(getattr(obj, "__module__", "") or "")
    namespace = getattr(init, "__globals__", None)
    if module is None or not isinstance(namespace, dict) or namespace is vars(module):
        return
    if cls is not None and not hasattr(cls, "__attrs_attrs__"):
        return
    for name, value in vars(module).items():
        namespace.setdefault(name, value)


# Modules that need a type only for annotations import it under ``if TYPE_CHECKING:``
# (to keep the package free of import cycles).  sphinx-autodoc-typehints runs those
# imports into the globals of the first object it documents from a module, which for an
# attrs class is its __init__'s snapshot, not the module: run them in the module itself.
_GUARDED = re.compile(r"\nif TYPE_CHECKING:[^\n]*((?:\n(?:    [^\n]*|))+)")
_GUARDS_DONE: set[str] = set()


def _resolve_guarded_imports(obj: object) -> None:
    module = sys.modules.get(getattr(obj, "__module__", "") or "")
    if module is None or module.__name__ in _GUARDS_DONE:
        return
    _GUARDS_DONE.add(module.__name__)
    if not module.__name__.startswith("carcassonne_amazonas"):
        return
    source = Path(module.__file__ or "").read_text(encoding="utf-8") if module.__file__ else ""
    for block in _GUARDED.findall(source):
        exec(textwrap.dedent(block), vars(module))  # the module's own import statements


def _before_typehints(app: Sphinx, what: str, name: str, obj: object, *args: object) -> None:
    _resolve_guarded_imports(obj)
    _complete_attrs_globals(obj)


def setup(app: Sphinx) -> None:
    """Run the attrs fix before sphinx-autodoc-typehints (lower priority runs first)."""
    for event in ("autodoc-process-signature", "autodoc-process-docstring"):
        app.connect(event, _before_typehints, priority=100)
