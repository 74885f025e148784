"""How much more the strong bot would win against greedy if it could see what it guesses: the worth of information.

    python benchmarks/strong_ceiling.py [--games 200] [--bot strong:level=5] [--seed 1] [--sees view,kept,hand,all]

The strong bot plays its look-ahead against guesses of the tiles it cannot
see. This experiment plays the games of the seeded match
``qwirkle simulate --players BOT,greedy --seed SEED`` (the same deals and bot
seeds, seats rotating) once for each way of guessing, with the bot's guesses
replaced:

- ``view``: the bot as it is, guessing from its own view;
- ``kept``: every guess gives the other players the tiles they really kept
  at their last turns, and deals what they drew since at random from the
  unseen tiles. Those draws are chance that nothing in the view foretells.
  So this is the most that any belief drawn from the moves the others made
  (which tiles their hands could have held) could buy;
- ``hand``: every guess holds the other players' real hands, the bag shuffled
  by the bot's generator;
- ``all``: every guess is the real game, the bag's order included.

Only the guesses change (the shortlist, the look-ahead and the endgame search
are the bot's), through ``qwirkle.bots.strong._deals``, which this script
replaces. For each it prints the win share against greedy (a shared win
counts half) with its 95% Wilson interval, the mean final margin, and the
mean difference of margin from ``view`` over the same games, with its 95%
interval. What ``kept`` wins beyond ``view`` is the most that a better belief
about the other hands could buy. ``hand`` and ``all`` add what the view
cannot know at all.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence

import qwirkle.bots.strong
from qwirkle import GameState, apply, new_game, view
from qwirkle.bots.sampling import _deals, _Dealt, unseen_tiles
from qwirkle.bots.spec import bot_spec
from qwirkle.interface.views import PlayerView
from qwirkle.matches.games import bot_seed, deal_seed
from qwirkle.tiles import Tile

SEES = ("view", "kept", "hand", "all")


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a win share."""
    z = 1.96
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def seeing(sees: str, truth: list[GameState], kept: dict[int, list[Tile]]) -> object:
    """A replacement for the bot's dealing that fills its guesses in with what ``sees`` names of ``truth[0]``.

    ``kept`` holds, by seat, the tiles each other player kept at its last turn: what ``"kept"`` deals them.
    """

    def deals(seen: PlayerView, rng: random.Random, count: int, tries: int, native: bool = False) -> list[_Dealt]:
        if sees == "view" or (sees == "kept" and not kept):
            return _deals(seen, rng, count, tries, native)
        if sees == "kept":
            return [_keeping(seen, rng, kept) for _ in range(count)]
        real = truth[0]
        dealt = []
        for _ in range(count):
            bag = list(real.bag)
            if sees == "hand":
                rng.shuffle(bag)
            dealt.append(_Dealt(real.hands, tuple(bag), rng.getrandbits(64) if sees == "hand" else real.rng))
        return dealt

    return deals


def _keeping(seen: PlayerView, rng: random.Random, kept: dict[int, list[Tile]]) -> _Dealt:
    """A guess in which each other player holds the tiles it kept at its last turn and random draws beside them."""
    unseen = list(unseen_tiles(seen))
    for tiles in kept.values():
        for tile in tiles:
            unseen.remove(tile)
    rng.shuffle(unseen)
    hands: list[tuple[Tile, ...]] = []
    for seat, size in enumerate(seen.hand_sizes):
        if seat == seen.seat:
            hands.append(seen.hand)
            continue
        known = kept.get(seat, [])
        drawn = size - len(known)
        hands.append((*known, *unseen[:drawn]))
        del unseen[:drawn]
    return _Dealt(tuple(hands), tuple(unseen), rng.getrandbits(64))


def play(label: str, sees: str, seed: int, index: int) -> int:
    """The final margin of the bot in game ``index`` of the match, seeing what ``sees`` names."""
    entries = [(seat + index) % 2 for seat in range(2)]
    me = entries.index(0)
    specs = [bot_spec(label), bot_spec("greedy")]
    bots = [specs[entry].make(bot_seed(seed, index, seat)) for seat, entry in enumerate(entries)]
    state = new_game(["strong" if entry == 0 else "greedy" for entry in entries], seed=deal_seed(seed, index, 2))
    truth = [state]
    kept: dict[int, list[Tile]] = {}
    qwirkle.bots.strong._deals = seeing(sees, truth, kept)  # type: ignore[assignment]
    while state.outcome is None:
        truth[0] = state
        seat, hand = state.current, list(state.hand)
        state = apply(state, bots[seat].choose(view(state, seat)))
        if seat != me:
            for tile in getattr(state.history[-1].move, "tiles", ()):
                hand.remove(tile)
            kept[seat] = hand
    return state.scores[me] - state.scores[1 - me]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="strong:level=5")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sees", default=",".join(SEES), help="of view, kept, hand, all (default: all four)")
    args = parser.parse_args(argv)
    sees = args.sees.split(",")
    margins: dict[str, list[int]] = {}
    for kind in sees:
        if kind not in SEES:
            parser.error(f"--sees takes {', '.join(SEES)}, not {kind!r}")
        start = time.perf_counter()
        margins[kind] = [play(args.bot, kind, args.seed, index) for index in range(args.games)]
        seconds = time.perf_counter() - start
        wins = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in margins[kind])
        low, high = wilson(wins, args.games)
        line = (
            f"{args.bot} seeing {kind:4s}: {wins / args.games:6.1%} of {args.games} games against greedy "
            f"({low:.1%} to {high:.1%}), mean margin {statistics.mean(margins[kind]):+.1f}"
        )
        if kind != sees[0]:
            diff = [b - a for a, b in zip(margins[sees[0]], margins[kind], strict=True)]
            spread = 1.96 * statistics.stdev(diff) / math.sqrt(len(diff))
            line += f", {statistics.mean(diff):+.1f} ± {spread:.1f} against {sees[0]}"
        print(f"{line} ({seconds:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
