"""Time the strong bot's moves with its look-ahead on each engine, in one process, on the same positions.

    python benchmarks/bench_strong_native.py [--games 4] [--every 3] [--bot strong] [--profile native]

The positions are the views of the seat to move at every ``--every``-th turn
of seeded games between greedy bots (game ``i`` dealt from seed ``i``, two
players for even ``i`` and three for odd). At each position the bot
(``--bot``, a built-in strong bot with parameters if wanted) is made afresh
with the same seed with ``engine=python`` and ``engine=native``, and both
choose a move: the choices must be equal, or the run fails. Prints the mean
and median milliseconds per move of each engine (CPU time of this process),
the ratio of the means, and the target. ``--profile python`` or ``--profile
native`` then runs that engine again under :mod:`cProfile` and prints where
the time goes.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time

from qwirkle import PlayerView, apply, new_game, view
from qwirkle.bots import GreedyBot
from qwirkle.bots.spec import bot_spec
from qwirkle.moves import Move
from qwirkle.native import native_module

TARGET = 3.0
"""How many times faster per move the native look-ahead is aimed to be."""


def positions(games: int, every: int) -> list[PlayerView]:
    """The views of the seat to move at every ``every``-th turn of ``games`` seeded greedy games."""
    views = []
    for game in range(games):
        seats = 2 + game % 2
        state = new_game([f"p{seat}" for seat in range(seats)], seed=game)
        bots = [GreedyBot(1000 * (seat + 1) + game) for seat in range(seats)]
        while state.outcome is None:
            if state.turn_number % every == 0:
                views.append(view(state, state.current))
            state = apply(state, bots[state.current].choose(state))
    return views


def with_engine(label: str, engine: str) -> str:
    return f"{label},engine={engine}" if ":" in label else f"{label}:engine={engine}"


def play(label: str, engine: str, views: list[PlayerView]) -> tuple[list[Move], list[float]]:
    """Each view's move by a fresh bot seeded with its position's number, and the CPU seconds each took."""
    spec = bot_spec(with_engine(label, engine))
    moves, times = [], []
    for seed, seen in enumerate(views):
        bot = spec.make(seed)
        start = time.process_time()
        moves.append(bot.choose(seen))
        times.append(time.process_time() - start)
    return moves, times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="seeded greedy games to take positions from")
    parser.add_argument("--every", type=int, default=3, help="take every N-th turn's position")
    parser.add_argument("--bot", default="strong", help="the strong bot, with parameters if wanted")
    parser.add_argument("--profile", choices=("python", "native"), help="profile this engine afterwards")
    options = parser.parse_args(argv)
    native_module()
    views = positions(options.games, options.every)
    # Imports, caches and the extension warmed up before anything is timed.
    play(options.bot, "native", views[:2])
    play(options.bot, "python", views[:2])
    python_moves, python_times = play(options.bot, "python", views)
    native_moves, native_times = play(options.bot, "native", views)
    differ = [i for i, (a, b) in enumerate(zip(python_moves, native_moves, strict=True)) if a != b]
    print(f"{len(views)} positions from {options.games} games, bot {options.bot}")
    for engine, times in (("python", python_times), ("native", native_times)):
        mean, median = statistics.fmean(times) * 1000, statistics.median(times) * 1000
        print(f"  engine={engine:<6}  {mean:8.2f} ms/move mean  {median:8.2f} ms median  {sum(times):7.2f} s")
    ratio = sum(python_times) / sum(native_times)
    verdict = "met" if ratio >= TARGET else "MISSED"
    print(f"  python / native: {ratio:.2f}x per move (target {TARGET:g}x: {verdict})")
    if differ:
        print(f"  the engines chose differently at {len(differ)} positions, first at {differ[0]}", file=sys.stderr)
        return 1
    print("  the same move at every position")
    if options.profile:
        profiler = cProfile.Profile()
        profiler.runcall(play, options.bot, options.profile, views)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(30)
    return 0


if __name__ == "__main__":
    sys.exit(main())
