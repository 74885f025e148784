"""A placement listed by legal_moves vouches for itself in its own state, and only there."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import GameState, IllegalMoveError, Place, Rule, apply, legal_moves, new_game, score, verify
from qwirkle.testing import play, reachable_states
from tests.helpers import make_state
from tests.strategies import examples


def fresh(move: Place) -> Place:
    """The same move, built from its pairs and so vouched for by nothing."""
    return Place(move.placements)


@given(reachable_states(), st.randoms(use_true_random=False))
@settings(max_examples=examples(60))
def test_a_listed_placement_plays_exactly_as_the_same_move_checked_afresh(state: GameState, rng: random.Random) -> None:
    placements = list(legal_moves(state).placements())
    best = legal_moves(state).best()
    picks = rng.sample(placements, min(3, len(placements))) + ([best[0]] if best else [])
    for move in picks:
        assert move._listed_for is state
        again = fresh(move)
        assert again._listed_for is None
        assert move == again
        assert hash(move) == hash(again)
        assert verify(state, move) == verify(state, again) == score(state, again)
        after = apply(state, move)
        assert after == apply(state, again)
        # The history keeps the move, never the state it was listed for.
        kept = after.history[-1].move
        assert isinstance(kept, Place)
        assert kept._listed_for is None


def test_a_listed_placement_is_checked_in_any_other_state() -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    opening = next(iter(legal_moves(state).placements()))
    later = play(state, random.Random(1), max_turns=2)[-1]
    twin = new_game(["Ann", "Bob"], seed=7)
    assert twin == state
    assert twin is not state
    # An equal state is another state: the move is checked there, and is legal.
    assert apply(twin, opening) == apply(state, opening)
    # Where it is not legal, it is refused as any move would be.
    with pytest.raises(IllegalMoveError) as caught:
        apply(later, opening)
    assert caught.value.rule in (Rule.TURN_1, Rule.PLACE_5)


def test_the_seat_check_still_applies_to_a_listed_placement() -> None:
    state = make_state("Ro Rs", "Rd Rc Rx Bo Go Yo")
    move = next(iter(legal_moves(state).placements()))
    other = (state.current + 1) % len(state.players)
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, move, seat=other)
    assert caught.value.rule is Rule.START_7


def test_a_pickled_listed_placement_vouches_for_nothing_and_a_copy_is_the_move_itself() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    move = next(iter(legal_moves(state).placements()))
    loaded = pickle.loads(pickle.dumps(move))
    assert loaded == move
    assert loaded._listed_for is None
    for other in (copy.copy(move), copy.deepcopy(move)):
        assert other is move
        assert other._listed_for is state
    assert "listed_for" not in repr(move)
    assert len(pickle.dumps(move)) < 400


def test_a_listed_placement_that_goes_out_scores_the_end_bonus_as_a_checked_one() -> None:
    """Every listed placement of the states where the bag is empty, going-out moves included."""
    checked = going_out = 0
    for seed in range(12):
        start = new_game(["Ann", "Bob"], seed=seed)
        for state in play(start, random.Random(seed), until=lambda s: not s.bag and len(s.hand) <= 3)[-1:]:
            if state.outcome is not None:
                continue
            for move in legal_moves(state).placements():
                assert apply(state, move) == apply(state, fresh(move))
                checked += 1
                going_out += len(move) == len(state.hand)
    assert checked >= 50
    assert going_out >= 3


def test_a_listing_counts_what_it_built_as_a_fresh_count_does() -> None:
    """Iterating keeps the count of the moves it built: ``len`` then agrees with counting afresh."""
    for seed in range(4):
        for state in play(new_game(["Ann", "Bob"], seed=seed), random.Random(seed), max_turns=40):
            moves = legal_moves(state)
            listed = list(moves)
            assert len(moves) == len(listed) == len(legal_moves(state))
            assert list(moves) == listed
