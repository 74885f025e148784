"""Where the games of a match run: processes on this machine, or a Dask or Ray cluster.

A backend describes where to run (which engine, how many workers, which
cluster); its ``open()`` starts or joins it and gives :class:`Workers`, which
run a function over many items and hand the results back as they finish.
:func:`qwirkle.matches.simulate.simulate` plays its games through one, and since
every game is a pure function of the match seed and its number, the results
are the same on every backend. The Dask and Ray backends need their extras
(``pip install 'qwirkle[dask]'``, ``'qwirkle[ray]'``) and import them only
when opened.

>>> backend_named("processes", jobs=2)
ProcessBackend(jobs=2)
>>> backend_named("dask", address="tcp://127.0.0.1:8786").description
'the Dask cluster at tcp://127.0.0.1:8786'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager
from typing import Final, Protocol, TypeVar

from qwirkle.errors import BackendError
from qwirkle.matches.backends.processes import ProcessBackend

__all__ = ["BACKENDS", "Backend", "BackendError", "ProcessBackend", "Workers", "backend_named"]

T = TypeVar("T")
R = TypeVar("R")

BACKENDS: Final = ("processes", "dask", "ray")
"""The names of the backends :func:`backend_named` knows."""


class Workers(Protocol):
    """Workers that a backend has started or joined, ready to run functions."""

    @property
    def count(self) -> int:
        """How many items they work on at once, as far as is known (at least 1)."""
        ...

    def map_unordered(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        """``function(item)`` for every item, in the order they finish; a few items in flight at a time.

        ``function`` and the items travel to the workers, so they must pickle
        (a function defined at the top level of a module). Stopping the
        iteration early cancels what has not finished.
        """
        ...


class Backend(Protocol):
    """Where to run: a value that says which engine and which workers, and starts or joins them when opened."""

    @property
    def description(self) -> str:
        """Where the work runs, in a few words, for reports such as ``2 worker processes``."""
        ...

    def open(self) -> AbstractContextManager[Workers]:
        """Start or join the workers; leaving the context stops what this backend started (and only that)."""
        ...


def backend_named(name: str, *, jobs: int | None = None, address: str | None = None) -> Backend:
    """The backend called ``name`` (see :data:`BACKENDS`) with ``jobs`` workers or at a cluster's ``address``.

    ``jobs`` is the number of worker processes (``processes``, default 1) or
    the size of a local cluster started for the run (``dask``, ``ray``,
    default one per core). ``address`` joins a running cluster instead: a
    Dask scheduler (``tcp://host:8786``) or a Ray cluster (``host:6379``, or
    ``auto``); its size is the cluster's own, so ``jobs`` may not be given too.
    Raises :class:`~qwirkle.BackendError` for an unknown name or options
    that do not go together.

    >>> backend_named("ray", jobs=2).description
    'a local Ray instance with 2 CPUs'
    >>> backend_named("processes", address="tcp://127.0.0.1:8786")
    Traceback (most recent call last):
        ...
    qwirkle.errors.BackendError: the processes backend runs on this machine and takes no address
    >>> backend_named("spark")
    Traceback (most recent call last):
        ...
    qwirkle.errors.BackendError: unknown backend 'spark'; the backends are: processes, dask, ray
    """
    if jobs is not None and (type(jobs) is not int or jobs < 1):
        raise BackendError(f"jobs must be a positive int, not {jobs!r}")
    if address is not None and not (isinstance(address, str) and address.strip()):
        raise BackendError(f"a cluster's address must be a non-empty str, not {address!r}")
    if address is not None and jobs is not None:
        raise BackendError("give either the number of jobs of a local cluster or the address of a running one")
    if name == "processes":
        if address is not None:
            raise BackendError("the processes backend runs on this machine and takes no address")
        return ProcessBackend(1 if jobs is None else jobs)
    if name == "dask":
        from qwirkle.matches.backends.dask import DaskBackend

        return DaskBackend(address=address, workers=jobs)
    if name == "ray":
        from qwirkle.matches.backends.ray import RayBackend

        return RayBackend(address=address, cpus=jobs)
    raise BackendError(f"unknown backend {name!r}; the backends are: {', '.join(BACKENDS)}")
