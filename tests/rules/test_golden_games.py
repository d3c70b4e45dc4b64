"""Golden games (tests/data/golden_games.json, written by tests/golden_games.py).

Each stored game is replayed with the same random choices; every step (legal
actions in order, chance probabilities, events, players, features) must hash
to the stored SHA-256, so an optimisation of the engine that changes any
result, however small, fails here.  After a deliberate rule change:
``python tests/golden_games.py`` and review the diff.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from golden_games import DATA_FILE, GAMES, play

GOLDEN: list[dict[str, Any]] = json.loads(DATA_FILE.read_text(encoding="utf-8"))["games"]


def test_the_golden_file_covers_every_game_spec() -> None:
    assert [{k: g[k] for k in GAMES[0]} for g in GOLDEN] == GAMES


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_a_golden_game_plays_exactly_as_stored(index: int) -> None:
    stored = GOLDEN[index]
    replayed = play(GAMES[index], index)
    assert (replayed["actions"], replayed["scores"]) == (stored["actions"], stored["scores"])
    assert replayed["sha256"] == stored["sha256"], (
        f"game {index} reaches the same end but some step differs from the stored one")
