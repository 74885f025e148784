"""Rules EXCHANGE-1 to EXCHANGE-5: trading tiles with the bag."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from qwirkle import (
    Exchange,
    GameState,
    IllegalMoveError,
    Pass,
    Place,
    Rule,
    RuleSet,
    Tile,
    apply,
    is_legal,
    legal_moves,
    new_game,
    verify,
)
from tests.helpers import assert_illegal, block, make_state, packed_state, tiles

HAND = "Ro Rs Bx Gx Yc Yc"


def after_opening(seed: int = 6) -> GameState:
    """A seeded game after its opening, with a full bag."""
    state = new_game(["Ann", "Bob"], seed=seed)
    found = legal_moves(state).best()
    assert found is not None
    return apply(state, found[0])


# EXCHANGE-1: 1 to 6 tiles; draw first, then return


@pytest.mark.rule("EXCHANGE-1")
@pytest.mark.parametrize("count", range(1, 7))
def test_one_to_six_tiles_can_be_exchanged(count: int) -> None:
    state = make_state("Ro Rs", HAND)
    move = Exchange(state.hand[:count])
    assert is_legal(state, move)
    assert move in legal_moves(state)
    after = apply(state, move)
    assert len(after.hands[0]) == 6
    assert len(after.bag) == len(state.bag)


@pytest.mark.rule("EXCHANGE-1")
def test_exchanging_no_tiles_is_no_exchange() -> None:
    with pytest.raises(IllegalMoveError) as excinfo:
        Exchange([])
    assert excinfo.value.rule == Rule.EXCHANGE_1


@pytest.mark.rule("EXCHANGE-1")
def test_only_tiles_in_the_hand_can_be_exchanged() -> None:
    state = make_state("Ro Rs", HAND)
    assert_illegal(state, Exchange(tiles("P*")), Rule.EXCHANGE_1, mentions=["purple eight-point star"])
    # Two red circles cannot be given back when the hand holds one.
    assert_illegal(state, Exchange(tiles("Ro Ro")), Rule.EXCHANGE_1, mentions=["red circle"])
    assert is_legal(state, Exchange(tiles("Yc Yc")))


@pytest.mark.rule("EXCHANGE-1")
def test_the_legal_exchanges_are_every_distinct_choice_of_tiles() -> None:
    state = make_state("Ro Rs", HAND)
    exchanges = list(legal_moves(state).exchanges())
    # Five kinds, the yellow clover twice: 2 * 2 * 2 * 2 * 3 choices, less the empty one.
    assert len(exchanges) == 47
    assert len(set(exchanges)) == 47
    assert {len(move) for move in exchanges} == set(range(1, 7))


@pytest.mark.rule("EXCHANGE-1")
def test_the_player_draws_from_the_bag_before_the_tiles_go_back() -> None:
    state = after_opening()
    given = state.hand[:3]
    after = apply(state, Exchange(given))
    drawn = state.bag[-3:]
    assert Counter(after.hands[state.current]) == Counter(state.hand[3:]) + Counter(drawn)
    assert Counter(after.bag) == Counter(state.bag[:-3]) + Counter(given)


def small_bag_exchange(rules: RuleSet, seed: int) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """Exchange two tiles with a bag of exactly two other kinds; return the new hand and the new bag."""
    state = packed_state(["Os Od Yd Yc Gx Bs", "Gs Gd Bd Bc Ys Oc"], bag="Gc Bx", rules=rules, seed=seed)
    after = apply(state, Exchange(tiles("Os Od")))
    assert Counter(after.hands[0]) + Counter(after.bag) == Counter(state.hand) + Counter(state.bag)
    return after.hands[0], after.bag


@pytest.mark.rule("EXCHANGE-1")
def test_by_default_the_returned_tiles_cannot_come_back_in_the_same_exchange() -> None:
    for seed in range(12):
        hand, bag = small_bag_exchange(RuleSet(), seed)
        assert Counter(hand) == Counter(tiles("Yd Yc Gx Bs Gc Bx"))
        assert Counter(bag) == Counter(tiles("Os Od"))


@pytest.mark.rule("EXCHANGE-1")
def test_return_before_draw_option_can_give_the_same_tiles_back() -> None:
    rules = RuleSet(exchange_return_before_draw=True)
    returned = tiles("Os Od")
    back = []
    for seed in range(12):
        hand, bag = small_bag_exchange(rules, seed)
        assert len(hand) == 6
        assert len(bag) == 2
        back.append(any(tile in hand for tile in returned))
    assert any(back)
    assert not all(back)
    assert RuleSet.preset("return_before_draw").exchange_return_before_draw


# EXCHANGE-2: the whole turn, no points


@pytest.mark.rule("EXCHANGE-2", "SCORE-6")
def test_an_exchange_is_the_whole_turn_and_scores_nothing() -> None:
    state = after_opening()
    move = Exchange(state.hand[:2])
    assert verify(state, move).total == 0
    after = apply(state, move)
    assert after.current == (state.current + 1) % 2
    assert after.board == state.board
    assert after.scores == state.scores
    turn = after.history[-1]
    assert (turn.seat, turn.move, turn.score.total) == (state.current, move, 0)
    # The next turn belongs to the other player: the exchanger cannot also place.
    assert_illegal(after, next(iter(legal_moves(after))), Rule.START_7, seat=state.current)


# EXCHANGE-3: exchanging by choice


@pytest.mark.rule("EXCHANGE-3")
def test_a_player_may_exchange_even_when_a_placement_is_possible() -> None:
    state = make_state("Ro Rs", HAND)
    moves = legal_moves(state)
    assert any(isinstance(move, Place) for move in moves)
    assert is_legal(state, Exchange(tiles("Ro Rs Bx")))
    assert Exchange(tiles("Ro")) in moves


# EXCHANGE-4: must exchange when no tile fits


@pytest.mark.rule("EXCHANGE-4")
def test_a_player_who_cannot_place_must_exchange() -> None:
    # A complete block takes no more tiles, so no hand can place.
    state = make_state(block(), "Ro Os Yd Gc Bx P*", ["Rs Od Yc Gx B* Po"])
    moves = legal_moves(state)
    assert list(moves.placements()) == []
    assert not moves.can_pass()
    assert all(isinstance(move, Exchange) for move in moves)
    assert len(moves) == 63
    assert_illegal(state, Pass(), Rule.EXCHANGE_4)
    after = apply(state, Exchange(tiles("Ro")))
    assert after.current == 1


# EXCHANGE-5: no more than the bag holds


SMALL_BAG_HANDS = ["Os Od Yd Yc Gx Bs", "Gs Gd Bd Bc Ys Oc"]


@pytest.mark.rule("EXCHANGE-5")
def test_no_exchange_larger_than_the_bag() -> None:
    state = packed_state(SMALL_BAG_HANDS, bag="Gc Bx")
    error = assert_illegal(state, Exchange(tiles("Os Od Yd")), Rule.EXCHANGE_5, mentions=["2"])
    assert "3" in str(error)
    assert is_legal(state, Exchange(tiles("Os Od")))
    assert {len(move) for move in legal_moves(state).exchanges()} == {1, 2}


@pytest.mark.rule("EXCHANGE-5")
def test_no_exchange_with_an_empty_bag() -> None:
    state = packed_state(["Os Yd", "Gc"])
    error = assert_illegal(state, Exchange(tiles("Os")), Rule.EXCHANGE_5)
    assert "empty" in str(error)
    assert list(legal_moves(state).exchanges()) == []


@pytest.mark.rule("EXCHANGE-5")
def test_option_allows_an_exchange_larger_than_the_bag() -> None:
    rules = RuleSet(exchange_limited_by_bag=False)
    state = packed_state(SMALL_BAG_HANDS, bag="Gc Bx", rules=rules)
    move = Exchange(tiles("Os Od Yd"))
    assert is_legal(state, move)
    assert {len(m) for m in legal_moves(state).exchanges()} == set(range(1, 7))
    after = apply(state, move)
    assert len(after.hands[0]) == 6
    assert len(after.bag) == 2
    # Both bag tiles were drawn first; the third tile drawn is one of those given back.
    assert Counter(tiles("Gc Bx")) <= Counter(after.hands[0])


@pytest.mark.rule("EXCHANGE-5")
def test_an_empty_bag_allows_no_exchange_even_when_the_size_limit_is_lifted() -> None:
    # Nothing could be drawn, so the exchange would hand back the same tiles.
    rules = RuleSet(exchange_limited_by_bag=False)
    state = packed_state(["Os Yd", "Gc"], rules=rules)
    with pytest.raises(IllegalMoveError) as excinfo:
        apply(state, Exchange(tiles("Os Yd")))
    assert excinfo.value.rule == Rule.EXCHANGE_5
    assert not list(legal_moves(state).exchanges())


@pytest.mark.rule("EXCHANGE-1", "EXCHANGE-5")
@pytest.mark.parametrize("hand", ["Os Od Yd Gc Bx Bx", "Os Os Os Yd Yd Gc", "Os Os Yd Yd Gc Gc", "Os Yd Gc Bx Oc Yx"])
@pytest.mark.parametrize("bag", ["Bs", "Bs Bd Bc", "Bs Bd Bc Gs Gd Gx"])
def test_the_exchanges_come_once_each_in_the_order_of_their_tiles(hand: str, bag: str) -> None:
    state = packed_state([hand, "Ys Yc Yx Gd Bd Bc"], bag=bag)
    largest = len(tiles(bag))
    listed = list(legal_moves(state).exchanges())
    held = sorted(state.hand)
    picks = sorted({tuple(held[i] for i in at) for n in range(1, largest + 1) for at in combinations(range(6), n)})
    assert [move.tiles for move in listed] == picks
    assert listed == [Exchange(pick) for pick in picks]
    assert [move for move in legal_moves(state) if isinstance(move, Exchange)] == listed
