"""Time the native engine beside the specification, in one process.

    python benchmarks/bench_native.py [--games 300]

Prints the median time to count the legal moves of a fresh position, and
games per second of greedy and of random self-play (two players, one core)
for both engines, with the ratios. Native self-play is
``qwirkle_native.self_play``: the specification's greedy and random bots,
move for move, with every legal move built for the random bot.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from qwirkle import legal_moves, new_game
from qwirkle.bots import make_bot, run_game
from qwirkle.native import NativeGame, native_module


def _median_us(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        run()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


def _games_per_second(play: Callable[[int], object], games: int) -> float:
    start = time.perf_counter()
    for i in range(games):
        play(i)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=300, help="native games per kind (the specification plays a tenth)"
    )
    parser.add_argument("--repeat", type=int, default=2000, help="timings of the fresh count")
    args = parser.parse_args()
    native = native_module()

    state = new_game(["Ann", "Bob"], seed=7)
    game = NativeGame.from_state(state)
    spec_us = _median_us(lambda: len(legal_moves(state)), args.repeat)
    # recount() searches the table again each time, as a fresh legal_moves(state) does.
    native_us = _median_us(game._game.recount, args.repeat)
    ratio = spec_us / native_us
    print(f"count of a fresh position: specification {spec_us:.1f} µs, native {native_us:.2f} µs, x{ratio:.0f}")

    spec_games = max(1, args.games // 10)
    for kind in ("greedy", "random"):

        def spec_game(i: int, kind: str = kind) -> object:
            return run_game([make_bot(kind, i + 1000), make_bot(kind, i + 2000)], i)

        spec = _games_per_second(spec_game, spec_games)

        def native_games(kind: str = kind) -> object:
            return native.self_play(kind, args.games, 0, 2)

        fast = args.games / _timed(native_games)
        print(f"{kind} self-play: specification {spec:.1f} games/s, native {fast:.0f} games/s, x{fast / spec:.0f}")


def _timed(run: Callable[[], object]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
