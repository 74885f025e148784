"""Turn reports: what each move did, derived from the states before and after."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from qwirkle import (
    EndReason,
    Exchange,
    InvalidStateError,
    Pass,
    Place,
    TurnReport,
    format_move,
    legal_moves,
    play,
    report,
)
from qwirkle.interface.events import explain_score
from qwirkle.interface.views import HiddenExchange
from tests.played import play as play_game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_turn_of_a_game_is_reported_exactly(seed: int) -> None:
    states = play_game(seed, 10_000, players=2 + seed % 3)
    assert states[-1].outcome is not None
    for before, after in itertools.pairwise(states):
        done = report(before, after)
        turn = after.history[-1]
        assert done.turn_number == len(after.history)
        assert done.seat == turn.seat == before.current
        assert done.move == turn.move
        assert done.score == turn.score
        assert done.scores == after.scores
        assert done.bag_size == len(after.bag)
        kept = Counter(before.hands[done.seat])
        if isinstance(turn.move, (Place, Exchange)):
            kept.subtract(turn.move.tiles)
        assert Counter(after.hands[done.seat]) == kept + Counter(done.drawn)
        if isinstance(turn.move, Place):
            assert done.placed == turn.move.placements
            assert done.drawn_count == min(len(turn.move), len(before.bag))
            assert done.exchanged == 0
        elif isinstance(turn.move, Exchange):
            assert done.placed == ()
            assert done.exchanged == len(turn.move) == done.drawn_count
        else:
            assert isinstance(turn.move, Pass)
            assert done.drawn == ()
            assert done.score.total == 0
        assert done.lines == turn.score.lines
        assert done.qwirkles == turn.score.qwirkles
        assert done.end_bonus == turn.score.end_bonus
        if after.outcome is None:
            assert not done.game_over
            assert done.next_seat == after.current
            assert done.end_reason is None
        else:
            assert done.game_over
            assert done.next_seat is None
            assert done.end_reason is after.outcome.reason
        other = (done.seat + 1) % len(after.players)
        hidden = done.seen_by(other)
        assert hidden.drawn == ()
        assert hidden.drawn_count == done.drawn_count
        if isinstance(turn.move, Exchange):
            assert hidden.move == HiddenExchange(len(turn.move))
            assert hidden.exchanged == len(turn.move)
        assert done.seen_by(done.seat) is done
        json.dumps(done.to_json())
        json.dumps(hidden.to_json())
        assert done.describe(after.players)


def test_the_last_turn_reports_the_end() -> None:
    states = play_game(4, 10_000)
    done = report(states[-2], states[-1])
    assert done.outcome == states[-1].outcome
    text = " ".join(done.describe(states[-1].players))
    assert "The game is over" in text
    if done.end_reason is EndReason.WENT_OUT:
        assert done.end_bonus == states[-1].rules.end_bonus
        assert "end bonus (Rule SCORE-8)" in text


def test_play_returns_the_state_and_the_report() -> None:
    state = play_game(9, 0)[0]
    move = next(iter(legal_moves(state)))
    after, done = play(state, move)
    assert isinstance(done, TurnReport)
    assert done == report(state, after)
    assert done.to_json()["move"] == format_move(move)


def test_report_refuses_states_that_do_not_follow() -> None:
    states = play_game(2, 3)
    with pytest.raises(InvalidStateError):
        report(states[0], states[2])
    with pytest.raises(InvalidStateError):
        report(states[1], states[0])


def test_explanations_name_lines_and_bonuses() -> None:
    states = [state for seed in range(5, 9) for state in play_game(seed, 10_000)[1:]]
    seen_qwirkle = False
    for state in states:
        points = state.history[-1].score
        text = explain_score(points)
        assert len(text) == len(points.lines) + bool(points.qwirkle_points) + bool(points.lone_tile_points) + bool(
            points.end_bonus
        )
        if points.qwirkles:
            seen_qwirkle = True
            assert any("Qwirkle bonus (Rule SCORE-4)" in line for line in text)
    assert seen_qwirkle


def test_reports_of_what_is_no_state_or_score_are_type_errors() -> None:
    state = play_game(1, 0)[0]
    with pytest.raises(TypeError, match=r"^report\(\) takes a GameState, not None"):
        report(state, None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^report\(\) takes a GameState, not 3"):
        report(3, state)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^explain_score\(\) takes a Score, not 9"):
        explain_score(9)  # type: ignore[arg-type]
