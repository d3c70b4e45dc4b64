"""Self-play datasets: every decision of simulated games as compressed numpy arrays.

``carcassonne-amazonas simulate --bots mcts,mcts --dataset games.npz`` writes one
record per decision (a chance draw, R-C7, is no decision) of every game it plays,
the AlphaZero-style data a network learns a policy and a value from:

- what the player to act sees: the compact observation of
  :func:`~carcassonne_amazonas.ai.observation.observation_sparse` (48,747 floats for
  the reference set, nearly all 0), stored sparsely, row ``i`` being
  ``observation_indices[o[i]:o[i+1]]`` and ``observation_values[o[i]:o[i+1]]`` for
  ``o = observation_offsets``;
- the legal actions, as integers of :func:`~carcassonne_amazonas.ai.encoding.encode_action`
  (``legal_indices``, rows by ``legal_offsets``: the 1s of
  :func:`~carcassonne_amazonas.ai.encoding.legal_action_mask`), and beside each the
  policy target ``policy``: an :class:`~carcassonne_amazonas.ai.mcts.MctsBot`'s visit
  counts of the search (:attr:`~carcassonne_amazonas.ai.mcts.MctsBot.last_visits`)
  normalised to sum to 1; another bot has no search, so its row is the chosen
  action, one-hot;
- ``action`` (the integer of the action chosen), ``player`` (the player to act) and
  ``game`` (the game's index in the simulation);
- per game (row ``g`` for game ``game_index[g]``): ``outcome``, each player's result
  (1 for a sole winner, 1/k for each of k players who share the victory, R-E6, 0 for
  the others), and ``scores``;
- ``metadata``: one JSON text with the tile set, the rule options, the bots, the seed
  and the encoding sizes (``observation_size``, ``num_distinct_actions``), so a reader
  can check that the file fits the network it feeds.  Its JSON Schema is ``selfplay``
  (:func:`~carcassonne_amazonas.formats.schemas.schema`); :class:`SelfPlayData` refuses
  a metadata the schema refuses, naming the field.

The file is the ``.npz`` format of ``numpy.savez_compressed`` (``numpy.load`` reads
it), written with fixed timestamps: the same simulation (seed, bots, rules, games)
gives the same bytes, whatever ``--jobs``.  :class:`SelfPlayData` reads it back and
gives dense arrays for a slice of records, what a training loop asks for.

The games' records are kept until the file is written, sparse: about half a megabyte
per 2-player game (some 165 records), and about 15 kB of the compressed file.

This module needs numpy (the ``[openspiel]`` or ``[pettingzoo]`` extra installs it).
"""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Iterable, Sequence
from typing import Any

from .._support import json_text
from .._support.extras import missing_extra

try:
    import numpy as np
except ImportError as error:  # pragma: no cover - depends on the environment
    raise missing_extra(__name__, "openspiel", error) from error

from ..ai.bots import Bot
from ..ai.encoding import encode_action, num_distinct_actions
from ..ai.mcts import MctsBot
from ..ai.observation import observation_shape, observation_sparse
from ..ai.simulation import GameResult, GameTask, simulate_game
from ..rules.actions import Action
from ..rules.engine import legal_actions
from ..rules.options import Rules
from ..rules.state import GameState
from ._selfplay_metadata import FORMAT, POLICY_TARGETS, check_metadata, dataset_metadata

__all__ = ["FORMAT", "POLICY_TARGETS", "GameRecords", "SelfPlayData", "selfplay_task",
           "write_dataset"]

#: One game's records: its arrays by name (see the module docstring), as a worker
#: sends them back.
GameRecords = dict[str, Any]

# The arrays with one entry per record.
_PER_DECISION = ("action", "player", "game")


class _Recorder:
    """Collects the records of one game, decision by decision (a ``DecisionHook``)."""

    def __init__(self) -> None:
        self.columns: dict[str, list[Any]] = {
            name: [] for name in ("observation_indices", "observation_values",
                                  "observation_counts", "legal_indices", "policy",
                                  "legal_counts", "action", "player")}

    def __call__(self, state: GameState, bot: Bot, action: Action) -> None:
        columns = self.columns
        player = state.current_player
        indices, values = observation_sparse(state, player, compact=True)
        columns["observation_indices"] += indices
        columns["observation_values"] += values
        columns["observation_counts"].append(len(indices))
        visits = bot.last_visits if isinstance(bot, MctsBot) else ()
        if not visits:  # no search: the chosen action, one-hot
            visits = tuple((legal, int(legal == action)) for legal in legal_actions(state))
        total = sum(count for _, count in visits)
        columns["legal_indices"] += [encode_action(state, legal) for legal, _ in visits]
        columns["policy"] += [count / total for _, count in visits]
        columns["legal_counts"].append(len(visits))
        columns["action"].append(encode_action(state, action))
        columns["player"].append(player)


def selfplay_task(task: GameTask) -> tuple[GameResult, GameRecords]:
    """Play one game of a simulation (as
    :func:`~carcassonne_amazonas.ai.simulation.simulate_task`) and record its decisions:
    the result and the game's arrays.  A module-level function, for worker processes
    (``run_games(tasks, jobs, selfplay_task)``)."""
    recorder = _Recorder()
    result = simulate_game(*task, on_decision=recorder)
    columns = recorder.columns
    winners = result.winners
    outcome = [1 / len(winners) if p in winners else 0.0 for p in range(len(result.scores))]
    records: GameRecords = {
        "observation_indices": np.asarray(columns["observation_indices"], np.int32),
        "observation_values": np.asarray(columns["observation_values"], np.float32),
        "observation_counts": np.asarray(columns["observation_counts"], np.int64),
        "legal_indices": np.asarray(columns["legal_indices"], np.int32),
        "policy": np.asarray(columns["policy"], np.float32),
        "legal_counts": np.asarray(columns["legal_counts"], np.int64),
        "action": np.asarray(columns["action"], np.int32),
        "player": np.asarray(columns["player"], np.int8),
        "game": np.full(len(columns["action"]), result.index, np.int32),
        "outcome": np.asarray([outcome], np.float32),
        "scores": np.asarray([result.scores], np.int32),
        "game_index": np.asarray([result.index], np.int32),
    }
    return result, records


def _offsets(counts: Sequence[Any]) -> Any:
    """The row offsets of rows of these lengths: 0 first, the total last."""
    lengths = np.concatenate([np.zeros(1, np.int64), *counts])
    return np.cumsum(lengths, dtype=np.int64)


def write_dataset(path: str | os.PathLike[str], games: Iterable[GameRecords], *,
                  rules: Rules, kinds: Sequence[str], seed: int) -> int:
    """Write the records of ``games`` (from :func:`selfplay_task`, in game order) to
    ``path`` as one compressed ``.npz`` file (see the module docstring); returns the
    number of records.  ``rules``, ``kinds`` (the bots) and ``seed`` go into the
    metadata.  ``OSError`` if the file cannot be written."""
    games = list(games)
    arrays: dict[str, Any] = {}
    for name in ("observation_indices", "observation_values", "legal_indices", "policy",
                 *_PER_DECISION, "game_index", "outcome", "scores"):
        arrays[name] = np.concatenate([game[name] for game in games]) if games else \
            np.zeros((0, len(kinds)) if name in ("outcome", "scores") else 0)
    arrays["observation_offsets"] = _offsets([g["observation_counts"] for g in games])
    arrays["legal_offsets"] = _offsets([g["legal_counts"] for g in games])
    metadata = dataset_metadata(rules, list(kinds), seed, games=len(games),
                                records=len(arrays["action"]),
                                observation_size=observation_shape(rules, compact=True)[0],
                                num_distinct_actions=num_distinct_actions(rules))
    arrays["metadata"] = np.asarray(json.dumps(metadata, sort_keys=True))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(arrays):
            # numpy.savez_compressed's layout, with a fixed time: the same bytes each run
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with archive.open(info, "w", force_zip64=True) as member:
                np.lib.format.write_array(member, np.asarray(arrays[name], order="C"),
                                          allow_pickle=False)
    return len(arrays["action"])


class SelfPlayData:
    """A self-play dataset read from ``path`` (a file of :func:`write_dataset`).

    ``len(data)`` is the number of records, ``data.metadata`` the metadata (a dict) and
    ``data.arrays`` the stored arrays by name; :meth:`batch` gives dense rows.
    ``ValueError`` for a file that is not such a dataset, whose metadata is not strict
    JSON (a key given twice included) or not this format's (the message names the field,
    ``metadata.players: ...``; the schema ``selfplay`` describes it), or whose arrays
    disagree with its metadata."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        with np.load(path, allow_pickle=False) as stored:
            self.arrays: dict[str, Any] = {name: stored[name] for name in stored.files}
        if "metadata" not in self.arrays:
            raise ValueError(f"{os.fspath(path)} is not a self-play dataset: no metadata")
        text = self.arrays["metadata"].item() if self.arrays["metadata"].shape == () else None
        if type(text) is not str:
            raise ValueError(f"{os.fspath(path)}: metadata: expected one JSON text")
        try:
            metadata = json_text.loads(text)
        except ValueError as error:
            raise ValueError(f"{os.fspath(path)}: metadata: not valid JSON: {error}") from None
        try:
            check_metadata(metadata)
        except ValueError as error:
            raise ValueError(f"{os.fspath(path)}: {error}") from None
        self.metadata: dict[str, Any] = metadata
        count = self.metadata["records"]
        for name in (*_PER_DECISION, "observation_offsets", "legal_offsets"):
            expected = count + name.endswith("_offsets")
            if len(self.arrays[name]) != expected:
                raise ValueError(f"{os.fspath(path)}: {name} has {len(self.arrays[name])} "
                                 f"rows, the metadata says {expected}")

    def __len__(self) -> int:
        return int(self.metadata["records"])

    def batch(self, start: int = 0, stop: int | None = None) -> dict[str, Any]:
        """Records ``start`` to ``stop`` (a slice: ``None`` for the end) as dense arrays:
        ``observations`` (float32, records × ``observation_size``), ``masks`` (bool,
        records × ``num_distinct_actions``: the legal actions), ``policies`` (float32,
        same shape: the policy target, 0 outside the mask, each row summing to 1),
        ``values`` (float32: the outcome of the game for the player to act), and
        ``actions``, ``players`` and ``games`` as stored."""
        start, stop, _ = slice(start, stop).indices(len(self))
        stop = max(start, stop)
        arrays, rows = self.arrays, stop - start
        observations = np.zeros((rows, self.metadata["observation_size"]), np.float32)
        _fill(observations, arrays["observation_offsets"][start:stop + 1],
              arrays["observation_indices"], arrays["observation_values"])
        size = self.metadata["num_distinct_actions"]
        policies = np.zeros((rows, size), np.float32)
        masks = np.zeros((rows, size), np.bool_)
        offsets = arrays["legal_offsets"][start:stop + 1]
        _fill(policies, offsets, arrays["legal_indices"], arrays["policy"])
        _fill(masks, offsets, arrays["legal_indices"], np.ones(len(arrays["policy"]), np.bool_))
        games = arrays["game"][start:stop]
        players = arrays["player"][start:stop]
        game_rows = np.searchsorted(arrays["game_index"], games)
        return {"observations": observations, "masks": masks, "policies": policies,
                "values": arrays["outcome"][game_rows, players],
                "actions": arrays["action"][start:stop], "players": players, "games": games}


def _fill(dense: Any, offsets: Any, indices: Any, values: Any) -> None:
    """Set ``dense[r, indices[k]] = values[k]`` for the entries ``k`` of each row ``r``
    (CSR rows: row ``r`` holds the entries ``offsets[r]`` to ``offsets[r + 1]``)."""
    first, last = int(offsets[0]), int(offsets[-1])
    row_of_entry: Any = np.repeat(np.arange(len(offsets) - 1), np.diff(offsets))
    dense[row_of_entry, indices[first:last]] = values[first:last]
