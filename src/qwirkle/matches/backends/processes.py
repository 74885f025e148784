"""Games run in this process, or in worker processes of this machine: the default backend.

>>> ProcessBackend(jobs=1).description, ProcessBackend(jobs=2).description
('this process', '2 worker processes')
>>> with ProcessBackend(jobs=1).open() as workers:
...     sorted(workers.map_unordered(abs, [-2, 1]))
[1, 2]
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import attrs

from qwirkle._immutable import Immutable
from qwirkle.matches.backends._common import positive
from qwirkle.matches.backends.window import in_flight

__all__ = ["ProcessBackend"]

T = TypeVar("T")
R = TypeVar("R")


@attrs.frozen
class ProcessBackend(Immutable):
    """Runs in this process with one job, else in a pool of ``jobs`` worker processes on this machine.

    Workers are spawned, so they start clean on every platform (no forked
    locks or threads); what they run must pickle.

    >>> with ProcessBackend(jobs=2).open() as workers:
    ...     workers.count, sorted(workers.map_unordered(abs, [-3, 2, -1]))
    (2, [1, 2, 3])
    """

    jobs: int = attrs.field(default=1, validator=positive)
    """How many worker processes (1: none, the work runs in the calling process)."""

    @property
    def description(self) -> str:
        """Where the work runs, in a few words.

        >>> ProcessBackend(jobs=3).description
        '3 worker processes'
        """
        return "this process" if self.jobs == 1 else f"{self.jobs} worker processes"

    @contextmanager
    def open(self) -> Iterator[_InProcess | _Pool]:
        """Start the worker processes (none for one job); leaving the context stops them.

        >>> with ProcessBackend().open() as workers:
        ...     workers.count
        1
        """
        if self.jobs == 1:
            yield _InProcess()
            return
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(max_workers=self.jobs, mp_context=context) as pool:
            yield _Pool(pool, self.jobs)


class _InProcess:
    """Runs each item in turn, here, as the caller asks for the next result."""

    count = 1

    def map_unordered(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        for item in items:
            yield function(item)


class _Pool:
    """A pool of worker processes, a few tasks each in flight."""

    def __init__(self, pool: concurrent.futures.ProcessPoolExecutor, count: int) -> None:
        self._pool = pool
        self.count = count

    def map_unordered(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        def submit(item: T) -> concurrent.futures.Future[R]:
            return self._pool.submit(function, item)

        return in_flight(
            items, submit, _first_done, concurrent.futures.Future.result, _cancel, window=2 * self.count + 1
        )


def _first_done(
    pending: Sequence[concurrent.futures.Future[Any]],
) -> tuple[Sequence[concurrent.futures.Future[Any]], Sequence[concurrent.futures.Future[Any]]]:
    done, rest = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
    return list(done), list(rest)


def _cancel(pending: Sequence[concurrent.futures.Future[Any]]) -> None:
    for future in pending:
        future.cancel()
