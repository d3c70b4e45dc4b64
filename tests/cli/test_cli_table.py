"""``play --table``: the terminal keeps the score of a game played with the box (issue 37).

A whole game is entered from a reference game (greedy bots, explicit draws): each tile
drawn by its name, then its placement and piece in notation, with a mistake undone; the
saved record replays to the reference's scores.  A tile's name is read by the tile set's
``tile_named`` and ``layout_named``; a tile not in the bag gets the library's message.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from carcassonne_amazonas import DrawTile, GreedyBot, TileId, new_game
from carcassonne_amazonas.cli._table import drawn_tile
from carcassonne_amazonas.formats.game import Game
from carcassonne_amazonas.rules.chance import chance_outcomes, sample_draw
from cli_helpers import error_of, record_of, run_main
from language_helpers import english_words

#: A layout of which the bag holds three different tiles at the start.
LAYOUT = "A3"


def reference(players: int, seed: int) -> Game:
    """A whole game of seeded greedy bots with explicit draws."""
    game = Game(new_game(players, draws="explicit"))
    draws, bot = random.Random(seed), GreedyBot(seed=seed)
    while not game.state.is_terminal:
        state = game.state
        game.play(sample_draw(state, draws) if state.is_chance_node else bot.choose(state))
    return game


def other_tile(game: Game, number: int) -> str:
    """The name of a tile that could have been drawn instead of the ``number``-th action."""
    state = game.states[number]
    drawn = game.actions[number]
    others = [a for a, _ in chance_outcomes(state) if a != drawn]
    return state.rules.tileset.tile(others[0].tile).name


def test_a_whole_table_game_typed_by_tile_names_ends_with_the_references_scores(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    game = reference(2, seed=11)
    tileset = game.initial_state.rules.tileset
    draws = [i for i, action in enumerate(game.actions) if isinstance(action, DrawTile)]
    mistake = draws[3]
    lines: list[str] = []
    for number, action in enumerate(game.actions):
        if number == mistake:  # a wrong tile entered, then taken back
            lines += ["help", "nonsense", other_tile(game, number), "undo"]
        lines.append(tileset.tile(action.tile).name if isinstance(action, DrawTile)
                     else str(action))
    saved = tmp_path / "table.json"
    code, out, err = run_main(capsys, monkeypatch, "play", "--table", "--players", "2",
                              "--save", str(saved), stdin="\n".join(lines) + "\n")
    assert code == 0, err
    assert "Undone:" in out and "Final scores" in out
    record = record_of(saved)
    assert record.draws == "explicit" and record.rules.shuffle.value == "uniform"
    assert record.final_state().scores == game.state.scores


def test_a_table_game_in_french_speaks_french(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch,
                                             tmp_path: Path) -> None:
    game = reference(3, seed=5)
    tileset = game.initial_state.rules.tileset
    draws = [i for i, action in enumerate(game.actions) if isinstance(action, DrawTile)]
    lines: list[str] = ["undo"]
    for number, action in enumerate(game.actions):
        if number == draws[2]:  # help, the bag, a board, names it cannot read, a wrong tile
            lines += ["help", "list", "board", "A3", "Z9.9", "*x", other_tile(game, number),
                      "undo"]
        lines.append(tileset.tile(action.tile).name if isinstance(action, DrawTile)
                     else str(action))
    saved = tmp_path / "table.json"
    code, out, err = run_main(capsys, monkeypatch, "play", "--table", "--players", "3",
                              "--lang", "fr", "--save", str(saved),
                              stdin="\n".join(lines) + "\n")
    assert code == 0, err
    assert out.startswith("Carcassonne \u2013 Amazonas sur table : 3 joueurs (jaune, rouge, "
                          "vert) ; tapez les tuiles que vous piochez.")
    for french in ("Rien à reprendre : rien n'a encore été saisi.", "\nTour 1 : jaune",
                   "jaune pioche une tuile dans la boîte : laquelle ?", "Tapez le nom de la tuile",
                   f"le sac contient 3 tuiles {LAYOUT} différentes", "ne nomme aucune tuile du jeu",
                   "n'est pas une pioche : tapez * et", "Repris : ", "décompte final",
                   "Scores finaux", "Partie enregistrée"):
        assert french in out, french
    said = out.replace(str(saved), "FILE")  # the path's words are the machine's
    assert english_words(said) == [], [line for line in said.splitlines()
                                       if english_words(line)]
    assert record_of(saved).final_state().scores == game.state.scores


def test_a_tile_is_named_by_its_name_its_layout_or_a_draw(tmp_path: Path) -> None:
    state = new_game(3, draws="explicit")
    assert drawn_tile(state, "S01.1") == DrawTile(TileId(1))
    assert drawn_tile(state, "s01.2") == DrawTile(TileId(1))  # identical copies: one outcome (R-T1)
    assert drawn_tile(state, "S09") == drawn_tile(state, "S09.1")  # one S09 tile
    assert drawn_tile(state, "*4") == DrawTile(TileId(4))
    with pytest.raises(ValueError, match=f"3 different {LAYOUT} tiles"):
        drawn_tile(state, LAYOUT)
    with pytest.raises(ValueError, match="names no tile"):
        drawn_tile(state, "Z9.9")
    after = Game(state)
    after.play(DrawTile(TileId(37)))  # the one S09 tile
    after.play(after.legal_actions()[0])
    after.play("p")
    with pytest.raises(ValueError, match=r"not in the pile.*\(R-T1\)"):
        drawn_tile(after.state, "S09.1")
    with pytest.raises(ValueError, match=r"no S09 tile is left in the bag \(R-T1\)"):
        drawn_tile(after.state, "S09")


def test_table_refuses_bots_and_a_seed(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    for extra in (("--bots", "human,greedy"), ("--seed", "3")):
        code, _out, err = run_main(capsys, monkeypatch, "play", "--table", *extra)
        assert code == 1 and "--table" in error_of(err)


def test_a_stopped_table_game_is_resumed_with_table(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    game = reference(2, seed=4)
    tileset = game.initial_state.rules.tileset
    typed = [tileset.tile(a.tile).name if isinstance(a, DrawTile) else str(a)
             for a in game.actions]
    saved = tmp_path / "table.json"
    code, out, _err = run_main(capsys, monkeypatch, "play", "--table", "--save", str(saved),
                               stdin="\n".join([*typed[:7], "quit"]) + "\n")
    assert code == 0 and "the game is not finished" in out
    assert len(record_of(saved).actions) == 7
    code, out, err = run_main(capsys, monkeypatch, "play", "--table", "--resume", str(saved),
                              stdin="\n".join(typed[7:]) + "\n")
    assert code == 0, err
    assert record_of(saved).final_state().scores == game.state.scores
    seeded = tmp_path / "seeded.json"
    code, _out, _err = run_main(capsys, monkeypatch, "play", "--bots", "random,random",
                                "--seed", "2", "--save", str(seeded))
    code, _out, err = run_main(capsys, monkeypatch, "play", "--table", "--resume", str(seeded))
    assert code == 1 and "drawn by its seed" in error_of(err)
