"""The text notation: tiles, cells, moves and whole positions, printed and parsed, round-trip exact."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import (
    ALL_TILES,
    Board,
    Exchange,
    GameState,
    InvalidNotationError,
    InvalidStateError,
    Move,
    Pass,
    Place,
    QwirkleError,
    Tile,
)
from qwirkle._engine.geometry import COORD_LIMIT
from qwirkle.formats.notation import (
    format_cell,
    format_move,
    format_tile,
    format_tiles,
    parse_cell,
    parse_move,
    parse_tile,
    parse_tiles,
)
from qwirkle.formats.position_notation import format_position, parse_position
from qwirkle.rules.limits import MAX_NOTATION_LENGTH
from tests.played import play, states

coords = st.integers(min_value=-COORD_LIMIT + 1, max_value=COORD_LIMIT - 1)
cells = st.tuples(coords, coords)
tiles = st.sampled_from(ALL_TILES)


@st.composite
def moves(draw: st.DrawFn) -> Move:
    kind = draw(st.sampled_from(["place", "exchange", "pass"]))
    if kind == "place":
        placed = draw(st.dictionaries(cells, tiles, min_size=1, max_size=8))
        return Place(placed)
    if kind == "exchange":
        return Exchange(draw(st.lists(tiles, min_size=1, max_size=6)))
    return Pass()


def test_every_tile_round_trips_and_codes_are_distinct() -> None:
    codes = [format_tile(tile) for tile in ALL_TILES]
    assert len(set(codes)) == 36
    assert codes[:6] == ["Ro", "Rs", "Rd", "Rc", "Rx", "R*"]
    for tile, code in zip(ALL_TILES, codes, strict=True):
        assert parse_tile(code) == tile
        assert parse_tile(code.swapcase()) == tile
        assert parse_tile(f"  {code.lower()}  ") == tile


def test_tile_lists() -> None:
    hand = parse_tiles("Ro Bs, g* PX")
    assert format_tiles(hand) == "Ro Bs G* Px"
    assert parse_tiles("RoBsG*Px") == hand
    assert parse_tiles("  ") == ()


@given(cells)
@settings(max_examples=100)
def test_cells_round_trip(cell: tuple[int, int]) -> None:
    text = format_cell(cell)
    assert parse_cell(text) == cell
    assert parse_cell(f" ( {cell[0]} , {cell[1]} ) ") == cell


@given(moves())
@settings(max_examples=200)
def test_moves_round_trip_exactly(move: Move) -> None:
    text = format_move(move)
    assert parse_move(text) == move
    assert format_move(parse_move(text)) == text
    assert parse_move(f"  {text.swapcase()}  ") == move


def test_canonical_forms() -> None:
    assert format_move(parse_move("Rs@1,0 Ro@0,0")) == "Ro@0,0 Rs@1,0"
    assert format_move(parse_move("x: bs, ro")) == "swap Ro Bs"
    assert format_move(parse_move("Exchange Ro")) == "swap Ro"
    assert format_move(parse_move(" pass ")) == "pass"


@pytest.mark.parametrize(
    "text",
    [
        "Ro@0,0 Rs@1,0",
        "ro@0,0 rs@1,0",
        "RO @ 0 , 0 ; RS @ 1 , 0",
        "Ro@(0,0), Rs@(1, 0)",
        "Rs@1,0;Ro@0,0",
        "\tRo@+0,-0  Rs@1,0\t",
    ],
)
def test_variants_are_accepted(text: str) -> None:
    assert format_move(parse_move(text)) == "Ro@0,0 Rs@1,0"


@pytest.mark.parametrize(
    ("text", "position", "words"),
    [
        ("", 0, "expected a move"),
        ("Qo@0,0", 0, "colour letter"),
        ("Rq@0,0", 1, "shape letter"),
        ("Ro 0,0", 3, "'@'"),
        ("Ro@0;0", 4, "','"),
        ("Ro@a,0", 3, "x coordinate"),
        ("Ro@0,", 5, "y coordinate"),
        ("Ro@(0,0", 7, "')'"),
        ("Ro@0,0Rs@1,0", 6, "space between"),
        ("Ro@1000000000000000000,0", 3, "out of range"),
        (f"Ro@{COORD_LIMIT},0", 3, "out of range"),
        ("swap", 4, "space after"),
        ("swap ", 5, "tiles to exchange"),
        ("swap Ro Zz", 8, "colour letter"),
        ("pass now", 5, "unexpected"),
        ("Ro@0,0 Rs@1,0 !", 14, "colour letter"),
        ("Ro@0,0\u00a0Rs@1,0", 6, "space between"),
        ("Ro@\u0661,0", 3, "x coordinate"),
    ],
)
def test_bad_notation_points_at_the_bad_character(text: str, position: int, words: str) -> None:
    with pytest.raises(InvalidNotationError) as caught:
        parse_move(text)
    assert caught.value.position == position
    assert words in str(caught.value)
    assert caught.value.pointer.splitlines()[1].index("^") == position


@pytest.mark.parametrize("text", ["Ro@0,0 Rs@0,0", "Ro@0,0 Ro@0,0", "Ro@1,2 Bs@3,4 Gx@1,2"])
def test_a_cell_named_twice_is_malformed_notation(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="named twice") as caught:
        parse_move(text)
    assert caught.value.position == text.rindex("@") + 1


def test_oversized_and_wrongly_typed_input_is_refused() -> None:
    with pytest.raises(InvalidNotationError, match="limit"):
        parse_move("Ro@0,0 " * (MAX_NOTATION_LENGTH // 7 + 1))
    with pytest.raises(InvalidNotationError, match="must be text"):
        parse_move(42)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError, match="out of range"):
        parse_cell("9" * 5000 + ",0")


@given(st.text(max_size=60))
@settings(max_examples=300)
def test_fuzzed_text_parses_or_raises_a_qwirkle_error(text: str) -> None:
    for parse in (parse_move, parse_tile, parse_cell, parse_tiles):
        try:
            value = parse(text)
        except QwirkleError:
            continue
        if isinstance(value, (Place, Exchange, Pass)):
            assert parse_move(format_move(value)) == value


@given(st.text(alphabet="RoOsdcx*@,;()-+0123456789 swapPASXe", max_size=40))
@settings(max_examples=300)
def test_fuzzed_notation_like_text_round_trips_or_raises(text: str) -> None:
    fault: QwirkleError | None = None
    try:
        move = parse_move(text)
    except QwirkleError as error:
        fault = error
    if fault is None:
        assert parse_move(format_move(move)) == move
    elif isinstance(fault, InvalidNotationError):
        assert 0 <= fault.position <= len(text)


# Whole positions


def same_position(a: GameState, b: GameState) -> bool:
    return (a.board, a.hands, a.bag, a.scores, a.current) == (b.board, b.hands, b.bag, b.scores, b.current)


@given(states(most_turns=60))
@settings(max_examples=25)
def test_positions_round_trip(state: GameState) -> None:
    if state.outcome is not None:
        return
    text = format_position(state)
    assert "\n" not in text
    back = parse_position(text, players=state.players, rules=state.rules)
    assert same_position(back, state)
    assert format_position(back) == text


def test_a_position_without_a_bag_gets_the_missing_tiles() -> None:
    state = play(5, 10)[-1]
    head = format_position(state).rsplit(" ", 1)[0]
    back = parse_position(head + " ?")
    assert back.board == state.board
    assert back.hands == state.hands
    assert sorted(back.bag) == sorted(state.bag)
    assert back.players == ("P1", "P2")


def test_position_format_example() -> None:
    state = parse_position("-2,-1:RoGo/Rs RdRcRxR*BoYo/RdRcRxR*OoPo 4/0 0")
    assert state.board == Board({(-2, -1): parse_tile("Ro"), (-1, -1): parse_tile("Go"), (-2, 0): parse_tile("Rs")})
    assert format_position(state).startswith("-2,-1:RoGo/Rs RdRcRxR*BoYo/RdRcRxR*OoPo 4/0 0 ")
    gap = parse_position("0,0:Ro1Rd/RsRcRx R*BoYoGoGsGd/OoPoPsPdPcPx 0/0 1")
    assert format_position(gap).startswith("0,0:Ro1Rd/RsRcRx ")


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("0,0:RoRoRo RdRcRxR*BoYo/RdRcRxR*OoPo 0/0 0", InvalidStateError),  # a repeated tile in a row
        ("0,0:Ro2Rs RdRcRxR*BoYo/RdRcRxR*OoPo 0/0 0", InvalidStateError),  # not connected
        ("- RoRoRoRoRsRd/RdRcRxR*OoPo 0/0 0", InvalidStateError),  # four red circles
        ("- RdRcRxR*BoYo/RdRcRxR*OoPo 0 0", InvalidNotationError),  # one score for two hands
        ("- RdRcRxR*BoYo/RdRcRxR*OoPo 0/0 2", InvalidNotationError),  # no seat 2
        ("- RdRcRxR*BoYo/RdRcRxR*OoPo 0/0", InvalidNotationError),
        ("0,0 RdRcRxR*BoYo/RdRcRxR*OoPo 0/0 0", InvalidNotationError),
        ("0,0:Ro RdRcRxR*BoYo/RdRcRxR*OoPo 0/0 0 Ro Rs", InvalidNotationError),
        ("- RdRcRxR*BoYo/RdRcRxR*OoPo 0/0 0 RoRs", InvalidStateError),  # the bag is not the rest of the tiles
    ],
)
def test_bad_positions_are_refused(text: str, error: type[QwirkleError]) -> None:
    with pytest.raises(error):
        parse_position(text)


@given(st.text(alphabet="RoOsdcx*@,:;/-?0123456789 B", max_size=60))
@settings(max_examples=200)
def test_fuzzed_positions_raise_only_qwirkle_errors(text: str) -> None:
    try:
        state = parse_position(text)
    except QwirkleError:
        return
    assert isinstance(state, GameState)


def test_tile_type_is_what_the_parser_returns() -> None:
    assert isinstance(parse_tile("Bd"), Tile)
