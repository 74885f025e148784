"""The random bot: any legal move, drawn uniformly."""

from __future__ import annotations

from qwirkle.bots.base import BaseBot, move_key
from qwirkle.bots.sampling import sample_state
from qwirkle.interface.views import PlayerView
from qwirkle.legalmoves import legal_moves
from qwirkle.moves import Move

__all__ = ["RandomBot"]


class RandomBot(BaseBot):
    """Plays a move drawn uniformly from all the legal moves: placements, exchanges and the pass.

    >>> from qwirkle import new_game, legal_moves
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move = RandomBot(seed=1).choose(state)
    >>> move in legal_moves(state), move == RandomBot(seed=1).choose(state)
    (True, True)
    """

    name = "random"

    def _decide(self, view: PlayerView) -> Move:
        # Sorted, so that a seed picks the same move whatever order the move generator lists them in.
        return self._rng.choice(sorted(legal_moves(sample_state(view)), key=move_key))
