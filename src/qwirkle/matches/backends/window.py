"""Running many tasks on a pool with a bounded number in flight, the results handed back as they finish.

Each backend's pool has its own kind of future; :func:`in_flight` drives any
of them, so that a run of a million games neither submits a million tasks at
once nor waits for the slowest of a batch before it sends more.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from typing import TypeVar

__all__ = ["in_flight"]

T = TypeVar("T")
F = TypeVar("F")
R = TypeVar("R")


def in_flight(
    items: Iterable[T],
    submit: Callable[[T], F],
    wait: Callable[[Sequence[F]], tuple[Sequence[F], Sequence[F]]],
    result: Callable[[F], R],
    cancel: Callable[[Sequence[F]], None],
    *,
    window: int,
) -> Generator[R, None, None]:
    """The results of ``submit(item)`` for every item, as they finish, with at most ``window`` submitted at once.

    ``submit`` sends an item off and returns its future; ``wait(pending)``
    blocks until some have finished and returns ``(finished, still_pending)``;
    ``result`` gets a finished one's value (or raises its error); ``cancel``
    gets what is still pending when the caller stops early or an error comes up.
    Items are taken from ``items`` only as room frees up.

    Here the "futures" are plain values and the last submitted finishes first:

    >>> sent = []
    >>> def submit(n):
    ...     sent.append(n)
    ...     return n * n
    >>> results = in_flight(range(4), submit, lambda p: (p[-1:], p[:-1]), lambda f: f, print, window=2)
    >>> next(results), sent
    (1, [0, 1, 2])
    >>> list(results)
    [4, 9, 0]
    """
    if window < 1:
        raise ValueError(f"the window must hold at least one task, not {window}")
    source = iter(items)
    pending: list[F] = []
    try:
        for item in source:
            pending.append(submit(item))
            if len(pending) >= window:
                break
        while pending:
            finished, still = wait(pending)
            pending = list(still)
            for future in finished:
                value = result(future)
                # One finished, one more sent: the pool never runs dry while there is work.
                for item in source:
                    pending.append(submit(item))
                    break
                yield value
    finally:
        if pending:
            cancel(pending)
