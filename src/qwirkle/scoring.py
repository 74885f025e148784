"""Scoring a placement: the lines it makes, Qwirkle bonuses, and the end bonus (Rules SCORE-1 to SCORE-8)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Final

import attrs

from qwirkle._engine.geometry import STRIDE, Cell, cell_of
from qwirkle._engine.lines import MAX_LINE, walk
from qwirkle._immutable import Immutable
from qwirkle.rules.ruleset import RuleSet

__all__ = ["Score", "ScoredLine", "goes_out", "line_points", "line_points_table"]

_new = object.__new__


def line_points(length: int, qwirkle_bonus: int) -> int:
    """What one line of ``length`` tiles, tiles already there included, scores for the move that made it.

    Rule SCORE-1: a line scores one point per tile in it. Rules SCORE-4,
    SCORE-5: a line of six tiles (a Qwirkle) scores ``qwirkle_bonus`` more.
    A single tile is no line (Rule LINE-1) and scores nothing here: a move
    that forms no line at all scores by Rule SCORE-7 instead. Rules SCORE-2
    and SCORE-3 (each line through the new tiles counts, once) are the
    caller's: it adds this up over those lines.

    >>> line_points(3, 6), line_points(6, 6), line_points(1, 6)
    (3, 12, 0)
    """
    if length < 2:
        return 0
    return length + (qwirkle_bonus if length == MAX_LINE else 0)


def goes_out(placed: int, held: int, bag: int) -> bool:
    """Whether a placement of ``placed`` tiles from a hand of ``held`` earns the end bonus, ``bag`` tiles left to draw.

    Rule SCORE-8: the player who places their last tile while the bag is
    empty earns the end bonus (and so ends the game: see
    :func:`qwirkle.endings.end_reason`).

    >>> goes_out(2, 2, 0), goes_out(2, 2, 5), goes_out(1, 2, 0)
    (True, False, False)
    """
    return placed == held and not bag


@cache
def line_points_table(qwirkle_bonus: int) -> tuple[int, ...]:
    """:func:`line_points` for every length from 0 to six, built once per bonus, for the move generator's loops.

    >>> line_points_table(6)
    (0, 0, 2, 3, 4, 5, 12)
    """
    return tuple(line_points(length, qwirkle_bonus) for length in range(MAX_LINE + 1))


@attrs.frozen
class ScoredLine(Immutable):
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
class Score(Immutable):
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


_set_cells: Final[Callable[[ScoredLine, tuple[Cell, ...]], None]] = vars(ScoredLine)["cells"].__set__
_set_qwirkle: Final[Callable[[ScoredLine, bool], None]] = vars(ScoredLine)["qwirkle"].__set__
_set_total: Final[Callable[[Score, int], None]] = vars(Score)["total"].__set__
_set_lines: Final[Callable[[Score, tuple[ScoredLine, ...]], None]] = vars(Score)["lines"].__set__
_set_qwirkle_points: Final[Callable[[Score, int], None]] = vars(Score)["qwirkle_points"].__set__
_set_lone_tile_points: Final[Callable[[Score, int], None]] = vars(Score)["lone_tile_points"].__set__
_set_end_bonus: Final[Callable[[Score, int], None]] = vars(Score)["end_bonus"].__set__

NOTHING = Score(total=0)
"""The score of an exchange or a pass (Rules SCORE-6, EXCHANGE-2)."""


def lines_through(grid: Mapping[int, int], keys: Sequence[int], step: int) -> list[range]:
    """The lines (runs of two or more tiles) through tiles placed at ``keys``, each once, as ranges of int keys.

    ``keys`` are sorted, lie along ``step`` and, with the tiles of ``grid``
    between them, make one unbroken run (as :func:`qwirkle.legality.check_placement`
    makes sure); ``grid`` is the table without them. The lines are the one
    the tiles share and the line across each tile (Rule SCORE-3). Only the table is walked:
    the tiles placed lie between the ends of their shared line, and each is
    alone on its line across.

    >>> [len(line) for line in lines_through({0: 0, 1: 1}, [2, 3], 1)]
    [4]
    """
    runs: list[range] = []
    if len(keys) > 1:
        low = walk(grid, keys[0] - step, -step)[0]
        runs.append(range(low + step, walk(grid, keys[-1] + step, step)[0], step))
        directions: tuple[int, ...] = (STRIDE + 1 - step,)
    else:
        # A lone tile has two lines of its own.
        directions = (STRIDE, 1)
    for direction in directions:
        for k in keys:
            # Most tiles have nothing across on either side: no walk for them.
            low = k - direction
            if low in grid:
                low = walk(grid, low, -direction)[0]
            high = k + direction
            if high in grid:
                high = walk(grid, high, direction)[0]
            if high - low > 2 * direction:
                runs.append(range(low + direction, high, direction))
    return runs


def score_placed(
    grid: Mapping[int, int], placed: Mapping[int, int], rules: RuleSet, *, end_bonus: bool = False
) -> Score:
    """Score tiles placed at int keys, already known to be a legal placement (see :func:`score_lines`)."""
    keys = sorted(placed)
    # Keys along a row differ by whole strides; a lone tile's direction does not matter.
    step = STRIDE if (keys[-1] - keys[0]) % STRIDE == 0 else 1
    return score_lines(lines_through(grid, keys, step), rules, end_bonus=end_bonus)


def score_lines(runs: Sequence[range], rules: RuleSet, *, end_bonus: bool = False) -> Score:
    """Score a placement from the lines through its tiles (see :func:`lines_through`).

    Rule SCORE-1: each line scores its full length. Rule SCORE-2: a tile in a
    row and a column scores in both. Rule SCORE-3: a line scores once. Rules
    SCORE-4, SCORE-5: +``qwirkle_bonus`` per line of six (both by
    :func:`line_points`). Rule SCORE-7: a
    move that forms no line scores ``lone_tile_points``. Rule SCORE-8: the
    end bonus when ``end_bonus`` is set.

    >>> from qwirkle import RuleSet
    >>> result = score_lines([range(0, 3 << 32, 1 << 32)], RuleSet())
    >>> result.total, result.lines
    (3, (ScoredLine(cells=((0, 0), (1, 0), (2, 0)), qwirkle=False),))
    """
    # Every apply scores its move: the value is built straight into its slots through the slots' own descriptors,
    # past attrs' __init__.
    points = 0
    qwirkles = 0
    bonus = rules.qwirkle_bonus
    table = line_points_table(bonus)
    for run in runs:
        size = len(run)
        points += table[size] if size <= MAX_LINE else line_points(size, bonus)
        qwirkles += size == MAX_LINE
    lone = 0 if runs else rules.lone_tile_points
    end = rules.end_bonus if end_bonus else 0
    score = _new(Score)
    _set_total(score, points + lone + end)
    _set_lines(score, tuple(map(_scored_line, runs)))
    _set_qwirkle_points(score, bonus * qwirkles)
    _set_lone_tile_points(score, lone)
    _set_end_bonus(score, end)
    return score


@lru_cache(maxsize=4096)
def _scored_line(run: range) -> ScoredLine:
    """The line of a score from its range of int keys (see :func:`score_lines`), shared by the scores that make it.

    The same lines are scored again and again (every move that extends a line, every search that tries it), and a
    line is a value: kept, it costs a score a lookup instead of a tuple of cells and a new value.
    """
    size = len(run)
    x, y = cell_of(run.start)
    # A run is a range of keys along a row (step STRIDE) or a column (step 1): one coordinate stays put.
    if run.step == STRIDE:
        cells = tuple([(i, y) for i in range(x, x + size)])
    else:
        cells = tuple([(x, j) for j in range(y, y + size)])
    line = _new(ScoredLine)
    _set_cells(line, cells)
    _set_qwirkle(line, size == MAX_LINE)
    return line
