"""Time the native vector environment beside Solo environments in a SyncVectorEnv, in one process.

    python benchmarks/bench_vector.py [--envs 16] [--steps 2000] [--opponent greedy]

Prints env steps per second (one step of one game, observation and mask
included) for ``gymnasium.make_vec("qwirkle/Solo-v1", vectorization_mode=...)``
with ``"vector_entry_point"`` (the native engine; with ``copy=True``, the
default, and ``copy=False``) and with ``"sync"`` (``QwirkleSoloEnv`` games one
after another), and the ratio. The agent plays the first legal action of each
mask (``mask.argmax``), so every step is a legal one; "env" counts the time in
``step`` alone, "loop" adds choosing the actions. Times are the process's
CPU time, so that other work on the machine does not count; the wall-clock
rate of the native steps is printed too.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import gymnasium

import qwirkle.adapters.gymnasium  # noqa: F401  (registers the environment)
from qwirkle.adapters.gymnasium import ENV_ID


def _steps_per_second(envs: Any, steps: int) -> tuple[float, float, float]:
    """Env steps per CPU second over ``steps`` batched steps (in ``step``, and with actions chosen); per wall second."""
    observations, _ = envs.reset(seed=0)
    in_step = 0.0
    start, wall = time.process_time(), time.perf_counter()
    for _ in range(steps):
        actions = observations["action_mask"].argmax(axis=1)
        begun = time.process_time()
        observations, *_ = envs.step(actions)
        in_step += time.process_time() - begun
    loop, wall = time.process_time() - start, time.perf_counter() - wall
    done = steps * envs.num_envs
    return done / in_step, done / loop, done / wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--envs", type=int, default=16, help="games stepped together")
    parser.add_argument("--steps", type=int, default=2000, help="batched steps of the native environment")
    parser.add_argument("--sync-steps", type=int, default=60, help="batched steps of the SyncVectorEnv")
    parser.add_argument("--opponent", default="greedy", choices=("greedy", "random"))
    args = parser.parse_args()
    opponents = [args.opponent]
    print(f"{args.envs} games against {args.opponent}, first legal action")
    results = {}
    for copy in (True, False):
        native = gymnasium.make_vec(
            ENV_ID, args.envs, vectorization_mode="vector_entry_point", opponents=opponents, copy=copy
        )
        env_rate, loop_rate, wall_rate = _steps_per_second(native, args.steps)
        results[copy] = env_rate
        print(
            f"native, copy={copy}: {env_rate:,.0f} env steps/s in step, {loop_rate:,.0f} with the actions chosen "
            f"({wall_rate:,.0f} by the wall clock)"
        )
    sync = gymnasium.make_vec(ENV_ID, args.envs, vectorization_mode="sync", opponents=opponents)
    sync_rate, sync_loop, _ = _steps_per_second(sync, args.sync_steps)
    print(f"sync QwirkleSoloEnv: {sync_rate:,.0f} env steps/s in step, {sync_loop:,.0f} with the actions chosen")
    print(f"native (copy=True) / sync: x{results[True] / sync_rate:.0f}")


if __name__ == "__main__":
    main()
