"""Scoring a placement: the lines it makes, Qwirkle bonuses, and the end bonus (Rules SCORE-1 to SCORE-8)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import attrs

from qwirkle.board import STRIDE, Cell, cell_of
from qwirkle.lines import MAX_LINE
from qwirkle.ruleset import RuleSet

__all__ = ["Score", "ScoredLine"]


@attrs.frozen
class ScoredLine:
    """One line a move created or extended, with every tile in it (Rule SCORE-1).

    >>> ScoredLine(cells=((0, 0), (1, 0), (2, 0)), qwirkle=False).points
    3
    """

    cells: tuple[Cell, ...]
    """The cells of the whole line, tiles already there included."""
    qwirkle: bool
    """Whether the move completed the line to six tiles (Rule SCORE-4)."""

    @property
    def points(self) -> int:
        """One point per tile in the line."""
        return len(self.cells)


@attrs.frozen
class Score:
    """What a move scores, and why.

    ``total`` is the sum of the lines' points, the Qwirkle bonuses, the
    points of a lone opening tile and the end bonus.

    >>> from qwirkle import new_game, legal_moves, score
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> result = score(state, next(iter(legal_moves(state))))
    >>> result.total == sum(line.points for line in result.lines) + result.qwirkle_points
    True
    """

    total: int
    """All the points the move earns."""
    lines: tuple[ScoredLine, ...] = ()
    """The lines that score, each once (Rule SCORE-3)."""
    qwirkle_points: int = 0
    """Bonus points for the Qwirkles completed (Rules SCORE-4, SCORE-5)."""
    lone_tile_points: int = 0
    """Points for a move that forms no line (Rule SCORE-7)."""
    end_bonus: int = 0
    """Bonus for ending the game by placing the last tile (Rule SCORE-8)."""

    @property
    def qwirkles(self) -> int:
        """How many lines the move completed to six tiles."""
        return sum(1 for line in self.lines if line.qwirkle)

    def __int__(self) -> int:
        return self.total


NOTHING = Score(total=0)
"""The score of an exchange or a pass (Rules SCORE-6, EXCHANGE-2)."""


def _run(grid: Mapping[int, int], new: Mapping[int, int], k: int, step: int) -> list[int]:
    low = k - step
    while low in grid or low in new:
        low -= step
    high = k + step
    while high in grid or high in new:
        high += step
    return list(range(low + step, high, step))


def score_placement(
    grid: Mapping[int, int], placed: Sequence[int], rules: RuleSet, *, end_bonus: bool = False
) -> Score:
    """Score tiles placed on the int keys ``placed`` (already checked legal) of ``grid``.

    Rule SCORE-1: each line scores its full length. Rule SCORE-2: a tile in a
    row and a column scores in both. Rule SCORE-3: a line scores once. Rules
    SCORE-4, SCORE-5: +``qwirkle_bonus`` per line of six. Rule SCORE-7: a
    move that forms no line scores ``lone_tile_points``. Rule SCORE-8: the
    end bonus when ``end_bonus`` is set.
    """
    new = dict.fromkeys(placed, 0)
    runs: list[list[int]] = []
    if len(placed) == 1:
        axes = [(STRIDE, placed), (1, placed)]
    else:
        along = STRIDE if (placed[1] - placed[0]) % STRIDE == 0 else 1
        across = 1 if along == STRIDE else STRIDE
        axes = [(along, placed[:1]), (across, placed)]
    for step, starts in axes:
        for k in starts:
            run = _run(grid, new, k, step)
            if len(run) >= 2:
                runs.append(run)
    lines = tuple(ScoredLine(tuple(cell_of(k) for k in run), len(run) == MAX_LINE) for run in runs)
    qwirkle_points = rules.qwirkle_bonus * sum(1 for line in lines if line.qwirkle)
    lone = 0 if lines else rules.lone_tile_points
    bonus = rules.end_bonus if end_bonus else 0
    total = sum(len(run) for run in runs) + qwirkle_points + lone + bonus
    return Score(total, lines, qwirkle_points, lone, bonus)
