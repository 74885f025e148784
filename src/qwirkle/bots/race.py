"""How the strong bot spends its guesses: a race of candidate moves, most guesses spent on the closest.

:func:`halving_race` plays every candidate against a few guesses, then the
better half against as many more, and so on: a budget in work units, which
gives the same choice on any machine. With ``more``, the race goes on
halving (down to two candidates) and doubling their guesses for as long as
``more`` allows the next round: :class:`Clock` allows it while the round is
expected to end within a time budget, as the strong bot's
:attr:`~qwirkle.bots.StrongBot.think` asks. Both can be imported from
:mod:`qwirkle.bots.strong` too.

>>> halving_race(3, 1, 0, lambda g, i: [1, 5, 4][i])
1
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Final

__all__ = ["Clock", "halving_race"]

MOST_GUESSES: Final = 4096
"""The most guesses a race plays its candidates against, however much time it is given."""


def halving_race(
    count: int,
    first: int,
    halvings: int,
    gain: Callable[[int, int], float],
    more: Callable[[int, int], bool] | None = None,
) -> int:
    """Which of ``count`` candidates gains most over the guesses, most of them spent on the closest: its index.

    ``gain(g, i)`` is what candidate ``i`` gains against guess ``g``. Every
    candidate is played against guesses ``0`` to ``first - 1``; then,
    ``halvings`` times, the better half of those still in play (at least two)
    against as many new guesses as they have had, so that the candidates still
    in play have always had the same guesses and their totals compare. The
    best total wins, the lowest index among equals. This is how the strong bot
    spends its guesses (:attr:`StrongBot.halvings`); ``halvings=0`` plays every
    candidate against ``first`` guesses.

    With ``more``, rounds go on after those: before each, ``more`` gets the
    number of gains asked so far and the number the round would ask, and the
    race stops when it answers false (or at :data:`MOST_GUESSES` guesses).
    The guesses of a round follow those of the rounds before, so ``gain`` is
    asked about guesses in order.

    >>> gains = [[1, 5, 4], [1, 3, 6], [2, 3, 5], [0, 4, 5]]  # by guess, then by candidate
    >>> asked = []
    >>> def gain(g, i):
    ...     asked.append((g, i))
    ...     return gains[g][i]
    >>> halving_race(3, 1, 2, gain), len(asked)
    (2, 9)
    >>> asked.clear()
    >>> halving_race(3, 1, 0, gain, more=lambda asked, gains: asked + gains <= 5), len(asked)
    (2, 5)
    """
    totals = [0.0] * count
    alive = list(range(count))
    done = asked = 0
    round_ = 0
    while True:
        if round_:
            alive = sorted(alive, key=lambda i: (-totals[i], i))[: max(2, (len(alive) + 1) // 2)]
        for g in range(done, first << round_):
            for i in alive:
                totals[i] += gain(g, i)
        asked += len(alive) * ((first << round_) - done)
        done = first << round_
        round_ += 1
        if round_ <= halvings:
            continue
        if more is None or count < 2 or done * 2 > MOST_GUESSES:
            break
        survivors = max(2, (len(alive) + 1) // 2)
        if not more(asked, survivors * done):
            break
    return max(alive, key=lambda i: (totals[i], -i))


class Clock:
    """A time budget for a race: allows a round while it is expected to end within ``seconds`` of the start.

    Each gain of a round is expected to take as long as a gain of the last
    round the clock allowed: that round's time, counted from its call to its
    next one, holds the dealing of its new guesses too, which costs more a
    gain the fewer candidates are left to share each guess. Before it has
    allowed a round, each gain is expected to take as long as the gains asked
    so far took on average, counting all the time since the clock started
    (made with the bot's decision, so that the work before the race counts
    too). It is a soft budget, which a round may overrun by what its gains
    vary.

    Half a second for ten gains allows ten more, and that round's 0.3
    seconds allow six more, not seven:

    >>> ticks = iter([0.0, 0.5, 0.8, 0.8])
    >>> clock = Clock(1.0, timer=lambda: next(ticks))
    >>> clock(10, 10), clock(20, 7), clock(20, 6)
    (True, False, True)
    """

    def __init__(self, seconds: float, timer: Callable[[], float] = time.perf_counter) -> None:
        self.seconds = seconds
        self._timer = timer
        self._start = timer()
        # When the clock last allowed a round, and how many gains that round asked.
        self._allowed: tuple[float, int] | None = None

    def elapsed(self) -> float:
        """The seconds since the clock started."""
        return self._timer() - self._start

    def __call__(self, asked: int, gains: int) -> bool:
        """Whether a round of ``gains`` more gains, after ``asked`` gains, is expected to end within the budget."""
        spent = self.elapsed()
        if self._allowed is not None:
            since, round_gains = self._allowed
            each = (spent - since) / round_gains
        else:
            each = spent / asked if asked else 0.0
        fits = spent + each * gains <= self.seconds
        if fits and gains:
            self._allowed = (spent, gains)
        return fits
