"""Time self-play with two versions of the engine, alternated, and give the ratio of their times.

On a shared machine the load changes from minute to minute, so two versions
are compared in one run: each round plays the same seeded games once with
each version, in a fresh process that imports that version's ``src``, the
order of the two alternating from round to round. A game is one of
``bench.py``'s self-play games (``random``: every move built each turn, then
one drawn; ``greedy``: the best placement), and its time is the process's CPU
time::

    git worktree add --detach /tmp/base HEAD~1
    python benchmarks/ab_games.py /tmp/base/src src --kind random --games 20 --rounds 5

Both versions must play this checkout's ``bench.py`` games. The ratio is the
median of the second version's times over the median of the first's, and
the median of the rounds' own ratios beside it: below 1, the second is faster.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def play(src: str, kind: str, games: int) -> float:
    """The CPU seconds that ``games`` seeded games of ``kind`` take with the engine in ``src`` (in this process)."""
    sys.path.insert(0, src)
    sys.path.insert(1, str(HERE))
    from bench import GAMES

    import qwirkle

    if not Path(qwirkle.__file__).resolve().is_relative_to(Path(src).resolve()):
        raise SystemExit(f"{src} holds no qwirkle package: this imported {qwirkle.__file__}")

    game = GAMES[kind]
    # One game first, so that imports and first-call caches are not timed.
    game(games)
    start = time.process_time()
    for seed in range(games):
        game(seed)
    return time.process_time() - start


def timed(src: str, kind: str, games: int) -> float:
    """The CPU seconds of :func:`play` in a fresh process, so that each version is imported alone."""
    found = subprocess.run(
        [sys.executable, __file__, "--child", src, "--kind", kind, "--games", str(games)],
        check=True,
        capture_output=True,
        text=True,
    )
    return float(found.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description="Compare self-play times of two versions of the engine.")
    parser.add_argument("first", nargs="?", help="the src folder of the first version (the base)")
    parser.add_argument("second", nargs="?", help="the src folder of the second version")
    parser.add_argument("--kind", choices=["random", "greedy"], default="greedy", help="the games (default: greedy)")
    parser.add_argument("--games", type=int, default=30, help="games per process (default: 30)")
    parser.add_argument("--rounds", type=int, default=5, help="processes per version (default: 5)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.child:
        print(play(options.child, options.kind, options.games))
        return
    if not options.first or not options.second:
        parser.error("give the src folders of both versions")
    first: list[float] = []
    second: list[float] = []
    for round_ in range(options.rounds):
        # Alternate which version goes first, so that neither always runs right after the other.
        order = [(options.first, first), (options.second, second)]
        for src, times in order if round_ % 2 == 0 else order[::-1]:
            times.append(timed(src, options.kind, options.games))
        print(f"round {round_ + 1}: {first[-1]:.3f} s, {second[-1]:.3f} s", file=sys.stderr, flush=True)
    a, b = statistics.median(first), statistics.median(second)
    rounds = statistics.median(y / x for x, y in zip(first, second, strict=True))
    print(f"{options.games} {options.kind} games, {options.rounds} rounds, CPU time")
    print(f"first  {options.first}: median {a:.3f} s ({options.games / a:.1f} games/s)")
    print(f"second {options.second}: median {b:.3f} s ({options.games / b:.1f} games/s)")
    print(f"second / first: {b / a:.3f} (median of the rounds' ratios {rounds:.3f})")


if __name__ == "__main__":
    main()
