"""Values: moves, options, hand-built states and views; bad input gets a clear error, never a broken state."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from qwirkle import IllegalMoveError, InvalidOptionsError, InvalidStateError, Rule
from qwirkle.cards import (
    BlockedAction,
    CardsRuleSet,
    CardsState,
    Lay,
    Pass,
    Redraw,
    canonical_table,
    card_code,
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
    rebuilt = CardsState(**fields, current=state.current, seed=state.seed, rng=state.rng)
    assert rebuilt == state
    for name, value in [("current", 2), ("current", -1), ("passes", -1), ("deals", 0), ("redrawn", 1),
                        ("seed", "x"), ("final_turns", 1), ("rules", object()), ("history", [1])]:  # fmt: skip
        with pytest.raises(InvalidStateError):
            CardsState(**fields, **{name: value})  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        CardsState(**{**fields, "hands": [state.hands[0]]})
    with pytest.raises(InvalidStateError):
        CardsState(**{**fields, "table": "Ro Rs Rd"})
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
    from qwirkle.cards import TurnBuilder, apply, blocked_move, can_lay, is_over, legal_moves, most_cards

    for call in (can_lay, most_cards, is_over, legal_moves, blocked_move, TurnBuilder.start):
        with pytest.raises(InvalidStateError):
            call("state")  # type: ignore[arg-type]
    with pytest.raises(InvalidStateError):
        apply(None, Pass())  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError) as caught:
        apply(new_game(["Ann", "Bob"], seed=1), "Ro")  # type: ignore[arg-type]
    assert caught.value.rule is Rule.CARDS_6
