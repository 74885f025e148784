"""How the strong bot plays the end of a game: what an ending is worth to it, and its search once the bag is empty.

Close to the end, the strong bot no longer adds up points over the next turns:
it plays each candidate out to the end against guesses of the unseen tiles and
values each ending by :func:`_ending_worth`, a win first and the margin after.
With two players and the bag empty, the unseen tiles are the other hand, so
nothing is hidden and :func:`_best_finish` searches the rest of the game for
the largest margin (see :attr:`~qwirkle.bots.StrongBot.endgame_depth`); a
search of known hands gives the same choice for any worth that grows with the
margin, a win's bonus included.
"""

from __future__ import annotations

import math

from qwirkle.bots.base import move_key
from qwirkle.game import apply
from qwirkle.legalmoves import legal_moves
from qwirkle.moves import Move, Pass
from qwirkle.scoring import goes_out
from qwirkle.state import GameState

__all__: list[str] = []


def _ending_worth(margin: float, win_bonus: float) -> float:
    """What ending ``margin`` points ahead of the best other player is worth: the margin, plus a win's bonus.

    A win adds ``win_bonus``, a loss takes it away and a tie (a shared win)
    neither, so that with a large bonus any win is worth more than any loss
    and, among wins, the larger margin more. It grows with the margin, and
    the worth to one of two players is minus the worth to the other.

    >>> _ending_worth(3, 100.0), _ending_worth(-3, 100.0), _ending_worth(0, 100.0)
    (103.0, -103.0, 0.0)
    """
    return margin + math.copysign(win_bonus, margin) if margin else 0.0


def _greedy_move(state: GameState) -> Move:
    """The best-scoring placement, else an exchange or the pass; the first in canonical order among equals."""
    moves = legal_moves(state)
    _, best = moves.top()
    if best:
        return min(best, key=move_key)
    # The same search: a second legal_moves(state) would search the board again.
    return min(moves, key=move_key)


def _best_finish(state: GameState, depth: int, widths: tuple[int, int]) -> Move:
    """The move of the player to move that leaves it furthest ahead at the end, searched ``depth`` turns deep.

    With two players and the bag empty, the player to move tries its
    ``widths[0]`` best-scoring placements at each of its turns, the other its
    ``widths[1]`` best, each side also every placement that goes out, since
    going out ends the game (Rule END-2) and scores the end bonus (Rule
    SCORE-8) however few points it makes; from ``depth`` turns on both play
    greedily to the end.
    """
    me = state.current
    search = (me, *widths)
    moves = _finish_moves(state, search)
    if not moves:
        # Nothing to place and no bag to exchange with: the turn is a pass (Rule TURN-3).
        return Pass()
    if len(moves) == 1:
        return moves[0]
    alpha = -math.inf
    best = moves[0]
    for move in moves:
        value = -_finish_value(apply(state, move), 1 - me, search, depth - 1, (-math.inf, -alpha))
        if value > alpha:
            alpha, best = value, move
    return best


def _finish_moves(state: GameState, search: tuple[int, int, int]) -> list[Move]:
    """The placements the search tries for the player to move: the best-scoring, then any that go out.

    ``search`` is the searching player's seat, its width and the other's.
    """
    me, width, reply_width = search
    scored = sorted(legal_moves(state).scored(), key=lambda item: (-item[1], move_key(item[0])))
    kept = width if state.current == me else reply_width
    moves: list[Move] = [move for move, _ in scored[:kept]]
    # Going out ends the game with a bonus (Rules END-2, SCORE-8) even when it scores little otherwise.
    moves += [move for move, _ in scored[kept:] if goes_out(len(move), len(state.hand), len(state.bag))]
    return moves


def _finish_value(
    state: GameState,
    seat: int,
    search: tuple[int, int, int],
    depth: int,
    window: tuple[float, float],
) -> float:
    """How far ``seat``, to move in ``state``, ends ahead of the other: a negamax search with alpha-beta cuts."""
    if state.outcome is not None or depth <= 0:
        while state.outcome is None:
            state = apply(state, _greedy_move(state))
        return float(state.scores[seat] - state.scores[1 - seat])
    alpha, beta = window
    moves = _finish_moves(state, search)
    if not moves:
        # Nothing to place with the bag empty: the turn is a pass (Rule TURN-3).
        return -_finish_value(apply(state, Pass()), 1 - seat, search, depth - 1, (-beta, -alpha))
    best = -math.inf
    for move in moves:
        value = -_finish_value(apply(state, move), 1 - seat, search, depth - 1, (-beta, -alpha))
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best
