"""``st.from_type`` and ``st.builds`` give valid values for every public type.

Values that belong to a game come from played games (R-C1–R-E6); each is checked with
the state validator or the type's own checks.  ``state_actions`` pairs a state with one
of its legal actions (R-T1–R-T8).
"""

from __future__ import annotations

import sys
import textwrap
import types
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import carcassonne_amazonas as ca
from carcassonne_amazonas import GameState, apply_action, legal_actions, state_problems
from carcassonne_amazonas.ai.evaluation import Weights
from carcassonne_amazonas.testing import REFUSALS, from_type_strategies, state_actions

pytestmark = pytest.mark.slow  # drawn games for every public type

#: A quarter of the profile's examples per type (5 with the quick profile, 250 with the
#: thorough one; 40 before, when the suite took twice as long): every type's strategy is
#: drawn from, each draw checked by the type's own checks.
DRAWS = max(5, settings().max_examples // 4)
PUBLIC = sorted({name for name in ca.__all__ if isinstance(getattr(ca, name), type)
                 and getattr(ca, name) not in REFUSALS}  # test_public_types.py checks those
                | {"Action", "Event", "Draws", "TileId"})
_QUIET = settings(max_examples=DRAWS, database=None, deadline=None,
                  suppress_health_check=list(HealthCheck))


def _valid(value: object) -> bool:
    """The type's own checks: states pass the validator, states' parts and actions are
    what a game has, everything else constructs (it exists)."""
    if isinstance(value, GameState):
        return state_problems(value) == []
    if isinstance(value, ca.PlayerState):
        return value.score >= 0 and value.boat >= 1 and 0 <= value.meeples_in_supply <= 4 \
            and 0 <= value.camps_in_supply <= 2
    if isinstance(value, Weights):
        return attrs.evolve(value) == value  # its own checks run again
    if isinstance(value, ca.Tile):
        return value.name != ""
    if isinstance(value, ca.Game):
        return state_problems(value.state) == []
    if isinstance(value, ca.GameRecord):
        return all(state_problems(state) == [] for state in value.replay())
    return True


@pytest.mark.parametrize("name", [*PUBLIC, "Weights"])
def test_from_type_gives_only_valid_values(name: str) -> None:
    """R-C1–R-E6: ``DRAWS`` draws of every public type (and the evaluation's ``Weights``),
    none invalid, none raising."""
    drawn: list[Any] = []

    @_QUIET
    @given(st.from_type(Weights if name == "Weights" else getattr(ca, name)))
    def draw(value: Any) -> None:
        drawn.append(value)

    draw()
    assert drawn
    assert [value for value in drawn if not _valid(value)] == []


def test_every_registered_strategy_is_a_public_type() -> None:
    public = {getattr(ca, name) for name in ca.__all__} | {Weights}
    assert set(from_type_strategies()) <= public


@pytest.mark.parametrize("name", sorted(name for name in ca.__all__
                                        if attrs.has(getattr(ca, name))))
def test_builds_resolves_every_attrs_class(name: str) -> None:
    """``st.builds`` of each public attrs class resolves its annotations."""
    st.builds(getattr(ca, name)).validate()


USER_MODULE = '''
from __future__ import annotations
import attrs, dataclasses
from carcassonne_amazonas import GameState

@attrs.frozen
class AttrsView:
    state: GameState

@dataclasses.dataclass
class DataView:
    state: GameState
'''


def test_builds_of_a_user_class_with_a_state_field() -> None:
    """A user's module with ``from __future__ import annotations``: its attrs class and
    dataclass with a ``GameState`` field build (R-C1)."""
    module = types.ModuleType("user_views")
    sys.modules[module.__name__] = module
    exec(textwrap.dedent(USER_MODULE), module.__dict__)
    attrs.resolve_types(module.AttrsView)

    @settings(_QUIET, max_examples=5)
    @given(st.builds(module.AttrsView), st.builds(module.DataView))
    def check(first: Any, second: Any) -> None:
        assert state_problems(first.state) == [] and state_problems(second.state) == []

    check()


@settings(max_examples=30, database=None, deadline=None)
@given(state_actions())
def test_state_actions_pairs_a_state_with_a_legal_action(
        pair: tuple[GameState, ca.Action]) -> None:
    """R-T1–R-T8: the action is legal in its state, always."""
    state, action = pair
    assert action in legal_actions(state)
    assert state_problems(apply_action(state, action)) == []
