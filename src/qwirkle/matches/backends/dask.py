"""Games run on a Dask cluster (``dask.distributed``): a local one started for the run, or one at an address.

It needs the ``dask`` extra (``pip install 'qwirkle[dask]'``), imported only
when the backend is opened. The workers of a cluster at an address must have
this library installed, at the same version, and so must any bot they play.

>>> DaskBackend(workers=2).description
'a local Dask cluster of 2 workers'
>>> DaskBackend(address="tcp://10.0.0.5:8786").description
'the Dask cluster at tcp://10.0.0.5:8786'
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from typing import Any, TypeVar

import attrs

from qwirkle._immutable import Immutable
from qwirkle.errors import BackendError
from qwirkle.matches.backends._common import import_extra, optional_positive
from qwirkle.matches.backends.window import in_flight

__all__ = ["DaskBackend"]

T = TypeVar("T")
R = TypeVar("R")


@attrs.frozen
class DaskBackend(Immutable):
    """A Dask cluster: with no address, a local cluster of ``workers`` processes started for the run and stopped after.

    The local cluster listens on 127.0.0.1 only (its dashboard, if Bokeh is
    installed, on a free port), with one thread per worker process: the
    games are pure Python. With an address, the
    backend connects a client to that scheduler and closes only the client at
    the end; the cluster's size is its own.

    >>> DaskBackend()
    DaskBackend(address=None, workers=None, timeout=30.0)
    """

    address: str | None = None
    """The scheduler's address, such as ``tcp://10.0.0.5:8786``; ``None`` starts a local cluster."""
    workers: int | None = attrs.field(default=None, validator=optional_positive)
    """How many worker processes a local cluster gets (default: one per core)."""
    timeout: float = 30.0
    """How many seconds to keep trying to reach the scheduler at :attr:`address`."""

    @property
    def description(self) -> str:
        """Where the games run, in a few words.

        >>> DaskBackend(workers=3).description
        'a local Dask cluster of 3 workers'
        """
        if self.address is not None:
            return f"the Dask cluster at {self.address}"
        return f"a local Dask cluster of {self._size()} workers"

    def _size(self) -> int:
        return self.workers if self.workers is not None else os.cpu_count() or 1

    @contextmanager
    def open(self) -> Iterator[_DaskWorkers]:
        """Start the local cluster, or connect to the scheduler; leaving the context stops what was started.

        Raises :class:`~qwirkle.errors.BackendError` if ``dask.distributed`` is
        missing or the scheduler cannot be reached within :attr:`timeout`.
        """
        dd = import_extra("distributed", "dask", "dask.distributed", "dask")
        with ExitStack() as stack:
            if self.address is None:
                cluster = stack.enter_context(
                    dd.LocalCluster(
                        n_workers=self._size(),
                        threads_per_worker=1,
                        processes=True,
                        host="127.0.0.1",
                        # A free port of this machine's loopback, so that two local clusters never clash.
                        dashboard_address="127.0.0.1:0",
                        # Its workers' complaints while it shuts down are noise; a task's error reaches its future.
                        silence_logs=logging.CRITICAL,
                    )
                )
                client = stack.enter_context(dd.Client(cluster, set_as_default=False))
            else:
                try:
                    client = dd.Client(self.address, set_as_default=False, timeout=self.timeout)
                except (OSError, TimeoutError, ValueError) as error:
                    raise BackendError(f"cannot reach the Dask scheduler at {self.address}: {error}") from None
                stack.enter_context(client)
            yield _DaskWorkers(client, dd.as_completed)


class _DaskWorkers:
    """The workers of a Dask cluster, through a client."""

    def __init__(self, client: Any, as_completed: Callable[..., Any]) -> None:
        self._client = client
        self._as_completed = as_completed

    @property
    def count(self) -> int:
        # Asked each time: the workers of a real cluster come and go.
        threads: dict[str, int] = self._client.nthreads()
        return max(1, sum(threads.values()))

    def map_unordered(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        client = self._client
        finished = self._as_completed(loop=client.loop)

        def submit(item: T) -> Any:
            # Not pure: two equal items are two tasks, never one result shared.
            future = client.submit(function, item, pure=False)
            finished.add(future)
            return future

        def wait(pending: Sequence[Any]) -> tuple[list[Any], list[Any]]:
            first = next(finished)
            return [first], [future for future in pending if future is not first]

        def result(future: Any) -> R:
            value: R = future.result()
            return value

        def cancel(pending: Sequence[Any]) -> None:
            client.cancel(list(pending))

        return in_flight(items, submit, wait, result, cancel, window=2 * self.count + 1)
