"""Rule options: the counts of the game and every choice where the sources differ."""

from __future__ import annotations

import enum
import functools
import warnings
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Final, TypeVar

import attrs

from qwirkle._immutable import Immutable
from qwirkle.errors import InvalidOptionsError, InvalidStateError, brief
from qwirkle.rules.catalogue import Rule
from qwirkle.rules.limits import MAX_SEATS

__all__ = [
    "BlockedEnd",
    "FinalTiebreak",
    "IntRange",
    "RuleSet",
    "StartTiebreak",
    "option_examples",
    "option_range",
    "option_rules",
    "rules_from_catalogue",
    "variants",
]

_RULES: Final = "rules"
"""The key of an option field's metadata that holds the rules the option changes, as the catalogue names them."""

_EXAMPLES: Final = "examples"
"""The key of an option field's metadata that holds values other than the default, worth testing."""

_T = TypeVar("_T")
_R = TypeVar("_R", bound=attrs.AttrsInstance)


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
            raise InvalidStateError(
                f"the tie-break chose seat {brief(seat)}, which is not one of the tied seats {tied}"
            )
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
    """What a tie for the highest total means (Rule END-4); deprecated with :attr:`RuleSet.final_tiebreak`.

    It has one value, and a tie is always a shared win: the option will be
    removed in the next release.
    """

    SHARED = "shared"
    """The tied players share the win; no source names another tie-break."""


@attrs.frozen
class IntRange(Immutable):
    """An attrs validator: the option is an int from ``low`` to ``high`` (or ``None``, if ``optional``).

    Every number among the options has one, so that an option read from outside
    cannot make the game slow: the bounds are generous multiples of the
    standard game, and the JSON loaders check them through it.

    >>> IntRange(1, 6)(None, attrs.fields(RuleSet).copies_per_tile, 7)
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidOptionsError: copies_per_tile must be an int from 1 to 6, not 7
    """

    low: int
    """The smallest value allowed."""
    high: int
    """The largest value allowed."""
    optional: bool = False
    """Whether ``None`` is allowed too."""

    def __call__(self, instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is None and self.optional:
            return
        if type(value) is not int or not self.low <= value <= self.high:
            allowed = f"{'None or ' if self.optional else ''}an int from {self.low} to {self.high}"
            raise InvalidOptionsError(f"{attribute.name} must be {allowed}, not {brief(value)}")


def option_range(rule_set: type[attrs.AttrsInstance], name: str) -> IntRange | None:
    """The range of the number option ``name`` of ``rule_set``, or ``None`` for an option that is not a number.

    >>> option_range(RuleSet, "hand_size")
    IntRange(low=1, high=18, optional=False)
    """
    fields = attrs.fields_dict(rule_set)
    if name not in fields:
        raise InvalidOptionsError(f"{rule_set.__name__} has no option {brief(name)}")
    validator = fields[name].validator
    return validator if isinstance(validator, IntRange) else None


def enum_option(kind: type[enum.Enum]) -> Any:
    """An attrs validator: the value must be a member of ``kind``, else :class:`~qwirkle.InvalidOptionsError`."""

    def check(instance: object, attribute: attrs.Attribute[object], value: object) -> None:
        if not isinstance(value, kind):
            raise InvalidOptionsError(f"{attribute.name} must be a {kind.__name__}, not {brief(value)}")

    return check


def bool_option(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    """An attrs validator: the value must be a bool, else :class:`~qwirkle.InvalidOptionsError`."""
    if not isinstance(value, bool):
        raise InvalidOptionsError(f"{attribute.name} must be True or False, not {brief(value)}")


def option_field(default: _T, validator: Any, *, examples: tuple[_T, ...] = ()) -> _T:
    """An option of a rule set: an attrs field with its default, its check, and test values.

    The rules it changes are those whose records in the catalogue name it
    (:attr:`qwirkle.Rule.options`); :func:`rules_from_catalogue` gives them
    to the field. ``examples`` are values other than the default worth playing
    with; a bool or an enum needs none, since its other values are known (see
    :func:`option_examples`).

    >>> attrs.fields(RuleSet).hand_size.metadata["rules"] == (Rule.SETUP_3,)
    True
    """
    return attrs.field(default=default, validator=validator, metadata={_EXAMPLES: examples})


def rules_from_catalogue(cls: type, fields: list[attrs.Attribute[Any]]) -> list[attrs.Attribute[Any]]:
    """An attrs field transformer for a rule set: each option takes the rules whose records name it.

    An option that no rule of the catalogue names is refused, with
    :class:`TypeError`, when its class is made: every option changes a rule.

    >>> @attrs.frozen(field_transformer=rules_from_catalogue)
    ... class Unnamed:
    ...     colours: int = option_field(6, IntRange(1, 6))
    Traceback (most recent call last):
        ...
    TypeError: the option Unnamed.colours changes no rule: a rule of the catalogue must name it in its options
    """
    named: list[attrs.Attribute[Any]] = []
    for field in fields:
        option = f"{cls.__name__}.{field.name}"
        rules = tuple(rule for rule in Rule if option in rule.options)
        if not rules:
            raise TypeError(f"the option {option} changes no rule: a rule of the catalogue must name it in its options")
        named.append(field.evolve(metadata={**field.metadata, _RULES: rules}))
    return named


def option_examples(rule_set: type[attrs.AttrsInstance], name: str) -> tuple[object, ...]:
    """Values of the option ``name`` other than its default: the field's own examples, or every other value.

    A bool's other value and an enum's other members follow from the type;
    a number's examples are declared on the field (:func:`option_field`).

    >>> option_examples(RuleSet, "allow_voluntary_pass"), option_examples(RuleSet, "copies_per_tile")
    ((True,), (1, 2))
    """
    field = attrs.fields_dict(attrs.resolve_types(rule_set))[name]
    declared: tuple[object, ...] = field.metadata.get(_EXAMPLES, ())
    if declared:
        return declared
    if field.type is bool:
        return (not field.default,)
    if isinstance(field.type, type) and issubclass(field.type, enum.Enum):
        return tuple(member for member in field.type if member is not field.default)
    return ()


def variants(rule_set: type[_R]) -> tuple[_R, ...]:
    """The rule set with one option changed, for every option and each of its :func:`option_examples`.

    Tests play games under each of them, so a new option is exercised as soon
    as it is declared.

    >>> [rules.score_limit for rules in variants(RuleSet) if rules.score_limit is not None]
    [60]
    """
    return tuple(
        rule_set(**{field.name: value})
        for field in attrs.fields(rule_set)
        for value in option_examples(rule_set, field.name)
    )


def option_rules(rule_set: type[attrs.AttrsInstance], name: str) -> tuple[Rule, ...]:
    """The rules that the option ``name`` of ``rule_set`` changes: those whose records name it, in catalogue order.

    ``rule_set`` is :class:`RuleSet` or the card game's ``CardsRuleSet``; an
    unknown option raises :class:`~qwirkle.InvalidOptionsError`.

    >>> option_rules(RuleSet, "qwirkle_bonus") == (Rule.SCORE_4, Rule.SCORE_5)
    True
    """
    fields = attrs.fields_dict(rule_set)
    if name not in fields:
        raise InvalidOptionsError(f"{rule_set.__name__} has no option {brief(name)}")
    rules: tuple[Rule, ...] = fields[name].metadata.get(_RULES, ())
    return rules


@attrs.frozen(kw_only=True, field_transformer=rules_from_catalogue)
class RuleSet(Immutable):
    """Every option of the tile game, with the defaults of the rule catalogue.

    The default value, ``RuleSet()``, is the standard game. Change options
    with :func:`attrs.evolve` or pick a preset with :meth:`preset`.

    >>> RuleSet().hand_size
    6
    >>> RuleSet.preset("youngest_starts").start_tiebreak
    StartTiebreak.YOUNGEST
    """

    min_players: int = option_field(2, IntRange(1, MAX_SEATS), examples=(3,))
    """Fewest players (Rule SETUP-1)."""
    max_players: int = option_field(4, IntRange(1, MAX_SEATS), examples=(3,))
    """Most players (Rule SETUP-1)."""
    hand_size: int = option_field(6, IntRange(1, 18), examples=(5,))
    """Tiles in a full hand (Rule SETUP-3)."""
    copies_per_tile: int = option_field(3, IntRange(1, 6), examples=(1, 2))
    """Copies of each of the 36 tiles (Rule TILES-2).

    At most six (two sets): every exchange mixes the whole bag, so a bag of
    thousands of tiles would make each exchange, and a record of them, slow."""
    qwirkle_bonus: int = option_field(6, IntRange(0, 1000), examples=(0, 12))
    """Bonus for each line completed to six tiles (Rules SCORE-4, SCORE-5)."""
    end_bonus: int = option_field(6, IntRange(0, 1000), examples=(0, 3))
    """Bonus for the player who ends the game by going out (Rule SCORE-8)."""
    lone_tile_points: int = option_field(1, IntRange(0, 1000), examples=(0,))
    """Points for a move that forms no line: a one-tile opening (Rules START-6, SCORE-7)."""
    start_tiebreak: StartTiebreak = option_field(StartTiebreak.OLDEST, enum_option(StartTiebreak))
    """Who starts among players tied for the largest group (Rule START-3)."""
    opening_must_play_max_group: bool = option_field(True, bool_option)
    """Whether the opening must be a largest group of the starter's hand (Rule START-4)."""
    exchange_limited_by_bag: bool = option_field(True, bool_option)
    """Whether an exchange may not be larger than the bag (Rule EXCHANGE-5).

    An empty bag allows no exchange either way. When a larger exchange is
    allowed, the player draws what the bag holds, returns their tiles, then
    draws the rest from the mixed bag."""
    exchange_return_before_draw: bool = option_field(False, bool_option)
    """Whether exchanged tiles go back into the bag before drawing (Rule EXCHANGE-1)."""
    allow_voluntary_pass: bool = option_field(False, bool_option)
    """Whether a player may pass by choice (Rule TURN-3)."""
    blocked_end_detection: BlockedEnd = option_field(BlockedEnd.IMMEDIATE, enum_option(BlockedEnd))
    """How a game where nobody can place is detected (Rule END-3)."""
    stalemate_rounds: int | None = option_field(None, IntRange(1, 1000, optional=True), examples=(2,))
    """End the game after this many full rounds with no placement (Rule END-5, not official)."""
    score_limit: int | None = option_field(None, IntRange(1, 10**6, optional=True), examples=(60,))
    """End the game as soon as a player's total reaches this score (Rule VARIANT-4, a house rule)."""
    final_tiebreak: FinalTiebreak = attrs.field(
        default=FinalTiebreak.SHARED, init=False, repr=False, metadata={_EXAMPLES: ()}
    )
    """Deprecated, to be removed in the next release: a tie for the highest total is always a shared win (Rule END-4).

    It has a single value and changes nothing. Passing it still works but
    warns (:class:`DeprecationWarning`); saved rule sets that hold it still
    load, and new ones leave it out."""

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
        raise InvalidOptionsError(f"unknown preset {brief(name)}; the presets are {', '.join(cls.PRESETS)}")


def _taking_final_tiebreak(init: Callable[..., None]) -> Callable[..., None]:
    """The rule set's ``__init__``, taking the deprecated ``final_tiebreak`` too: checked, warned about, dropped."""

    # The field is not an argument of attrs' own __init__, so that attrs.evolve, which passes every argument,
    # never warns about a value nobody gave.
    @functools.wraps(init)
    def taking(self: RuleSet, **options: Any) -> None:
        if "final_tiebreak" in options:
            value = options.pop("final_tiebreak")
            if not isinstance(value, FinalTiebreak):
                raise InvalidOptionsError(f"final_tiebreak must be a FinalTiebreak, not {brief(value)}")
            warnings.warn(
                "final_tiebreak is deprecated and will be removed in the next release: "
                "a tie for the highest total is always a shared win (Rule END-4)",
                DeprecationWarning,
                stacklevel=2,
            )
        init(self, **options)

    return taking


RuleSet.__init__ = _taking_final_tiebreak(RuleSet.__init__)  # type: ignore[method-assign]
