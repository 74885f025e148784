"""The Gymnasium environment's options: observation forms, rewards, opponents, infos and the terminal mask."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from tests.optional import needs_native, require

np = require("numpy")
gymnasium = require("gymnasium")

from gymnasium.utils.env_checker import check_env, data_equivalence  # noqa: E402

from qwirkle.adapters.actions import InvalidActionError  # noqa: E402
from qwirkle.adapters.gymnasium import ENV_ID, QwirkleSoloEnv  # noqa: E402
from qwirkle.adapters.observation import ObservationLayout  # noqa: E402
from qwirkle.adapters.returns import payoffs  # noqa: E402
from qwirkle.adapters.vector import NativeSoloVectorEnv, make_solo_vector_env  # noqa: E402
from qwirkle.bots import GreedyBot, RandomBot  # noqa: E402
from qwirkle.errors import InvalidOptionsError  # noqa: E402

PASS = 7783
END = 7776


def placing(legal: Any) -> Any:
    """The placement actions of ``legal``, if it has any."""
    placements = legal[legal <= END]
    return placements if placements.size else legal


def play(environment: QwirkleSoloEnv, seed: int) -> tuple[list[float], dict[str, Any]]:
    """One episode of masked random play: the rewards, and the last info."""
    rng = np.random.default_rng(seed)
    _, info = environment.reset(seed=seed)
    rewards = []
    done = False
    while not done:
        mask = environment.action_masks()
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        action = int(rng.choice(np.flatnonzero(mask)))
        _, reward, terminated, truncated, info = environment.step(action)
        rewards.append(float(reward))
        done = terminated or truncated
    return rewards, info


@pytest.mark.parametrize("observation", ["masked", "vector", "structured"])
@pytest.mark.parametrize("reward", ["win", "margin", "points"])
def test_every_form_and_reward_passes_check_env(observation: str, reward: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(gymnasium.make(ENV_ID, observation=observation, reward=reward).unwrapped)
    assert [str(warning.message) for warning in caught] == []


def test_the_forms_hold_the_same_numbers() -> None:
    made = {form: QwirkleSoloEnv(["random"], observation=form) for form in ("masked", "vector", "structured")}
    first = {form: env.reset(seed=5)[0] for form, env in made.items()}
    vector = first["vector"]
    assert np.array_equal(first["masked"]["observation"], vector)
    parts = ObservationLayout().split(vector)
    assert first["structured"].keys() == parts.keys()
    for name, part in parts.items():
        assert np.array_equal(first["structured"][name], part)
    assert first["structured"]["planes"].shape == (15, 36, 36)
    assert first["structured"] in made["structured"].observation_space
    assert isinstance(made["vector"].observation_space, gymnasium.spaces.Box)


def test_infos_hold_scores_margin_and_outcome() -> None:
    environment = QwirkleSoloEnv(["greedy", "random"], seat=1)
    rewards, info = play(environment, 3)
    final = environment.game
    assert final.outcome is not None
    assert info["scores"].tolist() == list(final.scores)
    assert info["margin"] == final.scores[1] - max(final.scores[0], final.scores[2])
    payoff = payoffs(final.outcome.winners, 3)[1]
    assert rewards[-1] == payoff
    expected = "win" if final.outcome.winners == (1,) else "loss" if 1 not in final.outcome.winners else "tie"
    assert info["outcome"] == expected


@pytest.mark.parametrize("seat", [0, 1])
def test_margin_pays_at_the_end_and_points_add_up_to_it(seat: int) -> None:
    margin_rewards, margin_info = play(QwirkleSoloEnv(["greedy"], seat=seat, reward="margin"), 8)
    assert margin_rewards[:-1] == [0.0] * (len(margin_rewards) - 1)
    assert margin_rewards[-1] == margin_info["margin"] != 0
    points_rewards, points_info = play(QwirkleSoloEnv(["greedy"], seat=seat, reward="points"), 8)
    # The same seed and the same random choices play the same game whatever the reward.
    assert points_info["scores"].tolist() == margin_info["scores"].tolist()
    assert sum(points_rewards) == points_info["margin"]
    assert len({reward for reward in points_rewards if reward}) > 2


def test_a_truncated_game_pays_the_margin_it_stopped_at() -> None:
    environment = QwirkleSoloEnv(["greedy"], reward="margin", max_turns=6)
    rewards, info = play(environment, 1)
    assert environment.game.outcome is None
    assert rewards[-1] == info["margin"]
    assert "outcome" not in info


def test_the_terminal_mask_offers_the_pass_alone_and_samplers_run_through_autoreset() -> None:
    environment = QwirkleSoloEnv(["greedy"])
    _, info = play(environment, 2)
    assert np.flatnonzero(info["action_mask"]).tolist() == [PASS]
    assert np.flatnonzero(environment.action_masks()).tolist() == [PASS]
    with pytest.raises(RuntimeError, match="reset"):
        environment.step(PASS)
    envs = make_solo_vector_env(2, ["random"], engine="python", max_turns=8)
    rng = np.random.default_rng(0)
    _, infos = envs.reset(seed=0)
    ended = 0
    for _ in range(80):
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in infos["action_mask"]])
        _, _, terminations, truncations, infos = envs.step(actions)
        ended += int((terminations | truncations).sum())
    assert ended >= 4


def test_opponents_may_be_bot_objects_and_policies() -> None:
    def first_legal(observation: Any, mask: Any) -> int:
        assert observation.shape == (ObservationLayout().size,)
        return int(np.flatnonzero(mask)[0])

    environment = QwirkleSoloEnv([GreedyBot(seed=1), first_legal, "random"], observation="vector")
    _, info = play(environment, 4)
    assert environment.game.outcome is not None
    assert len(environment.game.history) > 10
    # A policy playing every seat but the agent's is self-play; the agent plays the same policy here.
    twin = QwirkleSoloEnv([first_legal], observation="vector")
    observation, info = twin.reset(seed=6)
    done = False
    while not done:
        observation, _, terminated, truncated, info = twin.step(first_legal(observation, info["action_mask"]))
        done = terminated or truncated
    assert twin.game.outcome is not None


def test_a_step_before_reset_says_so() -> None:
    with pytest.raises(RuntimeError, match=r"call reset\(\) before step\(\)"):
        QwirkleSoloEnv().step(0)


def test_bad_opponents_and_options_are_refused() -> None:
    with pytest.raises(TypeError, match="opponent"):
        QwirkleSoloEnv([3])  # type: ignore[list-item]
    with pytest.raises(TypeError, match="opponents"):
        QwirkleSoloEnv("greedy")
    with pytest.raises(InvalidOptionsError, match="reward"):
        QwirkleSoloEnv(reward="score")
    with pytest.raises(InvalidOptionsError, match="observation"):
        QwirkleSoloEnv(observation="image")

    def illegal(observation: Any, mask: Any) -> int:
        return int(np.flatnonzero(mask == 0)[0])

    environment = QwirkleSoloEnv([illegal], seat=1)
    with pytest.raises(InvalidActionError, match="seat 0"):
        environment.reset(seed=1)


def test_the_vector_entry_point_takes_policies_and_bots_on_python() -> None:
    envs = gymnasium.make_vec(ENV_ID, num_envs=2, opponents=[RandomBot(seed=3)])
    assert isinstance(envs, gymnasium.vector.SyncVectorEnv)
    _, infos = envs.reset(seed=1)
    assert infos["action_mask"].shape == (2, 7784)
    with pytest.raises(InvalidOptionsError, match="native engine plays"):
        make_solo_vector_env(2, [RandomBot(seed=3)], engine="native")


@needs_native
@pytest.mark.parametrize(
    ("observation", "reward"), [("structured", "points"), ("vector", "margin"), ("masked", "points")]
)
def test_native_batches_give_the_sync_vector_env_forms_rewards_and_infos(observation: str, reward: str) -> None:
    options: dict[str, Any] = {"observation": observation, "reward": reward, "max_turns": 60}
    native = NativeSoloVectorEnv(3, ["greedy"], **options)
    sync = gymnasium.vector.SyncVectorEnv([lambda: QwirkleSoloEnv(["greedy"], **options) for _ in range(3)])
    assert native.observation_space == sync.observation_space
    expected = sync.reset(seed=2)
    assert data_equivalence(native.reset(seed=2), expected, exact=True)
    rng = np.random.default_rng(2)
    infos = expected[1]
    outcomes = illegal = 0
    for _ in range(400):
        # Placements favoured, so that games end before the turn limit as well as at it; now and then an illegal action.
        actions = np.array([rng.choice(placing(np.flatnonzero(mask))) for mask in infos["action_mask"]])
        if rng.random() < 0.03:
            actions[0] = int(np.flatnonzero(infos["action_mask"][0] == 0)[0])
        expected = sync.step(actions)
        assert data_equivalence(native.step(actions), expected, exact=True)
        infos = expected[4]
        outcomes += int(infos.get("_outcome", np.zeros(3, dtype=bool)).sum())
        illegal += int(infos.get("illegal_action", np.zeros(3, dtype=bool)).sum())
    assert outcomes >= 1
    assert illegal >= 1
