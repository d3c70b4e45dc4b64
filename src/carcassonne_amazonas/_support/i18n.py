"""The languages a player reads: the compiled gettext catalogs and how a text picks one.

Every text a player reads (the explanations, ``str(state)``, the command line's ``play``
and ``replay``, the web page) is written in English in the code and looked up in the
catalog of the chosen language: ``locale/<lang>/LC_MESSAGES/<domain>.mo`` inside the
package, read by the standard library's :mod:`gettext` (Babel makes the catalogs, see
``tools/i18n.py``; it is not needed at run time).  English is the code's own text, so
it needs no catalog, and a language is available once its catalog is there: adding one
is adding a catalog.  The domain ``carcassonne_amazonas`` holds the library's, the
command line's and the server's texts; ``page`` those of the web page's own files.

Exceptions raised to programs stay in English, as Python's do.
"""

from __future__ import annotations

import functools
import gettext
import os
import re
import struct
from collections.abc import Mapping
from pathlib import Path

__all__ = ["DEFAULT", "DOMAIN", "PAGE_DOMAIN", "Texts", "best_language", "catalog_json",
           "check_lang", "environment_language", "language_names", "languages", "texts"]

#: The language of the code's own texts; it needs no catalog.
DEFAULT = "en"
#: The catalog of the library's, the command line's and the server's texts.
DOMAIN = "carcassonne_amazonas"
#: The catalog of the web page's own files (``web/static``).
PAGE_DOMAIN = "page"

_LOCALE = Path(__file__).resolve().parent.parent / "locale"
_LANG = re.compile(r"[a-z]{2,3}")


@functools.cache
def languages() -> tuple[str, ...]:
    """The languages a player may choose: English, then every language whose compiled
    catalogs ship with the package, by code (``('en', 'fr')``)."""
    found = sorted(path.parent.parent.name for path in _LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (DEFAULT, *(lang for lang in found if lang != DEFAULT))


def check_lang(lang: object) -> str:
    """``lang`` if it names an available language (``'en'``, ``'fr'``); ``None`` is
    English.  ``TypeError`` for another type, ``ValueError`` naming the languages for an
    unknown one."""
    if lang is None:
        return DEFAULT
    if not isinstance(lang, str):
        raise TypeError(f"lang must be a str such as 'fr', not {type(lang).__name__}")
    if lang not in languages():
        shown = lang if len(lang) <= 20 else lang[:20] + "..."
        raise ValueError(f"unknown language {shown!r}; the languages are "
                         f"{', '.join(languages())}")
    return lang


class Texts:
    """The texts of one language: its translations and how it writes numbers.

    ``gettext``, ``ngettext`` and ``pgettext`` are the standard library's; the English
    ``Texts`` returns the code's text unchanged, so English output is what it always
    was.  Make one with :func:`texts`.
    """

    __slots__ = ("_catalog", "lang")

    def __init__(self, lang: str, catalog: gettext.NullTranslations) -> None:
        self.lang = lang
        self._catalog = catalog

    def gettext(self, message: str) -> str:
        """``message`` in this language."""
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The form of ``singular``/``plural`` for ``count`` by this language's plural
        rule (French: ``0 point``, ``1 point``, ``2 points``)."""
        return self._catalog.ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in ``context`` (a word with two meanings), in this language."""
        return self._catalog.pgettext(context, message)

    def number(self, value: int) -> str:
        """A whole number as this language writes it: from 10 000 on, the thousands
        grouped by the catalog's separator (French: a narrow no-break space); English
        has none and writes ``12345``, as the code always did."""
        separator = self._catalog.pgettext("number", "thousands separator")
        if separator == "thousands separator" or abs(value) < 10_000:
            return str(value)
        digits = f"{abs(value):,}".replace(",", separator)
        return f"-{digits}" if value < 0 else digits

    def count(self, count: int, singular: str, plural: str) -> str:
        """``count`` and its word, both in this language: ``ngettext`` of ``{n} ...``
        messages, with the number written by :meth:`number`."""
        return self.ngettext(singular, plural, count).format(n=self.number(count))


@functools.cache
def texts(lang: str | None = None) -> Texts:
    """The :class:`Texts` of ``lang`` (``None``: English), read once from its catalog;
    errors as :func:`check_lang` says."""
    lang = check_lang(lang)
    if lang == DEFAULT:
        return Texts(lang, gettext.NullTranslations())
    return Texts(lang, gettext.translation(DOMAIN, _LOCALE, languages=[lang]))


def _choices(text: str) -> list[str]:
    """The language codes of a header or a locale name, in order: ``fr_FR.UTF-8`` ->
    ``fr``; ``fr-CH, fr;q=0.9, en;q=0.8`` by weight."""
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate(text.split(",")):
        name, _, params = part.strip().partition(";")
        weight = 1.0
        match = re.fullmatch(r"\s*q\s*=\s*([0-9.]{1,8})\s*", params)
        if params and match is None:
            continue
        if match is not None:
            try:
                weight = float(match.group(1))
            except ValueError:
                continue
        code = re.split(r"[-_.@]", name.strip().lower(), maxsplit=1)[0]
        if weight > 0 and _LANG.fullmatch(code):
            weighted.append((-weight, index, code))
    return [code for _, _, code in sorted(weighted)]


def best_language(header: str | None) -> str:
    """The available language an ``Accept-Language`` header prefers most
    (``fr-CH, fr;q=0.9, en;q=0.8`` -> ``fr``), English if none is available."""
    for code in _choices(header or "")[:20]:
        if code in languages():
            return code
    return DEFAULT


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the user's locale, as gettext reads it: the first of
    ``LANGUAGE`` (a colon-separated list), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``
    that is set, if its language is available; else English (``C`` and ``POSIX`` are
    English)."""
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable, "")
        if not value:
            continue
        for name in value.split(":"):
            codes = _choices(name)
            if codes and codes[0] in languages():
                return codes[0]
        return DEFAULT
    return DEFAULT


@functools.cache
def catalog_json(lang: str) -> Mapping[str, object]:
    """The web page's catalog of ``lang`` as JSON for the page's script: ``lang`` and
    ``messages``, each msgid to its text, or, for a text with a count, the singular to
    its forms in the order of the language's CLDR plural categories (as Babel writes
    them; the page picks one with ``Intl.PluralRules``)."""
    lang = check_lang(lang)
    if lang == DEFAULT:
        return {"lang": lang, "messages": {}}
    path = _LOCALE / lang / "LC_MESSAGES" / f"{PAGE_DOMAIN}.mo"
    return {"lang": lang, "messages": _read_mo(path.read_bytes())}


def language_names() -> dict[str, str]:
    """Each available language by its own name (``{'en': 'English', 'fr': 'Français'}``),
    as its catalog translates the word ``English`` in context ``language name``."""
    return {lang: texts(lang).pgettext("language name", "English") for lang in languages()}


def _read_mo(data: bytes) -> dict[str, object]:
    """The messages of a compiled catalog (GNU .mo, little-endian as Babel writes it),
    without its header."""
    magic, _version, count, originals, translations = struct.unpack("<5I", data[:20])
    if magic != 0x950412DE:
        raise ValueError("not a little-endian GNU .mo catalog")
    messages: dict[str, object] = {}
    for index in range(count):
        length, offset = struct.unpack_from("<2I", data, originals + 8 * index)
        key = data[offset:offset + length].decode("utf-8")
        length, offset = struct.unpack_from("<2I", data, translations + 8 * index)
        value = data[offset:offset + length].decode("utf-8")
        if not key:
            continue  # the header
        if "\x00" in key:
            messages[key.split("\x00")[0]] = value.split("\x00")
        else:
            messages[key] = value
    return messages
