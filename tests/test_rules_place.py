"""Rules PLACE-1 to PLACE-5 and LINE-1 to LINE-6: where tiles may go and which lines they may make."""

from __future__ import annotations

import pytest

from qwirkle import (
    ALL_TILES,
    Board,
    Colour,
    GameState,
    IllegalMoveError,
    InvalidStateError,
    Place,
    Rule,
    apply,
    is_legal,
    legal_moves,
    new_game,
    score,
    verify,
)
from qwirkle._engine.lines import joinable, line_fault, summed
from tests.helpers import assert_illegal, board_from_rows, make_state, place, t

RED_PAIR = "Ro Rs"
"""A red circle at (0, 0) and a red square at (1, 0)."""


def red_pair(hand: str = "Rd Rc Rx Bd Od Bx") -> GameState:
    return make_state(RED_PAIR, hand)


def would_break_a_line(state: GameState, move: Place) -> bool:
    """Whether the table after ``move`` would break a line rule, judged by the Board's own check."""
    try:
        Board({**dict(state.board), **dict(move.placements)})
    except InvalidStateError:
        return True
    return False


# PLACE-1: one row or one column


@pytest.mark.rule("PLACE-1")
def test_an_l_shape_is_refused() -> None:
    state = red_pair()
    error = assert_illegal(state, place({(2, 0): "Rd", (2, 1): "Od", (3, 1): "Bd"}), Rule.PLACE_1)
    assert "row" in str(error)
    assert "column" in str(error)


@pytest.mark.rule("PLACE-1")
def test_two_tiles_on_a_diagonal_are_refused() -> None:
    state = make_state("Ro Rs\n.  Bs", "Rd Bd Rc Ox Yx G*")
    assert_illegal(state, place({(2, 0): "Rd", (3, 1): "Bd"}), Rule.PLACE_1)


@pytest.mark.rule("PLACE-1", "SCORE-2")
def test_a_column_of_two_where_one_also_extends_a_row_is_legal() -> None:
    state = red_pair()
    move = place({(2, 0): "Rd", (2, 1): "Od"})
    result = verify(state, move)
    # The column Rd-Od (2) and the row Ro-Rs-Rd (3) that the red diamond extends.
    assert result.total == 5
    assert sorted(line.points for line in result.lines) == [2, 3]
    after = apply(state, move)
    assert after.board[2, 1] == t("Od")
    assert after.scores[0] == 5


# PLACE-2: one unbroken run


@pytest.mark.rule("PLACE-2")
def test_a_gap_between_placed_tiles_is_refused_and_named() -> None:
    state = red_pair()
    error = assert_illegal(state, place({(2, 0): "Rd", (4, 0): "Rx"}), Rule.PLACE_2, mentions=["(3, 0)"])
    assert "gap" in str(error)


@pytest.mark.rule("PLACE-2")
def test_a_gap_in_a_column_is_refused() -> None:
    state = make_state("Ro\nBo", "Go Yo Po Rs Rd Rc")
    assert_illegal(state, place({(0, 2): "Go", (0, 4): "Yo"}), Rule.PLACE_2, mentions=["(0, 3)"])
    assert_illegal(state, place({(0, -1): "Go", (0, 3): "Yo"}), Rule.PLACE_2, mentions=["(0, 2)"])
    assert is_legal(state, place({(0, -1): "Go", (0, 2): "Yo"}))


@pytest.mark.rule("PLACE-2", "SCORE-3")
def test_tiles_at_both_ends_of_a_line_are_legal_though_they_do_not_touch() -> None:
    state = make_state(". Rs Rd", "Ro Rc Bx Gx Yx Ox")
    move = place({(0, 0): "Ro", (3, 0): "Rc"})
    assert is_legal(state, move)
    assert move in legal_moves(state)
    result = score(state, move)
    assert result.total == 4
    assert len(result.lines) == 1


@pytest.mark.rule("PLACE-2", "LINE-1")
def test_filling_a_gap_joins_two_runs_into_one_line() -> None:
    state = make_state(
        """
        Ro .  Rd
        Go Gs Gd
        """,
        "Rs Bx Yx Ox Px Gx",
    )
    move = place({(1, 0): "Rs"})
    result = verify(state, move)
    # The row Ro-Rs-Rd (3) and the column Rs-Gs (2).
    assert result.total == 5
    assert {line.cells for line in result.lines} == {((0, 0), (1, 0), (2, 0)), ((1, 0), (1, 1))}


@pytest.mark.rule("PLACE-2")
def test_placed_tiles_may_be_separated_by_tiles_already_on_the_table() -> None:
    state = make_state("Ro . Rd\nGo Gs Gd", "Rs Rc Rx Ox Px Gx")
    assert is_legal(state, place({(1, 0): "Rs", (3, 0): "Rc"}))
    assert is_legal(state, place({(1, 0): "Rs", (3, 0): "Rc", (4, 0): "Rx"}))
    assert_illegal(state, place({(1, 0): "Rs", (4, 0): "Rc"}), Rule.PLACE_2, mentions=["(3, 0)"])


# PLACE-3: a shared attribute


@pytest.mark.rule("PLACE-3")
def test_placed_tiles_that_share_nothing_are_refused() -> None:
    state = red_pair()
    move = place({(2, 0): "Rd", (3, 0): "Bx"})
    error = assert_illegal(state, move, Rule.PLACE_3)
    assert "colour" in str(error)
    # The catalogue notes that PLACE-3 never fails alone: the line would break LINE-2 too.
    assert would_break_a_line(state, move)


@pytest.mark.rule("PLACE-3")
def test_tiles_sharing_nothing_are_refused_in_a_column_too() -> None:
    state = red_pair("Bo Gx Rd Rc Yx Ox")
    move = place({(0, 1): "Bo", (0, 2): "Gx"})
    assert_illegal(state, move, Rule.PLACE_3)
    assert would_break_a_line(state, move)


@pytest.mark.rule("PLACE-3")
def test_tiles_sharing_a_shape_or_a_colour_pass_place_3() -> None:
    state = red_pair("Bd Od Rd Rc Yx Gx")
    assert is_legal(state, place({(2, 0): "Rd", (3, 0): "Rc"}))
    # Two diamonds pass PLACE-3; it is the circle already in that column that rules them out.
    assert_illegal(state, place({(0, 1): "Bd", (0, 2): "Od"}), Rule.LINE_2, mentions=["column"])


# PLACE-4: touching the table along an edge


@pytest.mark.rule("PLACE-4")
def test_a_tile_away_from_the_table_is_refused() -> None:
    state = red_pair()
    error = assert_illegal(state, place({(3, 0): "Rd"}), Rule.PLACE_4)
    assert "touch" in str(error)
    assert_illegal(state, place({(0, 5): "Bd", (1, 5): "Od"}), Rule.PLACE_4)


@pytest.mark.rule("PLACE-4")
def test_touching_only_at_a_corner_does_not_count() -> None:
    state = red_pair()
    assert_illegal(state, place({(2, 1): "Rd"}), Rule.PLACE_4)
    assert_illegal(state, place({(2, -1): "Rd", (3, -1): "Rc"}), Rule.PLACE_4)


@pytest.mark.rule("PLACE-4")
def test_one_touching_tile_is_enough() -> None:
    state = red_pair()
    move = place({(2, 0): "Rd", (3, 0): "Rc", (4, 0): "Rx"})
    assert is_legal(state, move)
    assert score(state, move).total == 5


# PLACE-5: empty cells only, and tiles never move


@pytest.mark.rule("PLACE-5")
def test_a_tile_on_an_occupied_cell_is_refused() -> None:
    state = red_pair()
    assert_illegal(state, place({(1, 0): "Rd"}), Rule.PLACE_5, mentions=["(1, 0)", "red square"])
    assert_illegal(state, place({(1, 0): "Rd", (2, 0): "Rc"}), Rule.PLACE_5, mentions=["(1, 0)"])


@pytest.mark.rule("PLACE-5")
def test_two_tiles_on_one_cell_are_refused_when_the_move_is_made() -> None:
    with pytest.raises(IllegalMoveError) as excinfo:
        Place([((2, 0), t("Rd")), ((2, 0), t("Rc"))])
    assert excinfo.value.rule == Rule.PLACE_5
    assert "(2, 0)" in str(excinfo.value)


@pytest.mark.rule("PLACE-5")
def test_tiles_on_the_table_never_move() -> None:
    state = new_game(["Ann", "Bob"], seed=21)
    for _ in range(12):
        found = legal_moves(state).best()
        if found is None:
            break
        before = dict(state.board)
        state = apply(state, found[0])
        after = dict(state.board)
        assert {cell: after[cell] for cell in before} == before
        assert len(after) == len(before) + len(found[0])


# LINE-1: a line is a maximal run of two or more


@pytest.mark.rule("LINE-1")
def test_a_single_tile_is_not_a_line() -> None:
    board = Board(board_from_rows(RED_PAIR + "\nBo"))
    assert board.lines_through((1, 0)) == (((0, 0), (1, 0)),)
    assert board.lines_through((0, 1)) == (((0, 0), (0, 1)),)
    assert len(board.lines_through((0, 0))) == 2
    # The blue square would touch only the red square above it, so it makes one line of two.
    state = make_state(RED_PAIR, "Bs Rd Rc Yx Gx Ox")
    result = score(state, place({(1, 1): "Bs"}))
    assert result.total == 2
    assert [line.cells for line in result.lines] == [((1, 0), (1, 1))]


@pytest.mark.rule("LINE-1", "LINE-4")
def test_a_line_runs_through_every_touching_tile() -> None:
    # Filling (3, 0) would join the three tiles on each side into one row of seven.
    state = make_state(
        """
        Ro Rs Rd .  Rc Rx R*
        .  .  Od Os Oc .  .
        """,
        "Gs Rs Ys Bs Ps Yx",
    )
    assert_illegal(state, place({(3, 0): "Gs"}), Rule.LINE_4, mentions=["green square", "(3, 0)", "row"])
    assert not any((3, 0) in move.cells for move in legal_moves(state).placements())


# LINE-2: one colour or one shape


@pytest.mark.rule("LINE-2")
def test_a_line_mixing_colours_and_shapes_is_refused() -> None:
    state = make_state("Ro Rd", "Bd Rs Yx Gx Ox Px")
    assert_illegal(state, place({(2, 0): "Bd"}), Rule.LINE_2, mentions=["blue diamond", "(2, 0)", "row"])
    assert is_legal(state, place({(2, 0): "Rs"}))


@pytest.mark.rule("LINE-2")
def test_a_column_mixing_colours_and_shapes_is_refused() -> None:
    state = make_state("Ro\nBo", "Bs Go Yx Gx Ox Px")
    assert_illegal(state, place({(0, 2): "Bs"}), Rule.LINE_2, mentions=["blue square", "(0, 2)", "column"])
    assert is_legal(state, place({(0, 2): "Go"}))


@pytest.mark.rule("LINE-2")
def test_a_line_of_one_shape_needs_different_colours_and_a_line_of_one_colour_different_shapes() -> None:
    state = make_state("Ro Rs", "Rd Bo Yo Gx Ox Px")
    assert is_legal(state, place({(2, 0): "Rd"}))
    assert_illegal(state, place({(2, 0): "Bo"}), Rule.LINE_2, mentions=["(2, 0)"])


# LINE-3: no two identical tiles


@pytest.mark.rule("LINE-3")
def test_a_duplicate_in_a_line_is_refused() -> None:
    state = make_state(RED_PAIR, "Ro Rd Yx Gx Ox Px")
    assert_illegal(state, place({(2, 0): "Ro"}), Rule.LINE_3, mentions=["red circle", "(2, 0)", "row"])
    assert_illegal(state, place({(2, 0): "Rd", (3, 0): "Ro"}), Rule.LINE_3, mentions=["red circle", "(3, 0)"])


@pytest.mark.rule("LINE-3")
def test_two_identical_tiles_placed_together_are_refused() -> None:
    state = make_state(RED_PAIR, "Rd Rd Yx Gx Ox Px")
    assert_illegal(state, place({(2, 0): "Rd", (3, 0): "Rd"}), Rule.LINE_3, mentions=["red diamond"])


# LINE-4: at most six


@pytest.mark.rule("LINE-4", "SCORE-4")
def test_a_qwirkle_can_never_be_extended() -> None:
    state = make_state("Ro Rs Rd Rc Rx R*", "Bo B* Yx Gx Ox Px")
    assert_illegal(state, place({(6, 0): "B*"}), Rule.LINE_4, mentions=["blue eight-point star", "(6, 0)"])
    assert_illegal(state, place({(6, 0): "Bo"}), Rule.LINE_4, mentions=["(6, 0)"])
    assert_illegal(state, place({(-1, 0): "Bo"}), Rule.LINE_4, mentions=["(-1, 0)"])
    assert is_legal(state, place({(0, 1): "Bo"}))


@pytest.mark.rule("LINE-4")
def test_a_table_with_a_line_of_seven_is_invalid() -> None:
    with pytest.raises(InvalidStateError, match="LINE-4"):
        Board(board_from_rows("Ro Rs Rd Rc Rx R* Ro"))


@pytest.mark.rule("LINE-2", "LINE-3", "LINE-4")
def test_the_tiles_that_may_join_a_line_are_those_that_keep_it_valid() -> None:
    # The engine's masks of what fits (joinable) and the rule function (line_fault) decide the same rules.
    reds = list(range(6))
    lines = [[], *([a] for a in range(36)), *([a, b] for a in range(36) for b in range(36))]
    lines += [reds[:size] for size in range(3, 7)] + [[*reds, 0], [0, 1, 0], [0, 1, 7]]
    for line in lines:
        fits = joinable(*summed(line))
        valid = line_fault(line) is None
        assert [fits >> kind & 1 == 1 for kind in range(36)] == [
            valid and line_fault([*line, kind]) is None for kind in range(36)
        ], line


# LINE-5: tiles must fit the line, and some cells can never be filled


DEAD_SPOT = """
Ro Rs .
.  Bs Bc
.  .  Bx
"""
"""(2, 0) is wanted red by its row and blue by its column: no tile fits it."""


@pytest.mark.rule("LINE-5")
def test_a_dead_spot_takes_no_tile_at_all() -> None:
    board = board_from_rows(DEAD_SPOT)
    for kind in ALL_TILES:
        state = make_state(board, [kind, *[t(c) for c in ("Yx", "Gx", "Ox", "Px", "Y*")]])
        move = Place({(2, 0): kind})
        # The row is checked first: it refuses the red tiles it holds and every tile that is not red.
        if kind in (t("Ro"), t("Rs")):
            expected, axis = Rule.LINE_3, "row"
        elif kind.colour is Colour.RED:
            expected, axis = Rule.LINE_2, "column"
        else:
            expected, axis = Rule.LINE_2, "row"
        assert_illegal(state, move, expected, mentions=[str(kind), "(2, 0)", axis])


@pytest.mark.rule("LINE-5")
def test_a_tile_added_to_a_line_must_share_its_attribute() -> None:
    state = make_state("Ro Rs Rd", "Rc Gd Yo Bx Ox Px")
    assert is_legal(state, place({(3, 0): "Rc"}))
    assert_illegal(state, place({(3, 0): "Gd"}), Rule.LINE_2, mentions=["green diamond"])
    assert_illegal(state, place({(3, 0): "Yo"}), Rule.LINE_2)


# LINE-6: every line through a placed tile, both ways


CROSS = """
Ro Rs .  .
.  Bs Bd Bx
"""


@pytest.mark.rule("LINE-6")
def test_a_tile_valid_in_its_row_but_not_in_its_column_is_refused() -> None:
    state = make_state(CROSS, "Rc Rd Yx Gx Ox Px")
    # The red clover suits the red row but not the blue diamond below it.
    assert_illegal(state, place({(2, 0): "Rc"}), Rule.LINE_2, mentions=["red clover", "(2, 0)", "column"])
    assert is_legal(state, place({(2, 0): "Rd"}))
    assert score(state, place({(2, 0): "Rd"})).total == 5


@pytest.mark.rule("LINE-6")
def test_the_cross_line_of_each_placed_tile_is_checked() -> None:
    state = make_state(CROSS, "Rc Rd Yx Gx Ox Px")
    # Rd fits both ways at (2, 0); Rc at (3, 0) fits the row but not the blue star under it.
    assert_illegal(state, place({(2, 0): "Rd", (3, 0): "Rc"}), Rule.LINE_2, mentions=["red clover", "(3, 0)", "column"])


@pytest.mark.rule("LINE-6")
def test_a_duplicate_in_the_cross_line_is_refused() -> None:
    state = make_state("Ro Rs\n.  Bs\n.  Gs", "Gs Rd Yx Ox Px Bx")
    # Above the red square, a green square would repeat the one at the bottom of that column.
    assert_illegal(state, place({(1, -1): "Gs"}), Rule.LINE_3, mentions=["green square", "(1, -1)", "column"])
