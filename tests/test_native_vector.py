"""The native vector environment against independent ``QwirkleSoloEnv`` games, and Gymnasium's vector-env contract.

Each game of the batch must give, step for step, the observation, mask,
reward, flags and info of a ``QwirkleSoloEnv`` reset with the same seed and
given the same actions, through episode ends, illegal actions, truncation
and the next-step autoreset.

Skipped without Gymnasium (``pip install -e '.[rl]'``), and when the
extension is not installed (``pip install ./native``) unless the run
must have the ``native`` extra, when that fails.
"""

from __future__ import annotations

import random
import sys
from typing import Any, SupportsFloat

import pytest

from tests.optional import needs_native, require

gymnasium = require("gymnasium")
np = require("numpy")

from gymnasium.utils.env_checker import data_equivalence  # noqa: E402
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

from qwirkle import RuleSet  # noqa: E402
from qwirkle.adapters.actions import InvalidActionError  # noqa: E402
from qwirkle.adapters.gymnasium import ENV_ID, QwirkleSoloEnv  # noqa: E402
from qwirkle.adapters.vector import NativeSoloVectorEnv, make_solo_vector_env  # noqa: E402
from qwirkle.errors import InvalidOptionsError  # noqa: E402


def choose(mask: Any, rng: random.Random, illegal: float) -> int:
    """A legal action of ``mask``, placements favoured so that games end; an illegal one with chance ``illegal``."""
    legal = [int(a) for a in np.flatnonzero(mask)]
    roll = rng.random()
    if not legal or roll < illegal:
        return next(a for a in (rng.randrange(mask.size) for _ in range(100)) if not mask[a])
    if roll < 0.2:
        return rng.choice(legal)
    end = 6 * 36 * 36
    placing = [a for a in legal if a <= end]
    return rng.choice(placing or legal)


def play_both(num_envs: int, steps: int, seed: int, *, illegal: float = 0.0, **options: Any) -> tuple[int, int, int]:
    """Step the batch and ``num_envs`` Solo games side by side; the episodes ended, truncated, and illegal steps."""
    batch = NativeSoloVectorEnv(num_envs, **options)
    singles = [QwirkleSoloEnv(**options) for _ in range(num_envs)]
    observations, infos = batch.reset(seed=seed)
    expected = [env.reset(seed=seed + i) for i, env in enumerate(singles)]
    for i, (observation, info) in enumerate(expected):
        assert np.array_equal(observations["observation"][i], observation["observation"])
        assert np.array_equal(observations["action_mask"][i], observation["action_mask"])
        assert np.array_equal(infos["action_mask"][i], info["action_mask"])
    rng = random.Random(seed)
    ended = [False] * num_envs
    episodes = truncated_count = illegal_count = 0
    for step in range(steps):
        actions = np.array([choose(observations["action_mask"][i], rng, illegal) for i in range(num_envs)])
        observations, rewards, terminations, truncations, infos = batch.step(actions)
        for i, env in enumerate(singles):
            if ended[i]:
                observation, info = env.reset()
                reward: SupportsFloat = 0.0
                terminated = truncated = False
            else:
                observation, reward, terminated, truncated, info = env.step(int(actions[i]))
            where = f"game {i}, step {step}"
            assert np.array_equal(observations["observation"][i], observation["observation"]), where
            assert np.array_equal(observations["action_mask"][i], observation["action_mask"]), where
            assert np.array_equal(infos["action_mask"][i], info["action_mask"]), where
            assert (rewards[i], terminations[i], truncations[i]) == (reward, terminated, truncated), where
            went_wrong = bool(info.get("illegal_action", False))
            assert went_wrong == bool("illegal_action" in infos and infos["illegal_action"][i]), where
            ended[i] = terminated or truncated
            episodes += ended[i]
            truncated_count += truncated
            illegal_count += went_wrong
    return episodes, truncated_count, illegal_count


@needs_native
def test_greedy_games_equal_the_solo_env() -> None:
    episodes, _, _ = play_both(3, 400, 11, opponents=["greedy"])
    assert episodes >= 4


@needs_native
def test_three_seats_and_a_later_seat_equal_the_solo_env() -> None:
    episodes, _, _ = play_both(2, 300, 5, opponents=["random", "greedy"], seat=1)
    assert episodes >= 2


@needs_native
def test_illegal_actions_and_truncation_equal_the_solo_env() -> None:
    episodes, truncated, illegal = play_both(
        3, 300, 2, illegal=0.03, opponents=["random"], max_turns=12, illegal_reward=-2.0
    )
    assert truncated >= 3
    assert illegal >= 3
    assert episodes >= truncated + illegal


@needs_native
def test_variant_rules_equal_the_solo_env() -> None:
    rules = RuleSet(hand_size=5, copies_per_tile=2, allow_voluntary_pass=True, stalemate_rounds=2)
    episodes, _, _ = play_both(2, 300, 3, opponents=["greedy", "random", "random"], seat=2, rules=rules)
    assert episodes >= 1


@needs_native
def test_made_the_gymnasium_way_with_next_step_autoreset() -> None:
    envs = gymnasium.make_vec(ENV_ID, num_envs=3, vectorization_mode="vector_entry_point", opponents=["random"])
    assert isinstance(envs, NativeSoloVectorEnv)
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert envs.num_envs == 3
    assert envs.single_action_space == gymnasium.spaces.Discrete(7784)
    observations, _ = envs.reset(seed=1)
    assert observations in envs.observation_space
    rng = random.Random(1)
    finished = 0
    while finished < 3:
        actions = np.array([choose(observations["action_mask"][i], rng, 0.0) for i in range(3)])
        assert actions in envs.action_space
        observations, rewards, terminations, truncations, _ = envs.step(actions)
        assert observations in envs.observation_space
        assert rewards.dtype == np.float64
        assert terminations.dtype == truncations.dtype == np.bool_
        done = terminations | truncations
        if done.any():
            finished += int(done.sum())
            # An episode that is over offers one action, the pass, so that samplers have one to draw.
            assert (np.flatnonzero(observations["action_mask"][done].any(axis=0)) == [7783]).all()
            assert (observations["action_mask"][done].sum(axis=1) == 1).all()
            # The step after the end deals the next game whatever the action, with nothing to report.
            _, rewards, terminations, truncations, _ = envs.step(np.zeros(3, dtype=np.int64))
            assert not (rewards[done].any())
            assert not (terminations[done].any())
            assert not (truncations[done].any())
            observations, _ = envs.reset()
    envs.close()


def test_the_vector_entry_point_plays_on_python_where_native_cannot() -> None:
    # Opponents the native engine does not play, rendering, or engine="python": Solo environments in a SyncVectorEnv.
    for made in (
        gymnasium.make_vec(ENV_ID, num_envs=2, opponents=["strong"]),
        gymnasium.make_vec(ENV_ID, num_envs=2, opponents=["greedy"], render_mode="ansi"),
        make_solo_vector_env(2, ["greedy"], engine="python", copy=False),
    ):
        assert isinstance(made, SyncVectorEnv)
        assert made.num_envs == 2
        assert made.reset(seed=3)[0] in made.observation_space
    with pytest.raises(InvalidOptionsError, match="unknown engine 'fast'"):
        make_solo_vector_env(2, engine="fast")


@needs_native
def test_the_vector_entry_point_is_native_where_it_can_be_and_plays_the_same_games() -> None:
    made = gymnasium.make_vec(ENV_ID, num_envs=2, opponents=["greedy"])
    python = make_solo_vector_env(2, ["greedy"], engine="python")
    assert isinstance(made, NativeSoloVectorEnv)
    observations, infos = made.reset(seed=8)
    assert data_equivalence((observations, infos), python.reset(seed=8), exact=True)
    for _ in range(30):
        actions = observations["action_mask"].argmax(axis=1)
        stepped = made.step(actions)
        assert data_equivalence(stepped, python.step(actions), exact=True)
        observations = stepped[0]
    with pytest.raises(InvalidOptionsError, match="not 'strong'"):
        make_solo_vector_env(2, ["strong"], engine="native")


@needs_native
def test_matches_sync_vector_env_infos_and_all() -> None:
    native = NativeSoloVectorEnv(2, ["greedy"])
    sync = SyncVectorEnv([lambda: QwirkleSoloEnv(["greedy"]) for _ in range(2)])
    assert native.observation_space == sync.observation_space
    assert native.action_space == sync.action_space
    assert data_equivalence(native.reset(seed=4), sync.reset(seed=4), exact=True)
    rng = random.Random(4)
    observations = sync.reset(seed=4)[0]
    native.reset(seed=4)
    for _ in range(150):
        actions = np.array([choose(observations["action_mask"][i], rng, 0.02) for i in range(2)])
        expected = sync.step(actions)
        assert data_equivalence(native.step(actions), expected, exact=True)
        observations = expected[0]


@needs_native
def test_seeding_is_deterministic() -> None:
    first, second = NativeSoloVectorEnv(2), NativeSoloVectorEnv(2)
    assert data_equivalence(first.reset(seed=9), second.reset(seed=9), exact=True)
    actions = first.reset(seed=9)[0]["action_mask"].argmax(axis=1)
    assert data_equivalence(first.step(actions), second.step(actions), exact=True)
    # One seed per game, None keeping a game's own stream; and a partial reset.
    third = NativeSoloVectorEnv(2)
    third.reset(seed=[9, None])
    again = third.reset(seed=[None, 10])[0]["observation"]
    seeded = first.reset(seed=9)[0]["observation"]
    assert np.array_equal(again[1], seeded[1])
    assert not np.array_equal(again[0], seeded[0])
    kept = third.reset(seed=3)[0]["observation"][1]
    observations, _ = third.reset(seed=[5, None], options={"reset_mask": np.array([True, False])})
    assert np.array_equal(observations["observation"][1], kept)


@needs_native
def test_returned_arrays_are_not_reused_unless_asked() -> None:
    envs = NativeSoloVectorEnv(2)
    observations, _ = envs.reset(seed=0)
    again = envs.step(observations["action_mask"].argmax(axis=1))[0]
    assert not np.shares_memory(observations["observation"], again["observation"])
    shared = NativeSoloVectorEnv(2, copy=False)
    observations, _ = shared.reset(seed=0)
    assert not observations["observation"].flags.writeable
    assert shared.step(observations["action_mask"].argmax(axis=1))[0]["observation"] is observations["observation"]


@needs_native
def test_works_under_gymnasium_vector_wrappers() -> None:
    envs = gymnasium.wrappers.vector.RecordEpisodeStatistics(NativeSoloVectorEnv(2, ["random"], max_turns=6))
    observations, _ = envs.reset(seed=2)
    seen = False
    for _ in range(60):
        observations, _, _, _, infos = envs.step(observations["action_mask"].argmax(axis=1))
        seen = seen or "episode" in infos
    assert seen


@needs_native
def test_illegal_actions_can_raise_before_anything_moves() -> None:
    envs = NativeSoloVectorEnv(2, illegal_action="raise")
    observations, _ = envs.reset(seed=6)
    legal = observations["action_mask"].argmax(axis=1)
    with pytest.raises(InvalidActionError, match="game 1"):
        envs.step(np.array([legal[0], 7783]))
    # Nothing was stepped: game 0 still takes its action.
    after = envs.step(legal)[0]
    single = QwirkleSoloEnv()
    single.reset(seed=6)
    assert np.array_equal(after["observation"][0], single.step(int(legal[0]))[0]["observation"])


@needs_native
@pytest.mark.parametrize(
    ("options", "error", "match"),
    [
        ({"opponents": ["strong"]}, InvalidOptionsError, "plays the bots greedy, random, not 'strong'"),
        ({"opponents": ["nobody"]}, Exception, "nobody"),
        ({"render_mode": "ansi"}, InvalidOptionsError, "does not render"),
        ({"num_envs": 0}, InvalidOptionsError, "num_envs"),
        ({"seat": 2}, InvalidOptionsError, "seat"),
        ({"illegal_action": "ignore"}, InvalidOptionsError, "illegal_action"),
        ({"max_turns": 0}, InvalidOptionsError, "max_turns"),
    ],
)
def test_unsupported_options_are_refused_when_made(options: dict[str, Any], error: type, match: str) -> None:
    with pytest.raises(error, match=match):
        NativeSoloVectorEnv(**options)


@needs_native
def test_bad_actions_and_seeds_are_refused() -> None:
    envs = NativeSoloVectorEnv(2)
    with pytest.raises(RuntimeError, match="reset"):
        envs.step(np.zeros(2, dtype=np.int64))
    envs.reset(seed=0)
    with pytest.raises(TypeError, match="2 ints"):
        envs.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(TypeError, match="2 ints"):
        envs.step(np.zeros(2))
    with pytest.raises(ValueError, match="one seed per game"):
        envs.reset(seed=[1])


def test_a_missing_extension_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "qwirkle_native", None)
    monkeypatch.setitem(sys.modules, "qwirkle_native._native", None)
    with pytest.raises(ImportError, match=r"pip install 'qwirkle\[native\]'"):
        NativeSoloVectorEnv(1)
