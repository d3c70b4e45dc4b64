"""``play`` and ``replay`` in French: ``--lang fr``, or the locale (``LANG``); the
explanations are the library's (``tests/data/french-explanations.txt``), and English
stays the default."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from cli_helpers import ENV, run, run_here

DATA = Path(__file__).resolve().parents[1] / "data"
RECORD = DATA / "french-game.record.json"
EXPECTED = DATA / "french-explanations.txt"


def test_replay_in_french_explains_every_step_as_the_library_does() -> None:
    result = run_here("replay", str(RECORD), "--lang", "fr", "--width", "0")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    explanations = [line[15:] for line in EXPECTED.read_text(encoding="utf-8").splitlines()
                    if line[:3].strip().isdigit()]
    assert len(explanations) > 150
    missing = [line for line in explanations if line not in out]
    assert missing == []
    assert out.startswith(f"{RECORD} : 2 joueurs, jeu de tuiles 'amazonas-bonus-river', "
                          "graine 16 ; 164 actions en 79 tours ; finie : le gagnant est "
                          "rouge avec 113 points ; variantes : classement par rang")
    assert "\nTour 1 : jaune avec " in out and "Le plateau à la fin :" in out
    assert "Le gagnant est rouge avec 113 points." in out
    for english in ("Turn ", "final scoring", "winner", "The board", " tiles", "boats"):
        assert english not in out, english


def test_the_locale_chooses_the_language_and_lang_overrides_it() -> None:
    french = subprocess.run([sys.executable, "-m", "carcassonne_amazonas", "replay",
                             str(RECORD), "--turn", "1"], capture_output=True,
                            encoding="utf-8", env={**ENV, "LANG": "fr_FR.UTF-8"}, timeout=120)
    assert french.returncode == 0, french.stderr
    assert "Tour 1 : jaune" in french.stdout and "Le plateau après le tour 1 :" in french.stdout
    english = subprocess.run([sys.executable, "-m", "carcassonne_amazonas", "replay",
                              str(RECORD), "--turn", "1", "--lang", "en"],
                             capture_output=True, encoding="utf-8",
                             env={**ENV, "LANG": "fr_FR.UTF-8"}, timeout=120)
    assert "Turn 1: yellow" in english.stdout and "The board after turn 1:" in english.stdout
    assert run("replay", str(RECORD), "--turn", "1").stdout == english.stdout


def test_play_in_french() -> None:
    result = run_here("play", "--bots", "greedy,random", "--seed", "4", "--lang", "fr")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("Carcassonne \u2013 Amazonas: 2 joueurs, graine 4 (jaune glouton, "
                          "rouge hasard)")
    assert "\nTour 1 : jaune (glouton) a " in out
    assert "Scores finaux" in out and "fin de partie : " in out
    for english in ("Turn ", "final scoring", "winner", "greedy", " tiles left"):
        assert english not in out, english


def test_an_unknown_language_is_a_usage_error() -> None:
    result = run_here("replay", str(RECORD), "--lang", "de")
    assert result.returncode == 2
    assert "invalid choice: 'de'" in result.stderr


def test_render_draws_the_board_in_french(tmp_path: Path) -> None:
    picture = tmp_path / "board.svg"
    result = run_here("render", str(RECORD), "--turn", "30", "--svg", str(picture),
                      "--lang", "fr")
    assert result.returncode == 0, result.stderr
    assert result.stdout == (f"{picture} : le plateau après le tour 30 (32 tuiles posées, "
                             "7 meeples ou camps)\n")
    svg = picture.read_text(encoding="utf-8")
    assert "pirogue (jaune) sur la case" in svg and "icône de pirogue" in svg
    assert "yellow boat" not in svg and 'fill="yellow"' in svg  # the fill keeps its name
