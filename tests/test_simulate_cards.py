"""Matches of Qwirkle Cards: the same seeds, statistics, logs and resumption as the tile game's, on one seam."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import qwirkle.matches.cards
from qwirkle.bots import UnknownBotError
from qwirkle.bots.spec import BotParameterError
from qwirkle.cards import CardsEndReason, CardsMove, CardsPlayerView, CardsRuleSet, GreedyBot, Pass, run_game
from qwirkle.cards.bots import RandomBot
from qwirkle.cli import main
from qwirkle.errors import BackendError, IllegalMoveError, InvalidRecordError, QwirkleError
from qwirkle.matches.cards import CARDS_GAME, cards_bots
from qwirkle.matches.games import bot_seed, run_match_game
from qwirkle.matches.log import MatchLogError, read_log
from qwirkle.matches.simulate import Simulation, simulate
from qwirkle.rules.ruleset import RuleSet

PLAYERS = ["greedy", "random"]
GAMES = 6
SEED = 17


@pytest.fixture(scope="module")
def reference() -> Simulation:
    return simulate(PLAYERS, games=GAMES, seed=SEED, game="cards")


def test_the_same_seed_gives_the_same_games_with_one_and_two_jobs(reference: Simulation) -> None:
    two = simulate(PLAYERS, games=GAMES, seed=SEED, game="cards", jobs=2)
    assert two == reference
    assert two.results == reference.results
    assert simulate(PLAYERS, games=GAMES, seed=SEED + 1, game="cards").results != reference.results


def test_a_game_of_the_match_is_the_card_game_its_seeds_deal_and_play(reference: Simulation) -> None:
    """Rule CARDS-9: the score is the Qwirkles; the match's game is the one its deal and bot seeds play."""
    result = reference.results[1]
    bots = [
        GreedyBot() if name == "greedy" else RandomBot(seed=bot_seed(SEED, 1, seat))
        for seat, name in enumerate(result.bots)
    ]
    final = run_game(bots, seed=result.deal)
    assert final.outcome is not None
    assert final.scores == result.scores
    assert final.outcome.winners == result.winners
    assert final.outcome.reason.value == result.reason
    assert len(final.history) == result.turns
    assert result.scores == result.qwirkles


def test_the_statistics_and_the_table_count_every_game(reference: Simulation) -> None:
    stats = reference.stats()
    assert [s.name for s in stats] == ["greedy", "random"]
    assert [s.games for s in stats] == [GAMES, GAMES]
    assert sum(s.wins for s in stats) == pytest.approx(GAMES)
    assert set(reference.endings()) <= {reason.value for reason in CardsEndReason} | {"turn_limit"}
    assert reference.table().startswith(f"Qwirkle Cards, greedy vs random: {GAMES} games, seed {SEED}")
    assert reference.game == "cards"
    assert reference.rules == CardsRuleSet()


def test_the_json_names_the_game_and_round_trips(reference: Simulation) -> None:
    data = reference.to_json()
    assert data["game"] == "cards"
    assert Simulation.loads(reference.dumps()) == reference
    tiles = simulate(["greedy", "random"], games=2, seed=1)
    assert "game" not in tiles.to_json()
    assert Simulation.loads(tiles.dumps()).game == "tiles"


def test_json_that_names_the_tile_game_loads_as_the_tile_game() -> None:
    tiles = simulate(["greedy", "random"], games=1, seed=1)
    assert Simulation.from_json({**tiles.to_json(), "game": "tiles"}) == tiles


def test_json_that_names_an_unknown_game_is_refused(reference: Simulation) -> None:
    data = reference.to_json()
    data["game"] = "dominoes"
    with pytest.raises(InvalidRecordError, match=r"\$\.game: unknown game 'dominoes'"):
        Simulation.from_json(data)


def test_a_log_of_cards_resumes_with_the_games_it_lacks(reference: Simulation, tmp_path: Path) -> None:
    path = tmp_path / "cards.jsonl"
    simulate(PLAYERS, games=2, seed=SEED, game="cards", out=path)
    header = json.loads(path.read_text().splitlines()[0])
    assert header["game"] == "cards"
    resumed = simulate(PLAYERS, games=GAMES, seed=SEED, game="cards", out=path, resume=True)
    assert resumed == reference
    log = read_log(path)
    assert log.game == "cards"
    assert sorted(r.index for r in log.results) == list(range(GAMES))
    assert log.simulation() == reference


def test_a_log_resumed_as_the_other_game_is_refused(tmp_path: Path) -> None:
    cards = tmp_path / "cards.jsonl"
    simulate(PLAYERS, games=1, seed=SEED, game="cards", out=cards)
    with pytest.raises(MatchLogError, match="is the log of a match of Qwirkle Cards, not of the tile game"):
        simulate(PLAYERS, games=2, seed=SEED, out=cards, resume=True)
    tiles = tmp_path / "tiles.jsonl"
    simulate(PLAYERS, games=1, seed=SEED, out=tiles)
    assert "game" not in json.loads(tiles.read_text().splitlines()[0])
    with pytest.raises(MatchLogError, match="is the log of a match of the tile game, not of Qwirkle Cards"):
        simulate(PLAYERS, games=2, seed=SEED, game="cards", out=tiles, resume=True)
    assert len(tiles.read_text().splitlines()) == 2


def test_the_entries_name_the_cards_bots() -> None:
    assert {"greedy", "random"} <= set(cards_bots())
    with pytest.raises(UnknownBotError, match="unknown cards bot 'longest'; the cards bots are: "):
        simulate(["greedy", "longest"], games=1, game="cards")
    match = simulate([GreedyBot, RandomBot], games=2, seed=3, game="cards")
    assert match.players == ("greedy", "random")
    assert match.results == simulate(PLAYERS, games=2, seed=3, game="cards").results


def test_what_a_match_of_cards_cannot_play_is_refused_before_any_game() -> None:
    with pytest.raises(BackendError, match="the native engine plays the tile game only"):
        simulate(PLAYERS, games=1, game="cards", engine="native")
    assert simulate(PLAYERS, games=1, seed=2, game="cards", engine="auto").results == (
        simulate(PLAYERS, games=1, seed=2, game="cards").results
    )
    with pytest.raises(QwirkleError, match="takes a CardsRuleSet, not"):
        simulate(PLAYERS, games=1, game="cards", rules=RuleSet())
    with pytest.raises(QwirkleError, match="5 players: Qwirkle Cards takes 2 to 4"):
        simulate(["greedy"] * 5, games=1, game="cards")
    with pytest.raises(QwirkleError, match="unknown game 'chess'"):
        simulate(PLAYERS, games=1, game="chess")


def test_a_game_past_the_turn_limit_stops_with_the_leaders_as_winners() -> None:
    result = run_match_game(PLAYERS, seed=1, index=0, max_turns=3, game="cards")
    assert result.reason == "turn_limit"
    assert result.turns == 3 == sum(result.moves)


class Passer:
    """A cards bot that always passes, named by its class."""

    def __init__(self, name: str = "passer") -> None:
        self.name = name

    def choose(self, view: object) -> Pass:
        return Pass()


def test_an_illegal_move_names_the_bot_its_seat_and_the_game() -> None:
    """Rule CARDS-7: a player who can lay may not pass."""
    with pytest.raises(IllegalMoveError, match=r"passer \(seat \d\) on turn \d+ of game 0 of the match seeded 4"):
        run_match_game([Passer, "greedy"], seed=4, index=0, game="cards")


def test_the_command_line_plays_a_match_of_cards(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    argv = ["simulate", "--game", "cards", "--games", "4", "--players", "greedy,random", "--seed", "5", "--quiet"]
    assert main([*argv, "--jobs", "2", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Qwirkle Cards, greedy vs random: 4 games, seed 5, seats rotated\n")
    assert Simulation.loads(path.read_bytes()) == simulate(PLAYERS, games=4, seed=5, game="cards")


def test_the_command_line_resumes_a_log_of_cards_and_refuses_the_other_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = str(tmp_path / "cards.jsonl")
    argv = ["simulate", "--game", "cards", "--players", "greedy,random", "--seed", "5", "--quiet", "--out", out]
    assert main([*argv, "--games", "2"]) == 0
    assert main([*argv, "--games", "4", "--resume"]) == 0
    assert "Resumed " in capsys.readouterr().out
    assert read_log(out).simulation() == simulate(PLAYERS, games=4, seed=5, game="cards")
    tiles = ["simulate", "--players", "greedy,random", "--seed", "5", "--quiet", "--out", out, "--resume"]
    assert main([*tiles, "--games", "4"]) == 1
    assert "is the log of a match of Qwirkle Cards, not of the tile game" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--players", "greedy,longest"], "argument --players: unknown cards bot 'longest'; the cards bots are: "),
        (["--round-robin"], "--round-robin plays the tile game"),
        (["--engine", "native"], None),
    ],
)
def test_the_command_line_refuses_what_a_match_of_cards_cannot_play(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str | None
) -> None:
    if message is None:
        assert main(["simulate", "--game", "cards", "--games", "1", "--quiet", *argv]) == 1
        assert "the native engine plays the tile game only" in capsys.readouterr().err
        return
    with pytest.raises(SystemExit) as caught:
        main(["simulate", "--game", "cards", "--games", "1", *argv])
    assert caught.value.code == 2
    assert f"qwirkle simulate: error: {message}" in capsys.readouterr().err


class Thinker:
    """A cards bot with parameters: it plays as the greedy bot, and keeps what it was made with."""

    def __init__(self, seed: int = 0, name: str = "thinker", depth: int = 2, eager: bool = False) -> None:
        self.name, self.seed, self.depth, self.eager = name, seed, depth, eager
        self._greedy = GreedyBot()

    def choose(self, view: CardsPlayerView) -> CardsMove:
        return self._greedy.choose(view)


@pytest.fixture
def with_thinker(monkeypatch: pytest.MonkeyPatch) -> None:
    bots = {**cards_bots(), "thinker": Thinker}
    monkeypatch.setattr(qwirkle.matches.cards, "cards_bots", lambda: bots)


@pytest.mark.usefixtures("with_thinker")
def test_a_cards_bot_takes_its_parameters_after_a_colon() -> None:
    spec = CARDS_GAME.spec("Thinker: depth=5, eager=TRUE")
    assert spec.label == "thinker:depth=5,eager=true"
    bot = spec.make(9)
    assert isinstance(bot, Thinker)
    assert (bot.seed, bot.depth, bot.eager) == (9, 5, True)
    match = simulate(["thinker:depth=3", "random"], games=2, seed=2, game="cards")
    assert match.players == ("thinker:depth=3", "random")
    greedy = simulate(["greedy", "random"], games=2, seed=2, game="cards").results
    assert [(r.scores, r.winners, r.turns) for r in match.results] == [(r.scores, r.winners, r.turns) for r in greedy]


@pytest.mark.usefixtures("with_thinker")
@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ("thinker:width=2", "'thinker' has no parameter 'width'; its parameters are: depth, eager"),
        ("thinker:seed=2", "'thinker' has no parameter 'seed'"),
        ("thinker:depth=deep", "depth of 'thinker' takes a int, not 'deep'"),
        ("thinker:eager=yes", "eager of 'thinker' takes a bool, not 'yes'"),
        ("thinker:depth", "expected name=value for a parameter of 'thinker', not 'depth'"),
        ("greedy:depth=2", "'greedy' has no parameter 'depth'; its parameters are: none"),
    ],
)
def test_a_cards_bots_parameter_that_it_lacks_or_cannot_read_is_refused(entry: str, message: str) -> None:
    with pytest.raises(BotParameterError, match=re.escape(message)):
        CARDS_GAME.spec(entry)
