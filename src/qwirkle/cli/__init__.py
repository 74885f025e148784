"""The command line: a demo game between bots, and commands such as ``simulate``.

Run it as ``qwirkle`` or ``python -m qwirkle``. Without a command, bots play
a seeded game and every turn is printed; ``--help`` lists the options.
``qwirkle simulate`` plays a match of many games between bots and prints
how each bot did (``qwirkle simulate --help``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Final

from qwirkle import __version__
from qwirkle.bots import BOTS, BotError, run_game
from qwirkle.bots.spec import bot_spec
from qwirkle.cards.cli import main as cards_main
from qwirkle.cli._arguments import bot_names, seconds, silence_stdout
from qwirkle.cli.simulate import _simulate
from qwirkle.cli.transcript import describe_move, result_lines, turn_lines
from qwirkle.moves import Move
from qwirkle.scoring import Score
from qwirkle.state import GameState

__all__ = ["COMMANDS", "describe_move", "main", "result_lines"]


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
        type=bot_names,
        default=["random", "greedy"],
        metavar="BOT,BOT",
        help=f"2 to 4 bots in seat order, from: {', '.join(sorted(BOTS))}; parameters after a colon, "
        "as in strong:samples=4 (default: random,greedy)",
    )
    parser.add_argument(
        "--seconds-per-move",
        type=seconds,
        metavar="S",
        help="a bot that takes longer than S seconds over a move runs out of time, and the game ends",
    )
    parser.add_argument("--quiet", action="store_true", help="print only the final result")
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    return parser


def _demo(argv: Sequence[str]) -> int:
    """The demo game: bots play one seeded game, every turn printed unless ``--quiet``."""
    options = _parser().parse_args(argv)
    # Every seat of every game gets its own bot seed (seats are 0 to 3), so that two bots
    # of one kind in one game do not make the same random choices.
    bots = [bot_spec(name).make(seed=4 * options.seed + seat) for seat, name in enumerate(options.players)]

    def show(state: GameState, move: Move, points: Score) -> None:
        print("\n".join(turn_lines(state, move, points)))

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
        silence_stdout()
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
