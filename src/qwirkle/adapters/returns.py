"""What a finished game pays each seat, for the adapters: zero-sum, a sole winner gets 1.

Rule END-4 makes the highest total the winner and a tie a shared win. Each of
``w`` winners of a game of ``n`` players gets ``n / (n - 1) * (1 / w - 1 / n)``
and each other player ``-1 / (n - 1)``: in a game of two, 1 for a win, -1 for
a loss and 0 for a tie; the payoffs always add up to 0.

>>> payoffs((0,), 2), payoffs((0, 1), 2), payoffs((2,), 3)
((1.0, -1.0), (0.0, 0.0), (-0.5, -0.5, 1.0))
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["payoffs"]


def payoffs(winners: Sequence[int], seats: int) -> tuple[float, ...]:
    """The payoff of each seat of a game of ``seats`` players won by ``winners`` (Rule END-4).

    >>> sum(payoffs((0, 2), 4))
    0.0
    """
    share = seats / (seats - 1) * (1 / len(winners) - 1 / seats)
    lose = -1 / (seats - 1)
    return tuple(share if seat in winners else lose for seat in range(seats))
