"""Values: moves, options, hand-built states and views; bad input gets a clear error, never a broken state."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest

from qwirkle import IllegalMoveError, InvalidOptionsError, InvalidStateError, Rule
from qwirkle.cards import (
    BlockedAction,
    CardsEndReason,
    CardsOutcome,
    CardsRuleSet,
    CardsState,
    Lay,
    Pass,
    Redraw,
    TurnBuilder,
    apply,
    blocked_move,
    can_lay,
    canonical_table,
    card_code,
    check_state,
    is_legal,
    is_over,
    legal_moves,
    most_cards,
    new_game,
    parse_cards,
    position,
)
from qwirkle.cards.series import series_fault
from qwirkle.moves import InvalidMoveError
from qwirkle.tiles import ALL_TILES

OTHER = "Ox Yx Px Go Gs Gd Bo Bs Bd"


def test_card_codes_round_trip() -> None:
    assert parse_cards(" ".join(card_code(card) for card in ALL_TILES)) == ALL_TILES
    with pytest.raises(InvalidMoveError):
        parse_cards("Rq")


def test_lays_are_canonical_hashable_values_whose_repr_pastes_back() -> None:
    move = Lay("Bo Rc", ["Bo Bs Bd", "Rc Ro Rs"])
    same = Lay(parse_cards("Rc Bo"), [parse_cards("Ro Rs Rc"), parse_cards("Bd Bs Bo")])
    assert move == same
    assert hash(move) == hash(same)
    assert eval(repr(move)) == move
    assert move.table == canonical_table(move.table)
    assert str(move) == "lay Rc Bo -> Ro Rs Rc | Bo Bs Bd"
    assert {Pass(), Pass(), Redraw()} == {Pass(), Redraw()}


@pytest.mark.parametrize("bad", [3, "Xx", [3], [[3]], b"Ro"])
def test_malformed_lays_are_refused(bad: object) -> None:
    with pytest.raises(InvalidMoveError):
        Lay(bad, ["Ro Rs Rd"])
    with pytest.raises(InvalidMoveError):
        Lay("Ro", bad)


def test_options_are_checked_and_presets_named() -> None:
    for name in CardsRuleSet.PRESETS:
        assert isinstance(CardsRuleSet.preset(name), CardsRuleSet)
    with pytest.raises(InvalidOptionsError):
        CardsRuleSet.preset("nope")
    with pytest.raises(InvalidOptionsError):
        CardsRuleSet(cards_min_set=0)
    with pytest.raises(InvalidOptionsError):
        CardsRuleSet(cards_blocked_action="pass")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionsError):
        CardsRuleSet(cards_redeal_if_no_opening=1)  # type: ignore[arg-type]
    assert CardsRuleSet.preset("redraw_hand").cards_blocked_action is BlockedAction.REDRAW_HAND
    assert attrs.evolve(CardsRuleSet(), cards_min_set=4).cards_min_set == 4


@pytest.mark.rule("CARDS-3", "CARDS-8")
def test_hand_built_states_are_checked() -> None:
    hands = ["Rc Bo Bs Bd Gx Yx Px O* P*", OTHER]
    assert position(["Ann", "Bob"], ["Ro Rs Rd"], hands).table == (parse_cards("Ro Rs Rd"),)
    with pytest.raises(InvalidStateError, match="CARDS-3"):
        position(["Ann", "Bob"], ["Ro Rs Gd"], hands)
    with pytest.raises(InvalidStateError, match="CARDS-6"):
        position(["Ann", "Bob"], ["Ro Rs"], hands)
    with pytest.raises(InvalidStateError, match="CARDS-8"):
        position(["Ann", "Bob"], ["Ro Rs Rd Rc Rx R*"], ["Bo Bs Bd Gx Yx Px O* P* Y*", OTHER])
    with pytest.raises(InvalidStateError, match="CARDS-2"):
        position(["Ann", "Bob"], ["Ro Rs Rd"], ["Rc Bo", OTHER])
    with pytest.raises(InvalidStateError, match="CARDS-1"):
        position(["Ann", "Bob"], ["Ro Rs Rd", "Ro Rs Rd", "Ro Rs Rd"], ["Ro Bo Bs Bd Gx Yx Px O* P*", OTHER])
    with pytest.raises(InvalidStateError):
        position(["Ann"], [], [OTHER])
    with pytest.raises(InvalidStateError):
        position(["Ann", "Bob"], [], [OTHER])


def test_state_fields_are_checked() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    fields: dict[str, Any] = {"players": state.players, "table": state.table, "hands": state.hands, "deck": state.deck}
    rebuilt = position(**fields, current=state.current, seed=3, rng=state.rng)
    assert rebuilt == state
    for name, value in [("current", 2), ("current", -1), ("passes", -1), ("deals", 0), ("redrawn", 1),
                        ("seed", "x"), ("final_turns", 1), ("rules", object()), ("history", [1]),
                        ("starter", 2), ("rng", -1), ("qwirkles", 5)]:  # fmt: skip
        bad: dict[str, Any] = {name: value}
        with pytest.raises(InvalidStateError):
            position(**fields, **bad)
    with pytest.raises(InvalidStateError):
        position(**{**fields, "hands": [state.hands[0]]})
    with pytest.raises(InvalidStateError):
        check_state(attrs.evolve(state, table="Ro Rs Rd"))  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        check_state("state")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        new_game(["Ann", "Bob"], seed="x")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        new_game(["Ann", "Bob"], ages=[1])
    with pytest.raises(InvalidStateError):
        state.view(5)


def test_series_faults_say_which_rule() -> None:
    assert series_fault([0, 1, 2]) is None
    assert series_fault([]) == (Rule.CARDS_6, "a series of 0 cards is too short: a series holds at least 3")
    assert series_fault([0, 6, 12, 18, 24, 30]) is None
    assert series_fault([0, 1, 2, 3, 4, 5], min_set=6) is None


def test_new_game_is_deterministic_and_states_print() -> None:
    one = new_game(["Ann", "Bob"], seed=42)
    assert one == new_game(["Ann", "Bob"], seed=42)
    assert one != new_game(["Ann", "Bob"], seed=43)
    text = str(one)
    assert "deck: 90 cards" in text
    assert "> Ann" in text or "> Bob" in text
    assert isinstance(new_game(["Ann", "Bob"]).seed, int)


def test_functions_refuse_what_is_not_a_state() -> None:
    for call in (can_lay, most_cards, is_over, legal_moves, blocked_move, TurnBuilder.start):
        with pytest.raises(InvalidStateError):
            call("state")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        apply(None, Pass())  # type: ignore[arg-type]
    for wrong in ("Ro", None, 3):
        with pytest.raises(TypeError, match="a move is a Lay, Pass or Redraw"):
            apply(new_game(["Ann", "Bob"], seed=1), wrong)  # type: ignore[arg-type]


def test_the_constructor_stores_fields_and_check_state_judges_them() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    # The constructor is the engine's: it stores what it is given, and check_state finds what is wrong.
    unchecked = CardsState(**{**attrs.asdict(state, recurse=False), "current": 5})
    assert unchecked.current == 5
    with pytest.raises(InvalidStateError, match="current seat 5"):
        check_state(unchecked)
    shuffled_hand = attrs.evolve(state, hands=(state.hands[0][::-1], state.hands[1]))
    assert check_state(shuffled_hand) == state


@pytest.mark.rule("CARDS-7", "CARDS-10", "CARDS-11")
def test_a_hand_built_outcome_must_be_the_one_the_counters_give() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    over = attrs.evolve(state, passes=2)
    with pytest.raises(InvalidStateError, match="every player passed in turn"):
        check_state(over)
    outcome = check_state(attrs.evolve(over, outcome=None, passes=0)).outcome
    assert outcome is None
    from_the_rules = position(
        state.players, state.table, state.hands, deck=state.deck, passes=2,
        outcome=CardsOutcome(CardsEndReason.BLOCKED, (0, 0), (0, 1)),
    )  # fmt: skip
    assert from_the_rules.outcome is not None
    assert from_the_rules.outcome.reason.rule is Rule.CARDS_7
    with pytest.raises(InvalidStateError, match="outcome must be"):
        position(state.players, state.table, state.hands, deck=state.deck, passes=2,
                 outcome=CardsOutcome(CardsEndReason.BLOCKED, (0, 0), (0,)))  # fmt: skip
    with pytest.raises(InvalidStateError, match="not over"):
        position(state.players, state.table, state.hands, deck=state.deck,
                 outcome=CardsOutcome(CardsEndReason.BLOCKED, (0, 0), (0, 1)))  # fmt: skip


def test_each_end_reason_carries_its_rule_and_its_words() -> None:
    assert {reason: reason.rule for reason in CardsEndReason} == {
        CardsEndReason.FINAL_ROUND: Rule.CARDS_10,
        CardsEndReason.BLOCKED: Rule.CARDS_7,
        CardsEndReason.RESIGNED: Rule.CARDS_11,
        CardsEndReason.TIMED_OUT: Rule.CARDS_11,
        CardsEndReason.FORFEITED: Rule.CARDS_11,
    }
    assert [reason for reason in CardsEndReason if reason.leaves] == [
        CardsEndReason.RESIGNED,
        CardsEndReason.TIMED_OUT,
        CardsEndReason.FORFEITED,
    ]
    assert all(reason.words and reason.words == reason.words.strip() for reason in CardsEndReason)
    assert len({reason.words for reason in CardsEndReason}) == len(CardsEndReason)
    assert CardsEndReason("blocked") is CardsEndReason.BLOCKED


@pytest.mark.rule("START-7")
def test_a_move_for_another_seat_is_refused_by_the_turn_order() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    move = most_cards(state)
    assert move is not None
    other = 1 - state.current
    players = state.players
    names = f"it is seat {state.current} ({players[state.current]})'s turn, not seat {other} ({players[other]})'s"
    with pytest.raises(IllegalMoveError, match=re.escape(names)) as caught:
        apply(state, move, seat=other)
    assert caught.value.rule is Rule.START_7
    assert not is_legal(state, move, seat=other)
    assert is_legal(state, move, seat=state.current)
    after = apply(state, move, seat=state.current)
    assert after.history[-1].seat == state.current
