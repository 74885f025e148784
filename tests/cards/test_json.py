"""Qwirkle Cards in JSON: states and views round-trip exactly, views hold nothing hidden, bad values are refused."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import InvalidRecordError, InvalidStateError
from qwirkle._rng import shuffle
from qwirkle.cards import (
    CardsEndReason,
    CardsPlayerView,
    CardsRuleSet,
    CardsSpectatorView,
    CardsState,
    apply,
    card_code,
    is_over,
    legal_moves,
    new_game,
    resign,
)
from qwirkle.cards.views import check_view

from .helpers import games, play


def reached(seed: int, turns: int, players: int = 3, rules: CardsRuleSet | None = None) -> CardsState:
    state = new_game(["Ann", "Bob", "Cid", "Dee"][:players], seed=seed, rules=rules)
    for _ in range(turns):
        if is_over(state):
            break
        state = apply(state, next(iter(legal_moves(state))))
    return state


def hidden_twin(state: CardsState, seat: int | None, seed: int) -> CardsState:
    """``state`` with the cards ``seat`` cannot see dealt again (every hand but theirs, and the deck), another seed."""
    others = [other for other in range(len(state.players)) if other != seat]
    _, cards = shuffle(seed, state.deck + sum((state.hands[other] for other in others), ()))
    hands = list(state.hands)
    for other in others:
        hands[other] = tuple(sorted(cards[: len(hands[other])]))
        cards = cards[len(hands[other]) :]
    return attrs.evolve(state, hands=tuple(hands), deck=tuple(cards), seed=seed, rng=state.rng ^ 0xBEEF, deals=7)


@given(games)
@settings(max_examples=15, deadline=None)
def test_every_state_and_view_of_a_game_round_trips_exactly(game: tuple[int, str, CardsRuleSet]) -> None:
    seed, kinds, rules = game
    for _, _, state in play(seed, kinds, rules):
        assert CardsState.loads(state.dumps()) == state
        assert CardsState.from_json(json.loads(json.dumps(state.to_json()))) == state
        for seat in range(len(state.players)):
            seen = state.view(seat)
            assert CardsPlayerView.loads(seen.dumps()) == seen
        assert CardsSpectatorView.loads(state.spectator_view().dumps()) == state.spectator_view()


@pytest.mark.parametrize("reason", [CardsEndReason.RESIGNED, CardsEndReason.TIMED_OUT, CardsEndReason.FORFEITED])
def test_a_game_a_player_left_round_trips(reason: CardsEndReason) -> None:
    state = resign(reached(5, 8), 1, reason)
    assert CardsState.loads(state.dumps()) == state
    assert CardsPlayerView.loads(state.view(1).dumps()) == state.view(1)
    assert CardsSpectatorView.from_json(state.spectator_view().dumps()).outcome == state.outcome


@given(st.integers(0, 2**32), st.integers(0, 30), st.integers(2, 4), st.integers(0, 2**32))
@settings(max_examples=30, deadline=None)
def test_views_in_json_are_the_same_for_hidden_information_twins(
    seed: int, turns: int, players: int, again: int
) -> None:
    state = reached(seed, turns, players)
    for seat in range(players):
        twin = hidden_twin(state, seat, again)
        assert twin.hands[seat] == state.hands[seat]
        assert state.view(seat).dumps() == twin.view(seat).dumps()
    twin = hidden_twin(state, None, again)
    assert twin.hands != state.hands or twin.deck != state.deck or not state.deck
    assert twin.dumps() != state.dumps()
    assert state.spectator_view().dumps() == twin.spectator_view().dumps()


def test_a_view_in_json_holds_no_hidden_key_and_no_other_hand() -> None:
    state = reached(11, 9)
    data = state.view(0).to_json()
    assert not {"hands", "deck", "seed", "rng", "deals"} & set(data)
    assert data["hand"] == [card_code(card) for card in state.hands[0]]
    text = state.view(0).dumps()
    spectator = state.spectator_view().to_json()
    assert set(data) - set(spectator) == {"player", "hand"}
    assert data["hand_sizes"] == [len(hand) for hand in state.hands]
    assert data["deck_size"] == len(state.deck)
    assert CardsPlayerView.from_json(text).hand == state.hands[0]


def edited(value: CardsState | CardsPlayerView | CardsSpectatorView, **changes: Any) -> dict[str, Any]:
    return {**value.to_json(), **changes}


def test_a_state_that_breaks_a_rule_is_refused_with_the_rule() -> None:
    state = reached(3, 6)
    data = state.to_json()
    cases = {
        "CARDS-1": {"deck": data["deck"][1:] + data["deck"][:1] * 2},
        "CARDS-2": {"players": ["Ann"]},
        "CARDS-6": {"table": [*data["table"], ["Ro", "Rs"]]},
        "CARDS-8": {"table": [*data["table"], ["Bo", "Bs", "Bd", "Bc", "Bx", "B*"]]},
        "CARDS-10": {"final_turns": 2},
    }
    for rule, change in cases.items():
        with pytest.raises(InvalidRecordError, match=rule):
            CardsState.from_json({**data, **change})


def test_a_view_that_no_game_could_show_is_refused_with_the_rule() -> None:
    state = reached(3, 6)
    seen = state.view(0).to_json()
    with pytest.raises(InvalidRecordError, match=r"hold 10[0-9] cards; there are 108 \(Rule CARDS-1\)"):
        CardsPlayerView.from_json({**seen, "deck_size": seen["deck_size"] - 1})
    with pytest.raises(InvalidRecordError, match="Rule CARDS-1"):
        CardsPlayerView.from_json({**seen, "hand": ["Ro"] * 4 + seen["hand"][4:]})
    with pytest.raises(InvalidRecordError, match="the viewer holds 8 cards, not 9"):
        CardsPlayerView.from_json({**seen, "hand": seen["hand"][1:]})
    spectator = state.spectator_view()
    short = edited(spectator, hand_sizes=[9, 8, 9], deck_size=spectator.deck_size + 1)
    with pytest.raises(InvalidRecordError, match="Rule CARDS-2"):
        CardsSpectatorView.from_json(short)
    ended = edited(spectator, outcome={"reason": "blocked", "qwirkles": [0, 0, 0], "winners": [0, 1, 2]})
    with pytest.raises(InvalidRecordError, match=r"not over \(Rules CARDS-7, CARDS-10\)"):
        CardsSpectatorView.from_json(ended)


def test_malformed_json_is_refused_with_its_path_and_other_kinds_by_their_format() -> None:
    state = reached(3, 2)
    with pytest.raises(InvalidRecordError, match=r"\$\.format: expected 'qwirkle-cards-state'"):
        CardsState.from_json(state.view(0).to_json())
    with pytest.raises(InvalidRecordError, match=r"\$\.format: expected 'qwirkle-cards-view'"):
        CardsPlayerView.from_json(state.spectator_view().to_json())
    with pytest.raises(InvalidRecordError, match=r"\$\.format: expected 'qwirkle-cards-spectator-view'"):
        CardsSpectatorView.from_json(state.view(1).dumps())
    with pytest.raises(InvalidRecordError, match=r"\$\.version: version 2 is not supported"):
        CardsState.from_json(edited(state, version=2))
    with pytest.raises(InvalidRecordError, match=r"\$\.history\[0\]\.move: expected '->'"):
        CardsState.from_json(edited(state, history=[{"player": 0, "move": "Ro Rs", "drew": 0}]))
    hands = state.to_json()["hands"]
    with pytest.raises(InvalidRecordError, match=r"\$\.hands\[1\]\[0\]: expected a colour letter"):
        CardsState.from_json(edited(state, hands=[hands[0], ["Zz"], hands[2]]))
    with pytest.raises(InvalidRecordError, match="not valid JSON"):
        CardsState.loads("{")


def test_a_value_that_is_not_json_is_a_type_error() -> None:
    state = reached(3, 2)
    with pytest.raises(TypeError):
        CardsState.from_json(state)
    with pytest.raises(TypeError):
        CardsPlayerView.loads(state.view(0).to_json())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        check_view(state)  # type: ignore[type-var]


def test_check_view_puts_a_hand_built_view_in_canonical_order_and_refuses_a_bad_one() -> None:
    seen = reached(8, 4).view(0)
    shuffled = attrs.evolve(seen, hand=tuple(reversed(seen.hand)), table=tuple(reversed(seen.table)))
    assert check_view(shuffled) == seen
    with pytest.raises(InvalidStateError, match="seat 5 does not exist"):
        check_view(attrs.evolve(seen, seat=5))
