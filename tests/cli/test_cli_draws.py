"""``play`` draws the tiles of an explicit-draws game with the library's one exact
sampler, :func:`~carcassonne_amazonas.rules.chance.sample_draw` (R-T1, R-C7): no float weights,
so the same ``--seed`` draws the same tiles on every machine."""

from __future__ import annotations

import random
from pathlib import Path

from carcassonne_amazonas import GameRecord, apply_action, new_game
from carcassonne_amazonas.ai.bots import derive_seed
from carcassonne_amazonas.rules.chance import sample_draw
from cli_helpers import run_here


def test_t1_c7_play_draws_each_tile_of_an_explicit_game_with_sample_draw(tmp_path: Path) -> None:
    path = tmp_path / "explicit.json"
    path.write_text(GameRecord.from_game(new_game(2, draws="explicit"), []).to_json(),
                    encoding="utf-8")
    result = run_here("play", "--resume", str(path), "--bots", "random", "--seed", "4")
    assert result.returncode == 0, result.stderr
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    draws = random.Random(derive_seed(4, "draws"))  # the table's draws, as play seeds them
    state, drawn = record.initial_state(), 0
    for action in record.actions:
        if state.is_chance_node:
            assert action == sample_draw(state, draws)
            drawn += 1
        state = apply_action(state, action)
    assert state.is_terminal and drawn > 60
