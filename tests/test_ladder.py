"""The ladder: Bradley-Terry ratings with intervals, the round robin on the match machinery, and its command."""

from __future__ import annotations

import math
import re
import warnings
from pathlib import Path
from xml.etree import ElementTree

import pytest

from qwirkle.cli import main
from qwirkle.errors import QwirkleError
from qwirkle.matches.ladder import LADDER, Ladder, round_robin
from qwirkle.matches.ratings import ELO, fit_ratings
from qwirkle.matches.simulate import simulate


def test_two_entries_are_rated_by_their_share_of_wins_with_one_drawn_game_added() -> None:
    a, b = fit_ratings(("a", "b"), {(0, 1): (60.0, 100)}, anchor=1)
    assert b.elo == b.low == b.high == 0
    assert a.elo == pytest.approx(ELO * math.log(60.5 / 40.5))
    # The interval is the usual one for a log-odds: 1.96 standard errors of 1 / sqrt(n p (1 - p)).
    share = 60.5 / 101
    half = ELO * 1.959963984540054 / math.sqrt(101 * share * (1 - share))
    assert (a.low, a.high) == pytest.approx((a.elo - half, a.elo + half))


def test_ratings_do_not_depend_on_the_order_of_the_entries() -> None:
    names = ("w", "x", "y", "z")
    results = {(0, 1): (30.0, 50), (0, 2): (20.0, 50), (1, 2): (26.5, 50), (1, 3): (40.0, 50), (2, 3): (35.0, 50)}
    ratings = {r.name: r for r in fit_ratings(names, results, anchor=0)}
    # The same results with the entries reversed.
    back = {(3 - j, 3 - i): (games - wins, games) for (i, j), (wins, games) in results.items()}
    reversed_ratings = {r.name: r for r in fit_ratings(names[::-1], back, anchor=3)}
    for name in names:
        assert reversed_ratings[name].elo == pytest.approx(ratings[name].elo, abs=1e-6)
        assert reversed_ratings[name].high == pytest.approx(ratings[name].high, abs=1e-6)
    # More wins, a higher rating; the anchor's own interval is a point.
    assert ratings["w"].elo == 0
    assert ratings["w"].low == ratings["w"].high == 0
    assert ratings["x"].elo < ratings["y"].elo
    assert all(r.low < r.elo < r.high for name, r in ratings.items() if name != "w")


def test_an_entry_that_lost_every_game_still_gets_a_finite_rating() -> None:
    ratings = fit_ratings(("a", "b", "c"), {(0, 1): (0.0, 20), (0, 2): (0.0, 20), (1, 2): (10.0, 20)})
    assert all(math.isfinite(value) for r in ratings for value in (r.elo, r.low, r.high))
    assert ratings[1].elo > 300


@pytest.mark.parametrize(
    ("results", "anchor", "message"),
    [
        ({(0, 1): (1.0, 2)}, 3, "the anchor is one of the 3 entries, not 3"),
        ({(1, 0): (1.0, 2)}, 0, "a result is"),
        ({(0, 1): (3.0, 2)}, 0, "a result is"),
        ({(0, 1): (1.0, 2)}, 0, "no games join c to a"),
    ],
)
def test_results_that_cannot_be_rated_are_refused(
    results: dict[tuple[int, int], tuple[float, int]], anchor: int, message: str
) -> None:
    with pytest.raises(QwirkleError, match=message):
        fit_ratings(("a", "b", "c"), results, anchor=anchor)


def test_a_round_robin_plays_every_pair_as_simulate_does() -> None:
    ladder = round_robin(["random", "greedy", "strong:samples=1,placements_kept=2"], games=4, seed=5)
    assert ladder.pairs() == ((0, 1), (0, 2), (1, 2))
    assert ladder.anchor == 1
    for (i, j), match in zip(ladder.pairs(), ladder.matches, strict=True):
        alone = simulate([ladder.players[i], ladder.players[j]], games=4, seed=5)
        assert [(r.scores, r.entries) for r in match.results] == [(r.scores, r.entries) for r in alone.results]
    wins, games = ladder.results()[0, 1]
    assert games == 4
    assert wins == ladder.matches[0].stats()[0].wins


def test_a_round_robin_gives_the_same_ladder_on_two_worker_processes() -> None:
    one = round_robin(["random", "greedy", "strong:samples=1,placements_kept=2"], games=4, seed=2)
    two = round_robin(["random", "greedy", "strong:samples=1,placements_kept=2"], games=4, seed=2, jobs=2)
    assert one.results() == two.results()
    assert one.ratings() == two.ratings()


def test_a_round_robin_resumes_from_its_logs(tmp_path: Path) -> None:
    first = round_robin(["random", "greedy"], games=3, seed=4, out=tmp_path)
    assert (tmp_path / "pair-0-1.jsonl").exists()
    again = round_robin(["random", "greedy"], games=5, seed=4, out=tmp_path)
    assert again.results() == round_robin(["random", "greedy"], games=5, seed=4).results()
    assert first.matches[0].results == again.matches[0].results[:3]


def test_a_round_robin_refuses_too_few_or_repeated_entries() -> None:
    with pytest.raises(QwirkleError, match="two entries or more, not 1"):
        round_robin(["greedy"], games=2)
    with pytest.raises(QwirkleError, match="greedy is given twice"):
        round_robin(["greedy", "random", "greedy"], games=2)


def test_the_ladder_prints_as_a_table_a_markdown_table_and_a_picture() -> None:
    ladder = round_robin(["random", "greedy", "strong:samples=1,placements_kept=2"], games=4, seed=5)
    ratings = sorted(ladder.ratings(), key=lambda r: -r.elo)
    table = ladder.table().splitlines()
    assert table[0].startswith("Ladder: 3 bots, 3 pairs of 4 games (12 games), seed 5; Elo relative to greedy")
    assert [line.split()[1] for line in table[2:]] == [r.name for r in ratings]
    markdown = ladder.markdown().splitlines()
    assert len(markdown) == 2 + 3
    assert markdown[0].endswith("| vs 1 | vs 2 | vs 3 |")
    svg = ElementTree.fromstring(ladder.svg())
    names = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert [r.name for r in ratings] == [name for name in names if name in ladder.players]
    assert len(list(svg.iter("{http://www.w3.org/2000/svg}circle"))) == 3


def test_a_ladder_holds_its_matches_and_rates_them() -> None:
    ladder = round_robin(["greedy", "random"], games=2, seed=1)
    again = Ladder(ladder.players, ladder.games, ladder.seed, ladder.matches, anchor=1)
    assert again.ratings()[1].elo == 0
    assert again.ratings()[0].elo == pytest.approx(-ladder.ratings()[1].elo)


def test_the_default_ladder_is_the_built_in_bots_and_the_levels() -> None:
    assert LADDER[:2] == ("random", "greedy")
    assert LADDER[2:] == tuple(f"strong:level={level}" for level in range(1, 6))


def test_the_command_line_plays_a_round_robin_and_draws_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg, md = tmp_path / "ladder.svg", tmp_path / "ladder.md"
    argv = ["simulate", "--round-robin", "--players", "random,greedy,strong:samples=1,placements_kept=2"]
    assert main([*argv, "--games", "2", "--seed", "3", "--svg", str(svg), "--markdown", str(md)]) == 0
    out, err = capsys.readouterr()
    ladder = round_robin(["random", "greedy", "strong:samples=1,placements_kept=2"], games=2, seed=3)
    assert out.startswith(ladder.table() + "\n")
    assert re.search(r"^Played in \d+\.\d s on this process\.$", out, flags=re.MULTILINE)
    assert svg.read_text(encoding="utf-8") == ladder.svg()
    assert md.read_text(encoding="utf-8") == ladder.markdown() + "\n"
    assert re.search(r"^pair 3/3: greedy vs strong:samples=1,placements_kept=2: ", err, flags=re.MULTILINE)


def test_the_command_line_round_robin_says_when_its_games_depend_on_the_machine(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--round-robin", "--games", "1", "--quiet", "--players"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert main([*argv, "random,strong:think=0.001,samples=1,placements_kept=2"]) == 0
    assert "Machine-dependent: strong:think=0.001,samples=1,placements_kept=2 decides by the clock" in (
        capsys.readouterr().out
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--json", "x.json"], "--json and --resume go with one match"),
        (["--players", "greedy"], "a ladder takes two entries or more, not 1"),
        (["--players", "greedy,greedy"], "the entries of a ladder must differ"),
    ],
)
def test_the_command_line_round_robin_refuses_bad_options(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    try:
        code = main(["simulate", "--round-robin", "--games", "1", *argv])
    except SystemExit as stop:
        code = stop.code  # type: ignore[assignment]
    assert code in (1, 2)
    assert message in capsys.readouterr().err


def test_svg_and_markdown_go_with_a_round_robin(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--games", "1", "--svg", "x.svg"])
    assert "--svg and --markdown draw the ladder of --round-robin" in capsys.readouterr().err
