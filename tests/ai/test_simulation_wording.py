"""``simulate``'s counts read as English: ``1 game``, ``1 shared victory``, ``2 shared
victories``, through the library's one plural helper (:func:`wording.plural`)."""

from __future__ import annotations

import io

from carcassonne_amazonas._support import wording
from carcassonne_amazonas.ai.simulation import GameResult, Progress, summarise, summary_text

NO_POINTS = ((0,) * 5, (0,) * 5)


def result(index: int, winners: tuple[int, ...]) -> GameResult:
    return GameResult(index, (5, 5), winners, NO_POINTS, 100, 0, (50, 50), (0.1, 0.1))


def text_of(results: list[GameResult]) -> str:
    return summary_text(summarise(results, ("random", "greedy"), seed=3, jobs=1, seconds=2.0))


def test_e6_one_game_with_one_shared_victory_is_written_in_the_singular() -> None:
    text = text_of([result(0, (0, 1))])
    assert text.startswith("1 game, 2 players (random, greedy), seed 3, 1 job: ")
    assert "; 1 shared victory\n" in text


def test_e6_other_counts_are_written_in_the_plural() -> None:
    assert "; 0 shared victories\n" in text_of([result(0, (0,)), result(1, (1,))])
    text = text_of([result(0, (0, 1)), result(1, (0, 1))])
    assert text.startswith("2 games, 2 players") and "; 2 shared victories\n" in text


def test_plural_takes_an_irregular_plural() -> None:
    assert [wording.plural(n, "shared victory", "shared victories") for n in (0, 1, 2)] == [
        "0 shared victories", "1 shared victory", "2 shared victories"]
    assert wording.plural(2, "tile") == "2 tiles"


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_counts_one_game_in_the_singular() -> None:
    stream = Terminal()
    progress = Progress(1, stream)
    progress.update(1)
    progress.close()
    progress.close()  # once erased, nothing more is written
    shown = stream.getvalue()
    assert "] 1/1 game, " in shown and "games" not in shown
    assert shown.count("\r" + " " * 70) == 1
