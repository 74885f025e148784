"""Time the native engine beside the specification, in one process.

    python benchmarks/bench_native.py [--games 2000] [--spec-games 20] [--repeat 5]

Prints the median time to count the legal moves of a fresh position, then
games per second of greedy and of random self-play (two players, one core)
for both engines, with the ratios and the targets.

Game ``i`` is dealt from seed ``i`` and its bots are seeded ``i + 1000`` and
``i + 2000``, in both engines. The specification plays
``qwirkle.bots.run_game`` with ``make_bot``. The native engine plays its
whole-game loop, ``qwirkle_native.self_play``: the same bots, move for move
(the random bot builds every legal move and draws one), many games in one
call, turns not recorded. Before it is timed, the native loop is checked to
play the specification's games: as many turns over the games the
specification played. A third figure, ``qwirkle.native.run_game``, is one
native game per call that returns the specification's whole
:class:`~qwirkle.GameState`, history included: most of its time is spent in
Python, building that state.

Times are CPU time of this process; each figure is the median of
``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from qwirkle import legal_moves, new_game
from qwirkle.bots import make_bot, run_game
from qwirkle.native import NativeGame, native_module
from qwirkle.native import run_game as native_run_game

TARGETS = {"greedy": 5000.0, "random": 2000.0}
"""Native games per second aimed at, on one core."""
COUNT_TARGET_US = 5.0
"""Microseconds aimed at for the count of a fresh position."""


def _median_us(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        run()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times) / 1000


def _cpu_seconds(run: Callable[[], object]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def _games_per_second(run: Callable[[], object], games: int, repeat: int) -> float:
    """The median over ``repeat`` runs of ``games`` over the CPU time ``run`` takes."""
    return statistics.median(games / _cpu_seconds(run) for _ in range(repeat))


def _mark(met: bool) -> str:
    return "met" if met else "SHORT"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="native games per kind and run")
    parser.add_argument("--spec-games", type=int, default=20, help="specification games per kind and run")
    parser.add_argument("--face-games", type=int, default=100, help="qwirkle.native.run_game games per kind and run")
    parser.add_argument("--repeat", type=int, default=5, help="runs of each figure (the specification's: at most 3)")
    parser.add_argument("--count-repeat", type=int, default=2000, help="timings of the fresh count")
    args = parser.parse_args()
    native = native_module()

    state = new_game(["Ann", "Bob"], seed=7)
    game = NativeGame.from_state(state)
    spec_us = _median_us(lambda: len(legal_moves(state)), args.count_repeat)
    # recount() searches the table again each time, as a fresh legal_moves(state) does.
    native_us = _median_us(game._game.recount, args.count_repeat)
    print(
        f"count of a fresh position: specification {spec_us:.1f} µs, native {native_us:.2f} µs, "
        f"x{spec_us / native_us:.0f} (target <= {COUNT_TARGET_US:.0f} µs: {_mark(native_us <= COUNT_TARGET_US)})"
    )

    for kind in ("greedy", "random"):
        spec_turns = 0

        def spec_games(kind: str = kind) -> None:
            nonlocal spec_turns
            spec_turns = 0
            for i in range(args.spec_games):
                final = run_game([make_bot(kind, i + 1000), make_bot(kind, i + 2000)], i)
                spec_turns += len(final.history)

        spec = _games_per_second(spec_games, args.spec_games, min(args.repeat, 3))
        native_turns = native.self_play(kind, args.spec_games, 0, 2)
        if native_turns != spec_turns:
            raise SystemExit(
                f"{kind}: the native loop played {native_turns} turns over games 0 to {args.spec_games - 1}, "
                f"the specification {spec_turns}: not the same games"
            )

        def native_games(kind: str = kind) -> None:
            native.self_play(kind, args.games, 0, 2)

        fast = _games_per_second(native_games, args.games, args.repeat)

        def face_games(kind: str = kind) -> None:
            for i in range(args.face_games):
                native_run_game([kind, kind], i, bot_seeds=[i + 1000, i + 2000])

        face = _games_per_second(face_games, args.face_games, args.repeat)
        target = TARGETS[kind]
        print(
            f"{kind} self-play: specification {spec:.1f} games/s, native {fast:.0f} games/s, x{fast / spec:.0f} "
            f"(target >= {target:.0f}: {_mark(fast >= target)}); "
            f"qwirkle.native.run_game {face:.0f} games/s"
        )


if __name__ == "__main__":
    main()
