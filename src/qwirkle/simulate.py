"""Matches between bots: many seeded games, played in parallel processes if asked.

:func:`simulate` plays a match and returns a :class:`Simulation`: one
:class:`GameResult` per game, and per-bot statistics (:meth:`Simulation.stats`)
and a printable table (:meth:`Simulation.table`), which
:mod:`qwirkle.match_stats` works out (they can be imported from here too). Every game is a pure
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
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from qwirkle.botgame import MAX_TURNS
from qwirkle.bots import make_bot
from qwirkle.errors import QwirkleError
from qwirkle.game import apply, new_game
from qwirkle.match_stats import FORMAT, TURN_LIMIT, BotStats, GameResult, Simulation, entry_names, write_json
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
    "bot_seed",
    "entry_names",
    "eta",
    "run_match_game",
    "simulate",
    "write_json",
]


def _derive(*parts: object) -> int:
    """A 63-bit seed from its parts, the same on every machine and in every process."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in game ``index`` of the match seeded with ``seed``.

    With the game's deal (:attr:`GameResult.deal`), it is all it takes to play
    one game of a match again, to watch it turn by turn.

    >>> from qwirkle.bots import make_bot, run_game
    >>> result = run_match_game(["greedy", "random"], seed=1, index=0)
    >>> bots = [make_bot(name, bot_seed(1, 0, seat)) for seat, name in enumerate(result.bots)]
    >>> run_game(bots, seed=result.deal).scores == result.scores
    True
    """
    return _derive(seed, "bot", index, seat)


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
    bots = [make_bot(players[entry], seed=bot_seed(seed, index, seat)) for seat, entry in enumerate(entries)]
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
            qwirkles[turn.seat] += turn.score.qwirkles
        elif isinstance(turn.move, Exchange):
            exchanges[turn.seat] += 1
        elif isinstance(turn.move, Pass):
            passes[turn.seat] += 1
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


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds}s"
    if seconds < 3600:
        return f"{seconds // 60}m{seconds % 60:02d}s"
    return f"{seconds // 3600}h{seconds // 60 % 60:02d}m"


def eta(done: int, total: int, elapsed: float) -> str:
    """A one-line progress report: games done, the rate, and the time left.

    >>> eta(50, 200, 10.0)
    '50/200 games (25%), 5.0 games/s, about 30s left'
    """
    rate = done / elapsed if elapsed > 0 else 0.0
    left = f"about {_duration((total - done) / rate)} left" if rate > 0 and done < total else "done"
    percent = f"{done / total:.0%}" if total else "100%"
    return f"{done}/{total} games ({percent}), {rate:.1f} games/s, {left}"
