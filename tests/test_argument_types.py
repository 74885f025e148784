"""A value of the wrong type, where a game is set up or a seat is named, is a ``TypeError``.

It is an :class:`~qwirkle.InvalidStateError` too (:class:`~qwirkle.errors.ArgumentTypeError`), as it was before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import pytest

from qwirkle import (
    EndReason,
    InvalidStateError,
    Pass,
    StartTiebreak,
    TurnBuilder,
    apply,
    check_state,
    legal_moves,
    new_game,
    parse_tiles,
    position,
    resign,
    view,
)
from qwirkle.endings import left_game
from qwirkle.errors import ArgumentTypeError
from qwirkle.formats.records import Clock, GameRecord, RecordedTurn
from qwirkle.game import choose_starter

HANDS = [parse_tiles("Ro Rs Rd Bo Bs Bd"), parse_tiles("Go Gs Gd Yo Ys Yd")]


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda: new_game("Ann and Bob", seed=1), id="new_game-players-text"),
        pytest.param(lambda: new_game(["Ann", 7], seed=1), id="new_game-player-not-text"),  # type: ignore[list-item]
        pytest.param(lambda: new_game(["Ann", "Bob"], seed=1, rules="standard"), id="new_game-rules"),  # type: ignore[arg-type]
        pytest.param(lambda: new_game(["Ann", "Bob"], seed=1, ages="old"), id="new_game-ages-text"),  # type: ignore[arg-type]
        pytest.param(lambda: new_game(["Ann", "Bob"], seed=1, ages=[30, "x"]), id="new_game-age"),  # type: ignore[list-item]
        pytest.param(lambda: new_game(["Ann", "Bob"], seed="7"), id="new_game-seed-text"),  # type: ignore[arg-type]
        pytest.param(lambda: new_game(["Ann", "Bob"], seed=7.0), id="new_game-seed-float"),  # type: ignore[arg-type]
        pytest.param(lambda: position(["Ann", "Bob"], {}, HANDS, rules="standard"), id="position-rules"),  # type: ignore[arg-type]
        pytest.param(lambda: position(["Ann", "Bob"], {}, "Ro Rs"), id="position-hands"),  # type: ignore[arg-type]
        pytest.param(lambda: position(["Ann", "Bob"], {}, [HANDS[0], ["Go"]]), id="position-tile"),  # type: ignore[list-item]
        pytest.param(lambda: position(["Ann", "Bob"], {}, HANDS, scores=3), id="position-scores"),  # type: ignore[arg-type]
        pytest.param(lambda: position(["Ann", "Bob"], {}, HANDS, current="0"), id="position-current"),  # type: ignore[arg-type]
        pytest.param(lambda: position(["Ann", "Bob"], {}, HANDS, bag="Ro"), id="position-bag"),  # type: ignore[arg-type]
        pytest.param(lambda: choose_starter("Ro Rs"), id="choose_starter-hands"),  # type: ignore[arg-type]
        pytest.param(lambda: choose_starter(HANDS, "oldest"), id="choose_starter-rule"),  # type: ignore[arg-type]
        pytest.param(lambda: choose_starter(HANDS, ages="old"), id="choose_starter-ages"),  # type: ignore[arg-type]
        pytest.param(lambda: choose_starter(HANDS, tiebreak=1), id="choose_starter-tiebreak"),  # type: ignore[arg-type]
        pytest.param(lambda: left_game(EndReason.RESIGNED, "0", (1, 2)), id="left_game-seat"),  # type: ignore[arg-type]
        pytest.param(lambda: resign(new_game(["Ann", "Bob"], seed=1), True), id="resign-seat-bool"),
        pytest.param(lambda: view(new_game(["Ann", "Bob"], seed=1), "0"), id="view-seat"),  # type: ignore[call-overload]
        pytest.param(lambda: Clock("12"), id="clock-text"),
        pytest.param(lambda: RecordedTurn(0, Pass(), 0, comment=7), id="comment-number"),
        pytest.param(lambda: GameRecord(players=("Ann", "Bob"), tags=[("event", 7)]), id="tag-number"),  # type: ignore[list-item]
        pytest.param(lambda: GameRecord(players=("Ann", "Bob")).annotated("1", comment="x"), id="annotated-number"),  # type: ignore[arg-type]
    ],
)
def test_a_wrong_type_is_a_type_error(call: Callable[[], object]) -> None:
    with pytest.raises(TypeError) as caught:
        call()
    # Still what it was before it was a type error, for one release.
    assert isinstance(caught.value, ArgumentTypeError)
    assert isinstance(caught.value, InvalidStateError)


@pytest.mark.parametrize(
    "call",
    [
        pytest.param(lambda: new_game(["Ann", "Bob"], seed=1, ages=[30]), id="new_game-too-few-ages"),
        pytest.param(lambda: choose_starter(HANDS, StartTiebreak.OLDEST, [30, 40, 50]), id="choose_starter-ages"),
        pytest.param(lambda: left_game(EndReason.RESIGNED, 2, (1, 2)), id="left_game-no-such-seat"),
        pytest.param(lambda: view(new_game(["Ann", "Bob"], seed=1), 2), id="view-no-such-seat"),
    ],
)
def test_a_value_of_the_right_type_that_does_not_fit_is_no_type_error(call: Callable[[], object]) -> None:
    with pytest.raises(InvalidStateError) as caught:
        call()
    assert not isinstance(caught.value, TypeError)


def test_a_turn_is_built_on_a_state_and_nothing_else() -> None:
    state = new_game(["Ann", "Bob"], seed=1)
    with pytest.raises(TypeError, match="TurnBuilder"):
        TurnBuilder(view(state, 0))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"players": ["Ann", "Bob"]}, id="players-list"),
        pytest.param({"bag": list(new_game(["Ann", "Bob"], seed=1).bag)}, id="bag-list"),
        pytest.param({"current": "0"}, id="current-text"),
        pytest.param({"rng": 1.5}, id="rng-float"),
        pytest.param({"board": {}}, id="board-dict"),
        pytest.param({"outcome": "over"}, id="outcome-text"),
        pytest.param({"history": ("Ro@0,0",)}, id="history-text"),
    ],
)
def test_a_hand_built_state_with_a_field_of_the_wrong_type_is_a_type_error(change: dict[str, Any]) -> None:
    state = new_game(["Ann", "Bob"], seed=1)
    with pytest.raises(ArgumentTypeError):
        check_state(attrs.evolve(state, **change))


def test_a_history_whose_turn_holds_no_move_or_score_is_a_type_error() -> None:
    state = new_game(["Ann", "Bob"], seed=1)
    state = apply(state, next(iter(legal_moves(state))))
    turn = state.history[0]
    for wrong in (attrs.evolve(turn, score=3), attrs.evolve(turn, move="Ro@0,0")):  # type: ignore[arg-type]
        with pytest.raises(ArgumentTypeError):
            check_state(attrs.evolve(state, history=(wrong,)))
