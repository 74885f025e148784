"""The state of a game of Qwirkle Cards, and the check of a state that comes from outside.

The engine builds its states with the plain constructor of :class:`CardsState`,
which stores the fields as given; a state that comes from outside goes through
:func:`check_state` once, here.
"""

from __future__ import annotations

from typing import Any, Final, TypeAlias

import attrs

from qwirkle._immutable import Immutable
from qwirkle._moved import moved_names
from qwirkle.cards import _codec
from qwirkle.cards._codec import JSON, JSONForm
from qwirkle.cards.consistency import check_fields, check_players
from qwirkle.cards.endings import CardsEndReason, CardsOutcome
from qwirkle.cards.notation import card_code
from qwirkle.cards.ruleset import CardsRuleSet
from qwirkle.cards.scoring import CardsScore, CardsTurn, nothing_laid
from qwirkle.cards.series import Table
from qwirkle.cards.views import CardsPlayerView, CardsSpectatorView
from qwirkle.errors import InvalidStateError, brief
from qwirkle.tiles import Tile

__all__ = [
    "STATE_FORMAT",
    "CardsEndReason",
    "CardsOutcome",
    "CardsPlayerView",
    "CardsScore",
    "CardsSpectatorView",
    "CardsState",
    "CardsTurn",
    "Position",
    "check_players",
    "check_state",
    "expect_position",
    "expect_state",
]

# The old name works, with a warning, until the next release.
__getattr__ = moved_names(__name__, {"CardsView": "qwirkle.cards.views.CardsPlayerView"})

STATE_FORMAT: Final = "qwirkle-cards-state"
"""The ``format`` field of a state in JSON (:meth:`CardsState.to_json`)."""


@attrs.frozen(kw_only=True)
class CardsState(JSONForm, Immutable):
    """A snapshot of a game of Qwirkle Cards.

    States are immutable; :func:`~qwirkle.cards.apply` returns a new one.
    Build the first state with :func:`~qwirkle.cards.new_game`, and a state
    set up by hand with :func:`~qwirkle.cards.position`, which checks it (see
    :func:`~qwirkle.cards.check_state`). The constructor itself stores the
    fields as given, without checking them.

    >>> from qwirkle.cards import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> len(state.deck), [len(hand) for hand in state.hands], state.table
    (90, [9, 9], ())
    """

    players: tuple[str, ...]
    """Player names, in seat order."""
    table: Table
    """The series on the table, in canonical order."""
    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's cards, sorted."""
    deck: tuple[Tile, ...]
    """The cards left to draw, in draw order (the last is drawn first). Hidden from players."""
    qwirkles: tuple[Table, ...]
    """The Qwirkles each seat has claimed (Rule CARDS-8)."""
    current: int
    """The seat whose turn it is."""
    rules: CardsRuleSet
    history: tuple[CardsTurn, ...]
    """Every move played so far, redraws included."""
    starter: int
    """The seat that opened the game (Rule CARDS-4)."""
    seed: int | None
    """The seed the game was dealt from, if known."""
    rng: int
    """The random state that will shuffle the deck next. Hidden from players."""
    deals: int
    """How many deals it took to find a player who could open (Rule CARDS-4)."""
    redrawn: bool
    """Whether the player to move has already redrawn this turn (Rule CARDS-7)."""
    passes: int
    """Passes in a row since the last lay (Rule CARDS-7)."""
    final_turns: int | None
    """Turns left once the deck is empty, or ``None`` while it has cards (Rule CARDS-10)."""
    outcome: CardsOutcome | None
    """How the game ended, or ``None`` while it goes on."""

    @property
    def hand(self) -> tuple[Tile, ...]:
        """The cards of the player whose turn it is."""
        return self.hands[self.current]

    @property
    def scores(self) -> tuple[int, ...]:
        """Qwirkles claimed, by seat (Rule CARDS-9)."""
        return tuple(len(won) for won in self.qwirkles)

    @property
    def is_opening(self) -> bool:
        """Whether no card has been laid yet in the game (Rule CARDS-5)."""
        return nothing_laid(self.table, self.qwirkles, self.history)

    @property
    def turn_number(self) -> int:
        """How many moves have been played, redraws included."""
        return len(self.history)

    def view(self, seat: int | None = None) -> CardsPlayerView:
        """What the player in ``seat`` (by default the player to move) may know.

        A screen for someone at no seat wants :meth:`spectator_view` instead,
        which holds no hand: ``view()`` holds the hand of the player to move.

        >>> from qwirkle.cards import new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> view = state.view(1)
        >>> view.hand == state.hands[1], view.deck_size, view.hand_sizes
        (True, 90, (9, 9))
        """
        seat = self.current if seat is None else seat
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise InvalidStateError(f"seat {brief(seat)} does not exist")
        return CardsPlayerView(seat=seat, hand=self.hands[seat], **self._public())

    def spectator_view(self) -> CardsSpectatorView:
        """What someone at no seat may know: the table and the public history, no player's cards.

        >>> from qwirkle.cards import new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> seen = state.spectator_view()
        >>> seen.hand_sizes, seen.scores, seen.current == state.current
        ((9, 9), (0, 0), True)
        """
        return CardsSpectatorView(**self._public())

    def _public(self) -> dict[str, Any]:
        """What every view holds, a player's or a spectator's: all but the deck's order and the hands' cards."""
        return {
            "players": self.players,
            "table": self.table,
            "hand_sizes": tuple(len(h) for h in self.hands),
            "deck_size": len(self.deck),
            "qwirkles": self.qwirkles,
            "current": self.current,
            "rules": self.rules,
            "history": self.history,
            "starter": self.starter,
            "redrawn": self.redrawn,
            "passes": self.passes,
            "final_turns": self.final_turns,
            "outcome": self.outcome,
        }

    WHAT = "the state"

    def to_json(self) -> dict[str, JSON]:
        """Everything in the state as JSON-ready data, the deck's order and the random state included.

        For saving a game, never for a player's screen: that is :meth:`view`,
        whose JSON holds only what the player may know.

        >>> from qwirkle.cards import new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> data = state.to_json()
        >>> data["format"], len(data["deck"]), CardsState.from_json(data) == state
        ('qwirkle-cards-state', 90, True)
        """
        return {
            **_codec.encode_header(STATE_FORMAT),
            **_codec.encode_public(self),
            **_codec.encode_private(self),
        }

    @classmethod
    def from_json(cls, data: object) -> CardsState:
        """A state from :meth:`to_json` data or its text, checked by :func:`check_state`.

        Malformed data raises :class:`~qwirkle.InvalidRecordError` with its
        JSON path; a state no game can be in, the same error naming the rule
        it breaks; anything but JSON, a ``TypeError``.

        >>> from qwirkle.cards import new_game
        >>> data = new_game(["Ann", "Bob"], seed=7).to_json()
        >>> CardsState.from_json({**data, "deck": data["deck"][1:]})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
            ...
        qwirkle.errors.InvalidRecordError: $: there are 2 ... cards in the game; there must be 3 (Rule CARDS-1)
        """
        top, f = _codec.open_document(data, STATE_FORMAT, cls.WHAT, (*_codec.PUBLIC, *_codec.PRIVATE))
        public = _codec.decode_public(f)
        state = cls(**public, **_codec.decode_private(f, public))
        return _codec.refused(top, lambda: check_state(state))

    def __str__(self) -> str:
        lines = ["table: " + (" | ".join(" ".join(card_code(c) for c in s) for s in self.table) or "(empty)")]
        for seat, name in enumerate(self.players):
            marker = ">" if seat == self.current and self.outcome is None else " "
            hand = " ".join(card_code(c) for c in self.hands[seat])
            lines.append(f"{marker} {name}: {len(self.qwirkles[seat])} Qwirkles, hand {hand}")
        lines.append(f"  deck: {len(self.deck)} cards")
        return "\n".join(lines)


Position: TypeAlias = CardsState | CardsPlayerView
"""Anything the searches can work on: a state or a player's view of it."""


def expect_state(value: object) -> CardsState:
    """``value`` itself if it is a :class:`CardsState`; otherwise :class:`~qwirkle.InvalidStateError`.

    >>> expect_state("state")
    Traceback (most recent call last):
    ...
    qwirkle.errors.InvalidStateError: expected a CardsState, not 'state'
    """
    if not isinstance(value, CardsState):
        raise InvalidStateError(f"expected a CardsState, not {brief(value)}")
    return value


def expect_position(value: object) -> Position:
    """``value`` itself if it is a state or a view; otherwise :class:`~qwirkle.InvalidStateError`.

    >>> expect_position(None)
    Traceback (most recent call last):
    ...
    qwirkle.errors.InvalidStateError: expected a CardsState or a CardsPlayerView, not None
    """
    if isinstance(value, CardsSpectatorView):
        # The likely mistake is a spectator's screen asking for a move: say so, rather than print the whole view.
        raise InvalidStateError("a spectator's view holds no hand to play from; a position is CardsState.view(seat)")
    if not isinstance(value, (CardsState, CardsPlayerView)):
        raise InvalidStateError(f"expected a CardsState or a CardsPlayerView, not {brief(value)}")
    return value


def check_state(state: CardsState) -> CardsState:
    """``state`` checked against the rules, with its hands and series in canonical order.

    Raises :class:`~qwirkle.InvalidStateError` for a state no game can be in.
    Rule CARDS-1: the cards on the table, in the hands, in the deck and in the
    claimed Qwirkles are the whole deck. Rule CARDS-2: 2 to 4 players, every
    hand full while the deck has cards. Rules CARDS-3, CARDS-6, CARDS-8:
    every series on the table valid with ``cards_min_set`` to 5 cards, and
    every claimed series a Qwirkle. Rules CARDS-7, CARDS-10, CARDS-11: the
    counters of the end agree with the outcome. :func:`position` and every
    loader of states call it.

    >>> import attrs
    >>> from qwirkle.cards import new_game
    >>> state = new_game(["Ann", "Bob"], seed=7)
    >>> check_state(state) == state
    True
    >>> check_state(attrs.evolve(state, deck=state.deck[1:]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    qwirkle.errors.InvalidStateError: there are 2 ... cards in the game; there must be 3 (Rule CARDS-1)
    """
    if not isinstance(state, CardsState):
        raise InvalidStateError(f"expected a CardsState, not {brief(state)}")
    return attrs.evolve(state, **check_fields(attrs.asdict(state, recurse=False)))
