"""The Ray backend on a real local instance: the same games as worker processes, joining by address, progress."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from qwirkle.bots.spec import BotEntry
from qwirkle.matches.backends.ray import RayBackend
from qwirkle.matches.log import read_log
from qwirkle.matches.simulate import Simulation, simulate
from tests.helpers import require_extra
from tests.user_bots import LongestBot

# Ray binds a single machine's instance to the loopback address only when told so before it is imported.
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")
ray = require_extra("ray")

PLAYERS: list[BotEntry] = ["strong:samples=1,placements_kept=2", LongestBot, "greedy"]
GAMES = 6
SEED = 31
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    """The address of a local Ray instance of two CPUs, started once for the module and connected to here."""
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING, object_store_memory=80 * 2**20)
    try:
        yield str(ray.get_runtime_context().gcs_address)
    finally:
        ray.shutdown()


@pytest.fixture(scope="module")
def reference() -> Simulation:
    """The match played in this process."""
    return simulate(PLAYERS, games=GAMES, seed=SEED)


def test_ray_plays_the_same_games_as_this_process(address: str, reference: Simulation) -> None:
    match = simulate(PLAYERS, games=GAMES, seed=SEED, backend="ray")
    assert match == reference
    assert match.players == ("strong:samples=1,placements_kept=2", "longest", "greedy")
    # The backend used the instance this process was connected to, and left it running.
    assert ray.is_initialized()


def test_a_match_of_cards_plays_the_same_games_on_ray(address: str, tmp_path: Path) -> None:
    """Qwirkle Cards: the same results per seed as one and two worker processes, and a log resumed on Ray."""
    players: list[BotEntry] = ["greedy", "random", "greedy"]
    one = simulate(players, games=GAMES, seed=SEED, game="cards")
    assert simulate(players, games=GAMES, seed=SEED, game="cards", jobs=2) == one
    assert simulate(players, games=GAMES, seed=SEED, game="cards", backend="ray") == one
    log = tmp_path / "cards.jsonl"
    simulate(players, games=2, seed=SEED, game="cards", out=log)
    assert simulate(players, games=GAMES, seed=SEED, game="cards", backend="ray", out=log, resume=True) == one
    assert read_log(log).game == "cards"


def test_the_workers_are_the_instances_cpus(address: str) -> None:
    with RayBackend().open() as workers:
        assert workers.count == 2
        assert sorted(workers.map_unordered(abs, range(-25, 0))) == list(range(1, 26))


def test_a_run_stopped_on_processes_resumes_on_ray(address: str, reference: Simulation, tmp_path: Path) -> None:
    log = tmp_path / "match.jsonl"
    simulate(PLAYERS, games=2, seed=SEED, out=log)
    assert simulate(PLAYERS, games=GAMES, seed=SEED, backend="ray", out=log, resume=True) == reference
    assert sorted(result.index for result in read_log(log).results) == list(range(GAMES))


def run_cli(*argv: str) -> subprocess.CompletedProcess[str]:
    """``qwirkle simulate`` in a process of its own, as a user would run it."""
    return subprocess.run(
        [sys.executable, "-m", "qwirkle", "simulate", *argv],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        cwd=ROOT,
    )


def test_the_command_line_joins_a_running_cluster_by_address_and_shows_progress(address: str) -> None:
    done = run_cli(
        "--games", "4", "--players", "greedy,random", "--seed", "3", "--backend", "ray", "--address", address
    )
    assert done.returncode == 0, done.stderr
    assert re.search(r"^4/4 games \(100%\), \d+\.\d games/s, done$", done.stderr, flags=re.MULTILINE)
    lines = done.stdout.splitlines()
    assert re.fullmatch(rf"Played 4 games in \d+\.\d s \(\d+\.\d games/s\) on the Ray cluster at {address}\.", lines[6])
    expected = simulate(["greedy", "random"], games=4, seed=3).table().splitlines()
    assert lines[4:6] == expected[4:6]
    # Its driver left; the cluster goes on.
    assert ray.is_initialized()
    assert ray.cluster_resources().get("CPU") == 2


def test_the_command_line_starts_a_local_instance_of_its_own(address: str) -> None:
    done = run_cli("--games", "2", "--players", "greedy,random", "--backend", "ray", "--jobs", "1", "--quiet")
    assert done.returncode == 0, done.stderr
    assert "on a local Ray instance with 1 CPU." in done.stdout
    expected = simulate(["greedy", "random"], games=2, seed=1).table().splitlines()
    assert done.stdout.splitlines()[4:6] == expected[4:6]
