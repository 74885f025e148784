"""The state of a game of Qwirkle Cards, and what one player may see of it."""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from qwirkle.cards.moves import CardsMove, Lay, card_code
from qwirkle.cards.rules import COPIES, MAX_PLAYERS, MIN_PLAYERS, SERIES_MAX, CardsRuleSet
from qwirkle.cards.series import Table, canonical_table, series_fault
from qwirkle.errors import InvalidStateError
from qwirkle.tiles import ALL_TILES, Tile

__all__ = ["CardsEndReason", "CardsOutcome", "CardsScore", "CardsState", "CardsTurn", "CardsView"]


class CardsEndReason(enum.Enum):
    """Why a game of Qwirkle Cards ended.

    >>> CardsEndReason("final_round")
    <CardsEndReason.FINAL_ROUND: 'final_round'>
    """

    FINAL_ROUND = "final_round"
    """The deck ran out and every player had their last turn (Rule CARDS-10)."""
    BLOCKED = "blocked"
    """Every player passed in turn, so nothing could change any more (Rule CARDS-7)."""


@attrs.frozen
class CardsOutcome:
    """How a finished game ended: the reason, the Qwirkles of each seat and the winners.

    Rule CARDS-9: the score is the number of Qwirkles. Rule CARDS-11: the most
    Qwirkles wins and a tie is a shared win, so ``winners`` may hold several
    seats.

    >>> CardsOutcome(CardsEndReason.FINAL_ROUND, (2, 2), (0, 1)).winners
    (0, 1)
    """

    reason: CardsEndReason
    qwirkles: tuple[int, ...]
    """Qwirkles claimed, by seat."""
    winners: tuple[int, ...]
    """The seats with the most Qwirkles."""


@attrs.frozen
class CardsScore:
    """What a move does for its player: the cards it lays and the Qwirkles it claims (Rules CARDS-8, CARDS-9).

    >>> from qwirkle.cards import Lay
    >>> move = Lay("Rd", ["Ro Rs Rd"])
    >>> CardsScore(move.played, move.qwirkles).total
    0
    """

    laid: tuple[Tile, ...] = ()
    """The cards taken from the hand."""
    qwirkles: Table = ()
    """The series of six the move claims."""

    @property
    def total(self) -> int:
        """How many Qwirkles the move claims: what it adds to the player's score."""
        return len(self.qwirkles)


@attrs.frozen
class CardsTurn:
    """One entry of the history: who moved, the move, what it claimed, and how many cards they drew.

    >>> from qwirkle.cards import Pass
    >>> CardsTurn(0, Pass(), CardsScore(), 0).player
    0
    """

    player: int
    move: CardsMove
    score: CardsScore
    drew: int
    """Cards drawn from the deck after the move (which cards is hidden from the others)."""


def _cards(value: Any, what: str) -> tuple[Tile, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidStateError(f"{what} must be a sequence of cards, not {value!r}")
    for card in value:
        if not isinstance(card, Tile):
            raise InvalidStateError(f"{what} holds {card!r}, which is not a card")
    return tuple(value)


def _series_list(value: Any, what: str) -> Table:
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise InvalidStateError(f"{what} must be a sequence of series, not {value!r}")
    return canonical_table(_cards(series, f"a series of {what}") for series in value)


_FIELDS = (
    "players",
    "table",
    "hands",
    "deck",
    "qwirkles",
    "current",
    "rules",
    "history",
    "starter",
    "seed",
    "rng",
    "deals",
    "redrawn",
    "passes",
    "final_turns",
    "outcome",
)


@attrs.frozen(init=False)
class CardsState:
    """A snapshot of a game of Qwirkle Cards.

    States are immutable; :func:`~qwirkle.cards.apply` returns a new one.
    Build the first state with :func:`~qwirkle.cards.new_game`. A state built
    by hand is checked: the cards on the table, in the hands, in the deck and
    in the claimed Qwirkles must be the whole deck (Rule CARDS-1), every series
    on the table valid with ``cards_min_set`` to 5 cards (Rules CARDS-3,
    CARDS-6, CARDS-8), every hand full while the deck has cards (Rule CARDS-2).

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

    def __init__(
        self,
        *,
        players: Sequence[str],
        table: Sequence[Sequence[Tile]],
        hands: Sequence[Sequence[Tile]],
        deck: Sequence[Tile],
        qwirkles: Sequence[Sequence[Sequence[Tile]]] | None = None,
        current: int = 0,
        rules: CardsRuleSet | None = None,
        history: Sequence[CardsTurn] = (),
        starter: int | None = None,
        seed: int | None = None,
        rng: int = 0,
        deals: int = 1,
        redrawn: bool = False,
        passes: int = 0,
        final_turns: int | None = None,
        outcome: CardsOutcome | None = None,
    ) -> None:
        rules = CardsRuleSet() if rules is None else rules
        if not isinstance(rules, CardsRuleSet):
            raise InvalidStateError(f"rules must be a CardsRuleSet, not {rules!r}")
        if isinstance(players, str) or not all(isinstance(p, str) for p in players):
            raise InvalidStateError("players must be a sequence of names")
        names = tuple(players)
        n = len(names)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise InvalidStateError(f"{n} players: Qwirkle Cards takes {MIN_PLAYERS} to {MAX_PLAYERS} (Rule CARDS-2)")
        table_t = _series_list(table, "the table")
        for series in table_t:
            fault = series_fault([c.index for c in series], rules.cards_min_set)
            if fault is not None:
                raise InvalidStateError(f"the table holds an invalid series: {fault[1]} ({fault[0].value})")
            if len(series) == SERIES_MAX:
                raise InvalidStateError("a series of six on the table should have been claimed (Rule CARDS-8)")
        if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != n:
            raise InvalidStateError("there must be one hand per player")
        hand_t = tuple(tuple(sorted(_cards(hand, "a hand"))) for hand in hands)
        deck_t = _cards(deck, "the deck")
        claimed: list[Table] = []
        if qwirkles is None:
            claimed = [()] * n
        else:
            if isinstance(qwirkles, str) or not isinstance(qwirkles, Sequence) or len(qwirkles) != n:
                raise InvalidStateError("qwirkles must hold one sequence of claimed series per player")
            for won in qwirkles:
                series_t = _series_list(won, "claimed Qwirkles")
                for series in series_t:
                    if len(series) != SERIES_MAX or series_fault([c.index for c in series], SERIES_MAX):
                        raise InvalidStateError(f"{series} is not a Qwirkle (Rule CARDS-8)")
                claimed.append(series_t)
        for name, value in (("current", current), ("rng", rng), ("passes", passes)):
            if type(value) is not int or value < 0:
                raise InvalidStateError(f"{name} must be a non-negative int, not {value!r}")
        if type(deals) is not int or deals < 1:
            raise InvalidStateError(f"deals must be a positive int, not {deals!r}")
        if current >= n:
            raise InvalidStateError(f"current seat {current} does not exist")
        starter = current if starter is None else starter
        if type(starter) is not int or not 0 <= starter < n:
            raise InvalidStateError(f"starter seat {starter!r} does not exist")
        if seed is not None and type(seed) is not int:
            raise InvalidStateError(f"seed must be an int or None, not {seed!r}")
        if type(redrawn) is not bool:
            raise InvalidStateError(f"redrawn must be a bool, not {redrawn!r}")
        if final_turns is None and not deck_t and outcome is None:
            final_turns = n
        if final_turns is not None:
            if deck_t:
                raise InvalidStateError("final_turns is only counted once the deck is empty (Rule CARDS-10)")
            if type(final_turns) is not int or not (0 if outcome else 1) <= final_turns <= n:
                raise InvalidStateError(f"final_turns must be an int from 1 to {n}, not {final_turns!r}")
        for seat, hand in enumerate(hand_t):
            if len(hand) > rules.cards_hand_size:
                raise InvalidStateError(f"seat {seat} holds {len(hand)} cards; a hand holds {rules.cards_hand_size}")
            if deck_t and len(hand) != rules.cards_hand_size:
                raise InvalidStateError(f"seat {seat} holds {len(hand)} cards while the deck has cards (Rule CARDS-2)")
        counts: Counter[Tile] = Counter()
        for series in table_t:
            counts.update(series)
        for hand in hand_t:
            counts.update(hand)
        counts.update(deck_t)
        for won in claimed:
            for series in won:
                counts.update(series)
        for card in ALL_TILES:
            if counts[card] != COPIES:
                raise InvalidStateError(
                    f"there are {counts[card]} {card} cards in the game; there must be {COPIES} (Rule CARDS-1)"
                )
        history_t = tuple(history)
        if not all(isinstance(turn, CardsTurn) for turn in history_t):
            raise InvalidStateError("history must be a sequence of CardsTurn values")
        if outcome is not None and not isinstance(outcome, CardsOutcome):
            raise InvalidStateError(f"outcome must be a CardsOutcome or None, not {outcome!r}")
        _set_fields(
            self,
            players=names,
            table=table_t,
            hands=hand_t,
            deck=deck_t,
            qwirkles=tuple(claimed),
            current=current,
            rules=rules,
            history=history_t,
            starter=starter,
            seed=seed,
            rng=rng,
            deals=deals,
            redrawn=redrawn,
            passes=passes,
            final_turns=final_turns,
            outcome=outcome,
        )

    @classmethod
    def _make(cls, **fields: Any) -> CardsState:
        """A state from fields the engine has already checked."""
        state = object.__new__(cls)
        _set_fields(state, **fields)
        return state

    def _evolve(self, **changes: Any) -> CardsState:
        """A copy with some fields changed, unchecked (engine use only)."""
        fields = {name: getattr(self, name) for name in _FIELDS}
        fields.update(changes)
        return CardsState._make(**fields)

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
        return not self.table and not any(self.qwirkles) and not any(isinstance(t.move, Lay) for t in self.history)

    @property
    def turn_number(self) -> int:
        """How many moves have been played, redraws included."""
        return len(self.history)

    def view(self, seat: int | None = None) -> CardsView:
        """What the player in ``seat`` (by default the player to move) may know.

        >>> from qwirkle.cards import new_game
        >>> state = new_game(["Ann", "Bob"], seed=7)
        >>> view = state.view(1)
        >>> view.hand == state.hands[1], view.deck_size, view.hand_sizes
        (True, 90, (9, 9))
        """
        seat = self.current if seat is None else seat
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise InvalidStateError(f"seat {seat!r} does not exist")
        return CardsView(
            seat=seat,
            players=self.players,
            table=self.table,
            hand=self.hands[seat],
            hand_sizes=tuple(len(h) for h in self.hands),
            deck_size=len(self.deck),
            qwirkles=self.qwirkles,
            current=self.current,
            rules=self.rules,
            history=self.history,
            starter=self.starter,
            redrawn=self.redrawn,
            passes=self.passes,
            final_turns=self.final_turns,
            outcome=self.outcome,
        )

    def __str__(self) -> str:
        lines = ["table: " + (" | ".join(" ".join(card_code(c) for c in s) for s in self.table) or "(empty)")]
        for seat, name in enumerate(self.players):
            marker = ">" if seat == self.current and self.outcome is None else " "
            hand = " ".join(card_code(c) for c in self.hands[seat])
            lines.append(f"{marker} {name}: {len(self.qwirkles[seat])} Qwirkles, hand {hand}")
        lines.append(f"  deck: {len(self.deck)} cards")
        return "\n".join(lines)


def _set_fields(state: CardsState, **fields: Any) -> None:
    for name in _FIELDS:
        object.__setattr__(state, name, fields[name])


@attrs.frozen(kw_only=True)
class CardsView:
    """What one player may know of a game: never the deck order or another player's hand.

    A view holds the table, the player's own hand, every player's claimed
    Qwirkles and hand size, the number of cards in the deck, and the public
    history. Bots decide from a view, and the searches accept one.

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

    @property
    def is_opening(self) -> bool:
        """Whether no card has been laid yet in the game (Rule CARDS-5)."""
        return not self.table and not any(self.qwirkles) and not any(isinstance(t.move, Lay) for t in self.history)

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewer is the player to move."""
        return self.outcome is None and self.current == self.seat

    @property
    def scores(self) -> tuple[int, ...]:
        """Qwirkles claimed, by seat (Rule CARDS-9)."""
        return tuple(len(won) for won in self.qwirkles)


Position = CardsState | CardsView
"""Anything the searches can work on: a state or a player's view of it."""

