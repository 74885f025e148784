"""Matches between bots: seats, seeds, statistics, parallel runs, JSON, and the pickling that parallel runs need."""

from __future__ import annotations

import json
import pickle
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

import attrs
import pytest

from qwirkle import Exchange, Pass, Place, QwirkleError, RuleSet, apply, legal_moves, new_game, view
from qwirkle.bots import GreedyBot, RandomBot, StrongBot, UnknownBotError, make_bot, run_game
from qwirkle.bots.spec import BotEntry, BotParameterError, bot_spec
from qwirkle.errors import BackendError, InvalidRecordError
from qwirkle.matches.backends import ProcessBackend
from qwirkle.matches.log import read_log
from qwirkle.matches.simulate import (
    FORMAT,
    TURN_LIMIT,
    GameResult,
    Simulation,
    bot_seed,
    deal_seed,
    eta,
    read_json,
    run_match_game,
    simulate,
    write_json,
)
from qwirkle.rules.limits import MAX_JSON_CHARS
from tests.user_bots import FirstBot, LongestBot, quick_strong

T = TypeVar("T")
R = TypeVar("R")


@pytest.fixture(scope="module")
def match() -> Simulation:
    return simulate(["greedy", "random"], games=6, seed=5)


def test_seats_rotate_and_each_deal_is_played_from_both_seats(match: Simulation) -> None:
    assert [result.index for result in match.results] == list(range(6))
    assert [result.entries for result in match.results] == [(0, 1), (1, 0)] * 3
    assert [result.bots for result in match.results] == [("greedy", "random"), ("random", "greedy")] * 3
    deals = [result.deal for result in match.results]
    assert deals[0::2] == deals[1::2]
    assert len(set(deals)) == 3


def test_a_result_is_what_the_game_gave(match: Simulation) -> None:
    for result in match.results:
        assert result.reason in ("went_out", "blocked")
        assert sum(result.moves) == result.turns
        assert [len(times) for times in result.times] == list(result.moves)
        assert all(t >= 0 for times in result.times for t in times)
        best = max(result.scores)
        assert result.winners == tuple(seat for seat, points in enumerate(result.scores) if points == best)


def test_a_result_matches_a_replay_of_its_game() -> None:
    result = run_match_game(["strong", "greedy"], seed=9, index=3)
    assert result.entries == (1, 0)
    bots = [make_bot(name, seed=bot_seed(9, 3, seat)) for seat, name in enumerate(result.bots)]
    final = run_game(bots, seed=result.deal)
    assert final.outcome is not None
    assert final.players == ("greedy", "strong")
    assert result.scores == final.scores
    assert result.winners == final.outcome.winners
    assert result.turns == final.turn_number
    assert result.reason == final.outcome.reason.value
    assert sum(result.qwirkles) == sum(turn.score.qwirkles for turn in final.history)
    assert sum(result.exchanges) == sum(isinstance(turn.move, Exchange) for turn in final.history)


def test_the_same_seed_plays_the_same_match_and_another_seed_another() -> None:
    first = simulate(["greedy", "random"], games=4, seed=2)
    assert simulate(["greedy", "random"], games=4, seed=2).results == first.results
    assert simulate(["greedy", "random"], games=4, seed=3).results != first.results


def test_the_results_do_not_depend_on_the_number_of_jobs() -> None:
    one = simulate(["greedy", "random"], games=4, seed=11, jobs=1)
    two = simulate(["greedy", "random"], games=4, seed=11, jobs=2)
    assert two.results == one.results
    assert two == one
    # Times are measured, so they differ, but they are there.
    assert all(result.times for result in two.results)


def test_a_match_can_be_put_together_from_games_played_anywhere() -> None:
    players = ["random", "greedy"]
    results = [run_match_game(players, seed=4, index=index) for index in reversed(range(4))]
    assert Simulation(players, 4, sorted(results, key=lambda r: r.index)) == simulate(players, games=4, seed=4)


def a_result(index: int = 0, winners: tuple[int, ...] = (0, 1)) -> GameResult:
    """A made-up result of a game between greedy and random, a shared win unless ``winners`` says otherwise."""
    return GameResult(
        index=index,
        deal=1,
        entries=(0, 1),
        bots=("greedy", "random"),
        scores=(50, 50),
        winners=winners,
        reason="blocked",
        turns=2,
        moves=(1, 1),
        qwirkles=(0, 0),
        exchanges=(0, 1),
        passes=(0, 0),
        times=((0.1,), (0.3,)),
    )


def test_win_shares_count_a_shared_win_as_a_share() -> None:
    result = a_result()
    assert result.win_share(0) == result.win_share(1) == 0.5
    lost = attrs.evolve(result, index=1, winners=(1,), entries=(1, 0), bots=("random", "greedy"))
    stats = Simulation(["greedy", "random"], 1, [result, lost]).stats()
    assert [s.wins for s in stats] == [1.5, 0.5]
    assert stats[0].win_rate == 0.75
    assert stats[0].move_time_mean == pytest.approx(0.2)
    assert stats[0].exchanges_per_game == 0.5


def test_the_stats_add_up(match: Simulation) -> None:
    greedy, random = match.stats()
    assert (greedy.name, random.name) == ("greedy", "random")
    assert greedy.games == random.games == 6
    assert greedy.wins + random.wins == 6
    greedy_scores = [r.scores[r.entries.index(0)] for r in match.results]
    assert greedy.score_mean == pytest.approx(sum(greedy_scores) / 6)
    moves = sum(r.moves[r.entries.index(0)] for r in match.results)
    assert greedy.points_per_turn == pytest.approx(sum(greedy_scores) / moves)
    assert greedy.win_rate > random.win_rate
    for s in (greedy, random):
        assert 0 <= s.win_low <= s.win_rate <= s.win_high <= 1
        assert s.move_time_median > 0


def win_interval(wins: int, games: int) -> tuple[float, float]:
    """The first entry's win-rate interval in a made-up match where it wins ``wins`` of ``games``."""
    results = [a_result(index=index, winners=(0,) if index < wins else (1,)) for index in range(games)]
    stats = Simulation(["greedy", "random"], 1, results).stats()[0]
    return stats.win_low, stats.win_high


def test_the_win_rate_interval_is_the_wilson_interval() -> None:
    low, high = win_interval(1200, 2000)
    assert low == pytest.approx(0.5785, abs=1e-3)
    assert high == pytest.approx(0.6211, abs=1e-3)
    wide_low, wide_high = win_interval(60, 100)
    assert wide_low < low < 0.6 < high < wide_high
    assert win_interval(0, 10)[0] == 0.0
    assert win_interval(10, 10)[1] == 1.0
    assert win_interval(0, 0) == (0.0, 1.0)


def test_entries_of_the_same_bot_are_numbered() -> None:
    match = simulate(["random", "random"], games=2, seed=1)
    assert [s.name for s in match.stats()] == ["random 0", "random 1"]
    assert match.results[0].bots == ("random", "random")


def test_the_table_has_a_row_per_bot_then_length_and_endings(match: Simulation) -> None:
    lines = match.table().splitlines()
    assert lines[0] == "greedy vs random: 6 games, seed 5, seats rotated"
    assert lines[1].split()[:3] == ["bot", "games", "wins"]
    assert "win rate (95% CI)" in lines[1]
    assert lines[2].startswith("greedy ")
    assert lines[3].startswith("random ")
    assert " to " in lines[2]
    assert " ms" in lines[2]
    assert lines[4].startswith("Game length: ")
    assert lines[5].startswith("Endings: ")
    assert len(lines) == 6


def test_the_json_holds_every_game_and_seat(match: Simulation) -> None:
    data = json.loads(match.dumps())
    assert data == match.to_json()
    assert data["format"] == FORMAT
    assert data["players"] == ["greedy", "random"]
    assert data["seed"] == 5
    assert len(data["games"]) == 6
    game = data["games"][1]
    assert game["index"] == 1
    assert [seat["bot"] for seat in game["seats"]] == ["random", "greedy"]
    assert [seat["score"] for seat in game["seats"]] == list(match.results[1].scores)
    assert sum(seat["won"] for seat in game["seats"]) == 1
    assert len(game["seats"][0]["times"]) == game["seats"][0]["moves"]


def test_a_stalled_game_stops_at_the_turn_limit() -> None:
    result = run_match_game(["random", "random"], seed=1, index=0, max_turns=7)
    assert result.reason == TURN_LIMIT
    assert result.turns == 7
    assert result.winners
    match = simulate(["random", "random"], games=2, seed=1, max_turns=7)
    assert match.endings() == {TURN_LIMIT: 2}
    assert "turn limit 2 (100.0%)" in match.table()


def test_progress_is_reported_as_games_finish() -> None:
    seen: list[tuple[int, int]] = []
    simulate(["greedy", "random"], games=3, seed=1, progress=lambda done, total, elapsed: seen.append((done, total)))
    # Once when the workers are ready, then after every game.
    assert seen == [(0, 3), (1, 3), (2, 3), (3, 3)]
    seen.clear()
    simulate(
        ["greedy", "random"], games=3, seed=1, jobs=2, progress=lambda done, total, elapsed: seen.append((done, total))
    )
    assert seen[0] == (0, 3)
    assert seen[-1] == (3, 3)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)


def test_eta_reads_well() -> None:
    assert eta(50, 200, 10.0) == "50/200 games (25%), 5.0 games/s, about 30s left"
    assert eta(1, 2000, 1.0).endswith("about 33m19s left")
    assert eta(10, 100000, 1.0).endswith("about 2h46m left")
    assert eta(200, 200, 10.0).endswith("done")
    assert eta(0, 10, 0.0) == "0/10 games (0%), 0.0 games/s, done"


@pytest.mark.parametrize(
    ("players", "games", "jobs", "error"),
    [
        (["greedy", "clever"], 2, 1, UnknownBotError),
        (["strong:shortlist=12", "greedy"], 2, 1, BotParameterError),
        (["greedy"], 2, 1, QwirkleError),
        (["greedy", "random"], -1, 1, QwirkleError),
        (["greedy", "random"], 2, 0, QwirkleError),
    ],
)
def test_bad_arguments_are_refused(players: list[str], games: int, jobs: int, error: type[Exception]) -> None:
    with pytest.raises(error):
        simulate(players, games=games, jobs=jobs)


def test_the_rules_are_those_given() -> None:
    rules = RuleSet.preset("return_before_draw")
    match = simulate(["greedy", "random"], games=2, seed=1, rules=rules)
    assert match.rules == rules
    assert match.to_json()["rules"]["exchange_return_before_draw"] is True


# Pickling: what parallel engines ship between processes.


def test_states_and_moves_pickle_and_play_on_the_same() -> None:
    state = new_game(["Ann", "Bob"], seed=3)
    bots = [GreedyBot(seed=1), RandomBot(seed=2)]
    for _ in range(30):
        state = apply(state, bots[state.current].choose(state))
    copy = pickle.loads(pickle.dumps(state))
    assert copy == state
    assert copy.board == state.board
    assert dict(copy.board._frontier()) == dict(state.board._frontier())
    move = GreedyBot(seed=4).choose(state)
    assert pickle.loads(pickle.dumps(move)) == move
    assert apply(copy, move) == apply(state, move)
    assert set(legal_moves(copy)) == set(legal_moves(state))
    assert pickle.loads(pickle.dumps(view(state, 0))) == view(state, 0)
    for other in (Pass(), Exchange(state.hand[:2]), Place(dict([next(iter(state.board.items()))]))):
        assert pickle.loads(pickle.dumps(other)) == other


def test_a_board_pickles_without_its_cached_frontier() -> None:
    final = run_game([GreedyBot(seed=1), GreedyBot(seed=2)], seed=3)
    board = final.board
    board._frontier()
    size = len(pickle.dumps(board))
    fresh = pickle.loads(pickle.dumps(board))
    assert len(pickle.dumps(fresh)) == size
    # About a dozen bytes a tile: the grid, not the frontier.
    assert size < 16 * len(board) + 200
    assert len(pickle.dumps(final)) < 40_000


def test_results_pickle(match: Simulation) -> None:
    assert pickle.loads(pickle.dumps(match)) == match


def test_results_read_back_as_they_were_written(match: Simulation, tmp_path: Path) -> None:
    target = tmp_path / "match.json"
    target.write_text(match.dumps(), encoding="utf-8")
    again = Simulation.loads(target.read_bytes())
    assert again == match
    assert [result.times for result in again.results] == [
        tuple(tuple(round(t, 6) for t in seat) for seat in result.times) for result in match.results
    ]


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda game: game.update(index=-1), "$.index: -1 is out of range"),
        (lambda game: game.update(reason="bored"), "$.reason: unknown ending 'bored'"),
        (lambda game: game.update(winners=[1]), "$.winners: the winners are not the seats with the highest score"),
        (lambda game: game.update(turns=game["turns"] + 1), "$.turns: "),
        (lambda game: game["seats"][0].update(won=0.25), "$.seats[0].won: expected the seat's share of the win"),
        (lambda game: game["seats"][0].update(times=[]), "$.seats[0].times: 0 times for "),
        (lambda game: game["seats"][0].update(entry=1), "$.seats: the entries of the seats are not one each"),
        (lambda game: game["seats"][1].update(times=[-1.0]), "$.seats[1].times"),
        (lambda game: game.update(extra=1), "$: unknown key 'extra'"),
    ],
)
def test_a_result_that_does_not_add_up_is_refused(change: object, problem: str) -> None:
    data = run_match_game(["greedy", "random"], seed=1, index=0).to_json()
    assert GameResult.from_json(data) == run_match_game(["greedy", "random"], seed=1, index=0)
    assert callable(change)
    change(data)
    with pytest.raises(InvalidRecordError) as caught:
        GameResult.from_json(data)
    assert str(caught.value).startswith(problem)


def test_a_file_that_is_not_a_match_is_refused() -> None:
    with pytest.raises(InvalidRecordError, match="not valid JSON"):
        Simulation.loads("[1, 2")
    with pytest.raises(InvalidRecordError, match="missing"):
        Simulation.loads(json.dumps({"format": "qwirkle-record"}))


# Each value with JSON: to_json gives data, from_json takes data or text, dumps and loads handle text


@pytest.mark.parametrize("kind", ["match", "result"])
def test_a_match_and_a_result_take_data_or_text_alike(match: Simulation, kind: str) -> None:
    value: Simulation | GameResult = match if kind == "match" else match.results[1]
    load = Simulation if kind == "match" else GameResult
    text = value.dumps()
    assert json.loads(text) == value.to_json()
    assert load.from_json(value.to_json()) == load.from_json(text) == load.from_json(text.encode()) == value
    assert load.loads(text) == load.loads(text.encode()) == value
    with pytest.raises(InvalidRecordError, match=rf"^\$: the {kind} is not valid JSON"):
        load.loads(text[:-1])


def test_a_key_given_twice_is_refused_in_a_match() -> None:
    text = run_match_game(["greedy", "random"], seed=1, index=0).dumps()
    with pytest.raises(InvalidRecordError, match="the key 'deal' appears twice"):
        GameResult.loads(text.replace('"index":0', '"deal":1,"index":0'))


def test_a_match_is_written_as_the_command_line_writes_it(match: Simulation) -> None:
    text = match.dumps()
    assert text == json.dumps(match.to_json(), separators=(",", ":"))
    assert text.isascii()


def test_a_match_may_be_larger_than_one_game_s_document_but_is_bounded(match: Simulation) -> None:
    # 1,200 games take more than 1 MiB, the most a state or a record may take.
    big = Simulation(match.players, match.seed, match.results * 200, match.rules)
    text = big.dumps()
    assert len(text) > MAX_JSON_CHARS
    assert Simulation.loads(text) == big
    began = time.perf_counter()
    with pytest.raises(InvalidRecordError, match="objects"):
        Simulation.loads("[" + "{}," * (1 << 23) + "{}]")
    assert time.perf_counter() - began < 1.0


@pytest.mark.parametrize(
    "load",
    [Simulation.loads, Simulation.from_json, GameResult.loads, GameResult.from_json],
    ids=lambda load: str(load.__qualname__),
)
def test_a_value_that_is_not_json_is_a_type_error(match: Simulation, load: Callable[[object], object]) -> None:
    with pytest.raises(TypeError, match="must be JSON text"):
        load(match)
    # For one release it is an InvalidRecordError too, as it was.
    with pytest.raises(InvalidRecordError, match="must be JSON text"):
        load(match)


def test_the_old_spellings_still_work_and_warn(match: Simulation, tmp_path: Path) -> None:
    target = tmp_path / "match.json"
    with pytest.deprecated_call(match="write_json"):
        write_json(match, target)
    assert target.read_text(encoding="utf-8") == match.dumps() + "\n"
    with pytest.deprecated_call(match="read_json"):
        assert read_json(target) == match
    result = match.results[0]
    with pytest.deprecated_call(match="GameResult.from_json"):
        assert GameResult.from_json(result.to_json(), "line 2") == result
    with pytest.deprecated_call(match="GameResult.from_json"), pytest.raises(InvalidRecordError, match=r"^line 2: "):
        GameResult.from_json({}, "line 2")


# Entries: names with parameters, a user's own bots, factories and bot objects.


def test_the_deal_seed_is_public_and_changes_once_per_rotation() -> None:
    results = [run_match_game(["greedy", "random", "random"], seed=3, index=index) for index in range(6)]
    assert [result.deal for result in results] == [deal_seed(3, index, 3) for index in range(6)]
    assert len({result.deal for result in results}) == 2


def test_a_bot_with_parameters_plays_as_the_bot_with_those_attributes() -> None:
    result = run_match_game(["strong:samples=2,placements_kept=3", "greedy"], seed=4, index=1)
    assert result.bots == ("greedy", "strong:samples=2,placements_kept=3")
    strong = StrongBot(seed=bot_seed(4, 1, 1))
    strong.samples, strong.placements_kept = 2, 3
    final = run_game([GreedyBot(seed=bot_seed(4, 1, 0)), strong], seed=result.deal)
    assert final.scores == result.scores
    assert result.turns == final.turn_number
    # And the parameters change the play: the default bot plays another game.
    assert run_match_game(["strong", "greedy"], seed=4, index=1).scores != result.scores


def test_a_users_own_bots_play_a_match_seeded_per_seat() -> None:
    match = simulate([LongestBot, FirstBot, quick_strong], games=3, seed=6)
    assert match.players == ("longest", "first", "quick_strong")
    assert [s.games for s in match.stats()] == [3, 3, 3]
    result = match.results[2]
    assert result.bots == ("quick_strong", "longest", "first")
    entries: list[BotEntry] = [quick_strong, LongestBot, FirstBot]
    seats = [bot_spec(entry).make(bot_seed(6, 2, seat)) for seat, entry in enumerate(entries)]
    assert run_game(seats, seed=result.deal).scores == result.scores


def test_a_bot_object_is_played_afresh_in_every_game() -> None:
    template = LongestBot(seed=8)
    match = simulate([template, "greedy"], games=4, seed=2)
    assert match.players == ("longest", "greedy")
    assert match == simulate([LongestBot(seed=8), "greedy"], games=4, seed=2)
    # The object itself is never played: it draws as it did before the match.
    assert template._rng.random() == LongestBot(seed=8)._rng.random()


def test_the_results_are_the_same_whatever_the_jobs_for_every_kind_of_entry() -> None:
    players: list[BotEntry] = ["strong:samples=1,placements_kept=2", LongestBot, "greedy"]
    one = simulate(players, games=6, seed=13)
    assert simulate(players, games=6, seed=13, jobs=2) == one
    assert simulate(players, games=6, seed=13, backend=ProcessBackend(jobs=2)) == one
    assert one.players == ("strong:samples=1,placements_kept=2", "longest", "greedy")


def test_an_entry_that_cannot_reach_worker_processes_is_refused_clearly() -> None:
    class Local(GreedyBot):
        pass

    assert simulate([Local, "random"], games=1, seed=1).players == ("greedy", "random")
    with pytest.raises(TypeError, match="cannot be sent to worker processes"):
        simulate([Local, "random"], games=2, seed=1, jobs=2)


def test_a_backend_is_chosen_by_name_or_given() -> None:
    with pytest.raises(BackendError, match="unknown backend 'spark'"):
        simulate(["greedy", "random"], games=2, backend="spark")
    with pytest.raises(BackendError, match="takes no address"):
        simulate(["greedy", "random"], games=2, address="tcp://127.0.0.1:8786")
    with pytest.raises(QwirkleError, match="a backend object says its own"):
        simulate(["greedy", "random"], games=2, backend=ProcessBackend(2), jobs=2)


class BreakingBackend:
    """Runs in this process and breaks down before the batch number ``after``, as a lost cluster does."""

    description = "a backend that breaks down"
    count = 1

    def __init__(self, after: int) -> None:
        self.after = after

    @contextmanager
    def open(self) -> Iterator[BreakingBackend]:
        yield self

    def map_unordered(self, function: Callable[[T], R], items: Iterable[T]) -> Iterator[R]:
        for number, item in enumerate(items):
            if number == self.after:
                raise BackendError("the cluster went away")
            yield function(item)


def test_a_run_that_fails_before_any_game_leaves_no_log(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    with pytest.raises(BackendError, match="went away"):
        simulate(["greedy", "random"], games=4, seed=3, backend=BreakingBackend(0), out=log)
    assert not log.exists()
    # So the same run can be started again, without resume.
    assert len(simulate(["greedy", "random"], games=4, seed=3, out=log).results) == 4


def test_a_run_that_fails_keeps_the_games_it_finished(tmp_path: Path) -> None:
    log = tmp_path / "run.jsonl"
    with pytest.raises(BackendError, match="went away"):
        simulate(["greedy", "random"], games=4, seed=3, backend=BreakingBackend(1), out=log)
    assert [result.index for result in read_log(log).results] == [0]
    resumed = simulate(["greedy", "random"], games=4, seed=3, out=log, resume=True)
    assert resumed == simulate(["greedy", "random"], games=4, seed=3)
