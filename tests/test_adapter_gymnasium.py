"""The Gymnasium environment passes Gymnasium's environment checker and plays against the built-in bots."""

from __future__ import annotations

import warnings

import pytest

from tests.optional import require

np = require("numpy")
gymnasium = require("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from qwirkle import InvalidOptionsError, InvalidStateError  # noqa: E402
from qwirkle.adapters.actions import InvalidActionError  # noqa: E402
from qwirkle.adapters.gymnasium import ENV_ID, QwirkleSoloEnv  # noqa: E402


def test_gymnasium_check_env_passes_without_a_warning() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(gymnasium.make(ENV_ID, opponents=["greedy"], render_mode="ansi").unwrapped)
    assert [str(warning.message) for warning in caught] == []


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_an_episode_against_the_bots_ends_with_the_seat_payoff(seat: int) -> None:
    environment = QwirkleSoloEnv(opponents=["greedy", "random"], seat=seat)
    rng = np.random.default_rng(seat)
    observation, info = environment.reset(seed=seat)
    total = 0.0
    done = False
    while not done:
        assert environment.game.current == seat
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = environment.step(action)
        total += float(reward)
        done = terminated or truncated
    outcome = environment.game.outcome
    assert outcome is not None
    assert (total > 0) == (seat in outcome.winners)


def test_an_illegal_action_loses_the_episode_or_raises() -> None:
    environment = QwirkleSoloEnv()
    observation, _ = environment.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = environment.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    strict = QwirkleSoloEnv(illegal_action="raise")
    strict.reset(seed=2)
    with pytest.raises(InvalidActionError):
        strict.step(illegal)
    with pytest.raises(InvalidStateError, match="SETUP-1"):
        QwirkleSoloEnv(opponents=["greedy"] * 4)
    with pytest.raises(InvalidOptionsError):
        QwirkleSoloEnv(seat=3)
    with pytest.raises(InvalidOptionsError):
        QwirkleSoloEnv(illegal_action="ignore")
