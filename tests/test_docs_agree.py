"""Pages that quote the library agree with it and with each other: the concepts page's
board is what ``board_text`` draws, and the speed quoted by the README and the docs'
front page is the one ``docs/performance.md`` measured."""

from __future__ import annotations

import re
from pathlib import Path

from carcassonne_amazonas import new_game
from carcassonne_amazonas.render.text import board_text

ROOT = Path(__file__).resolve().parents[1]


def text_blocks(path: Path) -> list[str]:
    """The ``text`` code blocks of a Markdown page."""
    return re.findall(r"^```text\n(.*?)^```$", path.read_text(encoding="utf-8"),
                      re.MULTILINE | re.DOTALL)


def test_the_concepts_board_is_what_board_text_draws() -> None:
    drawn = board_text(new_game(2), legend=False).rstrip("\n")
    starts = [block for block in text_blocks(ROOT / "docs" / "concepts.md")
              if block.startswith("   -1  0  1  2\n")]
    assert len(starts) == 1
    assert starts[0].rstrip("\n") == drawn


def test_the_quoted_speed_is_the_measured_one() -> None:
    performance = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    loop = re.search(r"random 2-player games per second \(`legal_actions` loop\) "
                     r"\| \d+ \| \*\*(\d+)\*\*", performance)
    playout = re.search(r"`random_playout`, 2-player games per second \|[^|]*\| "
                        r"\*\*(\d+)\*\*", performance)
    assert loop is not None and playout is not None
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    index = " ".join((ROOT / "docs" / "index.md").read_text(encoding="utf-8").split())
    for page in (readme, index):
        assert f"About {loop.group(1)} random 2-player games per second" in page
        assert f"({playout.group(1)} with the `random_playout` fast path)" in page
