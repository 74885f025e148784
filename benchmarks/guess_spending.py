"""How much of its own judgement the strong bot loses to the luck of its guesses, by how it spends them.

The strong bot plays each move of its shortlist against guesses of the
unseen tiles and keeps the one with the best total gain. With few guesses the
totals are noisy, and the bot sometimes keeps a move that many guesses would
rank below another: the *regret* is how much less that move gains, on
average over many guesses, than the best one. This script plays the strong
bot against the greedy bot and, at every third of its turns while the bag has
more than ``play_out_bag`` tiles, works out the gain of every move of the
shortlist against ``--guesses`` guesses (``StrongBot.shortlist``,
``StrongBot.gain``, ``sample_states`` as the bot deals them). Half of them give
each move's reference average; each way of spending guesses
(:func:`qwirkle.bots.halving_race`) draws from the other half, ``--draws``
times. It prints each way's mean regret, in points a move, and its work, in
gains worked out, against eight guesses for every move::

    python benchmarks/guess_spending.py --positions 400 --guesses 96

About 3 minutes on one core for 400 positions of 96 guesses.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from qwirkle import GameState, apply, new_game, view
from qwirkle.bots import GreedyBot, StrongBot, halving_race, sample_states

WAYS = [(4, 0), (8, 0), (11, 0), (16, 0), (3, 2), (4, 2), (5, 2), (6, 2), (3, 3), (4, 3)]
"""Ways of spending guesses: (first, halvings), as ``StrongBot``'s ``samples`` and ``halvings``."""


def gains_at(bot: StrongBot, state: GameState, guesses: int, seed: int) -> list[list[float]] | None:
    """The gain of every move of the bot's shortlist against each guess (rows by guess), or ``None`` if no choice."""
    seen = view(state, state.current)
    shortlist = bot.shortlist(seen)
    if len(shortlist) < 2:
        return None
    dealt = sample_states(seen, random.Random(seed), guesses, tries=bot.inference_tries)
    return [[bot.gain(seen, guess, move, leave) for move, leave in shortlist] for guess in dealt]


def positions(bot: StrongBot, count: int, guesses: int) -> list[list[list[float]]]:
    """The gains at ``count`` positions of the strong bot's games against greedy, seeded."""
    found: list[list[list[float]]] = []
    seed = 0
    while len(found) < count:
        seed += 1
        state = new_game(["strong", "greedy"], seed=seed)
        player, greedy = StrongBot(seed=seed), GreedyBot(seed=seed)
        turn = 0
        while state.outcome is None and len(state.bag) > bot.play_out_bag and len(found) < count:
            if state.current == 0:
                rows = gains_at(bot, state, guesses, seed * 1000 + turn) if turn % 3 == 0 else None
                if rows is not None:
                    found.append(rows)
                turn += 1
                state = apply(state, player.choose(view(state, 0)))
            else:
                state = apply(state, greedy.choose(view(state, 1)))
        print(f"{len(found)} positions", file=sys.stderr, end="\r", flush=True)
    print(file=sys.stderr)
    return found


def regret(found: Sequence[list[list[float]]], first: int, halvings: int, draws: int) -> tuple[float, float]:
    """The mean regret of one way of spending guesses, and its mean work (gains worked out) per position."""
    regrets: list[float] = []
    work: list[int] = []
    for n, rows in enumerate(found):
        half = len(rows) // 2
        moves = len(rows[0])
        reference = [statistics.mean(row[i] for row in rows[half:]) for i in range(moves)]
        best = max(reference)
        rng = random.Random(n)
        for _ in range(draws):
            pool = rng.sample(rows[:half], first << halvings)
            asked = [0]

            def gain(g: int, i: int, pool: list[list[float]] = pool, asked: list[int] = asked) -> float:
                asked[0] += 1
                return pool[g][i]

            chosen = halving_race(moves, first, halvings, gain)
            regrets.append(best - reference[chosen])
            work.append(asked[0])
    return statistics.mean(regrets), statistics.mean(work)


def main() -> None:
    parser = argparse.ArgumentParser(description="The strong bot's regret by how it spends its guesses.")
    parser.add_argument("--positions", type=int, default=100, help="positions to evaluate (default: 100)")
    parser.add_argument("--guesses", type=int, default=96, help="guesses per position, half for reference (96)")
    parser.add_argument("--draws", type=int, default=20, help="draws of each way per position (default: 20)")
    options = parser.parse_args()
    bot = StrongBot(seed=0)
    start = time.process_time()
    found = positions(bot, options.positions, options.guesses)
    print(f"{len(found)} positions, {options.guesses} guesses each, in {time.process_time() - start:.0f} s CPU")
    ways = [(first, halvings) for first, halvings in WAYS if first << halvings <= options.guesses // 2]
    # The work of eight guesses for every move of the shortlist.
    flat = statistics.mean(8 * len(rows[0]) for rows in found)
    print(f"{'samples':>8} {'halvings':>8} {'regret':>8} {'work':>6}")
    for first, halvings in ways:
        loss, work = regret(found, first, halvings, options.draws)
        print(f"{first:8d} {halvings:8d} {loss:8.3f} {work / flat:6.2f}")


if __name__ == "__main__":
    main()
