"""The package is a house in layers: each module imports only its own layer and the layers
that ``docs/architecture.md`` lets it import, and no modules import each other in a circle.

The graph is read from the source: every ``import`` and ``from ... import`` statement of
every module counts, at the top of a module, inside a function, under
``if TYPE_CHECKING:`` and in a package's ``__init__``, and so does a dynamic import of a
literal name (``importlib.import_module("pkg.x._y")``, ``__import__("pkg.x._y")``).  The
one exception is a display
method (``__str__``, ``_repr_svg_`` ...) importing a renderer inside its body, the way
python-chess's ``Board._repr_svg_`` does.  The layer table is read from the architecture
page, so the page and the test cannot disagree; a synthetic package shows that the checker
finds a violation when there is one.

A private module (a part of its name starts with an underscore) is imported only from
inside the package that holds it: ``pkg._x`` and ``pkg._x.y`` only by modules of ``pkg``.
The top package's ``_support`` is therefore open to every layer, and a layer's private
modules to that layer alone: whatever another layer needs is public API of the layer
that owns it.  The examples show users the public API and import no private module at
all; the benchmarks may (they measure the internals).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

PACKAGE = "carcassonne_amazonas"
ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "src" / PACKAGE
ARCHITECTURE = ROOT / "docs" / "architecture.md"

#: Methods that may import a renderer inside their body (and only a renderer).
DISPLAY_METHODS = frozenset({"__str__", "_repr_svg_", "_repr_html_", "_repr_png_",
                             "_repr_pretty_"})
DISPLAY_LAYER = "render"

Edge = tuple[str, str]


def layer_table(text: str) -> dict[str, tuple[str, frozenset[str]]]:
    """Layer name -> (its package, relative to the package, or '' for the package's
    ``__init__``; the layers it may import), from the architecture page's table."""
    table: dict[str, tuple[str, frozenset[str]]] = {}
    rows = text.split("<!-- layer-table", 1)[1].split("\n\n", 2)[1]
    for line in rows.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        name, package, may = cells[0], cells[1], cells[2]
        path = re.findall(r"`([^`]+)`", package)[0]
        home = "" if path == PACKAGE else path
        allowed = frozenset() if may == "—" else frozenset(m.strip() for m in may.split(","))
        table[name] = (home, allowed)
    return table


def module_files(source: Path) -> dict[str, Path]:
    """Every module of the package under ``source`` by its dotted name."""
    modules = {}
    for path in sorted(source.rglob("*.py")):
        parts = [source.name, *path.relative_to(source).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


#: The functions that import a module named by a string: ``importlib.import_module``
#: (called by attribute or by name) and ``__import__``.
DYNAMIC_IMPORTS = frozenset({"import_module", "__import__"})


def _dynamic_import(node: ast.AST) -> ast.Import | ast.ImportFrom | None:
    """The import statement a call of :data:`DYNAMIC_IMPORTS` with a literal name stands
    for (``import_module("pkg.x._y")`` as ``import pkg.x._y``, a relative
    ``import_module("..x._y", __package__)`` as ``from ..x._y import *``), else None."""
    if not isinstance(node, ast.Call):
        return None
    called = node.func
    callee = called.attr if isinstance(called, ast.Attribute) else \
        called.id if isinstance(called, ast.Name) else None
    if callee not in DYNAMIC_IMPORTS:
        return None
    given = node.args[:1] or [k.value for k in node.keywords if k.arg == "name"]
    if not given or not isinstance(given[0], ast.Constant) or not isinstance(given[0].value,
                                                                             str):
        return None
    text = given[0].value
    level = len(text) - len(text.lstrip("."))
    if level:
        return ast.ImportFrom(text[level:] or None, [ast.alias("*")], level)
    return ast.Import([ast.alias(text)])


def _statements(tree: ast.Module) -> Iterator[tuple[ast.Import | ast.ImportFrom, str | None]]:
    """Every import statement of a module with the function it is in (None at the top),
    a dynamic import of a literal name included (:func:`_dynamic_import`)."""
    stack: list[tuple[ast.AST, str | None]] = [(tree, None)]
    while stack:
        node, function = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node, function
        dynamic = _dynamic_import(node)
        if dynamic is not None:
            yield dynamic, function
        inner = node.name if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
            else function
        stack.extend((child, inner) for child in ast.iter_child_nodes(node))


def _targets(node: ast.Import | ast.ImportFrom, name: str, is_package: bool,
             modules: dict[str, Path]) -> Iterator[str]:
    if isinstance(node, ast.Import):
        candidates = [alias.name for alias in node.names]
    else:
        origin = node.module or ""
        if node.level:
            base = name.split(".")
            base = base[:len(base) - node.level + (1 if is_package else 0)]
            origin = ".".join([*base, node.module] if node.module else base)
        # ``from . import x`` imports the submodule x when there is one.
        candidates = [f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in modules
                      else origin for alias in node.names]
    for target in candidates:
        while target and target not in modules and "." in target:
            target = target.rsplit(".", 1)[0]  # an attribute of a module
        if target in modules and target != name:
            yield target


def import_edges(source: Path) -> set[Edge]:
    """(importer, imported) for every import of the package's own modules, but a display
    method's import of a renderer."""
    modules = module_files(source)
    edges = set()
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node, function in _statements(tree):
            for target in _targets(node, name, path.name == "__init__.py", modules):
                if function in DISPLAY_METHODS and layer_of(target, source.name) == DISPLAY_LAYER:
                    continue
                edges.add((name, target))
    return edges


def layer_of(module: str, package: str, table: dict[str, tuple[str, frozenset[str]]] | None
             = None) -> str:
    """The layer a module belongs to: its first component below the package (``rules``),
    matched against the table's packages when a table is given."""
    parts = module.split(".")[1:]
    home = parts[0] if parts else ""
    if table is None:
        return home
    for layer, (package_home, _allowed) in table.items():
        if package_home == home:
            return layer
    raise AssertionError(f"{module} is in no layer of docs/architecture.md")


def layer_violations(edges: set[Edge], package: str,
                     table: dict[str, tuple[str, frozenset[str]]]) -> list[str]:
    """The imports the layer table forbids, as readable lines."""
    found = []
    for importer, imported in sorted(edges):
        source, target = layer_of(importer, package, table), layer_of(imported, package, table)
        if source != target and target not in table[source][1]:
            found.append(f"{importer} ({source}) imports {imported} ({target})")
    return found


def private_owner(module: str) -> str | None:
    """The package whose private part ``module`` is (``pkg.web`` for ``pkg.web._storage``
    and ``pkg.web._storage.x``), or None for a public module."""
    parts = module.split(".")
    for index, part in enumerate(parts):
        if part.startswith("_") and index:
            return ".".join(parts[:index])
    return None


def private_violations(edges: set[Edge]) -> list[str]:
    """The imports of a private module from outside the package that holds it."""
    found = []
    for importer, imported in sorted(edges):
        owner = private_owner(imported)
        if owner is not None and not (importer == owner or importer.startswith(owner + ".")):
            found.append(f"{importer} imports {imported}, private to {owner}")
    return found


def cycles(edges: set[Edge]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    graph: dict[str, set[str]] = {}
    for importer, imported in edges:
        graph.setdefault(importer, set()).add(imported)
        graph.setdefault(imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while (member := stack.pop()) != node:
                group.append(member)
            if group:
                groups.append(sorted([node, *group]))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return groups


TABLE = layer_table(ARCHITECTURE.read_text(encoding="utf-8"))


def test_the_table_is_read_from_the_architecture_page() -> None:
    assert TABLE["rules"] == ("rules", frozenset({"support", "errors", "tiles"}))
    assert TABLE["support"] == ("_support", frozenset())
    assert TABLE["api"][0] == ""
    # Every layer the table names as importable is a layer of the table.
    assert all(allowed <= TABLE.keys() for _home, allowed in TABLE.values())


def test_every_module_is_in_a_layer_and_the_house_is_small_at_the_top() -> None:
    modules = module_files(SOURCE)
    layers = {layer_of(module, PACKAGE, TABLE) for module in modules}
    assert layers == set(TABLE), "a layer of the table has no module, or a module no layer"
    top = [path.name for path in SOURCE.glob("*.py")]
    assert len(top) <= 10, top


@cache
def source_edges() -> frozenset[Edge]:
    """The package's import edges, read once for the tests below."""
    return frozenset(import_edges(SOURCE))


def test_the_graph_is_read_from_the_source() -> None:
    edges = source_edges()
    assert (f"{PACKAGE}.rules.engine", f"{PACKAGE}.rules.state") in edges
    assert (PACKAGE, f"{PACKAGE}.rules.engine") in edges
    # A display method's lazy import of its renderer is the one edge left out.
    assert (f"{PACKAGE}.rules.state", f"{PACKAGE}.render.text") not in edges
    # Imports inside functions count (the command-line tool imports Ray lazily).
    assert any(imported == f"{PACKAGE}.integrations.ray_backend" for _, imported in edges)


def test_no_import_breaks_the_layer_table() -> None:
    found = layer_violations(set(source_edges()), PACKAGE, TABLE)
    assert found == [], "imports across layers:\n" + "\n".join(found)


def test_no_module_imports_another_packages_private_module() -> None:
    found = private_violations(set(source_edges()))
    assert found == [], "imports of another package's private module:\n" + "\n".join(found)


def test_the_support_package_is_open_to_every_layer_and_nothing_else_is() -> None:
    assert private_owner(f"{PACKAGE}._support.reprs") == PACKAGE
    assert private_owner(f"{PACKAGE}.formats._checks.board") == f"{PACKAGE}.formats"
    assert private_owner(f"{PACKAGE}.rules.engine") is None
    assert private_violations({(f"{PACKAGE}.web.app", f"{PACKAGE}._support.reprs"),
                               (f"{PACKAGE}.formats.snapshot", f"{PACKAGE}.formats._checks.board"),
                               (f"{PACKAGE}.formats._checks", f"{PACKAGE}.formats._checks.board"),
                               }) == []


def module_all(path: Path) -> list[str] | None:
    """A module's ``__all__``, read from its source (None without one)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if not isinstance(node, (ast.Assign, ast.AnnAssign)) or node.value is None:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets):
            return list(ast.literal_eval(node.value))
    return None


def unpromised_imports(source: Path) -> list[str]:
    """The names a module takes from a public module of another layer that the module's
    ``__all__`` does not promise: a layer uses another one through its API alone."""
    modules = module_files(source)
    promised = {name: module_all(path) for name, path in modules.items()}
    found = []
    for name, path in modules.items():
        for node, _function in _statements(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom):
                continue
            origin = next(_targets(ast.ImportFrom(node.module, [ast.alias("*")], node.level),
                                   name, path.name == "__init__.py", modules), None)
            if (origin is None or private_owner(origin) is not None
                    or layer_of(origin, source.name) == layer_of(name, source.name)):
                continue
            found += [f"{name} imports {alias.name} from {origin}, not in its __all__"
                      for alias in node.names
                      if f"{origin}.{alias.name}" not in modules
                      and alias.name not in (promised[origin] or [])]
    return found


def test_a_layer_takes_from_another_only_the_names_its_modules_promise() -> None:
    found = unpromised_imports(SOURCE)
    assert found == [], "names taken from another layer outside __all__:\n" + "\n".join(found)


def test_a_deliberate_unpromised_import_is_found(tmp_path: Path) -> None:
    source = write_package(tmp_path, {
        "__init__.py": "", "low/__init__.py": "",
        "low/state.py": "__all__ = ['State']\nclass State: pass\ndef helper(): pass\n",
        "low/other.py": "from .state import helper\n",                   # its own layer
        "render/__init__.py": "",
        "render/draw.py": "from ..low.state import State, helper\n"
                          "from ..low import state\n"})
    assert unpromised_imports(source) == [
        "pkg.render.draw imports helper from pkg.low.state, not in its __all__"]


EXAMPLES = ROOT / "examples"


def imported_modules(path: Path) -> set[str]:
    """The modules of the package a script outside it imports (absolute imports only)."""
    found: set[str] = set()
    for node, _function in _statements(ast.parse(path.read_text(encoding="utf-8"))):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [f"{node.module}.{alias.name}" for alias in node.names]
                 if node.module and not node.level else [])
        found.update(name for name in names if name.split(".")[0] == PACKAGE)
    return found


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.py")), ids=lambda p: p.name)
def test_the_examples_import_no_private_module(example: Path) -> None:
    private = sorted(name for name in imported_modules(example)
                     if any(part.startswith("_") for part in name.split(".")[1:]))
    assert private == [], f"{example.name} shows users private modules: {private}"


def test_no_import_cycles() -> None:
    found = cycles(set(source_edges()))
    assert found == [], "import cycles: " + "; ".join(", ".join(group) for group in found)


def write_package(root: Path, files: dict[str, str]) -> Path:
    source = root / "pkg"
    for name, text in files.items():
        path = source / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return source


SMALL_TABLE = {"low": ("low", frozenset()), "render": ("render", frozenset({"low"})),
               "api": ("", frozenset({"low"}))}


@pytest.mark.parametrize("violation", [
    "from ..render.draw import picture\n",                            # module level
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..render import draw\n",
    "def helper():\n    from ..render.draw import picture\n",          # inside a function
])
def test_a_deliberate_violation_is_found(tmp_path: Path, violation: str) -> None:
    source = write_package(tmp_path, {"__init__.py": "", "low/__init__.py": "",
                                      "low/state.py": violation,
                                      "render/__init__.py": "",
                                      "render/draw.py": "from ..low import state\n"})
    edges = import_edges(source)
    assert layer_violations(edges, "pkg", SMALL_TABLE) == [
        "pkg.low.state (low) imports pkg.render.draw (render)"]
    assert cycles(edges) == [["pkg.low.state", "pkg.render.draw"]]


@pytest.mark.parametrize("violation", [
    "from ..low._inner import helper\n",                               # module level
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..low import _inner\n",
    "def helper():\n    import pkg.low._inner\n",                       # inside a function
    # dynamic imports of a literal name: importlib's, by attribute or by name, and __import__
    "import importlib\nimportlib.import_module('pkg.low._inner')\n",
    "from importlib import import_module\ndef helper():\n"
    "    return import_module('pkg.low._inner')\n",
    "__import__('pkg.low._inner')\n",
    "import importlib\nimportlib.import_module('..low._inner', __package__)\n",
    "import importlib as il\nil.import_module(name='pkg.low._inner')\n",
])
def test_a_deliberate_private_import_is_found(tmp_path: Path, violation: str) -> None:
    source = write_package(tmp_path, {"__init__.py": "", "_support.py": "",
                                      "low/__init__.py": "", "low/_inner.py": "",
                                      "low/public.py": "from . import _inner\n"
                                                       "from .._support import x\n",
                                      "render/__init__.py": "",
                                      "render/draw.py": violation})
    assert private_violations(import_edges(source)) == [
        "pkg.render.draw imports pkg.low._inner, private to pkg.low"]


def test_a_package_init_edge_counts(tmp_path: Path) -> None:
    source = write_package(tmp_path, {"__init__.py": "",
                                      "low/__init__.py": "from ..render import draw\n",
                                      "render/__init__.py": "", "render/draw.py": ""})
    assert layer_violations(import_edges(source), "pkg", SMALL_TABLE) == [
        "pkg.low (low) imports pkg.render.draw (render)"]


def test_a_display_method_may_import_its_renderer_lazily(tmp_path: Path) -> None:
    source = write_package(tmp_path, {
        "__init__.py": "", "low/__init__.py": "", "render/__init__.py": "",
        "render/draw.py": "from ..low import state\n",
        "low/state.py": "class State:\n    def __str__(self):\n"
                        "        from ..render.draw import picture\n        return picture\n"})
    edges = import_edges(source)
    assert layer_violations(edges, "pkg", SMALL_TABLE) == []
    assert cycles(edges) == []
