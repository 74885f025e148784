"""Matches between bots: many seeded games, played in parallel processes or on a cluster if asked.

:func:`simulate` plays a match and returns a :class:`Simulation`: one
:class:`GameResult` per game, and per-bot statistics (:meth:`Simulation.stats`)
and a printable table (:meth:`Simulation.table`), which
:mod:`qwirkle.matches.stats` works out (they can be imported from here too).
The entries of a match are built-in bots by name, with parameters if wanted
(``"strong:samples=16"``), bot classes or factories, or bot objects (see
:func:`qwirkle.bots.spec.bot_spec`).

Every game is a pure function of the entries, the match seed and the game's
number (see :func:`run_match_game`; the seeds come from :func:`deal_seed` and
:func:`bot_seed`), so a match gives the same results on every backend
(:mod:`qwirkle.matches.backends`: processes, Dask or Ray) and with any number of
workers, and games can be spread over any other engine and put back together
with ``Simulation(players, seed, results)``. States and moves pickle, for
engines that ship them. With ``out=``, results stream to a match log as games
finish (:mod:`qwirkle.matches.log`), and ``resume=True`` continues an
interrupted run without playing its finished games again.

Seats rotate from game to game, so that each bot plays each seat equally
often; each deal is played once per rotation, which makes the comparison
fairer than fresh deals would.

>>> match = simulate(["greedy", "random"], games=4, seed=1)
>>> [stats.games for stats in match.stats()], sum(stats.wins for stats in match.stats())
([4, 4], 4.0)
"""

from __future__ import annotations

import os
import pickle
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, suppress

import attrs

from qwirkle._immutable import Immutable
from qwirkle.bots.play import MAX_TURNS
from qwirkle.bots.spec import BotEntry, BotSpec, bot_spec
from qwirkle.errors import QwirkleError
from qwirkle.matches.backends import Backend, ProcessBackend, backend_named
from qwirkle.matches.games import bot_seed, deal_seed, match_engine, match_game, native_bot, run_match_game
from qwirkle.matches.kinds import TILES, MatchRules
from qwirkle.matches.log import LogWriter
from qwirkle.matches.stats import (
    FORMAT,
    TURN_LIMIT,
    BotStats,
    GameResult,
    Simulation,
    entry_names,
)
from qwirkle.matches.stats import read_json as read_json  # deprecated: Simulation.loads
from qwirkle.matches.stats import write_json as write_json  # deprecated: Simulation.dumps
from qwirkle.native import ENGINES

__all__ = [
    "ENGINES",
    "FORMAT",
    "TURN_LIMIT",
    "BotStats",
    "GameResult",
    "ProgressCallback",
    "Simulation",
    "TimedBotWarning",
    "bot_seed",
    "deal_seed",
    "entry_names",
    "eta",
    "match_engine",
    "native_bot",
    "run_match_game",
    "simulate",
    "timed_entries",
]


ProgressCallback = Callable[[int, int, float], None]
"""Called with the games done, the games to play, and the seconds since the workers were ready.

It is called once with 0 games done when the workers are ready, then as games
finish. Games that a resumed run had played before count in neither number.
"""


class TimedBotWarning(UserWarning):
    """A match has a bot with a budget in time: the same seed may give other games on another machine.

    :func:`simulate` warns with it before it plays such a match (see
    :func:`timed_entries`). Every other match gives the same games from the
    same seed anywhere.
    """


def timed_entries(players: Sequence[BotEntry]) -> tuple[str, ...]:
    """The labels of the entries whose bots spend a budget in time (see :attr:`~qwirkle.bots.spec.BotSpec.timed`).

    Their moves depend on the machine's speed and load, so a match with any
    of them may give other games from the same seed. A bot object or factory
    of one's own is not known to be timed.

    >>> timed_entries(["strong:think=0.05", "strong", "greedy"])
    ('strong:think=0.05',)
    """
    return tuple(spec.label for spec in map(bot_spec, players) if spec.timed)


@attrs.frozen
class _Batch(Immutable):
    """A few games of one match, the unit of work sent to a worker."""

    specs: tuple[BotSpec, ...]
    seed: int
    indices: tuple[int, ...]
    rules: MatchRules
    max_turns: int
    engine: str = "python"
    game: str = TILES


def _play(batch: _Batch) -> list[GameResult]:
    return [
        run_match_game(
            batch.specs,
            batch.seed,
            index,
            batch.rules,
            max_turns=batch.max_turns,
            engine=batch.engine,
            game=batch.game,
        )
        for index in batch.indices
    ]


def _chunks(indices: Sequence[int], workers: int, most: int = 8) -> Iterator[tuple[int, ...]]:
    # Small enough for smooth progress and a fair share of the work at the end, big enough to cost little.
    size = max(1, min(most, len(indices) // (workers * 16)))
    for start in range(0, len(indices), size):
        yield tuple(indices[start : start + size])


def _backend(backend: str | Backend, jobs: int | None, address: str | None, games: int) -> Backend:
    if not isinstance(backend, str):
        if jobs is not None or address is not None:
            raise QwirkleError("jobs and address go with a backend's name; a backend object says its own")
        return backend
    if backend == "processes" and games <= 1 and address is None:
        # One game gains nothing from a pool of processes but their start-up time.
        return ProcessBackend(1)
    return backend_named(backend, jobs=jobs, address=address)


def simulate(
    players: Sequence[BotEntry],
    games: int,
    *,
    seed: int = 1,
    jobs: int | None = None,
    rules: MatchRules | None = None,
    max_turns: int = MAX_TURNS,
    progress: ProgressCallback | None = None,
    backend: str | Backend = "processes",
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
    engine: str = "python",
    game: str = TILES,
) -> Simulation:
    """Play ``games`` games between the entries ``players`` and return the match.

    An entry is a bot's name, with parameters if wanted
    (``"strong:samples=16,placements_kept=12"``), a bot class or factory, or a
    bot object (see :func:`~qwirkle.bots.spec.bot_spec`). ``backend`` says where
    the games run: ``"processes"`` (``jobs`` worker processes, default 1: this
    process), ``"dask"`` or ``"ray"`` (a local cluster of ``jobs`` workers,
    default one per core, or the running cluster at ``address``), or any
    :class:`~qwirkle.matches.backends.Backend`. The results are the same on every
    backend and with any number of jobs (times aside).

    With ``out``, every game's result is appended to the match log at that
    path as soon as it finishes (:mod:`qwirkle.matches.log`); the file must not
    hold a log already, unless ``resume`` is true: then the games it holds
    are not played again, and the rest are appended. ``progress``, if given,
    is called as games finish (see :data:`ProgressCallback`).

    ``engine`` says what plays the games (see :data:`ENGINES`): ``"python"``,
    the specification, move by move; ``"native"``, the compiled native engine
    (:mod:`qwirkle.native`), many times faster, which plays whole games
    between the built-in greedy and random bots (see :func:`native_bot`), so
    a match with another bot is refused; ``"auto"``, the native engine if it is
    installed and can play every entry, else the specification. Every engine
    gives the same games, results and logs, so a log begun with one can be
    resumed with another; only the times differ: the native engine times
    whole games, and gives each move its game's average.

    ``game`` says which game the match plays: ``"tiles"``, the tile game,
    or ``"cards"``, Qwirkle Cards (:mod:`qwirkle.cards`), whose entries name
    the cards bots (:func:`qwirkle.matches.cards.cards_bots`) and whose
    ``rules`` are a :class:`~qwirkle.cards.CardsRuleSet`. A match of Qwirkle
    Cards has the same seeds, statistics (its exchanges are redraws), logs
    and backends, and is played by the specification (``"python"`` or
    ``"auto"``); its log records the game, so that resuming it as a match of
    the other game is refused.

    All of this holds for bots whose budgets are work (the strong bot's
    ``samples`` and ``halvings``). A bot with a budget in time (the strong
    bot's ``think``) decides by the clock, so its games depend on the
    machine, its load and the backend: the call warns with
    :class:`TimedBotWarning` before it plays.

    Raises :class:`~qwirkle.QwirkleError` for an unknown bot or parameter, a
    bad count, a log of another match, a backend that cannot run, or an
    engine that cannot play the match (:class:`~qwirkle.errors.BackendError`), and
    :class:`~qwirkle.bots.IllegalBotMoveError` (an
    :class:`~qwirkle.IllegalMoveError`) for a bot's move that breaks a rule,
    naming the bot, its seat, the game and the turn; :class:`TypeError` for
    an entry that is not a bot, or one that cannot be sent to worker
    processes or an engine that is not a str; :class:`ImportError` for
    ``engine="native"`` without the native engine installed. All of these are
    raised before any game is played or any log is made. If the run stops
    before any game is written to the log, the file is left as it was found
    (removed if this call made it, emptied if it was empty), so that the same
    command can be run again; a file that was there before is never removed.

    >>> one = simulate(["greedy", "random"], games=4, seed=2)
    >>> one.results == simulate(["greedy", "random"], games=4, seed=2, jobs=2).results
    True
    >>> simulate(["strong:samples=1", "greedy"], games=2, seed=2).players
    ('strong:samples=1', 'greedy')
    >>> simulate(["greedy", "random"], games=4, seed=2, engine="auto").results == one.results
    True
    >>> cards = simulate(["greedy", "random"], games=2, seed=2, game="cards")
    >>> cards.game, cards.results == simulate(["greedy", "random"], games=2, seed=2, jobs=2, game="cards").results
    ('cards', True)
    """
    kind = match_game(game)
    specs = tuple(kind.spec(player) for player in players)
    for spec in specs:
        # Made once here, so that a factory that fails does so now, not on some worker later.
        spec.make(0)
    labels = tuple(spec.label for spec in specs)
    rules = kind.rules(rules)
    kind.check_seats(len(specs), rules)
    if type(games) is not int or games < 0:
        raise QwirkleError(f"the number of games must be a non-negative int, not {games!r}")
    if resume and out is None:
        raise QwirkleError("resume continues a match log: give its path as out")
    engine = kind.engine(engine, specs)
    where = _backend(backend, jobs, address, games)
    timed = timed_entries(specs)
    if timed:
        warnings.warn(
            f"{', '.join(timed)} decide{'s' if len(timed) == 1 else ''} by the clock: the same seed may give "
            "other games on another machine or under another load",
            TimedBotWarning,
            stacklevel=2,
        )
    if isinstance(where, ProcessBackend) and where.jobs > 1:
        try:
            pickle.dumps(specs)
        except (pickle.PicklingError, AttributeError, TypeError) as error:
            raise TypeError(
                f"the entries cannot be sent to worker processes ({error}): define bots and factories at the "
                "top level of a module, or play with one job"
            ) from None
    finished: dict[int, GameResult] = {}
    before = _file_size(out)
    log: LogWriter | None = None
    written = False
    try:
        with ExitStack() as stack:
            if out is not None:
                opened = LogWriter.resume if resume else LogWriter.create
                log = stack.enter_context(opened(out, labels, seed, rules, max_turns, game=game))
                finished = {result.index: result for result in log.results if result.index < games}
            todo = [index for index in range(games) if index not in finished]
            if todo:
                workers = stack.enter_context(where.open())
                start = time.perf_counter()
                if progress is not None:
                    progress(0, len(todo), 0.0)
                # A native game takes a few milliseconds: bigger batches keep the workers busy.
                most = 64 if engine == "native" else 8
                chunks = _chunks(todo, workers.count, most)
                batches = (_Batch(specs, seed, chunk, rules, max_turns, engine, game) for chunk in chunks)
                done = 0
                for results in workers.map_unordered(_play, batches):
                    for result in results:
                        finished[result.index] = result
                        if log is not None:
                            log.write(result)
                            written = True
                    done += len(results)
                    if progress is not None:
                        progress(done, len(todo), time.perf_counter() - start)
    except BaseException:
        # A log holding only its first line would make the same command refuse to run again, and it is a log of
        # nothing yet: the file goes back to what it was, removed if this call made it, emptied if it was empty.
        if out is not None and log is not None and not written and before in (None, 0):
            with suppress(OSError):
                if before is None:
                    os.remove(out)
                else:
                    os.truncate(out, 0)
        raise
    return Simulation(labels, seed, [finished[index] for index in range(games)], rules, game)


def _file_size(path: str | os.PathLike[str] | None) -> int | None:
    """The size of the file at ``path``; ``None`` if there is nothing there, -1 for something that is not a file."""
    if path is None or not os.path.lexists(path):
        return None
    return os.path.getsize(path) if os.path.isfile(path) else -1


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
