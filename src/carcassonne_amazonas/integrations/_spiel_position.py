"""The position an OpenSpiel state holds: an immutable game state and its history (private).

Part of the OpenSpiel adapter, :mod:`carcassonne_amazonas.integrations.openspiel`: each
``CarcassonneAmazonasState`` holds one :class:`SpielPosition`, and applying an action
(R-T1–R-E6) replaces it with a new one.  What it keeps:

- the library's immutable :class:`~carcassonne_amazonas.rules.state.GameState`, and the
  game's shared :class:`~carcassonne_amazonas.integrations._spiel_codec.ActionCodec`;
- the public history, a chain of actions written in notation (draws included, R-T1)
  only when asked for;
- the sorted legal action ids and the observations, computed once per position.

OpenSpiel clones a Python state by deep-copying it, and a position copies as itself;
serialization pickles it as a JSON snapshot with the history in notation.  It is
private: its names may change with the adapter; the adapter is the API.  It needs
neither pyspiel nor numpy.
"""

from __future__ import annotations

from typing import Any

from ..ai.observation import observation_sparse, observation_string
from ..formats.snapshot import state_from_json, state_to_json
from ..rules.actions import Action
from ..rules.notation import format_action
from ..rules.state import GameState
from ._spiel_codec import ActionCodec, action_codec

__all__ = ["NO_MOVES", "SpielPosition"]


class _Known:
    """The start of a history whose moves are known in notation (a restored position)."""

    __slots__ = ("moves",)

    def __init__(self, moves: tuple[str, ...]) -> None:
        self.moves = moves


#: The history of a new game: no moves.
NO_MOVES = _Known(())
# The history of a position: (the history before, the last action), back to a _Known.
_History = _Known | tuple[Any, Action]


class SpielPosition:
    """An immutable game position plus its public history.

    OpenSpiel clones a Python state by deep-copying its attributes; the position
    never changes (applying an action makes a new one), so a copy is itself.  It
    pickles as a JSON snapshot with the history in notation.  ``legal`` caches the
    sorted legal action ids (a pure function of the position, so sharing it between
    clones is safe), ``cache`` the observations.  The history is a chain of actions,
    written in notation only when asked for (:attr:`moves`).
    """

    __slots__ = ("cache", "codec", "history", "legal", "state")

    def __init__(self, state: GameState, codec: ActionCodec, history: _History) -> None:
        self.state = state
        self.codec = codec
        self.history = history
        self.legal: list[int] | None = None
        self.cache: dict[tuple[str, int], Any] = {}

    @property
    def moves(self) -> tuple[str, ...]:
        """Every action so far in notation, draws included."""
        actions = []
        link = self.history
        while not isinstance(link, _Known):
            link, action = link
            actions.append(action)
        return (*link.moves, *map(format_action, reversed(actions)))

    def observation(self, player: int, compact: bool) -> tuple[list[int], list[float]]:
        """``observation_sparse`` for ``player`` (full or compact), computed once."""
        key = ("compact" if compact else "tensor", player)
        found: tuple[list[int], list[float]] | None = self.cache.get(key)
        if found is None:
            found = self.cache[key] = observation_sparse(self.state, player, compact)
        return found

    def text(self, player: int) -> str:
        """``observation_string`` for ``player``, computed once."""
        found: str | None = self.cache.get(("text", player))
        if found is None:
            found = self.cache[("text", player)] = observation_string(self.state, player)
        return found

    def __copy__(self) -> SpielPosition:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> SpielPosition:
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, tuple[str, ...]]]:
        return (_restore_position, (state_to_json(self.state), self.moves))


def _restore_position(snapshot: str, moves: tuple[str, ...]) -> SpielPosition:
    state = state_from_json(snapshot)
    return SpielPosition(state, action_codec(state.rules), _Known(tuple(moves)))
