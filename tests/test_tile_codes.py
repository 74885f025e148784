"""The tile code, one for both games: the tile game's tiles and Qwirkle Cards' cards are read alike."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from qwirkle import ALL_TILES, InvalidMoveError, InvalidNotationError, Tile, format_tile, parse_tiles
from qwirkle.cards import CardsNotationError, card_code, parse_cards
from qwirkle.tiles import COLOUR_LETTERS, SHAPE_LETTERS, read_tile_code

PARSERS: dict[str, Callable[[str], tuple[Tile, ...]]] = {"tiles": parse_tiles, "cards": parse_cards}

CASES = [
    (colour + shape, tile)
    for tile in ALL_TILES
    for colour in {COLOUR_LETTERS[tile.colour.value], COLOUR_LETTERS[tile.colour.value].lower()}
    for shape in {SHAPE_LETTERS[tile.shape.value], SHAPE_LETTERS[tile.shape.value].upper()}
]


def test_every_case_of_every_code_is_counted() -> None:
    # 36 tiles; each letter in two cases but '*', which has one.
    assert len(CASES) == 30 * 4 + 6 * 2


@pytest.mark.parametrize("game", PARSERS)
def test_both_games_read_a_code_in_any_letter_case(game: str) -> None:
    parse = PARSERS[game]
    for code, tile in CASES:
        assert parse(code) == (tile,), code
        assert read_tile_code(f"x {code}", 2) == tile


def test_both_games_print_a_code_alike_and_read_it_back() -> None:
    for tile in ALL_TILES:
        assert card_code(tile) == format_tile(tile)
        assert parse_cards(card_code(tile)) == parse_tiles(format_tile(tile)) == (tile,)


@pytest.mark.parametrize("game", PARSERS)
@pytest.mark.parametrize(
    ("text", "position"),
    [("Rq", 1), ("Qo", 0), ("Ro Xs", 3), ("R", 1), ("Ro,Bs Yo*", 8), ("ro bs r", 7)],
)
def test_a_bad_code_is_bad_notation_in_both_games(game: str, text: str, position: int) -> None:
    with pytest.raises(InvalidNotationError) as refused:
        PARSERS[game](text)
    assert refused.value.position == position
    assert refused.value.text == text


def test_a_bad_card_code_is_a_malformed_move_too() -> None:
    with pytest.raises(InvalidMoveError) as refused:
        parse_cards("Ro Rq")
    assert isinstance(refused.value, CardsNotationError)
    assert str(refused.value) == "expected a shape letter (o s d c x *) at character 5 of 'Ro Rq'"


def _read(parse: Callable[[str], tuple[Tile, ...]], text: str) -> tuple[Tile, ...] | tuple[int, str]:
    """The tiles read, or where and why the text was refused."""
    try:
        return parse(text)
    except InvalidNotationError as refused:
        return refused.position, refused.problem


@given(st.text(alphabet=" ,\t" + COLOUR_LETTERS + COLOUR_LETTERS.lower() + "osdcxOSDCX*q", max_size=12))
def test_the_cards_game_reads_what_the_tile_game_reads(text: str) -> None:
    assert _read(parse_cards, text) == _read(parse_tiles, text)
