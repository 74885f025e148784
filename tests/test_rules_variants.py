"""Rule VARIANT-4: the house rules offered as options, here the score limit."""

from __future__ import annotations

import random

import pytest

from qwirkle import (
    EndReason,
    Exchange,
    GameState,
    IllegalMoveError,
    InvalidOptionsError,
    Pass,
    Rule,
    RuleSet,
    is_over,
    legal_moves,
    new_game,
)
from qwirkle.cli import result_lines
from qwirkle.formats.records import GameRecord
from qwirkle.formats.state_json import state_from_json, state_to_json
from qwirkle.interface.events import play
from qwirkle.interface.scorekeeper import Scorekeeper
from qwirkle.testing import play_to_end
from tests.helpers import assert_illegal

LIMIT = 40


def limited_game(seed: int) -> list[GameState]:
    """Every state of a seeded three-player game played to a limit of 40 points."""
    start = new_game(["Ann", "Bob", "Cy"], seed=seed, rules=RuleSet(score_limit=LIMIT))
    return play_to_end(start, random.Random(seed))


@pytest.mark.rule("VARIANT-4", "END-4")
@pytest.mark.parametrize("seed", range(6))
def test_the_game_ends_as_soon_as_a_total_reaches_the_limit(seed: int) -> None:
    states = limited_game(seed)
    final = states[-1]
    assert final.outcome is not None
    if final.outcome.reason is EndReason.SCORE_LIMIT:
        mover = final.history[-1].seat
        assert final.scores[mover] >= LIMIT
        assert final.outcome.winners == (mover,)
        assert final.outcome.ended_by is None
    else:
        # Going out ends the game by Rule END-2 even when the same turn reaches the limit.
        assert final.outcome.reason is EndReason.WENT_OUT
    # Every state before the last was under the limit, so the game did not go on past it.
    assert all(max(state.scores) < LIMIT for state in states[:-1])


@pytest.mark.rule("VARIANT-4")
def test_no_move_after_the_limit_is_reached() -> None:
    final = next(
        s
        for s in (limited_game(seed)[-1] for seed in range(20))
        if s.outcome and s.outcome.reason is EndReason.SCORE_LIMIT
    )
    assert is_over(final)
    assert len(legal_moves(final)) == 0
    hand = next(h for h in final.hands if h)
    for move in (Pass(), Exchange(hand[:1])):
        assert_illegal(final, move, Rule.VARIANT_4, mentions=["over"])


@pytest.mark.rule("VARIANT-4")
def test_the_standard_game_has_no_limit() -> None:
    final = play_to_end(new_game(["Ann", "Bob"], seed=3), random.Random(3))[-1]
    assert RuleSet().score_limit is None
    assert final.outcome is not None
    assert final.outcome.reason is not EndReason.SCORE_LIMIT
    assert max(final.scores) > LIMIT


@pytest.mark.rule("VARIANT-4")
def test_the_limit_travels_through_json_records_reports_and_the_command_line() -> None:
    states = next(
        s for s in map(limited_game, range(20)) if s[-1].outcome and s[-1].outcome.reason is EndReason.SCORE_LIMIT
    )
    final = states[-1]
    assert state_from_json(state_to_json(final)) == final
    record = GameRecord.loads(GameRecord.from_game(final).dumps())
    assert record.rules.score_limit == LIMIT
    assert record.replay().final == final
    _, done = play(states[-2], final.history[-1].move)
    assert done.end_reason is EndReason.SCORE_LIMIT
    assert "a player reached the score limit (Rule VARIANT-4)" in done.describe(final.players)[-1]
    assert "reached the score limit (Rule VARIANT-4)" in result_lines(final)[0]


@pytest.mark.rule("VARIANT-4")
def test_the_score_keeper_ends_at_the_limit_too() -> None:
    keeper = Scorekeeper.start(["Ann", "Bob"], rules=RuleSet(score_limit=4))
    keeper = keeper.place("Ro@0,0 Rs@1,0 Rd@2,0")
    assert keeper.outcome is None
    keeper = keeper.place("Rc@3,0")
    assert keeper.outcome is not None
    assert keeper.outcome.reason is EndReason.SCORE_LIMIT
    assert keeper.outcome.winners == (1,)
    with pytest.raises(IllegalMoveError) as caught:
        keeper.exchange(1)
    assert caught.value.rule is Rule.VARIANT_4


def test_a_limit_must_be_a_positive_int() -> None:
    for bad in (0, -5, 2.5, True):
        with pytest.raises(InvalidOptionsError, match="score_limit"):
            RuleSet(score_limit=bad)  # type: ignore[arg-type]
