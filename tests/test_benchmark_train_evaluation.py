"""Training the learned evaluation (``benchmarks/train_evaluation.py``, extra ``[train]``):
self-play records positions whose features the evaluation reads, the fit gives valid
weights that keep the supply's hand-set values, and the document it writes is the one
the player reads.  Skipped without numpy and scikit-learn; ``.ci/run`` installs them.
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

pytest.importorskip("sklearn", reason="training needs the [train] extra")

from carcassonne_amazonas.ai.evaluation import DEFAULT_WEIGHTS, FEATURES, Weights
from carcassonne_amazonas.ai.learned import read_weights, weights_document


@pytest.fixture
def train(benchmark_script: Callable[[str], ModuleType]) -> ModuleType:
    return benchmark_script("train_evaluation")


def test_self_play_records_the_features_and_the_outcome(train: ModuleType) -> None:
    positions, final, shares = train.record_game((0, 5, ("greedy", "greedy", "greedy"),
                                                  None, 0.2))
    assert positions and len(final) == 3 and sum(shares) == pytest.approx(1)
    for left, scores, rows in positions:
        assert left >= 0 and len(scores) == 3
        assert all(len(row) == len(FEATURES) for row in rows)
    # The same task plays the same game (seeded as simulate_game seeds it).
    assert train.record_game((0, 5, ("greedy",) * 3, None, 0.2)) == (positions, final, shares)
    every_turn, _, _ = train.record_game((1, 5, ("greedy", "greedy"), None, 0.0))
    assert len(every_turn) > len(positions)  # without exploring: every tile placement


def test_the_fit_gives_weights_the_player_reads(train: ModuleType) -> None:
    games = [train.record_game((index, 8, ("greedy", "greedy"), None, 0.2))
             for index in range(4)]
    weights, figures = train.fit(games)
    assert isinstance(weights, Weights)
    assert (weights.meeple, weights.camp) == (DEFAULT_WEIGHTS.meeple, DEFAULT_WEIGHTS.camp)
    assert weights.margin_spread > 0
    assert figures["rows"] > figures["positions"] > 0
    assert figures["win_log_loss"] > 0 and figures["default_win_log_loss"] > 0
    assert weights.margin_spread in train.SPREADS  # the grid's best spread
    assert read_weights(weights_document(weights, figures)) == weights
