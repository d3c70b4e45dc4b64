"""Which code a strength figure measured: the commit and a fingerprint of the bots' code.

A saved result of ``ladder.py`` or ``mcts_match.py`` keeps, as ``"code"``:

- ``commit``: the git commit of the checkout the package was imported from (with
  ``+changes`` when the files the fingerprint reads differ from it), or the package's
  version when it is not a git checkout;
- ``source``: :func:`source_fingerprint`, a hash of what a game's decisions depend on:
  the Python and data files of the packages ``ai``, ``rules``, ``tiles`` and
  ``_support`` and the module ``errors``, normalised so that comments, docstrings,
  blank lines and line endings do not count.  A commit that changes only the web app,
  the command line or the docs keeps it;
- ``fingerprint``: :func:`fingerprint`, that hash together with the bots' options (the
  pair of bot kinds, or the two option sets).

The scripts reprint by default only the results whose fingerprint is that of the code
they run on (:func:`is_current`), and say what they left out (:func:`left_out_note`);
results saved before results named their code have no ``"code"`` and count as other
code.  Those files carry, as ``"code"``, what the git log says afterwards: the commit
that saved them (``saved_with``) and the source fingerprint there, no ``fingerprint``.

Run it to print the current code's record:

    python benchmarks/fingerprint.py
"""

from __future__ import annotations

import hashlib
import io
import json
import subprocess
import tokenize
from collections import Counter
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

import carcassonne_amazonas

#: The parts of the package a game's decisions depend on (relative to the package).
DECISION_PARTS = ("ai", "rules", "tiles", "_support", "errors.py")
#: The tokens that carry no behaviour (comments, line breaks inside a statement).
_SKIPPED = {tokenize.COMMENT, tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER}
#: Tokens written by their kind, not their text (indentation, statement ends).
_STRUCTURE = {tokenize.INDENT: "<indent>", tokenize.DEDENT: "<dedent>",
              tokenize.NEWLINE: "<newline>"}
#: f-strings are several tokens from Python 3.12 on, one before: rejoined as one.
_FSTRING_START = getattr(tokenize, "FSTRING_START", None)
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)


def _tokens(text: str) -> Iterator[tokenize.TokenInfo]:
    """The tokens of ``text`` with each f-string as one STRING token, as Python 3.11
    and earlier give it, so that the fingerprint is the same on every Python."""
    lines = text.splitlines(keepends=True)
    depth = 0
    start: tuple[int, int] = (0, 0)
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if _FSTRING_START is not None and token.type == _FSTRING_START:
            depth += 1
            if depth == 1:
                start = token.start
            continue
        if depth:
            if token.type == _FSTRING_END:
                depth -= 1
                if not depth:
                    (row, col), (end_row, end_col) = start, token.end
                    piece = "".join(lines[row - 1:end_row])
                    cut = len(piece) - len(lines[end_row - 1]) + end_col
                    yield token._replace(type=tokenize.STRING, string=piece[col:cut])
            continue
        yield token


def normalized_python(text: str) -> str:
    """The tokens of a module that carry behaviour, one a line: comments, blank lines,
    line breaks inside statements and bare string statements (docstrings) left out,
    indentation and statement ends written by their kind."""
    kept: list[str] = []
    statement: list[tokenize.TokenInfo] = []
    for token in _tokens(text):
        if token.type in _SKIPPED:
            continue
        if token.type in (tokenize.INDENT, tokenize.DEDENT):
            kept.append(_STRUCTURE[token.type])
            continue
        statement.append(token)
        if token.type == tokenize.NEWLINE:
            # A statement that is only strings is a docstring: it does nothing.
            if not all(part.type in (tokenize.STRING, tokenize.NEWLINE) for part in statement):
                kept += [_STRUCTURE.get(part.type, part.string) for part in statement]
            statement = []
    kept += [part.string for part in statement]
    return "\n".join(kept)


def _normalized(path: Path) -> str:
    """A file's text as it counts for the fingerprint."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return normalized_python(text)
    return "\n".join(line.rstrip() for line in text.splitlines())


def _decision_files(package: Path) -> Iterable[Path]:
    """The Python files of :data:`DECISION_PARTS` and the files of their data folders."""
    for part in DECISION_PARTS:
        path = package / part
        if path.is_file():
            yield path
            continue
        for found in sorted(path.rglob("*")):
            inside = found.relative_to(path).parts
            if found.is_file() and "__pycache__" not in inside and (
                    found.suffix == ".py" or "data" in inside[:-1]):
                yield found


def source_fingerprint(package: Path | None = None) -> str:
    """16 hexadecimal digits of a SHA-256 over the normalised files a game's decisions
    depend on (:data:`DECISION_PARTS`) of ``package`` (the imported package's folder
    by default), each with its path."""
    root = package if package is not None else Path(carcassonne_amazonas.__file__).parent
    digest = hashlib.sha256()
    for path in _decision_files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(_normalized(path).encode() + b"\0")
    return digest.hexdigest()[:16]


def fingerprint(source: str, options: Any) -> str:
    """16 hexadecimal digits that name code (``source``, a :func:`source_fingerprint`)
    and the bots' options (any JSON value) together."""
    text = json.dumps([source, options], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _git(*arguments: str) -> str | None:
    """A git command's output in the package's folder, or None when it fails."""
    folder = Path(carcassonne_amazonas.__file__).parent
    try:
        done = subprocess.run(["git", *arguments], cwd=folder, capture_output=True,
                              text=True, check=False, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def current_commit() -> str:
    """The commit the package was imported from, ``+changes`` when the files of
    :data:`DECISION_PARTS` differ from it; the package's version outside git."""
    commit = _git("rev-parse", "HEAD")
    if commit is None:
        return f"carcassonne-amazonas {carcassonne_amazonas.__version__} (not a git checkout)"
    folder = Path(carcassonne_amazonas.__file__).parent
    changed = _git("status", "--porcelain", "--", *(str(folder / part)
                                                    for part in DECISION_PARTS))
    return commit + ("+changes" if changed else "")


@lru_cache(maxsize=1)
def _current() -> tuple[str, str]:
    """The current commit and source fingerprint (worked out once per process)."""
    return current_commit(), source_fingerprint()


def code_record(options: Any) -> dict[str, str]:
    """What a saved result keeps as ``"code"``: the commit, the source fingerprint, and
    the fingerprint of that source with ``options`` (the bots')."""
    commit, source = _current()
    return {"commit": commit, "source": source, "fingerprint": fingerprint(source, options)}


def is_current(code: Any, options: Any) -> bool:
    """Whether a saved ``"code"`` record names the current code with ``options``
    (a result without one, saved before results named their code, does not)."""
    return (isinstance(code, dict)
            and code.get("fingerprint") == fingerprint(_current()[1], options))


def code_label(code: Any) -> str:
    """A saved ``"code"`` record in words, for the notes of a reprint."""
    if not isinstance(code, dict):
        return "code not recorded (saved before results named their code)"
    if "saved_with" in code:
        source = code.get("source", "?")
        same = ", the current source, which the games did not record" if (
            source == _current()[1]) else " there"
        return (f"code not recorded when measured; saved with commit "
                f"{str(code['saved_with'])[:10]} (source {source}{same})")
    commit = str(code.get("commit", "?"))
    short = commit[:10] + commit[40:] if len(commit) >= 40 else commit
    return f"commit {short}, source {code.get('source', '?')}"


def left_out_note(left_out: Iterable[Any], what: str) -> str:
    """Says how many ``what`` (e.g. "games") a reprint left out and on which code they
    were measured (``left_out`` holds their ``"code"`` records, None for none)."""
    counts = Counter(json.dumps(code, sort_keys=True) for code in left_out)
    if not counts:
        return ""
    total = sum(counts.values())
    _, source = _current()
    parts = [f"- {count} on {code_label(json.loads(text))}" for text, count in counts.items()]
    return "\n".join([f"Left out {total} {what} measured on other code than the current "
                      f"(commit {_current()[0][:10]}, source {source}), --all includes "
                      "them:", *parts])


def main() -> None:
    """Print the current code's record."""
    commit, source = _current()
    print(json.dumps({"commit": commit, "source": source}))


if __name__ == "__main__":
    main()
