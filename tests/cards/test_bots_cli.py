"""Bots play legal moves from what they may see, and the command line plays a whole seeded game."""

from __future__ import annotations

import pytest

from qwirkle.cards import CardsRuleSet, GreedyBot, RandomBot, is_legal, most_qwirkles, run_game
from qwirkle.cards.cli import main

from .helpers import play


@pytest.mark.rule("CARDS-7", "CARDS-9")
@pytest.mark.parametrize("preset", CardsRuleSet.PRESETS)
def test_bots_play_legal_moves_to_the_end(preset: str) -> None:
    rules = CardsRuleSet.preset(preset)
    for before, move, _ in play(7, "rgr", rules):
        assert is_legal(before, move)


def test_the_greedy_bot_takes_the_most_qwirkles() -> None:
    for before, move, _ in play(12, "gg"):
        best = most_qwirkles(before)
        if best is not None:
            assert move == best


def test_run_game_is_deterministic_and_reports_each_move() -> None:
    seen: list[int] = []
    final = run_game([RandomBot(seed=1), GreedyBot()], seed=9, on_move=lambda b, m, a: seen.append(b.current))
    again = run_game([RandomBot(seed=1), GreedyBot()], seed=9)
    assert final == again
    assert len(seen) == len(final.history)
    assert final.outcome is not None


def test_the_command_line_plays_a_seeded_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Qwirkle Cards, seed 2, rules standard: random (seat 0) against greedy (seat 1)")
    assert "  1. " in out
    assert "table: " in out
    assert "Game over after" in out
    assert "Winner" in out
    assert main(["--seed", "2"]) == 0
    assert capsys.readouterr().out == out


def test_the_command_line_takes_players_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", "5", "--players", "greedy,random,greedy", "--rules", "redraw_hand", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "table:" not in out
    assert out.count("Qwirkles\n") == 3
    assert main(["--players", "random"]) == 2
    assert main(["--players", "random,clever"]) == 2


def test_the_old_name_of_the_players_option_still_works_and_says_it_is_deprecated(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--seed", "5", "--players", "greedy,random", "--quiet"]) == 0
    new = capsys.readouterr()
    assert main(["--seed", "5", "--bots", "greedy,random", "--quiet"]) == 0
    old = capsys.readouterr()
    assert old.out == new.out
    assert "--bots is deprecated; use --players" in old.err
    assert new.err == ""
    assert "--bots" not in capsys.readouterr().out


def test_the_usage_line_names_the_qwirkle_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    assert capsys.readouterr().out.startswith("usage: qwirkle cards ")
    with pytest.raises(SystemExit):
        main(["--rules", "nope"])
