"""Ratings from a round robin: a Bradley-Terry model fitted by maximum likelihood, on the Elo scale, with 95% intervals.

In the Bradley-Terry model each entry ``i`` has a strength ``p[i]``, and it
wins a game against ``j`` with chance ``p[i] / (p[i] + p[j])``. On the Elo
scale, the rating is ``400 * log10(p[i])``: 400 points more wins ten games to
one. :func:`fit_ratings` fits the strengths to the wins of every pair (a
shared win counts half to each) by the minorisation-maximisation steps of
Hunter (2004), after adding one drawn game to every pair that played, so that
an entry that won or lost every game still gets a finite rating. The ratings
are given relative to one entry, the anchor, rated 0; the 95% interval of
every other entry is its rating plus or minus 1.96 standard errors from the
observed information (the inverse of the log-likelihood's curvature), so it
says how well its distance from the anchor is known.

>>> ratings = fit_ratings(("a", "b"), {(0, 1): (75.0, 100)}, anchor=1)
>>> [(r.name, round(r.elo)) for r in ratings]
[('a', 189), ('b', 0)]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Final

import attrs

from qwirkle._immutable import Immutable
from qwirkle.errors import QwirkleError

__all__ = ["ELO", "Rating", "fit_ratings"]

ELO: Final = 400 / math.log(10)
"""Elo points per unit of log-strength: 400 points are odds of ten to one."""

_Z95: Final = 1.959963984540054


@attrs.frozen
class Rating(Immutable):
    """An entry's rating on the Elo scale, relative to the anchor, with its 95% interval.

    >>> Rating("strong", 120.0, 80.0, 160.0).describe()
    'strong: +120 (+80 to +160)'
    """

    name: str
    """The entry's label."""
    elo: float
    """Its rating: Elo points above the anchor (below, when negative)."""
    low: float
    """The low end of its 95% interval (the rating itself for the anchor)."""
    high: float
    """The high end of its 95% interval."""

    def describe(self) -> str:
        """The rating and its interval in a few words."""
        return f"{self.name}: {self.elo:+.0f} ({self.low:+.0f} to {self.high:+.0f})"


def fit_ratings(
    names: Sequence[str], results: Mapping[tuple[int, int], tuple[float, int]], anchor: int = 0
) -> tuple[Rating, ...]:
    """The Bradley-Terry ratings of the entries ``names``, from ``results[i, j] = (wins of i, games)`` for ``i < j``.

    Each pair appears once, with ``i < j``; a pair that did not play is left
    out. Every entry must have played, and the pairs must join all the
    entries, else :class:`~qwirkle.QwirkleError`. ``anchor`` is the entry
    rated 0. The ratings come in the order of ``names``.

    >>> names = ("random", "greedy", "strong")
    >>> results = {(0, 1): (1.0, 100), (0, 2): (0.0, 100), (1, 2): (30.0, 100)}
    >>> [r.describe() for r in fit_ratings(names, results, anchor=1)]
    ['random: -742 (-985 to -498)', 'greedy: +0 (+0 to +0)', 'strong: +146 (+73 to +220)']
    """
    count = len(names)
    if not 0 <= anchor < count:
        raise QwirkleError(f"the anchor is one of the {count} entries, not {anchor}")
    games = [[0.0] * count for _ in range(count)]
    wins = [0.0] * count
    for (i, j), (won, played) in results.items():
        if not 0 <= i < j < count or not 0 <= won <= played:
            raise QwirkleError(f"a result is (wins, games) of a pair i < j of the entries, not {(i, j)}: {won, played}")
        if played:
            # One drawn game more: a pair that one side won every time still gives finite strengths.
            games[i][j] = games[j][i] = played + 1.0
            wins[i] += won + 0.5
            wins[j] += played - won + 0.5
    _check_joined(names, games)
    strength = _fit(games, wins)
    theta = [math.log(p) for p in strength]
    variance = _variances(games, strength, anchor)
    out = []
    for i, name in enumerate(names):
        elo = ELO * (theta[i] - theta[anchor])
        half = ELO * _Z95 * math.sqrt(variance[i])
        out.append(Rating(name, elo, elo - half, elo + half))
    return tuple(out)


def _check_joined(names: Sequence[str], games: Sequence[Sequence[float]]) -> None:
    """Raise unless the pairs that played join every entry to every other: else their ratings do not compare."""
    reached = {0}
    stack = [0]
    while stack:
        i = stack.pop()
        for j, played in enumerate(games[i]):
            if played and j not in reached:
                reached.add(j)
                stack.append(j)
    if len(reached) < len(names):
        apart = [name for i, name in enumerate(names) if i not in reached]
        raise QwirkleError(f"no games join {', '.join(apart)} to {names[0]}: their ratings cannot be compared")


def _fit(games: Sequence[Sequence[float]], wins: Sequence[float]) -> list[float]:
    """The maximum-likelihood strengths (geometric mean 1), by Hunter's minorisation-maximisation steps."""
    count = len(wins)
    strength = [1.0] * count
    for _ in range(100_000):
        new = []
        for i in range(count):
            total = sum(games[i][j] / (strength[i] + strength[j]) for j in range(count) if games[i][j])
            new.append(wins[i] / total)
        scale = math.exp(sum(math.log(p) for p in new) / count)
        new = [p / scale for p in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < 1e-10:
            break
    return strength


def _variances(games: Sequence[Sequence[float]], strength: Sequence[float], anchor: int) -> list[float]:
    """The variance of each log-strength less the anchor's: the inverse of the observed information, anchor left out."""
    count = len(strength)
    others = [i for i in range(count) if i != anchor]
    info = [[0.0] * len(others) for _ in others]
    for a, i in enumerate(others):
        for j in range(count):
            if j == i or not games[i][j]:
                continue
            p = strength[i] / (strength[i] + strength[j])
            weight = games[i][j] * p * (1 - p)
            info[a][a] += weight
            if j != anchor:
                info[a][others.index(j)] -= weight
    inverse = _inverse(info)
    variance = [0.0] * count
    for a, i in enumerate(others):
        variance[i] = inverse[a][a]
    return variance


def _inverse(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """The inverse of a small symmetric positive-definite matrix, by Gauss-Jordan elimination with pivoting."""
    size = len(matrix)
    rows = [[*row, *(1.0 if c == r else 0.0 for c in range(size))] for r, row in enumerate(matrix)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [value / lead for value in rows[col]]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [value - factor * top for value, top in zip(rows[r], rows[col], strict=True)]
    return [row[size:] for row in rows]
