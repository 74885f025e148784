"""Score keeping for games with real tiles: the table's rules, the totals, the end and the winners."""

from __future__ import annotations

from collections.abc import Callable

import attrs
import pytest

from qwirkle import EndReason, Exchange, IllegalMoveError, InvalidStateError, Pass, Place, Rule, RuleSet, parse_move
from qwirkle.interface.scorekeeper import Scorekeeper
from qwirkle.interface.views import HiddenExchange
from tests.played import finished


@pytest.mark.parametrize("seed", [31, 32, 33])
def test_keeping_score_of_an_engine_game_gives_the_engine_totals(seed: int) -> None:
    final = finished(seed, players=2 + seed % 3)
    keeper = Scorekeeper.start(final.players, starter=final.starter)
    for turn in final.history:
        move = HiddenExchange(len(turn.move)) if isinstance(turn.move, Exchange) else turn.move
        keeper = keeper.apply(move)
        assert keeper.history[-1].score == turn.score
    if keeper.outcome is None:
        keeper = keeper.end_blocked()
    assert keeper.board == final.board
    assert keeper.scores == final.scores
    assert keeper.outcome == final.outcome
    assert keeper.bag_size == len(final.bag)


def opened() -> Scorekeeper:
    return Scorekeeper.start(["Ann", "Bob"]).place("Ro@0,0 Rs@1,0 Rd@2,0")


@pytest.mark.parametrize(
    ("move", "rule"),
    [
        ("Bo@0,1 Bs@1,2", Rule.PLACE_1),
        ("Rc@3,0 Rx@5,0", Rule.PLACE_2),
        ("Bo@0,1 Gs@1,1", Rule.PLACE_3),
        ("Rc@9,9", Rule.PLACE_4),
        ("Rc@0,0", Rule.PLACE_5),
        ("Bs@3,0", Rule.LINE_2),
        ("Ro@3,0", Rule.LINE_3),
        ("Rc@3,0 Rx@4,0 R*@5,0 Bo@0,-1 ", Rule.PLACE_1),
    ],
)
def test_bad_placements_are_refused_with_their_rule(move: str, rule: Rule) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        opened().place(move)
    assert caught.value.rule is rule


@pytest.mark.rule("TILES-2")
def test_more_copies_of_a_tile_than_the_game_has_are_refused() -> None:
    for copies, legal in ((3, True), (1, False)):
        keeper = Scorekeeper.start(["Ann", "Bob"], rules=RuleSet(copies_per_tile=copies)).place("Ro@0,0 Go@1,0")
        if legal:
            assert keeper.place("Ro@1,1").scores == (2, 2)
        else:
            with pytest.raises(IllegalMoveError) as caught:
                keeper.place("Ro@1,1")
            assert caught.value.rule is Rule.TILES_2


def test_more_tiles_than_the_hand_holds_break_TURN_1() -> None:
    rules = RuleSet(hand_size=2)
    keeper = Scorekeeper.start(["Ann", "Bob"], rules=rules)
    with pytest.raises(IllegalMoveError) as caught:
        keeper.place("Ro@0,0 Rs@1,0 Rd@2,0")
    assert caught.value.rule is Rule.TURN_1


def test_exchanges_and_passes() -> None:
    keeper = Scorekeeper.start(["Ann", "Bob"])
    with pytest.raises(IllegalMoveError) as caught:
        keeper.exchange(2)
    assert caught.value.rule is Rule.START_4
    with pytest.raises(IllegalMoveError) as caught:
        keeper.pass_turn()
    assert caught.value.rule is Rule.START_4
    keeper = opened()
    after = keeper.exchange(3)
    assert after.scores == keeper.scores
    assert after.current == 0
    assert after.history[-1].move == HiddenExchange(3)
    for count in (0, 7):
        with pytest.raises(IllegalMoveError) as caught:
            keeper.exchange(count)
        assert caught.value.rule is Rule.EXCHANGE_1
    with pytest.raises(IllegalMoveError) as caught:
        keeper.pass_turn()
    # The engine's reading of a pass: the keeper trusts that the player cannot place, and the bag allows an exchange.
    assert caught.value.rule is Rule.EXCHANGE_4
    assert keeper.apply(Exchange(list(keeper.board.values())[:2])).history[-1].move == HiddenExchange(2)


def test_the_bag_runs_out_and_the_end_bonus_goes_to_who_goes_out() -> None:
    rules = RuleSet(copies_per_tile=1, hand_size=3)
    keeper = Scorekeeper.start(["Ann", "Bob"], rules=rules)
    assert keeper.bag_size == 30
    keeper = attrs.evolve(keeper, bag_size=1)
    keeper = keeper.place("Ro@0,0 Rs@1,0 Rd@2,0")
    assert keeper.bag_size == 0
    assert keeper.hand_sizes == (1, 3)
    with pytest.raises(IllegalMoveError) as caught:
        keeper.exchange(1)
    assert caught.value.rule is Rule.EXCHANGE_5
    keeper = keeper.place("Go@0,1 Bo@0,2 Yo@0,3")
    assert keeper.outcome is not None
    assert keeper.outcome.reason is EndReason.WENT_OUT
    assert keeper.outcome.ended_by == 1
    assert keeper.history[-1].score.end_bonus == 6
    assert keeper.scores == (3, 4 + 6)
    assert keeper.outcome.winners == (1,)
    with pytest.raises(IllegalMoveError) as caught:
        keeper.place("Rc@3,0")
    assert caught.value.rule is Rule.END_2


def test_a_round_of_passes_ends_a_blocked_game_with_shared_wins() -> None:
    keeper = attrs.evolve(opened(), bag_size=0)
    keeper = keeper.place("Bo@0,1 Go@0,2")  # Bob: 3 points, like Ann
    with pytest.raises(IllegalMoveError) as caught:
        keeper.exchange(1)
    assert caught.value.rule is Rule.EXCHANGE_5
    keeper = keeper.pass_turn()
    assert keeper.outcome is None
    keeper = keeper.pass_turn()
    assert keeper.outcome is not None
    assert keeper.outcome.reason is EndReason.BLOCKED
    assert keeper.outcome.winners == (0, 1)
    with pytest.raises(IllegalMoveError) as caught:
        keeper.pass_turn()
    assert caught.value.rule is Rule.END_3


def test_end_blocked_needs_an_empty_bag() -> None:
    with pytest.raises(IllegalMoveError) as caught:
        opened().end_blocked()
    assert caught.value.rule is Rule.END_3
    ended = attrs.evolve(opened(), bag_size=0).end_blocked()
    assert ended.outcome is not None
    assert ended.outcome.winners == (0,)


def test_stalemate_rounds_end_the_game() -> None:
    keeper = Scorekeeper.start(["Ann", "Bob"], rules=RuleSet(stalemate_rounds=1)).place("Ro@0,0 Rs@1,0")
    keeper = keeper.exchange(1)
    assert keeper.outcome is None
    keeper = keeper.exchange(1)
    assert keeper.outcome is not None
    assert keeper.outcome.reason is EndReason.STALEMATE


def test_voluntary_passes_when_the_rules_allow() -> None:
    keeper = Scorekeeper.start(["Ann", "Bob"], rules=RuleSet(allow_voluntary_pass=True)).place("Ro@0,0")
    assert keeper.scores == (1, 0)
    assert keeper.pass_turn().history[-1].move == Pass()


def test_bad_starts_and_values() -> None:
    for players in (["Ann"], ["Ann", "Ann"]):
        with pytest.raises(InvalidStateError):
            Scorekeeper.start(players)
    with pytest.raises(InvalidStateError):
        Scorekeeper.start(["Ann", "Bob"], starter=2)
    with pytest.raises(IllegalMoveError):
        opened().place("pass")
    with pytest.raises(TypeError, match="a move is a Place, Exchange, HiddenExchange, Pass or its notation"):
        opened().apply(42)  # type: ignore[arg-type]
    keeper = opened()
    assert keeper.last_move == parse_move("Ro@0,0 Rs@1,0 Rd@2,0")
    assert keeper.turn_number == 1
    assert isinstance(keeper.last_move, Place)


def test_a_placement_that_is_no_move_at_all_is_a_type_error() -> None:
    keeper = opened()
    for value in (None, 42):
        with pytest.raises(TypeError, match="a move is a Place or its notation"):
            keeper.place(value)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="a move is a Place or its notation"):
            keeper.score(value)  # type: ignore[arg-type]
    # A move that places nothing is a move still, refused by the rules.
    with pytest.raises(IllegalMoveError) as caught:
        keeper.place(Pass())  # type: ignore[arg-type]
    assert caught.value.rule is Rule.TURN_1


@pytest.mark.parametrize(
    "start",
    [
        lambda: Scorekeeper.start("AnnBob"),
        lambda: Scorekeeper.start(["Ann", 3]),  # type: ignore[list-item]
        lambda: Scorekeeper.start(None),  # type: ignore[arg-type]
        lambda: Scorekeeper.start(["Ann", "Bob"], rules="standard"),  # type: ignore[arg-type]
        lambda: Scorekeeper.start(["Ann", "Bob"], starter="1"),  # type: ignore[arg-type]
        lambda: Scorekeeper.start(["Ann", "Bob"], starter=1.0),  # type: ignore[arg-type]
        lambda: Scorekeeper.start(["Ann", "Bob"], starter=True),
        lambda: Scorekeeper.start(["Ann", "Bob"], starter=None),  # type: ignore[arg-type]
    ],
)
def test_an_argument_of_the_wrong_type_to_start_is_a_type_error(start: Callable[[], Scorekeeper]) -> None:
    with pytest.raises(TypeError):
        start()


def test_a_count_or_a_seat_of_the_wrong_type_is_a_type_error() -> None:
    keeper = opened()
    for count in ("2", 2.0, None, True):
        with pytest.raises(TypeError, match="an exchange is counted in tiles"):
            keeper.exchange(count)  # type: ignore[arg-type]
    for seat in ("1", 1.0, None, False):
        with pytest.raises(TypeError, match="a seat is an int"):
            keeper.resign(seat)  # type: ignore[arg-type]
    # The right type with a wrong value is still refused by the rules or as a seat the game does not have.
    with pytest.raises(IllegalMoveError) as caught:
        keeper.exchange(7)
    assert caught.value.rule is Rule.EXCHANGE_1
    with pytest.raises(InvalidStateError):
        keeper.resign(2)


def test_a_placement_from_a_hand_not_seen_is_checked_by_what_is_seen() -> None:
    keeper = Scorekeeper.start(["Ann", "Bob"]).place("Ro@0,0 Rs@1,0 Rd@2,0")
    with pytest.raises(IllegalMoveError, match="Bob holds only 6 tiles") as caught:
        keeper.score("Bo@0,1 Go@1,1 Yo@2,1 Oo@3,1 Po@4,1 Ro@5,1 Bs@6,1")
    assert caught.value.rule is Rule.TURN_1
    keeper = keeper.place("Ro@1,1").place("Ro@2,-1")
    with pytest.raises(IllegalMoveError, match="only 3 copies of the red circle") as caught:
        keeper.score("Ro@-1,0")
    assert caught.value.rule is Rule.TILES_2
