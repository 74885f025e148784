"""The command-line demo: what it prints, its options, and its errors."""

from __future__ import annotations

import re
import subprocess
import sys

import attrs
import pytest

import qwirkle
from qwirkle import EndReason, Outcome
from qwirkle.bots import GreedyBot, RandomBot, make_bot, play_game
from qwirkle.cli import main, result_lines


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    out, err = capsys.readouterr()
    assert err == ""
    return out


def test_the_default_run_prints_every_turn_with_its_board_and_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys)
    final = play_game([make_bot("random", seed=4), make_bot("greedy", seed=5)], seed=1)
    turns = re.findall(r"^Turn (\d+): (random|greedy) .*: (\d+) points?$", out, flags=re.MULTILINE)
    assert [int(number) for number, _, _ in turns] == list(range(1, final.turn_number + 1))
    assert [int(points) for _, _, points in turns] == [turn.score.total for turn in final.history]
    # One board (its column-number header included) and one score line after every turn.
    assert out.count("Scores: random: ") == final.turn_number
    assert str(final.board) in out
    assert out.startswith("Qwirkle, seed 1: random (seat 1), greedy (seat 2)\n")
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
    final = play_game([make_bot("random", seed=4), make_bot("greedy", seed=5)], seed=1)
    assert lines == result_lines(final)
    assert len(lines) == 3
    assert lines[0].startswith(f"Game over after {final.turn_number} turns: ")
    assert lines[1].startswith("Final scores: ")
    assert lines[2].startswith("Winner")


def test_the_same_seed_prints_the_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "--seed", "3", "--players", "greedy,random,random")
    assert run(capsys, "--seed", "3", "--players", "greedy,random,random") == first
    assert run(capsys, "--seed", "4", "--players", "greedy,random,random") != first


def test_players_sit_in_the_order_given_and_share_names_by_seat(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "--players", "greedy, Random,greedy,random", "--quiet", "--seed", "6")
    assert re.search(r"^Final scores: greedy 1: \d+, random 2: \d+, greedy 3: \d+, random 4: \d+$", out, re.M)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "random,clever"], "argument --players: unknown bot 'clever' (the bots are: greedy, random)"),
        (["--players", "greedy"], "argument --players: a game takes 2 to 4 players, not 1"),
        (["--players", "random,random,random,random,random"], "argument --players: a game takes 2 to 4 players, not 5"),
        (["--seed", "one"], "argument --seed: invalid int value: 'one'"),
        (["--colour"], "unrecognized arguments: --colour"),
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
    final = play_game([GreedyBot(seed=1), RandomBot(seed=2), GreedyBot(seed=3)], seed=2)
    assert final.outcome is not None
    tied = attrs.evolve(
        final,
        scores=(50, 40, 50),
        outcome=Outcome(EndReason.BLOCKED, scores=(50, 40, 50), winners=(0, 2)),
    )
    assert result_lines(tied) == [
        f"Game over after {final.turn_number} turns: the bag is empty and nobody can place (Rule END-3).",
        "Final scores: greedy 1: 50, random 2: 40, greedy 3: 50",
        "Winners (shared win): greedy 1, greedy 3",
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
    final = play_game([make_bot("random", seed=4), make_bot("greedy", seed=5)], seed=1)
    assert done.stdout.splitlines() == result_lines(final)
    assert done.stderr == ""
