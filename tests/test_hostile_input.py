"""Regressions from attacks through the public API: one coordinate range, lookups that never alias a cell,
bounded options, bounded parsers, and unchecked paths that cannot smuggle a broken table into a checked state."""

from __future__ import annotations

import time
from collections.abc import Callable

import attrs
import pytest

from qwirkle import (
    Board,
    Exchange,
    GameState,
    InvalidNotationError,
    InvalidOptionsError,
    InvalidRecordError,
    InvalidStateError,
    Place,
    PlayerView,
    QwirkleError,
    RuleSet,
    apply,
    check_state,
    format_position,
    legal_moves,
    new_game,
    parse_move,
    parse_position,
    parse_tile,
    position,
    view,
)
from qwirkle._engine.geometry import MAX_COORD, STRIDE, in_range, key
from qwirkle.bots import GreedyBot
from qwirkle.cards import CardsRuleSet
from qwirkle.formats.notation import parse_cell
from qwirkle.formats.records import GameRecord
from qwirkle.formats.state_json import state_from_json, state_to_json
from qwirkle.interface.scorekeeper import Scorekeeper
from qwirkle.rules.limits import MAX_JSON_ITEMS, MAX_JSON_OBJECTS, MAX_NAME, MAX_POINTS, MAX_SEED, MAX_TURNS
from qwirkle.rules.ruleset import option_range
from tests.brute import brute_placements
from tests.helpers import refusal_cost, t, tiles

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
    assert all(in_range(*divmod_key(k)) for k in state.board._frontier())
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
    broken = state.board._placed_unchecked({STRIDE: t("Bs").index})
    with pytest.raises(InvalidStateError):
        broken.validated()
    assert isinstance(broken, Board)


# Options from outside are bounded, so that replay time grows with the record and not with a number in it


def test_a_record_that_asks_for_ten_thousand_copies_of_each_tile_is_refused_at_once() -> None:
    # 381 bytes that once took 0.6 s for each exchange (a bag of 360,000 tiles mixed every time).
    turns = ",".join(f'{{"player": {i % 2}, "move": "swap Ro", "score": 0}}' for i in range(4))
    text = (
        '{"format": "qwirkle-record", "version": 1, "players": ["Ann", "Bob"], '
        f'"rules": {{"copies_per_tile": 10000}}, "seed": 1, "turns": [{turns}]}}'
    )
    began = time.perf_counter()
    with pytest.raises(InvalidRecordError, match="copies_per_tile must be an int from 1 to 6"):
        GameRecord.loads(text)
    assert time.perf_counter() - began < 0.05


@pytest.mark.parametrize("kind", [RuleSet, CardsRuleSet])
def test_every_number_among_the_options_has_a_range_that_json_keeps_too(kind: type[RuleSet | CardsRuleSet]) -> None:
    numbers = [field for field in attrs.fields(kind) if field.type in ("int", "int | None", int)]
    assert numbers
    for field in numbers:
        bounds = option_range(kind, field.name)
        assert bounds is not None, f"{field.name} has no range"
        for bad in (bounds.low - 1, bounds.high + 1, 10**5000, -(10**5000), True, 2.0):
            with pytest.raises(InvalidOptionsError, match=field.name):
                kind(**{field.name: bad})  # type: ignore[arg-type]
    for bad in (10**5000, 7, -1, True):
        data = GameRecord(players=("Ann", "Bob")).to_json()
        data["rules"]["copies_per_tile"] = bad
        with pytest.raises(InvalidRecordError, match="copies_per_tile"):
            GameRecord.from_json(data)


def test_a_record_of_exchanges_under_the_largest_options_replays_in_time_that_grows_with_it() -> None:
    rules = RuleSet(copies_per_tile=6, max_players=2, hand_size=18)
    state = new_game(["Ann", "Bob"], seed=5, rules=rules)
    state = apply(state, next(iter(legal_moves(state).placements())))
    for _ in range(60):
        state = apply(state, Exchange(state.hand))
    record = GameRecord.from_game(state)
    began = time.perf_counter()
    assert record.replay().final == state
    per_turn = (time.perf_counter() - began) / len(state.history)
    assert per_turn < 0.01, f"{per_turn * 1000:.1f} ms a turn"


# Unchecked constructors stay fast, and the checking entry points catch what they let through


def test_a_state_built_raw_around_a_broken_table_is_refused_by_every_checking_entry_point() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    state = apply(state, next(iter(legal_moves(state).placements())))
    (x, y), tile = next(iter(state.board.items()))
    # A tile of another colour and another shape next to the first one: a line mixing both (Rule LINE-2).
    odd = next(t for t in state.bag if t.colour != tile.colour and t.shape != tile.shape)
    grown = state.board._placed_unchecked({key((x, y - 1)): odd.index})
    bag = list(state.bag)
    bag.remove(odd)
    broken = GameState(**{**attrs.asdict(state, recurse=False), "board": grown, "bag": tuple(bag)})
    with pytest.raises(InvalidStateError, match="LINE-2"):
        check_state(broken)
    with pytest.raises(InvalidRecordError):
        state_from_json(state_to_json(broken))


def test_history_moves_built_without_checks_are_refused_by_check_state() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    state = apply(state, next(iter(legal_moves(state).placements())))
    turn = state.history[0]
    far = Place._from_sorted(tuple(((x, y + STRIDE), tile) for (x, y), tile in turn.move.placements))  # type: ignore[union-attr]
    with pytest.raises(InvalidStateError, match="malformed"):
        check_state(attrs.evolve(state, history=(attrs.evolve(turn, move=far),)))


# Loaders accept only what is consistent, and what they accept they read back


def test_a_position_with_a_score_beyond_the_limit_is_refused_and_one_at_it_round_trips() -> None:
    line = "0,0:RoRs RdRcRxR*BoGo/OoOsOdOcOxO* {}/0 1"
    with pytest.raises(InvalidNotationError, match="out of range"):
        parse_position(line.format(MAX_POINTS + 1))
    state = parse_position(line.format(MAX_POINTS))
    assert state_from_json(state_to_json(state)) == state
    assert format_position(parse_position(format_position(state))) == format_position(state)


def test_a_saved_state_whose_scores_its_history_does_not_explain_is_refused() -> None:
    state = played_state(9, turns=8)
    data = state_to_json(state)
    data["scores"][0] += 1
    with pytest.raises(InvalidRecordError, match="its turns earned"):
        state_from_json(data)


def test_a_saved_score_total_that_is_not_the_sum_of_its_parts_is_refused() -> None:
    state = played_state(9, turns=8)
    data = state_to_json(state)
    placed = next(turn for turn in data["history"] if turn["score"]["lines"])
    placed["score"] = {"total": placed["score"]["total"]}  # the lines left out: the total no longer adds up
    with pytest.raises(InvalidRecordError, match="not the sum"):
        state_from_json(data)


def test_a_view_whose_tiles_do_not_add_up_to_the_game_is_refused() -> None:
    state = played_state(4, turns=6)
    data = view(state, 0).to_json()
    data["bag_size"] -= 1
    with pytest.raises(InvalidRecordError, match="TILES-2"):
        PlayerView.from_json(data)


def test_a_view_that_shows_four_copies_of_a_tile_is_refused() -> None:
    state = played_state(4, turns=6)
    data = view(state, state.current).to_json()
    codes = [code for _, _, code in data["board"]]
    once = next(code for code in codes if codes.count(code) == 1 and code not in data["hand"])
    data["hand"] = [once] * 3 + data["hand"][3:]
    with pytest.raises(InvalidRecordError, match="sees 4"):
        PlayerView.from_json(data)


@pytest.mark.parametrize("load", [state_from_json, PlayerView.from_json, GameRecord.from_json])
def test_the_object_loaders_refuse_integers_too_long_to_print(load: Callable[[object], object]) -> None:
    for data in ({"format": 10**5000}, {"players": [10**5000]}, [10**5000], {"x": {10**5000: 1}}, 10**5000):
        with pytest.raises(QwirkleError):
            load(data)


def test_what_new_game_accepts_the_formats_hold() -> None:
    with pytest.raises(InvalidStateError):
        new_game(["A" * (MAX_NAME + 1), "Bob"], seed=1)
    with pytest.raises(InvalidStateError):
        new_game(["Ann", "Bob"], seed=MAX_SEED + 1)
    state = new_game(["A" * MAX_NAME, "Bob"], seed=MAX_SEED)
    assert state_from_json(state_to_json(state)) == state


def test_a_game_longer_than_the_formats_hold_fails_when_saved_not_when_loaded() -> None:
    state = played_state(2, turns=2)
    long = attrs.evolve(state, history=state.history * (MAX_TURNS // 2 + 1))
    with pytest.raises(InvalidStateError, match="cannot be saved"):
        state_to_json(long)
    with pytest.raises(InvalidStateError, match="cannot be saved"):
        view(long, 0).to_json()


def played_state(seed: int, turns: int) -> GameState:
    """A state after ``turns`` greedy turns of the game dealt from ``seed``."""
    state = new_game(["Ann", "Bob"], seed=seed)
    for _ in range(turns):
        state = apply(state, GreedyBot(seed=seed).choose(state))
    return state


# Input beyond a limit is refused before it is read: under 10 ms and 50 MB, however large

_TEXT = "Ro@0,0 " * 1_500_000  # 10 MB of valid notation
_JSON = '{"format": "qwirkle-state", "pad": "' + "x" * 10_000_000 + '"}'
_CROWD = [str(i) for i in range(100_000)]
_BEYOND: dict[str, Callable[[], object]] = {
    "parse_tile": lambda: parse_tile(_TEXT),
    "parse_move": lambda: parse_move(_TEXT),
    "parse_position": lambda: parse_position(_TEXT),
    "parse_cell": lambda: parse_cell(_TEXT),
    "a coordinate of 5,000 digits": lambda: parse_move("Ro@" + "9" * 5000 + ",0"),
    "state_from_json": lambda: state_from_json(_JSON),
    "state_from_json (bytes)": lambda: state_from_json(_JSON.encode()),
    "PlayerView.from_json": lambda: PlayerView.from_json(_JSON),
    "GameRecord.loads": lambda: GameRecord.loads(_JSON),
    "too many objects": lambda: GameRecord.loads("[" + "{}," * (MAX_JSON_OBJECTS + 1) + "{}]"),
    "too many commas": lambda: GameRecord.loads("[" + "0," * (MAX_JSON_ITEMS + 1) + "0]"),
    "nesting": lambda: state_from_json("[" * 100_000 + "]" * 100_000),
    "an option out of range": lambda: GameRecord.from_json(
        {"format": "qwirkle-record", "version": 1, "players": ["A", "B"], "rules": {"copies_per_tile": 10**5000}}
    ),
    "a cell out of range": lambda: Place({(10**5000, 0): t("Ro")}),
    "a name too long": lambda: new_game(["A" * 10_000_000, "Bob"], seed=1),
    "too many players": lambda: new_game(_CROWD, seed=1),
    "a seed too large": lambda: new_game(["Ann", "Bob"], seed=10**5000),
}


@pytest.mark.parametrize("refuse", _BEYOND.values(), ids=list(_BEYOND))
def test_input_beyond_a_limit_is_refused_in_under_10_ms_and_50_mb(refuse: Callable[[], object]) -> None:
    seconds, peak = refusal_cost(refuse)
    assert seconds < 0.01, f"{seconds * 1000:.1f} ms"
    assert peak < 50 << 20, f"{peak / 2**20:.1f} MB"
