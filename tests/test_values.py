"""Value types and bad input: reprs, equality, hashing, validation and immutability."""

from __future__ import annotations

import contextlib
from collections.abc import MutableMapping
from typing import Any, cast

import pytest

import qwirkle
from qwirkle import (
    ALL_TILES,
    BlockedEnd,
    Board,
    Colour,
    EndReason,
    Exchange,
    FinalTiebreak,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    InvalidOptionsError,
    InvalidStateError,
    Outcome,
    Pass,
    Place,
    QwirkleError,
    Rule,
    RuleSet,
    Shape,
    StartTiebreak,
    apply,
    is_legal,
    new_game,
    position,
    score,
    verify,
)
from qwirkle._engine.geometry import COORD_LIMIT
from qwirkle.endings import RuledReason
from qwirkle.state import check_state
from tests.helpers import board_from_rows, full_table, make_state, remaining, t, tiles

NAMESPACE: dict[str, Any] = {name: getattr(qwirkle, name) for name in qwirkle.__all__}


def paste(value: object) -> object:
    return eval(repr(value), dict(NAMESPACE))


# Reprs that paste back


@pytest.mark.parametrize("value", [*Colour, *Shape])
def test_colour_and_shape_reprs_paste_back(value: object) -> None:
    assert paste(value) is value


def test_every_tile_repr_pastes_back() -> None:
    for tile in ALL_TILES:
        assert paste(tile) == tile
    assert repr(t("Rd")) == "Tile(Colour.RED, Shape.DIAMOND)"
    assert str(t("P*")) == "purple eight-point star"


@pytest.mark.parametrize(
    "value",
    [
        Place({(0, 0): t("Ro"), (-3, 7): t("B*")}),
        Exchange(tiles("Yc Ro Yc")),
        Pass(),
        RuleSet(start_tiebreak=StartTiebreak.SEAT_ORDER, blocked_end_detection=BlockedEnd.ROUND_OF_PASSES),
        Board(board_from_rows("Ro Rs\nBo")),
        Outcome(EndReason.BLOCKED, (3, 4), (1,)),
    ],
    ids=lambda value: type(value).__name__,
)
def test_value_reprs_paste_back(value: object) -> None:
    assert paste(value) == value


def test_option_enum_reprs_paste_back() -> None:
    for kind in (StartTiebreak, BlockedEnd, FinalTiebreak, EndReason):
        for member in kind:
            assert paste(member) is member


# Moves: equality and hashing


def test_a_placement_is_equal_whatever_the_order_of_its_tiles() -> None:
    a = Place({(0, 0): t("Ro"), (1, 0): t("Rs")})
    b = Place([((1, 0), t("Rs")), ((0, 0), t("Ro"))])
    assert a == b
    assert hash(a) == hash(b)
    assert len({a, b}) == 1
    assert a.cells == ((0, 0), (1, 0))
    assert a.tiles == tiles("Ro Rs")
    assert a != Place({(0, 0): t("Rs"), (1, 0): t("Ro")})


def test_an_exchange_is_equal_whatever_the_order_of_its_tiles() -> None:
    a = Exchange(tiles("Ro Bx Ro"))
    b = Exchange(tiles("Bx Ro Ro"))
    assert a == b
    assert hash(a) == hash(b)
    assert a != Exchange(tiles("Ro Bx"))
    assert len(a) == 3


def test_moves_of_different_kinds_differ() -> None:
    assert Pass() == Pass()
    assert hash(Pass()) == hash(Pass())
    assert len({Pass(), Exchange(tiles("Ro")), Place({(0, 0): t("Ro")})}) == 3


# Malformed moves


@pytest.mark.parametrize(
    "placements",
    [
        {(0, 0): "Ro"},
        {(0.5, 0): t("Ro")},
        {(True, 0): t("Ro")},
        {("0", 0): t("Ro")},
        {(0, 0, 0): t("Ro")},
        {(COORD_LIMIT, 0): t("Ro")},
        {(0, -COORD_LIMIT): t("Ro")},
        [((0, 0),)],
        [(0, 0)],
        "Ro",
        5,
        None,
    ],
)
def test_malformed_placements_are_refused(placements: object) -> None:
    with pytest.raises(InvalidMoveError) as excinfo:
        Place(cast(Any, placements))
    assert isinstance(excinfo.value, QwirkleError)
    assert isinstance(excinfo.value, ValueError)
    assert not isinstance(excinfo.value, IllegalMoveError)


@pytest.mark.parametrize("given", [[1], ["Ro"], 5, None, [t("Ro"), "Rs"]])
def test_malformed_exchanges_are_refused(given: object) -> None:
    with pytest.raises(InvalidMoveError):
        Exchange(cast(Any, given))


def test_the_largest_coordinates_are_accepted() -> None:
    edge = COORD_LIMIT - 1
    move = Place({(edge, -edge): t("Ro")})
    assert move.cells == ((edge, -edge),)
    assert Board({(edge, -edge): t("Ro"), (edge, -edge + 1): t("Rs")})[edge, -edge + 1] == t("Rs")


@pytest.mark.rule("PLACE-5")
def test_two_tiles_on_one_cell_are_an_illegal_move() -> None:
    with pytest.raises(IllegalMoveError) as excinfo:
        Place([((0, 0), t("Ro")), ((0, 0), t("Ro"))])
    assert excinfo.value.rule == Rule.PLACE_5
    assert isinstance(excinfo.value, QwirkleError)


@pytest.mark.parametrize("wrong", ["pass", "Ro@0,0", None, 3, [Pass()]])
def test_something_that_is_not_a_move_is_a_type_error(wrong: object) -> None:
    state = new_game(["Ann", "Bob"], seed=1)
    for call in (apply, score, verify, is_legal):
        with pytest.raises(TypeError, match="a move is a Place, Exchange or Pass"):
            call(state, cast(Any, wrong))


# Boards built from a mapping


def test_a_board_is_a_read_only_mapping_of_cells_to_tiles() -> None:
    board = Board(board_from_rows("Ro Rs\nBo"))
    assert board[1, 0] == t("Rs")
    assert (2, 0) not in board
    assert cast(Any, "x") not in board
    assert list(board) == [(0, 0), (0, 1), (1, 0)]
    assert len(board) == 3
    assert board == Board(board_from_rows("Ro Rs\nBo"))
    assert hash(board) == hash(Board(board_from_rows("Ro Rs\nBo")))
    with pytest.raises(KeyError):
        board[5, 5]


@pytest.mark.parametrize(
    ("rows", "rule"),
    [("Ro Bs", "LINE-2"), ("Ro Ro", "LINE-3"), ("Ro Rs Rd Rc Rx R* Ro", "LINE-4"), ("Ro\nBd", "LINE-2")],
)
def test_a_board_with_a_bad_line_is_refused(rows: str, rule: str) -> None:
    with pytest.raises(InvalidStateError, match=rule):
        Board(board_from_rows(rows))


def test_a_board_in_pieces_is_refused() -> None:
    with pytest.raises(InvalidStateError, match="connected"):
        Board(board_from_rows("Ro . Rs"))
    with pytest.raises(InvalidStateError, match="connected"):
        Board(board_from_rows("Ro .\n.  Rs"))


@pytest.mark.parametrize(
    "cells",
    [
        {(COORD_LIMIT, 0): t("Ro")},
        {(0, -COORD_LIMIT): t("Ro")},
        {(1.0, 0): t("Ro")},
        {(False, 0): t("Ro")},
        {(0,): t("Ro")},
        {(0, 0): "Ro"},
        {(0, 0): 0},
    ],
)
def test_a_board_with_bad_cells_or_tiles_is_refused(cells: object) -> None:
    with pytest.raises(InvalidStateError):
        Board(cast(Any, cells))


def test_a_board_from_pairs_refuses_two_tiles_on_one_cell() -> None:
    with pytest.raises(InvalidStateError, match="two tiles"):
        Board([((0, 0), t("Ro")), ((0, 0), t("Rs"))])
    with pytest.raises(InvalidStateError):
        Board(cast(Any, [((0, 0), t("Ro"), "extra")]))


# Game states built by hand


def parts(**changes: object) -> dict[str, Any]:
    """Every field of a valid two-player GameState, with some of them changed.

    Lists given as changes become tuples, as the engine's own fields are, so
    that a change tests what it names rather than the type of its container.
    """
    board = Board(board_from_rows("Ro Rs"))
    hands = [tiles("Rd Rc Rx Bo Go Yo"), tiles("Oo Os Od Oc Ox O*")]
    fields: dict[str, Any] = {
        "players": ["Ann", "Bob"],
        "board": board,
        "hands": hands,
        "bag": remaining(board, *hands),
        "scores": [0, 0],
        "current": 0,
        "rules": RuleSet(),
        "history": (),
        "starter": 0,
        "seed": None,
        "rng": 0,
    }
    fields.update(changes)
    for name in ("players", "bag", "scores"):
        if isinstance(fields[name], list):
            fields[name] = tuple(fields[name])
    if isinstance(fields["hands"], list):
        fields["hands"] = tuple(tuple(hand) if isinstance(hand, list) else hand for hand in fields["hands"])
    return fields


def hand_built(**changes: object) -> GameState:
    """A state built field by field and checked, as the loaders do."""
    return check_state(GameState(**parts(**changes)))


def test_a_valid_hand_built_state() -> None:
    state = hand_built()
    assert len(state.bag) == 108 - 14
    assert state.scores == (0, 0)
    assert state.current == 0
    assert state.rules == RuleSet()
    assert state.outcome is None


def test_a_hand_built_state_needs_tuples() -> None:
    fields = parts()
    fields["hands"] = [list(hand) for hand in fields["hands"]]
    with pytest.raises(InvalidStateError, match="tuple"):
        check_state(GameState(**fields))


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param({"bag": remaining(board_from_rows("Ro Rs"), tiles("Rd Rc Rx Bo Go Yo"))}, id="missing"),
        pytest.param(
            {"bag": [*remaining(board_from_rows("Ro Rs"), tiles("Rd Rc Rx Bo Go Yo Oo Os Od Oc Ox O*")), t("Ro")]},
            id="fourth-copy",
        ),
        pytest.param({"board": Board(board_from_rows("Ro Rs Rd"))}, id="tile-on-board-and-in-bag"),
        pytest.param({"hands": [tiles("Rd Rc Rx Bo Go"), tiles("Oo Os Od Oc Ox O*")]}, id="short-hand"),
        pytest.param({"players": ["Ann"]}, id="one-player"),
        pytest.param({"players": ["Ann", "Bob", "Cyd"]}, id="more-players-than-hands"),
        pytest.param({"players": "Ann"}, id="players-string"),
        pytest.param({"board": {(0, 0): t("Ro"), (1, 0): t("Rs")}}, id="board-not-Board"),
        pytest.param({"hands": "Rd Rc"}, id="hands-string"),
        pytest.param({"hands": [tiles("Rd Rc Rx Bo Go Yo"), ["Oo"]]}, id="hand-of-strings"),
        pytest.param({"bag": "Ro"}, id="bag-string"),
        pytest.param({"scores": [1]}, id="scores-too-few"),
        pytest.param({"scores": [1, -1]}, id="scores-negative"),
        pytest.param({"scores": [1, 2.5]}, id="scores-float"),
        pytest.param({"scores": [True, 0]}, id="scores-bool"),
        pytest.param({"current": 2}, id="current-missing-seat"),
        pytest.param({"current": -1}, id="current-negative"),
        pytest.param({"current": True}, id="current-bool"),
        pytest.param({"starter": 5}, id="starter-missing-seat"),
        pytest.param({"rules": "standard"}, id="rules-not-RuleSet"),
        pytest.param({"outcome": "over"}, id="outcome-not-Outcome"),
        pytest.param({"history": ["Ro"]}, id="history-not-turns"),
        pytest.param({"seed": "7"}, id="seed-not-int"),
        pytest.param({"idle_turns": -1}, id="idle-negative"),
    ],
)
def test_a_hand_built_state_is_checked(changes: dict[str, object]) -> None:
    with pytest.raises(InvalidStateError):
        hand_built(**changes)


def test_hands_of_seven_are_refused_even_with_an_empty_bag() -> None:
    board = Board(board_from_rows("Ro Rs"))
    hands = [tiles("Rd Rc Rx Bo Go Yo Po"), tiles("Oo Os Od Oc Ox O*")]
    with pytest.raises(InvalidStateError, match="7 tiles"):
        hand_built(board=board, hands=hands, bag=remaining(board, *hands))


def test_an_empty_hand_without_an_outcome_is_refused() -> None:
    table = full_table()
    held = table.pop((1, 1))
    with pytest.raises(InvalidStateError, match="END-2"):
        hand_built(board=Board(table), hands=[(), (held,)], bag=[])
    over = Outcome(EndReason.WENT_OUT, (0, 0), (0, 1), ended_by=0)
    assert hand_built(board=Board(table), hands=[(), (held,)], bag=[], outcome=over).outcome
    board = Board(board_from_rows("Ro Rs"))
    rest = remaining(board)
    with pytest.raises(InvalidStateError):
        # Every other tile must still be somewhere: an empty bag cannot hide 100 tiles.
        hand_built(board=board, hands=[rest[:6], rest[6:12]], bag=[])


def test_position_refuses_a_fourth_copy_and_a_bad_board() -> None:
    with pytest.raises(InvalidStateError, match="TILES-2"):
        position(["Ann", "Bob"], board_from_rows("Ro Rs"), [tiles("Ro Ro Ro Bx Gx Yx"), tiles("Oo Os Od Oc Ox O*")])
    with pytest.raises(InvalidStateError):
        position(["Ann", "Bob"], board_from_rows("Ro Bs"), [tiles("Rd Rc Rx Bo Go Yo"), tiles("Oo Os Od Oc Ox O*")])


def test_a_state_may_set_a_custom_rule_set() -> None:
    rules = RuleSet(copies_per_tile=1, hand_size=3)
    state = make_state("Ro Rs", "Rd Rc Rx", ["Bo Go Yo"], rules=rules)
    assert len(state.bag) == 36 - 8
    with pytest.raises(InvalidStateError, match="TILES-2"):
        make_state("Ro Rs", "Rd Rc Rx", ["Bo Go Yo"], rules=rules, bag=tiles("Ro"))


# Rule sets


@pytest.mark.parametrize(
    "options",
    [
        {"min_players": 0},
        {"max_players": 0},
        {"min_players": 3, "max_players": 2},
        {"hand_size": 0},
        {"hand_size": "6"},
        {"hand_size": 6.0},
        {"copies_per_tile": True},
        {"copies_per_tile": 0},
        {"max_players": 19},
        {"hand_size": 30},
        {"qwirkle_bonus": -1},
        {"end_bonus": -6},
        {"lone_tile_points": -1},
        {"start_tiebreak": "oldest"},
        {"blocked_end_detection": "immediate"},
        {"final_tiebreak": "shared"},
        {"stalemate_rounds": 0},
        {"stalemate_rounds": True},
    ],
)
def test_bad_options_are_refused(options: dict[str, Any]) -> None:
    with pytest.raises(InvalidOptionsError) as excinfo:
        RuleSet(**options)
    assert isinstance(excinfo.value, QwirkleError)
    assert isinstance(excinfo.value, ValueError)


@pytest.mark.parametrize(
    "name",
    ["opening_must_play_max_group", "exchange_limited_by_bag", "exchange_return_before_draw", "allow_voluntary_pass"],
)
def test_bad_yes_no_options_are_refused_as_invalid_options(name: str) -> None:
    options: dict[str, Any] = {name: 1}
    with pytest.raises(InvalidOptionsError):
        RuleSet(**options)


def test_presets() -> None:
    assert RuleSet.preset("standard") == RuleSet()
    assert RuleSet.preset("youngest_starts") == RuleSet(start_tiebreak=StartTiebreak.YOUNGEST)
    back = RuleSet.preset("return_before_draw")
    assert back.exchange_return_before_draw
    assert back.start_tiebreak is StartTiebreak.SEAT_ORDER
    assert all(isinstance(RuleSet.preset(name), RuleSet) for name in RuleSet.PRESETS)
    with pytest.raises(InvalidOptionsError, match="standard"):
        RuleSet.preset("house")


def test_the_default_rule_set_is_the_catalogue_default() -> None:
    rules = RuleSet()
    assert (rules.min_players, rules.max_players, rules.hand_size, rules.copies_per_tile) == (2, 4, 6, 3)
    assert (rules.qwirkle_bonus, rules.end_bonus, rules.lone_tile_points) == (6, 6, 1)
    assert rules.start_tiebreak is StartTiebreak.OLDEST
    assert rules.opening_must_play_max_group
    assert rules.exchange_limited_by_bag
    assert not rules.exchange_return_before_draw
    assert not rules.allow_voluntary_pass
    assert rules.blocked_end_detection is BlockedEnd.IMMEDIATE
    assert rules.stalemate_rounds is None
    assert rules.final_tiebreak is FinalTiebreak.SHARED


# new_game


@pytest.mark.rule("SETUP-1")
@pytest.mark.parametrize("players", [[], ["Ann"], ["A", "B", "C", "D", "E"]])
def test_new_game_checks_the_number_of_players(players: list[str]) -> None:
    with pytest.raises(InvalidStateError, match="SETUP-1"):
        new_game(players, seed=1)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": "Ann"},
        {"players": ["Ann", 2]},
        {"seed": "1"},
        {"seed": 1.5},
        {"ages": [30]},
        {"ages": [30, "40"]},
    ],
)
def test_new_game_checks_its_arguments(kwargs: dict[str, Any]) -> None:
    arguments: dict[str, Any] = {"players": ["Ann", "Bob"], "seed": 1} | kwargs
    with pytest.raises(InvalidStateError):
        new_game(**arguments)


def test_new_game_is_deterministic_per_seed() -> None:
    first = new_game(["Ann", "Bob", "Cyd"], seed=123)
    again = new_game(["Ann", "Bob", "Cyd"], seed=123)
    assert first == again
    assert first.seed == 123
    assert new_game(["Ann", "Bob", "Cyd"], seed=124) != first


def test_new_game_without_a_seed_keeps_the_one_it_drew() -> None:
    state = new_game(["Ann", "Bob"])
    assert isinstance(state.seed, int)
    assert new_game(["Ann", "Bob"], seed=state.seed) == state


# Immutability


def test_values_cannot_be_changed() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    values: list[tuple[object, str]] = [
        (state, "current"),
        (state, "scores"),
        (state.rules, "hand_size"),
        (t("Ro"), "colour"),
        (Place({(0, 0): t("Ro")}), "placements"),
        (Exchange(tiles("Ro")), "tiles"),
        (state.board, "_grid"),
        (state.board, "anything"),
    ]
    for value, name in values:
        with pytest.raises(AttributeError):
            setattr(value, name, 1)
    assert isinstance(state.hands, tuple)
    assert all(isinstance(hand, tuple) for hand in state.hands)
    assert isinstance(state.bag, tuple)
    assert isinstance(state.scores, tuple)
    assert isinstance(state.history, tuple)
    assert isinstance(state.players, tuple)


def test_applying_a_move_leaves_the_old_state_as_it_was() -> None:
    state = make_state("Ro Rs", "Rd Rc Rx Bo Go Yo")
    board = dict(state.board)
    hands = state.hands
    after = apply(state, Place({(2, 0): t("Rd")}))
    assert dict(state.board) == board
    assert state.hands == hands
    assert len(after.board) == 3


def test_position_copies_its_inputs() -> None:
    hand = list(tiles("Rd Rc Rx Bo Go Yo"))
    state = position(["Ann", "Bob"], board_from_rows("Ro Rs"), [hand, list(tiles("Oo Os Od Oc Ox O*"))])
    hand.append(t("Ro"))
    assert len(state.hands[0]) == 6
    assert isinstance(state.hands[0], tuple)


def test_the_grid_view_cannot_change_the_board() -> None:
    board = Board(board_from_rows("Ro Rs"))
    grid = cast(MutableMapping[int, int], board.grid)
    with contextlib.suppress(TypeError):
        grid[12345] = 0
    assert len(board) == 2


BAD_SETUPS: list[tuple[str, Any]] = [
    ("players not a sequence", lambda: new_game(cast(Any, 5))),
    ("ages not a sequence", lambda: new_game(["Ann", "Bob"], ages=cast(Any, 5))),
    ("ages as booleans", lambda: new_game(["Ann", "Bob"], ages=[True, False])),
    ("rules not a RuleSet", lambda: new_game(["Ann", "Bob"], rules=cast(Any, 5))),
    ("hands not a sequence", lambda: position(["Ann", "Bob"], {}, cast(Any, 5))),
    ("ints for tiles", lambda: position(["Ann", "Bob"], {}, cast(Any, [[1], [2]]))),
    ("seed not an int", lambda: position(["Ann", "Bob"], {}, [[], []], seed=cast(Any, "7"))),
    (
        "state players not a sequence",
        lambda: hand_built(players=cast(Any, 5)),
    ),
]


@pytest.mark.parametrize(("label", "build"), BAD_SETUPS, ids=[label for label, _ in BAD_SETUPS])
def test_bad_setup_input_is_refused_with_a_clear_error(label: str, build: Any) -> None:
    with pytest.raises(InvalidStateError) as excinfo:
        build()
    assert "copies" not in str(excinfo.value), label


def test_end_reasons_are_found_by_value_and_carry_their_rule_and_words() -> None:
    for reason in EndReason:
        assert EndReason(reason.value) is reason
        assert reason.rule.family in ("END", "VARIANT")
        assert reason.words
    with pytest.raises(TypeError, match="rule and words"):

        class Careless(RuledReason):
            SOMEHOW = "somehow"
