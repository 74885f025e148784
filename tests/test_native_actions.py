"""Turns built action by action on the native engine, against the adapters' :class:`ActionTurn`.

Seeded games are played by both at once: at every step of a turn the legal
actions must be equal (as lists, in order) and so must the window's origin;
one of them is drawn and taken by both, and when it ends the turn, the move
:meth:`ActionTurn.after` gives is applied to the specification's state, which
must then equal the native game's.
"""

from __future__ import annotations

import random

import attrs
import pytest

from qwirkle import GameState, Pass, RuleSet, apply, legal_moves, new_game
from qwirkle.adapters.actions import ActionLayout, ActionTurn
from qwirkle.errors import InvalidActionError
from qwirkle.native import NativeGame
from qwirkle.rules.ruleset import variants
from tests.optional import needs_native

pytestmark = needs_native

LAYOUT = ActionLayout()


def build_both(state: GameState, rng: random.Random, limit: int = 300) -> tuple[int, int]:
    """Play ``state`` on, each turn built by random legal actions in both; the turns and the actions compared."""
    layout = ActionLayout(hand_size=state.rules.hand_size)
    game = NativeGame.from_state(state)
    turns = actions = 0
    while state.outcome is None and turns < limit:
        turn = ActionTurn.start(state)
        while True:
            legal = turn.legal_actions()
            assert game.legal_actions(layout) == legal
            assert game.action_origin(layout) == turn.origin
            # Ending a turn as soon as it may, half the time, keeps the moves short and varied; exchanges are
            # begun a fifth of the time they may be, so that turns building them are compared too.
            ending = [a for a in legal if a == layout.end]
            exchanging = [a for a in legal if layout.exchange <= a < layout.pass_]
            if ending and rng.random() < 0.5:
                action = ending[0]
            elif exchanging and not turn.marked and rng.random() < 0.2:
                action = rng.choice(exchanging)
            else:
                action = rng.choice(legal)
            after = turn.after(action)
            actions += 1
            ended = game.apply_action(action, layout)
            assert ended == (not isinstance(after, ActionTurn))
            if isinstance(after, ActionTurn):
                turn = after
                continue
            state = apply(state, after)
            break
        turns += 1
        assert game.to_state() == state
    assert game.legal_actions(layout) == ActionTurn.start(state).legal_actions()
    return turns, actions


@pytest.mark.parametrize("seed", range(12))
def test_turns_built_by_actions_agree(seed: int) -> None:
    turns, actions = build_both(new_game(["Ann", "Bob", "Cy"][: 2 + seed % 2], seed=seed), random.Random(seed))
    assert turns > 10
    assert actions > turns


@pytest.mark.parametrize("rules", variants(RuleSet), ids=repr)
def test_turns_built_by_actions_agree_under_every_option(rules: RuleSet) -> None:
    players = ["Ann", "Bob", "Cy", "Di"][: rules.min_players]
    turns, _ = build_both(new_game(players, seed=5, rules=rules), random.Random(5), limit=40)
    assert turns > 0


def test_an_illegal_action_changes_nothing() -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    game = NativeGame.from_state(state)
    legal = game.legal_actions(LAYOUT)
    for action in (-1, LAYOUT.size, LAYOUT.end, max(set(range(LAYOUT.end)) - set(legal))):
        with pytest.raises(InvalidActionError, match=f"action {action} is not legal now"):
            game.apply_action(action, LAYOUT)
    assert game.legal_actions(LAYOUT) == legal
    assert game.to_state() == state


def test_wrong_types_and_layouts_are_refused() -> None:
    game = NativeGame.from_state(new_game(["Ann", "Bob"], seed=7))
    with pytest.raises(TypeError, match="an action is an int"):
        game.apply_action("3258", LAYOUT)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a layout is an ActionLayout"):
        game.legal_actions((6, 36, 7776, 7783, 7784))  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError, match="another hand size"):
        game.legal_actions(ActionLayout(hand_size=5))
    first = game.legal_actions(LAYOUT)[0]
    assert game.apply_action(first, LAYOUT) is False
    with pytest.raises(InvalidActionError, match="another layout"):
        game.legal_actions(ActionLayout(window=20))


def test_a_turn_with_a_tile_in_the_exchange_keeps_its_layout() -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    best = legal_moves(state).best()
    assert best is not None
    state = apply(state, best[0])
    game = NativeGame.from_state(state)
    assert game.apply_action(LAYOUT.exchange, LAYOUT) is False
    turn = ActionTurn.start(state).after(LAYOUT.exchange)
    assert isinstance(turn, ActionTurn)
    assert game.legal_actions(LAYOUT) == turn.legal_actions()
    with pytest.raises(InvalidActionError, match="another layout"):
        game.legal_actions(ActionLayout(window=20))
    exchange = turn.after(LAYOUT.end)
    assert not isinstance(exchange, ActionTurn)
    assert game.apply_action(LAYOUT.end, LAYOUT) is True
    assert game.to_state() == apply(state, exchange)


def test_other_moves_and_clones_handle_the_turn_being_built() -> None:
    state = new_game(["Ann", "Bob"], seed=7)
    game = NativeGame.from_state(state)
    assert game.apply_action(game.legal_actions(LAYOUT)[0], LAYOUT) is False
    twin = game.clone()
    # The clone carries the tile put down; the original then plays another move, which drops it.
    start = ActionTurn.start(state)
    after = start.after(start.legal_actions()[0])
    assert isinstance(after, ActionTurn)
    assert twin.legal_actions(LAYOUT) == after.legal_actions()
    best = game.best()
    assert best is not None
    game.apply(best[0])
    assert game.to_state() == apply(state, best[0])
    assert game.legal_actions(LAYOUT) == ActionTurn.start(game.to_state()).legal_actions()
    while not twin.apply_action(twin.legal_actions(LAYOUT)[0], LAYOUT):
        pass
    assert twin.current != state.current


def test_a_finished_game_has_no_legal_action() -> None:
    rules = attrs.evolve(RuleSet(), allow_voluntary_pass=True, stalemate_rounds=1)
    state = new_game(["Ann", "Bob"], seed=3, rules=rules)
    game = NativeGame.from_state(state)
    game.apply_greedy()
    while not game.is_over():
        game.apply(Pass())
    assert game.legal_actions(LAYOUT) == []
    with pytest.raises(InvalidActionError):
        game.apply_action(LAYOUT.pass_, LAYOUT)
