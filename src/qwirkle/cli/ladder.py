"""``qwirkle simulate --round-robin``: the ladder of bots, every two playing a match, with their ratings."""

from __future__ import annotations

import argparse
import sys
import time
import warnings

from qwirkle.errors import QwirkleError
from qwirkle.matches.backends import backend_named
from qwirkle.matches.ladder import LADDER, round_robin
from qwirkle.matches.simulate import TimedBotWarning, timed_entries
from qwirkle.matches.stats import Simulation

__all__: list[str] = []


def _add_round_robin_options(parser: argparse.ArgumentParser) -> None:
    """The options of a round robin, on the parser of ``qwirkle simulate``."""
    group = parser.add_argument_group("round robin")
    group.add_argument(
        "--round-robin",
        action="store_true",
        help="play --games games between every two of --players (default: the built-in bots and the strong bot's "
        f"levels: {','.join(LADDER)}) and print their Elo ratings, relative to greedy, with 95%% intervals; "
        "--out names a directory for one match log a pair, from which an interrupted run resumes",
    )
    group.add_argument("--svg", metavar="PATH", help="with --round-robin: also draw the ratings as an SVG picture")
    group.add_argument(
        "--markdown", metavar="PATH", help="with --round-robin: also write the ratings as a Markdown table"
    )


def _round_robin_command(parser: argparse.ArgumentParser, options: argparse.Namespace) -> int:
    """Run the round robin that ``options`` ask for, and print the ladder on standard output."""
    if options.json or options.resume:
        parser.error("--json and --resume go with one match; a round robin resumes from the logs in --out")
    if options.address is not None and options.backend == "processes":
        parser.error("--address joins a Dask or Ray cluster: give --backend dask or --backend ray")
    if options.address is not None and options.jobs is not None:
        parser.error("--jobs sizes a local cluster; a cluster at --address has its own size")
    players = list(LADDER) if options.players is None else options.players
    backend = backend_named(options.backend, jobs=options.jobs, address=options.address)
    start = time.perf_counter()

    def progress(done: int, pairs: int, match: Simulation) -> None:
        if options.quiet:
            return
        shares = " to ".join(f"{stats.win_rate:.1%}" for stats in match.stats())
        elapsed = time.perf_counter() - start
        print(f"pair {done}/{pairs}: {' vs '.join(match.players)}: {shares} ({elapsed:.0f} s)", file=sys.stderr)

    try:
        with warnings.catch_warnings():
            # The report says it instead, once, in words.
            warnings.simplefilter("ignore", TimedBotWarning)
            ladder = round_robin(
                players,
                options.games,
                seed=options.seed,
                backend=backend,
                engine=options.engine,
                progress=progress,
                out=options.out,
            )
    except KeyboardInterrupt:
        again = " (run it again with the same --out to resume)" if options.out else ""
        print(f"\nqwirkle simulate: interrupted{again}", file=sys.stderr)
        return 130
    except (QwirkleError, ImportError) as error:
        print(f"qwirkle simulate: error: {error}", file=sys.stderr)
        return 1
    try:
        print(ladder.table())
        print(f"Played in {time.perf_counter() - start:.1f} s on {backend.description}.")
        timed = timed_entries(players)
        if timed:
            print(
                f"Machine-dependent: {', '.join(timed)} decide{'s' if len(timed) == 1 else ''} by the clock, "
                "so the same seed may give other games on another machine or under another load."
            )
        for path, text in ((options.svg, ladder.svg()), (options.markdown, ladder.markdown() + "\n")):
            if path:
                with open(path, "w", encoding="utf-8") as out:
                    out.write(text)
                print(f"Wrote {path}")
        sys.stdout.flush()
    except OSError as error:
        print(f"qwirkle simulate: error: {error}", file=sys.stderr)
        return 1
    return 0
