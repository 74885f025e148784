"""The command-line demo: bots play a seeded game and every turn is printed.

Run it as ``qwirkle`` or ``python -m qwirkle``; ``--help`` lists the options.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from qwirkle import __version__
from qwirkle.board import code
from qwirkle.bots import BOTS, BotError, make_bot, play_game
from qwirkle.errors import QwirkleError
from qwirkle.moves import Exchange, Move, Place
from qwirkle.ruleset import RuleSet
from qwirkle.scoring import Score
from qwirkle.state import EndReason, GameState

__all__ = ["describe_move", "main", "result_lines"]

_LEGEND = (
    "Tiles are two letters, colour then shape:",
    "  R O Y G B P = red orange yellow green blue purple;",
    "  o s d c x * = circle square diamond clover four-point-star eight-point-star.",
)


def _bot_names(text: str) -> list[str]:
    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        if name not in BOTS:
            raise argparse.ArgumentTypeError(f"unknown bot {name!r} (the bots are: {', '.join(sorted(BOTS))})")
    rules = RuleSet()
    if not rules.min_players <= len(names) <= rules.max_players:
        raise argparse.ArgumentTypeError(
            f"a game takes {rules.min_players} to {rules.max_players} players, not {len(names)}"
        )
    return names


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qwirkle",
        description="Watch bots play a game of Qwirkle: the board after every turn, each move and its score.",
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
        help=f"2 to 4 bots in seat order, from: {', '.join(sorted(BOTS))} (default: random,greedy)",
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
        return f"{name} places " + ", ".join(f"{code(tile)} at {_cell(cell)}" for cell, tile in move)
    if isinstance(move, Exchange):
        count = f"{len(move)} tile" + ("s" if len(move) > 1 else "")
        return f"{name} exchanges {count}: " + " ".join(code(tile) for tile in move.tiles)
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
    name = state.players[state.history[-1].player]
    lines = []
    if state.turn_number == 1:
        seats = ", ".join(f"{player} (seat {seat + 1})" for seat, player in enumerate(state.players))
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

    >>> from qwirkle.bots import GreedyBot, play_game
    >>> for line in result_lines(play_game([GreedyBot(1), GreedyBot(2)], seed=7)):
    ...     print(line)  # doctest: +ELLIPSIS
    Game over after ... turns: greedy ... placed their last tile with the bag empty (Rule END-2).
    Final scores: greedy 1: ..., greedy 2: ...
    Winner: greedy ...
    """
    outcome = final.outcome
    if outcome is None:
        raise QwirkleError("the game is not over yet")
    if outcome.reason is EndReason.WENT_OUT and outcome.ended_by is not None:
        why = f"{final.players[outcome.ended_by]} placed their last tile with the bag empty (Rule END-2)"
    elif outcome.reason is EndReason.BLOCKED:
        why = "the bag is empty and nobody can place (Rule END-3)"
    else:
        why = "too many rounds went by without a placement (Rule END-5)"
    winners = ", ".join(final.players[seat] for seat in outcome.winners)
    won = f"Winners (shared win): {winners}" if len(outcome.winners) > 1 else f"Winner: {winners}"
    return [f"Game over after {final.turn_number} turns: {why}.", f"Final scores: {_scores(final)}", won]


def main(argv: Sequence[str] | None = None) -> int:
    """Play the demo game with the options in ``argv`` (default: the command line); return the exit code.

    The exit code is 0 after a finished game and 1 if the game had to be cut
    short. Bad options print the usage and a message to stderr and raise
    ``SystemExit(2)``, as :mod:`argparse` does.

    >>> main(["--seed", "3", "--quiet"])  # doctest: +ELLIPSIS
    Game over after ... turns: ...
    Final scores: random: ..., greedy: ...
    Winner...
    0
    """
    options = _parser().parse_args(argv)
    # Every seat of every game gets its own bot seed (seats are 0 to 3), so that two bots
    # of one kind in one game do not make the same random choices.
    bots = [make_bot(name, seed=4 * options.seed + seat) for seat, name in enumerate(options.players)]

    def show(state: GameState, move: Move, points: Score) -> None:
        print("\n".join(_turn_lines(state, move, points)))

    try:
        final = play_game(bots, options.seed, on_turn=None if options.quiet else show)
        print("\n".join(result_lines(final)))
        sys.stdout.flush()
    except BotError as error:
        print(f"qwirkle: error: {error}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # The reader (say, `head`) went away: stop quietly, without a second error at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return 0
