"""The PettingZoo environment as PettingZoo's classic games come: wrapped, with a raw env, a state and rendering."""

from __future__ import annotations

import warnings

import pytest

from tests.optional import require

np = require("numpy")
require("pettingzoo")

from pettingzoo.test import api_test, parallel_api_test, render_test  # noqa: E402
from pettingzoo.utils import turn_based_aec_to_parallel, wrappers  # noqa: E402

from qwirkle.adapters import pettingzoo as module  # noqa: E402
from qwirkle.adapters.pettingzoo import QwirkleEnv, env, raw_env  # noqa: E402
from qwirkle.adapters.returns import payoffs  # noqa: E402


def test_env_comes_in_the_standard_wrappers_and_raw_env_bare() -> None:
    wrapped = env(players=2)
    assert isinstance(wrapped, wrappers.OrderEnforcingWrapper)
    assert isinstance(wrapped.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(wrapped.env.env, wrappers.TerminateIllegalWrapper)
    assert type(wrapped.unwrapped) is QwirkleEnv
    assert type(raw_env(players=3)) is QwirkleEnv
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(players=2), num_cycles=300)


def test_an_illegal_action_in_the_wrapped_env_ends_the_game_against_its_agent() -> None:
    wrapped = env(players=2)
    wrapped.reset(seed=4)
    mover = wrapped.agent_selection
    observation, *_ = wrapped.last()
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        wrapped.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    totals = dict.fromkeys(wrapped.possible_agents, 0.0)
    for agent in wrapped.agent_iter():
        _, reward, termination, truncation, _ = wrapped.last()
        assert termination or truncation
        totals[agent] += reward
        wrapped.step(None)
    assert totals[mover] == -1.0
    assert sum(totals.values()) == -1.0


def test_a_step_before_reset_says_so() -> None:
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        raw_env(players=2).step(0)
    with pytest.raises(AssertionError, match="reset"):
        env(players=2).step(0)


def test_render_test_passes_and_human_mode_prints(capsys: pytest.CaptureFixture[str]) -> None:
    render_test(env)
    shown = env(render_mode="human")
    shown.reset(seed=1)
    capsys.readouterr()
    assert shown.render() is None
    assert "bag: 96 tiles" in capsys.readouterr().out


def test_the_state_holds_every_hand_and_lies_in_its_space() -> None:
    environment = QwirkleEnv(players=3)
    environment.reset(seed=2)
    state = environment.state()
    assert state in environment.state_space
    game = environment.game
    observed = environment.observed
    assert np.array_equal(state[: observed.size], environment.observe(environment.agent_selection)["observation"])
    others = state[observed.size :].reshape(observed.seats - 1, observed.hand_size, 36)
    for place in (1, 2):
        seat = (game.current + place) % 3
        assert [int(row.argmax()) for row in others[place - 1]] == [tile.index for tile in game.hands[seat]]
    assert not others[2].any()


def test_a_turn_based_parallel_env_comes_from_pettingzoo_not_from_here() -> None:
    # PettingZoo's classic games offer no parallel_env; its turn-based conversion makes one that passes its test.
    assert not hasattr(module, "parallel_env")
    parallel = turn_based_aec_to_parallel(QwirkleEnv(players=2))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(parallel, num_cycles=200)
    observations, _ = parallel.reset(seed=3)
    rng = np.random.default_rng(3)
    rewards = dict.fromkeys(parallel.possible_agents, 0.0)
    while parallel.agents:
        actions = {
            agent: int(rng.choice(np.flatnonzero(observation["action_mask"])))
            for agent, observation in observations.items()
            if observation["action_mask"].any()
        }
        observations, paid, _, _, _ = parallel.step(actions)
        for agent, reward in paid.items():
            rewards[agent] += reward
    outcome = parallel.unwrapped.game.outcome
    assert outcome is not None
    assert tuple(rewards.values()) == payoffs(outcome.winners, 2)
