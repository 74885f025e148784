"""A match between OpenSpiel's information-set MCTS and the built-in greedy bot, on ``python_qwirkle``.

Run from the repository root, with the ``rl`` extra installed::

    python benchmarks/ismcts_vs_greedy.py                    # 20 games, 100 simulations a decision
    python benchmarks/ismcts_vs_greedy.py --games 50 --simulations 200 --rollout random

ISMCTS plays seat 0 in even games and seat 1 in odd ones; chance outcomes are
drawn by their weights. ``--rollout random`` evaluates a leaf with OpenSpiel's
random rollout; ``--rollout greedy`` plays the game on from the leaf with
greedy bots for ``--depth`` turns and scores the lead, which is much cheaper
and much stronger.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import qwirkle.adapters.openspiel
from qwirkle import apply, legal_moves
from qwirkle.adapters.openspiel import QwirkleState, bot_actions
from qwirkle.bots import GreedyBot
from qwirkle.interface.views import view


class GreedyRollout(mcts.Evaluator):  # type: ignore[misc]
    """A leaf's value: the placement in progress finished at its best, then ``depth`` greedy turns, then the lead."""

    def __init__(self, depth: int, seed: int) -> None:
        self.depth = depth
        self.bot = GreedyBot(seed=seed)

    def evaluate(self, state: Any) -> Any:
        if state.is_terminal():
            return np.array(state.returns())
        assert isinstance(state, QwirkleState)
        game = state.game_state
        players = len(state.returns())
        if game is None:
            return np.zeros(players)
        if state.pending is not None:
            game = apply(game, state.pending)
        elif state.turn is not None and state.turn.placed:
            placed = set(state.turn.move().placements)
            options = [(m, s) for m, s in legal_moves(game).scored() if placed <= set(m.placements)]
            game = apply(game, max(options, key=lambda pair: pair[1])[0])
        for _ in range(self.depth):
            if game.outcome is not None:
                break
            game = apply(game, self.bot.choose(view(game, game.current)))
        scores = game.scores
        values = []
        for seat in range(players):
            lead = scores[seat] - max(s for other, s in enumerate(scores) if other != seat)
            values.append(math.tanh(lead / 30))
        return np.array(values)

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1 / len(legal)) for action in legal]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=100, help="ISMCTS simulations a decision")
    parser.add_argument("--rollout", choices=["random", "greedy"], default="greedy")
    parser.add_argument("--depth", type=int, default=2, help="greedy turns played from a leaf")
    parser.add_argument(
        "--policy",
        choices=["value", "visits"],
        default="value",
        help="play the action of highest value (value) or the most visited one (visits)",
    )
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args(argv)
    game = pyspiel.load_game("python_qwirkle")
    evaluator: Any
    if options.rollout == "random":
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(options.seed))
    else:
        evaluator = GreedyRollout(options.depth, options.seed)
    policy = (
        ismcts.ISMCTSFinalPolicyType.MAX_VALUE
        if options.policy == "value"
        else ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT
    )
    wins = 0.0
    started = time.perf_counter()
    for number in range(options.games):
        searcher = ismcts.ISMCTSBot(
            game, evaluator, uct_c=2.0, max_simulations=options.simulations,
            random_state=np.random.RandomState(options.seed + number), final_policy_type=policy,
        )  # fmt: skip
        greedy = GreedyBot(seed=options.seed + number)
        rng = random.Random(options.seed + number)
        seat = number % 2
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            elif state.current_player() == seat:
                state.apply_action(searcher.step(state))
            else:
                for action in bot_actions(state, greedy):
                    state.apply_action(action)
        returns = state.returns()
        wins += 1.0 if returns[seat] > 0 else 0.5 if returns[seat] == 0 else 0.0
        scores = state.game_state.scores if state.game_state is not None else ()
        print(f"game {number + 1}: ISMCTS at seat {seat}, scores {scores}, {time.perf_counter() - started:.0f} s")
    rate = wins / options.games
    low, high = _wilson(wins, options.games)
    print(
        f"ISMCTS ({options.simulations} simulations, {options.rollout} rollouts) against greedy: "
        f"{wins:g} of {options.games} games, win rate {rate:.0%} (95% interval {low:.0%} to {high:.0%})"
    )
    del qwirkle.adapters.openspiel  # imported for the registration of the game
    return 0


def _wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


if __name__ == "__main__":
    raise SystemExit(main())
