"""Learn leave values (the worth of the tiles kept in hand after a move) from self-play.

The idea is the one Scrabble engines such as Maven and Macondo use: play many
games, note at each turn which tiles the mover kept (before drawing), and see
how many points that player can then score at its next turn, compared with
the average. A least-squares fit on features of the leave that do not depend
on which tiles they are (how many tiles are kept, how many line types hold 2,
3, 4 or 5 distinct kept tiles, how many duplicates) turns that into a small
table of points that :func:`qwirkle.bots.leaves._leave_value` adds up.

Both players play greedily (the best-scoring placement, else the largest
exchange), except that at a share of turns the mover plays one of its better
placements at random, or a random exchange, so that the data hold the leaves
the strong bot chooses between and not only greedy ones. The outcome of a
turn is the best score its player can make at its next turn (what greedy play
would score there), and optionally the one after that too (``--horizon 2``).
The stage of the game (the bag's size) is fitted alongside, so that it does
not masquerade as the worth of a leave, and left out of the table.

    PYTHONPATH=src python benchmarks/learn_leaves.py --games 3000 --seed 1

prints the fit and the constants to paste into ``src/qwirkle/bots/leaves.py`` (about 100 s on
one core). With those options (135,000 turns) the leave explains little of a next turn
(the stage of the game explains most of what is explained, R^2 0.17 in all); what it
does explain is that keeping one or two tiles beats keeping five by nearly two points,
that a duplicate costs about half a point, and that tiles of one line type are worth
something only from three of them up. With ``--horizon 2`` the values come out about
twice as large, as the tiles kept and not played next turn count again the turn after.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence

import numpy as np

from qwirkle import apply, legal_moves, new_game
from qwirkle.bots import leave_shape, move_key
from qwirkle.moves import Exchange, Move, Place
from qwirkle.state import GameState

MAX_KEPT = 5
GROUP_SIZES = (2, 3, 4, 5)
DUPLICATES = (1, 2)  # one duplicate, two or more
BAG_BUCKETS = (6, 20, 40, 60, 80)  # lower bounds of the bag-size bands fitted as the stage of the game


def leave_features(kept: Sequence[int]) -> list[float]:
    """The leave's features: tiles kept (one-hot 1..5), line types by distinct tiles kept (2..5), duplicates."""
    count, by_type, duplicates = leave_shape(kept)
    features = [1.0 if count == n else 0.0 for n in range(1, MAX_KEPT + 1)]
    features += [float(sum(1 for c in by_type if c == size)) for size in GROUP_SIZES]
    features += [1.0 if duplicates == 1 else 0.0, 1.0 if duplicates >= 2 else 0.0]
    return features


FEATURE_NAMES = (
    [f"kept={n}" for n in range(1, MAX_KEPT + 1)]
    + [f"types with {size} distinct" for size in GROUP_SIZES]
    + ["one duplicate", "two or more duplicates"]
)


def stage_features(bag: int) -> list[float]:
    """One-hot band of the bag's size after the move (the lowest band is the reference)."""
    return [
        1.0 if low <= bag < high else 0.0 for low, high in zip(BAG_BUCKETS[1:], (*BAG_BUCKETS[2:], 10**9), strict=True)
    ]


def greedy(state: GameState) -> Move:
    """The best-scoring placement, else the largest exchange, else any move; canonical first among equals."""
    moves = legal_moves(state)
    _, best = moves.top()
    if best:
        return min(best, key=move_key)
    exchanges = list(moves.exchanges())
    if exchanges:
        largest = max(len(exchange) for exchange in exchanges)
        return min((e for e in exchanges if len(e) == largest), key=move_key)
    return min(moves, key=move_key)


def explore(state: GameState, rng: random.Random, top_n: int, exchange_share: float) -> Move:
    """One of the ``top_n`` best-scoring placements at random, or now and then a random exchange."""
    moves = legal_moves(state)
    if rng.random() < exchange_share:
        exchanges = sorted(moves.exchanges(), key=move_key)
        if exchanges:
            return rng.choice(exchanges)
    ranked = sorted(moves.scored(), key=lambda item: (-item[1], move_key(item[0])))
    if not ranked:
        return greedy(state)
    return rng.choice(ranked[:top_n])[0]


def play(
    seed: int, rng: random.Random, share: float, top_n: int, exchange_share: float, horizon: int
) -> list[tuple[list[float], float]]:
    """One greedy game with exploration; each recorded turn as (features, outcome)."""
    state = new_game(["A", "B"], seed=seed)
    # Per seat, the turns waiting for their outcome: features, outcome so far, turns still to see.
    waiting: list[list[tuple[list[float], float, int]]] = [[] for _ in state.players]
    rows: list[tuple[list[float], float]] = []
    while state.outcome is None:
        seat = state.current
        if waiting[seat]:
            best = max(legal_moves(state).top()[0], 0)
            seen = [(features, outcome + best, left - 1) for features, outcome, left in waiting[seat]]
            rows += [(features, outcome) for features, outcome, left in seen if left == 0]
            waiting[seat] = [entry for entry in seen if entry[2] > 0]
        bag = len(state.bag)
        move = explore(state, rng, top_n, exchange_share) if bag and rng.random() < share else greedy(state)
        after = apply(state, move)
        if isinstance(move, (Place, Exchange)) and bag >= BAG_BUCKETS[0]:
            played = [tile.index for tile in move.tiles]
            kept = [tile.index for tile in state.hands[seat]]
            for tile in played:
                kept.remove(tile)
            # The bag after the move: a placement draws from it, an exchange returns as many as it takes.
            left = bag - len(played) if isinstance(move, Place) else bag
            waiting[seat].append((leave_features(kept) + stage_features(left), 0.0, horizon))
        state = after
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--share", type=float, default=0.5, help="share of turns played off the greedy choice")
    parser.add_argument(
        "--top", type=int, default=8, help="how many of the best placements an exploring turn picks from"
    )
    parser.add_argument("--exchange-share", type=float, default=0.1, help="share of exploring turns that exchange")
    parser.add_argument("--horizon", type=int, default=1, help="how many of the mover's next turns count")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    rows: list[tuple[list[float], float]] = []
    start = time.perf_counter()
    for game in range(args.games):
        rows += play(args.seed * 1_000_003 + game, rng, args.share, args.top, args.exchange_share, args.horizon)
        if (game + 1) % 200 == 0:
            print(f"{game + 1} games, {len(rows)} turns, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    x = np.array([[1.0, *features] for features, _ in rows])
    y = np.array([outcome for _, outcome in rows])
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    residual = y - x @ coef
    sigma2 = float(residual @ residual) / (len(y) - x.shape[1])
    stderr = np.sqrt(np.diag(sigma2 * np.linalg.pinv(x.T @ x)))
    r2 = 1 - float(residual @ residual) / float(((y - y.mean()) ** 2).sum())
    print(f"{len(rows)} turns from {args.games} games; mean outcome {y.mean():.2f} points, R^2 {r2:.3f}")
    names = ["intercept", *FEATURE_NAMES, *(f"bag >= {low}" for low in BAG_BUCKETS[1:])]
    for name, value, error in zip(names, coef, stderr, strict=True):
        print(f"  {name:24} {value:+7.2f}  (+/- {error:.2f})")
    leave = coef[1:]
    kept = [0.0, *leave[:MAX_KEPT]]
    # Six distinct tiles of a type cannot be kept from a hand of six: larger hands get the value for five.
    groups = [0.0, 0.0, *leave[MAX_KEPT : MAX_KEPT + len(GROUP_SIZES)]]
    groups.append(groups[-1])
    dups = [0.0, *leave[MAX_KEPT + len(GROUP_SIZES) : MAX_KEPT + len(GROUP_SIZES) + len(DUPLICATES)]]
    print("\nConstants for src/qwirkle/bots/leaves.py:")
    print(f"_KEPT_WORTH: Final = ({', '.join(f'{v:.2f}' for v in kept)})")
    print(f"_GROUP_WORTH: Final = ({', '.join(f'{v:.2f}' for v in groups)})")
    print(f"_DUPLICATE_WORTH: Final = ({', '.join(f'{v:.2f}' for v in dups)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
