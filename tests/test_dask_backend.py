"""The Dask backend on a real local cluster: the same games as worker processes, progress, logs and resumption."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from qwirkle.bots.spec import BotEntry
from qwirkle.cli import main
from qwirkle.errors import BackendError
from qwirkle.matches.backends.dask import DaskBackend
from qwirkle.matches.log import read_log
from qwirkle.matches.simulate import Simulation, simulate
from tests.helpers import require_extra
from tests.user_bots import LongestBot

distributed = require_extra("distributed")

PLAYERS: list[BotEntry] = ["strong:samples=1,placements_kept=2", LongestBot, "greedy"]
GAMES = 6
SEED = 31


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    """The address of a local cluster of two worker processes, started once for the module."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0"
    ) as cluster:
        yield cluster.scheduler_address


@pytest.fixture(scope="module")
def reference() -> Simulation:
    """The match played in this process."""
    return simulate(PLAYERS, games=GAMES, seed=SEED)


def test_the_cluster_plays_the_same_games_as_this_process(scheduler: str, reference: Simulation) -> None:
    match = simulate(PLAYERS, games=GAMES, seed=SEED, backend="dask", address=scheduler)
    assert match == reference
    assert match.players == ("strong:samples=1,placements_kept=2", "longest", "greedy")
    assert all(all(seat) for result in match.results for seat in result.times)


def test_a_match_of_cards_plays_the_same_games_on_the_cluster(scheduler: str, tmp_path: Path) -> None:
    """Qwirkle Cards: the same results per seed as one and two worker processes, and a log resumed on the cluster."""
    players: list[BotEntry] = ["greedy", "random", "greedy"]
    one = simulate(players, games=GAMES, seed=SEED, game="cards")
    assert simulate(players, games=GAMES, seed=SEED, game="cards", jobs=2) == one
    assert simulate(players, games=GAMES, seed=SEED, game="cards", backend="dask", address=scheduler) == one
    log = tmp_path / "cards.jsonl"
    simulate(players, games=2, seed=SEED, game="cards", out=log)
    resumed = simulate(
        players, games=GAMES, seed=SEED, game="cards", backend="dask", address=scheduler, out=log, resume=True
    )
    assert resumed == one
    assert read_log(log).game == "cards"


def test_the_workers_are_the_clusters(scheduler: str) -> None:
    with DaskBackend(address=scheduler).open() as workers:
        assert workers.count == 2
        assert sorted(workers.map_unordered(abs, range(-25, 0))) == list(range(1, 26))


def test_progress_is_shown_and_the_table_printed(
    scheduler: str, reference: Simulation, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["simulate", "--games", "4", "--players", "greedy,random", "--seed", "3"]
    assert main([*argv, "--backend", "dask", "--address", scheduler]) == 0
    out, err = capsys.readouterr()
    assert re.search(r"^4/4 games \(100%\), \d+\.\d games/s, done$", err, flags=re.MULTILINE)
    assert re.search(
        rf"^Played 4 games in \d+\.\d s \(\d+\.\d games/s\) on the Dask cluster at {scheduler}\.$", out, re.M
    )
    assert main([*argv, "--quiet"]) == 0
    here, quiet = capsys.readouterr()
    assert quiet == ""
    assert out.splitlines()[4:6] == here.splitlines()[4:6]


def test_a_run_stopped_on_processes_resumes_on_the_cluster(
    scheduler: str, reference: Simulation, tmp_path: Path
) -> None:
    log = tmp_path / "match.jsonl"
    simulate(PLAYERS, games=2, seed=SEED, out=log)
    resumed = simulate(PLAYERS, games=GAMES, seed=SEED, backend="dask", address=scheduler, out=log, resume=True)
    assert resumed == reference
    assert sorted(result.index for result in read_log(log).results) == list(range(GAMES))


def test_a_local_cluster_is_started_for_the_run_and_stopped_after() -> None:
    match = simulate(["greedy", "random"], games=4, seed=5, backend="dask", jobs=2)
    assert match == simulate(["greedy", "random"], games=4, seed=5)


def test_an_unreachable_scheduler_is_reported() -> None:
    # Nothing listens on the discard port of this machine.
    with pytest.raises(BackendError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"):
        simulate(["greedy", "random"], games=2, backend=DaskBackend(address="tcp://127.0.0.1:9", timeout=1))
