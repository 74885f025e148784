"""Decisions per second of the strong bot at several time budgets (``think``), beside its budget in work.

    python benchmarks/bench_think.py [--positions 40] [--budgets 0,0.02,0.05,0.1,0.2] [--engine native]

The positions are the views of the seat to move at every fifth turn of
seeded greedy games, until ``--positions`` are gathered. At each position a
strong bot (``--bot``, default ``strong``, on ``--engine``) is made afresh with
the same seed for every budget and chooses a move; a budget of 0 is the budget
in work alone (``samples`` and ``halvings``), the same decisions on any
machine. For each budget, prints the decisions per second (positions over the
wall time of all their decisions), the median and the 95th percentile of the
milliseconds a decision took, the share of decisions that took longer than the
budget, and how many of the decisions differ from those of the budget in work.
The wall time is what a budget in time is measured against, so other work on
the machine shows in the figures: note the load average printed first.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from qwirkle import PlayerView, apply, new_game, view
from qwirkle.bots import GreedyBot
from qwirkle.bots.spec import bot_spec
from qwirkle.moves import Move


def positions(count: int, every: int = 5) -> list[PlayerView]:
    """The views of the seat to move at every ``every``-th turn of seeded two-player greedy games."""
    views: list[PlayerView] = []
    game = 0
    while len(views) < count:
        state = new_game(["Ann", "Bob"], seed=game)
        turn = 0
        while state.outcome is None and len(views) < count:
            if turn % every == 0 and state.bag:
                views.append(view(state, state.current))
            state = apply(state, GreedyBot(seed=game).choose(state))
            turn += 1
        game += 1
    return views


def run(label: str, views: list[PlayerView]) -> tuple[list[float], list[Move]]:
    """The seconds each decision of the bot ``label`` took, and its moves."""
    spec = bot_spec(label)
    times: list[float] = []
    moves: list[Move] = []
    for i, seen in enumerate(views):
        bot = spec.make(i)
        start = time.perf_counter()
        moves.append(bot.choose(seen))
        times.append(time.perf_counter() - start)
    return times, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--budgets", default="0,0.02,0.05,0.1,0.2", help="seconds, comma-separated; 0: work only")
    parser.add_argument("--engine", default="native", choices=("python", "native"))
    parser.add_argument("--bot", default="strong", help="the strong bot with parameters, e.g. strong:samples=8")
    options = parser.parse_args()
    views = positions(options.positions)
    print(f"load average {os.getloadavg()[0]:.2f}; {len(views)} positions; {options.bot} on {options.engine}")
    print(f"{'think':>6} {'decisions/s':>12} {'median ms':>10} {'p95 ms':>8} {'over budget':>12} {'other moves':>12}")
    sep = "," if ":" in options.bot else ":"
    reference: list[Move] = []
    for text in options.budgets.split(","):
        think = float(text)
        label = f"{options.bot}{sep}engine={options.engine}" + (f",think={think:g}" if think else "")
        times, moves = run(label, views)
        if not reference:
            reference = moves
        ms = sorted(1000 * t for t in times)
        over = sum(t > think for t in times) / len(times) if think else 0.0
        differ = sum(a != b for a, b in zip(moves, reference, strict=True))
        print(
            f"{think:>6g} {len(times) / sum(times):>12.1f} {statistics.median(ms):>10.1f} "
            f"{ms[int(0.95 * (len(ms) - 1))]:>8.1f} {over:>12.0%} {differ:>12}"
        )


if __name__ == "__main__":
    main()
