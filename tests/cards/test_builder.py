"""Building a turn step by step: each step is checked, and the table can be asked whether it is valid now."""

from __future__ import annotations

import pytest

from qwirkle import IllegalMoveError, Rule
from qwirkle.cards import CardsRuleSet, Lay, TurnBuilder, apply, parse_cards, position
from qwirkle.moves import InvalidMoveError

HANDS = ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"]


@pytest.mark.rule("CARDS-6")
def test_steps_build_a_turn_and_the_table_is_checked_after_each() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd"], HANDS)
    turn = TurnBuilder.start(state)
    assert [p.rule for p in turn.problems] == [Rule.CARDS_6]
    turn = turn.lay("Bo")
    assert [(p.series, p.rule) for p in turn.problems] == [(1, Rule.CARDS_6)]
    turn = turn.lay("Bs", 1).lay("Bd", 1)
    assert turn.is_valid
    turn = turn.move("Ro", 0, 1)
    assert [(p.series, p.rule) for p in turn.problems] == [(0, Rule.CARDS_6), (1, Rule.CARDS_3)]
    turn = turn.move("Ro", 1, 0).lay("Rc", 0)
    assert turn.is_valid
    move = turn.to_move()
    assert move == Lay("Bo Bs Bd Rc", ["Ro Rs Rd Rc", "Bo Bs Bd"])
    assert turn.apply() == apply(state, move)


@pytest.mark.rule("CARDS-6")
def test_moving_the_last_card_out_of_a_series_removes_the_series() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd", "Bc Gc Yc"], HANDS)
    turn = TurnBuilder.start(state).move("Bc", 1).move("Gc", 1, 2).move("Yc", 1, 2)
    assert len(turn.series) == 2
    assert turn.series[1] == parse_cards("Bc Gc Yc")


@pytest.mark.rule("CARDS-6")
def test_only_hand_cards_are_laid_and_only_cards_laid_this_turn_come_back() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd"], HANDS)
    turn = TurnBuilder.start(state)
    with pytest.raises(IllegalMoveError) as caught:
        turn.lay("R*", 0)
    assert caught.value.rule is Rule.CARDS_6
    with pytest.raises(IllegalMoveError) as caught:
        turn.take_back("Ro", 0)
    assert caught.value.rule is Rule.CARDS_6
    laid = turn.lay("Rc", 0).lay("Bo")
    assert laid.take_back("Bo", 1).take_back("Rc", 0) == turn
    with pytest.raises(IllegalMoveError):
        turn.to_move()


def test_bad_steps_are_refused_with_clear_errors() -> None:
    state = position(["Ann", "Bob"], ["Ro Rs Rd"], HANDS)
    turn = TurnBuilder.start(state)
    with pytest.raises(InvalidMoveError):
        turn.lay("Rc", 3)
    with pytest.raises(InvalidMoveError):
        turn.move("Bo", 0)
    with pytest.raises(InvalidMoveError):
        turn.move("Ro", None)  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError):
        turn.lay("Zz")
    with pytest.raises(InvalidMoveError):
        turn.lay("Rc Bo")
    assert turn.move("Ro", 0, 0) is turn
    with pytest.raises(InvalidMoveError):
        TurnBuilder.start(state.view()).lay("Rc", 0).apply()


@pytest.mark.rule("CARDS-5")
def test_the_builder_knows_the_opening_rule() -> None:
    rules = CardsRuleSet(cards_opening_must_play_max=True)
    state = position(["Ann", "Bob"], [], ["Ro Rs Rd Rc Bo Gx Yx Px O*", "Ox Yx Px Go Gs Gd Bo Bs Bd"], rules=rules)
    turn = TurnBuilder.start(state).lay("Ro").lay("Rs", 0).lay("Rd", 0)
    assert [p.rule for p in turn.problems] == [Rule.CARDS_5]
    assert TurnBuilder.start(state.view()).lay("Ro").lay("Rs", 0).lay("Rd", 0).lay("Rc", 0).is_valid
