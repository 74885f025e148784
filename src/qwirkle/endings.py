"""The end of a game: why it ends, who wins, and the one test of whether a turn ended it.

Every part of the library that needs to know about endings asks this module:
the engine's :func:`~qwirkle.apply`, the
:class:`~qwirkle.scorekeeper.Scorekeeper`, the replay of game records, turn
reports, the command line and the simulator.

>>> EndReason.WENT_OUT.rule, EndReason.WENT_OUT.words
(<Rule.END_2: 'END-2'>, 'a player placed their last tile with the bag empty')
>>> outcome_of(EndReason.BLOCKED, (12, 15, 15))
Outcome(reason=EndReason.BLOCKED, scores=(12, 15, 15), winners=(1, 2), ended_by=None)
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Self

import attrs

from qwirkle.catalogue import Rule
from qwirkle.immutable import Immutable
from qwirkle.moves import Pass, Place
from qwirkle.ruleset import BlockedEnd, RuleSet

__all__ = [
    "EndReason",
    "Outcome",
    "RuledReason",
    "end_reason",
    "outcome_of",
    "passes_in_a_row",
    "turns_without_placement",
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
    """The seat that went out, when ``reason`` is :attr:`EndReason.WENT_OUT`."""


def outcome_of(reason: EndReason, scores: Sequence[int], ended_by: int | None = None) -> Outcome:
    """The outcome of a game that ended for ``reason`` with these final scores.

    Rule END-4: the highest total wins; a tie is a shared win, so several
    seats may win. ``ended_by`` is the seat that went out (Rule END-2), and
    only then.

    >>> outcome_of(EndReason.WENT_OUT, (20, 9), ended_by=1).winners
    (0,)
    """
    final = tuple(scores)
    best = max(final)
    return Outcome(
        reason=reason,
        scores=final,
        winners=tuple(seat for seat, points in enumerate(final) if points == best),
        ended_by=ended_by if reason is EndReason.WENT_OUT else None,
    )


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
