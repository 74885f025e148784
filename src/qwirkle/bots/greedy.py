"""The greedy bot: the placement that scores most this turn."""

from __future__ import annotations

from qwirkle.bots.base import BaseBot, move_key
from qwirkle.bots.play import BotError
from qwirkle.bots.sampling import sample_state
from qwirkle.interface.views import PlayerView
from qwirkle.legalmoves import legal_moves
from qwirkle.moves import Move, Pass

__all__ = ["GreedyBot"]


class GreedyBot(BaseBot):
    """Plays the placement that scores most this turn, end bonus included.

    Ties between placements are broken at random. When it cannot place, it
    exchanges as many tiles as it may (its whole hand, or as many as the bag
    holds, Rule EXCHANGE-5), picked at random; when it cannot exchange
    either, it passes (Rule TURN-3).

    >>> from qwirkle import new_game, legal_moves, score
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> move = GreedyBot(seed=1).choose(state)
    >>> score(state, move).total == max(score(state, m).total for m in legal_moves(state).placements())
    True
    """

    name = "greedy"

    def _decide(self, view: PlayerView) -> Move:
        state = sample_state(view)
        moves = legal_moves(state)
        _, best = moves.top()
        if best:
            return self._rng.choice(sorted(best, key=move_key))
        exchanges = list(moves.exchanges())
        if exchanges:
            largest = max(len(exchange) for exchange in exchanges)
            widest = [exchange for exchange in exchanges if len(exchange) == largest]
            return self._rng.choice(sorted(widest, key=move_key))
        if not moves.can_pass():
            raise BotError(f"no legal move found for {view.players[view.current]}")
        return Pass()
