"""The move generator's windows score what the scorer says: its table of line points is the scorer's, not a copy.

The window search adds up a window's line points from
:func:`qwirkle.scoring.line_points_table` as it grows each window, rather than
asking :func:`qwirkle.scoring.score_placed` once per window, which would make
counting a fresh position some 60% slower. This keeps the two in step: on every
position of the benchmark corpus, each window's points are what the scorer
gives the cells it fills (the tiles do not matter to the points).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from qwirkle import GameState
from qwirkle._engine.movegen import end_bonuses, top, windows
from qwirkle.scoring import goes_out, score_placed
from tests.helpers import module_from_path

ROOT = Path(__file__).resolve().parents[1]
_corpus = module_from_path("qwirkle_benchmark_corpus", ROOT / "benchmarks" / "corpus.py")
STATES: list[GameState] = [entry.state() for entry in _corpus.load(ROOT / "benchmarks" / "data" / "corpus.json")]


def test_every_window_scores_what_the_scorer_gives_its_cells() -> None:
    checked = 0
    for state in STATES:
        if state.outcome is not None:
            continue
        grid = state.board._grid
        for keys, _, points in windows(state.board, [t.index for t in state.hand], state.rules):
            assert points == score_placed(grid, dict.fromkeys(keys, 0), state.rules).total
            checked += 1
    assert checked > 10_000


@pytest.mark.parametrize(("held", "bag"), [(1, 0), (3, 0), (6, 0), (3, 1), (6, 40)])
def test_the_end_bonus_by_size_is_what_goes_out_says(held: int, bag: int) -> None:
    bonus = end_bonuses(held, bag, 6)
    assert [size for size, points in enumerate(bonus) if points] == [
        size for size in range(len(bonus)) if goes_out(size, held, bag)
    ]
    assert set(bonus) <= {0, 6}


def test_the_top_score_counts_the_end_bonus_only_with_the_bag_empty() -> None:
    state = next(s for s in STATES if s.outcome is None and s.board and s.bag)
    found = windows(state.board, [t.index for t in state.hand], state.rules)
    held = len(state.hand)
    assert top(found, held, 6, len(state.bag))[0] == top(found, held, 0)[0]
    assert top(found, held, 6)[0] >= top(found, held, 0)[0]
