"""Backends without a cluster: choosing one, the bounded window of work in flight, the process pool, missing extras."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import pytest

from qwirkle.errors import BackendError
from qwirkle.matches.backends import BACKENDS, ProcessBackend, backend_named
from qwirkle.matches.backends.dask import DaskBackend
from qwirkle.matches.backends.ray import RayBackend
from qwirkle.matches.backends.window import in_flight


class Pool:
    """A pool run by hand: a future is its item, and each wait finishes the oldest."""

    def __init__(self) -> None:
        self.submitted: list[int] = []
        self.most_in_flight = 0
        self.cancelled: list[int] = []
        self._pending = 0

    def submit(self, item: int) -> int:
        self.submitted.append(item)
        self._pending += 1
        self.most_in_flight = max(self.most_in_flight, self._pending)
        return item

    def wait(self, pending: Sequence[int]) -> tuple[Sequence[int], Sequence[int]]:
        self._pending -= 1
        return pending[:1], pending[1:]

    def result(self, future: int) -> int:
        if future < 0:
            raise ValueError(f"bad item {future}")
        return future * 10

    def cancel(self, pending: Sequence[int]) -> None:
        self.cancelled.extend(pending)


def test_at_most_the_window_is_in_flight_and_every_result_comes_back() -> None:
    pool = Pool()
    results = list(in_flight(range(20), pool.submit, pool.wait, pool.result, pool.cancel, window=3))
    assert sorted(results) == [10 * n for n in range(20)]
    assert pool.most_in_flight == 3
    assert pool.cancelled == []


def test_items_are_taken_only_as_room_frees_up() -> None:
    pool = Pool()
    results = in_flight(iter(range(100)), pool.submit, pool.wait, pool.result, pool.cancel, window=2)
    assert next(results) == 0
    assert pool.submitted == [0, 1, 2]


def test_stopping_early_or_an_error_cancels_what_is_pending() -> None:
    pool = Pool()
    results = in_flight(range(10), pool.submit, pool.wait, pool.result, pool.cancel, window=4)
    next(results)
    results.close()
    assert pool.cancelled == [1, 2, 3, 4]
    pool = Pool()
    with pytest.raises(ValueError, match="bad item -1"):
        list(in_flight([0, -1, 2, 3], pool.submit, pool.wait, pool.result, pool.cancel, window=3))
    assert pool.cancelled == [2, 3]
    with pytest.raises(ValueError, match="at least one"):
        next(in_flight([1], pool.submit, pool.wait, pool.result, pool.cancel, window=0))


def test_the_process_backend_runs_here_or_in_a_pool() -> None:
    with ProcessBackend().open() as workers:
        assert workers.count == 1
        assert list(workers.map_unordered(abs, [-1, -2, 3])) == [1, 2, 3]
    with ProcessBackend(jobs=2).open() as workers:
        assert workers.count == 2
        assert sorted(workers.map_unordered(abs, range(-30, 0))) == list(range(1, 31))
    with pytest.raises(BackendError, match="jobs must be a positive int, not 0"):
        ProcessBackend(jobs=0)
    with pytest.raises(TypeError):
        ProcessBackend(jobs=1.5)  # type: ignore[arg-type]


def test_backends_are_chosen_by_name() -> None:
    assert BACKENDS == ("processes", "dask", "ray")
    assert backend_named("processes") == ProcessBackend(1)
    assert backend_named("processes", jobs=3) == ProcessBackend(3)
    assert backend_named("dask") == DaskBackend()
    assert backend_named("dask", jobs=2) == DaskBackend(workers=2)
    assert backend_named("dask", address="tcp://127.0.0.1:8786") == DaskBackend(address="tcp://127.0.0.1:8786")
    assert backend_named("ray", jobs=2) == RayBackend(cpus=2)
    assert backend_named("ray", address="auto") == RayBackend(address="auto")
    assert ProcessBackend(1).description == "this process"
    assert DaskBackend(workers=2).description == "a local Dask cluster of 2 workers"
    assert RayBackend(address="auto").description == "the Ray cluster at auto"


@pytest.mark.parametrize(
    ("name", "options", "message"),
    [
        ("spark", {}, "unknown backend 'spark'; the backends are: processes, dask, ray"),
        ("processes", {"address": "tcp://127.0.0.1:8786"}, "takes no address"),
        ("dask", {"address": "tcp://127.0.0.1:8786", "jobs": 2}, "either the number of jobs"),
        ("dask", {"address": " "}, "a cluster's address must be a non-empty str"),
        ("ray", {"jobs": 0}, "jobs must be a positive int, not 0"),
    ],
)
def test_a_backend_that_does_not_make_sense_is_refused(name: str, options: dict[str, object], message: str) -> None:
    with pytest.raises(BackendError, match=message):
        backend_named(name, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("backend", "module", "extra"),
    [(DaskBackend(workers=1), "distributed", "dask"), (RayBackend(cpus=1), "ray", "ray")],
)
def test_a_missing_extra_is_named_with_how_to_install_it(
    backend: DaskBackend | RayBackend, module: str, extra: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A module set to None in sys.modules fails to import, as a missing package does.
    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(BackendError, match=rf"pip install 'qwirkle\[{extra}\]'"), backend.open():
        pass
