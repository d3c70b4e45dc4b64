"""Save a game as a record (JSON), load it back, and replay it turn by turn.

A ``GameRecord`` holds a game's setup (players, rule options, the seed) and its
actions in the library's notation; loading it replays and checks every action.  This
example plays a seeded game between bots, writes its record to a temporary file,
reads it back, checks that the replay reaches the same final state, then prints the
first turns with what happened, explained by ``carcassonne_amazonas.render.explain``.

Run:  python examples/save_and_replay.py [--players N] [--seed S] [--turns T]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
from pathlib import Path

from carcassonne_amazonas import (
    Action,
    GameRecord,
    Phase,
    apply_action,
    apply_action_with_events,
    format_action,
    legal_actions,
    new_game,
)
from carcassonne_amazonas.render.explain import describe_events
from carcassonne_amazonas.rules.actions import TURN_END
from carcassonne_amazonas.rules.players import colour


def play(players: int, seed: int) -> GameRecord:
    """A complete seeded game between random players, as a record."""
    initial = new_game(players, seed=seed)
    chooser = random.Random(seed)
    state, actions = initial, []
    while not state.is_terminal:
        action: Action = chooser.choice(legal_actions(state))
        actions.append(action)
        state = apply_action(state, action)
    return GameRecord.from_game(initial, actions)


def main(argv: list[str] | None = None) -> None:
    """Save, load, check and replay one game."""
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 6),
                        help="2 to 5 (default 2)")
    parser.add_argument("--seed", type=int, default=7, help="shuffle and choices seed")
    parser.add_argument("--turns", type=int, default=4, help="turns to print (default 4)")
    args = parser.parse_args(argv)

    record = play(args.players, args.seed)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(record.to_json(), encoding="utf-8")
        size = os.path.getsize(path)
        text = path.read_text(encoding="utf-8")
    document = json.loads(text)
    print(f"saved {len(record.actions)} actions to a {size}-byte record "
          f"(schema {document['schema']}, seed {document['seed']}, "
          f"first actions {' '.join(document['actions'][:4])} ...)")

    loaded = GameRecord.from_json(text)  # replays and checks every action
    states = loaded.replay()             # every state, the initial one first
    assert loaded == record
    assert states[-1] == record.final_state()
    print(f"loaded it back: {len(states)} states, the same final scores {states[-1].scores}")
    print()

    turn = 0
    for before, action in zip(states, loaded.actions):
        if before.phase is Phase.PLACE_TILE:  # a new turn begins
            if turn == args.turns:
                break
            turn += 1
            assert before.tile_in_hand is not None
            print(f"Turn {turn}: {colour(before.current_player)} holds "
                  f"{before.tile_in_hand.name} \u201c{before.tile_in_hand.layout.title}\u201d")
        _, events = apply_action_with_events(before, action)
        lines = describe_events(before, action, events) or ["(nothing to explain)"]
        print(f"  {format_action(action):<11} {lines[0]}")
        for line in lines[1:]:
            print(f"  {'':<11} {line}")
        if isinstance(action, TURN_END):
            print()
    final = states[-1]
    winners = " and ".join(colour(p) for p in final.winners)
    print(f"... {len(loaded.actions)} actions in all; winner: {winners} "
          f"with {max(final.scores)} points")


if __name__ == "__main__":
    main()
