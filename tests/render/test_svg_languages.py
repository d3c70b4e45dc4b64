"""The board picture in French (issue 37): ``board_svg(..., lang="fr")`` writes every word
a person reads (the tooltips of the tiles, icons, pieces and boats, the legend, the score
table, the tile in hand, the picture's title) in French, and leaves the classes, the
data and the fill colours as they are.  English, the default, is unchanged."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from carcassonne_amazonas import GameRecord, GameState
from carcassonne_amazonas.render.svg import board_svg
from carcassonne_amazonas.rules.engine import apply_action
from language_helpers import english_words

RECORD = Path(__file__).resolve().parents[1] / "data" / "french-game.record.json"
_WORDS = re.compile(r"<title>([^<]*)</title>|>([^<>]+)</text>")


def _words(svg: str) -> str:
    """The words a person reads in an SVG document: its titles and texts, one a line."""
    return "\n".join(title or text for title, text in _WORDS.findall(svg))


def _positions() -> list[GameState]:
    """The states of a whole recorded game: every fifth one and the last."""
    record = GameRecord.from_json(RECORD.read_text(encoding="utf-8"))
    state = record.initial_state()
    states = [state]
    for action in record.actions:
        state = apply_action(state, action)
        states.append(state)
    return [*states[::5], states[-1]]


def _marks(svg: str) -> list[tuple[str, str]]:
    """The classes, data and fill colours of ``svg``, in order: what a page or a test
    relies on (the sizes may change: a longer label takes more room)."""
    found = re.findall(r'\b(class|data-[a-z-]+|fill)="([^"]*)"', svg)
    sizes = ("data-cell-size", "data-origin-x", "data-origin-y")
    return [(name, value) for name, value in found if name not in sizes]


def test_the_board_picture_in_french_has_no_english_word() -> None:
    seen_pieces = False
    for state in _positions():
        last = state.board.placements[-1]
        variants: list[dict[str, Any]] = [
                {}, {"compact": True, "scores": True},
                        {"show_open": True, "highlight_cells": [last.position],
                         "highlight_feature": (last.position, 0)}]
        for options in variants:
            svg = str(board_svg(state, lang="fr", **options))
            text = _words(svg)
            assert english_words(text) == [], [line for line in text.splitlines()
                                               if english_words(line)]
            english = str(board_svg(state, **options))
            assert _marks(svg) == _marks(english)  # only the words change
            seen_pieces = seen_pieces or 'class="piece meeple"' in svg
    assert seen_pieces


def test_the_french_words_are_the_rulebooks() -> None:
    state = _positions()[-1]
    text = _words(str(board_svg(state, lang="fr", show_open=True)))
    assert "pirogue (jaune) sur la case" in text
    assert "icône de pirogue" in text and "icône de fruits" in text
    assert "partie terminée" in text
    assert re.search(r"meeple (jaune|rouge|vert|bleu|noir)", text)
    english = _words(str(board_svg(state)))
    assert "yellow boat on river space" in english and "Boat" in english.splitlines()


def test_an_unknown_language_is_refused() -> None:
    state = _positions()[0]
    with pytest.raises(ValueError, match="unknown language 'xx'"):
        board_svg(state, lang="xx")
    with pytest.raises(TypeError, match="lang must be a str"):
        board_svg(state, lang=3)  # type: ignore[arg-type]
