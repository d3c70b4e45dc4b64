"""The package's modules import each other without a cycle.

The graph is read from the source, not from ``sys.modules``: every ``import`` and
``from ... import`` statement of every module of ``src/carcassonne_amazonas`` counts,
at the top of a module or inside a function (an import inside a function is a
cycle that has been hidden, not removed), except those under ``if TYPE_CHECKING:``,
which never run.  Importing a submodule also runs its package's ``__init__``; that
implicit edge is not counted, as in every import-cycle checker.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = "carcassonne_amazonas"
SOURCE = Path(__file__).resolve().parents[1] / "src" / PACKAGE


def module_files() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name)."""
    modules = {}
    for path in sorted(SOURCE.rglob("*.py")):
        parts = [PACKAGE, *path.relative_to(SOURCE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def runtime_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements of a module that can run: everywhere but ``if TYPE_CHECKING``."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        stack.extend(ast.iter_child_nodes(node))


def imported_modules(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that module ``name`` imports."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = name.split(".")
                base = base[:len(base) - node.level + (1 if is_package else 0)]
                origin = ".".join([*base, node.module] if node.module else base)
            else:
                origin = node.module or ""
            # ``from . import x`` imports the submodule x when there is one.
            targets = [f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in modules
                       else origin for alias in node.names]
        for target in targets:
            while target and target not in modules and "." in target:
                target = target.rsplit(".", 1)[0]  # an attribute of a module
            if target in modules and target != name:
                found.add(target)
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports."""
    modules = module_files()
    return {name: imported_modules(name, path, modules) for name, path in modules.items()}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle through each strongly connected group of modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [_cycle_in(group, graph) for group in groups]


def _cycle_in(group: list[str], graph: dict[str, set[str]]) -> list[str]:
    """A path ``a -> b -> ... -> a`` inside a strongly connected group."""
    start = group[0]
    path = [start]
    seen = {start}
    while True:
        following = sorted(t for t in graph[path[-1]] if t in group)
        back = start if start in following else None
        if back is not None and len(path) > 1:
            return [*path, start]
        step = next((t for t in following if t not in seen), start)
        if step == start:
            return [*path, start]
        path.append(step)
        seen.add(step)


def test_the_graph_is_read_from_the_source() -> None:
    graph = import_graph()
    assert len(graph) > 30
    assert f"{PACKAGE}.tiles" in graph[f"{PACKAGE}.tilefile"]
    assert f"{PACKAGE}.engine" in graph[PACKAGE]
    assert f"{PACKAGE}.state" in graph[f"{PACKAGE}.engine"]
    # Imports inside functions count (the command-line tool imports Ray lazily).
    assert any(f"{PACKAGE}.integrations.ray_backend" in graph[name]
               for name in graph if name.startswith(f"{PACKAGE}.cli"))


def test_the_cycle_finder_finds_cycles() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert cycles(graph) == [["a", "b", "c", "a"]]


def test_no_import_cycles() -> None:
    found = cycles(import_graph())
    assert found == [], "import cycles: " + "; ".join(" -> ".join(c) for c in found)


def test_the_tile_model_and_the_file_format_do_not_import_each_other() -> None:
    graph = import_graph()
    assert f"{PACKAGE}.tilefile" not in graph[f"{PACKAGE}.tiles"]
    assert f"{PACKAGE}.reference" in graph[PACKAGE]  # reference_tileset stays exported
