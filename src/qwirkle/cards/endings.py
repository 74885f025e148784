"""How a game of Qwirkle Cards ends: the reasons, the one test for an ending, and the outcome.

Each :class:`CardsEndReason` carries the rule that ends the game and the words
that say why, so the engine, the command line and the error messages all say
the same thing; :func:`end_reason` is the only place that decides an ending,
and :func:`outcome_of` the only place that names the winners.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from qwirkle._immutable import Immutable
from qwirkle.endings import RuledReason, winners_among
from qwirkle.errors import InvalidStateError, brief
from qwirkle.rules.catalogue import Rule

__all__ = ["CardsEndReason", "CardsOutcome", "end_reason", "left_game", "outcome_of"]


class CardsEndReason(RuledReason):
    """Why a game of Qwirkle Cards ended, with the rule that ends it and the words that say why.

    >>> CardsEndReason("final_round")
    <CardsEndReason.FINAL_ROUND: 'final_round'>
    >>> CardsEndReason.BLOCKED.rule, CardsEndReason.BLOCKED.words
    (<Rule.CARDS_7: 'CARDS-7'>, 'every player passed in turn')
    """

    FINAL_ROUND = ("final_round", Rule.CARDS_10, "the deck ran out and everyone had a last turn")
    """The deck ran out and every player had their last turn (Rule CARDS-10)."""
    BLOCKED = ("blocked", Rule.CARDS_7, "every player passed in turn")
    """Every player passed in turn, so nothing could change any more (Rule CARDS-7)."""
    RESIGNED = ("resigned", Rule.CARDS_11, "a player resigned")
    """A player resigned: the convention of :attr:`~qwirkle.endings.RuledReason.leaves`, as in the tile game."""
    TIMED_OUT = ("timed_out", Rule.CARDS_11, "a player ran out of time")
    """A player ran out of time on the clock the players agreed (the same convention)."""
    FORFEITED = ("forfeited", Rule.CARDS_11, "a player forfeited")
    """A player forfeited (the same convention)."""


def end_reason(final_turns: int | None, passes: int, players: int) -> CardsEndReason | None:
    """Why the game is over after a turn, or ``None`` if it goes on.

    Rule CARDS-10: once the deck is empty, the game ends when the last of the
    final turns is played. Rule CARDS-7: it also ends when every player has
    passed in turn, with no lay in between. ``final_turns`` is the number of
    final turns left (``None`` while the deck has cards), ``passes`` the
    passes in a row, ``players`` the number of players.

    >>> end_reason(None, 1, 2) is None, end_reason(0, 0, 2), end_reason(3, 2, 2)
    (True, <CardsEndReason.FINAL_ROUND: 'final_round'>, <CardsEndReason.BLOCKED: 'blocked'>)
    """
    if final_turns == 0:
        return CardsEndReason.FINAL_ROUND
    if passes >= players:
        return CardsEndReason.BLOCKED
    return None


@attrs.frozen
class CardsOutcome(Immutable):
    """How a finished game ended: the reason, the Qwirkles of each seat and the winners.

    Build one with :func:`outcome_of`, which names the winners.

    >>> CardsOutcome(CardsEndReason.FINAL_ROUND, (2, 2), (0, 1)).winners
    (0, 1)
    """

    reason: CardsEndReason
    qwirkles: tuple[int, ...]
    """Qwirkles claimed, by seat."""
    winners: tuple[int, ...]
    """The seats with the most Qwirkles (leaving out a seat that left the game)."""
    ended_by: int | None = None
    """The seat that resigned, ran out of time or forfeited, when the game ended so."""


def outcome_of(reason: CardsEndReason, qwirkles: Sequence[int]) -> CardsOutcome:
    """The outcome of a game that ended for ``reason`` with these Qwirkles by seat.

    Rule CARDS-9: the score is the number of Qwirkles. Rule CARDS-11: the
    most Qwirkles wins and a tie is a shared win, so there may be several
    winners.

    >>> outcome_of(CardsEndReason.BLOCKED, [1, 3, 3]).winners
    (1, 2)
    """
    scores = tuple(qwirkles)
    return CardsOutcome(reason, scores, winners_among(scores))


def left_game(reason: CardsEndReason, seat: int, qwirkles: Sequence[int]) -> CardsOutcome:
    """The outcome when ``seat`` resigns, runs out of time or forfeits (``reason``): it cannot win (Rule CARDS-11).

    The convention of :attr:`~qwirkle.endings.RuledReason.leaves`, the
    tile game's too. A reason that is not a way to leave is a
    ``TypeError``; a seat the game does not have,
    :class:`~qwirkle.InvalidStateError`.

    >>> left_game(CardsEndReason.RESIGNED, 1, (0, 2, 2)).winners
    (2,)
    """
    if not isinstance(reason, CardsEndReason) or not reason.leaves:
        raise TypeError(f"a player leaves by CardsEndReason.RESIGNED, TIMED_OUT or FORFEITED, not {brief(reason)}")
    if type(seat) is not int or not 0 <= seat < len(qwirkles):
        raise InvalidStateError(f"there is no seat {brief(seat)} in a game of {len(qwirkles)} players")
    scores = tuple(qwirkles)
    return CardsOutcome(reason, scores, winners_among(scores, seat), seat)
