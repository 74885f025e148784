"""Rule options: the counts of the game and every choice where the sources differ."""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import attrs

from qwirkle.errors import InvalidOptionsError, InvalidStateError

__all__ = ["BlockedEnd", "FinalTiebreak", "RuleSet", "StartTiebreak"]


class _Option(enum.Enum):
    """An option value whose repr can be pasted back as code."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class StartTiebreak(_Option):
    """Who starts when players tie for the largest group (Rule START-3)."""

    OLDEST = "oldest"
    """The oldest tied player (the French booklet, MindWare)."""
    YOUNGEST = "youngest"
    """The youngest tied player (German summaries)."""
    SEAT_ORDER = "seat_order"
    """The tied player who sits first in seat order."""


def starting_seat(
    sizes: Sequence[int],
    rule: StartTiebreak,
    ages: Sequence[float] | None,
    tiebreak: Callable[[tuple[int, ...]], int] | None,
) -> int:
    """The seat with the largest of ``sizes``; a tie goes to ``tiebreak``'s choice, else is settled by ``rule``.

    ``rule`` picks the oldest or the youngest of the tied seats by ``ages``;
    equal ages, no ages, or :attr:`StartTiebreak.SEAT_ORDER` pick the first
    tied seat. Both games start this way (Rules START-2, START-3, CARDS-4).
    """
    best = max(sizes)
    tied = tuple(seat for seat, size in enumerate(sizes) if size == best)
    if len(tied) == 1:
        return tied[0]
    if tiebreak is not None:
        seat = tiebreak(tied)
        if seat not in tied:
            raise InvalidStateError(f"the tie-break chose seat {seat!r}, which is not one of the tied seats {tied}")
        return seat
    if ages is None or rule is StartTiebreak.SEAT_ORDER:
        return tied[0]
    if rule is StartTiebreak.OLDEST:
        return max(tied, key=lambda seat: (ages[seat], -seat))
    return min(tied, key=lambda seat: (ages[seat], seat))


class BlockedEnd(_Option):
    """How a blocked game is detected (Rule END-3)."""

    IMMEDIATE = "immediate"
    """End as soon as the bag is empty and nobody can place."""
    ROUND_OF_PASSES = "round_of_passes"
    """End once every player has passed in a row and still nobody can place."""


class FinalTiebreak(_Option):
    """What a tie for the highest total means (Rule END-4)."""

    SHARED = "shared"
    """The tied players share the win; no source names another tie-break."""


def _at_least(low: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or value < low:
            raise InvalidOptionsError(f"{attribute.name} must be an int of at least {low}, not {value!r}")

    return check


def enum_option(kind: type[enum.Enum]) -> Any:
    """An attrs validator: the value must be a member of ``kind``, else :class:`~qwirkle.InvalidOptionsError`."""

    def check(instance: object, attribute: attrs.Attribute[object], value: object) -> None:
        if not isinstance(value, kind):
            raise InvalidOptionsError(f"{attribute.name} must be a {kind.__name__}, not {value!r}")

    return check


def bool_option(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    """An attrs validator: the value must be a bool, else :class:`~qwirkle.InvalidOptionsError`."""
    if not isinstance(value, bool):
        raise InvalidOptionsError(f"{attribute.name} must be True or False, not {value!r}")


def _optional_positive(instance: object, attribute: attrs.Attribute[int | None], value: int | None) -> None:
    if value is not None and (type(value) is not int or value < 1):
        raise InvalidOptionsError(f"{attribute.name} must be None or an int of at least 1, not {value!r}")


@attrs.frozen(kw_only=True)
class RuleSet:
    """Every option of the tile game, with the defaults of the rule catalogue.

    The default value, ``RuleSet()``, is the standard game. Change options
    with :func:`attrs.evolve` or pick a preset with :meth:`preset`.

    >>> RuleSet().hand_size
    6
    >>> RuleSet.preset("youngest_starts").start_tiebreak
    StartTiebreak.YOUNGEST
    """

    min_players: int = attrs.field(default=2, validator=_at_least(1))
    """Fewest players (Rule SETUP-1)."""
    max_players: int = attrs.field(default=4, validator=_at_least(1))
    """Most players (Rule SETUP-1)."""
    hand_size: int = attrs.field(default=6, validator=_at_least(1))
    """Tiles in a full hand (Rule SETUP-3)."""
    copies_per_tile: int = attrs.field(default=3, validator=_at_least(1))
    """Copies of each of the 36 tiles (Rule TILES-2)."""
    qwirkle_bonus: int = attrs.field(default=6, validator=_at_least(0))
    """Bonus for each line completed to six tiles (Rules SCORE-4, SCORE-5)."""
    end_bonus: int = attrs.field(default=6, validator=_at_least(0))
    """Bonus for the player who ends the game by going out (Rule SCORE-8)."""
    lone_tile_points: int = attrs.field(default=1, validator=_at_least(0))
    """Points for a move that forms no line: a one-tile opening (Rules START-6, SCORE-7)."""
    start_tiebreak: StartTiebreak = attrs.field(default=StartTiebreak.OLDEST, validator=enum_option(StartTiebreak))
    """Who starts among players tied for the largest group (Rule START-3)."""
    opening_must_play_max_group: bool = attrs.field(default=True, validator=bool_option)
    """Whether the opening must be a largest group of the starter's hand (Rule START-4)."""
    exchange_limited_by_bag: bool = attrs.field(default=True, validator=bool_option)
    """Whether an exchange may not be larger than the bag (Rule EXCHANGE-5).

    An empty bag allows no exchange either way. When a larger exchange is
    allowed, the player draws what the bag holds, returns their tiles, then
    draws the rest from the mixed bag."""
    exchange_return_before_draw: bool = attrs.field(default=False, validator=bool_option)
    """Whether exchanged tiles go back into the bag before drawing (Rule EXCHANGE-1)."""
    allow_voluntary_pass: bool = attrs.field(default=False, validator=bool_option)
    """Whether a player may pass by choice (Rule TURN-3)."""
    blocked_end_detection: BlockedEnd = attrs.field(default=BlockedEnd.IMMEDIATE, validator=enum_option(BlockedEnd))
    """How a game where nobody can place is detected (Rule END-3)."""
    stalemate_rounds: int | None = attrs.field(default=None, validator=_optional_positive)
    """End the game after this many full rounds with no placement (Rule END-5, not official)."""
    final_tiebreak: FinalTiebreak = attrs.field(default=FinalTiebreak.SHARED, validator=enum_option(FinalTiebreak))
    """What a tie for the highest total means (Rule END-4)."""

    PRESETS: ClassVar[tuple[str, ...]] = ("standard", "youngest_starts", "return_before_draw")

    def __attrs_post_init__(self) -> None:
        if self.min_players > self.max_players:
            raise InvalidOptionsError(
                f"min_players ({self.min_players}) is larger than max_players ({self.max_players})"
            )
        if self.max_players * self.hand_size > 36 * self.copies_per_tile:
            raise InvalidOptionsError("there are not enough tiles to deal every hand")

    @property
    def tile_count(self) -> int:
        """How many tiles the game has in all (Rule TILES-2)."""
        return 36 * self.copies_per_tile

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """A named set of options where the sources differ.

        - ``"standard"``: the defaults (the French booklet and MindWare).
        - ``"youngest_starts"``: the youngest tied player starts, as German
          summaries of the Schmidt rules say (Rule START-3).
        - ``"return_before_draw"``: exchanged tiles go back before drawing and
          ties for the start are settled by seat order, as the rules summary
          ``002`` reads (Rules EXCHANGE-1, START-3).

        >>> RuleSet.preset("standard") == RuleSet()
        True
        """
        if name == "standard":
            return cls()
        if name == "youngest_starts":
            return cls(start_tiebreak=StartTiebreak.YOUNGEST)
        if name == "return_before_draw":
            return cls(exchange_return_before_draw=True, start_tiebreak=StartTiebreak.SEAT_ORDER)
        raise InvalidOptionsError(f"unknown preset {name!r}; the presets are {', '.join(cls.PRESETS)}")
