"""The benchmark suite: the engine's hot paths on the position corpus, self-play, memory, and a naive baseline.

Run from the repository root, with the project installed::

    python benchmarks/bench.py                 # the full suite, about 3 minutes on 2 CPUs
    python benchmarks/bench.py --quick         # a smaller run, under a minute
    python benchmarks/bench.py --games 500 --json out.json

Every per-position figure is the median of ``--repeats`` timings, back to
back, of one call on one position of ``benchmarks/data/corpus.json``; the
table gives the median, 90th and 99th percentile of those over the corpus. *Cold* calls get a state
rebuilt from the corpus, whose board has derived nothing yet; *warm* calls
reuse a state whose board already did (the engine caches a board's frontier
and, from its third search on, what fits each cell and the ends of its
anchors' lines: see ``qwirkle._engine.anchors``).
The brute-force enumerator of the test suite is timed on the same positions
in the same run, back to back with the engine, so that the ratio holds on a
noisy machine even when the absolute figures do not.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import io
import json
import math
import os
import platform
import pstats
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any, Final, Protocol

from corpus import CORPUS, Entry, load

import qwirkle
from qwirkle import GameState, Move, Pass, Place, Tile, apply, legal_moves, score

ROOT: Final = Path(__file__).resolve().parents[1]
MAX_TURNS: Final = 10_000
WARM_SEARCHES: Final = 3
"""Searches of a warm state's board before it is timed: enough for the engine to keep all it keeps."""


# --- Figures and the table ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """A bound on a row's median: at most ``bound`` (times, memory) or at least ``bound`` (rates, ratios)."""

    bound: float
    at_least: bool = False

    def met(self, value: float) -> bool:
        return value >= self.bound if self.at_least else value <= self.bound

    def __str__(self) -> str:
        return f"{'>=' if self.at_least else '<='} {self.bound:g}"


@dataclass
class Row:
    """One line of the table: a figure over ``n`` samples."""

    label: str
    unit: str
    samples: list[float]
    target: Target | None = None
    note: str = ""
    higher_is_better: bool = False
    single: bool = False
    """A single figure (such as games per second), not a distribution: only the median column is filled."""
    count: int | None = None
    """What ``n`` shows when it is not the number of samples (the games behind a single rate)."""

    @property
    def n(self) -> int:
        return len(self.samples) if self.count is None else self.count

    def median(self) -> float:
        return statistics.median(self.samples) if self.samples else math.nan

    def tail(self, share: float) -> float:
        """The value ``share`` of the samples do at least as well as (nearest rank), on the slow or small side."""
        if not self.samples:
            return math.nan
        ordered = sorted(self.samples, reverse=self.higher_is_better)
        return ordered[max(0, math.ceil(share * len(ordered)) - 1)]

    def ok(self) -> bool | None:
        if self.target is None or not self.samples:
            return None
        return self.target.met(self.median())

    def to_json(self, section: str) -> dict[str, Any]:
        single = self.single or not self.samples
        return {
            "section": section,
            "figure": self.label,
            "unit": self.unit,
            "n": self.n,
            "median": None if not self.samples else self.median(),
            "p90": None if single else self.tail(0.9),
            "p99": None if single else self.tail(0.99),
            "target": None if self.target is None else str(self.target),
            "ok": self.ok(),
            "note": self.note,
        }


@dataclass
class Section:
    title: str
    rows: list[Row] = field(default_factory=list)
    brief: str = ""
    """What names the section's rows in the list of missed targets, where their labels repeat another section's."""


def number(value: float) -> str:
    if math.isnan(value):
        return "-"
    if value >= 100:
        return f"{value:,.0f}"
    if value >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def render(sections: Sequence[Section]) -> str:
    """The sections as one aligned text table."""
    head = ("figure", "n", "median", "p90", "p99", "unit", "target", "", "note")
    lines: list[tuple[str, ...] | str] = []
    for section in sections:
        lines.append(section.title)
        for row in section.rows:
            single = row.single or not row.samples
            ok = row.ok()
            lines.append(
                (
                    "  " + row.label,
                    str(row.n),
                    number(row.median()),
                    "" if single else number(row.tail(0.9)),
                    "" if single else number(row.tail(0.99)),
                    row.unit,
                    "" if row.target is None else str(row.target),
                    "" if ok is None else ("ok" if ok else "FAIL"),
                    row.note,
                )
            )
    cells = [head, *(line for line in lines if isinstance(line, tuple))]
    widths = [max(len(line[i]) for line in cells) for i in range(len(head))]
    left = {0, 5, 6, 7, 8}

    def fmt(line: tuple[str, ...]) -> str:
        parts = [
            cell.ljust(w) if i in left else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths, strict=True))
        ]
        return "  ".join(parts).rstrip()

    out = [fmt(head), "-" * len(fmt(head))]
    for line in lines:
        out.append(line if isinstance(line, str) else fmt(line))
    return "\n".join(out)


# --- Timing ---------------------------------------------------------------------------------------------------------


def _noop() -> None:
    return None


def call_overhead_ns() -> float:
    """What timing an empty call costs, in ns; subtracted from every timing so small figures are not inflated."""
    times = []
    for _ in range(2000):
        start = time.perf_counter_ns()
        _noop()
        times.append(time.perf_counter_ns() - start)
    return statistics.median(times)


class Clock:
    """Times calls, in µs, as the median of ``repeats`` runs less the cost of timing an empty call."""

    def __init__(self, repeats: int) -> None:
        self.repeats = repeats
        self.overhead = call_overhead_ns()

    def once(self, call: Callable[[], object]) -> int:
        """One timing of ``call``, in ns, as measured."""
        start = time.perf_counter_ns()
        call()
        return time.perf_counter_ns() - start

    def us(self, times: Sequence[int]) -> float:
        """The median of timings in ns, less the overhead, in µs."""
        return max(0.0, statistics.median(times) - self.overhead) / 1000

    def call(self, call: Callable[[], object], repeats: int | None = None) -> float:
        times = []
        for _ in range(self.repeats if repeats is None else repeats):
            times.append(self.once(call))
        return self.us(times)

    def each(self, op: Callable[[GameState], object], states: Sequence[GameState]) -> float:
        """The median time of ``op`` on each of ``states``, once each (for calls that must get a fresh state)."""
        return self.us([self.once(partial(op, state)) for state in states])


def count(state: GameState) -> int:
    return len(legal_moves(state))


def build(state: GameState) -> list[Move]:
    return list(legal_moves(state))


def best(state: GameState) -> object:
    return legal_moves(state).best()


def contains(state: GameState, move: Move) -> bool:
    return move in legal_moves(state)


# --- The positions --------------------------------------------------------------------------------------------------


def canonical(move: Place) -> tuple[int, ...]:
    """A sort key of a placement that does not depend on the order the engine lists moves in."""
    return tuple(n for (x, y), tile in move.placements for n in (x, y, tile.index))


@dataclass
class Case:
    """A corpus position with the moves the figures use."""

    entry: Entry
    warm: GameState
    """A state whose board has already derived what the move generator needs."""
    legal: Move
    """A legal move: ``placement`` when there is one, else an exchange or the pass."""
    illegal: Place | None
    """A one-tile placement of a tile of the hand next to the table, where it does not fit."""
    placement: Place | None
    """The best-scoring placement, ties broken by cells and tiles: what a greedy player would play."""
    moves: int


def illegal_single(state: GameState, legal: set[Place]) -> Place | None:
    """The first one-tile placement, by cell then tile, of a tile in hand next to the table that is illegal."""
    if state.board:
        cells = sorted(
            {(x + dx, y + dy) for x, y in state.board for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
            - set(state.board)
        )
    else:
        cells = [(0, 0)]
    for cell in cells:
        for tile in sorted(set(state.hand)):
            move = Place({cell: tile})
            if move not in legal:
                return move
    return None


def prepare(entries: Sequence[Entry]) -> list[Case]:
    cases = []
    for entry in entries:
        state = entry.state()
        moves = legal_moves(state)
        total = len(moves)
        scored = list(moves.scored())
        placement = None
        if scored:
            top = max(points for _, points in scored)
            placement = min((move for move, points in scored if points == top), key=canonical)
        legal: Move
        if placement is not None:
            legal = placement
        else:
            exchanges = sorted(moves.exchanges(), key=lambda move: [tile.index for tile in move.tiles])
            legal = exchanges[0] if exchanges else Pass()
        illegal = illegal_single(state, {move for move, _ in scored})
        if legal not in legal_moves(state) or (illegal is not None and illegal in legal_moves(state)):
            raise RuntimeError(f"{entry.id}: the probe moves are not what they should be")
        # Warm: searched until the board keeps all it keeps, so that every timed call finds the same.
        for _ in range(WARM_SEARCHES):
            len(legal_moves(state))
        cases.append(Case(entry, state, legal, illegal, placement, total))
    return cases


def progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@dataclass
class Timings:
    """Per-position timings of the engine, µs, by figure; positions without the move a figure needs are left out."""

    values: dict[str, list[float]] = field(default_factory=dict)
    tags: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)

    def add(self, figure: str, value: float, tags: tuple[str, ...]) -> None:
        self.values.setdefault(figure, []).append(value)
        self.tags.setdefault(figure, []).append(tags)


def time_engine(cases: Sequence[Case], clock: Clock) -> Timings:
    """Time every figure on every position, ``clock.repeats`` times back to back, and keep each position's median.

    Back to back, so that what is timed is the call and not the cache misses
    left by whatever ran before it; cold calls get a new state each time.
    """
    out = Timings()
    started = time.perf_counter()
    for i, case in enumerate(cases):
        entry, warm, tags = case.entry, case.warm, case.entry.tags
        for figure, op in (("len", count), ("list", build), ("best", best)):
            out.add(f"{figure} cold", clock.each(op, [entry.state() for _ in range(clock.repeats)]), tags)
            out.add(f"{figure} warm", clock.call(partial(op, warm)), tags)
        out.add("in legal", clock.call(partial(contains, warm, case.legal)), tags)
        if case.illegal is not None:
            out.add("in illegal", clock.call(partial(contains, warm, case.illegal)), tags)
        if case.placement is not None:
            out.add("score", clock.call(partial(score, warm, case.placement)), tags)
            out.add("apply", clock.call(partial(apply, warm, case.placement)), tags)
        if i % 50 == 49:
            gc.collect()
            progress(f"  engine: {i + 1} of {len(cases)} positions ({time.perf_counter() - started:.0f} s)")
    return out


# --- The naive baseline ---------------------------------------------------------------------------------------------


class Naive(Protocol):
    """The brute-force reading of the rules in ``tests/brute.py``, as the baseline uses it."""

    def moves(self, state: GameState) -> object: ...
    def best(self, state: GameState) -> object: ...
    def is_legal(self, state: GameState, move: Move) -> bool: ...
    def score(self, state: GameState, move: Place) -> int: ...


def naive_baseline() -> tuple[Naive | None, str]:
    """The baseline from ``tests/brute.py``, or ``None`` and why it is not available."""
    sys.path.insert(0, str(ROOT))
    try:
        from tests import brute
    except Exception as error:  # the baseline is optional: any failure to import means "not available"
        return None, f"tests/brute.py could not be imported ({error!r})"

    class Brute:
        def moves(self, state: GameState) -> object:
            return brute.brute_moves(state)

        def best(self, state: GameState) -> object:
            board = dict(state.board.items())
            found = brute.brute_placements(state)
            if not found:
                return None
            return max(found, key=lambda move: self.points(state, board, move))

        def is_legal(self, state: GameState, move: Move) -> bool:
            return brute.brute_is_legal(state, move)

        def score(self, state: GameState, move: Place) -> int:
            return self.points(state, dict(state.board.items()), move)

        @staticmethod
        def points(state: GameState, board: dict[tuple[int, int], Tile], move: Place) -> int:
            return brute.naive_score(board, dict(move.placements), state.rules) + brute.end_bonus(state, move)

    return Brute(), "tests/brute.py"


@dataclass
class Baseline:
    """Per-position timings of the naive baseline and of the engine, taken back to back, µs."""

    naive: dict[str, list[float]] = field(default_factory=dict)
    ratio: dict[str, list[float]] = field(default_factory=dict)
    positions: int = 0

    def add(self, figure: str, naive_us: float, engine_us: float) -> None:
        self.naive.setdefault(figure, []).append(naive_us)
        self.ratio.setdefault(figure, []).append(naive_us / max(engine_us, 0.01))


def time_baseline(naive: Naive, cases: Sequence[Case], clock: Clock, budget_s: float) -> Baseline:
    """Time the baseline on positions drawn in a fixed random order until ``budget_s`` seconds are spent.

    The slow brute-force calls run once per position; the engine is timed
    right before each, on the same position, so both see the same machine load.
    """
    out = Baseline()
    order = list(cases)
    random.Random(2024).shuffle(order)
    deadline = time.perf_counter() + budget_s
    for case in order:
        if time.perf_counter() > deadline:
            break
        entry, warm = case.entry, case.warm
        fresh = entry.state()
        engine_len = clock.each(count, [entry.state() for _ in range(clock.repeats)])
        engine_list = clock.each(build, [entry.state() for _ in range(clock.repeats)])
        naive_moves = clock.call(partial(naive.moves, fresh), repeats=1)
        out.add("len cold", naive_moves, engine_len)
        out.add("list cold", naive_moves, engine_list)
        engine_best = clock.each(best, [entry.state() for _ in range(clock.repeats)])
        out.add("best cold", clock.call(partial(naive.best, fresh), repeats=1), engine_best)
        for figure, move in (("in legal", case.legal), ("in illegal", case.illegal)):
            if move is not None:
                engine_us = clock.call(partial(contains, warm, move))
                out.add(figure, clock.call(partial(naive.is_legal, warm, move)), engine_us)
        if case.placement is not None:
            engine_us = clock.call(partial(score, warm, case.placement))
            out.add("score", clock.call(partial(naive.score, warm, case.placement)), engine_us)
        out.positions += 1
    return out


# --- Self-play ------------------------------------------------------------------------------------------------------


def random_game(seed: int, engine: ModuleType = qwirkle) -> GameState:
    """A two-player game where each turn builds every legal move and plays one drawn uniformly.

    ``engine`` is the ``qwirkle`` package that plays it: ``ab.py`` passes another version's.
    """
    rng = random.Random(seed)
    state = engine.new_game(["A", "B"], seed=seed)
    while state.outcome is None:
        if state.turn_number >= MAX_TURNS:
            raise RuntimeError(f"random game {seed} did not end")
        moves = list(engine.legal_moves(state))
        state = engine.apply(state, moves[rng.randrange(len(moves))])
    return state


def greedy_game(seed: int, engine: ModuleType = qwirkle) -> GameState:
    """A two-player game where each turn plays the best-scoring placement, else the largest exchange, else passes."""
    state = engine.new_game(["A", "B"], seed=seed)
    while state.outcome is None:
        if state.turn_number >= MAX_TURNS:
            raise RuntimeError(f"greedy game {seed} did not end")
        moves = engine.legal_moves(state)
        found = moves.best()
        move: Move
        if found is not None:
            move = found[0]
        else:
            exchanges = list(moves.exchanges())
            move = max(exchanges, key=len) if exchanges else engine.Pass()
        state = engine.apply(state, move)
    return state


GAMES: Final = {"random": random_game, "greedy": greedy_game}


@dataclass
class Played:
    """Self-play results of one kind of game: each game's CPU and wall-clock time in ms, and its turns."""

    cpu: list[float] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    turns: list[int] = field(default_factory=list)


def time_games(kind: str, games: int) -> Played:
    """Play ``games`` seeded games of one kind, timing each.

    A game lasts long enough for the scheduler to hand the core to someone
    else midway, so the rate is taken from the process's CPU time, which
    does not count the wait; the wall-clock rate is shown beside it.
    """
    play = GAMES[kind]
    out = Played()
    for seed in range(games):
        gc.collect()
        wall = time.perf_counter_ns()
        cpu = time.process_time_ns()
        final = play(seed)
        out.cpu.append((time.process_time_ns() - cpu) / 1e6)
        out.wall.append((time.perf_counter_ns() - wall) / 1e6)
        out.turns.append(final.turn_number)
    return out


# --- The adapters ---------------------------------------------------------------------------------------------------


def pettingzoo_game(seed: int) -> int:
    """A two-player game of the PettingZoo environment, each agent taking a uniform legal action; its turns."""
    import numpy as np

    from qwirkle.adapters.pettingzoo import QwirkleEnv

    env = QwirkleEnv(players=2)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return env.game.turn_number


def openspiel_game(seed: int) -> int:
    """A two-player game of ``python_qwirkle``, uniform legal actions and chance outcomes drawn by weight; its turns."""
    import pyspiel

    import qwirkle.adapters.openspiel

    rng = random.Random(seed)
    state = pyspiel.load_game("python_qwirkle").new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert isinstance(state, qwirkle.adapters.openspiel.QwirkleState)
    assert state.game_state is not None
    return state.game_state.turn_number


ADAPTERS: Final = {"PettingZoo": ("pettingzoo", pettingzoo_game), "OpenSpiel": ("pyspiel", openspiel_game)}


def time_adapters(games: int) -> tuple[dict[str, Played], list[str]]:
    """Play ``games`` random games through each adapter whose package is installed; the notes on the others."""
    import importlib.util

    out: dict[str, Played] = {}
    missing = []
    for name, (module, play) in ADAPTERS.items():
        if importlib.util.find_spec(module) is None:
            missing.append(f"{name}: {module} is not installed (pip install -e '.[rl]')")
            continue
        play(games)  # the first game pays for the imports
        played = Played()
        for seed in range(games):
            gc.collect()
            wall = time.perf_counter_ns()
            cpu = time.process_time_ns()
            played.turns.append(play(seed))
            played.cpu.append((time.process_time_ns() - cpu) / 1e6)
            played.wall.append((time.perf_counter_ns() - wall) / 1e6)
        out[name] = played
    return out, missing


def adapter_section(results: dict[str, Played]) -> Section:
    section = Section("adapters, 2 players, uniform legal actions (one action a tile; CPU time)")
    for name, played in results.items():
        cpu_s, wall_s = sum(played.cpu) / 1000, sum(played.wall) / 1000
        note = f"wall clock {len(played.wall) / wall_s:.3g} games/s; median {statistics.median(played.turns):g} turns"
        section.rows.append(
            Row(
                f"random {name} games per second",
                "games/s",
                [len(played.cpu) / cpu_s],
                Target(20.0, at_least=True),
                note,
                single=True,
                count=len(played.cpu),
            )
        )
    return section


# --- Memory ---------------------------------------------------------------------------------------------------------


@dataclass
class Memory:
    """Allocation deltas in KiB measured with tracemalloc."""

    state: list[float] = field(default_factory=list)
    state_peak: list[float] = field(default_factory=list)
    state_frontier: list[float] = field(default_factory=list)
    games: dict[str, tuple[list[float], list[float], list[float]]] = field(default_factory=dict)


def _traced() -> int:
    return tracemalloc.get_traced_memory()[0]


def measure_memory(cases: Sequence[Case], games: int) -> Memory:
    """What a new state costs beyond what it shares with its parent, and what a whole game keeps.

    A state is measured as what ``apply`` allocates and the new state keeps
    alive: the tiles, and whatever the new state shares with the old one,
    were allocated before and do not count. Its frontier, derived by the
    first ``legal_moves`` call on it, is measured apart. A game is measured
    as what its final state keeps (the history of every turn), and the peak
    while it was played.
    """
    out = Memory()
    tracemalloc.start()
    try:
        for case in cases:
            if case.placement is None:
                continue
            gc.collect()
            before = _traced()
            tracemalloc.reset_peak()
            child = apply(case.warm, case.placement)
            after, peak = tracemalloc.get_traced_memory()
            len(legal_moves(child))
            derived = _traced()
            del child
            out.state.append((after - before) / 1024)
            out.state_peak.append((peak - before) / 1024)
            out.state_frontier.append((derived - before) / 1024)
        for kind, play in GAMES.items():
            kept, peaks, per_turn = [], [], []
            for seed in range(games):
                gc.collect()
                before = _traced()
                tracemalloc.reset_peak()
                final = play(seed)
                gc.collect()
                after, peak = tracemalloc.get_traced_memory()
                kept.append((after - before) / 1024)
                peaks.append((peak - before) / 1024)
                per_turn.append((after - before) / max(final.turn_number, 1))
                del final
            out.games[kind] = kept, peaks, per_turn
    finally:
        tracemalloc.stop()
    return out


# --- The run --------------------------------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpu": cpu,
        "cpus": os.cpu_count(),
        "load": os.getloadavg() if hasattr(os, "getloadavg") else None,
    }


def engine_sections(timings: Timings, cases: Sequence[Case], repeats: int) -> Section:
    v = timings.values
    moves = f"median {statistics.median(case.moves for case in cases):g} moves, max {max(c.moves for c in cases)}"
    return Section(
        f"engine, per position (median of {repeats} calls each; cold: fresh state, warm: board searched before)",
        [
            Row("len(legal_moves(s)), cold", "us", v["len cold"], None, moves),
            Row("len(legal_moves(s)), warm", "us", v["len warm"]),
            Row("list(legal_moves(s)), cold", "us", v["list cold"], None, "every move object built"),
            Row("list(legal_moves(s)), warm", "us", v["list warm"]),
            Row("legal_moves(s).best(), cold", "us", v["best cold"], None, "the greedy choice"),
            Row("legal_moves(s).best(), warm", "us", v["best warm"]),
            Row("legal move in legal_moves(s)", "us", v["in legal"], None, "the best placement"),
            Row("illegal move in legal_moves(s)", "us", v.get("in illegal", []), None, "a misfit tile"),
            Row("score(s, move)", "us", v.get("score", []), None, "the best placement"),
            Row("apply(s, placement)", "us", v.get("apply", []), None, "the best placement"),
        ],
    )


NAIVE_ROWS: Final = (
    ("len cold", "len(legal_moves(s)), cold", "brute_moves: counting is listing"),
    ("list cold", "list(legal_moves(s)), cold", "brute_moves"),
    ("best cold", "legal_moves(s).best(), cold", "brute_placements, then naive_score"),
    ("in legal", "legal move in legal_moves(s)", "brute_is_legal"),
    ("in illegal", "illegal move in legal_moves(s)", "brute_is_legal"),
    ("score", "score(s, move)", "naive_score + end_bonus"),
)


def baseline_sections(baseline: Baseline, total: int, source: str) -> list[Section]:
    naive = Section(f"naive baseline ({source}), on {baseline.positions} of {total} positions")
    ratio = Section(
        "naive / engine, per position, back to back (higher is better; p90, p99: reached by 90%, 99%)",
        brief="naive / engine",
    )
    for key, label, how in NAIVE_ROWS:
        naive.rows.append(Row(label, "us", baseline.naive.get(key, []), note=how))
        ratio.rows.append(Row(label, "x", baseline.ratio.get(key, []), higher_is_better=True))
    naive.rows.append(Row("apply(s, placement)", "us", [], note="no naive apply"))
    return [naive, ratio]


GREEDY_FLOOR: Final = 80.0
"""Greedy self-play games a second that the specification keeps on a quiet machine (``docs/performance.md``)."""


def game_section(results: dict[str, Played]) -> Section:
    section = Section("self-play, 2 players, seeds 0 to N-1 (random builds every legal move each turn; CPU time)")
    # The specification's one floor in games: its speed targets belong to the native engine.
    for kind, target in (("random", None), ("greedy", GREEDY_FLOOR)):
        played = results[kind]
        if not played.cpu:
            continue
        cpu_s, wall_s = sum(played.cpu) / 1000, sum(played.wall) / 1000
        rate = len(played.cpu) / cpu_s
        note = f"wall clock {len(played.wall) / wall_s:.3g} games/s; {sum(played.turns) / cpu_s:,.0f} turns/s"
        section.rows.append(
            Row(
                f"{kind} games per second",
                "games/s",
                [rate],
                None if target is None else Target(target, at_least=True),
                note,
                single=True,
                count=len(played.cpu),
            )
        )
        turns = f"median {statistics.median(played.turns):g} turns"
        section.rows.append(Row(f"{kind} game", "ms", played.cpu, note=turns))
    return section


def memory_section(memory: Memory) -> Section:
    section = Section("memory (tracemalloc, KiB; a state: what apply allocates and the new state keeps)")
    section.rows += [
        Row("one state, apply of the best placement", "KiB", memory.state, Target(8)),
        Row("one state, peak during apply", "KiB", memory.state_peak),
        Row("one state and its frontier", "KiB", memory.state_frontier, note="after one legal_moves"),
    ]
    for kind, (kept, peaks, per_turn) in memory.games.items():
        note = f"{statistics.median(per_turn):.0f} bytes a turn" if per_turn else ""
        section.rows.append(Row(f"{kind} game, final state with history", "KiB", kept, note=note))
        section.rows.append(Row(f"{kind} game, peak while played", "KiB", peaks))
    return section


CATEGORY_ORDER: Final = (
    "opening",
    "early",
    "middle",
    "late",
    "empty_bag",
    "two_players",
    "four_players",
    "random_bots",
    "greedy_bots",
    "adversarial",
)
CATEGORY_FIGURES: Final = ("len cold", "list cold", "best cold", "in legal", "apply")


def categories(timings: Timings) -> dict[str, dict[str, float]]:
    """The median of some figures by corpus category (tag), in a fixed order of tags."""
    found = {tag for row in timings.tags["len cold"] for tag in row}
    order = [tag for tag in CATEGORY_ORDER if tag in found] + sorted(found - set(CATEGORY_ORDER))
    out: dict[str, dict[str, float]] = {}
    for tag in order:
        out[tag] = {"n": sum(tag in t for t in timings.tags["len cold"])}
        for figure in CATEGORY_FIGURES:
            pairs = zip(timings.values.get(figure, []), timings.tags.get(figure, []), strict=True)
            values = [v for v, t in pairs if tag in t]
            out[tag][figure] = statistics.median(values) if values else math.nan
    return out


def category_table(timings: Timings) -> str:
    """The median figures by corpus category, to see where the time goes."""
    figures = CATEGORY_FIGURES
    table = categories(timings)
    head = ("category", "n", *figures)
    lines: list[tuple[str, ...]] = [head]
    for tag, medians in table.items():
        lines.append((tag, f"{medians['n']:.0f}", *(number(medians[figure]) for figure in figures)))
    widths = [max(len(line[i]) for line in lines) for i in range(len(head))]
    out = [
        "  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(line, widths, strict=True)))
        for line in lines
    ]
    return "\n".join(["median us by category", *out])


# --- Profiles -------------------------------------------------------------------------------------------------------


PROFILED: Final[dict[str, Callable[[GameState], object]]] = {"len": count, "list": build, "best": best}


def profile(operation: str, cases: Sequence[Case], games: int, rows: int = 25) -> str:
    """Where one operation spends its time: cProfile's table by own time, over the corpus or over self-play.

    ``len``, ``list`` and ``best`` run once on a fresh state of each position
    (the cold figures: the frontier included), ``apply`` plays each
    position's best placement, ``greedy`` and ``random`` play ``games`` games.
    The profiler adds a cost to every call, so small functions look bigger
    than they are: read the shares, not the times.
    """
    profiler = cProfile.Profile()
    if operation in GAMES:
        play = GAMES[operation]
        profiler.enable()
        for seed in range(games):
            play(seed)
        profiler.disable()
    elif operation == "apply":
        pairs = [(case.warm, case.placement) for case in cases if case.placement is not None]
        profiler.enable()
        for state, move in pairs:
            apply(state, move)
        profiler.disable()
    else:
        op = PROFILED[operation]
        states = [case.entry.state() for case in cases]
        profiler.enable()
        for state in states:
            op(state)
        profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(rows)
    return out.getvalue()


def shown(path: Path) -> str:
    """``path`` relative to the working directory when it is inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def subset(entries: list[Entry], share: int) -> list[Entry]:
    """Every ``share``-th position, so that a quick run keeps every category."""
    return entries[::share]


def missed(sections: Sequence[Section]) -> list[str]:
    """The figures whose targets were missed, each named so that no two read alike."""
    return [
        f"{section.brief}, {row.label}" if section.brief else row.label
        for section in sections
        for row in section.rows
        if row.ok() is False
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="a third of the corpus, fewer repeats and games")
    parser.add_argument("--games", type=int, default=None, help="self-play games of each kind (default: 200, quick 30)")
    parser.add_argument(
        "--adapter-games", type=int, default=None, help="random games through each adapter (default: 40, quick 10)"
    )
    parser.add_argument("--json", type=Path, default=None, metavar="PATH", help="also write every figure as JSON")
    parser.add_argument("--repeats", type=int, default=None, help="timings per position (default: 7, quick 3)")
    parser.add_argument(
        "--baseline-seconds",
        type=float,
        default=None,
        help="time budget of the naive baseline (default: 120, quick 10)",
    )
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="the position corpus")
    parser.add_argument(
        "--profile",
        choices=[*PROFILED, "apply", *GAMES],
        default=None,
        help="instead of timing, show where one operation spends its time (cProfile)",
    )
    options = parser.parse_args(argv)
    quick: bool = options.quick
    games: int = options.games if options.games is not None else (30 if quick else 200)
    repeats: int = options.repeats if options.repeats is not None else (3 if quick else 7)
    budget: float = options.baseline_seconds if options.baseline_seconds is not None else (10.0 if quick else 120.0)
    memory_games = 3 if quick else 10
    adapter_games: int = options.adapter_games if options.adapter_games is not None else (10 if quick else 40)
    if games < 1 or repeats < 1 or budget < 0:
        parser.error("--games and --repeats must be at least 1, --baseline-seconds at least 0")

    started = time.perf_counter()
    host = machine()
    entries = load(options.corpus)
    if quick:
        entries = subset(entries, 3)
    print(f"Python {host['python']} ({host['implementation']}), {host['platform']}, {host['cpu']}, {host['cpus']} CPUs")
    load_avg = host["load"]
    if load_avg is not None:
        print(f"load average at start: {load_avg[0]:.2f} {load_avg[1]:.2f} {load_avg[2]:.2f}")
    print(f"corpus: {len(entries)} positions of {shown(options.corpus)}; {repeats} repeats; {games} games of each kind")

    cases = prepare(entries)
    if options.profile is not None:
        print(profile(options.profile, cases, games))
        return 0
    clock = Clock(repeats)
    gc.collect()
    gc.disable()
    try:
        progress("timing the engine on the corpus")
        timings = time_engine(cases, clock)
        naive, source = naive_baseline()
        baseline = None
        if naive is not None and budget > 0:
            progress(f"timing the naive baseline ({budget:g} s budget)")
            baseline = time_baseline(naive, cases, clock, budget)
        progress("self-play")
        played = {kind: time_games(kind, games) for kind in GAMES}
        progress("the adapters")
        adapted, unavailable = time_adapters(adapter_games)
    finally:
        gc.enable()
    progress("memory")
    memory = measure_memory(cases, memory_games)

    sections = [engine_sections(timings, cases, repeats)]
    if baseline is not None:
        sections += baseline_sections(baseline, len(cases), source)
    sections += [game_section(played)]
    if adapted:
        sections.append(adapter_section(adapted))
    sections.append(memory_section(memory))
    print()
    print(render(sections))
    if naive is None:
        print(f"naive baseline unavailable: {source}")
    for note in unavailable:
        print(f"adapter not timed: {note}")
    print()
    print(category_table(timings))
    fails = missed(sections)
    print()
    print(f"targets missed: {len(fails)}" + (f" ({'; '.join(fails)})" if fails else ""))
    print(f"clock overhead subtracted: {clock.overhead:.0f} ns a call; total {time.perf_counter() - started:.0f} s")
    if options.json is not None:
        report = {
            "machine": host,
            "options": {"quick": quick, "games": games, "repeats": repeats, "baseline_seconds": budget},
            "positions": len(cases),
            "figures": [row.to_json(section.title) for section in sections for row in section.rows],
            "categories_us": {
                tag: {k: None if math.isnan(v) else v for k, v in medians.items()}
                for tag, medians in categories(timings).items()
            },
            "seconds": time.perf_counter() - started,
        }
        options.json.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
