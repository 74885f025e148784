"""Compare the native engine with the specification at scale.

    python benchmarks/native_differential.py --positions 100000 [--seed 0]

Plays seeded games in both engines at once (random, greedy and mixed
choices, two to four players, the standard rules and every option of
:func:`qwirkle.rules.ruleset.variants`), checking at every position what
``tests/test_native.py`` checks: the legal moves in order, their count, the
best move, and after each move the scores, hands, bag, seat, outcome and the
whole state. Prints how many positions were compared and every mismatch;
exits with status 1 if there was one.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.test_native import CHOOSERS, play_both  # noqa: E402

from qwirkle import RuleSet, new_game  # noqa: E402
from qwirkle.rules.ruleset import variants  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=10_000, help="positions to compare, at least")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args()
    rule_sets = [RuleSet(), RuleSet(), RuleSet(), *variants(RuleSet)]
    kinds = sorted(CHOOSERS)
    compared = games = 0
    mismatches: list[str] = []
    start = time.perf_counter()
    seed = args.seed
    while compared < args.positions:
        rules = rule_sets[seed % len(rule_sets)]
        kind = kinds[seed % len(kinds)]
        seats = max(rules.min_players, min(rules.max_players, 2 + seed % 3))
        state = new_game(["Ann", "Bob", "Cy", "Di"][:seats], seed=seed, rules=rules)
        try:
            compared += play_both(state, CHOOSERS[kind], random.Random(seed), every=16)
        except AssertionError as error:
            mismatches.append(f"seed {seed}, {kind}, {rules!r}: {error}")
            print(mismatches[-1], flush=True)
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    print(f"{compared} positions compared in {games} games ({elapsed:.0f} s): {len(mismatches)} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
