"""Time two versions of the engine side by side in one process, alternated call by call, and give their ratios.

The load of a shared machine changes from minute to minute: two full runs of
``bench.py`` on the same code differ by 10%, so two versions timed in turn by
separate runs cannot be told apart below that. This script imports both
versions into one process, each as a package of its own (a copy of its
``qwirkle`` package, renamed ``qwirkle_first`` and ``qwirkle_second``, its
imports rewritten to match), and alternates them call by call, so that both
meet the same load::

    git worktree add --detach /tmp/base HEAD~1
    python benchmarks/ab.py /tmp/base/src src                  # the corpus figures
    python benchmarks/ab.py /tmp/base/src src --games 300      # and self-play

On each position of the corpus (``benchmarks/data/corpus.json``): ``len`` and
``best()`` on a fresh state (*cold*) and on one whose board was searched
before (*warm*, searched as often as ``bench.py`` does), ``list`` cold, and
``apply`` of the best placement as listed. Each version's time on a position
is the fastest of ``--repeats`` calls, the two versions taking turns; a figure
is the median over the positions of each version's times and of the
positions' ratios, second over first (below 1, the second is faster). With
``--games``, ``bench.py``'s seeded random and greedy games are played by each
version in turn, game by game, in CPU time: the ratio of the total times and
the median of the games' ratios.

Two copies of one tree give corpus ratios within 0.3% of 1, and game ratios
within 3% over 60 random games, 1% over 300. Both versions must read this
checkout's corpus: the states pass from one to the other through
:func:`qwirkle.state_to_json` and :func:`qwirkle.state_from_json`.
"""

from __future__ import annotations

import argparse
import importlib
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any, Final

from bench import GAMES, WARM_SEARCHES
from corpus import load

import qwirkle

NAMES: Final = ("qwirkle_first", "qwirkle_second")
"""The names the two versions are imported under."""

_IMPORT: Final = re.compile(r"\bqwirkle(?=\.\w|\s+import\b|\s*$)", re.MULTILINE)
"""Where a module names its own package: ``qwirkle.x``, ``from qwirkle import``, ``import qwirkle``."""


def renamed(src: Path, name: str, into: Path) -> ModuleType:
    """The ``qwirkle`` package of ``src``, copied into ``into`` as ``name`` and imported."""
    package = src / "qwirkle"
    if not (package / "__init__.py").is_file():
        raise SystemExit(f"{src} holds no qwirkle package")
    shutil.copytree(package, into / name, ignore=shutil.ignore_patterns("__pycache__"))
    for module in (into / name).rglob("*.py"):
        module.write_text(_IMPORT.sub(name, module.read_text()))
    return importlib.import_module(name)


Op = Callable[[ModuleType, Any], float]
"""One timed call: given a version and its state, the µs the call took."""


def _timed(call: Callable[[], object]) -> float:
    start = time.perf_counter_ns()
    call()
    return (time.perf_counter_ns() - start) / 1000


def _cold(what: Callable[[Any], object]) -> Callable[[ModuleType, dict[str, Any]], float]:
    """A call on a state just read back, whose board has derived nothing yet."""

    def op(engine: ModuleType, data: dict[str, Any]) -> float:
        state = engine.state_from_json(data)
        return _timed(lambda: what(engine.legal_moves(state)))

    return op


def _warm(what: Callable[[Any], object]) -> Callable[[ModuleType, Any], float]:
    """A call on a state whose board was searched as often as ``bench.py``'s warm states are."""

    def op(engine: ModuleType, state: Any) -> float:
        return _timed(lambda: what(engine.legal_moves(state)))

    return op


def _probe(engine: ModuleType, state: Any) -> Any:
    """The move ``apply`` is timed with, as in ``bench.py``: a best-scoring placement as listed, so only scored."""
    scored = list(engine.legal_moves(state).scored())
    if not scored:
        return None
    top = max(points for _, points in scored)
    return min((move for move, points in scored if points == top), key=str)


def _apply(engine: ModuleType, probe: tuple[Any, Any]) -> float:
    state, move = probe
    return _timed(lambda: engine.apply(state, move))


FIGURES: Final[dict[str, tuple[str, Op]]] = {
    "len cold": ("json", _cold(len)),
    "best cold": ("json", _cold(lambda moves: moves.best())),
    "list cold": ("json", _cold(list)),
    "len warm": ("warm", _warm(len)),
    "best warm": ("warm", _warm(lambda moves: moves.best())),
    "apply": ("probe", _apply),
}
"""The corpus figures: what each call is given (the state's JSON, a warm state, or one and its probe), and the call."""


def corpus_figures(engines: tuple[ModuleType, ModuleType], repeats: int) -> dict[str, tuple[list[float], list[float]]]:
    """Each figure's times on every position, for each version: the fastest of ``repeats`` calls, taken in turns."""
    times: dict[str, tuple[list[float], list[float]]] = {figure: ([], []) for figure in FIGURES}
    for entry in load():
        data = qwirkle.state_to_json(entry.state())
        args: list[dict[str, Any]] = []
        for engine in engines:
            state = engine.state_from_json(data)
            for _ in range(WARM_SEARCHES):
                len(engine.legal_moves(state))
            args.append({"json": data, "warm": state, "probe": (state, _probe(engine, state))})
        for figure, (given, op) in FIGURES.items():
            if given == "probe" and args[0]["probe"][1] is None:
                continue
            best = [float("inf"), float("inf")]
            for repeat in range(repeats):
                # The order of the versions alternates, so that neither always runs right after the other.
                for i in (0, 1) if repeat % 2 == 0 else (1, 0):
                    best[i] = min(best[i], op(engines[i], args[i][given]))
            for i in (0, 1):
                times[figure][i].append(best[i])
    return times


def game_times(engines: tuple[ModuleType, ModuleType], kind: str, games: int) -> tuple[list[float], list[float]]:
    """The CPU seconds of each of ``games`` seeded games of ``kind``, for each version, played in turns."""
    play = GAMES[kind]
    for engine in engines:
        play(games, engine)  # imports and first-call caches, untimed
    out: tuple[list[float], list[float]] = ([], [])
    for seed in range(games):
        for i in (0, 1) if seed % 2 == 0 else (1, 0):
            start = time.process_time()
            play(seed, engines[i])
            out[i].append(time.process_time() - start)
    return out


def ratio_row(label: str, first: list[float], second: list[float], unit: str) -> str:
    ratios = [b / a for a, b in zip(first, second, strict=True)]
    return (
        f"{label:<12} {len(first):>5}  {statistics.median(first):>10.1f}  {statistics.median(second):>10.1f} {unit:<3}"
        f"  {statistics.median(ratios):>6.3f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description="Time two versions of the engine side by side in one process.")
    parser.add_argument("first", type=Path, help="the src folder of the first version (the base)")
    parser.add_argument("second", type=Path, help="the src folder of the second version")
    parser.add_argument("--repeats", type=int, default=5, help="calls per position and version (default: 5)")
    parser.add_argument("--games", type=int, default=0, help="random and greedy games of each version (default: 0)")
    parser.add_argument("--no-corpus", action="store_true", help="play the games only")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        sys.path.insert(0, folder)
        engines = (
            renamed(options.first, NAMES[0], Path(folder)),
            renamed(options.second, NAMES[1], Path(folder)),
        )
        print(f"first:  {options.first}\nsecond: {options.second}")
        print(f"{'figure':<12} {'n':>5}  {'first':>10}  {'second':>10}      {'second/first':>6}")
        if not options.no_corpus:
            for figure, (first, second) in corpus_figures(engines, options.repeats).items():
                print(ratio_row(figure, first, second, "us"), flush=True)
        for kind in GAMES if options.games else ():
            first, second = game_times(engines, kind, options.games)
            row = ratio_row(f"{kind} game", [t * 1000 for t in first], [t * 1000 for t in second], "ms")
            print(f"{row}  (totals: {sum(second) / sum(first):.3f})", flush=True)


if __name__ == "__main__":
    main()
