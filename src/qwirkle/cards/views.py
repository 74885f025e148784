"""What one player of Qwirkle Cards, or a spectator, may know of a game, and the views in JSON.

A view in JSON holds what the view holds and nothing more: two states that
differ only in what the viewer cannot see give the same text.

>>> from qwirkle.cards import new_game
>>> seen = new_game(["Ann", "Bob"], seed=7).view(0)
>>> CardsPlayerView.loads(seen.dumps()) == seen
True
"""

from __future__ import annotations

from typing import Final, TypeVar

import attrs

from qwirkle._immutable import Immutable
from qwirkle._moved import moved_names
from qwirkle.cards import _codec
from qwirkle.cards._codec import JSON, JSONForm
from qwirkle.cards.consistency import check_seen
from qwirkle.cards.endings import CardsOutcome
from qwirkle.cards.ruleset import CardsRuleSet
from qwirkle.cards.scoring import CardsTurn, nothing_laid
from qwirkle.cards.series import Table
from qwirkle.tiles import Tile

__all__ = ["SPECTATOR_FORMAT", "VIEW_FORMAT", "CardsPlayerView", "CardsSpectatorView", "check_view"]

VIEW_FORMAT: Final = "qwirkle-cards-view"
"""The ``format`` field of a player's view in JSON (:meth:`CardsPlayerView.to_json`)."""
SPECTATOR_FORMAT: Final = "qwirkle-cards-spectator-view"
"""The ``format`` field of a spectator's view in JSON (:meth:`CardsSpectatorView.to_json`)."""

# The old name works, with a warning, until the next release.
__getattr__ = moved_names(__name__, {"CardsView": "qwirkle.cards.views.CardsPlayerView"})


@attrs.frozen(kw_only=True)
class _Public(JSONForm, Immutable):
    """What a player's view and a spectator's hold alike, and work out alike from it."""

    WHAT = "the view"

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
    hand: tuple[Tile, ...]
    """The viewer's own cards."""

    def to_json(self) -> dict[str, JSON]:
        """The view as JSON-ready data: the viewer's seat and hand, and what every view holds.

        >>> from qwirkle.cards import new_game
        >>> data = new_game(["Ann", "Bob"], seed=7).view(1).to_json()
        >>> data["format"], data["player"], "deck" in data, "hands" in data
        ('qwirkle-cards-view', 1, False, False)
        """
        return {
            **_codec.encode_header(VIEW_FORMAT),
            "player": self.seat,
            "hand": _codec.encode_cards(self.hand),
            **_codec.encode_public(self),
            **_codec.encode_sizes(self),
        }

    @classmethod
    def from_json(cls, data: object) -> CardsPlayerView:
        """A view from :meth:`to_json` data or its text, checked by :func:`check_view`.

        Malformed data raises :class:`~qwirkle.InvalidRecordError` with its
        JSON path; a view no game could show, the same error naming the rule
        it breaks; anything but JSON, a ``TypeError``.

        >>> CardsPlayerView.from_json('{"format": "qwirkle-cards-spectator-view", "version": 1}')
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $.format: expected 'qwirkle-cards-view'
        """
        top, f = _open(data, VIEW_FORMAT, _codec.OWN)
        public = _codec.decode_public(f)
        seat = f["player"].integer(0, len(public["players"]) - 1)
        seen = cls(**public, **_codec.decode_sizes(f, public), seat=seat, hand=f["hand"].tiles())
        return _codec.refused(top, lambda: check_view(seen))


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

    def to_json(self) -> dict[str, JSON]:
        """The view as JSON-ready data: a player's view without ``player`` and ``hand``.

        >>> from qwirkle.cards import new_game
        >>> data = new_game(["Ann", "Bob"], seed=7).spectator_view().to_json()
        >>> data["format"], data["hand_sizes"], "hand" in data
        ('qwirkle-cards-spectator-view', [9, 9], False)
        """
        return {**_codec.encode_header(SPECTATOR_FORMAT), **_codec.encode_public(self), **_codec.encode_sizes(self)}

    @classmethod
    def from_json(cls, data: object) -> CardsSpectatorView:
        """A spectator's view from :meth:`to_json` data or its text, checked as :meth:`CardsPlayerView.from_json` is.

        >>> from qwirkle.cards import new_game
        >>> seen = new_game(["Ann", "Bob"], seed=7).spectator_view()
        >>> CardsSpectatorView.from_json(seen.to_json()) == seen
        True
        """
        top, f = _open(data, SPECTATOR_FORMAT, ())
        public = _codec.decode_public(f)
        seen = cls(**public, **_codec.decode_sizes(f, public))
        return _codec.refused(top, lambda: check_view(seen))


def _open(data: object, kind: str, own: tuple[str, ...]) -> tuple[_codec.Reader, dict[str, _codec.Reader]]:
    return _codec.open_document(data, kind, "the view", (*own, *_codec.PUBLIC, *_codec.SIZES))


_View = TypeVar("_View", CardsPlayerView, CardsSpectatorView)


def check_view(seen: _View) -> _View:
    """``seen`` in canonical order, if some state of a game could show it; else :class:`~qwirkle.InvalidStateError`.

    The view is checked as the state it could come from, the cards it does
    not show dealt in any order (:func:`~qwirkle.cards.consistency.check_seen`):
    the error names the rule it breaks. The loaders of views call it; a
    value that is no view is a ``TypeError``.

    >>> from qwirkle.cards import new_game
    >>> seen = new_game(["Ann", "Bob"], seed=7).view(0)
    >>> check_view(seen) == seen
    True
    >>> check_view(attrs.evolve(seen, deck_size=89))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    qwirkle.errors.InvalidStateError: the table, ... hold 107 cards; there are 108 (Rule CARDS-1)
    """
    if isinstance(seen, CardsPlayerView):
        fields = check_seen(attrs.asdict(seen, recurse=False), seen.seat, seen.hand)
    elif isinstance(seen, CardsSpectatorView):
        fields = check_seen(attrs.asdict(seen, recurse=False), None, ())
    else:
        raise TypeError(f"check_view checks a CardsPlayerView or a CardsSpectatorView, not {type(seen).__name__}")
    known = {name: fields[name] for name in ("players", "table", "qwirkles", "history")}
    if isinstance(seen, CardsPlayerView):
        known["hand"] = fields["hand"]
    return attrs.evolve(seen, **known)
