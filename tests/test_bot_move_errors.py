"""A bot's illegal move in a game or a match: the error names the bot, its seat, the game and the turn."""

from __future__ import annotations

import pickle
import types
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from qwirkle import IllegalMoveError, Move, Pass, PlayerView, QwirkleError, Rule, new_game
from qwirkle.bots import BotError, GreedyBot, IllegalBotMoveError, run_game
from qwirkle.cli import main
from qwirkle.matches.backends.ray import _RayWorkers
from qwirkle.matches.simulate import deal_seed, run_match_game, simulate

CHEAT_TURN = 5
"""The turn from which the cheater passes though it could move."""


class Cheater:
    """Plays as the greedy bot, then passes from turn 5 on while the bag has tiles: an illegal move."""

    name = "cheater"

    def __init__(self, seed: int) -> None:
        self._greedy = GreedyBot(seed)

    def choose(self, view: PlayerView) -> Move:
        if view.turn_number + 1 >= CHEAT_TURN:
            return Pass()
        return self._greedy.choose(view)


def test_run_game_names_the_bot_its_seat_the_seed_and_the_turn() -> None:
    with pytest.raises(IllegalBotMoveError) as caught:
        run_game([GreedyBot(seed=1), Cheater(2)], seed=7)
    error = caught.value
    assert isinstance(error, IllegalMoveError)
    assert isinstance(error, BotError)
    assert (error.bot, error.seat, error.seed, error.game, error.match_seed) == ("cheater", 1, 7, None, None)
    assert error.turn >= CHEAT_TURN
    assert error.move == Pass()
    assert error.rule in (Rule.TURN_3, Rule.EXCHANGE_4)
    assert str(error) == (
        f"cheater (seat 1) played pass on turn {error.turn} of the game dealt from seed 7: "
        f"{error.rule.value}: {error.reason}"
    )


def test_two_bots_of_one_name_are_told_apart_by_seat() -> None:
    with pytest.raises(IllegalBotMoveError, match=r"^cheater 1 \(seat 1\) played pass on turn 5 ") as caught:
        run_game([Cheater(1), Cheater(2)], seed=7)
    assert caught.value.bot == "cheater 1"


def test_a_match_game_names_the_game_its_seeds_and_the_entry() -> None:
    with pytest.raises(IllegalBotMoveError) as caught:
        run_match_game(["greedy", Cheater], seed=4, index=3)
    error = caught.value
    # Seats rotate: in game 3 of two entries the cheater, entry 1, sits at seat 0.
    assert (error.bot, error.seat, error.game, error.match_seed) == ("cheater", 0, 3, 4)
    assert error.seed == deal_seed(4, 3, 2)
    assert str(error).startswith(
        f"cheater (seat 0) played pass on turn {error.turn} of game 3 of the match seeded 4 "
        f"(dealt from seed {error.seed}): {error.rule.value}: "
    )
    # The game can be played again up to the refused move.
    state = new_game(["cheater", "greedy"], seed=error.seed)
    assert state.players[error.seat] == error.bot


@pytest.mark.parametrize("jobs", [1, 2])
def test_simulate_raises_it_from_this_process_or_a_worker(jobs: int) -> None:
    with pytest.raises(IllegalBotMoveError) as caught:
        simulate([Cheater, "greedy"], games=2, seed=9, jobs=jobs)
    error = caught.value
    assert error.bot == "cheater"
    assert error.match_seed == 9
    assert error.game in (0, 1)
    assert error.seed == deal_seed(9, error.game, 2)
    assert error.turn >= CHEAT_TURN


def test_it_pickles_back_whole() -> None:
    error = IllegalBotMoveError(Rule.TURN_3, "you can place a tile, so you may not pass", "x", 1, 9, Pass(), 5, 2, 3)
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is IllegalBotMoveError
    assert str(back) == str(error)
    assert vars(back) == vars(error)


def test_the_command_line_prints_it(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # The command line takes built-in bots only: one of them is made to cheat.
    monkeypatch.setattr(GreedyBot, "choose", lambda self, view: Pass())
    assert main(["--players", "greedy,random", "--quiet"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("qwirkle: error: greedy (seat 0) played pass on turn ")


class _FakeTaskError(Exception):
    """Ray's RayTaskError: the worker's error inside a message of its whole traceback."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__("Traceback (most recent call last): ...")
        self.cause = cause


class _FakeRay:
    """Just enough of Ray for _RayWorkers: every task runs at once, here, and its error comes back wrapped."""

    exceptions = types.SimpleNamespace(RayTaskError=_FakeTaskError)

    def remote(self, **_: object) -> Callable[[Callable[..., Any]], Any]:
        def wrap(call: Callable[..., Any]) -> Any:
            def run(*args: object) -> Any:
                try:
                    return ("done", call(*args))
                except Exception as error:
                    return ("failed", error)

            return types.SimpleNamespace(remote=run)

        return wrap

    def wait(self, pending: Sequence[Any], num_returns: int) -> tuple[list[Any], list[Any]]:
        return list(pending[:num_returns]), list(pending[num_returns:])

    def get(self, reference: tuple[str, Any]) -> Any:
        kind, value = reference
        if kind == "failed":
            raise _FakeTaskError(value)
        return value

    def cancel(self, reference: object) -> None:
        pass

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 1.0}


def _cheat(_: int) -> int:
    raise IllegalBotMoveError(Rule.TURN_3, "you can place a tile, so you may not pass", "x", 1, 9, Pass(), 5, 2, 3)


def _fail(_: int) -> int:
    raise RuntimeError("the worker ran out of memory")


def test_ray_hands_back_the_librarys_own_error_unwrapped() -> None:
    workers = _RayWorkers(_FakeRay())
    results: Iterator[int] = workers.map_unordered(abs, [-1, 2])
    assert sorted(results) == [1, 2]
    with pytest.raises(IllegalBotMoveError, match=r"^x \(seat 1\) played pass on turn 9 of game 2"):
        list(workers.map_unordered(_cheat, [1]))
    # Any other error keeps Ray's wrapper, which says where it happened.
    with pytest.raises(_FakeTaskError) as caught:
        list(workers.map_unordered(_fail, [1]))
    assert not isinstance(caught.value, QwirkleError)
