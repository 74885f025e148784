"""The engine's own members are private; their old public names work for one release, with a warning."""

from __future__ import annotations

import warnings

import pytest

from qwirkle import Board, Colour, Shape, Tile

RED_CIRCLE = Tile(Colour.RED, Shape.CIRCLE)


@pytest.mark.parametrize(
    ("name", "call"),
    [
        ("by_key", lambda board: dict(board.by_key)),
        ("placed_unchecked", lambda board: board.placed_unchecked({1: Tile(Colour.RED, Shape.SQUARE).index})),
        ("frontier", lambda board: dict(board.frontier())),
        ("knows_frontier", lambda board: board.knows_frontier()),
        ("derived", lambda board: board.derived().cells),
        ("anchor_memo", lambda board: board.anchor_memo(6)),
    ],
)
def test_the_old_board_members_warn_and_still_work(name: str, call: object) -> None:
    board = Board({(0, 0): RED_CIRCLE})
    with pytest.warns(DeprecationWarning, match=rf"Board\.{name} is deprecated") as caught:
        call(board)  # type: ignore[operator]
    # The warning points at the line that used the old name.
    assert caught[0].filename == __file__


def test_the_old_board_members_give_what_the_engine_gets() -> None:
    board = Board({(0, 0): RED_CIRCLE})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        assert dict(board.by_key) == dict(board.grid)
        assert dict(board.frontier()) == dict(board._frontier())
        assert board.knows_frontier()
        assert board.derived() is board._derived()
        grown = board.placed_unchecked({1: Tile(Colour.RED, Shape.SQUARE).index})
    assert grown == Board({(0, 0): RED_CIRCLE, (0, 1): Tile(Colour.RED, Shape.SQUARE)})
