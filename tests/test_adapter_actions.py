"""The adapters' action encoding: numbers and actions, and turns built one action at a time."""

from __future__ import annotations

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import Board, Exchange, GameState, Move, Pass, Place, apply, is_legal, legal_moves, new_game
from qwirkle._engine.geometry import MAX_COORD, key
from qwirkle.adapters.actions import (
    WINDOW,
    ActionLayout,
    ActionTurn,
    EndAction,
    ExchangeTileAction,
    InvalidActionError,
    PassAction,
    TileAction,
    decode,
    decode_move,
    encode,
    encode_move,
    window_origin,
)
from qwirkle.adapters.encoding import _cell_numbers, _window_numbers
from qwirkle.legality import exchange_limit
from qwirkle.testing import boards, crafted_positions, play, reachable_states
from tests.strategies import examples

LAYOUT = ActionLayout()


def test_the_standard_layout_has_7784_actions() -> None:
    assert (LAYOUT.cells, LAYOUT.end, LAYOUT.exchange, LAYOUT.pass_, LAYOUT.size) == (
        WINDOW * WINDOW,
        7776,
        7777,
        7783,
        7784,
    )
    assert ActionLayout(hand_size=4).size == 4 * 1296 + 1 + 4 + 1


@given(
    number=st.integers(min_value=0, max_value=LAYOUT.size - 1),
    origin=st.tuples(st.integers(-100, 100), st.integers(-100, 100)),
)
def test_every_number_decodes_to_an_action_that_encodes_back(number: int, origin: tuple[int, int]) -> None:
    action = decode(number, origin)
    assert encode(action, origin) == number
    if number < LAYOUT.end:
        assert isinstance(action, TileAction)
        column, row = action.cell[0] - origin[0], action.cell[1] - origin[1]
        assert 0 <= column < WINDOW
        assert 0 <= row < WINDOW
    elif number == LAYOUT.end:
        assert action == EndAction()
    elif number == LAYOUT.pass_:
        assert action == PassAction()
    else:
        assert action == ExchangeTileAction(number - LAYOUT.exchange)
        assert 0 <= action.slot < LAYOUT.hand_size


def test_out_of_range_and_malformed_actions_are_refused() -> None:
    for number in (-1, LAYOUT.size):
        with pytest.raises(InvalidActionError, match="not in range"):
            decode(number, (0, 0))
    with pytest.raises(TypeError):
        decode("7", (0, 0))  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match="outside"):
        encode(TileAction(0, (40, 0)), (0, 0))
    with pytest.raises(InvalidActionError, match="outside"):
        encode(TileAction(6, (0, 0)), (0, 0))
    for slot in (-1, 6):
        with pytest.raises(InvalidActionError, match="a slot the hand does not have"):
            encode(ExchangeTileAction(slot), (0, 0))
    with pytest.raises(TypeError):
        encode("pass", (0, 0))  # type: ignore[arg-type]


def test_the_window_is_centred_on_the_table() -> None:
    state = play(new_game(["Ann", "Bob"], seed=4), random.Random(4), max_turns=30)[-1]
    bounds = state.board.bounds()
    assert bounds is not None
    (x0, y0), (x1, y1) = bounds
    ox, oy = window_origin(state.board)
    assert ox <= x0 <= x1 < ox + WINDOW
    assert oy <= y0 <= y1 < oy + WINDOW
    assert abs((ox + WINDOW // 2) - (x0 + x1) / 2) <= 1
    assert window_origin(Board()) == (-WINDOW // 2, -WINDOW // 2)


@given(
    board=boards(),
    shift=st.tuples(st.integers(-MAX_COORD + 40, MAX_COORD - 40), st.integers(-MAX_COORD + 40, MAX_COORD - 40)),
)
def test_the_window_origin_is_the_centre_of_the_bounds_wherever_the_table_lies(
    board: Board, shift: tuple[int, int]
) -> None:
    dx, dy = shift
    moved = Board({(x + dx, y + dy): tile for (x, y), tile in board.items()})
    for table in (board, moved):
        bounds = table.bounds()
        if bounds is None:
            assert window_origin(table) == (-WINDOW // 2, -WINDOW // 2)
            continue
        (x0, y0), (x1, y1) = bounds
        assert window_origin(table) == ((x0 + x1) // 2 - WINDOW // 2, (y0 + y1) // 2 - WINDOW // 2)


@given(origin=st.tuples(st.integers(-MAX_COORD, MAX_COORD - 40), st.integers(-MAX_COORD, MAX_COORD - 40)))
def test_one_table_of_numbers_serves_every_window(origin: tuple[int, int]) -> None:
    numbers = _cell_numbers(origin, 5)
    offset = key(origin)
    assert {k - offset: n for k, n in numbers.items()} == _window_numbers(5)
    assert sorted(numbers.values()) == list(range(25))
    assert numbers[key((origin[0] + 3, origin[1] + 2))] == 2 * 5 + 3


def reachable(turn: ActionTurn) -> set[Move]:
    """Every move that some sequence of legal actions from ``turn`` ends in (each set of tiles built visited once)."""
    moves: set[Move] = set()
    seen: set[tuple[frozenset[tuple[int, int]], frozenset[int]]] = set()
    todo = [turn]
    while todo:
        here = todo.pop()
        for action in here.legal_actions():
            step = here.after(action)
            if isinstance(step, ActionTurn):
                built = (frozenset(step.placed), frozenset(step.marked))
                if built not in seen:
                    seen.add(built)
                    todo.append(step)
            else:
                moves.add(step)
    return moves


def fits(state: GameState, move: Move) -> bool:
    """Whether every cell of ``move`` lies in the window of the turn."""
    if not isinstance(move, Place):
        return True
    ox, oy = window_origin(state.board)
    return all(0 <= x - ox < WINDOW and 0 <= y - oy < WINDOW for x, y in move.cells)


@pytest.mark.rule("TURN-1", "TURN-3", "EXCHANGE-1", "EXCHANGE-5", "START-4")
@settings(max_examples=examples(40))
@given(state=reachable_states())
def test_the_actions_build_exactly_the_legal_moves(state: GameState) -> None:
    turn = ActionTurn.start(state)
    wanted = {move for move in legal_moves(state) if fits(state, move)}
    assert reachable(turn) == wanted
    assert all(fits(state, move) for move in legal_moves(state)), "a legal placement sticks out of the window"


def test_the_actions_build_the_legal_moves_of_the_crafted_positions() -> None:
    for name, state in crafted_positions():
        assert reachable(ActionTurn.start(state)) == set(legal_moves(state)), name


@settings(max_examples=examples(30))
@given(state=reachable_states(), data=st.data())
def test_a_legal_action_sequence_ends_in_a_move_the_engine_plays(state: GameState, data: st.DataObject) -> None:
    turn: ActionTurn | Move = ActionTurn.start(state)
    actions = []
    while isinstance(turn, ActionTurn):
        legal = turn.legal_actions()
        if not legal:
            assert state.outcome is not None
            return
        assert legal == sorted(set(legal))
        others = sorted(set(range(LAYOUT.size)) - set(legal))
        illegal = data.draw(st.sampled_from(others), label="illegal")
        with pytest.raises(InvalidActionError):
            turn.after(illegal)
        action = data.draw(st.sampled_from(legal), label="action")
        actions.append(action)
        turn = turn.after(action)
        if isinstance(turn, ActionTurn):
            assert turn.actions() == tuple(actions)
            loaded = pickle.loads(pickle.dumps(turn))
            assert loaded == turn
            assert loaded.legal_actions() == turn.legal_actions()
            assert copy.deepcopy(turn) is turn
    assert is_legal(state, turn)
    after = apply(state, turn)
    if isinstance(turn, Place):
        # A placement the turn finished fills one of the generator's windows: it comes vouched for, as listed.
        assert turn._listed_for is state
        assert after == apply(state, Place(dict(turn.placements)))


def exchange_actions(turn: ActionTurn) -> list[int]:
    """The legal actions of ``turn`` that put a tile into the exchange."""
    return [action for action in turn.legal_actions() if LAYOUT.exchange <= action < LAYOUT.pass_]


def test_copies_of_a_tile_are_offered_by_their_first_slot_on_the_table_and_their_first_free_one_to_exchange() -> None:
    state = dict(crafted_positions())["line of five"]
    hand = [tile.index for tile in state.hand]
    assert len(set(hand)) < len(hand)
    turn = ActionTurn.start(state)
    slots = {action // LAYOUT.cells for action in turn.legal_actions() if action < LAYOUT.end}
    assert all(hand.index(hand[slot]) == slot for slot in slots)
    offered = [action - LAYOUT.exchange for action in exchange_actions(turn)]
    assert offered == sorted(hand.index(tile) for tile in set(hand))
    copy_slot = next(slot for slot in range(len(hand)) if hand.index(hand[slot]) != slot)
    first = hand.index(hand[copy_slot])
    after = turn.after(LAYOUT.exchange + first)
    assert isinstance(after, ActionTurn)
    assert LAYOUT.exchange + copy_slot in exchange_actions(after)
    assert LAYOUT.exchange + first not in exchange_actions(after)


@pytest.mark.rule("EXCHANGE-1")
def test_an_exchange_is_one_choice_among_the_first_actions_and_is_built_tile_by_tile() -> None:
    state = play(new_game(["Ann", "Bob"], seed=3), random.Random(3), max_turns=4)[-1]
    turn = ActionTurn.start(state)
    exchanges = exchange_actions(turn)
    assert 0 < len(exchanges) == len(set(state.hand)) <= state.rules.hand_size
    assert LAYOUT.pass_ not in turn.legal_actions()
    step = turn.after(exchanges[-1])
    assert isinstance(step, ActionTurn)
    # Once a tile is in the exchange, the turn is an exchange: only more tiles for it, or its end.
    assert step.legal_actions() == [LAYOUT.end, *exchange_actions(step)]
    assert all(action > LAYOUT.end for action in step.legal_actions()[1:])
    assert step.after(LAYOUT.end) == Exchange([state.hand[exchanges[-1] - LAYOUT.exchange]])
    with pytest.raises(InvalidActionError):
        step.after(turn.legal_actions()[0])


@pytest.mark.rule("EXCHANGE-5")
def test_an_exchange_takes_no_more_tiles_than_the_bag_can_give_back() -> None:
    state = play(new_game(["Ann", "Bob"], seed=6), random.Random(6), until=lambda s: 0 < len(s.bag) < 3)[-1]
    largest = exchange_limit(state)
    assert 0 < largest == len(state.bag) < state.rules.hand_size
    step: ActionTurn | Move = ActionTurn.start(state)
    for _ in range(largest):
        assert isinstance(step, ActionTurn)
        step = step.after(exchange_actions(step)[0])
    assert isinstance(step, ActionTurn)
    assert step.legal_actions() == [LAYOUT.end]
    exchange = step.after(LAYOUT.end)
    assert isinstance(exchange, Exchange)
    assert len(exchange) == largest
    assert is_legal(state, exchange)


def test_a_forced_pass_is_the_one_action() -> None:
    state = dict(crafted_positions())["forced pass"]
    turn = ActionTurn.start(state)
    assert turn.legal_actions() == [LAYOUT.pass_]
    assert turn.after(LAYOUT.pass_) == Pass()


def test_a_finished_game_offers_no_action() -> None:
    final = play(new_game(["Ann", "Bob"], seed=2), random.Random(2))[-1]
    assert final.outcome is not None
    assert ActionTurn.start(final).legal_actions() == []


@settings(max_examples=examples(30))
@given(state=reachable_states())
def test_every_legal_move_has_the_actions_that_play_it(state: GameState) -> None:
    turn = ActionTurn.start(state)
    for move in legal_moves(state):
        actions = turn.actions_for(move)
        step: ActionTurn | Move = turn
        for action in actions:
            assert isinstance(step, ActionTurn)
            step = step.after(action)
        assert step == move
        assert encode_move(state, move) == actions
        assert decode_move(state, actions) == move
    if state.outcome is None and state.hand:
        stranger = Exchange([state.hand[0]] * (state.rules.copies_per_tile + 1))
        with pytest.raises(InvalidActionError):
            turn.actions_for(stranger)
        started = turn.after(turn.legal_actions()[0])
        if isinstance(started, ActionTurn):
            with pytest.raises(InvalidActionError, match="from the start of its turn"):
                started.actions_for(Pass())


def test_when_no_legal_move_fits_the_window_pass_stands_for_the_best_placement() -> None:
    # A window of one cell, on the middle of the table, holds no empty cell next to it: no placement fits.
    state = play(new_game(["Ann", "Bob"], seed=6), random.Random(6), until=lambda s: not s.bag)[-1]
    assert state.outcome is None
    best = legal_moves(state).best()
    assert best is not None
    small = ActionTurn.start(state, window=1)
    assert small.layout.size == state.rules.hand_size + 1 + state.rules.hand_size + 1
    assert small.legal_actions() == [small.layout.pass_]
    assert small.after(small.layout.pass_) == best[0]
    assert pickle.loads(pickle.dumps(small)).layout == small.layout
    with pytest.raises(InvalidActionError, match="at least one cell"):
        ActionTurn.start(state, window=0)


def test_decoding_a_move_needs_the_whole_turn_and_no_more() -> None:
    state = play(new_game(["Ann", "Bob"], seed=3), random.Random(3), max_turns=4)[-1]
    exchange = Exchange(state.hand[:2])
    actions = encode_move(state, exchange)
    assert actions == [LAYOUT.exchange, LAYOUT.exchange + 1, LAYOUT.end]
    assert decode_move(state, actions) == exchange
    # The tiles may go into the exchange in any order.
    assert decode_move(state, [actions[1], actions[0], LAYOUT.end]) == exchange
    with pytest.raises(InvalidActionError, match="stop before the turn ends"):
        decode_move(state, actions[:2])
    with pytest.raises(InvalidActionError, match="go on after the turn ends"):
        decode_move(state, [*actions, LAYOUT.end])
    with pytest.raises(InvalidActionError, match="is not legal now"):
        decode_move(state, [LAYOUT.exchange, LAYOUT.pass_])
