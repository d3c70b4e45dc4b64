"""Texts a user's parser or text UI must accept or refuse: action notation and tile-set
files, valid and malformed (private; the strategies are exported by
:mod:`carcassonne_amazonas.testing`).

The library is the judge: a valid text is one the library reads
(:func:`~carcassonne_amazonas.rules.notation.parse_action`,
:func:`~carcassonne_amazonas.tiles.tilefile.tileset_problems` empty), a malformed one is
one it refuses (``NotationError``, a problem listed), so the strategies follow the
notation and the file format wherever they go.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import attrs

from .._support.extras import missing_extra
from .._support.tracing import untraced

try:
    from hypothesis import strategies as st
except ImportError as error:  # pragma: no cover - depends on what is installed
    raise missing_extra(__name__, "testing", error) from error

from ..errors import NotationError
from ..rules.notation import format_action, parse_action
from ..tiles.reference import reference_text
from ..tiles.tilefile import tileset_problems
from ._strategies import actions

__all__ = ["TileSetText", "notation_texts", "tileset_files"]

#: Characters a malformed text gains: separators, signs, letters, spaces, a digit, a
#: non-ASCII letter.
_NOISE = (",", ";", "-", "+", " ", "x", "T", "9", "é", ".", "\n", "'")


def notation_texts(valid: bool | None = True) -> st.SearchStrategy[str]:
    """Action notation (:mod:`~carcassonne_amazonas.rules.notation`): with ``valid``
    True, the notation of an action of any class (``'t0,4,90'``, ``'m-1,3,2'``, ``'p'``,
    ``'d81'``, from :func:`actions`) that
    :func:`~carcassonne_amazonas.rules.notation.parse_action` reads (numbers too long to
    read are left out); with False, such a text broken by a character removed, added or
    replaced, cut short or run together with another, which ``parse_action`` refuses
    with :class:`~carcassonne_amazonas.errors.NotationError`; with None, either."""
    if valid is None:
        return st.one_of(notation_texts(True), notation_texts(False))
    texts = actions().map(format_action).filter(lambda text: not _refused(text))
    if valid:
        return texts
    return st.builds(_broken, texts, st.data()).filter(_refused)


def _broken(text: str, data: st.DataObject) -> str:
    index = data.draw(st.integers(0, len(text)), label="where")
    how = data.draw(st.sampled_from(("drop", "add", "replace", "cut", "join", "empty")),
                    label="how")
    noise = data.draw(st.sampled_from(_NOISE), label="noise")
    if how == "drop":
        return text[:index] + text[index + 1:]
    if how == "add":
        return text[:index] + noise + text[index:]
    if how == "replace":
        return text[:index] + noise + text[index + 1:]
    if how == "cut":
        return text[:index]
    if how == "join":
        return text + noise.strip() + text
    return noise.strip()


def _refused(text: str) -> bool:
    """Whether ``parse_action`` refuses ``text`` (with NotationError, and only that)."""
    try:
        with untraced():  # the library's work, not the user's (see _support/tracing.py)
            parse_action(text)
    except NotationError:
        return True
    return False


@attrs.frozen
class TileSetText:
    """A tile-set file drawn by :func:`tileset_files`: ``text``, whether it is ``valid``
    (:func:`~carcassonne_amazonas.tiles.tilefile.parse_tileset` reads it) or not (it
    raises :class:`~carcassonne_amazonas.errors.TileSetError` and
    :func:`~carcassonne_amazonas.tiles.tilefile.tileset_problems` lists why), and
    ``change``, what was done to a shipped file to make it."""

    text: str = attrs.field(repr=lambda text: f"<{len(text.splitlines())} lines>")
    valid: bool
    change: str


def tileset_files(valid: bool | None = True) -> st.SearchStrategy[TileSetText]:
    """Tile-set files (:mod:`~carcassonne_amazonas.tiles.tilefile`), for testing a tile
    editor or a loader of your own beside
    :func:`~carcassonne_amazonas.tiles.tilefile.tileset_problems`.

    Valid (``valid`` True): a shipped file (the reference set, or the one with the
    bonus river tiles, R-V3) renamed, with comment and blank lines put in.  Invalid
    (False): such a file with one line dropped, doubled, cut short or with one word
    replaced, among them unknown terrains, ports and icons, wrong counts and broken
    layouts, each one the library refuses.  None: either.
    """
    if valid is None:
        return st.one_of(tileset_files(True), tileset_files(False))
    files = st.builds(_untraced(_renamed), st.booleans(), st.integers(0, 999), st.data())
    if valid:
        return files.filter(lambda drawn: not _problems(drawn.text))
    return st.builds(_untraced(_broken_file), files, st.data()).filter(
        lambda drawn: bool(_problems(drawn.text)))


def _untraced(build: Callable[..., TileSetText]) -> Callable[..., TileSetText]:
    """``build``, run with the explain phase's tracer paused (see _support/tracing.py)."""
    @functools.wraps(build)
    def run(*args: Any) -> TileSetText:
        with untraced():
            return build(*args)
    return run


def _problems(text: str) -> list[str]:
    with untraced():  # the library's work, not the user's (see _support/tracing.py)
        return tileset_problems(text)


def _renamed(bonus_river: bool, number: int, data: st.DataObject) -> TileSetText:
    lines = reference_text(bonus_river=bonus_river).splitlines()
    lines = [f"tileset my-set-{number}" if line.startswith("tileset ") else line
             for line in lines]
    for _ in range(data.draw(st.integers(0, 3), label="comments")):
        where = data.draw(st.integers(0, len(lines)), label="comment line")
        lines.insert(where, data.draw(st.sampled_from(("", "# a comment", "   "))))
    shipped = "the bonus river set" if bonus_river else "the reference set"
    return TileSetText("\n".join(lines) + "\n", True, f"{shipped}, renamed, comments added")


_WORDS = ("tributary", "jungle", "village", "amazon", "river", "N2", "Q9", "E", "S3@9,9",
          "x0", "x-1", "boat", "piranha*0", "dragon", "copy", "layout", "0", "99999", '"',
          "standard", "double", "expect", "2-9")


def _broken_file(valid: TileSetText, data: st.DataObject) -> TileSetText:
    lines = valid.text.splitlines()
    index = data.draw(st.integers(0, len(lines) - 1), label="line")
    how = data.draw(st.sampled_from(("replace a word", "drop the line", "double the line",
                                     "cut the line")), label="how")
    line = lines[index]
    if how == "replace a word":
        words = line.split()
        if not words:
            words = [""]
        at = data.draw(st.integers(0, len(words) - 1), label="word")
        words[at] = data.draw(st.sampled_from(_WORDS), label="new word")
        lines[index] = " ".join(words)
    elif how == "drop the line":
        del lines[index]
    elif how == "double the line":
        lines.insert(index, line)
    else:
        lines[index] = line[:len(line) // 2]
    return TileSetText("\n".join(lines) + "\n", False, f"{valid.change}; line {index + 1}: {how}")
