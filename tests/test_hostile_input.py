"""Regressions from attacks through the public API: one coordinate range, lookups that never alias a cell,
bounded options, bounded parsers, and unchecked paths that cannot smuggle a broken table into a checked state."""

from __future__ import annotations

import pytest

from qwirkle import Board, InvalidStateError, QwirkleError, apply, legal_moves, position
from qwirkle.geometry import MAX_COORD, STRIDE, in_range
from qwirkle.records import GameRecord
from qwirkle.scorekeeper import Scorekeeper
from qwirkle.state_json import state_from_json, state_to_json
from tests.brute import brute_placements
from tests.helpers import t, tiles

# One coordinate range for the board, the moves, the notation, the JSON and the move generator

EDGES = [(MAX_COORD, 0), (-MAX_COORD, 0), (0, MAX_COORD), (0, -MAX_COORD), (MAX_COORD - 3, MAX_COORD - 2)]


@pytest.mark.parametrize("corner", EDGES)
def test_near_the_coordinate_limit_only_cells_in_range_are_listed(corner: tuple[int, int]) -> None:
    # A tile at x = 1073741823 once gave 4,566 listed placements beyond the range: apply took them, and the
    # state's own JSON was then refused.
    x, y = corner
    hands = [tiles("Rs Rd Rc Rx R* Bo"), tiles("Rs Rd Rc Rx R* Bs")]
    state = position(["Ann", "Bob"], {(x, y): t("Ro")}, hands)
    listed = list(legal_moves(state).placements())
    assert listed
    assert all(in_range(*cell) for move in listed for cell in move.cells)
    assert set(listed) == brute_placements(state)
    assert len(legal_moves(state)) == len(list(legal_moves(state)))
    assert all(in_range(*divmod_key(k)) for k in state.board.frontier())
    for move in listed[:: max(1, len(listed) // 40)]:
        after = apply(state, move)
        assert state_from_json(state_to_json(after)) == after


def test_a_game_played_at_the_limit_is_recorded_and_replayed() -> None:
    # Physical tiles (no seed): the record holds the table's moves alone.
    keeper = Scorekeeper.start(["Ann", "Bob"]).place(f"Ro@{MAX_COORD - 1},0 Rs@{MAX_COORD},0")
    record = GameRecord.from_scorekeeper(keeper.place(f"Rd@{MAX_COORD - 2},0"))
    assert GameRecord.loads(record.dumps()).replay().final.scores == (2, 3)


def divmod_key(k: int) -> tuple[int, int]:
    """A key's cell, worked out apart from the engine's own decoding."""
    x = round(k / STRIDE)
    return x, k - x * STRIDE


def test_the_best_move_near_the_limit_is_in_range() -> None:
    board = {(MAX_COORD - 1, 5): t("Ro"), (MAX_COORD, 5): t("Rs")}
    state = position(["Ann", "Bob"], board, [tiles("Rd Rc Rx R* Bo Go"), tiles("Rd Rc Rx R* Bs Gs")])
    best = legal_moves(state).best()
    assert best is not None
    assert all(in_range(*cell) for cell in best[0].cells)
    _, top = legal_moves(state).top()
    assert top
    assert all(in_range(*cell) for move in top for cell in move.cells)


# Board lookups never alias a cell out of range onto a cell of the table

OUT_OF_RANGE = [
    (0, STRIDE),
    (0, STRIDE + 1),
    (-1, STRIDE),
    (MAX_COORD + 1, 0),
    (0, -MAX_COORD - 1),
    (10**18, 0),
    (0, 10**18),
    (-(10**18), 10**18),
    (10**5000, 0),
]


@pytest.mark.parametrize("cell", OUT_OF_RANGE)
def test_cells_out_of_range_hold_no_tile(cell: tuple[int, int]) -> None:
    board = Board({(0, 0): t("Ro"), (1, 0): t("Rs"), (1, 1): t("Bs"), (0, 1): t("Bo")})
    assert cell not in board
    assert board.get(cell) is None
    with pytest.raises(KeyError):
        board[cell]
    for query in (board.row, board.column, board.lines_through):
        with pytest.raises(InvalidStateError):
            query(cell)


@pytest.mark.parametrize("value", ["a1", (0,), (0, 0, 0), (0.0, 0), ("0", "0"), None, [0, 0], ((0, 0),)])
def test_lookups_of_what_is_not_a_cell_find_nothing(value: object) -> None:
    board = Board({(0, 0): t("Ro")})
    assert value not in board
    assert board.get(value) is None  # type: ignore[call-overload]


def test_a_record_whose_key_is_a_huge_integer_is_refused_with_a_library_error() -> None:
    with pytest.raises(QwirkleError):
        GameRecord.from_json({10**5000: 1})
    with pytest.raises(QwirkleError):
        state_from_json({10**5000: 1})


def test_a_board_grown_without_checks_is_caught_by_the_checks_of_a_state() -> None:
    state = position(["Ann", "Bob"], {(0, 0): t("Ro")}, [tiles("Rs Rd Rc Rx R* Bo"), tiles("Rs Rd Rc Rx R* Bs")])
    broken = state.board.placed_unchecked({STRIDE: t("Bs").index})
    with pytest.raises(InvalidStateError):
        broken.validated()
    assert isinstance(broken, Board)
