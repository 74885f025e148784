"""The PettingZoo environment passes PettingZoo's own API and seeding tests, and plays games to the end."""

from __future__ import annotations

import warnings

import pytest

from tests.optional import require

np = require("numpy")
require("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from qwirkle import InvalidOptionsError, InvalidStateError  # noqa: E402
from qwirkle.adapters.actions import InvalidActionError  # noqa: E402
from qwirkle.adapters.pettingzoo import QwirkleEnv, env  # noqa: E402

EXPECTED = {
    # The observation is a dict of the observation vector and the action mask, as PettingZoo's classic games have.
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
}


def checked(test: object, *args: object, **kwargs: object) -> None:
    """Run one of PettingZoo's tests and fail on any warning but the expected ones."""
    assert callable(test)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        test(*args, **kwargs)
    assert {str(warning.message) for warning in caught} <= EXPECTED


@pytest.mark.parametrize("players", [2, 4])
def test_pettingzoo_api_test_passes(players: int) -> None:
    checked(api_test, QwirkleEnv(players=players), num_cycles=400)


def test_pettingzoo_seed_test_passes() -> None:
    checked(seed_test, lambda: env(players=3), num_cycles=200)


def play_out(environment: QwirkleEnv, seed: int) -> dict[str, float]:
    """A game of masked random actions; each agent's total reward."""
    rng = np.random.default_rng(seed)
    environment.reset(seed=seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        totals[agent] += float(reward)
        if termination or truncation:
            environment.step(None)
            continue
        for other in environment.agents:
            if other != agent:
                assert not environment.observe(other)["action_mask"].any()
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


def test_games_end_with_payoffs_that_add_up_to_nothing() -> None:
    for seed in range(3):
        environment = QwirkleEnv(players=3)
        totals = play_out(environment, seed)
        assert environment.game.outcome is not None
        assert abs(sum(totals.values())) < 1e-9
        winners = {f"player_{seat}" for seat in environment.game.outcome.winners}
        assert all((totals[agent] > 0) == (agent in winners) for agent in totals)


def test_a_game_cut_at_the_turn_limit_is_truncated_without_reward() -> None:
    environment = QwirkleEnv(players=2, max_turns=3)
    totals = play_out(environment, 1)
    assert environment.game.turn_number == 3
    assert totals == {"player_0": 0.0, "player_1": 0.0}


def test_illegal_actions_and_bad_options_are_refused() -> None:
    environment = QwirkleEnv(players=2)
    environment.reset(seed=5)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    with pytest.raises(InvalidActionError):
        environment.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(InvalidStateError, match="SETUP-1"):
        QwirkleEnv(players=5)
    with pytest.raises(InvalidOptionsError):
        QwirkleEnv(render_mode="rgb_array")
    rendered = QwirkleEnv(render_mode="ansi")
    rendered.reset(seed=1)
    assert "bag: 96 tiles" in (rendered.render() or "")
