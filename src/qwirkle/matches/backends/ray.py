"""Games run on Ray: a local Ray instance started for the run, or a Ray cluster at an address.

It needs the ``ray`` extra (``pip install 'qwirkle[ray]'``), imported only
when the backend is opened. The nodes of a cluster at an address must have
this library installed, at the same version, and so must any bot they play.

>>> RayBackend(cpus=2).description
'a local Ray instance with 2 CPUs'
>>> RayBackend(address="10.0.0.5:6379").description
'the Ray cluster at 10.0.0.5:6379'
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import attrs

from qwirkle._immutable import Immutable
from qwirkle.errors import BackendError, QwirkleError
from qwirkle.matches.backends._common import import_extra, optional_positive
from qwirkle.matches.backends.window import in_flight

__all__ = ["RayBackend"]

T = TypeVar("T")
R = TypeVar("R")


@attrs.frozen
class RayBackend(Immutable):
    """Ray: with no address, a local Ray instance of ``cpus`` CPUs started for the run and shut down after.

    With an address (``host:port`` of the head node, or ``"auto"``), the
    backend joins that cluster and only disconnects at the end. If this
    process is already connected to Ray (``ray.init`` was called), the
    backend uses that connection as it is and leaves it open, whatever its
    address and size. Each game batch takes one CPU. An error of this
    library raised in a game, such as a bot's illegal move, is raised here as
    it is, not inside Ray's ``RayTaskError``.

    >>> RayBackend()
    RayBackend(address=None, cpus=None)
    """

    address: str | None = None
    """The cluster's address, such as ``10.0.0.5:6379`` or ``auto``; ``None`` starts a local instance."""
    cpus: int | None = attrs.field(default=None, validator=optional_positive)
    """How many CPUs a local instance gets (default: one per core)."""

    @property
    def description(self) -> str:
        """Where the games run, in a few words.

        >>> RayBackend(cpus=4).description
        'a local Ray instance with 4 CPUs'
        """
        if self.address is not None:
            return f"the Ray cluster at {self.address}"
        cpus = self.cpus or os.cpu_count() or 1
        return f"a local Ray instance with {cpus} CPU" + ("s" if cpus != 1 else "")

    @contextmanager
    def open(self) -> Iterator[_RayWorkers]:
        """Start or join Ray (unless already connected); leaving the context stops or leaves what was started.

        Raises :class:`~qwirkle.errors.BackendError` if Ray is missing or the
        cluster cannot be reached.
        """
        ray = import_extra("ray", "ray", "Ray", "ray")
        started = False
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "logging_level": logging.WARNING}
            if self.address is None:
                options["num_cpus"] = self.cpus or os.cpu_count() or 1
            try:
                ray.init(address=self.address, **options)
            except (ConnectionError, OSError, TimeoutError, ValueError) as error:
                raise BackendError(f"cannot start or reach Ray at {self.address or 'this machine'}: {error}") from None
            started = True
        try:
            yield _RayWorkers(ray)
        finally:
            if started:
                ray.shutdown()


def _call(function: Callable[[T], R], item: T) -> R:
    """``function(item)``: Ray makes remote functions of plain functions only, not of any callable."""
    return function(item)


class _RayWorkers:
    """The CPUs of a Ray cluster, one batch of work per CPU."""

    def __init__(self, ray: Any) -> None:
        self._ray = ray

    @property
    def count(self) -> int:
        # Asked each time: the nodes of a real cluster come and go.
        return max(1, int(self._ray.cluster_resources().get("CPU", 1)))

    def map_unordered(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        ray = self._ray
        remote = ray.remote(num_cpus=1)(_call)

        def submit(item: T) -> Any:
            return remote.remote(function, item)

        def wait(pending: Sequence[Any]) -> tuple[list[Any], list[Any]]:
            done, rest = ray.wait(list(pending), num_returns=1)
            return list(done), list(rest)

        def result(reference: Any) -> R:
            try:
                value: R = ray.get(reference)
            except ray.exceptions.RayTaskError as error:
                # Ray's wrapper reads as the worker's whole traceback; the library's own error, such as a bot's
                # illegal move naming the bot, the game and the turn, says what went wrong on its own.
                cause = getattr(error, "cause", None)
                if isinstance(cause, QwirkleError):
                    raise cause from None
                raise
            return value

        def cancel(pending: Sequence[Any]) -> None:
            for reference in pending:
                ray.cancel(reference)

        return in_flight(items, submit, wait, result, cancel, window=2 * self.count + 1)
