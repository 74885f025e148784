"""The command line: a demo game between bots, and commands such as ``simulate``.

Run it as ``qwirkle`` or ``python -m qwirkle``. Without a command, bots play
a seeded game and every turn is printed; ``--help`` lists the options.
``qwirkle simulate`` plays a match of many games between bots and prints
how each bot did (``qwirkle simulate --help``).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Final, TextIO

from qwirkle import __version__
from qwirkle.bots import BOTS, BotError, run_game
from qwirkle.bots.spec import bot_spec, split_bots
from qwirkle.cards.cli import main as cards_main
from qwirkle.endings import end_cause, winners_line
from qwirkle.errors import QwirkleError
from qwirkle.formats.notation import format_tile
from qwirkle.matches.backends import BACKENDS, backend_named
from qwirkle.matches.simulate import ENGINES, eta, match_engine, simulate
from qwirkle.moves import Exchange, Move, Place
from qwirkle.rules.ruleset import RuleSet
from qwirkle.scoring import Score
from qwirkle.state import GameState

__all__ = ["COMMANDS", "describe_move", "main", "result_lines"]

_LEGEND = (
    "Tiles are two letters, colour then shape:",
    "  R O Y G B P = red orange yellow green blue purple;",
    "  o s d c x * = circle square diamond clover four-point-star eight-point-star.",
)


def _bot_names(text: str) -> list[str]:
    """The bots of a comma-separated list, each a built-in name with parameters if wanted, as labels."""
    try:
        names = [bot_spec(part).label for part in split_bots(text)]
    except BotError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    rules = RuleSet()
    if not rules.min_players <= len(names) <= rules.max_players:
        raise argparse.ArgumentTypeError(
            f"a game takes {rules.min_players} to {rules.max_players} players, not {len(names)}"
        )
    return names


def _parser() -> argparse.ArgumentParser:
    commands = "\n".join(f"  {name:<10} {summary}" for name, (summary, _) in COMMANDS.items())
    parser = argparse.ArgumentParser(
        prog="qwirkle",
        description="Watch bots play a game of Qwirkle: the board after every turn, each move and its score.",
        epilog=f"commands (run `qwirkle COMMAND --help` for their options):\n{commands}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=1,
        metavar="N",
        help="deals the tiles and seeds the bots; the same seed plays the same game (default: 1)",
    )
    parser.add_argument(
        "--players",
        type=_bot_names,
        default=["random", "greedy"],
        metavar="BOT,BOT",
        help=f"2 to 4 bots in seat order, from: {', '.join(sorted(BOTS))}; parameters after a colon, "
        "as in strong:samples=4 (default: random,greedy)",
    )
    parser.add_argument(
        "--seconds-per-move",
        type=_seconds,
        metavar="S",
        help="a bot that takes longer than S seconds over a move runs out of time, and the game ends",
    )
    parser.add_argument("--quiet", action="store_true", help="print only the final result")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def _cell(cell: tuple[int, int]) -> str:
    return f"({cell[0]}, {cell[1]})"


def describe_move(name: str, move: Move) -> str:
    """What a player did, in a few words, with tiles as two-letter codes.

    >>> from qwirkle import Colour, Exchange, Pass, Place, Shape, Tile
    >>> describe_move("Ann", Place({(0, 0): Tile(Colour.RED, Shape.CIRCLE), (1, 0): Tile(Colour.RED, Shape.STAR8)}))
    'Ann places Ro at (0, 0), R* at (1, 0)'
    >>> describe_move("Bob", Exchange([Tile(Colour.BLUE, Shape.SQUARE)]))
    'Bob exchanges 1 tile: Bs'
    >>> describe_move("Bob", Pass())
    'Bob passes'
    """
    if isinstance(move, Place):
        return f"{name} places " + ", ".join(f"{format_tile(tile)} at {_cell(cell)}" for cell, tile in move)
    if isinstance(move, Exchange):
        count = f"{len(move)} tile" + ("s" if len(move) > 1 else "")
        return f"{name} exchanges {count}: " + " ".join(format_tile(tile) for tile in move.tiles)
    return f"{name} passes"


def _breakdown(points: Score) -> str:
    parts = []
    for line in points.lines:
        (x0, y0), (x1, _) = line.cells[0], line.cells[-1]
        where = f"row y={y0}" if x0 != x1 else f"column x={x0}"
        parts.append(f"{where}: {line.points}" + (" (Qwirkle)" if line.qwirkle else ""))
    if points.qwirkle_points:
        parts.append(f"Qwirkle bonus: {points.qwirkle_points}")
    if points.lone_tile_points:
        parts.append(f"lone tile: {points.lone_tile_points}")
    if points.end_bonus:
        parts.append(f"end bonus: {points.end_bonus}")
    return ", ".join(parts)


def _scores(state: GameState) -> str:
    return ", ".join(f"{name}: {points}" for name, points in zip(state.players, state.scores, strict=True))


def _turn_lines(state: GameState, move: Move, points: Score) -> list[str]:
    name = state.players[state.history[-1].seat]
    lines = []
    if state.turn_number == 1:
        # Seats are numbered from 0, as everywhere in the library.
        seats = ", ".join(f"{player} (seat {seat})" for seat, player in enumerate(state.players))
        opens = f"{state.players[state.starter]} opens with the largest group (Rules START-1 to START-3)."
        lines += [f"Qwirkle, seed {state.seed}: {seats}", *_LEGEND, opens, ""]
    unit = "point" if points.total == 1 else "points"
    lines.append(f"Turn {state.turn_number}: {describe_move(name, move)}: {points.total} {unit}")
    if points.total:
        lines.append(f"  = {_breakdown(points)}")
    lines += [str(state.board), f"Scores: {_scores(state)}; bag: {len(state.bag)} tiles", ""]
    return lines


def result_lines(final: GameState) -> list[str]:
    """The final result of a finished game: why it ended, the scores and the winners (a tie is shared).

    >>> from qwirkle.bots import GreedyBot, run_game
    >>> for line in result_lines(run_game([GreedyBot(1), GreedyBot(2)], seed=7)):
    ...     print(line)  # doctest: +ELLIPSIS
    Game over after ... turns: greedy ... placed their last tile with the bag empty (Rule END-2).
    Final scores: greedy 0: ..., greedy 1: ...
    Winner: greedy ...
    """
    outcome = final.outcome
    if outcome is None:
        raise QwirkleError("the game is not over yet")
    return [
        f"Game over after {final.turn_number} turns: {end_cause(outcome, final.players)}.",
        f"Final scores: {_scores(final)}",
        winners_line(outcome, final.players),
    ]


def _demo(argv: Sequence[str]) -> int:
    """The demo game: bots play one seeded game, every turn printed unless ``--quiet``."""
    options = _parser().parse_args(argv)
    # Every seat of every game gets its own bot seed (seats are 0 to 3), so that two bots
    # of one kind in one game do not make the same random choices.
    bots = [bot_spec(name).make(seed=4 * options.seed + seat) for seat, name in enumerate(options.players)]

    def show(state: GameState, move: Move, points: Score) -> None:
        print("\n".join(_turn_lines(state, move, points)))

    try:
        final = run_game(
            bots, options.seed, on_turn=None if options.quiet else show, seconds_per_move=options.seconds_per_move
        )
        print("\n".join(result_lines(final)))
        sys.stdout.flush()
    except BotError as error:
        print(f"qwirkle: error: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        _silence_stdout()
        return 1
    return 0


def _silence_stdout() -> None:
    # The reader (say, `head`) went away: stop quietly, without a second error at exit.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid number of seconds: {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be more than 0 seconds, not {text}")
    return value


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _simulate_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qwirkle simulate",
        description=(
            "Play many games between bots, seats rotating from game to game, and print a table per bot: "
            "wins (a shared win counts as a share) with a 95% confidence interval, scores, Qwirkles, "
            "points per turn, exchanges and time per move; then game length and how games ended. "
            "The same seed gives the same games whatever the backend and the number of jobs."
        ),
    )
    parser.add_argument("--games", type=_positive, default=100, metavar="N", help="games to play (default: 100)")
    parser.add_argument(
        "--players",
        type=_bot_names,
        default=["strong", "greedy"],
        metavar="BOT,BOT",
        help=f"2 to 4 bots, from: {', '.join(sorted(BOTS))}, with parameters after a colon, as in "
        "strong:samples=16,placements_kept=12 (default: strong,greedy)",
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
        type=_positive,
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


def _simulate(argv: Sequence[str]) -> int:
    """``qwirkle simulate``: a match between bots, with progress on stderr and the table on stdout."""
    parser = _simulate_parser()
    options = parser.parse_args(argv)
    if options.resume and options.out is None:
        parser.error("--resume continues the run whose results are in --out: give --out PATH")
    if options.address is not None and options.backend == "processes":
        parser.error("--address joins a Dask or Ray cluster: give --backend dask or --backend ray")
    if options.address is not None and options.jobs is not None:
        parser.error("--jobs sizes a local cluster; a cluster at --address has its own size")
    backend = backend_named(options.backend, jobs=options.jobs, address=options.address)
    progress = _Progress(None if options.quiet else sys.stderr)
    try:
        match = simulate(
            options.players,
            options.games,
            seed=options.seed,
            backend=backend,
            progress=progress,
            out=options.out,
            resume=options.resume,
            engine=options.engine,
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
        by = " by the native engine" if match_engine(options.engine, options.players) == "native" else ""
        print(f"Played {games} in {progress.elapsed:.1f} s{rate} on {backend.description}{by}.", file=report)
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
            _silence_stdout()
            return 1
        print(f"qwirkle simulate: error: {error}", file=sys.stderr)
        return 1
    return 0


def _cards(argv: Sequence[str]) -> int:
    """``qwirkle cards``: a seeded game of Qwirkle Cards between bots (``qwirkle cards --help``)."""
    return cards_main(argv)


COMMANDS: Final[dict[str, tuple[str, Callable[[Sequence[str]], int]]]] = {
    "simulate": ("play many games between bots and compare them", _simulate),
    "cards": ("play a seeded game of Qwirkle Cards between bots", _cards),
}
"""The commands of the command line by name: a one-line summary, and a function from the arguments to an exit code."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: the program's arguments); return the exit code.

    A first argument that names a command (see :data:`COMMANDS`) runs that
    command with the rest; otherwise the demo game is played. The exit code
    is 0 on success and 1 if the game had to be cut short. Bad options print
    the usage and a message to stderr and raise ``SystemExit(2)``, as
    :mod:`argparse` does.

    >>> main(["--seed", "3", "--quiet"])  # doctest: +ELLIPSIS
    Game over after ... turns: ...
    Final scores: random: ..., greedy: ...
    Winner...
    0
    >>> main(["simulate", "--games", "2", "--players", "greedy,random", "--quiet"])  # doctest: +ELLIPSIS
    greedy vs random: 2 games, seed 1, seats rotated
    ...
    0
    """
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        _, command = COMMANDS[args[0]]
        return command(args[1:])
    if args and not args[0].startswith("-"):
        # A word first is meant as a command: say which there are, not that the demo has no such argument.
        _parser().error(f"unknown command {args[0]!r}; the commands are: {', '.join(COMMANDS)}")
    return _demo(args)
