"""A game record's turns: who moved, what, the points, the tiles drawn, and the comment and clock a turn may carry.

A :class:`~qwirkle.formats.records.GameRecord` holds its turns as
:class:`RecordedTurn` values, each with an optional :class:`Clock`, and its
tags as text pairs (:func:`check_tags`); the record writes and reads them as
JSON. Both are imported from :mod:`qwirkle.formats.records` too.

>>> from qwirkle import parse_move
>>> turn = RecordedTurn(0, parse_move("Ro@0,0 Rs@1,0"), 2, comment="a quiet start", clock=Clock(8))
>>> turn.clock.spent, turn.comment
(8.0, 'a quiet start')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol, TypeVar

import attrs
from attrs import AttrsInstance

from qwirkle._immutable import Immutable
from qwirkle.errors import ArgumentTypeError, InvalidStateError, brief
from qwirkle.moves import HiddenExchange, Move
from qwirkle.rules.limits import MAX_CLOCK, MAX_COMMENT, MAX_NAME, MAX_TAGS
from qwirkle.tiles import Tile

__all__ = ["Clock", "RecordedTurn", "annotate", "check_tags"]


def _seconds(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ArgumentTypeError(f"{what} must be a number of seconds from 0 to {MAX_CLOCK}, not {brief(value)}")
    if not 0 <= value <= MAX_CLOCK:
        raise InvalidStateError(f"{what} must be a number of seconds from 0 to {MAX_CLOCK}, not {brief(value)}")
    return float(value)


def _spent(value: object) -> float:
    return _seconds(value, "the seconds spent")


def _optional_seconds(value: object) -> float | None:
    return None if value is None else _seconds(value, "the seconds left")


@attrs.frozen
class Clock(Immutable):
    """A turn's clock, as a game record keeps it: the seconds the move took, and the seconds left after it.

    The rules have no clock; players who agree on one note it here, and a
    player whose time runs out leaves the game (:attr:`EndReason.TIMED_OUT
    <qwirkle.EndReason.TIMED_OUT>`).

    >>> Clock(12.5, left=287.5)
    Clock(spent=12.5, left=287.5)
    >>> Clock(-1)
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: the seconds spent must be a number of seconds from 0 to 10000000, not -1
    """

    spent: float = attrs.field(converter=_spent)
    """Seconds the player took over the move."""
    left: float | None = attrs.field(default=None, converter=_optional_seconds)
    """Seconds left on the player's clock after the move, if the game had a time limit."""


def check_tags(value: Mapping[str, str] | Iterable[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """A record's tags as ``(name, value)`` text pairs, each name once, else :class:`~qwirkle.InvalidStateError`.

    A mapping is taken too; anything but text is a ``TypeError``.

    >>> check_tags({"event": "Club night"})
    (('event', 'Club night'),)
    """
    pairs = tuple(value.items() if isinstance(value, Mapping) else value)
    if len(pairs) > MAX_TAGS:
        raise InvalidStateError(f"a record holds at most {MAX_TAGS} tags, not {len(pairs)}")
    for pair in pairs:
        if not (isinstance(pair, tuple) and len(pair) == 2 and all(isinstance(part, str) for part in pair)):
            raise ArgumentTypeError(f"a tag is a name and a value, both text, not {brief(pair)}")
        name, text = pair
        if not 0 < len(name) <= MAX_NAME or len(text) > MAX_COMMENT:
            raise InvalidStateError(
                f"a tag's name is 1 to {MAX_NAME} characters and its value at most {MAX_COMMENT}, not {brief(pair)}"
            )
    if len({name for name, _ in pairs}) != len(pairs):
        raise InvalidStateError("a record names each tag once")
    return pairs


class _Annotatable(AttrsInstance, Protocol):
    @property
    def comment(self) -> str | None: ...

    @property
    def clock(self) -> Clock | None: ...


Turn = TypeVar("Turn", bound=_Annotatable)


def annotate(turns: tuple[Turn, ...], number: int, comment: str | None, clock: Clock | None) -> tuple[Turn, ...]:
    """``turns`` with turn ``number`` (from 1) given a comment, a clock, or both: a record's turns, of either game.

    >>> from qwirkle import parse_move
    >>> turns = (RecordedTurn(0, parse_move("Ro@0,0 Rs@1,0"), 2),)
    >>> annotate(turns, 1, "a quiet start", None)[0].comment
    'a quiet start'
    """
    if type(number) is not int:
        raise ArgumentTypeError(f"a turn is named by its number, an int, not {brief(number)}")
    if not 1 <= number <= len(turns):
        raise InvalidStateError(f"there is no turn {brief(number)} in a record of {len(turns)} turns")
    listed = list(turns)
    turn = listed[number - 1]
    # The attrs plugin of mypy does not follow a type variable to its attrs bound.
    listed[number - 1] = attrs.evolve(  # type: ignore[misc]
        turn, comment=turn.comment if comment is None else comment, clock=turn.clock if clock is None else clock
    )
    return tuple(listed)


def _comment(value: object) -> str | None:
    if value is not None and not isinstance(value, str):
        raise ArgumentTypeError(f"a comment is text of at most {MAX_COMMENT} characters, not {brief(value)}")
    if value is not None and len(value) > MAX_COMMENT:
        raise InvalidStateError(f"a comment is text of at most {MAX_COMMENT} characters, not {brief(value)}")
    return value


@attrs.frozen
class RecordedTurn(Immutable):
    """One turn of a game record: who moved, what, the points it scored, and the tiles drawn if known.

    A turn may carry a ``comment`` (an annotation, as in a chess game's
    record) and its :class:`Clock`; the replay ignores both, and JSON keeps them.

    >>> from qwirkle import Pass
    >>> RecordedTurn(0, Pass(), 0)
    RecordedTurn(seat=0, move=Pass(), score=0, drawn=None, comment=None, clock=None)
    """

    seat: int
    """The seat that moved."""
    move: Move | HiddenExchange
    """The move; an exchange of unknown tiles is a :class:`~qwirkle.moves.HiddenExchange`.

    :func:`~qwirkle.apply` takes it as it is, and refuses only an exchange of unknown tiles."""
    score: int
    """The points the move scored, as the record says."""
    drawn: tuple[Tile, ...] | None = None
    """The tiles the player drew, in order, or ``None`` if not recorded."""
    comment: str | None = attrs.field(default=None, converter=_comment)
    """A comment on the turn, or ``None``."""
    clock: Clock | None = attrs.field(
        default=None, validator=attrs.validators.optional(attrs.validators.instance_of(Clock))
    )
    """The turn's clock, or ``None`` if not recorded."""
