"""``play --save`` and ``play --resume``: a save path that cannot be written or already
exists is refused before the game (``--force`` replaces it), a stopped game is saved
unfinished and says how to continue it, and ``--resume`` plays it on and saves it back,
keeping the record's players, rule options (R-V1–R-V3) and tile set.

Playing itself (bots, a human at the prompt) is in ``test_cli_play.py``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from carcassonne_amazonas import GameRecord, Phase, new_game
from carcassonne_amazonas.cli._common import check_writable
from carcassonne_amazonas.cli._turns import current_turn
from carcassonne_amazonas.tiles.reference import reference_text
from cli_helpers import TURN_HEADING, assert_clean_error, error_of, record_of, run_here, run_main

# The tests that run the tool in a subprocess are marked slow one by one; those that call
# main() in this process are quick.


# ---------------------------------------------------------------------------- --save


@pytest.mark.parametrize("where", ["missing-folder/game.json", "."])
def test_an_unwritable_save_path_is_refused_before_the_game(
        where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / where
    code, out, err = run_main(capsys, monkeypatch, "play", "--bots", "random", "--seed", "1",
                              "--save", str(path))
    assert code == 1
    assert out == ""  # not a move played
    message = error_of(err)
    assert message.startswith(f"cannot write game record {str(path)!r}: ")
    assert message.endswith("it is a directory" if where == "." else "No such file or directory")


def test_the_writability_check_leaves_no_file_and_keeps_an_existing_one(
        tmp_path: Path) -> None:
    fresh = tmp_path / "fresh.json"
    check_writable(str(fresh), "game record")
    assert not fresh.exists()
    kept = tmp_path / "kept.json"
    kept.write_text("{}", encoding="utf-8")
    check_writable(str(kept), "game record")
    assert kept.read_text(encoding="utf-8") == "{}"


def test_save_refuses_an_existing_file_unless_forced(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    path.write_text("{}", encoding="utf-8")
    play = ("play", "--bots", "human,random", "--seed", "1", "--save", str(path))
    code, out, err = run_main(capsys, monkeypatch, *play, stdin="q\n")
    assert (code, out) == (1, "")
    assert error_of(err).startswith(f"{path} exists: --force replaces it")
    assert f"(--resume {path} continues the game it holds)" in err
    assert path.read_text(encoding="utf-8") == "{}"
    code, out, _ = run_main(capsys, monkeypatch, *play, "--force", stdin="1\nq\n")
    # A stopped game's record says how to continue it, in the refusal's words.
    assert code == 0 and f"Game record saved to {path} (--resume {path} continues it)." in out
    assert len(record_of(path).actions) == 1


def test_a_stopped_game_without_save_says_how_to_keep_it_next_time(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run_main(capsys, monkeypatch, "play", "--bots", "human,random",
                            "--seed", "1", stdin="q\n")
    assert code == 0
    assert ("The game was not saved: start it with --save FILE to keep a stopped game\n"
            "(then --resume FILE continues it).") in out


# ---------------------------------------------------------------------------- --resume


@pytest.mark.slow
def test_a_stopped_game_is_saved_unfinished(stopped_game: Path) -> None:
    record = record_of(stopped_game)
    final = record.final_state()
    assert not final.is_terminal and final.phase is Phase.PLACE_PIECE
    assert json.loads(stopped_game.read_text(encoding="utf-8"))["result"] is None


@pytest.mark.slow
def test_resume_continues_the_game_and_saves_it_back(stopped_game: Path,
                                                     tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(stopped_game.read_text(encoding="utf-8"), encoding="utf-8")
    before = record_of(path)
    turn = current_turn(before.actions)
    result = run_here("play", "--resume", str(path), "--bots", "random", "--seed", "1")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert f"resuming {path}: 2 players, seed 8, {len(before.actions)} actions played" in out
    assert f"Turn {turn}, resumed: unfinished: it stops in turn {turn}, " in out
    assert "Final scores" in out and f"Game record saved to {path}." in out
    after = record_of(path)
    assert after.final_state().is_terminal
    assert after.actions[:len(before.actions)] == before.actions
    assert after.seed == before.seed
    headings = [int(n) for n, _ in TURN_HEADING.findall(out)]
    assert headings[0] == turn + 1 and headings == list(range(turn + 1, headings[-1] + 1))


@pytest.mark.slow
def test_resume_with_save_writes_another_file(stopped_game: Path, tmp_path: Path) -> None:
    original = stopped_game.read_text(encoding="utf-8")
    other = tmp_path / "finished.json"
    result = run_here("play", "--resume", str(stopped_game), "--bots", "greedy,random",
                 "--save", str(other))
    assert result.returncode == 0, result.stderr
    assert stopped_game.read_text(encoding="utf-8") == original
    assert record_of(other).final_state().is_terminal


@pytest.mark.slow
def test_resume_refuses_a_finished_game_and_other_player_counts(
        stopped_game: Path, record_file: Path, tmp_path: Path) -> None:
    finished = record_file  # a finished 2-player game
    stderr = assert_clean_error(run_here("play", "--resume", str(finished)), 1)
    assert "the game is finished" in stderr and "replay" in stderr
    stderr = assert_clean_error(
        run_here("play", "--resume", str(stopped_game), "--players", "3"), 1)
    assert "has 2 players" in stderr
    assert_clean_error(run_here("play", "--resume", str(tmp_path / "none.json")), 1)


@pytest.mark.slow
def test_resume_plays_on_a_game_with_explicit_draws(tmp_path: Path) -> None:
    initial = new_game(2, draws="explicit")
    record = GameRecord.from_game(initial, [])
    path = tmp_path / "explicit.json"
    path.write_text(record.to_json(), encoding="utf-8")
    result = run_here("play", "--resume", str(path), "--bots", "random", "--seed", "4")
    assert result.returncode == 0, result.stderr
    assert "Turn 1: yellow (random) draws a tile; 80 tiles left to draw" in result.stdout
    finished = record_of(path)
    assert finished.draws == "explicit" and finished.final_state().is_terminal


def test_resume_refuses_rule_options_other_than_the_records(
        stopped: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = stopped.read_text(encoding="utf-8")
    for option, value in (("--amazon-ranking", "competition"),
                          ("--camp-scoring", "per-camp"), ("--bonus-river", None)):
        given = [option] if value is None else [option, value]
        code, out, err = run_main(capsys, monkeypatch, "play", "--resume", str(stopped),
                                  "--bots", "random", *given)
        assert code == 1 and out == ""
        message = error_of(err)
        assert message.startswith(" ".join(given) + ": the game is played with ")
        assert f"keeps the rules saved in {stopped}" in message
    assert stopped.read_text(encoding="utf-8") == before


def test_resume_accepts_the_records_own_rule_options(
        stopped: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run_main(capsys, monkeypatch, "play", "--resume", str(stopped), "--bots",
                              "random", "--amazon-ranking", "dense", "--camp-scoring",
                              "per-jungle")
    assert code == 0, err
    assert "Final scores" in out
    assert GameRecord.from_json(stopped.read_text(encoding="utf-8")).final_state().is_terminal


def test_resume_refuses_another_tile_set(stopped: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    other = tmp_path / "box.tiles"
    other.write_text(reference_text().replace("tileset amazonas-reference", "tileset my-box"),
                     encoding="utf-8")
    code, _, err = run_main(capsys, monkeypatch, "play", "--resume", str(stopped), "--tileset",
                            str(other), "--bots", "random")
    assert code == 1
    assert "the game uses tile set 'amazonas-reference'" in error_of(err)
