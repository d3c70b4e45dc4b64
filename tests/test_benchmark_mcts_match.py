"""The paired match of MCTS option sets (``benchmarks/mcts_match.py``): a game's record
agrees with itself, the summary counts only shuffles played in every seating, with 2
to 5 players, B may be a bot kind, and loading checks every saved game.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest


@pytest.fixture
def match(benchmark_script: Callable[[str], ModuleType]) -> ModuleType:
    return benchmark_script("mcts_match")


def game(shuffle: int, a_seat: int, win: float, margin: float,
         players: int | None = None) -> dict[str, Any]:
    """A saved game's fields; without ``players``, as 2-player games were saved before
    matches had more players."""
    saved = {"shuffle": shuffle, "a_seat": a_seat, "win": win, "margin": margin,
             "cpu_a": 0.5, "cpu_b": 0.25}
    return saved if players is None else {**saved, "players": players}


def test_a_game_records_a_win_that_agrees_with_its_margin(match: ModuleType) -> None:
    played = [match.play({"iterations": 1}, {"iterations": 1, "tree_turns": 2}, 3, seat)
              for seat in (0, 1)]
    for record in played:
        assert record["win"] == (1.0 if record["margin"] > 0 else
                                 0.5 if record["margin"] == 0 else 0.0)
        assert record["cpu_a"] > 0 and record["cpu_b"] > 0
    assert [record["a_seat"] for record in played] == [0, 1]
    # The same shuffle and seat give the same game: a saved run can be checked.
    assert match.play({"iterations": 1}, {"iterations": 1, "tree_turns": 2}, 3, 0)[
        "margin"] == played[0]["margin"]


def test_the_summary_counts_whole_shuffles_and_shared_victories_as_halves(
        match: ModuleType) -> None:
    games = [game(1, 0, 1.0, 10), game(1, 1, 0.5, 0), game(2, 0, 0.0, -4),
             game(2, 1, 1.0, 2), game(3, 0, 1.0, 50)]  # shuffle 3 lacks its second seating
    text = match.summary(games)
    assert text.startswith("4 games (2 shuffles, seats swapped): A won 62.5% (")
    assert "margin +2.0 ± 2.9 points a game" in text
    assert "0.50 s / 0.25 s" in text
    assert match.summary(games[-1:]) == "0 paired games: too few for a summary"


def test_loading_checks_every_saved_game(match: ModuleType, tmp_path: Path) -> None:
    saved = tmp_path / "games.jsonl"
    options = {"a": {"iterations": 2}, "b": {"iterations": 1}}
    lines = [json.dumps({**options, **game(1, seat, 1.0, 3)}) for seat in (0, 1)]
    saved.write_text("\n".join(lines) + "\n", encoding="utf-8")
    loaded = match.load_games([saved])
    assert [record["a_seat"] for record in loaded] == [0, 1]
    assert match.summary(loaded).startswith(
        'A {"iterations": 2} against B {"iterations": 1}: 2 games (1 shuffle, seats')
    for bad, message in [
            (lines[0] + "\n" + lines[0], "line 2: shuffle 1 with A in seat 0 again"),
            ("{oops", "line 1: not JSON"),
            (json.dumps({"shuffle": 1}), "line 1: not a saved game"),
            (lines[0] + "\n" + json.dumps({**game(2, 0, 0.0, -1), "a": {}, "b": {}}),
             "line 2: other option sets than the first game's")]:
        saved.write_text(bad, encoding="utf-8")
        with pytest.raises(ValueError, match=re.escape(message)):
            match.load_games([saved])


def test_a_reprint_leaves_out_games_of_other_code_and_says_so(match: ModuleType) -> None:
    options = {"a": {"iterations": 2}, "b": {"iterations": 1}}
    played = match.play(options["a"], options["b"], 4, 0)
    assert played["code"]["fingerprint"] and played["shuffle_seed"] > 0
    old = {**options, **game(1, 0, 1.0, 3)}  # saved before games named their code
    other = {**options, **game(1, 1, 0.0, -3), "code": {**played["code"],
                                                           "fingerprint": "0" * 16}}
    kept, note = match.current_games([played, old, other], everything=False)
    assert kept == [played]
    assert note.startswith("Left out 2 games measured on other code than the current")
    assert "--all includes them" in note
    everything, note = match.current_games([played, old, other], everything=True)
    assert everything == [played, old, other] and note.startswith("Included 2 games")
    assert match.current_games([played], everything=False) == ([played], "")


def test_a_3_player_match_puts_a_in_every_seat_once_a_shuffle(
        match: ModuleType, tmp_path: Path) -> None:
    saved = tmp_path / "games.jsonl"
    args = argparse.Namespace(start=7, shuffles=1, jobs=1, save=saved)
    played = match.play_all(args, {"iterations": 1}, "greedy", 3)
    assert sorted(record["a_seat"] for record in played) == [0, 1, 2]
    assert {record["shuffle"] for record in played} == {7}
    assert len({record["shuffle_seed"] for record in played}) == 1  # one deal, 3 seatings
    for record in played:
        assert (record["players"], record["a"], record["b"]) == (3, {"iterations": 1},
                                                                 "greedy")
        assert isinstance(record["margin"], float)  # A's score less the others' mean
        assert record["win"] in (0.0, 1 / 3, 0.5, 1.0)
        assert record["win"] < 1 or record["margin"] > 0  # a sole winner beat the mean
        assert record["cpu_a"] > 0 and record["cpu_b"] > 0
    # Every game was saved as it ended, and loads back as the current code's.
    loaded = match.load_games([saved])
    assert loaded == played
    assert match.current_games(loaded, everything=False) == (loaded, "")
    # The player count is part of what the fingerprint names.
    two = match.bots_record({"iterations": 1}, "greedy", 2)
    assert two == {"a": {"iterations": 1}, "b": "greedy"}
    assert played[0]["code"]["fingerprint"] != match.code_record(two)["fingerprint"]
    # The same shuffle and seat give the same game: a saved run can be checked.
    again = match.play({"iterations": 1}, "greedy", 7, loaded[0]["a_seat"], 3)
    assert again["margin"] == loaded[0]["margin"]
    assert match.summary(loaded).startswith(
        'A {"iterations": 1} against B "greedy": 3 3-player games (1 shuffle, A in each')


def test_the_summary_of_3_players_states_the_fair_share(match: ModuleType) -> None:
    games = [game(1, 0, 1.0, 10.5, 3), game(1, 1, 0.0, -3.0, 3), game(1, 2, 0.5, 0.0, 3),
             game(2, 0, 1 / 3, 1.5, 3), game(2, 1, 0.0, -6.0, 3), game(2, 2, 1.0, 6.0, 3),
             game(3, 0, 1.0, 50.0, 3), game(3, 2, 1.0, 50.0, 3)]  # shuffle 3 lacks seat 1
    text = match.summary(games)
    assert text.startswith("6 3-player games (2 shuffles, A in each seat, B in the "
                           "others): A won 47.2% (")
    assert ("the fair share 33.3%; margin (A's score less the others' mean) +1.5 ± 2.4 "
            "points a game; 0.50 s / 0.25 s of processor time per decision") in text
    fast = [{**record, "cpu_b": 0.0013} for record in games]  # greedy's time: in ms
    assert "; 0.50 s / 1.3 ms of processor time" in match.summary(fast)
    assert match.summary(games[-2:]) == (
        "0 games of shuffles played in all 3 seatings: too few for a summary")


def test_a_bot_may_be_a_kind_but_not_a_person(
        match: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    assert match.checked_options(parser, '"greedy"') == "greedy"
    assert match.checked_options(parser, "mcts:100") == "mcts:100"  # bare, too
    assert match.checked_options(parser, '{"iterations": 3}') == {"iterations": 3}
    for text, message in [('"human"', "human is a person, not a bot"),
                          ("human", "human is a person, not a bot"),
                          ('"chess"', "unknown player kind 'chess'"),
                          ("mcts:0", "mcts:N takes a whole number"),
                          ("[1]", "give a JSON object of options or a bot kind"),
                          ('{"iterations": 3', "bad bot {\"iterations\": 3")]:
        with pytest.raises(SystemExit):
            match.checked_options(parser, text)
        assert message in capsys.readouterr().err
    with pytest.raises(ValueError, match="human is a person"):
        match.make("human", 1)  # a hand-written file replayed


def test_a_file_holds_one_player_count_and_old_lines_are_2_player_games(
        match: ModuleType, tmp_path: Path) -> None:
    saved = tmp_path / "games.jsonl"
    options = {"a": "mcts", "b": "greedy"}
    old = [json.dumps({**options, **game(1, seat, 1.0, 3)}) for seat in (0, 1)]
    saved.write_text("\n".join([*old, json.dumps({**options, **game(2, 0, 0.0, -1, 2)})]),
                     encoding="utf-8")
    loaded = match.load_games([saved])  # lines without "players" and with "players": 2
    assert [record.get("players") for record in loaded] == [None, None, 2]
    assert match.summary(loaded).startswith(
        'A "mcts" against B "greedy": 2 games (1 shuffle, seats swapped): A won 100.0%')
    for bad, message in [
            (old[0] + "\n" + json.dumps({**options, **game(2, 0, 0.0, -1.5, 3)}),
             "games.jsonl, line 2: a 3-player game after 2-player ones"),
            (json.dumps({**options, **game(1, 0, 0.0, -1.5, 6)}),
             "line 1: players must be 2 to 5, not 6"),
            (json.dumps({**options, **game(1, 3, 0.0, -1.5, 3)}),
             "line 1: A's seat 3 is not one of a 3-player game"),
            (json.dumps({**options, **game(1, 0, 0.0, -1), "margin": "-1"}),
             "line 1: not a saved game")]:
        saved.write_text(bad, encoding="utf-8")
        with pytest.raises(ValueError, match=re.escape(message)):
            match.load_games([saved])
