"""The end of a game: why it ends, who wins, and the one test of whether a turn ended it.

Every part of the library that needs to know about endings asks this module:
the engine's :func:`~qwirkle.apply`, the
:class:`~qwirkle.interface.scorekeeper.Scorekeeper`, the replay of game records, turn
reports, the command line and the simulator. The engine and the score keeper
close each turn with the same bookkeeping (the history, the scores, the seat
to move next, the turns without a placement and the end), kept here too.

>>> EndReason.WENT_OUT.rule, EndReason.WENT_OUT.words
(<Rule.END_2: 'END-2'>, 'a player placed their last tile with the bag empty')
>>> outcome_of(EndReason.BLOCKED, (12, 15, 15))
Outcome(reason=EndReason.BLOCKED, scores=(12, 15, 15), winners=(1, 2), ended_by=None)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Final, Protocol, Self, TypeVar

import attrs

from qwirkle._immutable import Immutable
from qwirkle.errors import ArgumentTypeError, InvalidStateError, brief
from qwirkle.moves import Pass, Place
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.ruleset import BlockedEnd, RuleSet
from qwirkle.scoring import Score

__all__ = [
    "LEAVING",
    "EndReason",
    "Outcome",
    "RuledReason",
    "end_cause",
    "end_reason",
    "left_game",
    "names_a_seat",
    "outcome_of",
    "passes_in_a_row",
    "turns_without_placement",
    "winners_among",
    "winners_line",
]


class RuledReason(enum.Enum):
    """An enum whose members each carry the rule of the catalogue behind them and a phrase that says why.

    Members are declared as ``NAME = (value, rule, words)``; the value is what
    JSON holds, and ``Reason("value")`` looks a member up as for any enum. Both
    games' end reasons are of this kind.

    >>> EndReason("blocked").rule, EndReason.BLOCKED.words
    (<Rule.END_3: 'END-3'>, 'the bag is empty and nobody can place')
    """

    _rule: Rule
    _words: str

    # Only the members are made here; a lookup by value never is, and the defaults let a type checker accept one.
    def __new__(cls, value: str, rule: Rule | None = None, words: str = "") -> Self:
        if rule is None:
            raise TypeError(f"{cls.__name__} members are declared with a rule and words")
        member = object.__new__(cls)
        member._value_ = value
        member._rule = rule
        member._words = words
        return member

    @property
    def rule(self) -> Rule:
        """The rule of the catalogue behind this reason."""
        return self._rule

    @property
    def words(self) -> str:
        """Why, as a phrase for messages and logs."""
        return self._words

    @property
    def leaves(self) -> bool:
        """Whether the seat named by the outcome left the game (resigned, ran out of time, forfeited): it cannot win.

        The sources say nothing of resigning, clocks or forfeits. The
        library's convention, the same in both games and for any number of
        players: the game ends at once for everyone, the scores stand, the
        seat that left does not win, and among the others the game's own
        rule decides (Rule END-4, or CARDS-11 in Qwirkle Cards: the highest
        count wins; a tie is a shared win). With two players, the other
        player wins whatever the scores.

        >>> EndReason.RESIGNED.leaves, EndReason.WENT_OUT.leaves
        (True, False)
        """
        return self.value in LEAVING


LEAVING: Final = frozenset({"resigned", "timed_out", "forfeited"})
"""The values of the end reasons by which a player leaves a game (:attr:`RuledReason.leaves`), in both games."""


def winners_among(scores: Sequence[int], left: int | None = None) -> tuple[int, ...]:
    """The seats with the highest score, leaving out the seat ``left`` that left the game (:attr:`RuledReason.leaves`).

    A tie is a shared win (Rules END-4, CARDS-11), so several seats may win.

    >>> winners_among((12, 15, 15)), winners_among((20, 9, 9), left=0)
    ((1, 2), (1, 2))
    """
    rivals = [seat for seat in range(len(scores)) if seat != left]
    best = max(scores[seat] for seat in rivals)
    return tuple(seat for seat in rivals if scores[seat] == best)


class EndReason(RuledReason):
    """Why a game ended: each reason carries the rule that ends the game and a phrase that says why.

    The value (``"went_out"``) is what JSON holds.

    >>> EndReason("blocked").rule
    <Rule.END_3: 'END-3'>
    """

    WENT_OUT = ("went_out", Rule.END_2, "a player placed their last tile with the bag empty")
    """A player placed their last tile with the bag empty (Rule END-2)."""
    BLOCKED = ("blocked", Rule.END_3, "the bag is empty and nobody can place")
    """The bag is empty and nobody can place (Rule END-3)."""
    STALEMATE = ("stalemate", Rule.END_5, "too many rounds went by without a placement")
    """The configured number of rounds passed with no placement (Rule END-5)."""
    SCORE_LIMIT = ("score_limit", Rule.VARIANT_4, "a player reached the score limit")
    """A player's total reached the agreed score limit (Rule VARIANT-4, a house rule)."""
    RESIGNED = ("resigned", Rule.END_4, "a player resigned")
    """A player resigned (see :func:`~qwirkle.resign`: a convention, as the sources say nothing)."""
    TIMED_OUT = ("timed_out", Rule.END_4, "a player ran out of time")
    """A player ran out of time on the clock the players agreed (a convention, as for a resignation)."""
    FORFEITED = ("forfeited", Rule.END_4, "a player forfeited")
    """A player forfeited: left, or was ruled out by the organiser (a convention, as for a resignation)."""

    def __repr__(self) -> str:
        return f"EndReason.{self.name}"


@attrs.frozen
class Outcome(Immutable):
    """How a finished game ended: the reason, the final scores and the winners.

    Build one with :func:`outcome_of`, which applies Rule END-4.
    """

    reason: EndReason
    scores: tuple[int, ...]
    """Final scores, by seat."""
    winners: tuple[int, ...]
    """The seats with the highest score."""
    ended_by: int | None = None
    """The seat that went out (:attr:`EndReason.WENT_OUT`), or that left the game (:attr:`EndReason.leaves`)."""


def names_a_seat(reason: EndReason) -> bool:
    """Whether an outcome for ``reason`` names the seat that ended the game (:attr:`Outcome.ended_by`).

    >>> names_a_seat(EndReason.WENT_OUT), names_a_seat(EndReason.TIMED_OUT), names_a_seat(EndReason.BLOCKED)
    (True, True, False)
    """
    return reason is EndReason.WENT_OUT or reason.leaves


def outcome_of(reason: EndReason, scores: Sequence[int], ended_by: int | None = None) -> Outcome:
    """The outcome of a game that ended for ``reason`` with these final scores.

    Rule END-4: the highest total wins; a tie is a shared win, so several
    seats may win. ``ended_by`` is the seat that went out (Rule END-2), or
    the seat that resigned, ran out of time or forfeited, which does not win
    (the convention of :attr:`EndReason.leaves`); for any other reason it is
    ignored.

    >>> outcome_of(EndReason.WENT_OUT, (20, 9), ended_by=1).winners
    (0,)
    >>> outcome_of(EndReason.RESIGNED, (20, 9, 9), ended_by=0).winners
    (1, 2)
    """
    if not isinstance(reason, EndReason):
        raise TypeError(f"an outcome's reason is an EndReason, not {brief(reason)}")
    final = tuple(scores)
    if not names_a_seat(reason):
        ended_by = None
    elif reason.leaves and (type(ended_by) is not int or not 0 <= ended_by < len(final)):
        raise TypeError(f"{reason!r} needs the seat that left, from 0 to {len(final) - 1}, not {ended_by!r}")
    return Outcome(
        reason=reason,
        scores=final,
        winners=winners_among(final, ended_by if reason.leaves else None),
        ended_by=ended_by,
    )


def left_game(reason: EndReason, seat: int, scores: Sequence[int]) -> Outcome:
    """The outcome when ``seat`` resigns, runs out of time or forfeits (``reason``), the scores standing.

    The convention of :attr:`EndReason.leaves`; both the engine's
    :func:`~qwirkle.resign` and the score keeper's ask it. A reason that is
    not a way to leave is a ``TypeError``, and so is a seat that is not an
    int (:class:`~qwirkle.errors.ArgumentTypeError`); a seat the game does not
    have, :class:`~qwirkle.InvalidStateError`.

    >>> left_game(EndReason.FORFEITED, 0, (30, 12)).winners
    (1,)
    """
    if not isinstance(reason, EndReason) or not reason.leaves:
        raise TypeError(f"a player leaves by EndReason.RESIGNED, TIMED_OUT or FORFEITED, not {brief(reason)}")
    if type(seat) is not int:
        raise ArgumentTypeError(f"there is no seat {brief(seat)} in a game of {len(scores)} players: a seat is an int")
    if not 0 <= seat < len(scores):
        raise InvalidStateError(f"there is no seat {brief(seat)} in a game of {len(scores)} players")
    return outcome_of(reason, scores, seat)


def end_cause(outcome: Outcome, players: Sequence[str]) -> str:
    """Why the game ended, with the rule, as a phrase for a log, a screen or a screen reader.

    >>> end_cause(outcome_of(EndReason.WENT_OUT, (20, 9), ended_by=0), ["Ann", "Bob"])
    'Ann placed their last tile with the bag empty (Rule END-2)'
    >>> end_cause(outcome_of(EndReason.RESIGNED, (20, 9, 9), ended_by=0), ["Ann", "Bob", "Cy"])
    'Ann resigned; the highest total among the others wins (Rule END-4)'
    """
    if not isinstance(outcome, Outcome):
        raise TypeError(f"end_cause() takes an Outcome, not {brief(outcome)}")
    reason = outcome.reason
    who = None if outcome.ended_by is None else players[outcome.ended_by]
    if reason is EndReason.WENT_OUT and who is not None:
        why = f"{who} placed their last tile with the bag empty"
    elif reason.leaves and who is not None:
        left = {EndReason.RESIGNED: "resigned", EndReason.TIMED_OUT: "ran out of time"}.get(reason, "forfeited")
        others = "the other player wins" if len(players) == 2 else "the highest total among the others wins"
        why = f"{who} {left}; {others}"
    else:
        why = reason.words
    return f"{why} (Rule {reason.rule})"


def winners_line(outcome: Outcome, players: Sequence[str]) -> str:
    """Who won, by name: ``Winner: Ann``, or ``Winners (shared win): Bob, Cy`` for a tie (Rule END-4).

    >>> winners_line(outcome_of(EndReason.BLOCKED, (12, 15, 15)), ["Ann", "Bob", "Cy"])
    'Winners (shared win): Bob, Cy'
    """
    if not isinstance(outcome, Outcome):
        raise TypeError(f"winners_line() takes an Outcome, not {brief(outcome)}")
    names = ", ".join(players[seat] for seat in outcome.winners)
    return f"Winners (shared win): {names}" if len(outcome.winners) > 1 else f"Winner: {names}"


def end_reason(
    rules: RuleSet,
    *,
    went_out: bool,
    scores: Sequence[int],
    bag_size: int,
    idle_turns: int,
    seats: int,
    passes_in_a_row: Callable[[], int],
    nobody_can_place: Callable[[], bool],
) -> EndReason | None:
    """Whether the turn just played ended the game, and why; ``None`` if it goes on.

    Rule END-2: the player who moved placed their last tile with the bag
    empty (``went_out``). Rule END-3: the bag is empty and nobody can place,
    checked after every turn or, with ``blocked_end_detection`` set to a
    round of passes, once every seat has passed in a row.
    ``passes_in_a_row`` and ``nobody_can_place`` are asked only when they
    matter, since they cost more than the rest: the engine looks at the hands,
    while a score keeper that cannot see them takes a round of passes as the
    players' word. Rule END-5: the optional limit of rounds with no placement.
    Rule VARIANT-4: with a ``score_limit``, the game ends as soon as a total
    reaches it; only the mover's total grows in a turn, so the mover is
    then the only one at or above the limit and wins (Rule END-4).

    >>> end_reason(RuleSet(), went_out=False, scores=(4, 9), bag_size=0, idle_turns=1, seats=2,
    ...            passes_in_a_row=lambda: 1, nobody_can_place=lambda: True)
    EndReason.BLOCKED
    """
    if went_out:
        return EndReason.WENT_OUT
    if rules.score_limit is not None and max(scores) >= rules.score_limit:
        return EndReason.SCORE_LIMIT
    if not bag_size:
        waited = rules.blocked_end_detection is BlockedEnd.IMMEDIATE or passes_in_a_row() >= seats
        if waited and nobody_can_place():
            return EndReason.BLOCKED
    limit = rules.stalemate_rounds
    if limit is not None and idle_turns >= limit * seats:
        return EndReason.STALEMATE
    return None


class _Turn(Protocol):
    """A turn of a history, as the engine's states and the score keeper record it."""

    @property
    def seat(self) -> int: ...
    @property
    def move(self) -> object: ...
    @property
    def score(self) -> Score: ...


_T = TypeVar("_T", bound=_Turn)


def _close_turn(
    rules: RuleSet,
    turn: _T,
    history: tuple[_T, ...],
    scores: Sequence[int],
    idle_turns: int,
    *,
    went_out: bool,
    bag_size: int,
    nobody_can_place: Callable[[], bool] | None,
) -> tuple[tuple[_T, ...], tuple[int, ...], int, int, Outcome | None]:
    """The history, scores, seat to move, turns without a placement and outcome once ``turn`` is played.

    ``history``, ``scores`` and ``idle_turns`` are those from before the
    turn; ``went_out`` and ``bag_size`` are the mover's hand and the bag after
    it. The mover's score grows by what the turn scored, and Rule START-7
    passes the turn to the next seat. Rules END-3 and END-5 count the turns
    in a row without a placement. The end is :func:`end_reason`'s,
    and the winners :func:`outcome_of`'s. ``nobody_can_place`` looks at the
    hands; ``None`` when they are hidden, and then a round of passes is the
    players' word that nobody can place.
    """
    seats = len(scores)
    seat = turn.seat
    after = list(scores)
    after[seat] += turn.score.total
    history = (*history, turn)
    idle = 0 if isinstance(turn.move, Place) else idle_turns + 1

    def passes() -> int:
        return passes_in_a_row([t.move for t in history[-seats:]], seats)

    reason = end_reason(
        rules,
        went_out=went_out,
        scores=after,
        bag_size=bag_size,
        idle_turns=idle,
        seats=seats,
        passes_in_a_row=passes,
        nobody_can_place=(lambda: passes() >= seats) if nobody_can_place is None else nobody_can_place,
    )
    outcome = None if reason is None else outcome_of(reason, after, seat)
    return history, tuple(after), (seat + 1) % seats, idle, outcome


def passes_in_a_row(moves: Sequence[object], seats: int) -> int:
    """How many of the last moves, up to one per seat, were passes (Rule END-3's round of passes).

    >>> from qwirkle import Pass, parse_move
    >>> passes_in_a_row([parse_move("Ro@0,0"), Pass(), Pass()], 2)
    2
    """
    n = 0
    for move in reversed(moves[-seats:]):
        if not isinstance(move, Pass):
            break
        n += 1
    return n


def turns_without_placement(moves: Sequence[object]) -> int:
    """How many of the last moves in a row placed no tile: a state's ``idle_turns`` (Rules END-3, END-5).

    The engine keeps the count as it goes (back to 0 after a placement, one
    more after an exchange or a pass); this works it out from a history.

    >>> from qwirkle import Pass, parse_move
    >>> turns_without_placement([parse_move("Ro@0,0"), parse_move("swap Bo"), Pass()])
    2
    """
    n = 0
    for move in reversed(moves):
        if isinstance(move, Place):
            break
        n += 1
    return n
