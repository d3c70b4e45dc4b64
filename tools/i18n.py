"""Make the translation catalogs: extract the messages, update each language, compile.

    python tools/i18n.py            # extract, update and compile (what a change of text needs)
    python tools/i18n.py extract    # only the templates (locale/*.pot)
    python tools/i18n.py update     # extract, then merge the templates into every .po
    python tools/i18n.py compile    # only compile every .po into its .mo
    python tools/i18n.py check      # fail if a template, a catalog or a .mo is out of date

Needs Babel (``pip install -e '.[i18n]'``); the package reads the compiled ``.mo``
files with the standard library at run time, so they are committed and ship in the
wheel.  Two domains (see ``carcassonne_amazonas._support.i18n``):

- ``carcassonne_amazonas``: the Python code's ``gettext``/``ngettext``/``pgettext``
  calls and ``Texts.count(n, singular, plural)``, the words of the data (the players'
  colours in context ``colour``, the reference tile sets' layout titles in context
  ``layout``);
- ``page``: the web page's script (``t("...")``, ``tn("...", "...", n)``) and the
  ``data-t`` texts and ``data-t-attrs`` attributes of ``index.html``.

``extract`` is ``pybabel extract`` through Babel's own extraction functions (the same
extractors and keywords), with the data's words added; ``update`` and ``compile`` run
``pybabel update`` and ``pybabel compile``.  A new language: ``pybabel init -D DOMAIN
-i src/carcassonne_amazonas/locale/DOMAIN.pot -d src/carcassonne_amazonas/locale -l de``
for both domains, translate, then ``python tools/i18n.py``.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "carcassonne_amazonas"
LOCALE = PACKAGE / "locale"
DOMAINS = ("carcassonne_amazonas", "page")

_PYTHON_KEYWORDS = {"gettext": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                    "count": (2, 3)}
_PAGE_KEYWORDS = {"t": None, "tn": (1, 2)}


class _PageTexts(HTMLParser):
    """The ``data-t`` texts (whitespace folded) and ``data-t-attrs`` attributes of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, bool, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        for name in (named.get("data-t-attrs") or "").split():
            value = named.get(name)
            if value:
                self.found.append((self.getpos()[0], " ".join(value.split())))
        if tag not in ("input", "img", "meta", "link", "br", "hr"):
            self._open.append((tag, "data-t" in named, []))

    def handle_data(self, data: str) -> None:
        for _tag, _marked, texts in self._open:
            texts.append(data)

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            open_tag, marked, texts = self._open.pop()
            if marked:
                self.found.append((self.getpos()[0], " ".join("".join(texts).split())))
            if open_tag == tag:
                break


def page_html_messages(path: Path) -> list[tuple[int, str]]:
    """``(line, message)`` of every text of ``index.html`` that the page translates."""
    parser = _PageTexts()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.found


def _data_words() -> Iterator[tuple[str, str, str]]:
    """``(context, message, where)`` of the words the data holds."""
    sys.path.insert(0, str(ROOT / "src"))
    from carcassonne_amazonas.rules.players import PLAYER_COLOURS
    from carcassonne_amazonas.tiles.reference import reference_tileset

    for name in PLAYER_COLOURS:
        yield "colour", name, "rules/players.py"
    titles: dict[str, None] = {}
    for bonus in (False, True):
        for layout in reference_tileset(bonus_river=bonus).layouts:
            titles.setdefault(layout.title)
    for title in titles:
        yield "layout", title, "tiles/data/amazonas.tiles"


def _code_directory(path: str) -> bool:
    """Every package of the code, private ones included (Babel skips ``_x`` by default)."""
    return not Path(path).name.startswith((".", "__"))


def extract() -> dict[str, bytes]:
    """The template (.pot) of each domain, as bytes."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.pofile import write_po

    made: dict[str, bytes] = {}
    for domain in DOMAINS:
        catalog = Catalog(project="carcassonne-amazonas", domain=domain, fuzzy=False)
        if domain == "page":
            source = PACKAGE / "web" / "static"
            found = extract_from_dir(source, [("**.js", "javascript")],
                                     keywords=_PAGE_KEYWORDS, comment_tags=("TRANSLATORS:",))
            for line, html_text in page_html_messages(source / "index.html"):
                catalog.add(html_text, locations=[("web/static/index.html", line)])
        else:
            found = extract_from_dir(PACKAGE, [("**.py", "python")],
                                     keywords=_PYTHON_KEYWORDS,
                                     comment_tags=("TRANSLATORS:",),
                                     directory_filter=_code_directory)
            for word_context, word, where in _data_words():
                catalog.add(word, locations=[(where, 0)], context=word_context)
        for filename, lineno, message, comments, context in found:
            place = f"web/static/{filename}" if domain == "page" else filename
            catalog.add(message, locations=[(place, lineno)], auto_comments=comments,
                        context=context)
        out = io.BytesIO()
        write_po(out, catalog, width=96, sort_output=True, omit_header=False)
        # The creation date changes on every run; a stable template diffs cleanly.
        text = re.sub(rb'"POT-Creation-Date: [^"]*"',
                      b'"POT-Creation-Date: 2026-01-01 00:00+0000\\\\n"', out.getvalue())
        made[domain] = text
    return made


def _pybabel(*args: str) -> None:
    from babel.messages.frontend import CommandLineInterface

    CommandLineInterface().run(["pybabel", "-q", *args])  # type: ignore[no-untyped-call]


def main(argv: list[str]) -> int:
    step = argv[0] if argv else "all"
    if step not in ("all", "extract", "update", "compile", "check"):
        print(__doc__)
        return 2
    if step == "check":
        return check()
    if step in ("all", "extract", "update"):
        for domain, text in extract().items():
            (LOCALE / f"{domain}.pot").write_bytes(text)
    if step in ("all", "update"):
        for domain in DOMAINS:
            _pybabel("update", "-D", domain, "-i", str(LOCALE / f"{domain}.pot"),
                     "-d", str(LOCALE), "-w", "96", "--no-fuzzy-matching",
                     "--ignore-pot-creation-date")
    if step in ("all", "compile"):
        for domain in DOMAINS:
            _pybabel("compile", "-D", domain, "-d", str(LOCALE), "--statistics")
    return 0


def check() -> int:
    """0 if the templates match the code and every .mo its .po; else 1, saying which."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    stale = [f"{domain}.pot" for domain, text in extract().items()
             if (LOCALE / f"{domain}.pot").read_bytes() != text]
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as handle:
            catalog = read_po(handle)
        out = io.BytesIO()
        write_mo(out, catalog)
        if po.with_suffix(".mo").read_bytes() != out.getvalue():
            stale.append(str(po.with_suffix(".mo").relative_to(LOCALE)))
    for name in stale:
        print(f"out of date: {name} (run python tools/i18n.py)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
