"""The engine's own members are private; their old public names work for one release, with a warning."""

from __future__ import annotations

import importlib
import warnings

import pytest

from qwirkle import Board, Colour, Place, Shape, Tile

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


def test_the_old_names_of_a_placement_warn_and_from_sorted_vouches_for_nothing() -> None:
    from qwirkle import IllegalMoveError, apply, legal_moves, new_game

    state = new_game(["Ann", "Bob"], seed=7)
    listed = next(iter(legal_moves(state).placements()))
    with pytest.warns(DeprecationWarning, match=r"Place\.listed_for is deprecated"):
        assert listed.listed_for is state
    with pytest.warns(DeprecationWarning, match=r"Place\.listed_score is deprecated"):
        assert listed.listed_score is None
    with pytest.warns(DeprecationWarning, match=r"Place\.from_sorted is deprecated"):
        again = Place.from_sorted(listed.placements)
    assert again == listed
    assert again._listed_for is None
    # Built unchecked, as before, and checked in full when played: a move off the table is refused.
    with pytest.warns(DeprecationWarning, match=r"Place\.from_sorted is deprecated"):
        far = Place.from_sorted((((50, 50), state.hand[0]),))
    after = apply(state, listed)
    with pytest.raises(IllegalMoveError):
        apply(after, far)


def test_the_names_split_from_their_modules_are_found_at_their_old_paths() -> None:
    import qwirkle._engine.exchanges as exchanges
    import qwirkle.legality as legality
    import qwirkle.legality.placement as placement

    old_movegen = importlib.import_module("qwirkle.movegen")
    assert legality.check_placement is placement.check_placement
    assert legality.check_lines is placement.check_lines
    for name in ("exchanges", "exchange_positions", "count_exchanges"):
        with pytest.warns(DeprecationWarning, match=rf"qwirkle\.movegen\.{name} is deprecated"):
            old = getattr(old_movegen, name)
        assert old is getattr(exchanges, name)
