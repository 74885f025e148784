"""Command line: play a seeded game of Qwirkle Cards between bots and print every turn.

Run it as ``python -m qwirkle cards``, or call :func:`main` directly.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence

from qwirkle.cards.bots import Bot, GreedyBot, RandomBot, StrongBot, run_game
from qwirkle.cards.moves import CardsMove, Lay, Redraw
from qwirkle.cards.notation import card_code
from qwirkle.cards.ruleset import MAX_PLAYERS, MIN_PLAYERS, CardsRuleSet
from qwirkle.cards.state import CardsState
from qwirkle.errors import QwirkleError
from qwirkle.tiles import Tile

__all__ = ["main"]

_BOTS = ("random", "greedy", "strong")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="qwirkle cards",
        description="Play a seeded game of Qwirkle Cards between bots and print every turn.",
    )
    parser.add_argument(
        "--seed", type=int, default=1, help="the seed of the deal and of the random and strong bots (default 1)"
    )
    parser.add_argument(
        "--players",
        default="random,greedy",
        metavar="BOT,BOT",
        help="comma-separated bots in seat order, from: random, greedy, strong (default random,greedy)",
    )
    # The option's old name, as the other commands did not call it: still read, with a note.
    parser.add_argument("--bots", dest="old_bots", default=None, help=argparse.SUPPRESS)
    parser.add_argument(
        "--rules",
        default="standard",
        choices=CardsRuleSet.PRESETS,
        help="a preset of rule options (default standard)",
    )
    parser.add_argument("--quiet", action="store_true", help="print only the result")
    return parser


def _series(cards: Iterable[Tile]) -> str:
    return " ".join(card_code(card) for card in cards)


def _describe(before: CardsState, move: CardsMove, after: CardsState) -> str:
    seat = before.current
    who = f"{before.players[seat]} (seat {seat})"
    turn = len(before.history) + 1
    if isinstance(move, Lay):
        text = f"{turn:3d}. {who} lays {_series(move.played)}"
        if move.qwirkles:
            won = ", ".join(_series(s) for s in move.qwirkles)
            text += f" and claims {len(move.qwirkles)} Qwirkle{'s' if len(move.qwirkles) > 1 else ''}: {won}"
    else:
        action = "redraws a new hand" if isinstance(move, Redraw) else "cannot lay a card and passes"
        text = f"{turn:3d}. {who} {action}"
    table = " | ".join(_series(s) for s in after.table) or "(empty)"
    return f"{text}\n     table: {table}\n     deck {len(after.deck)}, Qwirkles {list(after.scores)}"


def main(argv: Sequence[str] | None = None) -> int:
    """Play a seeded bot game of Qwirkle Cards, print each turn and the result; return the exit status.

    >>> main(["--seed", "3", "--quiet"])  # doctest: +ELLIPSIS
    Qwirkle Cards, seed 3, rules standard: random (seat 0) against greedy (seat 1)
    ...
    0
    """
    args = _parser().parse_args(argv)
    chosen = args.players
    if args.old_bots is not None:
        print("qwirkle cards: --bots is deprecated; use --players, as every command does", file=sys.stderr)
        chosen = args.old_bots
    names = [name.strip() for name in chosen.split(",")]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        print(f"{len(names)} bots: Qwirkle Cards takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
        return 2
    bots: list[Bot] = []
    for seat, name in enumerate(names):
        if name == "random":
            bots.append(RandomBot(seed=args.seed * 7919 + seat, name="random"))
        elif name == "greedy":
            bots.append(GreedyBot(name="greedy"))
        elif name == "strong":
            bots.append(StrongBot(seed=args.seed * 7919 + seat, name="strong"))
        else:
            print(f"unknown bot {name!r}: the bots are {', '.join(_BOTS)}")
            return 2
    rules = CardsRuleSet.preset(args.rules)
    players = " against ".join(f"{name} (seat {seat})" for seat, name in enumerate(names))
    print(f"Qwirkle Cards, seed {args.seed}, rules {args.rules}: {players}")

    def show(before: CardsState, move: CardsMove, after: CardsState) -> None:
        if not args.quiet:
            print(_describe(before, move, after))

    try:
        final = run_game(bots, seed=args.seed, rules=rules, on_move=show)
    except QwirkleError as error:
        print(f"error: {error}")
        return 1
    outcome = final.outcome
    assert outcome is not None
    print(f"Game over after {len(final.history)} moves: {outcome.reason.words}.")
    for seat, name in enumerate(final.players):
        print(f"  {name} (seat {seat}): {outcome.qwirkles[seat]} Qwirkles")
    winners = ", ".join(f"{final.players[s]} (seat {s})" for s in outcome.winners)
    print(f"Winner{'s (shared)' if len(outcome.winners) > 1 else ''}: {winners}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
