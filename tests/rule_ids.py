"""Rule ids in their one written form, and the repository owning its specification.

Rule ids are defined in ``docs/rules.md``: each rule's heading ``### R-T5 — ...``,
and sub-rules in bold inside an entry (``**R-T5a**``).  Everywhere they are cited
they are written ``R-T5`` (prose, docstrings, comments) and ``(R-T5)`` at the end of
error messages; a range is ``R-A1–R-A3``.

This module finds what breaks that, for ``tests/test_rule_ids.py`` and by hand:

``python tests/rule_ids.py``
    lists every old form (``T5``, ``(T5)``, ``RULES F7``), every cited id that
    ``docs/rules.md`` does not define and every pointer outside the repository
    (the rulebook digest or tile-set notes kept beside a checkout, absolute paths),
    with file and line; exit code 1 if there is any.
``python tests/rule_ids.py --fix``
    rewrites the old forms into the new one in place (``RULES T2–T5`` becomes
    ``R-T2–R-T5``), then lists what is left for a person to decide.

An old form is a bare id of the rulebook's families (C, G, F, T, M, A, E) that no
``R-`` precedes.  Some bare tokens are not rule ids and are left alone: port names
(``E1``..``E3`` on a line that names other ports such as ``N2`` or ``W3``, or after
the word ``port``), layout and tile names (``A1`` after ``layout``, ``A4.1``),
anything inside quotes (``"A1"`` in code is data) and the lines of tile-set files
outside their comments.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RULES_PAGE = ROOT / "docs" / "rules.md"

#: Folders and files whose text is checked (the repository's own files).
CHECKED = ("src", "tests", "docs", "examples", "benchmarks", "README.md", "CHANGELOG.md",
           "pyproject.toml", ".ci")
#: The files that describe the old forms and are not checked for them.
SELF = {"rule_ids.py", "test_rule_ids.py"}
SKIPPED_PARTS = {"_build", "_generated", "__pycache__", ".hypothesis", ".mypy_cache",
                 ".pytest_cache", ".ruff_cache"}
TEXT_SUFFIXES = {".py", ".md", ".tiles", ".toml", ".txt", ".cfg", ".ini", ""}

# A bare id of the rulebook's families: not inside a word, a tile name (A4.1), a
# port with a cell (E2@0,1) or a range of ports (E1..E3), and not already R-prefixed.
_BARE = re.compile(r"(?<![\w.@\\])(?<!R-)(?<!\.\.)([CGFTMAEV](?:10|[1-9]))([a-c])?"
                   r"(?![\w@]|\\?\.\d|\.\.|,-?\d)")
_VALID = ({f"C{i}" for i in range(1, 10)} | {f"G{i}" for i in range(1, 8)}
          | {f"F{i}" for i in range(1, 9)} | {f"T{i}" for i in range(1, 11)} | {"M1"}
          | {f"A{i}" for i in range(1, 5)} | {f"E{i}" for i in range(1, 7)}
          | {f"V{i}" for i in range(1, 4)})
_OTHER_PORT = re.compile(r"(?<![\w.])[NSW][123](?![\w])")
_RULES_PREFIX = re.compile(r"\bRULES (?=[CGFTMAEV]\d)")
_HYPHEN_RANGE = re.compile(r"(R-[A-Z]+\d+[a-z]?)-(?=R-)")
_CITED = re.compile(r"(?<![\w-])R-([A-Z]+\d+[a-z]?)(?![\w])")
_DEFINED = re.compile(r"^### R-([A-Z]+\d+) — |\*\*R-([A-Z]+\d+[a-z])\*\*", re.MULTILINE)
_OUTSIDE = re.compile(r"\b(?:RULES|TILESET|FRONTEND-NOTES)\.md\b|/work/|/home/|/Users/|"
                      r"\.\./\.\./")


def repository_files() -> list[Path]:
    """The repository's own text files that are checked (see :data:`CHECKED`)."""
    files: list[Path] = []
    for entry in CHECKED:
        path = ROOT / entry
        if path.is_file():
            files.append(path)
        elif path.is_dir():
            files += [p for p in sorted(path.rglob("*")) if p.is_file()
                      and p.suffix in TEXT_SUFFIXES and not SKIPPED_PARTS & set(p.parts)]
    return files


def _quoted(line: str, start: int, end: int) -> bool:
    """Whether ``line[start:end]`` is directly inside quotes: ``"A1"``, ``'E2'``."""
    before = line[start - 1] if start else ""
    after = line[end] if end < len(line) else ""
    return before in "\"'" and after == before


def _checked_part(path: Path, line: str) -> int:
    """Where the text that may cite rules starts: the comment of a tile-set line."""
    if path.suffix == ".tiles":
        return line.index("#") if "#" in line else len(line)
    return 0


def old_forms(path: Path, line: str) -> Iterator[re.Match[str]]:
    """The bare rule ids of one line (see the module for what is not one)."""
    start = _checked_part(path, line)
    # An en dash escaped in Python source (A1\u2013A3) separates ids like the dash itself;
    # the mask keeps every index of the line.
    masked = line.replace("\\u2013", "\0" * 5 + "\u2013")
    for match in _BARE.finditer(masked, start):
        rule = match.group(1)
        if rule not in _VALID or _quoted(line, match.start(), match.end()):
            continue
        words = re.findall(r"[A-Za-z]+", line[:match.start()])
        word = words[-1].lower() if words else ""
        # In parentheses, (F2), it is a rule id whatever word comes before it.
        named = word in ("layout", "port", "ports") and line[match.start() - 1] != "("
        if named or (rule in ("E1", "E2", "E3") and _OTHER_PORT.search(line)):
            continue
        yield match


def converted(path: Path, line: str) -> str:
    """The line with its old forms written ``R-T5`` (and ``RULES T5`` as ``R-T5``)."""
    line = _RULES_PREFIX.sub("", line)
    pieces = []
    last = 0
    for match in old_forms(path, line):
        pieces += [line[last:match.start()], "R-", match.group(0)]
        last = match.end()
    line = "".join([*pieces, line[last:]])
    return _HYPHEN_RANGE.sub(r"\1–", line)


def defined_ids() -> set[str]:
    """The rule ids that ``docs/rules.md`` defines (headings and bold sub-rules)."""
    text = RULES_PAGE.read_text(encoding="utf-8")
    return {a or b for a, b in _DEFINED.findall(text)}


def problems(files: list[Path] | None = None) -> list[str]:
    """Every old form, undefined id and pointer outside the repository, as
    ``path:line: what``, in file and line order."""
    defined = defined_ids()
    found = []
    for path in files if files is not None else repository_files():
        where = path.relative_to(ROOT)
        about_the_forms = path.name in SELF  # quotes the old forms to describe them
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if about_the_forms:
                continue
            for match in old_forms(path, line):
                found.append(f"{where}:{number}: rule id {match.group(0)!r} is not written "
                             f"R-{match.group(0)}: {line.strip()}")
            if _RULES_PREFIX.search(line):
                found.append(f"{where}:{number}: 'RULES <id>' is written R-<id>: "
                             f"{line.strip()}")
            for rule in _CITED.findall(line[_checked_part(path, line):]):
                if rule not in defined:
                    found.append(f"{where}:{number}: R-{rule} is not defined in "
                                 f"docs/rules.md: {line.strip()}")
            if _OUTSIDE.search(line):
                found.append(f"{where}:{number}: points outside the repository: "
                             f"{line.strip()}")
    return found


def fix(files: list[Path]) -> int:
    """Rewrite the old forms of ``files`` in place; the number of lines changed."""
    changed = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        lines = text.split("\n")
        new = [converted(path, line) for line in lines]
        changed += sum(1 for a, b in zip(lines, new) if a != b)
        if new != lines:
            path.write_text("\n".join(new), encoding="utf-8")
    return changed


def main(argv: list[str]) -> int:
    """The command line (see the module)."""
    files = repository_files()
    if "--fix" in argv:
        print(f"rewrote {fix([f for f in files if f.name not in SELF])} lines")
    found = problems(files)
    for problem in found:
        print(problem)
    print(f"{len(found)} problem{'' if len(found) == 1 else 's'}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
