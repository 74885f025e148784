"""Long runs lose nothing: results stream to a match log as games finish, and a stopped run resumes from it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from qwirkle import RuleSet
from qwirkle.errors import InvalidRecordError, QwirkleError
from qwirkle.matches.log import LOG_FORMAT, LogWriter, MatchLog, MatchLogError, read_log
from qwirkle.matches.simulate import GameResult, Simulation, simulate
from qwirkle.rules.limits import MAX_TURNS

PLAYERS = ["greedy", "random"]


@pytest.fixture(scope="module")
def whole() -> Simulation:
    """The match played through in one go."""
    return simulate(PLAYERS, games=8, seed=21)


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_every_game_is_written_as_it_finishes(whole: Simulation, tmp_path: Path) -> None:
    target = tmp_path / "match.jsonl"
    written: list[int] = []

    def progress(done: int, total: int, elapsed: float) -> None:
        # By the time a game is reported done, its line is in the file.
        written.append(len(target.read_text(encoding="utf-8").splitlines()) - 1)
        assert written[-1] == done

    match = simulate(PLAYERS, games=8, seed=21, out=target, progress=progress)
    assert match == whole
    assert written == list(range(9))
    header, *games = lines(target)
    assert header == {
        "format": LOG_FORMAT,
        "version": 1,
        "players": PLAYERS,
        "seed": 21,
        "rules": header["rules"],
        "max_turns": MAX_TURNS,
    }
    assert RuleSet() == read_log(target).rules
    assert [GameResult.from_json(game) for game in games] == list(whole.results)
    log = read_log(target)
    assert (log.players, log.seed, log.max_turns) == (("greedy", "random"), 21, MAX_TURNS)
    assert log.simulation() == whole


def test_a_run_stopped_after_some_games_resumes_without_playing_them_again(whole: Simulation, tmp_path: Path) -> None:
    target = tmp_path / "match.jsonl"
    simulate(PLAYERS, games=3, seed=21, out=target)
    assert len(read_log(target).results) == 3
    seen: list[tuple[int, int]] = []
    resumed = simulate(
        PLAYERS, games=8, seed=21, out=target, resume=True, progress=lambda done, total, _: seen.append((done, total))
    )
    assert resumed == whole
    # Only the five games the log did not hold were played.
    assert seen == [(0, 5), (1, 5), (2, 5), (3, 5), (4, 5), (5, 5)]
    assert [result.index for result in read_log(target).results] == list(range(8))
    # The games read back are the games played: times too, to the microsecond the log keeps.
    first = read_log(target).results[0]
    assert first.times == tuple(tuple(round(t, 6) for t in seat) for seat in first.times)


def test_a_run_interrupted_mid_match_resumes_to_the_same_match(whole: Simulation, tmp_path: Path) -> None:
    target = tmp_path / "match.jsonl"

    def stop_after_four(done: int, total: int, elapsed: float) -> None:
        if done == 4:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        simulate(PLAYERS, games=8, seed=21, out=target, progress=stop_after_four)
    assert [result.index for result in read_log(target).results] == [0, 1, 2, 3]
    assert simulate(PLAYERS, games=8, seed=21, out=target, resume=True) == whole


def test_a_last_line_cut_short_is_dropped_and_its_game_played_again(whole: Simulation, tmp_path: Path) -> None:
    target = tmp_path / "match.jsonl"
    simulate(PLAYERS, games=4, seed=21, out=target)
    text = target.read_text(encoding="utf-8")
    target.write_text(text[: len(text) - 40], encoding="utf-8")
    assert [result.index for result in read_log(target).results] == [0, 1, 2]
    assert simulate(PLAYERS, games=8, seed=21, out=target, resume=True) == whole
    assert [result.index for result in read_log(target).results] == list(range(8))
    assert all(line.startswith("{") for line in target.read_text(encoding="utf-8").splitlines())


def test_resuming_a_finished_run_plays_nothing_and_a_longer_one_plays_the_rest(
    whole: Simulation, tmp_path: Path
) -> None:
    target = tmp_path / "match.jsonl"
    simulate(PLAYERS, games=8, seed=21, out=target)
    before = target.read_bytes()
    seen: list[int] = []
    assert simulate(PLAYERS, games=8, seed=21, out=target, resume=True, progress=lambda *_: seen.append(1)) == whole
    assert seen == []
    assert target.read_bytes() == before
    # Fewer games than the log holds: the match is the first ones, and the log keeps every game.
    assert simulate(PLAYERS, games=2, seed=21, out=target, resume=True).results == whole.results[:2]
    assert len(read_log(target).results) == 8


def test_resume_starts_a_log_that_does_not_exist_yet(whole: Simulation, tmp_path: Path) -> None:
    target = tmp_path / "new.jsonl"
    assert simulate(PLAYERS, games=8, seed=21, out=target, resume=True) == whole
    assert len(read_log(target).results) == 8


def test_a_log_is_never_overwritten_nor_continued_by_another_match(tmp_path: Path) -> None:
    target = tmp_path / "match.jsonl"
    simulate(PLAYERS, games=2, seed=21, out=target)
    before = target.read_bytes()
    with pytest.raises(MatchLogError, match="holds a match log already; resume it"):
        simulate(PLAYERS, games=2, seed=21, out=target)
    with pytest.raises(MatchLogError, match="its seed is 21, not 22"):
        simulate(PLAYERS, games=2, seed=22, out=target, resume=True)
    with pytest.raises(MatchLogError, match="its entries are greedy, random, not random, greedy"):
        simulate(["random", "greedy"], games=2, seed=21, out=target, resume=True)
    with pytest.raises(MatchLogError, match="its rules are others"):
        simulate(PLAYERS, games=2, seed=21, out=target, resume=True, rules=RuleSet.preset("return_before_draw"))
    with pytest.raises(MatchLogError, match=f"its turn limit is {MAX_TURNS}, not 50"):
        simulate(PLAYERS, games=2, seed=21, out=target, resume=True, max_turns=50)
    assert target.read_bytes() == before
    with pytest.raises(QwirkleError, match="give its path as out"):
        simulate(PLAYERS, games=2, seed=21, resume=True)


def test_an_empty_file_is_a_new_log(tmp_path: Path) -> None:
    target = tmp_path / "match.jsonl"
    target.write_bytes(b"")
    simulate(PLAYERS, games=2, seed=21, out=target)
    assert len(read_log(target).results) == 2


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("", "line 1: the file has no whole first line"),
        ('{"format": "qwirkle-simulation"}\n', "line 1: this is not a match log"),
        ('{"format": "qwirkle-match-log"}\n', "line 1: the key 'version' is missing"),
        ("not json\n", "line 1: not valid JSON"),
        ("HEADER\n{}\n", "line 2: the key 'index' is missing"),
        ("HEADER\nGAME\nGAME\n", "line 3: game 0 appears twice"),
        ("HEADER\n[]\nGAME\n", "line 2: expected an object"),
    ],
)
def test_a_file_that_is_not_a_log_is_refused_with_its_line(text: str, problem: str, tmp_path: Path) -> None:
    source = tmp_path / "source.jsonl"
    simulate(PLAYERS, games=1, seed=21, out=source)
    header, game = source.read_text(encoding="utf-8").splitlines()
    target = tmp_path / "match.jsonl"
    target.write_text(text.replace("HEADER", header).replace("GAME", game), encoding="utf-8")
    with pytest.raises(InvalidRecordError) as caught:
        read_log(target)
    assert str(caught.value).startswith(problem)
    if text:
        with pytest.raises(InvalidRecordError):
            simulate(PLAYERS, games=2, seed=21, out=target, resume=True)


def test_a_writer_appends_whole_lines(tmp_path: Path) -> None:
    target = tmp_path / "match.jsonl"
    with LogWriter.create(target, PLAYERS, 1, RuleSet(), 100) as log:
        assert log.results == ()
    assert read_log(target) == MatchLog(("greedy", "random"), 1, RuleSet(), 100, ())
    assert target.read_text(encoding="utf-8").endswith("\n")
