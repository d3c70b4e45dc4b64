"""Finding English words in a text that should be French: the one home of the scan that
the French page tests (``tests/web``) and the French board picture's test
(``tests/render``) run."""

from __future__ import annotations

import re

__all__ = ["ENGLISH", "english_words"]

# English words that are not French words too: one of them in a French text is a text
# the translation missed.
_ENGLISH_WORDS = """
    the and of to with your you is are in at for it by from this that not no yes tile
    tiles turn turns player players game games boat boats river tributary tributaries
    places puts draws drew winner scoring completed nobody piece pieces pass rules seat
    seats new create play waiting thinking confirm rotate take back yellow red green
    blue black happened during result variants link links copy fit notify loading left
    draw each first second third shared victory over where what human greedy random
    watching track space spaces explored placed turned hand open cell edge last next
    highlighted icon icons animals caimans
"""
#: The words :func:`english_words` finds.
ENGLISH = frozenset(_ENGLISH_WORDS.split())
# Words that are the same in both languages or are names: the game's and a tile's.
_NAMES = re.compile(r"Carcassonne|Amazonas|[A-Z][0-9]+\.[0-9]+|START\.[0-9]+")


def english_words(text: str) -> list[str]:
    """The English words of ``text`` (names left out), sorted, each once."""
    words = re.findall(r"[^\W\d_]+", _NAMES.sub(" ", text))
    return sorted({word for word in words if word.lower() in ENGLISH})
