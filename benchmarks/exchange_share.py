"""How much of the action space exchanges take, and how often masked random play exchanges.

    python benchmarks/exchange_share.py [--games 40] [--seed 0]

Every seat of a two-player game plays masked random actions (each step, one
of the legal actions of :mod:`qwirkle.adapters.actions`, uniformly), as an
exploring policy does at the start of learning. At the start of every turn it
counts the legal actions and those that begin an exchange (that put a tile
into it); at the end of every
turn it notes whether the turn was an exchange. It prints the mean number of
legal actions at the start of a turn, the mean share of them that are
exchanges, and the share of turns that ended in an exchange (with a 95%
Wilson interval over turns). A game that reaches ``--max-turns`` turns is
cut short.
"""

from __future__ import annotations

import argparse
import math
import random

from qwirkle import Exchange, new_game
from qwirkle.adapters.actions import ActionTurn
from qwirkle.game import apply


def wilson(hits: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of ``hits`` successes in ``n`` trials."""
    centre = (hits + z * z / 2) / (n + z * z)
    half = z * math.sqrt(hits * (n - hits) / n + z * z / 4) / (n + z * z)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-turns", type=int, default=400)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    legal_total = exchange_total = turns = exchanged = cut = 0
    shares: list[float] = []
    for game in range(arguments.games):
        state = new_game(["a", "b"], seed=arguments.seed * 100_000 + game)
        while state.outcome is None and state.turn_number < arguments.max_turns:
            turn = ActionTurn.start(state)
            legal = turn.legal_actions()
            exchanges = sum(1 for action in legal if turn.layout.exchange <= action < turn.layout.pass_)
            legal_total += len(legal)
            exchange_total += exchanges
            shares.append(exchanges / len(legal))
            step = turn.after(rng.choice(legal))
            while isinstance(step, ActionTurn):
                step = step.after(rng.choice(step.legal_actions()))
            turns += 1
            exchanged += isinstance(step, Exchange)
            state = apply(state, step)
        cut += state.outcome is None
    low, high = wilson(exchanged, turns)
    print(f"games {arguments.games} ({cut} cut at {arguments.max_turns} turns), turns {turns}")
    print(f"legal actions at the start of a turn: {legal_total / turns:.1f} on average")
    share = exchange_total / legal_total
    print(f"of which begin an exchange: {exchange_total / turns:.1f} on average ({share:.1%} of all)")
    print(f"share of exchanges among them: {sum(shares) / len(shares):.1%} (mean over turns)")
    print(f"turns that ended in an exchange: {exchanged / turns:.1%} (95% interval {low:.1%} to {high:.1%})")


if __name__ == "__main__":
    main()
