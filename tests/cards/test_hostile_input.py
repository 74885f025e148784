"""Regressions from attacks on Qwirkle Cards through the public API: parsers without a size limit, and costs
that grew with the number of subsets of the hand."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import InvalidMoveError
from qwirkle.cards import (
    CardsRuleSet,
    GreedyBot,
    Lay,
    RandomBot,
    TurnBuilder,
    apply,
    is_legal,
    is_over,
    legal_moves,
    most_cards,
    new_game,
    parse_cards,
    position,
)
from qwirkle.cards._search.plans import brute_force, layable_sets, sub_multisets
from qwirkle.rules.limits import MAX_NOTATION_LENGTH
from qwirkle.tiles import ALL_TILES
from tests.helpers import refusal_cost

from .helpers import random_counts

# The cards' parsers refuse text beyond the limit before reading it, as the tile game's do

HUGE = "Ro " * 3_000_000  # 9 MB of valid card codes


@pytest.mark.parametrize(
    "refuse",
    [
        lambda: parse_cards(HUGE),
        lambda: Lay(HUGE, ["Ro Rs Rd"]),
        lambda: Lay("Ro", [HUGE]),
        lambda: position(["Ann", "Bob"], [], [HUGE, "Rs"]),
        lambda: TurnBuilder.start(new_game(["Ann", "Bob"], seed=1)).lay(HUGE),
    ],
    ids=["parse_cards", "Lay played", "Lay table", "position", "TurnBuilder"],
)
def test_huge_card_text_is_refused_at_once(refuse: Callable[[], object]) -> None:
    # 100 MB once took 4 to 9 s and 1.3 GB before it was refused.
    seconds, peak = refusal_cost(refuse)
    assert seconds < 0.01, f"{seconds * 1000:.1f} ms"
    assert peak < 1 << 20, f"{peak} bytes"


def test_card_text_up_to_the_limit_is_read() -> None:
    text = ("Ro " * (MAX_NOTATION_LENGTH // 3))[:MAX_NOTATION_LENGTH]
    assert len(parse_cards(text)) == MAX_NOTATION_LENGTH // 3
    with pytest.raises(InvalidMoveError, match="limit"):
        parse_cards(text + " Ro")


@pytest.mark.parametrize("value", [5, None, b"Ro Rs", ["Ro"]])
def test_what_is_not_text_is_refused_by_the_card_parser(value: object) -> None:
    with pytest.raises(InvalidMoveError):
        parse_cards(value)  # type: ignore[arg-type]


def test_a_lay_of_more_cards_or_series_than_the_deck_is_refused_without_reading_them_all() -> None:
    endless = (ALL_TILES[0] for _ in iter(int, 1))  # never ends: only the first 109 may be read
    with pytest.raises(InvalidMoveError, match="more cards than the deck"):
        Lay(endless, [parse_cards("Ro Rs Rd")])
    with pytest.raises(InvalidMoveError, match="more series"):
        Lay("Ro", (parse_cards("Ro Rs Rd") for _ in iter(int, 1)))


# Listing lays and the random bot stay polynomial in the hand

BIG = CardsRuleSet(cards_hand_size=26, cards_min_set=6)


def test_the_first_legal_move_of_a_hand_of_26_with_series_of_six_comes_at_once() -> None:
    # This deal once took over 150 s: nearly all of the hand's 67 million subsets cannot be laid.
    state = new_game(["Ann", "Bob"], seed=0, rules=BIG)
    began = time.perf_counter()
    first = next(iter(legal_moves(state)))
    assert time.perf_counter() - began < 1.0
    assert is_legal(state, first)


@pytest.mark.parametrize("rules", [BIG, CardsRuleSet(cards_hand_size=26), CardsRuleSet(cards_hand_size=21)])
def test_the_random_bot_with_a_big_hand_chooses_in_time_that_grows_with_the_hand(rules: CardsRuleSet) -> None:
    # 21 cards once took 5 s and 262 MB a move, 26 cards 105 s and 4.4 GB.
    state = new_game(["Ann", "Bob"], seed=3, rules=rules)
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    worst = 0.0
    for _ in range(12):
        if is_over(state):
            break
        began = time.perf_counter()
        move = bots[state.current].choose(state.view())
        worst = max(worst, time.perf_counter() - began)
        assert is_legal(state, move)
        state = apply(state, move)
    assert worst < 1.0, f"{worst:.2f} s"


def test_the_random_bot_with_a_big_hand_may_choose_any_set_that_can_be_laid() -> None:
    # Ten distinct cards offer 1,024 sets: more than the bot lists, so it decides card by card.
    hands = ["Ro Rs Rd Rc Rx Oo Os Od Oc Ox", "Yo Ys Yd Yc Yx Go Gs Gd Gc Gx"]
    state = position(["Ann", "Bob"], ["Bo Bs Bd"], hands, rules=CardsRuleSet(cards_hand_size=10))
    chosen = {RandomBot(seed=seed).choose(state.view()) for seed in range(60)}
    assert all(is_legal(state, move) for move in chosen)
    assert len({move.played for move in chosen if isinstance(move, Lay)}) >= 20


@given(st.integers(0, 2**32), st.integers(0, 8), st.integers(1, 6), st.sampled_from([1, 2, 3, 4, 6]))
@settings(max_examples=60)
def test_the_parts_of_a_hand_that_can_be_laid_are_those_the_brute_force_lays(
    seed: int, on_table: int, in_hand: int, min_set: int
) -> None:
    table, hand = random_counts(random.Random(seed), on_table, in_hand)
    laid = {tuple(laid) for laid, _ in brute_force(table, hand, min_set)}
    listed = [tuple(part) for part in layable_sets(table, hand, min_set)]
    assert listed == [tuple(part) for part in sub_multisets(hand) if tuple(part) in laid]


def test_listing_every_lay_of_a_small_hand_is_unchanged() -> None:
    state = new_game(["Ann", "Bob"], seed=5)
    state = apply(state, most_cards(state))  # type: ignore[arg-type]
    moves = list(legal_moves(state))
    assert moves
    assert all(is_legal(state, move) for move in moves)
    assert len(set(moves)) == len(moves)
    assert GreedyBot().choose(state.view()) in moves
