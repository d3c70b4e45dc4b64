"""Every script in examples/ runs as users run it (``python examples/NAME.py ...``), with
small arguments, exits 0 and prints what it should.

``examples/property_testing.py`` is a pytest file, run by tests/testing/test_examples_property.py.
"""

from __future__ import annotations

import os
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # runs every example script

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

# name -> (fast arguments, regular expressions the output must match)
CASES: dict[str, tuple[list[str], list[str]]] = {
    "random_game.py": (["--players", "4", "--seed", "3"],
                       [r"4 players, seed 3: \d+ actions",
                        r"tributaries villages Amazon   tributaries villages camps river",
                        r"The winner is \w+|Shared victory"]),
    "greedy_vs_random.py": (["--games", "3", "--players", "3", "--seed", "5"],
                            [r"3 games, 3 players \(1 greedy, 2 random\)",
                             r"greedy win rate: \d+\.\d%", r"total\s+\d+\.\d"]),
    "save_and_replay.py": (["--players", "3", "--seed", "4", "--turns", "2"],
                           [r"saved \d+ actions to a \d+-byte record \(schema "
                            r"carcassonne-amazonas/record/1, seed 4",
                            r"loaded it back: \d+ states", r"Turn 1: yellow holds",
                            r"Turn 2: red holds", r"winner: \w+"]),
    "render_svg.py": (["--players", "2", "--seed", "3", "--actions", "40"],
                      [r"wrote .*board\.svg: the board at action 40"]),
    "mcts_agent.py": (["--iterations", "2", "--players", "2", "--seed", "3"],
                      [r"MCTS \(2 iterations per turn\) as yellow against 1 random bot",
                       r"yellow\s+MCTS\s+\d+ points", r"winner: \w+"]),
}


def run(name: str, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python examples/NAME args`` in ``cwd``."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, str(EXAMPLES / name), *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_every_example_script_is_tested() -> None:
    scripts = {path.name for path in EXAMPLES.glob("*.py")} - {"property_testing.py"}
    assert scripts == set(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_example_runs(name: str, tmp_path: Path) -> None:
    args, expected = CASES[name]
    result = run(name, args, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    for pattern in expected:
        assert re.search(pattern, result.stdout), (pattern, result.stdout)


def test_render_svg_writes_svg_documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """In this process (``runpy``): the script runs as a process above."""
    board = tmp_path / "out" / "final.svg"
    board.parent.mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "argv", ["render_svg.py", "--out", str(board), "--seed", "2",
                                      "--tiles", str(tmp_path / "tiles")])
    runpy.run_path(str(EXAMPLES / "render_svg.py"), run_name="__main__")
    assert "the end of the game" in capsys.readouterr().out
    text = board.read_text(encoding="utf-8")
    assert text.startswith("<svg") and text.rstrip().endswith("</svg>")
    assert text.count('class="tile ') > 60  # every placed tile of a finished game
    tiles = sorted(path.name for path in (tmp_path / "tiles").glob("*.svg"))
    assert len(tiles) == 29 and "START.svg" in tiles


def test_examples_show_their_help(monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    """In this process (``runpy``): the scripts run as processes above."""
    for name in CASES:
        monkeypatch.setattr(sys, "argv", [name, "--help"])
        with pytest.raises(SystemExit) as exited:
            runpy.run_path(str(EXAMPLES / name), run_name="__main__")
        assert exited.value.code == 0, name
        assert "usage:" in capsys.readouterr().out, name
