"""A human player at the terminal: the position, the numbered legal actions, the prompt."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TextIO

from .._support.i18n import texts
from ..errors import IllegalActionError, NotationError
from ..render.explain import describe_action
from ..render.text import board_text, players_text, tile_description, tile_pictures
from ..rules.actions import Action, PlaceTile
from ..rules.engine import apply_action, legal_actions
from ..rules.notation import parse_action
from ..rules.players import colour
from ..rules.state import GameState, Phase
from ._common import say

__all__ = ["HUMAN_HELP", "StopGame", "UndoRequest", "ask_human", "human_help", "menu",
           "show_position"]

class StopGame(Exception):
    """The human asked to stop the game."""


class UndoRequest(Exception):
    """The human asked to take back their last decision (``undo``)."""


def human_help(lang: str | None = None) -> str:
    """What ``help`` at the prompt says: the notation and the commands, in ``lang``."""
    return texts(lang).gettext("""\
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
quit (stop the game; with --save the record is saved). End of input stops too.""")


#: :func:`human_help` in English.
HUMAN_HELP = human_help()


def menu(state: GameState, actions: Sequence[Action], lang: str | None = None) -> list[str]:
    """The numbered legal actions, compact for tile placements, in ``lang``."""
    if state.phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
        by_cell: dict[str, list[str]] = {}
        for number, action in enumerate(actions, start=1):
            assert isinstance(action, PlaceTile)
            by_cell.setdefault(f"({action.position})", []).append(
                f"{number}={action.rotation.degrees}°")
        entries = [f"{cell:>8} {' '.join(choices)}" for cell, choices in by_cell.items()]
        width = max(len(e) for e in entries) + 3
        per_line = max(1, 96 // width)
        lines = [texts(lang).gettext("Where? number = rotation (clockwise) at cell (x,y):")]
        for i in range(0, len(entries), per_line):
            lines.append("".join(e.ljust(width) for e in entries[i:i + per_line]).rstrip())
        return lines
    return [f"{number:>4}  {action!s:<12} {describe_action(state, action, lang=lang)}"
            for number, action in enumerate(actions, start=1)]


def show_position(state: GameState, out: TextIO, lang: str | None = None) -> None:
    """The board and the players' table, in ``lang``."""
    say(out)
    say(out, board_text(state, lang=lang))
    say(out, players_text(state, lang=lang))


def ask_human(state: GameState, read: Callable[[str], str], out: TextIO, *,
              can_undo: bool = False, lang: str | None = None) -> Action:
    """The action the human at the terminal chooses (by number or in notation).

    Asks again after input it does not understand or an illegal action; raises
    :class:`StopGame` on ``quit``, :class:`UndoRequest` on ``undo`` when ``can_undo``
    (a human has made a decision to take back), and lets ``EOFError`` (end of input)
    through.  ``lang``: the language of what it writes (the commands stay English
    words, as the notation does; the library's messages after ``Illegal:`` too).
    """
    t = texts(lang)
    actions = legal_actions(state)
    who = colour(state.current_player, lang=lang)
    show_position(state, out, lang)
    if state.tile_in_hand is not None and state.phase in (Phase.PLACE_TILE, Phase.PLACE_DOUBLE):
        say(out, t.gettext("{who}, your tile: {tile}").format(
            who=who, tile=tile_description(state.tile_in_hand, lang)))
        for line in tile_pictures(state.tile_in_hand):
            say(out, "  " + line)
    elif state.phase is Phase.PLACE_PIECE:
        say(out, t.gettext("{who}, the piece step: a meeple, a camp or no piece (R-T5)")
            .format(who=who))
    elif state.phase is Phase.CHOOSE_DOUBLE:
        say(out, t.gettext("{who}, choose a double tile to place downstream (R-T3)")
            .format(who=who))
    lines = menu(state, actions, lang)
    for line in lines:
        say(out, line)
    while True:
        text = read(f"{who}> ").strip()
        if not text:
            say(out, t.gettext("Type a number from the list, an action such as {action}, or "
                               "'help'.").format(action=actions[0]))
            continue
        word = text.lower()
        if word in ("help", "?", "h"):
            say(out, human_help(lang))
            continue
        if word in ("board", "b"):
            show_position(state, out, lang)
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
            say(out, t.gettext("Nothing to undo: no human decision has been played yet."))
            continue
        if re.fullmatch(r"[+-]?[0-9]+", text):
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            say(out, t.gettext("There is no action {number}: choose a number from 1 to "
                               "{count}.").format(number=number, count=len(actions)))
            continue
        try:
            action = parse_action(text, state)
        except NotationError as error:
            say(out, t.gettext("Not understood: {error}. Type 'help' for the notation.")
                .format(error=error))
            continue
        except IllegalActionError as error:  # a compass point with no tile to read it off
            say(out, t.gettext("Illegal: {error}.").format(error=error))
            continue
        try:
            apply_action(state, action)
        except IllegalActionError as error:
            say(out, t.gettext("Illegal: {error}.").format(error=error))
            continue
        return action
