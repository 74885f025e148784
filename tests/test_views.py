"""Player views: what a player may know, and nothing more."""

from __future__ import annotations

import json
import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import (
    Exchange,
    GameState,
    InvalidRecordError,
    InvalidStateError,
    Pass,
    Place,
    PlayerView,
    check_state,
    new_game,
    view,
)
from qwirkle.interface.views import HiddenExchange, check_spectator_view, check_view
from tests.played import hide_differently, play, states


@given(states(most_turns=80), st.integers(min_value=0, max_value=3), st.randoms(use_true_random=False))
@settings(max_examples=40)
def test_states_that_differ_only_in_hidden_things_give_equal_views(
    state: GameState, seat: int, rng: random.Random
) -> None:
    seat %= len(state.players)
    other = hide_differently(state, seat, rng)
    assert view(other, seat) == view(state, seat)
    assert json.dumps(view(other, seat).to_json()) == json.dumps(view(state, seat).to_json())


@given(states(most_turns=80), st.integers(min_value=0, max_value=3))
@settings(max_examples=30)
def test_a_view_holds_what_the_player_may_know(state: GameState, seat: int) -> None:
    seat %= len(state.players)
    seen = view(state, seat)
    assert seen.board == state.board
    assert seen.hand == state.hands[seat]
    assert seen.scores == state.scores
    assert seen.hand_sizes == tuple(len(hand) for hand in state.hands)
    assert seen.bag_size == len(state.bag)
    assert seen.outcome == state.outcome
    assert len(seen.history) == len(state.history)
    for mine, real in zip(seen.history, state.history, strict=True):
        assert mine.score == real.score
        assert mine.seat == real.seat
        if isinstance(real.move, Exchange) and real.seat != seat:
            assert mine.move == HiddenExchange(len(real.move))
        else:
            assert mine.move == real.move
    data = seen.to_json()
    text = json.dumps(data)
    assert not {"bag", "seed", "rng", "hands"} & set(data)
    assert PlayerView.from_json(text) == seen
    assert PlayerView.from_json(data) == seen


def test_views_show_own_exchanges_and_hide_others() -> None:
    states_ = play(11, 200)
    exchanges = [
        (i, s.history[-1]) for i, s in enumerate(states_) if s.history and isinstance(s.history[-1].move, Exchange)
    ]
    assert exchanges, "the seeded game should contain an exchange"
    i, turn = exchanges[0]
    assert isinstance(view(states_[i], turn.seat).history[-1].move, Exchange)
    assert view(states_[i], 1 - turn.seat).history[-1].move == HiddenExchange(len(turn.move.tiles))  # type: ignore[union-attr]


def test_bad_seats_are_refused() -> None:
    state = play(1, 0)[0]
    for seat in (-1, 2, True, "0"):
        with pytest.raises(InvalidStateError):
            view(state, seat)  # type: ignore[arg-type]


def test_to_move() -> None:
    state = play(1, 0)[0]
    assert view(state, state.current).to_move
    assert not view(state, 1 - state.current).to_move


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(format="other"), "expected 'qwirkle-view'"),
        (lambda d: d.update(version=2), "version 2"),
        (lambda d: d.update(hand=["Ro", "Zq"]), "colour letter"),
        (lambda d: d.update(hand_sizes=[6]), "expected 2 to 2 items"),
        (lambda d: d.update(board=[[0, 0, "Ro"], [5, 5, "Rs"]]), "not all connected"),
        (lambda d: d.update(board=[[0, 0, "Ro"], [1, 0, "Ro"]]), "LINE-3"),
        (lambda d: d.update(board=[[10**18, 0, "Ro"]]), "out of range"),
        (lambda d: d.update(scores=[0, True]), "expected an integer"),
        (lambda d: d.update(history=[{"player": 0}]), "missing"),
        (lambda d: d.update(history=[{"player": 0, "move": "pass", "exchanged": 2, "score": {"total": 0}}]), "either"),
        (lambda d: d.update(extra=1), "unknown key"),
        (lambda d: d.pop("rules"), "missing"),
        (lambda d: d["rules"].update(hand_size="six"), "expected an integer"),
        (lambda d: d["rules"].update(start_tiebreak="tallest"), "unknown value"),
    ],
)
def test_bad_view_json_is_refused_with_its_path(change: object, words: str) -> None:
    data = view(play(3, 4)[-1], 0).to_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(InvalidRecordError) as caught:
        PlayerView.from_json(json.loads(json.dumps(data)))
    assert words in str(caught.value)


def test_hidden_exchange_and_pass_print() -> None:
    assert str(HiddenExchange(1)) == "swap 1 tile"
    assert str(Pass()) == "pass"
    assert Place({(0, 0): view(play(1, 0)[0], 0).hand[0]}).cells == ((0, 0),)


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        (5, "seat 0 holds 5 tiles while the bag has tiles (Rule SETUP-3)"),
        (7, "seat 0 holds 7 tiles; a hand holds 6"),
    ],
)
def test_a_state_and_its_views_are_refused_for_a_wrong_hand_in_the_same_words(hand: int, words: str) -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    # The hand grows from the bag, or gives it tiles back, so that the game still holds every tile.
    held = (state.hands[0] + state.bag)[:hand]
    bag = (state.hands[0] + state.bag)[hand:]
    broken = attrs.evolve(state, hands=(held, state.hands[1]), bag=bag)
    checks = (
        lambda: check_state(broken),
        lambda: check_view(view(broken, 0)),
        lambda: check_spectator_view(view(broken)),
    )
    for check in checks:
        with pytest.raises(InvalidStateError) as caught:
            check()
        assert str(caught.value) == words


def test_a_view_of_what_is_no_state_is_a_type_error() -> None:
    for seat in (0, None):
        with pytest.raises(TypeError, match=r"^view\(\) takes a GameState, not 'state' \(str\)"):
            view("state", seat)  # type: ignore[call-overload]
