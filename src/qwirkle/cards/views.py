"""What one player of Qwirkle Cards, or a spectator, may know of a game."""

from __future__ import annotations

import attrs

from qwirkle._immutable import Immutable
from qwirkle._moved import moved_names
from qwirkle.cards.endings import CardsOutcome
from qwirkle.cards.ruleset import CardsRuleSet
from qwirkle.cards.scoring import CardsTurn, nothing_laid
from qwirkle.cards.series import Table
from qwirkle.tiles import Tile

__all__ = ["CardsPlayerView", "CardsSpectatorView"]

# The old name works, with a warning, until the next release.
__getattr__ = moved_names(__name__, {"CardsView": "qwirkle.cards.views.CardsPlayerView"})


class _Public(Immutable):
    """What a player's view and a spectator's work out alike from the public fields."""

    __slots__ = ()
    table: Table
    qwirkles: tuple[Table, ...]
    history: tuple[CardsTurn, ...]

    @property
    def is_opening(self) -> bool:
        """Whether no card has been laid yet in the game (Rule CARDS-5)."""
        return nothing_laid(self.table, self.qwirkles, self.history)

    @property
    def scores(self) -> tuple[int, ...]:
        """Qwirkles claimed, by seat (Rule CARDS-9)."""
        return tuple(len(won) for won in self.qwirkles)

    @property
    def turn_number(self) -> int:
        """How many moves have been played, redraws included."""
        return len(self.history)


@attrs.frozen(kw_only=True)
class CardsPlayerView(_Public):
    """What one player may know of a game: never the deck order or another player's hand.

    A view holds the table, the player's own hand, every player's claimed
    Qwirkles and hand size, the number of cards in the deck, and the public
    history. Bots decide from a view, and the searches accept one. Get one
    with :meth:`CardsState.view <qwirkle.cards.CardsState.view>`.

    >>> from qwirkle.cards import new_game
    >>> view = new_game(["Ann", "Bob"], seed=7).view()
    >>> hasattr(view, "deck"), hasattr(view, "hands")
    (False, False)
    """

    seat: int
    """The seat of the player who sees this."""
    players: tuple[str, ...]
    table: Table
    hand: tuple[Tile, ...]
    """The viewer's own cards."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    deck_size: int
    qwirkles: tuple[Table, ...]
    current: int
    rules: CardsRuleSet
    history: tuple[CardsTurn, ...]
    starter: int
    redrawn: bool
    passes: int
    final_turns: int | None
    outcome: CardsOutcome | None


@attrs.frozen(kw_only=True)
class CardsSpectatorView(_Public):
    """What someone at no seat may know of a game: a player's view without a seat or a hand.

    Like :class:`CardsPlayerView`, it never holds the deck order or a player's
    cards; and having no hand it is no position: bots and searches need a
    hand to decide from, and refuse one. Get one with :meth:`CardsState.spectator_view
    <qwirkle.cards.CardsState.spectator_view>`.

    >>> from qwirkle.cards import new_game
    >>> seen = new_game(["Ann", "Bob"], seed=7).spectator_view()
    >>> seen.hand_sizes, seen.deck_size, hasattr(seen, "hand")
    ((9, 9), 90, False)
    """

    players: tuple[str, ...]
    table: Table
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    deck_size: int
    qwirkles: tuple[Table, ...]
    current: int
    rules: CardsRuleSet
    history: tuple[CardsTurn, ...]
    starter: int
    redrawn: bool
    passes: int
    final_turns: int | None
    outcome: CardsOutcome | None
