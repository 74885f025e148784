"""Matches played by the native engine: the same games, statistics and logs as the specification's.

Each match is played with ``engine="python"`` and ``engine="native"``, with
one job and with two worker processes, and everything but the times must be
equal: the results, the per-bot statistics, the table and the match log.
Skipped when the extension is not installed (``pip install ./native``),
unless the run must have the ``native`` extra, when that fails; the
checks that need no extension run either way.
"""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from qwirkle import QwirkleError, RuleSet
from qwirkle.bots import GreedyBot, RandomBot, StrongBot
from qwirkle.bots.spec import BotEntry, BotSpec, bot_spec
from qwirkle.errors import BackendError
from qwirkle.matches.log import read_log
from qwirkle.matches.simulate import (
    ENGINES,
    Simulation,
    _Batch,
    _play,
    match_engine,
    native_bot,
    run_match_game,
    simulate,
)
from qwirkle.native import INSTALL_HINT
from tests.optional import needs_native
from tests.user_bots import FirstBot

MATCHES = [
    pytest.param(["greedy", "random"], 30, id="greedy-random"),
    pytest.param(["random", "random"], 24, id="random-random"),
    pytest.param(["greedy", "greedy", "greedy"], 24, id="greedy-3"),
]


def _timeless(match: Simulation) -> list[dict[str, object]]:
    """The match's results as JSON without the times, by game."""
    out = []
    for result in match.results:
        data = result.to_json()
        seats = data["seats"]
        assert isinstance(seats, list)
        for seat in seats:
            assert isinstance(seat, dict)
            del seat["times"]
        out.append(data)
    return out


def _stats(match: Simulation) -> list[dict[str, object]]:
    fields = attrs.asdict(match.stats()[0]).keys() - {"move_time_mean", "move_time_median"}
    return [{name: getattr(stats, name) for name in fields} for stats in match.stats()]


def _table(match: Simulation) -> list[str]:
    """The table without its time column, the last of the rows by bot."""
    lines = match.table().splitlines()
    rows = len(match.players) + 2
    return [line.rsplit("ms,", 1)[0].rsplit(None, 1)[0] if 1 < i < rows else line for i, line in enumerate(lines)]


def _log(path: Path) -> tuple[object, list[dict[str, object]]]:
    """The header of a match log and its games without times, by game (workers finish them in any order)."""
    header, *games = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for game in games:
        for seat in game["seats"]:
            del seat["times"]
    return header, sorted(games, key=lambda game: game["index"])


@needs_native
@pytest.mark.parametrize(("players", "games"), MATCHES)
def test_every_engine_and_number_of_jobs_plays_the_same_match(players: list[str], games: int, tmp_path: Path) -> None:
    played = {}
    for engine in ("python", "native"):
        for jobs in (1, 2):
            out = tmp_path / f"{engine}-{jobs}.jsonl"
            played[engine, jobs] = (simulate(players, games, seed=5, jobs=jobs, engine=engine, out=out), out)
    (expected, expected_log), *others = played.values()
    assert all(result.reason != "turn_limit" for result in expected.results)
    for match, log in others:
        assert match == expected
        assert _timeless(match) == _timeless(expected)
        assert _stats(match) == _stats(expected)
        assert _table(match) == _table(expected)
        assert _log(log) == _log(expected_log)
        assert read_log(log).simulation() == expected


@needs_native
def test_the_native_engine_times_each_move_as_its_games_average() -> None:
    result = run_match_game(["greedy", "random"], seed=3, index=1, engine="native")
    assert result == run_match_game(["greedy", "random"], seed=3, index=1)
    assert [len(times) for times in result.times] == list(result.moves)
    assert len({t for times in result.times for t in times}) == 1


@needs_native
def test_a_log_begun_by_one_engine_is_resumed_by_another(tmp_path: Path) -> None:
    whole = simulate(["greedy", "random"], games=12, seed=8)
    for first, then in (("python", "native"), ("native", "python"), ("native", "auto")):
        target = tmp_path / f"{first}-{then}.jsonl"
        simulate(["greedy", "random"], games=5, seed=8, out=target, engine=first)
        resumed = simulate(["greedy", "random"], games=12, seed=8, out=target, resume=True, engine=then, jobs=2)
        assert resumed == whole
        assert sorted(result.index for result in read_log(target).results) == list(range(12))


@needs_native
def test_auto_plays_natively_only_a_match_the_native_engine_can_play() -> None:
    assert match_engine("auto", ["greedy", "random"]) == "native"
    assert match_engine("auto", [GreedyBot, "random"]) == "native"
    assert match_engine("auto", ["strong:samples=1", "greedy"]) == "python"
    match = simulate(["strong:samples=1,placements_kept=2", "greedy"], games=2, seed=4, engine="auto")
    assert match == simulate(["strong:samples=1,placements_kept=2", "greedy"], games=2, seed=4)


def test_the_native_engine_plays_only_the_built_in_greedy_and_random_bots() -> None:
    assert native_bot("greedy") == "greedy"
    assert native_bot(RandomBot) == "random"
    assert native_bot(BotSpec("mine", GreedyBot)) == "greedy"
    assert native_bot(StrongBot) is None
    assert native_bot(FirstBot) is None
    # A bot object is copied as it is, not seeded by the match: the native engine cannot make it.
    assert native_bot(GreedyBot(seed=1)) is None

    class Greedier(GreedyBot):
        pass

    assert native_bot(Greedier) is None


@pytest.mark.parametrize(
    ("players", "refused"), [(["strong:samples=1", "greedy"], "strong:samples=1"), (["greedy", FirstBot], "first")]
)
def test_a_match_the_native_engine_cannot_play_is_refused_before_it_starts(
    players: list[BotEntry], refused: str, tmp_path: Path
) -> None:
    target = tmp_path / "match.jsonl"
    # Installed or not, the native engine does not play these bots, and that is what the refusal says.
    with pytest.raises(BackendError, match=f"greedy and random bots, not '{refused}'"):
        simulate(players, games=2, engine="native", out=target)
    assert not target.exists()


def test_an_unknown_engine_is_refused_like_an_unknown_backend() -> None:
    with pytest.raises(BackendError, match="unknown engine 'rust'; the engines are: python, native, auto"):
        simulate(["greedy", "random"], games=2, engine="rust")
    assert issubclass(BackendError, QwirkleError)
    with pytest.raises(TypeError, match="engine must be a str, not int"):
        simulate(["greedy", "random"], games=2, engine=1)  # type: ignore[arg-type]
    assert ENGINES == ("python", "native", "auto")


def test_without_the_extension_native_is_an_import_error_before_any_log_is_made(tmp_path: Path) -> None:
    # A fresh interpreter in which the extension cannot be imported, whether or not it is installed here.
    target = tmp_path / "match.jsonl"
    script = (
        "import sys\n"
        "sys.modules['qwirkle_native'] = None\n"
        "from qwirkle.matches.simulate import simulate\n"
        "try:\n"
        f"    simulate(['greedy', 'random'], games=2, engine='native', out={str(target)!r})\n"
        "except ImportError as error:\n"
        "    print(error)\n"
        f"print(simulate(['greedy', 'random'], games=2, engine='auto').results == "
        "simulate(['greedy', 'random'], games=2).results)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [f"the native engine qwirkle-native is not installed: {INSTALL_HINT}", "True"]
    assert not target.exists()


def test_the_work_sent_to_workers_pickles_with_its_engine() -> None:
    batch = _Batch((bot_spec("greedy"), bot_spec("random")), 3, (0, 1), RuleSet(), 10_000, "python")
    again = pickle.loads(pickle.dumps(batch))
    assert again == batch
    assert again.engine == "python"
    assert _play(again) == [run_match_game(["greedy", "random"], seed=3, index=i) for i in (0, 1)]


@needs_native
def test_the_command_line_plays_natively(tmp_path: Path) -> None:
    from qwirkle.cli import main

    out = tmp_path / "native.jsonl"
    code = main(["simulate", "--games", "6", "--players", "greedy,random", "--engine", "native", "--quiet"])
    assert code == 0
    assert main(["simulate", "--games", "6", "--players", "greedy,random", "--quiet", "--out", str(out)]) == 0
    resume = ["simulate", "--games", "10", "--players", "greedy,random", "--engine", "native", "--quiet", "--resume"]
    assert main([*resume, "--out", str(out)]) == 0
    assert read_log(out).simulation() == simulate(["greedy", "random"], games=10, seed=1)


def test_the_command_line_refuses_a_match_the_native_engine_cannot_play(capsys: pytest.CaptureFixture[str]) -> None:
    from qwirkle.cli import main

    assert main(["simulate", "--games", "2", "--players", "strong,greedy", "--engine", "native", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("qwirkle simulate: error: ")
    # Which bots the native engine plays does not depend on whether it is installed: that is said first.
    assert "not 'strong'" in err
    with pytest.raises(SystemExit):
        main(["simulate", "--engine", "rust"])
