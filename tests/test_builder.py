"""The turn builder agrees with legal_moves: every legal placement builds in any order, and nothing else completes."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qwirkle import (
    Colour,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    InvalidStateError,
    Place,
    Rule,
    Shape,
    Tile,
    TurnBuilder,
    apply,
    is_legal,
    legal_moves,
    new_game,
    position,
    verify,
)
from tests.played import play, states

RED = [Tile(Colour.RED, shape) for shape in Shape]
BLUE = [Tile(Colour.BLUE, shape) for shape in Shape]


def small_state() -> GameState:
    return position(["Ann", "Bob"], {(0, 0): RED[0], (1, 0): RED[1]}, [RED[2:] + BLUE[:2], RED[2:] + BLUE[2:4]])


def step_allowed(turn: TurnBuilder, cell: tuple[int, int], tile: Tile) -> bool:
    if turn.free_tiles:
        return tile in turn.free_tiles
    return tile in turn.options().get(cell, frozenset())


@pytest.mark.rule("PLACE-1", "PLACE-2", "PLACE-4", "LINE-6")
@given(states(most_turns=45), st.randoms(use_true_random=False))
@settings(max_examples=30)
def test_every_legal_placement_builds_in_any_order(state: GameState, rng: random.Random) -> None:
    if state.outcome is not None:
        return
    placements = list(legal_moves(state).placements())
    for move in rng.sample(placements, min(12, len(placements))):
        order = list(move.placements)
        rng.shuffle(order)
        turn = TurnBuilder(state)
        for i, (cell, tile) in enumerate(order):
            assert step_allowed(turn, cell, tile), (move, order[: i + 1])
            turn = turn.add(cell, tile)
        assert turn.is_complete
        assert turn.move == move
        assert turn.score() == verify(state, move)
        assert Counter(turn.remaining) == Counter(state.hand) - Counter(move.tiles)


@pytest.mark.rule("PLACE-1", "PLACE-2", "PLACE-4", "LINE-6")
@given(states(most_turns=45), st.randoms(use_true_random=False))
@settings(max_examples=40)
def test_random_builder_paths_are_complete_exactly_when_legal(state: GameState, rng: random.Random) -> None:
    if state.outcome is not None:
        return
    moves = legal_moves(state)
    turn = TurnBuilder(state)
    while True:
        placed = Place(turn.placed) if turn.placed else None
        if placed is not None:
            assert turn.is_complete == is_legal(state, placed)
            if turn.is_complete and not state.is_opening:
                assert placed in moves
        if turn.free_tiles:
            tile = rng.choice(sorted(turn.free_tiles))
            cell = (rng.randint(-50, 50), rng.randint(-50, 50))
        else:
            options = turn.options(touching_only=rng.random() < 0.5)
            if not options:
                break
            cell = rng.choice(sorted(options))
            tile = rng.choice(sorted(options[cell]))
        turn = turn.add(cell, tile)
    # A path stops only where the builder has nothing more to offer: the placement is then complete.
    assert not turn.placed or turn.is_complete


@pytest.mark.rule("PLACE-1", "PLACE-2", "PLACE-4", "LINE-6")
@given(states(most_turns=45), st.randoms(use_true_random=False))
@settings(max_examples=30)
def test_options_are_what_the_listed_placements_holding_the_tiles_placed_add(
    state: GameState, rng: random.Random
) -> None:
    """Each step offers exactly the pairs some listed placement adds to the tiles placed so far, no more."""
    if state.outcome is not None or state.is_opening:
        return
    placements = [dict(move.placements) for move in legal_moves(state).placements()]
    if not placements:
        return
    order = list(rng.choice(placements).items())
    rng.shuffle(order)
    turn = TurnBuilder(state)
    for cell, tile in order:
        placed = dict(turn.placed)
        holding = [move for move in placements if placed.items() <= move.items()]
        expected: dict[tuple[int, int], set[Tile]] = {}
        for move in holding:
            for at, held in move.items():
                if at not in placed:
                    expected.setdefault(at, set()).add(held)
        assert turn.options() == {at: frozenset(tiles) for at, tiles in expected.items()}
        assert turn.is_complete == (bool(placed) and any(len(move) == len(placed) for move in holding))
        turn = turn.add(cell, tile)
    assert turn.is_complete


def test_a_second_copy_of_a_placed_tile_is_refused() -> None:
    """A placement holds a tile once (Rule LINE-3), even when the hand holds two copies of it."""
    state = position(
        ["Ann", "Bob"], {(0, 0): RED[0]}, [[RED[1], RED[1], RED[2], BLUE[3], BLUE[4], BLUE[5]], RED[3:] + BLUE[:3]]
    )
    turn = TurnBuilder(state).add((1, 0), RED[1])
    assert RED[1] not in turn.options().get((2, 0), frozenset())
    assert not turn.can_add((2, 0), RED[1])
    assert turn.can_add((2, 0), RED[2])


def test_options_and_free_tiles_on_an_empty_table() -> None:
    state = play(7, 0)[0]
    turn = TurnBuilder(state)
    assert turn.options() == {(0, 0): turn.free_tiles}
    assert turn.free_tiles
    tile = sorted(turn.free_tiles)[0]
    turn = turn.add((40, -3), tile)
    assert turn.free_tiles == frozenset()
    assert all(cell[0] == 40 or cell[1] == -3 for cell in turn.options())


def test_an_opening_may_be_built_anywhere_and_must_be_a_largest_group() -> None:
    state = position(["Ann", "Bob"], {}, [RED[:3] + BLUE[3:6], RED[3:6] + BLUE[:3]])
    turn = TurnBuilder(state).add((10, 10), RED[0]).add((11, 10), RED[1])
    assert not turn.is_complete
    turn = turn.add((9, 10), RED[2])
    assert turn.is_complete
    assert turn.score().total == 3
    with pytest.raises(IllegalMoveError) as caught:
        TurnBuilder(state).add((0, 0), RED[0]).add((5, 5), RED[1])
    assert caught.value.rule is Rule.PLACE_1


def test_small_position_options() -> None:
    turn = TurnBuilder(small_state())
    near = turn.options(touching_only=True)
    assert sorted(near) == [(-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0)]
    assert near[2, 0] == frozenset(RED[2:])
    assert turn.cells_for(BLUE[0]) >= {(0, -1), (0, 1)}
    assert turn.can_add((2, 0), RED[2])
    assert not turn.can_add((2, 0), BLUE[1])


@pytest.mark.parametrize(
    ("cell", "tile", "rule"),
    [
        ((2, 0), RED[0], Rule.TURN_1),
        ((0, 0), RED[2], Rule.PLACE_5),
        ((5, 5), RED[2], Rule.PLACE_4),
        ((2, 0), BLUE[1], Rule.LINE_2),
    ],
)
def test_refused_tiles_name_the_rule(cell: tuple[int, int], tile: Tile, rule: Rule) -> None:
    with pytest.raises(IllegalMoveError) as caught:
        TurnBuilder(small_state()).add(cell, tile)
    assert caught.value.rule is rule


def test_a_second_tile_off_the_line_breaks_PLACE_1() -> None:
    turn = TurnBuilder(small_state()).add((2, 0), RED[2])
    with pytest.raises(IllegalMoveError) as caught:
        turn.add((0, 1), BLUE[0])
    assert caught.value.rule is Rule.PLACE_1


def test_remove_clear_and_values() -> None:
    turn = TurnBuilder(small_state()).add((2, 0), RED[2]).add((3, 0), RED[3])
    assert turn.score().total == 4
    assert turn.explain() == ["row 0 from 0,0 to 3,0: 4 tiles, 4 points"]
    fewer = turn.remove((2, 0))
    assert fewer.placed == (((3, 0), RED[3]),)
    assert not fewer.is_complete
    assert fewer.move is None
    assert turn.clear() == TurnBuilder(small_state())
    assert TurnBuilder(small_state(), turn.placed) == turn
    assert hash(TurnBuilder(small_state(), turn.placed)) == hash(turn)
    with pytest.raises(InvalidMoveError):
        turn.remove((9, 9))
    with pytest.raises(AttributeError):
        turn.placed = ()
    with pytest.raises(IllegalMoveError):
        TurnBuilder(small_state()).score()
    with pytest.raises(InvalidMoveError):
        TurnBuilder(small_state()).add((0.5, 0), RED[2])  # type: ignore[arg-type]
    with pytest.raises(InvalidMoveError):
        TurnBuilder(small_state()).add((2, 0), "Rd")  # type: ignore[arg-type]
    assert "TurnBuilder" in repr(turn)


def test_a_finished_game_offers_nothing() -> None:
    final = play(3, 10_000)[-1]
    turn = TurnBuilder(final)
    assert turn.options() == {}
    assert turn.free_tiles == frozenset()
    with pytest.raises(IllegalMoveError):
        turn.add((100, 100), final.hand[0] if final.hand else RED[0])


@pytest.mark.rule("START-4")
@pytest.mark.parametrize("seed", range(12))
def test_on_the_opening_options_cells_for_and_can_add_agree(seed: int) -> None:
    """The opening offers its origin for the first tile, then the cells that extend the opening, as can_add says."""
    state = new_game(["Ann", "Bob", "Cy"][: 2 + seed % 2], seed=seed)
    origin = (0, 0) if seed % 3 == 0 else (seed - 6, 2 * seed - 11)
    turn = TurnBuilder(state, origin=origin)
    assert turn.options() == {origin: turn.free_tiles}
    for tile in state.hand:
        assert turn.cells_for(tile) == ({origin} if tile in turn.free_tiles else set())
        assert turn.can_add(origin, tile) == (tile in turn.free_tiles)
    # Any cell may take the first tile; from the second on, can_add takes exactly what options offers.
    turn = turn.add(origin, sorted(turn.free_tiles)[0])
    x0, y0 = origin
    near = [(x0 + dx, y0 + dy) for dx in range(-6, 7) for dy in range(-6, 7)]
    while offered := turn.options():
        for cell in near:
            for tile in set(turn.remaining):
                assert turn.can_add(cell, tile) == (tile in offered.get(cell, frozenset())), (cell, tile)
        cell, tiles = sorted(offered.items())[0]
        turn = turn.add(cell, sorted(tiles)[0])
    move = turn.finish()
    assert apply(state, move).scores != state.scores


def test_finish_gives_the_move_or_the_rule_it_breaks() -> None:
    state = position(["Ann", "Bob"], {}, [RED[:3] + BLUE[3:6], RED[3:6] + BLUE[:3]])
    with pytest.raises(IllegalMoveError) as caught:
        TurnBuilder(state).finish()
    assert caught.value.rule is Rule.TURN_1
    partial = TurnBuilder(state).add((10, 10), RED[0]).add((11, 10), RED[1])
    with pytest.raises(IllegalMoveError) as caught:
        partial.finish()
    assert caught.value.rule is Rule.START_4
    whole = partial.add((9, 10), RED[2])
    assert whole.finish() == whole.move == Place({(9, 10): RED[2], (10, 10): RED[0], (11, 10): RED[1]})


def test_a_builder_with_an_origin_pickles_and_compares_with_it() -> None:
    state = new_game(["Ann", "Bob"], seed=4)
    turn = TurnBuilder(state, origin=(5, 5))
    assert pickle.loads(pickle.dumps(turn)) == turn
    assert pickle.loads(pickle.dumps(turn)).origin == (5, 5)
    assert turn != TurnBuilder(state)
    with pytest.raises(InvalidStateError):
        TurnBuilder(state, origin=(2**40, 0))
