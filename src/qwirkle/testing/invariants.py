"""The check of every invariant of a state a game could reach."""

from __future__ import annotations

from qwirkle._engine.movegen import can_place
from qwirkle.board import Board
from qwirkle.endings import EndReason
from qwirkle.errors import InvalidStateError
from qwirkle.legalmoves import legal_moves
from qwirkle.rules.catalogue import Rule
from qwirkle.state import GameState, check_state

__all__ = ["check_invariants"]


def check_invariants(state: GameState) -> GameState:
    """Return ``state`` if it keeps every invariant of a game played by the rules, else raise InvalidStateError.

    On top of :func:`~qwirkle.check_state` (every field of its type, every
    tile somewhere exactly once, full hands while the bag has tiles, and a
    history that agrees with the table, the scores, the seat to move, the
    count of turns without a placement and the outcome): the table is valid
    and connected when built afresh (see :meth:`qwirkle.Board.validated`) and
    what the board worked out next to its tiles is what a fresh board works
    out; a game that is over ended for a reason that holds (Rules END-2,
    END-3, VARIANT-4); a game that goes on has a legal move (Rule TURN-3).

    >>> from qwirkle import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> check_invariants(state) is state
    True
    >>> import attrs
    >>> check_invariants(attrs.evolve(state, current=1 - state.current))
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: seat ... is to move, but no turn was played since the starter, seat ...
    """
    check_state(state)
    fresh = Board(state.board.items())
    if fresh != state.board:
        raise InvalidStateError("the board is not the board of its own tiles")
    if state.board._knows_frontier() and state.board._derived() != fresh._derived():
        raise InvalidStateError("what the board worked out next to its tiles differs from a fresh board's")
    if not state.history and state.current != state.starter:
        # check_state allows it for a position set up by hand; a game played by the rules opens with its starter.
        raise InvalidStateError(
            f"seat {state.current} is to move, but no turn was played since the starter, seat {state.starter}",
            Rule.START_7,
        )
    outcome = state.outcome
    if outcome is None:
        if not legal_moves(state):
            raise InvalidStateError("the game goes on but the player to move has no legal move", Rule.TURN_3)
        return state
    if outcome.reason is EndReason.BLOCKED and any(can_place(state.board, [t.index for t in h]) for h in state.hands):
        raise InvalidStateError("the game ended blocked, but a player can place", Rule.END_3)
    limit = state.rules.score_limit
    if outcome.reason is EndReason.SCORE_LIMIT and (limit is None or max(state.scores) < limit):
        raise InvalidStateError("the game ended at the score limit, which no total reached", Rule.VARIANT_4)
    if outcome.reason is EndReason.WENT_OUT and (
        outcome.ended_by is None or state.hands[outcome.ended_by] or state.bag
    ):
        raise InvalidStateError("the game ended by going out, but no player went out with the bag empty", Rule.END_2)
    return state
