"""Rules END-1 to END-5: the empty bag, going out, the blocked game, the winners and the stalemate limit."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from qwirkle import (
    BlockedEnd,
    Board,
    EndReason,
    Exchange,
    FinalTiebreak,
    GameState,
    Move,
    Pass,
    Place,
    Rule,
    RuleSet,
    apply,
    is_legal,
    is_over,
    legal_moves,
    new_game,
)
from tests.helpers import (
    TWO_COPIES,
    assert_illegal,
    block,
    block_state,
    hole_for,
    make_state,
    packed_state,
    place,
    t,
    tiles,
)


def greedy(state: GameState) -> Move:
    """The best-scoring placement, else the largest exchange, else a pass."""
    moves = legal_moves(state)
    found = moves.best()
    if found is not None:
        return found[0]
    exchange = max(moves.exchanges(), key=len, default=None)
    return Pass() if exchange is None else exchange


def assert_every_move_refused(state: GameState, rule: Rule) -> None:
    assert is_over(state)
    assert len(legal_moves(state)) == 0
    assert list(legal_moves(state)) == []
    hand = next(h for h in state.hands if h)
    moves: list[Move] = [Pass(), Exchange(hand[:1]), place({(100, 100): "Ro"}), Place({(-1, -1): hand[0]})]
    for move in moves:
        for player in (None, state.current):
            assert_illegal(state, move, rule, seat=player, mentions=["over"])


# END-1: play goes on with an empty bag


@pytest.mark.rule("END-1")
def test_play_goes_on_after_the_bag_is_empty() -> None:
    state = packed_state(["Os Yd", "Gc Bx"])
    assert state.bag == ()
    state = apply(state, place({hole_for(state, t("Os")): "Os"}))
    assert not is_over(state)
    assert state.current == 1
    state = apply(state, place({hole_for(state, t("Gc")): "Gc"}))
    assert not is_over(state)
    assert [len(hand) for hand in state.hands] == [1, 1]
    assert state.scores == (24, 24)


@pytest.mark.rule("END-1", "END-2", "END-4")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_seeded_game_plays_on_past_the_empty_bag_to_its_end(seed: int) -> None:
    state = new_game(["Ann", "Bob"], seed=seed)
    turns_with_empty_bag = 0
    hand_sizes: list[int] = []
    for _ in range(400):
        if is_over(state):
            break
        if not state.bag:
            turns_with_empty_bag += 1
            hand_sizes = [len(hand) for hand in state.hands]
        state = apply(state, greedy(state))
        if turns_with_empty_bag:
            # Nobody draws once the bag is empty: hands only shrink.
            assert all(len(h) <= n for h, n in zip(state.hands, hand_sizes, strict=True))
    assert is_over(state)
    assert turns_with_empty_bag >= 2
    outcome = state.outcome
    assert outcome is not None
    assert outcome.scores == state.scores
    assert outcome.winners == tuple(s for s, p in enumerate(state.scores) if p == max(state.scores))
    if outcome.reason is EndReason.WENT_OUT:
        last = state.history[-1]
        assert outcome.ended_by == last.seat
        assert state.hands[last.seat] == ()
        assert last.score.end_bonus == 6
    else:
        assert outcome.reason is EndReason.BLOCKED
        assert all(state.hands)
        assert all(turn.score.end_bonus == 0 for turn in state.history)


# END-2: going out ends the game at once


@pytest.mark.rule("END-2", "SCORE-8")
def test_placing_the_last_tile_with_an_empty_bag_ends_the_game_with_six_more() -> None:
    state = packed_state(["Os", "Yd Gc", "Bx Bs"], scores=[10, 20, 30])
    after = apply(state, place({hole_for(state, t("Os")): "Os"}))
    assert is_over(after)
    assert after.outcome is not None
    assert after.outcome.reason is EndReason.WENT_OUT
    assert after.outcome.ended_by == 0
    assert after.scores == (10 + 24 + 6, 20, 30)
    assert after.outcome.scores == after.scores
    assert after.outcome.winners == (0,)
    assert after.history[-1].score.end_bonus == 6


@pytest.mark.rule("END-2")
def test_after_going_out_nobody_plays_again() -> None:
    state = packed_state(["Os", "Yd Gc"])
    after = apply(state, place({hole_for(state, t("Os")): "Os"}))
    # The other player could still fill a hole, but the game is over.
    assert after.hands[1] == tiles("Yd Gc")
    assert_every_move_refused(after, Rule.END_2)
    blocked = assert_illegal(after, place({hole_for(after, t("Yd")): "Yd"}), Rule.END_2, seat=1)
    assert "over" in str(blocked)


@pytest.mark.rule("END-2")
def test_an_empty_hand_is_only_possible_at_the_end() -> None:
    state = packed_state(["Os Yd", "Gc"])
    after = apply(state, place({hole_for(state, t("Os")): "Os"}))
    assert not is_over(after)
    after = apply(after, place({hole_for(after, t("Gc")): "Gc"}))
    assert is_over(after)
    assert after.outcome is not None
    assert after.outcome.ended_by == 1


# END-3: the blocked game


@pytest.mark.rule("END-3")
def test_a_blocked_game_ends_at_once_with_no_bonus() -> None:
    # Seat 0 fills the last hole of the block; then no tile fits anywhere and the bag is empty.
    state = block_state(["P*"])
    after = apply(state, place({(5, 5): "P*"}))
    assert after.outcome is not None
    assert after.outcome.reason is EndReason.BLOCKED
    assert after.outcome.ended_by is None
    assert after.scores == (24, 0, 0, 0)
    assert all(after.hands)
    assert after.history[-1].score.end_bonus == 0
    assert_every_move_refused(after, Rule.END_3)


@pytest.mark.rule("END-3", "TURN-3")
def test_a_forced_pass_then_a_blocking_placement() -> None:
    state = block_state(["Ro", "P* P*"])
    state = apply(state, Pass())
    assert not is_over(state)
    state = apply(state, place({(5, 5): "P*"}))
    assert state.outcome is not None
    assert state.outcome.reason is EndReason.BLOCKED
    assert state.outcome.winners == (1,)


@pytest.mark.rule("END-3")
def test_round_of_passes_detection_ends_after_every_player_has_passed() -> None:
    rules = attrs.evolve(TWO_COPIES, blocked_end_detection=BlockedEnd.ROUND_OF_PASSES)
    state = block_state(["P*"], rules=rules)
    state = apply(state, place({(5, 5): "P*"}))
    for seat in (1, 2, 3):
        assert not is_over(state)
        assert state.current == seat
        assert list(legal_moves(state)) == [Pass()]
        state = apply(state, Pass())
    assert not is_over(state)
    state = apply(state, Pass())
    assert state.outcome is not None
    assert state.outcome.reason is EndReason.BLOCKED
    # Passes change nothing, so both ways of detecting the block give the same scores.
    immediate = apply(block_state(["P*"]), place({(5, 5): "P*"}))
    assert immediate.outcome is not None
    assert state.outcome.scores == immediate.outcome.scores
    assert_every_move_refused(state, Rule.END_3)


@pytest.mark.rule("END-3", "END-5")
def test_a_deadlock_with_tiles_in_the_bag_is_not_a_blocked_game() -> None:
    state = make_state(block(), "Ro Os Yd Gc Bx P*", ["Rs Od Yc Gx B* Po"])
    for _ in range(30):
        state = apply(state, greedy(state))
    assert not is_over(state)
    assert state.idle_turns == 30


IDLE_ROUNDS = [
    pytest.param({"allow_voluntary_pass": True}, (Pass(), Pass()), id="voluntary-passes"),
]
"""Options that allow a turn without a placement while a tile fits, and a round of such turns."""


@pytest.mark.rule("END-3")
@pytest.mark.parametrize(("options", "idle"), IDLE_ROUNDS)
def test_a_round_without_placements_can_leave_every_player_able_to_place(
    options: dict[str, Any], idle: tuple[Move, Move]
) -> None:
    # Under immediate detection the same round leaves a live game in which both hands still fit their holes.
    state = packed_state(["Os Yd", "Gc"], rules=RuleSet(**options))
    for move in idle:
        state = apply(state, move)
    assert not is_over(state)
    assert state.idle_turns == 2
    assert is_legal(state, place({hole_for(state, t("Os")): "Os"}))
    assert Board({**dict(state.board), hole_for(state, t("Gc")): t("Gc")})


@pytest.mark.rule("END-3")
@pytest.mark.parametrize(("options", "idle"), IDLE_ROUNDS)
def test_round_of_passes_does_not_end_a_game_where_a_tile_can_still_be_placed(
    options: dict[str, Any], idle: tuple[Move, Move]
) -> None:
    rules = RuleSet(blocked_end_detection=BlockedEnd.ROUND_OF_PASSES, **options)
    state = packed_state(["Os Yd", "Gc"], rules=rules)
    for move in idle:
        state = apply(state, move)
    assert not is_over(state)


# END-4: the winners


@pytest.mark.rule("END-4")
def test_the_highest_total_wins() -> None:
    state = packed_state(["Os", "Yd Gc"], scores=[10, 41])
    after = apply(state, place({hole_for(state, t("Os")): "Os"}))
    assert after.outcome is not None
    assert after.outcome.scores == (40, 41)
    assert after.outcome.winners == (1,)


@pytest.mark.rule("END-4")
def test_a_tie_is_a_shared_win() -> None:
    state = packed_state(["Os", "Yd Gc", "Bx"], scores=[10, 40, 40])
    after = apply(state, place({hole_for(state, t("Os")): "Os"}))
    assert after.outcome is not None
    assert after.outcome.scores == (40, 40, 40)
    assert after.outcome.winners == (0, 1, 2)
    assert RuleSet().final_tiebreak is FinalTiebreak.SHARED


@pytest.mark.rule("END-4")
def test_a_tie_in_a_blocked_game_is_shared() -> None:
    state = block_state(["P*"], scores=[0, 24, 5, 24])
    tied = apply(state, place({(5, 5): "P*"}))
    assert tied.outcome is not None
    assert tied.outcome.reason is EndReason.BLOCKED
    assert tied.outcome.scores == (24, 24, 5, 24)
    assert tied.outcome.winners == (0, 1, 3)


# END-5: the optional stalemate limit


@pytest.mark.rule("END-5")
@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_stalemate_rounds_ends_the_game_after_that_many_rounds_without_a_placement(rounds: int) -> None:
    rules = RuleSet(stalemate_rounds=rounds)
    state = make_state(block(), "Ro Os Yd Gc Bx P*", ["Rs Od Yc Gx B* Po"], rules=rules, scores=[3, 1])
    for _ in range(2 * rounds - 1):
        state = apply(state, greedy(state))
        assert not is_over(state)
    state = apply(state, greedy(state))
    assert state.outcome is not None
    assert state.outcome.reason is EndReason.STALEMATE
    assert state.outcome.ended_by is None
    assert state.outcome.scores == (3, 1)
    assert state.outcome.winners == (0,)
    assert_every_move_refused(state, Rule.END_5)


@pytest.mark.rule("END-5")
def test_a_placement_restarts_the_stalemate_count() -> None:
    rules = RuleSet(stalemate_rounds=1)
    state = make_state("Ro Rs", "Bx Gx Yx Ox Px Rd", ["Bo Go Yo Po Oo B*"], rules=rules)
    state = apply(state, Exchange(tiles("Bx")))
    state = apply(state, place({(0, 1): "Bo"}))
    assert state.idle_turns == 0
    state = apply(state, Exchange(state.hand[:1]))
    assert not is_over(state)
    assert RuleSet().stalemate_rounds is None
