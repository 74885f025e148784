"""Options of Qwirkle Cards: the counts of the game and every choice where the sources differ."""

from __future__ import annotations

import enum
from typing import ClassVar, Final

import attrs

from qwirkle._immutable import Immutable
from qwirkle.errors import InvalidOptionsError, brief
from qwirkle.rules.ruleset import IntRange, StartTiebreak, bool_option, enum_option, option_field, rules_from_catalogue

__all__ = ["DECK_SIZE", "MAX_PLAYERS", "MIN_PLAYERS", "SERIES_MAX", "BlockedAction", "CardsRuleSet", "StartTiebreak"]

DECK_SIZE: Final = 108
"""Cards in the deck: 3 of each of the 36 colour and shape pairs (Rule CARDS-1)."""
COPIES: Final = 3
"""Copies of each card (Rule CARDS-1)."""
MIN_PLAYERS: Final = 2
"""Fewest players (Rule CARDS-2)."""
MAX_PLAYERS: Final = 4
"""Most players (Rule CARDS-2)."""
SERIES_MAX: Final = 6
"""Longest series: six cards, a Qwirkle (Rules CARDS-3, CARDS-8)."""
MAX_DEALS: Final = 10_000
"""Most deals :func:`~qwirkle.cards.new_game` tries to find a player who can open, before it gives up."""


class BlockedAction(enum.Enum):
    """What a player who cannot lay a card does (Rule CARDS-7).

    >>> BlockedAction("redraw_hand")
    <BlockedAction.REDRAW_HAND: 'redraw_hand'>
    """

    PASS = "pass"
    """The player passes (seed 004, the French colour-blind edition)."""
    REDRAW_HAND = "redraw_hand"
    """The player shuffles their hand into the deck, draws a new one and plays (BGG, ludovox)."""


@attrs.frozen(kw_only=True, field_transformer=rules_from_catalogue)
class CardsRuleSet(Immutable):
    """Every option of Qwirkle Cards, with the defaults of the rule catalogue.

    The default value, ``CardsRuleSet()``, is the game as seed 004 describes
    it. Change options with :func:`attrs.evolve` or pick a preset with
    :meth:`preset`.

    >>> CardsRuleSet().cards_hand_size
    9
    >>> CardsRuleSet.preset("redraw_hand").cards_blocked_action
    <BlockedAction.REDRAW_HAND: 'redraw_hand'>
    """

    cards_hand_size: int = option_field(9, IntRange(1, (DECK_SIZE - 1) // MAX_PLAYERS), examples=(6,))
    """Cards in a full hand (Rule CARDS-2)."""
    cards_start_tiebreak: StartTiebreak = option_field(StartTiebreak.OLDEST, enum_option(StartTiebreak))
    """Who starts among players tied for the largest series (Rule CARDS-4)."""
    cards_redeal_if_no_opening: bool = option_field(True, bool_option)
    """Whether the cards are dealt again when nobody holds a series to open with (Rule CARDS-4)."""
    cards_opening_must_play_max: bool = option_field(False, bool_option)
    """Whether the opening must be exactly one largest series of the starter's hand (Rule CARDS-5)."""
    cards_blocked_action: BlockedAction = option_field(BlockedAction.PASS, enum_option(BlockedAction))
    """What a player who cannot lay a card does (Rule CARDS-7)."""
    cards_min_set: int = option_field(3, IntRange(1, SERIES_MAX), examples=(2, 4))
    """Fewest cards in a series at the end of a turn (Rules CARDS-3, CARDS-6)."""

    PRESETS: ClassVar[tuple[str, ...]] = ("standard", "redraw_hand", "largest_opening")

    def __attrs_post_init__(self) -> None:
        if self.cards_hand_size < self.cards_min_set:
            raise InvalidOptionsError(
                f"a hand of {self.cards_hand_size} cards can never open a series of {self.cards_min_set}"
            )

    @classmethod
    def preset(cls, name: str) -> CardsRuleSet:
        """A named set of options where the sources differ.

        - ``"standard"``: the defaults, as seed 004 (the French colour-blind
          edition) reads: a blocked player passes, the oldest tied player
          starts, the opening is any valid series (Rules CARDS-4, CARDS-5,
          CARDS-7).
        - ``"redraw_hand"``: a blocked player shuffles their hand into the
          deck and draws a new one, as the BGG description and ludovox
          (Schmidt) say (Rule CARDS-7).
        - ``"largest_opening"``: the starter must open with their largest
          series, the reading of BGG and ludovox, together with the redraw
          (Rules CARDS-5, CARDS-7).

        >>> CardsRuleSet.preset("standard") == CardsRuleSet()
        True
        """
        if name == "standard":
            return cls()
        if name == "redraw_hand":
            return cls(cards_blocked_action=BlockedAction.REDRAW_HAND)
        if name == "largest_opening":
            return cls(cards_blocked_action=BlockedAction.REDRAW_HAND, cards_opening_must_play_max=True)
        raise InvalidOptionsError(f"unknown preset {brief(name)}; the presets are {', '.join(cls.PRESETS)}")
