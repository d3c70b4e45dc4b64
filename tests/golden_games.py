"""Golden games: complete seeded random games whose every step is pinned.

Speed work on the engine must not change a single result.  Perft
(``perft.py``) pins the legal actions of the first few plies, the differential
test checks the rules against a slow model; this file pins whole games: for a
fixed list of games (2-5 players, both draw modes, every shuffle option, some
players who always place a piece), the SHA-256 of a canonical record of every
step (the legal actions in their order, the chance outcomes with their exact
probabilities, the action chosen, the events, the players, the phase and the
features with their icons, open ports and pieces), plus the final scores in
the clear.  ``test_golden_games.py`` replays them.

The record is built from plain values (numbers, names of enum members, tuples),
never from ``repr``, so changing how a class prints does not change it, and from the
fields each class had when the file was written (:data:`PINNED_FIELDS`), so a field
added later does not either.  After a deliberate rule change, regenerate and review::

    python tests/golden_games.py        # rewrite tests/data/golden_games.json
"""

from __future__ import annotations

import enum
import hashlib
import json
import random
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import attrs

from carcassonne_amazonas import (
    Action,
    GameState,
    Pass,
    Rules,
    Shuffle,
    apply_action,
    apply_action_with_events,
    chance_outcomes,
    legal_actions,
    new_game,
)

DATA_FILE = Path(__file__).parent / "data" / "golden_games.json"

#: name, players, seed (None: explicit draws), shuffle, slices, first player, eager pieces
GAMES: list[dict[str, Any]] = [
    {"players": 2 + i % 4, "seed": None if i % 4 == 1 else 1000 + 37 * i,
     "shuffle": "uniform" if i % 5 == 2 else "stratified", "slices": 1 + i % 7,
     "first_player": i % (2 + i % 4), "eager": i % 3 == 0}
    for i in range(16)
]


# The fields pinned per class: those the classes had when the file was written, so that a
# field added later (a rule variant's option in an event, say) does not change the digests
# of these default-rules games; a class not listed here is pinned with all its fields.
PINNED_FIELDS: dict[str, tuple[str, ...]] = {
    "AmazonScored": ("tile", "caimans", "piranhas", "ranks", "points"),
    "BoatAdvanced": ("player", "reason", "from_space", "to_space"),
    "ChooseDouble": ("tile",),
    "DoubleChosen": ("player", "tile"),
    "DrawTile": ("tile",),
    "FeatureScored": ("terrain", "tiles", "fruit", "points", "meeples_returned", "final"),
    "FinalScore": ("tributaries", "villages", "camps", "river"),
    "GameOver": ("scores", "winners"),
    "JungleScored": ("tiles", "animals", "camps", "points"),
    "Pass": (),
    "PiecePlaced": ("player", "camp", "position", "segment"),
    "PlaceCamp": ("position", "segment"),
    "PlaceMeeple": ("position", "segment"),
    "PlaceTile": ("position", "rotation"),
    "PlayerState": ("score", "boat", "meeples_in_supply", "camps_in_supply", "breakdown"),
    "Position": ("x", "y"),
    "RiverScored": ("ranks", "points"),
    "ScoreBreakdown": ("tributaries", "villages", "amazon", "camps", "river"),
    "TileDrawn": ("player", "tile"),
    "TilePlaced": ("player", "tile", "position", "rotation"),
    "TileRemoved": ("player", "tile"),
}


def plain(value: Any) -> Any:
    """``value`` as nested lists of numbers, strings and None (see the module docstring)."""
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, (bool, int, str)) or value is None:
        return value
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    if isinstance(value, (tuple, list)):
        return [plain(item) for item in value]
    if attrs.has(type(value)):
        name = type(value).__name__
        fields = PINNED_FIELDS.get(name) or tuple(f.name for f in attrs.fields(type(value)))
        return [name, *(plain(getattr(value, field)) for field in fields)]
    raise TypeError(f"no plain form for {type(value).__name__}")


def step_record(state: GameState) -> list[Any]:
    """What a step must reproduce exactly (order-free where the API gives no order)."""
    features = sorted(
        [feature.terrain.name, sorted(feature.nodes), feature.open_ports, feature.boats,
         feature.fruit, feature.animals, sorted(feature.pieces)]
        for feature in state.features)
    return [state.phase.name, state.current_player, plain(state.players), state.track_length,
            [[plain(p.position), p.rotation.name, p.tile.id] for p in state.board.placements],
            None if state.tile_in_hand is None else state.tile_in_hand.id, state.tiles_left,
            [t.id for t in state.removed], [t.id for t in state.doubles_left],
            state.piece_placement, [t.id for t in state.pending_amazon],
            plain(state.final_scoring), features]


def start(spec: dict[str, Any]) -> GameState:
    """The new game a spec describes."""
    rules = Rules(first_player=spec["first_player"], shuffle=Shuffle(spec["shuffle"]),
                  slices=spec["slices"])
    if spec["seed"] is None:
        return new_game(spec["players"], rules=rules, draws="explicit")
    return new_game(spec["players"], seed=spec["seed"], rules=rules)


def play(spec: dict[str, Any], index: int) -> dict[str, Any]:
    """Play one golden game; returns its digest, length and result."""
    state = start(spec)
    rng = random.Random(index)
    digest = hashlib.sha256()
    actions = 0
    while not state.is_terminal:
        legal = legal_actions(state)
        record: list[Any] = [plain(legal)]
        action: Action
        if state.is_chance_node:
            outcomes = chance_outcomes(state)
            record.append(plain(outcomes))
            action = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
        elif spec["eager"] and len(legal) > 1 and isinstance(legal[-1], Pass):
            action = rng.choice(legal[:-1])
        else:
            action = rng.choice(legal)
        after, events = apply_action_with_events(state, action)
        if after != apply_action(state, action):
            raise AssertionError(f"apply_action and apply_action_with_events differ at "
                                 f"action {actions} of game {index}")
        record += [plain(action), plain(events), step_record(after)]
        digest.update(json.dumps(record, separators=(",", ":")).encode())
        state = after
        actions += 1
    return {"actions": actions, "scores": list(state.scores), "sha256": digest.hexdigest()}


def generate() -> dict[str, Any]:
    """The golden data for every game of :data:`GAMES`."""
    return {
        "description": "Complete random games of Carcassonne - Amazonas (reference tile set) "
                       "with every step pinned by a SHA-256 (see tests/golden_games.py). "
                       "Regenerate with: python tests/golden_games.py",
        "games": [{**spec, **play(spec, index)} for index, spec in enumerate(GAMES)],
    }


def main() -> None:
    data = generate()
    DATA_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {DATA_FILE}", file=sys.stderr)


if __name__ == "__main__":
    main()
