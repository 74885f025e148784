"""A replay viewer: load a game record, step through it, and write an SVG of any position.

    python examples/replay/replay.py RECORD.json                 # step through: n, p, g N, svg FILE, q
    python examples/replay/replay.py RECORD.json --turn 12 --svg turn12.svg
    python examples/replay/replay.py --demo game.json            # record a bots' game first, then view it

The record is checked move by move as it loads: a record that breaks a rule is
refused with the rule and the move number. The step commands are read from
standard input, so they can come from a file or a pipe; the viewer stops at
the end of the input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from qwirkle import QwirkleError, format_move
from qwirkle.bots import GreedyBot, RandomBot, run_game
from qwirkle.formats.records import GameRecord
from qwirkle.formats.replay import Replay
from qwirkle.interface.views import HiddenExchange
from qwirkle.render import board_svg, board_text

HELP = "Commands: n (next), p (previous), g N (go to turn N), first, last, svg FILE, q (quit)"


def describe(replay: Replay, turn: int) -> str:
    """What happened at ``turn`` (0 is the deal)."""
    record = replay.record
    step = replay.steps[turn]
    scores = ", ".join(f"{name} {points}" for name, points in zip(record.players, step.scores, strict=True))
    if turn == 0:
        head = f"Turn 0 of {len(record.turns)}: the deal; {record.players[record.starter]} opens."
    else:
        played = record.turns[turn - 1]
        move = played.move
        what = str(move) if isinstance(move, HiddenExchange) else format_move(move)
        head = f"Turn {turn} of {len(record.turns)}: {record.players[played.seat]} plays {what} for {played.score}."
    lines = [head, board_text(step, margin=1), f"Scores: {scores}"]
    if step.outcome is not None:
        winners = " and ".join(record.players[seat] for seat in step.outcome.winners)
        lines.append(f"Game over ({step.outcome.reason.value}). Winner: {winners}.")
    return "\n".join(lines)


def write_svg(replay: Replay, turn: int, path: Path) -> None:
    path.write_text(board_svg(replay.steps[turn]), encoding="utf-8")
    print(f"Wrote the table after turn {turn} to {path}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Step through a recorded game of Qwirkle.")
    parser.add_argument("record", type=Path, help="a game record (JSON)")
    parser.add_argument("--demo", action="store_true", help="first record a game between two bots into RECORD")
    parser.add_argument("--turn", type=int, help="show this turn and stop (0 is the deal; -1 the last turn)")
    parser.add_argument("--svg", type=Path, help="with --turn, write an SVG picture of that position")
    options = parser.parse_args(argv)
    if options.demo:
        final = run_game([GreedyBot(seed=1), RandomBot(seed=2)], seed=5)
        options.record.write_text(GameRecord.from_game(final).dumps(), encoding="utf-8")
        print(f"Recorded a game of {final.turn_number} turns in {options.record}")
    try:
        replay = GameRecord.loads(options.record.read_bytes()).replay()
    except OSError as error:
        print(f"replay: cannot read {options.record}: {error.strerror}", file=sys.stderr)
        return 2
    except QwirkleError as error:
        print(f"replay: {options.record} is not a valid game record: {error}", file=sys.stderr)
        return 1
    last = len(replay) - 1
    if options.turn is not None:
        turn = last if options.turn == -1 else options.turn
        if not 0 <= turn <= last:
            parser.error(f"--turn must be from 0 to {last}, or -1")
        print(describe(replay, turn))
        if options.svg:
            write_svg(replay, turn, options.svg)
        return 0
    turn = 0
    print(HELP)
    print(describe(replay, turn))
    for line in sys.stdin:
        command, _, rest = line.strip().partition(" ")
        if command in ("q", "quit"):
            break
        if command == "svg" and rest:
            write_svg(replay, turn, Path(rest.strip()))
            continue
        if command in ("n", ""):
            turn = min(turn + 1, last)
        elif command == "p":
            turn = max(turn - 1, 0)
        elif command == "first":
            turn = 0
        elif command == "last":
            turn = last
        elif command == "g" and rest.strip().lstrip("-").isdigit():
            turn = max(0, min(int(rest), last))
        else:
            print(HELP)
            continue
        print(describe(replay, turn))
    return 0


if __name__ == "__main__":
    sys.exit(main())
