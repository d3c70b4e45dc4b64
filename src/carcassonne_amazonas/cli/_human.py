"""A human player at the terminal: the position, the numbered legal actions, the prompt."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TextIO

from ..errors import IllegalActionError, NotationError
from ..render.explain import describe_action
from ..render.text import board_text, players_text, tile_description, tile_pictures
from ..rules.actions import Action, PlaceTile
from ..rules.engine import apply_action, legal_actions
from ..rules.notation import parse_action
from ..rules.players import colour
from ..rules.state import GameState, Phase
from ._common import say

__all__ = ["HUMAN_HELP", "StopGame", "UndoRequest", "ask_human", "menu",
           "show_position"]

class StopGame(Exception):
    """The human asked to stop the game."""


class UndoRequest(Exception):
    """The human asked to take back their last decision (``undo``)."""


HUMAN_HELP = """\
Type the number of an action from the list, or an action in notation:
  t<x>,<y>,<degrees>  place the tile with its top-left cell on (x,y), e.g. t-1,0,90
  d<tile id>          choose a double tile after a "!" tile, e.g. d82
  m<x>,<y>,<segment>  a meeple on a segment of the tile just placed: its number, as
                      the list writes it (m0,4,1), or the compass point where it
                      reaches the tile's edge, read off the picture: N E S W for an
                      edge, NE SE SW NW for a corner (m0,4,E)
  c<x>,<y>,<segment>  a camp on a jungle segment of the tile just placed, by number
                      or compass point, e.g. c0,4,5 or c0,4,NE
  p                   place no piece (your boat advances 1)
  *<tile id>          a tile drawn, as records of games with explicit draws write it;
                      never yours to type here: the table draws, e.g. *17
Other commands: board (show the board), list (the numbered actions), help,
undo (take back your last decision, and the bot moves after it),
quit (stop the game; with --save the record is saved). End of input stops too."""


def menu(state: GameState, actions: Sequence[Action]) -> list[str]:
    """The numbered legal actions, compact for tile placements."""
    if state.phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
        by_cell: dict[str, list[str]] = {}
        for number, action in enumerate(actions, start=1):
            assert isinstance(action, PlaceTile)
            by_cell.setdefault(f"({action.position})", []).append(
                f"{number}={action.rotation.degrees}°")
        entries = [f"{cell:>8} {' '.join(choices)}" for cell, choices in by_cell.items()]
        width = max(len(e) for e in entries) + 3
        per_line = max(1, 96 // width)
        lines = ["Where? number = rotation (clockwise) at cell (x,y):"]
        for i in range(0, len(entries), per_line):
            lines.append("".join(e.ljust(width) for e in entries[i:i + per_line]).rstrip())
        return lines
    return [f"{number:>4}  {action!s:<12} {describe_action(state, action)}"
            for number, action in enumerate(actions, start=1)]


def show_position(state: GameState, out: TextIO) -> None:
    """The board and the players' table."""
    say(out)
    say(out, board_text(state))
    say(out, players_text(state))


def ask_human(state: GameState, read: Callable[[str], str], out: TextIO, *,
              can_undo: bool = False) -> Action:
    """The action the human at the terminal chooses (by number or in notation).

    Asks again after input it does not understand or an illegal action; raises
    :class:`StopGame` on ``quit``, :class:`UndoRequest` on ``undo`` when ``can_undo``
    (a human has made a decision to take back), and lets ``EOFError`` (end of input)
    through.
    """
    actions = legal_actions(state)
    player = state.current_player
    show_position(state, out)
    if state.tile_in_hand is not None and state.phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
        say(out, f"{colour(player)}, your tile: {tile_description(state.tile_in_hand)}")
        for line in tile_pictures(state.tile_in_hand):
            say(out, "  " + line)
    elif state.phase is Phase.PLACE_PIECE:
        say(out, f"{colour(player)}, the piece step: a meeple, a camp or no piece (R-T5)")
    elif state.phase is Phase.CHOOSE_DOUBLE:
        say(out, f"{colour(player)}, choose a double tile to place downstream (R-T3)")
    lines = menu(state, actions)
    for line in lines:
        say(out, line)
    while True:
        text = read(f"{colour(player)}> ").strip()
        if not text:
            say(out, f"Type a number from the list, an action such as {actions[0]}, or 'help'.")
            continue
        word = text.lower()
        if word in ("help", "?", "h"):
            say(out, HUMAN_HELP)
            continue
        if word in ("board", "b"):
            show_position(state, out)
            continue
        if word in ("list", "l"):
            for line in lines:
                say(out, line)
            continue
        if word in ("quit", "exit", "q"):
            raise StopGame
        if word in ("undo", "u"):
            if can_undo:
                raise UndoRequest
            say(out, "Nothing to undo: no human decision has been played yet.")
            continue
        if re.fullmatch(r"[+-]?[0-9]+", text):
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            say(out, f"There is no action {number}: choose a number from 1 to {len(actions)}.")
            continue
        try:
            action = parse_action(text, state)
        except NotationError as error:
            say(out, f"Not understood: {error}. Type 'help' for the notation.")
            continue
        except IllegalActionError as error:  # a compass point with no tile to read it off
            say(out, f"Illegal: {error}.")
            continue
        try:
            apply_action(state, action)
        except IllegalActionError as error:
            say(out, f"Illegal: {error}.")
            continue
        return action
