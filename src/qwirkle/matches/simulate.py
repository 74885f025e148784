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

import hashlib
import os
import pickle
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, suppress

import attrs

from qwirkle.bots import GreedyBot, RandomBot
from qwirkle.bots.play import MAX_TURNS, _apply_bot_move
from qwirkle.bots.spec import BotEntry, BotSpec, bot_spec
from qwirkle.endings import Outcome, winners_among
from qwirkle.errors import BackendError, QwirkleError
from qwirkle.game import new_game
from qwirkle.immutable import Immutable
from qwirkle.interface.views import view
from qwirkle.matches.backends import Backend, ProcessBackend, backend_named
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
from qwirkle.moves import Exchange, Pass, Place
from qwirkle.native import ENGINES, NATIVE_BOTS, NativeGame, Tally, available, native_module
from qwirkle.rules.ruleset import RuleSet
from qwirkle.state import GameState

__all__ = [
    "ENGINES",
    "FORMAT",
    "TURN_LIMIT",
    "BotStats",
    "GameResult",
    "ProgressCallback",
    "Simulation",
    "bot_seed",
    "deal_seed",
    "entry_names",
    "eta",
    "match_engine",
    "native_bot",
    "run_match_game",
    "simulate",
]


def _derive(*parts: object) -> int:
    """A 63-bit seed from its parts, the same on every machine and in every process."""
    digest = hashlib.blake2b(repr(parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def native_bot(entry: BotEntry) -> str | None:
    """The name the native engine plays an entry's bots by, or ``None`` if it cannot play them.

    The native engine plays the built-in greedy and random bots, made from
    their class (by name or by class, under any label) and seeded by the
    match; not subclasses, bot objects, or other bots.

    >>> native_bot("greedy"), native_bot("random"), native_bot("strong")
    ('greedy', 'random', None)
    """
    spec = bot_spec(entry)
    if spec.parameters:
        return None
    if spec.factory is GreedyBot:
        return "greedy"
    if spec.factory is RandomBot:
        return "random"
    return None


def match_engine(engine: str, players: Sequence[BotEntry]) -> str:
    """The engine that plays a match between ``players``, ``"python"`` or ``"native"``, when ``engine`` is asked for.

    Raises as :func:`simulate` does for an engine that cannot play the match.

    >>> match_engine("python", ["greedy", "random"]), match_engine("auto", ["strong", "greedy"])
    ('python', 'python')
    >>> match_engine("native", ["strong", "greedy"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    qwirkle.errors.BackendError: the native engine plays only the built-in greedy and random bots, not 'strong'...
    """
    specs = [bot_spec(player) for player in players]
    if not isinstance(engine, str):
        raise TypeError(f"engine must be a str, not {type(engine).__name__}")
    if engine not in ENGINES:
        raise BackendError(f"unknown engine {engine!r}; the engines are: {', '.join(ENGINES)}")
    if engine == "python":
        return engine
    unplayable = [spec.label for spec in specs if native_bot(spec) is None]
    if engine == "auto":
        return "native" if not unplayable and available() else "python"
    if unplayable:
        raise BackendError(
            f"the native engine plays only the built-in {' and '.join(NATIVE_BOTS)} bots, not "
            f"{', '.join(repr(label) for label in unplayable)}: play this match with the python or auto engine"
        )
    native_module()
    return engine


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


def deal_seed(seed: int, index: int, players: int) -> int:
    """The seed that game ``index`` of a match of ``players`` entries seeded with ``seed`` is dealt from.

    The deal changes once per rotation of the seats: the games of one
    rotation play the same tiles, each entry from another seat.

    >>> result = run_match_game(["greedy", "random"], seed=1, index=3)
    >>> result.deal == deal_seed(1, 3, 2) == deal_seed(1, 2, 2) != deal_seed(1, 1, 2)
    True
    """
    return _derive(seed, "deal", index // players)


def run_match_game(
    players: Sequence[BotEntry],
    seed: int,
    index: int,
    rules: RuleSet | None = None,
    *,
    max_turns: int = MAX_TURNS,
    engine: str = "python",
) -> GameResult:
    """Play game number ``index`` of the match between ``players`` seeded with ``seed``.

    The entries are anything :func:`~qwirkle.bots.spec.bot_spec` takes: bot
    names (with parameters), factories or bots. Game ``index`` seats entry
    ``(seat + index) % n`` at each seat, so seats rotate; the deal changes
    once per rotation (:func:`deal_seed`), and every bot is made afresh with
    its own seed (:func:`bot_seed`). Each bot sees only its seat's view. A
    game still going after ``max_turns`` turns stops with the reason
    ``"turn_limit"``, the leaders as winners. A move that breaks a rule
    raises :class:`~qwirkle.bots.IllegalBotMoveError`, which names the bot,
    its seat, the game and the turn. This is the unit of work to hand to any
    parallel engine. ``engine`` is as for :func:`simulate`, and gives the same
    result (times aside).

    >>> first = run_match_game(["greedy", "random"], seed=1, index=0)
    >>> second = run_match_game(["greedy", "random"], seed=1, index=1)
    >>> first.deal == second.deal, second.entries, first == run_match_game(["greedy", "random"], seed=1, index=0)
    (True, (1, 0), True)
    """
    specs = tuple(bot_spec(player) for player in players)
    n = len(specs)
    entries = tuple((seat + index) % n for seat in range(n))
    seeds = [bot_seed(seed, index, seat) for seat in range(n)]
    deal = deal_seed(seed, index, n)
    labels = tuple(spec.label for spec in specs)
    names = entry_names(labels)
    state = new_game([names[entry] for entry in entries], seed=deal, rules=rules)
    bots = tuple(labels[entry] for entry in entries)
    if match_engine(engine, specs) == "native":
        kinds = [native_bot(specs[entry]) or "" for entry in entries]
        start = time.perf_counter()
        game = NativeGame.from_state(state)
        game.play_bots(kinds, seeds, max_turns=max_turns)
        # The game's summary is read from the native turns: building its whole state would take longer than playing it.
        tallies = game.tallies()
        # The native engine plays a whole game at once: each move is given the game's average time.
        each = (time.perf_counter() - start) / max(1, sum(tally.moves for tally in tallies))
        return _result(
            index, deal, entries, bots, game.scores, game.outcome, tallies, [[each] * t.moves for t in tallies]
        )
    times: list[list[float]] = [[] for _ in range(n)]
    seated = [specs[entry].make(seeds[seat]) for seat, entry in enumerate(entries)]
    while state.outcome is None and state.turn_number < max_turns:
        seat = state.current
        seen = view(state, seat)
        start = time.perf_counter()
        move = seated[seat].choose(seen)
        times[seat].append(time.perf_counter() - start)
        state = _apply_bot_move(state, move, deal, game=index, match_seed=seed)
    return _result(index, deal, entries, bots, state.scores, state.outcome, _tallies(state), times)


def _tallies(state: GameState) -> tuple[Tally, ...]:
    """Each seat's moves, qwirkles, exchanges and passes in the history of ``state``."""
    tallies = [Tally(0, 0, 0, 0) for _ in state.players]
    for turn in state.history:
        moves, qwirkles, exchanges, passes = tallies[turn.seat]
        if isinstance(turn.move, Place):
            qwirkles += turn.score.qwirkles
        elif isinstance(turn.move, Exchange):
            exchanges += 1
        elif isinstance(turn.move, Pass):
            passes += 1
        tallies[turn.seat] = Tally(moves + 1, qwirkles, exchanges, passes)
    return tuple(tallies)


def _result(
    index: int,
    deal: int,
    entries: tuple[int, ...],
    bots: tuple[str, ...],
    scores: tuple[int, ...],
    outcome: Outcome | None,
    tallies: tuple[Tally, ...],
    times: list[list[float]],
) -> GameResult:
    """The result of a game that ended with ``outcome`` (``None``: stopped at the turn limit)."""
    if outcome is not None:
        winners = outcome.winners
        reason = outcome.reason.value
    else:
        winners = winners_among(scores)
        reason = TURN_LIMIT
    return GameResult(
        index=index,
        deal=deal,
        entries=entries,
        bots=bots,
        scores=scores,
        winners=winners,
        reason=reason,
        turns=sum(tally.moves for tally in tallies),
        moves=tuple(len(t) for t in times),
        qwirkles=tuple(tally.qwirkles for tally in tallies),
        exchanges=tuple(tally.exchanges for tally in tallies),
        passes=tuple(tally.passes for tally in tallies),
        times=tuple(tuple(t) for t in times),
    )


ProgressCallback = Callable[[int, int, float], None]
"""Called with the games done, the games to play, and the seconds since the workers were ready.

It is called once with 0 games done when the workers are ready, then as games
finish. Games that a resumed run had played before count in neither number.
"""


@attrs.frozen
class _Batch(Immutable):
    """A few games of one match, the unit of work sent to a worker."""

    specs: tuple[BotSpec, ...]
    seed: int
    indices: tuple[int, ...]
    rules: RuleSet
    max_turns: int
    engine: str = "python"


def _play(batch: _Batch) -> list[GameResult]:
    return [
        run_match_game(batch.specs, batch.seed, index, batch.rules, max_turns=batch.max_turns, engine=batch.engine)
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
    rules: RuleSet | None = None,
    max_turns: int = MAX_TURNS,
    progress: ProgressCallback | None = None,
    backend: str | Backend = "processes",
    address: str | None = None,
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
    engine: str = "python",
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
    """
    specs = tuple(bot_spec(player) for player in players)
    for spec in specs:
        # Made once here, so that a factory that fails does so now, not on some worker later.
        spec.make(0)
    labels = tuple(spec.label for spec in specs)
    rules = RuleSet() if rules is None else rules
    if not rules.min_players <= len(specs) <= rules.max_players:
        raise QwirkleError(f"a game takes {rules.min_players} to {rules.max_players} players, not {len(specs)}")
    if type(games) is not int or games < 0:
        raise QwirkleError(f"the number of games must be a non-negative int, not {games!r}")
    if resume and out is None:
        raise QwirkleError("resume continues a match log: give its path as out")
    engine = match_engine(engine, specs)
    where = _backend(backend, jobs, address, games)
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
                log = stack.enter_context(opened(out, labels, seed, rules, max_turns))
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
                batches = (_Batch(specs, seed, chunk, rules, max_turns, engine) for chunk in chunks)
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
    return Simulation(labels, seed, [finished[index] for index in range(games)], rules)


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
