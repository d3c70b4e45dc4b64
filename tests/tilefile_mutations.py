"""The small tile set that the tile-set file tests mutate, and their helpers.

``MINI`` is a complete, valid tile-set text (docs/tileset.md): the start tile (R-C5), two
standard tiles, one '!' Amazon tile (R-C3) and one double tile (R-C4).  :func:`mutate`
edits it in one place; :func:`problem_with` picks the problem a test expects out of
``tileset_problems`` and :func:`line_of` gives the line number it must name.

Used by ``tests/tiles/test_tilefile.py``, ``test_tilefile_layouts.py`` and
``test_tilefile_directives.py``.
"""

from __future__ import annotations

# A small complete and valid tile set: start tile, 2 standard tiles, 1 '!' Amazon tile
# and 1 double tile.
MINI = """\
tileset mini
title "a small test set"
start-side 2-3 river-spaces 16 mouth 6 3
start-side 4-5 river-spaces 8 mouth 7 4 1
expect standard 2 amazon 1 double 1 start 1
icon-totals boats 1 fruit 0 animals 1 caimans 3 piranhas 1

layout START start 2x4 x1 "start"
  amazon river S2@0,3
  jungle land  N@0,0 N@1,0 E@1,0 E@1,1 E@1,2 E@1,3 S@1,3 S1@0,3 S3@0,3 W@0,0 W@0,1 W@0,2 W@0,3
  copy

layout S01 standard x2 "straight tributary"
  tributary t  N S
  jungle    w  N1 W S3
  jungle    e  N3 E S1
  copy t:boat
  copy e:animal

layout A1 amazon! x1 "amazon"
  amazon river  N S
  jungle west   N1 W S3
  jungle east   N3 E S1
  copy river:caiman

layout D1 double 1x2 x1 "double"
  amazon river  N2@0,0 S2@0,1
  jungle west   N1@0,0 W@0,0 W@0,1 S3@0,1
  jungle east   N3@0,0 E@0,0 E@0,1 S1@0,1
  copy river:caiman*2 river:piranha
"""


def line_of(text: str, fragment: str) -> int:
    """The 1-based number of the first line of ``text`` containing ``fragment``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if fragment in line:
            return number
    raise AssertionError(f"{fragment!r} not in the text")


def mutate(old: str, new: str, text: str = MINI) -> str:
    """``text`` with its one occurrence of ``old`` replaced by ``new``."""
    assert text.count(old) == 1, old
    return text.replace(old, new)


def problem_with(problems: list[str], *fragments: str) -> str:
    """The one problem that contains every fragment (fails with all problems shown)."""
    matching = [p for p in problems if all(f in p for f in fragments)]
    assert matching, f"no problem with {fragments} in:\n" + "\n".join(problems)
    return matching[0]
