"""Self-play datasets (``simulate --dataset``, ``integrations.selfplay``; needs numpy).

Two cheap 2-player games (``mcts:2`` against ``greedy``, so both policy targets, visit
counts and one-hot, are there) are written twice, with one job and with two: the files
are byte for byte the same.  The records agree with game 0 replayed from them: one per
decision, never a chance draw (R-C7), the observation of the player to act, the legal
mask, the chosen action in it, policy rows summing to 1 inside it, and each game's
outcome (a shared victory split, R-E6).  Skipped without numpy.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from carcassonne_amazonas.ai.bots import derive_seed  # noqa: E402
from carcassonne_amazonas.ai.encoding import decode_action, legal_action_mask  # noqa: E402
from carcassonne_amazonas.ai.observation import observation_tensor  # noqa: E402
from carcassonne_amazonas.cli import main  # noqa: E402
from carcassonne_amazonas.integrations.selfplay import FORMAT, SelfPlayData  # noqa: E402
from carcassonne_amazonas.rules.actions import Action  # noqa: E402
from carcassonne_amazonas.rules.engine import apply_action, legal_actions, new_game  # noqa: E402
from carcassonne_amazonas.rules.state import GameState  # noqa: E402
from cli_helpers import error_of, run_main  # noqa: E402

pytestmark = pytest.mark.slow  # whole games (cheap ones: about 3 s of CPU each)

SEED = 3
DOCS = Path(__file__).resolve().parents[2] / "docs"
KINDS = ("mcts:2", "greedy")


def simulate(path: Path, jobs: int, *options: str) -> str:
    """``simulate --dataset path`` of the two games; its standard output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["simulate", "--games", "2", "--players", "2", "--bots", ",".join(KINDS),
                     "--seed", str(SEED), "--jobs", str(jobs), *options,
                     "--dataset", str(path)])
    assert code == 0
    return out.getvalue()


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, Any]]:
    """The dataset written with one job and with two, and the summary of each (JSON, text)."""
    folder = tmp_path_factory.mktemp("selfplay")
    one, two = folder / "one.npz", folder / "two.npz"
    summary = json.loads(simulate(one, 1, "--json"))
    summary["text"] = simulate(two, 2)
    return one, two, summary


@pytest.fixture(scope="module")
def replayed(written: tuple[Path, Path, dict[str, Any]]
             ) -> tuple[list[tuple[GameState, Action]], GameState]:
    """Game 0 replayed from its records' actions (game i of a simulation seeded S is
    shuffled with ``derive_seed(S, "game", i)``): the state before each decision and the
    action chosen, and the final state.  Each action must be legal where it is applied."""
    arrays = SelfPlayData(written[0]).arrays
    state = new_game(2, seed=derive_seed(SEED, "game", 0))
    seen: list[tuple[GameState, Action]] = []
    for index in arrays["action"][arrays["game"] == 0]:
        action = decode_action(state, int(index))
        seen.append((state, action))
        state = apply_action(state, action)
    return seen, state


def test_the_same_seed_gives_the_same_bytes_whatever_the_jobs(
        written: tuple[Path, Path, dict[str, Any]]) -> None:
    one, two, summary = written
    assert one.read_bytes() == two.read_bytes()
    records = len(SelfPlayData(one))
    assert summary["dataset"] == {"path": str(one), "records": records}
    assert summary["text"].endswith(f"\n\nself-play dataset: {records} decisions of 2 games "
                                    f"written to {two}\n")


def test_metadata_and_shapes_agree(written: tuple[Path, Path, dict[str, Any]]) -> None:
    data = SelfPlayData(written[0])
    meta = data.metadata
    assert meta["format"] == FORMAT and meta["tileset"] == "amazonas-reference"
    assert (meta["observation_size"], meta["num_distinct_actions"]) == (48747, 47621)
    assert meta["bots"] == list(KINDS) and meta["policy"] == ["visits", "one-hot"]
    assert meta["games"] == 2 and meta["seed"] == SEED
    arrays = data.arrays
    assert arrays["outcome"].shape == arrays["scores"].shape == (2, 2)
    assert list(arrays["game_index"]) == [0, 1]
    assert arrays["observation_offsets"][-1] == len(arrays["observation_indices"])
    assert arrays["legal_offsets"][-1] == len(arrays["legal_indices"]) == len(arrays["policy"])
    batch = data.batch()
    rows = len(data)
    assert batch["observations"].shape == (rows, 48747)
    assert batch["masks"].shape == batch["policies"].shape == (rows, 47621)
    for name in ("values", "actions", "players", "games"):
        assert batch[name].shape == (rows,)


def test_policies_lie_in_the_masks_and_sum_to_one(
        written: tuple[Path, Path, dict[str, Any]]) -> None:
    batch = SelfPlayData(written[0]).batch()
    masks, policies = batch["masks"], batch["policies"]
    assert np.allclose(policies.sum(axis=1), 1.0)
    assert not policies[~masks].any()
    assert masks[np.arange(len(masks)), batch["actions"]].all()
    greedy = batch["players"] == 1  # one-hot on the action played
    assert (policies[greedy].argmax(axis=1) == batch["actions"][greedy]).all()
    assert (policies[greedy].max(axis=1) == 1.0).all()
    searched = policies[~greedy]  # visit counts: mcts:2 spreads its visits at times
    assert ((searched > 0).sum(axis=1) >= 1).all()


def test_records_are_the_decisions_of_the_games(
        written: tuple[Path, Path, dict[str, Any]],
        replayed: tuple[list[tuple[GameState, Action]], GameState]) -> None:
    data = SelfPlayData(written[0])
    decisions, final = replayed
    assert final.is_terminal  # every decision is there, and nothing else
    batch = data.batch(0, len(decisions))
    assert list(batch["games"]) == [0] * len(decisions)
    assert data.arrays["game"][len(decisions)] == 1  # game 1's records follow
    for row in (0, 1, len(decisions) // 2, len(decisions) - 1):
        state, action = decisions[row]
        assert not state.is_chance_node  # R-C7: draws are no decisions
        player = state.current_player
        assert batch["players"][row] == player
        assert action in legal_actions(state)
        expected = np.asarray(observation_tensor(state, player, compact=True), np.float32)
        assert np.array_equal(batch["observations"][row], expected)
        mask = np.frombuffer(legal_action_mask(state), np.uint8).astype(bool)
        assert np.array_equal(batch["masks"][row], mask)


def test_outcomes_match_the_winners(
        written: tuple[Path, Path, dict[str, Any]],
        replayed: tuple[list[tuple[GameState, Action]], GameState]) -> None:
    data = SelfPlayData(written[0])
    final = replayed[1]
    share = 1 / len(final.winners)  # R-E6: tied winners share the victory
    assert list(data.arrays["outcome"][0]) == [share if p in final.winners else 0.0
                                               for p in range(2)]
    assert tuple(data.arrays["scores"][0]) == final.scores
    for outcome, scores in zip(data.arrays["outcome"], data.arrays["scores"]):
        assert outcome.sum() == pytest.approx(1.0)
        assert all(scores[p] == scores.max() for p in range(2) if outcome[p] > 0)
    batch = data.batch()
    rows = np.searchsorted(data.arrays["game_index"], batch["games"])
    assert np.array_equal(batch["values"], data.arrays["outcome"][rows, batch["players"]])


def test_a_slice_is_the_same_rows_as_the_whole(
        written: tuple[Path, Path, dict[str, Any]]) -> None:
    data = SelfPlayData(written[0])
    whole, part = data.batch(), data.batch(5, 9)
    for name, array in part.items():
        assert np.array_equal(array, whole[name][5:9]), name
    assert data.batch(len(data), None)["observations"].shape == (0, 48747)


def test_a_file_that_is_no_dataset_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.npz"
    np.savez_compressed(path, numbers=np.arange(3))
    with pytest.raises(ValueError, match="is not a self-play dataset"):
        SelfPlayData(path)


def test_a_folder_that_does_not_exist_is_refused_before_any_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_main(capsys, monkeypatch, "simulate", "--games", "1", "--players",
                              "2", "--dataset", str(tmp_path / "missing" / "games.npz"))
    assert code == 1 and out == ""
    assert error_of(err) == (f"--dataset {tmp_path / 'missing' / 'games.npz'}: the folder "
                             f"{tmp_path / 'missing'} does not exist")


def test_the_documented_reader_runs(written: tuple[Path, Path, dict[str, Any]],
                                    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The reading sketch of ``docs/ai-frameworks.md`` (a ``py`` block: the docs' test
    runs without numpy) runs on a dataset."""
    page = (DOCS / "ai-frameworks.md").read_text(encoding="utf-8")
    blocks = [code for code in re.findall(r"^```py\n(.*?)^```", page, re.MULTILINE | re.DOTALL)
              if "SelfPlayData(" in code]
    assert len(blocks) == 1
    shutil.copy(written[0], tmp_path / "selfplay.npz")
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    exec(compile(blocks[0], "ai-frameworks.md", "exec"), namespace)
    assert capsys.readouterr().out.split() == [str(len(SelfPlayData(written[0]))), "48747",
                                                "47621"]
    assert namespace["policies"].shape[1] == 47621  # type: ignore[attr-defined]
