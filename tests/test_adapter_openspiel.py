"""The OpenSpiel game passes OpenSpiel's random simulation test with serialisation, and ISMCTS plays it."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from tests.optional import require

np = require("numpy")
pyspiel = require("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import qwirkle  # noqa: E402
import qwirkle.adapters.openspiel  # noqa: E402  (registers the game)
from qwirkle.adapters.actions import ActionTurn  # noqa: E402


def dealt(game: Any, seed: int) -> Any:
    """A state of ``game`` after the deal, chance outcomes drawn with their probabilities."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, weights)[0])
    return state


@pytest.mark.parametrize("players", [2, 3])
def test_openspiel_random_sim_test_passes_with_serialisation(players: int) -> None:
    game = pyspiel.load_game("python_qwirkle", {"players": players})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_chance_nodes_weigh_each_tile_by_its_copies() -> None:
    game = pyspiel.load_game("python_qwirkle")
    state = game.new_initial_state()
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 36
    assert all(abs(p - 1 / 36) < 1e-12 for p in outcomes.values())
    state = dealt(game, 1)
    bag = state.game_state.bag
    assert len(bag) == 108 - 12
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[-1] if state.turn.placed else state.legal_actions()[0])
    draws = dict(state.chance_outcomes())
    assert abs(sum(draws.values()) - 1) < 1e-12
    assert all(abs(p - sum(t.index == tile for t in bag) / len(bag)) < 1e-12 for tile, p in draws.items())


def test_a_clone_is_cheap_and_independent() -> None:
    game = pyspiel.load_game("python_qwirkle")
    state = dealt(game, 2)
    clone = state.clone()
    assert copy.deepcopy(state.game_state) is state.game_state
    clone.apply_action(clone.legal_actions()[0])
    assert clone.history() != state.history()
    assert state.turn.placed == ()


def test_resampling_keeps_what_the_player_knows() -> None:
    game = pyspiel.load_game("python_qwirkle", {"players": 3})
    state = dealt(game, 3)
    for _ in range(12):
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        state.apply_action(state.legal_actions()[len(state.legal_actions()) // 2])
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        guess = state.resample_from_infostate(player, sampler)
        assert guess.information_state_string(player) == state.information_state_string(player)
        assert guess.observation_tensor(player) == state.observation_tensor(player)
        assert guess.legal_actions() == state.legal_actions()
        assert isinstance(guess.turn, ActionTurn)
    other = (player + 1) % 3
    with pytest.raises(ValueError, match="resamples only"):
        state.resample_from_infostate(other, sampler)


def test_ismcts_plays_a_whole_game() -> None:
    game = pyspiel.load_game("python_qwirkle")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2, random_state=np.random.RandomState(2))
    rng = random.Random(4)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert searched > 10
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_built_in_bot_plays_through_its_actions() -> None:
    from qwirkle.bots import GreedyBot

    game = pyspiel.load_game("python_qwirkle")
    state = dealt(game, 5)
    bot = GreedyBot(seed=1)
    expected = bot.choose(qwirkle.view(state.game_state, state.game_state.current))
    before = state.game_state.turn_number
    for action in qwirkle.adapters.openspiel.bot_actions(state, GreedyBot(seed=1)):
        state.apply_action(action)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.game_state.turn_number == before + 1
    assert state.game_state.history[-1].move == expected
    with pytest.raises(qwirkle.InvalidStateError):
        qwirkle.adapters.openspiel.bot_actions(game.new_initial_state(), bot)
