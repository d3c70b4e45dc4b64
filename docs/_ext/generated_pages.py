"""Sphinx extension: small pieces of the docs generated from the package at build time.

On ``builder-inited`` (before Sphinx looks for source files) it writes into
``docs/_generated/`` (git-ignored; a file is only rewritten when its content changes):

- ``package_names.md``: every name of ``carcassonne_amazonas.__all__`` with a link to
  where it is defined and the first sentence of its docstring;
- ``cli_help.md``: the ``--help`` text of the command-line tool and of each command,
  from :func:`carcassonne_amazonas.cli.build_parser`;
- ``quickstart_board.svg``: the board at the end of the quick start's game, drawn by
  :func:`carcassonne_amazonas.render.svg.board_svg`.

- ``api_names.md``: every public module with the names its ``__all__`` promises, for the
  page on what is API (``docs/api-contract.md``).

It also writes the API reference into ``docs/api/`` (git-ignored, never committed): a
page for every public module (:func:`public_modules`: no part of its name starts with an
underscore), and an index that groups them by the layers of ``docs/architecture.md``.
A page documents exactly the names of the module's ``__all__``: those the module defines,
those it exports from a private module (:func:`reexports`), and a link for each it
exports from another public module, where that name is documented.  Private modules get
no page, and a name outside ``__all__`` none, so the reference documents only the API.

So these parts can never fall behind the code.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import importlib
import importlib.util
import inspect
import io
import os
import random
import re
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import carcassonne_amazonas
from carcassonne_amazonas import apply_action, legal_actions, new_game
from carcassonne_amazonas.cli import build_parser
from carcassonne_amazonas.render.svg import board_svg

if TYPE_CHECKING:  # the tests read the API pages without Sphinx installed
    from sphinx.application import Sphinx

GENERATED = "_generated"

# Where the package's exports that are neither classes nor functions are defined.
DATA_HOMES = {"Action": ("carcassonne_amazonas.rules.actions", "any of the action classes"),
              "Draws": ("carcassonne_amazonas.rules.pile",
                        'how a game draws its tiles, "seeded" or "explicit" (R-T1)'),
              "Event": ("carcassonne_amazonas.rules.events", "any of the event classes"),
              "PLAYER_COLOURS": ("carcassonne_amazonas.rules.players",
                                 "the colours of players 0..4"),
              "TileId": ("carcassonne_amazonas.tiles.tileset",
                         "the id of one tile copy in its set")}
ROLE = re.compile(r":(func|class|meth|data|mod|attr|exc):`([^`]+)`")
# A full stop followed by a space, unless it ends an abbreviation ("e.g.", "i.e.").
FULL_STOP = re.compile(r"(?<!e\.g)(?<!i\.e)\.(?:\s|$)")


def write_if_changed(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` unless it already holds exactly that."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def first_sentence(text: str) -> str:
    """``text`` up to its first full stop outside parentheses (without the stop)."""
    for stop in FULL_STOP.finditer(text):
        before = text[:stop.start()]
        if before.count("(") == before.count(")"):
            return before
    return text.removesuffix(".")


def first_line(obj: object, module: str) -> str:
    """The first sentence of an object's docstring with its reST roles as MyST roles, their
    short targets qualified (the table is not read in the object's own module).  A sentence
    may run over several lines: the summary is the whole sentence, not its first line."""
    doc = (inspect.getdoc(obj) or "").strip()
    line = first_sentence(" ".join(doc.split("\n\n")[0].split()))

    def qualify(match: re.Match[str]) -> str:
        role, target = match.group(1), match.group(2)
        if "<" in target or target.startswith("~") or "." in target:
            return f"{{py:{role}}}`{target}`"
        if role in ("meth", "attr") and inspect.isclass(obj):
            owner = f"{module}.{obj.__name__}"
        else:  # where the name is defined, if the module imports it
            found = getattr(sys.modules[module], target, None)
            owner = getattr(found, "__module__", None) or module
        return f"{{py:{role}}}`{target} <{owner}.{target}>`"

    return ROLE.sub(qualify, line)


def name_row(name: str) -> str:
    """One table row: the name linked to its definition, its module, its summary."""
    obj = getattr(carcassonne_amazonas, name)
    if name == "__version__":
        return f"| `__version__` | | the package version, `{obj}` |"
    if inspect.isclass(obj) or inspect.isfunction(obj):
        module = obj.__module__
        role = "py:class" if inspect.isclass(obj) else "py:func"
        summary = first_line(obj, module)
    else:
        module, summary = DATA_HOMES.get(name, ("carcassonne_amazonas", ""))
        role = "py:data"
    summary = summary.replace("|", "\\|")
    short = module.removeprefix("carcassonne_amazonas.")
    return f"| {{{role}}}`{name} <{module}.{name}>` | {{py:mod}}`{short} <{module}>` | {summary} |"


def package_names() -> str:
    """The table of the package's exports."""
    lines = [
        "<!-- Generated by docs/_ext/generated_pages.py from carcassonne_amazonas.__all__. -->",
        "",
        "| name | defined in | summary |",
        "|---|---|---|",
    ]
    lines += [name_row(name) for name in sorted(carcassonne_amazonas.__all__, key=str.lower)]
    return "\n".join(lines) + "\n"


def help_text(args: list[str]) -> str:
    """What ``carcassonne-amazonas ARGS --help`` prints, 88 columns wide."""
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "88"
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
            build_parser().parse_args([*args, "--help"])
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old
    return out.getvalue().rstrip()


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The sub-commands of a parser, by name (argparse keeps them among its actions)."""
    for action in parser._actions:
        choices = getattr(action, "choices", None)
        if isinstance(choices, dict):
            return dict(choices)
    return {}


def cli_help() -> str:
    """The help of the tool and of every command (and sub-command), each under a heading."""
    lines = ["<!-- Generated by docs/_ext/generated_pages.py from cli.build_parser(). -->", "",
             "### `carcassonne-amazonas --help`", "", "```text", help_text([]), "```", ""]
    for command, parser in subcommands(build_parser()).items():
        for words in [[command], *([command, sub] for sub in subcommands(parser))]:
            lines += [f"### `carcassonne-amazonas {' '.join(words)} --help`", "", "```text",
                      help_text(words), "```", ""]
    return "\n".join(lines)


def quickstart_board() -> str:
    """The board at the end of the quick start's game (the same seeds as the page)."""
    state = new_game(3, seed=42)
    rng = random.Random(0)
    while not state.is_terminal:
        state = apply_action(state, rng.choice(legal_actions(state)))
    return board_svg(state, cell_size=40)


def public_modules(source: Path) -> list[str]:
    """The dotted names of the package's public modules under ``source`` (the package's
    folder): those with no part of the name that starts with an underscore."""
    names = []
    for path in sorted(source.rglob("*.py")):
        parts = [source.name, *path.relative_to(source).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        if not any(part.startswith("_") for part in parts):
            names.append(".".join(parts))
    return names


def _layers(architecture: str) -> list[tuple[str, str, str]]:
    """(layer, its package below the package, what it holds) from the architecture page."""
    rows = architecture.split("<!-- layer-table", 1)[1].split("\n\n", 2)[1]
    layers = []
    for line in rows.splitlines()[2:]:
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        package = re.findall(r"`([^`]+)`", cells[1])[0]
        layers.append((cells[0], "" if package == "carcassonne_amazonas" else package, cells[3]))
    return layers


def module_path(source: Path, module: str) -> Path:
    """The file of ``module`` in the package's folder ``source``."""
    path = source.joinpath(*module.split(".")[1:])
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def definitions(path: Path) -> dict[str, tuple[str, str]]:
    """``name -> (directive, documentation)`` for the classes, functions and constants a
    module defines at its top level; a constant's documentation is its ``#:`` comment lines
    or the string that follows its assignment."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    body = ast.parse(source).body
    found: dict[str, tuple[str, str]] = {}
    for index, node in enumerate(body):
        if isinstance(node, ast.ClassDef):
            found[node.name] = ("autoclass", "")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            found[node.name] = ("autofunction", "")
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            comments = []
            for line in reversed(lines[:node.lineno - 1]):
                if not line.startswith("#:"):
                    break
                comments.insert(0, line[2:].strip())
            after = body[index + 1] if index + 1 < len(body) else None
            text = after.value.value if (isinstance(after, ast.Expr)
                                         and isinstance(after.value, ast.Constant)) else None
            if not comments and isinstance(text, str):
                comments = [" ".join(text.split())]
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    found[target.id] = ("py:data", " ".join(comments))
    return found


def module_all(source: Path, module: str) -> list[str]:
    """The names of ``module.__all__``, read from the source (so that nothing is imported
    before autodoc mocks the extras); ``ValueError`` for a public module without one, or
    with more than one (the last would win at run time)."""
    found = []
    for node in ast.parse(module_path(source, module).read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                found.append([str(name) for name in ast.literal_eval(node.value)])
    if len(found) != 1:
        raise ValueError(f"{module} assigns __all__ {len(found)} times: a public module "
                         "lists what it promises, once")
    return found[0]


def imported_homes(source: Path, module: str) -> dict[str, str]:
    """``name -> the module it is imported from`` for the package's own modules that
    ``module`` imports from at its top level."""
    tree = ast.parse(module_path(source, module).read_text(encoding="utf-8"))
    package = module if module_path(source, module).name == "__init__.py" else \
        module.rpartition(".")[0]
    homes: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.level and node.module:
            home = importlib.util.resolve_name("." * node.level + node.module, package)
            homes.update({alias.asname or alias.name: home for alias in node.names})
    return homes


def reexports(source: Path, module: str) -> list[str]:
    """A directive for each name in ``module.__all__`` that the module imports from a
    private module: ``automodule`` documents only what a module defines itself, so these
    are documented one by one, on the page of the module that exports them (a constant
    with the documentation it has where it is defined).  Read from the source, so that
    nothing is imported before autodoc mocks the extras."""
    homes = {name: home for name, home in imported_homes(source, module).items()
             if any(part.startswith("_") for part in home.split("."))}
    found = []
    for name in module_all(source, module):
        if name not in homes:
            continue
        directive, doc = definitions(module_path(source, homes[name])).get(name, ("", ""))
        if directive == "py:data":
            found.append(f".. py:data:: {name}\n   :module: {module}\n\n   {doc}")
        elif directive == "autoclass":
            found.append(f".. autoclass:: {module}.{name}\n   :members:")
        elif directive:
            found.append(f".. {directive}:: {module}.{name}")
    return found


def exported_from_public(source: Path, module: str) -> list[tuple[str, str]]:
    """``(name, the public module that defines it)`` for each name of ``module.__all__``
    that the module imports from another public module: documented there, linked here."""
    homes = imported_homes(source, module)
    return [(name, homes[name]) for name in module_all(source, module)
            if name in homes and not any(part.startswith("_") for part in homes[name].split("."))]


def api_page(source: Path, module: str) -> str:
    """The reference page of one public module (``source``: the package's folder): the
    names of its ``__all__`` and nothing else."""
    defined = definitions(module_path(source, module))
    own = [name for name in module_all(source, module)
           if name in defined and not name.startswith("__")]
    head = f".. automodule:: {module}" + (f"\n   :members: {', '.join(own)}" if own else "")
    text = f"# `{module}`\n\n```{{eval-rst}}\n" + "\n\n".join(
        [head, *reexports(source, module)]) + "\n```\n"
    if module == source.name:  # the package's own names: the table with their summaries
        return text + "\n## Its names\n\n```{include} ../_generated/package_names.md\n```\n"
    linked = exported_from_public(source, module)
    if linked:
        text += ("\nAlso exported here, and documented where they are defined: "
                 + ", ".join(f"{{py:obj}}`{name} <{home}.{name}>`" for name, home in linked)
                 + ".\n")
    return text


def api_names(source: Path, architecture: str) -> str:
    """Every public module, by layer, with the names its ``__all__`` promises."""
    modules = public_modules(source)
    lines = ["<!-- Generated by docs/_ext/generated_pages.py from the modules' __all__. -->",
             "", "| module | the names it promises |", "|---|---|"]
    for module in _by_layer(modules, source.name, architecture):
        names = ", ".join(f"`{name}`" for name in module_all(source, module)) or \
            "none of its own (a package of modules)"
        lines.append(f"| {{py:mod}}`{module.removeprefix(source.name + '.')} <{module}>` "
                     f"| {names} |")
    return "\n".join(lines) + "\n"


def _by_layer(modules: list[str], package: str, architecture: str) -> list[str]:
    """The modules in the order of the layer table, alphabetically within a layer."""
    ordered = []
    for _layer, home, _holds in _layers(architecture):
        ordered += [module for module in modules
                    if [*module.split("."), ""][1] == home or (not home and module == package)]
    return ordered


def api_pages(source: Path, architecture: str) -> dict[str, str]:
    """The API reference: file name -> text, a page per public module and the index."""
    modules = public_modules(source)
    pages = {f"{module}.md": api_page(source, module) for module in modules}
    index = ["# API reference", "",
             "Every public module, class and function of the package, from its docstrings, "
             "grouped by the layers of {doc}`../architecture`. The most common names are "
             "importable from the package itself (see {doc}`carcassonne_amazonas`). Each "
             "page documents exactly the names of its module's `__all__`; modules whose "
             "names start with an underscore are private and not listed. What is API, and "
             "what the stability policy promises about it: {doc}`../api-contract`.", ""]
    for layer, package, holds in _layers(architecture):
        members = [module for module in modules
                   if [*module.split("."), ""][1] == package or (not package and
                                                                   module == source.name)]
        if not members:
            continue
        index += [f"## {layer.capitalize()}", "", holds[0].upper() + holds[1:] + ".", "",
                  "```{toctree}", ":maxdepth: 1", "", *members, "```", ""]
    pages["index.md"] = "\n".join(index)
    return pages


@cache
def public_homes(source: Path) -> dict[str, str]:
    """``private path -> public path`` of every name a public module exports from a
    private one (``carcassonne_amazonas.rules._fits.FitTable`` ->
    ``carcassonne_amazonas.rules.fast_path.FitTable``): a signature names a class by the
    module that defines it, and the reference documents it where it is exported."""
    found: dict[str, str] = {}
    for module in public_modules(source):
        homes = imported_homes(source, module)
        for name in module_all(source, module):
            home = homes.get(name, "")
            if any(part.startswith("_") for part in home.split(".")):
                found.setdefault(f"{home}.{name}", f"{module}.{name}")
    return found


def on_missing_reference(app: Sphinx, env: Any, node: Any, contnode: Any) -> Any:
    """Resolve a reference to a name of a private module to where a public module exports
    it (see :func:`public_homes`); None leaves any other reference as it is."""
    target = public_homes(Path(carcassonne_amazonas.__file__).resolve().parent).get(
        node.get("reftarget", ""))
    if target is None or node.get("refdomain") != "py":
        return None
    return env.get_domain("py").resolve_xref(env, node["refdoc"], app.builder,
                                             node["reftype"], target, node, contnode)


def on_builder_inited(app: Sphinx) -> None:
    """Generate the pieces before Sphinx looks for source files."""
    srcdir = Path(app.srcdir)
    source = Path(carcassonne_amazonas.__file__).resolve().parent
    architecture = (srcdir / "architecture.md").read_text(encoding="utf-8")
    pages = api_pages(source, architecture)
    for name, text in pages.items():
        write_if_changed(srcdir / "api" / name, text)
    for stale in (srcdir / "api").glob("*.md"):  # a module that went private or away
        if stale.name not in pages:
            stale.unlink()
    outdir = srcdir / GENERATED
    write_if_changed(outdir / "api_names.md", api_names(source, architecture))
    write_if_changed(outdir / "package_names.md", package_names())
    write_if_changed(outdir / "cli_help.md", cli_help())
    write_if_changed(outdir / "quickstart_board.svg", quickstart_board())


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the event handler."""
    app.connect("builder-inited", on_builder_inited)
    app.connect("missing-reference", on_missing_reference)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
