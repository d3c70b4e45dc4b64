"""The documentation in docs/ stays in step with the rules, the tests and the package.

- the rules reference has an entry for every rule id and every worked
  example;
- every test the docs cite (``tests/FILE.py::test_name``) exists;
- every public module has a page in the API reference, which documents exactly the
  names of its ``__all__``, and the page on what is API gives every public module its
  reason and lists its names;
- every example script is described in the docs.

The Sphinx build itself (``python -m sphinx -W ...``) runs in CI, not here.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import carcassonne_amazonas

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

RULE_IDS = ([f"C{i}" for i in range(1, 10)] + [f"G{i}" for i in range(1, 8)]
            + [f"F{i}" for i in range(1, 9)] + [f"T{i}" for i in range(1, 11)] + ["M1"]
            + [f"A{i}" for i in range(1, 5)] + [f"E{i}" for i in range(1, 7)])
DECISIONS = ["C7", "G7", "F8", "T8", "E4", "E6"]
TEST_REFERENCE = re.compile(r"(tests/[\w/]+\.py)::(\w+)")
NEXT_ENTRY = re.compile(r"\n\((?:rule|example)-\w+\)=\n|\n## ")


def doc_pages() -> list[Path]:
    """Every hand-written page of the docs (not the build, not generated pages: those in
    ``_generated`` and the API reference in ``api``)."""
    return sorted(path for path in DOCS.rglob("*.md")
                  if not path.relative_to(DOCS).parts[0].startswith("_")
                  and path.relative_to(DOCS).parts[0] != "api")


@cache
def functions_of(path: Path) -> frozenset[str]:
    """The names of the test functions defined at the top level of a test file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return frozenset(node.name for node in tree.body if isinstance(node, ast.FunctionDef))


def rule_section(text: str, rule: str) -> str:
    """The entry of one rule in the rules reference, up to the next entry."""
    return NEXT_ENTRY.split(text.split(f"(rule-{rule.lower()})=\n")[1])[0]


def test_the_rules_reference_covers_every_rule_and_worked_example() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for rule in RULE_IDS:
        assert f"(rule-{rule.lower()})=\n### R-{rule} — " in text, rule
    for number in range(1, 11):
        assert f"(example-{number})=\n### Example {number} " in text, number
    for rule in DECISIONS:
        section = rule_section(text, rule)
        assert "**Decision.**" in section, rule
        assert "(Decision)" in section.splitlines()[0], rule


def test_the_piece_step_defines_its_three_choices() -> None:
    section = rule_section((DOCS / "rules.md").read_text(encoding="utf-8"), "T5")
    for choice in "abc":
        assert f"**R-T5{choice}**" in section


def test_every_rule_entry_cites_a_test() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    for rule in RULE_IDS:
        section = rule_section(text, rule)
        assert TEST_REFERENCE.search(section), rule


@pytest.mark.parametrize("page", doc_pages(), ids=lambda p: str(p.relative_to(DOCS)))
def test_cited_tests_exist(page: Path) -> None:
    for file, name in TEST_REFERENCE.findall(page.read_text(encoding="utf-8")):
        path = ROOT / file
        assert path.is_file(), f"{page.name} cites {file}, which does not exist"
        assert name in functions_of(path), f"{page.name} cites {file}::{name}, not found"


def docs_extension() -> Any:
    """The docs' own extension, which writes the generated pages at build time."""
    sys.path.insert(0, str(DOCS / "_ext"))
    try:
        return importlib.import_module("generated_pages")
    finally:
        sys.path.remove(str(DOCS / "_ext"))


def test_the_api_reference_documents_exactly_the_public_modules() -> None:
    generated_pages = docs_extension()
    api_pages, public_modules = generated_pages.api_pages, generated_pages.public_modules
    source = Path(carcassonne_amazonas.__file__).resolve().parent
    every = [carcassonne_amazonas.__name__] + [
        info.name for info in pkgutil.walk_packages(carcassonne_amazonas.__path__,
                                                    carcassonne_amazonas.__name__ + ".")]
    public = public_modules(source)
    assert set(public) == {name for name in every
                           if not any(part.startswith("_") for part in name.split("."))}
    pages = api_pages(source, (DOCS / "architecture.md").read_text(encoding="utf-8"))
    assert set(pages) == {f"{module}.md" for module in public} | {"index.md"}
    for module in public:
        assert f".. automodule:: {module}\n" in pages[f"{module}.md"]
        assert f"\n{module}\n" in pages["index.md"], f"the API index does not list {module}"
    assert "carcassonne_amazonas.rules._turn" not in pages["index.md"]
    assert "carcassonne_amazonas.rules.engine" in pages["index.md"]


def test_the_api_reference_documents_what_a_module_exports_from_a_private_one() -> None:
    """``automodule`` leaves out what a module imports; the names a public module exports
    from a private one get their own directives on its page."""
    source = Path(carcassonne_amazonas.__file__).resolve().parent
    pages = docs_extension().api_pages(source, (DOCS / "architecture.md").read_text(
        encoding="utf-8"))
    testing = pages["carcassonne_amazonas.testing.md"]
    assert ".. autofunction:: carcassonne_amazonas.testing.game_states\n" in testing
    assert ".. autoclass:: carcassonne_amazonas.testing.RecordText\n" in testing
    assert ".. py:data:: PHASES\n   :module: carcassonne_amazonas.testing\n\n   Every phase" \
        in testing
    observation = pages["carcassonne_amazonas.ai.observation.md"]
    assert ".. autofunction:: carcassonne_amazonas.ai.observation.observation_string" in observation
    assert "autofunction:: carcassonne_amazonas.rules.engine." not in \
        pages["carcassonne_amazonas.rules.engine.md"]  # it defines what it exports


def test_every_public_module_promises_what_its_all_lists_and_nothing_more() -> None:
    """Each public module has an ``__all__`` whose names exist, and its reference page
    documents exactly those: the ones it defines in ``:members:``, the ones it exports from
    a private module one by one, and a link for the ones another public module defines."""
    generated_pages = docs_extension()
    source = Path(carcassonne_amazonas.__file__).resolve().parent
    pages = generated_pages.api_pages(source, (DOCS / "architecture.md").read_text(
        encoding="utf-8"))
    for module in generated_pages.public_modules(source):
        names = generated_pages.module_all(source, module)
        assert len(set(names)) == len(names), module
        page = pages[f"{module}.md"]
        members = re.search(r":members: (.*)\n", page)
        documented = set(members.group(1).split(", ")) if members else set()
        documented |= set(re.findall(rf"\.\. auto\w+:: {re.escape(module)}\.(\w+)", page))
        documented |= set(re.findall(r"\.\. py:data:: (\w+)", page))
        documented |= set(re.findall(r"\{py:obj\}`(\w+) <", page))
        if module == source.name:
            assert "_generated/package_names.md" in page
            documented = set(names)
        assert documented - {"__version__"} == set(names) - {"__version__"}, module
        try:
            imported = importlib.import_module(module)
        except ImportError:  # an integration whose framework is not installed
            continue
        assert list(imported.__all__) == names, f"{module} assigns __all__ more than once"


def test_a_name_left_out_of_all_is_left_out_of_the_reference() -> None:
    source = Path(carcassonne_amazonas.__file__).resolve().parent
    page = docs_extension().api_page(source, "carcassonne_amazonas.rules.pile")
    assert ":members: DRAW_MODES, MAX_SLICES, Draws, Pile, Shuffle" in page
    # defined in rules.pile and public-looking, but not promised
    assert "plan_for" in page and "_amazon_quota" not in page
    web = docs_extension().api_page(source, "carcassonne_amazonas.web")
    assert ".. autoclass:: carcassonne_amazonas.web.GameStore\n   :members:" in web
    bots = docs_extension().api_page(source, "carcassonne_amazonas.ai.bots")
    assert "{py:obj}`MctsBot <carcassonne_amazonas.ai.mcts.MctsBot>`" in bots


def test_a_link_to_a_name_of_a_private_module_goes_where_it_is_exported() -> None:
    """A signature names a class by its defining module, private or not: the docs build
    sends such a link to the public module that exports the name."""
    source = Path(carcassonne_amazonas.__file__).resolve().parent
    homes = docs_extension().public_homes(source)
    assert homes["carcassonne_amazonas.rules._fits.FitTable"] == \
        "carcassonne_amazonas.rules.fast_path.FitTable"
    assert homes["carcassonne_amazonas.web._storage.GameStore"] == \
        "carcassonne_amazonas.web.GameStore"
    assert all(not any(part.startswith("_") for part in target.split("."))
               for target in homes.values())


def test_the_page_on_what_is_api_gives_every_public_module_a_reason_and_its_names() -> None:
    generated_pages = docs_extension()
    source = Path(carcassonne_amazonas.__file__).resolve().parent
    page = (DOCS / "api-contract.md").read_text(encoding="utf-8")
    rows = page.split("<!-- module-reasons", 1)[1].split("\n\n", 2)[1].splitlines()[2:]
    listed = [re.findall(r"`([^`]+)`", row)[0] for row in rows]
    public = [module.removeprefix("carcassonne_amazonas.") for module in
              generated_pages.public_modules(source)]
    assert sorted(listed) == sorted(public)
    assert "```{include} _generated/api_names.md" in page
    architecture = (DOCS / "architecture.md").read_text(encoding="utf-8")
    table = generated_pages.api_names(source, architecture)
    assert "| {py:mod}`rules.fast_path <carcassonne_amazonas.rules.fast_path>` | `PASS`, " \
        "`FitTable`, `Playthrough`," in table
    assert len(table.splitlines()) == len(public) + 4
    for where in ((ROOT / "README.md").read_text(encoding="utf-8"),
                  generated_pages.api_pages(source, architecture)["index.md"]):
        assert "api-contract" in where
    for promise in ("semantic versioning", "DeprecationWarning", '"Deprecated"',
                    "exit codes", "HTTP API", "`schema` field"):
        assert promise in page, promise


def test_the_api_reference_is_generated_not_committed() -> None:
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "docs/api/" in ignored


def test_every_package_name_has_a_whole_sentence_for_its_summary() -> None:
    """The table of the package's names gives each one a summary: its docstring's first
    sentence, whole even where it runs over several lines, not cut inside a parenthesis."""
    table = docs_extension().package_names()
    rows = [line for line in table.splitlines() if line.startswith("| {")]
    assert len(rows) == len(carcassonne_amazonas.__all__) - 1  # all but __version__
    for row in rows:
        summary = row.rsplit(" | ", 1)[1].removesuffix(" |")
        assert summary.strip(), row
        assert summary.count("(") == summary.count(")"), row
    assert "| Rule options of a game (R-C7, R-C8; variants R-V1–R-V3; Decisions documented " \
        "per option) |" in table


def test_every_example_is_described() -> None:
    text = "\n".join(page.read_text(encoding="utf-8") for page in doc_pages())
    for example in sorted((ROOT / "examples").glob("*.py")):
        assert f"examples/{example.name}" in text, example.name


FENCE = re.compile(r"^```([\w{}-]*)[^\n]*\n(.*?)^```\s*$", re.MULTILINE | re.DOTALL)


def code_blocks(page: Path) -> list[tuple[str, str, str | None]]:
    """``(language, code, expected output)`` of each fenced block; the expected output is
    the content of a ``text`` block that directly follows a ``python`` block."""
    text = page.read_text(encoding="utf-8")
    matches = list(FENCE.finditer(text))
    blocks = []
    for index, match in enumerate(matches):
        expected = None
        if match.group(1) == "python" and index + 1 < len(matches):
            after = matches[index + 1]
            if after.group(1) == "text" and not text[match.end():after.start()].strip():
                expected = after.group(2)
        blocks.append((match.group(1), match.group(2), expected))
    return blocks


RUNNABLE = [page for page in doc_pages()
            if any(language == "python" for language, _, _ in code_blocks(page))]


@pytest.mark.parametrize("page", RUNNABLE, ids=lambda p: str(p.relative_to(DOCS)))
def test_python_examples_in_the_docs_run(page: Path, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """Every ``python`` block of a page runs, in order, in one namespace (``py`` blocks
    are sketches and are not run); a ``text`` block right after one is its output."""
    monkeypatch.chdir(tmp_path)  # blocks may write files
    namespace: dict[str, object] = {"__name__": "__docs__"}
    for language, code, expected in code_blocks(page):
        if language != "python":
            continue
        capsys.readouterr()
        exec(compile(code, f"{page.name} block", "exec"), namespace)
        output = capsys.readouterr().out
        if expected is not None:
            assert output.strip() == expected.strip(), code
