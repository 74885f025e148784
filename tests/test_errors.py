"""The library's errors: what they carry, and that they survive the trip to another process and back."""

from __future__ import annotations

import pickle

import pytest

from qwirkle import (
    GameRecord,
    IllegalMoveError,
    InvalidNotationError,
    InvalidRecordError,
    InvalidStateError,
    QwirkleError,
    ReplayError,
    Rule,
    cards,
    errors,
    parse_move,
    parse_tile,
    position,
)
from qwirkle.formats import _codec, _jsontext


@pytest.mark.parametrize(
    "error",
    [
        IllegalMoveError(Rule.PLACE_1, "the tiles are not in one row or column"),
        InvalidStateError("seat 1 holds 5 tiles while the bag has tiles", Rule.SETUP_3),
        InvalidStateError("hands must be a sequence of hands, not 7"),
        InvalidNotationError("expected a shape letter", "RQ", 1),
        cards.CardsNotationError("expected a shape letter (o s d c x *)", "Ro Rq", 4),
        InvalidRecordError("expected an int, not 'x'", "$.scores[1]"),
        ReplayError(Rule.SCORE_1, 3, "the record says 5 points; the move scores 4"),
    ],
    ids=lambda error: type(error).__name__,
)
def test_an_error_pickles_back_whole(error: QwirkleError) -> None:
    # A bot's refusal raised in a worker process comes back to the parent pickled.
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert str(back) == str(error)
    assert vars(back) == vars(error)


def test_an_impossible_state_names_the_rule_it_breaks() -> None:
    hands = [[parse_tile(code) for code in ["Ro", "Rs", "Rd", "Rc", "Rx", "R*"]], [parse_tile("Bo")]]
    with pytest.raises(InvalidStateError) as caught:
        position(["Ann", "Bob"], {}, hands)
    assert caught.value.rule is Rule.SETUP_3
    assert str(caught.value).endswith("(Rule SETUP-3)")


def test_a_malformed_state_breaks_no_rule() -> None:
    with pytest.raises(InvalidStateError) as caught:
        position(["Ann", "Bob"], {}, 7)  # type: ignore[arg-type]
    assert caught.value.rule is None
    assert "(Rule" not in str(caught.value)


@pytest.mark.parametrize(
    ("table", "hands", "options", "rule"),
    [
        (["Ro Rs Rd"], ["Ro Ro Ro Rc Bo Bs Bd Gx Yx", "Ox Yo Yd Yc Gs Gd G* Bx Pd"], {}, Rule.CARDS_1),
        (["Ro Rs Rd"], ["Rc Bo Bs", "Ox Yo Yd Yc Gs Gd G* Bx Pd"], {}, Rule.CARDS_2),
        (["Ro Rs Rd Rc Rx R*"], ["Bo Bs Bd Gx Yx Px O* P* Pc", "Ox Yo Yd Yc Gs Gd G* Bx Pd"], {}, Rule.CARDS_8),
        ([], ["Rc Bo Bs Bd Gx Yx Px O* P*", "Ox Yo Yd Yc Gs Gd G* Bx Pd"], {"current": 5}, None),
    ],
    ids=["copies", "hand-size", "unclaimed-qwirkle", "no-such-seat"],
)
def test_a_cards_position_refusal_carries_its_rule(
    table: list[str], hands: list[str], options: dict[str, object], rule: Rule | None
) -> None:
    with pytest.raises(InvalidStateError) as caught:
        cards.position(["Ann", "Bob"], table, hands, **options)  # type: ignore[arg-type]
    assert caught.value.rule is rule, caught.value
    if rule is None:
        assert "(Rule" not in str(caught.value)
    else:
        assert str(caught.value).endswith(f"(Rule {rule.value})")


def test_a_move_notation_error_keeps_its_pointer_through_pickling() -> None:
    with pytest.raises(InvalidNotationError) as caught:
        parse_move("Ro@0,0 RQ@1,0")
    back = pickle.loads(pickle.dumps(caught.value))
    assert back.pointer == caught.value.pointer


def test_not_json_error_is_public_and_keeps_its_old_home() -> None:
    assert _jsontext.NotJSONError is errors.NotJSONError is _codec.NotJSONError
    assert issubclass(errors.NotJSONError, TypeError)
    assert issubclass(errors.NotJSONError, InvalidRecordError)
    with pytest.raises(errors.NotJSONError) as caught:
        GameRecord.from_json(object())
    assert type(caught.value).__module__ == "qwirkle.errors"
