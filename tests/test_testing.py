"""The test kit: its strategies draw what they promise, and check_invariants tells a sound state from a broken one."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import (
    Board,
    GameState,
    IllegalMoveError,
    InvalidStateError,
    Move,
    Place,
    RuleSet,
    Tile,
    apply,
    is_legal,
    new_game,
)
from qwirkle.endings import EndReason, outcome_of
from qwirkle.state import Turn
from qwirkle.testing import (
    boards,
    check_invariants,
    crafted_positions,
    game_paths,
    hands,
    illegal_moves,
    legal_moves_of,
    play,
    play_to_end,
    reachable_states,
    tiles,
)
from tests.strategies import examples


@settings(max_examples=examples(40))
@given(path=game_paths())
def test_every_state_reached_by_legal_play_keeps_the_invariants(path: list[GameState]) -> None:
    for state in path:
        assert check_invariants(state) is state


def test_the_crafted_positions_keep_the_invariants() -> None:
    for name, state in crafted_positions():
        assert check_invariants(state) is state, name


@given(tile=tiles(), hand=hands(RuleSet(copies_per_tile=1, hand_size=4), min_size=2))
def test_tiles_and_hands_are_what_the_rules_allow(tile: Tile, hand: tuple[Tile, ...]) -> None:
    assert isinstance(tile, Tile)
    assert 2 <= len(hand) <= 4
    assert max(Counter(hand).values()) == 1


@settings(max_examples=examples(20))
@given(board=boards())
def test_boards_are_valid_tables(board: Board) -> None:
    assert Board(board.items()) == board


@settings(max_examples=examples(30))
@given(state=reachable_states(), data=st.data())
def test_legal_and_illegal_moves_are_judged_so_by_the_engine(state: GameState, data: st.DataObject) -> None:
    if state.outcome is None:
        move = data.draw(legal_moves_of(state), label="legal")
        assert is_legal(state, move)
        check_invariants(apply(state, move))
    wrong: Move = data.draw(illegal_moves(state), label="illegal")
    assert not is_legal(state, wrong)
    with pytest.raises(IllegalMoveError):
        apply(state, wrong)


def played(turns: int) -> GameState:
    return play(new_game(["Ann", "Bob", "Cy"], seed=4), random.Random(4), max_turns=turns)[-1]


def test_a_seat_out_of_turn_is_caught() -> None:
    state = played(10)
    with pytest.raises(InvalidStateError, match="Rule START-7"):
        check_invariants(attrs.evolve(state, current=(state.current + 1) % 3))
    first = state.history[0]
    with pytest.raises(InvalidStateError, match="Rule START-7"):
        check_invariants(
            attrs.evolve(state, history=(attrs.evolve(first, seat=(first.seat + 1) % 3), *state.history[1:]))
        )


def test_a_moved_tile_is_caught() -> None:
    state = played(10)
    number, turn = next((n, t) for n, t in enumerate(state.history) if isinstance(t.move, Place))
    assert isinstance(turn.move, Place)
    (cell, placed), *rest = turn.move.placements
    other = next(tile for tile in tiles_of(state) if tile != placed)
    changed = Turn(turn.seat, Place([(cell, other), *rest]), turn.score)
    history = (*state.history[:number], changed, *state.history[number + 1 :])
    with pytest.raises(InvalidStateError, match="Rule TILES-3"):
        check_invariants(attrs.evolve(state, history=history))


def tiles_of(state: GameState) -> list[Tile]:
    return sorted(set(state.board.values()))


def test_scores_below_what_the_history_earned_are_caught() -> None:
    state = played(10)
    seat = max(range(3), key=lambda s: state.scores[s])
    scores = tuple(0 if s == seat else points for s, points in enumerate(state.scores))
    with pytest.raises(InvalidStateError, match="Rule SCORE-1"):
        check_invariants(attrs.evolve(state, scores=scores))


def test_a_wrong_count_of_idle_turns_is_caught() -> None:
    state = played(10)
    with pytest.raises(InvalidStateError, match="idle_turns counts the turns since the last placement"):
        check_invariants(attrs.evolve(state, idle_turns=state.idle_turns + 2))


def test_an_outcome_that_does_not_match_the_game_is_caught() -> None:
    final = play_to_end(new_game(["Ann", "Bob"], seed=8), random.Random(8))[-1]
    assert final.outcome is not None
    check_invariants(final)
    loser = next(s for s in range(2) if s not in final.outcome.winners)
    wrong = attrs.evolve(final.outcome, winners=(loser,))
    with pytest.raises(InvalidStateError, match="Rule END-4"):
        check_invariants(attrs.evolve(final, outcome=wrong))
    with pytest.raises(InvalidStateError, match="Rule END-4"):
        check_invariants(attrs.evolve(final, outcome=attrs.evolve(final.outcome, scores=(0, 0))))
    going = played(10)
    with pytest.raises(InvalidStateError, match="Rule END-3"):
        check_invariants(attrs.evolve(going, outcome=outcome_of(EndReason.BLOCKED, going.scores)))
    with pytest.raises(InvalidStateError, match="Rule VARIANT-4"):
        check_invariants(attrs.evolve(going, outcome=outcome_of(EndReason.SCORE_LIMIT, going.scores)))
