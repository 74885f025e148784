"""Train a masked policy for the tile game with sb3-contrib's MaskablePPO, then measure it.

The policy plays one seat of two, action by action (:mod:`qwirkle.adapters.actions`),
against the greedy bot, in many games stepped together by the native engine
(:class:`~qwirkle.adapters.vector.NativeSoloVectorEnv`). Its reward is the
environment's ``"points"``: at every step, how much its lead over the greedy bot
changed since the step before, so that the rewards of a game add up to its final
margin. Its network reads the board's planes with convolutions along rows and
columns, where the lines are, and scores every tile of the hand on every cell
(:class:`BoardNet`).

Then it plays new games against three opponents: the random bot; a player who
never begins an exchange while it can do anything else and otherwise picks
uniformly among the legal actions; and the greedy bot. It prints each win rate
with its 95% interval and mean margin, and writes, in the ``--out`` folder, the
model, the learning curve (``curve.csv`` and the picture ``curve.svg``) and the
results (``evaluation.csv``).

Run it with::

    pip install 'qwirkle[rl-train,native]'   # Gymnasium, sb3-contrib, PyTorch; the native engine
    python examples/maskable_ppo.py --out ppo-run

A short run checks that everything works::

    python examples/maskable_ppo.py --steps 4096 --games 3 --out /tmp/ppo-check
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

try:
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import VecEnv, VecNormalize
    from torch import nn
except ImportError as error:
    sys.exit(f"this example needs {error.name}: pip install 'qwirkle[rl-train,native]'")

from qwirkle.adapters.actions import ActionLayout
from qwirkle.adapters.gymnasium import QwirkleSoloEnv
from qwirkle.adapters.observation import PLANES, ObservationLayout
from qwirkle.adapters.vector import NativeSoloVectorEnv
from qwirkle.native import available

OBSERVATION = "vector"
REWARD = "points"
OPPONENT = "greedy"

# PPO's settings. Most are Stable-Baselines3's defaults; the learning rate is higher, and each rollout
# is used once, in large batches, because on a CPU the network's updates are the slow part.
PPO = {
    "n_steps": 128,
    "batch_size": 1024,
    "n_epochs": 1,
    "learning_rate": 1e-3,
    "gamma": 0.99,
    "ent_coef": 0.01,
}


class NativeGames(VecEnv):
    """Solo games on the native engine, as Stable-Baselines3 steps them.

    Stable-Baselines3 wants a finished game dealt again in the step that ends
    it, with its last observation in ``info["terminal_observation"]``; the
    Gymnasium vector environment deals it on the next step instead
    (``AutoresetMode.NEXT_STEP``). So this deals the finished games at once,
    with the ``reset_mask`` option. MaskablePPO asks for the masks through
    ``env_method("action_masks")``.
    """

    def __init__(self, num_envs: int, seed: int) -> None:
        self.games = NativeSoloVectorEnv(num_envs, [OPPONENT], observation=OBSERVATION, reward=REWARD)
        self._seed = seed
        self._actions = np.zeros(num_envs, dtype=np.int64)
        self._masks = np.zeros((num_envs, self.games.single_action_space.n), dtype=np.bool_)
        super().__init__(num_envs, self.games.single_observation_space, self.games.single_action_space)

    def reset(self) -> np.ndarray:
        seed = self._seeds[0] if self._seeds[0] is not None else self._seed
        observations, infos = self.games.reset(seed=seed)
        self._reset_seeds()
        self._masks = infos["action_mask"].astype(np.bool_)
        return observations

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, dtype=np.int64)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        observations, rewards, terminated, truncated, infos = self.games.step(self._actions)
        done = terminated | truncated
        masks = infos["action_mask"]
        ends: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(done):
            ends[i] = {
                "terminal_observation": observations[i].copy(),
                "TimeLimit.truncated": bool(truncated[i] and not terminated[i]),
                "outcome": infos["outcome"][i] if "outcome" in infos else None,
                "margin": int(infos["margin"][i]),
            }
        if done.any():
            observations, dealt = self.games.reset(options={"reset_mask": done})
            masks = dealt["action_mask"]
        self._masks = masks.astype(np.bool_)
        return observations, rewards.astype(np.float32), done, ends

    def close(self) -> None:
        self.games.close()

    def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list[Any]:
        if method_name != "action_masks":
            raise AttributeError(method_name)
        return list(self._masks)

    def has_attr(self, attr_name: str) -> bool:
        return attr_name == "action_masks"

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        if attr_name == "render_mode":
            return [None] * self.num_envs
        raise AttributeError(attr_name)

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError(attr_name)

    def env_is_wrapped(self, wrapper_class: type, indices: Any = None) -> list[bool]:
        return [False] * self.num_envs


class BoardNet(nn.Module):
    """The policy's logits and the value's features, from the observation vector.

    What a placement scores depends on the lines through its cells, so the
    board's planes go through convolutions along the rows and along the
    columns, as far as ``reach`` cells each way (a line holds at most six
    tiles). Each hand slot's tile becomes a vector, and its logit on a cell is
    that vector's product with the cell's features: one set of weights for
    every cell, as the board is the same game wherever the tiles lie. The
    other actions (end, exchange, pass) and the value come from a summary of
    the board, the hand, the unseen tiles, the scores and the bag.
    """

    def __init__(self, channels: int = 4, reach: int = 5) -> None:
        super().__init__()
        observed, actions = ObservationLayout(), ActionLayout()
        self.side, self.hand_size = observed.window, observed.hand_size
        self.hand, self.planes = observed.offsets["hand"], len(PLANES)
        kinds = (observed.offsets["unseen"] - self.hand) // self.hand_size
        span = 2 * reach + 1
        self.reduce = nn.Conv2d(self.planes, channels, 1)
        self.along_rows = nn.Conv2d(channels, channels, (1, span), padding=(0, reach))
        self.along_columns = nn.Conv2d(channels, channels, (span, 1), padding=(reach, 0))
        self.mix = nn.Conv2d(3 * channels, 2 * channels, 1)
        self.tiles = nn.Linear(kinds, 2 * channels)
        self.summary = nn.Sequential(nn.Linear(2 * channels + observed.size - self.hand, 64), nn.ReLU())
        self.other_actions = nn.Linear(64, actions.size - actions.end)
        # Sizes Stable-Baselines3 reads: the actor's output is the logits themselves.
        self.latent_dim_pi = actions.size
        self.latent_dim_vf = 64
        # Small first logits: the policy starts close to uniform over the legal actions.
        for layer in (self.tiles, self.other_actions):
            nn.init.normal_(layer.weight, std=0.01)
            nn.init.zeros_(layer.bias)

    def forward(self, observations: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        batch = observations.shape[0]
        planes = observations[:, : self.hand].reshape(batch, self.planes, self.side, self.side)
        reduced = torch.relu(self.reduce(planes))
        lines = torch.cat([reduced, torch.relu(self.along_rows(reduced)), torch.relu(self.along_columns(reduced))], 1)
        board = torch.relu(self.mix(lines))
        hand = observations[:, self.hand : self.hand + self.hand_size * self.tiles.in_features]
        tiles = self.tiles(hand.reshape(batch, self.hand_size, -1))
        # Action slot * side * side + row * side + column: the cell logits in the action numbering's order.
        placing = torch.einsum("bchw,bsc->bshw", board, tiles).reshape(batch, -1)
        summary = self.summary(torch.cat([board.mean((2, 3)), observations[:, self.hand :]], 1))
        return torch.cat([placing, self.other_actions(summary)], 1), summary

    def forward_actor(self, observations: torch.Tensor) -> torch.Tensor:
        return self(observations)[0]

    def forward_critic(self, observations: torch.Tensor) -> torch.Tensor:
        return self(observations)[1]


class BoardPolicy(MaskableActorCriticPolicy):
    """MaskablePPO's policy with :class:`BoardNet` in place of its MLP, and no layer after it for the logits."""

    def _build_mlp_extractor(self) -> None:
        self.mlp_extractor = BoardNet()

    def _build(self, lr_schedule: Callable[[float], float]) -> None:
        self._build_mlp_extractor()
        self.action_net = nn.Identity()
        self.value_net = nn.Linear(self.mlp_extractor.latent_dim_vf, 1)
        self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1), **self.optimizer_kwargs)


class LearningCurve(BaseCallback):
    """The games that ended in each rollout: their number, the share won and the mean final margin."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[dict[str, float]] = []
        self._ends: list[dict[str, Any]] = []
        self._started = time.perf_counter()

    def _on_step(self) -> bool:
        self._ends.extend(info for info in self.locals["infos"] if info.get("outcome") is not None)
        return True

    def _on_rollout_end(self) -> None:
        if not self._ends:
            return
        games = len(self._ends)
        won = sum(points(end["outcome"]) for end in self._ends)
        margin = sum(end["margin"] for end in self._ends) / games
        seconds = time.perf_counter() - self._started
        self.rows.append(
            {"steps": self.num_timesteps, "seconds": round(seconds, 1), "games": games, "won": won, "margin": margin}
        )
        print(f"{self.num_timesteps:>8} steps {seconds:>6.0f} s  {games:>3} games  won {won:>4}  margin {margin:+6.1f}")
        self._ends.clear()


def points(outcome: str | None) -> float:
    """What a game counts for the agent: a win 1, a shared win a half."""
    return 1.0 if outcome == "win" else 0.5 if outcome == "tie" else 0.0


def wilson(won: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of games won."""
    rate = won / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


Policy = Callable[[Any, np.ndarray], int]


def never_exchange(seed: int) -> Policy:
    """A player who picks uniformly among the legal actions, but begins no exchange while it can do anything else."""
    rng = np.random.default_rng(seed)
    layout = ActionLayout()
    exchanging = np.zeros(layout.size, dtype=np.bool_)
    exchanging[layout.exchange : layout.exchange + layout.hand_size] = True

    def choose(observation: Any, mask: np.ndarray) -> int:
        legal = mask.astype(np.bool_)
        other = legal & ~exchanging
        return int(rng.choice(np.flatnonzero(other if other.any() else legal)))

    return choose


def play_native(model: MaskablePPO, opponent: str, games: int, seed: int) -> list[tuple[float, int]]:
    """The policy's games against a bot the native engine plays, all at once: each game's points and margin."""
    env = NativeSoloVectorEnv(games, [opponent], observation=OBSERVATION, reward=REWARD)
    observations, infos = env.reset(seed=seed)
    results: list[tuple[float, int] | None] = [None] * games
    playing = np.ones(games, dtype=np.bool_)
    while playing.any():
        actions, _ = model.predict(observations, action_masks=infos["action_mask"], deterministic=True)
        observations, _, terminated, truncated, infos = env.step(actions)
        ended = (terminated | truncated) & playing
        for i in np.flatnonzero(ended):
            results[i] = (points(infos["outcome"][i] if "outcome" in infos else None), int(infos["margin"][i]))
        playing &= ~ended
    env.close()
    return [result for result in results if result is not None]


def play_python(player: Policy, opponent: Any, games: int, seed: int) -> list[tuple[float, int]]:
    """``player``'s games against ``opponent`` (a bot's name or a policy), one by one: each game's points and margin."""
    env = QwirkleSoloEnv([opponent], observation=OBSERVATION, reward=REWARD)
    results = []
    for game in range(games):
        observation, info = env.reset(seed=seed + game)
        done = False
        while not done:
            observation, _, terminated, truncated, info = env.step(player(observation, info["action_mask"]))
            done = terminated or truncated
        results.append((points(info.get("outcome")), info["margin"]))
    return results


def report(player: str, opponent: str, results: Sequence[tuple[float, int]]) -> dict[str, Any]:
    """Print and return one line of results: games won (shared wins count half), its 95% interval, the mean margin."""
    games, won = len(results), sum(result[0] for result in results)
    margin = sum(result[1] for result in results) / games
    low, high = wilson(won, games)
    print(
        f"  {player} against {opponent}: won {won:g} of {games} ({won / games:.1%}, "
        f"95% interval {low:.1%} to {high:.1%}), mean margin {margin:+.1f}"
    )
    row = {"player": player, "opponent": opponent, "games": games, "won": won}
    return row | {"rate": won / games, "low": low, "high": high, "margin": margin}


def curve_svg(rows: Sequence[dict[str, float]], width: int = 640, height: int = 320) -> str:
    """The learning curve as an SVG picture: each rollout's mean final margin, by training steps."""
    left, right, top, bottom = 56, 16, 28, 44
    last = max(row["steps"] for row in rows)
    margins = [row["margin"] for row in rows]
    low, high = 20 * math.floor(min(*margins, 0) / 20), 20 * math.ceil(max(*margins, 0) / 20)

    def x(steps: float) -> float:
        return left + (width - left - right) * steps / last

    def y(margin: float) -> float:
        return top + (height - top - bottom) * (high - margin) / (high - low)

    # Each point also as the mean of the last eight rollouts, which hides the noise of ~40 games each.
    smooth = [sum(margins[max(0, i - 7) : i + 1]) / len(margins[max(0, i - 7) : i + 1]) for i in range(len(rows))]
    raw = " ".join(f"{x(row['steps']):.1f},{y(row['margin']):.1f}" for row in rows)
    mean = " ".join(f"{x(row['steps']):.1f},{y(value):.1f}" for row, value in zip(rows, smooth, strict=True))
    grid = "".join(
        f'<line x1="{left}" x2="{width - right}" y1="{y(m):.1f}" y2="{y(m):.1f}" '
        f'stroke="{"#888" if m == 0 else "#ddd"}"/>'
        f'<text x="{left - 6}" y="{y(m) + 4:.1f}" text-anchor="end">{m:d}</text>'
        for m in range(low, high + 1, 20)
    )
    ticks = "".join(
        f'<text x="{x(s):.1f}" y="{height - bottom + 16}" text-anchor="middle">{s / 1000:.0f}k</text>'
        for s in np.linspace(0, last, 5)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">'
        f'<rect width="{width}" height="{height}" fill="white"/>{grid}{ticks}'
        f'<polyline points="{raw}" fill="none" stroke="#9ec5fe" stroke-width="1"/>'
        f'<polyline points="{mean}" fill="none" stroke="#1f6feb" stroke-width="2.5"/>'
        f'<text x="{(left + width - right) / 2}" y="{height - 8}" text-anchor="middle">training steps</text>'
        f'<text x="{left}" y="{top - 10}">final margin against the greedy bot: each rollout\'s games '
        "(thin) and the last eight rollouts' (thick)</text>"
        "</svg>\n"
    )


def write_csv(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    with path.open("w", newline="") as file:
        writer = csv.DictWriter(file, list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Train MaskablePPO on the tile game and measure it.")
    parser.add_argument("--steps", type=int, default=250_000, help="training steps (default: 250,000)")
    parser.add_argument("--envs", type=int, default=32, help="games stepped together (default: 32)")
    parser.add_argument("--games", type=int, default=200, help="games against each opponent (default: 200)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the training games and network (default: 1)")
    parser.add_argument("--threads", type=int, default=1, help="PyTorch's threads (default: 1)")
    parser.add_argument("--out", type=Path, default=Path("ppo-run"), help="the folder to write (default: ppo-run)")
    options = parser.parse_args(argv)
    if not available():
        sys.exit("this example needs the native engine: pip install 'qwirkle[native]'")
    torch.set_num_threads(options.threads)
    options.out.mkdir(parents=True, exist_ok=True)

    # The rewards are points, in the tens a turn: VecNormalize scales them down for the value's regression.
    env = VecNormalize(NativeGames(options.envs, options.seed), norm_obs=False, norm_reward=True, gamma=PPO["gamma"])
    model = MaskablePPO(BoardPolicy, env, seed=options.seed, **PPO)
    curve = LearningCurve()
    started = time.perf_counter()
    model.learn(total_timesteps=options.steps, callback=curve)
    print(f"trained {model.num_timesteps} steps in {time.perf_counter() - started:.0f} s")
    model.save(options.out / "model.zip")

    def policy(observation: Any, mask: np.ndarray) -> int:
        return int(model.predict(observation, action_masks=mask, deterministic=True)[0])

    # New games: seeds the training never dealt.
    games, seed = options.games, options.seed + 1_000_000
    print(f"evaluation, {games} games against each opponent:")
    results = [
        report("policy", "the random bot", play_native(model, "random", games, seed)),
        report("policy", "never exchange", play_python(policy, never_exchange(seed), games, seed)),
        report("policy", "the greedy bot", play_native(model, "greedy", games, seed)),
        report("never exchange", "the random bot", play_python(never_exchange(seed), "random", games, seed)),
    ]
    print(f"whole run {time.perf_counter() - started:.0f} s")
    write_csv(options.out / "evaluation.csv", results)
    if curve.rows:
        write_csv(options.out / "curve.csv", curve.rows)
        (options.out / "curve.svg").write_text(curve_svg(curve.rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
