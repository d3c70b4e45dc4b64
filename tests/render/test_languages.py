"""The texts a player reads, in French: the catalogs, the explanations of a whole game,
``str(state)``'s words, plurals and numbers; and English left byte for byte as it was.

The expected French explanations of a recorded game are checked in
(``tests/data/french-explanations.txt``); after a deliberate change of wording,
regenerate them with ``python tests/render/test_languages.py``.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from carcassonne_amazonas import GameRecord
from carcassonne_amazonas._support import i18n
from carcassonne_amazonas.render.explain import (
    describe_action,
    describe_events,
    results_text,
    variant_labels,
    variants_text,
)
from carcassonne_amazonas.render.text import state_text, winner_text
from carcassonne_amazonas.rules.engine import apply_action_with_events
from carcassonne_amazonas.rules.options import Rules
from carcassonne_amazonas.rules.players import PLAYER_COLOURS, colour

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
LOCALE = ROOT / "src" / "carcassonne_amazonas" / "locale"
RECORD = DATA / "french-game.record.json"
EXPECTED = DATA / "french-explanations.txt"
_PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def explanations(record: GameRecord, lang: str | None) -> str:
    """Every action of ``record`` beside what it did, one line each, then the results."""
    state = record.initial_state()
    lines: list[str] = []
    for number, action in enumerate(record.actions, start=1):
        after, events = apply_action_with_events(state, action)
        said = (describe_events(state, action, events, lang=lang)
                or [describe_action(state, action, lang=lang)])
        lines.extend(f"{number:>3} {action!s:<10} {line}" for line in said)
        state = after
    return "\n".join([*lines, results_text(state, lang=lang), variants_text(record.rules,
                                                                              lang=lang)]) + "\n"


def _record() -> GameRecord:
    return GameRecord.from_json(RECORD.read_text(encoding="utf-8"))


def _catalogs() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))


def test_french_is_available() -> None:
    assert i18n.languages() == ("en", "fr")
    assert {path.parent.parent.name for path in _catalogs()} == {"fr"}
    assert {path.stem for path in _catalogs()} == {"carcassonne_amazonas", "page"}


@pytest.mark.parametrize("path", _catalogs(), ids=lambda path: path.stem)
def test_every_message_has_a_translation(path: Path) -> None:
    """No empty msgstr, no fuzzy entry, and every placeholder of the English text kept."""
    with path.open("rb") as handle:
        catalog = read_po(handle)
    assert not catalog.fuzzy
    problems = []
    for message in catalog:
        if not message.id:
            continue
        forms = [str(form) for form in (message.string if isinstance(message.string, tuple)
                                        else (message.string,))]
        english = [str(text) for text in (message.id if isinstance(message.id, tuple)
                                          else (message.id,))]
        if message.fuzzy or not all(forms):
            problems.append(f"untranslated: {message.id!r}")
        wanted = set(_PLACEHOLDER.findall(english[-1]))
        for form in forms:
            if set(_PLACEHOLDER.findall(form)) != wanted:
                problems.append(f"placeholders differ: {message.id!r} -> {form!r}")
    assert problems == []
    assert len(catalog) > 40


def test_the_catalogs_are_up_to_date() -> None:
    """The templates hold every message of the code and the page, each .po is merged and
    each .mo compiled from it (``python tools/i18n.py`` makes them so)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        # (a script, not a module mypy is given: typed Any)
        tool: Any = importlib.import_module("i18n")
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert tool.check() == 0
    with (LOCALE / "carcassonne_amazonas.pot").open("rb") as handle:
        template = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle)}
    with (LOCALE / "fr" / "LC_MESSAGES" / "carcassonne_amazonas.po").open("rb") as handle:
        french = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(handle)}
    assert template == french


def test_the_explanations_of_a_whole_game_in_french() -> None:
    assert explanations(_record(), "fr") == EXPECTED.read_text(encoding="utf-8")


def test_the_expected_game_covers_every_kind_of_line() -> None:
    text = EXPECTED.read_text(encoding="utf-8")
    for rule in ("R-T3", "R-T4", "R-T5c", "R-T6", "R-T9", "R-A3", "R-A4", "R-E2", "R-E3",
                 "R-E4", "R-E5", "R-E6", "R-G7", "R-V1", "R-V2", "R-V3"):
        assert rule in text, rule
    for word in ("pirogue", "décompte final", "évaluation de l'Amazone", "affluent",
                 "complété", "réserve", "caïman"):
        assert word in text, word


def test_english_is_unchanged_by_the_mechanism() -> None:
    record = _record()
    assert explanations(record, None) == explanations(record, "en")
    english = explanations(record, None)
    assert "final scoring: the river, boats ranked" in english
    assert "pirogue" not in english
    state = record.initial_state()
    assert state_text(state) == str(state) == state_text(state, lang="en")


def test_str_of_a_state_in_french() -> None:
    state = _record().replay()[-1]
    text = state_text(state, lang="fr")
    assert "légende : . jungle  | - affluent" in text
    assert "fin de partie ; le gagnant est" in text
    assert "joueur" in text and "pirogue" in text
    for english in ("legend", "winner", "boats", "tributaries", "river column"):
        assert english not in text


@pytest.mark.parametrize(("count", "expected"),
                         [(0, "0 point"), (1, "1 point"), (2, "2 points"),
                          (12345, "12\u202f345 points"),
                          (1_000_000, "1\u202f000\u202f000 de points")])
def test_french_plurals_and_numbers(count: int, expected: str) -> None:
    assert i18n.texts("fr").count(count, "{n} point", "{n} points") == expected


def test_english_plurals_and_numbers_are_as_before() -> None:
    english = i18n.texts()
    assert [english.count(n, "{n} point", "{n} points") for n in (0, 1, 2, 12345)] == \
        ["0 points", "1 point", "2 points", "12345 points"]


def test_colours_and_winner_lines() -> None:
    assert [colour(p, lang="fr") for p in range(5)] == ["jaune", "rouge", "vert", "bleu", "noir"]
    assert [colour(p) for p in range(5)] == list(PLAYER_COLOURS)
    assert colour(7, lang="fr") == "joueur 7"
    assert winner_text((3, 1), (0,), lang="fr") == "le gagnant est jaune avec 3 points"
    assert winner_text((1, 1), (0, 1), names=("Ann", ""), lang="fr") == \
        "victoire partagée : Ann et rouge avec 1 point chacun"


def test_variant_labels_are_the_one_home_of_the_variants_words() -> None:
    english, french = variant_labels(), variant_labels("fr")
    assert set(english) == set(french) == set(Rules.VARIANTS)
    for name, option in Rules.VARIANTS.items():
        assert english[name]["rule"] == option.rule
        values = [str(value).lower() for value in option.values]
        assert list(english[name]["choices"]) == values  # type: ignore[call-overload]
    assert french["amazon_ranking"]["choices"] == {"dense": "deuxième (standard)",
                                                   "competition": "troisième (classement par rang)"}
    assert variants_text(Rules.from_options({"bonus_river": True}), lang="fr") == \
        "variantes : tuiles Amazone du fleuve bonus (R-V3)"


@pytest.mark.parametrize(("header", "expected"),
                         [("fr-CH, fr;q=0.9, en;q=0.8", "fr"), ("en-GB,en;q=0.9,fr;q=0.8", "en"),
                          ("de-DE, fr;q=0.5", "fr"), ("de, es", "en"), ("", "en"), (None, "en"),
                          ("fr;q=0, en", "en"), ("*", "en"), ("fr;q=abc, en;q=0.1", "en")])
def test_accept_language_picks_an_available_language(header: str | None, expected: str) -> None:
    assert i18n.best_language(header) == expected


@pytest.mark.parametrize(("environ", "expected"),
                         [({"LANG": "fr_FR.UTF-8"}, "fr"),
                          ({"LC_ALL": "fr_CA", "LANG": "en_US"}, "fr"),
                          ({"LC_ALL": "C", "LANG": "fr_FR"}, "en"), ({"LANGUAGE": "de:fr"}, "fr"),
                          ({}, "en"), ({"LANG": "de_DE.UTF-8"}, "en")])
def test_the_locale_picks_the_command_line_language(environ: dict[str, str],
                                                    expected: str) -> None:
    assert i18n.environment_language(environ) == expected


def test_an_unknown_language_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match=r"unknown language 'xx'; the languages are en, fr"):
        i18n.texts("xx")
    with pytest.raises(TypeError, match="lang must be a str"):
        i18n.check_lang(3)
    with pytest.raises(ValueError, match="unknown language"):
        state_text(_record().initial_state(), lang="de")


def test_library_exceptions_stay_in_english() -> None:
    state = _record().initial_state()
    with pytest.raises(Exception, match=r"R-") as raised:
        describe_action(state, "p", lang="fr")
    assert "pirogue" not in str(raised.value)


if __name__ == "__main__":
    EXPECTED.write_text(explanations(_record(), "fr"), encoding="utf-8")
