"""Resigning, running out of time and forfeiting: one convention, kept by the engine, the score keeper,
records, views, turn reports and the command line."""

from __future__ import annotations

import itertools
import subprocess
import sys

import attrs
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from qwirkle import (
    EndReason,
    GameRecord,
    GameState,
    IllegalMoveError,
    InvalidRecordError,
    InvalidStateError,
    PlayerView,
    Rule,
    apply,
    cards,
    check_state,
    end_cause,
    legal_moves,
    new_game,
    resign,
    state_from_json,
    state_to_json,
    view,
)
from qwirkle.bots import GreedyBot, RandomBot, run_game
from qwirkle.cards import CardsEndReason
from qwirkle.endings import outcome_of, winners_line
from qwirkle.interface.scorekeeper import Scorekeeper
from qwirkle.testing import check_invariants
from tests.cards.helpers import play as play_cards
from tests.played import states

LEAVING = [EndReason.RESIGNED, EndReason.TIMED_OUT, EndReason.FORFEITED]


@given(states(most_turns=80), st.data())
def test_whoever_leaves_never_wins_and_the_others_follow_END_4(state: GameState, data: st.DataObject) -> None:
    assume(state.outcome is None)
    seat = data.draw(st.integers(0, len(state.players) - 1))
    reason = data.draw(st.sampled_from(LEAVING))
    final = resign(state, seat, reason)
    outcome = final.outcome
    assert outcome is not None
    assert outcome.reason is reason
    assert outcome.ended_by == seat
    assert outcome.scores == state.scores
    others = [s for s in range(len(state.players)) if s != seat]
    best = max(state.scores[s] for s in others)
    assert outcome.winners == tuple(s for s in others if state.scores[s] == best)
    # Nothing but the outcome changes, and the state is one the rules can reach.
    assert final.history == state.history
    assert final.hands == state.hands
    check_state(final)
    check_invariants(final)
    assert state_from_json(state_to_json(final)) == final
    for s in range(len(final.players)):
        seen = view(final, s)
        assert seen.outcome == outcome
        assert PlayerView.from_json(seen.to_json()) == seen
    record = GameRecord.from_game(final)
    again = GameRecord.loads(record.dumps())
    assert again == record
    assert again.replay().final == final


def test_the_leaver_loses_even_when_ahead() -> None:
    assert outcome_of(EndReason.RESIGNED, (50, 10), ended_by=0).winners == (1,)
    assert outcome_of(EndReason.TIMED_OUT, (50, 10, 10, 3), ended_by=0).winners == (1, 2)


def test_a_leaving_outcome_needs_the_seat() -> None:
    with pytest.raises(TypeError, match="needs the seat"):
        outcome_of(EndReason.FORFEITED, (1, 2))


def test_resign_refuses_what_is_no_way_to_leave() -> None:
    state = new_game(["Ann", "Bob"], seed=1)
    with pytest.raises(TypeError, match="RESIGNED, TIMED_OUT or FORFEITED"):
        resign(state, 0, EndReason.BLOCKED)
    with pytest.raises(InvalidStateError, match="no seat 2"):
        resign(state, 2)
    with pytest.raises(InvalidStateError, match="no seat True"):
        resign(state, True)


def test_a_finished_game_cannot_be_left_or_played_on() -> None:
    final = resign(new_game(["Ann", "Bob"], seed=1), 1)
    with pytest.raises(IllegalMoveError, match="END-4: the game is over: a player resigned"):
        resign(final, 0)
    with pytest.raises(IllegalMoveError, match="the game is over"):
        apply(final, next(iter(legal_moves(new_game(["Ann", "Bob"], seed=1)))))
    assert not legal_moves(final)


def test_the_score_keeper_follows_the_same_convention() -> None:
    keeper = Scorekeeper.start(["Ann", "Bob", "Cy"]).place("Ro@0,0 Rs@1,0")
    final = keeper.resign(0, EndReason.TIMED_OUT)
    assert final.outcome == outcome_of(EndReason.TIMED_OUT, (2, 0, 0), ended_by=0)
    record = GameRecord.from_scorekeeper(final)
    assert GameRecord.loads(record.dumps()).replay().final == final
    with pytest.raises(IllegalMoveError, match="the game is over"):
        final.place("Bo@0,1")


def test_a_record_whose_leaver_does_not_match_is_refused() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    state = apply(state, next(iter(legal_moves(state))))
    left = resign(state, 1)
    data = GameRecord.from_game(left).to_json()
    data["result"]["winners"] = [1]
    with pytest.raises(InvalidRecordError, match="winners"):
        GameRecord.from_json(data)
    data["result"] = {"reason": "resigned", "scores": list(left.scores), "winners": [0, 1]}
    with pytest.raises(InvalidRecordError, match="ended_by names a seat"):
        GameRecord.from_json(data)


def test_the_words_and_the_command_line_say_who_left() -> None:
    state = new_game(["Ann", "Bob", "Cy"], seed=2)
    final = resign(state, 1, EndReason.FORFEITED)
    assert final.outcome is not None
    assert end_cause(final.outcome, final.players) == (
        "Bob forfeited; the highest total among the others wins (Rule END-4)"
    )
    out = subprocess.run(
        [sys.executable, "-m", "qwirkle", "--seconds-per-move", "1e-9", "--quiet"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "ran out of time; the other player wins (Rule END-4)" in out


def test_a_bot_over_its_time_loses_on_time() -> None:
    final = run_game([RandomBot(1), GreedyBot(2)], seed=5, seconds_per_move=1e-9)
    assert final.outcome is not None
    assert final.outcome.reason is EndReason.TIMED_OUT
    assert final.turn_number == 0
    assert final.outcome.winners == (1 - final.starter,)
    with pytest.raises(TypeError, match="positive number of seconds"):
        run_game([RandomBot(1), GreedyBot(2)], seed=5, seconds_per_move=0)


# Qwirkle Cards keeps the same convention

CARDS_LEAVING = [CardsEndReason.RESIGNED, CardsEndReason.TIMED_OUT, CardsEndReason.FORFEITED]


@given(st.integers(0, 2**32 - 1), st.integers(0, 60), st.sampled_from(["rg", "rgr", "ggrr"]), st.data())
def test_in_qwirkle_cards_whoever_leaves_never_wins(seed: int, moves: int, kinds: str, data: st.DataObject) -> None:
    steps = [after for _, _, after in itertools.islice(play_cards(seed, kinds), moves)]
    state = steps[-1] if steps else cards.new_game([f"p{i}" for i in range(len(kinds))], seed=seed)
    assume(state.outcome is None)
    seat = data.draw(st.integers(0, len(kinds) - 1))
    reason = data.draw(st.sampled_from(CARDS_LEAVING))
    final = cards.resign(state, seat, reason)
    outcome = final.outcome
    assert outcome is not None
    assert outcome.reason is reason
    assert outcome.ended_by == seat
    others = [s for s in range(len(kinds)) if s != seat]
    best = max(state.scores[s] for s in others)
    assert outcome.winners == tuple(s for s in others if state.scores[s] == best)
    assert cards.check_state(final) == final
    assert final.view(seat).outcome == final.spectator_view().outcome == outcome
    with pytest.raises(IllegalMoveError, match=f"CARDS-11: the game is over: {reason.words}"):
        cards.resign(final, seat)


def test_a_cards_outcome_that_does_not_follow_the_convention_is_refused() -> None:
    state = cards.new_game(["Ann", "Bob"], seed=4)
    final = cards.resign(state, 0)
    assert final.outcome is not None
    wrong = attrs.evolve(final, outcome=attrs.evolve(final.outcome, winners=(0, 1)))
    with pytest.raises(InvalidStateError) as caught:
        cards.check_state(wrong)
    assert caught.value.rule is Rule.CARDS_11
    nameless = attrs.evolve(final, outcome=attrs.evolve(final.outcome, ended_by=None))
    with pytest.raises(InvalidStateError, match="names their seat") as caught:
        cards.check_state(nameless)
    assert caught.value.rule is Rule.CARDS_11
    with pytest.raises(TypeError, match="RESIGNED, TIMED_OUT or FORFEITED"):
        cards.resign(state, 0, CardsEndReason.BLOCKED)
    with pytest.raises(InvalidStateError, match="no seat 2"):
        cards.resign(state, 2)


def test_the_words_of_an_end_refuse_what_is_no_outcome() -> None:
    with pytest.raises(TypeError, match=r"^end_cause\(\) takes an Outcome, not 'went_out'"):
        end_cause("went_out", ["Ann", "Bob"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^winners_line\(\) takes an Outcome, not None"):
        winners_line(None, ["Ann", "Bob"])  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="reason is an EndReason, not 'blocked'"):
        outcome_of("blocked", (1, 2))  # type: ignore[arg-type]
