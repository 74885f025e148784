"""Copies of immutable values are the values themselves; pickles stay small and load back equal."""

from __future__ import annotations

import copy
import importlib
import inspect
import pickle
import pkgutil
import random
from collections.abc import Callable

import attrs
import pytest

import qwirkle
from qwirkle import (
    Exchange,
    GameState,
    Pass,
    TurnBuilder,
    apply,
    cards,
    legal_moves,
    new_game,
    view,
)
from qwirkle._immutable import Immutable
from qwirkle.formats.records import GameRecord
from qwirkle.interface.scorekeeper import Scorekeeper
from qwirkle.testing import play


def played(turns: int, seed: int = 3) -> GameState:
    """A two-player game ``turns`` turns in (fewer if it ends first)."""
    return play(new_game(["Ann", "Bob"], seed=seed), random.Random(seed), max_turns=turns)[-1]


def values_of(state: GameState) -> list[object]:
    """One of each kind of value a game of the tile game is made of."""
    turn = state.history[-1]
    seen = view(state, 0)
    out: list[object] = [state, state.board, state.hand[0], state.rules, turn, turn.score, seen, seen.history[-1]]
    out += [next(iter(legal_moves(state).placements())), Exchange(state.hand[:2]), Pass()]
    out += [turn.score.lines[0]] if turn.score.lines else []
    out += [GameRecord.from_game(state), Scorekeeper.start(state.players, rules=state.rules)]
    return out


def card_values() -> list[object]:
    """One of each kind of value of the card game."""
    state = cards.new_game(["Ann", "Bob"], seed=7)
    move = cards.most_cards(state)
    assert move is not None
    after = cards.apply(state, move)
    turn = after.history[-1]
    return [state, after, move, cards.Pass(), turn, turn.score, state.rules, after.view(0)]


@pytest.mark.parametrize("make", [lambda: values_of(played(20)), card_values], ids=["tiles", "cards"])
def test_copies_of_every_value_are_the_value_itself(make: Callable[[], list[object]]) -> None:
    for value in make():
        assert copy.copy(value) is value, type(value)
        assert copy.deepcopy(value) is value, type(value)
        assert copy.deepcopy({"in": [value]})["in"][0] is value


def test_every_value_class_of_the_library_copies_as_itself() -> None:
    """Every attrs value class in every module is immutable, so each must say so (and none is missed)."""
    found = []
    for info in pkgutil.walk_packages(qwirkle.__path__, "qwirkle."):
        if ".adapters" in info.name:
            continue
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and attrs.has(cls):
                found.append(cls)
                assert issubclass(cls, Immutable), cls
    assert len(found) >= 30


def test_a_deep_copied_state_keeps_its_board_frontier_and_plays_on_the_same() -> None:
    state = played(30)
    legal_moves(state).best()
    assert state.board._knows_frontier()
    clone = copy.deepcopy({"state": state})["state"]
    assert clone.board._knows_frontier()
    move = next(iter(legal_moves(clone)))
    assert apply(clone, move) == apply(state, move)


def test_pickles_stay_small_whatever_the_caches_hold() -> None:
    state = played(30)
    cold = len(pickle.dumps(state))
    legal_moves(state).best()
    assert len(pickle.dumps(state)) == cold
    # The state is its fields: under 100 bytes a tile on the table, in the hands and the bag, with the history.
    assert cold < 100 * 108
    loaded = pickle.loads(pickle.dumps(state))
    assert loaded == state
    assert loaded.board is not state.board
    assert not loaded.board._knows_frontier()
    assert set(legal_moves(loaded)) == set(legal_moves(state))


def test_a_turn_builder_pickles_and_copies() -> None:
    state = played(12)
    move = next(iter(legal_moves(state).placements()))
    turn = TurnBuilder(state).add(*move.placements[0])
    assert copy.copy(turn) is turn
    assert copy.deepcopy(turn) is turn
    loaded = pickle.loads(pickle.dumps(turn))
    assert loaded == turn
    assert loaded.placed == turn.placed
    assert loaded.options() == turn.options()
    finished = loaded
    for cell, tile in move.placements[1:]:
        finished = finished.add(cell, tile)
    assert finished.move == move
    # The candidate placements are left out of the pickle: it is the state's, and a few pairs.
    assert len(pickle.dumps(turn)) < len(pickle.dumps(state)) + 200


def test_a_turn_builder_on_an_empty_table_pickles_with_its_opening() -> None:
    state = new_game(["Ann", "Bob"], seed=5)
    opening = next(iter(legal_moves(state).placements()))
    cell, tile = opening.placements[0]
    moved = (cell[0] + 7, cell[1] - 3)
    turn = TurnBuilder(state).add(moved, tile)
    loaded = pickle.loads(pickle.dumps(turn))
    assert loaded == turn
    assert loaded.options() == turn.options()
