"""The state of a game of Qwirkle Cards, and the check of a state that comes from outside.

The engine builds its states with the plain constructor of :class:`CardsState`,
which stores the fields as given; a state that comes from outside goes through
:func:`check_state` once, here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias

import attrs

from qwirkle._immutable import Immutable
from qwirkle._moved import moved_names
from qwirkle._rng import MAX_RNG, check_seed
from qwirkle.cards.endings import CardsEndReason, CardsOutcome, end_reason, left_game, outcome_of
from qwirkle.cards.notation import card_code
from qwirkle.cards.ruleset import COPIES, MAX_PLAYERS, MIN_PLAYERS, SERIES_MAX, CardsRuleSet
from qwirkle.cards.scoring import CardsScore, CardsTurn, nothing_laid
from qwirkle.cards.series import Table, canonical_table, series_fault
from qwirkle.cards.views import CardsPlayerView, CardsSpectatorView
from qwirkle.errors import InvalidStateError, brief
from qwirkle.rules.catalogue import Rule
from qwirkle.tiles import ALL_TILES, Tile

__all__ = [
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


@attrs.frozen(kw_only=True)
class CardsState(Immutable):
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


def check_players(players: object) -> tuple[str, ...]:
    """The names of the players, if there are 2 to 4 of them (Rule CARDS-2).

    >>> check_players(["Ann"])
    Traceback (most recent call last):
    ...
    qwirkle.errors.InvalidStateError: 1 players: Qwirkle Cards takes 2 to 4 (Rule CARDS-2)
    """
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise InvalidStateError("players must be a sequence of names")
    if not all(isinstance(name, str) for name in players):
        raise InvalidStateError("players must be a sequence of names")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise InvalidStateError(
            f"{len(players)} players: Qwirkle Cards takes {MIN_PLAYERS} to {MAX_PLAYERS}", Rule.CARDS_2
        )
    return tuple(players)


def check_cards(value: Any, what: str) -> tuple[Tile, ...]:
    """``value`` as a tuple if it is a sequence (not text) of cards; otherwise InvalidStateError."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidStateError(f"{what} must be a sequence of cards, not {brief(value)}")
    for card in value:
        if not isinstance(card, Tile):
            raise InvalidStateError(f"{what} holds {brief(card)}, which is not a card")
    return tuple(value)


def _series_list(value: Any, what: str) -> Table:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidStateError(f"{what} must be a sequence of series, not {brief(value)}")
    return canonical_table(check_cards(series, f"a series of {what}") for series in value)


def _count(value: object, name: str, low: int) -> int:
    if type(value) is not int or value < low:
        raise InvalidStateError(f"{name} must be an int of at least {low}, not {brief(value)}")
    return value


def _check_table(table: Table, rules: CardsRuleSet) -> None:
    """Rules CARDS-3, CARDS-6, CARDS-8: every series on the table is valid, and none is a Qwirkle left behind."""
    for series in table:
        fault = series_fault([c.index for c in series], rules.cards_min_set)
        if fault is not None:
            raise InvalidStateError(f"the table holds an invalid series: {fault[1]} ({fault[0].value})")
        if len(series) == SERIES_MAX:
            raise InvalidStateError("a series of six on the table should have been claimed", Rule.CARDS_8)


def _check_claimed(qwirkles: object, players: int) -> tuple[Table, ...]:
    """Rule CARDS-8: what each seat has claimed are Qwirkles, series of all six cards of a line."""
    if isinstance(qwirkles, str) or not isinstance(qwirkles, Sequence) or len(qwirkles) != players:
        raise InvalidStateError("qwirkles must hold one sequence of claimed series per player")
    claimed = []
    for won in qwirkles:
        series_t = _series_list(won, "claimed Qwirkles")
        for series in series_t:
            if len(series) != SERIES_MAX or series_fault([c.index for c in series], SERIES_MAX):
                raise InvalidStateError(f"{series} is not a Qwirkle", Rule.CARDS_8)
        claimed.append(series_t)
    return tuple(claimed)


def _check_deck_census(
    table: Table, hands: Iterable[Sequence[Tile]], deck: Sequence[Tile], claimed: Iterable[Table]
) -> None:
    """Rule CARDS-1: the table, the hands, the deck and the claimed Qwirkles hold the whole deck."""
    counts: Counter[Tile] = Counter(deck)
    for series in table:
        counts.update(series)
    for hand in hands:
        counts.update(hand)
    for won in claimed:
        for series in won:
            counts.update(series)
    for card in ALL_TILES:
        if counts[card] != COPIES:
            raise InvalidStateError(
                f"there are {counts[card]} {card} cards in the game; there must be {COPIES}", Rule.CARDS_1
            )


def _check_ending(state: CardsState, scores: tuple[int, ...]) -> None:
    """Rules CARDS-7, CARDS-10, CARDS-11: the outcome is the one the counters say, with its winners."""
    n = len(state.players)
    final_turns = state.final_turns
    if final_turns is None and not state.deck:
        raise InvalidStateError("the deck is empty, so final_turns must count the turns left", Rule.CARDS_10)
    if final_turns is not None:
        if state.deck:
            raise InvalidStateError("final_turns is only counted once the deck is empty", Rule.CARDS_10)
        if type(final_turns) is not int or not 0 <= final_turns <= n:
            raise InvalidStateError(f"final_turns must be an int from 0 to {n}, not {brief(final_turns)}")
    if state.outcome is not None and not isinstance(state.outcome, CardsOutcome):
        raise InvalidStateError(f"outcome must be a CardsOutcome or None, not {brief(state.outcome)}")
    if state.outcome is not None and isinstance(state.outcome.reason, CardsEndReason) and state.outcome.reason.leaves:
        # A player left: the game may have ended at any point, and only the winners follow from the rest.
        seat = state.outcome.ended_by
        if seat is None:
            raise InvalidStateError("a player left the game, so its outcome names their seat", Rule.CARDS_11)
        left = left_game(state.outcome.reason, seat, scores)
        if state.outcome != left:
            raise InvalidStateError(f"a player left the game, so its outcome must be {left}", Rule.CARDS_11)
        return
    reason = end_reason(final_turns, state.passes, n)
    if reason is None and state.outcome is not None:
        raise InvalidStateError("the game has an outcome, but it is not over (Rules CARDS-7, CARDS-10)")
    if reason is not None and state.outcome != outcome_of(reason, scores):
        raise InvalidStateError(
            f"the game is over ({reason.words}), so its outcome must be {outcome_of(reason, scores)}"
        )


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
    rules = state.rules
    if not isinstance(rules, CardsRuleSet):
        raise InvalidStateError(f"rules must be a CardsRuleSet, not {brief(rules)}")
    names = check_players(state.players)
    n = len(names)
    table = _series_list(state.table, "the table")
    _check_table(table, rules)
    if isinstance(state.hands, str) or not isinstance(state.hands, Sequence) or len(state.hands) != n:
        raise InvalidStateError("there must be one hand per player")
    hands = tuple(tuple(sorted(check_cards(hand, "a hand"))) for hand in state.hands)
    deck = check_cards(state.deck, "the deck")
    claimed = _check_claimed(state.qwirkles, n)
    current = _count(state.current, "current", 0)
    if current >= n:
        raise InvalidStateError(f"current seat {brief(current)} does not exist")
    if type(state.starter) is not int or not 0 <= state.starter < n:
        raise InvalidStateError(f"starter seat {brief(state.starter)} does not exist")
    if type(state.rng) is not int or not 0 <= state.rng <= MAX_RNG:
        raise InvalidStateError(f"rng must be an int from 0 to 2**64 - 1, not {brief(state.rng)}")
    _count(state.passes, "passes", 0)
    _count(state.deals, "deals", 1)
    if state.seed is not None:
        check_seed(state.seed)
    if type(state.redrawn) is not bool:
        raise InvalidStateError(f"redrawn must be a bool, not {brief(state.redrawn)}")
    for seat, hand in enumerate(hands):
        if len(hand) > rules.cards_hand_size:
            raise InvalidStateError(f"seat {seat} holds {len(hand)} cards; a hand holds {rules.cards_hand_size}")
        if deck and len(hand) != rules.cards_hand_size:
            raise InvalidStateError(f"seat {seat} holds {len(hand)} cards while the deck has cards", Rule.CARDS_2)
    _check_deck_census(table, hands, deck, claimed)
    if isinstance(state.history, (str, bytes)) or not isinstance(state.history, Sequence):
        raise InvalidStateError("history must be a sequence of CardsTurn values")
    history = tuple(state.history)
    if not all(isinstance(turn, CardsTurn) for turn in history):
        raise InvalidStateError("history must be a sequence of CardsTurn values")
    checked = attrs.evolve(state, players=names, table=table, hands=hands, deck=deck, qwirkles=claimed, history=history)
    _check_ending(checked, checked.scores)
    return checked
