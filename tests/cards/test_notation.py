"""Notation of Qwirkle Cards: a whole turn and a whole position parse and print back, in the tile game's codes."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import ALL_TILES, InvalidStateError, Tile, parse_tiles
from qwirkle.cards import (
    CardsMove,
    CardsNotationError,
    CardsRuleSet,
    CardsState,
    Lay,
    Pass,
    Redraw,
    format_move,
    format_position,
    parse_cards,
    parse_move,
    parse_position,
)

from .helpers import games, play

cards = st.lists(st.sampled_from(ALL_TILES), min_size=1, max_size=8).map(tuple)
lays = st.builds(Lay, cards, st.lists(cards, min_size=1, max_size=6))
moves: st.SearchStrategy[CardsMove] = st.one_of(lays, st.just(Pass()), st.just(Redraw()))


def recased(text: str, flips: list[bool]) -> str:
    return "".join(ch.swapcase() if flip else ch for ch, flip in zip(text, flips + [False] * len(text), strict=False))


@given(moves, st.lists(st.booleans(), max_size=200))
@settings(max_examples=200)
def test_any_move_prints_and_parses_back_in_any_letter_case(move: CardsMove, flips: list[bool]) -> None:
    text = format_move(move)
    assert parse_move(text) == move
    assert parse_move(str(move)) == move
    assert parse_move(recased(text, flips)) == move
    assert format_move(parse_move(text)) == text


@given(games)
@settings(max_examples=10, deadline=None)
def test_every_move_and_position_of_a_game_round_trips(game: tuple[int, str, CardsRuleSet]) -> None:
    seed, kinds, rules = game
    for before, move, after in play(seed, kinds, rules):
        assert parse_move(format_move(move)) == move
        for state in (before, after):
            line = format_position(state)
            again = parse_position(line, players=state.players, rules=state.rules)
            assert (again.table, again.hands, again.qwirkles, again.current, again.deck) == (
                state.table,
                state.hands,
                state.qwirkles,
                state.current,
                state.deck,
            )
            assert format_position(again) == line


def test_both_games_read_card_codes_with_one_case_rule() -> None:
    for text in ("ro Bs", "RO,bs", "rObS", " Ro  bs "):
        assert parse_cards(text) == parse_tiles(text)
    assert parse_move("lay rd -> RO rs rd") == Lay("Rd", ["Ro Rs Rd"])


@pytest.mark.parametrize(
    ("text", "problem", "at"),
    [
        ("", "expected a move", 0),
        ("Rd Ro", "expected '->' and the table after the cards laid", 5),
        ("-> Ro Rs Rd", "expected the cards laid from the hand before '->'", 0),
        ("Rd ->", "expected a series of cards", 5),
        ("Rd -> Ro Rs Rd |", "expected a series of cards", 16),
        ("Rd -> Ro Rq", "expected a shape letter", 10),
        ("pass now", "unexpected 'n'", 5),
    ],
)
def test_a_bad_move_is_refused_where_it_goes_wrong(text: str, problem: str, at: int) -> None:
    with pytest.raises(CardsNotationError, match=problem) as caught:
        parse_move(text)
    assert caught.value.position == at


def test_a_position_with_its_deck_written_or_drawn_from_a_seed() -> None:
    line = "RoRsRd RcO*YxGxBoBsBdPxP*/OxYoYdYcGsGdG*BxPd -/- 1"
    state = parse_position(line + " ?", seed=3)
    assert len(state.deck) == 108 - 3 - 18
    assert parse_position(line, seed=3) == state
    assert format_position(state).startswith(line + " ")
    assert parse_position(format_position(state)).deck == state.deck


def test_a_position_with_claimed_qwirkles() -> None:
    line = "- RcO*YxGxBoBsBdPxP*/OxYoYdYcGsGdG*BxPd RoRsRdRcRxR*,BoBsBdBcBxB*/- 0"
    state = parse_position(line)
    assert state.scores == (2, 0)
    assert isinstance(state, CardsState)
    assert len(state.deck) == 108 - 18 - 12
    assert format_position(state).startswith(line + " ")


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("RoRsRd", "the position ends early"),
        ("RoRsRd Ro/Rs -/-/- 0", "3 seats of Qwirkles for 2 hands"),
        ("RoRs,Rd Ro/Rs -/- 0", "expected a space before the next field"),
        ("RoRsRd Ro/Rs -/- 2", "the seat to move 2 is out of range"),
        ("RoRsRd Ro/Rs -/- 0 Zz", "expected a colour letter"),
    ],
)
def test_a_bad_position_is_refused_as_notation(text: str, problem: str) -> None:
    with pytest.raises(CardsNotationError, match=problem):
        parse_position(text)


def test_a_position_no_game_can_be_in_is_refused_with_the_rule() -> None:
    with pytest.raises(InvalidStateError, match="Rule CARDS-1"):
        parse_position("RoRsRd RoRoRoRsRsRsRdRdRd/- -/- 0 -")
    with pytest.raises(InvalidStateError, match=r"\(CARDS-6\)"):
        parse_position("RoRs RdRdRdRcRcRcRxRxRx/OxOxOxYxYxYxGxGxGx -/- 0")


def test_a_tile_is_a_card_in_both_notations() -> None:
    card: Tile = parse_cards("B*")[0]
    assert format_move(Lay([card], [[card, *parse_cards("Bo Bs")]])) == "B* -> Bo Bs B*"
