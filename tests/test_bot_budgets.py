"""The strong bot's budgets: in work, the same anywhere; in time (think), said to depend on the machine."""

from __future__ import annotations

import warnings

import pytest

import qwirkle.bots.strong
from qwirkle import GameState, Move, PlayerView, apply, legal_moves, new_game, view
from qwirkle.bots import GreedyBot, StrongBot
from qwirkle.bots.race import MOST_GUESSES, Clock, halving_race
from qwirkle.bots.spec import bot_spec
from qwirkle.cli import main
from qwirkle.matches.simulate import TimedBotWarning, simulate, timed_entries
from qwirkle.native import NativeGame


def test_a_race_without_more_stops_after_its_halvings() -> None:
    asked: list[tuple[int, int]] = []

    def gain(g: int, i: int) -> float:
        asked.append((g, i))
        return float(i == 2)

    assert halving_race(4, 2, 1, gain) == 2
    # Four candidates against guesses 0 and 1, then the better two against guesses 2 and 3.
    assert len(asked) == 4 * 2 + 2 * 2


def test_a_race_goes_on_while_more_allows_and_asks_the_guesses_in_order() -> None:
    asked: list[tuple[int, int]] = []
    told: list[tuple[int, int]] = []

    def gain(g: int, i: int) -> float:
        asked.append((g, i))
        return float(i == 1)

    def more(done: int, next_round: int) -> bool:
        told.append((done, next_round))
        return done + next_round <= 40

    assert halving_race(4, 2, 0, gain, more) == 1
    assert told[0] == (8, 2 * 2)  # after four candidates against two guesses: the better two against two more
    assert told == [(8, 4), (12, 8), (20, 16), (36, 32)]
    assert len(asked) == 36
    guesses = [g for g, _ in asked]
    assert guesses == sorted(guesses)


def test_a_race_that_is_always_allowed_more_stops_at_the_most_guesses() -> None:
    seen: set[int] = set()

    def gain(g: int, i: int) -> float:
        seen.add(g)
        return 0.0

    assert halving_race(3, 1, 0, gain, lambda done, next_round: True) == 0
    assert max(seen) + 1 == MOST_GUESSES


def test_a_race_of_one_candidate_asks_no_more() -> None:
    assert halving_race(1, 2, 0, lambda g, i: 0.0, lambda done, next_round: pytest.fail("asked")) == 0


def test_a_clock_allows_a_round_only_if_it_is_expected_to_end_within_the_budget() -> None:
    now = [0.0]
    clock = Clock(1.0, timer=lambda: now[0])
    now[0] = 0.25
    assert not clock(10, 31)  # 0.025 s a gain: 0.25 + 0.775 does not fit
    assert clock(10, 30)  # 0.25 + 0.75 fits
    assert clock.elapsed() == 0.25
    # The round it allowed took 0.45 s for 30 gains: from now on 0.015 s a gain, what that round cost, dealing included.
    now[0] = 0.7
    assert not clock(40, 22)  # 0.7 + 0.33
    assert clock(40, 0)  # an empty round fits, and says nothing of what a gain costs
    assert clock(40, 19)  # 0.7 + 0.285


class _CountingBot(StrongBot):
    """A strong bot that counts the gains it works out, each of which takes a millisecond of its own clock."""

    gains = 0

    def gain(self, view: PlayerView, guess: GameState | NativeGame, move: Move, leave: float) -> float:
        type(self).gains += 1
        return super().gain(view, guess, move, leave)


def _midgame() -> GameState:
    state = new_game(["Ann", "Bob"], seed=7)
    for _ in range(6):
        state = apply(state, GreedyBot(seed=1).choose(state))
    return state


def _gains_with(monkeypatch: pytest.MonkeyPatch, think: float) -> tuple[int, Move]:
    """The gains a counting bot works out for one move with a budget of ``think`` seconds of a clock of its gains."""
    _CountingBot.gains = 0
    monkeypatch.setattr(qwirkle.bots.strong, "Clock", lambda seconds: Clock(seconds, lambda: _CountingBot.gains / 1000))
    bot = _CountingBot(seed=3)
    bot.think = think
    state = _midgame()
    move = bot.choose(view(state, state.current))
    assert move in legal_moves(state)
    return _CountingBot.gains, move


def test_a_time_budget_spends_more_guesses_the_more_time_it_has(monkeypatch: pytest.MonkeyPatch) -> None:
    work, _ = _gains_with(monkeypatch, 0.0)
    # Ten candidates against five guesses, the better five against five more, the better three against ten more.
    assert work == 10 * 5 + 5 * 5 + 3 * 10
    # A budget that leaves no room for another round still does the work, and no more.
    assert _gains_with(monkeypatch, 0.001)[0] == _gains_with(monkeypatch, work / 1000 + 0.001)[0] == work
    longer, _ = _gains_with(monkeypatch, 1.0)
    # Each round doubles the guesses of the two left: 2 * 20, 2 * 40, ..., while it ends within 1000 gains.
    assert longer == work + 2 * 20 + 2 * 40 + 2 * 80 + 2 * 160


def test_without_a_time_budget_the_bot_makes_the_same_moves_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _midgame()
    seen = view(state, state.current)
    bot = StrongBot(seed=4)
    bot.think = 0.0
    assert bot.choose(seen) == StrongBot(seed=4).choose(seen)


def test_a_spec_with_a_time_budget_is_timed() -> None:
    assert bot_spec("strong:think=0.1").timed
    assert not bot_spec("strong:think=0").timed
    assert not bot_spec("strong").timed
    assert not bot_spec("greedy").timed
    assert bot_spec(StrongBot, think=0.5).timed
    assert timed_entries(["greedy", "strong:think=0.01", "strong"]) == ("strong:think=0.01",)


def test_a_match_with_a_time_budget_warns_that_its_games_depend_on_the_machine() -> None:
    players = ["strong:think=0.001,samples=1,placements_kept=2", "greedy"]
    with pytest.warns(TimedBotWarning, match=r"strong:think=0\.001,samples=1,placements_kept=2 decides by the clock"):
        match = simulate(players, games=1, seed=2)
    assert len(match.results) == 1
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        simulate(["strong:samples=1,placements_kept=2", "greedy"], games=1, seed=2)


def test_the_command_line_says_when_the_games_depend_on_the_machine(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "1", "--quiet", "--players"]
    assert main([*argv, "strong:think=0.001,samples=1,placements_kept=2,greedy"]) == 0
    out, err = capsys.readouterr()
    assert "Machine-dependent: strong:think=0.001,samples=1,placements_kept=2 decides by the clock" in out
    assert "Warning" not in err
    assert main([*argv, "strong:samples=1,placements_kept=2,greedy"]) == 0
    assert "Machine-dependent" not in capsys.readouterr().out
