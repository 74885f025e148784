"""Matches between bots: many seeded games, in parallel processes, and the statistics that compare the bots.

:func:`simulate` plays a match and returns a :class:`Simulation`: one
:class:`GameResult` per game, and per-bot statistics (:meth:`Simulation.stats`)
and a printable table (:meth:`Simulation.table`). Every game is a pure
function of the bots' names, the match seed and the game's number (see
:func:`run_match_game`), so a match gives the same results whatever the
number of processes, and games can be spread over any other engine (a
cluster, a notebook's pool) and put back together with
``Simulation(players, seed, results)``. States and moves pickle, for
engines that ship them.

Seats rotate from game to game, so that each bot plays each seat equally
often; each deal is played once per rotation, which makes the comparison
fairer than fresh deals would.

>>> match = simulate(["greedy", "random"], games=4, seed=1)
>>> [stats.games for stats in match.stats()], sum(stats.wins for stats in match.stats())
([4, 4], 4.0)
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
import os
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Final

import attrs

from qwirkle import _codec
from qwirkle.bots import MAX_TURNS, make_bot
from qwirkle.errors import QwirkleError
from qwirkle.game import apply, new_game
from qwirkle.moves import Exchange, Pass, Place
from qwirkle.ruleset import RuleSet
from qwirkle.views import view

__all__ = [
    "FORMAT",
    "TURN_LIMIT",
    "BotStats",
    "GameResult",
    "ProgressCallback",
    "Simulation",
    "entry_names",
    "eta",
    "run_match_game",
    "simulate",
    "write_json",
]

FORMAT: Final = "qwirkle-simulation"
"""The ``format`` field of a simulation written as JSON (see :meth:`Simulation.to_json`)."""
_VERSION: Final = 1
_Z95: Final = 1.959963984540054

TURN_LIMIT: Final = "turn_limit"
"""The ending of a game cut short by the turn limit (bots that stall without ``stalemate_rounds``)."""


def _derive(*parts: object) -> int:
    """A 63-bit seed from its parts, the same on every machine and in every process."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def entry_names(players: Sequence[str]) -> tuple[str, ...]:
    """The label of each entry of a match: the bot's name, numbered when several entries share it.

    >>> entry_names(["strong", "greedy"]), entry_names(["random", "random"])
    (('strong', 'greedy'), ('random 1', 'random 2'))
    """
    if len(set(players)) == len(players):
        return tuple(players)
    return tuple(f"{name} {entry + 1}" for entry, name in enumerate(players))


@attrs.frozen
class GameResult:
    """The result of one game of a match; every tuple is by seat.

    Everything but :attr:`times` follows from the match seed, so two runs of
    a match give equal results (times are measured, and left out of ``==``).

    >>> result = run_match_game(["greedy", "random"], seed=1, index=0)
    >>> result.entries, result.bots, result.reason in ("went_out", "blocked")
    ((0, 1), ('greedy', 'random'), True)
    """

    index: int
    """The game's number in the match, from 0."""
    deal: int
    """The seed the tiles were dealt from."""
    entries: tuple[int, ...]
    """For each seat, the entry of the match that sat there (an index into the match's players)."""
    bots: tuple[str, ...]
    """The bot's name at each seat."""
    scores: tuple[int, ...]
    """Final scores."""
    winners: tuple[int, ...]
    """The seats with the highest score (several for a shared win)."""
    reason: str
    """How the game ended: an :class:`~qwirkle.EndReason` value, or ``"turn_limit"``."""
    turns: int
    """Turns played, all seats together."""
    moves: tuple[int, ...]
    """Turns each seat played."""
    qwirkles: tuple[int, ...]
    """Lines of six each seat completed."""
    exchanges: tuple[int, ...]
    """Exchanges each seat made."""
    passes: tuple[int, ...]
    """Passes each seat made."""
    times: tuple[tuple[float, ...], ...] = attrs.field(eq=False)
    """The seconds each seat's bot took to choose each of its moves."""

    def win_share(self, seat: int) -> float:
        """What the game is worth to ``seat``: 1 for a win, ``1/k`` for a win shared by ``k`` seats, else 0.

        >>> result = run_match_game(["greedy", "greedy"], seed=1, index=0)
        >>> result.win_share(0) + result.win_share(1)
        1.0
        """
        return 1 / len(self.winners) if seat in self.winners else 0.0

    def to_json(self) -> dict[str, _codec.JSON]:
        """The result as JSON-ready data, with one entry per seat under ``"seats"``.

        >>> data = run_match_game(["greedy", "random"], seed=1, index=0).to_json()
        >>> sorted(data["seats"][0])
        ['bot', 'entry', 'exchanges', 'moves', 'passes', 'qwirkles', 'score', 'times', 'won']
        """
        return {
            "index": self.index,
            "deal": self.deal,
            "reason": self.reason,
            "turns": self.turns,
            "winners": list(self.winners),
            "seats": [
                {
                    "entry": self.entries[seat],
                    "bot": self.bots[seat],
                    "score": self.scores[seat],
                    "won": self.win_share(seat),
                    "moves": self.moves[seat],
                    "qwirkles": self.qwirkles[seat],
                    "exchanges": self.exchanges[seat],
                    "passes": self.passes[seat],
                    "times": [round(t, 6) for t in self.times[seat]],
                }
                for seat in range(len(self.entries))
            ],
        }


def run_match_game(
    players: Sequence[str],
    seed: int,
    index: int,
    rules: RuleSet | None = None,
    *,
    max_turns: int = MAX_TURNS,
) -> GameResult:
    """Play game number ``index`` of the match between the built-in bots ``players`` seeded with ``seed``.

    Game ``index`` seats entry ``(seat + index) % n`` at each seat, so seats
    rotate; the deal changes once per rotation, and every bot gets its own
    seed. Each bot sees only its seat's view. A game still going after
    ``max_turns`` turns stops with the reason ``"turn_limit"``, the leaders
    as winners. This is the unit of work to hand to any parallel engine.

    >>> first = run_match_game(["greedy", "random"], seed=1, index=0)
    >>> second = run_match_game(["greedy", "random"], seed=1, index=1)
    >>> first.deal == second.deal, second.entries, first == run_match_game(["greedy", "random"], seed=1, index=0)
    (True, (1, 0), True)
    """
    n = len(players)
    entries = tuple((seat + index) % n for seat in range(n))
    bots = [make_bot(players[entry], seed=_derive(seed, "bot", index, seat)) for seat, entry in enumerate(entries)]
    deal = _derive(seed, "deal", index // n)
    labels = entry_names(players)
    state = new_game([labels[entry] for entry in entries], seed=deal, rules=rules)
    times: list[list[float]] = [[] for _ in range(n)]
    while state.outcome is None and state.turn_number < max_turns:
        seat = state.current
        seen = view(state, seat)
        start = time.perf_counter()
        move = bots[seat].choose(seen)
        times[seat].append(time.perf_counter() - start)
        state = apply(state, move)
    qwirkles = [0] * n
    exchanges = [0] * n
    passes = [0] * n
    for turn in state.history:
        if isinstance(turn.move, Place):
            qwirkles[turn.player] += turn.score.qwirkles
        elif isinstance(turn.move, Exchange):
            exchanges[turn.player] += 1
        elif isinstance(turn.move, Pass):
            passes[turn.player] += 1
    if state.outcome is not None:
        winners = state.outcome.winners
        reason = state.outcome.reason.value
    else:
        best = max(state.scores)
        winners = tuple(seat for seat, points in enumerate(state.scores) if points == best)
        reason = TURN_LIMIT
    return GameResult(
        index=index,
        deal=deal,
        entries=entries,
        bots=tuple(players[entry] for entry in entries),
        scores=state.scores,
        winners=winners,
        reason=reason,
        turns=state.turn_number,
        moves=tuple(len(t) for t in times),
        qwirkles=tuple(qwirkles),
        exchanges=tuple(exchanges),
        passes=tuple(passes),
        times=tuple(tuple(t) for t in times),
    )


@attrs.frozen
class BotStats:
    """How one entry of a match did, over all its games.

    >>> stats = simulate(["greedy", "random"], games=2, seed=1).stats()[0]
    >>> stats.name, stats.games, 0 <= stats.win_low <= stats.win_rate <= stats.win_high <= 1
    ('greedy', 2, True)
    """

    name: str
    """The entry's label (see :func:`entry_names`)."""
    games: int
    """Games played."""
    wins: float
    """Games won, a shared win counting as a share (a half between two)."""
    win_rate: float
    """``wins / games``."""
    win_low: float
    """The low end of the 95% confidence interval of the win rate (Wilson score interval)."""
    win_high: float
    """The high end of that interval."""
    score_mean: float
    """Mean final score."""
    score_sd: float
    """Standard deviation of the final score."""
    qwirkles_per_game: float
    """Lines of six completed per game."""
    points_per_turn: float
    """Points per turn the entry played (exchanges and passes count as turns of 0 points)."""
    exchanges_per_game: float
    """Exchanges per game."""
    move_time_mean: float
    """Mean seconds to choose a move."""
    move_time_median: float
    """Median seconds to choose a move."""


def _wilson(successes: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # Clamped to the rate itself, which rounding could otherwise leave a hair outside the interval.
    return min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half))


def _seconds(value: float) -> str:
    if value < 1:
        return f"{value * 1000:.1f} ms"
    return f"{value:.2f} s"


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m"


def _names(players: Iterable[str]) -> tuple[str, ...]:
    return tuple(players)


def _results(results: Iterable[GameResult]) -> tuple[GameResult, ...]:
    return tuple(results)


_ENDINGS: Final = {
    "went_out": "a player went out",
    "blocked": "blocked",
    "stalemate": "stalemate",
    TURN_LIMIT: "turn limit",
}


@attrs.frozen
class Simulation:
    """A match: its entries, its seed, and the result of every game in order.

    >>> match = simulate(["greedy", "greedy"], games=2, seed=3)
    >>> match.players, len(match.results), match.endings()["went_out"] + match.endings()["blocked"]
    (('greedy', 'greedy'), 2, 2)
    """

    players: tuple[str, ...] = attrs.field(converter=_names)
    """The bots' names, one per entry, in the order given."""
    seed: int
    """The match seed."""
    results: tuple[GameResult, ...] = attrs.field(converter=_results)
    """The games, by index."""
    rules: RuleSet = attrs.field(factory=RuleSet)
    """The rules every game was played by."""

    def stats(self) -> tuple[BotStats, ...]:
        """The statistics of each entry, in entry order.

        >>> [s.name for s in simulate(["random", "random"], games=2, seed=1).stats()]
        ['random 1', 'random 2']
        """
        out = []
        for entry, name in enumerate(entry_names(self.players)):
            scores: list[int] = []
            wins = 0.0
            qwirkles = exchanges = moves = 0
            times: list[float] = []
            for result in self.results:
                for seat, e in enumerate(result.entries):
                    if e != entry:
                        continue
                    scores.append(result.scores[seat])
                    wins += result.win_share(seat)
                    qwirkles += result.qwirkles[seat]
                    exchanges += result.exchanges[seat]
                    moves += result.moves[seat]
                    times.extend(result.times[seat])
            games = len(scores)
            low, high = _wilson(wins, games)
            out.append(
                BotStats(
                    name=name,
                    games=games,
                    wins=wins,
                    win_rate=wins / games if games else 0.0,
                    win_low=low,
                    win_high=high,
                    score_mean=statistics.fmean(scores) if scores else 0.0,
                    score_sd=statistics.stdev(scores) if len(scores) > 1 else 0.0,
                    qwirkles_per_game=qwirkles / games if games else 0.0,
                    points_per_turn=sum(scores) / moves if moves else 0.0,
                    exchanges_per_game=exchanges / games if games else 0.0,
                    move_time_mean=statistics.fmean(times) if times else 0.0,
                    move_time_median=statistics.median(times) if times else 0.0,
                )
            )
        return tuple(out)

    def endings(self) -> Counter[str]:
        """How many games ended each way, by reason (see :attr:`GameResult.reason`).

        >>> simulate(["greedy", "greedy"], games=2, seed=3).endings().total()
        2
        """
        return Counter(result.reason for result in self.results)

    def table(self) -> str:
        """The match as a printable report: one row per entry, then game length and endings.

        >>> lines = simulate(["greedy", "random"], games=2, seed=1).table().splitlines()
        >>> lines[0], lines[1].split()[:3], [line.split()[0] for line in lines[2:4]]
        ('greedy vs random: 2 games, seed 1, seats rotated', ['bot', 'games', 'wins'], ['greedy', 'random'])
        >>> lines[4].startswith("Game length: "), lines[5].startswith("Endings: ")
        (True, True)
        """
        stats = self.stats()
        head = (
            "bot",
            "games",
            "wins",
            "win rate (95% CI)",
            "score (mean ± sd)",
            "Qwirkles/game",
            "points/turn",
            "exchanges/game",
            "time/move (mean, median)",
        )
        rows = [
            (
                s.name,
                str(s.games),
                f"{s.wins:g}",
                f"{s.win_rate:.1%} ({s.win_low:.1%} to {s.win_high:.1%})",
                f"{s.score_mean:.1f} ± {s.score_sd:.1f}",
                f"{s.qwirkles_per_game:.2f}",
                f"{s.points_per_turn:.2f}",
                f"{s.exchanges_per_game:.2f}",
                f"{_seconds(s.move_time_mean)}, {_seconds(s.move_time_median)}",
            )
            for s in stats
        ]
        widths = [max(len(row[i]) for row in (head, *rows)) for i in range(len(head))]

        def line(row: Sequence[str]) -> str:
            cells = [row[0].ljust(widths[0])] + [
                cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)
            ]
            return "  ".join(cells).rstrip()

        turns = [result.turns for result in self.results]
        title = " vs ".join(entry_names(self.players))
        games = f"{len(self.results)} game" + ("s" if len(self.results) != 1 else "")
        out = [f"{title}: {games}, seed {self.seed}, seats rotated", line(head)]
        out += [line(row) for row in rows]
        if turns:
            out.append(
                f"Game length: {statistics.fmean(turns):.1f} turns on average "
                f"(median {statistics.median(turns):g}, shortest {min(turns)}, longest {max(turns)})"
            )
        endings = self.endings()
        parts = [
            f"{_ENDINGS.get(reason, reason)} {count} ({count / len(self.results):.1%})"
            for reason, count in sorted(endings.items(), key=lambda item: -item[1])
        ]
        out.append("Endings: " + (", ".join(parts) if parts else "none"))
        return "\n".join(out)

    def to_json(self) -> dict[str, _codec.JSON]:
        """The match as JSON-ready data: the entries, the seed, the rules and every game's result.

        >>> data = simulate(["greedy", "random"], games=2, seed=1).to_json()
        >>> data["format"], data["players"], len(data["games"])
        ('qwirkle-simulation', ['greedy', 'random'], 2)
        """
        return {
            "format": FORMAT,
            "version": _VERSION,
            "players": list(self.players),
            "seed": self.seed,
            "rules": _codec.encode_rules(self.rules),
            "games": [result.to_json() for result in self.results],
        }


ProgressCallback = Callable[[int, int, float], None]
"""Called as games finish with the number done, the number in all, and the seconds since the start."""


def _play_chunk(
    players: tuple[str, ...], seed: int, indices: Sequence[int], rules: RuleSet | None, max_turns: int
) -> list[GameResult]:
    return [run_match_game(players, seed, index, rules, max_turns=max_turns) for index in indices]


def _chunks(games: int, jobs: int) -> Iterator[range]:
    # Small enough for smooth progress and a fair share of the work at the end, big enough to cost little.
    size = max(1, min(8, games // (jobs * 16)))
    for start in range(0, games, size):
        yield range(start, min(games, start + size))


def simulate(
    players: Sequence[str],
    games: int,
    *,
    seed: int = 1,
    jobs: int = 1,
    rules: RuleSet | None = None,
    max_turns: int = MAX_TURNS,
    progress: ProgressCallback | None = None,
) -> Simulation:
    """Play ``games`` games between the built-in bots named in ``players`` and return the match.

    With ``jobs`` above 1, games run in that many worker processes; the
    results are the same whatever ``jobs`` is (times aside). ``progress``,
    if given, is called after every finished batch of games. Raises
    :class:`~qwirkle.QwirkleError` for an unknown bot or a bad count.

    >>> one = simulate(["greedy", "random"], games=4, seed=2)
    >>> one.results == simulate(["greedy", "random"], games=4, seed=2, jobs=2).results
    True
    """
    names = tuple(players)
    for name in names:
        make_bot(name, seed=0)
    rules = RuleSet() if rules is None else rules
    if not rules.min_players <= len(names) <= rules.max_players:
        raise QwirkleError(f"a game takes {rules.min_players} to {rules.max_players} players, not {len(names)}")
    if type(games) is not int or games < 0:
        raise QwirkleError(f"the number of games must be a non-negative int, not {games!r}")
    if type(jobs) is not int or jobs < 1:
        raise QwirkleError(f"jobs must be a positive int, not {jobs!r}")
    start = time.perf_counter()
    results: list[GameResult] = []
    if jobs == 1 or games <= 1:
        for index in range(games):
            results.append(run_match_game(names, seed, index, rules, max_turns=max_turns))
            if progress is not None:
                progress(len(results), games, time.perf_counter() - start)
    else:
        # Spawned workers start clean on every platform (no forked locks or threads), at a small cost.
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=min(jobs, games), mp_context=context) as pool:
            pending: set[Future[list[GameResult]]] = {
                pool.submit(_play_chunk, names, seed, chunk, rules, max_turns) for chunk in _chunks(games, jobs)
            }
            try:
                while pending:
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        results.extend(future.result())
                    if progress is not None:
                        progress(len(results), games, time.perf_counter() - start)
            except BaseException:
                for future in pending:
                    future.cancel()
                raise
        results.sort(key=lambda result: result.index)
    return Simulation(names, seed, results, rules)


def write_json(match: Simulation, path: str | os.PathLike[str]) -> None:
    """Write ``match`` as JSON (see :meth:`Simulation.to_json`) to the file at ``path``.

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     target = pathlib.Path(folder) / "match.json"
    ...     write_json(simulate(["greedy", "random"], games=2, seed=1), target)
    ...     json.loads(target.read_text())["format"]
    'qwirkle-simulation'
    """
    with open(path, "w", encoding="utf-8") as out:
        json.dump(match.to_json(), out, indent=None, separators=(",", ":"))
        out.write("\n")


def eta(done: int, total: int, elapsed: float) -> str:
    """A one-line progress report: games done, the rate, and the time left.

    >>> eta(50, 200, 10.0)
    '50/200 games (25%), 5.0 games/s, about 30s left'
    """
    rate = done / elapsed if elapsed > 0 else 0.0
    left = f"about {_duration((total - done) / rate)} left" if rate > 0 and done < total else "done"
    percent = f"{done / total:.0%}" if total else "100%"
    return f"{done}/{total} games ({percent}), {rate:.1f} games/s, {left}"
