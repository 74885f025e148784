"""Timings of the three exact searches of Qwirkle Cards, and their check against a brute force.

Positions come from seeded games (2 to 4 players, random and greedy bots, every
preset): before each move, the player to move asks the three questions:

- can I lay any card at all? (:func:`qwirkle.cards.can_lay`, for the pass rule; it is
  also timed without its quick answers, to show the exact search behind it)
- which lay lays the most cards? (:func:`qwirkle.cards.most_cards`)
- which lay completes the most Qwirkles? (:func:`qwirkle.cards.most_qwirkles`)

Each question is timed on every position and the median, 99th percentile and
maximum are printed, with the position that took longest. The self-play that
found the positions is timed too, and so are its moves replayed with
:func:`qwirkle.cards.apply` alone (the cost of the state transitions, without
the bots' searches). Then the searches are
compared with a brute force that lists every partition of every lay, on small
random positions, and the number of positions compared is printed.

Run: ``python benchmarks/bench_cards.py [--games 60] [--brute 2000] [--repeats 5]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable

from qwirkle.cards import (
    CardsMove,
    CardsRuleSet,
    CardsState,
    GreedyBot,
    RandomBot,
    apply,
    can_lay,
    is_over,
    most_cards,
    most_qwirkles,
    new_game,
)
from qwirkle.cards._search.plans import Goal, best_plan, brute_force
from qwirkle.cards.bots import Bot
from qwirkle.tiles import Tile


def _counts(cards: Iterable[Tile]) -> list[int]:
    out = [0] * 36
    for card in cards:
        out[card.index] += 1
    return out


def can_lay_search_only(state: CardsState) -> object:
    """The exact search behind :func:`can_lay`, without its quick answers (a new series, a card that fits)."""
    table = _counts(card for series in state.table for card in series)
    return best_plan(table, _counts(state.hand), state.rules.cards_min_set, Goal.ANY)


QUESTIONS: dict[str, Callable[[CardsState], object]] = {
    "can_lay": can_lay,
    "(search only)": can_lay_search_only,
    "most_cards": most_cards,
    "most_qwirkles": most_qwirkles,
}


def game_positions(games: int) -> list[tuple[str, CardsState, CardsMove]]:
    """The states before every move of ``games`` seeded games, each labelled with its game and turn, and the move."""
    out: list[tuple[str, CardsState, CardsMove]] = []
    presets = CardsRuleSet.PRESETS
    for seed in range(games):
        players = 2 + seed % 3
        bots: list[Bot] = [
            RandomBot(seed=seed * 10 + seat) if (seed + seat) % 2 == 0 else GreedyBot() for seat in range(players)
        ]
        rules = CardsRuleSet.preset(presets[seed % len(presets)])
        state = new_game([bot.name for bot in bots], seed=seed, rules=rules)
        while not is_over(state):
            move = bots[state.current].choose(state.view())
            out.append((f"seed {seed} move {len(state.history)}", state, move))
            state = apply(state, move)
    return out


def time_self_play(games: int, repeats: int) -> list[tuple[str, CardsState, CardsMove]]:
    """Time the seeded self-play and the replay of its moves by ``apply`` alone; return the positions."""
    start = time.perf_counter()
    played = game_positions(games)
    elapsed = time.perf_counter() - start
    print(f"self-play: {games} games, {len(played)} moves in {elapsed:.2f} s "
          f"({1000 * elapsed / len(played):.2f} ms a move, bots' searches included)")  # fmt: skip
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for _, state, move in played:
            apply(state, move)
        best = min(best, time.perf_counter() - start)
    print(f"replay:    {len(played)} moves applied in {1000 * best:.1f} ms, best of {repeats} "
          f"({1e6 * best / len(played):.1f} us a move, apply only)")  # fmt: skip
    return played


def percentile(sorted_values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of the sorted values lie (nearest rank)."""
    index = min(len(sorted_values) - 1, max(0, round(fraction * len(sorted_values)) - 1))
    return sorted_values[index]


def time_questions(positions: list[tuple[str, CardsState, CardsMove]]) -> None:
    table_sizes = [sum(len(series) for series in state.table) for _, state, _ in positions]
    print(f"{len(positions)} positions from seeded games; table cards: median {statistics.median(table_sizes)}, "
          f"max {max(table_sizes)}")  # fmt: skip
    for name, question in QUESTIONS.items():
        times: list[tuple[float, str, int]] = []
        for (label, state, _), size in zip(positions, table_sizes, strict=True):
            start = time.perf_counter()
            question(state)
            times.append((time.perf_counter() - start, label, size))
        values = sorted(t for t, _, _ in times)
        worst = max(times)
        print(
            f"  {name:14s} median {1000 * statistics.median(values):6.2f} ms   "
            f"p99 {1000 * percentile(values, 0.99):6.2f} ms   max {1000 * values[-1]:6.2f} ms "
            f"({worst[1]}, {worst[2]} cards on the table)"
        )


def random_counts(rng: random.Random) -> tuple[list[int], list[int], int]:
    """A small random position, its cards from a few lines so that they interact, and a series minimum.

    Every other position holds a whole colour or shape between the table and
    the hand, so that a Qwirkle is often within reach.
    """
    table, hand = [0] * 36, [0] * 36
    if rng.random() < 0.5:
        line = rng.randrange(12)
        cells = [line * 6 + i for i in range(6)] if line < 6 else [c * 6 + line - 6 for c in range(6)]
        rng.shuffle(cells)
        split = rng.randint(3, 5)
        for k in cells[:split]:
            table[k] += 1
        for k in cells[split:]:
            hand[k] += 1
        extra_table, extra_hand = rng.randint(0, 4), rng.randint(0, 2)
        min_set = 3
    else:
        extra_table, extra_hand = rng.randint(0, 9), rng.randint(1, 5)
        min_set = rng.choice([3, 3, 3, 1, 2, 4, 5, 6])
    colours = rng.sample(range(6), rng.randint(1, 3))
    shapes = rng.sample(range(6), rng.randint(2, 6))
    pool = [c * 6 + s for c in colours for s in shapes for _ in range(3)]
    rng.shuffle(pool)
    for k in pool[:extra_table]:
        table[k] = min(3, table[k] + 1)
    for k in pool[extra_table : extra_table + extra_hand]:
        hand[k] = min(3 - table[k], hand[k] + 1)
    return table, hand, min_set


def compare_with_brute_force(count: int, seed: int) -> None:
    rng = random.Random(seed)
    layable = with_qwirkles = 0
    start = time.perf_counter()
    for _ in range(count):
        table, hand, min_set = random_counts(rng)
        every = brute_force(table, hand, min_set)
        for goal in Goal:
            plan = best_plan(table, hand, min_set, goal)
            if not every:
                assert plan is None, (table, hand, min_set, goal)
                continue
            assert plan is not None, (table, hand, min_set, goal)
            assert every.get((tuple(plan.laid), plan.series)) == plan.qwirkles
            if goal is Goal.CARDS:
                assert (plan.cards, plan.qwirkles) == max((sum(laid), q) for (laid, _), q in every.items())
            if goal is Goal.QWIRKLES:
                assert (plan.qwirkles, plan.cards) == max((q, sum(laid)) for (laid, _), q in every.items())
        layable += bool(every)
        with_qwirkles += any(every.values())
    print(
        f"brute force: {count} random positions compared, all three searches agree "
        f"({layable} with a legal lay, {with_qwirkles} with a Qwirkle; {time.perf_counter() - start:.1f} s)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=60, help="seeded games to take positions from (default 60)")
    parser.add_argument("--brute", type=int, default=2000, help="random positions to check by brute force")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random positions (default 1)")
    parser.add_argument("--repeats", type=int, default=5, help="replays of the self-play moves (default 5)")
    args = parser.parse_args(argv)
    time_questions(time_self_play(args.games, args.repeats))
    if args.brute:
        compare_with_brute_force(args.brute, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
