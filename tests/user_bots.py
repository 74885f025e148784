"""Bots of a user's own, at the top level of a module so that worker processes and clusters can load them."""

from __future__ import annotations

import random

from qwirkle import Move, PlayerView, legal_moves
from qwirkle.bots import StrongBot, move_key, sample_state


class LongestBot:
    """Plays one of its longest placements, drawn by its own seed; exchanges or passes when it cannot place."""

    name = "longest"

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Move:
        moves = legal_moves(sample_state(view))
        placements = sorted(moves.placements(), key=move_key)
        if placements:
            longest = max(len(move) for move in placements)
            return self._rng.choice([move for move in placements if len(move) == longest])
        return min(moves, key=move_key)


class FirstBot:
    """Plays the first legal move in the canonical order; it takes no seed."""

    name = "first"

    def choose(self, view: PlayerView) -> Move:
        return min(legal_moves(sample_state(view)), key=move_key)


def quick_strong(seed: int) -> StrongBot:
    """A factory function: a strong bot that looks at few moves and few guesses, to play fast."""
    bot = StrongBot(seed)
    bot.samples = 1
    bot.placements_kept = 2
    return bot
