"""The metadata of a self-play dataset: what
:func:`~carcassonne_amazonas.integrations.selfplay.write_dataset` writes, and its check
as :class:`~carcassonne_amazonas.integrations.selfplay.SelfPlayData` reads it.

The JSON Schema ``selfplay`` (:mod:`~carcassonne_amazonas.formats.schemas`) describes
it; a metadata the schema refuses, :func:`check_metadata` refuses too, with a
``ValueError`` whose message starts with the field (``metadata.players: ...``).  The
check is stricter than the schema, as the loaders of snapshots and records are: a whole
number is exactly an ``int`` (not ``2.0``), there is one bot and one policy target per
player, and the first player is one of the players.  Needs no numpy.
"""

from __future__ import annotations

from typing import Any

from .._support.exact import check_at_least, check_whole, json_kind
from .._support.wording import show_text
from ..ai.bots import BOT_KINDS, HUMAN, parse_bot_spec
from ..rules.options import Rules
from ..rules.players import PLAYER_COLOURS

__all__ = ["FORMAT", "POLICY_TARGETS", "check_metadata", "dataset_metadata"]

#: The ``format`` of a dataset's metadata: a reader refuses any other.
FORMAT = "carcassonne-amazonas-selfplay-1"
#: What a player's policy target is: an MCTS bot's visit counts, normalised, or (any
#: other bot, which has no search) the chosen action, one-hot.
POLICY_TARGETS = ("visits", "one-hot")

_FIELDS = ("bots", "format", "games", "num_distinct_actions", "observation",
           "observation_size", "players", "policy", "records", "rules", "seed", "tileset")
# The counts of the metadata, each with its least value.
_COUNTS = (("games", 0), ("records", 0), ("observation_size", 1), ("num_distinct_actions", 1))
_BOTS = tuple(kind for kind in BOT_KINDS if kind != HUMAN)
_RULE_OPTIONS = tuple(Rules().options())


def dataset_metadata(rules: Rules, kinds: tuple[str, ...] | list[str], seed: int, *,
                     games: int, records: int, observation_size: int,
                     num_distinct_actions: int) -> dict[str, Any]:
    """The metadata of a dataset of ``games`` games of ``kinds`` (the bots, in player
    order) under ``rules``, seeded ``seed``, holding ``records`` records."""
    return {
        "format": FORMAT, "tileset": rules.tileset.name, "rules": rules.options(),
        "players": len(kinds), "bots": list(kinds), "seed": seed, "games": games,
        "records": records, "observation": "compact", "observation_size": observation_size,
        "num_distinct_actions": num_distinct_actions,
        "policy": [POLICY_TARGETS[0] if kind.startswith("mcts") else POLICY_TARGETS[1]
                   for kind in kinds],
    }


def _shown(value: object) -> str:
    return show_text(value) if type(value) is str else json_kind(value)


def check_metadata(metadata: object) -> None:
    """``ValueError`` naming the field unless ``metadata`` (parsed JSON) is the metadata
    of a dataset of this format (see the module docstring)."""
    if type(metadata) is not dict:
        raise ValueError(f"metadata: expected a JSON object, not {json_kind(metadata)}")
    for name in _FIELDS:
        if name not in metadata:
            raise ValueError(f"metadata.{name}: missing")
    unknown = [name for name in metadata if name not in _FIELDS]
    if unknown:
        raise ValueError(f"metadata: unknown field {show_text(unknown[0])}")
    for name, expected in (("format", FORMAT), ("observation", "compact")):
        if metadata[name] != expected or type(metadata[name]) is not str:
            raise ValueError(f"metadata.{name}: {_shown(metadata[name])}, this library "
                             f"reads {expected!r}")
    players = check_whole(metadata["players"], "metadata.players", ValueError)
    check_at_least(players, 2, "metadata.players")
    if players > len(PLAYER_COLOURS):
        raise ValueError(f"metadata.players: a game has 2 to {len(PLAYER_COLOURS)} players, "
                         f"not {players}")
    for name, least in _COUNTS:
        check_at_least(check_whole(metadata[name], f"metadata.{name}", ValueError), least,
                       f"metadata.{name}")
    check_whole(metadata["seed"], "metadata.seed", ValueError)
    if type(metadata["tileset"]) is not str:
        raise ValueError(f"metadata.tileset: expected a string, not "
                         f"{json_kind(metadata['tileset'])}")
    for kind in _per_player(metadata, "bots", players):
        if type(kind) is not str or (kind not in _BOTS and not _budgeted(kind)):
            raise ValueError(f"metadata.bots: {_shown(kind)} is not a bot (choose from "
                             f"{', '.join(_BOTS)}, mcts:N)")
    for target in _per_player(metadata, "policy", players):
        if type(target) is not str or target not in POLICY_TARGETS:
            raise ValueError(f"metadata.policy: {_shown(target)} is not a policy target "
                             f"(choose from {', '.join(POLICY_TARGETS)})")
    _check_rules(metadata["rules"], players)


def _budgeted(kind: str) -> bool:
    """Whether ``kind`` is ``mcts:N`` written canonically (no sign, no leading zero)."""
    try:
        return str(parse_bot_spec(kind, kinds=_BOTS)) == kind
    except ValueError:
        return False


def _per_player(metadata: dict[str, Any], name: str, players: int) -> list[object]:
    """The list ``metadata[name]``, one item per player."""
    value = metadata[name]
    if type(value) is not list:
        raise ValueError(f"metadata.{name}: expected a list, not {json_kind(value)}")
    if len(value) != players:
        noun = "bots" if name == "bots" else "policy targets"
        raise ValueError(f"metadata.{name}: {len(value)} {noun} for {players} players")
    return value


def _check_rules(rules: object, players: int) -> None:
    """Every rule option, read by :meth:`~carcassonne_amazonas.rules.options.Rules.from_options`."""
    if type(rules) is not dict:
        raise ValueError(f"metadata.rules: expected a JSON object, not {json_kind(rules)}")
    for name in _RULE_OPTIONS:
        if name not in rules:
            raise ValueError(f"metadata.rules.{name}: missing")
    try:
        read = Rules.from_options(rules)
    except ValueError as error:
        raise ValueError(f"metadata.rules: {error}") from None
    if read.first_player >= players:
        raise ValueError(f"metadata.rules.first_player: player {read.first_player} does not "
                         f"play in a game of {players}")
