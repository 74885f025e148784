"""The command line: the demo game and the simulate command, what they print, their options, and their errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

import qwirkle
from qwirkle import EndReason, Outcome
from qwirkle.bots import GreedyBot, RandomBot, StrongBot, make_bot, run_game
from qwirkle.cli import COMMANDS, main, result_lines
from qwirkle.matches.simulate import simulate


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_the_default_run_prints_every_turn_with_its_board_and_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys)
    final = run_game([make_bot("random", seed=4), make_bot("greedy", seed=5)], seed=1)
    turns = re.findall(r"^Turn (\d+): (random|greedy) .*: (\d+) points?$", out, flags=re.MULTILINE)
    assert [int(number) for number, _, _ in turns] == list(range(1, final.turn_number + 1))
    assert [int(points) for _, _, points in turns] == [turn.score.total for turn in final.history]
    # One board (its column-number header included) and one score line after every turn.
    assert out.count("Scores: random: ") == final.turn_number
    assert str(final.board) in out
    # Seats are numbered from 0, as in the library and in every other command.
    assert out.startswith("Qwirkle, seed 1: random (seat 0), greedy (seat 1)\n")
    assert out.endswith("\n".join(result_lines(final)) + "\n")
    assert f"Final scores: random: {final.scores[0]}, greedy: {final.scores[1]}" in out
    assert re.search(r"^Winners?( \(shared win\))?: ", out, flags=re.MULTILINE)


def test_each_placement_shows_its_line_by_line_score(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "--seed", "2")
    breakdowns = re.findall(r"^  = (.+)$", out, flags=re.MULTILINE)
    assert breakdowns
    assert all(
        re.fullmatch(r"((row y|column x)=-?\d+: \d+( \(Qwirkle\))?|[a-zA-Z ]+: \d+)(, .+)?", b) for b in breakdowns
    )
    assert any("Qwirkle bonus: 6" in b for b in breakdowns)
    assert re.search(r"end bonus: 6$", out, flags=re.MULTILINE)


def test_quiet_prints_only_the_final_result(capsys: pytest.CaptureFixture[str]) -> None:
    lines = run(capsys, "--seed", "1", "--quiet").splitlines()
    final = run_game([make_bot("random", seed=4), make_bot("greedy", seed=5)], seed=1)
    assert lines == result_lines(final)
    assert len(lines) == 3
    assert lines[0].startswith(f"Game over after {final.turn_number} turns: ")
    assert lines[1].startswith("Final scores: ")
    assert lines[2].startswith("Winner")


def test_the_same_seed_prints_the_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "--seed", "3", "--players", "greedy,random,random")
    assert run(capsys, "--seed", "3", "--players", "greedy,random,random") == first
    assert run(capsys, "--seed", "4", "--players", "greedy,random,random") != first


def test_the_demo_takes_bots_with_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "--players", "strong:samples=1,placements_kept=2,greedy", "--quiet", "--seed", "2")
    strong = StrongBot(seed=8)
    strong.samples, strong.placements_kept = 1, 2
    final = run_game([strong, make_bot("greedy", seed=9)], seed=2)
    assert out == "\n".join(result_lines(final)) + "\n"
    # The parameters made a difference: the strong bot as it comes plays another game.
    assert run(capsys, "--players", "strong,greedy", "--quiet", "--seed", "2") != out


def test_players_sit_in_the_order_given_and_share_names_by_seat(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "--players", "greedy, Random,greedy,random", "--quiet", "--seed", "6")
    assert re.search(r"^Final scores: greedy 0: \d+, random 1: \d+, greedy 2: \d+, random 3: \d+$", out, re.M)


def test_bots_that_share_a_name_are_numbered_by_their_seat_from_0(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "--players", "greedy,random,greedy", "--seed", "3")
    assert out.startswith("Qwirkle, seed 3: greedy 0 (seat 0), random 1 (seat 1), greedy 2 (seat 2)\n")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--players", "random,clever"],
            "argument --players: unknown bot 'clever'; the bots are: greedy, random, strong",
        ),
        (["--players", "greedy"], "argument --players: a game takes 2 to 4 players, not 1"),
        (["--players", "random,random,random,random,random"], "argument --players: a game takes 2 to 4 players, not 5"),
        (["--seed", "one"], "argument --seed: invalid int value: 'one'"),
        (["--colour"], "unrecognized arguments: --colour"),
        (["foo"], "unknown command 'foo'; the commands are: simulate, cards"),
        (["Simulate", "--games", "2"], "unknown command 'Simulate'; the commands are: simulate, cards"),
    ],
)
def test_bad_options_exit_with_code_2_and_a_clear_message(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: qwirkle ")
    assert f"qwirkle: error: {message}" in err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--version"])
    assert caught.value.code == 0
    assert capsys.readouterr().out == f"qwirkle {qwirkle.__version__}\n"


def test_a_shared_win_names_every_winner() -> None:
    final = run_game([GreedyBot(seed=1), RandomBot(seed=2), GreedyBot(seed=3)], seed=2)
    assert final.outcome is not None
    tied = attrs.evolve(
        final,
        scores=(50, 40, 50),
        outcome=Outcome(EndReason.BLOCKED, scores=(50, 40, 50), winners=(0, 2)),
    )
    assert result_lines(tied) == [
        f"Game over after {final.turn_number} turns: the bag is empty and nobody can place (Rule END-3).",
        "Final scores: greedy 0: 50, random 1: 40, greedy 2: 50",
        "Winners (shared win): greedy 0, greedy 2",
    ]


def test_python_dash_m_qwirkle_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "qwirkle", "--seed", "1", "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    final = run_game([make_bot("random", seed=4), make_bot("greedy", seed=5)], seed=1)
    assert done.stdout.splitlines() == result_lines(final)
    assert done.stderr == ""


def test_the_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["--help"])
    assert caught.value.code == 0
    out = capsys.readouterr().out
    assert "commands (run `qwirkle COMMAND --help` for their options):" in out
    for name, (summary, _) in COMMANDS.items():
        assert re.search(rf"^  {name} +{re.escape(summary)}$", out, flags=re.MULTILINE)


# qwirkle simulate


def test_simulate_prints_the_table_of_the_match(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "simulate", "--games", "4", "--players", "greedy,random", "--seed", "3", "--quiet")
    table = simulate(["greedy", "random"], games=4, seed=3).table().splitlines()
    lines = out.splitlines()
    assert lines[0] == table[0] == "greedy vs random: 4 games, seed 3, seats rotated"
    assert lines[1] == table[1]
    # The rows agree but for the measured times at their end.
    for printed, expected in zip(lines[2:4], table[2:4], strict=True):
        assert printed.rsplit("  ", 1)[0] == expected.rsplit("  ", 1)[0]
    assert lines[4:6] == table[4:6]
    assert re.fullmatch(r"Played 4 games in \d+\.\d s \(\d+\.\d games/s\) on this process\.", lines[6])
    assert len(lines) == 7


def test_simulate_defaults_to_strong_against_greedy(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "simulate", "--games", "2", "--quiet")
    assert out.startswith("strong vs greedy: 2 games, seed 1, seats rotated\n")


def test_simulate_shows_progress_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "3", "--players", "greedy,random"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("greedy vs random: 3 games")
    # Not a terminal: a line now and then, and always the last.
    assert re.search(r"^3/3 games \(100%\), \d+\.\d games/s, done$", err, flags=re.MULTILINE)


def test_simulate_gives_the_same_games_whatever_the_jobs(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    run(capsys, "simulate", "--games", "4", "--players", "greedy,random", "--quiet", "--json", str(one))
    out = run(
        capsys, "simulate", "--games", "4", "--players", "greedy,random", "--quiet", "--jobs", "2", "--json", str(two)
    )
    assert f"Raw results of every game: {two}" in out
    first, second = json.loads(one.read_text()), json.loads(two.read_text())
    for data in (first, second):
        for game in data["games"]:
            for seat in game["seats"]:
                assert len(seat.pop("times")) == seat["moves"]
    assert first == second
    assert first["format"] == "qwirkle-simulation"
    assert len(first["games"]) == 4


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "argument --games: must be at least 1, not 0"),
        (["--games", "many"], "argument --games: invalid int value: 'many'"),
        (["--jobs", "0"], "argument --jobs: must be at least 1, not 0"),
        (["--players", "strong,clever"], "argument --players: unknown bot 'clever'"),
        (["--players", "strong"], "argument --players: a game takes 2 to 4 players, not 1"),
        (
            ["--players", "strong:shortlist=12,greedy"],
            "argument --players: the bot 'strong' has no parameter 'shortlist'",
        ),
        (["--players", "strong:samples=0,greedy"], "argument --players: samples must be at least 1, not 0"),
        (["--backend", "spark"], "argument --backend: invalid choice: 'spark'"),
        (["--address", "tcp://127.0.0.1:8786"], "--address joins a Dask or Ray cluster: give --backend dask"),
        (["--backend", "dask", "--address", "tcp://127.0.0.1:8786", "--jobs", "2"], "--jobs sizes a local cluster"),
        (["--resume"], "--resume continues the run whose results are in --out: give --out PATH"),
        (["--colour"], "unrecognized arguments: --colour"),
    ],
)
def test_simulate_refuses_bad_options_clearly(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["simulate", *argv])
    assert caught.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: qwirkle simulate ")
    assert f"qwirkle simulate: error: {message}" in err


def test_simulate_takes_bots_with_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "simulate", "--games", "2", "--players", "strong:samples=1,placements_kept=2,greedy", "--quiet")
    assert out.startswith("strong:samples=1,placements_kept=2 vs greedy: 2 games, seed 1, seats rotated\n")
    table = simulate(["strong:samples=1,placements_kept=2", "greedy"], games=2, seed=1).table().splitlines()
    assert out.splitlines()[4:6] == table[4:6]


def test_simulate_streams_to_a_log_and_resumes_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "match.jsonl"
    argv = ["simulate", "--players", "greedy,random", "--seed", "2", "--out", str(log)]
    out = run(capsys, *argv, "--games", "3", "--quiet")
    assert f"Every game's result, as it finished: {log}" in out
    assert len(log.read_text(encoding="utf-8").splitlines()) == 4
    assert main([*argv, "--games", "5"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("qwirkle simulate: error: ")
    assert "holds a match log already; resume it" in err
    assert main([*argv, "--games", "5", "--resume"]) == 0
    out, err = capsys.readouterr()
    assert f"Resumed {log}: 3 of the games were played before." in out
    assert re.search(r"^Played 2 games in \d+\.\d s", out, flags=re.MULTILINE)
    # Progress counts the games this run plays.
    assert re.search(r"^2/2 games \(100%\), \d+\.\d games/s, done$", err, flags=re.MULTILINE)
    table = simulate(["greedy", "random"], games=5, seed=2).table().splitlines()
    assert out.splitlines()[4:6] == table[4:6]
    assert len(log.read_text(encoding="utf-8").splitlines()) == 6


def test_simulate_says_a_backend_cannot_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # As if the extra were not installed: importing the package fails.
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert main(["simulate", "--games", "2", "--players", "greedy,random", "--backend", "dask", "--quiet"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert "qwirkle simulate: error: the dask backend needs dask.distributed" in err
    assert "pip install 'qwirkle[dask]'" in err


def test_a_run_that_cannot_start_leaves_no_log_and_can_be_run_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = tmp_path / "run.jsonl"
    argv = ["simulate", "--games", "2", "--players", "greedy,random", "--quiet", "--out", str(log)]
    with monkeypatch.context() as patched:
        patched.setitem(sys.modules, "distributed", None)
        assert main([*argv, "--backend", "dask"]) == 1
    assert "the dask backend needs dask.distributed" in capsys.readouterr().err
    assert not log.exists()
    out = run(capsys, *argv)
    assert f"Every game's result, as it finished: {log}" in out
    assert len(log.read_text(encoding="utf-8").splitlines()) == 3


def test_a_run_that_cannot_start_keeps_a_file_that_was_there(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.touch()
    monkeypatch.setitem(sys.modules, "distributed", None)
    argv = ["simulate", "--games", "2", "--players", "greedy,random", "--quiet", "--backend", "dask"]
    assert main([*argv, "--out", str(empty)]) == 1
    # The file was not this run's to remove: it is left empty, as it was.
    assert empty.read_bytes() == b""
    capsys.readouterr()
    kept = tmp_path / "kept.jsonl"
    run(capsys, "simulate", "--games", "1", "--players", "greedy,random", "--quiet", "--out", str(kept))
    before = kept.read_bytes()
    assert main([*argv, "--out", str(kept), "--resume"]) == 1
    assert kept.read_bytes() == before


def test_simulate_writes_the_json_to_standard_output_for_a_dash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "2", "--players", "greedy,random", "--quiet", "--json", "-"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert data["format"] == "qwirkle-simulation"
    assert len(data["games"]) == 2
    # The table goes to standard error, so that standard output is the JSON alone.
    assert err.startswith("greedy vs random: 2 games, seed 1, seats rotated\n")
    assert "Raw results" not in err
    assert not Path("-").exists()


def test_simulate_reports_a_file_it_cannot_write(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "missing" / "out.json"
    assert main(["simulate", "--games", "1", "--players", "greedy,random", "--quiet", "--json", str(target)]) == 1
    out, err = capsys.readouterr()
    assert out.startswith("greedy vs random: 1 game, seed 1")
    assert err.startswith("qwirkle simulate: error: ")
    assert "out.json" in err


def test_python_dash_m_qwirkle_simulate_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "qwirkle", "simulate", "--games", "2", "--players", "greedy,random", "--jobs", "2"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("greedy vs random: 2 games, seed 1, seats rotated\n")
    assert "2/2 games (100%)" in done.stderr


def test_the_cards_command_plays_a_game_of_qwirkle_cards(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "--seed", "1", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Qwirkle Cards, seed 1")
    assert main(["cards", "--seed", "1", "--quiet"]) == 0
    assert capsys.readouterr().out == out


@pytest.mark.parametrize("command", [[], ["simulate"], ["cards"]])
def test_every_usage_line_names_the_qwirkle_command(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    assert capsys.readouterr().out.startswith(f"usage: {' '.join(['qwirkle', *command])} ")


def test_python_dash_m_qwirkle_cards_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "qwirkle", "cards", "--seed", "1", "--quiet"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Qwirkle Cards" in done.stdout
