"""``st.from_type`` of every class in every public module's ``__all__``: valid values, or
a clear refusal.

Public modules are found by walking the package (a module whose dotted path has no part
starting with ``_``; one whose extra is not installed is left out), so a class added to
any ``__all__`` is checked here at once.  Each class's draws must pass the library's own
checks (the state validator, the loaders, the notation round trip, positive counts and
sizes), or ``st.from_type`` must raise ``ResolutionFailed`` saying why and what to use.
"""

from __future__ import annotations

import enum
import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import ResolutionFailed

import carcassonne_amazonas as ca
from carcassonne_amazonas import (
    Action,
    GameRecord,
    GameState,
    apply_action,
    format_action,
    legal_actions,
    new_game,
    parse_action,
    state_problems,
)
from carcassonne_amazonas.ai.bots import BotSpec, GreedyBot, RandomBot, parse_bot_spec
from carcassonne_amazonas.ai.encoding import ActionSpace
from carcassonne_amazonas.ai.mcts import MctsBot
from carcassonne_amazonas.ai.observation import ObservationLayout
from carcassonne_amazonas.ai.simulation import GameResult, RulesSpec, rules_for
from carcassonne_amazonas.formats.snapshot import state_from_json, state_to_json
from carcassonne_amazonas.rules.draw_odds import DrawDistribution
from carcassonne_amazonas.rules.pile import Pile
from carcassonne_amazonas.testing import (
    REFUSALS,
    IllegalAction,
    RecordText,
    TileSetText,
    from_type_strategies,
)
from carcassonne_amazonas.tiles.tilefile import tileset_problems
from carcassonne_amazonas.tiles.tileset import StartSide

pytestmark = pytest.mark.slow  # drawn games for every public class

_DRAWS = settings(max_examples=5, database=None, deadline=None,
                  suppress_health_check=list(HealthCheck))


def registered_public_types() -> list[type]:
    """The classes the testing module registered beside :func:`from_type_strategies`
    (read from Hypothesis's registry: the module that holds them is private)."""
    from hypothesis.strategies._internal.types import _global_type_lookup
    return [kind for kind in _global_type_lookup
            if isinstance(kind, type) and kind.__module__.startswith("carcassonne_amazonas.")]


def public_modules() -> list[str]:
    """Every importable public module of the package (no ``_``-prefixed path part)."""
    names = ["carcassonne_amazonas"]
    for info in pkgutil.walk_packages(ca.__path__, "carcassonne_amazonas."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        try:
            importlib.import_module(info.name)
        except ImportError:  # an extra that is not installed (numpy, OpenSpiel, Ray)
            continue
        names.append(info.name)
    return names


def public_classes() -> dict[str, type]:
    """Every class in a public module's ``__all__``, by the first module exporting it."""
    found: dict[type, str] = {}
    for module_name in public_modules():
        module = importlib.import_module(module_name)
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            if isinstance(value, type):
                found.setdefault(value, f"{module_name}.{name}")
    return {name: kind for kind, name in found.items()}


CLASSES = public_classes()


_LAND_COUNTS = {len(ca.reference_tileset(bonus_river=bonus).land_tiles) for bonus in (False, True)}


def _bot_plays(bot: Any) -> bool:
    state = new_game(2, seed=0)
    return bot.choose(state) in legal_actions(state)


def _record_round_trip(record: GameRecord) -> bool:
    return GameRecord.from_json(record.to_json()) == record


def _positive(*numbers: int) -> bool:
    return all(number > 0 for number in numbers)


#: The checks of each class, beyond being an instance of it (a class not named here
#: only needs that, and a repr).
CHECKS: dict[type, Callable[[Any], bool]] = {
    GameState: lambda s: state_problems(s) == [] and state_from_json(state_to_json(s)) == s,
    GameRecord: _record_round_trip,
    ca.Game: lambda game: state_problems(game.state) == [],
    ca.Board: lambda board: len({p.position for p in board.placements}) == len(board),
    ca.Tile: lambda tile: tile in ca.reference_tileset(bonus_river=True).tiles,
    ca.Rules: lambda rules: attrs.evolve(rules) == rules and _positive(rules.slices),
    RandomBot: _bot_plays,
    GreedyBot: _bot_plays,
    MctsBot: lambda bot: _bot_plays(bot) and bot.iterations <= 8,
    BotSpec: lambda spec: parse_bot_spec(str(spec)) == spec,
    RulesSpec: lambda spec: isinstance(rules_for(spec), ca.Rules),
    GameResult: lambda result: len(result.scores) >= 2 and min(result.scores) >= 0,
    ActionSpace: lambda space: _positive(space.width, space.height, len(space.land_ids)),
    ObservationLayout: lambda layout: _positive(layout.planes, layout.height, layout.width),
    StartSide: lambda side: 2 <= side.min_players <= side.max_players <= 5
    and _positive(side.river_spaces),
    Pile: lambda pile: pile.drawn >= 1 and pile.drawn + len(pile.tiles) in _LAND_COUNTS,
    RecordText: lambda drawn: drawn.valid == (drawn.corruption == ""),
    TileSetText: lambda drawn: drawn.valid == (tileset_problems(drawn.text) == []),
    IllegalAction: lambda drawn: drawn.rule.startswith("R-") and drawn.code != "",
    DrawDistribution: lambda odds: sum(odds.probabilities) == 1 and _positive(odds.total),
}


def _valid(value: object) -> bool:
    if isinstance(value, Action):  # every action survives its notation
        return parse_action(format_action(value)) == value
    check = next((check for kind, check in CHECKS.items() if isinstance(value, kind)), None)
    return check is None or check(value)


def test_the_walk_finds_the_public_classes() -> None:
    # (a class counts once, by the first public module exporting it: the package itself
    # exports the bots)
    assert "carcassonne_amazonas.MctsBot" in CLASSES
    assert "carcassonne_amazonas.web.GameStore" in CLASSES
    assert "carcassonne_amazonas.GameState" in CLASSES
    assert not any("._" in name for name in CLASSES)


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_from_type_gives_valid_values_or_a_clear_refusal(name: str) -> None:
    kind = CLASSES[name]
    if kind in REFUSALS:
        @_DRAWS
        @given(st.from_type(kind))
        def refused(value: object) -> None:
            raise AssertionError(f"drew {value!r}")  # pragma: no cover - must not draw

        with pytest.raises(ResolutionFailed, match=f"from_type\\({kind.__name__}\\) has no "
                                                   "strategy: .+(use|draw|make|write|sample)"):
            refused()
        return
    if issubclass(kind, enum.Enum):
        return  # Hypothesis draws the members
    registered = {k for k in from_type_strategies() if isinstance(k, type)} | set(
        registered_public_types())
    assert kind in registered or any(issubclass(k, kind) for k in registered), (
        f"{name} has neither a strategy nor a refusal: register one in "
        "carcassonne_amazonas.testing (Hypothesis would build it field by field)")
    drawn: list[object] = []

    @_DRAWS
    @given(st.from_type(kind))
    def draw(value: object) -> None:
        drawn.append(value)

    draw()
    assert drawn and all(isinstance(value, kind) for value in drawn), drawn
    invalid = [value for value in drawn if not _valid(value)]
    assert invalid == [], f"st.from_type({kind.__name__}) drew invalid values: {invalid}"


def test_from_type_of_a_bot_plays_a_legal_action_in_every_phase() -> None:
    """``from_type(MctsBot)`` is a working bot with a small budget."""
    @settings(_DRAWS, max_examples=3)
    @given(st.from_type(MctsBot), st.from_type(GameState).filter(lambda s: not s.is_terminal))
    def play(bot: MctsBot, state: GameState) -> None:
        action = bot.choose(state)
        assert state_problems(apply_action(state, action)) == []

    play()
