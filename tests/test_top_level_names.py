"""The names most users want come from the package itself: the engine and its values as
it loads, and the bots, ``board_svg`` and the explanations on first use (PEP 562), so
that ``import carcassonne_amazonas`` loads no bot and no renderer."""

from __future__ import annotations

import subprocess
import sys

import pytest

import carcassonne_amazonas
from carcassonne_amazonas.ai import bots, mcts
from carcassonne_amazonas.render import explain, svg

LAZY = {"Bot": bots, "GreedyBot": bots, "RandomBot": bots, "MctsBot": mcts,
        "board_svg": svg, "describe_action": explain, "describe_events": explain}


def test_the_bots_the_picture_and_the_explanations_import_from_the_package() -> None:
    from carcassonne_amazonas import (
        Bot,
        GreedyBot,
        MctsBot,
        RandomBot,
        board_svg,
        describe_action,
        describe_events,
    )
    imported = {"Bot": Bot, "GreedyBot": GreedyBot, "MctsBot": MctsBot,
                "RandomBot": RandomBot, "board_svg": board_svg,
                "describe_action": describe_action, "describe_events": describe_events}
    for name, module in LAZY.items():
        assert imported[name] is getattr(module, name)


def test_every_promised_name_is_there_and_listed_by_dir() -> None:
    names = dir(carcassonne_amazonas)
    for name in carcassonne_amazonas.__all__:
        assert getattr(carcassonne_amazonas, name) is not None
        assert name in names
    assert set(LAZY) <= set(carcassonne_amazonas.__all__)


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="module 'carcassonne_amazonas' has no attribute "
                                             "'DeepBlue'"):
        carcassonne_amazonas.DeepBlue  # noqa: B018
    assert not hasattr(carcassonne_amazonas, "describe_nothing")


def test_importing_the_package_loads_no_bot_and_no_renderer() -> None:
    """Playing a game never loads the ai or render layer; the first use of a lazy name
    loads its module."""
    code = (
        "import sys, carcassonne_amazonas as c\n"
        "late = lambda: sorted(m for m in sys.modules\n"
        "                      if m.startswith(('carcassonne_amazonas.ai',\n"
        "                                       'carcassonne_amazonas.render')))\n"
        "s = c.new_game(2, seed=1)\n"
        "while not s.is_terminal: s = c.apply_action(s, c.legal_actions(s)[0])\n"
        "print(late())\n"
        "c.board_svg(s)\n"
        "print('carcassonne_amazonas.render.svg' in late(), 'board_svg' in vars(c))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.splitlines() == ["[]", "True True"]


def test_a_star_import_brings_the_lazy_names() -> None:
    namespace: dict[str, object] = {}
    exec("from carcassonne_amazonas import *", namespace)
    for name, module in LAZY.items():
        assert namespace[name] is getattr(module, name)
