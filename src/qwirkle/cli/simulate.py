"""``qwirkle simulate``: a match between bots, with progress on stderr and the table on stdout."""

from __future__ import annotations

import argparse
import os
import sys
import warnings
from collections.abc import Sequence
from typing import TextIO

from qwirkle.bots import BOTS, BotError
from qwirkle.bots.spec import split_bots
from qwirkle.cli._arguments import positive, seat_count_problem, silence_stdout
from qwirkle.cli.ladder import _add_round_robin_options, _round_robin_command
from qwirkle.errors import QwirkleError
from qwirkle.matches.backends import BACKENDS, backend_named
from qwirkle.matches.games import match_game
from qwirkle.matches.kinds import CARDS, GAME_NAMES, TILES
from qwirkle.matches.simulate import ENGINES, TimedBotWarning, eta, simulate, timed_entries

__all__: list[str] = []


def _simulate_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qwirkle simulate",
        description=(
            "Play many games between bots, seats rotating from game to game, and print a table per bot: "
            "wins (a shared win counts as a share) with a 95% confidence interval, scores, Qwirkles, "
            "points per turn, exchanges and time per move; then game length and how games ended. "
            "The same seed gives the same games whatever the backend and the number of jobs, unless a bot "
            "has a budget in time (strong:think=SECONDS): then the report says that the games depend on the machine."
        ),
    )
    parser.add_argument("--games", type=positive, default=100, metavar="N", help="games to play (default: 100)")
    parser.add_argument(
        "--game",
        choices=GAME_NAMES,
        default=TILES,
        help="the game the match plays: the tile game, or Qwirkle Cards between the cards bots (default: tiles)",
    )
    parser.add_argument(
        "--players",
        type=split_bots,
        metavar="BOT,BOT",
        help=f"2 to 4 bots, from: {', '.join(sorted(BOTS))}, with parameters after a colon, as in "
        "strong:samples=16,placements_kept=12 or strong:level=3 (default: strong,greedy); "
        "with --round-robin, any number of them, two to a game; with --game cards, 2 to 4 cards bots, "
        f"from: {', '.join(match_game(CARDS).bot_names())} (default: {','.join(_cards_default())})",
    )
    parser.add_argument("--seed", type=int, default=1, metavar="N", help="seeds the deals and the bots (default: 1)")
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="processes",
        help="where the games run: worker processes of this machine, or a Dask or Ray cluster (default: processes)",
    )
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="python",
        help="what plays the games: the specification (python), the compiled native engine (native: "
        "greedy and random bots only, many times faster; pip install 'qwirkle[native]'), or native when it "
        "is installed and can play every bot (auto); every engine plays the same games (default: python)",
    )
    parser.add_argument(
        "--jobs",
        type=positive,
        metavar="N",
        help="worker processes, or the workers of a local Dask or Ray cluster "
        f"(default: 1 process, or one worker per core; this machine has {os.cpu_count() or 1} cores)",
    )
    parser.add_argument(
        "--address",
        metavar="ADDRESS",
        help="join a running cluster instead of starting one: a Dask scheduler (tcp://host:8786) "
        "or a Ray cluster (host:6379, or auto)",
    )
    parser.add_argument(
        "--out", metavar="PATH", help="append every game's result to PATH as it finishes (JSON lines); see --resume"
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="continue the run whose results are in --out: play only the games it does not hold yet",
    )
    parser.add_argument(
        "--json",
        metavar="PATH",
        help="also write every game's raw result to PATH as JSON; - writes it to standard output, "
        "and the table then goes to standard error",
    )
    parser.add_argument("--quiet", action="store_true", help="print no progress while the games run")
    _add_round_robin_options(parser)
    return parser


class _Progress:
    """Progress on a stream: one line rewritten in place on a terminal, a line now and then elsewhere.

    With no stream it shows nothing, and only notes how many games the run plays.
    """

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream
        self._live = stream is not None and stream.isatty()
        self._last = 0.0
        self.total: int | None = None
        self.elapsed = 0.0

    def __call__(self, done: int, total: int, elapsed: float) -> None:
        self.total = total
        self.elapsed = elapsed
        if self._stream is None:
            return
        text = eta(done, total, elapsed)
        if self._live:
            self._stream.write(f"\r\x1b[K{text}")
            if done == total:
                self._stream.write("\n")
        elif done == total or elapsed - self._last >= 10:
            self._last = elapsed
            self._stream.write(text + "\n")
        self._stream.flush()


def _cards_default() -> list[str]:
    """The match ``--game cards`` plays by default: the strongest cards bot there is against the greedy one."""
    return ["strong" if "strong" in match_game(CARDS).bot_names() else "random", "greedy"]


def _labels(parser: argparse.ArgumentParser, names: list[str], game: str) -> list[str]:
    """The labels of the bots ``names`` of ``game``; an unknown bot or parameter stops with a usage error."""
    try:
        return [match_game(game).spec(name).label for name in names]
    except BotError as error:
        parser.error(f"argument --players: {error}")


def _simulate(argv: Sequence[str]) -> int:
    """``qwirkle simulate``: a match between bots, with progress on stderr and the table on stdout."""
    parser = _simulate_parser()
    options = parser.parse_args(argv)
    if options.players is not None:
        options.players = _labels(parser, options.players, options.game)
    if options.round_robin:
        if options.game != TILES:
            parser.error("--round-robin plays the tile game")
        return _round_robin_command(parser, options)
    if options.players is None:
        options.players = ["strong", "greedy"] if options.game == TILES else _cards_default()
    problem = seat_count_problem(options.players)
    if problem:
        parser.error(f"argument --players: {problem}")
    if options.svg or options.markdown:
        parser.error("--svg and --markdown draw the ladder of --round-robin")
    if options.resume and options.out is None:
        parser.error("--resume continues the run whose results are in --out: give --out PATH")
    if options.address is not None and options.backend == "processes":
        parser.error("--address joins a Dask or Ray cluster: give --backend dask or --backend ray")
    if options.address is not None and options.jobs is not None:
        parser.error("--jobs sizes a local cluster; a cluster at --address has its own size")
    backend = backend_named(options.backend, jobs=options.jobs, address=options.address)
    progress = _Progress(None if options.quiet else sys.stderr)
    try:
        # The report says it instead, in words, once the table is out.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", TimedBotWarning)
            match = simulate(
                options.players,
                options.games,
                seed=options.seed,
                backend=backend,
                progress=progress,
                out=options.out,
                resume=options.resume,
                engine=options.engine,
                game=options.game,
            )
    except KeyboardInterrupt:
        again = " (--resume continues it)" if options.out else ""
        print(f"\nqwirkle simulate: interrupted{again}", file=sys.stderr)
        return 130
    except (QwirkleError, ImportError) as error:
        # ImportError: the native engine asked for and not installed; its message says how to install it.
        print(f"qwirkle simulate: error: {error}", file=sys.stderr)
        return 1
    # With the JSON on standard output, the report goes to standard error, so that the output parses as JSON.
    to_stdout = options.json == "-"
    report = sys.stderr if to_stdout else sys.stdout
    try:
        print(match.table(), file=report)
        played = progress.total or 0
        if played < options.games:
            print(f"Resumed {options.out}: {options.games - played} of the games were played before.", file=report)
        rate = f" ({played / progress.elapsed:.1f} games/s)" if progress.elapsed > 0 else ""
        games = f"{played} game" + ("s" if played != 1 else "")
        kind = match_game(options.game)
        specs = [kind.spec(player) for player in options.players]
        by = " by the native engine" if kind.engine(options.engine, specs) == "native" else ""
        print(f"Played {games} in {progress.elapsed:.1f} s{rate} on {backend.description}{by}.", file=report)
        timed = timed_entries(options.players) if options.game == TILES else ()
        if timed:
            print(
                f"Machine-dependent: {', '.join(timed)} decide{'s' if len(timed) == 1 else ''} by the clock, "
                "so the same seed may give other games on another machine or under another load.",
                file=report,
            )
        if options.out:
            print(f"Every game's result, as it finished: {options.out}", file=report)
        if to_stdout:
            sys.stdout.write(match.dumps() + "\n")
        elif options.json:
            with open(options.json, "w", encoding="utf-8") as out:
                out.write(match.dumps() + "\n")
            print(f"Raw results of every game: {options.json}")
        sys.stdout.flush()
    except OSError as error:
        if isinstance(error, BrokenPipeError):
            silence_stdout()
            return 1
        print(f"qwirkle simulate: error: {error}", file=sys.stderr)
        return 1
    return 0
