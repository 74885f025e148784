"""Time the engine's hot paths: move listing and counting, apply, and whole bot games.

Run from the repository root with the project installed::

    python benchmarks/bench_core.py [--games N] [--positions N] [--repeats N] [--brute-seconds S]

Every figure is a median (with the 90th percentile) over seeded positions or
games, so runs on one machine compare. The brute-force enumerator of the test
suite (``tests/brute.py``), when importable, is timed on the same positions
as a naive baseline.
"""

from __future__ import annotations

import argparse
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from qwirkle import GameState, Move, Place, apply, is_over, legal_moves, new_game
from qwirkle.bots import GreedyBot, RandomBot, play_game

ROOT = Path(__file__).resolve().parents[1]

Row = tuple[str, int, list[int], str]
"""A table row: what was timed, how many samples, the samples in ns, a note."""


def timed(call: Callable[[], object], repeats: int) -> int:
    """The median of ``repeats`` timings of ``call``, in ns; the median keeps one slow run from counting."""
    times = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        call()
        times.append(time.perf_counter_ns() - start)
    return int(statistics.median(times))


def p90(samples: Sequence[int]) -> int:
    """The 90th percentile, nearest rank."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(0.9 * len(ordered)) - 1)]


def human(ns: float) -> str:
    """A duration with a readable unit."""
    for unit, size in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if ns >= size:
            return f"{ns / size:.3g} {unit}"
    return f"{ns:.0f} ns"


def positions(count: int) -> list[GameState]:
    """Mid-game positions: game ``i`` played by two seeded random bots up to a turn from 10 to 30."""
    found = []
    for i in range(count):
        bots = [RandomBot(seed=2 * i), RandomBot(seed=2 * i + 1)]
        state = new_game(["A", "B"], seed=i)
        stop = 10 + (7 * i) % 21
        while not is_over(state) and state.turn_number < stop:
            state = apply(state, bots[state.current].choose(state))
        if not is_over(state):
            found.append(state)
    return found


def count_moves(state: GameState) -> int:
    return len(legal_moves(state))


def list_moves(state: GameState) -> list[Move]:
    return list(legal_moves(state))


def list_placements(state: GameState) -> list[Place]:
    return list(legal_moves(state).placements())


def bench_positions(states: list[GameState], repeats: int) -> tuple[list[Row], list[int]]:
    """Rows for counting, listing and applying on ``states``, and each state's time to list its placements."""
    counts = [timed(partial(count_moves, s), repeats) for s in states]
    lists = [timed(partial(list_moves, s), repeats) for s in states]
    places = [timed(partial(list_placements, s), repeats) for s in states]
    applies = []
    for state in states:
        move = next(legal_moves(state).placements(), None)
        if move is not None:
            applies.append(timed(partial(apply, state, move), repeats))
    sizes = [len(legal_moves(s)) for s in states]
    note = f"median {statistics.median(sizes):g} moves, {statistics.median(len(s.board) for s in states):g} tiles"
    rows = [
        ("len(legal_moves(state))", len(counts), counts, note),
        ("list(legal_moves(state))", len(lists), lists, note),
        ("list(legal_moves(state).placements())", len(places), places, "placements only"),
        ("apply(state, placement)", len(applies), applies, "the first placement listed"),
    ]
    return rows, places


def bench_games(games: int) -> list[Row]:
    """Rows for whole self-play games of random bots and of greedy bots."""
    rows = []
    for label, bot in (("random", RandomBot), ("greedy", GreedyBot)):
        times, turns = [], []
        for game in range(games):
            bots = [bot(2 * game), bot(2 * game + 1)]
            start = time.perf_counter_ns()
            final = play_game(bots, seed=game)
            times.append(time.perf_counter_ns() - start)
            turns.append(final.turn_number)
        rows.append((f"{label} self-play game", games, times, f"median {statistics.median(turns):g} turns"))
    return rows


def bench_brute(states: list[GameState], engine: list[int], budget_s: float) -> tuple[list[Row], list[str]]:
    """Rows timing ``tests/brute.py``'s ``brute_placements`` on ``states``, within ``budget_s`` seconds."""
    sys.path.insert(0, str(ROOT))
    try:
        from tests.brute import brute_placements
    except Exception as error:  # the baseline is optional: any failure to import means "not available"
        return [], [f"naive baseline unavailable: tests/brute.py could not be imported ({error!r})"]
    brute, ratios, agree = [], [], 0
    deadline = time.perf_counter() + budget_s
    for state, engine_ns in zip(states, engine, strict=True):
        if time.perf_counter() > deadline:
            break
        start = time.perf_counter_ns()
        found = brute_placements(state)
        took = time.perf_counter_ns() - start
        brute.append(took)
        ratios.append(took / max(engine_ns, 1))
        agree += found == set(legal_moves(state).placements())
    if not brute:
        return [], ["naive baseline: no position fitted in the time budget"]
    rows: list[Row] = [("brute_placements(state)", len(brute), brute, "tests/brute.py, one run each")]
    notes = [
        f"naive baseline / engine, listing placements: median ratio {statistics.median(ratios):.0f}x, "
        f"p90 {p90([round(r) for r in ratios])}x, on {len(brute)} of {len(states)} positions",
        f"brute force and engine list the same placements on {agree} of {len(brute)} positions",
    ]
    return rows, notes


def table(rows: list[Row]) -> str:
    """The rows as an aligned text table."""
    head = ("what", "n", "median", "p90", "note")
    body = [(what, str(n), human(statistics.median(ns)), human(p90(ns)), note) for what, n, ns, note in rows]
    widths = [max(len(line[i]) for line in (head, *body)) for i in range(4)]
    out = []
    for line in (head, *body):
        cells = [line[0].ljust(widths[0]), *(line[i].rjust(widths[i]) for i in (1, 2, 3)), line[4]]
        out.append("  ".join(cells).rstrip())
    out.insert(1, "-" * len(out[0]))
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=30, help="self-play games per bot (default: 30)")
    parser.add_argument("--positions", type=int, default=50, help="mid-game positions (default: 50)")
    parser.add_argument("--repeats", type=int, default=5, help="timings per position, median kept (default: 5)")
    parser.add_argument(
        "--brute-seconds", type=float, default=20.0, help="time budget of the naive baseline (default: 20)"
    )
    options = parser.parse_args(argv)
    if min(options.games, options.positions, options.repeats) < 1:
        parser.error("--games, --positions and --repeats must be at least 1")
    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
        f"{platform.system()} {platform.release()}, {os.cpu_count()} CPUs"
    )
    started = time.perf_counter()
    states = positions(options.positions)
    rows, engine = bench_positions(states, options.repeats)
    rows += bench_games(options.games)
    brute_rows, notes = bench_brute(states, engine, options.brute_seconds)
    print(table(rows + brute_rows))
    for note in notes:
        print(note)
    print(f"total {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
