"""Play Qwirkle in a terminal against the built-in bots, typing moves in notation.

    python examples/terminal/play.py [--seed N] [--bots greedy,random] [--name NAME] [--colour] [--symbols]

Moves: ``Ro@0,0 Rs@1,0`` places tiles (colour R O Y G B P, shape o s d c x *,
then @x,y), ``swap Ro Bs`` exchanges tiles, ``pass`` passes (only when nothing
else is legal). Other commands: ``hint``, ``help``, ``quit``.

The moves are read from standard input, so the game can be played from a
file or a pipe too; it stops cleanly at the end of the input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from qwirkle import (
    GameState,
    IllegalMoveError,
    InvalidNotationError,
    QwirkleError,
    format_move,
    legal_moves,
    new_game,
    parse_move,
    play,
)
from qwirkle.bots import BOTS, make_bot
from qwirkle.render import board_text, hand_text

HELP = """Moves:
  Ro@0,0 Rs@1,0   place tiles: colour (R O Y G B P) and shape (o s d c x *), then @x,y
  swap Ro Bs      exchange tiles with the bag
  pass            pass (only when you can neither place nor exchange)
Commands: hint (the best-scoring placement), help, quit"""


def show(state: GameState, colour: bool, symbols: bool) -> None:
    print(board_text(state, colour=colour, symbols=symbols, margin=1))
    scores = ", ".join(f"{name} {points}" for name, points in zip(state.players, state.scores, strict=True))
    print(f"Scores: {scores}; bag: {len(state.bag)} tiles")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Play Qwirkle against the built-in bots.")
    parser.add_argument("--seed", type=int, default=1, help="deals the tiles (default: 1)")
    parser.add_argument("--bots", default="greedy", help=f"1 to 3 bots, from: {', '.join(sorted(BOTS))}")
    parser.add_argument("--name", default="Player", help="your name")
    parser.add_argument("--colour", action="store_true", help="ANSI colours")
    parser.add_argument("--symbols", action="store_true", help="shape symbols instead of shape letters")
    options = parser.parse_args(argv)
    bot_names = [name.strip() for name in options.bots.split(",")]
    try:
        bots = [make_bot(name, seed=options.seed * 4 + seat) for seat, name in enumerate(bot_names, start=1)]
        players = [options.name, *(f"{bot.name} {seat}" for seat, bot in enumerate(bots, start=1))]
        state = new_game(players, seed=options.seed)
    except QwirkleError as error:
        parser.error(str(error))
    print(f"Qwirkle: {', '.join(state.players)}. {state.players[state.starter]} opens. Type 'help' for help.")
    shown = -1
    while state.outcome is None:
        if state.current != 0:
            state, done = play(state, bots[state.current - 1].choose(state))
            print("\n".join(done.seen_by(0).describe(state.players)))
            continue
        if shown != state.turn_number:
            print()
            show(state, options.colour, options.symbols)
            shown = state.turn_number
        print(f"Your hand: {hand_text(state.hand, colour=options.colour, symbols=options.symbols)}")
        print("Your move> ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            print("\nNo more input: leaving the game.")
            return 0
        text = line.strip()
        if not text:
            continue
        if text.lower() in ("quit", "q", "exit"):
            print("Bye.")
            return 0
        if text.lower() in ("help", "h", "?"):
            print(HELP)
            continue
        if text.lower() == "hint":
            best = legal_moves(state).best()
            print(f"Hint: {format_move(best[0])} for {best[1].total} points" if best else "Hint: no placement")
            continue
        try:
            state, done = play(state, parse_move(text))
        except InvalidNotationError as error:
            print(f"I cannot read that: {error.problem}.\n  {error.pointer.replace(chr(10), chr(10) + '  ')}")
            continue
        except IllegalMoveError as error:
            print(f"Illegal move: {error.reason}.\n  Rule {error.rule}: {error.rule.statement}")
            continue
        print("\n".join(done.describe(state.players)))
    print()
    show(state, options.colour, options.symbols)
    outcome = state.outcome
    winners = " and ".join(state.players[seat] for seat in outcome.winners)
    print(f"Game over. Winner: {winners}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
