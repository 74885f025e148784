"""A match between the strong and the greedy Qwirkle Cards bots: the win rate with its interval, and the time a move.

Run from the repository root::

    python benchmarks/cards_strong_match.py                  # 200 games, two players, standard rules
    python benchmarks/cards_strong_match.py --games 2000 --rules redraw_hand

Game ``i`` is dealt with seed ``first + i``; the strong bot (seeded with the
same number) sits at seat ``i % players`` and greedy bots fill the other
seats, so the seats alternate. A game the strong bot wins outright counts 1,
a shared win (a tie for the most Qwirkles, Rule CARDS-11) counts one half;
ties are also reported apart. The interval is the 95% Wilson score
interval. The time is the strong bot's, per move, measured around its
``choose`` call with the process's CPU time (on a shared machine the wall
clock also counts the time other processes held the core).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from collections.abc import Sequence

from qwirkle.cards import CardsRuleSet, GreedyBot, StrongBot, apply, is_over, new_game
from qwirkle.cards.bots import Bot


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` out of ``games``."""
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--rules", default="standard", choices=CardsRuleSet.PRESETS)
    parser.add_argument("--first", type=int, default=0, help="the seed of the first game (default 0)")
    parser.add_argument("--every", type=int, default=100, help="print a progress line every N games (0: never)")
    options = parser.parse_args(argv)
    rules = CardsRuleSet.preset(options.rules)
    wins = ties = losses = 0
    spent: list[float] = []
    started = time.perf_counter()
    for number in range(options.games):
        seed = options.first + number
        seat = number % options.players
        bots: list[Bot] = [GreedyBot() for _ in range(options.players)]
        bots[seat] = StrongBot(seed=seed)
        state = new_game([bot.name for bot in bots], seed=seed, rules=rules)
        while not is_over(state):
            view = state.view()
            if state.current == seat:
                before = time.process_time()
                move = bots[seat].choose(view)
                spent.append(time.process_time() - before)
            else:
                move = bots[state.current].choose(view)
            state = apply(state, move)
        assert state.outcome is not None
        winners = state.outcome.winners
        if seat not in winners:
            losses += 1
        elif len(winners) == 1:
            wins += 1
        else:
            ties += 1
        if options.every and (number + 1) % options.every == 0:
            print(
                f"  {number + 1} games: {wins} won, {ties} shared, {losses} lost, {time.perf_counter() - started:.0f} s"
            )
    games = options.games
    score = wins + ties / 2
    low, high = wilson(score, games)
    print(
        f"strong against greedy, {games} games, {options.players} players, rules {options.rules}, seeds "
        f"{options.first} to {options.first + games - 1}, seats alternated"
    )
    print(f"won {wins}, shared {ties}, lost {losses}")
    print(f"win rate, shared wins as half: {score / games:.1%} (95% Wilson interval {low:.1%} to {high:.1%})")
    if games > ties:
        outright = wins / (games - ties)
        o_low, o_high = wilson(wins, games - ties)
        print(f"win rate of the games not shared: {outright:.1%} (95% Wilson interval {o_low:.1%} to {o_high:.1%})")
    ms = sorted(1000 * s for s in spent)
    print(
        f"strong bot, {len(ms)} moves: median {statistics.median(ms):.1f} ms a move, "
        f"90th percentile {ms[int(0.9 * (len(ms) - 1))]:.1f} ms, slowest {ms[-1]:.0f} ms (CPU time, one core)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
