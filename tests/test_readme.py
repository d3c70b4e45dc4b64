"""The README: its tour runs as a doctest, its picture is what the library draws, it
keeps the two commands everyone needs and stays short, and it reads the same on a
package index's page as in the repository (no relative links; the one picture, which a
package index cannot show, is named in words).

The tour's ``pycon`` blocks run with :mod:`doctest`, in order, in one namespace, in a
temporary folder (the tour writes a file).  A blank line inside a block's expected
output (the text board has some) is given to doctest as ``<BLANKLINE>``, so that the
README shows the output exactly as Python prints it.
"""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PICTURE = ROOT / "docs" / "images" / "board.svg"
#: The command that draws the README's picture (run it again after changing svg.py).
PICTURE_COMMAND = ["examples/render_svg.py", "--seed", "11", "--actions", "70"]
SESSION = re.compile(r"^```pycon\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def session_blocks() -> list[tuple[int, str]]:
    """The README's interactive sessions with the line each starts on, blank output
    lines marked for doctest."""
    text = README.read_text(encoding="utf-8")
    blocks = []
    for match in SESSION.finditer(text):
        lines = match.group(1).rstrip("\n").split("\n")
        blocks.append((text.count("\n", 0, match.start()) + 1,
                       "\n".join(line if line.strip() else "<BLANKLINE>" for line in lines)
                       + "\n"))
    return blocks


def test_the_tour_runs_as_a_doctest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    blocks = session_blocks()
    assert len(blocks) >= 5
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    namespace: dict[str, object] = {"__name__": "README"}
    for number, (line, block) in enumerate(blocks, start=1):
        test = parser.get_doctest(block, namespace, f"README block {number}", str(README), line)
        runner.run(test, clear_globs=False)
        namespace = test.globs  # a doctest works on a copy: carry it to the next block
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} README examples failed"
    assert result.attempted >= 20
    assert (tmp_path / "game.json").is_file()


def test_the_tour_shows_what_the_issue_asks_for() -> None:
    text = "".join(block for _, block in session_blocks())
    for shown in ("new_game(", "legal_actions(", "apply_action(", "print(state)",
                  "describe_events(", "record.to_json()", "board_svg(", "GreedyBot(",
                  "MctsBot("):
        assert shown in text, shown


def test_the_readme_keeps_its_two_commands_and_stays_short() -> None:
    text = README.read_text(encoding="utf-8")
    assert "python -m pip install . && python examples/random_game.py" in text
    assert "python -m pip install -e '.[test]' && python -m pytest -n auto" in text
    # Every install line works from a checkout: the package is on no index.
    assert "pip install 'carcassonne-amazonas" not in text
    assert len(text.splitlines()) < 225


#: A Markdown link or image ``[text](target)``, a reference definition ``[x]: target``,
#: or an HTML ``href``/``src``: each gives its target.
LINK_TARGETS = re.compile(r"\]\(\s*<?([^)\s>]*)|^\s*\[[^]]+\]:\s*<?(\S+?)>?(?:\s|$)"
                          r"|\b(?:href|src)\s*=\s*[\"']?([^\"'\s>]+)", re.MULTILINE)


def link_targets(text: str) -> list[str]:
    return [next(g for g in match.groups() if g is not None)
            for match in LINK_TARGETS.finditer(text)]


#: A Markdown image ``![alt](target)``: its alt text and target.
IMAGES = re.compile(r"!\[([^]]*)\]\(\s*<?([^)\s>]*)")


def test_the_readme_links_are_absolute_and_its_picture_is_named() -> None:
    """A package index shows the README away from the repository, where a relative
    link (``docs/rules.md``, ``LICENSE``) resolves to nothing: every link's target is
    an absolute web address, and files are named in code spans instead.  The one
    exception is the board picture, shown from the repository: a package index cannot
    show it (the project has no public address for it), so its alt text and the
    README's text name the file, which the sdist carries."""
    text = README.read_text(encoding="utf-8")
    images = IMAGES.findall(text)
    assert images == [(images[0][0], "docs/images/board.svg")], images
    assert "docs/images/board.svg" in images[0][0] and PICTURE.is_file()
    assert "A package index's page cannot show it: it is\n`docs/images/board.svg` in the sdist" \
        in text
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'\[tool\.hatch\.build\.targets\.sdist\][^[]*include = \[[^]]*"docs"',
                     pyproject), "the sdist must carry docs/ (.ci/check-dist looks too)"
    targets = [t for t in link_targets(text) if t != "docs/images/board.svg"]
    relative = [t for t in targets if not re.match(r"https://[^/\s]+\.[a-z]+/", t)]
    assert relative == [], f"README.md: relative links or images: {relative}"


def test_the_link_check_finds_every_form_of_target() -> None:
    text = ("![a](docs/a.svg) [b](<docs/b.md>) [c](https://example.org/c) [d](#top)\n"
            "[e]: LICENSE\n<img src=\"x.png\"> <a href='y.md'>y</a>\n")
    assert link_targets(text) == ["docs/a.svg", "docs/b.md", "https://example.org/c", "#top",
                                  "LICENSE", "x.png", "y.md"]


def test_the_picture_is_the_one_the_library_draws(tmp_path: Path) -> None:
    drawn = tmp_path / "board.svg"
    subprocess.run([sys.executable, *PICTURE_COMMAND, "--out", str(drawn)], cwd=ROOT,
                   check=True, capture_output=True, timeout=120)
    assert "docs/images/board.svg" in README.read_text(encoding="utf-8")
    assert PICTURE.read_text(encoding="utf-8") == drawn.read_text(encoding="utf-8"), (
        "docs/images/board.svg is out of date: python " + " ".join(PICTURE_COMMAND)
        + " --out docs/images/board.svg")
